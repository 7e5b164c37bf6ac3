//! The site's style sheet: the theme (built in, or a folder of the author's) and
//! any extra CSS, bundled (`@import` followed) and minified with lightningcss (feature
//! `css`); without that feature, joined as written (`theme_join`).

use crate::project::config;
use crate::project::confine::{confine, Kind};
use crate::project::error::{io, ProjectError};
#[cfg(feature = "css")]
use lightningcss::bundler::{Bundler, ResolveResult, SourceProvider};
#[cfg(feature = "css")]
use lightningcss::stylesheet::{MinifyOptions, ParserOptions, PrinterOptions};
#[cfg(feature = "css")]
use lightningcss::targets::{Browsers, Features, Targets};

/// The oldest browsers and reading systems the style sheet is written for: lightningcss
/// adds the vendor prefixes and fallbacks they need. Apple Books and many e-readers run
/// an older WebKit, so Safari 12 (2018) sets the floor; the others are of the same age.
/// `light-dark()` is left alone: its fallback writes custom properties with an empty
/// value (`--x: ;`), which is valid CSS but which EPUB checkers refuse, and the themes
/// switch colours with `prefers-color-scheme` instead.
#[cfg(feature = "css")]
fn targets() -> Targets {
    let v = |major: u32| Some(major << 16);
    let browsers = Some(Browsers {
        android: v(70),
        chrome: v(70),
        edge: v(79),
        firefox: v(68),
        ios_saf: v(12),
        safari: v(12),
        samsung: v(10),
        ..Browsers::default()
    });
    Targets {
        browsers,
        include: Features::empty(),
        exclude: Features::LightDark,
    }
}
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The built-in default theme, compiled into the binary so an installed gobook needs no files.
const DEFAULT_THEME: &[(&str, &str)] = &[
    (
        "style.css",
        include_str!("../../../../themes/default/style.css"),
    ),
    (
        "board.css",
        include_str!("../../../../themes/default/board.css"),
    ),
    (
        "interactive.css",
        include_str!("../../../../themes/default/interactive.css"),
    ),
    (
        "search.css",
        include_str!("../../../../themes/default/search.css"),
    ),
];

#[cfg(feature = "css")]
#[derive(Debug)]
struct ThemeError(String);

#[cfg(feature = "css")]
impl std::fmt::Display for ThemeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(feature = "css")]
impl std::error::Error for ThemeError {}

/// CSS files by path, loaded before bundling, and the folder an `@import` must stay in.
#[cfg(feature = "css")]
struct Files {
    css: HashMap<PathBuf, String>,
    /// The book's folder, canonical (None when it cannot be resolved: then nothing on disk is loaded).
    root: Option<PathBuf>,
}

#[cfg(feature = "css")]
impl SourceProvider for Files {
    type Error = ThemeError;

    fn read<'a>(&'a self, file: &Path) -> Result<&'a str, Self::Error> {
        self.css
            .get(file)
            .map(String::as_str)
            .ok_or_else(|| ThemeError(format!("{} not found", file.display())))
    }

    fn resolve(
        &self,
        specifier: &str,
        originating_file: &Path,
    ) -> Result<ResolveResult, Self::Error> {
        if specifier.contains("://") {
            return Ok(ResolveResult::External(specifier.to_string()));
        }
        let dir = originating_file.parent().unwrap_or(Path::new(""));
        let file = normalize(&dir.join(specifier));
        // Only style sheets loaded from inside the book's folder are served; say why another is not.
        if !self.css.contains_key(&file) {
            if let Ok(real) = file.canonicalize() {
                if !self.root.as_ref().is_some_and(|r| real.starts_with(r)) {
                    return Err(ThemeError(format!(
                        "`@import \"{specifier}\"` in {} leads to {}, outside the book's folder; copy that style sheet into the book's folder",
                        originating_file.display(),
                        real.display()
                    )));
                }
            }
        }
        Ok(ResolveResult::File(file))
    }
}

