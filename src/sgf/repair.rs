//! Brings a parsed tree to FF[4] and mends faulty values, as the SGF Syntax Checker does.
//!
//! Every change is reported through the `warn` callback with the byte offset of the property.

use super::gameinfo;
use super::property::{PropId, Property, RawValue};
use super::props::{self, Arity, IdSet, Kind, Type};
use super::tree::{GameTree, NodeId, Props, ROOT};
use super::value;
use smallvec::smallvec;

/// A game-info corrector: `Ok(None)` when right, `Ok(Some(new))` when corrected, `Err(())` when hopeless.
type Fixer = fn(&str) -> Result<Option<String>, ()>;

/// What the whole game's root says about how to read the other nodes.
struct Ctx {
    ff: i64,
    go: bool,
    cols: u8,
    rows: u8,
}

/// The largest board FF[4] can address (letters a-z, A-Z).
const MAX_BOARD: u8 = 52;

/// Repairs a game tree in place; `warn(byte_offset, message)` hears of every change.
pub(crate) fn repair(game: &mut GameTree, warn: &mut dyn FnMut(usize, String)) {
    let ctx = root(game, warn);
    // Arena order is enough: each node is repaired on its own; nodes added by splits are already clean.
    for id in 0..game.len() {
        // A move on the board alone in its node, most of any game, needs nothing.
        if !matches!(&game.nodes()[id].props[..], [p] if move_on_board(p, &ctx)) {
            fix_node(game, id, &ctx, warn);
        }
    }
}

/// Whether a property is a `B` or `W` with one value, a point on the board (of a Go game):
/// nothing to repair, and most of any game.
fn move_on_board(p: &Property, ctx: &Ctx) -> bool {
    ctx.go && p.id.bit() & MOVES != 0 && matches!(&p.values[..], [v] if valid_point(v, ctx))
}

fn root(game: &mut GameTree, warn: &mut dyn FnMut(usize, String)) -> Ctx {
    let root = game.root_mut();
    // The checks below look at one SZ, FF, GM...: repeats must be merged before, or a second
    // copy would survive them unchecked.
    merge_duplicates(&mut root.props, warn);
    let mut ff = 1;
    if let Some(p) = root.get("FF") {
        match p.value().and_then(value::parse_number) {
            Some(n @ 1..=4) => ff = n,
            Some(n) => warn(
                p.pos as usize,
                format!("unknown file format FF[{n}] (read as FF[4])"),
            ),
            None => warn(
                p.pos as usize,
                format!("illegal FF value [{}] (ignored)", p.value().unwrap_or("")),
            ),
        }
    }
    let mut go = true;
    if let Some(p) = root.get("GM") {
        let pos = p.pos as usize;
        match p.value().and_then(value::parse_number) {
            Some(1) => {}
            Some(_) => {
                go = false;
                warn(
                    pos,
                    "the game is not Go (GM is not 1): moves and points are not checked".into(),
                );
            }
            None => {
                warn(
                    pos,
                    format!(
                        "illegal GM value [{}] (GM[1] assumed)",
                        p.value().unwrap_or("")
                    ),
                );
                root.set("GM", vec!["1".into()]);
            }
        }
    }
    let (mut cols, mut rows) = (19, 19);
    if let Some(p) = root.get("SZ") {
        let pos = p.pos as usize;
        let raw = p.value().unwrap_or("").trim().to_string();
        let parsed = raw
            .split_once(':')
            .map(|(a, b)| (value::parse_number(a), value::parse_number(b)))
            .unwrap_or((value::parse_number(&raw), value::parse_number(&raw)));
        match parsed {
            (Some(c), Some(r)) if c > 0 && r > 0 => {
                let (c2, r2) = (c.min(MAX_BOARD as i64) as u8, r.min(MAX_BOARD as i64) as u8);
                let new = if c2 == r2 {
                    c2.to_string()
                } else {
                    format!("{c2}:{r2}")
                };
                if c > MAX_BOARD as i64 || r > MAX_BOARD as i64 {
                    warn(pos, format!("board size too big (corrected to {new})"));
                } else if new != raw {
                    warn(pos, format!("board size [{raw}] corrected to [{new}]"));
                }
                if !matches!(&root.get("SZ").map(|p| &p.values[..]), Some([v]) if *v == new) {
                    root.set("SZ", vec![new]);
                }
                (cols, rows) = (c2, r2);
            }
            _ => {
                warn(
                    pos,
                    format!("illegal board size [{raw}] (deleted, 19x19 assumed)"),
                );
                root.remove("SZ");
            }
        }
    }
    // The tree is now FF[4] text in UTF-8; say so where every reader looks first.
    root.props.retain(|p| p.id.bit() & (FF | CA) == 0);
    root.props
        .insert_many(0, [fixed("FF", "4"), fixed("CA", "UTF-8")]);
    Ctx { ff, go, cols, rows }
}

