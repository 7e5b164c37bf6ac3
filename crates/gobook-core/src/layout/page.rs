//! The page model: a chapter in one language as the blocks a reader meets, in order:
//! headings and paragraphs with their formats, diagrams grouped with the text that
//! describes them, rows of narrow diagrams, boxes, images, problems with their answers.
//!
//! Every writer (the site's HTML, the e-book's XHTML, print next) writes these blocks in
//! its own markup; what goes together, what text shows and where a link leads is decided
//! here once. Text stays resolved but unwritten ([`Rich`]), and a link stays a
//! [`LinkTarget`]: URLs depend on the writer's file names.

use crate::check::Checked;
use crate::format::schema::{DiagramKind, ParaKind};
use crate::i18n::{self, UiWord};
use crate::layout::answers::Answer;
use crate::layout::plan::{anchor, Plan};
use crate::layout::reads::Reader;
use crate::resolve::caption::CaptionLines;
use crate::resolve::model::{
    Block as BookBlock, BlockKind, Book, DiagramRole, DiagramWidth, Image, ParaStyle, Paragraph,
};
use crate::resolve::text::{self, LinkTarget, Rich};

/// What a chapter's blocks are made from: the checked book, in one language.
pub struct Source<'a> {
    /// The checked book.
    pub checked: &'a Checked,
    /// The language of the page.
    pub lang: &'a str,
}

impl Source<'_> {
    /// The resolved book.
    pub fn book(&self) -> &Book {
        &self.checked.resolved.book
    }

    /// The text `raw` of element `element` resolved in this language.
    pub fn text(
        &self,
        element: usize,
        raw: &crate::format::syntax::Text,
        reference: Option<usize>,
    ) -> Vec<Rich> {
        super::reads::resolve(self.checked, self.lang, element, raw, reference).to_vec()
    }
}

/// One block of a page.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Block {
    /// A paragraph, heading or subtitle.
    Para(Para),
    /// Consecutive boxed paragraphs: one box around them all.
    Boxed(Vec<Para>),
    /// A diagram and the paragraphs that refer to it, side by side on wide screens.
    Group {
        /// The diagram.
        figure: Figure,
        /// Its paragraphs (possibly none): [`Block::Para`] and [`Block::Boxed`] only.
        text: Vec<Block>,
    },
    /// Half and third width diagrams standing side by side, each with its own text, as
    /// many as fit in one line (two halves, three thirds).
    Row(Vec<Cell>),
    /// An image.
    Image(ImageBlock),
    /// A buy button for a book SKU.
    Buy {
        /// The SKU.
        sku: String,
    },
    /// An included file, by the URL the book names it with.
    Include {
        /// The `::include` element's index in the document.
        element: usize,
        /// The URL.
        url: String,
        /// A Markdown file's document, read once for every writer; None for a gobook file
        /// (spliced into the book by the check, this is one that could not be) and for a
        /// file that could not be read (the check of the book's files reports it).
        markdown: Option<std::sync::Arc<crate::layout::markdown::Document>>,
    },
}

/// A paragraph, heading or subtitle, with everything that formats it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Para {
    /// The element's index in the document.
    pub element: usize,
    /// Its anchor on the page.
    pub anchor: String,
    /// p, h1..h5, s1, s2: a heading's own level, which sets its size.
    pub kind: ParaKind,
    /// The level every edition tags a heading at among the page's ([`super::headings`]):
    /// its own, unless it would skip one; 0 for a paragraph or subtitle.
    pub tag_level: u8,
    /// The paragraph style in force (`text`, `bullet`, `block`, ...).
    pub style: ParaStyle,
    /// Keep with the next block.
    pub keep_with_next: bool,
    /// The break before it: its own `break`, else the spec's default for its kind; never `none`.
    pub brk: Option<String>,
    /// Space before and after in 1/10 em where the book sets it (`spaceBefore`,
    /// `spaceAfter`, `paraSpacing`); None leaves the theme's spacing for its kind and style.
    pub space: (Option<i64>, Option<i64>),
    /// Indentation from the style, leading tabs and the indent attributes.
    pub indent: Indent,
    /// `align`.
    pub align: Option<String>,
    /// The text.
    pub content: Content,
    /// Where the whole paragraph links to.
    pub href: Option<LinkTarget>,
    /// Hidden until asked for.
    pub hint: bool,
    /// The inline diagrams its text opens, in order.
    pub inline: Vec<InlineFigure>,
    /// The language of its text when it differs from the page's: untagged text is in
    /// the book's own language (its first), also on the pages of its other languages.
    pub lang: Option<String>,
}

