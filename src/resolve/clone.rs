//! `clone=ID`: a diagram repeated where the clone stands, the board, marks, moves and
//! problem of the original with the clone's own caption, header and display when it gives
//! them. gobook numbers no figures (captions are the author's, "Dia. 3" included), so a
//! clone takes no number of its own: it repeats the original's caption, which an author
//! who wants "Dia. 3 (repeated)" writes as the clone's `ca`.

use super::diagram::{lang_text, last};
use super::model::{Diagram, DiagramRole, DiagramWidth};
use crate::diagnostics::{Code, Diagnostics};
use crate::format::schema::{split_langs, DiagramKind};
use crate::format::syntax::Element;
use crate::format::values;

/// The attributes a clone gives itself; any other of a diagram's is the original's business.
const OWN: &[&str] = &[
    "clone",
    "ca",
    "header",
    "width",
    "align",
    "break",
    "href",
    "showToPlay",
    "showFromTo",
    "showCoords",
];

/// The original `d` repeated as element `el` of kind `kind` (a `::dia` repeating a problem
/// shows its board, not the problem): what `el` sets itself replaces the original's.
pub fn repeat(d: &Diagram, el: &Element, kind: DiagramKind) -> Diagram {
    let mut c = d.clone();
    let same_kind = d.role == DiagramRole::Block(kind);
    c.role = DiagramRole::Block(kind);
    if !same_kind {
        // A `::dia` repeating a problem is a board, not a question: the kind's width, no text.
        c.width = match kind {
            DiagramKind::Fig | DiagramKind::Prb => DiagramWidth::Full,
            DiagramKind::Dia | DiagramKind::Var => DiagramWidth::Dia,
        };
        c.text = None;
        c.show_to_play = kind == DiagramKind::Prb;
    }
    let get = |n: &str| last(&el.attrs, n);
    let flag = |n: &str| get(n).and_then(|v| values::parse_flag(v).ok());
    let caption = lang_text(&el.attrs, "ca");
    if caption.is_set() {
        c.caption = caption;
    }
    let header = lang_text(&el.attrs, "header");
    if header.is_set() {
        c.header = header;
    }
    if let Some(w) = get("width").and_then(DiagramWidth::parse) {
        c.width = w;
    }
    if let Some(a) = get("align") {
        c.align = Some(a.to_string());
    }
    c.show_to_play = flag("showToPlay").unwrap_or(c.show_to_play);
    c.show_from_to = flag("showFromTo").or(c.show_from_to);
    c.show_coords = flag("showCoords").unwrap_or(c.show_coords);
    if el.value.is_some() {
        c.text = el.value.clone();
    }
    c
}

/// Warns of the attributes a clone carries that say what its board shows (moves, stones,
/// marks, answers, game info): the board is the original's, so they are ignored.
pub fn check_ignored(el: &Element, diags: &mut Diagnostics) {
    for a in &el.attrs {
        if !OWN.contains(&split_langs(&a.name).0) {
            diags.warning(
                a.name_span,
                Code::MisplacedAttribute,
                format!(
                    "`{}` is ignored on a clone: it repeats the board, marks and answers of the diagram it names; change that diagram, or draw a new one without `clone`",
                    a.name
                ),
            );
        }
    }
}
