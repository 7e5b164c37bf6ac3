//! `gobook import GAME -o BOOK`: a book from an SGF or XML game, or from problem
//! files (`--problems`), checked before it is written.

use super::book_file;
use super::count::count;
use super::game_source;
use super::{report, GlobalArgs, EXIT_CONTENT, EXIT_OK, EXIT_USAGE};
use clap::Args;
use gobook::import::{Imported, Options};
use std::path::PathBuf;

/// Arguments of `gobook import`.
#[derive(Args)]
#[command(after_help = "How a game becomes a book:
  The main line is a `::go` element; figures show it, each followed by the comments of
  its moves in move order (\"**12:** ...\"). A figure ends after --every moves, and
  earlier where a comment needs a board of its own (before a move whose SGF marks or
  labels clash with the figure's: one point marked two ways, or one letter at two
  points; after a move whose comment is long, 600 characters or more), but only once it
  holds half of --every moves and at least 10: no figure but the last is shorter. Marks
  and labels (LB TR SQ CR MA AR LN TB TW, and the old L and M) are drawn on the figure
  that shows their node where they hide no move number and clash with nothing;
  otherwise on a small reference diagram of that moment, before its comment. What
  cannot be placed is counted and warned about. A variation with moves is a captioned
  `::dia` (\"Dia. 3: White 46 at a\"; a variation of a variation a `::var`) around its
  moves, at half width unless it spans the board, right after the comment of the move
  it branches from; one with only marks joins the figure, or is a small reference
  diagram. A long game is split into pages of --figures-per-page figures.

Problems (--problems FILE|DIR):
  Each game of a file, or each file of a folder (a chapter per folder, in file-name
  order, headed by the problems' GN or EV, else the first file's name), becomes a
  `::prb`: setup stones, the player to move, a view cropped to the stones and answers,
  the root comment as its text, and every line of the answer tree
  as a `correct` or `wrong` sequence with the comments of its moves. A line is correct
  when a node on it says so: a comment with \"Correct\" (Glift, CGoban) or \"RIGHT\"
  (goproblems.com), or TE, or GB/GW for the player to move; unless a later node says
  \"Wrong\", \"Incorrect\" or \"Fail\" (or BM), or a later choice of the player has
  another option marked correct.

The format of a game is told by its content (SGF, or the XML Go format), so old
collections with `.mgt` or no extension are read too. A folder of games becomes a book
of one chapter per game. `gobook build GAME`, `serve GAME` and `check GAME` make the same
book in memory, without writing its text.

Sensei's Library diagrams (a .sl or .txt file, or any file starting with `$$`):
  A page of diagrams becomes a book of one chapter: each diagram a `::dia` captioned by
  its title line, viewing the part of the board it shows; the text between diagrams
  paragraphs, as written. See docs/sensei.md.

Examples:
  gobook import game.sgf -o game.gobook
  gobook import joseki.sl -o joseki.gobook
  gobook import game.sgf -o game-chapter.gobook --chapter   (then `::include url=\"game-chapter.gobook\"`)
  gobook import --problems problems/ -o problems.gobook")]
pub struct ImportArgs {
    /// The game file (SGF or XML, told by content), a folder of games (a chapter each), a
    /// page of Sensei's Library diagrams, or with --problems a file or folder of problems
    pub game: PathBuf,
    /// The book file to write
    #[arg(short, long)]
    pub out: PathBuf,
    /// Replace the book file if it exists, moving the old one to the trash (never the game itself)
    #[arg(long)]
    pub force: bool,
    /// Moves per figure at most (the target); figures also end where a comment needs its own board (see below)
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u32).range(1..))]
    pub every: u32,
    /// Figures on one page at most; a longer game goes on on further pages (chapters)
    #[arg(long, default_value_t = gobook::import::FIGURES_PER_PAGE, value_parser = clap::value_parser!(u32).range(1..))]
    pub figures_per_page: u32,
    /// Write a chapter to include in a book: no `::book`, IDs prefixed by the game's name
    #[arg(long)]
    pub chapter: bool,
    /// Number of the first variation diagram ("Dia. N"), to go on with a book's numbering
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub first_dia: u32,
    /// Import problems: each game of FILE, or each SGF file of a folder, becomes a `::prb`
    #[arg(long)]
    pub problems: bool,
    /// The book's language for captions and move prefixes (en, de, fr, ja, ko, cn, tw, es, it, po, pt, ru)
    #[arg(long, default_value = "en")]
    pub lang: String,
}

