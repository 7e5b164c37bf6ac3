//! Text into the XML and HTML gobook writes (SVG, XHTML, the XML Go format, the
//! preview's error overlay): one escaper, with one rule for element content and one
//! for double-quoted attribute values.
//!
//! Both drop the characters no XML file may hold ([`chars::is_forbidden`]): no escape
//! makes them legal, and every file gobook writes must stay well-formed.
//!
//! Text escapes `"` as well as `&`, `<` and `>`, so text put into an attribute by
//! mistake still cannot end it. Attribute values also keep their tabs and line
//! breaks as character references, because an XML reader turns literal ones into
//! spaces. `'` is never escaped: gobook quotes every attribute with `"`.

use crate::chars;

pub mod url;

/// Appends `s` escaped as element content.
pub fn push_text(out: &mut String, s: &str) {
    push(out, s, false);
}

/// Appends `s` escaped as a double-quoted attribute value.
pub fn push_attr(out: &mut String, s: &str) {
    push(out, s, true);
}

/// `s` escaped as element content.
pub fn text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    push_text(&mut out, s);
    out
}

/// `s` escaped as a double-quoted attribute value.
pub fn attr(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    push_attr(&mut out, s);
    out
}

/// Appends `s`, copying the runs that need nothing in one piece (most text).
fn push(out: &mut String, s: &str, attr: bool) {
    let mut start = 0;
    for (i, c) in s.char_indices() {
        let replacement = match c {
            '&' => "&amp;",
            '<' => "&lt;",
            '>' => "&gt;",
            '"' => "&quot;",
            '\t' if attr => "&#9;",
            '\n' if attr => "&#10;",
            '\r' if attr => "&#13;",
            c if chars::is_forbidden(c) => "",
            _ => continue,
        };
        out.push_str(&s[start..i]);
        out.push_str(replacement);
        start = i + c.len_utf8();
    }
    out.push_str(&s[start..]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_escapes_markup_and_quotes_and_keeps_whitespace() {
        assert_eq!(
            text("a<b>&\"c' d\te\nf\rü"),
            "a&lt;b&gt;&amp;&quot;c' d\te\nf\rü"
        );
    }

    #[test]
    fn attributes_keep_tabs_and_line_breaks_as_references() {
        assert_eq!(attr("a\"b\tc\nd\re'"), "a&quot;b&#9;c&#10;d&#13;e'");
    }

    #[test]
    fn characters_xml_cannot_hold_are_dropped() {
        for f in [text, attr] {
            assert_eq!(
                f("a\u{0}b\u{1b}c\u{7f}d\u{85}e\u{FFFE}f\u{FFFF}g\u{1FFFE}h"),
                "abcdefgh"
            );
        }
    }

    #[test]
    fn plain_text_is_copied_unchanged_after_what_is_already_there() {
        let mut out = String::from("<t>");
        push_text(&mut out, "Black 1, 碁 – ok");
        assert_eq!(out, "<t>Black 1, 碁 – ok");
    }
}
