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

/// A numbered move that the board cannot draw, as the description names it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CoveredMove {
    /// The move: its point, colour and number.
    pub stone: NumberedStone,
    /// What the board shows on that point instead: a move number or a letter ("1", "a").
    pub target: String,
}

/// A point that leads to a page (a Sensei's Library link line, `[a|NadareJoseki]`): the
/// gobook format links a whole diagram (`href`), so only a diagram read from SL has these.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PointLink {
    /// The point that is the link.
    pub point: Point,
    /// The target as the diagram wrote it (an SL page name, a URL), its accessible name.
    pub target: String,
    /// The address to follow: a web address or a relative one, never another scheme.
    pub href: String,
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
    /// Numbered moves not drawn, because they were played where the board already shows
    /// a stone (a ko retaken); the caption says "4 at 1" for them. Only the description
    /// uses these, so that it names every move in order, not only the drawn ones.
    pub covered: Vec<CoveredMove>,
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
    /// Points that lead to a page, drawn as links over what the point shows.
    pub links: Vec<PointLink>,
    /// Whether to draw coordinates (A..T without I, 1..19) around the board.
    pub coordinates: bool,
    /// The caption, used as the accessible title.
    pub title: String,
    /// The position in words; generated from the contents when empty.
    pub desc: String,
    /// The words the generated description is written in (English unless the caller gives others).
    pub words: Words,
}

/// The words of a diagram's generated description (`<desc>`), so that the renderer can
/// describe a board in the reader's language without knowing any: whoever builds the
/// diagram fills them. Templates hold `{n}` (board size), `{a}` `{b}` (points or numbers),
/// `{c}` (a colour word), `{x}` (what stands at a point) and `{p}` (the point).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Words {
    /// "{n}x{n} board".
    pub board: &'static str,
    /// ", showing {a} to {b}" (a part of the board).
    pub showing: &'static str,
    /// What ends a sentence: ". ".
    pub end: &'static str,
    /// Between a heading and its items: ": ".
    pub head_sep: &'static str,
    /// Between items: ", ".
    pub item_sep: &'static str,
    /// "Black stones", "White stones".
    pub stones: [&'static str; 2],
    /// "Moves".
    pub moves: &'static str,
    /// A run of alternating moves: "Moves {a} to {b}, {c} first".
    pub run: &'static str,
    /// One move: "{c} {x} at {p}".
    pub move_item: &'static str,
    /// "Marks".
    pub marks: &'static str,
    /// "Labels".
    pub labels: &'static str,
    /// A mark or label at a point: "{x} at {p}".
    pub item_at: &'static str,
    /// The marks' names: triangle, square, circle, cross, diamond.
    pub mark_names: [&'static str; 5],
    /// "Black territory", "White territory".
    pub territory: [&'static str; 2],
    /// "Lines".
    pub lines: &'static str,
    /// "Arrows".
    pub arrows: &'static str,
    /// A line's two ends: "{a} to {b}".
    pub segment: &'static str,
    /// The colour words: "Black", "White".
    pub colors: [&'static str; 2],
    /// The point of a move not drawn, with `{m}` its number and `{t}` what the board
    /// shows there: "{p} ({m} at {t})".
    pub covered: &'static str,
}

impl Default for Words {
    fn default() -> Self {
        Words {
            board: "{n}x{n} board",
            showing: ", showing {a} to {b}",
            end: ". ",
            head_sep: ": ",
            item_sep: ", ",
            stones: ["Black stones", "White stones"],
            moves: "Moves",
            run: "Moves {a} to {b}, {c} first",
            move_item: "{c} {x} at {p}",
            marks: "Marks",
            labels: "Labels",
            item_at: "{x} at {p}",
            mark_names: ["triangle", "square", "circle", "cross", "diamond"],
            territory: ["Black territory", "White territory"],
            lines: "Lines",
            arrows: "Arrows",
            segment: "{a} to {b}",
            colors: ["Black", "White"],
            covered: "{p} ({m} at {t})",
        }
    }
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
