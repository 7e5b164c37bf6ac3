//! How a book is printed: trim size, margins for binding, the board's scale, where the
//! solutions go, the font for Chinese, Japanese and Korean, from `gobook.toml`'s `pdf_*`
//! keys (checked there) with a printed Go book's defaults.

use crate::project::config::Config;
use crate::render::svg::{Palette, LIGHT};

/// A trim size: a page's width and height in millimetres.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Trim {
    /// The name `pdf_size` gives it.
    pub name: &'static str,
    /// Width in mm.
    pub width: f64,
    /// Height in mm.
    pub height: f64,
}

/// The trim sizes `pdf_size` accepts; A5 first, the default (the Elementary Go Series' size is close).
pub const TRIMS: [Trim; 5] = [
    Trim {
        name: "A5",
        width: 148.0,
        height: 210.0,
    },
    Trim {
        name: "B5",
        width: 176.0,
        height: 250.0,
    },
    Trim {
        name: "6x9",
        width: 152.4,
        height: 228.6,
    },
    Trim {
        name: "A4",
        width: 210.0,
        height: 297.0,
    },
    Trim {
        name: "letter",
        width: 215.9,
        height: 279.4,
    },
];

/// The gap between the trim (or the bleed, when larger) and a crop mark, in mm.
pub const CROP_MARK_GAP: f64 = 3.0;
/// A crop mark's length, in mm.
pub const CROP_MARK_LENGTH: f64 = 6.0;

/// The average width of a character of running text in Libertinus Serif, in mm per point
/// of text size (measured: 77 characters to a 116 mm line at 10 pt).
const CHAR_MM_PER_PT: f64 = 0.1507;
/// The largest body text size, in points.
const MAX_TEXT_PT: f64 = 11.5;
/// The most characters a line of body text should hold.
const MAX_CHARS: f64 = 67.0;

/// The top margin in mm, below which the text block starts (the running head above it).
pub const TOP_MARGIN: f64 = 20.0;
/// The bottom margin in mm (the page number of an opening page in it).
pub const BOTTOM_MARGIN: f64 = 22.0;

/// Where a problem's answers print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolutionsAt {
    /// At the end of the problem's chapter.
    Chapter,
    /// In one section at the end of the book.
    Book,
}

/// The print settings of a book.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// The trim size.
    pub trim: Trim,
    /// Inner (binding side) and outer margins in mm.
    pub margins: (f64, f64),
    /// Bleed in mm around the trimmed page (0: none); the PDF's TrimBox marks the trim.
    pub bleed: f64,
    /// Crop marks at the trim's corners, outside the bleed.
    pub crop_marks: bool,
    /// Millimetres between the lines of a board (4.5 to 5.5 in printed books).
    pub line_mm: f64,
    /// The colours boards print in: a white board by default, as printed Go books.
    pub board: Palette,
    /// Where answers print.
    pub solutions: SolutionsAt,
    /// Chapters start on a right-hand (odd) page.
    pub right_hand_chapters: bool,
    /// The font for Chinese, Japanese and Korean text: a family name or a font file.
    pub cjk_font: Option<String>,
}

/// The palette `pdf_board` names: the screen's light palette on a white board (the
/// default), a light wood tint, or the site's wood.
fn board_palette(name: Option<&str>) -> Palette {
    let board = match name {
        Some("wood") => LIGHT.board,
        Some("tint") => "#f3e3c3",
        _ => "#fff",
    };
    Palette { board, ..LIGHT }
}

impl Settings {
    /// The settings of `config`, defaults where it says nothing. `config` is already
    /// validated ([`crate::project::config::Config::validate`]), so its values are known good.
    pub fn from_config(config: &Config) -> Settings {
        let trim = config
            .pdf_size
            .as_deref()
            .and_then(trim)
            .unwrap_or(TRIMS[0]);
        // Wider pages get wider margins; the inner one leaves room for the binding.
        let outer = (trim.width * 0.1).clamp(14.0, 22.0);
        let (inner, outer) = (outer + 4.0, outer);
        // Lines of at most 67 characters at the largest text size: a wide page's default
        // margins grow by what the column has too much.
        let widest = MAX_CHARS * CHAR_MM_PER_PT * MAX_TEXT_PT;
        let extra = ((trim.width - inner - outer - widest) / 2.0).max(0.0);
        Settings {
            trim,
            margins: (
                config.pdf_inner_margin.unwrap_or(inner + extra),
                config.pdf_outer_margin.unwrap_or(outer + extra),
            ),
            bleed: config.pdf_bleed.unwrap_or(0.0),
            crop_marks: config.pdf_crop_marks.unwrap_or(false),
            line_mm: config.pdf_line_spacing.unwrap_or(5.0),
            board: board_palette(config.pdf_board.as_deref()),
            solutions: match config.pdf_solutions.as_deref() {
                Some("book") => SolutionsAt::Book,
                _ => SolutionsAt::Chapter,
            },
            right_hand_chapters: config.pdf_right_hand_chapters.unwrap_or(false),
            cjk_font: config.pdf_cjk_font.clone(),
        }
    }

    /// How far the crop marks reach beyond the bleed, in mm: the paper outside the bleed
    /// that holds them (none without marks).
    pub fn slug(&self) -> f64 {
        if self.crop_marks {
            CROP_MARK_GAP + CROP_MARK_LENGTH
        } else {
            0.0
        }
    }

    /// The width of the text column in mm.
    pub fn text_width(&self) -> f64 {
        self.trim.width - self.margins.0 - self.margins.1
    }

    /// The height of the text block in mm: the page less its top and bottom margins
    /// (`frame::page_settings`).
    pub fn text_height(&self) -> f64 {
        self.trim.height - TOP_MARGIN - BOTTOM_MARGIN
    }

    /// The body text's size in points: about 67 characters to the column's line (60 to 75,
    /// as book typography asks), between 10 and 11.5 pt.
    pub fn text_pt(&self) -> f64 {
        let pt = self.text_width() / (CHAR_MM_PER_PT * MAX_CHARS);
        (pt * 10.0).round().clamp(100.0, MAX_TEXT_PT * 10.0) / 10.0
    }
}

/// The trim size named `name` (case does not matter).
pub fn trim(name: &str) -> Option<Trim> {
    TRIMS
        .iter()
        .find(|t| t.name.eq_ignore_ascii_case(name))
        .copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_an_a5_book_with_five_millimetre_boards() {
        let s = Settings::from_config(&Config::default());
        assert_eq!(s.trim.name, "A5");
        assert_eq!(s.line_mm, 5.0);
        assert!(s.margins.0 > s.margins.1, "the inner margin is the wider");
        // 60 to 75 characters a line on every trim (the PDF's lines are measured in
        // tests/it/pdf_build.rs).
        for t in TRIMS {
            let c = Config {
                pdf_size: Some(t.name.into()),
                ..Default::default()
            };
            let s = Settings::from_config(&c);
            let chars = s.text_width() / (CHAR_MM_PER_PT * s.text_pt());
            assert!((62.0..=70.0).contains(&chars), "{}: {chars}", t.name);
        }
        assert_eq!(trim("LETTER").unwrap().name, "letter");
    }
}