/// One diagram of a [`Block::Row`] and the paragraphs under it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cell {
    /// The diagram.
    pub figure: Figure,
    /// Its paragraphs: [`Block::Para`] and [`Block::Boxed`] only.
    pub text: Vec<Block>,
}

/// A paragraph's indentation in 1/10 em: its first line and its other lines from the
/// left margin, and its right side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Indent {
    /// The first line.
    pub first: i64,
    /// Every line but the first.
    pub rest: i64,
    /// The right side.
    pub right: i64,
}

/// The spec's standard indentation, two em, in 1/10 em.
pub const STANDARD_INDENT: i64 = 20;

/// The text of a paragraph.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Content {
    /// Running text.
    Text(Vec<Rich>),
    /// A bulleted paragraph: the bullet (the text up to the first tab) and the rest.
    Bullet {
        /// The bullet.
        label: Vec<Rich>,
        /// The text after it.
        text: Vec<Rich>,
    },
}

/// An inline diagram, shown when the text that opens it is followed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct InlineFigure {
    /// Index into [`Book::diagrams`].
    pub diagram: usize,
    /// Its caption lines.
    pub caption: CaptionLines,
}

/// A diagram on the page.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Figure {
    /// Index into [`Book::diagrams`].
    pub diagram: usize,
    /// The element's anchor on the page.
    pub anchor: String,
    /// fig, dia, var, prb.
    pub kind: &'static str,
    /// full, half, third or dia.
    pub width: DiagramWidth,
    /// `align`.
    pub align: Option<String>,
    /// The lines under the board.
    pub caption: CaptionLines,
    /// A problem's question (its text), when it has one.
    pub question: Option<Vec<Rich>>,
    /// Where the whole diagram links to.
    pub href: Option<LinkTarget>,
    /// A problem's answers, correct ones first.
    pub answers: Vec<Answer>,
    /// The `break` before it, when it sets one (never `none`).
    pub brk: Option<String>,
}

/// An image block.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ImageBlock {
    /// The element's anchor on the page.
    pub anchor: String,
    /// The image.
    pub image: Image,
    /// Its caption in this language, also its description.
    pub alt: String,
    /// Where it links to.
    pub href: Option<LinkTarget>,
    /// The `break` before it, when it sets one (never `none`).
    pub brk: Option<String>,
}

/// The blocks of chapter `ch` in the source's language.
pub fn chapter(s: &Source, ch: usize) -> Vec<Block> {
    blocks(&Reader::new(
        s.checked,
        s.lang,
        ch,
        &[],
        &crate::layout::markdown::Includes::default(),
        false,
    ))
}

