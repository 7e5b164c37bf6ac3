//! What the server knows: the files open in the editor (their text, which may be unsaved),
//! and for each book the last analysis of it and its included files, redone only when one
//! of them changed, in the editor or on disk: each analysis records what it read from disk
//! (`project::reads`: included files, Markdown includes, images), and those files are what
//! the editor is asked to watch. A book keeps its resolution cache between analyses, as
//! `serve` does, so an edit re-resolves only the elements it touched.

use super::text::Text;
use crate::check::Checked;
use crate::diagnostics::Diagnostic;
use crate::format::schema::ElementKind;
use crate::format::syntax::Document;
use crate::project::confine::{confine, Kind};
use crate::project::reads::{Reads, Record};
use crate::resolve::cache::ResolveCache;
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

/// A gobook file of a book: the book itself or a local file it includes.
pub struct File {
    /// Where it is.
    pub path: PathBuf,
    /// Its text: the editor's when open, else the disk's.
    pub text: Text,
    /// Its own syntax tree (for the book, without the included files spliced in); `None`
    /// when it is the check's tree, for a book that splices in no file: a second tree of a
    /// 10 MB book would be tens of megabytes. Read it with [`Analysis::doc`].
    doc: Option<Document>,
    /// The `url` of the `::include` naming it; `None` for the book.
    pub url: Option<String>,
}

/// A book checked as `gobook check` checks it, with its included gobook files.
pub struct Analysis {
    /// The book's file; `files[0]`.
    pub files: Vec<File>,
    /// The book's check: tree, links, resolved book, diagnostics.
    pub checked: Checked,
    /// The problems of each file, by path, to publish.
    pub problems: Vec<(PathBuf, Vec<Diagnostic>)>,
    /// What the analysis read from disk, relative to the book's folder (the editor's texts
    /// are not in it: the editor tells of their changes itself).
    pub reads: Record,
}

impl Analysis {
    /// The book's own file.
    pub fn book(&self) -> &File {
        &self.files[0]
    }

    /// The syntax tree of file `f`, one of this book's.
    pub fn doc<'a>(&'a self, f: &'a File) -> &'a Document {
        f.doc.as_ref().unwrap_or(&self.checked.doc)
    }

    /// Where file `f`'s text starts in the checked book's: 0 for the book, and an included
    /// file's elements are spliced in after the book's text, at the file's start (None when
    /// the check read other text for it).
    pub fn offset_of(&self, f: &File) -> Option<u32> {
        match &f.url {
            None => Some(0),
            Some(url) => self
                .checked
                .included
                .iter()
                .find(|i| i.url == *url && i.text == f.text.text)
                .map(|i| i.start),
        }
    }

    /// The file at `path`, if it is part of this book.
    pub fn file(&self, path: &Path) -> Option<&File> {
        self.files.iter().find(|f| f.path == path)
    }

    /// The book's folder.
    fn dir(&self) -> PathBuf {
        crate::project::output::folder_of(&self.book().path)
    }

    /// Whether a change at `path` can change this analysis: one of its files, or a path it
    /// read or looked for on disk.
    pub fn depends_on(&self, path: &Path) -> bool {
        self.file(path).is_some()
            || path
                .strip_prefix(self.dir())
                .is_ok_and(|rel| self.reads.affected_by(rel))
    }

    /// The files on disk this analysis read or looked for (absolute): the book and its
    /// included files, their images, a missing include (so that creating it counts).
    pub fn read_files(&self) -> impl Iterator<Item = PathBuf> + '_ {
        let dir = self.dir();
        self.files
            .iter()
            .map(|f| f.path.clone())
            .chain(self.reads.files().map(move |rel| dir.join(rel)))
    }
}

/// The open files and the books they belong to.
#[derive(Default)]
pub struct Workspace {
    open: HashMap<PathBuf, Text>,
    books: HashMap<PathBuf, Book>,
}

/// A book's state between analyses.
#[derive(Default)]
struct Book {
    cache: ResolveCache,
    analysis: Option<Analysis>,
    /// The files the last analysis read, kept while it is stale: still to be watched.
    read: BTreeSet<PathBuf>,
}

impl Workspace {
    /// The editor opened `path` with `text`.
    pub fn open(&mut self, path: PathBuf, text: String) {
        self.open.insert(path.clone(), Text::new(text));
        self.changed(&path);
    }