/// Identifiers looked for one by one, as one-element sets: the two the root always gets, and
/// the game-info ones with a corrector of their own.
const FF: IdSet = props::set(&["FF"]);
const CA: IdSet = props::set(&["CA"]);
const RE: IdSet = props::set(&["RE"]);
const DT: IdSet = props::set(&["DT"]);
const KM: IdSet = props::set(&["KM"]);
const TM: IdSet = props::set(&["TM"]);
/// Moves.
const MOVES: IdSet = props::set(&["B", "W"]);
/// Setup properties, which FF[4] keeps out of move nodes.
const SETUP: IdSet = props::set(&["AB", "AW", "AE", "PL"]);
/// Identifiers that [`convert_old`] rewrites (TE and BM only together).
const OLD: IdSet = props::set(&["L", "M", "KI", "VW"]);
/// Old files' way of writing a doubtful move: converted when both are present.
const TE_BM: IdSet = props::set(&["TE", "BM"]);
/// Move annotations, which need a move in the node.
const MOVE_NOTES: IdSet = props::set(&["BM", "TE", "DO", "IT"]);
/// Position annotations, of which a node may have one.
const POSITION_NOTES: IdSet = props::set(&["GB", "GW", "DM", "UC"]);

/// A property the repairs add, with one value known in advance.
fn fixed(id: &str, value: &str) -> Property {
    Property {
        id: PropId::new(id),
        values: smallvec![value.to_string()],
        pos: 0,
    }
}

fn fix_node(game: &mut GameTree, id: NodeId, ctx: &Ctx, warn: &mut dyn FnMut(usize, String)) {
    let list = &mut game.node_mut(id).props;
    // What the node holds decides which checks can apply: most nodes (a lone move) need none.
    // Repeats first, so that every old property is converted in one go (`L[a]L[b]`); the
    // root's were merged before it was read.
    if id != ROOT {
        merge_duplicates(list, warn);
    }
    let held = list.iter().fold(0, |set, p| set | p.id.bit());
    if held & OLD != 0 || held & TE_BM == TE_BM {
        convert_old(list, ctx, warn);
    }
    let held = fix_all_values(list, id == ROOT, ctx, warn);
    if (held & MOVE_NOTES != 0 && held & MOVES == 0) || more_than_one(held & POSITION_NOTES) {
        check_annotations(list, warn);
    }
    if held & MOVES == MOVES || (held & MOVES != 0 && held & SETUP != 0) {
        split(game, id, warn);
    }
}

/// Whether a value is empty or only whitespace.
fn blank(v: &str) -> bool {
    v.trim().is_empty()
}

/// Whether a set has two or more members.
fn more_than_one(set: IdSet) -> bool {
    set.count_ones() > 1
}

/// Runs [`fix_values`] over a list, dropping what it rejects; returns the identifiers left.
fn fix_all_values(
    list: &mut Props,
    is_root: bool,
    ctx: &Ctx,
    warn: &mut dyn FnMut(usize, String),
) -> IdSet {
    let mut held = 0;
    let keep = |p: &mut Property| {
        // A move on the board needs no check.
        let kept = move_on_board(p, ctx) || fix_values(p, is_root, ctx, warn);
        if kept {
            held |= p.id.bit();
        }
        kept
    };
    list.retain_mut(keep);
    held
}

