//! `gobook svg GAME.sgf`: one diagram of a game (a moment, or a range of moves),
//! drawn through a small in-memory book so it looks like a book's diagram.

use super::picture::{draw, player, write_out, Format};
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
    if args.problem {
        // A problem to answer is a player: unless a format or a file's extension says otherwise.
        let asked = args.picture.format.is_some()
            || args.out.as_deref().and_then(Path::extension).is_some();
        let format = if asked { format } else { Format::Html };
        return problem_player(&game, &path.display().to_string(), args, format, g);
    }
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
    // A player replays the moves: the whole game unless the moves asked for say otherwise.
    let moves = (args.move_number, args.from, args.to);
    let moves = if format == Format::Html {
        player_moves(&game, moves)
    } else {
        moves
    };
    let checked = match snapshot_checked(
        &game,
        &path.display().to_string(),
        moves,
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
    if format == Format::Html {
        let comments = comments(&game, moves);
        let html = player(&checked, d, &lang, &args.picture, &comments, g.quiet);
        return write_out(args.out.as_deref(), html.as_bytes(), g, args.force);
    }
    match draw(&checked, d, &lang, &args.picture, format, "game", g.quiet) {
        Ok(bytes) => write_out(args.out.as_deref(), &bytes, g, args.force),
        Err(e) => {
            report::error(&e);
            EXIT_USAGE
        }
    }
}

/// `gobook svg PROBLEM.sgf --problem --format html`: the player of the problem `game` (named
/// `name` in messages), made from the `::prb` that `gobook import --problems` writes for it,
/// its root comment the question.
fn problem_player(
    game: &gobook::sgf::GameTree,
    name: &str,
    args: &SvgArgs,
    format: Format,
    g: GlobalArgs,
) -> i32 {
    if format != Format::Html {
        report::error("--problem makes a player to answer: give --format html (or -o NAME.html)");
        return EXIT_USAGE;
    }
    let lang = args.lang.clone().unwrap_or_else(|| "en".into());
    let Some(lang) = gobook::i18n::LANGUAGES.iter().find(|l| **l == lang) else {
        report::error(&format!(
            "--lang {lang} is not a book language; gobook knows {}",
            gobook::i18n::LANGUAGES.join(", ")
        ));
        return EXIT_USAGE;
    };
    match problem_fragment(game, name, lang, &args.picture) {
        Ok(html) => write_out(args.out.as_deref(), html.as_bytes(), g, args.force),
        Err(message) => {
            report::error(&message);
            EXIT_CONTENT
        }
    }
}

/// The player of the problem `game` (named `name` in messages) in `lang`, a book language:
/// the `::prb` that `gobook import --problems` writes for it, its root comment the question.
/// The error says why the game is no problem.
pub fn problem_fragment(
    game: &gobook::sgf::GameTree,
    name: &str,
    lang: &str,
    pic: &super::picture::PictureArgs,
) -> Result<String, String> {
    let set = gobook::import::ProblemSet {
        name: "problem".into(),
        title: name.into(),
        problems: vec![(name.to_string(), game)],
    };
    let text = match gobook::import::problem_book(Some("problem"), &[set], lang) {
        Ok(made) => made.text,
        Err(e) => return Err(format!("{name}: {e}")),
    };
    let checked = gobook::check::check(&text);
    let book = &checked.resolved.book;
    let prb = book.diagrams.iter().find(|d| {
        d.role
            == gobook::resolve::model::DiagramRole::Block(gobook::format::schema::DiagramKind::Prb)
    });
    let (false, Some(d)) = (checked.has_errors(), prb) else {
        let why = checked.diagnostics.first().map_or(
            "its tree marks no line right or wrong (a comment \"Correct\", \"Wrong\", or TE, GB, GW, BM)",
            |d| d.message.as_str(),
        );
        return Err(format!("{name} cannot be read as a problem: {why}"));
    };
    let html = gobook::markup::player::fragment(
        &checked,
        d,
        lang,
        &super::picture::player_svg(book, d, lang, pic),
        &[],
        pic.width,
    );
    Ok(html)
}

/// The moves a player of `game` replays, as `--move`, `--from` and `--to` (`moves`): those
/// asked for, from the first move to `--move N`, else the whole game (a game without
/// moves, such as a problem's position, stays its position).
pub fn player_moves(
    game: &gobook::sgf::GameTree,
    moves: (Option<u32>, Option<u32>, Option<u32>),
) -> (Option<u32>, Option<u32>, Option<u32>) {
    match moves {
        (Some(0), _, _) => moves,
        (Some(n), _, _) => (None, Some(1), Some(n)),
        (None, None, None) if stones_played(game) == 0 => moves,
        (None, from, to) => (None, Some(from.unwrap_or(1)), to),
    }
}

/// How many stones the main line of `game` plays (passes are not counted, as in books).
fn stones_played(game: &gobook::sgf::GameTree) -> u32 {
    gobook::sgf::main_line(game)
        .moves
        .iter()
        .filter(|m| m.point.is_some())
        .count() as u32
}

/// The comments of the main line of `game` that a player of `moves` (see [`player_moves`])
/// shows: each with the number of the move it follows (a pass's with the move before it),
/// from the position before the first move shown to the last.
pub fn comments(
    game: &gobook::sgf::GameTree,
    moves: (Option<u32>, Option<u32>, Option<u32>),
) -> Vec<gobook::markup::player::Comment> {
    let (first, last) = match moves {
        (None, Some(from), to) => (from - 1, to.unwrap_or(u32::MAX)),
        // The position alone: its comment, before the first move.
        _ => (0, 0),
    };
    let size = game.board_size();
    let mut played = 0;
    let mut out: Vec<gobook::markup::player::Comment> = Vec::new();
    for id in game.main_line_ids() {
        let node = &game.nodes()[id];
        let stone = ["B", "W"].iter().any(|c| {
            node.value(c)
                .and_then(|v| gobook::sgf::value::parse_move(v, size))
                .is_some_and(|m| m.is_some())
        });
        played += u32::from(stone);
        if played > last {
            break;
        }
        let Some(text) = node.value("C").map(gobook::sgf::value::text) else {
            continue;
        };
        if played < first || text.trim().is_empty() {
            continue;
        }
        // Before the first move shown, the comments of the nodes up to it are one.
        match out.last_mut() {
            Some(c) if c.at == played => {
                c.text.push_str("\n\n");
                c.text.push_str(text.trim());
            }
            _ => out.push(gobook::markup::player::Comment {
                at: played.max(first),
                text: text.trim().to_string(),
            }),
        }
    }
    out
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
