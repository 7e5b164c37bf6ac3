//! Coordinates around the board: column letters above and below, row numbers on both sides.

use std::fmt::Write;

use super::layout::{Layout, COORD_BAND, PAD};
use super::glyphs::{self, Placed};
use super::style;
use super::Target;
use crate::point::Point;

/// Font size of the coordinates: smaller than move numbers so they stay in the background.
const FONT_SIZE: i32 = 10;

/// Writes the coordinates of the visible columns and rows.
pub(crate) fn write_coordinates(out: &mut String, l: &Layout, target: Target) {
    let mid = PAD + COORD_BAND / 2;
    // Baseline offset that centres digits and capitals (about 0.36 em).
    let lift = (FONT_SIZE as f32 * 0.36).round() as i32;
    if target == Target::Print {
        write_outlined(out, l, mid, lift);
        return;
    }
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

/// [`write_coordinates`] for print: the same texts at the same places, as outlines.
fn write_outlined(out: &mut String, l: &Layout, mid: i32, lift: i32) {
    let letters: Vec<String> = (l.col_min..=l.col_max)
        .map(|col| Point::new(col, 0).column_letter().to_string())
        .collect();
    let numbers: Vec<String> = (l.row_min..=l.row_max)
        .rev()
        .map(|row| (u32::from(row) + 1).to_string())
        .collect();
    fn place(x: i32, y: i32, text: &str) -> Placed<'_> {
        Placed {
            x,
            y,
            text,
            size: FONT_SIZE,
            condensed: false,
        }
    }
    let mut placed = Vec::new();
    for y in [-mid + lift, l.span_y() + mid + lift] {
        for (col, letter) in (l.col_min..=l.col_max).zip(&letters) {
            placed.push(place(l.x(col), y, letter));
        }
    }
    for (row, number) in (l.row_min..=l.row_max).rev().zip(&numbers) {
        for x in [-mid, l.span_x() + mid] {
            placed.push(place(x, l.y(row) + lift, number));
        }
    }
    glyphs::write_outlined(out, style::COORDS, placed);
}
