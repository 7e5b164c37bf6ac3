//! The fonts a PDF is set in: Libertinus Serif for the text, DejaVu Sans for the
//! diagrams and DejaVu Sans Mono for code, all bundled (licences in `assets/fonts/`; the
//! first and the last come with typst's own fonts, `typst-assets`), so text in Latin, Greek and
//! Cyrillic and diagrams in Latin letters print the same on every machine. (The diagrams'
//! DejaVu Sans is a subset for Latin letters, digits and signs: a diagram label in another
//! script is set in another of the PDF's fonts that has its characters, Libertinus Serif
//! for Greek and Cyrillic.) Characters the bundled fonts lack (Chinese, Japanese, Korean...)
//! take a font named in `gobook.toml` or found in the system's font folders (or those
//! `GOBOOK_FONT_DIRS` names), a font for every such character; when none has one, the build
//! says which characters, where it looked and what to install, rather than print empty
//! boxes. Characters that need no glyph (a word joiner, a soft hyphen...) need no font.

use std::path::{Path, PathBuf};
use typst::foundations::Bytes;
use typst::text::{Font, FontInfo, FontStyle};

/// The text face of the bundled fonts.
pub const TEXT_FAMILY: &str = "Libertinus Serif";
/// The diagrams' face (the PNG renderer's, so the digits look alike).
pub const DIAGRAM_FAMILY: &str = "DejaVu Sans";
/// The face of code (typst's own for `raw`, among its bundled fonts).
pub const MONO_FAMILY: &str = "DejaVu Sans Mono";
const DIAGRAM_FONT: &[u8] = include_bytes!("../../../../assets/fonts/DejaVuSans-subset.ttf");

/// The fonts of one PDF, and the families for the characters the bundled ones lack.
pub struct Fonts {
    /// Every face, in the order the font book indexes them.
    pub faces: Vec<Font>,
    /// The families of the fonts found for the other characters, the one that has the most
    /// of them first; empty when none was needed.
    pub extra_families: Vec<String>,
}

/// Why the fonts of a PDF could not be found.
#[derive(Debug)]
pub enum FontError {
    /// `pdf_cjk_font` names a file that cannot be used (the message says why).
    Setting(String),
    /// Characters no font has.
    Lacking(Lacking),
}

/// Characters the PDF prints that no font has, and where fonts were looked for.
#[derive(Debug)]
pub struct Lacking {
    /// The characters, in code point order.
    pub chars: Vec<char>,
    /// The family or file `pdf_cjk_font` names, if it names one.
    pub named: Option<String>,
    /// The folders searched (none when `named` is a file).
    pub folders: FontFolders,
}

impl Lacking {
    /// Where gobook looked, in words: "the bundled fonts (...) and the fonts in ...".
    pub fn searched(&self) -> String {
        let bundled = format!("the bundled fonts ({TEXT_FAMILY}, {DIAGRAM_FAMILY}, {MONO_FAMILY})");
        match &self.named {
            Some(n) if looks_like_file(n) => format!("{bundled} and `{n}` that pdf_cjk_font names"),
            Some(n) => format!(
                "{bundled} and the font family `{n}` that pdf_cjk_font names in {}",
                self.folders.described()
            ),
            None => format!("{bundled} and {}", self.folders.described()),
        }
    }

    /// What the author can do.
    pub fn what_to_do(&self, several: bool) -> String {
        let them = if several { "them" } else { "it" };
        format!(
            "install a font that has {them} (for Chinese, Japanese and Korean on Debian or Ubuntu: \
             apt install fonts-noto-cjk), name one in gobook.toml (pdf_cjk_font = \"FAMILY\" or \
             \"fonts/FILE.otf\"), or set {FONT_DIRS_VAR} to the folders that hold your fonts"
        )
    }
}

/// The environment variable that replaces the system's font folders: a list of folders as
/// the system writes paths (`:` between them, `;` on Windows); set and empty, none.
pub const FONT_DIRS_VAR: &str = "GOBOOK_FONT_DIRS";

