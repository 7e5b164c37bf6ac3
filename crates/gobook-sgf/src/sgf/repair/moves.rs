//! Moves (`B`, `W`): a point of the board, empty or `tt` (a pass); a move written for people
//! (`R16`, `Pass`) rewritten; anything else dropped.

use super::{strip_ws, valid_point, Ctx};
use crate::diagnostics::Code;
use crate::sgf::property::Property;
use crate::sgf::value;

/// A move: a point on the board, empty or `tt` (a pass), or a human-written move
/// ([`human_move`]) rewritten; anything else is deleted.
pub(super) fn fix_move(
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
