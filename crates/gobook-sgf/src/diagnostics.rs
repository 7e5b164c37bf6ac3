//! Problems found in a book, and how they are shown: rustc-style text with the
//! source line and a caret, or JSON for tools.
//!
//! The first line is `FILE:LINE:COL: error: message`, the form editors and
//! terminals turn into a jump to the place; that is why this is not a
//! snippet-rendering crate's format.

mod code;

pub use code::{reference, Code};

use crate::span::{LineIndex, Span};
use serde::Serialize;

/// How bad a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The book is wrong; `check` exits 1.
    Error,
    /// Worth a look; kept going.
    Warning,
}

/// One problem at one place.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// Where, in the source text.
    pub span: Span,
    /// A short stable name for the kind of problem (`unknown-attribute`).
    pub code: Code,
    /// What is wrong and, where it helps, what to do.
    pub message: String,
}

/// A growing list of diagnostics.
#[derive(Debug, Default)]
pub struct Diagnostics(Vec<Diagnostic>);

impl Diagnostics {
    /// Records an error.
    pub fn error(&mut self, span: Span, code: Code, message: impl Into<String>) {
        self.0.push(Diagnostic {
            severity: Severity::Error,
            span,
            code,
            message: message.into(),
        });
    }

    /// Records a warning.
    pub fn warning(&mut self, span: Span, code: Code, message: impl Into<String>) {
        self.0.push(Diagnostic {
            severity: Severity::Warning,
            span,
            code,
            message: message.into(),
        });
    }

    /// Adds diagnostics found elsewhere.
    pub fn extend(&mut self, more: impl IntoIterator<Item = Diagnostic>) {
        self.0.extend(more);
    }

    /// The diagnostics, in the order found.
    pub fn into_vec(self) -> Vec<Diagnostic> {
        self.0
    }
}

/// A diagnostic placed in its file: what `--format json` prints.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Located {
    /// The file name as given.
    pub file: String,
    /// 1-based line; 0 for a problem of the whole file, which has no place in it (a game
    /// file read as a book: what its book cannot show).
    pub line: u32,
    /// 1-based column, in characters.
    pub column: u32,
    /// `error` or `warning`.
    pub severity: Severity,
    /// The kind of problem.
    pub code: Code,
    /// The message.
    pub message: String,
    /// The source line the problem is on; on a very long line, the part around the column.
    pub source_line: String,
    /// Where the caret goes in `source_line` (1-based, in characters).
    #[serde(skip)]
    pub snippet_column: u32,
}

/// Bytes of a long line shown on each side of a problem.
const SNIPPET_REACH: usize = 120;

/// The part of `line` around byte `at` worth showing, and the caret's column in it.
/// A book line can be megabytes long (a game's moves, a pasted paragraph), and
/// copying it whole for each of thousands of problems on it made `check` quadratic.
fn snippet(line: &str, at: usize, column: u32) -> (String, u32) {
    if line.len() <= 2 * SNIPPET_REACH {
        return (line.to_string(), column);
    }
    let at = at.min(line.len());
    let mut start = at.saturating_sub(SNIPPET_REACH);
    while !line.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = (at + SNIPPET_REACH).min(line.len());
    while !line.is_char_boundary(end) {
        end += 1;
    }
    let mut shown = String::with_capacity(end - start + 6);
    let mut caret = line[start..at].chars().count() as u32 + 1;
    if start > 0 {
        shown.push('…');
        caret += 1;
    }
    shown.push_str(&line[start..end]);
    if end < line.len() {
        shown.push('…');
    }
    (shown, caret)
}

/// A source file and its line index, for placing diagnostics.
pub struct SourceFile<'a> {
    /// The name shown in messages.
    pub name: &'a str,
    /// The text (after any byte-order mark).
    pub text: &'a str,
    index: LineIndex,
    /// The last place found (line, byte offset, column): problems placed in order along a
    /// line megabytes long count each character once, not once per problem.
    last: std::cell::Cell<(u32, u32, u32)>,
}

impl<'a> SourceFile<'a> {
    /// Indexes `text` for line lookups.
    pub fn new(name: &'a str, text: &'a str) -> Self {
        SourceFile {
            name,
            text,
            index: LineIndex::new(text),
            last: Default::default(),
        }
    }

    /// Places a diagnostic at its line and column.
    pub fn locate(&self, d: &Diagnostic) -> Located {
        let (line, column) = self.line_col(d.span.start);
        let text = self.index.line_text(self.text, line);
        let line_start = self.index.line_start(self.text, line);
        let (source_line, snippet_column) = snippet(
            text,
            (d.span.start as usize).saturating_sub(line_start),
            column,
        );
        Located {
            file: self.name.to_string(),
            line,
            column,
            severity: d.severity,
            code: d.code,
            message: d.message.clone(),
            source_line,
            snippet_column,
        }
    }

