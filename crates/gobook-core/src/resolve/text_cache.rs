//! Resolved text kept between builds (`serve`, `lsp`): each paragraph's text, in one
//! language, with every question its resolution asked of the book and the answer it got
//! (the diagram of an inline `<dia>`, where a link leads, the game info `#pb#` shows, what
//! the described diagram draws at a coordinate, ...). Text resolution learns about the book
//! only by asking ([`Ask`]), so the text, the language and those answers are everything the
//! result is made from: a kept result is reused when the text and language are equal and
//! every question, asked again of the book as it is now, gets the same answer. No list of
//! inputs is kept by hand; a new question is recorded the moment resolution asks it.

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::format::syntax::Text;
use crate::point::Point;
use crate::resolve::text::{self, LinkTarget, Rich, TextContext};
use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

/// A question text resolution asks of the book (its text and language aside).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Question {
    /// The diagram of the inline `<dia` at this offset from the text's start.
    InlineDiagram(u32),
    /// Where an `href` leads, seen from the text's element.
    Link(String),
    /// The book's cover in the text's language (what an image without `url` shows).
    Cover,
    /// The value of game info `name` in `lang` for the text's element (`#pb#`).
    GameInfo { name: String, lang: String },
    /// The book's information `name` in `lang` (`#title#`).
    BookInfo { name: String, lang: String },
    /// The book's first language, whose words untagged text is in.
    FirstLanguage,
    /// The board size of the diagram the text describes, if it describes one.
    ReferenceSize,
    /// What the described diagram draws at a point.
    Drawn(Point),
}

/// The answer to a [`Question`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Answer {
    /// A diagram's index.
    Index(Option<usize>),
    /// A link target.
    Target(LinkTarget),
    /// Words, or none.
    Words(Option<String>),
    /// A board size.
    Size(Option<u8>),
    /// What a diagram draws at a point.
    Drawn(Option<Rich>),
}

/// The one way text resolution reads the book: each answer is recorded.
pub(super) struct Ask<'c, 'a> {
    ctx: &'c TextContext<'a>,
    /// Where the text starts in the source.
    base: u32,
    asked: RefCell<Vec<(Question, Answer)>>,
}

impl<'c, 'a> Ask<'c, 'a> {
    /// The language the text is resolved in.
    pub(super) fn lang(&self) -> &'a str {
        self.ctx.lang
    }

    /// Asks `q` and records the answer.
    fn ask(&self, q: Question) -> Answer {
        let mut asked = self.asked.borrow_mut();
        // Asked before (the size of the described board, at every coordinate): the same answer.
        if let Some((_, a)) = asked.iter().find(|(x, _)| *x == q) {
            return a.clone();
        }
        let a = answer(self.ctx, self.base, &q);
        asked.push((q, a.clone()));
        a
    }

    /// The diagram of the inline `<dia` starting at source offset `at`.
    pub(super) fn inline_diagram(&self, at: u32) -> Option<usize> {
        match self.ask(Question::InlineDiagram(at.wrapping_sub(self.base))) {
            Answer::Index(i) => i,
            _ => None,
        }
    }

    /// Where `href` leads.
    pub(super) fn link(&self, href: &str) -> LinkTarget {
        match self.ask(Question::Link(href.to_string())) {
            Answer::Target(t) => t,
            _ => LinkTarget::Disabled,
        }
    }

    /// The book's cover in the text's language.
    pub(super) fn cover(&self) -> String {
        self.words(Question::Cover).unwrap_or_default()
    }

    /// Game info `name` in `lang` (None: the Go data gives none).
    pub(super) fn game_info(&self, name: &str, lang: &str) -> Option<String> {
        self.words(Question::GameInfo {
            name: name.to_string(),
            lang: lang.to_string(),
        })
    }

    /// The book's information `name` in `lang`.
    pub(super) fn book_info(&self, name: &str, lang: &str) -> Option<String> {
        self.words(Question::BookInfo {
            name: name.to_string(),
            lang: lang.to_string(),
        })
    }

    /// The book's first language.
    pub(super) fn first_language(&self) -> String {
        self.words(Question::FirstLanguage).unwrap_or_default()
    }

    /// The board size of the described diagram.
    pub(super) fn reference_size(&self) -> Option<u8> {
        match self.ask(Question::ReferenceSize) {
            Answer::Size(s) => s,
            _ => None,
        }
    }

    /// What the described diagram draws at `p`.
    pub(super) fn drawn(&self, p: Point) -> Option<Rich> {
        match self.ask(Question::Drawn(p)) {
            Answer::Drawn(r) => r,
            _ => None,
        }
    }

    fn words(&self, q: Question) -> Option<String> {
        match self.ask(q) {
            Answer::Words(w) => w,
            _ => None,
        }
    }
}

/// The answer the book as `ctx` holds it gives to `q`, for a text starting at `base`.
fn answer(ctx: &TextContext, base: u32, q: &Question) -> Answer {
    let book = &ctx.resolved.book;
    let reference = || ctx.reference.and_then(|d| book.diagrams.get(d));
    match q {
        Question::InlineDiagram(at) => Answer::Index(
            ctx.resolved
                .inline_diagrams
                .get(&base.wrapping_add(*at))
                .copied(),
        ),
        Question::Link(href) => Answer::Target(text::link_target(ctx.links, ctx.element, href)),
        Question::Cover => Answer::Words(Some(book.cover(ctx.lang))),
        Question::GameInfo { name, lang } => Answer::Words(
            crate::resolve::game_info::value(
                &ctx.resolved.game_info,
                ctx.links,
                ctx.element,
                name,
                lang,
            )
            .map(str::to_string),
        ),
        Question::BookInfo { name, lang } => Answer::Words(book.info(name, lang).map(String::from)),
        Question::FirstLanguage => Answer::Words(book.languages.first().cloned()),
        Question::ReferenceSize => Answer::Size(reference().map(|d| d.size)),
        Question::Drawn(p) => Answer::Drawn(reference().and_then(|d| text::what_is_drawn(d, *p))),
    }
}

