//! The syntax tree of a gobook file: a flat list of elements, each keeping its
//! source position and everything needed to write it back (attribute order,
//! quoting, which attributes start a new line, blank lines, comments).

use crate::format::schema::{self, ElementKind};

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

/// A parsed gobook file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Document {
    /// The elements in file order; chapters are ordinary elements that start a group.
    pub elements: Vec<Element>,
    /// The file started with a UTF-8 byte-order mark.
    pub bom: bool,
    /// The file used CRLF line endings.
    pub crlf: bool,
}

/// One element: `::name_langs(#id) attr=value ... value`, or a plain paragraph.
#[derive(Clone, Debug, PartialEq)]
pub struct Element {
    /// The name as written: `p`, `h2`, `fig`, or a language tag such as `de`.
    pub name: String,
    /// What the name means.
    pub kind: ElementKind,
    /// Language tags appended with underscores (`book_en_ja` -> `en`, `ja`).
    pub langs: Vec<String>,
    /// The `(#id)` of the element.
    pub id: Option<Ident>,
    /// Attributes in the order they were read.
    pub attrs: Vec<Attribute>,
    /// The element's value (text after the attributes), exactly as in the source.
    pub value: Option<Text>,
    /// The value starts on the line after the attributes.
    pub value_on_new_line: bool,
    /// Written with `::`; false for a plain paragraph.
    pub explicit: bool,
    /// Empty lines before the element in the source.
    pub blank_lines_before: u32,
    /// The whole element.
    pub span: Span,
    /// The element name (after `::`), or the start of a plain paragraph.
    pub name_span: Span,
}

/// An element ID written as `(#id)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Ident {
    /// The ID text.
    pub name: String,
    /// Where the ID text stands.
    pub span: Span,
}

/// An attribute `name=value` or `name="quoted value"`.
#[derive(Clone, Debug, PartialEq)]
pub struct Attribute {
    /// The name as written, language suffixes included (`ca_en`).
    pub name: String,
    /// The value with escapes resolved.
    pub value: String,
    /// The value was written in quotes.
    pub quoted: bool,
    /// The attribute starts a new line.
    pub on_new_line: bool,
    /// The attribute name.
    pub name_span: Span,
    /// The value (inside the quotes when quoted).
    pub value_span: Span,
}

/// Text exactly as written in the source, with its position.
#[derive(Clone, Debug, PartialEq)]
pub struct Text {
    /// The source text, line endings included as written.
    pub raw: String,
    /// Where it stands.
    pub span: Span,
}

impl Attribute {
    /// The name without language suffixes (`ca_en` -> `ca`).
    pub fn base_name(&self) -> &str {
        schema::split_langs(&self.name).0
    }

    /// The language suffixes of the name (`ca_en_ja` -> `en`, `ja`).
    pub fn langs(&self) -> impl Iterator<Item = &str> {
        let (_, rest) = schema::split_langs(&self.name);
        rest.split('_').filter(|s| !s.is_empty())
    }
}

impl Element {
    /// The first attribute whose full name (suffixes included) is `name`.
    pub fn attr(&self, name: &str) -> Option<&Attribute> {
        self.attrs.iter().find(|a| a.name == name)
    }

    /// The value of the attribute `name`, if present.
    pub fn attr_value(&self, name: &str) -> Option<&str> {
        self.attr(name).map(|a| a.value.as_str())
    }

    /// The element's languages: the suffixes, and the name itself for `::de`-style paragraphs.
    pub fn languages(&self) -> impl Iterator<Item = &str> {
        let own = schema::is_language(&self.name).then_some(self.name.as_str());
        own.into_iter().chain(self.langs.iter().map(String::as_str))
    }

    /// The ID text, if any.
    pub fn id_str(&self) -> Option<&str> {
        self.id.as_ref().map(|i| i.name.as_str())
    }

    /// The value text as written, or "".
    pub fn value_str(&self) -> &str {
        self.value.as_ref().map(|t| t.raw.as_str()).unwrap_or("")
    }
}

impl Document {
    /// Index ranges of the chapters: elements before the first chapter form no chapter.
    pub fn chapter_ranges(&self) -> Vec<std::ops::Range<usize>> {
        let starts: Vec<usize> = (0..self.elements.len())
            .filter(|&i| self.elements[i].kind == ElementKind::Chapter)
            .collect();
        let mut out = Vec::with_capacity(starts.len());
        for (k, &s) in starts.iter().enumerate() {
            let end = starts.get(k + 1).copied().unwrap_or(self.elements.len());
            out.push(s..end);
        }
        out
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
