//! Pages as HTML (maud): the layout around a chapter, and each block of its flow.
//! Every text from the book goes through maud's escaping.

use crate::check::Checked;
use crate::format::schema::ParaKind;
use crate::i18n;
use crate::resolve::caption::caption_lines;
use crate::resolve::model::{Block, BlockKind, Book, Diagram, Image, Paragraph};
use crate::resolve::shows_in;
use crate::resolve::text::{self, Rich, TextContext};
use crate::site::config::Config;
use crate::site::interactive;
use crate::site::pages::{anchor, Plan};
use crate::site::rich::{self, LinkContext};
use maud::{html, Markup, PreEscaped, DOCTYPE};
use std::collections::HashMap;

/// Everything a page needs that is the same for the whole site.
pub struct Site<'a> {
    /// The book source.
    pub src: &'a str,
    /// The checked book.
    pub checked: &'a Checked,
    /// Plans of every language.
    pub plans: &'a [Plan],
    /// One folder per language.
    pub multi: bool,
    /// `gobook.toml`.
    pub config: &'a Config,
    /// Inline SVG of diagrams per language: `svgs[lang_index][diagram - svgs_from]`. A build
    /// holds only the diagrams of the chapter it writes; `serve` holds them all.
    pub svgs: &'a [Vec<std::sync::Arc<str>>],
    /// The index in [`Book::diagrams`] of the first diagram in `svgs`.
    pub svgs_from: usize,
    /// Rendered includes by URL, per language (same order as `plans`).
    pub includes: &'a [HashMap<String, Markup>],
}

impl Site<'_> {
    fn book(&self) -> &Book {
        &self.checked.resolved.book
    }

    /// The inline SVG of diagram `d` in the language of plan `lang_idx`.
    fn svg(&self, lang_idx: usize, d: usize) -> &str {
        let svg = d
            .checked_sub(self.svgs_from)
            .and_then(|i| self.svgs.get(lang_idx)?.get(i));
        // Every page is given the diagrams it shows; an empty board would hide a bug.
        debug_assert!(
            svg.is_some(),
            "diagram {d} is not among the SVG of this page"
        );
        svg.map_or("", |s| s)
    }
}

fn ui(key: &str, lang: &str) -> &'static str {
    i18n::ui(key, lang).unwrap_or("")
}

/// The text of a chapter's first heading, for navigation.
fn chapter_title(site: &Site, plan: &Plan, ch: usize) -> String {
    let book = site.book();
    let c = &book.chapters[ch];
    for b in c.blocks.iter().filter(|b| shows_in(&b.langs, &plan.lang)) {
        if let BlockKind::Paragraph(p) = &b.kind {
            if matches!(p.kind, ParaKind::H(_)) {
                let t = text::plain(&resolve_text(site, plan, b.element, &p.raw, None));
                let t = t.trim().replace('\n', " ");
                if !t.is_empty() {
                    return t;
                }
            }
        }
    }
    book.info("title", &plan.lang)
        .map(|t| text::resolve_plain(book, t, &plan.lang))
        .unwrap_or_else(|| c.id.clone().unwrap_or_default())
}

/// The title shown for a page in navigation.
pub fn page_title(site: &Site, plan: &Plan, page: usize) -> String {
    match plan.pages[page].chapter {
        Some(c) => chapter_title(site, plan, c),
        None => ui("contents", &plan.lang).to_string(),
    }
}

fn resolve_text(
    site: &Site,
    plan: &Plan,
    element: usize,
    raw: &crate::format::syntax::Text,
    reference: Option<usize>,
) -> Vec<Rich> {
    let ctx = TextContext {
        src: site.src,
        resolved: &site.checked.resolved,
        links: &site.checked.links,
        element,
        lang: &plan.lang,
        reference,
    };
    text::resolve(&ctx, raw, &mut Default::default())
}

