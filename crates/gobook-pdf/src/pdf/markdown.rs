//! An included Markdown file (the page model's [`Document`]) as typst markup, printed as
//! the site shows it: paragraphs, headings among the chapter's own (tagged at the level
//! `layout::headings` gives them), lists, tables with rules, code in a monospaced face, block
//! quotes, rules, footnotes and images. Every word goes through [`super::escape`]: user text
//! is never typst code. A link prints as its words (a web or mail address stays a link a PDF
//! reader opens); raw HTML prints as its text, as the site shows it.

use super::blocks::Chapters;
use super::escape::{markup, string};
use crate::format::schema::ParaKind;
use crate::layout::markdown::{Align, Block, Document, ImageSource, Inline};
use crate::layout::page::{Content, Indent, Para};
use crate::resolve::model::ParaStyle;
use crate::resolve::text::{LinkTarget, Rich};
use typst::foundations::Bytes;

/// The most characters a heading's words or an image's description print with as the tag's
/// title or alternative text: a PDF string holds at most 32,767 bytes (PDF/A), and typst
/// writes these in UTF-16, two bytes or four a character.
const LONGEST_TAG: usize = 8000;

impl Chapters<'_> {
    /// The blocks of `doc` as typst markup.
    pub(super) fn markdown(&mut self, doc: &Document) -> String {
        let mut out = String::new();
        for b in &doc.blocks {
            out.push_str(&self.md_block(b));
        }
        out
    }

    fn md_blocks(&mut self, blocks: &[Block]) -> String {
        blocks.iter().map(|b| self.md_block(b)).collect()
    }

    fn md_block(&mut self, b: &Block) -> String {
        match b {
            Block::Para(c) if only_images(c) => c
                .iter()
                .filter_map(|i| match i {
                    Inline::Image { src, alt, .. } => Some(self.md_image(src, alt, true)),
                    _ => None,
                })
                .collect(),
            Block::Para(c) | Block::Tight(c) => {
                let text = self.md_inlines(c, true);
                if text.trim().is_empty() {
                    return String::new();
                }
                if c.iter().any(|i| matches!(i, Inline::Image { .. })) {
                    // A picture in the line: justified, the words around it would stretch apart.
                    return format!("#[#set par(justify: false)\n{text}]\n\n");
                }
                format!("{text}\n\n")
            }
            Block::Heading {
                level,
                tag_level,
                content,
            } => {
                // Its tag takes its plain words: a link in it prints as its words.
                let text = self.md_inlines(content, false);
                if text.trim().is_empty() {
                    return String::new();
                }
                if plain_len(content) > LONGEST_TAG {
                    // Its words as the tag's title would pass what a PDF string may hold:
                    // printed as bold words, not as a heading.
                    return format!("#strong[{text}]\n\n");
                }
                format!("{}\n\n", self.heading(*level, *tag_level, &text, ""))
            }
            Block::List { start, items } => self.md_list(*start, items),
            Block::Table { align, head, rows } => self.md_table(align, head, rows),
            Block::Code { lang: _, text } => {
                // As on the site, without colours: the code as written, in a monospaced face.
                let text = text.strip_suffix('\n').unwrap_or(text);
                format!("#gb-md-code({})\n\n", string(text))
            }
            Block::Quote(blocks) => {
                let body = self.md_blocks(blocks);
                if body.trim().is_empty() {
                    return String::new();
                }
                format!("#quote(block: true)[\n{body}]\n\n")
            }
            Block::Rule => "#gb-md-rule()\n\n".into(),
            Block::RawHtml(text) if text.trim().is_empty() => String::new(),
            Block::RawHtml(text) => format!("{}\n\n", markup(text)),
            Block::Footnote { number, blocks, .. } => {
                format!(
                    "#gb-md-footnote({number})[\n{}]\n\n",
                    self.md_blocks(blocks)
                )
            }
        }
    }

    fn md_list(&mut self, start: Option<u64>, items: &[Vec<Block>]) -> String {
        let tight = !items.iter().flatten().any(|b| matches!(b, Block::Para(_)));
        let items: Vec<String> = items
            .iter()
            .map(|blocks| format!("[{}]", self.md_blocks(blocks).trim_end()))
            .collect();
        if items.is_empty() {
            return String::new();
        }
        let call = match start {
            Some(n) => format!("enum(start: {n}, "),
            None => "list(".into(),
        };
        format!("#{call}tight: {tight}, {})\n\n", items.join(", "))
    }

    fn md_table(
        &mut self,
        align: &[Align],
        head: &[Vec<Inline>],
        rows: &[Vec<Vec<Inline>>],
    ) -> String {
        let columns = align.len().max(head.len()).max(1);
        let aligns: Vec<&str> = (0..columns)
            .map(|i| match align.get(i).copied().unwrap_or(Align::None) {
                Align::None | Align::Left => "start",
                Align::Center => "center",
                Align::Right => "end",
            })
            .collect();
        // Every row as many cells as there are columns, so that no cell moves to another.
        let mut row = |cells: &[Vec<Inline>]| -> String {
            let cells: Vec<String> = (0..columns)
                .map(|i| {
                    format!(
                        "[{}]",
                        cells
                            .get(i)
                            .map(|c| self.md_inlines(c, true))
                            .unwrap_or_default()
                    )
                })
                .collect();
            format!("({},)", cells.join(", "))
        };
        let head = row(head);
        let body: Vec<String> = rows.iter().map(|r| row(r)).collect();
        format!(
            "#gb-md-table(({},), {head}, ({}))\n\n",
            aligns.join(", "),
            body.iter().map(|r| format!("{r}, ")).collect::<String>()
        )
    }

    /// An image of the Markdown file: the picture when it is a file of the book typst
    /// prints (a block of its own when `alone` in its paragraph), else its description.
    fn md_image(&mut self, src: &ImageSource, alt: &str, alone: bool) -> String {
        let found = match src {
            ImageSource::Local(path) => (self.images)(path),
            ImageSource::Web(_) | ImageSource::Refused => None,
        };
        let Some((bytes, ext)) = found else {
            let words = markup(alt);
            return match (alone, words.trim().is_empty()) {
                (_, true) => String::new(),
                (true, false) => format!("#emph[{words}]\n\n"),
                (false, false) => format!("#emph[{words}]"),
            };
        };
        let path = format!("/img/{}.{ext}", self.files.len());
        self.files.push((path.clone(), Bytes::new(bytes)));
        let described = Some(alt.trim())
            .filter(|a| !a.is_empty())
            .unwrap_or(crate::i18n::ui(crate::i18n::UiWord::Figure, self.lang));
        // The description is a PDF string: its first words where it is longer than one holds.
        let described = match described.char_indices().nth(LONGEST_TAG) {
            Some((end, _)) => &described[..end],
            None => described,
        };
        let pic = format!("gb-md-image({}, {})", string(&path), string(described));
        if alone {
            format!("#block(breakable: false, width: 100%, above: 1em, below: 1em, align(center, {pic}))\n\n")
        } else {
            format!("#box({pic})")
        }
    }

    /// Inline text as typst markup; `links`: web links stay links (not in a heading, whose
    /// tag takes its plain words).
    fn md_inlines(&mut self, inlines: &[Inline], links: bool) -> String {
        let mut out = String::new();
        for i in inlines {
            match i {
                Inline::Text(t) => out.push_str(&markup(t)),
                Inline::Code(t) => out.push_str(&format!("#raw({})", string(t))),
                Inline::Emphasis(c) => {
                    out.push_str(&format!("#emph[{}]", self.md_inlines(c, links)))
                }
                Inline::Strong(c) => {
                    out.push_str(&format!("#strong[{}]", self.md_inlines(c, links)))
                }
                Inline::Strikethrough(c) => {
                    out.push_str(&format!("#strike[{}]", self.md_inlines(c, links)))
                }
                Inline::Link { url, content, .. } => {
                    let body = self.md_inlines(content, links);
                    match url {
                        Some(u) if links && super::rich::is_web(u) && !body.trim().is_empty() => {
                            out.push_str(&format!("#link({})[{body}]", string(u)))
                        }
                        _ => out.push_str(&body),
                    }
                }
                Inline::Image { src, alt, .. } => out.push_str(&self.md_image(src, alt, false)),
                Inline::SoftBreak => out.push(' '),
                Inline::HardBreak => out.push_str("#linebreak()"),
                Inline::FootnoteRef { number, .. } => out.push_str(&format!("#super[{number}]")),
            }
        }
        out
    }

    /// An included Markdown file in vertical print: its paragraphs and headings as vertical
    /// text, its other blocks (lists, tables, code, images) across the page as rows of
    /// diagrams and images are, each block one item of `gb-tate`.
    pub(super) fn vertical_markdown(&mut self, page: usize, doc: &Document, items: &mut String) {
        for (k, b) in doc.blocks.iter().enumerate() {
            let (kind, tag_level, content) = match b {
                Block::Para(c) | Block::Tight(c) if !only_images(c) => (ParaKind::P, 0, c),
                Block::Heading {
                    level,
                    tag_level,
                    content,
                } if plain_len(content) <= LONGEST_TAG => {
                    (ParaKind::H((*level).clamp(1, 5)), *tag_level, content)
                }
                Block::Heading { content, .. } => (ParaKind::P, 0, content),
                _ => {
                    let body = self.md_block(b);
                    if !body.trim().is_empty() {
                        items.push_str(&format!("(t: \"block\", body: [{body}]),\n"));
                    }
                    continue;
                }
            };
            let p = Para {
                element: 0,
                anchor: format!("md-{k}"),
                kind,
                tag_level,
                style: ParaStyle::Text,
                keep_with_next: false,
                brk: None,
                space: (None, None),
                indent: Indent::default(),
                align: None,
                content: Content::Text(rich(content)),
                href: None,
                hint: false,
                inline: Vec::new(),
                lang: None,
            };
            self.vertical_para(page, &p, items);
        }
    }
}

