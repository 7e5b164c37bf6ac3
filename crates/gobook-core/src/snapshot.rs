//! One diagram of a game, as `gobook svg GAME.sgf` draws it: a small book made of
//! the game's Go data and one diagram, so that numbering, gaps and captions are
//! those of books.

use crate::format::syntax::{Attribute, Span};
use crate::format::values::{self, ValueError};
use crate::format::writer;
use crate::import::{game_data_to, ImportError};
use crate::point::{Color, Point};
use crate::sgf::markup::Markup;
use crate::sgf::{GameTree, NodeId};

/// The ID of the diagram in the book [`book`] writes.
pub const DIAGRAM_ID: &str = "snapshot";

/// What is wrong with a request for a diagram of a game, in words for the command line.
#[derive(Debug, thiserror::Error)]
pub enum SnapshotError {
    /// The game cannot become a book (its board size).
    #[error(transparent)]
    Import(#[from] ImportError),
    /// A move number was asked of a game without moves; `what` is `move`, `--from` or `--to`.
    #[error("{what} {n}: the game has no moves")]
    NoMoves {
        /// Which request: `move`, `--from` or `--to`.
        what: &'static str,
        /// The move number asked for.
        n: u32,
    },
    /// A move number beyond the game's moves (or 0).
    #[error("{what} {n} is not in the game: its moves are 1 to {total}")]
    BeyondGame {
        /// Which request: `move`, `--from` or `--to`.
        what: &'static str,
        /// The move number asked for.
        n: u32,
        /// How many moves the game has.
        total: u32,
    },
    /// `--from` names a later move than `--to`.
    #[error("--from {from} comes after --to {to}")]
    FromAfterTo {
        /// The first move asked for.
        from: u32,
        /// The last move asked for.
        to: u32,
    },
    /// `--view` is not a part of the board.
    #[error("--view {view}: {}", error.message)]
    View {
        /// The view as given.
        view: String,
        /// What is wrong with it.
        error: ValueError,
    },
}

/// Which moment of the game to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moment {
    /// The board after move `n`, with that move marked by a circle.
    After(u32),
    /// The position before move `from`, with moves `from` to `to` numbered.
    Moves { from: u32, to: u32 },
    /// The board at the end of the game, the last move marked.
    End,
}

/// What to draw.
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// The moment.
    pub moment: Moment,
    /// A part of the board, such as `A1T10` (two corners).
    pub view: Option<String>,
    /// Draw coordinates.
    pub coords: bool,
}

/// Writes the book; errors say what is wrong with the request (move numbers out of
/// range, a bad view) in words for the command line. Move numbers count stones
/// played, passes left out, as in books.
pub fn book(game: &GameTree, s: &Snapshot) -> Result<String, SnapshotError> {
    // Only the moves up to the last one shown go into the book, so a diagram early in
    // a game of a million moves does not replay (or check) the rest.
    let last = match s.moment {
        Moment::After(n) => Some(n),
        Moment::Moves { to, .. } => Some(to),
        Moment::End => None,
    };
    let (go, points) = game_data_to(game, last)?;
    let total = points.len() as u32;
    // The main line's size (the larger side of a rectangular board), without walking it again.
    let size = game
        .root()
        .value("SZ")
        .and_then(crate::sgf::value::parse_size)
        .map_or(19, |(c, r)| c.max(r));
    let mut out = format!("::book(#{DIAGRAM_ID}-book)\n\n::chapter\n\n{go}\n\n");
    let range = |n: u32, what: &'static str| {
        if (1..=total).contains(&n) {
            Ok(())
        } else if total == 0 {
            Err(SnapshotError::NoMoves { what, n })
        } else {
            Err(SnapshotError::BeyondGame { what, n, total })
        }
    };
    let moment = match s.moment {
        // Move 0 is the position before the first move: a problem's, whose main line
        // otherwise runs on to its answer.
        Moment::After(0) => None,
        Moment::End if total == 0 => None,
        Moment::End => Some(Moment::After(total)),
        m => Some(m),
    };
    let node = if s.moment == Moment::After(0) {
        first_position(game, size)
    } else {
        node_of(game, size, moment)
    };
    let mut markup = Markup::of(&game.nodes()[node], size);
    match moment {
        None => {
            out.push_str(&format!("::dia(#{DIAGRAM_ID})"));
            // A problem: setup stones and no moves. Its caption says who plays.
            if game.main_line_ids().iter().any(|&id| {
                let n = &game.nodes()[id];
                n.has("AB") || n.has("AW")
            }) {
                let to_play = crate::sgf::main_line(game).to_play.unwrap_or(Color::Black);
                let text = if to_play == Color::White {
                    "#wtp#"
                } else {
                    "#btp#"
                };
                out.push_str(&format!(" ca=\"{text}\""));
            }
        }
        Some(Moment::After(n)) => {
            range(n, "move")?;
            let p = points[n as usize - 1];
            if !markup.circles.contains(&p) {
                markup.circles.insert(0, p);
            }
            out.push_str(&format!(
                "::dia(#{DIAGRAM_ID}) at={} ca=\"Move {n}\"",
                n + 1
            ));
        }
        Some(Moment::Moves { from, to }) => {
            range(from, "--from")?;
            range(to, "--to")?;
            if from > to {
                return Err(SnapshotError::FromAfterTo { from, to });
            }
            out.push_str(&format!("::fig(#{DIAGRAM_ID}) at={from} to={to}"));
        }
        // Turned into `After` above.
        Some(Moment::End) => {}
    }
    push_markup(&mut out, &markup);
    if let Some(v) = &s.view {
        values::parse_view(v, size).map_err(|error| SnapshotError::View {
            view: v.clone(),
            error,
        })?;
        out.push_str(&format!(" vw={v}"));
    }
    if s.coords {
        out.push_str(" showCoords=1");
    }
    out.push('\n');
    Ok(out)
}