/// The blocks of the reader's chapter, made from what `s` reads alone (see [`Reader`]).
pub(super) fn blocks(s: &Reader) -> Vec<Block> {
    let blocks = s.blocks();
    // Half and third width diagrams share a row: their share of the column (layout::sizing).
    let share = |d: usize| match s.diagram(d).width {
        w @ (DiagramWidth::Half | DiagramWidth::Third) => {
            Some(crate::layout::sizing::board_share(w))
        }
        DiagramWidth::Full | DiagramWidth::Dia => None,
    };
    let mut out = Vec::new();
    let mut i = 0;
    // Whether the block before is a paragraph: the text style indents only a paragraph
    // that follows another, never the first after a heading, a diagram or an image.
    let mut after_text = false;
    while i < blocks.len() {
        let b = blocks[i];
        match &b.kind {
            BlockKind::Diagram(d) if share(*d).is_some() => {
                // Narrow diagrams stand side by side, each with the text that describes it,
                // as many as fit in one line; a diagram with a `break` starts a new line.
                let mut row: Vec<Cell> = Vec::new();
                let mut filled = 0.0;
                while let Some(&BlockKind::Diagram(d)) = blocks.get(i).map(|b| &b.kind) {
                    let Some(part) = share(d) else { break };
                    let figure = figure(s, blocks[i], d);
                    if !row.is_empty() && (filled + part > 1.0 + 1e-9 || figure.brk.is_some()) {
                        out.push(Block::Row(std::mem::take(&mut row)));
                        filled = 0.0;
                    }
                    i += 1;
                    let mut after = false;
                    let text = paragraphs(s, &blocks, &mut i, &mut after, |p| describes(p, d));
                    after_text = after;
                    row.push(Cell { figure, text });
                    filled += part;
                }
                out.push(Block::Row(row));
            }
            BlockKind::Diagram(d) => {
                i += 1;
                let figure = figure(s, b, *d);
                after_text = false;
                let text = paragraphs(s, &blocks, &mut i, &mut after_text, |p| describes(p, *d));
                out.push(Block::Group { figure, text });
            }
            BlockKind::Paragraph(_) => {
                out.extend(paragraphs(s, &blocks, &mut i, &mut after_text, |_| true));
            }
            BlockKind::Image(img) => {
                i += 1;
                after_text = false;
                out.push(Block::Image(ImageBlock {
                    anchor: anchor(b.id.as_deref(), b.element),
                    alt: img.caption.get(s.lang()).unwrap_or("").to_string(),
                    href: img.href.as_deref().map(|h| s.link(b.element, h)),
                    image: img.clone(),
                    brk: own_break(s, b.element),
                }));
            }
            BlockKind::Buy { sku } => {
                i += 1;
                out.push(Block::Buy { sku: sku.clone() });
            }
            BlockKind::Include { url } => {
                i += 1;
                after_text = false;
                out.push(Block::Include {
                    element: b.element,
                    url: url.clone(),
                    markdown: s.markdown(url),
                });
            }
        }
    }
    super::headings::level(&mut out);
    // Held for the whole build, a page's blocks take no more than they hold (the slack
    // of a vector grown a block at a time was a fifth of a long book's laid-out pages).
    out.shrink_to_fit();
    out
}

/// Whether paragraph `p` describes diagram `d` and so stands beside it: a plain paragraph
/// that refers to it, unless `break=line` ends the text that wraps around the diagram.
fn describes(p: &Paragraph, d: usize) -> bool {
    p.kind == ParaKind::P && p.reference == Some(d) && p.brk.as_deref() != Some("line")
}

/// The paragraphs from `blocks[*i]` on while `takes` accepts them, consecutive boxed ones
/// in one box. `after_text` says whether the block before is a paragraph, and is left
/// saying whether the last one taken is.
fn paragraphs(
    s: &Reader,
    blocks: &[&BookBlock],
    i: &mut usize,
    after_text: &mut bool,
    takes: impl Fn(&Paragraph) -> bool,
) -> Vec<Block> {
    let mut out = Vec::new();
    while let Some(BlockKind::Paragraph(p)) = blocks.get(*i).map(|b| &b.kind) {
        if !takes(p) {
            break;
        }
        let made = para(s, blocks[*i], p, *after_text);
        *after_text = p.kind == ParaKind::P;
        *i += 1;
        match out.last_mut() {
            Some(Block::Boxed(ps)) if p.boxed => ps.push(made),
            _ if p.boxed => out.push(Block::Boxed(vec![made])),
            _ => out.push(Block::Para(made)),
        }
    }
    // Held for the whole build (see `blocks`).
    out.shrink_to_fit();
    out
}

/// The `break` an element sets itself, unless `none`.
fn own_break(s: &Reader, element: usize) -> Option<String> {
    s.attr(element, "break").filter(|b| *b != "none")
}

/// The indentation of a paragraph in style `style` with `tabs` leading tabs and the
/// indent attributes `spacing`: the style's, then `blockIndent`, `leftIndent` and the
/// three single ones, each more specific than the one before; leading tabs make the left
/// indent a standard indent each. `after_text`: a paragraph in the text style that follows another indents its
/// first line by 1 em.
pub fn indent(
    style: ParaStyle,
    spacing: &[(String, i64)],
    tabs: usize,
    after_text: bool,
) -> Indent {
    let std = STANDARD_INDENT;
    let mut i = match style {
        ParaStyle::Block => Indent {
            first: std,
            rest: std,
            right: std,
        },
        ParaStyle::Hanging => Indent {
            first: 0,
            rest: std,
            right: 0,
        },
        ParaStyle::Indent => Indent {
            first: std,
            rest: std,
            right: 0,
        },
        ParaStyle::Text if after_text => Indent {
            first: 10,
            rest: 0,
            right: 0,
        },
        _ => Indent::default(),
    };
    let get = |name: &str| spacing.iter().find(|(n, _)| n == name).map(|(_, v)| *v);
    if let Some(v) = get("blockIndent") {
        i = Indent {
            first: v,
            rest: v,
            right: v,
        };
    }
    if let Some(v) = get("leftIndent") {
        (i.first, i.rest) = (v, v);
    }
    if let Some(v) = get("firstIndent") {
        i.first = v;
    }
    if let Some(v) = get("hangingIndent") {
        i.rest = v;
    }
    if let Some(v) = get("rightIndent") {
        i.right = v;
    }
    // The spec: "the paragraph is indented by the number of tabs times the standard
    // indentation", so tabs set the left indent instead of adding to the style's (two
    // tabs in the indent style are two standard indents, not three); a hanging indent
    // keeps its hang beyond it.
    if tabs > 0 {
        let hang = (i.rest - i.first).max(0);
        i.first = tabs as i64 * std;
        i.rest = i.first + hang;
    }
    i
}

