//! A Markdown file an `::include` brings in, read once for every writer: parsed by
//! pulldown-cmark, with the options gobook has always read Markdown with
//! ([`includes::markdown_options`]: CommonMark, tables, strikethrough, footnotes), into a
//! small document of blocks and inline text that the page model carries
//! ([`crate::layout::page::Block::Include`]). The site and the e-book write it as HTML
//! (`markup::markdown`), print as typst (`pdf::markdown`); neither parses Markdown again.
//!
//! What the book's own rules decide is decided here, once: raw HTML is kept as its text
//! (never markup), and a link or an image whose address the book's link rule refuses
//! ([`allowed_url`]: `javascript:`, `data:`, ...) keeps its words and loses its address.
//! Nesting deeper than [`MAX_DEPTH`] is flattened into the level above it (its words
//! kept), so no file, however deep its quotes or emphasis, can exhaust a writer's stack or
//! typst's limits.

use crate::check::Checked;
use crate::format::values::{allowed_url, is_external};
use crate::project::includes::{self, Included};
use crate::resolve::model::BlockKind;
use pulldown_cmark::{Alignment, CodeBlockKind, Event, LinkType, Parser, Tag};
use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

/// How deep quotes, lists and footnotes nest at most, and how deep inline styles and links
/// do; what lies deeper joins the level above. Print sets each quote in a few of typst's
/// elements, whose nesting typst limits (its show rules' depth, 64): 15 quotes are too many.
pub const MAX_DEPTH: usize = 12;

/// A Markdown file as the page shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Document {
    /// Its blocks, in order.
    pub blocks: Vec<Block>,
}

/// A block of a Markdown file.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Block {
    /// A paragraph.
    Para(Vec<Inline>),
    /// The text of a tight list item: inline text that is no paragraph of its own.
    Tight(Vec<Inline>),
    /// A heading of level 1 to 6 (`#` to `######`).
    Heading {
        /// Its level in the file, which sets its size.
        level: u8,
        /// The level every edition tags it at among the page's headings
        /// ([`crate::layout::headings`]): its own, unless it would skip one.
        tag_level: u8,
        /// Its text.
        content: Vec<Inline>,
    },
    /// A bulleted list, or a numbered one from `start`.
    List {
        /// The first number of a numbered list; None for bullets.
        start: Option<u64>,
        /// Each item's blocks.
        items: Vec<Vec<Block>>,
    },
    /// A table: its columns' alignments, its header row and its rows of cells.
    Table {
        /// Each column's alignment.
        align: Vec<Align>,
        /// The header row's cells.
        head: Vec<Vec<Inline>>,
        /// The body's rows of cells.
        rows: Vec<Vec<Vec<Inline>>>,
    },
    /// A code block: its language (the first word of a fence's info, or empty) and text.
    Code {
        /// The language named after the fence, or "".
        lang: String,
        /// The code, line ends included.
        text: String,
    },
    /// A block quote.
    Quote(Vec<Block>),
    /// A thematic break (`---`).
    Rule,
    /// A block of raw HTML, shown as its text.
    RawHtml(String),
    /// A footnote's text, by its label and its number (the order footnotes first appear in).
    Footnote {
        /// The label the text refers to it by.
        label: String,
        /// Its number.
        number: usize,
        /// Its blocks.
        blocks: Vec<Block>,
    },
}

/// A table column's alignment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Align {
    /// As the text runs.
    None,
    /// Left.
    Left,
    /// Centred.
    Center,
    /// Right.
    Right,
}

