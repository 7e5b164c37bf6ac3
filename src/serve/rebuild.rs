//! Rebuilding on change: the same pipeline as `gobook build`, in memory, with the
//! cache of the previous build, and nothing at all when the inputs did not change.

use crate::diagnostics::{render_file, SourceFile};
use crate::serve::state::Snapshot;
use crate::site::build::{render, BuildError, Cache, Options};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What a rebuild came to.
pub enum Outcome {
    /// Nothing the site depends on changed.
    Unchanged,
    /// A new site; `css_only` when only the style sheet differs from the last one.
    Built { snapshot: Snapshot, css_only: bool, pages: usize, diagrams: usize, millis: f64 },
    /// The book has errors: HTML for the overlay and text for the terminal.
    Failed { overlay: String, terminal: String },
}

/// Keeps what the next rebuild can reuse.
pub struct Rebuilder {
    book: PathBuf,
    cache: Cache,
    last_inputs: Option<u64>,
    last_files: HashMap<String, Arc<Vec<u8>>>,
}

impl Rebuilder {
    /// A rebuilder for the book file `book`.
    pub fn new(book: PathBuf) -> Self {
        Rebuilder { book, cache: Cache::default(), last_inputs: None, last_files: HashMap::new() }
    }

    /// The book's folder.
    pub fn book_dir(&self) -> PathBuf {
        self.book.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new(".")).to_path_buf()
    }

    /// Rebuilds if any input changed.
    pub fn rebuild(&mut self) -> Outcome {
        let start = std::time::Instant::now();
        let bytes = match std::fs::read(&self.book) {
            Ok(b) => b,
            Err(e) => {
                let msg = format!("cannot read {}: {e}", self.book.display());
                return Outcome::Failed { overlay: overlay_html(&escape(&msg)), terminal: msg };
            }
        };
        if bytes.is_empty() {
            // A save caught between truncating and writing: the next file event brings the text.
            return Outcome::Unchanged;
        }
        let inputs = inputs_hash(&bytes, &self.book_dir());
        if self.last_inputs == Some(inputs) {
            return Outcome::Unchanged;
        }
        let name = self.book.display().to_string();
        let text = match crate::format::parser::decode(&bytes) {
            Ok((t, _)) => t.to_string(),
            Err((at, msg)) => {
                let t = format!("{name}: byte {at}: {msg}");
                self.last_inputs = Some(inputs);
                return Outcome::Failed { overlay: overlay_html(&escape(&t)), terminal: t };
            }
        };
        let out = self.book_dir().join(".gobook-serve");
        let opts = Options { book: &self.book, text: &text, out_dir: Some(&out), progress: &|_| {}, checked: None };
        self.last_inputs = Some(inputs);
        match render(&opts, &mut self.cache) {
            Ok(r) => {
                let files: HashMap<String, Arc<Vec<u8>>> =
                    r.files.into_iter().map(|(p, b)| (url_path(&p), b)).collect();
                // Pages the cache kept are the same allocation: compare pointers before bytes.
                let same = |k: &String| match (self.last_files.get(k), files.get(k)) {
                    (Some(a), Some(b)) => Arc::ptr_eq(a, b) || a == b,
                    _ => false,
                };
                let changed: Vec<&String> = files.keys().filter(|k| !same(k)).collect();
                let css_only = !self.last_files.is_empty()
                    && self.last_files.len() == files.len()
                    && !changed.is_empty()
                    && changed.iter().all(|k| k.ends_with(".css"));
                self.last_files = files.clone();
                let snapshot = Snapshot {
                    files,
                    images: r.images.iter().map(|p| url_path(p)).collect(),
                    book_dir: r.book_dir,
                    overlay: None,
                };
                Outcome::Built {
                    snapshot,
                    css_only,
                    pages: self.cache.pages_rendered,
                    diagrams: self.cache.diagrams_drawn,
                    millis: start.elapsed().as_secs_f64() * 1000.0,
                }
            }
            Err(BuildError::Content { name: n, text: t, diagnostics }) => {
                let src = SourceFile::new(&n, &t);
                let mut plain = Vec::new();
                let _ = render_file(&src, &diagnostics, false, &mut plain, false);
                let terminal = String::from_utf8_lossy(&plain).into_owned();
                Outcome::Failed { overlay: overlay_html(&escape(&terminal)), terminal }
            }
            Err(BuildError::Other(msg)) => Outcome::Failed { overlay: overlay_html(&escape(&msg)), terminal: msg },
        }
    }
}

/// A site path as a URL path: forward slashes, no leading slash.
fn url_path(p: &Path) -> String {
    p.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/")
}

/// A hash of everything a build reads: the book, and the other files of its folder
/// that a book can use (includes, styles, settings, images).
fn inputs_hash(book: &[u8], dir: &Path) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    book.hash(&mut h);
    let mut stack = vec![(dir.to_path_buf(), 0)];
    let mut entries = Vec::new();
    while let Some((d, depth)) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else { continue };
        for e in rd.flatten() {
            let p = e.path();
            let name = e.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') || name == "site" || super::watch::is_editor_noise(&p) {
                continue;
            }
            if p.is_dir() {
                if depth < 4 {
                    stack.push((p, depth + 1));
                }
            } else if let Ok(meta) = e.metadata() {
                let mtime = meta.modified().ok().and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok()).map(|d| d.as_nanos());
                let small_text = meta.len() < 4 << 20 && ["gobook", "md", "css", "toml"].iter().any(|x| p.extension().is_some_and(|e| e == *x));
                entries.push((p.clone(), meta.len(), if small_text { None } else { mtime }, if small_text { std::fs::read(&p).ok() } else { None }));
            }
        }
    }
    entries.sort();
    entries.hash(&mut h);
    h.finish()
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// The overlay shown over every page while the book has errors.
pub fn overlay_html(escaped_text: &str) -> String {
    format!(
        "<div id=\"gobook-overlay\" role=\"alert\" style=\"position:fixed;inset:0;z-index:2147483647;overflow:auto;\
background:rgba(20,16,12,.94);color:#f3ede2;font:14px/1.45 ui-monospace,Menlo,Consolas,monospace;padding:2rem\">\
<p style=\"font:600 16px system-ui,sans-serif;color:#ff9b7a;margin:0 0 1rem\">The book has errors; the page shows the last good build.</p>\
<pre style=\"white-space:pre-wrap;margin:0\">{escaped_text}</pre></div>"
    )
}