/// FF[1]-FF[3] properties and combinations that FF[4] spells differently.
/// Called only for nodes holding one of [`OLD`] or both of [`TE_BM`].
fn convert_old(list: &mut Props, ctx: &Ctx, warn: &mut dyn FnMut(usize, String)) {
    convert_l(list, warn);
    convert_m(list, warn);
    convert_ki(list, warn);
    convert_te_bm(list, warn);
    if ctx.ff < 4 {
        convert_vw(list, warn);
    }
}

/// Old `L` labels become `LB` with the letters A, B, C... in the order of the points.
fn convert_l(list: &mut Props, warn: &mut dyn FnMut(usize, String)) {
    let Some(i) = list.iter().position(|p| p.id == "L") else {
        return;
    };
    let l = list.remove(i);
    warn(
        l.pos as usize,
        "property L is not part of FF[4] (converted to LB)".into(),
    );
    let labels: Vec<String> = l
        .values
        .iter()
        .flat_map(|v| value::expand_rect(v).unwrap_or_else(|| vec![v.to_string()]))
        .enumerate()
        .map(|(n, v)| format!("{v}:{}", label_letter(n)))
        .collect();
    match list.iter_mut().find(|p| p.id == "LB") {
        Some(lb) => lb.values.extend(labels),
        None => list.insert(
            i,
            Property {
                id: super::PropId::new("LB"),
                values: labels.into(),
                pos: l.pos,
            },
        ),
    }
}

/// Old `M` marks become `TR` on the node's stones and `MA` elsewhere, as the SGF Syntax
/// Checker converts them.
fn convert_m(list: &mut Props, warn: &mut dyn FnMut(usize, String)) {
    let Some(i) = list.iter().position(|p| p.id == "M") else {
        return;
    };
    let m = list.remove(i);
    warn(
        m.pos as usize,
        "property M is not part of FF[4] (converted to MA, or TR on stones of this node)".into(),
    );
    let stones: Vec<&str> = list
        .iter()
        .filter(|p| matches!(p.id.as_str(), "B" | "W" | "AB" | "AW"))
        .flat_map(|p| p.values.iter().map(|v| v.as_str()))
        .collect();
    let (tr, ma): (Vec<RawValue>, Vec<RawValue>) = m
        .values
        .iter()
        .cloned()
        .partition(|v| stones.contains(&v.as_str()));
    for (name, vals) in [("TR", tr), ("MA", ma)] {
        if vals.is_empty() {
            continue;
        }
        match list.iter_mut().find(|p| p.id == name) {
            Some(p) => p.values.extend(vals),
            None => list.insert(
                i.min(list.len()),
                Property {
                    id: super::PropId::new(name),
                    values: vals.into(),
                    pos: m.pos,
                },
            ),
        }
    }
}

/// Old `KI` (komi in half points, an integer) becomes `KM`, unless a `KM` is already there.
fn convert_ki(list: &mut Props, warn: &mut dyn FnMut(usize, String)) {
    let Some(i) = list.iter().position(|p| p.id == "KI") else {
        return;
    };
    let ki = list.remove(i);
    if list.iter().any(|p| p.id == "KM") {
        warn(
            ki.pos as usize,
            "obsolete property KI next to KM (deleted)".into(),
        );
    } else if let Some(n) = ki.value().and_then(value::parse_number) {
        warn(
            ki.pos as usize,
            "obsolete property KI (converted to KM)".into(),
        );
        let km = gameinfo::format_real(n as f64 / 2.0);
        list.insert(
            i,
            Property {
                id: super::PropId::new("KM"),
                values: smallvec![km],
                pos: ki.pos,
            },
        );
    } else {
        warn(
            ki.pos as usize,
            "obsolete property KI with an illegal value (deleted)".into(),
        );
    }
}