/// Inline text of a Markdown file.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Inline {
    /// Text (inline raw HTML too, as its text).
    Text(String),
    /// Code (`` `x` ``).
    Code(String),
    /// Emphasis (`*x*`).
    Emphasis(Vec<Inline>),
    /// Strong emphasis (`**x**`).
    Strong(Vec<Inline>),
    /// Struck out (`~~x~~`).
    Strikethrough(Vec<Inline>),
    /// A link: where it leads (None when the book's link rule refuses its address), its
    /// title and its words.
    Link {
        /// The address (`mailto:` added to an e-mail autolink); None when refused.
        url: Option<String>,
        /// Its title, or "".
        title: String,
        /// Its words.
        content: Vec<Inline>,
    },
    /// An image: where it is, its title and its description (plain text).
    Image {
        /// Where the picture is.
        src: ImageSource,
        /// Its title, or "".
        title: String,
        /// Its description, as plain text.
        alt: String,
    },
    /// A line end inside a paragraph.
    SoftBreak,
    /// A forced line break.
    HardBreak,
    /// A reference to a footnote, by its label and number.
    FootnoteRef {
        /// The footnote's label.
        label: String,
        /// Its number.
        number: usize,
    },
}

/// Where an image of a Markdown file is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ImageSource {
    /// A file of the book, by the path the Markdown names it with (checked and copied
    /// as the book's own images are, `project::files`).
    Local(String),
    /// A web address.
    Web(String),
    /// No address the book accepts (none, or a refused scheme): only its description shows.
    Refused,
}

/// The Markdown files a book includes, each read and parsed once, by the `url` the book
/// names it with.
#[derive(Clone, Debug, Default)]
pub struct Includes(HashMap<String, Arc<Document>>);

impl Includes {
    /// Reads and parses every Markdown file the book `checked` includes from `book_dir`.
    /// A file that cannot be read is left out: the check of the book's files reports it
    /// where the book names it (`project::build::local_images`, which every writer runs).
    pub fn read(checked: &Checked, book_dir: &Path) -> Includes {
        let mut out = HashMap::new();
        for ch in &checked.resolved.book.chapters {
            for b in &ch.blocks {
                let BlockKind::Include { url } = &b.kind else {
                    continue;
                };
                if !includes::is_markdown(url) || out.contains_key(url) {
                    continue;
                }
                if let Ok(Included::Markdown { text, .. }) = includes::read(url, book_dir) {
                    out.insert(url.clone(), Arc::new(parse(&text)));
                }
            }
        }
        Includes(out)
    }

    /// The Markdown file the book names `url`, if it is one and was read.
    pub fn get(&self, url: &str) -> Option<&Arc<Document>> {
        self.0.get(url)
    }
}

/// What is open while a document is built: a block or an inline style whose end is to come.
enum Open {
    Document,
    Para,
    Heading(u8),
    List(Option<u64>),
    Item,
    Quote,
    Footnote(String, usize),
    Table(Vec<Align>),
    Row,
    Cell,
    Code(String),
    Html,
    Emphasis,
    Strong,
    Strike,
    Link(Option<String>, String),
}

/// An open block or style and what it holds so far.
struct Frame {
    open: Open,
    blocks: Vec<Block>,
    inlines: Vec<Inline>,
    /// A list's items.
    items: Vec<Vec<Block>>,
    /// A row's cells, a table's rows (its header first).
    cells: Vec<Vec<Inline>>,
    rows: Vec<Vec<Vec<Inline>>>,
    /// A code block's or an HTML block's text.
    text: String,
    /// Tags opened inside it that it stands for (too deep, or not shown): their ends close nothing.
    flat: usize,
}

impl Frame {
    fn new(open: Open) -> Frame {
        Frame {
            open,
            blocks: Vec::new(),
            inlines: Vec::new(),
            items: Vec::new(),
            cells: Vec::new(),
            rows: Vec::new(),
            text: String::new(),
            flat: 0,
        }
    }

    /// Its inline text so far as a block of its own (text directly in a list item).
    fn flush(&mut self) {
        if !self.inlines.is_empty() {
            let run = std::mem::take(&mut self.inlines);
            self.blocks.push(Block::Tight(run));
        }
    }

    fn push_block(&mut self, b: Block) {
        self.flush();
        self.blocks.push(b);
    }

    fn push_text(&mut self, t: &str) {
        match self.inlines.last_mut() {
            Some(Inline::Text(last)) => last.push_str(t),
            _ => self.inlines.push(Inline::Text(t.to_string())),
        }
    }
}

