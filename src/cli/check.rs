//! `gobook check`: report every problem in a book, like a compiler would.

use super::book_file::{self, ReadError};
use super::{GlobalArgs, EXIT_CONTENT, EXIT_OK, EXIT_USAGE};
use clap::{Args, ValueEnum};
use gobook::diagnostics::{Located, SourceFile};
use std::path::PathBuf;

/// Arguments of `gobook check`.
#[derive(Args)]
pub struct CheckArgs {
    /// The book: a .gobook file or a folder holding one
    #[arg(default_value = ".")]
    pub book: PathBuf,
    /// How to print the problems: `human` shows at most 200 per file (errors before warnings)
    /// and counts the rest; `json` lists every one
    #[arg(long, value_enum, default_value_t = OutputFormat::Human)]
    pub format: OutputFormat,
}

/// Output formats of `gobook check`.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum OutputFormat {
    /// Messages with the source line and a caret, on standard error; at most 200 per file
    Human,
    /// A JSON array of every diagnostic on standard output
    Json,
}

/// Runs `gobook check`.
pub fn run(args: &CheckArgs, g: GlobalArgs) -> i32 {
    let (name, text, diagnostics) = match book_file::read(&args.book) {
        Ok(f) => {
            let checked = gobook::check::check(&f.text);
            (f.name, f.text, checked.diagnostics)
        }
        Err(ReadError::Io(msg)) => {
            super::report::error(&msg);
            return EXIT_USAGE;
        }
        Err(ReadError::Encoding { name, text, diagnostic }) => (name, text, vec![diagnostic]),
    };
    let errors = diagnostics.iter().filter(|d| d.severity == gobook::diagnostics::Severity::Error).count();
    if args.format == OutputFormat::Json {
        let src = SourceFile::new(&name, &text);
        let located: Vec<Located> = diagnostics.iter().map(|d| src.locate(d)).collect();
        super::print_stdout(&serde_json::to_string_pretty(&located).unwrap_or_else(|_| "[]".into()));
    } else {
        let (e, w) = book_file::print_diagnostics(&name, &text, &diagnostics, g.quiet);
        if !g.quiet {
            let mut out = anstream::stderr();
            use std::io::Write;
            let summary = match (e, w) {
                (0, 0) => format!("{name}: no problems found"),
                _ => format!("{name}: {} and {}", plural(e, "error"), plural(w, "warning")),
            };
            let _ = writeln!(out, "{summary}");
        }
    }
    if errors > 0 {
        EXIT_CONTENT
    } else {
        EXIT_OK
    }
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}