pub(super) fn normalize(p: &Path) -> PathBuf {
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

/// Picks the theme a `theme` setting names, relative to the book's folder: a folder
/// beside the book or under its `themes/`, never one outside the book's folder.
pub fn theme(setting: Option<&str>, book_dir: &Path) -> Result<Theme, ProjectError> {
    let name = match setting {
        None | Some("default") => return Ok(Theme::Default),
        Some(name) => name,
    };
    let setting_err = |m: String| {
        ProjectError::Settings(format!(
            "{}: `theme = \"{name}\"`: {m}",
            book_dir.join(config::FILE_NAME).display()
        ))
    };
    for rel in [PathBuf::from(name), Path::new("themes").join(name)] {
        let rel = rel.to_string_lossy().into_owned();
        match confine(book_dir, &rel, "theme folder", Kind::Folder) {
            Ok(dir) if crate::project::read::is_file(&book_dir.join(&dir).join("style.css")) => {
                // The theme's files are published too: each must stay inside as well.
                for file in ["style.css", "gobook.js"] {
                    let path = dir.join(file);
                    if crate::project::read::is_file(&book_dir.join(&path)) {
                        confine(book_dir, &path.to_string_lossy(), "theme file", Kind::File)
                            .map_err(|r| setting_err(r.message))?;
                    }
                }
                return Ok(Theme::Folder(book_dir.join(dir)));
            }
            Err(r) if r.outside => return Err(setting_err(r.message)),
            _ => {}
        }
    }
    Err(setting_err(format!(
        "theme `{name}` not found: expected a folder with a style.css at {}",
        book_dir.join(name).display()
    )))
}

/// Bundles and minifies the theme and the extra style sheets (`extra_css`, relative to
/// the book's folder, and never outside it) into one CSS text.
pub fn stylesheet(
    theme: &Theme,
    extra: &[PathBuf],
    book_dir: &Path,
) -> Result<String, ProjectError> {
    let root = book_dir.canonicalize().ok();
    let mut files = HashMap::new();
    let entry = match theme {
        Theme::Default => {
            for (name, css) in DEFAULT_THEME {
                files.insert(PathBuf::from("/default").join(name), css.to_string());
            }
            PathBuf::from("/default/style.css")
        }
        Theme::Folder(dir) => {
            load_css_files(dir, root.as_deref(), &mut files)?;
            normalize(&dir.join("style.css"))
        }
    };
    let mut out = bundle(&files, &entry, &root)?;
    for rel in extra {
        let written = rel.to_string_lossy();
        let css = confine(book_dir, &written, "style sheet", Kind::File)
            .map(|r| book_dir.join(r))
            .map_err(|r| {
                ProjectError::Settings(format!(
                    "{}: `extra_css`: {}",
                    book_dir.join(config::FILE_NAME).display(),
                    r.message
                ))
            })?;
        let text = crate::project::read::read_text(&css).map_err(io("read", &css))?;
        let path = normalize(&css);
        if let Some(dir) = css.parent() {
            load_css_files(dir, root.as_deref(), &mut files)?;
        }
        files.insert(path.clone(), text);
        out.push_str(&bundle(&files, &path, &root)?);
    }
    Ok(out)
}

/// Loads the style sheets of a folder that lie inside the book's folder; others (links
/// out of it) are left out, and an `@import` of one is refused when bundling.
fn load_css_files(
    dir: &Path,
    root: Option<&Path>,
    files: &mut HashMap<PathBuf, String>,
) -> Result<(), ProjectError> {
    crate::project::reads::listed(dir, crate::project::reads::Listing::Css);
    let entries = std::fs::read_dir(dir).map_err(io("read", dir))?;
    for e in entries.flatten() {
        let p = e.path();
        let inside = p
            .canonicalize()
            .is_ok_and(|real| root.is_some_and(|r| real.starts_with(r)));
        if inside && p.extension().is_some_and(|x| x == "css") {
            let text = crate::project::read::read_text(&p).map_err(io("read", &p))?;
            files.insert(normalize(&p), text);
        }
    }
    Ok(())
}

#[cfg(not(feature = "css"))]
fn bundle(
    files: &HashMap<PathBuf, String>,
    entry: &Path,
    _root: &Option<PathBuf>,
) -> Result<String, ProjectError> {
    super::theme_join::join(files, entry)
}

/// What a bundle is made of: every style sheet loaded (sorted by path), the entry point
/// and the book's folder. A bundle that succeeds reads nothing else, so equal keys give
/// equal style sheets.
#[cfg(feature = "css")]
type BundleKey = (Vec<(PathBuf, String)>, PathBuf, Option<PathBuf>);

/// The last style sheets bundled, by what they were made of. Bundling and minifying the
/// theme is the slowest part of building a small book (and of each `serve` rebuild), and
/// its input seldom changes between builds of one process.
#[cfg(feature = "css")]
static BUNDLED: std::sync::Mutex<Vec<(BundleKey, String)>> = std::sync::Mutex::new(Vec::new());

/// How many bundles `BUNDLED` keeps: the theme, an extra sheet or two.
#[cfg(feature = "css")]
const BUNDLES_KEPT: usize = 4;

/// [`bundle_anew`], or the sheet it made last time from the same input.
#[cfg(feature = "css")]
fn bundle(
    files: &HashMap<PathBuf, String>,
    entry: &Path,
    root: &Option<PathBuf>,
) -> Result<String, ProjectError> {
    let mut sheets: Vec<(PathBuf, String)> =
        files.iter().map(|(p, t)| (p.clone(), t.clone())).collect();
    sheets.sort();
    let key: BundleKey = (sheets, entry.to_path_buf(), root.clone());
    let kept = |bundled: &Vec<(BundleKey, String)>| {
        bundled
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, css)| css.clone())
    };
    // A poisoned lock only means another build panicked while holding it: its entries
    // are whole (each is pushed in one step), so they are still good.
    if let Some(css) = kept(&BUNDLED.lock().unwrap_or_else(|p| p.into_inner())) {
        return Ok(css);
    }
    let css = bundle_anew(files, entry, root)?;
    let mut bundled = BUNDLED.lock().unwrap_or_else(|p| p.into_inner());
    if kept(&bundled).is_none() {
        if bundled.len() == BUNDLES_KEPT {
            bundled.remove(0);
        }
        bundled.push((key, css.clone()));
    }
    Ok(css)
}

