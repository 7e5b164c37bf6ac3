//! Text of imported books: comments as paragraphs that stay text, titles, IDs and attributes.

use crate::format::syntax::{Attribute, Span};
use crate::format::writer;
use crate::i18n::GameInfo;
use crate::sgf::{self, GameTree, NodeId};

pub(super) fn push_attr(out: &mut String, name: &str, value: &str, quoted: bool) {
    out.push(' ');
    let a = Attribute {
        name: name.into(),
        value: value.into(),
        quoted,
        on_new_line: false,
        name_span: Span::default(),
        value_span: Span::default(),
    };
    writer::write_attr(out, &a);
}

/// The comment of a node, if it has a non-blank one.
pub(super) fn comment(game: &GameTree, id: NodeId) -> Option<String> {
    let c = game.nodes()[id].value("C")?;
    let text = sgf::value::text(c);
    (!text.trim().is_empty()).then_some(text)
}

/// The book title: "Black vs White", else the game name, the event, or `name`.
pub(super) fn title(info: &sgf::GameInfo, name: &str) -> String {
    let clean = |v: &Option<String>| {
        v.as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from)
    };
    match (clean(&info.pb), clean(&info.wp)) {
        (Some(b), Some(w)) => format!("{b} vs {w}"),
        _ => clean(&info.gn)
            .or_else(|| clean(&info.ev))
            .unwrap_or_else(|| name.to_string()),
    }
}

/// A line naming the players, the result and where and when the game was played.
pub(super) fn summary(info: &sgf::GameInfo, lang: &str) -> Option<String> {
    let clean = |v: &Option<String>| {
        v.as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from)
    };
    let player = |n: &Option<String>, r: &Option<String>| {
        clean(n).map(|n| match clean(r) {
            Some(r) => format!("{n} ({r})"),
            None => n,
        })
    };
    let mut parts = Vec::new();
    for (key, v) in [
        (GameInfo::Black, player(&info.pb, &info.br)),
        (GameInfo::White, player(&info.wp, &info.wr)),
        (GameInfo::Event, clean(&info.ev)),
        (GameInfo::Date, clean(&info.dt)),
        (GameInfo::Place, clean(&info.pc)),
        (GameInfo::Komi, clean(&info.km)),
        (GameInfo::Result, clean(&info.re)),
    ] {
        if let Some(v) = v {
            parts.push(crate::i18n::game_info_item(key, &verbatim(&v), lang));
        }
    }
    (!parts.is_empty()).then(|| paragraphs(&parts.join(" "), None).join(" "))
}

/// A book ID from a file name: ID characters only, and not only language tags.
pub(super) fn book_id(name: &str) -> String {
    let id: String = name
        .chars()
        .map(|c| {
            if crate::format::parser::is_id_char(c) {
                c
            } else {
                '-'
            }
        })
        .collect();
    let id = id.trim_matches('-').to_string();
    if id.is_empty() || crate::format::parser::id_is_only_languages(&id) {
        format!("game-{id}").trim_end_matches('-').to_string()
    } else {
        id
    }
}

/// A title or heading as an element value: markup guarded, never read as an attribute.
pub(super) fn safe_title(text: &str) -> String {
    safe_value(&guard_markup(text))
}

/// An element value that must not be read as an attribute: a first word like
/// `x=` gets a no-break space before it.
pub(super) fn safe_value(text: &str) -> String {
    let t = text.trim();
    let first = t.split([' ', '\t']).next().unwrap_or("");
    let looks_like_attr = first.split_once('=').is_some_and(|(n, _)| {
        n.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
            && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    });
    // Paragraphs are guarded already ([`paragraphs`]); titles are guarded by their callers.
    let t = t.to_string();
    if looks_like_attr {
        format!("\u{a0}{t}")
    } else {
        t
    }
}

/// Comment text as paragraphs: empty lines split it; a line that would start an
/// element (`::`) is indented by a space, and markup the paragraph reader knows stays
/// text ([`guard_markup`]).
/// `prefix` names the move the comment belongs to ("12:"), shown in bold before the first paragraph.
pub(super) fn paragraphs(text: &str, prefix: Option<&str>) -> Vec<String> {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let mut out: Vec<String> = Vec::new();
    let mut cur: Vec<String> = Vec::new();
    for line in text
        .split('\n')
        .map(str::trim_end)
        .chain(std::iter::once(""))
    {
        if line.trim().is_empty() {
            if !cur.is_empty() {
                out.push(cur.join("\n"));
                cur.clear();
            }
            continue;
        }
        let line = guard_markup(line);
        cur.push(if line.starts_with("::") {
            format!(" {line}")
        } else {
            line
        });
    }
    if let (Some(n), Some(first)) = (prefix, out.first_mut()) {
        *first = format!("**{n}** {}", first.trim_start());
    }
    out
}

/// Comment text that stays text in a paragraph: an invisible word joiner (U+2060) goes
/// inside every sequence the paragraph reader would take as markup, so the page shows
/// what the SGF says: `**` and `__` (bold, italic), `#code#` (standard texts, game
/// info), `^T` (symbols), `\\n` and `\\t` (breaks, tabs), and the tags `<a`, `<dia`,
/// `<img`, `<br`, `</a>`, `</dia>`.
pub(super) fn guard_markup(line: &str) -> String {
    const JOINER: char = '\u{2060}';
    let mut s = String::with_capacity(line.len() + 8);
    for (i, c) in line.char_indices() {
        s.push(c);
        let after = &line[i + c.len_utf8()..];
        let next = after.chars().next();
        let guard = match c {
            '*' | '_' => next == Some(c),
            '#' | '^' => next.is_some_and(|n| n.is_ascii_alphanumeric() || n == '_'),
            '\\' => matches!(next, Some('n' | 't')),
            '<' => ["dia", "a", "img", "br", "/dia>", "/a>"].iter().any(|t| {
                after.starts_with(t)
                    && (t.ends_with('>')
                        || matches!(
                            after.as_bytes().get(t.len()),
                            Some(b' ' | b'\t' | b'>' | b'/')
                        ))
            }),
            _ => false,
        };
        if guard {
            s.push(JOINER);
        }
    }
    s
}

/// Game info as the file has it: a word joiner (U+2060, invisible) before each
/// hyphen that typography would turn into a dash, so "1835-07-27" stays as written.
pub(super) fn verbatim(v: &str) -> String {
    let mut out = String::with_capacity(v.len() + 8);
    let mut prev = ' ';
    for c in v.chars() {
        if c == '-' && (prev.is_ascii_digit() || prev == '-' || prev == ' ') {
            out.push('\u{2060}');
        }
        out.push(c);
        prev = c;
    }
    out
}
