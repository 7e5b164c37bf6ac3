//! Places in source text: byte ranges ([`Span`]) and their line and column
//! ([`LineIndex`]). Below both the gobook format, whose syntax tree carries spans,
//! and the diagnostics that point at them, so neither has to know the other.

/// A byte range in the source text (after any byte-order mark).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    /// A span from byte offsets.
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    /// The span moved right by `offset` bytes.
    pub fn shifted(self, offset: u32) -> Span {
        Span {
            start: self.start + offset,
            end: self.end + offset,
        }
    }
}

/// Maps byte offsets to 1-based line and column (in characters).
#[derive(Clone, Debug)]
pub struct LineIndex {
    starts: Vec<u32>,
}

impl LineIndex {
    /// Indexes the line starts of `src`.
    pub fn new(src: &str) -> LineIndex {
        let mut starts = vec![0u32];
        starts.extend(
            src.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i as u32 + 1),
        );
        LineIndex { starts }
    }

    /// The 1-based line of a byte offset: unlike [`LineIndex::line_col`], no counting along the line.
    pub fn line(&self, offset: u32) -> u32 {
        self.starts.partition_point(|&s| s <= offset).max(1) as u32
    }

    /// The 1-based line and column of a byte offset in `src`.
    pub fn line_col(&self, src: &str, offset: u32) -> (u32, u32) {
        let line = self.starts.partition_point(|&s| s <= offset).max(1) - 1;
        let start = self.starts[line] as usize;
        let end = (offset as usize).min(src.len());
        let col = src
            .get(start..end)
            .map(|s| s.chars().count())
            .unwrap_or(end - start);
        (line as u32 + 1, col as u32 + 1)
    }

    /// Byte offset where 1-based line `line` starts (the end of `src` past the last line).
    pub fn line_start(&self, src: &str, line: u32) -> usize {
        self.starts
            .get((line as usize).saturating_sub(1))
            .map_or(src.len(), |&s| s as usize)
    }

    /// The text of 1-based line `line`, without its line ending.
    pub fn line_text<'a>(&self, src: &'a str, line: u32) -> &'a str {
        let i = (line as usize).saturating_sub(1);
        let Some(&start) = self.starts.get(i) else {
            return "";
        };
        let end = self
            .starts
            .get(i + 1)
            .map(|&e| e as usize)
            .unwrap_or(src.len());
        src[start as usize..end].trim_end_matches(['\n', '\r'])
    }
}
