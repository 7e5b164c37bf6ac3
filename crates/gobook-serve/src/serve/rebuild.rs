//! Rebuilding on change: the same pipeline as `gobook build`, in memory, with the
//! cache of the previous build, and nothing at all when the inputs did not change.

use crate::diagnostics::{render_file, render_human, Code, Located, Severity, SourceFile};
use crate::escape;
use crate::project::build::{BuildError, Options};
use crate::project::reads::{Reads, Record};
use crate::serve::editor::targets::Targets;
use crate::serve::panels::{overlay_html, warnings_panel, Fault};
use crate::serve::state::Snapshot;
use crate::site::build::{render, Cache, Rendered};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};

mod games;

/// What the last build read, shared between the rebuilder, the watcher and the board editor.
pub type SharedInputs = Arc<RwLock<Record>>;

/// What a rebuild came to.
pub enum Outcome {
    /// Nothing the site depends on changed.
    Unchanged,
    /// A new site; `css_only` when only the style sheet differs from the last one.
    Built {
        /// Boxed: a snapshot is much larger than the other outcomes.
        snapshot: Box<Snapshot>,
        css_only: bool,
        pages: usize,
        diagrams: usize,
        millis: f64,
        /// The book's warnings (the panel in `snapshot` lists them).
        warnings: usize,
        /// The warnings not in the last build, as text for the terminal.
        new_warnings: String,
    },
    /// The book has errors: HTML for the overlay and text for the terminal.
    Failed { overlay: String, terminal: String },
    /// The rebuild panicked, a bug in gobook: HTML for the overlay and one line for the terminal.
    Internal { overlay: String, line: String },
}

/// Keeps what the next rebuild can reuse.
pub struct Rebuilder {
    /// The book, absolute: `gobook serve` run inside a book folder that is then removed and
    /// made again must read the new folder, not the removed one its working folder still is.
    book: PathBuf,
    /// The book as given, for messages.
    shown: PathBuf,
    cache: Cache,
    /// What the last rebuild read, as it read it: when all of it is the same, so is the site.
    last_inputs: Option<Record>,
    last_files: HashMap<String, Arc<Vec<u8>>>,
    /// What the last build read, for the watcher.
    inputs: SharedInputs,
    /// The errors last reported, so that a burst of events reports them once.
    last_failure: Option<String>,
    /// Resolution kept between checks: serve checks the book itself, as `gobook check`
    /// does, so that the warnings only text resolution finds reach the author too.
    check_cache: crate::resolve::cache::ResolveCache,
    /// The last rebuild's checked book, to be freed once the pages have their signal.
    spent: Option<crate::check::Checked>,
    /// The warnings of the last good build (code and message, not place), so that each
    /// rebuild prints only new ones.
    last_warnings: HashSet<(Code, String)>,
    /// The book's languages at the last check, for the words of the error overlay.
    languages: Vec<String>,
    /// The book is a game or a folder of games, made into a book this way at every rebuild.
    games: Option<crate::game_book::Request>,
}

impl Rebuilder {
    /// A rebuilder for the book file `book`.
    pub fn new(book: PathBuf) -> Self {
        let shown = book.clone();
        let book = std::path::absolute(&book).unwrap_or(book);
        // Until the first build has read it, the book is all there is to watch.
        let inputs = Arc::new(RwLock::new(Record::of_book(&book)));
        Rebuilder {
            book,
            shown,
            cache: Cache::default(),
            last_inputs: None,
            last_files: HashMap::new(),
            inputs,
            last_failure: None,
            languages: Vec::new(),
            check_cache: Default::default(),
            spent: None,
            last_warnings: HashSet::new(),
            games: None,
        }
    }

    /// A rebuilder for a game file or a folder of games (`book`), made into the book
    /// `gobook import` would write as `request` says, at every rebuild.
    pub fn for_games(book: PathBuf, request: crate::game_book::Request) -> Self {
        let mut r = Rebuilder::new(book);
        r.games = Some(request);
        r
    }

    /// What the last rebuild leaves to free, which takes milliseconds: for the caller to
    /// drop once the pages have their signal.
    pub fn spent(&mut self) -> impl Send {
        self.spent.take()
    }

    /// The book's folder.
    pub fn book_dir(&self) -> PathBuf {
        crate::project::output::book_folder(&self.book)
    }