/// Renders page `page` of the language planned by `plan_idx`.
pub fn page(site: &Site, plan_idx: usize, page: usize) -> String {
    let plan = &site.plans[plan_idx];
    let lang = plan.lang.as_str();
    let book = site.book();
    let root = if site.multi { "../" } else { "" };
    let book_title = book
        .info("title", lang)
        .map(|t| text::resolve_plain(book, t, lang))
        .unwrap_or_else(|| book.id.clone());
    let this_title = page_title(site, plan, page);
    let chapter = plan.pages[page].chapter;
    let inline_anchor = |d: usize| format!("gb-inline-{d}");
    let cx = LinkContext {
        plan,
        all: site.plans,
        chapter,
        multi: site.multi,
        inline_anchor: &inline_anchor,
        root,
        renamed: &[],
    };
    let prev = page.checked_sub(1);
    let next = (page + 1 < plan.pages.len()).then_some(page + 1);
    let body = match chapter {
        Some(c) => chapter_body(site, plan, plan_idx, c, &cx),
        None => contents(site, plan),
    };
    let title = if page == 0 {
        book_title.clone()
    } else {
        format!("{this_title} – {book_title}")
    };
    let markup = html! {
        (DOCTYPE)
        html lang=(html_lang(lang)) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) }
                meta name="generator" content={ "gobook " (env!("CARGO_PKG_VERSION")) };
                link rel="stylesheet" href={ (root) "style.css" };
                script src={ (root) "gobook.js" } defer {}
            }
            body.gb-page data-gb-lang=[site.multi.then_some(lang)] {
                a.gb-skip href="#main" { (ui("skip_to_content", lang).trim()) }
                header.gb-top {
                    a.gb-book-title href="index.html" { (book_title) }
                    nav.gb-top-nav aria-label="Book" {
                        @if let Some(ci) = plan.contents {
                            a href=(plan.pages[ci].file) { (ui("contents", lang)) }
                        }
                        @if book.languages.len() > 1 {
                            span.gb-langs aria-label=(ui("language", lang)) {
                                @for l in &book.languages {
                                    @if l == lang {
                                        span.gb-lang-current aria-current="true" lang=(html_lang(l)) { (i18n::language_name(l)) }
                                    } @else if let Some(h) = cx.language_href(l) {
                                        a.gb-lang href=(h) hreflang=(html_lang(l)) lang=(html_lang(l)) data-lang=(l) { (i18n::language_name(l)) }
                                    }
                                }
                            }
                        }
                    }
                }
                main.gb-main #main {
                    (body)
                }
                nav.gb-pager aria-label="Pages" {
                    @if let Some(p) = prev {
                        a.gb-prev rel="prev" href=(plan.pages[p].file) {
                            span.gb-pager-dir { "← " (ui("previous", lang)) }
                            span.gb-pager-title { (page_title(site, plan, p)) }
                        }
                    }
                    @if let Some(n) = next {
                        a.gb-next rel="next" href=(plan.pages[n].file) {
                            span.gb-pager-dir { (ui("next", lang)) " →" }
                            span.gb-pager-title { (page_title(site, plan, n)) }
                        }
                    }
                }
                footer.gb-footer {
                    @if let Some(c) = book.info("copyright", lang) {
                        p { (text::resolve_plain(book, c, lang)) }
                    }
                }
                (interface_words(&body, lang))
            }
        }
    };
    markup.into_string()
}

/// The interface words for the script, on pages that have interactive diagrams (empty
/// markup on the others). The e-book's chapters use it too.
pub(crate) fn interface_words(body: &Markup, lang: &str) -> Markup {
    html! {
        @if body.0.contains("data-gb=") {
            script #gb-ui type="application/json" { (PreEscaped(interactive::ui_json(lang))) }
        }
    }
}

/// BCP 47 tags for the spec's language codes.
pub fn html_lang(l: &str) -> &str {
    match l {
        "cn" => "zh-Hans",
        "tw" => "zh-Hant",
        "po" => "pl",
        "ui" => "en",
        other => other,
    }
}

/// The generated table of contents.
fn contents(site: &Site, plan: &Plan) -> Markup {
    html! {
        h2.gb-h2 { (ui("contents", &plan.lang)) }
        ol.gb-toc {
            @for (i, p) in plan.pages.iter().enumerate().skip(1) {
                @if p.chapter.is_some() {
                    li { a href=(p.file) { (page_title(site, plan, i)) } }
                }
            }
        }
    }
}

