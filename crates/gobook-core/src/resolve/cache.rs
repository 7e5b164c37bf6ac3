//! Resolution kept between rebuilds (`serve`): the Go data and diagram of each element
//! by a key of everything that determines them, so an edit of one paragraph replays no
//! game. The key holds those inputs themselves and is compared in full on lookup: a hash
//! that happens to match must never return another element's diagram. Diagnostics are
//! kept relative to the element, so they stay right when text before the element grows
//! or shrinks, and so identical elements each get their own.

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::format::syntax::Span;
use crate::resolve::godata::GoData;
use crate::resolve::model::Diagram;
use std::collections::hash_map::Entry::{Occupied, Vacant};
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// Everything the Go data and diagram of one element (or inline diagram) are made from:
/// its source text, its base's key, its board size and what it inherits. Cheap to clone;
/// equal only when every input is equal.
#[derive(Clone, Debug)]
pub struct Key(Arc<KeyData>);

#[derive(Debug, PartialEq, Eq)]
struct KeyData {
    /// The hash of the rest, compared first: unequal keys almost always differ here.
    hash: u64,
    /// An inline `<dia>` (its tag) rather than a block element.
    inline: bool,
    text: Box<str>,
    base: Option<Key>,
    size: u8,
    full_width: bool,
    show_coords: bool,
}

impl Key {
    /// The key of an element (`inline`: of an inline diagram's tag) with source `text`.
    pub fn new(
        inline: bool,
        text: &str,
        base: Option<&Key>,
        size: u8,
        full_width: bool,
        show_coords: bool,
    ) -> Key {
        let mut h = hasher();
        (
            inline,
            text,
            base.map(|b| b.0.hash),
            size,
            full_width,
            show_coords,
        )
            .hash(&mut h);
        Key(Arc::new(KeyData {
            hash: h.finish(),
            inline,
            text: text.into(),
            base: base.cloned(),
            size,
            full_width,
            show_coords,
        }))
    }
}

impl PartialEq for Key {
    fn eq(&self, other: &Key) -> bool {
        // Keys made from the cache's own share their base: no walk down the chain.
        Arc::ptr_eq(&self.0, &other.0) || self.0 == other.0
    }
}

impl Eq for Key {}

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.0.hash);
    }
}

/// Where a diagram stands in the book, which its key leaves out: the same element moved
/// (text typed above it) is found in the cache, and only these change.
#[derive(Clone, Copy)]
pub struct Placement<'a> {
    /// The element's ID (an inline diagram has none).
    pub id: Option<&'a str>,
    /// Its chapter.
    pub chapter: Option<usize>,
    /// Its element (an inline diagram's: the paragraph's).
    pub element: usize,
    /// Its 1-based source line.
    pub line: u32,
    /// The element's value text, whose span moves with it (an inline diagram has none).
    pub text: Option<&'a crate::format::syntax::Text>,
}

impl Placement<'_> {
    /// Whether `d` stands here already.
    fn holds(&self, d: &Diagram) -> bool {
        d.id.as_deref() == self.id
            && d.chapter == self.chapter
            && d.element == self.element
            && d.line == self.line
            && d.text.as_ref() == self.text
    }

    /// `d` placed here: shared as it is when it stands here already (an edit elsewhere
    /// leaves most diagrams where they were), else copied only if someone else holds it.
    pub fn apply(&self, d: &mut Arc<Diagram>) {
        if self.holds(d) {
            return;
        }
        let d = Arc::make_mut(d);
        d.id = self.id.map(String::from);
        d.chapter = self.chapter;
        d.element = self.element;
        d.line = self.line;
        d.text = self.text.cloned();
    }
}

/// What one element resolved to.
struct Entry {
    data: Arc<GoData>,
    /// Shared with the book resolved last, which holds the same diagram at the same place:
    /// neither a copy per lookup nor a second copy of every board in memory.
    diagram: Option<Arc<Diagram>>,
    /// Spans relative to the element's start (wrapping, so any offset comes back exactly).
    diagnostics: Vec<Diagnostic>,
}

/// Resolved elements by key.
#[derive(Default)]
pub struct ResolveCache {
    entries: HashMap<Key, Entry>,
    used: HashSet<Key>,
    /// Keys made by this resolution (ahead, by `prefetch`): found again, they are no hit.
    made: HashSet<Key>,
    /// Elements found in the cache by the last resolution.
    pub hits: usize,
    /// Keep nothing: a single check would only copy every diagram and diagnostic once more.
    once: bool,
    /// The texts of the book resolved, kept alongside (see `text_cache`).
    pub texts: Arc<crate::resolve::text_cache::TextCache>,
}

impl ResolveCache {
    /// A cache for a single resolution, which stores nothing.
    pub fn once() -> ResolveCache {
        ResolveCache {
            once: true,
            texts: Arc::new(crate::resolve::text_cache::TextCache::once()),
            ..ResolveCache::default()
        }
    }

