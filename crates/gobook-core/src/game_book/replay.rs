//! The moves of a game tree that the rules refuse, found by playing every line of the
//! tree on the board: the place of each in the game file, so that `build GAME.sgf` tells
//! the author where the SGF is wrong instead of pointing into book text they never see.

use crate::board::{Board, IllegalMove};
use crate::point::Color;
use crate::sgf::{self, GameTree, NodeId, ROOT};

/// A move the rules refuse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// Byte offset of the move's property in the decoded file (0 when not read from one).
    pub pos: u32,
    /// What is wrong: "Black 21 at R1 is illegal: it would be suicide".
    pub message: String,
}

/// At most this many refused moves are reported for one game: a broken file can have one
/// at every node, and the first ones say what is wrong.
const MAX_REFUSED: usize = 200;

/// Every move of `game` the rules refuse, in tree order. Each line is played from the
/// root's position with the setup of its nodes (`AB`, `AW`, `AE`); a refused move is
/// left off the board, as the book leaves it, and the line goes on.
pub fn refused(game: &GameTree) -> Vec<Refused> {
    let size = game.board_size();
    let Ok(board) = Board::new(size) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    // Depth first without recursion (trees can be deep); a branch point hands a copy of
    // its board to each later child, and its own to the first.
    let mut stack: Vec<(NodeId, Board, u32)> = vec![(ROOT, board, 0)];
    while let Some((n, mut board, mut number)) = stack.pop() {
        let node = &game.nodes()[n];
        setup(&mut board, node, size);
        if let Some((color, point, pos)) = node_move(node, size) {
            match point {
                None => board.pass(),
                Some(p) => {
                    number += 1;
                    if let Err(e) = board.play(color, p) {
                        out.push(Refused {
                            pos,
                            message: format!(
                                "{} {number} at {p} is illegal: {}",
                                if color == Color::Black {
                                    "Black"
                                } else {
                                    "White"
                                },
                                why(e)
                            ),
                        });
                        if out.len() >= MAX_REFUSED {
                            break;
                        }
                    }
                }
            }
        }
        let kids = &node.children;
        for (k, &c) in kids.iter().enumerate().rev() {
            let b = if k == 0 {
                std::mem::replace(&mut board, Board::new(size).expect("size checked"))
            } else {
                board.clone()
            };
            stack.push((c, b, number));
        }
    }
    out
}

/// The refusal in the words the book's check uses.
fn why(e: IllegalMove) -> &'static str {
    match e {
        IllegalMove::OffBoard(_) => "the point is off the board",
        IllegalMove::Occupied(_) => "the point is already occupied",
        IllegalMove::Suicide(_) => "it would be suicide",
        IllegalMove::Ko(_) => "it retakes a ko at once",
    }
}

/// Puts a node's setup stones on the board.
fn setup(board: &mut Board, node: &sgf::Node, size: u8) {
    for p in &node.props {
        let what = match p.id.as_str() {
            "AB" => Some(Color::Black),
            "AW" => Some(Color::White),
            "AE" => None,
            _ => continue,
        };
        for q in sgf::value::point_list(&p.values, size).unwrap_or_default() {
            board.remove(q);
            match what {
                Some(Color::Black) => board.add_black(q),
                Some(Color::White) => board.add_white(q),
                None => true,
            };
        }
    }
}

/// The node's move (the first of `B` and `W`): its colour, point (`None` for a pass) and
/// where it stands in the file.
fn node_move(node: &sgf::Node, size: u8) -> Option<(Color, Option<crate::point::Point>, u32)> {
    node.props.iter().find_map(|p| {
        let color = match p.id.as_str() {
            "B" => Color::Black,
            "W" => Color::White,
            _ => return None,
        };
        let point = sgf::value::parse_move(p.value()?, size)?;
        Some((color, point, p.pos))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(s: &str) -> GameTree {
        crate::sgf::parse(s.as_bytes())
            .unwrap()
            .collection
            .games
            .remove(0)
    }

    #[test]
    fn a_refused_move_is_found_at_its_place_in_every_line() {
        // Black's corner stone A1 is taken by White's B1 and A2... in a variation only;
        // then Black plays into the occupied point.
        let s = "(;SZ[9]AB[ab]AW[aa](;B[ba])(;W[cc];B[ab]))";
        let found = refused(&tree(s));
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].pos as usize, s.find("B[ab]))").unwrap());
        assert!(found[0].message.contains("occupied"), "{found:?}");
        // Black's B[ba] captures White's A9 on the first line: legal.
        assert!(refused(&tree("(;SZ[9]AB[ab];B[ba])")).is_empty());
    }

    #[test]
    fn suicide_is_refused_and_passes_count_no_number() {
        let found = refused(&tree("(;SZ[9]AW[ba][ab];B[];W[cc];B[aa])"));
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].message,
            "Black 2 at A9 is illegal: it would be suicide"
        );
    }
}
