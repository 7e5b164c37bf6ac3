//! Markup inside paragraph text: inline diagrams `<dia ...>text</dia>`, links
//! `<a href=...>text</a>`, images `<img ...></img>` and line breaks `<br>`.
//! Everything else (bold, symbols, standard texts) stays text for the resolver.

use crate::diagnostics::{Code, Diagnostics};
use crate::format::parser::read_quoted;
use crate::format::syntax::{Attribute, Span, Text};

/// A piece of paragraph text.
#[derive(Clone, Debug, PartialEq)]
pub enum Inline {
    /// Plain text (source span; the text is `src[span]`).
    Text(Span),
    /// A line break written as `<br>`, `<br/>` or `<br />`.
    Break(Span),
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
    /// An image in the text.
    Img {
        /// The tag's attributes.
        attrs: Vec<Attribute>,
        /// The whole tag.
        span: Span,
    },
}

#[derive(Clone, Copy, PartialEq)]
enum Tag {
    Dia,
    Link,
}

impl Tag {
    fn name(self) -> &'static str {
        match self {
            Tag::Dia => "dia",
            Tag::Link => "a",
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
        }
    }
}

/// How deep `<dia>` and `<a>` may nest in the tree [`parse`] returns. Only a link
/// inside an inline diagram (or the reverse) is meaningful, two levels; deeper nesting
/// is already an error, and this limit only keeps every later pass, which walks the
/// tree recursively (resolving, HTML, `fmt`, dropping it), far from the end of a
/// thread's stack: 20,000 nested `<a>` overflowed it.
pub const MAX_INLINE_DEPTH: usize = 100;

/// Parses the inline markup of an element value; the spans it gives index the whole source.
/// Tags nested deeper than [`MAX_INLINE_DEPTH`] are an error and left out of the tree
/// (their text stays, in the deepest container).
pub fn parse(text: &Text, diags: &mut Diagnostics) -> Vec<Inline> {
    let base = text.span.start as usize;
    let raw = &text.raw;
    let b = raw.as_bytes();
    // Open containers: the tag, its opening span, attributes, collected content.
    let mut stack: Vec<(Tag, usize, Vec<Attribute>, Vec<Inline>)> = Vec::new();
    let mut top: Vec<Inline> = Vec::new();
    // Tags opened past the depth limit, so that their closing tags are skipped too.
    let mut skipped: Vec<Tag> = Vec::new();
    let mut run = 0;
    let mut i = 0;
    macro_rules! cur {
        () => {
            match stack.last_mut() {
                Some(s) => &mut s.3,
                None => &mut top,
            }
        };
    }
    while i < b.len() {
        let Some(k) = b[i..].iter().position(|&c| c == b'<') else {
            break;
        };
        i += k;
        let rest = &raw[i..];
        let flush = |out: &mut Vec<Inline>, from: usize, to: usize| {
            if to > from {
                out.push(Inline::Text(Span::new(base + from, base + to)));
            }
        };
        if let Some(len) = br_len(rest) {
            flush(cur!(), run, i);
            cur!().push(Inline::Break(Span::new(base + i, base + i + len)));
            i += len;
            run = i;
        } else if let Some((tag, name_len)) = open_tag(rest) {
            match tag_attrs(raw, i + name_len, base, diags) {
                Some((attrs, after, self_closed)) => {
                    flush(cur!(), run, i);
                    if tag == "img" {
                        let mut end = after;
                        if !self_closed && raw[end..].starts_with("</img>") {
                            end += 6;
                        }
                        cur!().push(Inline::Img {
                            attrs,
                            span: Span::new(base + i, base + end),
                        });
                        i = end;
                    } else {
                        let t = if tag == "dia" { Tag::Dia } else { Tag::Link };
                        if stack.len() >= MAX_INLINE_DEPTH {
                            if skipped.is_empty() {
                                diags.error(
                                    Span::new(base + i, base + after),
                                    Code::TooDeep,
                                    format!(
                                        "`<{}>` is nested more than {MAX_INLINE_DEPTH} tags deep; close `<dia>` and `<a>` before opening the next one",
                                        t.name()
                                    ),
                                );
                            }
                            skipped.push(t);
                            i = after;
                            run = i;
                            continue;
                        }
                        if stack.iter().any(|s| s.0 == t) {
                            diags.error(
                                Span::new(base + i, base + after),
                                Code::NestedInline,
                                format!(
                                    "`<{}>` cannot be placed inside another `<{}>`",
                                    t.name(),
                                    t.name()
                                ),
                            );
                        }
                        stack.push((t, i, attrs, Vec::new()));
                        i = after;
                    }
                    run = i;
                }
                None => i += 1,
            }
        } else if let Some((tag, len)) = close_tag(rest) {
            let t = if tag == "dia" { Tag::Dia } else { Tag::Link };
            if skipped.last() == Some(&t) {
                flush(cur!(), run, i);
                skipped.pop();
                i += len;
                run = i;
            } else if stack.last().is_some_and(|s| s.0 == t) {
                flush(cur!(), run, i);
                let (t, open, attrs, content) = stack.pop().expect("checked above");
                let span = Span::new(base + open, base + i + len);
                cur!().push(t.element(attrs, content, span));
                i += len;
                run = i;
            } else {
                diags.error(
                    Span::new(base + i, base + i + len),
                    Code::UnbalancedTag,
                    format!(
                        "`</{tag}>` closes nothing; remove it or add the opening `<{tag} ...>`"
                    ),
                );
                i += len;
            }
        } else {
            i += 1;
        }
    }
    let end = b.len();
    let flush_end = |out: &mut Vec<Inline>, from: usize| {
        if end > from {
            out.push(Inline::Text(Span::new(base + from, base + end)));
        }
    };
    flush_end(cur!(), run);
    // Unclosed tags: report, and keep their content as if closed at the end.
    while let Some((t, open, attrs, content)) = stack.pop() {
        diags.error(
            Span::new(base + open, base + open + 1 + t.name().len()),
            Code::UnclosedTag,
            format!(
                "`<{}>` is not closed; end its text with `</{}>`",
                t.name(),
                t.name()
            ),
        );
        let span = Span::new(base + open, base + end);
        cur!().push(t.element(attrs, content, span));
    }
    top
}

fn br_len(s: &str) -> Option<usize> {
    ["<br>", "<br/>", "<br />"]
        .iter()
        .find(|t| s.starts_with(**t))
        .map(|t| t.len())
}

fn open_tag(s: &str) -> Option<(&'static str, usize)> {
    for tag in ["dia", "a", "img"] {
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
    for (tag, t) in [("dia", "</dia>"), ("a", "</a>")] {
        if s.starts_with(t) {
            return Some((tag, t.len()));
        }
    }
    None
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
    fn errors() {
        assert_eq!(run("<dia at=2>open").1, 1);
        assert_eq!(run("stray </a> close").1, 1);
        assert_eq!(run("a < b and <b>bold</b>").1, 0);
    }
}