/// The blocks of a chapter: diagrams grouped with the paragraphs that describe them.
pub fn chapter_body(
    site: &Site,
    plan: &Plan,
    plan_idx: usize,
    ch: usize,
    cx: &LinkContext,
) -> Markup {
    let book = site.book();
    let blocks: Vec<&Block> = book.chapters[ch]
        .blocks
        .iter()
        .filter(|b| shows_in(&b.langs, &plan.lang))
        .collect();
    let mut out = String::new();
    let mut i = 0;
    while i < blocks.len() {
        let b = blocks[i];
        match &b.kind {
            BlockKind::Diagram(d)
                if matches!(book.diagrams[*d].width.as_str(), "half" | "third") =>
            {
                // Half and third width diagrams stand side by side.
                let mut row = String::new();
                while i < blocks.len() {
                    match &blocks[i].kind {
                        BlockKind::Diagram(d)
                            if matches!(book.diagrams[*d].width.as_str(), "half" | "third") =>
                        {
                            row.push_str(
                                &figure(site, plan, plan_idx, blocks[i], *d, cx).into_string(),
                            );
                            i += 1;
                        }
                        _ => break,
                    }
                }
                out.push_str(&html! { div.gb-row { (PreEscaped(row)) } }.into_string());
                continue;
            }
            BlockKind::Diagram(d) => {
                // A diagram and the paragraphs that refer to it sit side by side on wide screens.
                let fig = figure(site, plan, plan_idx, b, *d, cx);
                let mut text = String::new();
                let mut k = i + 1;
                while k < blocks.len() {
                    match &blocks[k].kind {
                        BlockKind::Paragraph(p)
                            if p.kind == ParaKind::P && p.reference == Some(*d) =>
                        {
                            text.push_str(
                                &paragraph(site, plan, plan_idx, blocks[k], p, cx).into_string(),
                            );
                            k += 1;
                        }
                        _ => break,
                    }
                }
                let full = book.diagrams[*d].width == "full";
                out.push_str(
                    &html! {
                        section.gb-group.gb-group-full[full] {
                            (fig)
                            @if !text.is_empty() { div.gb-group-text { (PreEscaped(text)) } }
                        }
                    }
                    .into_string(),
                );
                i = k;
                continue;
            }
            BlockKind::Paragraph(p) if p.boxed => {
                let mut inner = String::new();
                while i < blocks.len() {
                    match &blocks[i].kind {
                        BlockKind::Paragraph(p) if p.boxed => {
                            inner.push_str(
                                &paragraph(site, plan, plan_idx, blocks[i], p, cx).into_string(),
                            );
                            i += 1;
                        }
                        _ => break,
                    }
                }
                out.push_str(&html! { div.gb-box { (PreEscaped(inner)) } }.into_string());
                continue;
            }
            BlockKind::Paragraph(p) => {
                out.push_str(&paragraph(site, plan, plan_idx, b, p, cx).into_string())
            }
            BlockKind::Image(img) => out.push_str(&image(site, b, img, cx).into_string()),
            BlockKind::Buy { sku } => out.push_str(&buy(site, sku, &plan.lang).into_string()),
            BlockKind::Include { url } => {
                if let Some(m) = site.includes.get(plan_idx).and_then(|i| i.get(url)) {
                    out.push_str(&html! { div.gb-include { (m.clone()) } }.into_string());
                }
            }
        }
        i += 1;
    }
    PreEscaped(out)
}

