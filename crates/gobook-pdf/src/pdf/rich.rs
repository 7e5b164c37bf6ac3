//! Resolved text as typst markup: every user word through [`super::escape::markup`],
//! emphasis and links as calls of the frame's functions. A link to an element of the book
//! becomes a page reference ("Dia. 3 (p. 12)"); a web address stays a link.

use super::escape::{markup, string};
use crate::format::inline::TextStyle;
use crate::layout::plan::Plan;
use crate::point::{Color, Mark};
use crate::resolve::text::{LinkTarget, Rich};

/// The label key of the element `anchor` on page `page`: every element gobook labels
/// in the PDF is found by this key (a typst string, never markup).
pub fn key(page: usize, anchor: &str) -> String {
    format!("{page}/{anchor}")
}

/// The key of the board of the inline diagram `diagram` (an index into the book's
/// diagrams), which its words in the text link to.
pub fn inline_key(diagram: usize) -> String {
    format!("i/{}", crate::layout::links::inline_anchor(diagram))
}

/// The key of the element a link leads to, when the element is in this language's pages.
pub fn target_key(plan: &Plan, target: &LinkTarget) -> Option<String> {
    match target {
        LinkTarget::Element(e) => plan.anchors.get(e).map(|(p, a)| key(*p, a)),
        _ => None,
    }
}

/// The images a text shows, by the URL the book names them with: the path each is in
/// the PDF's files and its words (caption, else the address it links to).
pub type Pictures = std::collections::HashMap<String, (String, String)>;

/// `rich` as typst markup.
pub fn rich(plan: &Plan, rich: &[Rich]) -> String {
    rich_with(plan, rich, &Pictures::new())
}

/// `rich` as typst markup, its images among `pictures` printed a line high, as the site
/// shows an image in the text (an image bullet); the others left to the web editions.
pub fn rich_with(plan: &Plan, rich: &[Rich], pictures: &Pictures) -> String {
    let mut out = String::new();
    for r in rich {
        push(plan, r, pictures, &mut out);
    }
    out
}

/// The images of `rich`, nested ones too, in order.
pub fn images(rich: &[Rich]) -> Vec<&crate::resolve::model::Image> {
    let mut out = Vec::new();
    for r in rich {
        match r {
            Rich::Image { image, .. } => out.push(image),
            Rich::Bold(c) | Rich::Italic(c) => out.extend(images(c)),
            Rich::Lang { content, .. }
            | Rich::Styled { content, .. }
            | Rich::Link { content, .. }
            | Rich::Diagram { content, .. } => out.extend(images(content)),
            _ => {}
        }
    }
    out
}

fn push(plan: &Plan, r: &Rich, pictures: &Pictures, out: &mut String) {
    let rich = |plan: &Plan, c: &[Rich]| rich_with(plan, c, pictures);
    match r {
        Rich::Text(t) => out.push_str(&markup(t)),
        Rich::Bold(c) => out.push_str(&format!("#strong[{}]", rich(plan, c))),
        Rich::Italic(c) => out.push_str(&format!("#emph[{}]", rich(plan, c))),
        Rich::Lang { content, .. } => out.push_str(&rich(plan, content)),
        Rich::Styled { style, content } => {
            let body = rich(plan, content);
            out.push_str(&match style {
                // The sizes of HTML's `smaller` and `larger` (about a step of the type scale).
                TextStyle::Smaller => format!("#text(size: 0.83em)[{body}]"),
                TextStyle::Larger => format!("#text(size: 1.2em)[{body}]"),
                TextStyle::SmallCaps => format!("#smallcaps[{body}]"),
            })
        }
        Rich::Break => out.push_str("#linebreak()"),
        Rich::Symbol { mark, color } => out.push_str(&symbol(*mark, *color)),
        Rich::Label(l) => out.push_str(&format!("#gb-label[{}]", markup(l))),
        Rich::Link { target, content } => out.push_str(&linked(plan, target, rich(plan, content))),
        // An inline diagram prints after its paragraph; its words stay in the text, a link
        // to the board that names its page where the board is on another (", p. 8").
        Rich::Diagram { diagram, content } => {
            let body = rich(plan, content);
            let (words, end) = before_end_mark(&body);
            out.push_str(&format!(
                "#gb-link({}, [#emph[{words}]]){end}",
                string(&inline_key(*diagram))
            ));
        }
        // An image in the text, 1.2 em high and a fifth of an em below the baseline as on
        // the site, linked where it links; one not in the book's folder is left out.
        Rich::Image { image, target } => {
            if let Some((path, alt)) = pictures.get(&image.url) {
                let pic = format!(
                    "#box(baseline: 0.2em, image({}, height: 1.2em, alt: {}))",
                    string(path),
                    string(alt)
                );
                out.push_str(&match target {
                    Some(t) => linked(plan, t, pic),
                    None => pic,
                });
            }
        }
    }
}

