//! The page model's blocks as markup: paragraphs and headings with their formats,
//! diagram groups and rows, boxes, images, buy buttons and includes. Every text from
//! the book goes through maud's escaping.

use crate::format::schema::ParaKind;
use crate::i18n::{html_lang, ui, UiWord};
use crate::layout::links::{link_href, LinkContext};
use crate::layout::page::{Block, Cell, Content, Figure, ImageBlock, InlineFigure, Para};
use crate::markup::{answers, img, interactive, rich, Dialect};
use crate::resolve::caption::CaptionLines;
use crate::resolve::model::{Book, DiagramWidth, ParaStyle};
use crate::resolve::text::LinkTarget;
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
    /// Included gobook files not spliced into the book, already written, by the URL the
    /// book names them with (a Markdown file is in the page model's blocks).
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

/// Writes a page's blocks.
pub fn blocks(w: &Writer, blocks: &[Block]) -> Markup {
    html! {
        @for run in runs(blocks) {
            @match run {
                Run::Bullets(ps) => (bullets(w, &ps)),
                Run::One(b) => (block(w, b)),
                Run::Images(is) => div.gb-img-row { @for (_, i) in is { (image(w, i)) } },
            }
        }
    }
}

/// Whether a block stands in the diagrams' column beside the text on a wide page: a
/// diagram with text after it, and every problem, so that problems with a hint and without
/// one sit in one column at one size (an imported problem set has no hints).
pub fn beside(b: &Block) -> bool {
    matches!(b, Block::Group { figure, text } if !text.is_empty() || figure.kind == "prb")
}

/// One block of a page.
fn block(w: &Writer, b: &Block) -> Markup {
    html! {
        @match b {
            Block::Para(p) => (para(w, p, None)),
            Block::Boxed(ps) => div.gb-box { (paras(w, ps)) },
            Block::Group { figure: f, text } => {
                div class={ "gb-group" @if f.width == DiagramWidth::Full { " gb-group-full" } @if beside(b) { " gb-with-text" } (break_class(f.brk.as_deref())) } {
                    (figure(w, f))
                    @if !text.is_empty() { div.gb-group-text { (blocks(w, text)) } }
                }
            }
            Block::Row(cells) => {
                div class={ "gb-row gb-row-" (row_justify(cells)) (break_class(cells.first().and_then(|c| c.figure.brk.as_deref()))) } style={ "--gb-cols:" (row_columns(cells)) } {
                    @for c in cells {
                        div class={ "gb-cell gb-w-" (c.figure.width.name()) @if let Some(a) = &c.figure.align { " gb-align-" (a) } } {
                            (figure(w, &c.figure))
                            @if !c.text.is_empty() { div.gb-cell-text { (blocks(w, &c.text)) } }
                        }
                    }
                }
            }
            Block::Image(i) => (image(w, i)),
            Block::Buy { sku } => (buy(w, sku)),
            Block::Include { markdown: Some(doc), .. } => {
                div.gb-include { (super::markdown::markdown(doc, w.dialect, w.links)) }
            }
            Block::Include { url, markdown: None, .. } => {
                @if let Some(m) = w.includes.and_then(|i| i.get(url)) {
                    div.gb-include { (m.clone()) }
                }
            }
        }
    }
}

/// A block, or consecutive bulleted paragraphs that share one hanging indent.
enum Run<'a> {
    Bullets(Vec<&'a Para>),
    One(&'a Block),
    /// Half or third width images side by side (each block with its image).
    Images(Vec<(&'a Block, &'a ImageBlock)>),
}

/// Whether a paragraph lines up with the bulleted paragraphs around it.
fn in_bullets(p: &Para) -> bool {
    p.style == ParaStyle::Bullet && !p.hint && p.kind == ParaKind::P
}

/// Blocks with consecutive bulleted paragraphs gathered.
fn runs(blocks: &[Block]) -> Vec<Run<'_>> {
    let mut out: Vec<Run> = Vec::new();
    for b in blocks {
        match (b, out.last_mut()) {
            (Block::Para(p), Some(Run::Bullets(ps))) if in_bullets(p) => ps.push(p),
            (Block::Para(p), _) if in_bullets(p) => out.push(Run::Bullets(vec![p])),
            (Block::Image(i), Some(Run::Images(is))) if joins_row(is, i) => is.push((b, i)),
            (Block::Image(i), _) if per_row(i).is_some() => out.push(Run::Images(vec![(b, i)])),
            _ => out.push(Run::One(b)),
        }
    }
    // A narrow image alone keeps its own place and `align`.
    out.into_iter()
        .map(|r| match r {
            Run::Images(is) if is.len() == 1 => Run::One(is[0].0),
            r => r,
        })
        .collect()
}