/// Inline styles from the spacing and indent attributes (1/10 em each).
fn spacing_style(p: &Paragraph, tabs: usize) -> String {
    let mut s = String::new();
    let em = |v: i64| format!("{}em", v as f64 / 10.0);
    for (name, v) in &p.spacing {
        match name.as_str() {
            "spaceBefore" => s.push_str(&format!("margin-top:{};", em(*v))),
            "spaceAfter" => s.push_str(&format!("margin-bottom:{};", em(*v))),
            "paraSpacing"
                if !p
                    .spacing
                    .iter()
                    .any(|(n, _)| n == "spaceBefore" || n == "spaceAfter") =>
            {
                s.push_str(&format!("margin-top:{0};margin-bottom:{0};", em(*v)))
            }
            "firstIndent" => s.push_str(&format!("text-indent:{};", em(*v))),
            "hangingIndent" | "leftIndent" => s.push_str(&format!("padding-left:{};", em(*v))),
            "rightIndent" => s.push_str(&format!("padding-right:{};", em(*v))),
            "blockIndent" => s.push_str(&format!("padding-left:{0};padding-right:{0};", em(*v))),
            _ => {}
        }
    }
    if tabs > 0 {
        s.push_str(&format!("margin-left:{}em;", tabs * 2));
    }
    if let Some(a) = &p.align {
        s.push_str(&format!("text-align:{a};"));
    }
    s
}

fn paragraph(
    site: &Site,
    plan: &Plan,
    _plan_idx: usize,
    b: &Block,
    p: &Paragraph,
    cx: &LinkContext,
) -> Markup {
    let mut rich = resolve_text(site, plan, b.element, &p.raw, p.reference);
    let id = anchor(b.id.as_deref(), b.element);
    // Leading tabs indent block, hanging and indent paragraphs by the standard amount each.
    let tabs = if matches!(p.style.as_str(), "block" | "hanging" | "indent") {
        strip_leading_tabs(&mut rich)
    } else {
        0
    };
    let mut classes = vec![format!("gb-style-{}", p.style)];
    if p.keep_with_next {
        classes.push("gb-keep".into());
    }
    // The spec's default breaks: a page before h1 and h2, a column before h3.
    let default_break = match p.kind {
        ParaKind::H(1) | ParaKind::H(2) => Some("page"),
        ParaKind::H(3) => Some("column"),
        _ => None,
    };
    if let Some(br) = p.brk.as_deref().or(default_break).filter(|b| *b != "none") {
        classes.push(format!("gb-break-{br}"));
    }
    let style = spacing_style(p, tabs);
    let style = (!style.is_empty()).then_some(style);
    let content = if p.style == "bullet" {
        bullet(&rich, cx)
    } else {
        rich::render(&rich, cx)
    };
    let content = match p.href.as_deref() {
        Some(h) => {
            let target = text::link_target(&site.checked.links, b.element, h);
            match rich::link_href(&target, cx) {
                Some((href, _)) => html! { a.gb-block-link href=(href) { (content) } },
                None => html! { span.gb-link-disabled { (content) } },
            }
        }
        None => content,
    };
    let class = classes.join(" ");
    let inner = match p.kind {
        ParaKind::H(1) => html! { h1 id=(id) class=(class) style=[style] { (content) } },
        ParaKind::H(2) => html! { h2 id=(id) class=(class) style=[style] { (content) } },
        ParaKind::H(3) => html! { h3 id=(id) class=(class) style=[style] { (content) } },
        ParaKind::H(4) => html! { h4 id=(id) class=(class) style=[style] { (content) } },
        ParaKind::H(_) => html! { h5 id=(id) class=(class) style=[style] { (content) } },
        ParaKind::S(n) => {
            html! { p id=(id) class={ "gb-s" (n) " " (class) } style=[style] { (content) } }
        }
        ParaKind::P => html! { p id=(id) class=(class) style=[style] { (content) } },
    };
    let inline = inline_figures(site, plan, &rich, cx);
    if p.hint {
        html! {
            details.gb-hint {
                summary { (ui("show_hint", &plan.lang)) }
                (inner)
                (inline)
            }
        }
    } else {
        html! { (inner) (inline) }
    }
}

fn strip_leading_tabs(rich: &mut [Rich]) -> usize {
    if let Some(Rich::Text(t)) = rich.first_mut() {
        let n = t.chars().take_while(|c| *c == '\t').count();
        t.drain(..n);
        n
    } else {
        0
    }
}

