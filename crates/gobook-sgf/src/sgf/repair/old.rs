//! FF[1]-FF[3] properties and combinations that FF[4] spells differently (`L`, `M`, `KI`,
//! `TE` with `BM`, `VW` corners), converted as the SGF Syntax Checker converts them.

use super::Ctx;
use crate::diagnostics::Code;
use crate::sgf::gameinfo;
use crate::sgf::property::{Property, RawValue};
use crate::sgf::tree::Props;
use crate::sgf::value;
use smallvec::smallvec;

/// FF[1]-FF[3] properties and combinations that FF[4] spells differently.
/// Called only for nodes holding one of [`OLD`](super::OLD) or both of [`TE_BM`](super::TE_BM).
pub(super) fn convert_old(list: &mut Props, ctx: &Ctx, warn: &mut dyn FnMut(usize, Code, String)) {
    convert_l(list, warn);
    convert_m(list, warn);
    convert_ki(list, warn);
    convert_te_bm(list, warn);
    if ctx.ff < 4 {
        convert_vw(list, warn);
    }
}

/// Old `L` labels become `LB` with the letters A, B, C... in the order of the points.
fn convert_l(list: &mut Props, warn: &mut dyn FnMut(usize, Code, String)) {
    let Some(i) = list.iter().position(|p| p.id == "L") else {
        return;
    };
    let l = list.remove(i);
    warn(
        l.pos as usize,
        Code::SgfOldProperty,
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
fn convert_m(list: &mut Props, warn: &mut dyn FnMut(usize, Code, String)) {
    let Some(i) = list.iter().position(|p| p.id == "M") else {
        return;
    };
    let m = list.remove(i);
    warn(
        m.pos as usize,
        Code::SgfOldProperty,
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
fn convert_ki(list: &mut Props, warn: &mut dyn FnMut(usize, Code, String)) {
    let Some(i) = list.iter().position(|p| p.id == "KI") else {
        return;
    };
    let ki = list.remove(i);
    if list.iter().any(|p| p.id == "KM") {
        warn(
            ki.pos as usize,
            Code::SgfOldProperty,
            "obsolete property KI next to KM (deleted)".into(),
        );
    } else if let Some(n) = ki.value().and_then(value::parse_number) {
        warn(
            ki.pos as usize,
            Code::SgfOldProperty,
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
            Code::SgfOldProperty,
            "obsolete property KI with an illegal value (deleted)".into(),
        );
    }
}

/// `TE` and `BM` together become `IT` or `DO`, as the order of the two says.
fn convert_te_bm(list: &mut Props, warn: &mut dyn FnMut(usize, Code, String)) {
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
            Code::SgfOldProperty,
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
fn convert_vw(list: &mut Props, warn: &mut dyn FnMut(usize, Code, String)) {
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
                Code::SgfOldProperty,
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
