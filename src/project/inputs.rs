//! What a build of the book reads: the book, `gobook.toml`, the theme folder, the extra
//! style sheets, the included files, the images and the cover, found from the book text
//! and the settings, and named even when they do not exist yet (so that creating a
//! missing include rebuilds). A build refuses an output folder holding any of them;
//! `serve`'s watcher reacts to these files and nothing else (not to logs, not to the
//! output, not to reads), and its rebuilder fingerprints them to skip saves that changed
//! nothing. Keep in step with what the rest of src/site reads: files.rs (images, includes
//! and the images of gobook and Markdown includes, cover), includes.rs, config.rs, theme.rs and script.rs.

use crate::format::inline;
use crate::format::schema::ElementKind;
use crate::format::syntax::Document;
use crate::project::config;
use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};

/// Text files larger than this are fingerprinted by size and time, not read.
const READ_LIMIT: u64 = 4 << 20;

/// Folders deeper than this inside a theme folder are not looked at.
const MAX_DEPTH: usize = 8;

/// The files a build reads, relative to the book's folder.
#[derive(Debug, Default)]
pub struct Inputs {
    /// Single files, whether they exist or not.
    files: BTreeSet<PathBuf>,
    /// Folders every file under which a build may read (theme folders).
    trees: Vec<PathBuf>,
    /// Folders whose `.css` files a build reads (those of the extra style sheets).
    css_dirs: Vec<PathBuf>,
    /// A book that is a folder of games: the folders whose game files the build reads (the
    /// files themselves are in `files`), where a new game file changes the book.
    game_dirs: Vec<PathBuf>,
}

impl Inputs {
    /// The inputs of a build of `book`, whose text is `text` (None when it cannot be read).
    pub fn of(book: &Path, text: Option<&str>) -> Inputs {
        let parsed = text.map(crate::format::parse);
        Inputs::of_doc(book, parsed.as_ref().map(|p| &p.doc))
    }

    /// The inputs of a build of `book` whose syntax tree is `doc`, for a caller that has parsed
    /// the book already.
    pub fn of_doc(book: &Path, doc: Option<&Document>) -> Inputs {
        let dir = super::output::book_folder(book);
        let dir = dir.as_path();
        let mut inputs = Inputs::default();
        if book.is_dir() {
            inputs.add_games(dir);
        } else if let Some(name) = book.file_name() {
            inputs.files.insert(PathBuf::from(name));
        }
        inputs.files.insert(PathBuf::from(config::FILE_NAME));
        if let Ok(cfg) = config::load(dir) {
            if let Some(theme) = cfg.theme.as_deref().filter(|t| *t != "default") {
                // Both places theme::theme looks, so that a theme created later is seen.
                inputs.trees.extend([
                    normalize(Path::new(theme)),
                    normalize(&Path::new("themes").join(theme)),
                ]);
            }
            for css in &cfg.extra_css {
                let rel = normalize(css);
                // theme::stylesheet loads every style sheet beside an extra one, for its @imports.
                inputs
                    .css_dirs
                    .push(rel.parent().map(Path::to_path_buf).unwrap_or_default());
                inputs.files.insert(rel);
            }
        }
        if let Some(doc) = doc {
            inputs.add_named(dir, doc);
        }
        inputs
    }

    /// Adds the game files of a folder of games read as a book, and its folders.
    fn add_games(&mut self, dir: &Path) {
        let Ok(games) = crate::project::games::in_folder(dir) else {
            return;
        };
        let rel = |p: &Path| p.strip_prefix(dir).map(Path::to_path_buf).ok();
        self.files.extend(games.files().filter_map(rel));
        self.game_dirs
            .extend(games.folders.iter().filter_map(|f| rel(&f.dir)));
    }

