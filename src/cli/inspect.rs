//! `gobook inspect`: print the resolved book as JSON.

use super::book_file;
use super::{GlobalArgs, EXIT_OK, EXIT_USAGE};
use clap::Args;
use std::io::Write;
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
    // What `gobook check` refuses, `inspect` refuses too (a missing image or include, an
    // included file's error): a tool reading its JSON must not take a broken book for a good one.
    let book_dir = gobook::project::output::folder_of(&file.path);
    let found = gobook::project::files::check_files(&checked, &book_dir, false);
    if found.has_errors() {
        book_file::print_diagnostics(&file.name, &file.text, &found.book, g.quiet);
        for f in &found.included {
            book_file::print_diagnostics(&f.name, &f.text, &f.diagnostics, g.quiet);
        }
        super::report::error(&format!(
            "{} has errors; fix them first (see `gobook check`)",
            file.name
        ));
        return super::EXIT_CONTENT;
    }
    let lang = match super::choose_language(args.lang.as_deref(), &checked.resolved.book.languages)
    {
        Ok(l) => l,
        Err(code) => return code,
    };
    let out = gobook::inspect::inspect(&checked, &lang);
    // Written as it is made, never whole in memory: the JSON of a 5 MB book is far larger
    // than the book (issue #30).
    let mut stdout = std::io::BufWriter::new(std::io::stdout().lock());
    let written = serde_json::to_writer_pretty(&mut stdout, &out)
        .map_err(std::io::Error::from)
        .and_then(|()| writeln!(stdout))
        .and_then(|()| stdout.flush());
    match written {
        Ok(()) => EXIT_OK,
        // A reader such as `head` that has seen enough is not a failure.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => EXIT_OK,
        Err(e) => {
            super::report::error(&format!("cannot write to standard output: {e}"));
            EXIT_USAGE
        }
    }
}
