//! Resolved text to HTML: escaped words, emphasis, breaks, board symbols drawn
//! as tiny inline SVG, labels, links and the links that open inline diagrams.

use crate::point::{Color, Mark};
use crate::resolve::text::{LinkTarget, Rich};
use crate::site::pages::Plan;
use maud::{html, Markup, PreEscaped};

/// What links in a page's text need.
pub struct LinkContext<'a> {
    /// The plan of the page's language.
    pub plan: &'a Plan,
    /// Plans of every language, for language links.
    pub all: &'a [Plan],
    /// The chapter of the page (for "this page in another language").
    pub chapter: Option<usize>,
    /// Whether languages live in folders of their own.
    pub multi: bool,
    /// Anchor of each inline diagram on this page, by diagram index.
    pub inline_anchor: &'a dyn Fn(usize) -> String,
    /// The way from this page to the site root ("" or "../").
    pub root: &'a str,
    /// Local files written under another name (book path, written path): e-books
    /// store an image whose name they cannot hold under a clean one.
    pub renamed: &'a [(String, String)],
}

impl LinkContext<'_> {
    /// A local file URL as seen from this page (`root` prepended, under the name the
    /// file is written as); web addresses stay as they are.
    pub fn local_url(&self, url: &str) -> String {
        if is_external(url) {
            return url.to_string();
        }
        let path = url.trim_start_matches("./");
        let path = self
            .renamed
            .iter()
            .find(|(from, _)| from == path)
            .map_or(path, |(_, to)| to.as_str());
        format!("{}{path}", self.root)
    }
}

/// Whether a URL leaves the site (a scheme or a protocol-relative address).
pub fn is_external(url: &str) -> bool {
    url.starts_with("//")
        || url
            .split_once(':')
            .is_some_and(|(s, _)| !s.contains('/') && !s.is_empty())
}

/// Whether a URL from outside gobook text (Markdown includes) may go into the page:
/// the rule of the book's own links ([`classify_href`](crate::format::values::classify_href)),
/// which refuses schemes such as `javascript:`, `data:` and `vbscript:`.
pub fn allowed_url(url: &str) -> bool {
    !matches!(
        crate::format::values::classify_href(url),
        crate::format::values::Href::Refused { .. }
    )
}

impl LinkContext<'_> {
    /// The URL of the current chapter in language `lang`.
    pub fn language_href(&self, lang: &str) -> Option<String> {
        let plan = self.all.iter().find(|p| p.lang == lang)?;
        let file = self
            .chapter
            .and_then(|c| plan.page_of_chapter(c))
            .map(|i| plan.pages[i].file.clone())
            .unwrap_or_else(|| "index.html".into());
        Some(if self.multi {
            format!("../{lang}/{file}")
        } else {
            file
        })
    }
}

/// Renders resolved text.
pub fn render(rich: &[Rich], cx: &LinkContext) -> Markup {
    html! {
        @for r in rich {
            @match r {
                Rich::Text(t) => (t),
                Rich::Bold(c) => strong { (render(c, cx)) },
                Rich::Italic(c) => em { (render(c, cx)) },
                Rich::Break => br;
                Rich::Label(l) => span.gb-label { (l) },
                Rich::Symbol { mark, color } => (symbol(*mark, *color)),
                Rich::Link { target, content } => {
                    @match link_href(target, cx) {
                        Some((href, external)) => {
                            @if external {
                                a href=(href) rel="noopener" { (render(content, cx)) }
                            } @else {
                                a href=(href) { (render(content, cx)) }
                            }
                        }
                        None => span.gb-link-disabled title="not available" { (render(content, cx)) },
                    }
                }
                Rich::Diagram { diagram, content } => {
                    a.gb-dia-link href={ "#" ((cx.inline_anchor)(*diagram)) } data-dia=(diagram) { (render(content, cx)) }
                }
                Rich::Image { image, target } => {
                    @let alt = image.caption.get(&cx.plan.lang).unwrap_or("");
                    @let src = cx.local_url(&image.url);
                    @if let Some((href, _)) = target.as_ref().and_then(|t| link_href(t, cx)) {
                        a href=(href) { img.gb-inline-img src=(src) alt=(alt); }
                    } @else {
                        img.gb-inline-img src=(src) alt=(alt);
                    }
                }
            }
        }
    }
}

/// The URL of a link target and whether it leaves the book; None for disabled links.
pub fn link_href(t: &LinkTarget, cx: &LinkContext) -> Option<(String, bool)> {
    match t {
        LinkTarget::Element(e) => cx.plan.href_of(*e).map(|h| (h, false)),
        LinkTarget::Language(l) => cx.language_href(l).map(|h| (h, false)),
        LinkTarget::External(u) => Some((u.clone(), true)),
        LinkTarget::Disabled => None,
    }
}

/// A board symbol as a tiny inline SVG, styled by the board classes. The namespace
/// is written out so the same markup also works in XHTML (EPUB).
pub fn symbol(mark: Option<Mark>, color: Option<Color>) -> Markup {
    let stone = match color {
        Some(Color::Black) => Some("gb-sb"),
        Some(Color::White) => Some("gb-sw"),
        None if mark.is_none() => Some("gb-sw"),
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
        (None, None) => "stone".into(),
    };
    let shape = match mark {
        Some(Mark::Triangle) => r#"<path d="M10 4L15.5 13.5H4.5Z"/>"#,
        Some(Mark::Square) => r#"<rect x="5.5" y="5.5" width="9" height="9"/>"#,
        Some(Mark::Circle) => r#"<circle cx="10" cy="10" r="4.5"/>"#,
        Some(Mark::Cross) => r#"<path d="M6 6L14 14M14 6L6 14"/>"#,
        Some(Mark::Diamond) => r#"<path d="M10 4.5L15.5 10L10 15.5L4.5 10Z"/>"#,
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