    /// Adds the files the book text names: includes, images (element and inline) and the
    /// cover, and the images of the gobook files it includes (shown on the book's pages).
    fn add_named(&mut self, dir: &Path, doc: &Document) {
        let mut included = Vec::new();
        for (kind, url) in named(doc) {
            let Some(rel) = local_path(&url) else {
                continue;
            };
            if kind == ElementKind::Include {
                included.push(rel.clone());
            }
            self.files.insert(rel);
        }
        // Includes do not nest: the images of an included file are the last level.
        for rel in included {
            let Ok(text) = crate::project::read::read_text(&dir.join(&rel)) else {
                continue;
            };
            let markdown = rel
                .extension()
                .is_some_and(|e| e == "md" || e == "markdown");
            if markdown {
                for (url, _) in crate::project::includes::markdown_images(&text) {
                    self.files.extend(local_path(&url));
                }
                continue;
            }
            for (kind, url) in named(&crate::format::parse(&text).doc) {
                if let Some(rel) = local_path(&url).filter(|_| kind == ElementKind::Img) {
                    self.files.insert(rel);
                }
            }
        }
    }

    /// Every file and folder listed, relative to the book's folder.
    pub fn paths(&self) -> impl Iterator<Item = &PathBuf> {
        self.files.iter().chain(&self.trees).chain(&self.css_dirs)
    }

    /// Whether a change at `rel` (relative to the book's folder) can change the site: an
    /// input itself, a file in an input folder, or a folder on the way to an input (a
    /// folder created, removed or renamed takes its files with it).
    pub fn affected_by(&self, rel: &Path) -> bool {
        self.files.contains(rel)
            || (self.trees.iter().any(|t| rel.starts_with(t)) && !is_editor_scratch(rel))
            || self.css_dirs.iter().any(|d| {
                rel.parent() == Some(d.as_path()) && rel.extension().is_some_and(|e| e == "css")
            })
            || (self
                .game_dirs
                .iter()
                .any(|d| rel.parent() == Some(d.as_path()))
                && !is_editor_scratch(rel))
            || self
                .files
                .iter()
                .chain(&self.trees)
                .chain(&self.css_dirs)
                .any(|f| f.starts_with(rel))
    }

    /// What the inputs hold now: the book's `bytes`, the other text files read, images by size
    /// and modification time, and which files are missing. Kept whole and compared whole (no
    /// hash), so no change of a text file can pass for none; an image replaced by one of the
    /// same size that keeps the old modification time (`cp -p`) can.
    pub fn fingerprint(&self, dir: &Path, book: &Path, bytes: &[u8]) -> Fingerprint {
        let mut files = Vec::new();
        let book_name = book.file_name().map(PathBuf::from);
        for f in self.files.iter().filter(|f| Some(*f) != book_name.as_ref()) {
            files.push((f.clone(), file_state(&dir.join(f))));
        }
        for d in &self.css_dirs {
            let Ok(rd) = std::fs::read_dir(dir.join(d)) else {
                continue;
            };
            let mut css: Vec<PathBuf> = rd
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "css"))
                .collect();
            css.sort();
            files.extend(css.into_iter().map(|p| {
                let state = file_state(&p);
                (p, state)
            }));
        }
        for t in &self.trees {
            let mut found = Vec::new();
            walk(&dir.join(t), 0, &mut found);
            found.sort();
            files.extend(found.into_iter().map(|p| {
                let state = file_state(&p);
                (p, state)
            }));
        }
        if !self.game_dirs.is_empty() {
            // Which game files the folders hold now: a new one changes the book.
            let now = crate::project::games::in_folder(dir).unwrap_or_default();
            let listing: Vec<u8> = now
                .files()
                .flat_map(|p| {
                    p.to_string_lossy()
                        .into_owned()
                        .into_bytes()
                        .into_iter()
                        .chain([0])
                })
                .collect();
            files.push((PathBuf::new(), FileState::Text(listing)));
        }
        Fingerprint {
            book: bytes.to_vec(),
            files,
        }
    }
}