/// `TE` and `BM` together become `IT` or `DO`, as the order of the two says.
fn convert_te_bm(list: &mut Props, warn: &mut dyn FnMut(usize, String)) {
    let te = list.iter().position(|p| p.id == "TE");
    let bm = list.iter().position(|p| p.id == "BM");
    if let (Some(t), Some(b)) = (te, bm) {
        // TE then BM means "interesting"; BM then TE means "doubtful".
        let (first, new, old) = if t < b {
            (t, "IT", "TE-BM")
        } else {
            (b, "DO", "BM-TE")
        };
        let pos = list[first].pos;
        warn(
            pos as usize,
            format!("combination {old} in one node (converted to {new})"),
        );
        list.retain(|p| p.id != "TE" && p.id != "BM");
        list.insert(
            first.min(list.len()),
            Property {
                id: super::PropId::new(new),
                values: smallvec![String::new()],
                pos,
            },
        );
    }
}

/// FF[3] `VW` lists two corner points; FF[4] writes the rectangle between them.
fn convert_vw(list: &mut Props, warn: &mut dyn FnMut(usize, String)) {
    if let Some(vw) = list.iter_mut().find(|p| p.id == "VW") {
        let pts: Vec<&[u8]> = vw
            .values
            .iter()
            .map(|v| v.as_bytes())
            .filter(|v| v.len() == 2)
            .collect();
        if pts.len() >= 2 && pts.len() == vw.values.len() {
            let x0 = pts.iter().map(|p| p[0]).min().unwrap_or(b'a');
            let x1 = pts.iter().map(|p| p[0]).max().unwrap_or(b'a');
            let y0 = pts.iter().map(|p| p[1]).min().unwrap_or(b'a');
            let y1 = pts.iter().map(|p| p[1]).max().unwrap_or(b'a');
            let rect = String::from_utf8_lossy(&[x0, y0, b':', x1, y1]).into_owned();
            warn(
                vw.pos as usize,
                format!("FF[3] VW corners (converted to the FF[4] rectangle [{rect}])"),
            );
            vw.values = smallvec![rect];
        }
    }
}

fn label_letter(n: usize) -> String {
    let letters = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    if n < 26 {
        (letters[n] as char).to_string()
    } else {
        (n + 1).to_string()
    }
}

fn merge_duplicates(list: &mut Props, warn: &mut dyn FnMut(usize, String)) {
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
            format!("property {} appears twice in the node ({how})", dup.id),
        );
    }
    *list = out.into();
}

/// Cleans the values of one property; `false` when the property has to go. A move on the
/// board has nothing to clean, and its caller passes it over first ([`move_on_board`]).
fn fix_values(
    p: &mut Property,
    is_root: bool,
    ctx: &Ctx,
    warn: &mut dyn FnMut(usize, String),
) -> bool {
    let info = p.id.info();
    let pos = p.pos as usize;
    if info.kind == Kind::Root && !is_root {
        warn(
            pos,
            format!("root property {} outside the root node (deleted)", p.id),
        );
        return false;
    }
    if info.ty == Type::Unknown
        || info.ty == Type::Size
        || info.ty == Type::TextText
        || info.ty == Type::Figure
    {
        return true;
    }
    // Only table identifiers are left, whose names borrow nothing from the property.
    let Some(id) = p.id.table_name() else {
        return true;
    };
    let bit = p.id.bit();
    if info.arity == Arity::Single && p.values.len() > 1 {
        warn(
            pos,
            format!("property {id} may have only one value (other values deleted)"),
        );
        p.values.truncate(1);
    }
    if p.values.is_empty() {
        return false;
    }
    match info.ty {
        Type::Text | Type::SimpleText => fix_text(p, id, bit, pos, warn),
        // Points of other games are not checked, and their lists stay as written (compressed or not).
        Type::Point | Type::Move | Type::PointPoint | Type::PointText if !ctx.go => true,
        Type::Move => fix_move(p, id, pos, ctx, warn),
        Type::Point => fix_point_list(p, info.arity, ctx, warn),
        Type::PointPoint | Type::PointText => fix_compose_list(p, id, info.ty, pos, ctx, warn),
        Type::Number => fix_single(
            p,
            pos,
            warn,
            |v| value::parse_number(v).is_some(),
            |v| {
                gameinfo::loose_real(v)
                    .filter(|(x, _)| x.fract() == 0.0)
                    .map(|(x, _)| gameinfo::format_real(x))
            },
        ),
        Type::Real => match bit {
            KM => fix_info(p, pos, gameinfo::komi, warn),
            TM => fix_info(p, pos, gameinfo::time, warn),
            _ => fix_single(p, pos, warn, value::is_real, |v| {
                gameinfo::loose_real(v).map(|(x, _)| gameinfo::format_real(x))
            }),
        },
        Type::Double => fix_single(
            p,
            pos,
            warn,
            |v| value::parse_double(v).is_some(),
            |v| match v.trim().chars().next() {
                None => Some("1".into()),
                Some(c @ ('1' | '2')) => Some(c.to_string()),
                _ => None,
            },
        ),
        Type::Color => fix_single(
            p,
            pos,
            warn,
            |v| value::parse_color(v).is_some(),
            |v| match v.trim().chars().next().map(|c| c.to_ascii_uppercase()) {
                Some(c @ ('B' | 'W')) => Some(c.to_string()),
                _ => None,
            },
        ),
        Type::None => clear_value(p, id, pos, warn),
        Type::Unknown | Type::Size | Type::TextText | Type::Figure => true,
    }
}