/// How many images of `i`'s width fill a row: 2 halves or 3 thirds; None for the others.
fn per_row(i: &ImageBlock) -> Option<usize> {
    match i.image.width.as_deref() {
        Some("half") => Some(2),
        Some("third") => Some(3),
        _ => None,
    }
}

/// Whether image `i` stands in the row of images `row`, as narrow diagrams share a row:
/// the same width, room left, and no `break` before it.
fn joins_row(row: &[(&Block, &ImageBlock)], i: &ImageBlock) -> bool {
    per_row(i).is_some_and(|n| row.len() < n)
        && row
            .first()
            .is_some_and(|(_, f)| f.image.width == i.image.width)
        && i.brk.is_none()
}

/// Paragraphs (of a box), consecutive bulleted ones sharing one hanging indent.
fn paras(w: &Writer, ps: &[Para]) -> Markup {
    let mut out = String::new();
    let mut i = 0;
    while i < ps.len() {
        let n = ps[i..].iter().take_while(|p| in_bullets(p)).count();
        if n > 0 {
            out.push_str(&bullets(w, &ps[i..i + n].iter().collect::<Vec<_>>()).0);
            i += n;
        } else {
            out.push_str(&para(w, &ps[i], None).0);
            i += 1;
        }
    }
    PreEscaped(out)
}

/// The theme's space between bulleted paragraphs, in 1/10 em (half a paragraph's).
const BULLET_SPACE: i64 = 4;

/// Consecutive bulleted paragraphs: a grid whose first column is as wide as the widest
/// bullet (text or image), so every text starts at the same place, as the spec asks.
/// Grid items' margins do not collapse, so the space between two of them is worked out
/// here: the larger of the one's space after and the next one's space before.
fn bullets(w: &Writer, ps: &[&Para]) -> Markup {
    let em = |v: i64| format!("{}em", v as f64 / 10.0);
    let outer = {
        let mut s = String::new();
        if let Some(v) = ps.first().and_then(|p| p.space.0) {
            s.push_str(&format!("margin-top:{};", em(v)));
        }
        if let Some(v) = ps.last().and_then(|p| p.space.1) {
            s.push_str(&format!("margin-bottom:{};", em(v)));
        }
        (!s.is_empty()).then_some(s)
    };
    html! {
        div.gb-bullets style=[outer] {
            @for (i, p) in ps.iter().enumerate() {
                @let gap = (i > 0).then(|| {
                    let prev = ps[i - 1].space.1.unwrap_or(BULLET_SPACE);
                    let own = p.space.0.unwrap_or(BULLET_SPACE);
                    prev.max(own)
                }).filter(|g| *g != BULLET_SPACE);
                (para(w, p, Some(gap.map(|g| format!("margin-top:{};", em(g))).unwrap_or_default())))
            }
        }
    }
}

/// The columns of a row of narrow diagrams: a half or a third of the column each, less
/// its share of the gaps, so that two halves or three thirds fill a line exactly.
fn row_columns(cells: &[Cell]) -> String {
    let cols: Vec<&str> = cells
        .iter()
        .map(|c| match c.figure.width {
            DiagramWidth::Half => "minmax(0,calc(50% - 0.75rem))",
            _ => "minmax(0,calc(33.333% - 1rem))",
        })
        .collect();
    cols.join(" ")
}

/// Where a row's diagrams sit when they do not fill it, from their `align`: at the left
/// or the right when all say so, apart when the first says left and the last right,
/// else centred.
fn row_justify(cells: &[Cell]) -> &'static str {
    fn align(c: &Cell) -> &str {
        c.figure.align.as_deref().unwrap_or("center")
    }
    let (first, last) = match (cells.first(), cells.last()) {
        (Some(f), Some(l)) => (align(f), align(l)),
        _ => return "center",
    };
    if cells.iter().all(|c| align(c) == "left") {
        "start"
    } else if cells.iter().all(|c| align(c) == "right") {
        "end"
    } else if cells.len() > 1 && first == "left" && last == "right" {
        "between"
    } else {
        "center"
    }
}