/// The description of an image being read: pulldown-cmark's `alt` text (every text, code
/// and inline HTML inside it; breaks as spaces; footnote references as `[1]`).
struct Alt {
    src: ImageSource,
    title: String,
    text: String,
    /// Tags open inside the image.
    depth: usize,
}

/// The document being built.
struct Builder {
    stack: Vec<Frame>,
    image: Option<Alt>,
    /// Footnote numbers by label, in the order footnotes first appear (as the site numbers them).
    numbers: HashMap<String, usize>,
}

/// Parses a Markdown text into the document the writers show.
pub fn parse(text: &str) -> Document {
    let mut b = Builder {
        stack: vec![Frame::new(Open::Document)],
        image: None,
        numbers: HashMap::new(),
    };
    for ev in Parser::new_ext(text, includes::markdown_options()) {
        b.event(ev);
    }
    // Every tag pulldown-cmark opens it closes; whatever is left open closes here.
    while b.stack.len() > 1 {
        b.close();
    }
    let mut root = b.stack.pop().unwrap_or_else(|| Frame::new(Open::Document));
    root.flush();
    Document {
        blocks: root.blocks,
    }
}

impl Builder {
    fn top(&mut self) -> &mut Frame {
        if self.stack.is_empty() {
            self.stack.push(Frame::new(Open::Document));
        }
        let last = self.stack.len() - 1;
        &mut self.stack[last]
    }

    /// How many of the open blocks and styles are of the kinds `kind` accepts.
    fn open(&self, kind: impl Fn(&Open) -> bool) -> usize {
        self.stack.iter().filter(|f| kind(&f.open)).count()
    }

    fn number(&mut self, label: &str) -> usize {
        let next = self.numbers.len() + 1;
        *self.numbers.entry(label.to_string()).or_insert(next)
    }

    fn event(&mut self, ev: Event) {
        if self.image.is_some() {
            self.alt_event(ev);
            return;
        }
        match ev {
            Event::Start(tag) => self.start(tag),
            Event::End(_) => {
                if self.top().flat > 0 {
                    self.top().flat -= 1;
                } else {
                    self.close();
                }
            }
            Event::Text(t) => match self.top().open {
                Open::Code(_) | Open::Html => self.top().text.push_str(&t),
                _ => self.top().push_text(&t),
            },
            // Raw HTML is shown as its text, never as markup.
            Event::Html(t) | Event::InlineHtml(t) => match self.top().open {
                Open::Code(_) | Open::Html => self.top().text.push_str(&t),
                _ => self.top().push_text(&t),
            },
            // Math is not among the options read; were it, it would show as code.
            Event::Code(t) | Event::InlineMath(t) | Event::DisplayMath(t) => {
                self.top().inlines.push(Inline::Code(t.to_string()))
            }
            Event::SoftBreak => self.top().inlines.push(Inline::SoftBreak),
            Event::HardBreak => self.top().inlines.push(Inline::HardBreak),
            Event::Rule => self.top().push_block(Block::Rule),
            Event::FootnoteReference(label) => {
                let number = self.number(&label);
                let label = label.to_string();
                self.top()
                    .inlines
                    .push(Inline::FootnoteRef { label, number });
            }
            Event::TaskListMarker(done) => self.top().push_text(if done { "[x] " } else { "[ ] " }),
        }
    }