/// A text value: zero bytes and control characters out, blank values dropped, and the
/// game-info texts with a format of their own (RE, DT) corrected.
fn fix_text(
    p: &mut Property,
    id: &str,
    bit: IdSet,
    pos: usize,
    warn: &mut dyn FnMut(usize, String),
) -> bool {
    if p.values[0].contains('\0') {
        warn(
            pos,
            format!("zero byte in {id} value (replaced with a space)"),
        );
        p.values[0] = p.values[0].replace('\0', " ");
    }
    // Other control characters would make a page, an e-book or an XML file built
    // from this text unreadable; they carry no meaning in a game record.
    if crate::chars::has_forbidden(&p.values[0]) {
        let first = p.values[0]
            .chars()
            .find(|&c| crate::chars::is_forbidden(c))
            .unwrap_or(' ');
        warn(
            pos,
            format!(
                "control character {} in {id} value (removed)",
                crate::chars::describe(first)
            ),
        );
        p.values[0] = crate::chars::strip(&p.values[0]).into_owned();
    }
    if blank(&p.values[0]) {
        warn(pos, format!("empty {id} value (deleted)"));
        return false;
    }
    let fixer: Option<Fixer> = match bit {
        RE => Some(gameinfo::result),
        DT => Some(gameinfo::date),
        _ => None,
    };
    if let Some(fix) = fixer {
        let simple = value::simple_text_cow(&p.values[0]);
        match fix(simple.trim()) {
            Ok(None) => {}
            Ok(Some(new)) => {
                warn(
                    pos,
                    format!(
                        "illegal {id} value corrected; new value: [{new}], old value: [{}]",
                        p.values[0]
                    ),
                );
                p.values[0] = new;
            }
            Err(()) => warn(
                pos,
                format!(
                    "game info {id} has an illegal format (not corrected): [{}]",
                    p.values[0]
                ),
            ),
        }
    }
    true
}

/// A move: a point on the board, empty or `tt` (a pass), or a human-written move
/// ([`human_move`]) rewritten; anything else is deleted.
fn fix_move(
    p: &mut Property,
    id: &str,
    pos: usize,
    ctx: &Ctx,
    warn: &mut dyn FnMut(usize, String),
) -> bool {
    strip_ws(p, pos, false, warn);
    let v = &p.values[0];
    if v.is_empty() || v == "tt" || valid_point(v, ctx) {
        true
    } else if let Some(new) = human_move(v, ctx) {
        warn(
            pos,
            format!("illegal {id} value corrected; new value: [{new}], old value: [{v}]"),
        );
        p.values[0] = new;
        true
    } else {
        warn(pos, format!("illegal {id} move [{v}] (deleted)"));
        false
    }
}

