//! One property's values: the kind its identifier takes (text, number, real, double, colour,
//! none) checked and corrected where the meaning is clear, else the property dropped; moves and
//! point lists are passed on to [`moves`](super::moves) and [`points`](super::points).

use super::moves::fix_move;
use super::points::{fix_compose_list, fix_point_list};
use super::{blank, Ctx, DT, KM, RE, TM};
use crate::diagnostics::Code;
use crate::sgf::gameinfo;
use crate::sgf::property::Property;
use crate::sgf::props::{Arity, IdSet, Kind, Type};
use crate::sgf::value;

/// A game-info corrector: `Ok(None)` when right, `Ok(Some(new))` when corrected, `Err(())` when hopeless.
type Fixer = fn(&str) -> Result<Option<String>, ()>;

/// Cleans the values of one property; `false` when the property has to go. A move on the
/// board has nothing to clean, and its caller passes it over first ([`move_on_board`](super::move_on_board)).
pub(super) fn fix_values(
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