/// Errors of the book written that are shown; the rest are counted.
const SHOWN_ERRORS: usize = 50;

/// Notes on markup that could not be placed that are shown; the rest are counted.
const SHOWN_NOTES: usize = 10;

/// Runs `gobook import`.
pub fn run(args: &ImportArgs, g: GlobalArgs) -> i32 {
    let lang = match usable(args) {
        Ok(lang) => lang,
        Err(code) => return code,
    };
    let name = args.game.display().to_string();
    let stem = gobook::game_book::book_name(&args.game);
    let (imported, what) = match super::sl_input::page(&args.game) {
        Some(page) => match import_page(args, g, lang, &stem, &page) {
            Ok(found) => found,
            Err(code) => return code,
        },
        None => match import(args, g, lang, &stem) {
            Ok(found) => found,
            Err(code) => return code,
        },
    };
    if !g.quiet {
        report_markup(&name, &imported);
    }
    let markup = imported.markup;
    let text = imported.text;
    if let Err(code) = write(args, &text, g) {
        return code;
    }
    let out_name = args.out.display().to_string();
    let checked = match check_written(args, &text, &out_name) {
        Ok(checked) => checked,
        Err(code) => return code,
    };
    if !g.quiet {
        let made = made(&out_name, &checked.resolved.book, what, markup);
        eprint!(
            "{}",
            if args.chapter {
                next_for_chapter(&made, &args.out)
            } else {
                made
            }
        );
    }
    EXIT_OK
}

/// The book language of `--lang`, once the arguments are found usable: the book is not
/// the game itself, and it is new unless `--force` is given. `Err` is the exit code.
fn usable(args: &ImportArgs) -> Result<&'static str, i32> {
    let game = args.game.canonicalize().ok();
    if super::safe_write::same_file(&args.game, &args.out)
        || game.is_some_and(|g| once_made(&args.out).is_some_and(|o| o == g))
    {
        report::error(&format!(
            "{} is the game being imported; name a new book file with -o, e.g. -o {}",
            args.out.display(),
            args.game.with_extension("gobook").display()
        ));
        return Err(EXIT_USAGE);
    }
    if !args.force && std::fs::symlink_metadata(&args.out).is_ok() {
        report::error(&format!(
            "{} already exists; choose another name with -o, or pass --force to replace it",
            args.out.display()
        ));
        return Err(EXIT_USAGE);
    }
    let Some(lang) = gobook::i18n::language(&args.lang) else {
        report::error(&format!(
            "--lang {}: not a book language; use one of {}",
            args.lang,
            gobook::i18n::LANGUAGES.join(", ")
        ));
        return Err(EXIT_USAGE);
    };
    Ok(lang)
}

/// The book text made from the game (or the problems, with `--problems`), and the number
/// of the game's comments (none for problems). `Err` is the exit code, the error reported.
fn import(
    args: &ImportArgs,
    g: GlobalArgs,
    lang: &'static str,
    stem: &str,
) -> Result<(Imported, What), i32> {
    let opts = Options {
        every: args.every,
        lang,
        chapter: args.chapter,
        first_dia: args.first_dia,
        figures_per_page: args.figures_per_page,
        ordinal: if args.chapter && !args.problems {
            free_ordinal(&gobook::import::chapter_id(stem), &args.out)
        } else {
            0
        },
    };
    let request = gobook::game_book::Request {
        import: opts,
        problems: args.problems,
    };
    let source = game_source::read(&args.game, &request, g.quiet)?;
    // What the reader repaired, at its place in the game file. A move the rules refuse is
    // shown in the book written, which the author now has (see `check_written`).
    for f in &source.book.files {
        let repairs: Vec<_> = f
            .diagnostics
            .iter()
            .filter(|d| d.code != gobook::diagnostics::Code::IllegalMove)
            .cloned()
            .collect();
        book_file::print_diagnostics(&f.name, &f.text, &repairs, g.quiet);
    }
    let book = source.book;
    let imported = Imported {
        text: book.text,
        markup: book.markup,
        notes: book.notes,
    };
    let what = book.comments.map_or(What::Problems, What::Game);
    Ok((imported, what))
    // The trees are dropped in `game_book::read`, before the book is written and checked;
    // a game of a million nodes holds a lot of memory.
}

/// What a book was made of, for the line that says what was written.
#[derive(Clone, Copy)]
enum What {
    /// A game, with its number of comments.
    Game(usize),
    /// Problems.
    Problems,
    /// A page of Sensei's Library diagrams, with their number.
    Diagrams(usize),
}

