//! `gobook build`: write the website of a book.

use super::book_file::{self, ReadError};
use super::{GlobalArgs, EXIT_CONTENT, EXIT_OK, EXIT_USAGE};
use clap::Args;
use gobook::site::build::{self, BuildError, Options};
use std::path::PathBuf;

/// Arguments of `gobook build`.
#[derive(Args)]
pub struct BuildArgs {
    /// The book: a .gobook file or a folder holding one
    #[arg(default_value = ".")]
    pub book: PathBuf,
    /// Where to write the site (default: `out_dir` of gobook.toml, else `site` beside the book)
    #[arg(short, long)]
    pub out_dir: Option<PathBuf>,
    /// Open the site in a browser when done
    #[arg(long)]
    pub open: bool,
}

/// Runs `gobook build`.
pub fn run(args: &BuildArgs, g: GlobalArgs) -> i32 {
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
    let quiet = g.quiet;
    let progress = move |line: &str| {
        if !quiet {
            eprintln!("  {line}");
        }
    };
    if !quiet {
        eprintln!("Building {}", file.name);
    }
    let opts = Options { book: &file.path, text: &file.text, out_dir: args.out_dir.as_deref(), progress: &progress };
    match build::build(&opts) {
        Ok(s) => {
            // Warnings do not stop a build, but the author should see them.
            let checked = gobook::check::check(&file.text);
            book_file::print_diagnostics(&file.name, &file.text, &checked.diagnostics, quiet);
            if !quiet {
                eprintln!(
                    "Built {} in {:.2} s: {} page{}, {} diagram{}, {} language{}",
                    s.out_dir.display(),
                    s.elapsed.as_secs_f64(),
                    s.pages,
                    plural(s.pages),
                    s.diagrams,
                    plural(s.diagrams),
                    s.languages,
                    plural(s.languages)
                );
            }
            if args.open {
                super::open_in_browser(&s.out_dir.join("index.html"));
            }
            EXIT_OK
        }
        Err(BuildError::Content { name, text, diagnostics }) => {
            book_file::print_diagnostics(&name, &text, &diagnostics, quiet);
            super::report::error("the site was not built; the previous one, if any, is unchanged");
            EXIT_CONTENT
        }
        Err(BuildError::Other(msg)) => {
            super::report::error(&msg);
            EXIT_USAGE
        }
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
