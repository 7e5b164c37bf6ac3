//! SGF (Smart Game Format, FF[1]-FF[4]): reading, repairing and writing game trees.
//!
//! [`parse`] decodes the bytes ([`charset`]), builds the tree ([`parse`](fn@parse)), then brings
//! it to FF[4] and mends what it can ([`repair`]); every change is reported as a [`Warning`].

pub mod charset;
mod gameinfo;
pub mod main_line;
mod parse;
pub mod props;
pub mod repair;
pub mod tree;
pub mod value;
pub mod write;

pub use main_line::{main_line, GameInfo, MainLine, Move};
pub use tree::{Children, Collection, GameTree, Node, NodeId, PropId, Property, ROOT};
pub use write::write;

use std::fmt;

/// Something that was wrong in the file and was repaired or dropped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// 1-based line in the file.
    pub line: usize,
    /// 1-based column (in characters).
    pub col: usize,
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
        let (line, col) = LineIndex::new(text).line_col(text, pos);
        SgfError { line, col, message }
    })?;
    if let Some(note) = decoded.note {
        raw.insert(
            0,
            parse::RawWarning {
                pos: 0,
                message: note,
            },
        );
    }
    for game in &mut collection.games {
        repair::repair(game, &mut |pos, message| {
            raw.push(parse::RawWarning { pos, message })
        });
    }
    // Lines are only counted when there is something to report.
    let lines = if raw.is_empty() {
        LineIndex { starts: vec![0] }
    } else {
        LineIndex::new(text)
    };
    let mut warnings: Vec<Warning> = raw
        .into_iter()
        .map(|w| {
            let (line, col) = lines.line_col(text, w.pos);
            Warning {
                line,
                col,
                message: w.message,
            }
        })
        .collect();
    warnings.sort_by_key(|w| (w.line, w.col));
    Ok(Parsed {
        collection,
        warnings,
    })
}

/// Byte offsets of line starts, built once so positions are only turned into lines for warnings.
struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    fn new(text: &str) -> LineIndex {
        let b = text.as_bytes();
        let mut starts = vec![0];
        for (i, &c) in b.iter().enumerate() {
            // `\n`, and a lone `\r` (old Mac files) end a line.
            if c == b'\n' || (c == b'\r' && b.get(i + 1) != Some(&b'\n')) {
                starts.push(i + 1);
            }
        }
        LineIndex { starts }
    }

    fn line_col(&self, text: &str, pos: usize) -> (usize, usize) {
        let pos = pos.min(text.len());
        let line = self.starts.partition_point(|&s| s <= pos).max(1);
        let start = self.starts[line - 1];
        let col = text
            .get(start..pos)
            .map_or(pos - start, |s| s.chars().count())
            + 1;
        (line, col)
    }
}
