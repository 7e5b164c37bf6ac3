//! `gobook inspect`: print the resolved book as JSON.

use super::book_file;
use super::{GlobalArgs, EXIT_USAGE};
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
    let file = match book_file::read_or_report(&args.book) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let checked = match book_file::checked_or_report(&file, g.quiet) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let lang = match super::choose_language(args.lang.as_deref(), &checked.resolved.book.languages)
    {
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
