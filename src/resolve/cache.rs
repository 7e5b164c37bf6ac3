//! Resolution kept between rebuilds (`serve`): the Go data and diagram of each element
//! by a key of everything that determines them, so an edit of one paragraph replays no
//! game. Diagnostics are kept relative to the element, so they stay right when text
//! before the element grows or shrinks.

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::format::syntax::Span;
use crate::resolve::godata::GoData;
use crate::resolve::model::Diagram;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// What one element resolved to.
struct Entry {
    data: Arc<GoData>,
    /// Boxed: a diagram is hundreds of bytes, and the table holds every element's entry.
    diagram: Option<Box<Diagram>>,
    diagnostics: Vec<Diagnostic>,
}

/// Resolved elements by key.
#[derive(Default)]
pub struct ResolveCache {
    entries: HashMap<u64, Entry>,
    used: HashSet<u64>,
    /// Entries made ahead by this resolution and not yet taken, with their diagnostics.
    prefetched: HashMap<u64, Vec<Diagnostic>>,
    /// Elements found in the cache by the last resolution.
    pub hits: usize,
    /// Keep nothing: a single check would only copy every diagram and diagnostic once more.
    once: bool,
}

impl ResolveCache {
    /// A cache for a single resolution, which stores nothing.
    pub fn once() -> ResolveCache {
        ResolveCache { once: true, ..ResolveCache::default() }
    }

    /// The Go data and diagram for `key`, made by `make` when not cached. `anchor` is the
    /// element's source offset: diagnostics are stored relative to it.
    pub fn get_or_make(
        &mut self,
        key: u64,
        anchor: u32,
        diags: &mut Diagnostics,
        make: impl FnOnce(&mut Diagnostics) -> (GoData, Option<Diagram>),
    ) -> (Arc<GoData>, Option<Diagram>) {
        if self.once {
            // Made ahead (prefetch): taken, not copied.
            if let Some(e) = self.entries.remove(&key) {
                diags.extend(self.prefetched.remove(&key).unwrap_or_default());
                return (e.data, e.diagram.map(|d| *d));
            }
            let (data, diagram) = make(diags);
            return (Arc::new(data), diagram);
        }
        self.used.insert(key);
        if let Some(e) = self.entries.get(&key) {
            // Made ahead for this resolution: its diagnostics as made, not shifted.
            if let Some(found) = self.prefetched.remove(&key) {
                diags.extend(found);
                return (e.data.clone(), e.diagram.as_deref().cloned());
            }
            self.hits += 1;
            diags.extend(e.diagnostics.iter().cloned().map(|mut d| {
                d.span = Span { start: d.span.start + anchor, end: d.span.end + anchor };
                d
            }));
            return (e.data.clone(), e.diagram.as_deref().cloned());
        }
        let mut local = Diagnostics::default();
        let (data, diagram) = make(&mut local);
        let found = local.into_vec();
        diags.extend(found.iter().cloned());
        let data = Arc::new(data);
        self.store(key, anchor, data.clone(), diagram.clone(), found);
        (data, diagram)
    }

    /// The Go data kept for `key`, without using it (for work done ahead, see `prefetch`).
    pub fn peek(&self, key: u64) -> Option<Arc<GoData>> {
        self.entries.get(&key).map(|e| e.data.clone())
    }

    /// Keeps what was made ahead for `key`; the next `get_or_make` of it is not a hit.
    pub fn insert_made(&mut self, key: u64, anchor: u32, data: Arc<GoData>, diagram: Option<Diagram>, found: Vec<Diagnostic>) {
        if self.once {
            self.prefetched.insert(key, found);
            self.entries.insert(key, Entry { data, diagram: diagram.map(Box::new), diagnostics: Vec::new() });
            return;
        }
        self.prefetched.insert(key, found.clone());
        self.store(key, anchor, data, diagram, found);
    }

    fn store(&mut self, key: u64, anchor: u32, data: Arc<GoData>, diagram: Option<Diagram>, found: Vec<Diagnostic>) {
        let relative = found
            .into_iter()
            .map(|mut d| {
                d.span = Span { start: d.span.start.saturating_sub(anchor), end: d.span.end.saturating_sub(anchor) };
                d
            })
            .collect();
        self.entries.insert(key, Entry { data, diagram: diagram.map(Box::new), diagnostics: relative });
    }

    /// Starts a resolution: counts afresh.
    pub fn begin(&mut self) {
        self.hits = 0;
        self.used.clear();
        self.prefetched.clear();
    }

    /// Ends a resolution: forgets elements the book no longer has, so memory stays bounded.
    pub fn end(&mut self) {
        let used = std::mem::take(&mut self.used);
        self.entries.retain(|k, _| used.contains(k));
    }
}

/// A key from anything hashable.
pub fn key<T: std::hash::Hash>(t: &T) -> u64 {
    use std::hash::Hasher;
    let mut h = hasher();
    t.hash(&mut h);
    h.finish()
}

/// The hasher of cache keys. Keys are made of whole diagrams and element texts by the
/// thousand per build; SipHash's protection against chosen collisions buys nothing
/// here (the author writes the input) and cost as much as drawing the stones.
pub fn hasher() -> rustc_hash::FxHasher {
    rustc_hash::FxHasher::default()
}
