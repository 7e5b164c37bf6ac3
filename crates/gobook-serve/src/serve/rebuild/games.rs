//! Rebuilding a game file or a folder of games: the book `gobook import` would write of
//! it, made again at every change of a game file, checked, and rendered as a book is;
//! problems told in the game files (`crate::game_book`), never in the book text the
//! author does not see.

use super::{Outcome, Rebuilder};
use crate::diagnostics::{render_file, SourceFile};
use crate::escape;
use crate::game_book::{self, Request, SourceError, Told};
use crate::project::build::Options;
use crate::project::reads::Reads;
use crate::serve::panels::{overlay_html, Fault};
use crate::site::build::render;

impl Rebuilder {
    /// Rebuilds the book of the games if any game file (or the settings) changed.
    pub(super) fn rebuild_games(&mut self, request: &Request) -> Outcome {
        let start = std::time::Instant::now();
        let name = self.shown.display().to_string();
        if self.unchanged() {
            return Outcome::Unchanged;
        }
        let reads = Reads::start(&self.book_dir());
        let source = match game_book::read(&self.book, request) {
            Ok(s) => s,
            Err(e) => {
                // The game files that are there are watched: one of them may be the fault.
                self.set_inputs(reads.finish());
                return self.unreadable_games(&e);
            }
        };
        let dir = self.book_dir();
        let read = |url: &str| crate::project::includes::gobook_source(url, &dir);
        let checked = crate::check::check_with_included(&source.text, &mut self.check_cache, &read);
        self.languages = checked.resolved.book.languages.clone();
        let told = source.told(&name, &checked.diagnostics);
        if told.has_errors() {
            // What was read up to the errors is what can take them away.
            self.read(reads);
            let terminal = told_text(&told);
            self.spent = Some(checked);
            return Outcome::Failed {
                overlay: overlay_html(&escape::text(&terminal), &self.languages, Fault::Book),
                terminal,
            };
        }
        let out = self.book_dir().join(".gobook-serve");
        let opts = Options {
            book: &self.book,
            text: &source.text,
            out_dir: Some(&out),
            progress: &|_| {},
            checked: Some(&checked),
        };
        let rendered = render(&opts, &mut self.cache);
        self.read(reads);
        let o = match rendered {
            Ok(r) => {
                let warnings = told
                    .located()
                    .into_iter()
                    .filter(|l| l.severity == crate::diagnostics::Severity::Warning)
                    .collect();
                // A book made from games is not the author's text: nothing for the board editor to write.
                self.built(r, warnings, start, Default::default())
            }
            Err(e) => self.failed(e, name),
        };
        self.spent = Some(checked);
        o
    }

    /// The games cannot be read (a file gone, or no game): said in the overlay and the
    /// terminal, a game file's problem at its place. The watcher keeps watching the files.
    fn unreadable_games(&mut self, e: &SourceError) -> Outcome {
        self.last_inputs = None;
        let terminal = match e {
            SourceError::Content { problems } => {
                let src = SourceFile::new(&problems.name, &problems.text);
                let mut plain = Vec::new();
                let _ = render_file(&src, &problems.diagnostics, true, &mut plain, false);
                String::from_utf8_lossy(&plain).into_owned()
            }
            e => format!("{e}; the server goes on and rebuilds when the games are back\n"),
        };
        Outcome::Failed {
            overlay: overlay_html(&escape::text(&terminal), &self.languages, Fault::Book),
            terminal,
        }
    }
}

/// The errors told, as text for the terminal and the overlay (warnings come with the next
/// good build, as for a book).
fn told_text(told: &Told) -> String {
    let mut plain = Vec::new();
    for f in &told.files {
        let src = SourceFile::new(&f.name, &f.text);
        let _ = render_file(&src, &f.diagnostics, true, &mut plain, false);
    }
    let mut text = String::from_utf8_lossy(&plain).into_owned();
    for l in told
        .loose
        .iter()
        .filter(|l| l.severity == crate::diagnostics::Severity::Error)
    {
        text.push_str(&format!("{}: error: {}\n", l.file, l.message));
    }
    text
}
