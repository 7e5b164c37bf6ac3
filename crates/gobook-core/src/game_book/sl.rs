//! A page of Sensei's Library diagrams named where a book is expected (`gobook build
//! page.sl`): the book `gobook import` writes of it ([`crate::import::sl_book`]), the
//! diagrams' notes and mistakes at their line and column in the page.

use super::{GameBook, Request, SourceError};
use crate::diagnostics::{Code, Diagnostic, Severity};
use crate::import::{Note, Tally};
use crate::project::files::FileProblems;
use crate::sl::SlError;
use std::path::Path;

fn diagnostic(e: SlError, severity: Severity) -> Diagnostic {
    let code = if severity == Severity::Error {
        Code::SlSyntax
    } else {
        Code::SlNote
    };
    Diagnostic {
        severity,
        span: e.span,
        code,
        message: e.message,
    }
}

/// The book of the page at `path` (its text `text`), named `name`; a page with a diagram
/// that cannot be read is no book, its mistakes placed.
pub fn read(
    path: &Path,
    text: String,
    name: &str,
    request: &Request,
) -> Result<GameBook, SourceError> {
    let file = path.display().to_string();
    let opts = request.import;
    let mut notes = Vec::new();
    if request.problems {
        notes.push(Note {
            file: Some(file.clone()),
            message:
                "--problems reads SGF problem files; the page's diagrams are shown as diagrams"
                    .into(),
        });
    }
    match crate::import::sl_book(&text, name, opts.lang, opts.chapter) {
        Ok(book) => Ok(GameBook {
            text: book.text,
            files: vec![FileProblems {
                name: file,
                diagnostics: book
                    .notes
                    .into_iter()
                    .map(|n| diagnostic(n, Severity::Warning))
                    .collect(),
                text,
            }],
            notes,
            refused: Vec::new(),
            markup: Tally::default(),
            comments: None,
        }),
        Err(errors) => Err(SourceError::Content {
            problems: FileProblems {
                name: file,
                diagnostics: errors
                    .into_iter()
                    .map(|e| diagnostic(e, Severity::Error))
                    .collect(),
                text,
            },
        }),
    }
}