    /// The files the last build read (or would have read), kept up to date by each rebuild.
    pub fn inputs(&self) -> SharedInputs {
        self.inputs.clone()
    }

    /// Rebuilds if any input changed; the same errors twice in a row are reported once.
    /// A panic inside is caught and comes back as [`Outcome::Internal`]; the next rebuild
    /// then starts from empty caches.
    pub fn rebuild(&mut self) -> Outcome {
        let outcome = match crate::serve::panic::catching(|| self.rebuild_inner()) {
            Ok(o) => o,
            Err(caught) => self.after_panic(&caught),
        };
        match &outcome {
            Outcome::Failed { terminal, .. } | Outcome::Internal { line: terminal, .. }
                if self.last_failure.as_ref() == Some(terminal) =>
            {
                return Outcome::Unchanged
            }
            Outcome::Failed { terminal, .. } | Outcome::Internal { line: terminal, .. } => {
                self.last_failure = Some(terminal.clone())
            }
            Outcome::Built { .. } => self.last_failure = None,
            Outcome::Unchanged => {}
        }
        outcome
    }

    /// After a panic: the caches may be half updated, so they go, and so does the
    /// fingerprint of the inputs, so that the next save builds again even with the same text.
    /// The last good site is still served: its files stay to compare the next one with.
    fn after_panic(&mut self, caught: &crate::serve::panic::Caught) -> Outcome {
        self.cache = Cache::default();
        self.check_cache = Default::default();
        self.last_inputs = None;
        let msg = caught.describe(&self.shown.display().to_string());
        Outcome::Internal {
            overlay: overlay_html(&escape::text(&msg), &self.languages, Fault::Gobook),
            line: msg,
        }
    }

    fn rebuild_inner(&mut self) -> Outcome {
        if let Some(request) = self.games {
            return self.rebuild_games(&request);
        }
        let start = std::time::Instant::now();
        let mut stages = crate::timings::Stages::new("serve, ");
        if self.unchanged() {
            stages.mark("what the last build read, compared");
            return Outcome::Unchanged;
        }
        let reads = Reads::start(&self.book_dir());
        let bytes = match crate::project::read::read(&self.book) {
            Ok(b) => b,
            Err(e) => return self.unreadable(&e),
        };
        if bytes.is_empty() {
            // A save caught between truncating and writing: the next file event brings the text.
            return Outcome::Unchanged;
        }
        let decoded = crate::format::parser::decode(&bytes);
        stages.mark("read");
        let name = self.shown.display().to_string();
        let text = match decoded {
            Ok((t, _)) => t.to_string(),
            Err((at, msg)) => {
                let t = format!("{name}: byte {at}: {msg}\n");
                self.read(reads);
                return Outcome::Failed {
                    overlay: overlay_html(&escape::text(&t), &self.languages, Fault::Book),
                    terminal: t,
                };
            }
        };
        let out = self.book_dir().join(".gobook-serve");
        let dir = self.book_dir();
        let read = |url: &str| crate::project::includes::gobook_source(url, &dir);
        let checked = crate::check::check_with_included(&text, &mut self.check_cache, &read);
        stages.mark("check (its stages above)");
        self.languages = checked.resolved.book.languages.clone();
        let opts = Options {
            book: &self.book,
            text: &text,
            out_dir: Some(&out),
            progress: &|_| {},
            checked: Some(&checked),
        };
        let rendered = render(&opts, &mut self.cache);
        self.read(reads);
        stages.mark("layout and site (their stages above)");
        let o = match rendered {
            Ok(r) => {
                let located = located_warnings(&name, &text, &checked, &r.included);
                let targets = Targets::of(&checked, &self.book, &self.book_dir());
                stages.mark("the board editor's targets");
                self.built(r, located, start, targets)
            }
            Err(e) => self.failed(e, name),
        };
        stages.mark("files compared, warnings");
        // Freeing the whole checked book takes milliseconds: after the signal (`spent`).
        self.spent = Some(checked);
        o
    }

    /// The book cannot be read: said in the overlay and the terminal.
    fn unreadable(&mut self, e: &std::io::Error) -> Outcome {
        // Gone, or a folder now: when it is back, build it even if it is the same as before.
        self.last_inputs = None;
        self.set_inputs(Record::of_book(&self.book));
        let msg = format!(
            "cannot read {}: {e}; the server goes on and rebuilds when the book is back",
            self.shown.display()
        );
        Outcome::Failed {
            overlay: overlay_html(&escape::text(&msg), &self.languages, Fault::Book),
            terminal: format!("{msg}\n"),
        }
    }

