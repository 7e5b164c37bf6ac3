//! A property given twice in one node: lists merged, texts joined, else the second dropped.

use crate::diagnostics::Code;
use crate::sgf::property::{PropId, Property};
use crate::sgf::props::{Arity, IdSet, Type};
use crate::sgf::tree::Props;

pub(super) fn merge_duplicates(list: &mut Props, warn: &mut dyn FnMut(usize, Code, String)) {
    match &list[..] {
        [] | [_] => return,
        // A move with its clock time or comment: one comparison.
        [a, b] if a.id != b.id => return,
        _ => {}
    }
    // Table identifiers repeat when a bit is met twice; others are compared as text, and
    // files rarely have more than one or two of them in a node.
    let mut held: IdSet = 0;
    let mut others = 0;
    let mut repeated = false;
    for p in list.iter() {
        match p.id.bit() {
            0 => others += 1,
            bit => {
                repeated |= held & bit != 0;
                held |= bit;
            }
        }
    }
    // A root often holds a few identifiers outside the table (AP, MULTIGOGM...): sorting a
    // handful of names costs less than hashing them, and stays n log n for a flood of them.
    let has_dup = repeated
        || (others > 1 && {
            let mut names: Vec<&str> = list
                .iter()
                .filter(|p| p.id.bit() == 0)
                .map(|p| p.id.as_str())
                .collect();
            names.sort_unstable();
            names.windows(2).any(|w| w[0] == w[1])
        });
    if !has_dup {
        return;
    }
    // One pass with an index, so a node with thousands of repeats stays linear.
    let mut first: std::collections::HashMap<PropId, usize> = std::collections::HashMap::new();
    let mut out: Vec<Property> = Vec::with_capacity(list.len());
    for dup in list.drain(..) {
        let Some(&j) = first.get(&dup.id) else {
            first.insert(dup.id.clone(), out.len());
            out.push(dup);
            continue;
        };
        let info = dup.id.info();
        let pos = dup.pos as usize;
        let how = if info.ty == Type::Text {
            let target = &mut out[j].values;
            if target.is_empty() {
                target.push(String::new());
            }
            target[0].push_str("\n\n");
            target[0].push_str(dup.value().unwrap_or(""));
            "texts merged"
        } else if info.arity != Arity::Single {
            out[j].values.extend(dup.values);
            "values merged"
        } else {
            "second one deleted"
        };
        warn(
            pos,
            Code::SgfDuplicateProperty,
            format!("property {} appears twice in the node ({how})", dup.id),
        );
    }
    *list = out.into();
}
