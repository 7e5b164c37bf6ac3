//! Board diagrams as PNG: a standalone SVG drawn in-process by resvg, with a bundled font,
//! so a blogger gets a picture without a browser and the digits look alike on every machine.
//!
//! The bundled font covers Latin text. A picture whose drawn text needs more (a caption in
//! Chinese, Japanese or Korean) is drawn with the machine's fonts as a fallback for those
//! characters: bundling a CJK font would add megabytes to every gobook for a few captions.
//! Such a PNG is the same on every run on one machine, and its digits and Latin letters are
//! the bundled font's everywhere; only its CJK glyphs follow the fonts installed.

use resvg::{tiny_skia, usvg};
use std::sync::{Arc, OnceLock};

/// The font every PNG's text is drawn in (DejaVu Sans cut to Latin; licence in assets/fonts).
const FONT: &[u8] = include_bytes!("../../../../assets/fonts/DejaVuSans-subset.ttf");
/// The family name inside [`FONT`].
const FAMILY: &str = "DejaVu Sans";
/// The largest side a PNG may have, in pixels: far past any screen, well short of memory trouble.
pub const MAX_SIDE: u32 = 16_384;

/// Why a diagram could not become a PNG.
#[derive(Debug, thiserror::Error)]
pub enum PngError {
    /// resvg cannot read the SVG (a bug: gobook wrote it).
    #[error("cannot read the SVG: {0}")]
    Svg(#[source] usvg::Error),
    /// The asked width and scale give a side of no pixels or too many.
    #[error("a PNG of {width}x{height} pixels is out of range: each side must be 1 to {MAX_SIDE}")]
    Size {
        /// The width in device pixels.
        width: f32,
        /// The height in device pixels.
        height: f32,
    },
    /// No memory for the image.
    #[error("cannot make a {width}x{height} image")]
    Pixmap {
        /// The width in device pixels.
        width: f32,
        /// The height in device pixels.
        height: f32,
    },
    /// The image could not be encoded; the `png` crate's error, boxed so that gobook
    /// need not depend on that crate only to name it.
    #[error("cannot encode the PNG: {0}")]
    Encode(#[source] Box<dyn std::error::Error + Send + Sync>),
}

/// Draws `svg` (a standalone diagram from [`crate::render::svg`]) as PNG bytes, `width` CSS
/// pixels wide times `scale` device pixels each (2 for high-density screens); the height
/// follows the drawing's aspect ratio.
pub fn svg_to_png(svg: &str, width: u32, scale: f32) -> Result<Vec<u8>, PngError> {
    let plain = without_css_variables(svg);
    let mut opts = usvg_options();
    if !missing_glyphs(&drawn_text(&plain)).is_empty() {
        opts.fontdb = fonts_with_system();
    }
    let tree = usvg::Tree::from_str(&plain, &opts).map_err(PngError::Svg)?;
    let size = tree.size();
    let px_w = (width as f32 * scale).round();
    let factor = px_w / size.width();
    let px_h = (size.height() * factor).round();
    if !(1.0..=MAX_SIDE as f32).contains(&px_w) || !(1.0..=MAX_SIDE as f32).contains(&px_h) {
        return Err(PngError::Size {
            width: px_w,
            height: px_h,
        });
    }
    let mut pixmap = tiny_skia::Pixmap::new(px_w as u32, px_h as u32).ok_or(PngError::Pixmap {
        width: px_w,
        height: px_h,
    })?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(factor, factor),
        &mut pixmap.as_mut(),
    );
    let png = pixmap
        .encode_png()
        .map_err(|e| PngError::Encode(Box::new(e)))?;
    Ok(with_software_chunk(png))
}

/// The `tEXt` chunk `Software` = `gobook`, as image tools name their writer: it tells a
/// PNG gobook drew, which `gobook svg -o` may replace, from a file it must not.
pub const SOFTWARE_CHUNK: &[u8] = b"tEXtSoftware\0gobook";

/// `png` with [`SOFTWARE_CHUNK`] after its header chunk (signature 8 bytes, IHDR 25).
fn with_software_chunk(png: Vec<u8>) -> Vec<u8> {
    const AFTER_IHDR: usize = 8 + 25;
    if png.len() < AFTER_IHDR {
        return png;
    }
    let data_len = (SOFTWARE_CHUNK.len() - 4) as u32;
    let mut out = Vec::with_capacity(png.len() + SOFTWARE_CHUNK.len() + 8);
    out.extend_from_slice(&png[..AFTER_IHDR]);
    out.extend_from_slice(&data_len.to_be_bytes());
    out.extend_from_slice(SOFTWARE_CHUNK);
    out.extend_from_slice(&crc32fast::hash(SOFTWARE_CHUNK).to_be_bytes());
    out.extend_from_slice(&png[AFTER_IHDR..]);
    out
}

/// The characters of `text` the bundled font has no glyph for (drawn as nothing in a PNG),
/// each once, so the command line can say which: the font covers Latin, not CJK or Cyrillic.
pub fn missing_glyphs(text: &str) -> Vec<char> {
    // The ranges the subset was cut to (assets/fonts/LICENSE-DejaVu.txt).
    let covered = |c: char| {
        matches!(c as u32,
            0x20..=0x7E | 0xA0..=0x17F | 0x2010..=0x2027 | 0x2030..=0x203A | 0x2190..=0x2193 | 0x2212)
            || c.is_whitespace()
    };
    let mut out: Vec<char> = Vec::new();
    for c in text.chars().filter(|&c| !covered(c)) {
        if !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

/// The text a diagram draws: the content of its `<text>` elements (escaped as written;
/// entities are ASCII, which the bundled font has).
fn drawn_text(svg: &str) -> String {
    let mut out = String::new();
    let mut rest = svg;
    while let Some(i) = rest.find("<text") {
        let after = &rest[i..];
        let (Some(open), Some(close)) = (after.find('>'), after.find("</text>")) else {
            break;
        };
        if open < close {
            out.push_str(&after[open + 1..close]);
        }
        rest = &after[close.max(open) + 1..];
    }
    out
}

/// The environment variable that replaces the system's font folders, as for the PDF
/// (`pdf::fonts::FONT_DIRS_VAR`, which this layer cannot name): folders as `PATH` lists them.
const FONT_DIRS_VAR: &str = "GOBOOK_FONT_DIRS";

/// The bundled font and the machine's, made once and only when a picture needs the latter:
/// the bundled font stays first, and the sans-serif family, so only characters it lacks come
/// from the machine's fonts: those in the folders `GOBOOK_FONT_DIRS` lists when it is set (so
/// a picture can be made with known fonts), else every font the system has.
fn fonts_with_system() -> Arc<usvg::fontdb::Database> {
    static DB: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        db.load_font_data(FONT.to_vec());
        match std::env::var_os(FONT_DIRS_VAR) {
            Some(dirs) => std::env::split_paths(&dirs)
                .filter(|d| !d.as_os_str().is_empty())
                .for_each(|d| db.load_fonts_dir(d)),
            None => db.load_system_fonts(),
        }
        db.set_sans_serif_family(FAMILY);
        Arc::new(db)
    })
    .clone()
}

/// How resvg reads gobook's SVG: the bundled font, also as the default family.
pub fn usvg_options() -> usvg::Options<'static> {
    usvg::Options {
        font_family: FAMILY.to_string(),
        fontdb: fonts(),
        ..usvg::Options::default()
    }
}

