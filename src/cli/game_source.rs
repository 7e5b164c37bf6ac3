//! A game file or a folder of games named where a book is expected (`build`, `serve`,
//! `check`): the options that say how to make the book of it, reading it, and telling
//! its problems where the author can see them (`gobook::game_book`).

use super::book_file;
use super::{report, EXIT_CONTENT, EXIT_USAGE};
use clap::Args;
use gobook::diagnostics::{Severity, SHOWN_PER_FILE};
use gobook::game_book::{self, GameBook, Request, SourceError, Told};
use std::path::Path;

/// How a game or a folder of games becomes a book, as `gobook import` takes it.
#[derive(Args, Clone, Default)]
#[command(next_help_heading = "When BOOK is a game (SGF or XML) or a folder of games")]
pub struct GameArgs {
    /// Read the games as problems, each a `::prb` with its answers (as `gobook import --problems`)
    #[arg(long)]
    pub problems: bool,
    /// Moves per figure at most [default: 50]
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub every: Option<u32>,
    /// Figures on one page at most [default: 15]
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub figures_per_page: Option<u32>,
    /// The book's language for captions and move prefixes (en, de, fr, ja, ko, cn, tw, es, it, po, pt, ru) [default: en]
    #[arg(long)]
    pub lang: Option<String>,
}

impl GameArgs {
    /// The first of these options given, for the message when the input is a book.
    fn given(&self) -> Option<&'static str> {
        [
            (self.problems, "--problems"),
            (self.every.is_some(), "--every"),
            (self.figures_per_page.is_some(), "--figures-per-page"),
            (self.lang.is_some(), "--lang"),
        ]
        .into_iter()
        .find_map(|(given, name)| given.then_some(name))
    }

    /// What to make of the games; `Err` is the exit code, the error reported.
    pub fn request(&self) -> Result<Request, i32> {
        let mut import = gobook::import::Options::default();
        if let Some(l) = &self.lang {
            let Some(lang) = gobook::i18n::language(l) else {
                report::error(&format!(
                    "--lang {l}: not a book language; use one of {}",
                    gobook::i18n::LANGUAGES.join(", ")
                ));
                return Err(EXIT_USAGE);
            };
            import.lang = lang;
        }
        import.every = self.every.unwrap_or(import.every);
        import.figures_per_page = self.figures_per_page.unwrap_or(import.figures_per_page);
        Ok(Request {
            import,
            problems: self.problems,
        })
    }

    /// Refuses these options for a book, which they do not apply to; `Err` is the exit code.
    pub fn refuse_for_book(&self, book: &Path) -> Result<(), i32> {
        match self.given() {
            Some(flag) => {
                report::error(&format!(
                    "{flag} applies to a game file or a folder of games, and {} is a book; \
                     `gobook import GAME -o BOOK` takes it too",
                    book.display()
                ));
                Err(EXIT_USAGE)
            }
            None => Ok(()),
        }
    }
}

/// A game source read into a book, with the name messages give it.
pub struct Source {
    /// The source as named on the command line.
    pub name: String,
    /// The book made of it.
    pub book: GameBook,
}

impl Source {
    /// The book as a book file in memory: its text, with the source's path as the book's
    /// (its folder is the book's folder; for a folder of games, the folder itself).
    pub fn as_book_file(&self, path: &Path) -> book_file::BookFile {
        book_file::BookFile {
            name: self.name.clone(),
            path: path.to_path_buf(),
            text: self.book.text.clone(),
            bom: false,
        }
    }
}

/// Reads the game file or folder at `path` into its book; `Err` is the exit code, what
/// went wrong reported (a game file that is no game at its place).
pub fn read(path: &Path, request: &Request, quiet: bool) -> Result<Source, i32> {
    let name = path.display().to_string();
    match game_book::read(path, request) {
        Ok(book) => Ok(Source { name, book }),
        Err(SourceError::Content { problems }) => {
            book_file::print_diagnostics(
                &problems.name,
                &problems.text,
                &problems.diagnostics,
                quiet,
            );
            let what = if game_book::sl_page(path).is_some() {
                "page of Sensei's Library diagrams"
            } else {
                "game"
            };
            report::error(&format!(
                "{} is no {what} gobook can read; see above",
                problems.name
            ));
            Err(EXIT_CONTENT)
        }
        Err(e @ SourceError::Io { .. }) => {
            report::error(&e.to_string());
            Err(EXIT_USAGE)
        }
        Err(e) => {
            report::error(&e.to_string());
            Err(EXIT_CONTENT)
        }
    }
}

/// Prints what was told: each game file's problems with their source lines, then those
/// without a place; returns (errors, warnings) among them. `quiet` prints errors only.
pub fn print_told(told: &Told, source: &str, import: &str, quiet: bool) -> (usize, usize) {
    let (mut e, mut w) = (0, 0);
    for f in &told.files {
        let (fe, fw) = book_file::print_diagnostics(&f.name, &f.text, &f.diagnostics, quiet);
        e += fe;
        w += fw;
    }
    let mut out = String::new();
    let mut shown = 0;
    for l in &told.loose {
        let error = l.severity == Severity::Error;
        if error {
            e += 1;
        } else {
            w += 1;
        }
        if (quiet && !error) || shown == SHOWN_PER_FILE {
            continue;
        }
        shown += 1;
        let label = if error { "error" } else { "warning" };
        out.push_str(&format!(
            "{}: {label}: {}\n",
            l.file,
            gobook::chars::visible(&l.message)
        ));
    }
    let hidden = told.loose.len() - shown;
    if hidden > 0 && !quiet {
        out.push_str(&format!("{source}: ... and {hidden} more like these\n"));
    }
    if told
        .loose
        .iter()
        .any(|l| l.in_text && (!quiet || l.severity == Severity::Error))
    {
        out.push_str(&format!(
            "note: gobook found these in the book text it made from {source}; `{import}` writes that text, to see where\n"
        ));
    }
    eprint!("{out}");
    (e, w)
}

/// The `gobook import` command that writes the book made of `path` as `request` says, to
/// edit it: a book file named after the game (or the folder) beside it.
pub fn import_command(path: &Path, request: &Request) -> String {
    let name = game_book::book_name(path);
    let out = if path.is_dir() {
        path.join(format!("{name}.gobook"))
    } else {
        path.with_file_name(format!("{name}.gobook"))
    };
    let mut cmd = format!("gobook import {}", quoted(&path.display().to_string()));
    if request.problems {
        cmd.push_str(" --problems");
    }
    let d = gobook::import::Options::default();
    if request.import.every != d.every {
        cmd.push_str(&format!(" --every {}", request.import.every));
    }
    if request.import.figures_per_page != d.figures_per_page {
        cmd.push_str(&format!(
            " --figures-per-page {}",
            request.import.figures_per_page
        ));
    }
    if request.import.lang != d.lang {
        cmd.push_str(&format!(" --lang {}", request.import.lang));
    }
    cmd.push_str(&format!(" -o {}", quoted(&out.display().to_string())));
    cmd
}

/// A path as a shell reads it back: quoted when it holds anything but plain characters.
fn quoted(p: &str) -> String {
    let plain = p
        .chars()
        .all(|c| c.is_alphanumeric() || "/._-+,:@".contains(c));
    if plain && !p.is_empty() {
        p.to_string()
    } else {
        format!("'{}'", p.replace('\'', "'\\''"))
    }
}
