//! Paragraph text as the reader sees it, in one language: standard texts,
//! symbols, coordinates replaced by what the diagram shows there, typography,
//! bold and italic, line breaks, links and inline diagrams.

use crate::diagnostics::{Code, Diagnostics};
use crate::format::inline::{self, Inline, TextStyle};
use crate::format::schema;
use crate::format::syntax::Text;
use crate::i18n;
use crate::point::{Color, Mark, Point};
use crate::resolve::model::{Book, Diagram, Image};
use crate::resolve::text_cache::Ask;
use crate::resolve::Resolved;
use std::sync::Arc;

/// A piece of resolved text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Rich {
    /// Plain text (typography applied).
    Text(String),
    /// Bold.
    Bold(Vec<Rich>),
    /// Italic.
    Italic(Vec<Rich>),
    /// Smaller, larger or small caps (`<small>`, `<big>`, `<sc>`).
    Styled {
        style: TextStyle,
        content: Vec<Rich>,
    },
    /// A line break.
    Break,
    /// A board symbol (`^T`, `^Tb`, ...); `Mark::Circle` with a colour stands for a stone.
    Symbol {
        mark: Option<Mark>,
        color: Option<Color>,
    },
    /// What a diagram shows at a coordinate the text named: a letter or a number.
    Label(String),
    /// A link.
    Link {
        target: LinkTarget,
        content: Vec<Rich>,
    },
    /// An inline diagram: index into [`Book::diagrams`], and the text to tap.
    Diagram { diagram: usize, content: Vec<Rich> },
    /// An image in the text, and where it links to.
    Image {
        image: Image,
        target: Option<LinkTarget>,
    },
    /// Words in a language of their own: a standard text (`#btp#`) in an edition's
    /// language, which may stand in untagged text of the book's own language.
    Lang { lang: String, content: Vec<Rich> },
}

/// Where a link leads.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LinkTarget {
    /// An element of the book, by index.
    Element(usize),
    /// An element of an included file: the `::include` (whose page holds it) and its ID.
    Included { include: usize, id: String },
    /// Switch to this language.
    Language(String),
    /// A web or mail address.
    External(String),
    /// Unknown or refused: shown, but not a link.
    Disabled,
}

/// What text resolution needs to know about the book.
pub struct TextContext<'a> {
    /// The resolved book.
    pub resolved: &'a Resolved,
    /// Links between elements (for IDs in `href`).
    pub links: &'a crate::format::links::Links,
    /// The element the text belongs to.
    pub element: usize,
    /// The reader's language.
    pub lang: &'a str,
    /// The diagram the text describes, for coordinate substitution.
    pub reference: Option<usize>,
}

/// Where a link target points, from an `href` value seen from `element`.
pub fn link_target(links: &crate::format::links::Links, element: usize, href: &str) -> LinkTarget {
    use crate::format::values::{classify_href, Href};
    match classify_href(href) {
        Href::External(u) => LinkTarget::External(u.to_string()),
        Href::Language(l) => LinkTarget::Language(l.to_string()),
        Href::Refused { .. } => LinkTarget::Disabled,
        Href::Id(id) => match links.lookup(id, element) {
            Some(e) if links.is_include(e) => LinkTarget::Included {
                include: e,
                id: id.to_string(),
            },
            Some(e) => LinkTarget::Element(e),
            None => LinkTarget::Disabled,
        },
    }
}

/// Resolves an element value: kept from the last build when its words, its language and
/// every answer the book gave its resolution are the same (`text_cache`).
pub fn resolve(ctx: &TextContext, text: &Text, diags: &mut Diagnostics) -> Vec<Rich> {
    resolve_shared(ctx, text, diags).to_vec()
}

/// As [`resolve`], shared: a text the cache kept comes back as the same allocation.
pub fn resolve_shared(ctx: &TextContext, text: &Text, diags: &mut Diagnostics) -> Arc<[Rich]> {
    let make = |ask: &Ask, diags: &mut Diagnostics| resolve_fresh(ask, text, diags);
    ctx.resolved
        .texts
        .resolve(ctx, text, diags, make, Arc::clone)
}

/// The diagnostics of resolving an element value (as [`resolve`] gives them).
fn diagnose(ctx: &TextContext, text: &Text, diags: &mut Diagnostics) {
    let make = |ask: &Ask, diags: &mut Diagnostics| resolve_fresh(ask, text, diags);
    ctx.resolved.texts.resolve(ctx, text, diags, make, |_| ())
}

/// Resolves an element value, reading the book only through `ask`.
fn resolve_fresh(ask: &Ask, text: &Text, diags: &mut Diagnostics) -> Vec<Rich> {
    let mut scratch = Diagnostics::default();
    let parts = inline::parse(text, &mut scratch);
    let atoms = atoms(ask, text, &parts, diags);
    let mut state = Typo::default();
    let lang = ask.lang();
    let atoms = typeset(atoms, lang, &mut state, true);
    emphasis(atoms)
}