/// The last node of the main line before its first move: the starting position, whose
/// markup (a problem's labels and marks) goes with it.
fn first_position(game: &GameTree, size: u8) -> NodeId {
    let line = game.main_line_ids();
    let mut at = crate::sgf::ROOT;
    for &id in &line {
        let node = &game.nodes()[id];
        let moved = ["B", "W"].iter().any(|c| {
            node.value(c)
                .and_then(|v| crate::sgf::value::parse_move(v, size))
                .is_some_and(|m| m.is_some())
        });
        if moved {
            break;
        }
        at = id;
    }
    at
}

/// The node whose markup the diagram shows: that of the last move shown, or the main line's
/// last node when the moment has no move (a problem's position).
fn node_of(game: &GameTree, size: u8, moment: Option<Moment>) -> NodeId {
    let line = game.main_line_ids();
    let last = match moment {
        Some(Moment::After(n)) | Some(Moment::Moves { to: n, .. }) => n as usize,
        _ => return line.last().copied().unwrap_or(crate::sgf::ROOT),
    };
    // Moves count stones played: passes are left out, as in books.
    let mut played = 0;
    for &id in &line {
        let node = &game.nodes()[id];
        let stone = ["B", "W"].iter().any(|c| {
            node.value(c)
                .and_then(|v| crate::sgf::value::parse_move(v, size))
                .is_some_and(|m| m.is_some())
        });
        if stone {
            played += 1;
            if played == last {
                return id;
            }
        }
    }
    line.last().copied().unwrap_or(crate::sgf::ROOT)
}

/// Writes the markup as diagram attributes: `tr`, `sq`, `cr`, `ma`, labels (`A=Q16`, or
/// point text `Q16="12"`), `ln` and `ar`.
fn push_markup(out: &mut String, m: &Markup) {
    let list = |ps: &[Point]| {
        ps.iter()
            .map(Point::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let pairs = |ps: &[(Point, Point)]| {
        ps.iter()
            .map(|(a, b)| format!("{a}{b}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut attrs: Vec<(String, String, bool)> = Vec::new();
    for (name, ps) in [
        ("tr", &m.triangles),
        ("sq", &m.squares),
        ("cr", &m.circles),
        ("ma", &m.crosses),
    ] {
        if !ps.is_empty() {
            attrs.push((name.into(), list(ps), false));
        }
    }
    // One letter is a label (`A=Q16 R17`); anything else is point text on its point.
    let mut letters: Vec<(char, Vec<Point>)> = Vec::new();
    for (p, text) in &m.labels {
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => {
                match letters.iter_mut().find(|(l, _)| *l == c) {
                    Some((_, ps)) => ps.push(*p),
                    None => letters.push((c, vec![*p])),
                }
            }
            _ => attrs.push((p.to_string(), text.clone(), true)),
        }
    }
    for (c, ps) in letters {
        attrs.push((c.to_string(), list(&ps), false));
    }
    if !m.lines.is_empty() {
        attrs.push(("ln".into(), pairs(&m.lines), false));
    }
    if !m.arrows.is_empty() {
        attrs.push(("ar".into(), pairs(&m.arrows), false));
    }
    for (name, value, quoted) in attrs {
        out.push(' ');
        let a = Attribute {
            name: name.as_str().into(),
            value: value.as_str().into(),
            quoted,
            on_new_line: false,
            name_span: Span::default(),
            value_span: Span::default(),
        };
        writer::write_attr(out, &a);
    }
}
