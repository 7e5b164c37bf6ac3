//! The page model's blocks as markup: paragraphs and headings with their formats,
//! diagram groups and rows, boxes, images, buy buttons and includes. Every text from
//! the book goes through maud's escaping.

use crate::format::schema::ParaKind;
use crate::i18n::{self, html_lang};
use crate::layout::links::{link_href, LinkContext};
use crate::layout::page::{Block, Content, Figure, ImageBlock, InlineFigure, Para};
use crate::markup::{answers, img, interactive, rich, Dialect};
use crate::resolve::caption::CaptionLines;
use crate::resolve::model::Book;
use maud::{html, Markup, PreEscaped};
use std::collections::HashMap;
use std::sync::Arc;

/// What writing a page's blocks needs besides the blocks.
pub struct Writer<'a> {
    /// The resolved book (diagrams' data for the script).
    pub book: &'a Book,
    /// Where links lead from this page.
    pub links: &'a LinkContext<'a>,
    /// HTML or XHTML.
    pub dialect: Dialect,
    /// Inline SVG of the page's diagrams in its language: `svgs[diagram - svgs_from]`.
    pub svgs: &'a [Arc<str>],
    /// The index in [`Book::diagrams`] of the first diagram in `svgs`.
    pub svgs_from: usize,
    /// Included files, already written, by the URL the book names them with.
    pub includes: Option<&'a HashMap<String, Markup>>,
    /// The shop address of buy buttons (`{sku}` replaced), from `gobook.toml`.
    pub buy_url: Option<&'a str>,
}

impl Writer<'_> {
    fn lang(&self) -> &str {
        &self.links.plan.lang
    }

    /// The inline SVG of diagram `d`.
    fn svg(&self, d: usize) -> PreEscaped<&str> {
        let svg = d.checked_sub(self.svgs_from).and_then(|i| self.svgs.get(i));
        // Every page is given the diagrams it shows; an empty board would hide a bug.
        debug_assert!(
            svg.is_some(),
            "diagram {d} is not among the SVG of this page"
        );
        PreEscaped(svg.map_or("", |s| s))
    }

    fn text(&self, rich: &[crate::resolve::text::Rich]) -> Markup {
        rich::render(rich, self.links, self.dialect)
    }
}

fn ui(key: &str, lang: &str) -> &'static str {
    i18n::ui(key, lang).unwrap_or("")
}

/// Writes a page's blocks.
pub fn blocks(w: &Writer, blocks: &[Block]) -> Markup {
    html! {
        @for b in blocks {
            @match b {
                Block::Para(p) => (para(w, p)),
                Block::Boxed(ps) => div.gb-box { @for p in ps { (para(w, p)) } },
                Block::Group { figure: f, text } => {
                    div.gb-group.gb-group-full[f.width == "full"] {
                        (figure(w, f))
                        @if !text.is_empty() { div.gb-group-text { @for p in text { (para(w, p)) } } }
                    }
                }
                Block::Row(figs) => div.gb-row { @for f in figs { (figure(w, f)) } },
                Block::Image(i) => (image(w, i)),
                Block::Buy { sku } => (buy(w, sku)),
                Block::Include { url } => {
                    @if let Some(m) = w.includes.and_then(|i| i.get(url)) {
                        div.gb-include { (m.clone()) }
                    }
                }
            }
        }
    }
}

/// Inline styles from the spacing and indent attributes (1/10 em each).
fn spacing_style(p: &Para) -> String {
    let mut s = String::new();
    let em = |v: i64| format!("{}em", v as f64 / 10.0);
    let before_or_after = p
        .spacing
        .iter()
        .any(|(n, _)| n == "spaceBefore" || n == "spaceAfter");
    for (name, v) in &p.spacing {
        match name.as_str() {
            "spaceBefore" => s.push_str(&format!("margin-top:{};", em(*v))),
            "spaceAfter" => s.push_str(&format!("margin-bottom:{};", em(*v))),
            "paraSpacing" if !before_or_after => {
                s.push_str(&format!("margin-top:{0};margin-bottom:{0};", em(*v)))
            }
            "firstIndent" => s.push_str(&format!("text-indent:{};", em(*v))),
            "hangingIndent" | "leftIndent" => s.push_str(&format!("padding-left:{};", em(*v))),
            "rightIndent" => s.push_str(&format!("padding-right:{};", em(*v))),
            "blockIndent" => s.push_str(&format!("padding-left:{0};padding-right:{0};", em(*v))),
            _ => {}
        }
    }
    if p.tabs > 0 {
        s.push_str(&format!("margin-left:{}em;", p.tabs * 2));
    }
    if let Some(a) = &p.align {
        s.push_str(&format!("text-align:{a};"));
    }
    s
}