    /// The open text of `path`, to change in place; call [`Workspace::changed`] after.
    pub fn text_mut(&mut self, path: &Path) -> Option<&mut Text> {
        self.open.get_mut(path)
    }

    /// The editor closed `path`: from now on the disk's text counts.
    pub fn close(&mut self, path: &Path) {
        self.open.remove(path);
        self.changed(path);
    }

    /// `path` changed (in the editor or on disk): the analyses that read it are stale.
    pub fn changed(&mut self, path: &Path) {
        for b in self.books.values_mut() {
            let reads = b.analysis.as_ref().is_none_or(|a| a.depends_on(path));
            if reads {
                b.analysis = None;
            }
        }
        if let Some(b) = self.books.get_mut(path) {
            b.analysis = None;
        }
    }

    /// The books whose last analysis read `path` on disk (or looked for it there).
    pub fn books_reading(&self, path: &Path) -> Vec<PathBuf> {
        self.books
            .iter()
            .filter(|(_, b)| {
                b.analysis
                    .as_ref()
                    .map_or(b.read.contains(path), |a| a.depends_on(path))
            })
            .map(|(p, _)| p.clone())
            .collect()
    }

    /// Every file on disk the books' last analyses read: what the editor is asked to watch.
    pub fn watched(&self) -> BTreeSet<PathBuf> {
        self.books
            .values()
            .flat_map(|b| b.read.iter().cloned())
            .collect()
    }

    /// Whether `path` is open in the editor or a book of one that is.
    pub fn knows(&self, path: &Path) -> bool {
        self.open.contains_key(path) || self.books.contains_key(path)
    }

    /// Drops every analysis and cache (after a panic interrupted one); the open texts stay.
    pub fn forget_analyses(&mut self) {
        self.books.clear();
    }

    /// The text of `path`: the editor's if open, else the file's on disk.
    pub fn text_of(&self, path: &Path) -> Option<String> {
        match self.open.get(path) {
            Some(t) => Some(t.text.clone()),
            None => crate::project::read::read_text(path).ok(),
        }
    }

    /// The books whose analyses are current, by path (for the files to publish).
    pub fn open_paths(&self) -> Vec<PathBuf> {
        self.open.keys().cloned().collect()
    }

    /// The analysis of the book `path` belongs to (itself, or the book that includes it),
    /// made now if stale.
    /// The book analysis, the file and the byte offset a request's position `pos` names;
    /// None for a file that is no book's.
    pub fn at(
        &mut self,
        pos: &lsp_types::TextDocumentPositionParams,
    ) -> Option<(&Analysis, &File, usize)> {
        let (a, f) = self.document(&pos.text_document.uri)?;
        Some((a, f, f.text.offset(pos.position)))
    }

    /// The book analysis and the file of the document `uri`; None for a file that is no
    /// book's.
    pub fn document(&mut self, uri: &lsp_types::Uri) -> Option<(&Analysis, &File)> {
        let path = super::uri::to_path(uri)?;
        let a = self.analysis(&path)?;
        let f = a.file(&path)?;
        Some((a, f))
    }

    pub fn analysis(&mut self, path: &Path) -> Option<&Analysis> {
        let book = self.book_of(path)?;
        if self.books.get(&book).is_none_or(|b| b.analysis.is_none()) {
            let text = self.text_of(&book)?;
            let mut state = self.books.remove(&book).unwrap_or_default();
            let a = analyse(self, &book, text, &mut state.cache);
            state.read = a.read_files().collect();
            state.analysis = Some(a);
            self.books.insert(book.clone(), state);
        }
        self.books.get(&book)?.analysis.as_ref()
    }

    /// The book `path` belongs to: itself when it has a `::book`, else an open book or a
    /// book beside it (or in the folder above) that includes it; else itself.
    pub fn book_of(&self, path: &Path) -> Option<PathBuf> {
        // An open file is looked at in place: a book's text is megabytes, asked at every request.
        let book = match self.open.get(path) {
            Some(t) => is_book(&t.text),
            None => is_book(&self.text_of(path)?),
        };
        if book {
            return Some(path.to_path_buf());
        }
        let mut candidates: Vec<PathBuf> = self.open.keys().cloned().collect();
        let dir = crate::project::output::folder_of(path);
        for d in [Some(dir.as_path()), dir.parent()].into_iter().flatten() {
            let Ok(entries) = std::fs::read_dir(d) else {
                continue;
            };
            let mut found: Vec<PathBuf> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "gobook"))
                .collect();
            found.sort();
            candidates.extend(found);
        }
        let includes_it = |book: &PathBuf| {
            self.text_of(book)
                .filter(|t| is_book(t))
                .is_some_and(|t| local_includes(book, &t).iter().any(|(_, p)| p == path))
        };
        Some(
            candidates
                .into_iter()
                .find(includes_it)
                .unwrap_or_else(|| path.to_path_buf()),
        )
    }
}