/// The spec's typography over `atoms` in order, one state throughout: an inline
/// diagram's or a link's text gets it too, and quotes pair across their edges.
/// `at_end`: these atoms end the paragraph (a hyphen at the end is a dash).
fn typeset(atoms: Vec<Atom>, lang: &str, state: &mut Typo, at_end: bool) -> Vec<Atom> {
    let n = atoms.len();
    atoms
        .into_iter()
        .enumerate()
        .map(|(i, a)| match a {
            Atom::Str(s, off) => Atom::Str(typography(&s, lang, state, at_end && i + 1 == n), off),
            // A style's edges are no characters: quotes pair across them.
            edge @ (Atom::Open(_) | Atom::Close) => edge,
            // Written with a backslash: as it is, but what follows sees it.
            Atom::Literal(s) => {
                state.prev = s.chars().next_back().unwrap_or(state.prev);
                Atom::Literal(s)
            }
            Atom::Nest(kind, inner) => {
                Atom::Nest(kind, typeset(inner, lang, state, at_end && i + 1 == n))
            }
            other => {
                state.prev = 'x';
                other
            }
        })
        .collect()
}

/// Resolves a plain attribute text (a caption, an answer's comment): standard texts and
/// typography only, and the escapes of paragraph text (`\#`, `\'`, `\\`) kept as written.
pub fn resolve_plain(book: &Book, s: &str, lang: &str) -> String {
    let pieces = escape_pieces(s);
    let mut state = Typo::default();
    let mut out = String::new();
    let n = pieces.len();
    for (i, (literal, piece)) in pieces.into_iter().enumerate() {
        if literal {
            out.push_str(piece);
            state.prev = piece.chars().next_back().unwrap_or(state.prev);
            continue;
        }
        let joined: String = standard_texts(book, piece, lang).concat();
        out.push_str(&typography(&joined, lang, &mut state, i + 1 == n));
    }
    out
}

/// A plain text split into runs of text and what its escapes keep as written (`true`),
/// in order. A `\n` stays as written: a plain text has no line breaks.
fn escape_pieces(s: &str) -> Vec<(bool, &str)> {
    let mut out = Vec::new();
    let (mut run, mut i) = (0, 0);
    while let Some(k) = s[i..].find('\\') {
        let at = i + k;
        match inline::escape_len(&s[at..]).filter(|_| !s[at..].starts_with("\\n")) {
            Some(len) => {
                if at > run {
                    out.push((false, &s[run..at]));
                }
                out.push((true, inline::escaped(&s[at..at + len])));
                run = at + len;
                i = run;
            }
            None => i = at + 1,
        }
    }
    if run < s.len() || out.is_empty() {
        out.push((false, &s[run..]));
    }
    out
}

/// Flattens resolved text to plain words (for titles, alt text and `inspect`).
pub fn plain(rich: &[Rich]) -> String {
    let mut s = String::new();
    for r in rich {
        match r {
            Rich::Text(t) | Rich::Label(t) => s.push_str(t),
            Rich::Bold(c)
            | Rich::Italic(c)
            | Rich::Styled { content: c, .. }
            | Rich::Link { content: c, .. }
            | Rich::Diagram { content: c, .. }
            | Rich::Lang { content: c, .. } => s.push_str(&plain(c)),
            Rich::Break => s.push('\n'),
            Rich::Symbol { mark, color } => s.push(symbol_char(*mark, *color)),
            Rich::Image { .. } => {}
        }
    }
    s
}

/// A character standing for a symbol in plain text.
fn symbol_char(mark: Option<Mark>, color: Option<Color>) -> char {
    match (mark, color) {
        (Some(Mark::Triangle), _) => '△',
        (Some(Mark::Square), _) => '□',
        (Some(Mark::Cross), _) => '×',
        (Some(Mark::Diamond), _) => '◇',
        (_, Some(Color::Black)) => '●',
        (_, Some(Color::White)) => '○',
        // `^O` without a colour is a small circle, not a white stone (`^Ow`).
        _ => '◦',
    }
}

/// Text pieces before emphasis is matched: strings keep their source offset.
#[derive(Debug)]
enum Atom {
    Str(String, Option<u32>),
    /// Text an escape keeps as written (`\*`, `\F8`): no typography, no bold or italic.
    Literal(String),
    Rich(Rich),
    /// The start of a styled run (`<small>`...): bold and italic match inside it.
    Open(TextStyle),
    /// The end of the innermost styled run.
    Close,
    /// The text of an inline diagram or a link, typeset with the text around it and
    /// matched for bold and italic on its own.
    Nest(Nest, Vec<Atom>),
}

/// What holds a nested run of text.
#[derive(Debug)]
enum Nest {
    /// An inline diagram (its index in the book).
    Diagram(usize),
    /// A link and where it leads.
    Link(LinkTarget),
}

