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
    // One <text> per side for the letters: a list of x positions places each letter
    // and centres it on its own, far shorter than one element per column.
    let mut xs = String::new();
    let mut letters = String::new();
    for col in l.col_min..=l.col_max {
        if !xs.is_empty() {
            xs.push(' ');
        }
        let _ = write!(xs, "{}", l.x(col));
        letters.push(Point::new(col, 0).column_letter());
    }
    for y in [-mid + lift, l.span_y() + mid + lift] {
        let _ = write!(out, r#"<text x="{xs}" y="{y}">{letters}</text>"#);
    }
    for row in (l.row_min..=l.row_max).rev() {
        let y = l.y(row) + lift;
        for x in [-mid, l.span_x() + mid] {
            let _ = write!(out, r#"<text x="{x}" y="{y}">{}</text>"#, row as u32 + 1);
        }
    }
    out.push_str("</g>");
}
