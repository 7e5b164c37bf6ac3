//! `gobook.toml`: the few settings that do not belong in the book itself.
//!
//! ```toml
//! out_dir = "site"            # where `gobook build` writes (default: "site" beside the book)
//! theme = "default"           # a folder under themes/, or a path to a theme folder
//! base_url = "https://example.org/my-book/"   # canonical links, hreflang alternates, sitemap.xml
//! default_language = "en"     # the language the root page opens without a better choice
//! extra_css = ["custom.css"]  # style sheets added after the theme
//! buy_url = "https://shop.example.org/{sku}"  # where the buy button leads
//! pdf_size = "A5"             # the PDF's trim size: A5, B5, 6x9, A4 or letter
//! pdf_line_spacing = 5.0      # millimetres between a printed board's lines (3 to 8)
//! pdf_board = "white"         # a printed board's colour: white (as printed Go books), tint or wood
//! pdf_solutions = "chapter"   # answers at the end of each chapter, or "book"
//! pdf_inner_margin = 22.0     # millimetres on the binding side of a PDF page
//! pdf_outer_margin = 16.0     # millimetres on the other side
//! pdf_bleed = 3.0             # millimetres of bleed around the trimmed page (TrimBox)
//! pdf_crop_marks = true       # crop marks at the trim's corners, outside the bleed
//! pdf_right_hand_chapters = true  # chapters start on a right-hand page
//! pdf_cjk_font = "Noto Serif CJK JP"  # font for Chinese, Japanese, Korean: a family or a file
//! vertical_ja = true          # the Japanese edition's text top to bottom, right to left
//! ```

use crate::project::error::{io, ProjectError};

/// The printed boards' colours `pdf_board` names.
pub const PDF_BOARDS: [&str; 3] = ["white", "tint", "wood"];
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The settings of `gobook.toml`; every field is optional.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Output folder, relative to the book's folder.
    pub out_dir: Option<PathBuf>,
    /// Theme name (a folder under the project's `themes/`) or a path to a theme folder.
    pub theme: Option<String>,
    /// The address the site will be published at: pages name their canonical address and
    /// their translations under it, and the site gets a `sitemap.xml`.
    pub base_url: Option<String>,
    /// The language the root page of a site in several languages opens when the reader's
    /// browser asks for none of the book's (default: the book's first).
    pub default_language: Option<String>,
    /// Extra style sheets, relative to the book's folder.
    #[serde(default)]
    pub extra_css: Vec<PathBuf>,
    /// Link for the buy button; `{sku}` is replaced by the book's SKU.
    pub buy_url: Option<String>,
    /// The PDF's trim size (A5, B5, 6x9, A4, letter).
    pub pdf_size: Option<String>,
    /// Millimetres between the lines of a printed board.
    pub pdf_line_spacing: Option<f64>,
    /// A printed board's colour: `white` (the default, as printed Go books), `tint` (a light
    /// wood tone that prints well) or `wood` (the site's).
    pub pdf_board: Option<String>,
    /// Where a problem's answers print: `chapter` or `book`.
    pub pdf_solutions: Option<String>,
    /// Millimetres on the binding side of a PDF page.
    pub pdf_inner_margin: Option<f64>,
    /// Millimetres on the side away from the binding.
    pub pdf_outer_margin: Option<f64>,
    /// Millimetres of bleed around a PDF page's trim.
    pub pdf_bleed: Option<f64>,
    /// Crop marks at the corners of each PDF page's trim.
    pub pdf_crop_marks: Option<bool>,
    /// Chapters of the PDF start on a right-hand page.
    pub pdf_right_hand_chapters: Option<bool>,
    /// The PDF's font for Chinese, Japanese and Korean: a family name or a font file
    /// relative to the book's folder.
    pub pdf_cjk_font: Option<String>,
    /// The Japanese edition of the site and the EPUB is written vertically (tategaki):
    /// top to bottom, columns right to left, pages turned to the left.
    pub vertical_ja: Option<bool>,
}

impl Config {
    /// Checks the values a type cannot: a language code of the spec, an absolute web address.
    pub fn validate(&self) -> Result<(), String> {
        if let Some(l) = &self.default_language {
            if crate::i18n::language(l).is_none() {
                return Err(format!(
                    "default_language = \"{l}\" is not a language code of the format; use one of {}",
                    crate::i18n::LANGUAGES.join(", ")
                ));
            }
        }
        if let Some(u) = &self.base_url {
            web_address(
                "base_url",
                u,
                "the address the site will be published at, e.g. \"https://example.org/my-book/\"",
            )?;
        }
        if let Some(u) = &self.buy_url {
            web_address(
                "buy_url",
                u,
                "the shop's address, e.g. \"https://shop.example.org/{sku}\"",
            )?;
        }
        self.validate_pdf()
    }

