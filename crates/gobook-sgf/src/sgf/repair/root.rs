//! The root node: repeats merged, `FF`, `GM` and `SZ` checked, and `FF[4]CA[UTF-8]` put first;
//! what it finds decides how the other nodes are read ([`Ctx`](super::Ctx)).

use super::duplicates::merge_duplicates;
use super::{fixed, Ctx, CA, FF, MAX_BOARD};
use crate::diagnostics::Code;
use crate::sgf::tree::GameTree;
use crate::sgf::value;

pub(super) fn root(game: &mut GameTree, warn: &mut dyn FnMut(usize, Code, String)) -> Ctx {
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
                Code::SgfFileFormat,
                format!("unknown file format FF[{n}] (read as FF[4])"),
            ),
            None => warn(
                p.pos as usize,
                Code::SgfFileFormat,
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
                    Code::SgfGameType,
                    "the game is not Go (GM is not 1): moves and points are not checked".into(),
                );
            }
            None => {
                warn(
                    pos,
                    Code::SgfGameType,
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
                    warn(
                        pos,
                        Code::SgfBoardSize,
                        format!("board size too big (corrected to {new})"),
                    );
                } else if new != raw {
                    warn(
                        pos,
                        Code::SgfBoardSize,
                        format!("board size [{raw}] corrected to [{new}]"),
                    );
                }
                if !matches!(&root.get("SZ").map(|p| &p.values[..]), Some([v]) if *v == new) {
                    root.set("SZ", vec![new]);
                }
                (cols, rows) = (c2, r2);
            }
            _ => {
                warn(
                    pos,
                    Code::SgfBoardSize,
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
