//! `gobook import GAME -o BOOK`: a book from an SGF or XML game, checked before it is written.

use super::book_file;
use super::count::count;
use super::{report, GlobalArgs, EXIT_CONTENT, EXIT_OK, EXIT_USAGE};
use clap::Args;
use gobook::import::{book_from_game, Options};
use gobook::sgf::GameTree;
use gobook::sgf::Warning;
use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Arguments of `gobook import`.
#[derive(Args)]
pub struct ImportArgs {
    /// The game file (.sgf or .xml)
    pub game: PathBuf,
    /// The book file to write
    #[arg(short, long)]
    pub out: PathBuf,
    /// Replace the book file if it exists (never the game itself)
    #[arg(long)]
    pub force: bool,
    /// Moves per figure
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u32).range(1..))]
    pub every: u32,
}

/// Errors of the book written that are shown; the rest are counted.
const SHOWN_ERRORS: usize = 50;

/// Runs `gobook import`.
pub fn run(args: &ImportArgs, g: GlobalArgs) -> i32 {
    if super::safe_write::same_file(&args.game, &args.out) {
        report::error(&format!(
            "{} is the game being imported; name a new book file with -o, e.g. -o {}",
            args.out.display(),
            args.game.with_extension("gobook").display()
        ));
        return EXIT_USAGE;
    }
    if !args.force && std::fs::symlink_metadata(&args.out).is_ok() {
        report::error(&format!(
            "{} already exists; choose another name with -o, or pass --force to replace it",
            args.out.display()
        ));
        return EXIT_USAGE;
    }
    let game = match read_game(&args.game, g) {
        Ok(game) => game,
        Err(code) => return code,
    };
    let name = args.game.display().to_string();
    let stem = args
        .game
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "game".into());
    let text = match book_from_game(&game, &stem, &Options { every: args.every }) {
        Ok(t) => t,
        Err(e) => {
            report::error(&format!("{name}: {e}"));
            return EXIT_CONTENT;
        }
    };
    // Every comment of the game becomes paragraphs of the book (main line and variations).
    let comments = game.nodes().iter().filter(|n| n.has("C")).count();
    // Marks, labels, lines and arrows are not carried into the book yet: say so, rather
    // than let the author find out figure by figure.
    let marked = game
        .nodes()
        .iter()
        .filter(|n| MARKUP.iter().any(|p| n.has(p)))
        .count();
    // The tree is not needed any more; a game of a million nodes holds a lot of memory.
    drop(game);
    let written = if args.force {
        super::safe_write::replace(&args.out, text.as_bytes())
    } else {
        super::safe_write::create_new(&args.out, text.as_bytes())
    };
    if let Err(e) = written {
        report::error(&format!("cannot write {}: {e}", args.out.display()));
        return EXIT_USAGE;
    }
    // The book is checked as `gobook check` would: an illegal move in the game shows here.
    let checked = gobook::check::check(&text);
    let out_name = args.out.display().to_string();
    // A badly broken game can have an illegal move every other node: show the first few,
    // not hundreds of megabytes of them; `gobook check --format json` lists them all.
    let is_error =
        |d: &&gobook::diagnostics::Diagnostic| d.severity == gobook::diagnostics::Severity::Error;
    let errors = checked.diagnostics.iter().filter(is_error).count();
    let shown: Vec<_> = checked
        .diagnostics
        .iter()
        .filter(is_error)
        .take(SHOWN_ERRORS)
        .cloned()
        .collect();
    book_file::print_diagnostics(&out_name, &text, &shown, true);
    if errors > SHOWN_ERRORS {
        report::error(&format!("wrote {out_name}, but it has {}, the first {SHOWN_ERRORS} above; `gobook check {out_name} --format json` lists them all", count(errors, "error")));
        return EXIT_CONTENT;
    } else if errors > 0 {
        report::error(&format!(
            "wrote {out_name}, but it has {}; see above",
            count(errors, "error")
        ));
        return EXIT_CONTENT;
    }
    if !g.quiet {
        eprint!(
            "{}",
            made(&out_name, &checked.resolved.book, comments, marked)
        );
    }
    EXIT_OK
}

