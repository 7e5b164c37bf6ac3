//! How a book is printed: trim size, margins for binding, the board's scale, where the
//! solutions go, the font for Chinese, Japanese and Korean, from `gobook.toml`'s `pdf_*`
//! keys (checked there) with a printed Go book's defaults.

use crate::project::config::Config;

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
    /// Where answers print.
    pub solutions: SolutionsAt,
    /// Chapters start on a right-hand (odd) page.
    pub right_hand_chapters: bool,
    /// The font for Chinese, Japanese and Korean text: a family name or a font file.
    pub cjk_font: Option<String>,
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
        Settings {
            trim,
            margins: (
                config.pdf_inner_margin.unwrap_or(outer + 4.0),
                config.pdf_outer_margin.unwrap_or(outer),
            ),
            bleed: config.pdf_bleed.unwrap_or(0.0),
            crop_marks: config.pdf_crop_marks.unwrap_or(false),
            line_mm: config.pdf_line_spacing.unwrap_or(5.0),
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
        // 60 to 75 characters a line at 10 pt Libertinus: about 100 to 115 mm.
        assert!(
            (95.0..=120.0).contains(&s.text_width()),
            "{}",
            s.text_width()
        );
        assert_eq!(trim("LETTER").unwrap().name, "letter");
    }
}
