//! What one language's PDF prints, as the characters the fonts must have: read from the page
//! model (`layout::book::LaidLanguage`) as `blocks`, `solutions` and `frame` print it, never
//! from the typst source (whose own comments and code are no text of the book), and each
//! character with where it first comes from, so that a character no font has is reported at
//! its place in the book (`super::missing_glyphs`).
//!
//! What prints: the chapters' paragraphs and headings (bullets, hints under their word,
//! inline diagrams' captions), figures' headers, captions, gaps lines and questions, images'
//! captions, the labels on the boards (set in the diagrams' font or another of the PDF's),
//! the solutions' words (each problem's name, the verdicts, the moves by number, comments,
//! gaps lines), the chapters' titles (contents, running heads), the book's title, subtitle,
//! author, publisher and copyright, and gobook's own words in the edition's language.
//! What does not: a paragraph that only switches language and the switches a paragraph ends
//! with, pictures in running text and buy buttons, which the PDF leaves out as `blocks` does.
//! An included Markdown file's words print too, at the `::include` that brings it in.

use super::rich::for_print;

use crate::check::Checked;
use crate::format::schema::ElementKind;
use crate::i18n::{self, UiWord};
use crate::layout::answers::{answer_board, answer_player, numbered_line};
use crate::layout::book::LaidLanguage;
use crate::layout::diagram::board_shape;
use crate::layout::markdown as md;
use crate::layout::page::{Block, Content, Figure, InlineFigure, Para};
use crate::point::Mark;
use crate::resolve::caption::CaptionLines;
use crate::resolve::model::Book;
use crate::resolve::text::Rich;
use std::collections::HashMap;

/// Where a printed character comes from, for the message when no font has it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The text of an element of the book (its index in the syntax tree), as it prints in
    /// the edition's language (standard texts and typography applied).
    Element(usize),
    /// gobook's own words in the edition's language (the contents' heading, the word for a
    /// page, a hint's, the colours of the moves ...).
    Words,
}

/// The characters one language's PDF prints that need a glyph, each with where it is first
/// printed from.
#[derive(Debug)]
pub struct Printed {
    /// The characters not in ASCII, each with its first origin.
    chars: HashMap<char, Origin>,
    /// Printable ASCII, which every text font has, by its code (its first origin).
    ascii: [Option<Origin>; 128],
}

impl Default for Printed {
    fn default() -> Self {
        Printed {
            chars: HashMap::new(),
            ascii: [None; 128],
        }
    }
}

impl Printed {
    /// Adds the characters of `text` printed from `origin`.
    fn add(&mut self, text: &str, origin: Origin) {
        for c in text.chars() {
            if c.is_ascii() {
                let slot = &mut self.ascii[c as usize];
                if slot.is_none() && super::fonts::needs_glyph(c) {
                    *slot = Some(origin);
                }
            } else if super::fonts::needs_glyph(c) {
                self.chars.entry(c).or_insert(origin);
            }
        }
    }

    /// Every character printed that needs a glyph, in no particular order.
    pub fn chars(&self) -> impl Iterator<Item = char> + '_ {
        let ascii = (0u8..128).filter(|&b| self.ascii[b as usize].is_some());
        ascii.map(char::from).chain(self.chars.keys().copied())
    }

    /// Where `c` is first printed from, when it is printed.
    pub fn origin(&self, c: char) -> Option<Origin> {
        if c.is_ascii() {
            self.ascii[c as usize]
        } else {
            self.chars.get(&c).copied()
        }
    }
}

