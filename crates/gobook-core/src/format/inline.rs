//! Markup inside paragraph text: inline diagrams `<dia ...>text</dia>`, links
//! `<a href=...>text</a>`, images `<img ...></img>`, line breaks `<br>` and `\n`, gobook's
//! text styles `<small>`, `<big>` and `<sc>` (smaller, larger, small caps), and escapes:
//! a backslash before a character that would be markup or typography keeps it as written
//! (`\*`, `\#`, `\<`, `\\`), `\t` is a tab, and `\F8` a coordinate kept as written.
//! Everything else (bold, symbols, standard texts) stays text for the resolver, which
//! reads an escape's text as it is ([`escaped`]), never as markup.

use crate::diagnostics::{Code, Diagnostics};
use crate::format::parser::read_quoted;
use crate::format::syntax::{Attribute, Span, Text};

/// A piece of paragraph text.
#[derive(Clone, Debug, PartialEq)]
pub enum Inline {
    /// Plain text (source span; the text is `src[span]`).
    Text(Span),
    /// A line break written as `<br>`, `<br/>`, `<br />` or `\n`.
    Break(Span),
    /// An escape: a backslash and what it keeps as written (see [`escape_len`]); the text
    /// it stands for is [`escaped`]`(&src[span])`.
    Escaped(Span),
    /// An inline diagram; its content is the text to tap.
    Dia {
        /// The tag's attributes.
        attrs: Vec<Attribute>,
        /// The tappable text.
        content: Vec<Inline>,
        /// From `<dia` to `</dia>`.
        span: Span,
    },
    /// A link.
    Link {
        /// The tag's attributes (`href`).
        attrs: Vec<Attribute>,
        /// The link text.
        content: Vec<Inline>,
        /// From `<a` to `</a>`.
        span: Span,
    },
    /// Text in a style of its own: smaller, larger or small caps.
    Style {
        /// Which style.
        style: TextStyle,
        /// The styled text.
        content: Vec<Inline>,
        /// From `<small>` to `</small>`.
        span: Span,
    },
    /// An image in the text.
    Img {
        /// The tag's attributes.
        attrs: Vec<Attribute>,
        /// The whole tag.
        span: Span,
    },
}

impl Inline {
    /// The inline pieces inside this one: a diagram's, a link's or a style's text.
    pub fn content(&self) -> &[Inline] {
        match self {
            Inline::Dia { content, .. }
            | Inline::Link { content, .. }
            | Inline::Style { content, .. } => content,
            Inline::Text(_) | Inline::Break(_) | Inline::Escaped(_) | Inline::Img { .. } => &[],
        }
    }
}

/// A text style of gobook's own (the spec's future "smaller/larger fonts, small caps").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextStyle {
    /// `<small>`: a step smaller than the text around it.
    Smaller,
    /// `<big>`: a step larger than the text around it.
    Larger,
    /// `<sc>`: small capitals.
    SmallCaps,
}

impl TextStyle {
    /// The tag that writes it.
    pub fn tag(self) -> &'static str {
        match self {
            TextStyle::Smaller => "small",
            TextStyle::Larger => "big",
            TextStyle::SmallCaps => "sc",
        }
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Tag {
    Dia,
    Link,
    Style(TextStyle),
}

/// The tags that hold text, as written: the containers [`parse`] knows.
const CONTAINERS: [(&str, Tag); 5] = [
    ("dia", Tag::Dia),
    ("a", Tag::Link),
    ("small", Tag::Style(TextStyle::Smaller)),
    ("big", Tag::Style(TextStyle::Larger)),
    ("sc", Tag::Style(TextStyle::SmallCaps)),
];

impl Tag {
    /// The tag of a name [`open_tag`] or [`close_tag`] found.
    fn named(name: &str) -> Tag {
        CONTAINERS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, t)| *t)
            .unwrap_or(Tag::Link)
    }

    fn name(self) -> &'static str {
        match self {
            Tag::Dia => "dia",
            Tag::Link => "a",
            Tag::Style(s) => s.tag(),
        }
    }

    /// The inline element this tag makes, with its attributes and content.
    fn element(self, attrs: Vec<Attribute>, content: Vec<Inline>, span: Span) -> Inline {
        match self {
            Tag::Dia => Inline::Dia {
                attrs,
                content,
                span,
            },
            Tag::Link => Inline::Link {
                attrs,
                content,
                span,
            },
            // A style takes no attributes: `tag_attrs` read them, `validate` reports them.
            Tag::Style(style) => Inline::Style {
                style,
                content,
                span,
            },
        }
    }
}

