//! Finding and reading the book a command names.

use gobook::diagnostics::{Code, Diagnostic, Severity, SourceFile};
use gobook::format::syntax::Span;
use std::io::Write;
use std::path::{Path, PathBuf};

/// A book file read into memory.
pub struct BookFile {
    /// The path as shown in messages.
    pub name: String,
    /// The path on disk.
    pub path: PathBuf,
    /// The text, without a byte-order mark.
    pub text: String,
    /// The file had a byte-order mark.
    pub bom: bool,
}

/// Turns a path given on the command line into the book file: a `.gobook` file, or a
/// folder holding exactly one.
pub fn locate(given: &Path) -> Result<PathBuf, String> {
    if given.is_dir() {
        let mut found: Vec<PathBuf> = std::fs::read_dir(given)
            .map_err(|e| format!("cannot read the folder {}: {e}", given.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "gobook"))
            .collect();
        found.sort();
        match found.len() {
            1 => Ok(found.remove(0)),
            0 => Err(format!(
                "{} holds no .gobook file; name the book file, or run `gobook init` to start one",
                given.display()
            )),
            _ => Err(format!(
                "{} holds several .gobook files ({}); name the one you mean",
                given.display(),
                found
                    .iter()
                    .filter_map(|p| p.file_name())
                    .map(|n| n.to_string_lossy())
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        }
    } else if given.exists() {
        Ok(given.to_path_buf())
    } else {
        Err(format!("{} does not exist", given.display()))
    }
}

/// Why a book could not be read.
pub enum ReadError {
    /// Wrong path or I/O trouble (a usage problem).
    Io(String),
    /// The bytes are not UTF-8: a problem in the content, with its place.
    Encoding {
        name: String,
        text: String,
        diagnostic: Diagnostic,
    },
}

/// Reads the book named on the command line.
pub fn read(given: &Path) -> Result<BookFile, ReadError> {
    let path = locate(given).map_err(ReadError::Io)?;
    let bytes = gobook::project::read::read(&path)
        .map_err(|e| ReadError::Io(format!("cannot read {}: {e}", path.display())))?;
    from_bytes(path.display().to_string(), path, &bytes)
}

/// Decodes book bytes read from anywhere (a file or standard input).
pub fn from_bytes(name: String, path: PathBuf, bytes: &[u8]) -> Result<BookFile, ReadError> {
    match gobook::format::parser::decode(bytes) {
        Ok((text, bom)) => Ok(BookFile {
            name,
            path,
            text: text.to_string(),
            bom,
        }),
        Err((valid, message)) => {
            let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
            let text = String::from_utf8_lossy(&body[..valid]).into_owned();
            let diagnostic = Diagnostic {
                severity: Severity::Error,
                span: Span::new(valid, valid),
                code: Code::Encoding,
                message,
            };
            Err(ReadError::Encoding {
                name,
                text,
                diagnostic,
            })
        }
    }
}

/// Prints diagnostics of one file on standard error, at most
/// [`SHOWN_PER_FILE`](gobook::diagnostics::SHOWN_PER_FILE) and a line counting the
/// rest; returns (errors, warnings), all of them.
pub fn print_diagnostics(
    name: &str,
    text: &str,
    diags: &[Diagnostic],
    quiet: bool,
) -> (usize, usize) {
    let src = SourceFile::new(name, text);
    let mut err = anstream::stderr();
    let color = anstream::AutoStream::choice(&std::io::stderr()) != anstream::ColorChoice::Never;
    let e = diags
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    // Standard error is unbuffered: written a piece at a time, many reports spent
    // most of their time in system calls.
    let mut buf = Vec::new();
    let _ = gobook::diagnostics::render_file(&src, diags, quiet, &mut buf, color);
    let _ = err.write_all(&buf);
    (e, diags.len() - e)
}

/// Reads the book named on the command line, or reports why not and gives the exit code:
/// 2 for a wrong path, 1 for a file that is not UTF-8.
pub fn read_or_report(given: &Path) -> Result<BookFile, i32> {
    match read(given) {
        Ok(f) => Ok(f),
        Err(ReadError::Io(msg)) => {
            super::report::error(&msg);
            Err(super::EXIT_USAGE)
        }
        Err(ReadError::Encoding {
            name,
            text,
            diagnostic,
        }) => {
            print_diagnostics(&name, &text, &[diagnostic], false);
            Err(super::EXIT_CONTENT)
        }
    }
}

/// Checks a book as `gobook check` does, knowing the IDs of the files it includes.
pub fn check(file: &BookFile) -> gobook::check::Checked {
    let book_dir = gobook::project::output::folder_of(&file.path);
    let read = |url: &str| gobook::project::includes::gobook_source(url, &book_dir);
    gobook::check::check_with_included(
        &file.text,
        &mut gobook::resolve::cache::ResolveCache::once(),
        &read,
    )
}

/// Checks a book for a command that needs it error-free; reports the errors and gives exit code 1 otherwise.
pub fn checked_or_report(file: &BookFile, quiet: bool) -> Result<gobook::check::Checked, i32> {
    let checked = check(file);
    if checked.has_errors() {
        print_diagnostics(&file.name, &file.text, &checked.diagnostics, quiet);
        // The included files' errors are shown in their own files.
        for f in &checked.included {
            print_diagnostics(&f.name, &f.text, &f.diagnostics, quiet);
        }
        super::report::error(&format!(
            "{} has errors; fix them first (see `gobook check`)",
            file.name
        ));
        return Err(super::EXIT_CONTENT);
    }
    Ok(checked)
}