/// Whether a text is a book (has a `::book` line) rather than a file to include.
pub fn is_book(text: &str) -> bool {
    text.lines().any(|l| {
        l.strip_prefix("::book")
            .is_some_and(|rest| !rest.starts_with(|c: char| c.is_alphanumeric()))
    })
}

/// The local files a book includes: each `url` with the path it names in the book's
/// folder (confined as a build confines it).
fn local_includes(book: &Path, text: &str) -> Vec<(String, PathBuf)> {
    let dir = crate::project::output::folder_of(book);
    let doc = crate::format::parse(text).doc;
    includes_of(&doc, &dir)
}

/// The `::include`s of `doc` naming a local file, with its path.
fn includes_of(doc: &Document, dir: &Path) -> Vec<(String, PathBuf)> {
    let mut out: Vec<(String, PathBuf)> = Vec::new();
    for el in doc
        .elements
        .iter()
        .filter(|e| e.kind == ElementKind::Include)
    {
        let Some(url) = el.attr_value("url") else {
            continue;
        };
        if let Ok(rel) = confine(dir, url, "included file", Kind::File) {
            let path = dir.join(rel);
            if !out.iter().any(|(_, p)| *p == path) {
                out.push((url.to_string(), path));
            }
        }
    }
    out
}

/// Checks the book at `path` whose text is `text` as `gobook check` does (the book, the
/// files it names), reading open files from the editor.
fn analyse(ws: &Workspace, path: &Path, text: String, cache: &mut ResolveCache) -> Analysis {
    let dir = crate::project::output::folder_of(path);
    let reads = Reads::start(&dir);
    // Included gobook files are spliced into the book by the check: an open one as the
    // editor holds it, others from disk.
    let read = |url: &str| match confine(&dir, url, "included file", Kind::File) {
        Ok(rel) if ws.open.contains_key(&dir.join(&rel)) && !url.ends_with(".md") => {
            ws.text_of(&dir.join(rel)).map(|t| (url.to_string(), t))
        }
        _ => crate::project::includes::gobook_source(url, &dir),
    };
    let checked = crate::check::check_with_included(&text, cache, &read);
    let found = crate::project::files::check_files(&checked, &dir, true);
    let mut book_problems = checked.diagnostics.clone();
    book_problems.extend(found.book);
    book_problems.sort_by_key(|d| (d.span.start, d.severity));
    let mut problems = vec![(path.to_path_buf(), book_problems)];
    let mut files = Vec::new();
    // The book's own tree: the check's has the included files' elements spliced in, in
    // place of their `::include`s, at positions past the book's text. With nothing spliced
    // in, the check's tree is the book's own and is not made twice.
    let spliced = !checked.included.is_empty() || checked.src.len() != text.len();
    let own = spliced.then(|| crate::format::parse(&text).doc);
    for (url, p) in includes_of(own.as_ref().unwrap_or(&checked.doc), &dir) {
        if !url.ends_with(".gobook") {
            continue;
        }
        let Some(t) = ws.text_of(&p) else { continue };
        let diags = if ws.open.contains_key(&p) {
            let (mut e, w) = crate::project::includes::problems_of(&url, &t);
            e.extend(w);
            e.sort_by_key(|d| (d.span.start, d.severity));
            e
        } else {
            let name = p.display().to_string();
            checked
                .included
                .iter()
                .find(|f| f.url == url)
                .map(|f| f.diagnostics.clone())
                .or_else(|| {
                    found
                        .included
                        .iter()
                        .find(|f| f.name == name)
                        .map(|f| f.diagnostics.clone())
                })
                .unwrap_or_default()
        };
        problems.push((p.clone(), diags));
        files.push(File {
            doc: Some(crate::format::parse(&t).doc),
            text: Text::new(t),
            path: p,
            url: Some(url),
        });
    }
    files.insert(
        0,
        File {
            path: path.to_path_buf(),
            doc: own,
            text: Text::new(text),
            url: None,
        },
    );
    Analysis {
        files,
        checked,
        problems,
        reads: reads.finish(),
    }
}