/// The atoms of inline parts of `text` (whose spans index the source the text stands in).
fn atoms(ask: &Ask, text: &Text, parts: &[Inline], diags: &mut Diagnostics) -> Vec<Atom> {
    let mut out = Vec::new();
    for part in parts {
        match part {
            Inline::Text(span) => {
                let from = span.start.wrapping_sub(text.span.start) as usize;
                let to = span.end.wrapping_sub(text.span.start) as usize;
                let s = text.raw.get(from..to).unwrap_or("");
                text_atoms(ask, s, span.start, &mut out, diags);
            }
            Inline::Break(_) => out.push(Atom::Rich(Rich::Break)),
            Inline::Escaped(span) => {
                let from = span.start.wrapping_sub(text.span.start) as usize;
                let to = span.end.wrapping_sub(text.span.start) as usize;
                let s = text.raw.get(from..to).unwrap_or("");
                out.push(Atom::Literal(inline::escaped(s).to_string()));
            }
            Inline::Dia { content, span, .. } => {
                let inner = atoms(ask, text, content, diags);
                match ask.inline_diagram(span.start) {
                    Some(d) => out.push(Atom::Nest(Nest::Diagram(d), inner)),
                    None => out.extend(inner),
                }
            }
            Inline::Link { attrs, content, .. } => {
                let inner = atoms(ask, text, content, diags);
                let href = attrs
                    .iter()
                    .find(|a| a.name == "href")
                    .map(|a| a.value.as_str())
                    .unwrap_or("");
                let target = ask.link(href);
                out.push(Atom::Nest(Nest::Link(target), inner));
            }
            Inline::Style { style, content, .. } => {
                out.push(Atom::Open(*style));
                out.extend(atoms(ask, text, content, diags));
                out.push(Atom::Close);
            }
            Inline::Img { attrs, .. } => {
                let image = crate::resolve::image(attrs, &ask.cover());
                let target = image.href.as_deref().map(|h| ask.link(h));
                out.push(Atom::Rich(Rich::Image { image, target }));
            }
        }
    }
    out
}

/// Splits a text run into strings, breaks, symbols and coordinate labels.
fn text_atoms(ctx: &Ask, s: &str, offset: u32, out: &mut Vec<Atom>, diags: &mut Diagnostics) {
    let mut run = Run {
        ctx,
        s,
        offset,
        out,
        diags,
        buf: String::new(),
        buf_start: offset,
    };
    let mut i = 0;
    while i < s.len() {
        i = match run
            .line_break(i)
            .or_else(|| run.symbol(i))
            .or_else(|| run.hash(i))
            .or_else(|| run.coordinate(i))
        {
            Some(next) => next,
            None => {
                let ch_len = s[i..].chars().next().map(char::len_utf8).unwrap_or(1);
                run.buf.push_str(&s[i..i + ch_len]);
                i + ch_len
            }
        };
    }
    run.flush();
}

/// The state of [`text_atoms`] over one text run: the string gathered since the last atom.
struct Run<'r, 'c, 'a> {
    ctx: &'r Ask<'c, 'a>,
    s: &'r str,
    /// Where the run starts in the source.
    offset: u32,
    out: &'r mut Vec<Atom>,
    diags: &'r mut Diagnostics,
    /// Text not yet pushed, and where in the source it starts.
    buf: String,
    buf_start: u32,
}

impl Run<'_, '_, '_> {
    /// A span of the source, by offsets into the run.
    fn span(&self, from: usize, to: usize) -> crate::format::syntax::Span {
        let o = self.offset as usize;
        crate::format::syntax::Span::new(o + from, o + to)
    }

    /// Pushes the gathered string, if any.
    fn flush(&mut self) {
        if !self.buf.is_empty() {
            let s = std::mem::take(&mut self.buf);
            self.out.push(Atom::Str(s, Some(self.buf_start)));
        }
    }

    /// Pushes a rich piece that ends at `next`; returns `next`.
    fn push(&mut self, rich: Rich, next: usize) -> usize {
        self.flush();
        self.out.push(Atom::Rich(rich));
        self.buf_start = self.offset + next as u32;
        next
    }

    /// A line break of the source at `i`; where it ends. (Escapes, `\n` and `\t` among
    /// them, are the inline parser's: they reach here as their own pieces.)
    fn line_break(&mut self, i: usize) -> Option<usize> {
        let b = self.s.as_bytes();
        let c = b[i];
        if c == b'\n' || (c == b'\r' && b.get(i + 1) == Some(&b'\n')) {
            let len = if c == b'\n' { 1 } else { 2 };
            return Some(self.push(Rich::Break, i + len));
        }
        None
    }

    /// A symbol (`^T`, `^Tb`, ...) at `i`; where it ends.
    fn symbol(&mut self, i: usize) -> Option<usize> {
        let b = self.s.as_bytes();
        if b[i] != b'^' {
            return None;
        }
        let (mark, len) = symbol_at(&self.s[i + 1..])?;
        let color = match b.get(i + 1 + len) {
            Some(b'b') => Some(Color::Black),
            Some(b'w') => Some(Color::White),
            _ => None,
        };
        let next = i + 1 + len + color.is_some() as usize;
        Some(self.push(Rich::Symbol { mark, color }, next))
    }

    /// Game info or a standard text (`#pb#`, `#btp#`) at `i`; where it ends. A near miss
    /// of a standard text is reported and stays text.
    fn hash(&mut self, i: usize) -> Option<usize> {
        let s = self.s;
        if s.as_bytes()[i] != b'#' {
            return None;
        }
        match game_info_at(self.ctx, &s[i..]) {
            Some((Some(value), len)) => {
                // Verbatim: typography would turn the date 1846-09-11 into a range.
                return Some(self.push(Rich::Text(value), i + len));
            }
            Some((None, len)) => {
                self.diags.warning(
                    self.span(i, i + len),
                    Code::GameInfoNotSet,
                    format!(
                        "`{}` shows game info of the Go data this text follows, which has none of that kind, so it stays as written; set it there (`{}=...`)",
                        &s[i..i + len],
                        s[i + 1..i + len - 1].split('_').next().unwrap_or_default()
                    ),
                );
                self.buf.push_str(&s[i..i + len]);
                return Some(i + len);
            }
            None => {}
        }
        let ask = self.ctx;
        let info = |name: &str, tag: &str| ask.book_info(name, tag);
        if let Some((replacement, len)) = standard_text_with(&s[i..], ask.lang(), info) {
            let first = ask.first_language();
            return Some(match own_language(&first, &s[i..i + len], ask.lang()) {
                // The edition's words, marked so when the text around them is the book's.
                Some(lang) => self.push(
                    Rich::Lang {
                        lang,
                        content: vec![Rich::Text(replacement)],
                    },
                    i + len,
                ),
                None => {
                    self.buf.push_str(&replacement);
                    i + len
                }
            });
        }
        if let Some((code, fix)) = misspelt_standard_text(&s[i..]) {
            self.diags.warning(
                self.span(i, i + code.len() + 2),
                Code::UnknownStandardText,
                format!("`#{code}#` is not a standard text, so it stays as written; {fix}"),
            );
        }
        None
    }

    /// A coordinate at `i`, replaced by what the described diagram draws there; where it ends.
    fn coordinate(&mut self, i: usize) -> Option<usize> {
        // The book is asked only where a coordinate stands (on the largest board), not at
        // every letter: each question asked is one more answer a kept text is checked by.
        coordinate_at(self.s, i, crate::point::MAX_SIZE)?;
        let size = self.ctx.reference_size()?;
        let (point, len) = coordinate_at(self.s, i, size)?;
        match self.ctx.drawn(point) {
            Some(rich) => {
                self.push(rich, i + len);
            }
            None => {
                self.diags.warning(
                    self.span(i, i + len),
                    Code::CoordinateNotDrawn,
                    format!("nothing is drawn at {point} in the diagram this text describes, so the coordinate stays as written"),
                );
                self.buf.push_str(&self.s[i..i + len]);
            }
        }
        Some(i + len)
    }
}

