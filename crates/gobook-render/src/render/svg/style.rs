//! The CSS classes diagrams use and the defaults a standalone SVG carries.
//!
//! Every element carries its colour twice: as a presentation attribute (`fill="#111"`),
//! which every SVG reader understands (librsvg, Qt in calibre, Inkscape, resvg), and
//! through its class, which a page's CSS restyles with custom properties: a style rule
//! beats a presentation attribute, so a page theme or dark mode still restyles every
//! diagram without re-rendering it. `themes/default/board.css` styles the classes for web
//! pages; the standalone `<style>` below does it for a file that stands alone.

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
/// The colour of black stones inside their outline (a stroke: see `stones::write_stones`).
pub(crate) const BLACK_DISCS: &str = "gb-sbd";
/// The colour of white stones inside their outline.
pub(crate) const WHITE_DISCS: &str = "gb-swd";
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

/// The texts that print bold: the bundled sans has no bold face, so in print each of these
/// groups is also stroked 0.7 units wide in its own colour, as printed Go books set them.
const BOLD_IN_PRINT: &[&str] = &[TEXT_ON_BLACK, TEXT_ON_WHITE, TEXT_ON_EMPTY, COORDS];

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
    BLACK_DISCS,
    WHITE_DISCS,
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

/// The colours and font a diagram is drawn in when no page restyles it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    /// Board wood, also behind letters on empty points (`--gb-board`).
    pub board: &'static str,
    /// Grid, star points, marks and text on empty points, coordinates (`--gb-line`).
    pub line: &'static str,
    /// Black stones, text and marks on white stones (`--gb-black`).
    pub black: &'static str,
    /// White stones, text and marks on black stones (`--gb-white`).
    pub white: &'static str,
    /// Stone outlines (`--gb-outline`).
    pub outline: &'static str,
    /// Caption lines under a board (`--gb-text`).
    pub text: &'static str,
    /// The band behind the caption lines (`--gb-paper`).
    pub paper: &'static str,
}

/// The light palette, the defaults of `themes/default/board.css`.
pub const LIGHT: Palette = Palette {
    board: "#e3bf7e",
    line: "#1e1a14",
    black: "#111",
    white: "#fff",
    outline: "#111",
    text: "#222",
    paper: "#f8f4ea",
};

/// The dark palette, the `prefers-color-scheme: dark` colours of `themes/default/board.css`:
/// a dimmed wooden board on which black stones still stand out.
pub const DARK: Palette = Palette {
    board: "#a88650",
    line: "#1c1710",
    black: "#0c0c0c",
    white: "#ece6da",
    outline: "#0c0c0c",
    text: "#ddd",
    paper: "#2a241e",
};

/// The font stack of every text, `--gb-font`'s default.
pub(crate) const FONT: &str = "Helvetica,Arial,sans-serif";

/// Which custom property a colour comes from, and its value in a palette.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Paint {
    Board,
    Line,
    Black,
    White,
    Outline,
    Text,
    Paper,
}

impl Paint {
    fn property(self) -> &'static str {
        match self {
            Paint::Board => "--gb-board",
            Paint::Line => "--gb-line",
            Paint::Black => "--gb-black",
            Paint::White => "--gb-white",
            Paint::Outline => "--gb-outline",
            Paint::Text => "--gb-text",
            Paint::Paper => "--gb-paper",
        }
    }

    fn in_palette(self, p: &Palette) -> &'static str {
        match self {
            Paint::Board => p.board,
            Paint::Line => p.line,
            Paint::Black => p.black,
            Paint::White => p.white,
            Paint::Outline => p.outline,
            Paint::Text => p.text,
            Paint::Paper => p.paper,
        }
    }
}

/// What each class is filled and stroked with: the one table both the presentation
/// attributes and the standalone style sheet are written from.
const PAINTS: &[(&str, Option<Paint>, Option<Paint>)] = &[
    (BOARD, Some(Paint::Board), None),
    (LABEL_BACKGROUND, Some(Paint::Board), None),
    (GRID, None, Some(Paint::Line)),
    (EDGE, None, Some(Paint::Line)),
    (MARK_ON_EMPTY, None, Some(Paint::Line)),
    (LINES, None, Some(Paint::Line)),
    (HOSHI, Some(Paint::Line), None),
    (TEXT_ON_EMPTY, Some(Paint::Line), None),
    (COORDS, Some(Paint::Line), None),
    (ARROW_HEAD, Some(Paint::Line), None),
    (BLACK_STONES, Some(Paint::Black), Some(Paint::Outline)),
    (BLACK_DISCS, None, Some(Paint::Black)),
    (TEXT_ON_WHITE, Some(Paint::Black), None),
    (TERRITORY_BLACK, Some(Paint::Black), Some(Paint::Outline)),
    (WHITE_STONES, Some(Paint::White), Some(Paint::Outline)),
    (WHITE_DISCS, None, Some(Paint::White)),
    (TEXT_ON_BLACK, Some(Paint::White), None),
    (TERRITORY_WHITE, Some(Paint::White), Some(Paint::Outline)),
    (MARK_ON_BLACK, None, Some(Paint::White)),
    (MARK_ON_WHITE, None, Some(Paint::Black)),
    (CAPTION, Some(Paint::Text), None),
    (CAPTION_BAND, Some(Paint::Paper), None),
];

