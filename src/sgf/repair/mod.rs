//! Brings a parsed tree to FF[4] and mends faulty values, as the SGF Syntax Checker does.
//!
//! Every change is reported through the `warn` callback with the byte offset of the property
//! and a diagnostic code for its kind (`sgf-bad-move`, ...). This file walks the nodes and mends
//! single values (moves, numbers, texts, game info); the repairs of a kind of their own are
//! beside it: [`root`] (FF, GM, SZ), [`old`] (FF[3] properties), [`duplicates`], [`points`]
//! (point lists), [`nodes`] (annotations, nodes split in two); `tests` runs each of them.

use super::gameinfo;
use super::property::{PropId, Property};
use super::props::{self, Arity, IdSet, Kind, Type};
use super::tree::{GameTree, NodeId, Props, ROOT};
use super::value;
use crate::diagnostics::Code;
use smallvec::smallvec;

mod duplicates;
mod nodes;
mod old;
mod points;
mod root;
#[cfg(test)]
mod tests;

use duplicates::merge_duplicates;
use nodes::{check_annotations, split};
use old::convert_old;
use points::fix_point_list;
use root::root;

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

/// Cleans the values of one property; `false` when the property has to go. A move on the
/// board has nothing to clean, and its caller passes it over first ([`move_on_board`]).
fn fix_values(
    p: &mut Property,
    is_root: bool,
    ctx: &Ctx,
    warn: &mut dyn FnMut(usize, Code, String),
) -> bool {
    let info = p.id.info();
    let pos = p.pos as usize;
    if info.kind == Kind::Root && !is_root {
        warn(
            pos,
            Code::SgfRootProperty,
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
            Code::SgfExtraValues,
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
    warn: &mut dyn FnMut(usize, Code, String),
) -> bool {
    if p.values[0].contains('\0') {
        warn(
            pos,
            Code::SgfTextCharacter,
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
            Code::SgfTextCharacter,
            format!(
                "control character {} in {id} value (removed)",
                crate::chars::describe(first)
            ),
        );
        p.values[0] = crate::chars::strip(&p.values[0]).into_owned();
    }
    if blank(&p.values[0]) {
        warn(
            pos,
            Code::SgfEmptyValue,
            format!("empty {id} value (deleted)"),
        );
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
                    Code::SgfGameInfo,
                    format!(
                        "illegal {id} value corrected; new value: [{new}], old value: [{}]",
                        p.values[0]
                    ),
                );
                p.values[0] = new;
            }
            Err(()) => warn(
                pos,
                Code::SgfGameInfo,
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
    warn: &mut dyn FnMut(usize, Code, String),
) -> bool {
    strip_ws(p, pos, false, warn);
    let v = &p.values[0];
    if v.is_empty() || v == "tt" || valid_point(v, ctx) {
        true
    } else if let Some(new) = human_move(v, ctx) {
        warn(
            pos,
            Code::SgfBadMove,
            format!("illegal {id} value corrected; new value: [{new}], old value: [{v}]"),
        );
        p.values[0] = new;
        true
    } else {
        warn(
            pos,
            Code::SgfBadMove,
            format!("illegal {id} move [{v}] (deleted)"),
        );
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
    warn: &mut dyn FnMut(usize, Code, String),
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
            Code::SgfBadPoint,
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
    warn: &mut dyn FnMut(usize, Code, String),
) -> bool {
    if !p.values[0].is_empty() {
        warn(
            pos,
            Code::SgfBadValue,
            format!("property {id} takes no value; [{}] deleted", p.values[0]),
        );
        p.values[0].clear();
    }
    true
}

fn fix_info(
    p: &mut Property,
    pos: usize,
    fix: Fixer,
    warn: &mut dyn FnMut(usize, Code, String),
) -> bool {
    // A table identifier: cloning it copies an index.
    let id = p.id.clone();
    match fix(&value::simple_text_cow(&p.values[0])) {
        Ok(None) => true,
        Ok(Some(new)) => {
            warn(
                pos,
                Code::SgfGameInfo,
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
                Code::SgfGameInfo,
                format!("illegal {id} value [{}] (deleted)", p.values[0]),
            );
            false
        }
    }
}

fn fix_single(
    p: &mut Property,
    pos: usize,
    warn: &mut dyn FnMut(usize, Code, String),
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
                Code::SgfBadValue,
                format!("illegal {id} value corrected; new value: [{new}], old value: [{v}]"),
            );
            p.values[0] = new;
            true
        }
        _ => {
            warn(
                pos,
                Code::SgfBadValue,
                format!("illegal {id} value [{v}] (deleted)"),
            );
            false
        }
    }
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
