//! The site's style sheet: the theme (built in, or a folder of the author's) and
//! any extra CSS, bundled (`@import` followed) and minified with lightningcss.

use lightningcss::bundler::{Bundler, ResolveResult, SourceProvider};
use lightningcss::stylesheet::{MinifyOptions, ParserOptions, PrinterOptions};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The built-in default theme, compiled into the binary so an installed gobook needs no files.
const DEFAULT_THEME: &[(&str, &str)] = &[
    ("style.css", include_str!("../../themes/default/style.css")),
    ("board.css", include_str!("../../themes/default/board.css")),
    ("interactive.css", include_str!("../../themes/default/interactive.css")),
];

#[derive(Debug)]
struct ThemeError(String);

impl std::fmt::Display for ThemeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ThemeError {}

/// CSS files by path, loaded before bundling.
struct Files(HashMap<PathBuf, String>);

impl SourceProvider for Files {
    type Error = ThemeError;

    fn read<'a>(&'a self, file: &Path) -> Result<&'a str, Self::Error> {
        self.0.get(file).map(String::as_str).ok_or_else(|| ThemeError(format!("{} not found", file.display())))
    }

    fn resolve(&self, specifier: &str, originating_file: &Path) -> Result<ResolveResult, Self::Error> {
        if specifier.contains("://") {
            return Ok(ResolveResult::External(specifier.to_string()));
        }
        let dir = originating_file.parent().unwrap_or(Path::new(""));
        Ok(ResolveResult::File(normalize(&dir.join(specifier))))
    }
}

fn normalize(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// Where the theme comes from.
pub enum Theme {
    /// The built-in default.
    Default,
    /// A folder with a `style.css` entry point.
    Folder(PathBuf),
}

/// Picks the theme a `theme` setting names, relative to the book's folder.
pub fn theme(setting: Option<&str>, book_dir: &Path) -> Result<Theme, String> {
    match setting {
        None | Some("default") => Ok(Theme::Default),
        Some(name) => {
            let candidates = [book_dir.join(name), book_dir.join("themes").join(name)];
            candidates
                .iter()
                .find(|p| p.join("style.css").is_file())
                .map(|p| Theme::Folder(p.clone()))
                .ok_or_else(|| format!("theme `{name}` not found: expected a folder with a style.css at {}", candidates[0].display()))
        }
    }
}

/// Bundles and minifies the theme and the extra style sheets into one CSS text.
pub fn stylesheet(theme: &Theme, extra: &[PathBuf]) -> Result<String, String> {
    let mut files = HashMap::new();
    let entry = match theme {
        Theme::Default => {
            for (name, css) in DEFAULT_THEME {
                files.insert(PathBuf::from("/default").join(name), css.to_string());
            }
            PathBuf::from("/default/style.css")
        }
        Theme::Folder(dir) => {
            load_css_files(dir, &mut files)?;
            normalize(&dir.join("style.css"))
        }
    };
    let mut out = bundle(&files, &entry)?;
    for css in extra {
        let text = std::fs::read_to_string(css).map_err(|e| format!("cannot read {}: {e}", css.display()))?;
        let path = normalize(css);
        if let Some(dir) = css.parent() {
            load_css_files(dir, &mut files)?;
        }
        files.insert(path.clone(), text);
        out.push_str(&bundle(&files, &path)?);
    }
    Ok(out)
}

fn load_css_files(dir: &Path, files: &mut HashMap<PathBuf, String>) -> Result<(), String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    for e in entries.flatten() {
        let p = e.path();
        if p.extension().is_some_and(|x| x == "css") {
            let text = std::fs::read_to_string(&p).map_err(|e| format!("cannot read {}: {e}", p.display()))?;
            files.insert(normalize(&p), text);
        }
    }
    Ok(())
}

fn bundle(files: &HashMap<PathBuf, String>, entry: &Path) -> Result<String, String> {
    let provider = Files(files.clone());
    let mut bundler = Bundler::new(&provider, None, ParserOptions::default());
    let mut sheet = bundler.bundle(entry).map_err(|e| format!("CSS error in {}: {e}", entry.display()))?;
    sheet.minify(MinifyOptions::default()).map_err(|e| format!("CSS error in {}: {e}", entry.display()))?;
    let printed = sheet.to_css(PrinterOptions { minify: true, ..PrinterOptions::default() }).map_err(|e| format!("CSS error: {e}"))?;
    Ok(printed.code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_theme_bundles_its_imports_and_minifies() {
        let css = stylesheet(&Theme::Default, &[]).unwrap();
        assert!(css.contains(".gb-sb"), "board.css is bundled in");
        assert!(css.contains(".gb-main"));
        assert!(!css.contains("@import"));
        assert!(!css.contains("\n  "), "minified");
    }
}