fn symbol_at(s: &str) -> Option<(Option<Mark>, usize)> {
    let mark = match s.as_bytes().first()? {
        b'T' => Some(Mark::Triangle),
        b'D' => Some(Mark::Diamond),
        b'O' => None,
        b'S' => Some(Mark::Square),
        b'X' => Some(Mark::Cross),
        _ => return None,
    };
    Some((mark, 1))
}

/// A standard coordinate at byte `i` standing as a word of its own, on a board of `size`:
/// what paragraph text replaces by what the diagram shows there.
pub fn coordinate_at(s: &str, i: usize, size: u8) -> Option<(Point, usize)> {
    let b = s.as_bytes();
    let c = b[i];
    if !c.is_ascii_uppercase() || c == b'I' {
        return None;
    }
    // A word of its own: no letter or digit next to it, except CJK characters, which
    // stand without spaces (黒O3, Q5に).
    let joined = |ch: Option<char>| ch.is_some_and(|ch| ch.is_alphanumeric() && !is_cjk(ch));
    if joined(s[..i].chars().next_back()) {
        return None;
    }
    let mut k = i + 1;
    while k < b.len() && k < i + 3 && b[k].is_ascii_digit() {
        k += 1;
    }
    if k == i + 1 || joined(s[k..].chars().next()) {
        return None;
    }
    let p = Point::parse_standard(&s[i..k])?;
    p.on_board(size).then_some((p, k - i))
}

/// What stands for a point in a diagram: its label, its move number, or its mark.
pub(super) fn what_is_drawn(d: &Diagram, p: Point) -> Option<Rich> {
    if let Some((_, l)) = d.labels.iter().find(|(q, _)| *q == p) {
        return Some(Rich::Label(l.clone()));
    }
    if let Some(m) = d.moves.iter().find(|m| m.shown && m.point == Some(p)) {
        return m.label().map(Rich::Label);
    }
    if let Some((_, mark)) = d.marks.iter().find(|(q, _)| *q == p) {
        let color = d.stones.iter().find(|(q, _)| *q == p).map(|(_, c)| *c);
        return Some(Rich::Symbol {
            mark: Some(*mark),
            color,
        });
    }
    None
}

/// A `#pb#` or `#pb_xx#` game info text at the start of `s`: the value the current Go
/// data gives it (None when it gives none), and the length.
fn game_info_at(ask: &Ask, s: &str) -> Option<(Option<String>, usize)> {
    let (code, len) = hash_code(s)?;
    let (name, tag) = name_and_language(code, ask.lang());
    if !super::game_info::is_code(name) {
        return None;
    }
    Some((ask.game_info(name, tag), len))
}

/// The code of a `#code#` at the start of `s` (letters, digits and `_`, at most 24) and
/// the length of the whole, `#` to `#`: the shape of standard texts and game info.
pub fn hash_code(s: &str) -> Option<(&str, usize)> {
    let end = s[1..].find('#')? + 1;
    let code = &s[1..end];
    let fits = !code.is_empty()
        && code.len() <= 24
        && code.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_');
    fits.then_some((code, end + 1))
}

/// A code's name and language: `btp_de` is `btp` in German; without a tag, `lang`.
fn name_and_language<'a>(code: &'a str, lang: &'a str) -> (&'a str, &'a str) {
    match code.split_once('_') {
        Some((n, t)) if schema::is_language(t) => (n, t),
        _ => (code, lang),
    }
}