/// A paragraph block; `after_text` says whether a paragraph comes right before it.
fn para(s: &Reader, b: &BookBlock, p: &Paragraph, after_text: bool) -> Para {
    let mut rich = s.para_text(b.element, p.reference).to_vec();
    spaces_as_written(&mut rich);
    // Untagged words are the book's own language; standard texts alone (`#btp#`) are the
    // edition's, so such a paragraph carries the page's language (#34), and the standard
    // texts in one that does not are marked as the edition's.
    let lang = s
        .first_language()
        .filter(|own| b.langs.is_empty() && own.as_str() != s.lang())
        .filter(|_| s.own_words(b.element));
    if lang.is_none() {
        rich = in_page_language(rich, s.lang());
    }
    let tabs = if matches!(
        p.style,
        ParaStyle::Block | ParaStyle::Hanging | ParaStyle::Indent
    ) {
        strip_leading_tabs(&mut rich)
    } else {
        0
    };
    // The spec's default breaks: a page before h1 and h2, a column before h3.
    let default_break = match p.kind {
        ParaKind::H(1) | ParaKind::H(2) => Some("page"),
        ParaKind::H(3) => Some("column"),
        _ => None,
    };
    let mut inline = Vec::new();
    collect_inline(&rich, &mut inline);
    let get = |name: &str| p.spacing.iter().find(|(n, _)| n == name).map(|(_, v)| *v);
    // `paraSpacing` is inherited by the paragraphs that follow; headings keep their own
    // spacing unless they set it themselves.
    let own = |name: &'static str| s.attr(b.element, name).is_some();
    let heading = matches!(p.kind, ParaKind::H(_) | ParaKind::S(_));
    let para_spacing = get("paraSpacing").filter(|_| !heading || own("paraSpacing"));
    Para {
        element: b.element,
        anchor: anchor(b.id.as_deref(), b.element),
        kind: p.kind,
        // Levelled among the page's headings once the page is made.
        tag_level: match p.kind {
            ParaKind::H(n) => n,
            _ => 0,
        },
        style: p.style,
        keep_with_next: p.keep_with_next,
        brk: p
            .brk
            .as_deref()
            .or(default_break)
            .filter(|b| *b != "none")
            .map(str::to_string),
        space: (
            get("spaceBefore").or(para_spacing),
            get("spaceAfter").or(para_spacing),
        ),
        indent: indent(p.style, &p.spacing, tabs, after_text),
        align: p.align.clone(),
        inline: inline
            .into_iter()
            .map(|d| InlineFigure {
                diagram: d,
                caption: s.caption(d),
            })
            .collect(),
        content: if p.style == ParaStyle::Bullet {
            bullet(rich)
        } else {
            Content::Text(rich)
        },
        href: p.href.as_deref().map(|h| s.link(b.element, h)),
        hint: p.hint,
        lang,
    }
}

/// `rich` with the words marked as in language `lang` unmarked: the paragraph around
/// them is in that language already.
fn in_page_language(rich: Vec<Rich>, lang: &str) -> Vec<Rich> {
    // Most paragraphs have no such words: kept as they are, not rebuilt.
    if !marks_language(&rich, lang) {
        return rich;
    }
    let mut out: Vec<Rich> = Vec::with_capacity(rich.len());
    for r in rich {
        let pieces = match r {
            Rich::Lang { lang: l, content } if l == lang => in_page_language(content, lang),
            Rich::Bold(c) => vec![Rich::Bold(in_page_language(c, lang))],
            Rich::Italic(c) => vec![Rich::Italic(in_page_language(c, lang))],
            Rich::Link { target, content } => vec![Rich::Link {
                target,
                content: in_page_language(content, lang),
            }],
            other => vec![other],
        };
        for p in pieces {
            match (out.last_mut(), p) {
                (Some(Rich::Text(prev)), Rich::Text(t)) => prev.push_str(&t),
                (_, p) => out.push(p),
            }
        }
    }
    out
}

