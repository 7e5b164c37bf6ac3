//! `gobook check`: report every problem in a book, like a compiler would.

use super::book_file::{self, ReadError};
use super::game_source::{self, GameArgs};
use super::{GlobalArgs, EXIT_CONTENT, EXIT_OK, EXIT_USAGE};
use clap::{Args, ValueEnum};
use gobook::diagnostics::{Located, Severity, SourceFile};
use gobook::project::files::FileProblems;
use std::path::PathBuf;

/// Arguments of `gobook check`.
#[derive(Args)]
pub struct CheckArgs {
    /// The book: a .gobook file or a folder holding one; or a game (SGF or XML) or a folder
    /// of games, checked as the book `gobook import` would write of it
    #[arg(default_value = ".")]
    pub book: PathBuf,
    /// How to print the problems: `human` shows at most 200 per file (errors before warnings)
    /// and counts the rest; `json` lists every one
    #[arg(long, value_enum, default_value_t = OutputFormat::Human)]
    pub format: OutputFormat,
    /// Also report how far each language is translated: per language, the texts other
    /// languages have and it lacks, and the language-neutral text every language shows as written
    #[arg(long)]
    pub languages: bool,
    /// How a game becomes a book.
    #[command(flatten)]
    pub game: GameArgs,
}

/// Output formats of `gobook check`.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum OutputFormat {
    /// Messages with the source line and a caret, on standard error; at most 200 per file
    Human,
    /// A JSON array of every diagnostic on standard output
    Json,
}

/// Runs `gobook check`: the book's text, then every file it names (images, includes,
/// cover) and what `gobook.toml` makes a build read, as the build would read them.
pub fn run(args: &CheckArgs, g: GlobalArgs) -> i32 {
    if gobook::game_book::is_game_source(&args.book) {
        return run_game(args, g);
    }
    if let Err(code) = args.game.refuse_for_book(&args.book) {
        return code;
    }
    let found = match find(args) {
        Ok(found) => found,
        Err(code) => return code,
    };
    let errors = found.count(Severity::Error) + usize::from(found.setting_error.is_some());
    if args.format == OutputFormat::Json {
        print_json(&found);
    } else {
        print_human(&found, g.quiet);
    }
    if errors > 0 {
        EXIT_CONTENT
    } else {
        EXIT_OK
    }
}

/// `gobook check GAME`: the game files' problems (the reader's repairs, moves the rules
/// refuse) at their places, what the import could not carry over, and what the book made of
/// them would warn about; exit 1 on errors.
fn run_game(args: &CheckArgs, g: GlobalArgs) -> i32 {
    let request = match args.game.request() {
        Ok(r) => r,
        Err(code) => return code,
    };
    let source = match game_source::read(&args.book, &request, g.quiet) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let checked = gobook::check::check(&source.book.text);
    let told = source.book.told(&source.name, &checked.diagnostics);
    let dir = gobook::project::output::book_folder(&args.book);
    let setting_error = gobook::project::files::check_settings(&dir).err();
    let mut errors = usize::from(setting_error.is_some());
    if args.format == OutputFormat::Json {
        let located = told.located();
        errors += located
            .iter()
            .filter(|l| l.severity == Severity::Error)
            .count();
        let json = serde_json::to_string_pretty(&located).unwrap_or_else(|_| "[]".into());
        super::print_stdout(&json);
        if let Some(msg) = &setting_error {
            super::report::error(&msg.to_string());
        }
    } else {
        let import = game_source::import_command(&args.book, &request);
        let (e, w) = game_source::print_told(&told, &source.name, &import, g.quiet);
        if let Some(msg) = &setting_error {
            super::report::error(&msg.to_string());
        }
        errors += e;
        if !g.quiet {
            let name = &source.name;
            let summary = match (errors, w) {
                (0, 0) => format!("{name}: no problems found"),
                _ => format!(
                    "{name}: {} and {}",
                    super::count::count(errors, "error"),
                    super::count::count(w, "warning")
                ),
            };
            eprintln!("{summary}");
        }
    }
    if errors > 0 {
        EXIT_CONTENT
    } else {
        EXIT_OK
    }
}

/// What `gobook check` found: each file's problems, the settings' error, the translation report.
struct Found {
    /// The book first, then any included file with problems of its own.
    files: Vec<FileProblems>,
    /// Why `gobook.toml` or the theme it names cannot be used, if so.
    setting_error: Option<gobook::project::error::ProjectError>,
    /// How far each language is translated, with `--languages`.
    coverage: Option<gobook::check::coverage::Coverage>,
}

impl Found {
    /// How many problems of severity `s` the files have.
    fn count(&self, s: Severity) -> usize {
        self.files
            .iter()
            .flat_map(|f| &f.diagnostics)
            .filter(|d| d.severity == s)
            .count()
    }
}