/// A `#code#` or `#code_xx#` standard text at the start of `s`: its text and length.
fn standard_text_at(book: &Book, s: &str, lang: &str) -> Option<(String, usize)> {
    standard_text_with(s, lang, |name, tag| book.info(name, tag).map(String::from))
}

/// [`standard_text_at`], the book's information found by `info` (name, language).
fn standard_text_with(
    s: &str,
    lang: &str,
    info: impl Fn(&str, &str) -> Option<String>,
) -> Option<(String, usize)> {
    let (code, len) = hash_code(s)?;
    let (name, tag) = name_and_language(code, lang);
    let text = match name {
        "title" | "subtitle" | "author" | "publisher" | "copyright" => {
            info(name, tag).unwrap_or_default()
        }
        "app" => "gobook".to_string(),
        "ver" => env!("CARGO_PKG_VERSION").to_string(),
        _ => i18n::standard_text(name, tag)?,
    };
    Some((text, len))
}

/// The language of standard text `hash` (`#btp#`, `#btp_ja#`) when it is one of the i18n
/// tables' texts in another language than the book's own (its first): the language the
/// words are in, which untagged text around them is not.
fn own_language(first: &str, hash: &str, lang: &str) -> Option<String> {
    let (code, _) = hash_code(hash)?;
    let (name, tag) = name_and_language(code, lang);
    let own = if first.is_empty() { "en" } else { first };
    (!BOOK_TEXTS.contains(&name) && tag != own).then(|| tag.to_string())
}

/// The standard texts that are not in the i18n tables: book information and the program.
const BOOK_TEXTS: &[&str] = &[
    "title",
    "subtitle",
    "author",
    "publisher",
    "copyright",
    "app",
    "ver",
];

/// A `#code#` at the start of `s` that is no standard text but is a typo of one: the code
/// and the standard text meant (`#btpp#` -> `btp`). Only near misses are reported: a `#`
/// in running text (`#5`, `C#`) is text, not a mistake.
fn misspelt_standard_text(s: &str) -> Option<(&str, String)> {
    let (code, _) = hash_code(s).filter(|(c, _)| c.len() >= 2)?;
    let (name, tag) = match code.split_once('_') {
        Some((n, t)) => (n, Some(t)),
        None => (code, None),
    };
    let codes: Vec<String> = i18n::standard_codes().collect();
    let known = || {
        codes
            .iter()
            .map(String::as_str)
            .chain(BOOK_TEXTS.iter().copied())
    };
    let meant = |fix: String| format!("did you mean `#{fix}#`?");
    if known().any(|k| k == name) {
        // A known text with a language tag that is none (`#btp_jp#`): the tag is the typo.
        let tag = tag?;
        return Some((
            code,
            match crate::suggest::closest(tag, schema::LANGUAGES.iter().copied()) {
                Some(t) => meant(format!("{name}_{t}")),
                None => format!(
                    "`{tag}` is no book language: write `#{name}#` for the page's language, or `#{name}_xx#` with one of {}",
                    crate::i18n::LANGUAGES.join(", ")
                ),
            },
        ));
    }
    let tag = tag.map(|t| format!("_{t}")).unwrap_or_default();
    match crate::suggest::closest(name, known()) {
        Some(fix) => Some((code, meant(format!("{fix}{tag}")))),
        // A word between two `#`s that is like no standard text: said too, with where the
        // list is, unless it is no word (`#5#`).
        None if name.starts_with(|c: char| c.is_ascii_alphabetic()) => Some((
            code,
            "no standard text is like it: they are the spec's two- and three-letter codes such as \
             `#btp#` (\"Black to play.\") and the book's `#title#`, `#author#`, `#copyright#`"
                .to_string(),
        )),
        None => None,
    }
}

/// The language an attribute text `t` (a caption, a header, a title) is in on a page in
/// `lang` when that is another: the book's first for a neutral value with words of its
/// own, none for one that is all standard texts (`ca="#btp#"`), which read in the
/// page's language as the spec inserts them (so the page's tag holds, not the first
/// language's).
pub fn neutral_language<'a>(
    book: &'a Book,
    t: &crate::resolve::model::LangText,
    lang: &str,
) -> Option<&'a str> {
    let first = book.other_language(t, lang)?;
    t.neutral
        .as_deref()
        .is_some_and(|s| has_own_words(book, s))
        .then_some(first)
}

/// Whether paragraph text `s` says anything of its own beyond its standard texts and
/// markup: letters outside `#code#` and `<...>`. Untagged text with none (`#btp#`,
/// `<b>#wtw#</b>.`) is wholly in the language of the edition that shows it.
pub fn has_own_words(book: &Book, s: &str) -> bool {
    let mut rest = s;
    let mut own = String::new();
    while let Some(i) = rest.find('#') {
        own.push_str(&rest[..i]);
        // `\#btp#` is the author's own words, as written.
        let escaped = rest[..i].ends_with('\\');
        match standard_text_at(book, &rest[i..], "en").filter(|_| !escaped) {
            Some((_, len)) => rest = &rest[i + len..],
            None => rest = &rest[i + 1..],
        }
    }
    own.push_str(rest);
    let mut in_tag = false;
    own.chars().any(|c| {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            _ => {}
        }
        !in_tag && c.is_alphabetic()
    })
}

