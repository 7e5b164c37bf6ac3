//! The byte-level SGF reader: builds the tree from decoded text, mending broken syntax as it goes.
//!
//! Works on bytes of UTF-8 text: every syntax character is ASCII, and UTF-8 continuation bytes
//! are never ASCII, so scanning bytes is safe. It never recurses: open variations are a stack.

use super::property::{PropId, Property, Values};
use super::tree::{Collection, GameTree, NodeId, ROOT};
use crate::diagnostics::Code;

/// A message tied to a byte offset of the decoded text.
pub(crate) struct RawWarning {
    pub pos: usize,
    pub code: Code,
    pub message: String,
}

/// Longest identifier kept; sgfc uses the same limit.
const MAX_ID_LEN: usize = 100;

struct Level {
    /// The node the variation hangs from (`None` at the start of a game).
    parent: Option<NodeId>,
    /// Whether a sub-variation was closed at this level, so a `;` now means a missing `(`.
    had_var: bool,
}

struct Parser<'a> {
    text: &'a str,
    b: &'a [u8],
    i: usize,
    warnings: Vec<RawWarning>,
    games: Vec<GameTree>,
    /// The game being read, from its first node on.
    game: Option<GameTree>,
    /// Open variations.
    stack: Vec<Level>,
    cur: Option<NodeId>,
    in_node: bool,
}

/// Parses decoded SGF text into games and warnings; fails only when there is no game tree at all.
pub(crate) fn parse_text(text: &str) -> Result<(Collection, Vec<RawWarning>), (usize, String)> {
    let mut p = Parser {
        text,
        b: text.as_bytes(),
        i: 0,
        warnings: Vec::new(),
        games: Vec::new(),
        game: None,
        stack: Vec::new(),
        cur: None,
        in_node: false,
    };
    let start = p.find_start().ok_or((
        0,
        "no SGF data found (no game tree starting with '(;')".to_string(),
    ))?;
    p.i = start;
    p.run();
    Ok((Collection { games: p.games }, p.warnings))
}

impl<'a> Parser<'a> {
    fn warn(&mut self, pos: usize, code: Code, message: impl Into<String>) {
        self.warnings.push(RawWarning {
            pos,
            code,
            message: message.into(),
        });
    }

    /// The first `(` followed by `;`, or failing that by an identifier and `[`.
    fn find_start(&mut self) -> Option<usize> {
        let b = self.b;
        let start = (0..b.len())
            .filter(|&i| b[i] == b'(')
            .find(|&i| self.peek_from(i + 1) == Some(b';'))
            .or_else(|| {
                (0..b.len())
                    .filter(|&i| b[i] == b'(')
                    .find(|&i| self.starts_game(i))
            })?;
        let junk = &self.text[..start];
        if let Some(bracket) = junk.find('[') {
            // Point at the identifier before the first value, where the stray SGF data starts.
            let at = junk[..bracket]
                .trim_end_matches(|c: char| c.is_ascii_uppercase())
                .len();
            self.warn(
                at,
                Code::SgfStrayText,
                "possible SGF data found in front of the game tree (ignored)",
            );
        }
        Some(start)
    }

    /// Whether the `(` at `i` starts a game: `(;`, or `(` and an identifier with a value.
    fn starts_game(&self, i: usize) -> bool {
        let b = self.b;
        let j = self.skip_ws_from(i + 1);
        if b.get(j) == Some(&b';') {
            return true;
        }
        let k = (j..b.len())
            .find(|&k| !b[k].is_ascii_alphabetic())
            .unwrap_or(b.len());
        k > j && self.peek_from(k) == Some(b'[')
    }

    fn skip_ws_from(&self, mut i: usize) -> usize {
        while i < self.b.len() && self.b[i].is_ascii_whitespace() {
            i += 1;
        }
        i
    }

    fn peek_from(&self, i: usize) -> Option<u8> {
        self.b.get(self.skip_ws_from(i)).copied()
    }