/// The font database, made once: only the bundled font, never the machine's, so the output
/// is the same everywhere. It is the `sans-serif` family the diagrams' CSS falls back to.
fn fonts() -> Arc<usvg::fontdb::Database> {
    static DB: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        db.load_font_data(FONT.to_vec());
        db.set_sans_serif_family(FAMILY);
        Arc::new(db)
    })
    .clone()
}

/// resvg reads no CSS custom properties: each `var(--name, fallback)` becomes its fallback,
/// the colour a standalone file shows on a page that sets none.
pub fn without_css_variables(svg: &str) -> String {
    let mut out = String::with_capacity(svg.len());
    let mut rest = svg;
    while let Some(i) = rest.find("var(--") {
        out.push_str(&rest[..i]);
        let after = &rest[i..];
        let Some(close) = after.find(')') else {
            out.push_str(after);
            return out;
        };
        let inner = &after["var(".len()..close];
        if let Some((_, fallback)) = inner.split_once(',') {
            out.push_str(fallback.trim());
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_font_covers_latin_text_only() {
        assert!(missing_glyphs("Black to play – 12 at 7; Weiß, ×").is_empty());
        assert_eq!(missing_glyphs("黒番 黒"), ['黒', '番']);
    }

    #[test]
    fn variables_become_their_fallbacks() {
        assert_eq!(
            without_css_variables(
                ".a{fill:var(--gb-board,#e3bf7e)}.b{font-family:var(--f,A,sans-serif)}"
            ),
            ".a{fill:#e3bf7e}.b{font-family:A,sans-serif}"
        );
        assert_eq!(without_css_variables("x var(--a"), "x var(--a");
    }
}
