//! `gobook inspect`: print the resolved book as JSON.

use super::book_file::{self, ReadError};
use super::{GlobalArgs, EXIT_CONTENT, EXIT_USAGE};
use clap::Args;
use std::path::PathBuf;

/// Arguments of `gobook inspect`.
#[derive(Args)]
pub struct InspectArgs {
    /// The book: a .gobook file or a folder holding one
    #[arg(default_value = ".")]
    pub book: PathBuf,
    /// Language to resolve the text in (default: the book's first language)
    #[arg(long)]
    pub lang: Option<String>,
}

/// Runs `gobook inspect`.
pub fn run(args: &InspectArgs, g: GlobalArgs) -> i32 {
    let file = match book_file::read(&args.book) {
        Ok(f) => f,
        Err(ReadError::Io(msg)) => {
            super::report::error(&msg);
            return EXIT_USAGE;
        }
        Err(ReadError::Encoding { name, text, diagnostic }) => {
            book_file::print_diagnostics(&name, &text, &[diagnostic], false);
            return EXIT_CONTENT;
        }
    };
    let checked = gobook::check::check(&file.text);
    if checked.has_errors() {
        book_file::print_diagnostics(&file.name, &file.text, &checked.diagnostics, g.quiet);
        super::report::error(&format!("{} has errors; fix them first (see `gobook check`)", file.name));
        return EXIT_CONTENT;
    }
    let lang = match super::choose_language(args.lang.as_deref(), &checked.resolved.book.languages) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let out = gobook::inspect::inspect(&file.text, &checked, &lang);
    match serde_json::to_string_pretty(&out) {
        Ok(s) => super::print_stdout(&s),
        Err(e) => {
            super::report::error(&format!("cannot write JSON: {e}"));
            EXIT_USAGE
        }
    }
}
