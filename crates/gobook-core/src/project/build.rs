//! What every writer's build shares: what it is given ([`Options`]), how it fails
//! ([`BuildError`]), the checked book it starts from, and the local images it copies.

use crate::check::Checked;
use crate::diagnostics::Diagnostic;
use crate::project::error::ProjectError;
use crate::project::{files, includes, output};
use std::path::Path;

/// The output folder when neither the command line nor `gobook.toml` names one.
pub const DEFAULT_OUT_DIR: &str = "site";

/// Why a build failed; the previous site or e-book is untouched in every case.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// Problems in a book file (the book or an included file), with their places.
    #[error("{name} has {} problem(s)", diagnostics.len())]
    Content {
        /// The file's name, as messages show it.
        name: String,
        /// The file's text, for the diagnostics' snippets.
        text: String,
        /// The problems.
        diagnostics: Vec<Diagnostic>,
    },
    /// The book's folder, its settings or the output folder.
    #[error(transparent)]
    Project(#[from] ProjectError),
    /// An image of the book would land on a file the writer writes itself.
    #[error(
        "the image `{image}` has the name of a file gobook writes into the {product}; rename it"
    )]
    ImageNameTaken {
        /// The image, as the book names it.
        image: String,
        /// What is written (`e-book`).
        product: &'static str,
    },
    /// An image (or the cover) is of a kind the output cannot hold.
    #[error("the {what} `{image}` is not an image an EPUB can hold (PNG, JPEG, GIF, SVG or WebP)")]
    UnsupportedImage {
        /// The image, as the book names it.
        image: String,
        /// `image` or `cover`.
        what: &'static str,
    },
    /// A path the book names leads out of its folder, or to nothing usable.
    #[error(transparent)]
    Refused(#[from] crate::project::confine::Refused),
    /// The container of an output (the EPUB's zip) could not be written.
    #[error("cannot write the EPUB container: {0}")]
    Container(#[source] Box<dyn std::error::Error + Send + Sync>),
    /// The print edition could not be typeset: a font `pdf_cjk_font` names that cannot be
    /// used, or a fault of the typesetter. (A character no font has is a problem of the book,
    /// [`BuildError::Content`], at its place.)
    #[error("{0}")]
    Print(String),
}

impl BuildError {
    /// Problems placed in no file (a missing include is reported where the book names
    /// it) placed in the book `name` with text `text`; other errors as they are.
    pub fn in_book(self, name: &str, text: &str) -> BuildError {
        match self {
            BuildError::Content {
                name: n,
                text: t,
                diagnostics,
            } if n.is_empty() && t.is_empty() => BuildError::Content {
                name: name.to_string(),
                text: text.to_string(),
                diagnostics,
            },
            other => other,
        }
    }
}

/// How to build.
pub struct Options<'a> {
    /// The book file.
    pub book: &'a Path,
    /// The book text (already read and decoded).
    pub text: &'a str,
    /// Output folder given on the command line, overriding `gobook.toml`.
    pub out_dir: Option<&'a Path>,
    /// Called with a line of progress.
    pub progress: &'a (dyn Fn(&str) + Sync),
    /// The book already checked (by a command that printed its warnings), so it is not checked again.
    pub checked: Option<&'a Checked>,
}

/// The checked book of a build: the one given, or a fresh check through `cache`.
pub fn checked_book<'a>(
    opts: &Options<'a>,
    cache: &mut crate::resolve::cache::ResolveCache,
    owned: &'a mut Option<Checked>,
) -> Result<&'a Checked, BuildError> {
    let checked: &'a Checked = match opts.checked {
        Some(c) => c,
        // Text warnings are for `check`; the build needs only errors, which they never are.
        None => {
            let dir = output::book_folder(opts.book);
            let read = |url: &str| includes::gobook_source(url, &dir);
            owned.insert(crate::check::check_for_build(opts.text, cache, &read))
        }
    };
    // The book's own errors first; an included file's errors are shown in that file.
    let is_error =
        |d: &crate::diagnostics::Diagnostic| d.severity == crate::diagnostics::Severity::Error;
    if checked.diagnostics.iter().any(is_error) {
        return Err(BuildError::Content {
            name: opts.book.display().to_string(),
            text: opts.text.to_string(),
            diagnostics: checked.diagnostics.clone(),
        });
    }
    if let Some(f) = checked
        .included
        .iter()
        .find(|f| f.diagnostics.iter().any(is_error))
    {
        // The book's own files (a missing image or include) still come first, as `check`
        // lists them. Without errors in included files they are left to the writer's
        // [`local_images`], which reports them together with names its own files take.
        let found = files::check_files(checked, &output::book_folder(opts.book), false);
        if found.book.iter().any(is_error) {
            return Err(BuildError::Content {
                name: opts.book.display().to_string(),
                text: opts.text.to_string(),
                diagnostics: found.book,
            });
        }
        return Err(BuildError::Content {
            name: f.name.clone(),
            text: f.text.clone(),
            diagnostics: f.diagnostics.clone(),
        });
    }
    Ok(checked)
}

/// The files the book reads, checked by [`files::check_files`] as `gobook check` does:
/// the local images (image elements, inline images, those of included files) and the
/// warnings left (those of included files are shown by `serve`); `cover`: the cover too
/// (the e-book shows it), and no image where the writer `own` writes a file of its own
/// (see [`crate::project::taken`]). The first file with errors fails the build.
pub fn local_images(
    checked: &Checked,
    name: &str,
    text: &str,
    book_dir: &Path,
    cover: bool,
    own: &Product,
) -> Result<files::BookFiles, BuildError> {
    let mut found = files::check_files(checked, book_dir, cover);
    // An image that would land on a writer's own file is a problem with the book's files
    // too: reported with the others, so a build says all that `check` says.
    let mut book = found.book.clone();
    book.extend(crate::project::taken::collisions(
        &found.named,
        own.files,
        own.name,
    ));
    book.sort_by_key(|d| d.span.start);
    if book
        .iter()
        .any(|d| d.severity == crate::diagnostics::Severity::Error)
    {
        return Err(BuildError::Content {
            name: name.to_string(),
            text: text.to_string(),
            diagnostics: book,
        });
    }
    if let Some(at) = found.included.iter().position(|f| {
        f.diagnostics
            .iter()
            .any(|d| d.severity == crate::diagnostics::Severity::Error)
    }) {
        let f = found.included.swap_remove(at);
        return Err(BuildError::Content {
            name: f.name,
            text: f.text,
            diagnostics: f.diagnostics,
        });
    }
    Ok(found)
}

/// What a writer writes itself, for [`local_images`]: its own files and how messages
/// name it ("the site", "the e-book").
pub struct Product<'a> {
    /// The files the writer writes itself.
    pub files: &'a [crate::project::taken::OwnFile],
    /// The writer's output as messages name it.
    pub name: &'a str,
}
