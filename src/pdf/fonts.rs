//! The fonts a PDF is set in: Libertinus Serif for the text, DejaVu Sans for the
//! diagrams and DejaVu Sans Mono for code, all bundled (licences in `assets/fonts/`; the
//! first and the last come with typst's own fonts, `typst-assets`), so text in Latin, Greek and
//! Cyrillic and diagrams in Latin letters print the same on every machine. (The diagrams'
//! DejaVu Sans is a subset for Latin letters, digits and signs: a diagram label in another
//! script is set in another of the PDF's fonts that has its characters, Libertinus Serif
//! for Greek and Cyrillic.) Characters the text font lacks (Chinese, Japanese, Korean...)
//! take a font named in `gobook.toml` or found on the system; when none has them, the
//! build says which characters and what to install, rather than print empty boxes.

use std::path::{Path, PathBuf};
use typst::foundations::Bytes;
use typst::text::{Font, FontInfo, FontStyle};

/// The text face of the bundled fonts.
pub const TEXT_FAMILY: &str = "Libertinus Serif";
/// The diagrams' face (the PNG renderer's, so the digits look alike).
pub const DIAGRAM_FAMILY: &str = "DejaVu Sans";
/// The face of code (typst's own for `raw`, among its bundled fonts).
pub const MONO_FAMILY: &str = "DejaVu Sans Mono";
const DIAGRAM_FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-subset.ttf");

/// The fonts of one PDF, and the family for the characters the bundled ones lack.
pub struct Fonts {
    /// Every face, in the order the font book indexes them.
    pub faces: Vec<Font>,
    /// The family of the font found for the other characters, if one was needed.
    pub extra_family: Option<String>,
}

/// The bundled faces: Libertinus Serif's four, DejaVu Sans, and DejaVu Sans Mono's
/// regular and bold (code in an included Markdown file).
pub fn bundled() -> Vec<Font> {
    let mut text = Vec::new();
    let mut mono = Vec::new();
    for f in typst_assets::fonts().flat_map(|data| Font::iter(Bytes::new(data))) {
        let info = f.info();
        let w = info.variant.weight.to_number();
        // Regular and bold, upright and italic: semibold would only be a fallback.
        if info.family == TEXT_FAMILY && (w == 400 || w == 700) {
            text.push(f);
        } else if info.family == MONO_FAMILY && info.variant.style == FontStyle::Normal {
            mono.push(f);
        }
    }
    text.extend(Font::iter(Bytes::new(DIAGRAM_FONT)));
    text.extend(mono);
    text
}

/// The fonts for a book whose text holds the characters `text`: the bundled ones, and
/// when some characters are in none of them, the font `named` (a family or a file in
/// `book_dir`) or else the first on the system that has them. Errs naming the characters
/// no font has, and what to do.
pub fn for_text(text: &str, named: Option<&str>, book_dir: &Path) -> Result<Fonts, String> {
    let mut faces = bundled();
    let missing = |faces: &[Font]| -> Vec<char> {
        let mut out: Vec<char> = text
            .chars()
            .filter(|c| !c.is_whitespace() && !c.is_control())
            .filter(|c| !faces.iter().any(|f| f.info().coverage.contains(*c as u32)))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    };
    let lacking = missing(&faces);
    if lacking.is_empty() {
        return Ok(Fonts {
            faces,
            extra_family: None,
        });
    }
    let found = match named {
        Some(n) if looks_like_file(n) => {
            let rel = crate::project::confine::confine(
                book_dir,
                n,
                "font",
                crate::project::confine::Kind::File,
            )
            .map_err(|r| format!("pdf_cjk_font in gobook.toml: {}", r.message))?;
            let data = crate::project::read::read(&book_dir.join(rel))
                .map_err(|e| format!("pdf_cjk_font in gobook.toml: cannot read {n}: {e}"))?;
            let fonts: Vec<Font> = Font::iter(Bytes::new(data)).collect();
            if fonts.is_empty() {
                return Err(format!("pdf_cjk_font in gobook.toml: {n} is not a font file (TrueType, OpenType or a collection of them)"));
            }
            fonts
        }
        _ => system_font(lacking[0], named),
    };
    let extra_family = found.first().map(|f| f.info().family.clone());
    faces.extend(found);
    let still = missing(&faces);
    if !still.is_empty() {
        return Err(no_font_message(&still, named));
    }
    Ok(Fonts {
        faces,
        extra_family,
    })
}

