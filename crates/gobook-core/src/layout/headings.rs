//! One rule for the levels of a page's headings, which every edition tags them at (the
//! site's and the e-book's `h1`..`h6`, the PDF's `H1`..`H6`): a heading goes at most one
//! level deeper than the heading it falls under, as HTML's outline (the Nu checker, axe's
//! `heading-order`) and PDF/UA-1 ask. A book may well follow its title with a `::h3`, or a
//! `::h2` with a `::h4`: such a heading is tagged one level below the one it falls under,
//! and each writer prints it at the size its author asked for.
//!
//! The book's title is level 1 above every page (the site's `h1` when a chapter has none,
//! the PDF's title page), so a page's first heading is of level 1 or 2, whatever the pages
//! before it hold: each page is levelled alone, the same in every edition.

use super::markdown::{self, Document};
use super::page::Block;
use crate::format::schema::ParaKind;
use std::sync::Arc;

/// The own levels of the headings the next one may fall under, the book's title's 1 first.
struct Open(Vec<u8>);

impl Open {
    /// The level a heading of own level `n` is tagged at: how many headings it falls under,
    /// plus one. It falls under the headings before it of levels above its own: headings
    /// of one level stay siblings, whatever they follow.
    fn tag(&mut self, n: u8) -> u8 {
        let n = n.clamp(1, 6);
        while self.0.last().is_some_and(|&open| open >= n) {
            self.0.pop();
        }
        self.0.push(n);
        self.0.len() as u8
    }
}

/// Sets the level every heading among a page's `blocks` is tagged at (`Para::tag_level`,
/// and the headings of the Markdown files it includes), in reading order.
pub fn level(blocks: &mut [Block]) {
    let mut open = Open(vec![1]);
    level_in(blocks, &mut open);
}

fn level_in(blocks: &mut [Block], open: &mut Open) {
    for b in blocks {
        match b {
            Block::Para(p) => {
                if let ParaKind::H(n) = p.kind {
                    p.tag_level = open.tag(n);
                }
            }
            Block::Boxed(ps) => {
                for p in ps {
                    if let ParaKind::H(n) = p.kind {
                        p.tag_level = open.tag(n);
                    }
                }
            }
            Block::Group { text, .. } => level_in(text, open),
            Block::Row(cells) => {
                for c in cells {
                    level_in(&mut c.text, open);
                }
            }
            Block::Include {
                markdown: Some(doc),
                ..
            } => level_markdown(doc, open),
            Block::Image(_) | Block::Buy { .. } | Block::Include { markdown: None, .. } => {}
        }
    }
}

/// The headings of an included Markdown file, levelled among the page's. The file's
/// document is shared by every page that includes it: copied only when a level changes.
fn level_markdown(doc: &mut Arc<Document>, open: &mut Open) {
    let mut levels = Vec::new();
    let mut same = true;
    headings(&doc.blocks, &mut |own, tagged| {
        let l = open.tag(own);
        same &= l == tagged;
        levels.push(l);
    });
    if same {
        return;
    }
    let mut levels = levels.into_iter();
    headings_mut(&mut Arc::make_mut(doc).blocks, &mut |tagged| {
        *tagged = levels.next().unwrap_or(*tagged);
    });
}

/// Calls `f` with the own and the tagged level of every heading among `blocks`, in
/// reading order.
fn headings(blocks: &[markdown::Block], f: &mut impl FnMut(u8, u8)) {
    use markdown::Block as B;
    for b in blocks {
        match b {
            B::Heading {
                level, tag_level, ..
            } => f(*level, *tag_level),
            B::List { items, .. } => items.iter().for_each(|i| headings(i, f)),
            B::Quote(inner) | B::Footnote { blocks: inner, .. } => headings(inner, f),
            _ => {}
        }
    }
}

/// Calls `f` with the tagged level of every heading among `blocks`, in reading order (the
/// order of [`headings`]), to set it.
fn headings_mut(blocks: &mut [markdown::Block], f: &mut impl FnMut(&mut u8)) {
    use markdown::Block as B;
    for b in blocks {
        match b {
            B::Heading { tag_level, .. } => f(tag_level),
            B::List { items, .. } => items.iter_mut().for_each(|i| headings_mut(i, f)),
            B::Quote(inner) | B::Footnote { blocks: inner, .. } => headings_mut(inner, f),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Open;

    fn levels(own: &[u8]) -> Vec<u8> {
        let mut open = Open(vec![1]);
        own.iter().map(|&n| open.tag(n)).collect()
    }

    #[test]
    fn a_heading_goes_one_level_below_the_one_it_falls_under_at_most() {
        // Under the title: an h3 is the page's second level, an h4 under it its third.
        assert_eq!(levels(&[3, 4, 3, 5, 2]), [2, 3, 2, 3, 2]);
        // Levels that skip none keep their own; an h1 is always the first level.
        assert_eq!(levels(&[1, 2, 3, 4, 5, 1, 2]), [1, 2, 3, 4, 5, 1, 2]);
        // Siblings stay siblings after a skip, and what follows a deeper one falls under it.
        assert_eq!(levels(&[1, 3, 3, 4, 2, 5]), [1, 2, 2, 3, 2, 3]);
        // Levels the format does not have are read as the nearest it has.
        assert_eq!(levels(&[0, 9]), [1, 2]);
    }
}