/// What is printed in language `l` of the checked book.
pub fn of(checked: &Checked, l: &LaidLanguage) -> Printed {
    let book = &checked.resolved.book;
    let mut w = Walk {
        book,
        lang: &l.plan.lang,
        out: Printed::default(),
        images: None,
        l,
    };
    // The chapters' blocks first: their origins point at the very text a character is in,
    // which the titles and the running heads repeat.
    for page in super::typeset::printed_chapters(l) {
        for b in page.blocks.iter() {
            w.block(page.index, b);
        }
    }
    for page in super::typeset::printed_chapters(l) {
        let Some(c) = page.chapter else { continue };
        let origin = Origin::Element(book.chapters[c].element);
        w.out.add(&page.frame.title, origin);
        w.out.add(&page.frame.short_title, origin);
    }
    w.front(checked);
    w.words();
    w.out
}

/// The walk over one language's pages.
struct Walk<'a> {
    book: &'a Book,
    lang: &'a str,
    out: Printed,
    /// Each image's element by its page and anchor, made when the first image is met.
    images: Option<HashMap<(usize, &'a str), usize>>,
    l: &'a LaidLanguage,
}

impl<'a> Walk<'a> {
    fn block(&mut self, page: usize, b: &'a Block) {
        match b {
            Block::Para(p) => self.para(p),
            Block::Boxed(ps) => ps.iter().for_each(|p| self.para(p)),
            Block::Group { figure, text } => {
                self.figure(figure);
                text.iter().for_each(|b| self.block(page, b));
            }
            Block::Row(cells) => {
                for c in cells {
                    self.figure(&c.figure);
                    c.text.iter().for_each(|b| self.block(page, b));
                }
            }
            Block::Image(img) => {
                let plan = &self.l.plan;
                let images = self.images.get_or_insert_with(|| {
                    plan.anchors
                        .iter()
                        .map(|(e, (p, a))| ((*p, a.as_str()), *e))
                        .collect()
                });
                let origin = images
                    .get(&(page, img.anchor.as_str()))
                    .map_or(Origin::Words, |e| Origin::Element(*e));
                self.out.add(img.alt.trim(), origin);
            }
            // An included Markdown file's words, at the `::include` that brings it in.
            Block::Include {
                element,
                markdown: Some(doc),
                ..
            } => markdown_text(&doc.blocks, Origin::Element(*element), &mut self.out),
            // A buy button and an included web page belong to the web editions.
            Block::Buy { .. } | Block::Include { markdown: None, .. } => {}
        }
    }

    fn para(&mut self, p: &Para) {
        if super::blocks::only_a_language_switch(p) {
            return;
        }
        let origin = Origin::Element(p.element);
        match &p.content {
            Content::Text(t) => self.rich(for_print(t), origin),
            Content::Bullet { label, text } => {
                self.rich(label, origin);
                self.rich(for_print(text), origin);
            }
        }
        if p.hint {
            // "Hint: ..." (`gb-hint` in frame.typ).
            self.out
                .add(super::blocks::hint_word(self.lang), Origin::Words);
            let colon = if matches!(self.lang, "ja" | "cn" | "tw") {
                "："
            } else {
                ": "
            };
            self.out.add(colon, Origin::Words);
        }
        // Vertical text sets a hint's word with a full-width colon and a bullet's label
        // apart by an ideographic space (`vertical`).
        if self.l.plan.vertical && (p.hint || matches!(p.content, Content::Bullet { .. })) {
            self.out.add("：\u{3000}", Origin::Words);
        }
        for f in &p.inline {
            self.inline_figure(f);
        }
    }

    fn rich(&mut self, rich: &[Rich], origin: Origin) {
        for r in rich {
            match r {
                Rich::Text(t) | Rich::Label(t) => self.out.add(t, origin),
                Rich::Bold(c)
                | Rich::Italic(c)
                | Rich::Styled { content: c, .. }
                | Rich::Lang { content: c, .. }
                | Rich::Link { content: c, .. }
                | Rich::Diagram { content: c, .. } => self.rich(c, origin),
                // A cross is a letter of the text font; the other symbols are drawn.
                Rich::Symbol {
                    mark: Some(Mark::Cross),
                    ..
                } => self.out.add("×", Origin::Words),
                // A picture in running text belongs to the web editions.
                Rich::Symbol { .. } | Rich::Break | Rich::Image { .. } => {}
            }
        }
    }