/// The SGF properties of board markup.
const MARKUP: &[&str] = &[
    "TR", "SQ", "CR", "MA", "LB", "AR", "LN", "TB", "TW", "SL", "DD",
];

/// What an import made, and the command to run next: an author who just imported a
/// game wants to see it, and should not have to look up how.
fn made(
    out_name: &str,
    book: &gobook::resolve::model::Book,
    comments: usize,
    marked: usize,
) -> String {
    use gobook::format::schema::DiagramKind;
    use gobook::resolve::model::DiagramRole;
    let kind = |k: DiagramKind| {
        book.diagrams
            .iter()
            .filter(|d| d.role == DiagramRole::Block(k))
            .count()
    };
    let figures = kind(DiagramKind::Fig);
    let variations = book.diagrams.len() - figures;
    let markup = match marked {
        0 => String::new(),
        n => format!(
            "; the markup (marks, labels, lines, arrows) of {} was not placed: add it to the figures with tr=, A=, ln= ...",
            count(n, "node")
        ),
    };
    format!(
        "wrote {out_name}: {}, {}, {}{markup}\nnext: gobook serve {out_name} --open   (a live preview while you edit; gobook build {out_name} writes the site)\n",
        count(figures, "figure"),
        count(variations, "variation diagram"),
        count(comments, "comment"),
    )
}

/// Reads the first game of an SGF or XML file (XML by the `.xml` extension), printing
/// what had to be repaired as `FILE:LINE:COL: warning: ...`; the exit code on failure.
pub fn read_game(path: &Path, g: GlobalArgs) -> Result<GameTree, i32> {
    let name = path.display().to_string();
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            report::error(&format!("cannot read {name}: {e}"));
            return Err(EXIT_USAGE);
        }
    };
    let xml = path
        .extension()
        .and_then(|x| x.to_str())
        .is_some_and(|x| x.eq_ignore_ascii_case("xml"));
    let read = if xml {
        gobook::xml::read(&bytes)
            .map(|p| (p.collection, p.warnings))
            .map_err(|e| (e.line, e.col, e.message))
    } else {
        gobook::sgf::parse(&bytes)
            .map(|p| (p.collection, p.warnings))
            .map_err(|e| (e.line, e.col, e.message))
    };
    let (mut collection, warnings) = match read {
        Ok(r) => r,
        Err((line, col, message)) => {
            report::error(&format!("{name}:{line}:{col}: {message}"));
            return Err(EXIT_CONTENT);
        }
    };
    if !g.quiet {
        print_warnings(&name, &warnings);
    }
    if collection.games.len() > 1 && !g.quiet {
        eprintln!(
            "{name}: warning: the file holds {} games; only the first is used",
            collection.games.len()
        );
    }
    if collection.games.is_empty() {
        report::error(&format!("{name} holds no game"));
        return Err(EXIT_CONTENT);
    }
    Ok(collection.games.swap_remove(0))
}

/// Prints what the game reader repaired as `FILE:LINE:COL: warning: ...`, at most
/// [`SHOWN_PER_FILE`](gobook::diagnostics::SHOWN_PER_FILE) of them and a line counting
/// the rest, as for a book: a broken game can have a repair on every node.
/// Shared by `import`, `svg` of a game and `convert`.
pub fn print_warnings(name: &str, warnings: &[Warning]) {
    use gobook::diagnostics::{more_line, SHOWN_PER_FILE};
    let mut out = String::new();
    for w in warnings.iter().take(SHOWN_PER_FILE) {
        let _ = writeln!(
            out,
            "{name}:{}:{}: warning: {}",
            w.line,
            w.col,
            gobook::chars::visible(&w.message)
        );
    }
    if let Some(line) = more_line(name, 0, warnings.len().saturating_sub(SHOWN_PER_FILE)) {
        let _ = writeln!(out, "{line}");
    }
    let _ = std::io::stderr().lock().write_all(out.as_bytes());
}
