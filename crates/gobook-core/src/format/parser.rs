//! Reads gobook text into a [`Document`]: blocks separated by empty lines,
//! element headers, attributes (possibly over several lines) and values.
//! Never panics; every problem becomes a diagnostic and parsing goes on.

use crate::diagnostics::{Code, Diagnostic, Diagnostics};
use crate::format::schema::{self, ElementKind};
use crate::format::syntax::{Attribute, Document, Element, Ident, Span, Text};

/// The outcome of parsing: the tree and what was wrong with the text.
#[derive(Debug)]
pub struct Parsed {
    /// The syntax tree.
    pub doc: Document,
    /// Syntax problems (errors here mean the tree is incomplete).
    pub diagnostics: Vec<Diagnostic>,
}

/// Decodes file bytes (UTF-8, optional BOM) into text, or says where the encoding is broken.
pub fn decode(bytes: &[u8]) -> Result<(&str, bool), (usize, String)> {
    let (bom, body) = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(rest) => (true, rest),
        None => (false, bytes),
    };
    match std::str::from_utf8(body) {
        Ok(s) => Ok((s, bom)),
        Err(e) => Err((
            e.valid_up_to(),
            "the file is not valid UTF-8 here; save it as UTF-8".to_string(),
        )),
    }
}

/// Parses gobook source text (without a byte-order mark).
pub fn parse(src: &str) -> Parsed {
    let mut p = Parser {
        src,
        pos: 0,
        diags: Diagnostics::default(),
    };
    check_characters(src, &mut p.diags);
    let mut doc = Document {
        crlf: first_line_is_crlf(src),
        ..Document::default()
    };
    let bytes = src.as_bytes();
    let mut blank = 0u32;
    while p.pos < src.len() {
        let (line_end, next) = line_bounds(bytes, p.pos);
        if is_blank(&bytes[p.pos..line_end]) {
            blank += 1;
            p.pos = next;
            continue;
        }
        let start = p.pos;
        let mut end = line_end;
        let mut after = next;
        // A block runs to the next empty line, or to a line that opens a new element.
        while after < src.len() {
            let (le, nx) = line_bounds(bytes, after);
            if is_blank(&bytes[after..le]) || starts_element(&bytes[after..le]) {
                break;
            }
            end = le;
            after = nx;
        }
        let mut el = p.block(start, end);
        el.blank_lines_before = blank;
        doc.elements.push(el);
        blank = 0;
        p.pos = after;
    }
    Parsed {
        doc,
        diagnostics: p.diags.into_vec(),
    }
}

/// Reports each run of control characters or noncharacters in `src` as an error at its place.
///
/// An error rather than dropping them with a warning: they are invisible, so only the
/// error's line and column lets the author find them, and text that builds must not
/// change silently between what was written and what is published. The build stops
/// on it like on any error, so no page, e-book or SVG can become unreadable XML.
pub fn check_characters(src: &str, diags: &mut Diagnostics) {
    for (range, c) in crate::chars::runs(src) {
        let n = src[range.clone()].chars().count();
        let what = if n == 1 {
            format!("the invisible character {}", crate::chars::describe(c))
        } else {
            format!(
                "{n} invisible characters (the first is {})",
                crate::chars::describe(c)
            )
        };
        let hint = if c == '\0' {
            "; NUL characters usually mean the file was saved as UTF-16: save it as UTF-8"
        } else {
            ""
        };
        diags.error(
            Span::new(range.start, range.end),
            Code::ControlCharacter,
            format!("{what} cannot stand in a book; delete it{hint}"),
        );
    }
}

fn first_line_is_crlf(src: &str) -> bool {
    src.find('\n')
        .is_some_and(|i| i > 0 && src.as_bytes()[i - 1] == b'\r')
}

/// End of the line content (before `\r\n` or `\n`) and start of the next line.
fn line_bounds(bytes: &[u8], from: usize) -> (usize, usize) {
    match memchr_nl(&bytes[from..]) {
        Some(i) => {
            let nl = from + i;
            let end = if nl > from && bytes[nl - 1] == b'\r' {
                nl - 1
            } else {
                nl
            };
            (end, nl + 1)
        }
        None => (bytes.len(), bytes.len()),
    }
}

fn memchr_nl(b: &[u8]) -> Option<usize> {
    b.iter().position(|&c| c == b'\n')
}

fn is_blank(line: &[u8]) -> bool {
    line.iter().all(|&b| b == b' ' || b == b'\t' || b == b'\r')
}

fn starts_element(line: &[u8]) -> bool {
    line.len() > 2 && line.starts_with(b"::") && line[2].is_ascii_alphabetic()
}

fn is_name_start(b: u8) -> bool {
    b.is_ascii_alphabetic()
}