/// A bulleted paragraph: the text up to the first tab is the bullet.
fn bullet(rich: &[Rich], cx: &LinkContext) -> Markup {
    let mut head = Vec::new();
    let mut rest = Vec::new();
    let mut found = false;
    for r in rich {
        if found {
            rest.push(r.clone());
            continue;
        }
        match r {
            Rich::Text(t) if t.contains('\t') => {
                let (a, b) = t.split_once('\t').expect("contains a tab");
                if !a.is_empty() {
                    head.push(Rich::Text(a.to_string()));
                }
                if !b.is_empty() {
                    rest.push(Rich::Text(b.to_string()));
                }
                found = true;
            }
            other => head.push(other.clone()),
        }
    }
    if !found {
        return rich::render(rich, cx);
    }
    html! { span.gb-bullet { (rich::render(&head, cx)) } span.gb-bullet-text { (rich::render(&rest, cx)) } }
}

/// Inline diagrams of a paragraph, placed after it: hidden until their link is followed.
fn inline_figures(site: &Site, plan: &Plan, rich: &[Rich], cx: &LinkContext) -> Markup {
    let mut ds = Vec::new();
    collect_inline(rich, &mut ds);
    let lang_idx = site
        .plans
        .iter()
        .position(|p| p.lang == plan.lang)
        .unwrap_or(0);
    html! {
        @for d in ds {
            @let dia = &site.book().diagrams[d];
            aside.gb-inline-fig id=((cx.inline_anchor)(d)) data-gb=[interactive::data(dia)] {
                (PreEscaped(site.svg(lang_idx, d)))
                (figcaption_markup(site.book(), dia, &plan.lang, None))
            }
        }
    }
}

fn collect_inline(rich: &[Rich], out: &mut Vec<usize>) {
    for r in rich {
        match r {
            Rich::Diagram { diagram, content } => {
                out.push(*diagram);
                collect_inline(content, out);
            }
            Rich::Bold(c) | Rich::Italic(c) | Rich::Link { content: c, .. } => {
                collect_inline(c, out)
            }
            _ => {}
        }
    }
}

/// The caption lines of a diagram, and a problem's question after them: HTML allows a
/// figure's caption only as its first or last child, so the question goes inside it.
fn figcaption_markup(book: &Book, d: &Diagram, lang: &str, question: Option<Markup>) -> Markup {
    figcaption_with(book, d, lang, question, None)
}

