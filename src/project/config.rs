//! `gobook.toml`: the few settings that do not belong in the book itself.
//!
//! ```toml
//! out_dir = "site"            # where `gobook build` writes (default: "site" beside the book)
//! theme = "default"           # a folder under themes/, or a path to a theme folder
//! base_url = "https://example.org/my-book/"   # for absolute links in feeds and e-books
//! default_language = "en"     # the language the root page suggests first
//! extra_css = ["custom.css"]  # style sheets added after the theme
//! buy_url = "https://shop.example.org/{sku}"  # where the buy button leads
//! ```

use crate::project::error::{io, ProjectError};
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
    /// The address the site will be published at.
    pub base_url: Option<String>,
    /// The language offered first.
    pub default_language: Option<String>,
    /// Extra style sheets, relative to the book's folder.
    #[serde(default)]
    pub extra_css: Vec<PathBuf>,
    /// Link for the buy button; `{sku}` is replaced by the book's SKU.
    pub buy_url: Option<String>,
}

/// The file name of the settings.
pub const FILE_NAME: &str = "gobook.toml";

/// Reads `gobook.toml` from the book's folder, if there is one.
pub fn load(book_dir: &Path) -> Result<Config, ProjectError> {
    let path = book_dir.join(FILE_NAME);
    match std::fs::read_to_string(&path) {
        Ok(text) => toml::from_str(&text)
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
}