/// Splits a plain string into literal pieces and standard texts, resolved.
fn standard_texts(book: &Book, s: &str, lang: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = s;
    while let Some(i) = rest.find('#') {
        match standard_text_at(book, &rest[i..], lang) {
            Some((t, len)) => {
                out.push(rest[..i].to_string());
                out.push(t);
                rest = &rest[i + len..];
            }
            None => {
                out.push(rest[..=i].to_string());
                rest = &rest[i + 1..];
            }
        }
    }
    out.push(rest.to_string());
    out
}

/// Typography state carried from one text run to the next.
#[derive(Default)]
struct Typo {
    /// The last character written before this run.
    prev: char,
    /// A double quote is open (CJK text opens and closes by turns).
    double_open: bool,
    /// A single quote is open.
    single_open: bool,
}

/// A character of a script written without spaces between words: CJK ideographs, kana,
/// hangul, and the full-width punctuation set with them.
pub fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x2E80..=0x2FFF | 0x3000..=0x30FF | 0x3100..=0x31FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF
        | 0xAC00..=0xD7AF | 0xF900..=0xFAFF | 0xFE30..=0xFE4F | 0xFF00..=0xFFEF | 0x20000..=0x3FFFF)
}

/// A letter of a script that spaces its words (Latin, Greek, Cyrillic ...).
fn is_spaced_letter(c: char) -> bool {
    c.is_alphanumeric() && !is_cjk(c)
}

/// Whether a quote after `prev` opens: at the start, after a space or an opening bracket or dash.
fn opens_after(prev: char) -> bool {
    prev == '\0' || prev.is_whitespace() || "([{–—-/«„‚“‘「『（【".contains(prev)
}

/// Whether a quote before `next` closes: at the end, before a space or punctuation.
fn closes_before(next: Option<char>) -> bool {
    next.is_none_or(|n| n.is_whitespace() || ".,;:!?)]}…、。，；：！？）".contains(n))
}

/// The hyphen at `i` (between two digits) belongs to a date (`1835-07-27`, `1835-07`): it stays.
fn in_date(chars: &[char], i: usize) -> bool {
    let digits_before = |end: usize| {
        chars[..end]
            .iter()
            .rev()
            .take_while(|c| c.is_ascii_digit())
            .count()
    };
    let digits_after = |start: usize| {
        chars[start..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count()
    };
    let before = digits_before(i);
    let after = digits_after(i + 1);
    // year-month...
    if before == 4 && (1..=2).contains(&after) {
        return true;
    }
    // ...-day: the digits before follow a hyphen that follows a year.
    let start = i - before;
    (1..=2).contains(&before)
        && (1..=2).contains(&after)
        && start >= 5
        && chars[start - 1] == '-'
        && digits_before(start - 1) == 4
}

/// The spec's typography, in the conventions of the reader's language: its quotation
/// marks (apostrophes are not quotes), dashes, ellipsis and spaces. Dates stay as written.
fn typography(s: &str, lang: &str, st: &mut Typo, at_end: bool) -> String {
    let mut t = Typeset {
        chars: s.chars().collect(),
        out: String::with_capacity(s.len() + 8),
        i: 0,
        lang,
        quotes: i18n::quotes(lang),
        inner: i18n::quote_inner_space(lang),
        unspaced: i18n::unspaced(lang),
        at_end,
        st,
    };
    while t.i < t.chars.len() {
        t.step();
    }
    if let Some(last) = t.out.chars().next_back() {
        t.st.prev = last;
    }
    t.out
}

/// The state of [`typography`] over one string.
struct Typeset<'a> {
    chars: Vec<char>,
    out: String,
    /// The character being read.
    i: usize,
    lang: &'a str,
    /// The language's double and single quotation marks, opening and closing.
    quotes: (char, char, char, char),
    /// The space inside quotation marks (French), if any.
    inner: Option<char>,
    /// The language writes no spaces between words (CJK).
    unspaced: bool,
    /// The string ends the paragraph.
    at_end: bool,
    st: &'a mut Typo,
}

