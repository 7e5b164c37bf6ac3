//! A Sensei's Library diagram's links on points, where gobook has none: the gobook format
//! links a whole diagram (`href`), so `gobook import` writes the link lines as a paragraph
//! after the diagram, each with what its point shows (`**a**`, `^O`) and its target as a
//! link; `gobook svg` and `gobook md` draw them on the points ([`point_links`]).

use super::text::AsWritten;
use crate::board::diagram::PointLink;
use crate::sl::link::{covered, href, Href};
use crate::sl::{Cell, Diagram, Link, SlError};

/// The board's links of `d`, at the points `point` places its grid points, and a note for
/// each target no page may hold (a scheme other than `http:` and `https:`).
pub fn point_links(
    d: &Diagram,
    point: impl Fn((usize, usize)) -> crate::point::Point,
) -> (Vec<PointLink>, Vec<SlError>) {
    let mut notes = Vec::new();
    for l in &d.links {
        if let Href::Refused(scheme) = href(&l.target) {
            notes.push(refused(d, l, &scheme));
        }
    }
    let links = covered(d)
        .into_iter()
        .filter_map(|(rc, l)| {
            let address = href(&l.target).address()?.to_string();
            Some(PointLink {
                point: point(rc),
                target: l.target.clone(),
                href: address,
            })
        })
        .collect();
    (links, notes)
}

fn refused(d: &Diagram, l: &Link, scheme: &str) -> SlError {
    SlError {
        span: d.span,
        message: format!(
            "the link `[{}|{}]` is not made: gobook links to web addresses (`https:`) and \
             relative ones, never `{scheme}:`",
            l.anchor, l.target
        ),
    }
}

/// The paragraph of `d`'s links (none without links), in book text, and a note for each
/// that is not a link there: an address relative to the page the diagram was written for
/// (`#1`), or another scheme.
pub fn links_paragraph(d: &Diagram, words: AsWritten) -> (Option<String>, Vec<SlError>) {
    let mut notes = Vec::new();
    let mut items = Vec::new();
    for l in &d.links {
        let target = words.line(&l.target);
        let link = match href(&l.target) {
            Href::Web(a) => format!("<a href=\"{}\">{target}</a>", quoted_url(&a)),
            Href::Relative(_) => {
                notes.push(SlError {
                    span: d.span,
                    message: format!(
                        "the link `[{}|{}]` leads within the page it was written for: kept as text",
                        l.anchor, l.target
                    ),
                });
                target
            }
            Href::Refused(scheme) => {
                notes.push(refused(d, l, &scheme));
                target
            }
        };
        items.push(format!("{}: {link}", anchor_text(d, l.anchor, words)));
    }
    let paragraph = (!items.is_empty()).then(|| items.join("; "));
    (paragraph, notes)
}

/// What the points of a link show, in book text: a letter or move number in bold, a mark
/// or stone as its symbol.
fn anchor_text(d: &Diagram, anchor: char, words: AsWritten) -> String {
    let Some(cell) = crate::sl::read::cell_of(anchor) else {
        return words.line(&anchor.to_string());
    };
    let stone = |c: crate::point::Color| {
        if c == crate::point::Color::Black {
            "^Ob"
        } else {
            "^Ow"
        }
    };
    use crate::sl::Shape;
    let shape = |s: Shape| match s {
        Shape::Circle => "^O",
        Shape::Square => "^S",
        Shape::Triangle => "^T",
        Shape::Cross => "^X",
    };
    match cell {
        Cell::Letter(l) => format!("**{l}**"),
        Cell::Move(n) => format!("**{}**", d.start + u32::from(n) - 1),
        Cell::Stone(c) | Cell::Marked(c, _) => stone(c).to_string(),
        Cell::Mark(s) => shape(s).to_string(),
        Cell::Empty | Cell::Hoshi | Cell::Vague | Cell::OffBoard => words.line(&anchor.to_string()),
    }
}

/// `url` for a quoted attribute of book text: the characters that would end the value
/// or the tag, or escape, percent-encoded (a URL means the same so).
fn quoted_url(url: &str) -> String {
    let mut out = String::with_capacity(url.len());
    for c in url.chars() {
        match c {
            '"' => out.push_str("%22"),
            '\\' => out.push_str("%5C"),
            '<' => out.push_str("%3C"),
            '>' => out.push_str("%3E"),
            c if c.is_whitespace() => out.push_str("%20"),
            c => out.push(c),
        }
    }
    out
}