/// Whether a paragraph holds images and nothing else but space: each prints as a block.
fn only_images(c: &[Inline]) -> bool {
    c.iter().any(|i| matches!(i, Inline::Image { .. }))
        && c.iter().all(|i| match i {
            Inline::Image { .. } | Inline::SoftBreak | Inline::HardBreak => true,
            Inline::Text(t) => t.trim().is_empty(),
            _ => false,
        })
}

/// How many characters the words of `inlines` are, as plain text.
fn plain_len(inlines: &[Inline]) -> usize {
    inlines
        .iter()
        .map(|i| match i {
            Inline::Text(t) | Inline::Code(t) => t.chars().count(),
            Inline::Emphasis(c) | Inline::Strong(c) | Inline::Strikethrough(c) => plain_len(c),
            Inline::Link { content, .. } => plain_len(content),
            Inline::Image { alt, .. } => alt.chars().count(),
            Inline::SoftBreak | Inline::HardBreak => 1,
            Inline::FootnoteRef { number, .. } => number.to_string().len(),
        })
        .sum()
}

/// Inline text of a Markdown file as the page model's resolved text, for vertical print.
fn rich(inlines: &[Inline]) -> Vec<Rich> {
    let mut out = Vec::new();
    for i in inlines {
        match i {
            Inline::Text(t) | Inline::Code(t) => out.push(Rich::Text(t.clone())),
            Inline::Emphasis(c) => out.push(Rich::Italic(rich(c))),
            Inline::Strong(c) => out.push(Rich::Bold(rich(c))),
            Inline::Strikethrough(c) => out.extend(rich(c)),
            Inline::Link {
                url: Some(u),
                content,
                ..
            } if super::rich::is_web(u) => out.push(Rich::Link {
                target: LinkTarget::External(u.clone()),
                content: rich(content),
            }),
            Inline::Link { content, .. } => out.extend(rich(content)),
            Inline::Image { alt, .. } => out.push(Rich::Text(alt.clone())),
            Inline::SoftBreak => out.push(Rich::Text(" ".into())),
            Inline::HardBreak => out.push(Rich::Break),
            Inline::FootnoteRef { number, .. } => out.push(Rich::Text(format!("[{number}]"))),
        }
    }
    out
}
