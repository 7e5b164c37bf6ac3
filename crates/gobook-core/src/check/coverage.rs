//! How far each language of a book is translated (`gobook check --languages`): per
//! declared language, what exists in another language but not in this one, and the
//! language-neutral text of a book in several languages, which every language shows as
//! written and which may be untranslated.

use crate::format::schema;
use crate::format::syntax::{Document, Element};
use crate::resolve::model::{Block, BlockKind, Book, Chapter};
use crate::resolve::shows_in;
use crate::span::LineIndex;
use serde::Serialize;

/// One text of the book, where it is and in which languages it exists.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Item {
    /// 1-based line of the element.
    pub line: u32,
    /// 1-based column of the element.
    pub column: u32,
    /// What it is: "paragraph", "heading", "caption (`ca`)" ...
    pub what: String,
    /// The languages that have it (empty for language-neutral text).
    pub languages: Vec<String>,
    /// The beginning of its text, to recognise it by.
    pub excerpt: String,
}

/// What one language lacks.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Language {
    /// The language code.
    pub language: String,
    /// Texts that exist in another language but not in this one.
    pub missing: Vec<Item>,
}

/// The translation report of a book.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Coverage {
    /// Per declared language, in the book's order.
    pub languages: Vec<Language>,
    /// Language-neutral text that every language shows as written (books in several languages only).
    pub neutral: Vec<Item>,
}

impl Coverage {
    /// Whether nothing is missing and no neutral text may be untranslated.
    fn is_complete(&self) -> bool {
        self.neutral.is_empty() && self.languages.iter().all(|l| l.missing.is_empty())
    }

    /// One line for the end of a build, when something is missing: "fr lacks 3 texts, ja 1; ...".
    pub fn summary(&self) -> Option<String> {
        if self.is_complete() {
            return None;
        }
        let texts = |n: usize| if n == 1 { "text" } else { "texts" };
        let lacking: Vec<String> = self
            .languages
            .iter()
            .filter(|l| !l.missing.is_empty())
            .map(|l| {
                format!(
                    "{} lacks {} {}",
                    l.language,
                    l.missing.len(),
                    texts(l.missing.len())
                )
            })
            .collect();
        let mut parts = lacking;
        if !self.neutral.is_empty() {
            let n = self.neutral.len();
            parts.push(format!(
                "{n} language-neutral {} may be untranslated",
                texts(n)
            ));
        }
        Some(format!(
            "Languages: {} (see `gobook check --languages`)",
            parts.join("; ")
        ))
    }
}

/// The book's texts that its pages show (`#title#`, the top bar, the footer): given once,
/// they are in the first language.
const BOOK_TEXTS: &[&str] = &[
    "title",
    "subtitle",
    "author",
    "publisher",
    "copyright",
    "shortTitle",
];

/// What kind of text a block is, in words.
fn block_what(doc: &Document, b: &Block) -> String {
    let name = doc
        .elements
        .get(b.element)
        .map(|e| schema::split_langs(&e.name).0)
        .unwrap_or("");
    match &b.kind {
        BlockKind::Paragraph(_) if name.starts_with('h') || name.starts_with('s') => "heading",
        BlockKind::Paragraph(_) => "paragraph",
        BlockKind::Diagram(_) => "diagram",
        BlockKind::Image(_) => "image",
        BlockKind::Buy { .. } => "buy button",
        BlockKind::Include { .. } => "include",
    }
    .to_string()
}

/// The first words of `text`, on one line.
fn excerpt(text: &str) -> String {
    let one_line: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut out: String = one_line.chars().take(48).collect();
    if one_line.chars().count() > 48 {
        out.push('…');
    }
    out
}

/// Whether `text` holds words of a language: letters outside standard texts (`#btp#`),
/// which gobook translates, and outside markup tags.
fn has_words(text: &str) -> bool {
    let mut rest = text;
    let mut plain = String::new();
    while let Some(c) = rest.chars().next() {
        if c == '#' {
            if let Some(end) = rest[1..].find('#') {
                let code = &rest[1..end + 1];
                if !code.is_empty() && code.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
                {
                    rest = &rest[end + 2..];
                    continue;
                }
            }
        }
        if c == '<' {
            if let Some(end) = rest.find('>') {
                rest = &rest[end + 1..];
                continue;
            }
        }
        plain.push(c);
        rest = &rest[c.len_utf8()..];
    }
    // A word: two letters in a row (a coordinate or a lone letter is no text to translate).
    let chars: Vec<char> = plain.chars().collect();
    chars
        .windows(2)
        .any(|w| w[0].is_alphabetic() && w[1].is_alphabetic())
        || chars
            .iter()
            .any(|c| crate::resolve::text::is_cjk(*c) && c.is_alphabetic())
}

/// Where an element starts, as 1-based line and column.
fn place(src: &str, index: &LineIndex, el: &Element) -> (u32, u32) {
    index.line_col(src, el.span.start)
}

