//! `gobook fmt`: rewrite a book in the standard layout of the spec's writing conventions.

use super::book_file::{self, ReadError};
use super::{GlobalArgs, EXIT_CONTENT, EXIT_OK, EXIT_USAGE};
use clap::Args;
use gobook::format::writer::{self, Formatted};
use std::io::{Read, Write};
use std::path::PathBuf;

/// Arguments of `gobook fmt`.
#[derive(Args)]
pub struct FmtArgs {
    /// The book file, or `-` to read standard input and write standard output
    #[arg(default_value = ".")]
    pub book: PathBuf,
    /// Change nothing; exit 1 if the file is not formatted
    #[arg(long)]
    pub check: bool,
}

/// Runs `gobook fmt`.
pub fn run(args: &FmtArgs, g: GlobalArgs) -> i32 {
    let stdin = args.book.as_os_str() == "-";
    let file = if stdin {
        let mut bytes = Vec::new();
        if let Err(e) = std::io::stdin().read_to_end(&mut bytes) {
            super::report::error(&format!("cannot read standard input: {e}"));
            return EXIT_USAGE;
        }
        book_file::from_bytes("<stdin>".into(), PathBuf::from("-"), &bytes)
    } else {
        book_file::read(&args.book)
    };
    let file = match file {
        Ok(f) => f,
        Err(ReadError::Io(msg)) => {
            super::report::error(&msg);
            return EXIT_USAGE;
        }
        Err(ReadError::Encoding {
            name,
            text,
            diagnostic,
        }) => {
            book_file::print_diagnostics(&name, &text, &[diagnostic], false);
            return EXIT_CONTENT;
        }
    };
    let formatted = match writer::format(&file.text, file.bom) {
        Formatted::Text(t) => t,
        Formatted::SyntaxErrors(errs) => {
            book_file::print_diagnostics(&file.name, &file.text, &errs, false);
            super::report::error(&format!(
                "{} was not formatted: fix the errors above first",
                file.name
            ));
            return EXIT_CONTENT;
        }
    };
    let original = if file.bom {
        format!("\u{feff}{}", file.text)
    } else {
        file.text.clone()
    };
    if stdin {
        if args.check {
            return if formatted == original {
                EXIT_OK
            } else {
                EXIT_CONTENT
            };
        }
        let mut out = std::io::stdout().lock();
        return match out
            .write_all(formatted.as_bytes())
            .and_then(|_| out.flush())
        {
            Ok(()) => EXIT_OK,
            Err(e) => {
                super::report::error(&format!("cannot write standard output: {e}"));
                EXIT_USAGE
            }
        };
    }
    if formatted == original {
        if g.verbose {
            eprintln!("{} is already formatted", file.name);
        }
        return EXIT_OK;
    }
    if args.check {
        let line = first_difference(&original, &formatted);
        eprintln!(
            "{}: not formatted (first difference on line {line}); run `gobook fmt {}`",
            file.name, file.name
        );
        return EXIT_CONTENT;
    }
    match super::safe_write::replace(&file.path, formatted.as_bytes()) {
        Ok(()) => {
            if !g.quiet {
                eprintln!("formatted {}", file.name);
            }
            EXIT_OK
        }
        Err(e) => {
            super::report::error(&format!("cannot write {}: {e}", file.name));
            EXIT_USAGE
        }
    }
}

fn first_difference(a: &str, b: &str) -> usize {
    a.lines()
        .zip(b.lines())
        .position(|(x, y)| x != y)
        .unwrap_or_else(|| a.lines().count().min(b.lines().count()))
        + 1
}