    /// The board of diagram `d`'s labels, and its caption lines.
    fn board(&mut self, d: usize, caption: &CaptionLines) {
        let Some(dia) = self.book.diagrams.get(d) else {
            return;
        };
        let origin = Origin::Element(dia.element);
        let board = board_shape(dia);
        for (_, l) in &board.labels {
            self.out.add(l, origin);
        }
        for n in &board.numbered {
            self.out.add(&n.label, origin);
        }
        self.out.add(&caption.title(), origin);
        for line in [&caption.header, &caption.gaps].into_iter().flatten() {
            self.out.add(line, origin);
        }
    }

    fn inline_figure(&mut self, f: &InlineFigure) {
        self.board(f.diagram, &f.caption);
    }

    fn figure(&mut self, f: &Figure) {
        self.board(f.diagram, &f.caption);
        let Some(dia) = self.book.diagrams.get(f.diagram) else {
            return;
        };
        let origin = Origin::Element(dia.element);
        if let Some(q) = &f.question {
            self.rich(q, origin);
        }
        if f.answers.is_empty() {
            return;
        }
        // The solutions: the section's word, each answer under its problem's name, its
        // verdict and its moves by number, its comment and its gaps line.
        let lang = self.lang;
        let ui = |k: UiWord, or: &'static str| {
            Some(i18n::ui(k, lang))
                .filter(|w| !w.is_empty())
                .unwrap_or(or)
        };
        self.out
            .add(ui(UiWord::Solutions, "Solutions"), Origin::Words);
        self.out
            .add(&crate::markup::answers::problem_name(f, lang), origin);
        for a in &f.answers {
            let verdict = if a.correct {
                UiWord::Correct
            } else {
                UiWord::Wrong
            };
            self.out.add(i18n::ui(verdict, lang), Origin::Words);
            let (colon, dash) = crate::markup::answers::answer_punctuation(lang);
            self.out.add(colon, Origin::Words);
            let line = numbered_line(&a.sequence, answer_player(dia), lang);
            self.out.add(&line, Origin::Words);
            if !a.comment.is_empty() {
                self.out.add(dash, Origin::Words);
                self.out.add(&a.comment, origin);
            }
            let (board, gaps) = answer_board(self.book, dia, &a.sequence, lang, String::new());
            for n in &board.numbered {
                self.out.add(&n.label, Origin::Words);
            }
            if let Some(g) = gaps {
                self.out.add(&g, origin);
            }
        }
    }

    /// The title page, the copyright page and the running heads: the book's texts.
    fn front(&mut self, checked: &Checked) {
        let origin = checked
            .doc
            .elements
            .iter()
            .position(|e| e.kind == ElementKind::Book)
            .map_or(Origin::Words, Origin::Element);
        let t = &self.l.texts;
        let given = |t: &Option<String>| {
            t.as_deref()
                .filter(|t| !t.trim().is_empty())
                .map(str::to_string)
        };
        let title = given(&t.title).unwrap_or_else(|| t.id.clone());
        self.out.add(&title, origin);
        for text in [&t.subtitle, &t.author, &t.publisher, &t.copyright] {
            if let Some(text) = given(text) {
                self.out.add(&text, origin);
            }
        }
        if given(&t.copyright).is_none() {
            self.out.add("© ", Origin::Words);
        }
        self.out.add("Typeset with gobook.", Origin::Words);
    }

    /// gobook's own words the frame prints in this language: the contents' heading, the
    /// word for a page and what sets a page reference apart ("（12頁）").
    fn words(&mut self) {
        let lang = self.lang;
        let contents = Some(i18n::ui(UiWord::Contents, lang))
            .filter(|w| !w.is_empty())
            .unwrap_or("Contents");
        self.out.add(contents, Origin::Words);
        self.out
            .add(i18n::ui(UiWord::PageAbbrev, lang), Origin::Words);
        let around = if matches!(lang, "ja" | "cn" | "tw") {
            "（）"
        } else {
            ", "
        };
        self.out.add(around, Origin::Words);
    }
}