/// Whether [`in_page_language`] changes `rich`: words marked as in `lang`, or two texts
/// side by side, where it looks (not inside styled runs or inline diagrams).
fn marks_language(rich: &[Rich], lang: &str) -> bool {
    let side_by_side = rich
        .windows(2)
        .any(|w| matches!(w, [Rich::Text(_), Rich::Text(_)]));
    side_by_side
        || rich.iter().any(|r| match r {
            Rich::Lang { lang: l, .. } => l == lang,
            Rich::Bold(c) | Rich::Italic(c) | Rich::Link { content: c, .. } => {
                marks_language(c, lang)
            }
            _ => false,
        })
}

/// Three spaces or more keep their width (the spec's typography turns only two into one),
/// where HTML and typst would fold them into one: every space of a run but the last is a
/// no-break space, so the line may still break after the run.
fn spaces_as_written(rich: &mut [Rich]) {
    for r in rich {
        match r {
            Rich::Text(t) if t.contains("   ") => *t = kept_spaces(t),
            Rich::Bold(c)
            | Rich::Italic(c)
            | Rich::Link { content: c, .. }
            | Rich::Lang { content: c, .. } => spaces_as_written(c),
            Rich::Diagram { content, .. } => spaces_as_written(content),
            _ => {}
        }
    }
}

/// `t` with each run of three spaces or more written as no-break spaces and one space.
fn kept_spaces(t: &str) -> String {
    let mut out = String::with_capacity(t.len() + 8);
    let mut run = 0;
    let flush = |out: &mut String, run: usize| {
        if run >= 3 {
            out.extend(std::iter::repeat_n('\u{a0}', run - 1));
            out.push(' ');
        } else {
            out.extend(std::iter::repeat_n(' ', run));
        }
    };
    for c in t.chars() {
        if c == ' ' {
            run += 1;
        } else {
            flush(&mut out, run);
            run = 0;
            out.push(c);
        }
    }
    flush(&mut out, run);
    out
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

/// A bulleted paragraph's text: the text up to the first tab is the bullet.
fn bullet(rich: Vec<Rich>) -> Content {
    let Some(at) = rich
        .iter()
        .position(|r| matches!(r, Rich::Text(t) if t.contains('\t')))
    else {
        return Content::Text(rich);
    };
    let mut label = rich;
    let mut text = label.split_off(at + 1);
    if let Some(Rich::Text(t)) = label.pop() {
        let (a, b) = t.split_once('\t').expect("contains a tab");
        if !a.is_empty() {
            label.push(Rich::Text(a.to_string()));
        }
        if !b.is_empty() {
            text.insert(0, Rich::Text(b.to_string()));
        }
    }
    Content::Bullet { label, text }
}

/// The inline diagrams of a text, in order.
fn collect_inline(rich: &[Rich], out: &mut Vec<usize>) {
    for r in rich {
        match r {
            Rich::Diagram { diagram, content } => {
                out.push(*diagram);
                collect_inline(content, out);
            }
            Rich::Bold(c)
            | Rich::Italic(c)
            | Rich::Styled { content: c, .. }
            | Rich::Link { content: c, .. } => collect_inline(c, out),
            _ => {}
        }
    }
}

/// A diagram block.
fn figure(s: &Reader, b: &BookBlock, d: usize) -> Figure {
    let dia = s.diagram(d);
    let question = s
        .question(b.element, d)
        .map(|q| q.to_vec())
        .filter(|q| !q.is_empty());
    let mut caption = s.caption(d);
    // "Black to play" above "Black to kill." says it twice: the question names the player.
    let player = i18n::color_name(dia.to_play == crate::point::Color::Black, s.lang());
    if question
        .as_ref()
        .is_some_and(|q| text::plain(q).trim_start().starts_with(player))
    {
        caption.to_play = None;
    }
    Figure {
        diagram: d,
        anchor: anchor(b.id.as_deref(), b.element),
        kind: dia.role.name(),
        width: dia.width,
        align: dia.align.clone(),
        caption,
        question,
        href: s.attr(b.element, "href").map(|h| s.link(b.element, &h)),
        answers: if dia.role == DiagramRole::Block(DiagramKind::Prb) {
            s.answers(d)
        } else {
            Vec::new()
        },
        brk: own_break(s, b.element),
    }
}

/// Whether a page's blocks hold a heading of level 1.
pub fn has_heading_one(blocks: &[Block]) -> bool {
    paras(blocks).any(|p| p.kind == ParaKind::H(1))
}

/// The text of the first plain paragraph among a page's blocks.
pub fn first_paragraph(blocks: &[Block]) -> Option<String> {
    paras(blocks)
        .filter(|p| p.kind == ParaKind::P && !p.hint)
        .map(|p| match &p.content {
            Content::Text(t) => text::plain(t),
            Content::Bullet { text: t, .. } => text::plain(t),
        })
        .find(|t| !t.trim().is_empty())
}

/// `text` on one line, cut at a word to at most `max` characters with an ellipsis: a
/// page's description for search engines and link previews.
pub fn summary(text: &str, max: usize) -> String {
    let one_line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if one_line.chars().count() <= max {
        return one_line;
    }
    let cut: String = one_line.chars().take(max - 1).collect();
    let cut = cut.rsplit_once(' ').map_or(cut.as_str(), |(a, _)| a);
    format!("{}…", cut.trim_end_matches([',', ';', ':', '.']))
}

/// Every paragraph among blocks, those in boxes, groups and rows too.
fn paras(blocks: &[Block]) -> Box<dyn Iterator<Item = &Para> + '_> {
    Box::new(
        blocks
            .iter()
            .flat_map(|b| -> Box<dyn Iterator<Item = &Para>> {
                match b {
                    Block::Para(p) => Box::new(std::iter::once(p)),
                    Block::Boxed(ps) => Box::new(ps.iter()),
                    Block::Group { text, .. } => paras(text),
                    Block::Row(cells) => Box::new(cells.iter().flat_map(|c| paras(&c.text))),
                    _ => Box::new(std::iter::empty()),
                }
            }),
    )
}

