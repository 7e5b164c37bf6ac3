//! Format-preserving edits of one element's attributes: the board editor of `gobook serve`
//! changes a diagram's `mv`, `ab`, `tr` or `vw` in the author's file, and everything else
//! (comments, blank lines, the order and quoting of the other attributes, the value) stays
//! byte for byte. Never a re-`fmt` of the file: only the changed attributes' text is written.
//! An inline diagram's attributes are changed the same way inside its `<dia ...>` tag.

use crate::format::syntax::{Attribute, Element, Span, Text};
use crate::format::writer::write_attr;

/// One change to an element's attributes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttrChange {
    /// The attribute's full name (`ab`, `ca_en`, `C3`).
    pub name: String,
    /// The new value, or `None` to remove the attribute.
    pub value: Option<String>,
}

impl AttrChange {
    /// Sets `name` to `value`.
    pub fn set(name: &str, value: &str) -> AttrChange {
        AttrChange {
            name: name.to_string(),
            value: Some(value.to_string()),
        }
    }

    /// Removes `name`.
    pub fn remove(name: &str) -> AttrChange {
        AttrChange {
            name: name.to_string(),
            value: None,
        }
    }
}

/// Why an edit was refused; the text is for the author.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    /// Not a name the reader takes as an attribute.
    #[error("`{0}` is not an attribute name")]
    BadName(String),
    /// A value with a line break or another control character.
    #[error("the value of `{0}` holds a control character")]
    BadValue(String),
    /// No inline diagram starts where the edit says (a line of the file).
    #[error("no inline diagram starts at line {0} any more; the file is left as it was")]
    NoInlineDiagram(usize),
    /// The edited text does not read back as the element with the new attributes.
    #[error("the edit of the element at line {0} would not read back as written; the file is left as it was")]
    NotRoundTrip(usize),
}

/// The text `src` with the attributes of `el` (an element parsed from `src`) changed as
/// `changes` say. A set attribute keeps its place and quoting (the last one when it is given
/// twice, as a build reads it; the others go); a new one is added after the last attribute on
/// its line; a removed one goes with the spaces (or the line break) before it. The result is
/// parsed again and refused unless the element reads back with exactly the new attributes.
pub fn edit_attributes(
    src: &str,
    el: &Element,
    changes: &[AttrChange],
) -> Result<String, EditError> {
    refuse_bad(changes)?;
    let at = el
        .attrs
        .last()
        .map_or_else(|| header_end(src, el), |a| attr_span(a).end);
    let out = rewrite(src, &el.attrs, at, changes, false);
    if reads_back(&out, el, changes) {
        Ok(out)
    } else {
        Err(EditError::NotRoundTrip(line_of(src, el.span.start)))
    }
}

/// The text `src` with the attributes of the inline diagram whose `<dia` tag starts at byte
/// `tag` of paragraph `el`'s text changed as `changes` say, as [`edit_attributes`] changes an
/// element's: only the tag's text changes, a new attribute goes after its last one (or after
/// `<dia`), and a value that holds `>` is quoted, since a bare one would end the tag there.
/// Refused unless the paragraph reads back as it was but for that tag's attributes.
pub fn edit_inline_diagram(
    src: &str,
    el: &Element,
    tag: u32,
    changes: &[AttrChange],
) -> Result<String, EditError> {
    refuse_bad(changes)?;
    let line = line_of(src, tag);
    let (attrs, span) = el
        .value
        .as_ref()
        .and_then(|v| inline_diagram_at(v, tag))
        .ok_or(EditError::NoInlineDiagram(line))?;
    let at = attrs.last().map_or(tag + 4, |a| attr_span(a).end);
    let out = rewrite(src, &attrs, at, changes, true);
    if inline_reads_back(src, &out, el, (&attrs, span), changes) {
        Ok(out)
    } else {
        Err(EditError::NotRoundTrip(line))
    }
}

/// The attributes and span of the inline diagram of `text` whose tag starts at `tag`.
fn inline_diagram_at(text: &Text, tag: u32) -> Option<(Vec<Attribute>, Span)> {
    crate::format::inline::diagrams(text)
        .into_iter()
        .find(|(_, s)| s.start == tag)
}