/// A list of `point:point` (lines, arrows) or `point:text` (labels) values: the values whose
/// points are off the board, or a line from a point to itself, are deleted.
fn fix_compose_list(
    p: &mut Property,
    id: &str,
    ty: Type,
    pos: usize,
    ctx: &Ctx,
    warn: &mut dyn FnMut(usize, String),
) -> bool {
    strip_ws(p, pos, ty == Type::PointText, warn);
    let point_point = ty == Type::PointPoint;
    let before = p.values.len();
    p.values.retain(|v| match value::split_compose(v) {
        Some((a, b)) => valid_point(a, ctx) && (!point_point || (valid_point(b, ctx) && a != b)),
        None => false,
    });
    if p.values.len() != before {
        let what = if point_point {
            "point:point"
        } else {
            "point:text"
        };
        warn(
            pos,
            format!(
                "property {id} expects {what} values ({} value(s) deleted)",
                before - p.values.len()
            ),
        );
    }
    !p.values.is_empty()
}

/// A property that takes no value (such as `KO`, `DO`): whatever was written in it goes.
fn clear_value(
    p: &mut Property,
    id: &str,
    pos: usize,
    warn: &mut dyn FnMut(usize, String),
) -> bool {
    if !p.values[0].is_empty() {
        warn(
            pos,
            format!("property {id} takes no value; [{}] deleted", p.values[0]),
        );
        p.values[0].clear();
    }
    true
}

fn fix_info(p: &mut Property, pos: usize, fix: Fixer, warn: &mut dyn FnMut(usize, String)) -> bool {
    // A table identifier: cloning it copies an index.
    let id = p.id.clone();
    match fix(&value::simple_text_cow(&p.values[0])) {
        Ok(None) => true,
        Ok(Some(new)) => {
            warn(
                pos,
                format!(
                    "illegal {id} value corrected; new value: [{new}], old value: [{}]",
                    p.values[0]
                ),
            );
            p.values[0] = new;
            true
        }
        Err(()) => {
            warn(
                pos,
                format!("illegal {id} value [{}] (deleted)", p.values[0]),
            );
            false
        }
    }
}

fn fix_single(
    p: &mut Property,
    pos: usize,
    warn: &mut dyn FnMut(usize, String),
    ok: impl Fn(&str) -> bool,
    correct: impl Fn(&str) -> Option<String>,
) -> bool {
    let v = &p.values[0];
    if ok(v) {
        return true;
    }
    let id = p.id.as_str();
    match correct(v) {
        Some(new) if ok(&new) => {
            warn(
                pos,
                format!("illegal {id} value corrected; new value: [{new}], old value: [{v}]"),
            );
            p.values[0] = new;
            true
        }
        _ => {
            warn(pos, format!("illegal {id} value [{v}] (deleted)"));
            false
        }
    }
}

/// Whitespace means nothing in point values ("c   c" is "cc"); in `point:text` only the point part.
fn strip_ws(p: &mut Property, pos: usize, compose_text: bool, warn: &mut dyn FnMut(usize, String)) {
    if p.values
        .iter()
        .all(|v| !v.bytes().any(|b| b.is_ascii_whitespace()))
    {
        return;
    }
    for v in &mut p.values {
        let cut = if compose_text {
            value::split_compose(v).map_or(v.len(), |(a, _)| a.len())
        } else {
            v.len()
        };
        if !v[..cut].bytes().any(|b| b.is_ascii_whitespace()) {
            continue;
        }
        let mut new: String = v[..cut].chars().filter(|c| !c.is_whitespace()).collect();
        new.push_str(&v[cut..]);
        if !compose_text {
            new = new.chars().filter(|c| !c.is_whitespace()).collect();
        }
        warn(
            pos,
            format!(
                "illegal {} value corrected; new value: [{new}], old value: [{v}]",
                p.id
            ),
        );
        *v = new;
    }
}

/// Some programs write moves as `R16` or `Pass`; a real SGF move is never a letter and digits.
fn human_move(v: &str, ctx: &Ctx) -> Option<String> {
    if v.eq_ignore_ascii_case("pass") {
        return Some(String::new());
    }
    if ctx.cols != ctx.rows || !v.as_bytes().get(1).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    let p = crate::point::Point::parse_standard(v).filter(|p| p.on_board(ctx.cols))?;
    Some(value::point_raw(p, ctx.cols))
}

