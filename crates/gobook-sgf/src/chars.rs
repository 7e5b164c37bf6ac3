//! Characters that must never reach a file gobook writes: the C0 and C1 control
//! characters (tab, line feed and carriage return aside) and Unicode noncharacters.
//!
//! XML 1.0 forbids the C0 ones and U+FFFE/U+FFFF outright, so a single NUL makes a
//! page, an EPUB chapter or an SVG unreadable; HTML calls all of them parse errors;
//! and on a terminal an ESC starts a control sequence. They are invisible in most
//! editors, so nobody puts them into a book on purpose.

use std::borrow::Cow;

/// Whether `c` may not stand in book text or in anything gobook writes.
pub fn is_forbidden(c: char) -> bool {
    let u = c as u32;
    (u < 0x20 && !matches!(c, '\t' | '\n' | '\r'))
        || (0x7F..=0x9F).contains(&u)
        || (0xFDD0..=0xFDEF).contains(&u)
        || u & 0xFFFE == 0xFFFE
}

/// Whether the byte at a character boundary may start a forbidden character: a cheap
/// test that lets ordinary text (ASCII, CJK, accented letters) through without decoding.
fn may_start_forbidden(b: u8) -> bool {
    (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r'))
        || b == 0x7F
        || b == 0xC2
        || b == 0xEF
        || (0xF0..=0xF4).contains(&b)
}

/// Runs of forbidden characters in `s`: byte range and the first character of each.
pub fn runs(s: &str) -> Vec<(std::ops::Range<usize>, char)> {
    let b = s.as_bytes();
    let mut out: Vec<(std::ops::Range<usize>, char)> = Vec::new();
    let mut i = 0;
    while i < b.len() {
        // Lead bytes and ASCII are character boundaries; continuation bytes never pass the test.
        if !may_start_forbidden(b[i]) {
            i += 1;
            continue;
        }
        let c = s[i..].chars().next().unwrap_or(' ');
        let len = c.len_utf8();
        if is_forbidden(c) {
            match out.last_mut() {
                Some((r, _)) if r.end == i => r.end = i + len,
                _ => out.push((i..i + len, c)),
            }
        }
        i += len;
    }
    out
}

/// Whether `s` holds a forbidden character.
pub fn has_forbidden(s: &str) -> bool {
    s.bytes().any(may_start_forbidden) && s.chars().any(is_forbidden)
}

/// `s` without its forbidden characters (borrowed when it has none, as is usual).
pub fn strip(s: &str) -> Cow<'_, str> {
    if has_forbidden(s) {
        Cow::Owned(s.chars().filter(|&c| !is_forbidden(c)).collect())
    } else {
        Cow::Borrowed(s)
    }
}

/// `s` with each forbidden character shown by a visible stand-in of the same width
/// (a Unicode control picture such as `␛`), so it can be printed on a terminal and
/// a caret under the line still lines up.
pub fn visible(s: &str) -> Cow<'_, str> {
    if !has_forbidden(s) {
        return Cow::Borrowed(s);
    }
    Cow::Owned(
        s.chars()
            .map(|c| match c as u32 {
                u @ 0..=0x1F => char::from_u32(0x2400 + u).unwrap_or('\u{FFFD}'),
                0x7F => '\u{2421}',
                _ if is_forbidden(c) => '\u{FFFD}',
                _ => c,
            })
            .collect(),
    )
}

/// A forbidden character named for a message: `U+001B (escape)`.
pub fn describe(c: char) -> String {
    let name = match c as u32 {
        0x00 => "NUL",
        0x07 => "bell",
        0x08 => "backspace",
        0x0B => "vertical tab",
        0x0C => "form feed",
        0x1B => "escape",
        0x7F => "delete",
        0x80..=0x9F => "C1 control",
        0x01..=0x1F => "control",
        _ => "noncharacter",
    };
    format!("U+{:04X} ({name})", c as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_forbidden_set_is_what_xml_and_html_refuse() {
        for c in [
            '\0',
            '\u{1}',
            '\u{b}',
            '\u{c}',
            '\u{1b}',
            '\u{1f}',
            '\u{7f}',
            '\u{85}',
            '\u{9f}',
            '\u{fdd0}',
            '\u{fffe}',
            '\u{ffff}',
            '\u{1fffe}',
            '\u{10ffff}',
        ] {
            assert!(is_forbidden(c), "{:?}", c);
        }
        for c in [
            '\t',
            '\n',
            '\r',
            ' ',
            'a',
            'é',
            '\u{a0}',
            '囲',
            '\u{fffd}',
            '\u{1f600}',
            '\u{e000}',
        ] {
            assert!(!is_forbidden(c), "{:?}", c);
        }
    }

    #[test]
    fn runs_are_found_at_their_byte_offsets() {
        let s = "a\0\0b\u{1b}[1mé\u{ffff}囲\u{85}";
        let r = runs(s);
        assert_eq!(r.len(), 4);
        assert_eq!(r[0], (1..3, '\0'));
        assert_eq!(r[1], (4..5, '\u{1b}'));
        assert_eq!(&s[r[2].0.clone()], "\u{ffff}");
        assert_eq!(&s[r[3].0.clone()], "\u{85}");
        assert!(runs("plain text, accents é, 囲碁, emoji 😀").is_empty());
    }

    #[test]
    fn strip_and_visible() {
        assert_eq!(strip("a\u{1}b\u{fffe}c"), "abc");
        assert!(matches!(strip("囲碁 é"), Cow::Borrowed(_)));
        assert_eq!(
            visible("a\0b\u{1b}\u{7f}\u{ffff}"),
            "a\u{2400}b\u{241b}\u{2421}\u{fffd}"
        );
        assert_eq!(describe('\u{1b}'), "U+001B (escape)");
    }
}
