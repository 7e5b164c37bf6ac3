//! Letters on numbered stones as small badges: a book's commentary names the stone by
//! its number and the point by its letter, so neither may hide the other.

use super::drawing::{Attrs, Group, Item, Text};
use super::layout::Layout;
use super::style;
use crate::point::Point;

/// Where a letter badge sits: the upper left of its point (mark badges take the upper
/// right), over the stone's outline, so the number in the middle stays whole.
const OFFSET: i32 = 9;
/// Radius of the board-coloured disc behind a letter badge.
const RADIUS: i32 = 6;
/// Font size of a badge's letter (user units; a stone is about 22).
const FONT: i32 = 10;

/// Writes each of `letters` (a point that shows a numbered stone, and its one-letter
/// label) as a small letter on a board-coloured disc at the stone's upper left.
pub(crate) fn write_letter_badges(out: &mut Vec<Item>, l: &Layout, letters: &[(Point, &str)]) {
    let shown: Vec<_> = letters.iter().filter(|(p, _)| l.shows(*p)).collect();
    if shown.is_empty() {
        return;
    }
    let at = |p: Point| {
        let (x, y) = l.xy(p);
        (x - OFFSET, y - OFFSET)
    };
    let discs = shown
        .iter()
        .map(|(p, _)| super::stones::circle(at(*p), RADIUS))
        .collect();
    out.push(Item::Group(Group {
        attrs: Attrs::class(style::LABEL_BACKGROUND),
        items: discs,
    }));
    let letters = shown
        .iter()
        .map(|(p, t)| {
            let (x, y) = at(*p);
            // The baseline a little under the disc's centre centres lowercase and capitals
            // alike.
            Item::Text(Text {
                at: (x, y + FONT * 7 / 20),
                text: t.to_string(),
            })
        })
        .collect();
    out.push(Item::Group(Group {
        attrs: Attrs {
            font_size: Some(FONT),
            ..Attrs::class(style::TEXT_ON_EMPTY)
        },
        items: letters,
    }));
}
