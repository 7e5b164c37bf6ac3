//! What a move did, or why it was refused.

use std::fmt;

use crate::point::{Color, Point};

/// The result of a legal move: which stones it took off the board.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct MoveOutcome {
    /// Captured points in the order they were found; empty when nothing was captured.
    pub captured: Vec<Point>,
}

impl MoveOutcome {
    /// Whether the move captured at least one stone.
    pub fn did_capture(&self) -> bool {
        !self.captured.is_empty()
    }
}

/// Why a move could not be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The point is not on this board.
    OffBoard(Point),
    /// A stone already stands on the point.
    Occupied(Point),
    /// The move would leave its own group without liberties and captures nothing.
    Suicide(Point),
    /// The point is the ko point: retaking the ko at once is forbidden.
    Ko(Point),
}

impl IllegalMove {
    /// The point of the refused move.
    pub fn point(self) -> Point {
        match self {
            IllegalMove::OffBoard(p)
            | IllegalMove::Occupied(p)
            | IllegalMove::Suicide(p)
            | IllegalMove::Ko(p) => p,
        }
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Off-board points cannot always be written as a coordinate, so give the raw indexes.
        match self {
            IllegalMove::OffBoard(p) => {
                write!(f, "point (col {}, row {}) is off the board", p.col, p.row)
            }
            IllegalMove::Occupied(p) => write!(f, "{p} is occupied"),
            IllegalMove::Suicide(p) => write!(f, "{p} is suicide"),
            IllegalMove::Ko(p) => write!(f, "{p} retakes the ko at once"),
        }
    }
}

impl std::error::Error for IllegalMove {}

/// A board size outside 2..=25.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadBoardSize(pub u8);

impl fmt::Display for BadBoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "board size {} is not between 2 and 25", self.0)
    }
}

impl std::error::Error for BadBoardSize {}

/// Who may not play where: the ko point binds only the player whose stone was just taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ko {
    pub(crate) point: Point,
    pub(crate) forbidden_to: Color,
}
