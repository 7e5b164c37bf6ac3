//! The XML Go format (Jago's `go.dtd`, as GoGui reads and writes it), converted to and from the SGF tree.
//!
//! What the DTD cannot hold travels in `<SGF type="..">` elements, so SGF -> XML -> SGF keeps the game.

mod read;
mod write;

pub use read::read;
pub use write::write;

use crate::point::Point;
use crate::sgf::{Collection, Warning};
use std::fmt;

/// The text an entity or character reference (`&amp;`, `&#233;`) stands for; `None` for
/// an entity the XML standard does not define.
pub fn entity_text(r: &quick_xml::events::BytesRef) -> Option<String> {
    match r.resolve_char_ref() {
        Ok(Some(c)) => Some(c.to_string()),
        _ => r
            .decode()
            .ok()
            .and_then(|n| quick_xml::escape::resolve_predefined_entity(&n))
            .map(str::to_string),
    }
}

/// An XML file read successfully, with what was skipped.
#[derive(Clone, Debug)]
pub struct Parsed {
    /// The games as SGF trees.
    pub collection: Collection,
    /// Unknown elements and unreadable values, with their places.
    pub warnings: Vec<Warning>,
}

/// An XML file that cannot be read (not well-formed, or no `Go` document).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XmlError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub col: usize,
    /// Why.
    pub message: String,
}

impl fmt::Display for XmlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.message)
    }
}

impl std::error::Error for XmlError {}

/// A point as the XML format writes it: `Q16`, or `col,row` (1-based) on boards above 25.
pub fn point_to_at(p: Point, size: u8) -> String {
    if size <= crate::point::MAX_SIZE {
        p.to_string()
    } else {
        format!("{},{}", p.col as u32 + 1, p.row as u32 + 1)
    }
}

/// Reads an `at` value: `Q16` or `4,10`; `None` when unreadable.
pub fn at_to_point(s: &str) -> Option<Point> {
    let s = s.trim();
    if let Some((a, b)) = s.split_once(',') {
        let c: u8 = a.trim().parse().ok()?;
        let r: u8 = b.trim().parse().ok()?;
        return (c > 0 && r > 0).then(|| Point::new(c - 1, r - 1));
    }
    Point::parse_standard(s)
}
