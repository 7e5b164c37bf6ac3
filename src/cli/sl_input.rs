//! A Sensei's Library diagram where `gobook svg` takes a snippet or a book (told by its
//! `$$` lines): read, its problems told at their line and column, and checked as the
//! one-diagram book it becomes.

use super::book_file;
use super::EXIT_CONTENT;
use gobook::board::diagram::PointLink;
use gobook::check::Checked;
use gobook::diagnostics::{Code, Diagnostic, Severity};
use gobook::sl::SlError;

fn diagnostic(e: &SlError, severity: Severity) -> Diagnostic {
    Diagnostic {
        severity,
        span: e.span,
        code: if severity == Severity::Error {
            Code::SlSyntax
        } else {
            Code::SlNote
        },
        message: e.message.clone(),
    }
}

/// Prints `notes` (what a `::dia` cannot show) as warnings at their place in `text`.
pub fn print_notes(name: &str, text: &str, notes: &[SlError], quiet: bool) {
    if quiet || notes.is_empty() {
        return;
    }
    let warnings: Vec<Diagnostic> = notes
        .iter()
        .map(|n| diagnostic(n, Severity::Warning))
        .collect();
    book_file::print_diagnostics(name, text, &warnings, quiet);
}

/// A diagram checked as the book it becomes, and the links on its points (which a book's
/// diagram cannot hold) for the picture to draw.
pub type Read = (Checked, Vec<PointLink>);

/// Reads the diagram of `text` and checks the book it becomes; prints what is wrong (at
/// `name:line:col` of the diagram) and gives exit code 1 when it cannot be drawn.
pub fn checked_or_report(name: &str, text: &str, quiet: bool) -> Result<Read, i32> {
    let gobook::import::sl::Snippet { dia, notes, links } = match gobook::import::sl::snippet(text)
    {
        Ok(x) => x,
        Err(e) => {
            book_file::print_diagnostics(name, text, &[diagnostic(&e, Severity::Error)], quiet);
            return Err(EXIT_CONTENT);
        }
    };
    if !quiet && !notes.is_empty() {
        let warnings: Vec<Diagnostic> = notes
            .iter()
            .map(|n| diagnostic(n, Severity::Warning))
            .collect();
        book_file::print_diagnostics(name, text, &warnings, quiet);
    }
    let checked = gobook::check::check_snippet(&dia);
    if checked.has_errors() {
        // The moves cannot be played as numbered (a number on a point taken by then):
        // told on the diagram as gobook reads it.
        let as_gobook = format!("{name} (as the gobook diagram `{}`)", dia.trim_end());
        book_file::print_diagnostics(&as_gobook, &dia, &checked.diagnostics, quiet);
        return Err(EXIT_CONTENT);
    }
    Ok((checked, links))
}

/// A snippet typed or piped: a Sensei's Library diagram when it starts with `$$`, else book text.
pub fn or_snippet(name: &str, text: &str, quiet: bool) -> Result<Read, i32> {
    if gobook::sl::is_sl(text) {
        checked_or_report(name, text, quiet)
    } else {
        super::snippet::checked_or_report(name, text, quiet).map(|c| (c, Vec::new()))
    }
}

/// A file named as the book: a Sensei's Library diagram when it starts with `$$`, else a book.
pub fn or_book(file: &book_file::BookFile, quiet: bool) -> Result<Read, i32> {
    if gobook::sl::is_sl(&file.text) {
        checked_or_report(&file.name, &file.text, quiet)
    } else {
        book_file::checked_or_report(file, quiet).map(|c| (c, Vec::new()))
    }
}

/// The text of `path` when it is a page of Sensei's Library diagrams for `gobook import`
/// ([`gobook::game_book::sl_page`]).
pub fn page(path: &std::path::Path) -> Option<String> {
    gobook::game_book::sl_page(path)
}

/// The book of the page `text` (`name` in messages, `stem` its ID and title): its
/// diagrams' notes printed as warnings, or every diagram it cannot read as an error at
/// its line and column (`Err`: exit code 1, nothing to write).
pub fn page_book(
    name: &str,
    text: &str,
    stem: &str,
    lang: &'static str,
    chapter: bool,
    quiet: bool,
) -> Result<gobook::import::SlBook, i32> {
    match gobook::import::sl_book(text, stem, lang, chapter) {
        Ok(book) => {
            let warnings: Vec<Diagnostic> = book
                .notes
                .iter()
                .map(|n| diagnostic(n, Severity::Warning))
                .collect();
            book_file::print_diagnostics(name, text, &warnings, quiet);
            Ok(book)
        }
        Err(errors) => {
            let errors: Vec<Diagnostic> = errors
                .iter()
                .map(|e| diagnostic(e, Severity::Error))
                .collect();
            book_file::print_diagnostics(name, text, &errors, quiet);
            super::report::error(&format!(
                "{name}: nothing written; mend the diagrams above (a Sensei's Library diagram \
                 is a header line such as `$$B Title`, then its `$$` board rows)"
            ));
            Err(EXIT_CONTENT)
        }
    }
}

/// The diagram of `text` and its boards, when it is a Sensei's Library diagram of several
/// boards side by side (columns of `_`).
pub fn side_by_side(text: &str) -> Option<(gobook::sl::Diagram, Vec<gobook::sl::Diagram>)> {
    if !gobook::sl::is_sl(text) {
        return None;
    }
    let d = gobook::sl::read(text).ok()?;
    let boards = gobook::sl::boards::boards(&d);
    (boards.len() > 1).then_some((d, boards))
}

/// Boards side by side drawn in a row, as `format` (SVG or PNG) and `pic` ask: the picture
/// and what the boards' diagrams cannot show (for the caller to tell at their place); or
/// why a board cannot be drawn (its moves cannot be played as numbered).
pub fn row_picture(
    boards: &[gobook::sl::Diagram],
    pic: &super::picture::PictureArgs,
    format: super::picture::Format,
) -> Result<(Vec<u8>, Vec<SlError>), String> {
    let mut drawn = Vec::with_capacity(boards.len());
    let mut notes = Vec::new();
    for b in boards {
        let s = gobook::import::sl::diagram_snippet(b);
        notes.extend(s.notes);
        let checked = gobook::check::check_snippet(&s.dia);
        let d = super::snippet::last_diagram(&checked).filter(|_| !checked.has_errors());
        let Some(d) = d else {
            let why = checked
                .diagnostics
                .first()
                .map_or("", |d| d.message.as_str());
            return Err(format!(
                "a board's moves cannot be played as numbered (`{}`): {why}",
                s.dia.trim_end()
            ));
        };
        let mut board = gobook::layout::diagram::board_diagram(&checked.resolved.book, d, "en");
        board.links = s.links;
        drawn.push(board);
    }
    let title = boards.first().map_or("", |b| b.title.as_str());
    let bytes = super::picture::row_bytes(&drawn, title, pic, format)?;
    Ok((bytes, notes))
}