/// The translation report of a checked book.
pub fn coverage(
    src: &str,
    doc: &Document,
    links: &crate::format::links::Links,
    book: &Book,
) -> Coverage {
    let langs: Vec<&str> = book.languages.iter().map(String::as_str).collect();
    let mut report = Gather {
        src,
        doc,
        index: LineIndex::new(src),
        missing: vec![Vec::new(); langs.len()],
        langs,
        neutral: Vec::new(),
    };
    // Attributes with language variants, on the book and on every block (book first).
    let book_el = doc
        .elements
        .iter()
        .find(|e| e.kind == schema::ElementKind::Book);
    let mut attr_owners: Vec<AttrOwner> = Vec::new();
    if let Some(e) = book_el {
        attr_owners.push((e, Vec::new(), Vec::new()));
    }
    for ch in &book.chapters {
        report.chapter(ch, &mut attr_owners);
    }
    report.dead_links(links, book);
    for (el, ch_langs, b_langs) in attr_owners {
        report.neutral_attributes(el);
        report.missing_attributes(el, &ch_langs, &b_langs);
    }
    report.finish()
}

/// An element whose attributes may have language variants, with its chapter's languages
/// and its block's.
type AttrOwner<'a> = (&'a Element, Vec<String>, Vec<String>);

/// The report while it is gathered: the book's languages, what each lacks so far and
/// the neutral text found so far, in the order found (sorted by place at the end).
struct Gather<'a> {
    /// The book's text, for places and excerpts.
    src: &'a str,
    /// Its syntax tree.
    doc: &'a Document,
    /// Line starts of `src`.
    index: LineIndex,
    /// The book's languages, in its order.
    langs: Vec<&'a str>,
    /// Per language (in the order of `langs`), what it lacks.
    missing: Vec<Vec<Item>>,
    /// Language-neutral text that may be untranslated.
    neutral: Vec<Item>,
}

impl<'a> Gather<'a> {
    /// Whether the book has several languages (only then is neutral text reported).
    fn multi(&self) -> bool {
        self.langs.len() > 1
    }

    /// A chapter's blocks: what a language lacks of each run of translations, and the
    /// neutral paragraphs; each block's element is noted in `owners` for its attributes.
    fn chapter(&mut self, ch: &'a Chapter, owners: &mut Vec<AttrOwner<'a>>) {
        let tagged = |b: &Block| !b.langs.is_empty() && !b.langs.iter().any(|l| l == "ui");
        // Runs of blocks tagged with languages, one after another: translations of each other.
        let mut run: Vec<&Block> = Vec::new();
        for b in &ch.blocks {
            if let Some(el) = self.doc.elements.get(b.element) {
                owners.push((el, ch.langs.clone(), b.langs.clone()));
            }
            if tagged(b) {
                run.push(b);
                continue;
            }
            self.run(&ch.langs, &mut run);
            self.neutral_paragraph(&ch.langs, b);
        }
        self.run(&ch.langs, &mut run);
    }

    /// What each language lacks of a run of translations (fewer blocks in it than in the
    /// language with the most), then empties the run.
    fn run(&mut self, ch_langs: &[String], run: &mut Vec<&Block>) {
        if run.is_empty() {
            return;
        }
        let count = |l: &str| {
            run.iter()
                .filter(|b| b.langs.iter().any(|x| x == l))
                .count()
        };
        let most = self.langs.iter().map(|l| count(l)).max().unwrap_or(0);
        let present: Vec<String> = self
            .langs
            .iter()
            .filter(|l| count(l) > 0)
            .map(|l| l.to_string())
            .collect();
        for (k, l) in self.langs.iter().enumerate() {
            if !shows_in(ch_langs, l) || count(l) >= most {
                continue;
            }
            // The first block of the run that the language lacks a counterpart of.
            let Some(b) = run.iter().find(|b| !b.langs.iter().any(|x| x == l)) else {
                continue;
            };
            let Some(el) = self.doc.elements.get(b.element) else {
                continue;
            };
            let (line, column) = place(self.src, &self.index, el);
            let n = count(l);
            let what = if most > 1 {
                format!("{} ({n} of {most})", block_what(self.doc, b))
            } else {
                block_what(self.doc, b)
            };
            self.missing[k].push(Item {
                line,
                column,
                what,
                languages: present.clone(),
                excerpt: excerpt(el.value_str()),
            });
        }
        run.clear();
    }

    /// An untagged paragraph with words, in a chapter that several editions show: neutral text.
    fn neutral_paragraph(&mut self, ch_langs: &[String], b: &Block) {
        // A chapter of one edition only holds no neutral text: it is in that language.
        let editions = self.langs.iter().filter(|l| shows_in(ch_langs, l)).count();
        if !(self.multi() && editions > 1) || b.langs.iter().any(|l| l == "ui") {
            return;
        }
        let (BlockKind::Paragraph(p), Some(el)) = (&b.kind, self.doc.elements.get(b.element))
        else {
            return;
        };
        if has_words(&p.raw.raw) {
            let (line, column) = place(self.src, &self.index, el);
            self.neutral.push(Item {
                line,
                column,
                what: block_what(self.doc, b),
                languages: Vec::new(),
                excerpt: excerpt(&p.raw.raw),
            });
        }
    }

