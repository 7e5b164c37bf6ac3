//! Resolved text as markup: escaped words, emphasis, breaks, board symbols drawn
//! as tiny inline SVG, labels, links and the links that open inline diagrams.

use crate::format::inline::TextStyle;
use crate::layout::links::{link_href, LinkContext};
use crate::markup::{br, img, Dialect};
use crate::point::{Color, Mark};
use crate::resolve::text::{LinkTarget, Rich};
use maud::{html, Markup, PreEscaped};

/// Writes resolved text.
pub fn render(rich: &[Rich], cx: &LinkContext, d: Dialect) -> Markup {
    write(rich, cx, d, true)
}

/// Writes resolved text that sits inside a link: its own links and the links that open
/// inline diagrams stay text, since a link cannot hold another.
pub fn render_unlinked(rich: &[Rich], cx: &LinkContext, d: Dialect) -> Markup {
    write(rich, cx, d, false)
}

fn write(rich: &[Rich], cx: &LinkContext, d: Dialect, links: bool) -> Markup {
    let render = |c: &[Rich], cx: &LinkContext, d: Dialect| write(c, cx, d, links);
    html! {
        @for r in rich {
            @match r {
                Rich::Text(t) if cx.plan.vertical => (upright_numbers(t)),
                Rich::Text(t) => (t),
                Rich::Bold(c) => strong { (render(c, cx, d)) },
                Rich::Italic(c) => em { (render(c, cx, d)) },
                Rich::Styled { style, content } => span class=(style_class(*style)) { (render(content, cx, d)) },
                Rich::Break => (br(d)),
                Rich::Label(l) if cx.plan.vertical && is_short_number(l) => span.gb-label.gb-tcy { (l) },
                Rich::Label(l) => span.gb-label { (l) },
                Rich::Lang { lang, content } => span lang=(crate::i18n::html_lang(lang)) { (render(content, cx, d)) },
                Rich::Symbol { mark, color } => (symbol(*mark, *color)),
                Rich::Link { content, .. } | Rich::Diagram { content, .. } if !links => (render(content, cx, d)),
                Rich::Link { target, content } => {
                    @match link_href(target, cx) {
                        Some((href, external)) => {
                            @if external {
                                a href=(href) rel="noopener" { (render(content, cx, d)) }
                            } @else {
                                a href=(href) { (render(content, cx, d)) }
                            }
                        }
                        // In the book but not in this edition (a chapter in fewer languages):
                        // the words are the book's, only the link is not.
                        None if matches!(target, LinkTarget::Element(_) | LinkTarget::Included { .. }) => (render(content, cx, d)),
                        // The tooltip is English words: other editions show the grey alone.
                        None => span.gb-link-disabled title=[(cx.plan.lang == "en").then_some("not available")] { (render(content, cx, d)) },
                    }
                }
                Rich::Diagram { diagram, content } => {
                    a.gb-dia-link href={ "#" ((cx.inline_anchor)(*diagram)) } data-dia=(diagram) { (render(content, cx, d)) }
                }
                Rich::Image { image, target } => {
                    @let alt = image.caption.get(&cx.plan.lang).unwrap_or("");
                    @let src = cx.local_url(&image.url);
                    @let link = target.as_ref().filter(|_| links).and_then(|t| link_href(t, cx));
                    // A linked image is the link's only content: without a caption, the
                    // address it leads to names it (as the spec's image bullets are written).
                    @let alt = match &link { Some((href, _)) if alt.is_empty() => href.as_str(), _ => alt };
                    @let picture = img(d, Some("gb-inline-img"), &src, alt, None, false);
                    @if let Some((href, _)) = &link {
                        a href=(href) { (picture) }
                    } @else {
                        (picture)
                    }
                }
            }
        }
    }
}

/// Whether `s` is a number short enough to stand upright in one column of vertical text.
pub fn is_short_number(s: &str) -> bool {
    (1..=3).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit())
}

/// Text of a vertical edition, each number of one to three digits in a `gb-tcy` span: set
/// across the column upright (tate-chu-yoko, `text-combine-upright`), as Japanese books
/// print move numbers (黒１２), where longer numbers and Latin words lie on their side.
fn upright_numbers(t: &str) -> Markup {
    let mut out = String::with_capacity(t.len() + 32);
    let mut rest = t;
    while let Some(start) = rest.find(|c: char| c.is_ascii_digit()) {
        let len = rest[start..]
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len() - start);
        let (before, number) = (&rest[..start], &rest[start..start + len]);
        out.push_str(&crate::escape::text(before));
        if is_short_number(number) {
            out.push_str(&format!("<span class=\"gb-tcy\">{number}</span>"));
        } else {
            out.push_str(number);
        }
        rest = &rest[start + len..];
    }
    out.push_str(&crate::escape::text(rest));
    PreEscaped(out)
}

/// The class of a text style; the theme's CSS and the e-book's give it its size or small caps.
pub fn style_class(style: TextStyle) -> &'static str {
    match style {
        TextStyle::Smaller => "gb-smaller",
        TextStyle::Larger => "gb-larger",
        TextStyle::SmallCaps => "gb-smallcaps",
    }
}

/// A board symbol as a tiny inline SVG, styled by the board classes. The namespace
/// is written out so the same markup also works in XHTML (EPUB).
pub fn symbol(mark: Option<Mark>, color: Option<Color>) -> Markup {
    let stone = match color {
        Some(Color::Black) => Some("gb-sb"),
        Some(Color::White) => Some("gb-sw"),
        None => None,
    };
    let mark_class = match color {
        Some(Color::Black) => "gb-mb",
        Some(Color::White) => "gb-mw",
        None => "gb-me",
    };
    let name = match (mark, color) {
        (Some(m), Some(c)) => format!(
            "{} on a {} stone",
            m.name(),
            if c == Color::Black { "black" } else { "white" }
        ),
        (Some(m), None) => m.name().to_string(),
        (None, Some(Color::Black)) => "black stone".into(),
        (None, Some(Color::White)) => "white stone".into(),
        (None, None) => "circle".into(),
    };
    let shape = match mark {
        Some(Mark::Triangle) => r#"<path d="M10 4L15.5 13.5H4.5Z"/>"#,
        Some(Mark::Square) => r#"<rect x="5.5" y="5.5" width="9" height="9"/>"#,
        Some(Mark::Circle) => r#"<circle cx="10" cy="10" r="4.5"/>"#,
        Some(Mark::Cross) => r#"<path d="M6 6L14 14M14 6L6 14"/>"#,
        Some(Mark::Diamond) => r#"<path d="M10 4.5L15.5 10L10 15.5L4.5 10Z"/>"#,
        // `^O` of neither colour is a small circle, not a white stone (`^Ow`).
        None if color.is_none() => r#"<circle cx="10" cy="10" r="5"/>"#,
        None => "",
    };
    html! {
        svg.gb.gb-sym xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20" width="20" height="20" role="img" aria-label=(name) {
            @if let Some(cls) = stone {
                circle class=(cls) cx="10" cy="10" r="8.6" stroke-width="1" {}
            }
            @if !shape.is_empty() {
                g class=(mark_class) fill="none" stroke-width="1.6" { (PreEscaped(shape)) }
            }
        }
    }
}