/// The book of a page of Sensei's Library diagrams (`page`, the file's text). `Err` is
/// the exit code, the errors reported at their line and column.
fn import_page(
    args: &ImportArgs,
    g: GlobalArgs,
    lang: &'static str,
    stem: &str,
    page: &str,
) -> Result<(Imported, What), i32> {
    let name = args.game.display().to_string();
    if args.problems {
        report::error(&format!(
            "--problems reads SGF problem files, and {name} holds Sensei's Library diagrams; \
             import it without --problems"
        ));
        return Err(EXIT_USAGE);
    }
    let book = super::sl_input::page_book(&name, page, stem, lang, args.chapter, g.quiet)?;
    let imported = Imported {
        text: book.text,
        markup: gobook::import::Tally::default(),
        notes: Vec::new(),
    };
    Ok((imported, What::Diagrams(book.diagrams)))
}

/// Writes the book: a new file, or with `--force` in place of the old one (set aside).
/// `Err` is the exit code, the error reported.
fn write(args: &ImportArgs, text: &str, g: GlobalArgs) -> Result<(), i32> {
    // `-o new/game.gobook`: the folders the book goes in are made, as `-o` of a build does.
    if let Some(dir) = args.out.parent().filter(|d| !d.as_os_str().is_empty()) {
        if let Err(e) = std::fs::create_dir_all(dir) {
            let why = if dir.exists() && !dir.is_dir() {
                "it is a file, not a folder; name another place with -o".to_string()
            } else {
                plain_error(&e)
            };
            report::error(&format!(
                "cannot make the folder {} for {}: {why}",
                dir.display(),
                args.out.display(),
            ));
            return Err(EXIT_USAGE);
        }
    }
    let written = if args.force {
        super::safe_write::replace_forced(&args.out, text.as_bytes())
    } else {
        super::safe_write::create_new(&args.out, text.as_bytes()).map(|()| None)
    };
    match written {
        Ok(Some(aside)) if !g.quiet => eprintln!("{aside}"),
        Ok(_) => {}
        Err(e) => {
            report::error(&format!(
                "cannot write {}: {}",
                args.out.display(),
                plain_error(&e)
            ));
            return Err(EXIT_USAGE);
        }
    }
    Ok(())
}

/// Where `path` leads once the folders it names are made (`write` makes them): its deepest
/// existing folder resolved, then the rest, `..` going up, as the system will read it then.
fn once_made(path: &std::path::Path) -> Option<std::path::PathBuf> {
    use std::path::{Component, PathBuf};
    let comps: Vec<Component> = path.components().collect();
    (0..=comps.len()).rev().find_map(|k| {
        let prefix: PathBuf = comps[..k].iter().collect();
        let prefix = if k == 0 { PathBuf::from(".") } else { prefix };
        let mut base = prefix.canonicalize().ok()?;
        for c in &comps[k..] {
            match c {
                Component::ParentDir => {
                    base.pop();
                }
                Component::Normal(n) => base.push(n),
                _ => {}
            }
        }
        Some(base)
    })
}

/// What went wrong, without the temporary file's name the error may carry (the book is
/// written through one, which the user never named).
fn plain_error(e: &std::io::Error) -> String {
    match e.raw_os_error() {
        Some(code) => std::io::Error::from_raw_os_error(code).to_string(),
        None => e.to_string(),
    }
}