fn is_name_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Whether an ID character is allowed: Unicode letters and digits, `_`, `-`, `.`.
pub fn is_id_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '-' || c == '.'
}

/// Whether an ID consists only of language tags (`de`, `en_ja`), which the spec forbids.
pub fn id_is_only_languages(id: &str) -> bool {
    !id.is_empty() && id.split('_').all(schema::is_language)
}

struct Parser<'a> {
    src: &'a str,
    pos: usize,
    diags: Diagnostics,
}

impl<'a> Parser<'a> {
    /// Parses the block `src[start..end]` (no trailing line ending) into an element.
    fn block(&mut self, start: usize, end: usize) -> Element {
        let bytes = self.src.as_bytes();
        let mut el = Element {
            name: "p".into(),
            kind: ElementKind::Paragraph(schema::ParaKind::P),
            langs: Vec::new(),
            id: None,
            attrs: Vec::new(),
            value: None,
            value_on_new_line: false,
            explicit: false,
            blank_lines_before: 0,
            span: Span::new(start, end),
            name_span: Span::new(start, start),
        };
        if !bytes[start..end].starts_with(b"::") {
            el.value = Some(self.text(start, end));
            return el;
        }
        el.explicit = true;
        let mut i = start + 2;
        if i >= end || !is_name_start(bytes[i]) {
            self.diags.error(
                Span::new(start, (start + 3).min(end)),
                Code::Syntax,
                "expected an element name after `::`",
            );
            el.kind = ElementKind::Unknown;
            el.name = String::new();
            el.value = Some(self.text(i, end));
            return el;
        }
        let name_start = i;
        while i < end && bytes[i].is_ascii_alphanumeric() {
            i += 1;
        }
        let name = &self.src[name_start..i];
        el.name = name.to_string();
        el.name_span = Span::new(name_start, i);
        i = self.language_tags(&mut el, i, end);
        el.kind = ElementKind::from_name(name);
        i = self.element_id(&mut el, i, end);
        if i < end && !matches!(bytes[i], b' ' | b'\t' | b'\r' | b'\n') {
            let c = self.src[i..].chars().next().unwrap_or(' ');
            self.diags.error(
                Span::new(i, i + c.len_utf8()),
                Code::Syntax,
                format!("unexpected `{c}` after the element name; put a space before the attributes or text"),
            );
        }
        self.attributes_and_value(&mut el, i, end);
        el
    }

    /// Reads the language tags after an element's name (`_en_fr`) from `i` into `el`;
    /// returns where they end.
    fn language_tags(&mut self, el: &mut Element, mut i: usize, end: usize) -> usize {
        let bytes = self.src.as_bytes();
        while i + 1 < end && bytes[i] == b'_' && bytes[i + 1].is_ascii_alphanumeric() {
            let ls = i + 1;
            i = ls;
            while i < end && bytes[i].is_ascii_alphanumeric() {
                i += 1;
            }
            let tag = &self.src[ls..i];
            if !schema::is_language(tag) {
                self.diags.warning(
                    Span::new(ls, i),
                    Code::UnknownLanguage,
                    match crate::suggest::closest(tag, schema::LANGUAGES.iter().copied()) {
                        Some(l) => format!("`{tag}` is not a language tag; did you mean `{l}`?"),
                        None => format!(
                            "`{tag}` is not a language tag (known: {})",
                            schema::LANGUAGES.join(", ")
                        ),
                    },
                );
            }
            el.langs.push(tag.to_string());
        }
        i
    }

    /// Reads the ID after an element's name and tags (`(#id)`) from `i` into `el`; returns
    /// where it ends (the block's end when it is malformed, so no attributes are read).
    fn element_id(&mut self, el: &mut Element, mut i: usize, end: usize) -> usize {
        let bytes = self.src.as_bytes();
        if self.src[i..end].starts_with("(#") {
            let id_start = i + 2;
            match self.src[id_start..end].find(')') {
                Some(k) => {
                    let id = &self.src[id_start..id_start + k];
                    let span = Span::new(id_start, id_start + k);
                    self.check_id(id, span);
                    el.id = Some(Ident {
                        name: id.to_string(),
                        span,
                    });
                    i = id_start + k + 1;
                }
                None => {
                    self.diags.error(
                        Span::new(i, i + 2),
                        Code::Syntax,
                        "the ID is missing its closing `)`",
                    );
                    i = end;
                }
            }
        } else if i < end && bytes[i] == b'(' {
            self.diags.error(
                Span::new(i, i + 1),
                Code::Syntax,
                "an ID is written `(#id)`, with a `#`",
            );
            i = end;
        }
        i
    }