/// The 1-based line of byte `at` of `src`.
fn line_of(src: &str, at: u32) -> usize {
    src[..at as usize].matches('\n').count() + 1
}

/// Refuses a change whose name is no attribute name or whose value holds a control character.
fn refuse_bad(changes: &[AttrChange]) -> Result<(), EditError> {
    for c in changes {
        if !is_attr_name(&c.name) {
            return Err(EditError::BadName(c.name.clone()));
        }
        if c.value
            .as_deref()
            .is_some_and(|v| v.chars().any(char::is_control))
        {
            return Err(EditError::BadValue(c.name.clone()));
        }
    }
    Ok(())
}

/// `src` with `changes` made to `attrs` (attributes parsed from it), a new attribute inserted
/// at byte `at`; `in_tag`: the attributes are an inline tag's, where a bare `>` ends the tag.
fn rewrite(
    src: &str,
    attrs: &[Attribute],
    at: u32,
    changes: &[AttrChange],
    in_tag: bool,
) -> String {
    // In a tag, a bare value ends at `>` or `/>`: one that holds `>` or ends in `/` is quoted.
    let quote = |v: &str, quoted: bool| quoted || (in_tag && (v.contains('>') || v.ends_with('/')));
    // Replacements as (span, text), applied from the end so that earlier spans stay right.
    let mut edits: Vec<(Span, String)> = Vec::new();
    let mut added = String::new();
    for c in changes {
        let places: Vec<&Attribute> = attrs.iter().filter(|a| a.name == c.name).collect();
        match (&c.value, places.split_last()) {
            (Some(v), Some((last, others))) => {
                edits.push((attr_span(last), written(&c.name, v, quote(v, last.quoted))));
                edits.extend(others.iter().map(|a| (removal_span(src, a), String::new())));
            }
            (Some(v), None) => {
                added.push(' ');
                added.push_str(&written(&c.name, v, quote(v, false)));
            }
            (None, _) => edits.extend(places.iter().map(|a| (removal_span(src, a), String::new()))),
        }
    }
    if !added.is_empty() {
        edits.push((Span::new(at as usize, at as usize), added));
    }
    edits.sort_by_key(|(s, _)| std::cmp::Reverse((s.start, s.end)));
    let mut out = src.to_string();
    for (span, text) in edits {
        out.replace_range(span.start as usize..span.end as usize, &text);
    }
    out
}

