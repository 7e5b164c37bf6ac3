//! What the current thread is building (a diagram, a page), noted for the report of a
//! panic: `gobook serve` turns a panic inside a rebuild into an internal error that names
//! the element it happened in (issue #30). The note is per thread because the build draws
//! and writes in parallel, and a panic hook runs on the thread that panicked.

use crate::resolve::model::{Book, Diagram, DiagramRole};
use std::cell::RefCell;

thread_local! {
    static NOTE: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Keeps a note in place; dropping it (also while unwinding) puts back the one before.
pub struct Noted(Option<String>);

impl Drop for Noted {
    fn drop(&mut self) {
        let before = self.0.take();
        NOTE.with(|n| *n.borrow_mut() = before);
    }
}

/// Notes what this thread builds until the returned guard is dropped.
pub fn note(what: String) -> Noted {
    Noted(NOTE.with(|n| n.borrow_mut().replace(what)))
}

/// What this thread is building, if noted.
pub fn current() -> Option<String> {
    // A hook may run while the note is borrowed (a panic in Drop): say nothing then.
    NOTE.with(|n| n.try_borrow().ok().and_then(|n| n.clone()))
}

/// A diagram in words, as an author finds it: kind, ID, line and chapter.
pub fn diagram(book: &Book, d: &Diagram) -> String {
    let id =
        d.id.as_ref()
            .map(|id| format!(" `{id}`"))
            .unwrap_or_default();
    let chapter = d
        .chapter
        .and_then(|c| book.chapters.get(c))
        .and_then(|c| c.id.as_ref())
        .map(|c| format!(" of chapter `{c}`"))
        .unwrap_or_default();
    let kind = match d.role {
        DiagramRole::Inline => "inline <dia>".to_string(),
        role => format!("::{}", role.name()),
    };
    format!("the {kind}{id} at line {}{chapter}", d.line)
}

/// Debug builds only: panics while drawing the diagram whose ID the environment variable
/// `GOBOOK_TEST_PANIC` names, so that tests can see `gobook serve` survive a bug. Release
/// builds, the ones users run, have no such hook.
#[cfg(debug_assertions)]
pub fn panic_if_asked(id: Option<&str>) {
    if let (Some(id), Some(asked)) = (id, std::env::var_os("GOBOOK_TEST_PANIC")) {
        if asked == id {
            panic!("injected panic: GOBOOK_TEST_PANIC names `{id}`");
        }
    }
}
