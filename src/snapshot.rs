//! One diagram of a game, as `gobook svg GAME.sgf` draws it: a small book made of
//! the game's Go data and one diagram, so that numbering, gaps and captions are
//! those of books.

use crate::format::values;
use crate::import::game_data_to;
use crate::sgf::GameTree;

/// The ID of the diagram in the book [`book`] writes.
pub const DIAGRAM_ID: &str = "snapshot";

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
pub fn book(game: &GameTree, s: &Snapshot) -> Result<String, String> {
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
    let range = |n: u32, what: &str| {
        if (1..=total).contains(&n) {
            Ok(())
        } else if total == 0 {
            Err(format!("{what} {n}: the game has no moves"))
        } else {
            Err(format!(
                "{what} {n} is not in the game: its moves are 1 to {total}"
            ))
        }
    };
    let moment = match s.moment {
        Moment::End if total == 0 => None,
        Moment::End => Some(Moment::After(total)),
        m => Some(m),
    };
    match moment {
        None => out.push_str(&format!("::dia(#{DIAGRAM_ID})")),
        Some(Moment::After(n)) => {
            range(n, "move")?;
            let p = points[n as usize - 1];
            out.push_str(&format!(
                "::dia(#{DIAGRAM_ID}) at={} cr={p} ca=\"Move {n}\"",
                n + 1
            ));
        }
        Some(Moment::Moves { from, to }) => {
            range(from, "--from")?;
            range(to, "--to")?;
            if from > to {
                return Err(format!("--from {from} comes after --to {to}"));
            }
            out.push_str(&format!("::fig(#{DIAGRAM_ID}) at={from} to={to}"));
        }
        // Turned into `After` above.
        Some(Moment::End) => {}
    }
    if let Some(v) = &s.view {
        values::parse_view(v, size).map_err(|e| format!("--view {v}: {}", e.message))?;
        out.push_str(&format!(" vw={v}"));
    }
    if s.coords {
        out.push_str(" showCoords=1");
    }
    out.push('\n');
    Ok(out)
}
