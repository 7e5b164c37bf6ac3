//! `clone=ID`: a diagram repeated where the clone stands, the board, marks, moves and
//! problem of the original with the clone's own caption, header and display when it gives
//! them. gobook numbers no figures (captions are the author's, "Dia. 3" included), so a
//! clone takes no number of its own: it repeats the original's caption, which an author
//! who wants "Dia. 3 (repeated)" writes as the clone's `ca`.

use super::diagram::{lang_text, last, width, Inherited};
use super::model::{Diagram, DiagramRole};
use crate::format::schema::DiagramKind;
use crate::format::syntax::Element;
use crate::format::values;

/// The original `d` (element `orig`) repeated as element `el` of kind `kind` in a chapter
/// with `inh` (a `::dia` repeating a problem shows its board, not the problem): what `el`
/// sets itself replaces the original's.
pub fn repeat(
    d: &Diagram,
    orig: &Element,
    el: &Element,
    kind: DiagramKind,
    inh: Inherited,
) -> Diagram {
    let mut c = d.clone();
    let same_kind = d.role == DiagramRole::Block(kind);
    c.role = DiagramRole::Block(kind);
    if !same_kind {
        // A `::dia` repeating a problem is a board, not a question: no text.
        c.text = None;
        c.show_to_play = kind == DiagramKind::Prb;
    }
    let get = |n: &str| last(&el.attrs, n);
    let flag = |n: &str| get(n).and_then(|v| values::parse_flag(v).ok());
    // The width the clone gives, else the one its original was given (of the same kind),
    // else its kind's where the clone stands (full under the chapter's `fullWidth`).
    let given = get("width").or_else(|| same_kind.then(|| last(&orig.attrs, "width")).flatten());
    c.width = width(given, Some(kind), inh);
    let caption = lang_text(&el.attrs, "ca");
    if caption.is_set() {
        c.caption = caption;
    }
    let header = lang_text(&el.attrs, "header");
    if header.is_set() {
        c.header = header;
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
