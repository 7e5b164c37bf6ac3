//! A page of Sensei's Library diagrams as a book: one chapter holding each diagram as a
//! `::dia` (its title line its caption, [`super::sl::dia_text`]; boards side by side a
//! row of them), its links a paragraph after it, and the text between diagrams as
//! paragraphs, shown as written. `gobook import page.sl -o page.gobook`.

use super::text::{book_id, push_attr, AsWritten};
use crate::point::MAX_SIZE;
use crate::sl::{Diagram, SlError};

/// A page's book text, and the diagrams' notes (what a `::dia` cannot show), each at
/// its place in `text`.
#[derive(Clone, Debug)]
pub struct SlBook {
    /// The book text (formatted as `gobook fmt` writes it).
    pub text: String,
    /// What the diagrams show that the book cannot, or what was read with a doubt.
    pub notes: Vec<SlError>,
    /// The number of diagrams.
    pub diagrams: usize,
}

/// One piece of a page: the lines around diagrams, or a diagram's `$$` lines.
enum Piece<'a> {
    Text(&'a str),
    Diagram,
}

/// The book of the page `text`, named `name` (its ID and title), in language `lang`; a
/// chapter to include (no `::book`) when `chapter`. `Err`: every diagram that cannot
/// be read, with its place, or one error when the page holds no diagram.
pub fn sl_book(
    text: &str,
    name: &str,
    lang: &'static str,
    chapter: bool,
) -> Result<SlBook, Vec<SlError>> {
    let read = crate::sl::read_all(text);
    if read.is_empty() {
        return Err(vec![SlError {
            span: crate::span::Span::new(0, 0),
            message: "no Sensei's Library diagram here: a diagram's lines start with `$$`, \
                      the first such as `$$B Black to play`"
                .into(),
        }]);
    }
    let errors: Vec<SlError> = read.iter().filter_map(|r| r.clone().err()).collect();
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut diagrams = read.into_iter().flatten();
    let words = AsWritten {
        size: MAX_SIZE,
        lang,
    };
    let mut out = head(name, lang, chapter);
    let mut notes = Vec::new();
    let mut count = 0;
    for piece in pieces(text) {
        match piece {
            Piece::Text(t) => {
                for p in words.paragraphs(t, None) {
                    out.push_str(&p);
                    out.push_str("\n\n");
                }
            }
            Piece::Diagram => {
                let Some(d) = diagrams.next() else { continue };
                count += push_diagram(&mut out, &d, words, &mut notes);
            }
        }
    }
    let text = format!("{}\n", out.trim_end());
    // The writer's conventions applied once, so the book is what `gobook fmt` makes of it
    // (a text that would not parse is kept as made, and the check of it tells why).
    let text = match crate::format::writer::format(&text, false) {
        crate::format::writer::Formatted::Text(t) => t,
        crate::format::writer::Formatted::SyntaxErrors(_) => text,
    };
    Ok(SlBook {
        text,
        notes,
        diagrams: count,
    })
}

/// Writes diagram `d`: each of its boards a `::dia` (boards side by side half or a third
/// as wide, so that they stand in a row as they did), each followed by the paragraph of
/// its links. Returns the number of `::dia` written.
fn push_diagram(
    out: &mut String,
    d: &Diagram,
    words: AsWritten,
    notes: &mut Vec<SlError>,
) -> usize {
    let boards = crate::sl::boards::boards(d);
    let width = match boards.len() {
        1 => None,
        2 => Some("half"),
        _ => Some("third"),
    };
    for b in &boards {
        let (mut dia, n) = super::sl::dia_text(b);
        if let Some(w) = width {
            push_attr(&mut dia, "width", w, false);
        }
        out.push_str(&dia);
        out.push_str("\n\n");
        notes.extend(n);
        let (links, n) = super::sl_links::links_paragraph(b, words);
        if let Some(p) = links {
            out.push_str(&p);
            out.push_str("\n\n");
        }
        notes.extend(n);
    }
    boards.len()
}

/// The `::book` line (or `::chapter`) and the chapter's title.
fn head(name: &str, lang: &'static str, chapter: bool) -> String {
    let tag = if lang == "en" {
        String::new()
    } else {
        format!("_{lang}")
    };
    let id = book_id(name);
    let mut out = String::new();
    if chapter {
        out.push_str(&format!("::chapter{tag}(#{id})"));
    } else {
        out.push_str(&format!("::book{tag}(#{id})"));
        push_attr(&mut out, "title", name, true);
        out.push_str("\n\n::chapter");
    }
    out.push_str("\n\n::h2 ");
    out.push_str(&super::text::safe_title(name));
    out.push_str("\n\n");
    out
}

/// The page cut into its text and its diagrams, in order: a diagram is a run of lines
/// starting (after white space) with `$$`, as [`crate::sl::read_all`] reads them.
fn pieces(text: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let (mut at, mut start, mut in_dia) = (0, 0, false);
    for line in text.split_inclusive('\n') {
        let dollar = line.trim_start().starts_with("$$");
        if dollar != in_dia {
            if in_dia {
                out.push(Piece::Diagram);
            } else if at > start {
                out.push(Piece::Text(&text[start..at]));
            }
            start = at;
            in_dia = dollar;
        }
        at += line.len();
    }
    if in_dia {
        out.push(Piece::Diagram);
    } else if at > start {
        out.push(Piece::Text(&text[start..at]));
    }
    out
}
