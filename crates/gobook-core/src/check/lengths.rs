//! The lengths print can take: a PDF keeps a heading, a title or a caption as one string
//! (in its bookmarks, its metadata and the alternative texts of its figures), and an
//! archival PDF refuses a string over 32,767 bytes; a heading is also typeset on its own,
//! kept whole, far slower the longer it is. So the check refuses such texts over
//! [`MAX_CHARS`], where they are written, rather than the PDF failing.

use crate::diagnostics::{Code, Diagnostics};
use crate::format::schema::{ElementKind, ParaKind};
use crate::format::syntax::{Document, Span};

/// The most characters of a heading, title, caption or the like: far more than any book
/// needs, and well within the PDF's string limit even as UTF-16 with markup.
pub const MAX_CHARS: usize = 1_000;

/// The attributes whose text a PDF keeps as one string or sets as a heading.
const LIMITED: &[(&str, &str)] = &[
    ("title", "a title"),
    ("subtitle", "a subtitle"),
    ("author", "an author"),
    ("publisher", "a publisher"),
    ("copyright", "a copyright line"),
    ("shortTitle", "a short title"),
    ("ca", "a caption"),
    ("header", "a diagram's header"),
];

/// Refuses each heading, title, caption or the like of `doc` over [`MAX_CHARS`].
pub fn check(doc: &Document, diags: &mut Diagnostics) {
    for el in &doc.elements {
        for a in &el.attrs {
            if let Some((_, what)) = LIMITED.iter().find(|(n, _)| *n == a.base_name()) {
                refuse_long(&a.value, a.value_span, what, diags);
            }
        }
        let what = match el.kind {
            ElementKind::Paragraph(ParaKind::H(_)) => "a heading",
            ElementKind::Paragraph(ParaKind::S(_)) => "a subtitle",
            ElementKind::Diagram(_) | ElementKind::Img => "a caption",
            _ => continue,
        };
        if let Some(v) = &el.value {
            refuse_long(&v.raw, v.span, what, diags);
        }
    }
}

/// An error at `span` if `text` (`what`: "a heading") is over [`MAX_CHARS`] characters.
fn refuse_long(text: &str, span: Span, what: &str, diags: &mut Diagnostics) {
    let n = text.chars().count();
    if n <= MAX_CHARS {
        return;
    }
    diags.error(
        span,
        Code::TextTooLong,
        format!(
            "{what} of {n} characters is longer than print takes ({MAX_CHARS} at most: a PDF keeps it as one string, \
             in its bookmarks or the text read aloud for a figure); shorten it, and put the rest in a paragraph (`::p`)"
        ),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_headings_titles_and_captions_are_refused_where_written() {
        let long = "word ".repeat(300);
        let text = format!(
            "::book(#b) title=\"{long}\"\n\n::chapter\n\n::h1 {long}\n\n::p {long}\n\n::dia ca=\"{long}\" ab=C3\n\n::h2 Short\n"
        );
        let doc = crate::format::parse(&text).doc;
        let mut diags = Diagnostics::default();
        check(&doc, &mut diags);
        let got: Vec<usize> = diags
            .into_vec()
            .iter()
            .map(|d| text[..d.span.start as usize].lines().count())
            .collect();
        // The title (line 1), the heading (5) and the caption (9), not the paragraph.
        assert_eq!(got, vec![1, 5, 9]);
    }
}
