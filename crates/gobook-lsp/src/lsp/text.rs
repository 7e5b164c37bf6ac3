//! An open file's text as the editor sees it: positions in lines and UTF-16 code units
//! (the protocol's default) turned into byte offsets and back, and the editor's
//! incremental changes applied in place.

use lsp_types::{Position, Range, TextDocumentContentChangeEvent};

/// A text with the byte offset of each line's start, rebuilt after each change.
#[derive(Clone, Debug, Default)]
pub struct Text {
    /// The text itself.
    pub text: String,
    /// Byte offset of the start of each line; the first is 0.
    line_starts: Vec<usize>,
}

impl Text {
    /// Indexes `text`.
    pub fn new(text: String) -> Text {
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Text { text, line_starts }
    }

    /// The byte offset of an editor position; past the end of a line is its end, past the
    /// last line the end of the text (the protocol asks servers to clamp, not to fail).
    pub fn offset(&self, p: Position) -> usize {
        let Some(&start) = self.line_starts.get(p.line as usize) else {
            return self.text.len();
        };
        let end = self
            .line_starts
            .get(p.line as usize + 1)
            .map_or(self.text.len(), |&e| e - 1);
        let mut units = 0u32;
        for (i, c) in self.text[start..end].char_indices() {
            if units >= p.character {
                return start + i;
            }
            units += c.len_utf16() as u32;
        }
        end
    }

    /// The editor position of byte offset `at` (clamped to the text, and back to a
    /// character boundary).
    pub fn position(&self, at: usize) -> Position {
        let mut at = at.min(self.text.len());
        while !self.text.is_char_boundary(at) {
            at -= 1;
        }
        let line = self.line_starts.partition_point(|&s| s <= at) - 1;
        let start = self.line_starts[line];
        let character = self.text[start..at].encode_utf16().count() as u32;
        Position::new(line as u32, character)
    }

    /// The editor range of a byte range.
    pub fn range(&self, start: usize, end: usize) -> Range {
        Range::new(self.position(start), self.position(end.max(start)))
    }

    /// Applies one change the editor sent: a range replaced, or the whole text.
    pub fn apply(&mut self, change: TextDocumentContentChangeEvent) {
        match change.range {
            Some(r) => {
                let start = self.offset(r.start);
                let end = self.offset(r.end).max(start);
                self.text.replace_range(start..end, &change.text);
                *self = Text::new(std::mem::take(&mut self.text));
            }
            None => *self = Text::new(change.text),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_units_and_round_trip() {
        let t = Text::new("ab\n𝄞é x\n".to_string());
        assert_eq!(t.offset(Position::new(1, 0)), 3);
        // The clef is two UTF-16 units and four bytes.
        assert_eq!(t.offset(Position::new(1, 2)), 7);
        assert_eq!(t.offset(Position::new(1, 3)), 9);
        assert_eq!(t.position(9), Position::new(1, 3));
        // Past the end of a line, or of the text, is clamped.
        assert_eq!(t.offset(Position::new(0, 99)), 2);
        assert_eq!(t.offset(Position::new(9, 0)), t.text.len());
        for at in 0..=t.text.len() {
            if t.text.is_char_boundary(at) {
                assert_eq!(t.offset(t.position(at)), at);
            }
        }
    }

    #[test]
    fn incremental_changes_edit_in_place() {
        let mut t = Text::new("::dia ab=C3\n::p text\n".to_string());
        t.apply(TextDocumentContentChangeEvent {
            range: Some(Range::new(Position::new(0, 9), Position::new(0, 11))),
            range_length: None,
            text: "D4Q16".into(),
        });
        assert_eq!(t.text, "::dia ab=D4Q16\n::p text\n");
        assert_eq!(t.offset(Position::new(1, 0)), 15);
        t.apply(TextDocumentContentChangeEvent {
            range: None,
            range_length: None,
            text: "new".into(),
        });
        assert_eq!(t.text, "new");
    }
}
