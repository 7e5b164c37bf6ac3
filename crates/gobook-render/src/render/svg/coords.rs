//! Coordinates around the board: column letters above and below, row numbers on both sides.

use super::drawing::{Attrs, Group, Item, Text};
use super::layout::{Layout, COORD_BAND, PAD};
use super::style;
use crate::point::Point;

/// Font size of the coordinates: smaller than move numbers so they stay in the background.
const FONT_SIZE: i32 = 10;

/// Writes the coordinates of the visible columns and rows.
pub(crate) fn write_coordinates(out: &mut Vec<Item>, l: &Layout) {
    let mid = PAD + COORD_BAND / 2;
    // Baseline offset that centres digits and capitals (about 0.36 em).
    let lift = (FONT_SIZE as f32 * 0.36).round() as i32;
    let mut items = Vec::new();
    let mut text = |at, text: String| items.push(Item::Text(Text { at, text }));
    // One <text> per letter: a single text with a list of x positions would be shorter,
    // but librsvg and Qt place only its first letter there and run the rest together.
    for y in [-mid + lift, l.span_y() + mid + lift] {
        for col in l.col_min..=l.col_max {
            let letter = Point::new(col, 0).column_letter();
            text((l.x(col), y), letter.to_string());
        }
    }
    for row in (l.row_min..=l.row_max).rev() {
        let y = l.y(row) + lift;
        for x in [-mid, l.span_x() + mid] {
            text((x, y), (row as u32 + 1).to_string());
        }
    }
    out.push(Item::Group(Group {
        attrs: Attrs {
            font_size: Some(FONT_SIZE),
            ..Attrs::class(style::COORDS)
        },
        items,
    }));
}
