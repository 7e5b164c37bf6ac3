//! What stands at a place in a gobook file: which element, and in it the name, the ID,
//! an attribute's name or value, or the text; and where the IDs of a file are defined
//! and used (`(#id)`, `base=`, `ref=`, `href=`, in attributes and in inline tags alike).

use crate::format::parser::is_id_char;
use crate::format::syntax::{Document, Element};

/// A place in an element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    /// On the element's name (`::fig`, `::p_de`).
    Name,
    /// On its `(#id)`.
    Id,
    /// On the name of attribute `n`.
    AttrName(usize),
    /// On the value of attribute `n`.
    AttrValue(usize),
    /// Elsewhere: the element's text.
    Text,
}

/// The index of the element at byte offset `at`, and the spot in it.
pub fn spot(doc: &Document, at: usize) -> Option<(usize, Spot)> {
    let at = at as u32;
    let i = doc.elements.partition_point(|e| e.span.start <= at);
    let i = i.checked_sub(1)?;
    let el = &doc.elements[i];
    if at > el.span.end {
        return None;
    }
    let within = |s: crate::span::Span| s.start <= at && at <= s.end;
    if el.explicit && within(el.name_span) {
        return Some((i, Spot::Name));
    }
    if el.id.as_ref().is_some_and(|id| within(id.span)) {
        return Some((i, Spot::Id));
    }
    for (n, a) in el.attrs.iter().enumerate() {
        if within(a.name_span) {
            return Some((i, Spot::AttrName(n)));
        }
        if within(a.value_span) {
            return Some((i, Spot::AttrValue(n)));
        }
    }
    Some((i, Spot::Text))
}

/// The byte range of the ID-like word around `at` (letters, digits, `-`, `_`, `.`).
pub fn word_at(text: &str, at: usize) -> Option<(usize, usize)> {
    let at = at.min(text.len());
    let start = text[..at]
        .char_indices()
        .rev()
        .take_while(|(_, c)| is_id_char(*c))
        .last()
        .map_or(at, |(i, _)| i);
    let end = at
        + text[at..]
            .char_indices()
            .find(|(_, c)| !is_id_char(*c))
            .map_or(text.len() - at, |(i, _)| i);
    (start < end).then_some((start, end))
}

/// Byte ranges in a text.
pub type Ranges = Vec<(usize, usize)>;

/// The attributes whose value is an ID.
const LINKING: [&str; 4] = ["base", "ref", "href", "clone"];

/// If the word at `start..end` of `text` is the value of a linking attribute (`base=`,
/// `ref=`, `href=`, quoted or not, in an element or an inline tag), that attribute's name.
pub fn linking_attr(text: &str, start: usize) -> Option<&'static str> {
    let before = text[..start].strip_suffix('"').unwrap_or(&text[..start]);
    let before = before.strip_suffix('=')?;
    LINKING.into_iter().find(|a| {
        before.ends_with(a)
            && !before[..before.len() - a.len()]
                .ends_with(|c: char| c.is_alphanumeric() || c == '_')
    })
}

/// Where `id` is defined (the `(#id)` text) and used (as the value of `base`, `ref` or
/// `href`) in `text`, whose tree is `doc`: byte ranges of the ID itself, definitions first.
pub fn id_places(text: &str, doc: &Document, id: &str) -> (Ranges, Ranges) {
    let defs = doc
        .elements
        .iter()
        .filter_map(|e| e.id.as_ref())
        .filter(|i| i.name == id)
        .map(|i| (i.span.start as usize, i.span.end as usize))
        .collect();
    let mut uses = Vec::new();
    for el in &doc.elements {
        uses.extend(uses_in(text, el, id));
    }
    (defs, uses)
}

/// The uses of `id` in one element's source text.
fn uses_in(text: &str, el: &Element, id: &str) -> Vec<(usize, usize)> {
    let (s, e) = (
        el.span.start as usize,
        (el.span.end as usize).min(text.len()),
    );
    let Some(src) = text.get(s..e) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, _) in src.match_indices(id) {
        let (a, b) = (s + i, s + i + id.len());
        let whole = !text[..a].ends_with(is_id_char) && !text[b..].starts_with(is_id_char);
        if whole && linking_attr(text, a).is_some() {
            out.push((a, b));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spots_and_uses() {
        let src = "::book(#b) title=T\n\n::chapter(#c)\n\n::go(#game) mv=D4\n\n::dia base=game at=1\n\n::p ref=\"game\" See <dia base=game at=1>, not <a href=gamey>x</a>.\n";
        let doc = crate::format::parse(src).doc;
        let at = |s: &str| src.find(s).unwrap();
        assert_eq!(spot(&doc, at("dia base") + 1), Some((3, Spot::Name)));
        assert_eq!(spot(&doc, at("base=game")), Some((3, Spot::AttrName(0))));
        assert_eq!(spot(&doc, at("game at")), Some((3, Spot::AttrValue(0))));
        assert_eq!(spot(&doc, at("#game") + 2), Some((2, Spot::Id)));
        assert_eq!(spot(&doc, at("See")), Some((4, Spot::Text)));
        let (defs, uses) = id_places(src, &doc, "game");
        assert_eq!(defs, vec![(at("#game") + 1, at("#game") + 5)]);
        // base=, ref="...", and the inline <dia base=>; not `gamey`.
        assert_eq!(uses.len(), 3);
        assert_eq!(
            word_at(src, at("game at") + 2),
            Some((at("game at"), at("game at") + 4))
        );
        assert_eq!(linking_attr(src, at("game at")), Some("base"));
    }

    #[test]
    fn a_clone_uses_the_id_it_repeats() {
        // Definition, references and rename find `clone=ID` as they find `base=ID`.
        let src = "::book(#b) title=T\n\n::chapter(#c)\n\n::dia(#shape) sz=9 ab=C3\n\n::dia clone=shape\n\n::dia clone=\"shape\" ca=\"Again\"\n";
        let doc = crate::format::parse(src).doc;
        let at = |s: &str| src.find(s).unwrap();
        assert_eq!(linking_attr(src, at("shape\n")), Some("clone"));
        let (defs, uses) = id_places(src, &doc, "shape");
        assert_eq!(defs.len(), 1);
        assert_eq!(
            uses,
            vec![
                (at("shape\n"), at("shape\n") + 5),
                (at("shape\""), at("shape\"") + 5)
            ]
        );
    }
}
