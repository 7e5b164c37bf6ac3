//! What one board diagram shows, already resolved to points: the renderer's input.
//!
//! It lives here, below both, so that `layout` can build it from a book and
//! `render` can draw it without either knowing the other, and so that the
//! renderer stays free of any book type.

use crate::point::{Color, Point};

pub use crate::point::Mark;

/// A stone that shows a move number (or any short text) in the contrasting colour.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NumberedStone {
    /// Where the stone stands.
    pub point: Point,
    /// The stone's colour.
    pub color: Color,
    /// The text on the stone, usually one to three digits.
    pub label: String,
}

/// Everything one diagram shows. Points off the board or outside the view are left out.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct BoardDiagram {
    /// Board size, 2..=25; other values are clamped into that range.
    pub size: u8,
    /// Inclusive corners of the part of the board shown (gobook `vw`), in any order; `None` shows it all.
    pub view: Option<(Point, Point)>,
    /// Plain stones.
    pub stones: Vec<(Point, Color)>,
    /// Stones with a move number; one here replaces a plain stone on the same point.
    pub numbered: Vec<NumberedStone>,
    /// Letters or point text (gobook `A=K5`, `B5=23`), on empty points or on stones.
    pub labels: Vec<(Point, String)>,
    /// Marks on stones or empty points.
    pub marks: Vec<(Point, Mark)>,
    /// Territory marks (gobook `tb`, `tw`): the colour owning the point.
    pub territory: Vec<(Point, Color)>,
    /// Lines between point centres (gobook `ln`).
    pub lines: Vec<(Point, Point)>,
    /// Arrows from the first point to the second (gobook `ar`).
    pub arrows: Vec<(Point, Point)>,
    /// Whether to draw coordinates (A..T without I, 1..19) around the board.
    pub coordinates: bool,
    /// The caption, used as the accessible title.
    pub title: String,
    /// The position in words; generated from the contents when empty.
    pub desc: String,
}

impl BoardDiagram {
    /// An empty diagram of the whole board of `size`.
    pub fn new(size: u8) -> Self {
        BoardDiagram {
            size,
            ..BoardDiagram::default()
        }
    }
}