/// Bundles the style sheet at `entry` with its `@import`s from `files`, and minifies it
/// for [`targets`].
#[cfg(feature = "css")]
fn bundle_anew(
    files: &HashMap<PathBuf, String>,
    entry: &Path,
    root: &Option<PathBuf>,
) -> Result<String, ProjectError> {
    let provider = Files {
        css: files.clone(),
        root: root.clone(),
    };
    let mut bundler = Bundler::new(&provider, None, ParserOptions::default());
    let mut sheet = bundler
        .bundle(entry)
        .map_err(|e| css_error(&e.kind, e.loc.as_ref(), entry))?;
    sheet
        .minify(MinifyOptions {
            targets: targets(),
            ..MinifyOptions::default()
        })
        .map_err(|e| css_error(&e.kind, e.loc.as_ref(), entry))?;
    let printed = sheet
        .to_css(PrinterOptions {
            minify: true,
            targets: targets(),
            ..PrinterOptions::default()
        })
        .map_err(|e| css_error(&e.kind, e.loc.as_ref(), entry))?;
    Ok(printed.code)
}

/// A style sheet's error as `FILE:LINE:COL: what`, lines counted from 1 like an editor's
/// (lightningcss counts them from 0).
#[cfg(feature = "css")]
fn css_error(
    kind: &dyn std::fmt::Display,
    loc: Option<&lightningcss::error::ErrorLocation>,
    entry: &Path,
) -> ProjectError {
    ProjectError::Style(match loc {
        Some(l) => format!(
            "{}:{}:{}: CSS error: {kind}",
            l.filename,
            l.line + 1,
            l.column
        ),
        None => format!("{}: CSS error: {kind}", entry.display()),
    })
}

// What lightningcss adds; the joined sheet without it is tested in `theme_join`.
#[cfg(all(test, feature = "css"))]
mod tests {
    use super::*;

    #[test]
    fn default_theme_bundles_its_imports_and_minifies() {
        let css = stylesheet(&Theme::Default, &[], Path::new(".")).unwrap();
        assert!(css.contains(".gb-sb"), "board.css is bundled in");
        assert!(css.contains(".gb-main"));
        assert!(!css.contains("@import"));
        assert!(!css.contains("\n  "), "minified");
    }

