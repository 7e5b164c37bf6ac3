//! Reading one game file (SGF or XML, told by content) with what is wrong in it placed at
//! its line and column: the reader's repairs as warnings, the moves the rules refuse as
//! errors, and a file that is no game at all as one error.

use crate::diagnostics::{Code, Diagnostic, Severity};
use crate::project::files::FileProblems;
use crate::project::games::{self, GameFormat};
use crate::sgf::GameTree;
use crate::span::{LineIndex, Span};
use std::path::Path;

/// A game file read: its games, and its text with its problems.
pub struct GameFile {
    /// The games, in FF[4] form; at least one.
    pub games: Vec<GameTree>,
    /// The file's name, text and problems (repairs, refused moves).
    pub problems: FileProblems,
    /// Problems the file has that have no place in it (moves refused in an XML file,
    /// whose reader keeps no places), as messages.
    pub unplaced: Vec<String>,
    /// Read as the XML Go format.
    xml: bool,
}

/// Why a game file could not be read.
pub enum Unread {
    /// The file cannot be opened or read.
    Io(std::io::Error),
    /// It is no game: its problems (the first fatal one an error, with its place).
    Content(FileProblems),
}

/// Reads the game file at `path`, shown as `name` in messages.
pub fn read(path: &Path, name: &str) -> Result<GameFile, Unread> {
    let bytes = crate::project::read::read(path).map_err(Unread::Io)?;
    // The content decides: old collections use `.mgt`, or no extension at all.
    let xml = games::sniff(&bytes).or_else(|| games::by_extension(path)) == Some(GameFormat::Xml);
    let text = if xml {
        crate::sgf::charset::decode_xml(&bytes).into_owned()
    } else {
        crate::sgf::charset::decode(&bytes).text.into_owned()
    };
    // Old Mac files end lines with a lone CR, which the readers count as a line end: as
    // a line feed the places shown agree with them (one byte for one, offsets unchanged).
    let text = lone_cr_as_lf(text);
    let read = if xml {
        crate::xml::read(&bytes)
            .map(|p| (p.collection, p.warnings))
            .map_err(|e| (e.line, e.col, e.message))
    } else {
        crate::sgf::parse(&bytes)
            .map(|p| (p.collection, p.warnings))
            .map_err(|e| (e.line, e.col, e.message))
    };
    let mut places = Places::new(&text);
    let mut at = |line: usize, col: usize| places.offset(line, col);
    let (collection, warnings) = match read {
        Ok(r) => r,
        Err((line, col, message)) => {
            let o = at(line, col);
            return Err(Unread::Content(FileProblems {
                name: name.to_string(),
                diagnostics: vec![Diagnostic {
                    severity: Severity::Error,
                    span: Span::new(o, o),
                    code: Code::SgfSyntax,
                    message,
                }],
                text,
            }));
        }
    };
    let mut diagnostics: Vec<Diagnostic> = warnings
        .iter()
        .map(|w| {
            let o = at(w.line, w.col);
            Diagnostic {
                severity: Severity::Warning,
                span: Span::new(o, o),
                code: w.code,
                message: w.message.clone(),
            }
        })
        .collect();
    if collection.games.is_empty() {
        diagnostics.push(Diagnostic {
            severity: Severity::Error,
            span: Span::new(0, 0),
            code: Code::SgfEmpty,
            message: "the file holds no game".into(),
        });
        return Err(Unread::Content(FileProblems {
            name: name.to_string(),
            text,
            diagnostics,
        }));
    }
    Ok(GameFile {
        games: collection.games,
        problems: FileProblems {
            name: name.to_string(),
            text,
            diagnostics,
        },
        unplaced: Vec::new(),
        xml,
    })
}

