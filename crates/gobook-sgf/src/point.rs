//! Board points and the standard coordinate system shared by every format.
//!
//! Columns run A..Z without I from the left, rows 1.. from the bottom, so a
//! standard coordinate ("D4") maps to a point without knowing the board size.
//! SGF letter pairs count rows from the top, so they need the size.

use std::fmt;

/// The largest board any format here handles (25 columns A..Z without I).
pub const MAX_SIZE: u8 = 25;

/// A point on the board: `col` from the left, `row` from the bottom, both 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Column, 0 = A.
    pub col: u8,
    /// Row, 0 = the bottom row ("1").
    pub row: u8,
}

/// Column letters of the standard coordinates; `I` is skipped.
pub const COLUMN_LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

impl Point {
    /// A point from 0-based column and row (row from the bottom).
    pub const fn new(col: u8, row: u8) -> Self {
        Point { col, row }
    }

    /// Whether the point lies on a board of `size` x `size`.
    pub fn on_board(self, size: u8) -> bool {
        self.col < size && self.row < size
    }

    /// The column letter (A..Z without I).
    pub fn column_letter(self) -> char {
        COLUMN_LETTERS
            .get(self.col as usize)
            .map(|&b| b as char)
            .unwrap_or('?')
    }

    /// Index of a column letter (either case), `None` for I or a non-letter.
    fn column_index(letter: char) -> Option<u8> {
        let up = letter.to_ascii_uppercase() as u8;
        COLUMN_LETTERS
            .iter()
            .position(|&c| c == up)
            .map(|i| i as u8)
    }

    /// Parses a standard coordinate such as `D4` or `q16` (the whole string).
    pub fn parse_standard(s: &str) -> Option<Point> {
        let mut chars = s.chars();
        let col = Point::column_index(chars.next()?)?;
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let n: u8 = digits.parse().ok()?;
        if n == 0 || n > MAX_SIZE || digits.starts_with('0') {
            return None;
        }
        Some(Point::new(col, n - 1))
    }

    /// The point of an SGF letter pair (`aa` is the top left corner) on a board of `size`.
    pub fn from_sgf(pair: [u8; 2], size: u8) -> Option<Point> {
        let x = sgf_letter_index(pair[0])?;
        let y = sgf_letter_index(pair[1])?;
        if x >= size || y >= size {
            return None;
        }
        Some(Point::new(x, size - 1 - y))
    }

    /// The SGF letter pair of this point on a board of `size`.
    pub fn to_sgf(self, size: u8) -> [u8; 2] {
        let y = size.saturating_sub(1).saturating_sub(self.row);
        [sgf_letter(self.col), sgf_letter(y)]
    }
}

fn sgf_letter_index(b: u8) -> Option<u8> {
    match b {
        b'a'..=b'z' => Some(b - b'a'),
        b'A'..=b'Z' => Some(b - b'A' + 26),
        _ => None,
    }
}

fn sgf_letter(i: u8) -> u8 {
    if i < 26 {
        b'a' + i
    } else {
        b'A' + (i - 26)
    }
}

impl fmt::Display for Point {
    /// Writes the standard uppercase coordinate, e.g. `Q16`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.column_letter(), self.row as u32 + 1)
    }
}

/// A stone colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Black.
    Black,
    /// White.
    White,
}

impl Color {
    /// The other colour.
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `"b"` or `"w"`, as gobook and `inspect` write it.
    pub fn letter(self) -> &'static str {
        match self {
            Color::Black => "b",
            Color::White => "w",
        }
    }
}

/// A mark drawn on a point (gobook `tr sq cr ma rg`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// Triangle (`tr`).
    Triangle,
    /// Square (`sq`).
    Square,
    /// Circle (`cr`).
    Circle,
    /// Cross (`ma`).
    Cross,
    /// Diamond (`rg`).
    Diamond,
}

impl Mark {
    /// The mark's name in words, for the description.
    pub fn name(self) -> &'static str {
        match self {
            Mark::Triangle => "triangle",
            Mark::Square => "square",
            Mark::Circle => "circle",
            Mark::Cross => "cross",
            Mark::Diamond => "diamond",
        }
    }
}

/// Star points for a board of `size`: the usual 4-4/3-3 corners, sides and centre (the
/// renderer draws them; a Sensei's Library diagram is placed to agree with its `,`).
pub fn star_points(size: u8) -> Vec<Point> {
    let edge = match size {
        12.. => 3,
        7..=11 => 2,
        _ => {
            return if size % 2 == 1 && size >= 5 {
                vec![Point::new(size / 2, size / 2)]
            } else {
                vec![]
            }
        }
    };
    let far = size - 1 - edge;
    let mid = size / 2;
    let odd = size % 2 == 1;
    let mut lines = vec![edge];
    // Sides only on big odd boards, as on 19x19; the centre on every odd board.
    if odd && size >= 15 {
        lines.push(mid);
    }
    lines.push(far);
    let mut pts = Vec::new();
    for &r in &lines {
        for &c in &lines {
            pts.push(Point::new(c, r));
        }
    }
    if odd && size < 15 {
        pts.push(Point::new(mid, mid));
    }
    pts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_coordinates() {
        assert_eq!(Point::parse_standard("A1"), Some(Point::new(0, 0)));
        assert_eq!(Point::parse_standard("t19"), Some(Point::new(18, 18)));
        assert_eq!(Point::parse_standard("J10"), Some(Point::new(8, 9)));
        assert_eq!(Point::parse_standard("Z25"), Some(Point::new(24, 24)));
        assert_eq!(Point::parse_standard("I5"), None);
        assert_eq!(Point::parse_standard("A0"), None);
        assert_eq!(Point::parse_standard("A26"), None);
        assert_eq!(Point::parse_standard("A05"), None);
        assert_eq!(Point::new(15, 15).to_string(), "Q16");
    }

    #[test]
    fn sgf_pairs() {
        assert_eq!(Point::from_sgf(*b"dd", 19), Some(Point::new(3, 15)));
        assert_eq!(Point::from_sgf(*b"aa", 9), Some(Point::new(0, 8)));
        assert_eq!(Point::from_sgf(*b"tt", 19), None);
        assert_eq!(Point::new(3, 15).to_sgf(19), *b"dd");
    }
}