/// The board coordinate of each byte: `a`-`z` are 0-25, `A`-`Z` 26-51, anything else is
/// `u8::MAX`, off every board. One lookup instead of two range tests: every move is checked.
static COORD: [u8; 256] = {
    let mut table = [u8::MAX; 256];
    let mut i = 0;
    while i < 26 {
        table[b'a' as usize + i] = i as u8;
        table[b'A' as usize + i] = 26 + i as u8;
        i += 1;
    }
    table
};

#[inline]
fn valid_point(v: &str, ctx: &Ctx) -> bool {
    match v.as_bytes() {
        [a, b] => COORD[*a as usize] < ctx.cols && COORD[*b as usize] < ctx.rows,
        _ => false,
    }
}

/// Point lists: whitespace removed, compressed rectangles expanded, bad and repeated points dropped.
fn fix_point_list(
    p: &mut Property,
    arity: Arity,
    ctx: &Ctx,
    warn: &mut dyn FnMut(usize, String),
) -> bool {
    let pos = p.pos as usize;
    if arity == Arity::EList && p.values.len() == 1 && p.values[0].trim().is_empty() {
        p.values[0].clear();
        return true;
    }
    // Most lists are plain points, each once: then there is nothing to rewrite (and no blank
    // to strip, so this comes first).
    let mut seen = PointSet::default();
    let plain = !p.values.is_empty()
        && p.values.iter().all(|v| match v.as_bytes() {
            // Letters off every board read as `u8::MAX`.
            [a, b] => {
                let (x, y) = (COORD[*a as usize], COORD[*b as usize]);
                x < ctx.cols && y < ctx.rows && seen.insert(x, y)
            }
            _ => false,
        });
    if plain {
        return true;
    }
    strip_ws(p, pos, false, warn);
    let id = p.id.as_str().to_string();
    let mut out: Vec<RawValue> = Vec::with_capacity(p.values.len());
    let mut seen = PointSet::default();
    let mut bad = Vec::new();
    let mut dups = Vec::new();
    let mut dup_count = 0usize;
    for v in std::mem::take(&mut p.values) {
        let (a, b) = v.split_once(':').unwrap_or((&v, &v));
        // Rectangles are walked point by point without building strings for repeats, so a
        // file of huge overlapping rectangles costs time in proportion to the board, not memory.
        let Some((x0, x1, y0, y1)) = corners(a, b).filter(|c| c.1 < ctx.cols && c.3 < ctx.rows)
        else {
            bad.push(v);
            continue;
        };
        for y in y0..=y1 {
            for x in x0..=x1 {
                if seen.insert(x, y) {
                    out.push(point_value(x, y));
                } else {
                    dup_count += 1;
                    if dups.len() < 10 {
                        dups.push(point_value(x, y));
                    }
                }
            }
        }
    }
    if !bad.is_empty() {
        if bad.iter().all(|v| v.is_empty()) {
            warn(pos, format!("empty {id} value (deleted)"));
        } else {
            warn(
                pos,
                format!("illegal {id} value(s) deleted: [{}]", bad.join("][")),
            );
        }
    }
    if dup_count > 0 {
        let more = if dup_count > dups.len() {
            format!(" and {} more", dup_count - dups.len())
        } else {
            String::new()
        };
        warn(
            pos,
            format!(
                "point(s) repeated in {id} (deleted): [{}]{more}",
                dups.join("][")
            ),
        );
    }
    if out.is_empty() {
        if arity == Arity::EList {
            out.push(RawValue::default());
        } else {
            if bad.is_empty() {
                warn(pos, format!("empty {id} value (deleted)"));
            }
            return false;
        }
    }
    p.values = out.into();
    true
}

/// Points of the largest board (52x52) seen so far in a point list.
struct PointSet([bool; MAX_BOARD as usize * MAX_BOARD as usize]);

impl Default for PointSet {
    fn default() -> Self {
        PointSet([false; MAX_BOARD as usize * MAX_BOARD as usize])
    }
}

impl PointSet {
    /// Adds a point (columns and rows below [`MAX_BOARD`]); `false` if it was there already.
    fn insert(&mut self, x: u8, y: u8) -> bool {
        let k = y as usize * MAX_BOARD as usize + x as usize;
        match self.0.get_mut(k) {
            Some(seen) if !*seen => {
                *seen = true;
                true
            }
            _ => false,
        }
    }
}

