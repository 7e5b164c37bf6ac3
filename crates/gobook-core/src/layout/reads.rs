//! The one way a chapter's layout reads the book ([`Reader`]), each read recorded with
//! what it got, as text resolution records its questions (`resolve::text_cache`). A
//! chapter's blocks are made from the language and these answers alone, so `serve` keeps
//! them ([`crate::layout::cache`]) and reuses them when every read, made again of the book
//! as it is now, gets the same answer. Nothing lists the inputs by hand: the layout code
//! gets no book, only this reader, and a new read is recorded the moment it is made.

use crate::check::Checked;
use crate::layout::answers::{self, Answer};
use crate::layout::markdown::{Document, Includes};
use crate::resolve::caption::{caption_lines, CaptionLines};
use crate::resolve::model::{Block as BookBlock, BlockKind, Book, Diagram};
use crate::resolve::text::{self, LinkTarget, Rich, TextContext};
use std::cell::RefCell;
use std::sync::Arc;

/// One read of the book and its answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Read {
    /// The blocks of a chapter that show in the language (their spans are not compared:
    /// they move with every edit above, and the layout keeps none of them).
    Blocks(usize, Vec<BookBlock>),
    /// A diagram as pages use it (see [`crate::layout::book::page_view`]).
    Diagram(usize, Arc<Diagram>),
    /// An attribute of an element as written.
    Attr(usize, &'static str, Option<String>),
    /// Where an `href` of an element leads.
    Link(usize, String, LinkTarget),
    /// The text of a paragraph (by its element) resolved, with the diagram it describes.
    ParaText(usize, Option<usize>, Arc<[Rich]>),
    /// A diagram's text (a problem's question) resolved, for the block of an element.
    Question(usize, usize, Option<Arc<[Rich]>>),
    /// A paragraph's text (by its element) holds words of its own, not only standard texts.
    OwnWords(usize, bool),
    /// The book's first language.
    FirstLanguage(Option<String>),
    /// A diagram's caption lines.
    Caption(usize, CaptionLines),
    /// A problem's answers.
    Answers(usize, Vec<Answer>),
    /// An included Markdown file, by the `url` the book names it with.
    Markdown(String, Option<Arc<Document>>),
}

/// Reads the book for a chapter's layout in one language, recording every read.
pub struct Reader<'a> {
    checked: &'a Checked,
    lang: &'a str,
    /// The chapter being laid out (where its paragraphs' texts are found again).
    chapter: usize,
    /// Every diagram as pages use it (or none: each is made when read).
    diagrams: &'a [Arc<Diagram>],
    /// The Markdown files the book includes, read for this build.
    includes: &'a Includes,
    /// The reads made, when they are kept (`serve`); None for a single build.
    reads: Option<RefCell<Vec<Read>>>,
}

impl<'a> Reader<'a> {
    /// A reader of chapter `chapter` of `checked` in `lang`; `record`: keep the reads.
    pub(super) fn new(
        checked: &'a Checked,
        lang: &'a str,
        chapter: usize,
        diagrams: &'a [Arc<Diagram>],
        includes: &'a Includes,
        record: bool,
    ) -> Self {
        Reader {
            checked,
            lang,
            chapter,
            diagrams,
            includes,
            reads: record.then(|| RefCell::new(Vec::new())),
        }
    }

    /// The reads made, in order.
    pub(super) fn into_reads(self) -> Vec<Read> {
        self.reads.map(RefCell::into_inner).unwrap_or_default()
    }

    fn record(&self, read: impl FnOnce() -> Read) {
        if let Some(r) = &self.reads {
            r.borrow_mut().push(read());
        }
    }

