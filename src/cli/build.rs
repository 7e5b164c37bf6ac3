//! `gobook build`: write the website of a book, with `--epub` its e-books, with `--pdf` its
//! print edition.

use super::book_file;
use super::count::count;
use super::game_source::{self, GameArgs};
use super::{GlobalArgs, EXIT_CONTENT, EXIT_OK, EXIT_USAGE};
use clap::Args;
use gobook::epub;
use gobook::project::build::{BuildError, Options};
use gobook::project::error::ProjectError;
use gobook::site::build;
use std::path::PathBuf;

/// Arguments of `gobook build`.
#[derive(Args)]
pub struct BuildArgs {
    /// The book: a .gobook file or a folder holding one; or a game (SGF or XML) or a folder
    /// of games, built as the book `gobook import` would write of it
    #[arg(default_value = ".")]
    pub book: PathBuf,
    /// Where to write the site (default: `out_dir` of gobook.toml, else `site` beside the book
    /// or the game; for a folder of games, inside it)
    #[arg(short, long)]
    pub out_dir: Option<PathBuf>,
    /// Open the site in a browser when done
    #[arg(long)]
    pub open: bool,
    /// Also write one EPUB 3 e-book per language into the output folder (ID-LANG.epub)
    #[arg(long)]
    pub epub: bool,
    /// Write only the EPUB e-books, no website
    #[arg(long, conflicts_with = "open")]
    pub only_epub: bool,
    /// Also write one PDF per language for print into the output folder (ID-LANG.pdf); its
    /// trim size, margins and scale are set in gobook.toml (pdf_size, pdf_line_spacing...)
    #[arg(long)]
    pub pdf: bool,
    /// Write only the PDFs, no website (with --only-epub: the e-books and the PDFs)
    #[arg(long, conflicts_with = "open")]
    pub only_pdf: bool,
    /// Replace the output folder even if gobook did not write it: the old folder goes to the
    /// trash (else it is renamed NAME.before-gobook-TIME). Never the file system's root, the home
    /// folder or a folder holding .git. A site gobook wrote is replaced as a whole, except for its
    /// e-books (*.epub), which are kept
    #[arg(long)]
    pub force: bool,
    /// How a game becomes a book.
    #[command(flatten)]
    pub game: GameArgs,
}

/// Runs `gobook build`.
pub fn run(args: &BuildArgs, g: GlobalArgs) -> i32 {
    #[cfg(not(feature = "pdf"))]
    if args.pdf || args.only_pdf {
        return super::lacks_feature("`gobook build --pdf`", "pdf");
    }
    // Everything read from the book's folder, from the book on, is what the build reads: an
    // output folder holding any of it is refused (`project::reads`, `project::output`).
    let _reads =
        gobook::project::reads::Reads::start(&gobook::project::output::book_folder(&args.book));
    if gobook::game_book::is_game_source(&args.book) {
        return run_game(args, g);
    }
    if let Err(code) = args.game.refuse_for_book(&args.book) {
        return code;
    }
    let file = match book_file::read_or_report(&args.book) {
        Ok(f) => f,
        Err(code) => return code,
    };
    if !g.quiet {
        eprintln!("Building {}", file.name);
    }
    // One check serves the site, the e-books and the warnings printed at the end.
    let checked = book_file::check(&file);
    let print = || {
        book_file::print_diagnostics(&file.name, &file.text, &checked.diagnostics, g.quiet);
    };
    editions(args, g, &file, &checked, &print)
}

/// `gobook build GAME`: the book `gobook import` would write of a game or a folder of
/// games, built in memory; its problems told in the game files.
fn run_game(args: &BuildArgs, g: GlobalArgs) -> i32 {
    let request = match args.game.request() {
        Ok(r) => r,
        Err(code) => return code,
    };
    let source = match game_source::read(&args.book, &request, g.quiet) {
        Ok(s) => s,
        Err(code) => return code,
    };
    if !g.quiet {
        eprintln!("Building {} as a book", source.name);
    }
    let checked = gobook::check::check(&source.book.text);
    let told = source.book.told(&source.name, &checked.diagnostics);
    let import = game_source::import_command(&args.book, &request);
    if told.has_errors() {
        game_source::print_told(&told, &source.name, &import, g.quiet);
        super::report::error(&format!(
            "{} has errors; nothing was written, and the previous output, if any, is unchanged",
            source.name
        ));
        return EXIT_CONTENT;
    }
    let file = source.as_book_file(&args.book);
    let print = || {
        game_source::print_told(&told, &source.name, &import, g.quiet);
    };
    let code = editions(args, g, &file, &checked, &print);
    if code == EXIT_OK && !g.quiet {
        eprintln!("To edit the book's text: {import}");
    }
    code
}