    /// An event inside an image: its text joins the description.
    fn alt_event(&mut self, ev: Event) {
        let Some(alt) = self.image.as_mut() else {
            return;
        };
        match ev {
            Event::Start(_) => alt.depth += 1,
            Event::End(_) if alt.depth > 0 => alt.depth -= 1,
            Event::End(_) => {
                if let Some(a) = self.image.take() {
                    self.top().inlines.push(Inline::Image {
                        src: a.src,
                        title: a.title,
                        alt: a.text,
                    });
                }
            }
            Event::Text(t) | Event::Code(t) | Event::InlineHtml(t) => alt.text.push_str(&t),
            Event::InlineMath(t) => alt.text.push_str(&format!("${t}$")),
            Event::DisplayMath(t) => alt.text.push_str(&format!("$${t}$$")),
            Event::SoftBreak | Event::HardBreak | Event::Rule => alt.text.push(' '),
            Event::FootnoteReference(label) => {
                let n = self.number(&label);
                if let Some(alt) = self.image.as_mut() {
                    alt.text.push_str(&format!("[{n}]"));
                }
            }
            Event::TaskListMarker(done) => alt.text.push_str(if done { "[x]" } else { "[ ]" }),
            Event::Html(_) => {}
        }
    }

    fn start(&mut self, tag: Tag) {
        // Blocks and styles that hold others: beyond the deepest level, their content
        // joins the level above (each list item's text a block of its own there). A list
        // item is flattened with its list, and only then.
        let deep = match tag {
            Tag::Item => !matches!(self.top().open, Open::List(_)),
            Tag::BlockQuote(_) | Tag::List(_) | Tag::FootnoteDefinition(_) => {
                self.open(|o| matches!(o, Open::Quote | Open::List(_) | Open::Footnote(..)))
                    >= MAX_DEPTH
            }
            Tag::Emphasis | Tag::Strong | Tag::Strikethrough | Tag::Link { .. } => {
                self.open(|o| {
                    matches!(
                        o,
                        Open::Emphasis | Open::Strong | Open::Strike | Open::Link(..)
                    )
                }) >= MAX_DEPTH
            }
            _ => false,
        };
        if deep {
            let top = self.top();
            if matches!(
                tag,
                Tag::Item | Tag::BlockQuote(_) | Tag::List(_) | Tag::FootnoteDefinition(_)
            ) {
                top.flush();
            }
            top.flat += 1;
            return;
        }
        let open = match tag {
            Tag::Paragraph => Open::Para,
            Tag::Heading { level, .. } => Open::Heading(level as u8),
            Tag::BlockQuote(_) => Open::Quote,
            Tag::CodeBlock(kind) => Open::Code(match kind {
                CodeBlockKind::Fenced(info) => info.split(' ').next().unwrap_or("").to_string(),
                CodeBlockKind::Indented => String::new(),
            }),
            Tag::HtmlBlock => Open::Html,
            Tag::List(start) => Open::List(start),
            Tag::Item => Open::Item,
            Tag::FootnoteDefinition(label) => {
                let number = self.number(&label);
                Open::Footnote(label.to_string(), number)
            }
            Tag::Table(align) => Open::Table(align.iter().map(|a| align_of(*a)).collect()),
            Tag::TableHead | Tag::TableRow => Open::Row,
            Tag::TableCell => Open::Cell,
            Tag::Emphasis => Open::Emphasis,
            Tag::Strong => Open::Strong,
            Tag::Strikethrough => Open::Strike,
            Tag::Link {
                link_type,
                dest_url,
                title,
                ..
            } => Open::Link(link_url(link_type, &dest_url), title.to_string()),
            Tag::Image {
                dest_url, title, ..
            } => {
                self.image = Some(Alt {
                    src: image_source(&dest_url),
                    title: title.to_string(),
                    text: String::new(),
                    depth: 0,
                });
                return;
            }
            // Not among the options read (definition lists, super- and subscripts,
            // metadata): their words join what holds them.
            Tag::DefinitionList
            | Tag::DefinitionListTitle
            | Tag::DefinitionListDefinition
            | Tag::Superscript
            | Tag::Subscript
            | Tag::MetadataBlock(_) => {
                self.top().flat += 1;
                return;
            }
        };
        self.stack.push(Frame::new(open));
    }