    fn check_id(&mut self, id: &str, span: Span) {
        if id.is_empty() {
            self.diags.error(span, Code::BadId, "the ID is empty");
        } else if let Some(c) = id.chars().find(|&c| !is_id_char(c)) {
            self.diags.error(
                span,
                Code::BadId,
                format!("`{c}` is not allowed in an ID (letters, digits, `_`, `-` and `.` are)"),
            );
        } else if id_is_only_languages(id) {
            self.diags.error(
                span,
                Code::BadId,
                format!("the ID `{id}` is made only of language tags; choose another name"),
            );
        }
    }

    /// Reads attributes from `i` (which stands after the header), then the value.
    fn attributes_and_value(&mut self, el: &mut Element, mut i: usize, end: usize) {
        let bytes = self.src.as_bytes();
        let mut new_line = false;
        loop {
            i = skip_separator(bytes, i, end);
            if i >= end {
                return;
            }
            if bytes[i] == b'\r' || bytes[i] == b'\n' {
                // End of a line: the next line continues the attributes only if it starts with one.
                let (_, next) = line_bounds(bytes, i);
                if next >= end {
                    return;
                }
                i = next;
                new_line = true;
                if attr_name_len(bytes, i, end).is_none() {
                    el.value_on_new_line = true;
                    el.value = Some(self.text(i, end));
                    return;
                }
                continue;
            }
            let Some(name_len) = attr_name_len(bytes, i, end) else {
                el.value_on_new_line = false;
                el.value = Some(self.text(i, end));
                return;
            };
            let name_end = i + name_len;
            let vstart = name_end + 1;
            let (value, quoted, vspan, after) = if vstart < end && bytes[vstart] == b'"' {
                match read_quoted(self.src, vstart + 1, end) {
                    Some((v, close)) => (v, true, Span::new(vstart + 1, close), close + 1),
                    None => {
                        self.diags.error(
                            Span::new(vstart, vstart + 1),
                            Code::UnterminatedQuote,
                            format!(
                                "the quoted value of `{}` has no closing `\"`",
                                &self.src[i..name_end]
                            ),
                        );
                        let v = self.src[vstart + 1..end].to_string();
                        (v, true, Span::new(vstart + 1, end), end)
                    }
                }
            } else {
                let mut k = vstart;
                while k < end && !matches!(bytes[k], b' ' | b'\t' | b'\r' | b'\n') {
                    k += 1;
                }
                (
                    self.src[vstart..k].to_string(),
                    false,
                    Span::new(vstart, k),
                    k,
                )
            };
            el.attrs.push(Attribute {
                name: self.src[i..name_end].to_string(),
                value,
                quoted,
                on_new_line: new_line,
                name_span: Span::new(i, name_end),
                value_span: vspan,
            });
            new_line = false;
            i = after;
            if quoted && i < end && !matches!(bytes[i], b' ' | b'\t' | b'\r' | b'\n') {
                self.diags.error(
                    Span::new(i, i + 1),
                    Code::Syntax,
                    "put a space after the closing quote of an attribute",
                );
            }
        }
    }

    fn text(&self, start: usize, end: usize) -> Text {
        Text {
            raw: self.src[start..end].to_string(),
            span: Span::new(start, end),
        }
    }
}

/// Reads a quoted value starting after the opening quote, up to `end`; returns
/// the unescaped value and the closing quote's offset, or `None` if it is not closed.
pub fn read_quoted(src: &str, from: usize, end: usize) -> Option<(String, usize)> {
    let bytes = src.as_bytes();
    let mut out = String::new();
    let mut run = from;
    let mut k = from;
    while k < end {
        match bytes[k] {
            b'"' => {
                out.push_str(&src[run..k]);
                return Some((out, k));
            }
            b'\\' if k + 1 < end => {
                out.push_str(&src[run..k]);
                match bytes[k + 1] {
                    b'"' => out.push('"'),
                    b'\\' => out.push('\\'),
                    b't' => out.push('\t'),
                    _ => {
                        // Unknown escapes stay as written, so nothing typed is lost.
                        out.push('\\');
                        run = k + 1;
                        k += 1;
                        continue;
                    }
                }
                k += 2;
                run = k;
            }
            _ => k += 1,
        }
    }
    None
}

/// Skips the spaces between tokens; a single tab also separates, but further tabs belong to the value.
fn skip_separator(bytes: &[u8], mut i: usize, end: usize) -> usize {
    let from = i;
    while i < end && bytes[i] == b' ' {
        i += 1;
    }
    if i == from && i < end && bytes[i] == b'\t' {
        i += 1;
    }
    i
}

/// Length of an attribute name at `i` if `name=` stands there.
fn attr_name_len(bytes: &[u8], i: usize, end: usize) -> Option<usize> {
    if i >= end || !is_name_start(bytes[i]) {
        return None;
    }
    let mut k = i + 1;
    while k < end && is_name_char(bytes[k]) {
        k += 1;
    }
    (k < end && bytes[k] == b'=').then_some(k - i)
}