fn para(w: &Writer, p: &Para) -> Markup {
    let mut classes = vec![format!("gb-style-{}", p.style)];
    if p.keep_with_next {
        classes.push("gb-keep".into());
    }
    if let Some(br) = &p.brk {
        classes.push(format!("gb-break-{br}"));
    }
    let style = spacing_style(p);
    let style = (!style.is_empty()).then_some(style);
    let content = match &p.content {
        Content::Text(t) => w.text(t),
        Content::Bullet { label, text } => html! {
            span.gb-bullet { (w.text(label)) } span.gb-bullet-text { (w.text(text)) }
        },
    };
    let content = match &p.href {
        Some(t) => match link_href(t, w.links) {
            Some((href, _)) => html! { a.gb-block-link href=(href) { (content) } },
            None => html! { span.gb-link-disabled { (content) } },
        },
        None => content,
    };
    let (id, class) = (&p.anchor, classes.join(" "));
    let lang = p.lang.as_deref().map(html_lang);
    let inner = match p.kind {
        ParaKind::H(1) => {
            html! { h1 id=(id) class=(class) style=[style] lang=[lang] { (content) } }
        }
        ParaKind::H(2) => {
            html! { h2 id=(id) class=(class) style=[style] lang=[lang] { (content) } }
        }
        ParaKind::H(3) => {
            html! { h3 id=(id) class=(class) style=[style] lang=[lang] { (content) } }
        }
        ParaKind::H(4) => {
            html! { h4 id=(id) class=(class) style=[style] lang=[lang] { (content) } }
        }
        ParaKind::H(_) => {
            html! { h5 id=(id) class=(class) style=[style] lang=[lang] { (content) } }
        }
        ParaKind::S(n) => {
            html! { p id=(id) class={ "gb-s" (n) " " (class) } style=[style] lang=[lang] { (content) } }
        }
        ParaKind::P => html! { p id=(id) class=(class) style=[style] lang=[lang] { (content) } },
    };
    let inline = html! { @for f in &p.inline { (inline_figure(w, f)) } };
    if p.hint {
        html! {
            details.gb-hint {
                summary { (ui("show_hint", w.lang())) }
                (inner)
                (inline)
            }
        }
    } else {
        html! { (inner) (inline) }
    }
}

/// An inline diagram, placed after its paragraph: hidden until its link is followed.
fn inline_figure(w: &Writer, f: &InlineFigure) -> Markup {
    let dia = &w.book.diagrams[f.diagram];
    html! {
        aside.gb-inline-fig id=((w.links.inline_anchor)(f.diagram)) data-gb=[interactive::data(dia, w.lang())] {
            (w.svg(f.diagram))
            (figcaption(&f.caption, None, None))
        }
    }
}

/// The caption of a figure. HTML allows a figure's caption only as its first or last
/// child, so a problem's question and solution live inside it.
fn figcaption(l: &CaptionLines, question: Option<Markup>, solution: Option<Markup>) -> Markup {
    html! {
        @if l.caption.is_some() || l.to_play.is_some() || l.from_to.is_some() || l.gaps.is_some() || question.is_some() || solution.is_some() {
            figcaption {
                @if let Some(c) = &l.caption { span.gb-caption { (c) } }
                @if let Some(t) = &l.to_play { span.gb-to-play { (t) } }
                @if let Some(f) = &l.from_to { span.gb-from-to { (f) } }
                @if let Some(g) = &l.gaps { span.gb-gaps { (g) } }
                @if let Some(q) = question { p.gb-question { (q) } }
                @if let Some(sol) = solution { (sol) }
            }
        }
    }
}

fn figure(w: &Writer, f: &Figure) -> Markup {
    let dia = &w.book.diagrams[f.diagram];
    let style = f.width_rem.map(|r| format!("width:{r:.1}rem"));
    let href = f.href.as_ref().and_then(|t| link_href(t, w.links));
    let board = w.svg(f.diagram);
    html! {
        figure id=(f.anchor) class={ "gb-fig gb-" (f.kind) " gb-w-" (f.width) @if let Some(a) = &f.align { " gb-align-" (a) } } style=[style] data-gb=[interactive::data(dia, w.lang())] {
            @if let Some(h) = &f.caption.header { p.gb-header { (h) } }
            @if let Some((h, _)) = &href { a.gb-fig-link href=(h) { (board) } } @else { (board) }
            (figcaption(
                &f.caption,
                f.question.as_ref().map(|q| w.text(q)),
                // The e-book gathers the answers after the chapter, as printed problem books do.
                answers::solution(w.book, f, w.lang()).filter(|_| w.dialect == Dialect::Html),
            ))
        }
    }
}

fn image(w: &Writer, b: &ImageBlock) -> Markup {
    let i = &b.image;
    let src = w.links.local_url(&i.url);
    let width = i.width.as_deref().unwrap_or("full");
    let style = i
        .scale
        .map(|s| format!("width:{}%", (s * 100.0).min(100.0)));
    let classes = format!(
        "gb-img gb-w-{width}{}{}{}{}",
        if i.border { " gb-border" } else { "" },
        if i.shadow { " gb-shadow" } else { "" },
        if i.fill { " gb-fill" } else { "" },
        i.align
            .as_deref()
            .map(|a| format!(" gb-align-{a}"))
            .unwrap_or_default()
    );
    let picture = img(w.dialect, None, &src, &b.alt, style.as_deref(), true);
    let picture = match b.href.as_ref().and_then(|t| link_href(t, w.links)) {
        Some((href, true)) => html! { a href=(href) rel="noopener" { (picture) } },
        Some((href, false)) => html! { a href=(href) { (picture) } },
        None => picture,
    };
    html! {
        figure id=(b.anchor) class=(classes) {
            (picture)
            @if !b.alt.is_empty() { figcaption { span.gb-caption { (b.alt) } } }
        }
    }
}

fn buy(w: &Writer, sku: &str) -> Markup {
    let label = ui("buy_book", w.lang());
    let label = if label.is_empty() { "Buy book" } else { label };
    match w.buy_url {
        Some(u) => {
            html! { p.gb-buy-wrap { a.gb-buy href=(u.replace("{sku}", sku)) rel="noopener" { (label) } } }
        }
        None => {
            html! { p.gb-buy-wrap { span.gb-buy.gb-buy-off title=(format!("SKU {sku}")) { (label) } } }
        }
    }
}

/// The interface words for the script, on pages that have interactive diagrams (empty
/// markup on the others).
pub fn interface_words(body: &Markup, lang: &str) -> Markup {
    html! {
        @if body.0.contains("data-gb=") {
            script #gb-ui type="application/json" { (PreEscaped(interactive::ui_json(lang))) }
        }
    }
}
