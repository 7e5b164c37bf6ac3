//! Making books from game records: a commented game as figures, comments, marks
//! and captioned variations (`game`), and problem files as `::prb` problems
//! (`problems`). Knows nothing of the command line.

mod collection;
mod error;
mod game;
mod lesson;
mod line;
pub(crate) mod markup;
mod plan;
mod problems;
pub mod sl;
mod sl_book;
mod sl_links;
mod text;
mod tree;
mod unmarked;
mod view;

pub use collection::games_book;
pub use error::ImportError;
pub use game::{import_game, LONG_COMMENT};
pub use markup::Tally;
pub use plan::MIN_FIGURE;
pub use problems::{problem_book, problem_chapter, ProblemSet};
pub use sl_book::{sl_book, SlBook};

use crate::format::values::Move;
use crate::point::{Color, MAX_SIZE};
use crate::sgf::{self, GameTree};
use line::{moves_text, Numbered};
use text::push_attr;

/// How the book is laid out.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Moves per figure (at least 1).
    pub every: u32,
    /// The book's language (a code of [`crate::i18n::LANGUAGES`]): captions and move prefixes.
    pub lang: &'static str,
    /// Write a chapter to include in a book (no `::book`; IDs prefixed by the game's name).
    pub chapter: bool,
    /// The number of the first variation diagram ("Dia. 1"): a chapter included after
    /// others can go on with the book's numbering.
    pub first_dia: u32,
    /// Figures on one page at most: a longer game is split into chapters (pages) whose
    /// headings name their moves. Applies to books, not to `chapter` imports.
    pub figures_per_page: u32,
    /// In a chapter, a number set after the game's name in every ID (`game-2-fig1`) when
    /// another chapter beside it has the game's name already (0: none): two games of the
    /// same file name, imported from two folders, must not share IDs in one book.
    pub ordinal: u32,
}

/// The ID a chapter imported from a game named `name` gets (its IDs' prefix), without
/// its [`Options::ordinal`].
pub fn chapter_id(name: &str) -> String {
    text::book_id(name)
}

/// Figures on one page unless told otherwise: a page of a long game stays readable.
pub const FIGURES_PER_PAGE: u32 = 15;

impl Default for Options {
    fn default() -> Self {
        Options {
            every: 50,
            lang: "en",
            chapter: false,
            first_dia: 1,
            figures_per_page: FIGURES_PER_PAGE,
            ordinal: 0,
        }
    }
}

/// A book written from a game, with what became of the SGF's markup.
#[derive(Clone, Debug)]
pub struct Imported {
    /// The book text (already formatted).
    pub text: String,
    /// Marks and labels read, and how many could not be placed.
    pub markup: Tally,
    /// What could not be carried over (markup, setup, answers), one note each.
    pub notes: Vec<Note>,
}

/// One thing the import could not carry over, and the game file it concerns when a
/// run reads several (problem folders).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The file, when the import read more than one.
    pub file: Option<String>,
    /// What was not carried over, and where.
    pub message: String,
}

impl Note {
    /// A note about the one game being imported.
    pub fn new(message: String) -> Note {
        Note {
            file: None,
            message,
        }
    }
}

/// The ID of the `::go` element holding the game.
pub const GAME_ID: &str = "game";

/// Writes a book for `game`; `name` (usually the file stem) gives the book ID and,
/// failing game info, the title. Fails only for boards gobook cannot show.
pub fn book_from_game(game: &GameTree, name: &str, opts: &Options) -> Result<String, ImportError> {
    import_game(game, name, opts).map(|i| i.text)
}

/// The game as gobook Go data: a `::go(#game)` element with the main line's board,
/// setup, moves (`mv`) and game info; and the points of its numbered moves
/// (move `n` is at index `n - 1`).
pub fn game_data(game: &GameTree) -> Result<(String, Vec<crate::point::Point>), ImportError> {
    game_data_to(game, None)
}

/// Like [`game_data`], but `mv` stops after the numbered move `last` (when given): a
/// diagram early in a long game then replays only the moves it shows. The points are
/// still those of every numbered move.
pub fn game_data_to(
    game: &GameTree,
    last: Option<u32>,
) -> Result<(String, Vec<crate::point::Point>), ImportError> {
    let line = sgf::main_line(game);
    if !(2..=MAX_SIZE).contains(&line.size) {
        return Err(ImportError::BoardSize(line.size));
    }
    // Numbered moves are the SGF moves that are not passes.
    let points: Vec<_> = line.moves.iter().filter_map(|m| m.point).collect();
    // Up to the next numbered move: passes after `last` stay, as the position after it has them.
    let next = last
        .and_then(|n| {
            line.moves
                .iter()
                .enumerate()
                .filter(|(_, m)| m.point.is_some())
                .nth(n as usize)
        })
        .map_or(line.moves.len(), |(i, _)| i + 1);
    let gm = Numbered::new(&line.moves[..next]);
    let end = last
        .and_then(|n| gm.plays.get(n as usize))
        .copied()
        .unwrap_or(gm.moves.len());
    Ok((
        go_element(game, &line, gm.first, &gm.moves[..end], GAME_ID),
        points,
    ))
}

/// The `::go` element of the game with ID `id`.
fn go_element(
    game: &GameTree,
    line: &sgf::MainLine,
    first: Option<Color>,
    moves: &[Move],
    id: &str,
) -> String {
    let size = line.size;
    let mut out = String::new();
    let out = &mut out;
    out.push_str("::go(#");
    out.push_str(id);
    out.push(')');
    if size != 19 {
        push_attr(out, "sz", &size.to_string(), false);
    }
    let mut stones: Vec<_> = crate::resolve::sgf_data::setup(game, size)
        .stones()
        .collect();
    stones.sort_by_key(|(p, _)| (std::cmp::Reverse(p.row), p.col));
    let pts = |c: Color| {
        stones
            .iter()
            .filter(|s| s.1 == c)
            .map(|s| s.0.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let (black, white) = (pts(Color::Black), pts(Color::White));
    if !black.is_empty() {
        push_attr(out, "ab", &black, false);
    }
    if !white.is_empty() {
        push_attr(out, "aw", &white, false);
    }
    let first = first.or(line.to_play);
    if first == Some(Color::White) || (first.is_some() && !stones.is_empty()) {
        push_attr(
            out,
            "pl",
            if first == Some(Color::White) {
                "w"
            } else {
                "b"
            },
            false,
        );
    }
    if !moves.is_empty() {
        push_attr(out, "mv", &moves_text(moves), false);
    }
    let info = &line.info;
    for (n, v) in [
        ("pb", &info.pb),
        ("br", &info.br),
        ("wp", &info.wp),
        ("wr", &info.wr),
        ("km", &info.km),
        ("ha", &info.ha),
        ("re", &info.re),
        ("tm", &info.tm),
        ("dt", &info.dt),
        ("pc", &info.pc),
        ("ev", &info.ev),
        ("ro", &info.ro),
        ("us", &info.us),
        ("an", &info.an),
        ("cp", &info.cp),
        ("so", &info.so),
    ] {
        if let Some(v) = v.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
            push_attr(out, n, v, true);
        }
    }

    std::mem::take(out)
}