    /// Whether it keeps what a resolution made for the next (`serve`, `lsp`), not a single
    /// check's cache.
    pub fn keeps(&self) -> bool {
        !self.once
    }

    /// The Go data and diagram for `key`, made by `make` when not cached, and the key as
    /// stored (for the keys of elements based on this one). `anchor` is the element's
    /// source offset: diagnostics are stored relative to it. The diagram comes placed at
    /// `place`, and the cache keeps it so placed (shared, not copied).
    pub fn get_or_make(
        &mut self,
        key: Key,
        anchor: u32,
        place: Placement,
        diags: &mut Diagnostics,
        make: impl FnOnce(&mut Diagnostics) -> (GoData, Option<Diagram>),
    ) -> (Key, Arc<GoData>, Option<Arc<Diagram>>) {
        let placed = |d: Option<Diagram>| {
            d.map(|d| {
                let mut d = Arc::new(d);
                place.apply(&mut d);
                d
            })
        };
        if self.once {
            // Made ahead (prefetch): taken, not copied. A second identical element makes its own.
            if let Some((k, mut e)) = self.entries.remove_entry(&key) {
                diags.extend(at(&e.diagnostics, anchor));
                if let Some(d) = &mut e.diagram {
                    place.apply(d);
                }
                return (k, e.data, e.diagram);
            }
            let (data, diagram) = make(diags);
            return (key, Arc::new(data), placed(diagram));
        }
        let key = match self.entries.entry(key) {
            Occupied(mut found) => {
                let k = found.key().clone();
                if !self.made.contains(&k) {
                    self.hits += 1;
                }
                let e = found.get_mut();
                diags.extend(at(&e.diagnostics, anchor));
                if let Some(d) = &mut e.diagram {
                    place.apply(d);
                }
                let out = (k.clone(), e.data.clone(), e.diagram.clone());
                self.used.insert(k);
                return out;
            }
            Vacant(v) => v.into_key(),
        };
        let mut local = Diagnostics::default();
        let (data, diagram) = make(&mut local);
        let found = local.into_vec();
        diags.extend(found.iter().cloned());
        let data = Arc::new(data);
        let diagram = placed(diagram);
        self.used.insert(key.clone());
        self.store(key.clone(), anchor, data.clone(), diagram.clone(), found);
        (key, data, diagram)
    }

    /// The Go data kept for `key` and the key as stored, without using them (for work
    /// done ahead, see `prefetch`).
    pub fn peek(&self, key: &Key) -> Option<(Key, Arc<GoData>)> {
        self.entries
            .get_key_value(key)
            .map(|(k, e)| (k.clone(), e.data.clone()))
    }

    /// Keeps what was made ahead for `key`, with diagnostics `found` at their places for
    /// an element starting at `anchor`; the next `get_or_make` of it is not a hit.
    pub fn insert_made(
        &mut self,
        key: Key,
        anchor: u32,
        data: Arc<GoData>,
        diagram: Option<Diagram>,
        found: Vec<Diagnostic>,
    ) {
        self.made.insert(key.clone());
        self.store(key, anchor, data, diagram.map(Arc::new), found);
    }

    fn store(
        &mut self,
        key: Key,
        anchor: u32,
        data: Arc<GoData>,
        diagram: Option<Arc<Diagram>>,
        found: Vec<Diagnostic>,
    ) {
        let relative = found
            .into_iter()
            .map(|mut d| {
                d.span = Span {
                    start: d.span.start.wrapping_sub(anchor),
                    end: d.span.end.wrapping_sub(anchor),
                };
                d
            })
            .collect();
        self.entries.insert(
            key,
            Entry {
                data,
                diagram,
                diagnostics: relative,
            },
        );
    }

    /// Starts a resolution: counts afresh.
    pub fn begin(&mut self) {
        self.hits = 0;
        self.texts.begin();
        self.used.clear();
        self.made.clear();
    }

    /// Ends a resolution: forgets elements the book no longer has, so memory stays bounded.
    pub fn end(&mut self) {
        let used = std::mem::take(&mut self.used);
        self.entries.retain(|k, _| used.contains(k));
        self.made.clear();
    }
}

/// Diagnostics kept relative to an element, placed at the element starting at `anchor`
/// (wrapping: with `anchor` negated, made relative again).
pub(super) fn at(relative: &[Diagnostic], anchor: u32) -> impl Iterator<Item = Diagnostic> + '_ {
    relative.iter().cloned().map(move |mut d| {
        d.span = Span {
            start: d.span.start.wrapping_add(anchor),
            end: d.span.end.wrapping_add(anchor),
        };
        d
    })
}

/// The hasher of cache keys. Keys are made of whole diagrams and element texts by the
/// thousand per build; SipHash's protection against chosen collisions buys nothing
/// here (the author writes the input) and cost as much as drawing the stones. A hash
/// only finds a key's slot: every cache compares the full key after it.
pub fn hasher() -> rustc_hash::FxHasher {
    rustc_hash::FxHasher::default()
}
