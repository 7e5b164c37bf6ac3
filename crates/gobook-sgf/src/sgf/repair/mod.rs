//! Brings a parsed tree to FF[4] and mends faulty values, as the SGF Syntax Checker does.
//!
//! Every change is reported through the `warn` callback with the byte offset of the property
//! and a diagnostic code for its kind (`sgf-bad-move`, ...). This file walks the nodes and
//! decides which repairs a node needs; each kind of repair is a file beside it: `root` (FF,
//! GM, SZ), `old` (FF[3] properties), `duplicates`, `values` (one property's values),
//! `moves`, `points` (point lists, lines, labels), `nodes` (annotations, nodes split in
//! two); `tests` runs each of them.

use super::property::{PropId, Property};
use super::props::{self, IdSet};
use super::tree::{GameTree, NodeId, Props, ROOT};
use super::value;
use crate::diagnostics::Code;
use smallvec::smallvec;

mod duplicates;
mod moves;
mod nodes;
mod old;
mod points;
mod root;
#[cfg(test)]
mod tests;
mod values;

use duplicates::merge_duplicates;
use nodes::{check_annotations, split};
use old::convert_old;
use root::root;
use values::fix_values;

/// What the whole game's root says about how to read the other nodes.
struct Ctx {
    ff: i64,
    go: bool,
    cols: u8,
    rows: u8,
}

/// The largest board FF[4] can address (letters a-z, A-Z).
const MAX_BOARD: u8 = 52;

/// Repairs a game tree in place; `warn(byte_offset, code, message)` hears of every change, its kind as a diagnostic code.
pub(crate) fn repair(game: &mut GameTree, warn: &mut dyn FnMut(usize, Code, String)) {
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

fn fix_node(game: &mut GameTree, id: NodeId, ctx: &Ctx, warn: &mut dyn FnMut(usize, Code, String)) {
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
    warn: &mut dyn FnMut(usize, Code, String),
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

/// Whitespace means nothing in point values ("c   c" is "cc"); in `point:text` only the point part.
fn strip_ws(
    p: &mut Property,
    pos: usize,
    compose_text: bool,
    warn: &mut dyn FnMut(usize, Code, String),
) {
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
            Code::SgfWhitespace,
            format!(
                "illegal {} value corrected; new value: [{new}], old value: [{v}]",
                p.id
            ),
        );
        *v = new;
    }
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