    /// Closes the innermost open block or style into the one that holds it.
    fn close(&mut self) {
        let Some(mut f) = self.stack.pop() else {
            return;
        };
        let open = std::mem::replace(&mut f.open, Open::Document);
        let parent = self.top();
        match open {
            Open::Document => {
                f.flush();
                parent.blocks.extend(f.blocks);
            }
            Open::Para => parent.push_block(Block::Para(f.inlines)),
            Open::Heading(level) => parent.push_block(Block::Heading {
                level,
                tag_level: level,
                content: f.inlines,
            }),
            Open::List(start) => parent.push_block(Block::List {
                start,
                items: f.items,
            }),
            Open::Item => {
                f.flush();
                parent.items.push(f.blocks);
            }
            Open::Quote => {
                f.flush();
                parent.push_block(Block::Quote(f.blocks));
            }
            Open::Footnote(label, number) => {
                f.flush();
                parent.push_block(Block::Footnote {
                    label,
                    number,
                    blocks: f.blocks,
                });
            }
            Open::Table(align) => {
                let mut rows = f.rows.into_iter();
                let head = rows.next().unwrap_or_default();
                parent.push_block(Block::Table {
                    align,
                    head,
                    rows: rows.collect(),
                });
            }
            Open::Row => parent.rows.push(f.cells),
            Open::Cell => parent.cells.push(f.inlines),
            Open::Code(lang) => parent.push_block(Block::Code { lang, text: f.text }),
            Open::Html => parent.push_block(Block::RawHtml(f.text)),
            Open::Emphasis => parent.inlines.push(Inline::Emphasis(f.inlines)),
            Open::Strong => parent.inlines.push(Inline::Strong(f.inlines)),
            Open::Strike => parent.inlines.push(Inline::Strikethrough(f.inlines)),
            Open::Link(url, title) => parent.inlines.push(Inline::Link {
                url,
                title,
                content: f.inlines,
            }),
        }
    }
}

fn align_of(a: Alignment) -> Align {
    match a {
        Alignment::None => Align::None,
        Alignment::Left => Align::Left,
        Alignment::Center => Align::Center,
        Alignment::Right => Align::Right,
    }
}

/// Where a link leads, by the book's link rule: None when its address is refused.
fn link_url(kind: LinkType, dest: &str) -> Option<String> {
    if !allowed_url(dest) {
        return None;
    }
    Some(match kind {
        LinkType::Email => format!("mailto:{dest}"),
        _ => dest.to_string(),
    })
}