/// What to say when no font has `chars`.
fn no_font_message(chars: &[char], named: Option<&str>) -> String {
    let shown: String = chars.iter().take(12).collect();
    let more = if chars.len() > 12 { " and more" } else { "" };
    let which = match named {
        Some(n) => format!(
            "the font `{n}` that pdf_cjk_font in gobook.toml names is not installed or lacks them"
        ),
        None => "no bundled font and no font on this system has them".to_string(),
    };
    format!(
        "the book has characters the PDF cannot print ({shown}{more}): {which}; install a font for them \
         (for Chinese, Japanese and Korean on Debian or Ubuntu: apt install fonts-noto-cjk) or name one \
         in gobook.toml: pdf_cjk_font = \"FAMILY\" or \"fonts/FILE.otf\""
    )
}

fn looks_like_file(n: &str) -> bool {
    let l = n.to_ascii_lowercase();
    [".ttf", ".otf", ".ttc", ".otc"]
        .iter()
        .any(|e| l.ends_with(e))
}

/// The faces of the first system font family that has `c` (of family `named` when
/// given), searching the usual font folders in a fixed order: files whose names suggest
/// CJK first, as they are the usual reason to come here.
fn system_font(c: char, named: Option<&str>) -> Vec<Font> {
    let mut files = Vec::new();
    for dir in font_dirs() {
        collect_files(&dir, &mut files, 0);
    }
    let hint = |p: &Path| {
        let n = p.to_string_lossy().to_ascii_lowercase();
        ![
            "cjk", "ipa", "gothic", "mincho", "wqy", "nanum", "han", "takao", "droid",
        ]
        .iter()
        .any(|h| n.contains(h))
    };
    files.sort_by(|a, b| (hint(a), a).cmp(&(hint(b), b)));
    for path in files {
        let Ok(data) = std::fs::read(&path) else {
            continue;
        };
        let data = Bytes::new(data);
        let infos: Vec<FontInfo> = FontInfo::iter(&data).collect();
        let fits = |i: &FontInfo| {
            i.coverage.contains(c as u32) && named.is_none_or(|n| i.family.eq_ignore_ascii_case(n))
        };
        if let Some(first) = infos.iter().position(fits) {
            let family = infos[first].family.clone();
            // Every face of that family in the file (a collection holds several).
            return (0..infos.len() as u32)
                .filter(|&i| infos[i as usize].family == family)
                .filter_map(|i| Font::new(data.clone(), i))
                .collect();
        }
    }
    Vec::new()
}

/// The folders fonts are installed in on Linux, macOS and Windows.
fn font_dirs() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = [
        "/usr/share/fonts",
        "/usr/local/share/fonts",
        "/Library/Fonts",
        "/System/Library/Fonts",
        "C:\\Windows\\Fonts",
    ]
    .iter()
    .map(PathBuf::from)
    .collect();
    if let Some(home) = std::env::var_os("HOME") {
        let home = PathBuf::from(home);
        dirs.push(home.join(".local/share/fonts"));
        dirs.push(home.join(".fonts"));
        dirs.push(home.join("Library/Fonts"));
    }
    dirs
}

/// The font files under `dir`, at most a few folders deep.
fn collect_files(dir: &Path, out: &mut Vec<PathBuf>, depth: usize) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() && depth < 4 {
            collect_files(&p, out, depth + 1);
        } else if looks_like_file(&p.to_string_lossy()) {
            out.push(p);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin_text_needs_only_the_bundled_fonts() {
        let f = for_text("Élémentaire — «Go» ½ “x” Ωμέγα Жук", None, Path::new(".")).unwrap();
        assert!(f.extra_family.is_none());
        let families: Vec<&str> = f.faces.iter().map(|f| f.info().family.as_str()).collect();
        assert!(families.contains(&TEXT_FAMILY) && families.contains(&DIAGRAM_FAMILY));
    }

    #[test]
    fn characters_no_font_has_are_named_with_what_to_do() {
        // A character of a private use area: no font anywhere has it.
        let Err(e) = for_text("ok \u{10FFFD}", Some("No Such Family"), Path::new(".")) else {
            panic!("a font for a private character")
        };
        assert!(
            e.contains('\u{10FFFD}') && e.contains("pdf_cjk_font"),
            "{e}"
        );
    }
}
