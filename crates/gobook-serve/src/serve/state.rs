//! What the server shows: the last good site in memory, and the errors of the
//! last build when it failed. Swapped whole, so a request never sees half a site.

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::sync::{Arc, RwLock};
use std::time::Instant;

use crate::serve::editor::targets::Targets;

/// One complete state of the served site.
#[derive(Default)]
pub struct Snapshot {
    /// Site files by URL path without the leading slash (`en/index.html`).
    pub files: HashMap<String, Arc<Vec<u8>>>,
    /// Image paths the site may serve from the book's folder.
    pub images: HashSet<String>,
    /// The book's folder, where images come from.
    pub book_dir: PathBuf,
    /// The diagnostics of the last build, as HTML, when it failed.
    pub overlay: Option<String>,
    /// The warnings panel of the last good build, when the book has warnings.
    pub warnings: Option<String>,
    /// When it was put in place (set by [`Shared::set`]), for `GOBOOK_TIMINGS`.
    pub placed: Option<Instant>,
    /// The diagrams of this site the board editor may change, and their source elements.
    pub targets: Arc<Targets>,
}

/// The snapshot shared between the HTTP handlers and the rebuilder.
#[derive(Clone, Default)]
pub struct Shared(Arc<RwLock<Arc<Snapshot>>>);

impl Shared {
    /// The current snapshot.
    pub fn get(&self) -> Arc<Snapshot> {
        self.0.read().map(|g| g.clone()).unwrap_or_default()
    }

    /// Replaces the snapshot.
    pub fn set(&self, s: Snapshot) {
        let s = Snapshot {
            placed: Some(Instant::now()),
            ..s
        };
        if let Ok(mut g) = self.0.write() {
            *g = Arc::new(s);
        }
    }

    /// Keeps the site and sets (or clears) the error overlay.
    pub fn set_overlay(&self, overlay: Option<String>) {
        if let Ok(mut g) = self.0.write() {
            let old = g.clone();
            *g = Arc::new(Snapshot {
                files: old.files.clone(),
                images: old.images.clone(),
                book_dir: old.book_dir.clone(),
                overlay,
                warnings: old.warnings.clone(),
                placed: old.placed,
                targets: old.targets.clone(),
            });
        }
    }
}