/// The folders searched for fonts the bundled ones lack.
#[derive(Clone, Debug)]
pub struct FontFolders {
    /// The folders, in the order searched.
    pub dirs: Vec<PathBuf>,
    /// They come from [`FONT_DIRS_VAR`] (else they are the system's).
    pub from_env: bool,
}

impl FontFolders {
    /// The folders of [`FONT_DIRS_VAR`] when it is set, else those fonts are installed in.
    pub fn of_this_machine() -> FontFolders {
        match std::env::var_os(FONT_DIRS_VAR) {
            Some(v) => FontFolders {
                dirs: std::env::split_paths(&v)
                    .filter(|p| !p.as_os_str().is_empty())
                    .collect(),
                from_env: true,
            },
            None => FontFolders {
                dirs: system_font_dirs(),
                from_env: false,
            },
        }
    }

    /// The folders in words, for messages.
    fn described(&self) -> String {
        let list = self
            .dirs
            .iter()
            .map(|d| d.display().to_string())
            .collect::<Vec<_>>()
            .join(", ");
        match (self.from_env, self.dirs.is_empty()) {
            (true, true) => format!("no font folder ({FONT_DIRS_VAR} is set and empty)"),
            (true, false) => format!("the font folders {FONT_DIRS_VAR} names ({list})"),
            (false, _) => format!("the system's font folders ({list})"),
        }
    }
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

/// Whether `c` needs a glyph where it is printed: not a control character, nor one Unicode
/// asks to be left unseen when a font has no glyph for it (a default-ignorable code point:
/// the word joiner `gobook import` writes, zero-width spaces and joiners, the soft hyphen,
/// the byte-order mark, variation selectors), which typst removes where no font has it.
pub fn needs_glyph(c: char) -> bool {
    !c.is_control()
        && !typst::text::is_default_ignorable(c)
        && !matches!(c, '\u{2028}' | '\u{2029}')
}

/// The fonts for a PDF that prints the characters `chars`: the bundled ones, and when some
/// characters are in none of them, the font `named` (a family, or a file in `book_dir`), else
/// fonts of `folders` that have them: one font for every character where one has them all,
/// else as few as have them. Errs with the characters no font has.
pub fn for_chars(
    chars: impl IntoIterator<Item = char>,
    named: Option<&str>,
    book_dir: &Path,
    folders: &FontFolders,
) -> Result<Fonts, FontError> {
    let mut faces = bundled();
    let lacking = |faces: &[Font], chars: &[char]| -> Vec<char> {
        chars
            .iter()
            .copied()
            .filter(|c| !faces.iter().any(|f| f.info().coverage.contains(*c as u32)))
            .collect()
    };
    let mut wanted: Vec<char> = chars.into_iter().filter(|c| needs_glyph(*c)).collect();
    wanted.sort_unstable();
    wanted.dedup();
    let missing = lacking(&faces, &wanted);
    if missing.is_empty() {
        return Ok(Fonts {
            faces,
            extra_families: Vec::new(),
        });
    }
    let found = match named {
        Some(n) if looks_like_file(n) => vec![font_file(n, book_dir).map_err(FontError::Setting)?],
        _ => system_fonts(&missing, named, folders),
    };
    let extra_families = found
        .iter()
        .filter_map(|family| family.first().map(|f| f.info().family.clone()))
        .collect();
    faces.extend(found.into_iter().flatten());
    let still = lacking(&faces, &missing);
    if !still.is_empty() {
        return Err(FontError::Lacking(Lacking {
            chars: still,
            named: named.map(str::to_string),
            folders: folders.clone(),
        }));
    }
    Ok(Fonts {
        faces,
        extra_families,
    })
}

/// The faces of the font file `n` that `pdf_cjk_font` names, in the book's folder.
fn font_file(n: &str, book_dir: &Path) -> Result<Vec<Font>, String> {
    let rel =
        crate::project::confine::confine(book_dir, n, "font", crate::project::confine::Kind::File)
            .map_err(|r| format!("pdf_cjk_font in gobook.toml: {}", r.message))?;
    let data = crate::project::read::read(&book_dir.join(rel))
        .map_err(|e| format!("pdf_cjk_font in gobook.toml: cannot read {n}: {e}"))?;
    let fonts: Vec<Font> = Font::iter(Bytes::new(data)).collect();
    if fonts.is_empty() {
        return Err(format!("pdf_cjk_font in gobook.toml: {n} is not a font file (TrueType, OpenType or a collection of them)"));
    }
    Ok(fonts)
}

fn looks_like_file(n: &str) -> bool {
    let l = n.to_ascii_lowercase();
    [".ttf", ".otf", ".ttc", ".otc"]
        .iter()
        .any(|e| l.ends_with(e))
}

/// One family of one font file, and the characters sought that it has.
struct Candidate {
    path: PathBuf,
    family: String,
    has: Vec<char>,
}

/// Fonts of `folders` for the characters `missing` (of family `named` when given), each
/// font as the faces of its family in its file: the first that has them all, searching the
/// files in a fixed order (names that suggest CJK first, as they are the usual reason to
/// come here), else, greedily, the one that has the most of those left, until none has any.
fn system_fonts(missing: &[char], named: Option<&str>, folders: &FontFolders) -> Vec<Vec<Font>> {
    let mut files = Vec::new();
    for dir in &folders.dirs {
        collect_files(dir, &mut files, 0);
    }
    // Serif faces (Mincho, Song, Ming, Myeongjo) first: running text in books of those
    // scripts is set in them, as the bundled Latin text face is a serif; then other names
    // that suggest CJK; then the rest.
    let hint = |p: &Path| {
        let n = p.to_string_lossy().to_ascii_lowercase();
        let has = |hs: &[&str]| hs.iter().any(|h| n.contains(h));
        if has(&[
            "mincho", "serif", "ming", "song", "myeongjo", "batang", "ipaexm", "ipam",
        ]) {
            0
        } else if has(&[
            "cjk", "ipa", "gothic", "wqy", "nanum", "han", "takao", "droid",
        ]) {
            1
        } else {
            2
        }
    };
    files.sort_by(|a, b| (hint(a), a).cmp(&(hint(b), b)));
    files.dedup();
    let mut candidates: Vec<Candidate> = Vec::new();
    for path in files {
        let Ok(data) = std::fs::read(&path) else {
            continue;
        };
        let data = Bytes::new(data);
        let infos: Vec<FontInfo> = FontInfo::iter(&data).collect();
        let fits = |i: &FontInfo| named.is_none_or(|n| i.family.eq_ignore_ascii_case(n));
        for info in infos.iter().filter(|i| fits(i)) {
            if candidates
                .iter()
                .any(|c| c.path == path && c.family == info.family)
            {
                continue;
            }
            let has: Vec<char> = missing
                .iter()
                .copied()
                .filter(|c| info.coverage.contains(*c as u32))
                .collect();
            if has.len() == missing.len() {
                return vec![faces_of(&data, &infos, &info.family)];
            }
            if !has.is_empty() {
                candidates.push(Candidate {
                    path: path.clone(),
                    family: info.family.clone(),
                    has,
                });
            }
        }
    }
    let mut left: Vec<char> = missing.to_vec();
    let mut chosen = Vec::new();
    loop {
        let count = |c: &Candidate| c.has.iter().filter(|x| left.contains(x)).count();
        // The first of those that have the most (the order of the search breaks ties).
        let best = candidates
            .iter()
            .enumerate()
            .max_by_key(|(i, c)| (count(c), std::cmp::Reverse(*i)));
        let Some((_, best)) = best.filter(|(_, c)| count(c) > 0) else {
            break;
        };
        left.retain(|x| !best.has.contains(x));
        if let Ok(data) = std::fs::read(&best.path) {
            let data = Bytes::new(data);
            let infos: Vec<FontInfo> = FontInfo::iter(&data).collect();
            chosen.push(faces_of(&data, &infos, &best.family));
        }
    }
    chosen
}

/// Every face of `family` in a font file (a collection holds several).
fn faces_of(data: &Bytes, infos: &[FontInfo], family: &str) -> Vec<Font> {
    (0..infos.len() as u32)
        .filter(|&i| infos[i as usize].family == family)
        .filter_map(|i| Font::new(data.clone(), i))
        .collect()
}

/// The folders fonts are installed in on this system (Linux and the like, macOS or Windows).
fn system_font_dirs() -> Vec<PathBuf> {
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let in_home = |rel: &str| home.as_ref().map(|h| h.join(rel));
    let dirs: Vec<Option<PathBuf>> = if cfg!(target_os = "macos") {
        vec![
            Some("/Library/Fonts".into()),
            Some("/System/Library/Fonts".into()),
            in_home("Library/Fonts"),
        ]
    } else if cfg!(windows) {
        vec![
            Some("C:\\Windows\\Fonts".into()),
            std::env::var_os("LOCALAPPDATA")
                .map(|d| PathBuf::from(d).join("Microsoft\\Windows\\Fonts")),
        ]
    } else {
        vec![
            Some("/usr/share/fonts".into()),
            Some("/usr/local/share/fonts".into()),
            in_home(".local/share/fonts"),
            in_home(".fonts"),
        ]
    };
    dirs.into_iter().flatten().collect()
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

    fn no_folders() -> FontFolders {
        FontFolders {
            dirs: Vec::new(),
            from_env: true,
        }
    }

    #[test]
    fn latin_text_needs_only_the_bundled_fonts() {
        let text = "Élémentaire — «Go» ½ “x” Ωμέγα Жук";
        let f = for_chars(text.chars(), None, Path::new("."), &no_folders()).unwrap();
        assert!(f.extra_families.is_empty());
        let families: Vec<&str> = f.faces.iter().map(|f| f.info().family.as_str()).collect();
        assert!(families.contains(&TEXT_FAMILY) && families.contains(&DIAGRAM_FAMILY));
    }

    #[test]
    fn characters_that_need_no_glyph_need_no_font() {
        // Word joiner, zero-width space and joiners, soft hyphen, BOM, variation selectors,
        // the Mongolian vowel separator, a tag character; and controls.
        let invisible = "a\u{2060}b\u{200B}\u{200C}\u{200D}\u{AD}\u{FEFF}\u{FE0F}\u{E0101}\u{180E}\u{E0041}\t\n\r";
        for c in invisible.chars().filter(|c| !c.is_ascii_alphabetic()) {
            assert!(!needs_glyph(c), "U+{:04X} asks for a glyph", c as u32);
        }
        let f = for_chars(invisible.chars(), None, Path::new("."), &no_folders()).unwrap();
        assert!(f.extra_families.is_empty());
        // A space of its own width is printed, and so needs a glyph.
        assert!(needs_glyph('\u{3000}') && needs_glyph('\u{202F}'));
    }

    #[test]
    fn characters_no_font_has_are_named_with_where_fonts_were_sought_and_what_to_do() {
        // A character of a private use area: no font anywhere has it.
        let folders = FontFolders {
            dirs: vec!["/nowhere/fonts".into()],
            from_env: true,
        };
        let Err(FontError::Lacking(l)) =
            for_chars("ok \u{10FFFD}".chars(), None, Path::new("."), &folders)
        else {
            panic!("a font for a private character")
        };
        assert_eq!(l.chars, ['\u{10FFFD}']);
        let said = format!("{} {}", l.searched(), l.what_to_do(false));
        for part in [
            "/nowhere/fonts",
            FONT_DIRS_VAR,
            "pdf_cjk_font",
            "fonts-noto-cjk",
        ] {
            assert!(said.contains(part), "{part}: {said}");
        }
        assert!(no_folders().described().contains("set and empty"));
    }
}