/// Every diagram the blocks draw, in order: those of groups and rows, and the inline
/// diagrams their paragraphs open.
pub fn shown_diagrams(blocks: &[Block]) -> Vec<usize> {
    let mut out: Vec<usize> = figures(blocks).map(|f| f.diagram).collect();
    out.extend(paras(blocks).flat_map(|p| p.inline.iter().map(|i| i.diagram)));
    out.sort_unstable();
    out.dedup();
    out
}

/// Every diagram among blocks, in order: those of groups and rows.
pub fn figures(blocks: &[Block]) -> impl Iterator<Item = &Figure> {
    blocks
        .iter()
        .flat_map(|b| -> Box<dyn Iterator<Item = &Figure>> {
            match b {
                Block::Group { figure, .. } => Box::new(std::iter::once(figure)),
                Block::Row(cells) => Box::new(cells.iter().map(|c| &c.figure)),
                _ => Box::new(std::iter::empty()),
            }
        })
}

/// The title of chapter `ch` for navigation: its first heading's text, else the book's
/// title, else the chapter's ID.
pub fn chapter_title(s: &Source, ch: usize) -> String {
    let book = s.book();
    let c = &book.chapters[ch];
    for b in c.blocks_in(s.lang) {
        if let BlockKind::Paragraph(p) = &b.kind {
            if matches!(p.kind, ParaKind::H(_)) {
                let t = text::plain(&s.text(b.element, &p.raw, None));
                let t = t.trim().replace('\n', " ");
                if !t.is_empty() {
                    return t;
                }
            }
        }
    }
    book.info("title", s.lang)
        .map(|t| text::resolve_plain(book, t, s.lang))
        .unwrap_or_else(|| c.id.clone().unwrap_or_default())
}

/// The title of page `page` of `plan` for navigation: its chapter's, or the word for contents.
pub fn page_title(s: &Source, plan: &Plan, page: usize) -> String {
    match plan.pages[page].chapter {
        Some(c) => chapter_title(s, c),
        None => i18n::ui(UiWord::Contents, &plan.lang).to_string(),
    }
}