    /// Starts an empty node: the game's root, or a new child of the current node.
    fn new_node(&mut self) {
        let id = match &mut self.game {
            None => {
                self.game = Some(GameTree::new());
                ROOT
            }
            // A second sequence at the top of a game hangs from the root as a variation.
            Some(game) => game.add_child(self.cur.unwrap_or(ROOT)),
        };
        self.cur = Some(id);
        self.in_node = true;
    }

    fn finish_game(&mut self) {
        if let Some(game) = self.game.take() {
            self.games.push(game);
        }
        self.cur = None;
        self.in_node = false;
    }

    fn run(&mut self) {
        let b = self.b;
        while self.i < b.len() {
            let c = b[self.i];
            match c {
                b' ' | b'\t' | b'\n' | b'\r' => self.i += 1,
                b'(' => self.open(),
                b')' => self.close(),
                b';' => {
                    if self.stack.is_empty() {
                        self.skip_outside();
                        continue;
                    }
                    if self.stack.last().is_some_and(|l| l.had_var) {
                        self.warn(
                            self.i,
                            Code::SgfStructure,
                            "node after a variation: missing '(' assumed",
                        );
                        let parent = self.cur;
                        self.stack.push(Level {
                            parent,
                            had_var: false,
                        });
                    }
                    self.i += 1;
                    self.new_node();
                }
                b'A'..=b'Z' | b'a'..=b'z' => {
                    if self.stack.is_empty() {
                        self.skip_outside();
                        continue;
                    }
                    self.property();
                }
                b'[' => {
                    let at = self.i;
                    self.warn(
                        at,
                        Code::SgfStrayText,
                        "values without a property identifier (deleted)",
                    );
                    while self.peek_from(self.i) == Some(b'[') {
                        self.i = self.skip_ws_from(self.i);
                        if self.read_value().is_none() {
                            break;
                        }
                    }
                }
                _ => {
                    if self.stack.is_empty() {
                        self.skip_outside();
                        continue;
                    }
                    self.junk();
                }
            }
        }
        if !self.stack.is_empty() {
            self.warn(
                b.len(),
                Code::SgfStructure,
                "missing ')' at the end of the file (game tree closed)",
            );
            self.stack.clear();
        }
        self.finish_game();
    }

    fn open(&mut self) {
        let at = self.i;
        if self.stack.is_empty() && !self.starts_game(at) {
            self.i += 1;
            self.skip_outside();
            return;
        }
        self.i += 1;
        match self.peek_from(self.i) {
            Some(b')') => {
                self.warn(at, Code::SgfStructure, "empty variation '()' (deleted)");
                self.i = self.skip_ws_from(self.i) + 1;
                if let Some(l) = self.stack.last_mut() {
                    l.had_var = true;
                }
                return;
            }
            Some(b'(') if !self.stack.is_empty() => {
                self.warn(
                    at,
                    Code::SgfStructure,
                    "variation starts with '((' (one '(' ignored)",
                );
                return;
            }
            Some(b';') | None => {}
            Some(c) if c.is_ascii_alphabetic() => {
                self.warn(at, Code::SgfStructure, "missing ';' after '(' (assumed)");
            }
            Some(_) => {}
        }
        if self.stack.is_empty() {
            self.finish_game();
        }
        let parent = self.cur;
        self.stack.push(Level {
            parent,
            had_var: false,
        });
        self.in_node = false;
        if self
            .peek_from(self.i)
            .is_some_and(|c| c.is_ascii_alphabetic())
        {
            self.i = self.skip_ws_from(self.i);
            self.new_node();
        }
    }

    fn close(&mut self) {
        self.i += 1;
        match self.stack.pop() {
            Some(level) => {
                self.cur = level.parent;
                self.in_node = false;
                match self.stack.last_mut() {
                    Some(l) => l.had_var = true,
                    None => self.finish_game(),
                }
            }
            None => self.warn(
                self.i - 1,
                Code::SgfStructure,
                "')' without a matching '(' (ignored)",
            ),
        }
    }

    /// Text between game trees: skipped up to the next `(`, with one warning if it is not blank.
    fn skip_outside(&mut self) {
        let at = self.i;
        let end = self.b[at..]
            .iter()
            .position(|&c| c == b'(')
            .map_or(self.b.len(), |p| at + p);
        if self.text[at..end]
            .trim()
            .chars()
            .any(|c| c != '\u{1a}' && c != '\0')
        {
            self.warn(at, Code::SgfStrayText, "text outside game trees (ignored)");
        }
        self.i = end;
    }