    /// 1-based line and column of a byte offset.
    pub fn line_col(&self, offset: u32) -> (u32, u32) {
        let offset = offset.min(self.text.len() as u32);
        let line = self.index.line(offset);
        let (last_line, last_offset, last_column) = self.last.get();
        let since_last = (last_line == line && last_offset <= offset)
            .then(|| self.text.get(last_offset as usize..offset as usize))
            .flatten();
        let column = match since_last {
            Some(s) => last_column + s.chars().count() as u32,
            None => self.index.line_col(self.text, offset).1,
        };
        self.last.set((line, offset, column));
        (line, column)
    }
}

/// Writes a diagnostic the way rustc does: location line, source line, caret.
pub fn render_human(d: &Located, out: &mut dyn std::io::Write, color: bool) -> std::io::Result<()> {
    use anstyle::{AnsiColor, Style};
    let (label, style) = match d.severity {
        Severity::Error => ("error", AnsiColor::Red.on_default().bold()),
        Severity::Warning => ("warning", AnsiColor::Yellow.on_default().bold()),
    };
    let bold = Style::new().bold();
    let blue = AnsiColor::Blue.on_default().bold();
    let (style, bold, blue) = if color {
        (style, bold, blue)
    } else {
        (Style::new(), Style::new(), Style::new())
    };
    // Line 0: a problem of the whole file, with no place and no line to show.
    if d.line == 0 {
        return writeln!(
            out,
            "{bold}{}:{bold:#} {style}{label}{style:#}{bold}: {}{bold:#}",
            d.file,
            crate::chars::visible(&d.message)
        );
    }
    writeln!(
        out,
        "{bold}{}:{}:{}:{bold:#} {style}{label}{style:#}{bold}: {}{bold:#}",
        d.file,
        d.line,
        d.column,
        crate::chars::visible(&d.message)
    )?;
    let num = d.line.to_string();
    let pad = " ".repeat(num.len());
    // Tabs are shown as single spaces so the caret lines up; control characters as
    // visible stand-ins, so a line holding an ESC cannot drive the terminal.
    let shown: String = crate::chars::visible(&d.source_line)
        .chars()
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect();
    writeln!(out, "{blue}{pad} |{blue:#}")?;
    writeln!(out, "{blue}{num} |{blue:#} {shown}")?;
    // The caret goes under its character as a terminal draws the line: CJK characters
    // take two columns, combining marks none.
    let before: String = shown
        .chars()
        .take(d.snippet_column.saturating_sub(1) as usize)
        .collect();
    let caret_pad = " ".repeat(unicode_width::UnicodeWidthStr::width(before.as_str()));
    writeln!(out, "{blue}{pad} |{blue:#} {caret_pad}{style}^{style:#}")?;
    Ok(())
}

/// Diagnostics printed per file; a book with thousands of problems (a game full of
/// illegal moves, a file saved as UTF-16) would otherwise bury the first ones, which
/// are the ones to fix, under megabytes of text.
pub const SHOWN_PER_FILE: usize = 200;

/// Which of a file's diagnostics to print when there are more than [`SHOWN_PER_FILE`]:
/// errors before warnings, since the errors are what stop a build, then in file order.
/// Returns a flag per diagnostic, and the errors and warnings left out.
fn select_shown(diags: &[Diagnostic], quiet: bool) -> (Vec<bool>, usize, usize) {
    let errors = diags
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    let warnings = if quiet { 0 } else { diags.len() - errors };
    let show_errors = errors.min(SHOWN_PER_FILE);
    let show_warnings = warnings.min(SHOWN_PER_FILE - show_errors);
    let (mut e, mut w) = (0, 0);
    let shown = diags
        .iter()
        .map(|d| match d.severity {
            Severity::Error => {
                e += 1;
                e <= show_errors
            }
            Severity::Warning => {
                w += 1;
                !quiet && w <= show_warnings
            }
        })
        .collect();
    (shown, errors - show_errors, warnings - show_warnings)
}

/// The line that stands for diagnostics left out: `and 812 more errors in book.gobook`.
pub fn more_line(file: &str, errors: usize, warnings: usize) -> Option<String> {
    let count = |n: usize, word: &str| format!("{n} more {word}{}", if n == 1 { "" } else { "s" });
    let what = match (errors, warnings) {
        (0, 0) => return None,
        (e, 0) => count(e, "error"),
        (0, w) => count(w, "warning"),
        (e, w) => format!("{} and {}", count(e, "error"), count(w, "warning")),
    };
    Some(format!("and {what} in {file}"))
}

