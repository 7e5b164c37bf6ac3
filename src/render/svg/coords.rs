//! Coordinates around the board: column letters above and below, row numbers on both sides.

use std::fmt::Write;

use super::layout::{Layout, COORD_BAND, PAD};
use super::style;
use crate::point::Point;

/// Font size of the coordinates: smaller than move numbers so they stay in the background.
const FONT_SIZE: i32 = 10;

/// Writes the coordinates of the visible columns and rows.
pub(crate) fn write_coordinates(out: &mut String, l: &Layout) {
    let mid = PAD + COORD_BAND / 2;
    // Baseline offset that centres digits and capitals (about 0.36 em).
    let lift = (FONT_SIZE as f32 * 0.36).round() as i32;
    let _ = write!(
        out,
        r#"<g class="{}" font-size="{FONT_SIZE}">"#,
        style::COORDS
    );
    // One <text> per letter: a single text with a list of x positions would be shorter,
    // but librsvg and Qt place only its first letter there and run the rest together.
    for y in [-mid + lift, l.span_y() + mid + lift] {
        for col in l.col_min..=l.col_max {
            let letter = Point::new(col, 0).column_letter();
            let _ = write!(out, r#"<text x="{}" y="{y}">{letter}</text>"#, l.x(col));
        }
    }
    for row in (l.row_min..=l.row_max).rev() {
        let y = l.y(row) + lift;
        for x in [-mid, l.span_x() + mid] {
            let _ = write!(out, r#"<text x="{x}" y="{y}">{}</text>"#, row as u32 + 1);
        }
    }
    out.push_str("</g>");
}