impl Typeset<'_> {
    /// Reads the character at `i` and moves past what it wrote.
    fn step(&mut self) {
        let i = self.i;
        let c = self.chars[i];
        let prev = if i == 0 {
            self.st.prev
        } else {
            self.out.chars().next_back().unwrap_or(self.chars[i - 1])
        };
        let next = self.chars.get(i + 1).copied();
        let ahead = self.chars.get(i + 2).copied();
        let used = match c {
            '"' => {
                self.double_quote(prev, next);
                1
            }
            '\'' => {
                let ch = self.single_quote(prev, next);
                self.out.push(ch);
                1
            }
            '-' => self.hyphen(prev, next, ahead),
            '.' if next == Some('.') && ahead == Some('.') => {
                self.out.push_str(i18n::ellipsis(self.lang));
                3
            }
            ' ' if next == Some(' ') && ahead != Some(' ') && prev != ' ' => {
                self.out.push(' ');
                2
            }
            ';' | '!' | '?' | ':' => {
                self.punctuation(c, prev);
                1
            }
            _ => {
                self.out.push(c);
                1
            }
        };
        self.i += used;
    }

    /// In CJK text a space the author typed beside a quote is dropped when CJK stands on its other side.
    fn drop_space_before(&mut self) {
        if self.unspaced && self.out.ends_with(' ') {
            let mut it = self.out.chars().rev().skip(1);
            if it.next().is_none_or(is_cjk) {
                self.out.pop();
            }
        }
    }

    /// A `"`: an opening or closing double quotation mark.
    fn double_quote(&mut self, prev: char, next: Option<char>) {
        let (od, cd, _, _) = self.quotes;
        let open = if self.st.double_open && closes_before(next) {
            false
        } else if opens_after(prev) {
            true
        } else if closes_before(next) {
            false
        } else {
            !self.st.double_open
        };
        if open {
            if self.unspaced && prev == ' ' {
                self.drop_space_before();
            }
            self.out.push(od);
            if let Some(sp) = self.inner {
                self.out.push(sp);
                // The author's own space inside the quote becomes the narrow one.
                while self.chars.get(self.i + 1) == Some(&' ') {
                    self.i += 1;
                }
            }
        } else {
            if let Some(sp) = self.inner {
                while self.out.ends_with(' ') {
                    self.out.pop();
                }
                self.out.push(sp);
            }
            self.out.push(cd);
            if self.unspaced
                && next == Some(' ')
                && self.chars.get(self.i + 2).is_some_and(|&n| is_cjk(n))
            {
                self.i += 1;
            }
        }
        self.st.double_open = open;
    }

    /// A `'`: an apostrophe, or an opening or closing single quotation mark.
    fn single_quote(&mut self, prev: char, next: Option<char>) -> char {
        let (_, _, os, cs) = self.quotes;
        let next_letter = next.is_some_and(is_spaced_letter);
        if is_spaced_letter(prev) && next_letter {
            // C'est, L'uomo, geht's, don't: an apostrophe, never a quote.
            '’'
        } else if opens_after(prev) {
            self.st.single_open = true;
            os
        } else if self.st.single_open && (closes_before(next) || self.unspaced) {
            self.st.single_open = false;
            cs
        } else if is_spaced_letter(prev) || prev.is_ascii_digit() {
            // players', the '90s: an apostrophe.
            '’'
        } else {
            self.st.single_open = !self.st.single_open;
            if self.st.single_open {
                os
            } else {
                cs
            }
        }
    }

    /// A `-`: a dash where the spec makes one, else itself; how many characters it used.
    fn hyphen(&mut self, prev: char, next: Option<char>, ahead: Option<char>) -> usize {
        if next == Some('-') && ahead == Some('-') {
            self.out.push_str(i18n::em_dash(self.lang));
            return 3;
        }
        if next == Some('-') {
            self.out.push('–');
            return 2;
        }
        if prev.is_ascii_digit()
            && next.is_some_and(|n| n.is_ascii_digit())
            && !in_date(&self.chars, self.i)
        {
            self.out.push('–');
        } else if prev == ' ' && next == Some(' ') {
            let (space, dash) = i18n::spaced_dash(self.lang);
            self.out.pop();
            self.out.push(space);
            self.out.push(dash);
        } else if self.at_end && self.i + 1 == self.chars.len() {
            self.out.push('–');
        } else {
            self.out.push('-');
        }
        1
    }

    /// `;` `!` `?` `:`, with the space some languages put before them.
    fn punctuation(&mut self, c: char, prev: char) {
        if let Some(sp) = i18n::space_before(c, self.lang) {
            // French: the author's space becomes the no-break one; `;` `!` `?`
            // after a word get theirs too (a colon after a digit is a time or a score).
            if self.out.ends_with(' ') {
                self.out.pop();
                self.out.push(sp);
            } else if c != ':' && (is_spaced_letter(prev) || prev == self.quotes.1) {
                self.out.push(sp);
            }
        }
        self.out.push(c);
    }
}

/// What an entry of [`emphasis`]'s stack opened with.
#[derive(Clone, Copy, PartialEq)]
enum Frame {
    /// The whole text.
    Root,
    /// `**` or `__`.
    Marker(&'static str),
    /// A styled run: bold and italic inside it match only inside it.
    Style(TextStyle),
}

/// The stack of [`emphasis`]: each open frame with the content gathered since it opened.
struct Frames(Vec<(Frame, Vec<Rich>)>);

impl Frames {
    /// The content of the innermost frame.
    fn top(&mut self) -> &mut Vec<Rich> {
        &mut self.0.last_mut().expect("root").1
    }

    fn push_text(&mut self, t: &str) {
        if t.is_empty() {
            return;
        }
        let top = self.top();
        if let Some(Rich::Text(prev)) = top.last_mut() {
            prev.push_str(t);
        } else {
            top.push(Rich::Text(t.to_string()));
        }
    }

    /// Pops frames down to `k` (kept); markers opened there and never closed become text.
    fn unwind_to(&mut self, k: usize) {
        while self.0.len() > k + 1 {
            let (frame, content) = self.0.pop().expect("above k");
            if let Frame::Marker(m) = frame {
                self.push_text(m);
            }
            self.top().extend(content);
        }
    }

    /// A `**` or `__`: closes the open one of its kind in the innermost style, else opens one.
    fn marker(&mut self, marker: &'static str) {
        let floor = self
            .0
            .iter()
            .rposition(|(f, _)| !matches!(f, Frame::Marker(_)))
            .unwrap_or(0);
        let open = self.0[floor..]
            .iter()
            .rposition(|(f, _)| *f == Frame::Marker(marker));
        let Some(k) = open.map(|k| k + floor) else {
            self.0.push((Frame::Marker(marker), Vec::new()));
            return;
        };
        self.unwind_to(k);
        let (_, content) = self.0.pop().expect("k");
        let node = if marker == "**" {
            Rich::Bold(content)
        } else {
            Rich::Italic(content)
        };
        self.top().push(node);
    }