/// The class of a `break` before a block (with its leading space), or nothing.
fn break_class(brk: Option<&str>) -> String {
    brk.map(|b| format!(" gb-break-{b}")).unwrap_or_default()
}

/// Inline styles from a paragraph's spacing, indentation and alignment; `bullets`: the
/// margins of a paragraph among bulleted ones, worked out by [`bullets`].
fn para_style(p: &Para, bullets: Option<String>) -> String {
    let em = |v: i64| format!("{}em", v as f64 / 10.0);
    let mut s = String::new();
    match bullets {
        Some(m) => s.push_str(&m),
        None => {
            if let Some(v) = p.space.0 {
                s.push_str(&format!("margin-top:{};", em(v)));
            }
            if let Some(v) = p.space.1 {
                s.push_str(&format!("margin-bottom:{};", em(v)));
            }
        }
    }
    let i = p.indent;
    // Every line but the first starts at the padding; the first is moved from there to
    // its own indent, which the spec measures from the margin.
    if i.rest != 0 {
        s.push_str(&format!("padding-left:{};", em(i.rest)));
    }
    if i.first != i.rest {
        s.push_str(&format!("text-indent:{};", em(i.first - i.rest)));
    }
    if i.right != 0 {
        s.push_str(&format!("padding-right:{};", em(i.right)));
    }
    if let Some(a) = &p.align {
        s.push_str(&format!("text-align:{a};"));
    }
    s
}

