//! Byte offsets to lines and columns, for messages.

/// Walks the text forward, turning byte offsets into 1-based lines and columns (in characters).
#[derive(Default)]
pub(crate) struct Cursor {
    pos: usize,
    line: usize,
    col: usize,
}

impl Cursor {
    /// The line and column of `pos`; positions must come in increasing order.
    pub(crate) fn advance(&mut self, text: &str, pos: usize) -> (usize, usize) {
        let mut pos = pos.min(text.len());
        while !text.is_char_boundary(pos) {
            pos -= 1;
        }
        if pos < self.pos {
            *self = Cursor::default();
        }
        let b = text.as_bytes();
        let seg = &b[self.pos..pos];
        // Only the characters after the last line end are counted.
        let mut line_start = 0;
        for k in (0..seg.len()).filter(|&k| matches!(seg[k], b'\n' | b'\r')) {
            // `\n`, and a lone `\r` (old Mac files) end a line; the `\r` of `\r\n` is a character
            // of its line until the `\n` ends it.
            if seg[k] == b'\r' && b.get(self.pos + k + 1) == Some(&b'\n') {
                continue;
            }
            self.line += 1;
            self.col = 0;
            line_start = k + 1;
        }
        // Both ends are character boundaries: `pos`, and the start of a line or of the segment.
        self.col += text[self.pos + line_start..pos].chars().count();
        self.pos = pos;
        (self.line + 1, self.col + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::Cursor;

    /// The lines and columns of every character boundary, one character at a time.
    fn slow(text: &str) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let (mut line, mut col) = (1, 1);
        let b = text.as_bytes();
        for (i, c) in text.char_indices() {
            out.push((i, (line, col)));
            if c == '\n' || (c == '\r' && b.get(i + 1) != Some(&b'\n')) {
                line += 1;
                col = 1;
            } else {
                col += 1;
            }
        }
        out.into_iter().map(|(_, lc)| lc).collect()
    }

    #[test]
    fn lines_and_columns_match_a_walk_character_by_character() {
        for text in [
            "",
            "abc",
            "a\nb",
            "a\r\nb\rc\n\n",
            "é\r\nü\rß\n日本\r",
            "\r\r\n\n\r",
        ] {
            let want = slow(text);
            // Every boundary from a fresh cursor, and all of them in order from one cursor.
            let mut one = Cursor::default();
            for ((i, _), w) in text.char_indices().zip(&want) {
                assert_eq!(Cursor::default().advance(text, i), *w, "{text:?} at {i}");
                assert_eq!(one.advance(text, i), *w, "{text:?} at {i}, walking");
            }
        }
    }
}
