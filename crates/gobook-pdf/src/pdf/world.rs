//! The typst `World` a book is typeset in: one source gobook wrote, the diagrams and
//! images it names, the fonts of [`super::fonts`], and a fixed date. Nothing else: no
//! file system, no network, no packages, so a book's text can never reach outside it.

use std::collections::HashMap;
use typst::diag::{FileError, FileResult};
use typst::foundations::{Bytes, Datetime, Duration};
use typst::syntax::{FileId, RootedPath, Source, VirtualPath, VirtualRoot};
use typst::text::{Font, FontBook};
use typst::utils::LazyHash;
use typst::{Library, LibraryExt, World};

/// A book's typesetting world.
pub struct BookWorld {
    library: LazyHash<Library>,
    book: LazyHash<FontBook>,
    fonts: Vec<Font>,
    main: Source,
    files: HashMap<FileId, Bytes>,
    today: Datetime,
}

/// The file id of the virtual path `path` (absolute, `/` between folders).
pub fn file_id(path: &str) -> FileId {
    let vpath = VirtualPath::new(path).unwrap_or_else(|_| {
        VirtualPath::new("/invalid").expect("a plain absolute path is a virtual path")
    });
    RootedPath::new(VirtualRoot::Project, vpath).intern()
}

impl BookWorld {
    /// A world whose main source, at the path `main`, is `markup`, with `files` by virtual
    /// path, `fonts` and the date `today`.
    pub fn named(
        main: &str,
        markup: String,
        files: Vec<(String, Bytes)>,
        fonts: Vec<Font>,
        today: Datetime,
    ) -> Self {
        BookWorld {
            library: LazyHash::new(Library::default()),
            book: LazyHash::new(FontBook::from_fonts(&fonts)),
            fonts,
            main: Source::new(file_id(main), markup),
            files: files.into_iter().map(|(p, b)| (file_id(&p), b)).collect(),
            today,
        }
    }
}

impl BookWorld {
    /// A typst error with the line of gobook's source it is on, for a report of the bug.
    pub fn describe(&self, e: &typst::diag::SourceDiagnostic) -> String {
        use typst::WorldExt;
        let line = self.range(e.span).map(|r| {
            let text = self.main.text();
            let start = text[..r.start].rfind('\n').map_or(0, |i| i + 1);
            let end = text[r.start..]
                .find('\n')
                .map_or(text.len(), |i| r.start + i);
            text[start..end].chars().take(200).collect::<String>()
        });
        match line {
            Some(l) => format!("{} in `{l}`", e.message),
            None => e.message.to_string(),
        }
    }
}

impl World for BookWorld {
    fn library(&self) -> &LazyHash<Library> {
        &self.library
    }

    fn book(&self) -> &LazyHash<FontBook> {
        &self.book
    }

    fn main(&self) -> FileId {
        self.main.id()
    }

    fn source(&self, id: FileId) -> FileResult<Source> {
        if id == self.main.id() {
            Ok(self.main.clone())
        } else {
            Err(FileError::NotSource)
        }
    }

    fn file(&self, id: FileId) -> FileResult<Bytes> {
        if id == self.main.id() {
            return Ok(Bytes::from_string(self.main.clone()));
        }
        self.files.get(&id).cloned().ok_or(FileError::AccessDenied)
    }

    fn font(&self, index: usize) -> Option<Font> {
        self.fonts.get(index).cloned()
    }

    fn today(&self, _offset: Option<Duration>) -> Option<Datetime> {
        Some(self.today)
    }
}
