//! Layout kept between builds (`serve`), so an edit lays out again only what it changed:
//! each diagram as pages use it, shared (one allocation from build to build while it stays
//! the same, so a page's comparison of its diagrams is a pointer's), and each chapter's
//! blocks in each language with every read of the book they were made from
//! ([`crate::layout::reads`]). A chapter is reused when each of its reads, made again,
//! gets the same answer; what a page frame shows (titles, navigation, the book's texts)
//! is made afresh every build, and cheap.

use crate::check::Checked;
use crate::layout::book::page_view;
use crate::layout::markdown::Includes;
use crate::layout::page::{self, Block};
use crate::layout::reads::{self, Read, Reader};
use crate::resolve::model::{Book, Diagram};
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::Arc;

/// What the last build laid out, kept for the next.
#[derive(Default)]
pub struct LayoutCache {
    /// Keep nothing: a single build would only copy every diagram and record every read.
    once: bool,
    /// Each diagram of the last build as the book had it, and as pages use it.
    diagrams: Vec<(Diagram, Arc<Diagram>)>,
    /// Each chapter's blocks by language and chapter, with the reads they were made from.
    chapters: HashMap<(String, usize), Kept>,
    /// The last build's, while a build takes from them; what it does not take goes.
    last: HashMap<(String, usize), Kept>,
    /// Chapters (in all languages) laid out by the last build, not found kept.
    pub laid_out: usize,
}

/// A chapter's blocks in one language and the reads they were made from.
pub(super) struct Kept {
    reads: Vec<Read>,
    blocks: Arc<Vec<Block>>,
}

impl LayoutCache {
    /// A cache for a single build, which keeps nothing.
    pub fn once() -> LayoutCache {
        LayoutCache {
            once: true,
            ..LayoutCache::default()
        }
    }

    /// Every diagram of `book` as pages use it: the last build's allocation where the
    /// diagram is the same but for what pages do not use (see [`page_view`]).
    pub(super) fn diagrams(&mut self, book: &Book) -> Vec<Arc<Diagram>> {
        if self.once {
            // Nothing compares these pages with another build's, so they share the book's
            // own diagrams, source line and text included: no copy.
            return book.diagrams.clone();
        }
        let mut last = std::mem::take(&mut self.diagrams).into_iter();
        let pairs: Vec<_> = book.diagrams.iter().map(|d| (last.next(), d)).collect();
        let kept: Vec<(Diagram, Arc<Diagram>)> = pairs
            .into_par_iter()
            .map(|(old, d)| match old {
                Some((mut full, shared)) => {
                    // Compared as pages use them: the kept one takes what they do not use.
                    full.line = d.line;
                    full.text.clone_from(&d.text);
                    if full == **d {
                        (full, shared)
                    } else {
                        (Diagram::clone(d), Arc::new(page_view(d)))
                    }
                }
                None => (Diagram::clone(d), Arc::new(page_view(d))),
            })
            .collect();
        let shared = kept.iter().map(|(_, s)| s.clone()).collect();
        self.diagrams = kept;
        shared
    }

    /// The kept layouts of `chapters` (by page) in `lang`, taken out of the cache.
    pub(super) fn take(&mut self, lang: &str, chapters: &[Option<usize>]) -> Vec<Option<Kept>> {
        chapters
            .iter()
            .map(|c| c.and_then(|c| self.last.remove(&(lang.to_string(), c))))
            .collect()
    }

    /// Starts a build: the last build's chapters are there to take, and what this build
    /// does not take is forgotten when the next one starts, so memory stays bounded.
    pub(super) fn begin(&mut self) {
        self.last = std::mem::take(&mut self.chapters);
        self.laid_out = 0;
    }

    /// Keeps `kept`, the layout of chapter `ch` in `lang`.
    pub(super) fn put(&mut self, lang: &str, ch: usize, kept: Kept, fresh: bool) {
        self.laid_out += usize::from(fresh);
        if !self.once {
            self.chapters.insert((lang.to_string(), ch), kept);
        }
    }

    /// Whether reads are recorded (not for a single build).
    pub(super) fn keeps(&self) -> bool {
        !self.once
    }
}

/// The blocks of chapter `ch` of `checked` (with the Markdown files `includes`) in `lang`:
/// `old`'s when every read it was made from gets the same answer again, else laid out
/// afresh (reads recorded when `record`).
/// Returns the blocks kept for the next build, and whether they were laid out afresh.
pub(super) fn chapter(
    old: Option<Kept>,
    checked: &Checked,
    lang: &str,
    ch: usize,
    diagrams: &[Arc<Diagram>],
    includes: &Includes,
    record: bool,
) -> (Kept, bool) {
    if let Some(mut k) = old {
        if reads::still_true(&mut k.reads, checked, lang, ch, diagrams, includes) {
            return (k, false);
        }
    }
    let reader = Reader::new(checked, lang, ch, diagrams, includes, record);
    let blocks = Arc::new(page::blocks(&reader));
    let reads = reader.into_reads();
    (Kept { reads, blocks }, true)
}

impl Kept {
    /// The blocks.
    pub(super) fn blocks(&self) -> &Arc<Vec<Block>> {
        &self.blocks
    }
}