    fn book(&self) -> &'a Book {
        &self.checked.resolved.book
    }

    /// The language of the page.
    pub fn lang(&self) -> &'a str {
        self.lang
    }

    /// The chapter's blocks that show in the page's language.
    pub fn blocks(&self) -> Vec<&'a BookBlock> {
        let blocks = shown_blocks(self.book(), self.chapter, self.lang);
        self.record(|| Read::Blocks(self.chapter, blocks.iter().map(|b| (*b).clone()).collect()));
        blocks
    }

    /// Diagram `d` as pages use it.
    pub fn diagram(&self, d: usize) -> Arc<Diagram> {
        let dia = match self.diagrams.get(d) {
            Some(dia) => dia.clone(),
            None => Arc::new(crate::layout::book::page_view(&self.book().diagrams[d])),
        };
        self.record(|| Read::Diagram(d, dia.clone()));
        dia
    }

    /// Attribute `name` of element `element` as written.
    pub fn attr(&self, element: usize, name: &'static str) -> Option<String> {
        let v = attr(self.checked, element, name);
        self.record(|| Read::Attr(element, name, v.clone()));
        v
    }

    /// Where an `href` of element `element` leads.
    pub fn link(&self, element: usize, href: &str) -> LinkTarget {
        let t = text::link_target(&self.checked.links, element, href);
        self.record(|| Read::Link(element, href.to_string(), t.clone()));
        t
    }

    /// The text of the paragraph of element `element` (describing `reference`), resolved.
    pub fn para_text(&self, element: usize, reference: Option<usize>) -> Arc<[Rich]> {
        let r = para_text(self.checked, self.lang, self.chapter, element, reference)
            .unwrap_or_else(|| Arc::from(Vec::new()));
        self.record(|| Read::ParaText(element, reference, r.clone()));
        r
    }

    /// The text of diagram `d` (a problem's question) resolved, for element `element`.
    pub fn question(&self, element: usize, d: usize) -> Option<Arc<[Rich]>> {
        let r = question(self.checked, self.lang, element, d);
        self.record(|| Read::Question(element, d, r.clone()));
        r
    }

    /// Whether the paragraph of element `element` has words of its own.
    pub fn own_words(&self, element: usize) -> bool {
        let own = own_words(self.checked, self.chapter, element);
        self.record(|| Read::OwnWords(element, own));
        own
    }

    /// The book's first language.
    pub fn first_language(&self) -> Option<String> {
        let l = self.book().languages.first().cloned();
        self.record(|| Read::FirstLanguage(l.clone()));
        l
    }

    /// The caption lines of diagram `d` in the page's language.
    pub fn caption(&self, d: usize) -> CaptionLines {
        let c = caption_lines(self.book(), &self.book().diagrams[d], self.lang);
        self.record(|| Read::Caption(d, c.clone()));
        c
    }

    /// The answers of problem `d` in the page's language.
    pub fn answers(&self, d: usize) -> Vec<Answer> {
        let a = answers::answers(self.book(), &self.book().diagrams[d], self.lang);
        self.record(|| Read::Answers(d, a.clone()));
        a
    }

    /// The included Markdown file the book names `url`, if it is one and was read.
    pub fn markdown(&self, url: &str) -> Option<Arc<Document>> {
        let m = self.includes.get(url).cloned();
        self.record(|| Read::Markdown(url.to_string(), m.clone()));
        m
    }
}

/// Whether every read in `reads` of chapter `chapter`, made again of `checked` in `lang`
/// (with `diagrams` as pages use them and the Markdown files `includes`), gets the answer
/// recorded. `reads` is mutable only to compare blocks without their spans: each kept
/// block takes the span of the block it is compared with.
pub(super) fn still_true(
    reads: &mut [Read],
    checked: &Checked,
    lang: &str,
    chapter: usize,
    diagrams: &[Arc<Diagram>],
    includes: &Includes,
) -> bool {
    let book = &checked.resolved.book;
    reads.iter_mut().all(|read| match read {
        Read::Blocks(ch, kept) => same_blocks(kept, &shown_blocks(book, *ch, lang)),
        Read::Diagram(d, kept) => diagrams.get(*d).is_some_and(|now| now == kept),
        Read::Attr(e, name, v) => attr(checked, *e, name) == *v,
        Read::Link(e, href, t) => text::link_target(&checked.links, *e, href) == *t,
        Read::ParaText(e, reference, r) => {
            para_text(checked, lang, chapter, *e, *reference).is_some_and(|now| now == *r)
        }
        Read::Question(e, d, r) => {
            book.diagrams.get(*d).is_some() && question(checked, lang, *e, *d) == *r
        }
        Read::OwnWords(e, own) => own_words(checked, chapter, *e) == *own,
        Read::FirstLanguage(l) => book.languages.first() == l.as_ref(),
        Read::Caption(d, c) => book
            .diagrams
            .get(*d)
            .is_some_and(|dia| caption_lines(book, dia, lang) == *c),
        Read::Answers(d, a) => book
            .diagrams
            .get(*d)
            .is_some_and(|dia| answers::answers(book, dia, lang) == *a),
        Read::Markdown(url, m) => includes.get(url) == m.as_ref(),
    })
}