/// The contents of a build's inputs, as [`Inputs::fingerprint`] found them.
#[derive(Debug, PartialEq)]
pub struct Fingerprint {
    book: Vec<u8>,
    files: Vec<(PathBuf, FileState)>,
}

/// The paths a gobook text names, with the kind of element naming them (inline images as Img).
fn named(doc: &Document) -> Vec<(ElementKind, String)> {
    let mut out = Vec::new();
    for el in &doc.elements {
        match el.kind {
            ElementKind::Include | ElementKind::Img => {
                out.extend(el.attr("url").map(|a| (el.kind, a.value.clone())))
            }
            ElementKind::Book => out.extend(
                el.attrs
                    .iter()
                    .filter(|a| a.base_name() == "cover")
                    .map(|a| (ElementKind::Book, a.value.clone())),
            ),
            _ => {}
        }
        for (attrs, _) in el.value.as_ref().map(inline::images).unwrap_or_default() {
            out.extend(
                attrs
                    .iter()
                    .find(|a| a.name == "url")
                    .map(|a| (ElementKind::Img, a.value.clone())),
            );
        }
    }
    out
}

/// What a file holds, as far as a build can tell: its text when it is a small text file,
/// else its size and modification time; None when it cannot be read.
#[derive(Debug, PartialEq)]
enum FileState {
    Missing,
    Text(Vec<u8>),
    Stamp(u64, Option<u128>),
}

fn file_state(p: &Path) -> FileState {
    let Ok(meta) = std::fs::metadata(p) else {
        return FileState::Missing;
    };
    let text = [
        "gobook", "md", "markdown", "css", "toml", "js", "sgf", "mgt", "xml",
    ]
    .iter()
    .any(|x| p.extension().is_some_and(|e| e == *x));
    if meta.is_file() && text && meta.len() < READ_LIMIT {
        if let Ok(b) = crate::project::read::read(p) {
            return FileState::Text(b);
        }
    }
    let mtime = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map(|d| d.as_nanos());
    FileState::Stamp(meta.len(), mtime)
}

/// The files under `dir`, symbolic links not followed (a link to its own folder costs nothing).
fn walk(dir: &Path, depth: usize, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        match e.file_type() {
            Ok(t) if t.is_dir() && depth < MAX_DEPTH => walk(&e.path(), depth + 1, out),
            Ok(t) if t.is_file() => out.push(e.path()),
            _ => {}
        }
    }
}

/// The path inside the book's folder a local URL names, or None for external and outside ones.
fn local_path(url: &str) -> Option<PathBuf> {
    let url = url.trim();
    if url.is_empty() || crate::format::values::is_external(url) {
        return None;
    }
    let rel = PathBuf::from(url.trim_start_matches("./"));
    rel.components()
        .all(|c| matches!(c, Component::Normal(_)))
        .then_some(rel)
}