/// The title of page `page` where room is short (pager, top bar): the chapter's
/// `shortTitle` in this language when it has one, else [`page_title`].
pub fn short_page_title(s: &Source, plan: &Plan, page: usize) -> String {
    let book = s.book();
    plan.pages[page]
        .chapter
        .and_then(|c| book.chapters[c].short_title.get(s.lang))
        .map(|t| text::resolve_plain(book, t, s.lang))
        .filter(|t| !t.trim().is_empty())
        .unwrap_or_else(|| page_title(s, plan, page))
}

#[cfg(test)]
mod tests {
    #[test]
    fn three_spaces_keep_their_width_and_two_stay_two() {
        assert_eq!(super::kept_spaces("a   b  c d"), "a\u{a0}\u{a0} b  c d");
        assert_eq!(super::kept_spaces("x     "), "x\u{a0}\u{a0}\u{a0}\u{a0} ");
    }

    use super::*;

    fn blocks_of(src: &str, lang: &str) -> Vec<Block> {
        let checked = crate::check::check(src);
        assert!(!checked.has_errors(), "{:?}", checked.diagnostics);
        let s = Source {
            checked: &checked,
            lang,
        };
        chapter(&s, 0)
    }

    fn kinds(blocks: &[Block]) -> Vec<String> {
        blocks
            .iter()
            .map(|b| match b {
                Block::Para(p) => format!("para:{:?}", p.kind),
                Block::Boxed(ps) => format!("box:{}", ps.len()),
                Block::Group { figure, text } => format!("group:{}+{}", figure.kind, text.len()),
                Block::Row(cells) => format!("row:{}", cells.len()),
                Block::Image(_) => "image".into(),
                Block::Buy { .. } => "buy".into(),
                Block::Include { .. } => "include".into(),
            })
            .collect()
    }

    #[test]
    fn a_chapter_becomes_groups_rows_boxes_and_paragraphs_in_reading_order() {
        let src = "::book(#b)\n\n::chapter(#c)\n\n::h2 Title\n\n::go(#g) sz=9 mv=C3D4E5\n\n\
                   ::fig(#f) at=1 to=3\n\nAbout the figure.\n\nStill about it.\n\n\
                   ::dia(#a) at=2 width=half\n\n::dia(#b2) at=3 width=half\n\n\
                   ::p ref=none box=1\nBoxed one.\n\n::p ref=none box=1\nBoxed two.\n\n::p ref=none After the box.\n";
        let blocks = blocks_of(src, "en");
        assert_eq!(
            kinds(&blocks),
            ["para:H(2)", "group:fig+2", "row:2", "box:2", "para:P"]
        );
        let Block::Para(h) = &blocks[0] else { panic!() };
        assert_eq!(
            h.brk.as_deref(),
            Some("page"),
            "h2 breaks a page by default"
        );
        let Block::Group { figure, .. } = &blocks[1] else {
            panic!()
        };
        assert_eq!(figure.anchor, "f");
        assert_eq!(figure.caption.from_to.as_deref(), Some("Moves 1–3"));
    }

    #[test]
    fn languages_choose_blocks_and_bullets_split_at_the_tab() {
        let src = "::book(#b) languages=\"en,de\"\n\n::chapter\n\n::en English only.\n\n::de Nur Deutsch.\n\n\
                   ::p style=bullet\n•\tFirst point.\n";
        let en = blocks_of(src, "en");
        let de = blocks_of(src, "de");
        assert_eq!(en.len(), 2);
        assert_eq!(de.len(), 2);
        let Block::Para(p) = &en[1] else { panic!() };
        assert_eq!(
            p.content,
            Content::Bullet {
                label: vec![Rich::Text("•".into())],
                text: vec![Rich::Text("First point.".into())],
            }
        );
    }