    #[test]
    fn css_errors_give_the_line_an_editor_shows() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("x.css"),
            "body {\n  color: red;\n}\n.b {{ }\n",
        )
        .unwrap();
        let err = stylesheet(&Theme::Default, &[PathBuf::from("x.css")], dir.path()).unwrap_err();
        let err = err.to_string();
        assert!(err.contains("x.css:4:"), "{err}");
    }

    #[test]
    fn the_style_sheet_gets_the_prefixes_older_readers_need() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("x.css"),
            ".pick { user-select: none; backdrop-filter: blur(2px) }\n",
        )
        .unwrap();
        let css = stylesheet(&Theme::Default, &[PathBuf::from("x.css")], dir.path()).unwrap();
        assert!(css.contains("-webkit-user-select:none"), "{css}");
        assert!(css.contains("-webkit-backdrop-filter:blur(2px)"), "{css}");
    }

    /// `css` parsed and printed by lightningcss, minified for the same readers as a bundle.
    fn minified(css: &str) -> String {
        let mut sheet =
            lightningcss::stylesheet::StyleSheet::parse(css, ParserOptions::default()).unwrap();
        sheet
            .minify(MinifyOptions {
                targets: targets(),
                ..MinifyOptions::default()
            })
            .unwrap();
        let options = PrinterOptions {
            minify: true,
            targets: targets(),
            ..PrinterOptions::default()
        };
        sheet.to_css(options).unwrap().code
    }

    #[test]
    fn the_sheet_joined_without_lightningcss_means_what_its_bundle_means() {
        // Without the `css` feature the theme's files are joined as written
        // (`theme_join`); that sheet, minified, must be the bundle, byte for byte, so a
        // library user's site is styled as the binary's is. The default theme, and sheets
        // with every kind of import the joiner reads.
        let mut themes = vec![DEFAULT_THEME
            .iter()
            .map(|(n, t)| (format!("/default/{n}"), t.to_string()))
            .collect::<Vec<_>>()];
        let own = |list: &[(&str, &str)]| {
            list.iter()
                .map(|(n, t)| (format!("/t/{n}"), t.to_string()))
                .collect::<Vec<_>>()
        };
        themes.push(own(&[
            (
                "style.css",
                "@charset \"utf-8\";\n/* head */\n@import \"a.css\";\n@import url(b.css) print;\n@import 'sub/c.css' screen and (min-width: 40em);\nbody { color: red }\n",
            ),
            ("a.css", ".a { margin: 0 0 0 0 }\n"),
            ("b.css", ".b { color: #ff0000 }"),
            ("sub/c.css", "@import \"../a.css\";\n.c { user-select: none }\n"),
        ]));
        for theme in themes {
            let files: HashMap<PathBuf, String> = theme
                .iter()
                .map(|(p, t)| (PathBuf::from(p), t.clone()))
                .collect();
            let entry = PathBuf::from(&theme[0].0);
            let joined = super::super::theme_join::join(&files, &entry).unwrap();
            let bundled = bundle_anew(&files, &entry, &None).unwrap();
            assert_eq!(minified(&joined), bundled, "{entry:?}:\n{joined}");
        }
    }

    #[test]
    fn a_kept_bundle_is_the_one_made_anew_and_an_edit_is_seen() {
        let dir = tempfile::tempdir().unwrap();
        let sheet = dir.path().join("x.css");
        let extra = [PathBuf::from("x.css")];
        std::fs::write(&sheet, ".a { color: red }\n").unwrap();
        let first = stylesheet(&Theme::Default, &extra, dir.path()).unwrap();
        let again = stylesheet(&Theme::Default, &extra, dir.path()).unwrap();
        assert_eq!(first, again);
        let mut files = HashMap::new();
        for (name, css) in DEFAULT_THEME {
            files.insert(PathBuf::from("/default").join(name), css.to_string());
        }
        let root = dir.path().canonicalize().ok();
        let entry = PathBuf::from("/default/style.css");
        let anew = bundle_anew(&files, &entry, &root).unwrap();
        assert_eq!(bundle(&files, &entry, &root).unwrap(), anew);
        assert!(first.starts_with(&anew), "the theme, then the extra sheet");
        std::fs::write(&sheet, ".a { color: blue }\n").unwrap();
        let edited = stylesheet(&Theme::Default, &extra, dir.path()).unwrap();
        assert!(
            first.ends_with(".a{color:red}"),
            "{}",
            &first[first.len() - 40..]
        );
        assert!(
            edited.ends_with(".a{color:#00f}"),
            "{}",
            &edited[edited.len() - 40..]
        );
    }
}