/// What class `class` is painted with in `palette`: its place in [`PAINTS`] (bit `i` of
/// the classes a drawing uses), its fill and its stroke, and whether print sets its text
/// bold (stroked in its fill's colour); `None` for a class without paint (the root's).
pub(crate) fn paints(
    class: &str,
    palette: &Palette,
) -> Option<(usize, Option<&'static str>, Option<&'static str>, bool)> {
    let k = PAINTS.iter().position(|(c, _, _)| *c == class)?;
    let (_, fill, stroke) = PAINTS[k];
    Some((
        k,
        fill.map(|p| p.in_palette(palette)),
        stroke.map(|p| p.in_palette(palette)),
        BOLD_IN_PRINT.contains(&class),
    ))
}

/// How wide print strokes its bold texts, in user units.
pub(crate) const BOLD_STROKE: f64 = 0.7;

/// Every class of [`PAINTS`], as [`paints`] numbers them.
#[cfg(test)]
pub(crate) const ALL_USED: u32 = (1 << PAINTS.len()) - 1;

/// Appends the style a standalone SVG embeds for the classes in `used` (see [`paints`]),
/// and the font when `text`: each colour read from its custom property first, so a page
/// that sets `--gb-*` restyles a standalone file it inlines too, with `palette`'s colour
/// as the fallback (a rule that reads an unset property without a fallback would unset
/// the colour, not leave the attribute's). Only the classes a file uses, so a small
/// diagram carries a small sheet.
pub(crate) fn standalone_css(css: &mut String, palette: &Palette, used: u32, text: bool) {
    if text {
        css.push_str(".gb{font-family:var(--gb-font,");
        css.push_str(FONT);
        css.push_str(")}");
    }
    let all = [
        Paint::Board,
        Paint::Line,
        Paint::Black,
        Paint::White,
        Paint::Outline,
        Paint::Text,
        Paint::Paper,
    ];
    // One rule per property and colour, listing every class painted so: the shortest sheet.
    for (property, is_fill) in [("fill", true), ("stroke", false)] {
        for paint in all {
            let mut selectors = String::new();
            for (k, &(class, fill, stroke)) in PAINTS.iter().enumerate() {
                let this = if is_fill { fill } else { stroke };
                if this == Some(paint) && used & (1 << k) != 0 {
                    if !selectors.is_empty() {
                        selectors.push(',');
                    }
                    selectors.push('.');
                    selectors.push_str(class);
                }
            }
            if !selectors.is_empty() {
                css.push_str(&selectors);
                css.push('{');
                css.push_str(property);
                css.push_str(":var(");
                css.push_str(paint.property());
                css.push(',');
                css.push_str(paint.in_palette(palette));
                css.push_str(")}");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_script_paints_its_live_boards_as_the_renderer_does() {
        let script = include_str!("../../../../../themes/default/gobook.js");
        // The classes the live board draws (its PAINT leaves out captions, lines, territory,
        // and the discs of the renderer's stones: the live board draws circles).
        let drawn = |c: &str| {
            !matches!(
                c,
                "gb-ln" | "gb-ah" | "gb-tb" | "gb-tw" | "gb-ca" | "gb-cab" | "gb-sbd" | "gb-swd"
            )
        };
        for &(class, fill, stroke) in PAINTS.iter().filter(|(c, _, _)| drawn(c)) {
            let mut attrs = String::new();
            for (name, paint) in [("fill", fill), ("stroke", stroke)] {
                if let Some(paint) = paint {
                    attrs.push_str(&format!(r#" {name}="{}""#, paint.in_palette(&LIGHT)));
                }
            }
            let entry = format!("'{class}': '{attrs}'");
            assert!(script.contains(&entry), "gobook.js's PAINT lacks {entry}");
        }
    }

    #[test]
    fn both_style_sheets_style_every_class() {
        let theme = include_str!("../../../../../themes/default/board.css");
        let mut standalone = String::new();
        standalone_css(&mut standalone, &LIGHT, ALL_USED, true);
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