/// Writes the editions asked for of the checked book `file`; `print` shows its problems
/// once the editions are written (warnings do not stop a build).
fn editions(
    args: &BuildArgs,
    g: GlobalArgs,
    file: &book_file::BookFile,
    checked: &gobook::check::Checked,
    print: &dyn Fn(),
) -> i32 {
    let quiet = g.quiet;
    let progress = move |line: &str| {
        if !quiet {
            eprintln!("  {line}");
        }
    };
    let opts = Options {
        book: &file.path,
        text: &file.text,
        out_dir: args.out_dir.as_deref(),
        progress: &progress,
        checked: Some(checked),
    };
    // One edition that cannot be written stops none of the others (each says why); only
    // the book's own errors, which every edition would meet alike, stop them all.
    let mut failures = Failures::new(quiet);
    let site = if args.only_epub || args.only_pdf {
        None
    } else {
        failures.take(
            build::build(&opts, args.force),
            "the site",
            "the site was not built; the previous one, if any, is unchanged",
        )
    };
    if failures.any() && checked.has_errors() {
        return failures.code;
    }
    let pdfs = if args.pdf || args.only_pdf {
        write_pdfs(&opts, args.force, checked, &mut failures)
    } else {
        None
    };
    if failures.any() && checked.has_errors() {
        return failures.code;
    }
    let books = if args.epub || args.only_epub {
        failures.take(
            epub::build::build(&opts, args.force),
            "the e-books",
            "the e-books were not written; previous ones, if any, are unchanged",
        )
    } else {
        None
    };
    // Warnings do not stop a build, but the author should see them.
    print();
    if !quiet {
        report(file, checked, site.as_ref(), books.as_ref(), pdfs.as_ref());
    }
    if failures.any() {
        super::report::error(&format!(
            "not every edition was written: {}; see above why",
            failures.what.join(", ")
        ));
        return failures.code;
    }
    if args.open {
        if let Some(s) = &site {
            super::open_in_browser(&s.out_dir.join("index.html"));
        }
    }
    EXIT_OK
}

/// Writes the PDFs that can be printed, and reports those that cannot (see [`Failures`]).
fn write_pdfs(
    opts: &Options,
    force: bool,
    checked: &gobook::check::Checked,
    failures: &mut Failures,
) -> Option<Pdfs> {
    let pdfs = failures.take(
        build_pdf(opts, force),
        "the PDFs",
        "the PDFs were not written; previous ones, if any, are unchanged",
    )?;
    for (lang, e) in &pdfs.failed {
        let name = pdf_name(checked, lang);
        failures.fail(
            e,
            &name,
            &format!("{name} was not written; the previous one, if any, is unchanged"),
        );
    }
    Some(pdfs)
}

/// The PDF file of language `lang` of the checked book.
#[cfg(feature = "pdf")]
fn pdf_name(checked: &gobook::check::Checked, lang: &str) -> String {
    gobook::pdf::build::file_name(&checked.resolved.book.id, lang)
}

#[cfg(not(feature = "pdf"))]
fn pdf_name(_: &gobook::check::Checked, lang: &str) -> String {
    lang.to_string()
}

/// The editions of a build that failed: each reported once as it fails (an error that
/// another edition met before is not shown again), and the exit code of the worst.
struct Failures {
    quiet: bool,
    /// What was reported, so the same problem is not reported twice.
    reported: Vec<String>,
    /// What was not written, for the last line.
    what: Vec<String>,
    /// The exit code: 1 for the book's content, 2 for the command's usage.
    code: i32,
}

impl Failures {
    fn new(quiet: bool) -> Failures {
        Failures {
            quiet,
            reported: Vec::new(),
            what: Vec::new(),
            code: EXIT_OK,
        }
    }

    /// Whether an edition failed.
    fn any(&self) -> bool {
        self.code != EXIT_OK
    }

    /// The output of `built`, or None after reporting why edition `name` failed and `what`
    /// that means.
    fn take<T>(&mut self, built: Result<T, BuildError>, name: &str, what: &str) -> Option<T> {
        match built {
            Ok(t) => Some(t),
            Err(e) => {
                self.fail(&e, name, what);
                None
            }
        }
    }

    /// Reports `e` (unless reported before) and `what` it means for edition `name`.
    fn fail(&mut self, e: &BuildError, name: &str, what: &str) {
        let key = match e {
            BuildError::Content {
                name, diagnostics, ..
            } => format!("{name}: {diagnostics:?}"),
            other => other.to_string(),
        };
        let again = self.reported.contains(&key);
        let code = failed(e, what, self.quiet, again);
        self.code = self.code.max(code);
        self.reported.push(key);
        self.what.push(name.to_string());
    }
}