    fn junk(&mut self) {
        let at = self.i;
        let mut end = at;
        while end < self.b.len()
            && !matches!(
                self.b[end],
                b'(' | b')' | b';' | b'[' | b' ' | b'\t' | b'\n' | b'\r'
            )
        {
            end += 1;
        }
        end = end.max(at + 1);
        while !self.text.is_char_boundary(end) {
            end += 1;
        }
        let s = &self.text[at..end];
        self.warn(
            at,
            Code::SgfStrayText,
            format!("illegal characters '{s}' (ignored)"),
        );
        self.i = end;
    }

    fn property(&mut self) {
        let b = self.b;
        let at = self.i;
        let mut end = at;
        while end < b.len() && b[end].is_ascii_uppercase() {
            end += 1;
        }
        // The usual case, an uppercase identifier right before its first value inside a node,
        // needs none of the checks below.
        if b.get(end) == Some(&b'[') && self.in_node && end - at <= MAX_ID_LEN {
            let text = self.text;
            let id = &text[at..end];
            self.i = end;
            if let Some(values) = self.read_values(id, at) {
                self.push_property(PropId::new(id), values, at);
            }
            return;
        }
        while end < b.len() && b[end].is_ascii_alphabetic() {
            end += 1;
        }
        let raw_id = &self.text[at..end];
        if self.peek_from(end) != Some(b'[') {
            if raw_id.bytes().all(|c| c.is_ascii_uppercase()) {
                self.warn(
                    at,
                    Code::SgfIdentifier,
                    format!("property {raw_id} without a value (deleted)"),
                );
                self.i = end;
            } else {
                self.junk();
            }
            return;
        }
        self.i = end;
        let id: String = raw_id.chars().filter(char::is_ascii_uppercase).collect();
        if id.is_empty() {
            self.warn(
                at,
                Code::SgfIdentifier,
                format!("identifier '{raw_id}' has no uppercase letter (property deleted)"),
            );
        } else if id.len() != raw_id.len() {
            self.warn(
                at,
                Code::SgfIdentifier,
                format!("lowercase letters in property identifier '{raw_id}' (read as {id})"),
            );
        }
        if id.len() > MAX_ID_LEN {
            self.warn(
                at,
                Code::SgfIdentifier,
                format!("property identifier longer than {MAX_ID_LEN} letters (deleted)"),
            );
        }
        if !self.in_node {
            self.warn(
                at,
                Code::SgfStructure,
                "property outside a node: missing ';' assumed",
            );
            self.new_node();
        }
        let Some(values) = self.read_values(&id, at) else {
            return;
        };
        if !id.is_empty() && id.len() <= MAX_ID_LEN {
            self.push_property(PropId::new(&id), values, at);
        }
    }

    /// Appends a property to the current node.
    fn push_property(&mut self, id: PropId, values: Values, at: usize) {
        if let (Some(game), Some(cur)) = (&mut self.game, self.cur) {
            game.node_mut(cur).props.push(Property {
                id,
                values,
                pos: u32::try_from(at).unwrap_or(u32::MAX),
            });
        }
    }

    /// Reads the values `[...][...]` from `self.i`, where blanks and the first `[` are; `None`
    /// (and a warning) when the file ends inside one of them.
    fn read_values(&mut self, id: &str, at: usize) -> Option<Values> {
        self.i = self.skip_ws_from(self.i);
        let eof = |p: &mut Self| {
            p.warn(
                at,
                Code::SgfUnclosedValue,
                format!("unexpected end of file inside a value of {id} (property deleted)"),
            );
        };
        let Some(first) = self.read_value() else {
            eof(self);
            return None;
        };
        let mut values = Values::new();
        values.push(first.to_string());
        while self.peek_from(self.i) == Some(b'[') {
            self.i = self.skip_ws_from(self.i);
            match self.read_value() {
                Some(v) => values.push(v.to_string()),
                None => {
                    eof(self);
                    return None;
                }
            }
        }
        Some(values)
    }