/// The blocks of chapter `ch` that show in `lang` (none when the book has no such chapter).
fn shown_blocks<'b>(book: &'b Book, ch: usize, lang: &str) -> Vec<&'b BookBlock> {
    book.chapters
        .get(ch)
        .map(|c| c.blocks_in(lang).collect())
        .unwrap_or_default()
}

/// Whether the kept blocks are the blocks `now` but for their spans.
fn same_blocks(kept: &mut [BookBlock], now: &[&BookBlock]) -> bool {
    kept.len() == now.len()
        && kept.iter_mut().zip(now).all(|(k, n)| {
            if let (BlockKind::Paragraph(kp), BlockKind::Paragraph(np)) = (&mut k.kind, &n.kind) {
                kp.raw.span = np.raw.span;
            }
            *k == **n
        })
}

/// Attribute `name` of element `element` as written.
fn attr(checked: &Checked, element: usize, name: &str) -> Option<String> {
    checked
        .doc
        .elements
        .get(element)
        .and_then(|e| e.attr_value(name))
        .map(str::to_string)
}

/// The paragraph of element `element` in chapter `ch`.
fn paragraph(book: &Book, ch: usize, element: usize) -> Option<&crate::resolve::model::Paragraph> {
    book.chapters
        .get(ch)?
        .blocks
        .iter()
        .find_map(|b| match &b.kind {
            BlockKind::Paragraph(p) if b.element == element => Some(p),
            _ => None,
        })
}

/// The text of the paragraph of element `element` in chapter `ch`, resolved in `lang`.
fn para_text(
    checked: &Checked,
    lang: &str,
    ch: usize,
    element: usize,
    reference: Option<usize>,
) -> Option<Arc<[Rich]>> {
    let p = paragraph(&checked.resolved.book, ch, element)?;
    Some(resolve(checked, lang, element, &p.raw, reference))
}

/// The text of diagram `d` resolved in `lang` for the block of element `element`.
fn question(checked: &Checked, lang: &str, element: usize, d: usize) -> Option<Arc<[Rich]>> {
    let t = checked.resolved.book.diagrams.get(d)?.text.as_ref()?;
    Some(resolve(checked, lang, element, t, Some(d)))
}

/// The question of diagram `d` of the checked book (a problem's text), resolved in `lang`
/// as the site shows it; `d` may be a copy of the book's diagram with another view.
pub fn question_of(
    checked: &Checked,
    d: &crate::resolve::model::Diagram,
    lang: &str,
) -> Option<Arc<[Rich]>> {
    let t = d.text.as_ref()?;
    let index = checked
        .resolved
        .diagram_of_element
        .get(d.element)
        .copied()
        .flatten();
    Some(resolve(checked, lang, d.element, t, index))
}

/// Text `raw` of element `element` resolved in `lang` (describing `reference`).
pub(super) fn resolve(
    checked: &Checked,
    lang: &str,
    element: usize,
    raw: &crate::format::syntax::Text,
    reference: Option<usize>,
) -> Arc<[Rich]> {
    let ctx = TextContext {
        resolved: &checked.resolved,
        links: &checked.links,
        element,
        lang,
        reference,
    };
    text::resolve_shared(&ctx, raw, &mut Default::default())
}

/// Whether the paragraph of element `element` in chapter `ch` has words of its own.
fn own_words(checked: &Checked, ch: usize, element: usize) -> bool {
    let book = &checked.resolved.book;
    paragraph(book, ch, element).is_some_and(|p| text::has_own_words(book, &p.raw.raw))
}
