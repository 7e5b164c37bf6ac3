//! Text of imported books: comments as paragraphs that show the SGF's text as written
//! (escaped, [`AsWritten`]), titles, IDs and attributes.

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

/// A line naming the players, the result and where and when the game was played, each
/// value as the file has it, on a board of `size`.
pub(super) fn summary(info: &sgf::GameInfo, size: u8, lang: &'static str) -> Option<String> {
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
            let one_line = v.split_whitespace().collect::<Vec<_>>().join(" ");
            parts.push(crate::i18n::game_info_item(
                key,
                &verbatim(&one_line, size, lang),
                lang,
            ));
        }
    }
    (!parts.is_empty()).then(|| parts.join(crate::i18n::sentence_space(lang)))
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

/// What writing text as the SGF has it depends on: the board, whose coordinates a
/// paragraph would replace by what its diagram shows, and the book's language, whose
/// typography may add spaces (French, before `;:!?`).
#[derive(Clone, Copy, Debug)]
pub(super) struct AsWritten {
    /// The board size.
    pub size: u8,
    /// The book's language.
    pub lang: &'static str,
}

impl AsWritten {
    /// A title or heading as an element value: shown as written, never read as an attribute.
    /// Its coordinates need no escape: a heading that starts a chapter describes no diagram.
    pub fn title(self, text: &str) -> String {
        let no_board = AsWritten { size: 0, ..self };
        safe_value(&no_board.line(text.trim()))
    }

    /// Comment text as paragraphs: empty lines split it, and each line is written so that
    /// it reads as the SGF has it ([`AsWritten::line`]; a line starting with `::` starts
    /// no element). `prefix` names the move the comment belongs to ("12:"), shown in bold
    /// before the first paragraph.
    pub fn paragraphs(self, text: &str, prefix: Option<&str>) -> Vec<String> {
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
            cur.push(self.line(line));
        }
        if let (Some(n), Some(first)) = (prefix, out.first_mut()) {
            let space = crate::i18n::sentence_space(self.lang);
            *first = format!("**{n}**{space}{}", first.trim_start());
        }
        out
    }

    /// One line of text written so that a paragraph shows it as written: a backslash
    /// escape (the format's, docs/format.md) before each character the paragraph reader
    /// would take as markup (`**`, `__`, `#code#`, `^T`, a tag, `::` starting the line, a
    /// backslash), typography (quotes, `--`, `...`, a hyphen between digits or spaces,
    /// French spaces) or a coordinate to replace (`\F8`). Nothing is added that a reader
    /// sees, so the page, the e-book and the PDF hold the comment's characters.
    pub fn line(self, line: &str) -> String {
        let chars: Vec<(usize, char)> = line.char_indices().collect();
        let mut s = String::with_capacity(line.len() + 8);
        for (k, &(i, c)) in chars.iter().enumerate() {
            let prev = k.checked_sub(1).map(|p| chars[p].1);
            let next = chars.get(k + 1).map(|n| n.1);
            if self.escapes(line, i, c, prev, next) {
                s.push('\\');
            }
            s.push(c);
        }
        s
    }

    /// Whether character `c` at byte `i` of `line` (between `prev` and `next`) needs a
    /// backslash to stay itself.
    fn escapes(
        self,
        line: &str,
        i: usize,
        c: char,
        prev: Option<char>,
        next: Option<char>,
    ) -> bool {
        let rest = &line[i..];
        let digit = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit());
        let space = |c: Option<char>| c.is_none_or(|c| c == ' ');
        match c {
            '\\' | '"' | '\'' => true,
            '*' | '_' => next == Some(c),
            '#' => crate::resolve::text::hash_code(rest).is_some(),
            '^' => matches!(next, Some('T' | 'D' | 'O' | 'S' | 'X')),
            '<' => crate::format::inline::may_start_tag(rest),
            ':' if i == 0 && next == Some(':') => true,
            '-' => {
                next == Some('-')
                    || prev == Some('-')
                    || next.is_none()
                    || (digit(prev) && digit(next))
                    || (space(prev) && space(next))
            }
            // A run of three periods or more is an ellipsis; all but its last two stay.
            '.' => rest.starts_with("..."),
            ';' | '!' | '?' | ':' => crate::i18n::space_before(c, self.lang).is_some(),
            c if c.is_ascii_uppercase() => {
                crate::resolve::text::coordinate_at(line, i, self.size).is_some()
            }
            _ => false,
        }
    }

    /// Whether `text` names a point of the board as a coordinate (`F8`, `Q16`), which the
    /// book keeps as written: the reader then needs the boards' coordinates to find it.
    pub fn names_points(self, text: &str) -> bool {
        text.char_indices().any(|(i, c)| {
            c.is_ascii_uppercase()
                && crate::resolve::text::coordinate_at(text, i, self.size).is_some()
        })
    }
}

/// A title or heading as an element value, shown as written ([`AsWritten::title`]).
pub(super) fn safe_title(text: &str) -> String {
    AsWritten {
        size: 0,
        lang: "en",
    }
    .title(text)
}

/// An element value that must not be read as an attribute: a first word like `x=`
/// has its `=` escaped (`x\=`), which the paragraph shows as `=`.
pub(super) fn safe_value(text: &str) -> String {
    let t = text.trim();
    let first = t.split([' ', '\t']).next().unwrap_or("");
    let looks_like_attr = first.split_once('=').is_some_and(|(n, _)| {
        n.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
            && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    });
    match t.split_once('=') {
        Some((name, rest)) if looks_like_attr => format!("{name}\\={rest}"),
        _ => t.to_string(),
    }
}

/// Game info as the file has it, for the summary line: every character the paragraph
/// reader would change escaped, as in comments ("1835-07-27" stays a date).
fn verbatim(v: &str, size: u8, lang: &'static str) -> String {
    AsWritten { size, lang }.line(v)
}