impl GameFile {
    /// Adds the moves the rules refuse in the first `used` games (those the book shows)
    /// as errors at their places (in an XML file, which keeps no places, to `unplaced`).
    pub fn add_refused(&mut self, used: usize) {
        let many = self.games.len() > 1;
        for (k, game) in self.games.iter().take(used).enumerate() {
            for r in super::replay::refused(game) {
                let message = if many {
                    format!("game {}: {}", k + 1, r.message)
                } else {
                    r.message
                };
                if self.xml {
                    self.unplaced.push(message);
                    continue;
                }
                let p = &mut self.problems;
                let end = move_end(&p.text, r.pos as usize);
                p.diagnostics.push(Diagnostic {
                    severity: Severity::Error,
                    span: Span::new(r.pos as usize, end),
                    code: Code::IllegalMove,
                    message,
                });
            }
        }
        self.problems
            .diagnostics
            .sort_by_key(|d| (d.span.start, d.severity));
    }
}

/// `text` with every carriage return that no line feed follows made a line feed.
fn lone_cr_as_lf(text: String) -> String {
    if !text.contains('\r') {
        return text;
    }
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        out.push(if c == '\r' && b.get(i + 1) != Some(&b'\n') {
            '\n'
        } else {
            c
        });
    }
    out
}

/// Byte offsets of 1-based lines and columns (in characters) in a text. The readers' warnings
/// come in reading order, often many on one line (a whole game on one line is common), so the
/// last place found is kept and the next one on its line is walked to from there: counting
/// from the line's start each time made `gobook import` quadratic on a one-line file.
struct Places<'t> {
    text: &'t str,
    index: LineIndex,
    /// The last place found: line, column and byte offset.
    last: (usize, usize, usize),
}

impl<'t> Places<'t> {
    fn new(text: &'t str) -> Self {
        Places {
            text,
            index: LineIndex::new(text),
            last: (0, 0, 0),
        }
    }

    /// The byte offset of `line` and `col`; the text's end if the line is shorter.
    fn offset(&mut self, line: usize, col: usize) -> usize {
        let col = col.max(1);
        let (from, skip) = match self.last {
            (l, c, byte) if l == line && c <= col => (byte, col - c),
            _ => {
                let start = self
                    .index
                    .line_start(self.text, line.try_into().unwrap_or(u32::MAX));
                (start, col - 1)
            }
        };
        let rest = &self.text[from..];
        let found = rest.char_indices().nth(skip).map(|(i, _)| from + i);
        match found {
            Some(byte) => {
                self.last = (line, col, byte);
                byte
            }
            None => self.text.len(),
        }
    }
}

/// Where the move property starting at `pos` ends: after its value's `]`, on its line.
fn move_end(text: &str, pos: usize) -> usize {
    let rest = text.get(pos..).unwrap_or("");
    rest.find(']')
        .filter(|&i| !rest[..i].contains('\n'))
        .map_or(pos, |i| pos + i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_count_lone_carriage_returns_as_line_ends() {
        let t = lone_cr_as_lf("a\rb\r\nc".into());
        assert_eq!(t, "a\nb\r\nc");
        let mut places = Places::new(&t);
        assert_eq!(places.offset(2, 1), 2);
        assert_eq!(places.offset(3, 1), 5);
        assert_eq!(move_end("B[aa];W[bb]", 0), 5);
    }

    #[test]
    fn places_found_in_any_order_agree_with_counting_from_the_line_start() {
        let t = "(;GM[1]C[é中]\n;B[aa]C[x];W[bb])\n";
        let fresh = |line: usize, col: usize| Places::new(t).offset(line, col);
        let mut places = Places::new(t);
        let forward = [(1, 1), (1, 4), (1, 9), (2, 3), (2, 3), (2, 12)];
        let back = [(1, 2), (1, 30), (3, 1), (2, 1)];
        for (line, col) in forward.into_iter().chain(back) {
            assert_eq!(places.offset(line, col), fresh(line, col), "{line}:{col}");
        }
        assert_eq!(places.offset(1, 11), t.find('中').unwrap());
    }
}