    /// A good build: its files become the new snapshot, kept to compare the next one with.
    fn built(
        &mut self,
        r: Rendered,
        located: Vec<Located>,
        start: std::time::Instant,
        targets: Targets,
    ) -> Outcome {
        let files: HashMap<String, Arc<Vec<u8>>> = r
            .files
            .into_iter()
            .map(|(p, b)| (url_path(&p), b))
            .collect();
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
        let (panel, warnings, new_warnings) = self.warnings(&located);
        let snapshot = Snapshot {
            files,
            images: r.images.iter().map(|p| url_path(p)).collect(),
            book_dir: r.book_dir,
            overlay: None,
            warnings: panel,
            placed: None,
            targets: Arc::new(targets),
        };
        Outcome::Built {
            snapshot: Box::new(snapshot),
            css_only,
            pages: self.cache.pages_rendered,
            diagrams: self.cache.diagrams_drawn,
            millis: start.elapsed().as_secs_f64() * 1000.0,
            warnings,
            new_warnings,
        }
    }

    /// A failed build: the book's errors (or what else stopped it) for the overlay and the
    /// terminal.
    fn failed(&self, e: BuildError, name: String) -> Outcome {
        match e {
            BuildError::Content {
                name: n,
                text: t,
                diagnostics,
            } => {
                let n = if n == self.book.display().to_string() {
                    name
                } else {
                    n
                };
                let src = SourceFile::new(&n, &t);
                let mut plain = Vec::new();
                // Errors only: they are what stops the build, and the warnings come with the
                // next good one (in the panel and, when new, the terminal).
                let _ = render_file(&src, &diagnostics, true, &mut plain, false);
                let terminal = String::from_utf8_lossy(&plain).into_owned();
                Outcome::Failed {
                    overlay: overlay_html(&escape::text(&terminal), &self.languages, Fault::Book),
                    terminal,
                }
            }
            e => {
                let msg = e.to_string();
                Outcome::Failed {
                    overlay: overlay_html(&escape::text(&msg), &self.languages, Fault::Book),
                    terminal: format!("{msg}\n"),
                }
            }
        }
    }

    /// The warnings of a good build (`located`): the panel, their number, and the new ones
    /// as text.
    fn warnings(&mut self, located: &[Located]) -> (Option<String>, usize, String) {
        let mut terminal = Vec::new();
        for w in located {
            if !self.last_warnings.contains(&(w.code, w.message.clone())) {
                let _ = render_human(w, &mut terminal, false);
            }
        }
        self.last_warnings = located
            .iter()
            .map(|w| (w.code, w.message.clone()))
            .collect();
        (
            warnings_panel(located),
            located.len(),
            String::from_utf8_lossy(&terminal).into_owned(),
        )
    }

    /// Whether everything the last rebuild read is as it read it (then a build now would
    /// make the same site, or fail the same way).
    fn unchanged(&self) -> bool {
        self.last_inputs
            .as_ref()
            .is_some_and(|r| r.unchanged(&self.book_dir()))
    }

    /// A rebuild read what `reads` recorded: for the watcher, and for the next rebuild to
    /// compare with.
    fn read(&mut self, reads: Reads) {
        let record = reads.finish();
        self.set_inputs(record.clone());
        self.last_inputs = Some(record);
    }

    fn set_inputs(&self, inputs: Record) {
        if let Ok(mut g) = self.inputs.write() {
            *g = inputs;
        }
    }
}

/// The warnings of a good build of the book `name` (text `text`, checked as `checked`), each
/// placed; those of the included files (the build checked them already) in their own files,
/// as `gobook check` lists them.
fn located_warnings(
    name: &str,
    text: &str,
    checked: &crate::check::Checked,
    included: &[crate::project::files::FileProblems],
) -> Vec<Located> {
    let src = SourceFile::new(name, text);
    let mut located: Vec<_> = checked
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Warning)
        .map(|d| src.locate(d))
        .collect();
    for f in included {
        let src = SourceFile::new(&f.name, &f.text);
        located.extend(
            f.diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Warning)
                .map(|d| src.locate(d)),
        );
    }
    located
}

/// A site path as a URL path: forward slashes, no leading slash.
fn url_path(p: &Path) -> String {
    p.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}