/// A path as the user's shell reads it back: as it is when it holds only characters no
/// shell treats specially, else in single quotes (`'my games/game.gobook'`).
fn shell_word(path: &std::path::Path) -> String {
    let s = path.display().to_string();
    let plain = !s.is_empty()
        && s.chars()
            .all(|c| c.is_alphanumeric() || "/._-+,:@%=".contains(c));
    if plain {
        s
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

/// Checks the book written (`text`, named `out_name`) and prints its errors; `Err` is the
/// exit code when it has any.
fn check_written(
    args: &ImportArgs,
    text: &str,
    out_name: &str,
) -> Result<gobook::check::Checked, i32> {
    // The book is checked as `gobook check` would: an illegal move in the game shows here.
    // A chapter is checked inside a book of its own, as the book including it would read it.
    let checked_text = if args.chapter {
        gobook::project::includes::wrap(text)
    } else {
        text.to_string()
    };
    let offset = (checked_text.len() - text.len()) as u32;
    let checked = gobook::check::check(&checked_text);
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
        .map(|mut d| {
            d.span.start = d.span.start.saturating_sub(offset);
            d.span.end = d.span.end.saturating_sub(offset);
            d
        })
        .collect();
    book_file::print_diagnostics(out_name, text, &shown, true);
    if errors > SHOWN_ERRORS {
        report::error(&format!("wrote {out_name}, but it has {}, the first {SHOWN_ERRORS} above; `gobook check {out_name} --format json` lists them all", count(errors, "error")));
        return Err(EXIT_CONTENT);
    } else if errors > 0 {
        report::error(&format!(
            "wrote {out_name}, but it has {}; see above",
            count(errors, "error")
        ));
        return Err(EXIT_CONTENT);
    }
    Ok(checked)
}

/// What an import made, and the command to run next: an author who just imported a
/// game wants to see it, and should not have to look up how.
fn made(
    out_name: &str,
    book: &gobook::resolve::model::Book,
    what: What,
    markup: gobook::import::Tally,
) -> String {
    use gobook::format::schema::DiagramKind;
    use gobook::resolve::model::DiagramRole;
    let kind = |k: DiagramKind| {
        book.diagrams
            .iter()
            .filter(|d| d.role == DiagramRole::Block(k))
            .count()
    };
    let what = match what {
        What::Diagrams(n) => count(n, "diagram"),
        What::Game(c) => {
            let figures = kind(DiagramKind::Fig);
            let variations = kind(DiagramKind::Dia) + kind(DiagramKind::Var);
            format!(
                "{}, {}, {}",
                count(figures, "figure"),
                count(variations, "variation diagram"),
                count(c, "comment")
            )
        }
        // A position whose file marks no answer right is a `::dia` saying who is to play.
        What::Problems => count(
            kind(DiagramKind::Prb)
                + book
                    .diagrams
                    .iter()
                    .filter(|d| d.role == DiagramRole::Block(DiagramKind::Dia) && d.show_to_play)
                    .count(),
            "problem",
        ),
    };
    let marks = match markup.read {
        0 => String::new(),
        1 => format!("; {} of 1 mark or label placed", 1 - markup.dropped),
        n => format!("; {} of {n} marks and labels placed", n - markup.dropped),
    };
    let word = shell_word(std::path::Path::new(out_name));
    format!(
        "wrote {out_name}: {what}{marks}\nnext: gobook serve {word} --open   (a live preview while you edit; gobook build {word} writes the site)\n",
    )
}

/// [`made`] for a chapter: the next step is to include it in a book (a chapter alone is
/// no book, and `gobook serve` would refuse it).
fn next_for_chapter(made: &str, out: &std::path::Path) -> String {
    let first = made.lines().next().unwrap_or_default();
    let url = out
        .file_name()
        .map_or(String::new(), |f| f.to_string_lossy().into_owned());
    format!(
        "{first}\nnext: add `::include url=\"{url}\"` to the book beside it, where the chapter goes, then `gobook serve BOOK --open`\n"
    )
}

/// The number to set after the chapter ID `id` so that no other gobook file beside `out`
/// (the chapters a book there includes) has it already: 0 when it is free, else 2, 3, ...
fn free_ordinal(id: &str, out: &std::path::Path) -> u32 {
    let dir = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => std::path::Path::new("."),
    };
    let mut taken = std::collections::HashSet::new();
    let files = std::fs::read_dir(dir).into_iter().flatten().flatten();
    for path in files.map(|e| e.path()).take(1000) {
        let other = path.extension().is_some_and(|x| x == "gobook")
            && !super::safe_write::same_file(&path, out);
        let Some(text) = other
            .then(|| gobook::project::read::read_text(&path).ok())
            .flatten()
        else {
            continue;
        };
        for el in gobook::format::parse(&text).doc.elements {
            taken.extend(el.id.map(|i| i.name));
        }
    }
    if !taken.contains(id) {
        return 0;
    }
    (2..)
        .find(|n| !taken.contains(&format!("{id}-{n}")))
        .unwrap_or(0)
}

/// Says how much of the SGF's markup reached the book, and where some could not.
fn report_markup(name: &str, i: &Imported) {
    let t = i.markup;
    for n in i.notes.iter().take(SHOWN_NOTES) {
        let file = n.file.as_deref().unwrap_or(name);
        eprintln!("{file}: warning: {}", gobook::chars::visible(&n.message));
    }
    if i.notes.len() > SHOWN_NOTES {
        eprintln!(
            "{name}: warning: ... and {} more like these",
            i.notes.len() - SHOWN_NOTES
        );
    }
    if t.dropped > 0 {
        eprintln!(
            "{name}: warning: {} of {} marks and labels could not be placed (see above)",
            t.dropped, t.read
        );
    }
}