    /// Links that lead to what an edition lacks: plain text on its pages.
    fn dead_links(&mut self, links: &crate::format::links::Links, book: &Book) {
        let src = self.src;
        for dead in super::editions::links_to_missing(self.doc, links, book) {
            // An included file's link: its text is not in `src` (see `Checked::src`).
            let Some(link) = src.get(dead.span.start as usize..dead.span.end as usize) else {
                continue;
            };
            let (line, column) = self.index.line_col(src, dead.span.start);
            for l in &dead.lacking {
                if let Some(k) = self.langs.iter().position(|x| x == l) {
                    self.missing[k].push(Item {
                        line,
                        column,
                        what: format!("link to `{}`", dead.href),
                        languages: Vec::new(),
                        excerpt: excerpt(link),
                    });
                }
            }
        }
    }

    /// Text attributes (`ca`, `title`, `subtitle`, `gaps`) of a block given only
    /// language-neutrally, in a book of several languages.
    fn neutral_attributes(&mut self, el: &Element) {
        let is_book = el.kind == schema::ElementKind::Book;
        if !self.multi() {
            return;
        }
        for a in el.attrs.iter().filter(|a| a.name == a.base_name()) {
            let text_attr =
                matches!(a.name.as_str(), "ca" | "title" | "subtitle" | "gaps") && !is_book;
            let has_variants = el
                .attrs
                .iter()
                .any(|v| v.base_name() == a.name && v.name != a.name);
            if text_attr
                && !has_variants
                && a.value != "auto"
                && a.value != "none"
                && has_words(&a.value)
            {
                let (line, column) = self.index.line_col(self.src, a.name_span.start);
                self.neutral.push(Item {
                    line,
                    column,
                    what: format!("`{}`", a.name),
                    languages: Vec::new(),
                    excerpt: excerpt(&a.value),
                });
            }
        }
    }

    /// Attributes given for some languages and not for others: what each language that
    /// shows the element lacks.
    fn missing_attributes(&mut self, el: &Element, ch_langs: &[String], b_langs: &[String]) {
        let is_book = el.kind == schema::ElementKind::Book;
        let multi = self.multi();
        let first = self.langs.first().copied().unwrap_or("en");
        let mut names: Vec<&str> = Vec::new();
        for a in &el.attrs {
            let base = a.base_name();
            // The book's texts (on every page: title, copyright, ...) given once are in the
            // first language, which the others then lack.
            let book_text = is_book && multi && BOOK_TEXTS.contains(&base) && has_words(&a.value);
            if (a.name != base || book_text) && !names.contains(&base) {
                names.push(base);
            }
        }
        for name in names {
            let variants: Vec<_> = el.attrs.iter().filter(|a| a.base_name() == name).collect();
            let has = |l: &str| {
                variants
                    .iter()
                    .any(|a| a.langs().any(|x| x == l) || (a.name == name && l == first))
            };
            let present: Vec<String> = self
                .langs
                .iter()
                .filter(|l| has(l))
                .map(|l| l.to_string())
                .collect();
            let Some(a) = variants.first() else { continue };
            let (line, column) = self.index.line_col(self.src, a.name_span.start);
            for (k, l) in self.langs.iter().enumerate() {
                if !shows_in(ch_langs, l) || !shows_in(b_langs, l) || has(l) {
                    continue;
                }
                self.missing[k].push(Item {
                    line,
                    column,
                    what: format!("`{name}`"),
                    languages: present.clone(),
                    excerpt: excerpt(&a.value),
                });
            }
        }
    }

    /// The report: each language's lacks and the neutral text, in the order of the source.
    fn finish(self) -> Coverage {
        let languages = self
            .langs
            .iter()
            .zip(self.missing)
            .map(|(l, mut m)| {
                m.sort_by_key(|i| (i.line, i.column));
                Language {
                    language: l.to_string(),
                    missing: m,
                }
            })
            .collect();
        let mut neutral = self.neutral;
        neutral.sort_by_key(|i| (i.line, i.column));
        Coverage { languages, neutral }
    }
}

/// The languages declared on the book (`::book_en_fr`) that have no text of their own:
/// no element, attribute or standard text is tagged with them. The first language is
/// the one untagged text is in, so it always has text.
pub fn languages_without_text(doc: &Document, book: &Book) -> Vec<String> {
    let Some(book_el) = doc
        .elements
        .iter()
        .find(|e| e.kind == schema::ElementKind::Book)
    else {
        return Vec::new();
    };
    let declared: Vec<&str> = book_el
        .langs
        .iter()
        .map(String::as_str)
        .filter(|l| *l != "ui")
        .collect();
    declared
        .iter()
        .skip(1)
        .filter(|l| book.languages.iter().any(|x| x == *l))
        .filter(|l| {
            let tag = format!("_{l}#");
            !doc.elements.iter().any(|e| {
                (!std::ptr::eq(e, book_el) && e.languages().any(|x| x == **l))
                    || e.attrs.iter().any(|a| a.langs().any(|x| x == **l))
                    || e.value_str().contains(&tag)
            })
        })
        .map(|l| l.to_string())
        .collect()
}
