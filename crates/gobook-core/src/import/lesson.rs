//! A problem file written as a lesson: moves on the main line before the first branch
//! (the position being built), a question in the first comment, and the answer tree
//! from the branch. Its moves are played into the problem's position, its comment is
//! the question, and the player to move is the one who moves first at the branch.

use super::text::comment;
use crate::board::Board;
use crate::point::{Color, Point};
use crate::sgf::{self, GameTree, NodeId, ROOT};

/// A lesson's position, question and where its answer starts.
pub(super) struct Lesson {
    /// The stones after the lesson's moves and setup, captures applied.
    pub(super) stones: Vec<(Point, Color)>,
    /// The comments before the answer (the first is the question), in order.
    pub(super) question: Option<String>,
    /// The node whose children are the answer tree.
    pub(super) start: NodeId,
}

/// The lesson `game` is, if it is one: a root without a comment, then a main line that
/// plays at least one move (a pass counts) before its first branch (or, with no branch, up to the first
/// comment that has moves after it) and carries a comment there. `None` for a plain
/// problem, and for a line whose moves cannot be played.
pub(super) fn lesson(game: &GameTree, size: u8) -> Option<Lesson> {
    // A comment on the root is a plain problem's question, and the moves after it its answer.
    if comment(game, ROOT).is_some() {
        return None;
    }
    let nodes = game.nodes();
    let mut line = vec![ROOT];
    let mut at = ROOT;
    // Down the single-child line to the first branch.
    while nodes[at].children.len() == 1 {
        at = nodes[at].children[0];
        line.push(at);
    }
    if nodes[at].children.len() < 2 {
        // No branch: the answer starts after the first comment of a node after the root.
        let k = line
            .iter()
            .skip(1)
            .position(|&n| comment(game, n).is_some())?
            + 1;
        line.truncate(k + 1);
        at = line[k];
        if nodes[at].children.is_empty() {
            return None;
        }
    }
    let question: Vec<String> = line.iter().filter_map(|&n| comment(game, n)).collect();
    let mut board = Board::new(size).ok()?;
    let mut played = 0;
    for &n in &line {
        for p in &nodes[n].props {
            let what = match p.id.as_str() {
                "AB" => Some(Some(Color::Black)),
                "AW" => Some(Some(Color::White)),
                "AE" => Some(None),
                _ => None,
            };
            if let Some(what) = what {
                for q in sgf::value::point_list(&p.values, size).unwrap_or_default() {
                    board.remove(q);
                    match what {
                        Some(Color::Black) => board.add_black(q),
                        Some(Color::White) => board.add_white(q),
                        None => true,
                    };
                }
                continue;
            }
            let color = match p.id.as_str() {
                "B" => Color::Black,
                "W" => Color::White,
                _ => continue,
            };
            match p.value().and_then(|v| sgf::value::parse_move(v, size)) {
                Some(Some(pt)) => {
                    board.play(color, pt).ok()?;
                    played += 1;
                }
                // A pass is a move of the lesson too: files that set up their position
                // after a first pass node (an empty board, then the stones and the
                // question) are lessons, not an empty problem answered by "Pass".
                Some(None) => {
                    board.pass();
                    played += 1;
                }
                None => {}
            }
        }
    }
    (played > 0 && !question.is_empty()).then(|| Lesson {
        stones: board.stones_top_down(),
        question: Some(question.join("\n\n")),
        start: at,
    })
}
