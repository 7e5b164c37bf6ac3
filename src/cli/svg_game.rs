//! `gobook svg GAME.sgf`: one diagram of a game (a moment, or a range of moves),
//! drawn through a small in-memory book so it looks like a book's diagram.

use super::picture::{draw, write_out};
use super::svg::{output_format, SvgArgs};
use super::{report, GlobalArgs, EXIT_CONTENT, EXIT_USAGE};
use gobook::snapshot::{self, Moment, Snapshot};
use std::path::Path;

/// Whether the input of `gobook svg` is a game rather than a book: by its
/// extension, else by its content (a `.gobook` file is always a book).
pub fn is_game(p: &Path) -> bool {
    gobook::project::games::is_game_file(p)
}

/// Draws the moment of the game that the arguments ask for.
pub fn run(args: &SvgArgs, g: GlobalArgs) -> i32 {
    if args.id.is_some() || args.all {
        report::error(
            "--id and --all choose diagrams of a book; for a game use --move N or --from A --to B",
        );
        return EXIT_USAGE;
    }
    let Some(path) = args.book.as_deref() else {
        report::error("name the game file");
        return EXIT_USAGE;
    };
    let format = match output_format(args) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let game = match super::game_file::read_game(path, g) {
        Ok(game) => game,
        Err(code) => return code,
    };
    let game = match &args.variation {
        None => game,
        Some(path) => match gobook::sgf::variation::parse_path(path)
            .and_then(|p| gobook::sgf::variation::with_variation(&game, &p))
        {
            Ok(g) => g,
            Err(e) => {
                report::error(&format!("--variation {e}"));
                return EXIT_USAGE;
            }
        },
    };
    let checked = match snapshot_checked(
        &game,
        &path.display().to_string(),
        (args.move_number, args.from, args.to),
        args.view.clone(),
        args.coords,
    ) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let book = &checked.resolved.book;
    let Some(d) = book
        .diagrams
        .iter()
        .find(|d| d.id.as_deref() == Some(snapshot::DIAGRAM_ID))
    else {
        report::error("internal: the game's diagram is missing");
        return EXIT_CONTENT;
    };
    // The moves the diagram lists as outside its view, said in the command's own terms
    // (the snapshot is a book gobook wrote: its places mean nothing to the user).
    let outside = d.gaps.iter().find_map(|g| match g {
        gobook::resolve::model::Gap::Outside(ns) if !ns.is_empty() => Some(ns),
        _ => None,
    });
    if let (Some(ns), false) = (outside, g.quiet) {
        eprintln!(
            "warning: move{} {} of the game {} outside --view {}; widen it, or leave it out to show the whole board",
            if ns.len() == 1 { "" } else { "s" },
            gobook::resolve::caption::number_ranges(ns, ", ", "-"),
            if ns.len() == 1 { "is" } else { "are" },
            args.view.as_deref().unwrap_or_default()
        );
    }
    let lang = args.lang.clone().unwrap_or_else(|| "en".into());
    match draw(book, d, &lang, &args.picture, format, "game", g.quiet) {
        Ok(bytes) => write_out(args.out.as_deref(), &bytes, g, args.force),
        Err(e) => {
            report::error(&e);
            EXIT_USAGE
        }
    }
}

/// The moment `--move`, `--from` and `--to` (`moves`) name in `game`.
pub fn moment_of(
    game: &gobook::sgf::GameTree,
    moves: (Option<u32>, Option<u32>, Option<u32>),
) -> Moment {
    match moves {
        (Some(n), _, _) => Moment::After(n),
        (None, None, None) => Moment::End,
        (None, from, Some(to)) => Moment::Moves {
            from: from.unwrap_or(1),
            to,
        },
        (None, from, None) => {
            // Counting the moves writes no move list (`mv` stops before move 1).
            let total = gobook::import::game_data_to(game, Some(0))
                .map(|(_, p)| p.len() as u32)
                .unwrap_or(0);
            Moment::Moves {
                from: from.unwrap_or(1),
                to: total,
            }
        }
    }
}

/// The one-diagram book of a moment of `game` (`moves` is `--move`, `--from`, `--to`),
/// checked; an impossible request or an illegal move in the game is reported, naming `name`.
pub fn snapshot_checked(
    game: &gobook::sgf::GameTree,
    name: &str,
    moves: (Option<u32>, Option<u32>, Option<u32>),
    view: Option<String>,
    coords: bool,
) -> Result<gobook::check::Checked, i32> {
    let moment = moment_of(game, moves);
    let s = Snapshot {
        moment,
        view,
        coords,
    };
    let text = match snapshot::book(game, &s) {
        Ok(t) => t,
        Err(e) => {
            report::error(&format!("{name}: {e}"));
            return Err(EXIT_USAGE);
        }
    };
    let checked = gobook::check::check(&text);
    if checked.has_errors() {
        // An illegal move in the game: say which, in the game's terms; a broken game can
        // have one on every other node, so only the first few, as for a book.
        use gobook::diagnostics::{more_line, Severity, SHOWN_PER_FILE};
        let errors: Vec<_> = checked
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        for d in errors.iter().take(SHOWN_PER_FILE) {
            report::error(&format!("{name}: {}", d.message));
        }
        if let Some(line) = more_line(name, errors.len().saturating_sub(SHOWN_PER_FILE), 0) {
            eprintln!("{line}");
        }
        return Err(EXIT_CONTENT);
    }
    Ok(checked)
}
