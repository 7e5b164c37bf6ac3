//! User text made safe for typst: as markup it is always literal text, never typst code,
//! and as a string literal it is always the same string.
//!
//! Typst markup gives meaning to most ASCII punctuation (`#` starts code, `*` and `_`
//! emphasis, `=` headings, `<` labels, `@` references, `-` lists and dashes, `'` and `"`
//! smart quotes, `~` a non-breaking space, `/` and `:` links). A backslash before any
//! character that is not a space makes that character literal, so every ASCII punctuation
//! character gets one; letters, digits and all other characters are literal as they are.

/// `text` as typst markup that shows exactly `text`: ASCII punctuation escaped, runs of
/// white space (line ends too) as one space, characters no file may hold dropped.
pub fn markup(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    let mut space = false;
    for c in text.chars() {
        if c.is_whitespace() && c != '\u{a0}' {
            space = true;
            continue;
        }
        if crate::chars::is_forbidden(c) {
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        if c.is_ascii_punctuation() {
            out.push('\\');
        }
        out.push(printable(c));
    }
    if space {
        out.push(' ');
    }
    out
}

/// `text` as a typst string literal, quotes included.
pub fn string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if crate::chars::is_forbidden(c) => {}
            c => out.push(printable(c)),
        }
    }
    out.push('"');
    out
}

/// `c` as the PDF may hold it in its text: a byte-order mark inside text (the old
/// zero-width no-break space, which `gobook import` may meet in a game's comments) as the
/// word joiner that replaced it, since PDF/A refuses U+FEFF in a font's text (and the
/// PDF would then not be tagged); both print nothing.
fn printable(c: char) -> char {
    if c == '\u{feff}' {
        '\u{2060}'
    } else {
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use typst::syntax::ast::AstNode;
    use typst::syntax::{parse, parse_code, SyntaxKind, SyntaxNode};

    /// The text a markup tree shows, when it is only text, escapes and spaces; None when
    /// any other node (code, emphasis, a heading, a label, a smart quote...) is in it.
    fn shown(node: &SyntaxNode, out: &mut String) -> bool {
        match node.kind() {
            SyntaxKind::Markup => node.children().all(|c| shown(c, out)),
            SyntaxKind::Text => {
                out.push_str(node.leaf_text());
                true
            }
            SyntaxKind::Space => {
                out.push(' ');
                true
            }
            SyntaxKind::Escape => {
                out.push_str(&node.leaf_text()[1..]);
                true
            }
            _ => false,
        }
    }

    fn expected(text: &str) -> String {
        let kept: String = text
            .chars()
            .filter(|c| !crate::chars::is_forbidden(*c))
            .collect();
        let mut out = String::new();
        let mut space = false;
        for c in kept.chars() {
            if c.is_whitespace() && c != '\u{a0}' {
                space = true;
            } else {
                if space {
                    out.push(' ');
                }
                space = false;
                out.push(printable(c));
            }
        }
        if space {
            out.push(' ');
        }
        out
    }

    #[test]
    fn typst_syntax_in_text_stays_text() {
        for t in [
            "#import \"x\": *",
            "= Heading",
            "*bold* _it_ `raw` $x$",
            "<label> @ref - item + item / term: x",
            "https://example.org -- ... ~ 'q' \"q\"",
            "\\u{41} \\",
            "]) #{panic()} [",
            "a\u{feff}b",
        ] {
            let mut out = String::new();
            let m = markup(t);
            assert!(shown(&parse(&m), &mut out), "{t:?} became {m:?}");
            assert_eq!(out, expected(t));
        }
    }

    proptest! {
        #[test]
        fn any_text_is_shown_literally(t in "\\PC*|[#*_=<>@`$\\\\/:'\"~\\[\\]{}()-. \n]*") {
            let mut out = String::new();
            let m = markup(&t);
            prop_assert!(shown(&parse(&m), &mut out), "{:?} became {:?}", t, m);
            prop_assert_eq!(out, expected(&t));
        }

        #[test]
        fn any_text_is_the_same_string(t in "\\PC*|[\\\\\"\n\t#{}]*") {
            let code = parse_code(&string(&t));
            let lit = code.children().find(|c| c.kind() == SyntaxKind::Str);
            prop_assert!(lit.is_some(), "{:?}", string(&t));
            prop_assert!(code.errors_and_warnings().0.is_empty());
            let kept: String = t.chars().filter(|c| !crate::chars::is_forbidden(*c)).map(printable).collect();
            let s = typst::syntax::ast::Str::from_untyped(lit.unwrap()).unwrap().get();
            prop_assert_eq!(s.as_str(), kept.as_str());
        }
    }
}