/// `body` (markup) as a link to `target`: to an element of this language's pages, with the
/// page it is on after it ("Dia. 3, p. 12"); to a web or mail address, a link a PDF reader
/// opens; else the text alone.
pub fn linked(plan: &Plan, target: &LinkTarget, body: String) -> String {
    match (target, target_key(plan, target)) {
        (_, Some(k)) => {
            let (words, end) = before_end_mark(&body);
            format!("#gb-link({}, [{words}]){end}", string(&k))
        }
        (LinkTarget::External(url), None) if is_web(url) => {
            format!("#link({}, [{body}])", string(url))
        }
        _ => body,
    }
}

/// `markup` split before the punctuation mark it ends with (and the spaces after it), where a
/// page reference goes: "See Dia. 3, p. 12." rather than "See Dia. 3., p. 12", "参考図（12頁）。"
/// rather than "参考図。（12頁）". (Every ASCII punctuation mark is escaped in markup, so the
/// text ends with the escaped mark.) A text that is only a mark is not split.
pub fn before_end_mark(markup: &str) -> (&str, &str) {
    let trimmed = markup.trim_end();
    let ascii = [".", ",", ";", ":", "!", "?"].map(|m| format!("\\{m}"));
    let cjk = ["。", "、", "！", "？", "．", "，"].map(String::from);
    let end = ascii
        .into_iter()
        .chain(cjk)
        .find(|m| trimmed.ends_with(m.as_str()) && trimmed.len() > m.len())
        .unwrap_or_default();
    markup.split_at(trimmed.len() - end.len())
}

/// `rich` with each link replaced by its words.
pub fn without_links(rich: &[Rich]) -> Vec<Rich> {
    let mut out = Vec::with_capacity(rich.len());
    for r in rich {
        match r {
            Rich::Link { content, .. } => out.extend(without_links(content)),
            Rich::Bold(c) => out.push(Rich::Bold(without_links(c))),
            Rich::Italic(c) => out.push(Rich::Italic(without_links(c))),
            Rich::Styled { style, content } => out.push(Rich::Styled {
                style: *style,
                content: without_links(content),
            }),
            Rich::Lang { lang, content } => out.push(Rich::Lang {
                lang: lang.clone(),
                content: without_links(content),
            }),
            other => out.push(other.clone()),
        }
    }
    out
}

/// `rich` with each inline diagram's words as plain emphasis, not a link to its board: for
/// a paragraph whose board stands beside it, on its page, where a link would name no page
/// and only cost typst a lookup for each (a fifth of a 1,000-diagram book's print time).
pub fn inline_words_unlinked(rich: &[Rich]) -> Vec<Rich> {
    rich.iter()
        .map(|r| match r {
            Rich::Diagram { content, .. } => Rich::Italic(inline_words_unlinked(content)),
            Rich::Link { target, content } => Rich::Link {
                target: target.clone(),
                content: inline_words_unlinked(content),
            },
            Rich::Bold(c) => Rich::Bold(inline_words_unlinked(c)),
            Rich::Italic(c) => Rich::Italic(inline_words_unlinked(c)),
            Rich::Styled { style, content } => Rich::Styled {
                style: *style,
                content: inline_words_unlinked(content),
            },
            Rich::Lang { lang, content } => Rich::Lang {
                lang: lang.clone(),
                content: inline_words_unlinked(content),
            },
            other => other.clone(),
        })
        .collect()
}

/// Whether `rich` is nothing but switches to another language (and space): a control of
/// the web editions, with nothing to say on paper, where each language is a book of its own.
pub fn only_language_switches(rich: &[Rich]) -> bool {
    let mut switches = false;
    for r in rich {
        match r {
            Rich::Link {
                target: LinkTarget::Language(_),
                ..
            } => switches = true,
            Rich::Text(t) if t.trim().is_empty() => {}
            Rich::Break => {}
            Rich::Lang { content, .. } | Rich::Bold(content) | Rich::Italic(content) => {
                if !only_language_switches(content) {
                    return false;
                }
                switches = true;
            }
            _ => return false,
        }
    }
    switches
}

