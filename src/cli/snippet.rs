//! A diagram snippet: a piece of book text such as `::dia sz=9 ab=C3 tr=C3`, typed on the
//! command line (`-e`) or piped in (`-`), drawn without a `::book` around it.

use super::book_file::{self, ReadError};
use super::{EXIT_CONTENT, EXIT_USAGE};
use gobook::check::Checked;
use gobook::resolve::model::Diagram;
use std::io::Read;

/// The name a snippet from `-e` has in messages.
pub const EXPR_NAME: &str = "<snippet>";
/// The name a snippet from standard input has in messages.
pub const STDIN_NAME: &str = "<stdin>";

/// Reads the snippet: the text of `-e`, or standard input.
pub fn read(expr: Option<&str>) -> Result<(String, String), i32> {
    if let Some(text) = expr {
        return Ok((EXPR_NAME.to_string(), text.to_string()));
    }
    let mut bytes = Vec::new();
    if let Err(e) = std::io::stdin().lock().read_to_end(&mut bytes) {
        super::report::error(&format!("cannot read standard input: {e}"));
        return Err(EXIT_USAGE);
    }
    match book_file::from_bytes(STDIN_NAME.to_string(), STDIN_NAME.into(), &bytes) {
        Ok(f) => Ok((f.name, f.text)),
        Err(ReadError::Io(msg)) => {
            super::report::error(&msg);
            Err(EXIT_USAGE)
        }
        Err(ReadError::Encoding {
            name,
            text,
            diagnostic,
        }) => {
            book_file::print_diagnostics(&name, &text, &[diagnostic], false);
            Err(EXIT_CONTENT)
        }
    }
}

/// Checks the snippet as book text that needs no `::book`; on errors prints them with
/// `name:line:col` and returns exit code 1.
pub fn checked_or_report(name: &str, text: &str, quiet: bool) -> Result<Checked, i32> {
    let checked = gobook::check::check_snippet(text);
    if checked.has_errors() {
        book_file::print_diagnostics(name, text, &checked.diagnostics, quiet);
        return Err(EXIT_CONTENT);
    }
    if !quiet && !checked.diagnostics.is_empty() {
        book_file::print_diagnostics(name, text, &checked.diagnostics, quiet);
    }
    Ok(checked)
}

/// The diagram a snippet means when none is named: its last, the one just typed.
pub fn last_diagram(checked: &Checked) -> Option<&Diagram> {
    checked.resolved.book.diagrams.last().map(|d| &**d)
}
