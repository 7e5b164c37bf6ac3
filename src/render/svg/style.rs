//! The CSS classes diagrams use and the defaults a standalone SVG carries.
//!
//! Colours and fonts live only in CSS (custom properties with fallbacks), so a page
//! theme or dark mode restyles every inline diagram without re-rendering it.
//! `themes/default/board.css` styles the same classes for web pages.

/// Class of the root `<svg>`.
pub(crate) const ROOT: &str = "gb";
/// Board background rectangle.
pub(crate) const BOARD: &str = "gb-bd";
/// The grid path.
pub(crate) const GRID: &str = "gb-g";
/// The heavier board edge.
pub(crate) const EDGE: &str = "gb-e";
/// Star points.
pub(crate) const HOSHI: &str = "gb-h";
/// Black stones.
pub(crate) const BLACK_STONES: &str = "gb-sb";
/// White stones.
pub(crate) const WHITE_STONES: &str = "gb-sw";
/// Text on black stones (drawn light).
pub(crate) const TEXT_ON_BLACK: &str = "gb-nb";
/// Text on white stones (drawn dark).
pub(crate) const TEXT_ON_WHITE: &str = "gb-nw";
/// Text on empty points.
pub(crate) const TEXT_ON_EMPTY: &str = "gb-ne";
/// The board-coloured discs that clear grid lines behind text on empty points.
pub(crate) const LABEL_BACKGROUND: &str = "gb-lbg";
/// Marks on black stones.
pub(crate) const MARK_ON_BLACK: &str = "gb-mb";
/// Marks on white stones.
pub(crate) const MARK_ON_WHITE: &str = "gb-mw";
/// Marks on empty points.
pub(crate) const MARK_ON_EMPTY: &str = "gb-me";
/// Black territory squares.
pub(crate) const TERRITORY_BLACK: &str = "gb-tb";
/// White territory squares.
pub(crate) const TERRITORY_WHITE: &str = "gb-tw";
/// Lines and arrows.
pub(crate) const LINES: &str = "gb-ln";
/// Arrow heads.
pub(crate) const ARROW_HEAD: &str = "gb-ah";
/// Coordinates.
pub(crate) const COORDS: &str = "gb-co";
/// Caption lines under the board.
pub(crate) const CAPTION: &str = "gb-ca";
/// The band behind the caption lines, so they keep their contrast on any page.
pub(crate) const CAPTION_BAND: &str = "gb-cab";

/// Every class above, for the test that keeps the style sheets complete.
#[cfg(test)]
pub(crate) const ALL: &[&str] = &[
    ROOT,
    BOARD,
    GRID,
    EDGE,
    HOSHI,
    BLACK_STONES,
    WHITE_STONES,
    TEXT_ON_BLACK,
    TEXT_ON_WHITE,
    TEXT_ON_EMPTY,
    LABEL_BACKGROUND,
    MARK_ON_BLACK,
    MARK_ON_WHITE,
    MARK_ON_EMPTY,
    TERRITORY_BLACK,
    TERRITORY_WHITE,
    LINES,
    ARROW_HEAD,
    COORDS,
    CAPTION,
    CAPTION_BAND,
];

/// Light defaults embedded in standalone SVG. Rules still read the custom properties
/// first, so a page that sets `--gb-*` restyles a standalone file it inlines too.
pub(crate) const STANDALONE_CSS: &str = concat!(
    ".gb{font-family:var(--gb-font,Helvetica,Arial,sans-serif)}",
    ".gb-bd,.gb-lbg{fill:var(--gb-board,#e3bf7e)}",
    ".gb-g,.gb-e,.gb-me,.gb-ln{stroke:var(--gb-line,#1e1a14)}",
    ".gb-h,.gb-ne,.gb-co,.gb-ah{fill:var(--gb-line,#1e1a14)}",
    ".gb-sb,.gb-nw,.gb-tb{fill:var(--gb-black,#111)}",
    ".gb-sw,.gb-nb,.gb-tw{fill:var(--gb-white,#fff)}",
    ".gb-sb,.gb-sw,.gb-tb,.gb-tw{stroke:var(--gb-outline,#111)}",
    ".gb-mb{stroke:var(--gb-white,#fff)}",
    ".gb-mw{stroke:var(--gb-black,#111)}",
);

/// Added to the standalone style only when the file has caption lines: dark text on its
/// own light band, a pair a page may restyle together (`--gb-text`, `--gb-paper`).
pub(crate) const CAPTION_CSS: &str =
    ".gb-ca{fill:var(--gb-text,#222)}.gb-cab{fill:var(--gb-paper,#f8f4ea)}";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_style_sheets_style_every_class() {
        let theme = include_str!("../../../themes/default/board.css");
        let standalone = format!("{STANDALONE_CSS}{CAPTION_CSS}");
        for class in ALL {
            let selector = format!(".{class}");
            let styled = |css: &str| {
                css.match_indices(&selector).any(|(i, _)| {
                    // `.gb` must not count as styled just because `.gb-bd` is.
                    !css[i + selector.len()..]
                        .starts_with(|c: char| c == '-' || c.is_alphanumeric())
                })
            };
            assert!(styled(&standalone), "standalone CSS misses {selector}");
            assert!(styled(theme), "themes/default/board.css misses {selector}");
        }
    }
}