    /// Checks the `pdf_*` settings.
    fn validate_pdf(&self) -> Result<(), String> {
        const SIZES: [&str; 5] = ["A5", "B5", "6x9", "A4", "letter"];
        if let Some(s) = &self.pdf_size {
            if !SIZES.iter().any(|k| k.eq_ignore_ascii_case(s)) {
                return Err(format!(
                    "pdf_size = \"{s}\" is not a trim size gobook knows; use one of {}",
                    SIZES.join(", ")
                ));
            }
        }
        if let Some(mm) = self.pdf_line_spacing {
            if !(3.0..=8.0).contains(&mm) {
                return Err(format!("pdf_line_spacing = {mm} is out of range; give the millimetres between a board's lines, 3 to 8 (printed Go books use 4.5 to 5.5)"));
            }
        }
        for (key, v) in [
            ("pdf_inner_margin", self.pdf_inner_margin),
            ("pdf_outer_margin", self.pdf_outer_margin),
        ] {
            if v.is_some_and(|mm| !(5.0..=50.0).contains(&mm)) {
                return Err(format!("{key} = {} is out of range; give millimetres, 5 to 50 (the inner margin leaves room for the binding, usually 15 to 25)", v.unwrap_or_default()));
            }
        }
        if let Some(mm) = self.pdf_bleed {
            if !(0.0..=10.0).contains(&mm) {
                return Err(format!("pdf_bleed = {mm} is out of range; give millimetres, 0 to 10 (printers usually ask for 3)"));
            }
        }
        if let Some(s) = &self.pdf_board {
            if !PDF_BOARDS.contains(&s.as_str()) {
                return Err(format!(
                    "pdf_board = \"{s}\" is not a board colour; give \"white\" (as printed Go books), \"tint\" (a light wood tone) or \"wood\" (the site's)"
                ));
            }
        }
        if let Some(s) = &self.pdf_solutions {
            if s != "chapter" && s != "book" {
                return Err(format!(
                    "pdf_solutions = \"{s}\" is neither \"chapter\" nor \"book\"; say where a problem's answers print"
                ));
            }
        }
        Ok(())
    }

    /// `base_url` ending in `/`, so that page paths can be appended.
    pub fn base(&self) -> Option<String> {
        self.base_url.as_ref().map(|u| {
            if u.ends_with('/') {
                u.clone()
            } else {
                format!("{u}/")
            }
        })
    }
}

/// Checks that the setting `key` is an absolute `http:` or `https:` address (never
/// `javascript:` or another scheme a page would run or a reader could not follow);
/// `what` says what to write instead.
fn web_address(key: &str, u: &str, what: &str) -> Result<(), String> {
    let rest = u
        .strip_prefix("https://")
        .or_else(|| u.strip_prefix("http://"));
    if rest.is_none_or(|r| {
        r.is_empty() || r.contains(char::is_whitespace) || r.contains(['"', '<', '>'])
    }) {
        return Err(format!(
            "{key} = \"{u}\" is not a web address (http:// or https://); write {what}"
        ));
    }
    Ok(())
}

/// The file name of the settings.
pub const FILE_NAME: &str = "gobook.toml";

/// Reads `gobook.toml` from the book's folder, if there is one.
pub fn load(book_dir: &Path) -> Result<Config, ProjectError> {
    let path = book_dir.join(FILE_NAME);
    match crate::project::read::read_text(&path) {
        Ok(text) => toml::from_str::<Config>(&text)
            .map_err(|e| format!("{e}"))
            .and_then(|c| c.validate().map(|()| c))
            .map_err(|e| ProjectError::Settings(format!("{}: {e}", path.display()))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Config::default()),
        Err(e) => Err(io("read", &path)(e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_documented_fields_and_refuses_unknown_ones() {
        let c: Config =
            toml::from_str("out_dir = \"out\"\ntheme = \"default\"\nextra_css = [\"a.css\"]\n")
                .unwrap();
        assert_eq!(c.out_dir, Some(PathBuf::from("out")));
        assert_eq!(c.extra_css, vec![PathBuf::from("a.css")]);
        assert!(toml::from_str::<Config>("outdir = \"x\"").is_err());
    }

    #[test]
    fn a_language_must_be_the_formats_and_a_base_url_a_web_address() {
        let c = |s: &str| toml::from_str::<Config>(s).unwrap().validate();
        assert!(c("default_language = \"ja\"\nbase_url = \"https://example.org/b\"").is_ok());
        assert!(c("default_language = \"jp\"")
            .unwrap_err()
            .contains("\"jp\""));
        assert!(c("base_url = \"example.org\"").is_err());
        assert!(c("buy_url = \"https://shop.example.org/{sku}\"").is_ok());
        for bad in [
            "javascript:alert(1)",
            "JAVASCRIPT://x",
            "shop.example.org",
            "",
        ] {
            let e = c(&format!("buy_url = \"{bad}\"")).unwrap_err();
            assert!(
                e.starts_with("buy_url = ") && e.contains("not a web address"),
                "{e}"
            );
        }
        assert!(c("pdf_size = \"6x9\"\npdf_line_spacing = 4.5\npdf_solutions = \"book\"").is_ok());
        assert!(c("pdf_size = \"A3\"").unwrap_err().contains("A5, B5"));
        assert!(c("pdf_line_spacing = 40.0").is_err());
        assert!(c("pdf_solutions = \"end\"").is_err());
        assert!(c("pdf_board = \"tint\"").is_ok());
        assert!(c("pdf_board = \"beige\"").is_err());
        assert!(c("pdf_inner_margin = 20.0\npdf_outer_margin = 12.5\npdf_bleed = 3.0\npdf_crop_marks = true").is_ok());
        assert!(c("pdf_inner_margin = 2.0")
            .unwrap_err()
            .contains("pdf_inner_margin"));
        assert!(c("pdf_bleed = 30.0").unwrap_err().contains("pdf_bleed"));
        let b: Config = toml::from_str("base_url = \"https://example.org/b\"").unwrap();
        assert_eq!(b.base().as_deref(), Some("https://example.org/b/"));
    }
}
