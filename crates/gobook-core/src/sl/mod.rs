//! Sensei's Library diagrams: the ASCII `$$` format Go players type where they write about
//! Go (wikis, forums, blogs). [`read`] turns the text into a [`Diagram`] with the place
//! of everything it refuses; [`write`] writes a diagram back as text; [`link`] says
//! where a link line leads, and [`boards`] parts boards drawn side by side.
//!
//! The format is summarised, with the sources of every rule, in the corpus's RULES.md
//! (../shared/corpora/sensei); docs/sensei.md says what gobook makes of it.

pub mod boards;
pub mod link;
pub mod read;
pub mod write;

pub use read::{read, read_all};
pub use write::write;

use crate::point::Color;
use crate::span::Span;

/// The shape of a mark on a stone or an empty point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// `B` `W` on stones, `C` on an empty point.
    Circle,
    /// `#` `@` on stones, `S` on an empty point.
    Square,
    /// `Y` `Q` on stones, `T` on an empty point.
    Triangle,
    /// `Z` `P` on stones, `M` on an empty point.
    Cross,
}

/// What one point of the drawn grid shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// `.`: an empty intersection.
    Empty,
    /// `,`: an empty star point.
    Hoshi,
    /// `?`: an empty point left out of a search pattern (drawn as empty).
    Vague,
    /// `_`: no board here (two boards side by side).
    OffBoard,
    /// `X` `O`: a stone.
    Stone(Color),
    /// `1`..`9`, `0`: a numbered move, the digit's number 1..=10.
    Move(u8),
    /// A stone with a mark (`B` `#` `Y` `Z`, `W` `@` `Q` `P`).
    Marked(Color, Shape),
    /// A mark on an empty point (`C` `S` `T` `M`).
    Mark(Shape),
    /// A lower-case letter on an empty point.
    Letter(char),
}

/// Which sides of the grid are the board's edges.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Edges {
    /// The top row is the board's top edge.
    pub top: bool,
    /// The bottom row is the board's bottom edge.
    pub bottom: bool,
    /// The first column is the board's left edge.
    pub left: bool,
    /// The last column is the board's right edge.
    pub right: bool,
}

/// A point of the grid: row from the top, column from the left, both 0-based.
pub type Rc = (usize, usize);

/// A link line `[anchor|target]`: every point showing `anchor` leads to `target`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The point character that carries the link.
    pub anchor: char,
    /// An SL page name, a URL, or an anchor such as `#1`.
    pub target: String,
}

/// An arrow (`{AR a b}`) or line (`{LN a b}`) between two grid points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// An arrow from `from` to `to`; otherwise a plain line.
    pub arrow: bool,
    /// Where it starts.
    pub from: Rc,
    /// Where it ends.
    pub to: Rc,
}

/// One diagram as its text says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// Who plays the odd-numbered moves (`$$W`: White); Black unless the header says.
    pub first: Color,
    /// `c`: draw coordinates (only possible when the diagram is anchored both ways).
    pub coordinates: bool,
    /// The board size the header gives, if any.
    pub header_size: Option<u8>,
    /// `m<k>`: the number shown for digit 1 (1 unless given).
    pub start: u32,
    /// The rest of the header line, trimmed.
    pub title: String,
    /// The points, rows from the top; ragged rows are padded with [`Cell::OffBoard`].
    pub rows: Vec<Vec<Cell>>,
    /// The board's edges the diagram draws.
    pub edges: Edges,
    /// The link lines, in order.
    pub links: Vec<Link>,
    /// The arrow and line lines, in order.
    pub lines: Vec<Line>,
    /// Moves played on an occupied point, from the title's "N at M" notes: (N, M), digits.
    pub at_notes: Vec<(u8, u8)>,
    /// What was read with a doubt (a missing header, ragged rows), with its place.
    pub warnings: Vec<SlError>,
    /// Where the diagram's text is (the first `$$` to the end of its last line).
    pub span: Span,
}

/// What is wrong with a diagram's text, at a place in it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct SlError {
    /// The bytes at fault.
    pub span: Span,
    /// What is wrong, and what to write instead.
    pub message: String,
}

impl Diagram {
    /// The number of columns of the grid.
    pub fn cols(&self) -> usize {
        self.rows.iter().map(Vec::len).max().unwrap_or(0)
    }

    /// The colour of the move with digit `d` (1..=10): the first player's when odd.
    pub fn move_color(&self, d: u8) -> Color {
        if d % 2 == 1 {
            self.first
        } else {
            self.first.opponent()
        }
    }

    /// The board size: the header's, else the grid's width when both side edges are drawn,
    /// its height when the top and bottom are, else 19.
    pub fn board_size(&self) -> u8 {
        if let Some(s) = self.header_size {
            return s;
        }
        let e = self.edges;
        let n = if e.left && e.right {
            self.cols()
        } else if e.top && e.bottom {
            self.rows.len()
        } else {
            19
        };
        n.clamp(1, crate::point::MAX_SIZE as usize) as u8
    }

    /// The board column of the first grid column, when a side edge tells it.
    pub fn first_col(&self) -> Option<u8> {
        let size = self.board_size() as usize;
        if self.edges.left {
            Some(0)
        } else if self.edges.right {
            Some(size.saturating_sub(self.cols()) as u8)
        } else {
            None
        }
    }

    /// The board row (0 = bottom) of the first grid row, when the top or bottom edge tells it.
    pub fn top_row(&self) -> Option<u8> {
        let size = self.board_size() as usize;
        if self.edges.top {
            Some(size.saturating_sub(1) as u8)
        } else if self.edges.bottom {
            Some(self.rows.len().saturating_sub(1) as u8)
        } else {
            None
        }
    }
}

/// Whether `text` is Sensei's Library diagrams rather than book text: its first non-blank
/// line starts with `$$` (book text never does).
pub fn is_sl(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .is_some_and(|l| l.starts_with("$$"))
}
