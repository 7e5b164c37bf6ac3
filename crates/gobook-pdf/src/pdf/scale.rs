//! How wide a board prints: at the book's scale (`pdf_line_spacing`, the same stones
//! throughout, as in a printed Go book), within the share of the text block its `width`
//! gives it (`layout::sizing`), and never under [`LEAST_LINE_MM`] between lines: below it
//! a numeral is about a millimetre high and a badge a speck. A board its share would
//! shrink below that takes the room it needs; boards side by side that no longer fit go
//! fewer to a line.

use crate::layout::sizing::board_share;
use crate::resolve::model::{Diagram, DiagramWidth};

/// The least space between lines a board prints at, in mm (a book that asks for smaller
/// boards with `pdf_line_spacing` gets its own scale).
pub const LEAST_LINE_MM: f64 = 4.0;

/// The space between two boards side by side, in mm (`gb-grid`'s column gutter).
pub const GUTTER_MM: f64 = 5.0;

/// The share of the text block a narrow diagram with text beside it takes.
pub const BESIDE_SHARE: f64 = 0.45;

/// The share of the text block an inline diagram (one in a paragraph) takes at most.
pub const INLINE_SHARE: f64 = 0.6;

/// The narrowest column of words (a problem's question and hint, a caption) beside a
/// board that gives up its book scale for it, in mm: about four words of body text.
pub const SIDE_COLUMN_MM: f64 = 30.0;

/// A book's print scale over a text block `text_width` mm wide.
#[derive(Clone, Copy, Debug)]
pub struct Scale {
    /// The book's space between lines, in mm.
    pub line_mm: f64,
    /// The text block's width, in mm.
    pub text_width: f64,
}

impl Scale {
    /// The least space between lines a board prints at.
    fn least_line_mm(&self) -> f64 {
        self.line_mm.min(LEAST_LINE_MM)
    }

    /// The printed width of a board `natural` mm wide at the book's scale, standing in
    /// `share` of the text block, of `width`.
    pub fn board_width(&self, natural: f64, share: f64, width: DiagramWidth) -> f64 {
        let room = self.room(share).min(self.text_width * board_share(width));
        natural.min(room.max(self.least(natural)))
    }

    /// The width of one of the `1 / share` columns of a line, between their gutters.
    fn room(&self, share: f64) -> f64 {
        self.text_width * share - GUTTER_MM * (1.0 - share)
    }

    /// The narrowest a board `natural` mm wide at the book's scale prints: at the least
    /// line spacing, and never wider than the text block.
    pub fn least(&self, natural: f64) -> f64 {
        (natural * self.least_line_mm() / self.line_mm).min(self.text_width)
    }

    /// Whether a board `natural` mm wide fits `share` of the text block at its least.
    pub fn fits(&self, natural: f64, share: f64) -> bool {
        self.least(natural) <= self.room(share) + 1e-9
    }

    /// How many of boards `naturals` mm wide go to a line when `wanted` would: fewer
    /// while one of them would print under the least line spacing.
    pub fn per_line(&self, naturals: &[f64], wanted: usize) -> usize {
        (1..=wanted.max(1))
            .rev()
            .find(|&n| n == 1 || naturals.iter().all(|&w| self.fits(w, 1.0 / n as f64)))
            .unwrap_or(1)
    }

    /// The width a board `natural` mm wide and `aspect` times as tall prints at with its
    /// words in a column beside it, so that two of them stand one under the other in
    /// `room` mm of the page: None when two already do at the book's scale with their
    /// words under them (`words` mm each), or when it would print under the least line
    /// spacing. A printed problem book sets its large boards so (sgf2dg's two-column
    /// pages too), where one to a page would leave a third of it blank.
    pub fn side(&self, natural: f64, aspect: f64, room: f64, words: f64) -> Option<f64> {
        let at_scale = natural.min(self.text_width);
        if 2.0 * (at_scale * aspect + words) <= room {
            return None;
        }
        let w = natural
            .min(self.text_width - GUTTER_MM - SIDE_COLUMN_MM)
            .min(room / 2.0 / aspect);
        (w >= self.least(natural) - 1e-9).then_some(w)
    }

    /// The width of diagram `d` at the book's scale, before it is drawn: its columns and
    /// the edge around them (and coordinates, when drawn), as the renderer's geometry has.
    pub fn natural(&self, d: &Diagram, coordinates: bool) -> f64 {
        let cols = f64::from(d.view.1.col.saturating_sub(d.view.0.col)) + 1.0;
        let edge = if coordinates { 1.4 } else { 0.25 };
        (cols + edge) * self.line_mm
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An A5 page's text block and the default scale.
    const A5: Scale = Scale {
        line_mm: 5.0,
        text_width: 113.0,
    };

    #[test]
    fn a_whole_board_never_prints_under_four_millimetres_between_lines() {
        let whole = 19.25 * 5.0;
        for width in [DiagramWidth::Full, DiagramWidth::Dia, DiagramWidth::Half] {
            for share in [1.0, 0.5, 1.0 / 3.0, BESIDE_SHARE] {
                let w = A5.board_width(whole, share, width);
                assert!(w / 19.25 >= 4.0 - 1e-9, "{width:?} at {share}: {w} mm");
                assert!(w <= A5.text_width);
            }
        }
        // At full width it prints at the book's scale.
        assert_eq!(A5.board_width(whole, 1.0, DiagramWidth::Full), whole);
    }

    #[test]
    fn small_boards_keep_the_book_scale_and_share_a_line() {
        // A 6-line corner is as large in a third as in a whole line; a 7-line one a
        // little smaller, still above the least.
        let six = 6.25 * 5.0;
        assert_eq!(A5.board_width(six, 1.0 / 3.0, DiagramWidth::Third), six);
        let corner = 7.25 * 5.0;
        let w = A5.board_width(corner, 1.0 / 3.0, DiagramWidth::Third);
        assert!(w < corner && w / 7.25 > 4.5, "{w}");
        assert_eq!(A5.per_line(&[corner; 3], 3), 3);
        // Three whole boards do not fit a line at 4 mm: one to a line.
        assert_eq!(A5.per_line(&[19.25 * 5.0; 3], 3), 1);
        // A book that asks for small boards gets them.
        let small = Scale { line_mm: 3.0, ..A5 };
        assert_eq!(small.least(19.25 * 3.0), 19.25 * 3.0);
    }

    #[test]
    fn two_whole_boards_share_an_a5_page_with_their_words_beside_them() {
        let whole = 19.25 * 5.0;
        // One to a page at 5 mm (96 mm and its words, twice, over a 168 mm text block):
        // beside their words two fit, at 4.1 mm between lines, never under 4.
        let w = A5.side(whole, 1.0, 160.0, 15.0).unwrap();
        assert!(w / 19.25 >= 4.0 && w / 19.25 < 5.0, "{w}");
        assert!(2.0 * w <= 160.0 && w + GUTTER_MM + SIDE_COLUMN_MM <= A5.text_width + 1e-9);
        // Not when that would take them under 4 mm, nor when two fit at the book's scale.
        assert_eq!(A5.side(whole, 1.0, 140.0, 15.0), None);
        assert_eq!(A5.side(9.25 * 5.0, 1.0, 160.0, 15.0), None);
    }
}