    #[test]
    fn indents_come_from_the_style_then_the_attributes_then_the_tabs() {
        let sp = |v: &[(&str, i64)]| -> Vec<(String, i64)> {
            v.iter().map(|(n, x)| (n.to_string(), *x)).collect()
        };
        let i = |first, rest, right| Indent { first, rest, right };
        assert_eq!(indent(ParaStyle::Normal, &[], 0, false), i(0, 0, 0));
        assert_eq!(indent(ParaStyle::Block, &[], 0, false), i(20, 20, 20));
        assert_eq!(indent(ParaStyle::Hanging, &[], 1, false), i(20, 40, 0));
        // Two tabs are two standard indents, whatever the style's own (the spec).
        assert_eq!(indent(ParaStyle::Indent, &[], 2, false), i(40, 40, 0));
        assert_eq!(indent(ParaStyle::Block, &[], 2, false), i(40, 40, 20));
        assert_eq!(indent(ParaStyle::Hanging, &[], 2, false), i(40, 60, 0));
        // The first line is measured from the margin, not from the hanging indent.
        let both = sp(&[("firstIndent", 20), ("hangingIndent", 10)]);
        assert_eq!(indent(ParaStyle::Normal, &both, 0, false), i(20, 10, 0));
        // The single attributes are more specific than leftIndent and blockIndent.
        let mixed = sp(&[("leftIndent", 30), ("blockIndent", 10), ("rightIndent", 5)]);
        assert_eq!(indent(ParaStyle::Block, &mixed, 0, false), i(30, 30, 5));
        // The text style indents a paragraph's first line only after another paragraph.
        assert_eq!(indent(ParaStyle::Text, &[], 0, false), i(0, 0, 0));
        assert_eq!(indent(ParaStyle::Text, &[], 0, true), i(10, 0, 0));
    }

    #[test]
    fn narrow_diagrams_fill_rows_with_their_text_and_break_line_ends_a_group() {
        let src = "::book(#b)\n\n::chapter\n\n::go sz=9\n\n\
                   ::dia(#a) ab=C3 width=half\n\nUnder a.\n\n::p hint=1 A hint.\n\n\
                   ::dia(#b2) ab=C3 width=half\n\n::dia(#c) ab=C3 width=third\n\n\
                   ::dia(#d) ab=C3 width=third\n\n::dia(#e) ab=C3 width=third break=line\n\n\
                   ::dia(#f) ab=C3\n\nBeside.\n\n::p box=1 Boxed beside.\n\n::p break=line Below.\n";
        let blocks = blocks_of(src, "en");
        assert_eq!(
            kinds(&blocks),
            ["row:2", "row:2", "row:1", "group:dia+2", "para:P"]
        );
        let Block::Row(cells) = &blocks[0] else {
            panic!()
        };
        assert_eq!(
            cells[0].text.len(),
            2,
            "the text and the hint under the first"
        );
        let Block::Group { text, .. } = &blocks[3] else {
            panic!()
        };
        assert!(matches!(&text[1], Block::Boxed(ps) if ps.len() == 1));
    }

    #[test]
    fn headings_keep_their_spacing_and_tabs_written_as_backslash_t_are_tabs() {
        let src = "::book(#b)\n\n::chapter\n\n::p paraSpacing=2 Tight.\n\n::h3 Head\n\n\
                   ::p spaceBefore=9 After.\n\n::p style=bullet a)\\tText.\n";
        let blocks = blocks_of(src, "en");
        let space: Vec<_> = blocks
            .iter()
            .map(|b| match b {
                Block::Para(p) => p.space,
                _ => panic!(),
            })
            .collect();
        assert_eq!(
            space,
            [
                (Some(2), Some(2)),
                (None, None),
                (Some(9), Some(2)),
                (Some(2), Some(2))
            ]
        );
        let Block::Para(p) = &blocks[3] else { panic!() };
        assert!(
            matches!(&p.content, Content::Bullet { label, .. } if label == &[Rich::Text("a)".into())])
        );
    }

    #[test]
    fn a_problem_carries_its_answers_correct_first() {
        let src =
            "::book(#b)\n\n::chapter\n\n::prb(#p) sz=9 ab=C3 aw=D3 pl=b correct=D4 wrong=C4D4\n";
        let blocks = blocks_of(src, "en");
        let Block::Group { figure, .. } = &blocks[0] else {
            panic!("{blocks:?}")
        };
        let answers: Vec<(bool, &str)> = figure
            .answers
            .iter()
            .map(|a| (a.correct, a.moves.as_str()))
            .collect();
        assert_eq!(answers, [(true, "Black 1"), (false, "Black 1, White 2")]);
    }
}

#[cfg(test)]
mod summary_tests {
    use super::summary;

    #[test]
    fn a_description_is_one_line_cut_at_a_word() {
        assert_eq!(summary("  Two\nlines ", 160), "Two lines");
        assert_eq!(
            summary("The first five moves, and Black takes three corners.", 30),
            "The first five moves, and…"
        );
        assert!(summary(&"word ".repeat(100), 160).chars().count() <= 160);
    }
}