/// Where an image is, by the book's link rule.
fn image_source(dest: &str) -> ImageSource {
    if dest.is_empty() || !allowed_url(dest) {
        ImageSource::Refused
    } else if is_external(dest) {
        ImageSource::Web(dest.to_string())
    } else {
        ImageSource::Local(dest.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(t: &str) -> Inline {
        Inline::Text(t.into())
    }

    #[test]
    fn blocks_and_inline_text_are_read_as_the_page_shows_them() {
        let doc = parse(
            "# Title\n\nSome *it* and **bold** `x`.\n\n- a\n  1. b\n- c\n\n| L | R |\n|:--|--:|\n| 1 | 2 |\n\n\
             ```rust x\nfn f() {}\n```\n\n> q\n\n---\n\n<div>raw</div>\n\n![alt *t*](p.png \"T\") [w](https://x.org) [no](javascript:1)\n",
        );
        let b = &doc.blocks;
        assert_eq!(
            b[0],
            Block::Heading {
                level: 1,
                tag_level: 1,
                content: vec![text("Title")]
            }
        );
        assert_eq!(
            b[1],
            Block::Para(vec![
                text("Some "),
                Inline::Emphasis(vec![text("it")]),
                text(" and "),
                Inline::Strong(vec![text("bold")]),
                text(" "),
                Inline::Code("x".into()),
                text("."),
            ])
        );
        assert_eq!(
            b[2],
            Block::List {
                start: None,
                items: vec![
                    vec![
                        Block::Tight(vec![text("a")]),
                        Block::List {
                            start: Some(1),
                            items: vec![vec![Block::Tight(vec![text("b")])]]
                        }
                    ],
                    vec![Block::Tight(vec![text("c")])],
                ]
            }
        );
        assert_eq!(
            b[3],
            Block::Table {
                align: vec![Align::Left, Align::Right],
                head: vec![vec![text("L")], vec![text("R")]],
                rows: vec![vec![vec![text("1")], vec![text("2")]]],
            }
        );
        assert_eq!(
            b[4],
            Block::Code {
                lang: "rust".into(),
                text: "fn f() {}\n".into()
            }
        );
        assert_eq!(b[5], Block::Quote(vec![Block::Para(vec![text("q")])]));
        assert_eq!(b[6], Block::Rule);
        assert_eq!(b[7], Block::RawHtml("<div>raw</div>\n".into()));
        let Block::Para(last) = &b[8] else {
            panic!("{:?}", b[8])
        };
        assert_eq!(
            last[0],
            Inline::Image {
                src: ImageSource::Local("p.png".into()),
                title: "T".into(),
                alt: "alt t".into()
            }
        );
        assert!(last.contains(&Inline::Link {
            url: Some("https://x.org".into()),
            title: String::new(),
            content: vec![text("w")]
        }));
        assert!(last.contains(&Inline::Link {
            url: None,
            title: String::new(),
            content: vec![text("no")]
        }));
    }

    #[test]
    fn footnotes_are_numbered_in_the_order_they_first_appear() {
        let doc = parse("A[^b] B[^a] C[^b].\n\n[^a]: First.\n[^b]: Second.\n");
        let Block::Para(p) = &doc.blocks[0] else {
            panic!()
        };
        let refs: Vec<(String, usize)> = p
            .iter()
            .filter_map(|i| match i {
                Inline::FootnoteRef { label, number } => Some((label.clone(), *number)),
                _ => None,
            })
            .collect();
        assert_eq!(refs, [("b".into(), 1), ("a".into(), 2), ("b".into(), 1)]);
        assert!(doc.blocks.iter().any(|b| matches!(b,
            Block::Footnote { label, number: 2, .. } if label == "a")));
    }

    /// How deep blocks nest in `blocks`.
    fn depth(blocks: &[Block]) -> usize {
        blocks
            .iter()
            .map(|b| match b {
                Block::Quote(bs) | Block::Footnote { blocks: bs, .. } => 1 + depth(bs),
                Block::List { items, .. } => 1 + items.iter().map(|i| depth(i)).max().unwrap_or(0),
                _ => 1,
            })
            .max()
            .unwrap_or(0)
    }

    /// How deep inline styles nest in `inlines`.
    fn inline_depth(inlines: &[Inline]) -> usize {
        inlines
            .iter()
            .map(|i| match i {
                Inline::Emphasis(c) | Inline::Strong(c) | Inline::Strikethrough(c) => {
                    1 + inline_depth(c)
                }
                Inline::Link { content, .. } => 1 + inline_depth(content),
                _ => 1,
            })
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn nesting_deeper_than_the_limit_keeps_its_words_in_the_level_above() {
        let quotes = format!("{}deep words\n", "> ".repeat(50_000));
        let doc = parse(&quotes);
        assert!(
            depth(&doc.blocks) <= MAX_DEPTH + 1,
            "{}",
            depth(&doc.blocks)
        );
        assert!(format!("{doc:?}").contains("deep words"));
        let lists = (0..2_000)
            .map(|i| format!("{}- item {i}\n", "  ".repeat(i)))
            .collect::<String>();
        let doc = parse(&lists);
        assert!(depth(&doc.blocks) <= MAX_DEPTH + 2);
        let shown = format!("{doc:?}");
        assert!(shown.contains("item 0") && shown.contains("item 1999"));
        let stars = format!("{}x{}", "*a ".repeat(20_000), " b*".repeat(20_000));
        let doc = parse(&stars);
        let Block::Para(p) = &doc.blocks[0] else {
            panic!()
        };
        assert!(inline_depth(p) <= MAX_DEPTH + 2, "{}", inline_depth(p));
        // Written by a writer, as the page shows it: no stack is exhausted.
        let _ = doc.clone() == doc;
    }
}