/// A paragraph; `bullets`: its margins among bulleted paragraphs.
fn para(w: &Writer, p: &Para, bullets: Option<String>) -> Markup {
    let mut classes = vec![format!("gb-style-{}", p.style.name())];
    if p.keep_with_next {
        classes.push("gb-keep".into());
    }
    if let Some(br) = &p.brk {
        classes.push(format!("gb-break-{br}"));
    }
    // A heading tagged a level above its own (`layout::headings`) keeps its own level's look.
    let kind = match p.kind {
        ParaKind::H(own) if p.tag_level != own => {
            classes.push(format!("gb-h{own}"));
            ParaKind::H(p.tag_level)
        }
        kind => kind,
    };
    let style = para_style(p, bullets);
    let style = (!style.is_empty()).then_some(style);
    // A paragraph that links somewhere is one link: the links in its text stay text,
    // since a link inside a link is neither valid nor tappable.
    let linked = p.href.is_some();
    let text = |t: &[crate::resolve::text::Rich]| {
        if linked {
            rich::render_unlinked(t, w.links, w.dialect)
        } else {
            w.text(t)
        }
    };
    let content = match &p.content {
        Content::Text(t) => text(t),
        Content::Bullet { label, text: t } => html! {
            span.gb-bullet { (text(label)) } span.gb-bullet-text { (text(t)) }
        },
    };
    let content = match &p.href {
        Some(t) => match link_href(t, w.links) {
            Some((href, _)) => html! { a.gb-block-link href=(href) { (content) } },
            // In the book but not in this edition: the words without the link.
            None if matches!(t, LinkTarget::Element(_)) => content,
            None => html! { span.gb-link-disabled { (content) } },
        },
        None => content,
    };
    let (id, class) = (&p.anchor, classes.join(" "));
    let lang = p.lang.as_deref().map(html_lang);
    let inner = match kind {
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
    // The inline diagrams of a linked paragraph have no link to open them.
    let inline = html! { @if !linked { @for f in &p.inline { (inline_figure(w, f)) } } };
    if !p.hint {
        return html! { (inner) (inline) };
    }
    match w.dialect {
        Dialect::Html => html! {
            details.gb-hint {
                summary { (ui(UiWord::ShowHint, w.lang())) }
                (inner)
                (inline)
            }
        },
        // An e-book prints the hint under its name, as a printed book does: calibre's PDF of
        // an AZW3 (the route to Kindle) drew a closed `<details>` as its summary alone, and
        // "Show hint" would name a button that is not there.
        Dialect::Xhtml => html! {
            div.gb-hint {
                p.gb-hint-title { (ui(UiWord::Hint, w.lang())) }
                (inner)
                (inline)
            }
        },
    }
}

/// An inline diagram, placed after its paragraph: hidden until its link is followed.
fn inline_figure(w: &Writer, f: &InlineFigure) -> Markup {
    let dia = &w.book.diagrams[f.diagram];
    html! {
        aside.gb-inline-fig id=((w.links.inline_anchor)(f.diagram)) data-gb=[interactive::data(w.book, dia, w.lang())] {
            (w.svg(f.diagram))
            (figcaption(&f.caption, None, None))
        }
    }
}

/// The caption of a figure. HTML allows a figure's caption only as its first or last
/// child, so a problem's question and solution live inside it (and a player's comments,
/// `markup::player`, in the solution's place).
pub(crate) fn figcaption(
    l: &CaptionLines,
    question: Option<Markup>,
    solution: Option<Markup>,
) -> Markup {
    html! {
        @if l.caption.is_some() || l.to_play.is_some() || l.from_to.is_some() || l.gaps.is_some() || question.is_some() || solution.is_some() {
            figcaption {
                @if let Some(c) = &l.caption { span.gb-caption lang=[l.caption_lang.as_deref().map(crate::i18n::html_lang)] { (c) } }
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
    // The one sizing rule (layout::sizing): the style sheet caps a board at this share of
    // the measure, and at its column.
    let style = Some(format!("--gb-share:{}", board_share_css(f.width)));
    let href = f.href.as_ref().and_then(|t| link_href(t, w.links));
    let board = w.svg(f.diagram);
    // A diagram that links somewhere is one link and nothing else (the spec disables
    // every other interaction): no replay data for the script, no solution to unfold.
    let linked = f.href.is_some();
    let data = if linked {
        None
    } else {
        interactive::data(w.book, dia, w.lang())
    };
    html! {
        figure id=(f.anchor) class={ "gb-fig gb-" (f.kind) " gb-w-" (f.width.name()) @if let Some(a) = &f.align { " gb-align-" (a) } @if linked { " gb-linked" } } style=[style] data-gb=[data] {
            @if let Some(h) = &f.caption.header { p.gb-header lang=[f.caption.header_lang.as_deref().map(crate::i18n::html_lang)] { (h) } }
            @if let Some((h, _)) = &href { a.gb-fig-link href=(h) { (board) } }
            @else if linked { span.gb-link-disabled { (board) } }
            @else { (board) }
            (figcaption(
                &f.caption,
                f.question.as_ref().map(|q| w.text(q)),
                // The e-book gathers the answers after the chapter, as printed problem books do.
                answers::solution(w.book, f, w.lang()).filter(|_| w.dialect == Dialect::Html && !linked),
            ))
        }
    }
}

/// A board's share of the column (`layout::sizing::board_share`) as a CSS number.
fn board_share_css(width: DiagramWidth) -> String {
    let s = format!("{:.4}", crate::layout::sizing::board_share(width));
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn image(w: &Writer, b: &ImageBlock) -> Markup {
    let i = &b.image;
    let src = w.links.local_url(&i.url);
    let width = i.width.as_deref().unwrap_or("full");
    // `scale` is relative to the image's natural size (zoom), and the column still caps
    // it (a percentage `max-width` is not zoomed); with a width, it is relative to that width.
    let style = i.scale.map(|s| s.0).filter(|s| *s > 0.0).map(|s| {
        if i.width.is_some() {
            format!("width:{}%", (s * 100.0).min(100.0))
        } else {
            format!("zoom:{s}")
        }
    });
    let classes = format!(
        "gb-img gb-w-{width}{}{}{}{}{}",
        if i.border { " gb-border" } else { "" },
        if i.shadow { " gb-shadow" } else { "" },
        if i.fill { " gb-fill" } else { "" },
        i.align
            .as_deref()
            .map(|a| format!(" gb-align-{a}"))
            .unwrap_or_default(),
        break_class(b.brk.as_deref()),
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
    let label = ui(UiWord::BuyBook, w.lang());
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