/// Writes the diagnostics of one file the way [`render_human`] does, at most
/// [`SHOWN_PER_FILE`] of them (see [`select_shown`]), then one line for the rest.
/// With `quiet`, warnings are neither shown nor counted.
pub fn render_file(
    src: &SourceFile,
    diags: &[Diagnostic],
    quiet: bool,
    out: &mut dyn std::io::Write,
    color: bool,
) -> std::io::Result<()> {
    let (shown, more_errors, more_warnings) = select_shown(diags, quiet);
    for (d, show) in diags.iter().zip(shown) {
        if show {
            render_human(&src.locate(d), out, color)?;
        }
    }
    if let Some(line) = more_line(src.name, more_errors, more_warnings) {
        writeln!(out, "{}", crate::chars::visible(&line))?;
    }
    Ok(())
}

#[cfg(test)]
mod cap_tests {
    use super::*;

    fn diag(severity: Severity, at: usize) -> Diagnostic {
        Diagnostic {
            severity,
            span: Span::new(at, at + 1),
            code: Code::Syntax,
            message: format!("problem {at}"),
        }
    }

    #[test]
    fn a_few_diagnostics_are_all_shown() {
        let d: Vec<_> = (0..5)
            .map(|i| {
                diag(
                    if i % 2 == 0 {
                        Severity::Error
                    } else {
                        Severity::Warning
                    },
                    i,
                )
            })
            .collect();
        assert_eq!(select_shown(&d, false), (vec![true; 5], 0, 0));
        assert_eq!(
            select_shown(&d, true),
            (vec![true, false, true, false, true], 0, 0)
        );
    }

    #[test]
    fn errors_are_shown_before_warnings_when_there_are_too_many() {
        // 1,000 warnings first, then 50 errors: every error is shown, warnings fill the rest.
        let mut d: Vec<_> = (0..1000).map(|i| diag(Severity::Warning, i)).collect();
        d.extend((1000..1050).map(|i| diag(Severity::Error, i)));
        let (shown, e, w) = select_shown(&d, false);
        assert_eq!(shown.iter().filter(|&&s| s).count(), SHOWN_PER_FILE);
        assert!(shown[1000..].iter().all(|&s| s));
        assert_eq!((e, w), (0, 1000 - (SHOWN_PER_FILE - 50)));
        let text = String::from_utf8({
            let src = SourceFile::new("b.gobook", "x\n");
            let mut out = Vec::new();
            render_file(&src, &d, false, &mut out, false).unwrap();
            out
        })
        .unwrap();
        assert!(
            text.ends_with("and 850 more warnings in b.gobook\n"),
            "{}",
            &text[text.len() - 100..]
        );
        assert_eq!(text.matches("warning:").count(), 150);
    }

    #[test]
    fn the_more_line_counts_both_kinds() {
        assert_eq!(more_line("f", 0, 0), None);
        assert_eq!(more_line("f", 1, 0).unwrap(), "and 1 more error in f");
        assert_eq!(
            more_line("f", 3, 2).unwrap(),
            "and 3 more errors and 2 more warnings in f"
        );
    }

    #[test]
    fn control_characters_are_printed_visibly() {
        let src = SourceFile::new("b.gobook", "::p a\u{1b}[31m b\n");
        let d = Diagnostic {
            severity: Severity::Error,
            span: Span::new(5, 6),
            code: Code::Syntax,
            message: "bad \u{1b}".into(),
        };
        let mut out = Vec::new();
        render_human(&src.locate(&d), &mut out, false).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(!text.contains('\u{1b}'), "{text:?}");
        assert!(text.contains("a\u{241b}[31m"), "{text:?}");
    }
}

#[cfg(test)]
mod snippet_tests {
    use super::snippet;

    #[test]
    fn a_short_line_is_shown_whole() {
        assert_eq!(
            snippet("::dia mv=C3", 9, 10),
            ("::dia mv=C3".to_string(), 10)
        );
    }

    #[test]
    fn a_long_line_is_cut_around_the_problem() {
        let line = format!("{}ERR{}", "é".repeat(1000), "x".repeat(1000));
        let at = line.find("ERR").unwrap();
        let (shown, caret) = snippet(&line, at, 1001);
        assert!(shown.starts_with('…') && shown.ends_with('…'));
        assert!(shown.len() < 300, "{}", shown.len());
        assert_eq!(shown.chars().nth(caret as usize - 1), Some('E'));
    }
}

/// What a caught panic said (its payload as text): a bug in gobook, told to the user.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".into())
}