/// What of a paragraph's text `rich` prints: all but the switches to other languages it ends
/// with and what separates them ("... its vital point. Deutsch · 日本語"), controls of the web
/// editions that say nothing on paper, where each language is a book of its own (and that
/// would ask an English PDF for a Japanese font).
pub fn for_print(rich: &[Rich]) -> &[Rich] {
    let separator = |r: &Rich| match r {
        Rich::Text(t) => t
            .chars()
            .all(|c| c.is_whitespace() || "·•|/,;–—-".contains(c)),
        Rich::Break => true,
        _ => false,
    };
    let (mut end, mut cut) = (rich.len(), rich.len());
    while end > 0 {
        let r = &rich[end - 1];
        if only_language_switches(std::slice::from_ref(r)) {
            cut = end - 1;
        } else if !separator(r) {
            break;
        }
        end -= 1;
    }
    &rich[..cut]
}

/// Whether a link leads to a web or mail address a PDF reader may open.
pub(super) fn is_web(url: &str) -> bool {
    let l = url.to_ascii_lowercase();
    l.starts_with("https://") || l.starts_with("http://") || l.starts_with("mailto:")
}

/// A board symbol in the text: a stone, its mark on it (`^Tb`), or a mark alone, as the
/// site draws them (`markup::rich::symbol`).
fn symbol(mark: Option<Mark>, color: Option<Color>) -> String {
    let fill = match color {
        Some(Color::Black) => "black",
        Some(Color::White) => "white",
        None => "none",
    };
    let mark = match mark {
        Some(m) => m.name(),
        // `^O` of neither colour is a small circle; `^Ob` a stone with nothing on it.
        None if color.is_none() => "dot",
        None => "none",
    };
    format!("#gb-stone({fill}, \"{mark}\")")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_become_page_references_and_text_stays_text() {
        let mut plan = crate::layout::plan::Plan {
            lang: "en".into(),
            pages: vec![],
            contents: None,
            anchors: Default::default(),
            vertical: false,
        };
        plan.anchors.insert(7, (2, "d3".into()));
        let r = [
            Rich::Text("See #x ".into()),
            Rich::Link {
                target: LinkTarget::Element(7),
                content: vec![Rich::Text("Dia. 3".into())],
            },
            Rich::Link {
                target: LinkTarget::External("javascript:alert(1)".into()),
                content: vec![Rich::Text("x".into())],
            },
        ];
        assert_eq!(rich(&plan, &r), "See \\#x #gb-link(\"2/d3\", [Dia\\. 3])x");
        // The words' last punctuation mark after the page reference, an escaped backslash kept.
        let link = |t: &str| Rich::Link {
            target: LinkTarget::Element(7),
            content: vec![Rich::Text(t.into())],
        };
        assert_eq!(
            rich(&plan, &[link("See Dia. 3. ")]),
            "#gb-link(\"2/d3\", [See Dia\\. 3])\\. "
        );
        assert_eq!(
            rich(&plan, &[link("a\\?")]),
            "#gb-link(\"2/d3\", [a\\\\])\\?"
        );
        assert_eq!(rich(&plan, &[link(".")]), "#gb-link(\"2/d3\", [\\.])");
        assert_eq!(
            rich(&plan, &[link("参考図。")]),
            "#gb-link(\"2/d3\", [参考図])。"
        );
    }

    #[test]
    fn the_language_switches_a_paragraph_ends_with_do_not_print() {
        let switch = |lang: &str| Rich::Link {
            target: LinkTarget::Language(lang.into()),
            content: vec![Rich::Text(format!("in {lang}"))],
        };
        let text = |t: &str| Rich::Text(t.into());
        let r = [text("One idea. "), switch("de"), text(" · "), switch("ja")];
        assert_eq!(for_print(&r), &r[..1]);
        // A switch in the sentence, and separators alone, stay.
        let r = [text("Read "), switch("de"), text(" today. ·")];
        assert_eq!(for_print(&r), &r[..]);
        let r = [text("A "), text(" · ")];
        assert_eq!(for_print(&r), &r[..]);
        assert!(for_print(&[switch("de")]).is_empty());
    }

    #[test]
    fn only_a_paragraph_of_language_switches_alone_is_one() {
        let switch = |lang: &str| Rich::Link {
            target: LinkTarget::Language(lang.into()),
            content: vec![Rich::Text(format!("in {lang}"))],
        };
        let text = |t: &str| Rich::Text(t.into());
        assert!(only_language_switches(&[switch("de")]));
        assert!(only_language_switches(&[
            switch("de"),
            text(" "),
            Rich::Lang {
                lang: "ja".into(),
                content: vec![switch("ja")],
            },
        ]));
        // A sentence that ends with them says something of its own; nothing is no switch.
        assert!(!only_language_switches(&[text("One idea. "), switch("de")]));
        assert!(!only_language_switches(&[text(" ")]));
        assert!(!only_language_switches(&[]));
    }
}