/// The caption of a figure; it must be the figure's last child, so the question and the
/// problem's solution live inside it.
fn figcaption_with(
    book: &Book,
    d: &Diagram,
    lang: &str,
    question: Option<Markup>,
    solution: Option<Markup>,
) -> Markup {
    let l = caption_lines(book, d, lang);
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

fn figure(
    site: &Site,
    plan: &Plan,
    plan_idx: usize,
    b: &Block,
    d: usize,
    cx: &LinkContext,
) -> Markup {
    let book = site.book();
    let dia = &book.diagrams[d];
    let id = anchor(b.id.as_deref(), b.element);
    let kind = dia.role.name();
    let align = dia.align.as_deref().map(|a| format!("gb-align-{a}"));
    let question = dia
        .text
        .as_ref()
        .map(|t| resolve_text(site, plan, b.element, t, Some(d)));
    let style = figure_width(dia).map(|w| format!("width:{w:.1}rem"));
    let href = site.checked.doc.elements[b.element]
        .attr_value("href")
        .and_then(|h| rich::link_href(&text::link_target(&site.checked.links, b.element, h), cx));
    let board = PreEscaped(site.svg(plan_idx, d));
    html! {
        figure id=(id) class={ "gb-fig gb-" (kind) " gb-w-" (dia.width) @if let Some(a) = &align { " " (a) } } style=[style] data-gb=[interactive::data(dia)] {
            @if let Some((h, _)) = &href { a.gb-fig-link href=(h) { (board) } } @else { (board) }
            (figcaption_with(
                book,
                dia,
                &plan.lang,
                question.filter(|q| !q.is_empty()).map(|q| rich::render(&q, cx)),
                interactive::solution(dia, &plan.lang),
            ))
        }
    }
}

/// Stones keep one size from diagram to diagram, as in a printed book: a board that
/// shows fewer columns gets a narrower figure. None for the full width of its kind.
fn figure_width(d: &Diagram) -> Option<f64> {
    let cols = (d.view.1.col - d.view.0.col + 1) as f64;
    let per_col = if d.width == "dia" { 1.3 } else { 1.55 };
    let full = if d.width == "dia" { 25.0 } else { 30.0 };
    let w = (cols * per_col + 1.2).max(12.0);
    (w < full && matches!(d.width.as_str(), "full" | "dia")).then_some(w)
}

fn image(site: &Site, b: &Block, img: &Image, cx: &LinkContext) -> Markup {
    let alt = img.caption.get(&cx.plan.lang).unwrap_or("");
    let src = cx.local_url(&img.url);
    let width = img.width.as_deref().unwrap_or("full");
    let style = img
        .scale
        .map(|s| format!("width:{}%", (s * 100.0).min(100.0)));
    let classes = format!(
        "gb-img gb-w-{width}{}{}{}{}",
        if img.border { " gb-border" } else { "" },
        if img.shadow { " gb-shadow" } else { "" },
        if img.fill { " gb-fill" } else { "" },
        img.align
            .as_deref()
            .map(|a| format!(" gb-align-{a}"))
            .unwrap_or_default()
    );
    let picture = html! { img src=(src) alt=(alt) style=[style] loading="lazy"; };
    let target = img
        .href
        .as_deref()
        .map(|h| text::link_target(&site.checked.links, b.element, h));
    let picture = match target.as_ref().and_then(|t| rich::link_href(t, cx)) {
        Some((href, true)) => html! { a href=(href) rel="noopener" { (picture) } },
        Some((href, false)) => html! { a href=(href) { (picture) } },
        None => picture,
    };
    html! {
        figure id=(anchor(b.id.as_deref(), b.element)) class=(classes) {
            (picture)
            @if !alt.is_empty() { figcaption { span.gb-caption { (alt) } } }
        }
    }
}

fn buy(site: &Site, sku: &str, lang: &str) -> Markup {
    let label = ui("buy_book", lang);
    let label = if label.is_empty() { "Buy book" } else { label };
    match &site.config.buy_url {
        Some(u) => {
            html! { p.gb-buy-wrap { a.gb-buy href=(u.replace("{sku}", sku)) rel="noopener" { (label) } } }
        }
        None => {
            html! { p.gb-buy-wrap { span.gb-buy.gb-buy-off title=(format!("SKU {sku}")) { (label) } } }
        }
    }
}

/// The content of an included gobook file, in the language of plan `plan_idx`.
pub fn included_body(site: &Site, plan_idx: usize) -> Markup {
    let plan = &site.plans[plan_idx];
    let inline_anchor = |d: usize| format!("gb-inc-inline-{d}");
    let root = if site.multi { "../" } else { "" };
    let cx = LinkContext {
        plan,
        all: site.plans,
        chapter: None,
        multi: site.multi,
        inline_anchor: &inline_anchor,
        root,
        renamed: &[],
    };
    html! {
        @for c in 0..site.book().chapters.len() {
            @if shows_in(&site.book().chapters[c].langs, &plan.lang) {
                (chapter_body(site, plan, plan_idx, c, &cx))
            }
        }
    }
}

/// The root page of a site with several languages: one link per language.
pub fn language_index(site: &Site) -> String {
    let book = site.book();
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (book.info("title", &book.languages[0]).unwrap_or(&book.id)) }
                meta name="generator" content={ "gobook " (env!("CARGO_PKG_VERSION")) };
                link rel="stylesheet" href="style.css";
                script src="gobook.js" defer {}
            }
            body.gb-page data-gb-root {
                main.gb-main.gb-language-index #main {
                    @for l in &book.languages {
                        section lang=(html_lang(l)) {
                            h1 { a href={ (l) "/index.html" } { (book.info("title", l).map(|t| text::resolve_plain(book, t, l)).unwrap_or_else(|| book.id.clone())) } }
                            @if let Some(s) = book.info("subtitle", l) { p.gb-s1 { (text::resolve_plain(book, s, l)) } }
                            p.gb-enter { a href={ (l) "/index.html" } data-lang=(l) { (i18n::language_name(l)) " →" } }
                        }
                    }
                }
            }
        }
    }
    .into_string()
}