    /// Reads `[...]` at `self.i`; `None` when the file ends before the closing `]`.
    fn read_value(&mut self) -> Option<&'a str> {
        let text = self.text;
        let start = self.i + 1;
        let mut j = start;
        while let Some(&c) = self.b.get(j) {
            match c {
                b']' => {
                    self.i = j + 1;
                    return Some(&text[start..j]);
                }
                // An escaped character, `]` or `\` among them, is part of the value.
                b'\\' => j += 2,
                _ => j += 1,
            }
        }
        self.i = self.b.len();
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::diagnostics::Code;

    /// The reader's own repairs (syntax, text outside properties, identifiers, the end of the
    /// file, the charset), each with its code: the input, the tree written back, the codes.
    #[test]
    fn each_syntax_repair_reports_its_code() {
        let cases: &[(&[u8], &str, &[Code])] = &[
            (
                b"(;SZ[9];B[aa]",
                "(;FF[4]CA[UTF-8]SZ[9];B[aa])",
                &[Code::SgfStructure],
            ),
            (
                b"(SZ[9];B[aa])",
                "(;FF[4]CA[UTF-8]SZ[9];B[aa])",
                &[Code::SgfStructure],
            ),
            (
                b"(;SZ[9]();B[aa]))",
                "(;FF[4]CA[UTF-8]SZ[9];B[aa])",
                &[Code::SgfStructure, Code::SgfStructure],
            ),
            (
                b"junk[x] (;SZ[9])",
                "(;FF[4]CA[UTF-8]SZ[9])",
                &[Code::SgfStrayText],
            ),
            (
                b"(;SZ[9];B[aa]%%)",
                "(;FF[4]CA[UTF-8]SZ[9];B[aa])",
                &[Code::SgfStrayText],
            ),
            (
                b"(;SZ[9];AddBlack[aa])",
                "(;FF[4]CA[UTF-8]SZ[9];AB[aa])",
                &[Code::SgfIdentifier],
            ),
            (
                b"(;SZ[9];B[aa]C)",
                "(;FF[4]CA[UTF-8]SZ[9];B[aa])",
                &[Code::SgfIdentifier],
            ),
            (
                b"(;SZ[9];B[aa]C[open\\",
                "(;FF[4]CA[UTF-8]SZ[9];B[aa])",
                &[Code::SgfUnclosedValue, Code::SgfStructure],
            ),
            (
                b"(;CA[UTF-8]C[caf\xe9])",
                "(;FF[4]CA[UTF-8]C[caf\u{fffd}])",
                &[Code::SgfCharset],
            ),
        ];
        for (input, output, codes) in cases {
            let p = crate::sgf::parse(input).expect("parses");
            let got: Vec<Code> = p.warnings.iter().map(|w| w.code).collect();
            let written = crate::sgf::write(&p.collection);
            assert_eq!(
                (written.trim_end(), &got[..]),
                (*output, *codes),
                "{:?}: {:?}",
                String::from_utf8_lossy(input),
                p.warnings
            );
        }
    }

    /// Moves one per line are read like any property; a second value after blanks still reaches it.
    #[test]
    fn moves_separated_by_blanks_keep_every_value_and_property() {
        let p = crate::sgf::parse(b"(;GM[1];B[aa]\n;W[bb] [cc]\n;B[dd]\r\n C[x]\n;W[ee]\n)")
            .expect("parses");
        let g = &p.collection.games[0];
        let line = g.main_line_ids();
        let node = |k: usize| &g.nodes()[line[k]];
        assert_eq!(line.len(), 5);
        assert_eq!(node(1).value("B"), Some("aa"));
        // W takes one value: the second is reported and dropped, as without blanks.
        assert_eq!(node(2).get("W").map(|w| w.values.len()), Some(1));
        assert!(
            p.warnings
                .iter()
                .any(|w| w.message.contains("only one value")),
            "{:?}",
            p.warnings
        );
        assert_eq!(
            (node(3).value("B"), node(3).value("C")),
            (Some("dd"), Some("x"))
        );
        assert_eq!(node(4).value("W"), Some("ee"));
    }
}
