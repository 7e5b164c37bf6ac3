//! SGF (Smart Game Format, FF[1]-FF[4]): reading, repairing and writing game trees.
//!
//! [`parse`] decodes the bytes ([`charset`]), builds the tree ([`parse`](fn@parse)), then brings
//! it to FF[4] and mends what it can ([`repair`]); every change is reported as a [`Warning`].

pub mod charset;
mod gameinfo;
pub mod main_line;
pub mod markup;
mod parse;
pub(crate) mod position;
pub(crate) mod property;
pub mod props;
pub(crate) mod repair;
pub(crate) mod tree;
pub mod value;
pub mod variation;
pub mod write;

pub use main_line::{main_line, GameInfo, MainLine, Move};
pub use property::{PropId, Property, RawValue, Values};
pub use tree::{Collection, GameTree, Node, NodeId, Props, ROOT};
pub use write::write;

use crate::diagnostics::Code;
use std::fmt;

/// Something that was wrong in the file and was repaired or dropped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// 1-based line in the file.
    pub line: usize,
    /// 1-based column (in characters).
    pub col: usize,
    /// The kind of repair (`sgf-bad-move`, ...), which tools and tests match on.
    pub code: Code,
    /// What was found and what was done.
    pub message: String,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.message)
    }
}

/// A file that cannot be read as SGF at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub col: usize,
    /// Why.
    pub message: String,
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.message)
    }
}

impl std::error::Error for SgfError {}

/// A file read successfully, with what had to be repaired.
#[derive(Clone, Debug)]
pub struct Parsed {
    /// The games, in FF[4] form.
    pub collection: Collection,
    /// Repairs and oddities, in file order.
    pub warnings: Vec<Warning>,
}

/// Reads SGF bytes (any FF version, any charset), repairing what it can.
pub fn parse(bytes: &[u8]) -> Result<Parsed, SgfError> {
    let decoded = charset::decode(bytes);
    let text: &str = &decoded.text;
    let (mut collection, mut raw) = parse::parse_text(text).map_err(|(pos, message)| {
        let (line, col) = position::Cursor::default().advance(text, pos);
        SgfError { line, col, message }
    })?;
    if let Some(note) = decoded.note {
        raw.insert(
            0,
            parse::RawWarning {
                pos: 0,
                code: Code::SgfCharset,
                message: note,
            },
        );
    }
    for game in &mut collection.games {
        repair::repair(game, &mut |pos, code, message| {
            raw.push(parse::RawWarning { pos, code, message })
        });
    }
    Ok(Parsed {
        collection,
        warnings: place(raw, text),
    })
}

/// Gives each warning its line and column.
fn place(mut raw: Vec<parse::RawWarning>, text: &str) -> Vec<Warning> {
    // Warnings are placed in one pass over the text, in file order, so that even a huge
    // one-line file with many warnings costs time in proportion to its length.
    raw.sort_by_key(|w| w.pos);
    let mut cursor = position::Cursor::default();
    raw.into_iter()
        .map(|w| {
            let (line, col) = cursor.advance(text, w.pos);
            Warning {
                line,
                col,
                code: w.code,
                message: w.message,
            }
        })
        .collect()
}
