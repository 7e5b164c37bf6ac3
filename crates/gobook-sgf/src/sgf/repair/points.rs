//! Point lists (`AB`, `MA`, ...): whitespace removed, compressed rectangles expanded, points
//! off the board and repeated points dropped; and lists of `point:point` (`LN`, `AR`) or
//! `point:text` (`LB`) values, whose values off the board go.

use super::{strip_ws, valid_point, Ctx, COORD, MAX_BOARD};
use crate::diagnostics::Code;
use crate::sgf::property::{Property, RawValue};
use crate::sgf::props::{Arity, Type};
use crate::sgf::value;

/// Point lists: whitespace removed, compressed rectangles expanded, bad and repeated points dropped.
pub(super) fn fix_point_list(
    p: &mut Property,
    arity: Arity,
    ctx: &Ctx,
    warn: &mut dyn FnMut(usize, Code, String),
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
            warn(
                pos,
                Code::SgfEmptyValue,
                format!("empty {id} value (deleted)"),
            );
        } else {
            warn(
                pos,
                Code::SgfBadPoint,
                format!("illegal {id} value(s) deleted: [{}]", bad.join("][")),
            );
        }
    }
    if dup_count > 0 {
        warn_repeats(pos, &id, &dups, dup_count, warn);
    }
    if out.is_empty() {
        if arity == Arity::EList {
            out.push(RawValue::default());
        } else {
            if bad.is_empty() {
                warn(
                    pos,
                    Code::SgfEmptyValue,
                    format!("empty {id} value (deleted)"),
                );
            }
            return false;
        }
    }
    p.values = out.into();
    true
}

/// Reports the points a list repeated: the first few of them, and how many more.
fn warn_repeats(
    pos: usize,
    id: &str,
    shown: &[RawValue],
    count: usize,
    warn: &mut dyn FnMut(usize, Code, String),
) {
    let more = if count > shown.len() {
        format!(" and {} more", count - shown.len())
    } else {
        String::new()
    };
    warn(
        pos,
        Code::SgfRepeatedPoint,
        format!(
            "point(s) repeated in {id} (deleted): [{}]{more}",
            shown.join("][")
        ),
    );
}

/// Points of the largest board (52x52) seen so far in a point list.
struct PointSet([bool; MAX_BOARD as usize * MAX_BOARD as usize]);

impl Default for PointSet {
    fn default() -> Self {
        PointSet([false; MAX_BOARD as usize * MAX_BOARD as usize])
    }
}

impl PointSet {
    /// Adds a point (columns and rows below [`MAX_BOARD`](super::MAX_BOARD)); `false` if it was there already.
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

/// A list of `point:point` (lines, arrows) or `point:text` (labels) values: the values whose
/// points are off the board, or a line from a point to itself, are deleted.
pub(super) fn fix_compose_list(
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
