//! The syntax tree of a gobook file: a flat list of elements, each keeping its
//! source position and everything needed to write it back (attribute order,
//! quoting, which attributes start a new line, blank lines, comments).

use crate::format::schema::{self, ElementKind};
// Positions belong below both the format and the diagnostics that point into it;
// re-exported because every part of the format works with them.
pub use crate::span::{LineIndex, Span};

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

impl Document {
    /// The index of the element whose text holds byte `at` (an empty element holds its start).
    pub fn element_at(&self, at: u32) -> Option<usize> {
        self.elements
            .iter()
            .position(|e| e.span.start <= at && at < e.span.end.max(e.span.start + 1))
    }
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
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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

/// The attribute `name` among `attrs`, the last one when it is given twice (as a build
/// reads it; [`Element::attr`] gives the first).
pub fn last_attr<'a>(attrs: &'a [Attribute], name: &str) -> Option<&'a Attribute> {
    attrs.iter().rev().find(|a| a.name == name)
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