/// One text resolved: its key, the questions asked with their answers, and the result.
struct Entry {
    raw: Box<str>,
    lang: Box<str>,
    asked: Vec<(Question, Answer)>,
    /// Shared: a text kept is handed out as the same allocation, so whoever kept it too
    /// finds it equal at the cost of a pointer comparison.
    rich: Arc<[Rich]>,
    /// Spans relative to the text's start (wrapping, so any offset comes back exactly).
    diagnostics: Vec<Diagnostic>,
    /// The last build that used it.
    used: AtomicU64,
}

/// The most results kept for one text in one language: the same words in many places
/// (a problem's "Black to play.") mostly get the same answers; past this, the oldest goes.
const PER_TEXT: usize = 8;

/// Resolved texts by their words and language, with the answers they were made from.
#[derive(Default)]
pub struct TextCache {
    /// Read by every text of a check at once (`check_all` runs them in parallel): a
    /// read lock each, so lookups do not queue; a text made anew takes the write lock.
    inner: RwLock<Inner>,
    /// Keep nothing (a single check or build): resolve every text afresh.
    once: bool,
}

#[derive(Default)]
struct Inner {
    /// By the hash of text and language; every entry's text and language are compared.
    entries: HashMap<u64, Vec<Arc<Entry>>>,
    /// The current build.
    generation: u64,
}

impl std::fmt::Debug for TextCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TextCache")
    }
}

impl TextCache {
    /// A cache that keeps nothing.
    pub fn once() -> TextCache {
        TextCache {
            once: true,
            ..TextCache::default()
        }
    }

    /// Starts a build: forgets the texts the last build did not use, so memory stays bounded.
    pub fn begin(&self) {
        let mut inner = self.inner.write().unwrap_or_else(|e| e.into_inner());
        let last = inner.generation;
        inner.entries.retain(|_, v| {
            v.retain(|e| e.used.load(Ordering::Relaxed) >= last);
            !v.is_empty()
        });
        inner.generation += 1;
    }

    /// What `take` makes of `text` resolved in `ctx`: kept, when the same words in the
    /// same language asked the same questions with the same answers, else made by `make`
    /// and kept. (The check wants only the diagnostics: `take` then copies nothing.)
    pub(super) fn resolve<T>(
        &self,
        ctx: &TextContext,
        text: &Text,
        diags: &mut Diagnostics,
        make: impl FnOnce(&Ask, &mut Diagnostics) -> Vec<Rich>,
        take: impl FnOnce(&Arc<[Rich]>) -> T,
    ) -> T {
        let ask = Ask {
            ctx,
            base: text.span.start,
            asked: RefCell::new(Vec::new()),
        };
        if self.once {
            return take(&Arc::from(make(&ask, diags)));
        }
        let hash = key_hash(&text.raw, ctx.lang);
        let same = |e: &Entry| {
            *e.raw == *text.raw
                && *e.lang == *ctx.lang
                && e.asked.iter().all(|(q, a)| answer(ctx, ask.base, q) == *a)
        };
        let generation = {
            // Looked up in place: a copy of the slot's list would cost every text a
            // reference count changed on every other thread's cache line.
            let inner = self.inner.read().unwrap_or_else(|e| e.into_inner());
            if let Some(e) = inner
                .entries
                .get(&hash)
                .into_iter()
                .flatten()
                .find(|e| same(e))
            {
                e.used.store(inner.generation, Ordering::Relaxed);
                diags.extend(crate::resolve::cache::at(&e.diagnostics, ask.base));
                return take(&e.rich);
            }
            inner.generation
        };
        let mut local = Diagnostics::default();
        let rich: Arc<[Rich]> = Arc::from(make(&ask, &mut local));
        let out = take(&rich);
        let found = local.into_vec();
        diags.extend(found.iter().cloned());
        let entry = Arc::new(Entry {
            raw: text.raw.as_str().into(),
            lang: ctx.lang.into(),
            asked: ask.asked.into_inner(),
            rich,
            diagnostics: crate::resolve::cache::at(&found, ask.base.wrapping_neg()).collect(),
            used: AtomicU64::new(generation),
        });
        let mut inner = self.inner.write().unwrap_or_else(|e| e.into_inner());
        let list = inner.entries.entry(hash).or_default();
        if list.len() >= PER_TEXT {
            // The least recently used goes.
            if let Some(oldest) =
                (0..list.len()).min_by_key(|&i| list[i].used.load(Ordering::Relaxed))
            {
                list.swap_remove(oldest);
            }
        }
        list.push(entry);
        out
    }
}

/// The hash of a text and its language (only finds the slot: entries are compared in full).
fn key_hash(raw: &str, lang: &str) -> u64 {
    let mut h = crate::resolve::cache::hasher();
    (raw, lang).hash(&mut h);
    h.finish()
}