/// Whether the reader takes `name` as an attribute name (`attr_name_len` in the parser).
fn is_attr_name(name: &str) -> bool {
    let mut bytes = name.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// `name=value` as the writer of `gobook fmt` puts it, in quotes when `quoted` or needed.
fn written(name: &str, value: &str, quoted: bool) -> String {
    let a = Attribute {
        name: name.to_string(),
        value: value.to_string(),
        quoted: quoted || value.is_empty(),
        on_new_line: false,
        name_span: Span::default(),
        value_span: Span::default(),
    };
    let mut out = String::new();
    write_attr(&mut out, &a);
    out
}

/// The text of `name=value`, the closing quote included.
fn attr_span(a: &Attribute) -> Span {
    let end = a.value_span.end + u32::from(a.quoted);
    Span {
        start: a.name_span.start,
        end,
    }
}

/// The text of an attribute with the spaces before it, and the line break before it when it
/// stood alone on its line, so that no empty line or trailing space is left behind; first on
/// a line with others after it, with the spaces after it.
fn removal_span(src: &str, a: &Attribute) -> Span {
    let bytes = src.as_bytes();
    let span = attr_span(a);
    if a.on_new_line {
        // First on its line with more after it: the spaces after it go, the line break stays.
        let mut end = span.end as usize;
        while end < bytes.len() && matches!(bytes[end], b' ' | b'\t') {
            end += 1;
        }
        if end > span.end as usize && end < bytes.len() && !matches!(bytes[end], b'\r' | b'\n') {
            return Span::new(span.start as usize, end);
        }
    }
    let mut start = span.start as usize;
    while start > 0 && matches!(bytes[start - 1], b' ' | b'\t') {
        start -= 1;
    }
    if a.on_new_line && start > 0 && bytes[start - 1] == b'\n' {
        start -= 1;
        if start > 0 && bytes[start - 1] == b'\r' {
            start -= 1;
        }
    }
    Span::new(start, span.end as usize)
}

/// Where the header `::name_langs(#id)` of `el` ends: where a first attribute goes.
fn header_end(src: &str, el: &Element) -> u32 {
    if let Some(id) = &el.id {
        // `(#id)`: after the closing parenthesis.
        return src[id.span.end as usize..]
            .find(')')
            .map_or(id.span.end, |i| id.span.end + i as u32 + 1);
    }
    el.name_span.end + el.langs.iter().map(|l| l.len() as u32 + 1).sum::<u32>()
}

/// The attributes `attrs` should have after `changes`, in order, as name and value.
fn wanted(attrs: &[Attribute], changes: &[AttrChange]) -> Vec<(String, String)> {
    let mut want: Vec<(String, String)> = Vec::new();
    for (i, a) in attrs.iter().enumerate() {
        let last = !attrs[i + 1..].iter().any(|b| b.name == a.name);
        match changes.iter().find(|c| c.name == a.name) {
            None => want.push((a.name.clone(), a.value.clone())),
            Some(AttrChange { value: Some(v), .. }) if last => {
                want.push((a.name.clone(), v.clone()))
            }
            Some(_) => {}
        }
    }
    for c in changes {
        if let Some(v) = &c.value {
            if !attrs.iter().any(|a| a.name == c.name) {
                want.push((c.name.clone(), v.clone()));
            }
        }
    }
    want
}

/// The attributes as name and value.
fn pairs(attrs: &[Attribute]) -> Vec<(String, String)> {
    attrs
        .iter()
        .map(|a| (a.name.clone(), a.value.clone()))
        .collect()
}

/// Whether `out` parses into the same elements as before, the edited one at the same place
/// with its attributes changed as `changes` say and its value and ID as they were.
fn reads_back(out: &str, el: &Element, changes: &[AttrChange]) -> bool {
    let doc = crate::format::parser::parse(out).doc;
    let Some(i) = doc.element_at(el.span.start) else {
        return false;
    };
    let new = &doc.elements[i];
    new.name == el.name
        && new.id_str() == el.id_str()
        && new.value.as_ref().map(|t| t.raw.trim_end())
            == el.value.as_ref().map(|t| t.raw.trim_end())
        && pairs(&new.attrs) == wanted(&el.attrs, changes)
}

/// Whether `out` (`src` with the tag `dia` of paragraph `el` rewritten) parses into the same
/// paragraph at the same place, with its own attributes, and the same inline diagram there
/// with its attributes changed as `changes` say, its text and closing tag where they were.
fn inline_reads_back(
    src: &str,
    out: &str,
    el: &Element,
    dia: (&[Attribute], Span),
    changes: &[AttrChange],
) -> bool {
    let (attrs, span) = dia;
    let doc = crate::format::parser::parse(out).doc;
    let Some(i) = doc.element_at(el.span.start) else {
        return false;
    };
    let new = &doc.elements[i];
    let grown = out.len() as i64 - src.len() as i64;
    let moved = |at: u32| at as i64 + grown;
    let Some((new_attrs, new_span)) = new
        .value
        .as_ref()
        .and_then(|v| inline_diagram_at(v, span.start))
    else {
        return false;
    };
    new.name == el.name
        && new.id_str() == el.id_str()
        && pairs(&new.attrs) == pairs(&el.attrs)
        && new.span.end as i64 == moved(el.span.end)
        && new_span.end as i64 == moved(span.end)
        && pairs(&new_attrs) == wanted(attrs, changes)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `src` with the attributes of its element at `at` (a byte of its text) changed.
    fn edit(src: &str, needle: &str, changes: &[AttrChange]) -> Result<String, EditError> {
        let doc = crate::format::parse(src).doc;
        let at = src.find(needle).unwrap() as u32;
        let el = &doc.elements[doc.element_at(at).unwrap()];
        edit_attributes(src, el, changes)
    }

    const BOOK: &str = "::book(#b) title=\"T\"\n\n::c a comment\n::dia(#d1) sz=9 ab=\"C3 D4\"  mv=\"E5 F6\"\ntr=C3 ca=\"The caption\"\n\n\n::p After.\n";

    #[test]
    fn a_changed_value_keeps_its_place_and_quotes_and_the_rest_of_the_file() {
        let out = edit(
            BOOK,
            "::dia",
            &[
                AttrChange::set("mv", "E5 F6 G7"),
                AttrChange::set("tr", "D4"),
            ],
        )
        .unwrap();
        assert_eq!(
            out,
            BOOK.replace("mv=\"E5 F6\"", "mv=\"E5 F6 G7\"")
                .replace("tr=C3", "tr=D4")
        );
    }

    #[test]
    fn an_unquoted_value_gets_quotes_when_it_needs_them() {
        let out = edit(
            BOOK,
            "::dia",
            &[AttrChange::set("sz", "13"), AttrChange::set("tr", "C3 D4")],
        )
        .unwrap();
        assert_eq!(
            out,
            BOOK.replace("sz=9", "sz=13")
                .replace("tr=C3", "tr=\"C3 D4\"")
        );
    }

    #[test]
    fn a_new_attribute_goes_after_the_last_one() {
        let out = edit(
            BOOK,
            "::dia",
            &[AttrChange::set("vw", "A1 E5"), AttrChange::set("C3", "a b")],
        )
        .unwrap();
        assert_eq!(
            out,
            BOOK.replace("\"The caption\"", "\"The caption\" vw=\"A1 E5\" C3=\"a b\"")
        );
    }

    #[test]
    fn a_removed_attribute_takes_its_spaces_or_its_line_break() {
        let out = edit(BOOK, "::dia", &[AttrChange::remove("mv")]).unwrap();
        assert_eq!(out, BOOK.replace("  mv=\"E5 F6\"", ""));
        let src = "::dia mv=D4\ntr=D4\nca=x\n";
        let out = edit(src, "::dia", &[AttrChange::remove("tr")]).unwrap();
        assert_eq!(out, "::dia mv=D4\nca=x\n");
        let out = edit(
            src,
            "::dia",
            &[AttrChange::remove("tr"), AttrChange::remove("absent")],
        )
        .unwrap();
        assert_eq!(out, "::dia mv=D4\nca=x\n");
        let out = edit(
            "::dia mv=D4\ntr=D4 ca=x\n",
            "::",
            &[AttrChange::remove("tr")],
        )
        .unwrap();
        assert_eq!(out, "::dia mv=D4\nca=x\n");
    }

    #[test]
    fn an_element_without_attributes_gets_them_after_its_header() {
        for (src, want) in [
            ("::dia\n", "::dia mv=D4\n"),
            ("::dia(#x)\n", "::dia(#x) mv=D4\n"),
            ("::dia_en_ja(#x)\n", "::dia_en_ja(#x) mv=D4\n"),
            ("::dia_en\n", "::dia_en mv=D4\n"),
            ("::prb Black to play.\n", "::prb mv=D4 Black to play.\n"),
            ("::prb\nBlack to play.\n", "::prb mv=D4\nBlack to play.\n"),
        ] {
            assert_eq!(
                edit(src, "::", &[AttrChange::set("mv", "D4")]).unwrap(),
                want,
                "{src:?}"
            );
        }
    }

    #[test]
    fn the_value_and_other_elements_stay_byte_for_byte() {
        let src =
            "::book(#b)\r\n\r\n::prb(#p) sz=9 ab=C3\r\nBlack to \"play\".\r\n\r\n::dia mv=D4\r\n";
        let out = edit(
            src,
            "::prb",
            &[
                AttrChange::set("ab", "C3 C4"),
                AttrChange::set("correct", "D4"),
            ],
        )
        .unwrap();
        assert_eq!(out, src.replace("ab=C3", "ab=\"C3 C4\" correct=D4"));
    }

    #[test]
    fn a_doubled_attribute_keeps_the_last_place() {
        let out = edit(
            "::dia tr=A1 mv=D4 tr=B2\n",
            "::",
            &[AttrChange::set("tr", "C3")],
        )
        .unwrap();
        assert_eq!(out, "::dia mv=D4 tr=C3\n");
    }

    #[test]
    fn quotes_and_backslashes_are_escaped() {
        let out = edit("::dia\n", "::", &[AttrChange::set("ca", "say \"hi\" \\o/")]).unwrap();
        assert_eq!(out, "::dia ca=\"say \\\"hi\\\" \\\\o/\"\n");
        assert_eq!(
            crate::format::parse(&out).doc.elements[0].attr_value("ca"),
            Some("say \"hi\" \\o/")
        );
    }

    #[test]
    fn bad_names_and_values_are_refused() {
        for name in ["", "1a", "a b", "a=b", "a\"", "ä"] {
            assert_eq!(
                edit("::dia\n", "::", &[AttrChange::set(name, "x")]),
                Err(EditError::BadName(name.into()))
            );
        }
        assert_eq!(
            edit("::dia\n", "::", &[AttrChange::set("ca", "a\nb")]),
            Err(EditError::BadValue("ca".into()))
        );
    }

    #[test]
    fn an_empty_value_is_written_in_quotes() {
        let out = edit("::dia mv=D4\n", "::", &[AttrChange::set("ca", "")]).unwrap();
        assert_eq!(out, "::dia mv=D4 ca=\"\"\n");
    }

    /// `src` with the attributes of the inline diagram whose tag is `needle` changed.
    fn edit_inline(src: &str, needle: &str, changes: &[AttrChange]) -> Result<String, EditError> {
        let doc = crate::format::parse(src).doc;
        let at = src.find(needle).unwrap() as u32;
        let el = &doc.elements[doc.element_at(at).unwrap()];
        edit_inline_diagram(src, el, at, changes)
    }

    const PARA: &str = "::dia(#d) sz=9 mv=C3\n\nSee <dia mv=\"D4 E5\" tr=C3>this</dia>, then\n<dia at=2>**that** <dia mv=F6>too</dia></dia> and <dia>the last</dia>.\n\n::p After.\n";

    #[test]
    fn an_inline_diagram_changes_only_inside_its_tag() {
        let out = edit_inline(
            PARA,
            "<dia mv=",
            &[
                AttrChange::set("mv", "D4 E5 F6"),
                AttrChange::remove("tr"),
                AttrChange::set("sq", "C3"),
            ],
        )
        .unwrap();
        assert_eq!(
            out,
            PARA.replace("<dia mv=\"D4 E5\" tr=C3>", "<dia mv=\"D4 E5 F6\" sq=C3>")
        );
        // Nested, and one without attributes.
        let out = edit_inline(PARA, "<dia mv=F6", &[AttrChange::set("mv", "F6 G7")]).unwrap();
        assert_eq!(out, PARA.replace("<dia mv=F6>", "<dia mv=\"F6 G7\">"));
        let out = edit_inline(PARA, "<dia at=2", &[AttrChange::set("mv", "A1")]).unwrap();
        assert_eq!(out, PARA.replace("<dia at=2>", "<dia at=2 mv=A1>"));
        let out = edit_inline(PARA, "<dia>", &[AttrChange::set("mv", "A1")]).unwrap();
        assert_eq!(out, PARA.replace("<dia>", "<dia mv=A1>"));
    }

    #[test]
    fn a_value_that_would_end_the_tag_is_quoted() {
        let out = edit_inline(
            PARA,
            "<dia>",
            &[AttrChange::set("C3", "a>b"), AttrChange::set("D4", "x/")],
        )
        .unwrap();
        assert_eq!(out, PARA.replace("<dia>", "<dia C3=\"a>b\" D4=\"x/\">"));
    }

    #[test]
    fn an_inline_edit_where_no_diagram_starts_is_refused() {
        let doc = crate::format::parse(PARA).doc;
        let at = PARA.find("See").unwrap() as u32;
        let el = &doc.elements[doc.element_at(at).unwrap()];
        assert_eq!(
            edit_inline_diagram(PARA, el, at, &[AttrChange::set("mv", "A1")]),
            Err(EditError::NoInlineDiagram(3))
        );
    }
}