/// Reads and checks the book, the files it names and its settings; the exit code when
/// the book cannot be read at all.
fn find(args: &CheckArgs) -> Result<Found, i32> {
    let mut files: Vec<FileProblems> = Vec::new();
    let mut setting_error = None;
    let mut coverage = None;
    match book_file::read(&args.book) {
        Ok(f) => {
            let book_dir = gobook::project::output::folder_of(&f.path);
            let checked = book_file::check(&f);
            if args.languages {
                coverage = Some(gobook::check::coverage::coverage(
                    &f.text,
                    &checked.doc,
                    &checked.links,
                    &checked.resolved.book,
                ));
            }
            let found = gobook::project::files::check_files(&checked, &book_dir, true);
            let mut diagnostics = checked.diagnostics;
            diagnostics.extend(found.book);
            diagnostics.extend(taken_names(&checked.resolved.book, &found.named));
            diagnostics.sort_by_key(|d| (d.span.start, d.severity));
            files.push(FileProblems {
                name: f.name,
                text: f.text,
                diagnostics,
            });
            files.extend(found.included);
            setting_error = gobook::project::files::check_settings(&book_dir).err();
        }
        Err(ReadError::Io(msg)) => {
            super::report::error(&msg);
            return Err(EXIT_USAGE);
        }
        // A book that is not UTF-8 is one problem of the book, reported as the others are.
        Err(ReadError::Encoding {
            name,
            text,
            diagnostic,
        }) => files.push(FileProblems {
            name,
            text,
            diagnostics: vec![diagnostic],
        }),
    };
    Ok(Found {
        files,
        setting_error,
        coverage,
    })
}

/// `--format json`: every diagnostic as one JSON array on standard output (an object
/// with the translation report too under `--languages`); the settings' error on standard error.
fn print_json(found: &Found) {
    let mut located: Vec<Located> = Vec::new();
    for f in &found.files {
        let src = SourceFile::new(&f.name, &f.text);
        located.extend(f.diagnostics.iter().map(|d| src.locate(d)));
    }
    let json = match &found.coverage {
        // With --languages the array becomes an object: the diagnostics and the report.
        Some(c) => serde_json::to_string_pretty(&serde_json::json!({
            "diagnostics": located,
            "languages": c,
        })),
        None => serde_json::to_string_pretty(&located),
    };
    super::print_stdout(&json.unwrap_or_else(|_| "[]".into()));
    if let Some(msg) = &found.setting_error {
        super::report::error(&msg.to_string());
    }
}

/// `--format human`: each file's problems with their source lines, the translation
/// report, and a summary line (unless `quiet`).
fn print_human(found: &Found, quiet: bool) {
    let files = &found.files;
    let (mut e, mut w) = (0, 0);
    for f in files {
        let (fe, fw) = book_file::print_diagnostics(&f.name, &f.text, &f.diagnostics, quiet);
        e += fe;
        w += fw;
    }
    if let Some(msg) = &found.setting_error {
        super::report::error(&msg.to_string());
        e += 1;
    }
    if let Some(c) = &found.coverage {
        super::print_stdout(report(&files[0].name, c).trim_end());
    }
    if !quiet {
        let mut out = anstream::stderr();
        use std::io::Write;
        let name = &files[0].name;
        let summary = match (e, w) {
            (0, 0) => format!("{name}: no problems found"),
            _ => format!(
                "{name}: {} and {}",
                super::count::count(e, "error"),
                super::count::count(w, "warning")
            ),
        };
        let _ = writeln!(out, "{summary}");
    }
}

/// The images that would replace a file gobook writes into the site or an e-book, each
/// once (an image named `style.css` takes a name of both).
fn taken_names(
    book: &gobook::resolve::model::Book,
    named: &[gobook::project::files::Named],
) -> Vec<gobook::diagnostics::Diagnostic> {
    use gobook::project::taken::collisions;
    let site = gobook::site::own_files::own_files(book, &gobook::site::own_files::plans(book));
    let epub = gobook::epub::names::own_files(book);
    let mut found = Vec::new();
    for n in named {
        let one = std::slice::from_ref(n);
        let mut problems = collisions(one, &site, "the site");
        if problems.is_empty() {
            problems = collisions(one, &epub, "the e-book");
        }
        found.extend(problems);
    }
    found
}

/// The translation report as text: per language what it lacks, then the neutral text.
fn report(name: &str, c: &gobook::check::coverage::Coverage) -> String {
    use gobook::check::coverage::Item;
    let langs: Vec<&str> = c.languages.iter().map(|l| l.language.as_str()).collect();
    let mut out = format!("Languages of {name}: {}\n", langs.join(", "));
    let item = |out: &mut String, i: &Item| {
        let place = format!("{}:{}", i.line, i.column);
        let in_langs = if i.languages.is_empty() {
            String::new()
        } else {
            format!(" (in {})", i.languages.join(", "))
        };
        out.push_str(&format!(
            "    {place:<8} {}{in_langs}: {}\n",
            i.what, i.excerpt
        ));
    };
    for l in &c.languages {
        match l.missing.len() {
            0 => out.push_str(&format!("  {}: complete\n", l.language)),
            n => {
                out.push_str(&format!(
                    "  {}: {} missing\n",
                    l.language,
                    super::count::count(n, "text")
                ));
                for i in &l.missing {
                    item(&mut out, i);
                }
            }
        }
    }
    if !c.neutral.is_empty() {
        out.push_str(&format!(
            "  language-neutral, shown as written in every language (may be untranslated): {}\n",
            super::count::count(c.neutral.len(), "text")
        ));
        for i in &c.neutral {
            item(&mut out, i);
        }
    }
    out
}
