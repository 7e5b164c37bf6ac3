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
        for (i, c) in text[self.pos..pos].char_indices() {
            let at = self.pos + i;
            // `\n`, and a lone `\r` (old Mac files) end a line.
            if c == '\n' || (c == '\r' && b.get(at + 1) != Some(&b'\n')) {
                self.line += 1;
                self.col = 0;
            } else {
                self.col += 1;
            }
        }
        self.pos = pos;
        (self.line + 1, self.col + 1)
    }
}