/// `a/./b/../c` as `a/c`, without looking at the file system.
fn normalize(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir
                if matches!(out.components().next_back(), Some(Component::Normal(_))) =>
            {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// Whether `rel` names an editor's scratch file (a swap, backup, lock or safe-write file,
/// as vim, emacs and JetBrains IDEs make beside the file edited): never read by a build,
/// and a swap file kept open would otherwise hold every save's burst open.
fn is_editor_scratch(rel: &Path) -> bool {
    let Some(name) = rel.file_name().and_then(|n| n.to_str()) else {
        return false;
    };
    name.ends_with('~')
        || name.starts_with(".#")
        || name.contains("___jb_")
        || name == "4913"
        || [".swp", ".swx", ".swo", ".tmp"]
            .iter()
            .any(|e| name.ends_with(e))
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOOK: &str = "::book(#b) title=\"T\" cover=\"art/cover.png\"\n\n::chapter\n\n::include url=\"intro.md\"\n\n::img url=\"./img/a.png\"\n\nSee <img url=\"img/inline.png\"> and <img url=\"https://example.org/x.png\">.\n\n::img url=\"../outside.png\"\n";

    #[test]
    fn names_what_the_book_reads_and_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("gobook.toml"),
            "theme = \"dark\"\nextra_css = [\"css/extra.css\"]\n",
        )
        .unwrap();
        std::fs::write(
            dir.path().join("part.gobook"),
            "::h1 Part\n\n::img url=\"img/part.png\"\n\n::include url=\"nested.md\"\n",
        )
        .unwrap();
        std::fs::write(
            dir.path().join("intro.md"),
            "# Intro\n\n![pic](img/md.png) ![far](https://example.org/far.png)\n",
        )
        .unwrap();
        let book = format!("{BOOK}\n::include url=\"part.gobook\"\n");
        let inputs = Inputs::of(&dir.path().join("book.gobook"), Some(&book));
        for yes in [
            "book.gobook",
            "gobook.toml",
            "intro.md",
            "part.gobook",
            "img/part.png",
            "img/md.png",
            "img/a.png",
            "img/inline.png",
            "art/cover.png",
            "css/extra.css",
            "css/base.css",
            "dark/style.css",
            "themes/dark/fonts/a.css",
            "img",
            "themes",
            "css",
        ] {
            assert!(inputs.affected_by(Path::new(yes)), "{yes}");
        }
        for no in [
            "serve.log",
            "site/index.html",
            "img/b.png",
            "img/sub/a.png",
            "book.gobook~",
            ".book.gobook.swp",
            "css/notes.txt",
            "x.png",
            "outside.png",
            "4913",
            "nested.md",
            "themes/dark/.style.css.swp",
            "themes/dark/style.css~",
            "themes/dark/.#style.css",
            "themes/dark/style.css___jb_tmp___",
            "themes/dark/4913",
        ] {
            assert!(!inputs.affected_by(Path::new(no)), "{no}");
        }
    }

    #[test]
    fn without_text_still_the_book_and_its_settings() {
        let inputs = Inputs::of(Path::new("book.gobook"), None);
        assert!(
            inputs.affected_by(Path::new("book.gobook"))
                && inputs.affected_by(Path::new("gobook.toml"))
        );
        assert!(!inputs.affected_by(Path::new("img/a.png")));
    }

    #[test]
    fn the_fingerprint_follows_contents_not_reads() {
        let dir = tempfile::tempdir().unwrap();
        let book = dir.path().join("book.gobook");
        std::fs::write(&book, BOOK).unwrap();
        let inputs = Inputs::of(&book, Some(BOOK));
        let first = inputs.fingerprint(dir.path(), &book, BOOK.as_bytes());
        std::fs::write(dir.path().join("serve.log"), "not an input").unwrap();
        assert_eq!(
            inputs.fingerprint(dir.path(), &book, BOOK.as_bytes()),
            first
        );
        std::fs::write(dir.path().join("intro.md"), "# Intro").unwrap();
        let with_intro = inputs.fingerprint(dir.path(), &book, BOOK.as_bytes());
        assert_ne!(
            with_intro, first,
            "a missing include that appears changes the fingerprint"
        );
        std::fs::write(dir.path().join("intro.md"), "# Intro").unwrap();
        assert_eq!(
            inputs.fingerprint(dir.path(), &book, BOOK.as_bytes()),
            with_intro,
            "the same text again changes nothing"
        );
    }

    #[test]
    #[cfg(unix)]
    fn links_to_their_own_folder_cost_nothing() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("themes/t")).unwrap();
        std::fs::write(dir.path().join("themes/t/style.css"), "a{}").unwrap();
        std::os::unix::fs::symlink(".", dir.path().join("themes/t/loop")).unwrap();
        std::os::unix::fs::symlink("loop2", dir.path().join("themes/t/loop2")).unwrap();
        let mut files = Vec::new();
        walk(&dir.path().join("themes"), 0, &mut files);
        assert_eq!(files, vec![dir.path().join("themes/t/style.css")]);
    }
}
