//! Lines of play in a game tree (following first children) and their move numbering.

use crate::format::values::Move;
use crate::point::Color;
use crate::resolve::sgf_data::alternate;
use crate::sgf::{self, GameTree, NodeId};

/// One node along a line, with how many SGF moves came before it and how many it holds.
pub(super) struct LineNode {
    pub(super) id: NodeId,
    pub(super) moves_before: usize,
    pub(super) moves: usize,
}

/// A line of play: its nodes and SGF moves.
pub(super) struct Line {
    pub(super) nodes: Vec<LineNode>,
    pub(super) moves: Vec<sgf::Move>,
}

/// Follows first children from `from`, collecting moves as [`sgf::main_line`] does.
pub(super) fn walk(game: &GameTree, from: NodeId, size: u8) -> Line {
    let mut line = Line {
        nodes: Vec::new(),
        moves: Vec::new(),
    };
    let mut id = Some(from);
    while let Some(n) = id {
        let node = &game.nodes()[n];
        let before = line.moves.len();
        for p in &node.props {
            let color = match p.id.as_str() {
                "B" => Color::Black,
                "W" => Color::White,
                _ => continue,
            };
            if let Some(point) = p.value().and_then(|v| sgf::value::parse_move(v, size)) {
                line.moves.push(sgf::Move { color, point });
            }
        }
        line.nodes.push(LineNode {
            id: n,
            moves_before: before,
            moves: line.moves.len() - before,
        });
        id = node.children.first().copied();
    }
    line
}

/// SGF moves turned into gobook moves, with their numbering. The questions asked
/// once per node are answered from tables made once, so a long game costs linear time.
pub(super) struct Numbered {
    pub(super) first: Option<Color>,
    pub(super) moves: Vec<Move>,
    /// `numbered[s]`: how many numbered moves (not passes) the first `s` SGF moves make.
    pub(super) numbered: Vec<u32>,
    /// Index in `moves` of each numbered move.
    pub(super) plays: Vec<usize>,
}

impl Numbered {
    pub(super) fn new(sgf_moves: &[sgf::Move]) -> Numbered {
        let (first, pairs) = alternate(sgf_moves);
        let mut numbered = vec![0u32; sgf_moves.len() + 1];
        let mut plays = Vec::new();
        for (i, &(m, source)) in pairs.iter().enumerate() {
            if m != Move::Pass {
                numbered[source + 1] += 1;
                plays.push(i);
            }
        }
        for s in 1..numbered.len() {
            numbered[s] += numbered[s - 1];
        }
        Numbered {
            first,
            moves: pairs.iter().map(|p| p.0).collect(),
            numbered,
            plays,
        }
    }

    /// How many numbered moves there are.
    pub(super) fn count(&self) -> u32 {
        self.plays.len() as u32
    }

    /// How many numbered moves the first `sgf_moves` SGF moves make.
    pub(super) fn numbered_after(&self, sgf_moves: usize) -> u32 {
        self.numbered[sgf_moves.min(self.numbered.len() - 1)]
    }

    /// The number of SGF move `sgf_moves - 1`, if it is numbered (not a pass).
    pub(super) fn last_number_of(&self, sgf_moves: usize) -> Option<u32> {
        let k = sgf_moves.checked_sub(1)?;
        let numbered = self.numbered_after(k + 1) > self.numbered_after(k);
        numbered.then(|| self.numbered_after(sgf_moves))
    }

    /// Who is to play in the position before move `at` (passes before it played), as gobook sees it.
    pub(super) fn to_play_before(&self, at: u32) -> Option<Color> {
        let first = self.first?;
        let idx = (at as usize)
            .checked_sub(1)
            .and_then(|k| self.plays.get(k))
            .copied()
            .unwrap_or(self.moves.len());
        Some(if idx % 2 == 0 {
            first
        } else {
            first.opponent()
        })
    }
}

/// The move list in standard coordinates.
pub(super) fn moves_text(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|m| match m {
            Move::Play(p) => p.to_string(),
            Move::Pass => "Pass".to_string(),
            Move::Tenuki => "Tenuki".to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}
