//! Included gobook files spliced into the book: their elements take the place of the
//! `::include` that names them, so that their chapters, IDs, texts and diagrams are the
//! book's (a `::chapter` in an included file is a chapter of the book everywhere: pages,
//! contents, navigation, counts, `inspect`).
//!
//! The included text is appended after the book's in one source text (`Checked::src`),
//! so the book's own positions never move; an element of an included file points past
//! the book's text, and its diagnostics are given back to the file ([`IncludedFile`]).

use crate::diagnostics::{Code, Diagnostic, Diagnostics};
use crate::format::parser::Parsed;
use crate::format::schema::ElementKind;
use crate::format::syntax::{Element, Span};

/// Reads the gobook file an `::include` names, by its `url`: its name for messages and
/// its text; None for a Markdown file or one that cannot be read (the check of the
/// book's files reports that, `project::files`).
pub type ReadInclude<'a> = &'a dyn Fn(&str) -> Option<(String, String)>;

/// A gobook file spliced into the book, and the problems found in it.
#[derive(Clone, Debug, PartialEq)]
pub struct IncludedFile {
    /// The `url` the book names it with.
    pub url: String,
    /// Its name as shown in messages.
    pub name: String,
    /// Its text, for placing its problems.
    pub text: String,
    /// Where its text starts in the book's source text (`Checked::src`).
    pub start: u32,
    /// The `url` value of the `::include` in the book.
    pub url_span: Span,
    /// Its problems, placed in its own text.
    pub diagnostics: Vec<Diagnostic>,
}

impl IncludedFile {
    /// Whether the position `at` of the book's source text lies in this file.
    pub fn holds(&self, at: u32) -> bool {
        at >= self.start && (at - self.start) as usize <= self.text.len()
    }

    /// `span` of the book's source text as a span of this file's text.
    pub fn local(&self, span: Span) -> Span {
        Span {
            start: span.start.saturating_sub(self.start),
            end: span.end.saturating_sub(self.start),
        }
    }
}

/// Splices the gobook files the `::include`s of `parsed` name (read by `read`) in their
/// place: `src` grows by their texts, `parsed` holds their elements and their syntax
/// problems. Includes do not nest: an `::include` in an included file is an error there.
pub fn splice(src: &mut String, parsed: &mut Parsed, read: ReadInclude) -> Vec<IncludedFile> {
    let mut files = Vec::new();
    if !parsed
        .doc
        .elements
        .iter()
        .any(|e| e.kind == ElementKind::Include)
    {
        return files;
    }
    let mut diags = Diagnostics::default();
    let elements = std::mem::take(&mut parsed.doc.elements);
    for el in elements {
        let url = el.attr("url").filter(|_| el.kind == ElementKind::Include);
        let Some((url, (name, text))) = url.and_then(|a| Some((a, read(&a.value)?))) else {
            parsed.doc.elements.push(el);
            continue;
        };
        // Positions are u32: a book that would pass them keeps the include unspliced
        // (and shown as before, on its own).
        let Ok(start) = u32::try_from(src.len() + 1) else {
            parsed.doc.elements.push(el);
            continue;
        };
        if u32::try_from(src.len() + 1 + text.len()).is_err() {
            parsed.doc.elements.push(el);
            continue;
        }
        src.push('\n');
        src.push_str(&text);
        let inner = crate::format::parse(&text);
        for mut d in inner.diagnostics {
            d.span = shift(d.span, start);
            diags.extend([d]);
        }
        for mut e in inner.doc.elements {
            shift_element(&mut e, start);
            if e.kind == ElementKind::Include {
                let (span, inner_url) = e
                    .attr("url")
                    .map(|a| (a.value_span, a.value.as_str()))
                    .unwrap_or((e.span, ""));
                diags.error(span, Code::NestedInclude, format!("includes cannot be nested; include `{inner_url}` from the book itself, next to `{}`", url.value));
                continue;
            }
            // `::include_ja` brings in what the Japanese edition shows.
            if e.langs.is_empty() {
                e.langs = el.langs.clone();
            }
            parsed.doc.elements.push(e);
        }
        files.push(IncludedFile {
            url: url.value.clone(),
            name,
            text,
            start,
            url_span: url.value_span,
            diagnostics: Vec::new(),
        });
    }
    parsed.diagnostics.extend(diags.into_vec());
    files
}

/// Gives each diagnostic placed in an included file to that file, in its own positions;
/// those of the book stay in `diagnostics`.
pub fn place(diagnostics: &mut Vec<Diagnostic>, files: &mut [IncludedFile]) {
    if files.is_empty() {
        return;
    }
    diagnostics.retain(|d| {
        let Some(f) = files.iter_mut().find(|f| f.holds(d.span.start)) else {
            return true;
        };
        let mut d = d.clone();
        d.span = f.local(d.span);
        f.diagnostics.push(d);
        false
    });
}

/// Warns about an ID an included file shares with the book or another included file: a
/// link to it from a third chapter leads to the first, and two pages of one reader's book
/// have the same anchor in mind (two games imported with `--chapter` from files of the
/// same name, say).
pub fn ids_across_files(doc: &[Element], files: &[IncludedFile], diags: &mut Diagnostics) {
    if files.is_empty() {
        return;
    }
    let file_of = |at: u32| files.iter().position(|f| f.holds(at));
    let mut seen: std::collections::HashMap<&str, Option<usize>> = Default::default();
    for el in doc {
        let Some(id) = &el.id else { continue };
        let here = file_of(id.span.start);
        match seen.get(id.name.as_str()) {
            Some(&first) if first != here => {
                let there = first.map_or("the book".to_string(), |f| format!("`{}`", files[f].url));
                diags.warning(
                    id.span,
                    Code::DuplicateIdAcrossFiles,
                    format!(
                        "the ID `{}` is also used in {there}; a link to it leads to the first one: give the elements of each file IDs of their own (`gobook import --chapter` prefixes them with the game's name)",
                        id.name
                    ),
                );
            }
            Some(_) => {}
            None => {
                seen.insert(&id.name, here);
            }
        }
    }
}

fn shift(span: Span, by: u32) -> Span {
    Span {
        start: span.start.saturating_add(by),
        end: span.end.saturating_add(by),
    }
}

fn shift_element(e: &mut Element, by: u32) {
    e.span = shift(e.span, by);
    e.name_span = shift(e.name_span, by);
    if let Some(id) = &mut e.id {
        id.span = shift(id.span, by);
    }
    for a in &mut e.attrs {
        a.name_span = shift(a.name_span, by);
        a.value_span = shift(a.value_span, by);
    }
    if let Some(v) = &mut e.value {
        v.span = shift(v.span, by);
    }
}