/// The raw value of the point at column `x`, row `y` (letters from the top left).
fn point_value(x: u8, y: u8) -> RawValue {
    let mut v = RawValue::default();
    v.push(letter(x) as char);
    v.push(letter(y) as char);
    v
}

fn letter_index(c: u8) -> Option<u8> {
    let i = COORD[c as usize];
    (i != u8::MAX).then_some(i)
}

fn letter(i: u8) -> u8 {
    if i < 26 {
        b'a' + i
    } else {
        b'A' + (i - 26)
    }
}

/// The columns and rows (`x0, x1, y0, y1`) spanned by two corner points such as `aa` and `cc`.
fn corners(a: &str, b: &str) -> Option<(u8, u8, u8, u8)> {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != 2 || b.len() != 2 {
        return None;
    }
    let (ax, ay) = (letter_index(a[0])?, letter_index(a[1])?);
    let (bx, by) = (letter_index(b[0])?, letter_index(b[1])?);
    Some((ax.min(bx), ax.max(bx), ay.min(by), ay.max(by)))
}

fn check_annotations(list: &mut Props, warn: &mut dyn FnMut(usize, String)) {
    let has_move = list.iter().any(|p| p.id == "B" || p.id == "W");
    if !has_move {
        list.retain(|p| {
            let orphan = matches!(p.id.as_str(), "BM" | "TE" | "DO" | "IT");
            if orphan {
                warn(
                    p.pos as usize,
                    format!(
                        "move annotation {} without a move in the node (deleted)",
                        p.id
                    ),
                );
            }
            !orphan
        });
    }
    // GB, GW, DM and UC exclude each other: the first one stays.
    let mut seen = false;
    list.retain(|p| {
        if !matches!(p.id.as_str(), "GB" | "GW" | "DM" | "UC") {
            return true;
        }
        if seen {
            warn(
                p.pos as usize,
                format!(
                    "annotation {} contradicts an earlier one in the node (deleted)",
                    p.id
                ),
            );
            return false;
        }
        seen = true;
        true
    });
}

/// Old files mix setup and moves in one node, or put both moves in one: split such nodes.
fn split(game: &mut GameTree, id: NodeId, warn: &mut dyn FnMut(usize, String)) {
    let node = &game.nodes()[id];
    let has_move = node.props.iter().any(|p| p.id == "B" || p.id == "W");
    let has_setup = node.props.iter().any(|p| p.id.info().kind == Kind::Setup);
    let mut move_node = id;
    if has_move && has_setup {
        let props = std::mem::take(&mut game.node_mut(id).props);
        let (first, second): (Props, Props) = props.into_iter().partition(|p| {
            matches!(p.id.info().kind, Kind::Setup | Kind::Root | Kind::GameInfo) || p.id == "N"
        });
        let pos = second
            .iter()
            .find(|p| p.id == "B" || p.id == "W")
            .map_or(0, |p| p.pos as usize);
        warn(
            pos,
            "setup and move properties mixed in one node (split into two nodes)".into(),
        );
        game.node_mut(id).props = first;
        move_node = game.insert_below(id);
        game.node_mut(move_node).props = second;
    }
    let node = &game.nodes()[move_node];
    let b = node.props.iter().position(|p| p.id == "B");
    let w = node.props.iter().position(|p| p.id == "W");
    if let (Some(b), Some(w)) = (b, w) {
        // The later move and its own clock go to a new node.
        let (second_id, clock) = if b < w {
            ("W", ["WL", "OW"])
        } else {
            ("B", ["BL", "OB"])
        };
        let props = std::mem::take(&mut game.node_mut(move_node).props);
        let (second, first): (Props, Props) = props
            .into_iter()
            .partition(|p| p.id == second_id || clock.contains(&p.id.as_str()));
        let pos = second.first().map_or(0, |p| p.pos as usize);
        warn(
            pos,
            "black and white move in one node (split into two nodes)".into(),
        );
        game.node_mut(move_node).props = first;
        let below = game.insert_below(move_node);
        game.node_mut(below).props = second;
    }
}
