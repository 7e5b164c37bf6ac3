//! Letters on numbered stones as small badges: a book's commentary names the stone by
//! its number and the point by its letter, so neither may hide the other.

use super::layout::Layout;
use super::style;
use super::text::push_int;
use crate::escape::push_text;
use crate::point::Point;
use std::fmt::Write as _;

/// Where a letter badge sits: the upper left of its point (mark badges take the upper
/// right), over the stone's outline, so the number in the middle stays whole.
const OFFSET: i32 = 9;
/// Radius of the board-coloured disc behind a letter badge.
const RADIUS: i32 = 6;
/// Font size of a badge's letter (user units; a stone is about 22).
const FONT: i32 = 10;

/// Writes each of `letters` (a point that shows a numbered stone, and its one-letter
/// label) as a small letter on a board-coloured disc at the stone's upper left.
pub(crate) fn write_letter_badges(out: &mut String, l: &Layout, letters: &[(Point, &str)]) {
    let shown: Vec<_> = letters.iter().filter(|(p, _)| l.shows(*p)).collect();
    if shown.is_empty() {
        return;
    }
    let _ = write!(out, r#"<g class="{}">"#, style::LABEL_BACKGROUND);
    for (p, _) in &shown {
        let (x, y) = l.xy(*p);
        super::stones::circle(out, (x - OFFSET, y - OFFSET), RADIUS);
    }
    out.push_str("</g>");
    let _ = write!(
        out,
        r#"<g class="{}" font-size="{FONT}">"#,
        style::TEXT_ON_EMPTY
    );
    for (p, t) in &shown {
        let (x, y) = l.xy(*p);
        out.push_str(r#"<text x=""#);
        push_int(out, x - OFFSET);
        out.push_str(r#"" y=""#);
        // The baseline a little under the disc's centre centres lowercase and capitals alike.
        push_int(out, y - OFFSET + FONT * 7 / 20);
        out.push_str(r#"">"#);
        push_text(out, t);
        out.push_str("</text>");
    }
    out.push_str("</g>");
}
