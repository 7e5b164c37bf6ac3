//! What each edition (book language) shows, where the check must say so: the editions an
//! element or attribute with an unknown language tag is shown in, and the links whose
//! target an edition lacks (a chapter written for some languages only).

use crate::diagnostics::{Code, Diagnostic};
use crate::format::inline::{self, Inline};
use crate::format::links::Links;
use crate::format::schema::ElementKind;
use crate::format::syntax::{Document, Span};
use crate::resolve::model::{BlockKind, Book};
use crate::resolve::shows_in;

/// The editions of `book` that show element `i`: its own languages and its chapter's.
pub fn showing(doc: &Document, links: &Links, book: &Book, i: usize) -> Vec<String> {
    let Some(el) = doc.elements.get(i) else {
        return Vec::new();
    };
    let own: Vec<String> = el.languages().map(String::from).collect();
    let chapter: Vec<String> = links
        .chapter
        .get(i)
        .copied()
        .flatten()
        .filter(|&c| c != i)
        .and_then(|c| doc.elements.get(c))
        .map(|c| c.languages().map(String::from).collect())
        .unwrap_or_default();
    book.languages
        .iter()
        .filter(|l| shows_in(&own, l) && shows_in(&chapter, l))
        .cloned()
        .collect()
}

/// "in no edition" or "only in the en and ja editions", for a message.
fn in_editions(editions: &[String], book: &Book) -> String {
    match editions {
        [] => format!(
            "in no edition of the book (it has {})",
            book.languages.join(", ")
        ),
        all if all.len() == book.languages.len() => "in every edition".into(),
        [one] => format!("only in the `{one}` edition"),
        some => format!("only in the {} editions", some.join(", ")),
    }
}

/// What an unknown language tag at `span` leads to, for its warning (", so ..."): in which
/// editions the element (or the attribute) is shown, so the author sees what is lost.
pub fn unknown_tag_note(doc: &Document, links: &Links, book: &Book, span: Span) -> String {
    let at = span.start;
    let Some(i) = doc.element_at(at) else {
        return String::new();
    };
    let el = &doc.elements[i];
    if el.kind == ElementKind::Book {
        return ", so the book has no edition in it".into();
    }
    let editions = showing(doc, links, book, i);
    match el.attrs.iter().find(|a| a.name_span == span) {
        // A language-specific attribute stands for the languages of its suffix.
        Some(a) => {
            let used: Vec<String> = editions
                .into_iter()
                .filter(|l| a.langs().any(|x| x == l))
                .collect();
            format!(", so `{}` is used {}", a.name, in_editions(&used, book))
        }
        None => format!(
            ", so this element is shown {}",
            in_editions(&editions, book)
        ),
    }
}

/// A link whose target some editions that show the link lack.
pub struct MissingTarget {
    /// The link, `<a` to `</a>` (or the `href` attribute's value).
    pub span: Span,
    /// The `href`, an ID.
    pub href: String,
    /// The editions that show the link but not its target, in the book's order.
    pub lacking: Vec<String>,
}

impl MissingTarget {
    /// The warning for this link: on the pages of those editions it is plain text.
    pub fn diagnostic(&self) -> Diagnostic {
        let editions = match self.lacking.as_slice() {
            [one] => format!("the `{one}` edition"),
            many => format!("the {} editions", many.join(", ")),
        };
        Diagnostic {
            severity: crate::diagnostics::Severity::Warning,
            span: self.span,
            code: Code::LinkToMissingEdition,
            message: format!(
                "`{}` is not in {editions}, so there this link is plain text: translate what it leads to \
                 (tag it with those languages too), or tag the link's paragraph with the languages that have it",
                self.href
            ),
        }
    }
}

/// Links to an element of the book that an edition showing the link lacks (a chapter in
/// English only, linked from a paragraph every edition shows): on those pages the link
/// is plain text.
pub fn links_to_missing(doc: &Document, links: &Links, book: &Book) -> Vec<MissingTarget> {
    let mut out = Vec::new();
    for ch in &book.chapters {
        for b in &ch.blocks {
            let text = match &b.kind {
                BlockKind::Paragraph(p) => Some(&p.raw),
                BlockKind::Diagram(d) => book.diagrams.get(*d).and_then(|d| d.text.as_ref()),
                _ => None,
            };
            let mut hrefs = Vec::new();
            if let Some(text) = text {
                let mut scratch = crate::diagnostics::Diagnostics::default();
                collect_hrefs(&inline::parse(text, &mut scratch), &mut hrefs);
            }
            if let Some(a) = doc.elements.get(b.element).and_then(|e| e.attr("href")) {
                hrefs.push((a.value.clone(), a.value_span));
            }
            if hrefs.is_empty() {
                continue;
            }
            let from = showing(doc, links, book, b.element);
            for (href, span) in hrefs {
                if let Some(lacking) = missing_target(doc, links, book, b.element, &from, &href) {
                    out.push(MissingTarget {
                        span,
                        href,
                        lacking,
                    });
                }
            }
        }
    }
    out
}

/// The editions that show the link from `element` to `href` but not its target.
fn missing_target(
    doc: &Document,
    links: &Links,
    book: &Book,
    element: usize,
    from: &[String],
    href: &str,
) -> Option<Vec<String>> {
    use crate::format::values::{classify_href, Href};
    let Href::Id(id) = classify_href(href) else {
        return None;
    };
    let target = links.lookup(id, element)?;
    if links.is_include(target) {
        return None;
    }
    let to = showing(doc, links, book, target);
    let lacking: Vec<String> = from.iter().filter(|l| !to.contains(l)).cloned().collect();
    (!lacking.is_empty()).then_some(lacking)
}

/// The `href` values of the links in `parts`, with the span of each link.
fn collect_hrefs(parts: &[Inline], out: &mut Vec<(String, Span)>) {
    for part in parts {
        match part {
            Inline::Link {
                attrs,
                content,
                span,
            } => {
                if let Some(a) = attrs.iter().find(|a| a.name == "href") {
                    out.push((a.value.clone(), *span));
                }
                collect_hrefs(content, out);
            }
            other => collect_hrefs(other.content(), out),
        }
    }
}