/// The words an included Markdown file's `blocks` print (`super::markdown`): every text,
/// code, image description and footnote, and the numbers of its lists and footnotes.
fn markdown_text(blocks: &[md::Block], origin: Origin, out: &mut Printed) {
    for b in blocks {
        match b {
            md::Block::Para(i) | md::Block::Tight(i) | md::Block::Heading { content: i, .. } => {
                markdown_inline(i, origin, out)
            }
            md::Block::List { start, items } => {
                if start.is_some() {
                    out.add("0123456789.", origin);
                } else {
                    out.add("•‣–", origin);
                }
                for item in items {
                    markdown_text(item, origin, out);
                }
            }
            md::Block::Table { head, rows, .. } => {
                for cell in head.iter().chain(rows.iter().flatten()) {
                    markdown_inline(cell, origin, out);
                }
            }
            md::Block::Code { text, .. } | md::Block::RawHtml(text) => out.add(text, origin),
            md::Block::Quote(inner) => markdown_text(inner, origin, out),
            md::Block::Rule => {}
            md::Block::Footnote { number, blocks, .. } => {
                out.add(&number.to_string(), origin);
                markdown_text(blocks, origin, out);
            }
        }
    }
}

/// The words of an included Markdown file's inline text.
fn markdown_inline(inlines: &[md::Inline], origin: Origin, out: &mut Printed) {
    for i in inlines {
        match i {
            md::Inline::Text(t) | md::Inline::Code(t) => out.add(t, origin),
            md::Inline::Emphasis(c) | md::Inline::Strong(c) | md::Inline::Strikethrough(c) => {
                markdown_inline(c, origin, out)
            }
            md::Inline::Link { content, .. } => markdown_inline(content, origin, out),
            md::Inline::Image { alt, .. } => out.add(alt, origin),
            md::Inline::FootnoteRef { number, .. } => out.add(&number.to_string(), origin),
            md::Inline::SoftBreak | md::Inline::HardBreak => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::i18n::{ui, UiWord, LANGUAGES};

    #[test]
    fn no_word_print_takes_from_the_readers_interface_is_for_a_screen() {
        // Every interface word the print writer names, read from its source, so that a
        // word added later is checked too: none may ask the reader to click, tap, hover
        // or show, in any of the 12 languages; a printed page can do none of it.
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/pdf");
        let mut used = Vec::new();
        for f in std::fs::read_dir(dir).unwrap() {
            let src = std::fs::read_to_string(f.unwrap().path()).unwrap();
            for (at, _) in src.match_indices("UiWord::") {
                let name: String = src[at + 8..]
                    .chars()
                    .take_while(char::is_ascii_alphanumeric)
                    .collect();
                used.push(name);
            }
        }
        let words: Vec<UiWord> = UiWord::ALL
            .iter()
            .copied()
            .filter(|w| used.contains(&format!("{w:?}")))
            .collect();
        assert!(
            words.contains(&UiWord::Solutions) && words.len() >= 7,
            "{words:?}"
        );
        let screen = [
            "click",
            "klick",
            "clic",
            "tap",
            "tippe",
            "hover",
            "survol",
            "show",
            "anzeig",
            "affich",
            "mostra",
            "pokaż",
            "показ",
            "нажм",
            "щёлк",
            "щелк",
            "kliknij",
            "toque",
            "クリック",
            "タップ",
            "表示",
            "点击",
            "點擊",
            "显示",
            "顯示",
            "클릭",
            "탭",
            "보기",
        ];
        for w in words {
            for lang in LANGUAGES {
                let said = ui(w, lang).to_lowercase();
                for s in screen {
                    assert!(!said.contains(s), "{w:?} in {lang}: {said}");
                }
            }
        }
    }
}