    /// The end of the innermost styled run.
    fn close_style(&mut self) {
        let Some(k) = self
            .0
            .iter()
            .rposition(|(f, _)| matches!(f, Frame::Style(_)))
        else {
            return;
        };
        self.unwind_to(k);
        let (frame, content) = self.0.pop().expect("k");
        if let Frame::Style(style) = frame {
            let content = merge_texts(content);
            self.top().push(Rich::Styled { style, content });
        }
    }
}

/// Matches `**` and `__` pairs into bold and italic, nested either way, inside each
/// styled run; unmatched markers stay text.
fn emphasis(atoms: Vec<Atom>) -> Vec<Rich> {
    let mut stack = Frames(vec![(Frame::Root, Vec::new())]);
    for atom in atoms {
        match atom {
            Atom::Rich(r) => stack.top().push(r),
            Atom::Nest(Nest::Diagram(diagram), inner) => stack.top().push(Rich::Diagram {
                diagram,
                content: emphasis(inner),
            }),
            Atom::Nest(Nest::Link(target), inner) => stack.top().push(Rich::Link {
                target,
                content: emphasis(inner),
            }),
            Atom::Literal(s) => stack.push_text(&s),
            Atom::Open(style) => stack.0.push((Frame::Style(style), Vec::new())),
            Atom::Close => stack.close_style(),
            Atom::Str(s, _) => {
                let mut rest = s.as_str();
                loop {
                    let next = [("**", rest.find("**")), ("__", rest.find("__"))]
                        .into_iter()
                        .filter_map(|(m, p)| p.map(|p| (m, p)))
                        .min_by_key(|&(_, p)| p);
                    let Some((marker, pos)) = next else {
                        stack.push_text(rest);
                        break;
                    };
                    stack.push_text(&rest[..pos]);
                    rest = &rest[pos + 2..];
                    stack.marker(marker);
                }
            }
        }
    }
    stack.unwind_to(0);
    merge_texts(stack.0.pop().expect("root").1)
}

fn merge_texts(v: Vec<Rich>) -> Vec<Rich> {
    let mut out: Vec<Rich> = Vec::with_capacity(v.len());
    for r in v {
        match (out.last_mut(), r) {
            (Some(Rich::Text(a)), Rich::Text(b)) => a.push_str(&b),
            (_, r) => out.push(r),
        }
    }
    out
}

/// Resolves every text of the book once, in each element's own language (or the
/// book's first), for the warnings text resolution gives (coordinates with nothing drawn).
pub fn check_all(
    resolved: &Resolved,
    links: &crate::format::links::Links,
    diags: &mut Diagnostics,
) {
    use crate::resolve::model::BlockKind;
    use rayon::prelude::*;
    let first = resolved
        .book
        .languages
        .first()
        .map(String::as_str)
        .unwrap_or("en");
    let mut texts = Vec::new();
    for ch in &resolved.book.chapters {
        for b in &ch.blocks {
            let lang = b
                .langs
                .iter()
                .map(String::as_str)
                .find(|l| *l != "ui")
                .unwrap_or(first);
            let (raw, reference) = match &b.kind {
                BlockKind::Paragraph(p) => (Some(&p.raw), p.reference),
                BlockKind::Diagram(d) => (resolved.book.diagrams[*d].text.as_ref(), Some(*d)),
                _ => (None, None),
            };
            if let Some(raw) = raw {
                texts.push((
                    TextContext {
                        resolved,
                        links,
                        element: b.element,
                        lang,
                        reference,
                    },
                    raw,
                ));
            }
        }
    }
    // Texts are independent of each other; a book has thousands.
    let found: Vec<Vec<crate::diagnostics::Diagnostic>> = texts
        .par_iter()
        .map(|(ctx, raw)| {
            let mut d = Diagnostics::default();
            diagnose(ctx, raw, &mut d);
            d.into_vec()
        })
        .collect();
    diags.extend(found.into_iter().flatten());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How deep bold and italic nest, counted without recursion.
    fn depth(v: &[Rich]) -> usize {
        let mut deepest = 0;
        let mut todo: Vec<(&[Rich], usize)> = vec![(v, 0)];
        while let Some((parts, d)) = todo.pop() {
            deepest = deepest.max(d);
            for r in parts {
                if let Rich::Bold(c) | Rich::Italic(c) = r {
                    todo.push((c, d + 1));
                }
            }
        }
        deepest
    }

    #[test]
    fn emphasis_never_nests_more_than_two_deep() {
        // A marker closes the open one of its kind wherever it is, so `** __ **` closes
        // the bold and turns the italic marker into text: hostile text cannot nest deeper.
        for s in [
            "**b __i ".repeat(20_000),
            "**__".repeat(20_000),
            format!("{}{}", "**".repeat(20_000), "__".repeat(20_000)),
        ] {
            let out = emphasis(vec![Atom::Str(s, None)]);
            assert!(depth(&out) <= 2, "{}", depth(&out));
        }
    }
}