/// How deep `<dia>` and `<a>` may nest in the tree [`parse`] returns. Only a link
/// inside an inline diagram (or the reverse) is meaningful, two levels; deeper nesting
/// is already an error, and this limit only keeps every later pass, which walks the
/// tree recursively (resolving, HTML, `fmt`, dropping it), far from the end of a
/// thread's stack: 20,000 nested `<a>` overflowed it.
pub const MAX_INLINE_DEPTH: usize = 100;

/// The inline images of an element value at its top level: each tag's attributes and span.
/// Only a text holding `<img` has one (the parser reads no other spelling), so the others,
/// nearly every paragraph of a book, are not parsed at all.
pub fn images(text: &Text) -> Vec<(Vec<Attribute>, Span)> {
    if !text.raw.contains("<img") {
        return Vec::new();
    }
    parse(text, &mut Diagnostics::default())
        .into_iter()
        .filter_map(|part| match part {
            Inline::Img { attrs, span } => Some((attrs, span)),
            _ => None,
        })
        .collect()
}

/// The inline diagrams of an element value, in the order the resolver makes them: the
/// `<dia>` tags at the top level, in styled runs and inside other inline diagrams (not in a
/// link, which cannot hold another), each tag's attributes and span. Only a text holding
/// `<dia` has one, so the others are not parsed.
pub fn diagrams(text: &Text) -> Vec<(Vec<Attribute>, Span)> {
    fn walk(parts: Vec<Inline>, out: &mut Vec<(Vec<Attribute>, Span)>) {
        for part in parts {
            match part {
                Inline::Dia {
                    attrs,
                    content,
                    span,
                } => {
                    out.push((attrs, span));
                    walk(content, out);
                }
                Inline::Style { content, .. } => walk(content, out),
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    if text.raw.contains("<dia") {
        walk(parse(text, &mut Diagnostics::default()), &mut out);
    }
    out
}

/// Parses the inline markup of an element value; the spans it gives index the whole source.
/// Tags nested deeper than [`MAX_INLINE_DEPTH`] are an error and left out of the tree
/// (their text stays, in the deepest container).
pub fn parse(text: &Text, diags: &mut Diagnostics) -> Vec<Inline> {
    let mut p = Parser {
        raw: &text.raw,
        base: text.span.start as usize,
        diags,
        stack: Vec::new(),
        top: Vec::new(),
        skipped: Vec::new(),
        misclosed: Vec::new(),
        run: 0,
    };
    let b = text.raw.as_bytes();
    let mut i = 0;
    while let Some(k) = b[i.min(b.len())..]
        .iter()
        .position(|&c| c == b'<' || c == b'\\')
    {
        i = if b[i + k] == b'\\' {
            p.at_backslash(i + k)
        } else {
            p.at_angle(i + k)
        };
    }
    p.finish()
}

/// The length of the escape that starts with the backslash at the start of `s`, if one does:
/// - `\` before an ASCII punctuation character (`\*`, `\_`, `\#`, `\^`, `\<`, `\:`, `\'`,
///   `\-`, `\.`, `\\`...): that character as written, neither markup nor typography;
/// - `\t`: a tab; `\n`: a line break (the spec's);
/// - `\` before a coordinate, a capital and one or two digits (`\F8`, `\Q16`): the
///   coordinate as written, not replaced by what the diagram shows there.
///
/// Any other backslash is itself (`C:\Go`, `a \ b`), as it always was.
pub fn escape_len(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    if b.first() != Some(&b'\\') {
        return None;
    }
    match *b.get(1)? {
        c if c.is_ascii_punctuation() => Some(2),
        b't' | b'n' => Some(2),
        c if c.is_ascii_uppercase() => {
            let digits = b[2..].iter().take_while(|d| d.is_ascii_digit()).count();
            (1..=2).contains(&digits).then_some(2 + digits)
        }
        _ => None,
    }
}

/// The text an escape (as [`escape_len`] measures it) stands for: what follows the
/// backslash, or a tab for `\t`. (`\n` is a line break, [`Inline::Break`].)
pub fn escaped(escape: &str) -> &str {
    match escape {
        "\\t" => "\t",
        e => e.get(1..).unwrap_or(""),
    }
}

/// A tag opened and not yet closed: the tag, where it starts, its attributes, its content so far.
struct Open {
    tag: Tag,
    start: usize,
    attrs: Vec<Attribute>,
    content: Vec<Inline>,
}

/// The state of [`parse`] over one text.
struct Parser<'a, 'd> {
    raw: &'a str,
    /// Where the text starts in the whole source.
    base: usize,
    diags: &'d mut Diagnostics,
    /// Open containers, innermost last.
    stack: Vec<Open>,
    /// The content outside every container.
    top: Vec<Inline>,
    /// Tags opened past the depth limit, so that their closing tags are skipped too.
    skipped: Vec<Tag>,
    /// Tags closed early by a misnested closing tag, outermost last, so that their own
    /// closing tags are no second error.
    misclosed: Vec<Tag>,
    /// Where the text not yet pushed as `Inline::Text` starts.
    run: usize,
}

impl Parser<'_, '_> {
    /// A span of the text, by offsets into it.
    fn span(&self, from: usize, to: usize) -> Span {
        Span::new(self.base + from, self.base + to)
    }

    /// The content of the innermost open container (or the top level).
    fn current(&mut self) -> &mut Vec<Inline> {
        match self.stack.last_mut() {
            Some(open) => &mut open.content,
            None => &mut self.top,
        }
    }

    /// Pushes the text from the start of the run to `to`, if any.
    fn flush(&mut self, to: usize) {
        if to > self.run {
            let span = self.span(self.run, to);
            self.current().push(Inline::Text(span));
        }
    }

    /// Reads what starts with the backslash at `i`: an escape, a `\n` line break, or itself;
    /// returns where to look next.
    fn at_backslash(&mut self, i: usize) -> usize {
        let Some(len) = escape_len(&self.raw[i..]) else {
            return i + 1;
        };
        self.flush(i);
        let span = self.span(i, i + len);
        let piece = if self.raw[i..].starts_with("\\n") {
            Inline::Break(span)
        } else {
            Inline::Escaped(span)
        };
        self.current().push(piece);
        self.run = i + len;
        i + len
    }

    /// Reads what starts with the `<` at `i`; returns where to look next.
    fn at_angle(&mut self, i: usize) -> usize {
        let rest = &self.raw[i..];
        if let Some(len) = br_len(rest) {
            self.flush(i);
            let span = self.span(i, i + len);
            self.current().push(Inline::Break(span));
            self.run = i + len;
            i + len
        } else if let Some((tag, name_len)) = open_tag(rest) {
            match tag_attrs(self.raw, i + name_len, self.base, self.diags) {
                Some((attrs, after, self_closed)) => {
                    self.flush(i);
                    let next = if tag == "img" {
                        self.image(i, attrs, after, self_closed)
                    } else {
                        self.open(i, Tag::named(tag), attrs, after)
                    };
                    self.run = next;
                    next
                }
                None => i + 1,
            }
        } else if let Some((tag, len)) = close_tag(rest) {
            self.close(i, tag, len)
        } else {
            i + 1
        }
    }

    /// An `<img ...>` tag at `i` whose attributes end at `after`, with its optional `</img>`.
    fn image(&mut self, i: usize, attrs: Vec<Attribute>, after: usize, self_closed: bool) -> usize {
        let mut end = after;
        if !self_closed && self.raw[end..].starts_with("</img>") {
            end += 6;
        }
        let span = self.span(i, end);
        self.current().push(Inline::Img { attrs, span });
        end
    }

    /// Opens a container at `i` whose opening tag ends at `after`; returns `after`.
    fn open(&mut self, i: usize, t: Tag, attrs: Vec<Attribute>, after: usize) -> usize {
        if self.stack.len() >= MAX_INLINE_DEPTH {
            if self.skipped.is_empty() {
                self.diags.error(
                    self.span(i, after),
                    Code::TooDeep,
                    format!(
                        "`<{}>` is nested more than {MAX_INLINE_DEPTH} tags deep; close the tags before opening the next one",
                        t.name()
                    ),
                );
            }
            self.skipped.push(t);
            return after;
        }
        if let Tag::Style(style) = t {
            for a in &attrs {
                self.diags.warning(
                    a.name_span,
                    Code::UnknownAttribute,
                    format!(
                        "`<{}>` takes no attributes, so `{}` has no effect; remove it",
                        style.tag(),
                        a.name
                    ),
                );
            }
        }
        // A link in a link, or a diagram in a diagram, has no meaning; a style in the same
        // style is only redundant (`<small>` in `<small>` is smaller still, as in HTML).
        if !matches!(t, Tag::Style(_)) && self.stack.iter().any(|s| s.tag == t) {
            self.diags.error(
                self.span(i, after),
                Code::NestedInline,
                format!(
                    "`<{}>` cannot be placed inside another `<{}>`",
                    t.name(),
                    t.name()
                ),
            );
        }
        self.stack.push(Open {
            tag: t,
            start: i,
            attrs,
            content: Vec::new(),
        });
        after
    }

    /// A closing tag `</tag>` of `len` bytes at `i`; returns where to look next.
    fn close(&mut self, i: usize, tag: &str, len: usize) -> usize {
        let t = Tag::named(tag);
        if self.skipped.last() == Some(&t) {
            self.flush(i);
            self.skipped.pop();
            self.run = i + len;
        } else if self.stack.last().is_some_and(|s| s.tag == t) {
            self.flush(i);
            let open = self.stack.pop().expect("checked above");
            let span = self.span(open.start, i + len);
            self.current()
                .push(open.tag.element(open.attrs, open.content, span));
            self.run = i + len;
        } else if self.misclosed.last() == Some(&t) {
            // The closing tag of a tag closed early (below): already reported.
            self.misclosed.pop();
        } else if let Some(k) = self.stack.iter().rposition(|s| s.tag == t) {
            self.misnested(i, len, k);
        } else {
            self.diags.error(
                self.span(i, i + len),
                Code::UnbalancedTag,
                format!(
                    "`</{tag}>` closes nothing; remove it or add the opening `<{tag}{}>`",
                    if matches!(t, Tag::Style(_)) {
                        ""
                    } else {
                        " ..."
                    }
                ),
            );
        }
        i + len
    }

    /// A closing tag at `i` for the open tag `k` while tags opened inside it are still
    /// open (`<small><sc>x</small></sc>`): reported, and the inner tags closed here with it,
    /// so that their own closing tags later close nothing more.
    fn misnested(&mut self, i: usize, len: usize, k: usize) {
        let outer = self.stack[k].tag.name();
        let inner = self.stack[k + 1..]
            .iter()
            .map(|s| format!("`</{}>`", s.tag.name()))
            .rev()
            .collect::<Vec<_>>()
            .join(" ");
        self.diags.error(
            self.span(i, i + len),
            Code::UnbalancedTag,
            format!(
                "`</{outer}>` closes `<{outer}>` before the tags opened inside it are closed; write {inner} before it (tags close in the reverse order they open)"
            ),
        );
        self.flush(i);
        let mut closed = Vec::new();
        while self.stack.len() > k {
            let open = self.stack.pop().expect("above k");
            if self.stack.len() > k {
                closed.push(open.tag);
            }
            let span = self.span(open.start, i + len);
            self.current()
                .push(open.tag.element(open.attrs, open.content, span));
        }
        // Innermost last: its closing tag is the one written next.
        self.misclosed.extend(closed.into_iter().rev());
        self.run = i + len;
    }

    /// The rest of the text, and the tags left open: reported, and closed at the end.
    fn finish(mut self) -> Vec<Inline> {
        let end = self.raw.len();
        self.flush(end);
        while let Some(open) = self.stack.pop() {
            let t = open.tag;
            self.diags.error(
                self.span(open.start, open.start + 1 + t.name().len()),
                Code::UnclosedTag,
                format!(
                    "`<{}>` is not closed; end its text with `</{}>`",
                    t.name(),
                    t.name()
                ),
            );
            let span = self.span(open.start, end);
            self.current()
                .push(t.element(open.attrs, open.content, span));
        }
        self.top
    }
}

/// Whether the `<` at the start of `s` may begin a tag [`parse`] reads (`<br>`, `<dia `,
/// `</a>`...): where text that must stay text needs its `<` escaped.
pub fn may_start_tag(s: &str) -> bool {
    br_len(s).is_some() || open_tag(s).is_some() || close_tag(s).is_some()
}

fn br_len(s: &str) -> Option<usize> {
    ["<br>", "<br/>", "<br />"]
        .iter()
        .find(|t| s.starts_with(**t))
        .map(|t| t.len())
}

fn open_tag(s: &str) -> Option<(&'static str, usize)> {
    for tag in ["dia", "a", "img", "small", "big", "sc"] {
        let name_end = 1 + tag.len();
        if s.len() > name_end
            && s[1..].starts_with(tag)
            && matches!(s.as_bytes()[name_end], b' ' | b'\t' | b'>' | b'/')
        {
            return Some((tag, name_end));
        }
    }
    None
}

fn close_tag(s: &str) -> Option<(&'static str, usize)> {
    let name = s.strip_prefix("</")?;
    CONTAINERS.iter().find_map(|(tag, _)| {
        let after = name.strip_prefix(tag)?;
        after.starts_with('>').then_some((*tag, tag.len() + 3))
    })
}

/// Reads `name=value` pairs up to `>` or `/>`. Returns the attributes, the offset
/// after the tag, and whether it closed itself; `None` when this is not a tag after all.
fn tag_attrs(
    raw: &str,
    mut i: usize,
    base: usize,
    diags: &mut Diagnostics,
) -> Option<(Vec<Attribute>, usize, bool)> {
    let b = raw.as_bytes();
    let mut attrs = Vec::new();
    loop {
        while i < b.len() && matches!(b[i], b' ' | b'\t' | b'\r' | b'\n') {
            i += 1;
        }
        if i >= b.len() {
            return None;
        }
        if b[i] == b'>' {
            return Some((attrs, i + 1, false));
        }
        if raw[i..].starts_with("/>") {
            return Some((attrs, i + 2, true));
        }
        let ns = i;
        while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
            i += 1;
        }
        if i == ns || i >= b.len() || b[i] != b'=' {
            return None;
        }
        let name_end = i;
        i += 1;
        let (value, quoted, vspan, after) = if i < b.len() && b[i] == b'"' {
            match read_quoted(raw, i + 1, b.len()) {
                Some((v, close)) => (v, true, Span::new(base + i + 1, base + close), close + 1),
                None => {
                    diags.error(
                        Span::new(base + i, base + i + 1),
                        Code::UnterminatedQuote,
                        "this quoted value has no closing `\"`",
                    );
                    return None;
                }
            }
        } else {
            let vs = i;
            while i < b.len()
                && !matches!(b[i], b' ' | b'\t' | b'\r' | b'\n' | b'>')
                && !b[i..].starts_with(b"/>")
            {
                i += 1;
            }
            (
                raw[vs..i].to_string(),
                false,
                Span::new(base + vs, base + i),
                i,
            )
        };
        attrs.push(Attribute {
            name: raw[ns..name_end].to_string(),
            value,
            quoted,
            on_new_line: false,
            name_span: Span::new(base + ns, base + name_end),
            value_span: vspan,
        });
        i = after;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(s: &str) -> (Vec<Inline>, usize) {
        let t = Text {
            raw: s.to_string(),
            span: Span::new(0, s.len()),
        };
        let mut d = Diagnostics::default();
        let v = parse(&t, &mut d);
        (v, d.into_vec().len())
    }

    #[test]
    fn inline_diagram_with_text() {
        let (v, errs) = run("See <dia at=2 mv=C4B5D6>if Black plays</dia> instead.");
        assert_eq!(errs, 0);
        assert_eq!(v.len(), 3);
        let Inline::Dia { attrs, content, .. } = &v[1] else {
            panic!("{v:?}")
        };
        assert_eq!(attrs.len(), 2);
        assert_eq!(attrs[1].value, "C4B5D6");
        assert_eq!(content, &vec![Inline::Text(Span::new(24, 38))]);
    }

    #[test]
    fn links_images_breaks() {
        let (v, errs) =
            run("<a href=\"de\">Deutsch</a><br/>x<br />y<br><img url=\"i.png\" href=x></img>\tz");
        assert_eq!(errs, 0);
        assert!(matches!(v[0], Inline::Link { .. }));
        assert!(matches!(v[1], Inline::Break(_)));
        assert!(matches!(v[5], Inline::Break(_)));
        assert!(matches!(v[6], Inline::Img { .. }));
    }

    fn depth(v: &[Inline]) -> usize {
        // Iterative, so that a tree too deep for recursion fails the test, not the stack.
        let mut deepest = 0;
        let mut todo: Vec<(&[Inline], usize)> = vec![(v, 0)];
        while let Some((parts, d)) = todo.pop() {
            deepest = deepest.max(d);
            for p in parts {
                if let Inline::Dia { content, .. } | Inline::Link { content, .. } = p {
                    todo.push((content, d + 1));
                }
            }
        }
        deepest
    }

    #[test]
    fn nesting_past_the_limit_is_one_error_and_no_deeper_tree() {
        let n = 20_000;
        let s = format!("{}x{}", "<a href=b>".repeat(n), "</a>".repeat(n));
        let t = Text {
            raw: s.clone(),
            span: Span::new(0, s.len()),
        };
        let mut d = Diagnostics::default();
        let v = parse(&t, &mut d);
        assert_eq!(depth(&v), MAX_INLINE_DEPTH);
        let d = d.into_vec();
        let deep: Vec<_> = d.iter().filter(|d| d.code == Code::TooDeep).collect();
        assert_eq!(deep.len(), 1);
        assert_eq!(
            deep[0].span.start as usize,
            MAX_INLINE_DEPTH * "<a href=b>".len()
        );
        // The closing tags of the tags left out close nothing and are no errors of their own.
        assert!(
            d.iter()
                .all(|d| d.code != Code::UnbalancedTag && d.code != Code::UnclosedTag),
            "{d:?}"
        );
        // Nesting at the limit, alternating the two tags, is no `too-deep` error.
        let s = format!(
            "{}x{}",
            "<dia at=1><a href=b>".repeat(MAX_INLINE_DEPTH / 2),
            "</a></dia>".repeat(MAX_INLINE_DEPTH / 2)
        );
        let t = Text {
            raw: s.clone(),
            span: Span::new(0, s.len()),
        };
        let mut d = Diagnostics::default();
        assert_eq!(depth(&parse(&t, &mut d)), MAX_INLINE_DEPTH);
        assert!(d.into_vec().iter().all(|d| d.code != Code::TooDeep));
    }

    #[test]
    fn text_styles_hold_text_and_nest() {
        let (v, errs) = run("a <small>b <sc>C</sc></small> <big>**d**</big>");
        assert_eq!(errs, 0);
        let Inline::Style { style, content, .. } = &v[1] else {
            panic!("{v:?}")
        };
        assert_eq!(*style, TextStyle::Smaller);
        assert!(matches!(
            content[1],
            Inline::Style {
                style: TextStyle::SmallCaps,
                ..
            }
        ));
        assert!(matches!(
            v[3],
            Inline::Style {
                style: TextStyle::Larger,
                ..
            }
        ));
        // Not tags: `<smaller>`, `<scx>`, `<b>`.
        let (v, errs) = run("<smaller> <scx> <b>x</b>");
        assert_eq!((v.len(), errs), (1, 0));
    }

    #[test]
    fn misnested_styles_are_one_error_where_the_outer_closes() {
        let s = "<small><sc>x</small></sc> y";
        let t = Text {
            raw: s.to_string(),
            span: Span::new(0, s.len()),
        };
        let mut d = Diagnostics::default();
        let v = parse(&t, &mut d);
        let d = d.into_vec();
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].code, Code::UnbalancedTag);
        assert_eq!(d[0].span.start, 12);
        assert!(
            d[0].message.contains("`</sc>` before it"),
            "{}",
            d[0].message
        );
        // Both closed where the outer one closes; the text after stays text.
        assert!(
            matches!(&v[0], Inline::Style { content, .. } if matches!(content[0], Inline::Style { .. }))
        );
        assert!(matches!(v[1], Inline::Text(_)));
        // Left open: one error at the opening tag.
        assert_eq!(run("x <big>y").1, 1);
        assert_eq!(run("<sc a=1>y</sc>").1, 1);
    }

    #[test]
    fn escapes_are_pieces_of_their_own_and_hide_tags() {
        let s = r"a\*b \<dia at=2>x\</dia> \\<br> \n \F8 \t C:\Go";
        let (v, errs) = run(s);
        assert_eq!(errs, 0);
        let shown: Vec<String> = v
            .iter()
            .map(|p| match p {
                Inline::Text(sp) => format!("T{}", &s[sp.start as usize..sp.end as usize]),
                Inline::Escaped(sp) => {
                    format!("E{}", escaped(&s[sp.start as usize..sp.end as usize]))
                }
                Inline::Break(_) => "B".into(),
                other => format!("{other:?}"),
            })
            .collect();
        assert_eq!(
            shown,
            [
                "Ta",
                "E*",
                "Tb ",
                "E<",
                "Tdia at=2>x",
                "E<",
                "T/dia> ",
                "E\\",
                "B",
                "T ",
                "B",
                "T ",
                "EF8",
                "T ",
                "E\t",
                "T C:\\Go"
            ]
        );
        assert_eq!(escape_len(r"\Q16x"), Some(4));
        assert_eq!(escape_len(r"\A123"), None);
        assert_eq!(escape_len(r"\é"), None);
        assert_eq!(escape_len("\\"), None);
    }

    #[test]
    fn errors() {
        assert_eq!(run("<dia at=2>open").1, 1);
        assert_eq!(run("stray </a> close").1, 1);
        assert_eq!(run("a < b and <b>bold</b>").1, 0);
    }
}