/// Says what a build wrote: what was put aside, the site, the e-books and the PDFs.
fn report(
    file: &book_file::BookFile,
    checked: &gobook::check::Checked,
    site: Option<&build::Summary>,
    books: Option<&epub::build::Summary>,
    pdfs: Option<&Pdfs>,
) {
    let site_aside = site.iter().filter_map(|s| s.put_aside.as_ref());
    let books_aside = books.iter().flat_map(|b| &b.put_aside);
    let pdfs_aside = pdfs.iter().flat_map(|p| &p.put_aside);
    for aside in site_aside.chain(books_aside).chain(pdfs_aside) {
        eprintln!("{aside}");
    }
    if let Some(s) = &site {
        eprintln!(
            "Built {} in {}: {}, {}, {}",
            s.out_dir.display(),
            duration(s.elapsed),
            count(s.pages, "page"),
            count(s.diagrams, "diagram"),
            count(s.languages, "language")
        );
        // A book in several languages: say when one of them is not fully translated.
        if s.languages > 1 {
            let c = gobook::check::coverage::coverage(
                &file.text,
                &checked.doc,
                &checked.links,
                &checked.resolved.book,
            );
            if let Some(line) = c.summary() {
                eprintln!("{line}");
            }
        }
    }
    if let Some(b) = &books {
        for f in &b.files {
            eprintln!("Wrote {}", f.display());
        }
    }
    for f in pdfs.iter().flat_map(|p| &p.files) {
        eprintln!("Wrote {}", f.display());
    }
    for w in pdfs.iter().flat_map(|p| &p.warnings) {
        eprintln!("{}: warning: {w}", file.name);
    }
}

/// The PDFs written, what was put aside for them, what the author should know of them, and
/// the languages that could not be printed, with why.
struct Pdfs {
    files: Vec<PathBuf>,
    put_aside: Vec<gobook::project::aside::Aside>,
    warnings: Vec<String>,
    failed: Vec<(String, BuildError)>,
}

/// Writes the PDFs of the book.
#[cfg(feature = "pdf")]
fn build_pdf(opts: &Options, force: bool) -> Result<Pdfs, BuildError> {
    gobook::pdf::build::build(opts, force).map(|s| Pdfs {
        files: s.files,
        put_aside: s.put_aside,
        warnings: s.warnings,
        failed: s.failed,
    })
}

/// This gobook was built without its PDF writer (`run` says so before it gets here).
#[cfg(not(feature = "pdf"))]
fn build_pdf(_: &Options, _: bool) -> Result<Pdfs, BuildError> {
    Err(BuildError::Print(
        "this gobook was built without the PDF writer (Cargo feature `pdf`)".into(),
    ))
}

/// Reports a failed build (its problems only when not `again`, i.e. not reported before),
/// and what was not written; gives its exit code.
fn failed(e: &BuildError, what: &str, quiet: bool, again: bool) -> i32 {
    let code = match e {
        BuildError::Content {
            name,
            text,
            diagnostics,
        } => {
            if !again {
                book_file::print_diagnostics(name, text, diagnostics, quiet);
            }
            EXIT_CONTENT
        }
        // A style sheet or a setting of the book is its content.
        BuildError::Project(e @ (ProjectError::Style(_) | ProjectError::Settings(_))) => {
            if !again {
                super::report::error(&e.to_string());
            }
            EXIT_CONTENT
        }
        // A file that cannot be read or written (a read-only place, a full disk, a file
        // where a folder must go) is no wrong usage: exit 1, as for a failed build.
        e @ (BuildError::Project(ProjectError::Io { .. })
        | BuildError::ImageNameTaken { .. }
        | BuildError::UnsupportedImage { .. }
        | BuildError::Refused(_)
        | BuildError::Container(_)
        | BuildError::Print(_)) => {
            if !again {
                super::report::error(&e.to_string());
            }
            EXIT_CONTENT
        }
        // An output folder gobook may not replace is the command's usage.
        e @ BuildError::Project(ProjectError::Output(_)) => {
            if !again {
                super::report::error(&e.to_string());
            }
            EXIT_USAGE
        }
    };
    super::report::error(what);
    code
}

/// A build's time as a person reads it: milliseconds under a second ("4 ms", not "0.00 s").
fn duration(d: std::time::Duration) -> String {
    if d.as_secs_f64() < 1.0 {
        format!("{} ms", d.as_millis().max(1))
    } else {
        format!("{:.2} s", d.as_secs_f64())
    }
}

#[cfg(test)]
mod tests {
    use super::duration;
    use std::time::Duration;

    #[test]
    fn short_builds_read_in_milliseconds() {
        assert_eq!(duration(Duration::from_micros(300)), "1 ms");
        assert_eq!(duration(Duration::from_millis(14)), "14 ms");
        assert_eq!(duration(Duration::from_millis(2500)), "2.50 s");
    }
}
