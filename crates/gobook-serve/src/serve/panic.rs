//! A panic inside a rebuild is a bug in gobook, not in the book: it is caught, so that
//! the server keeps serving the last good site and rebuilds on the next save, and it is
//! told as an internal error with what was being built (issue #30). The default hook's
//! message and backtrace are held back for it: the terminal gets one line instead.

use crate::site::building;
use std::cell::Cell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, Once};

/// What a caught panic said, and where.
#[derive(Debug, Clone, PartialEq)]
pub struct Caught {
    /// The panic's message.
    pub message: String,
    /// The source file and line of the panic, when known.
    pub place: Option<String>,
    /// What the panicking thread was building, when it had noted it.
    pub building: Option<String>,
}

thread_local! {
    /// Set on the thread that runs a rebuild, while it runs one.
    static REBUILDING: Cell<bool> = const { Cell::new(false) };
}

/// Whether a rebuild is under way anywhere, for the workers of the thread pool.
static UNDER_WAY: AtomicBool = AtomicBool::new(false);

/// The first panic of the rebuild under way, as the hook saw it (the hook knows the place
/// and the note; the payload that reaches `catch_unwind` has only the message).
static FIRST: Mutex<Option<Caught>> = Mutex::new(None);

static HOOK: Once = Once::new();

/// Runs `f` (a rebuild), returning what it panicked with instead of unwinding further.
/// `f` must leave nothing behind that is used after a panic unless its owner resets it.
pub fn catching<T>(f: impl FnOnce() -> T) -> Result<T, Caught> {
    HOOK.call_once(install_hook);
    take_first();
    REBUILDING.with(|r| r.set(true));
    UNDER_WAY.store(true, Ordering::SeqCst);
    // Unwind safety: the caller (`Rebuilder::rebuild`) drops every cache `f` may have left
    // half made before it builds again.
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    UNDER_WAY.store(false, Ordering::SeqCst);
    REBUILDING.with(|r| r.set(false));
    result.map_err(|payload| {
        take_first().unwrap_or_else(|| Caught {
            message: crate::diagnostics::panic_message(payload.as_ref()),
            place: None,
            building: None,
        })
    })
}

fn take_first() -> Option<Caught> {
    FIRST.lock().map_or(None, |mut f| f.take())
}

/// Keeps the default hook for every panic but a rebuild's: on the rebuild's own thread, or
/// on a worker of the thread pool that builds in parallel while a rebuild is under way
/// (the server uses that pool only to build, and a worker hands its panic back to the
/// rebuild thread, where `catch_unwind` gets it).
fn install_hook() {
    let default = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        let ours = REBUILDING.with(|r| r.get())
            || (UNDER_WAY.load(Ordering::SeqCst) && rayon::current_thread_index().is_some());
        if !ours {
            return default(info);
        }
        if let Ok(mut first) = FIRST.lock() {
            first.get_or_insert_with(|| Caught {
                message: crate::diagnostics::panic_message(info.payload()),
                place: info
                    .location()
                    .map(|l| format!("{}:{}", l.file(), l.line())),
                building: building::current(),
            });
        }
    }));
}

impl Caught {
    /// The error in words, for the overlay: what happened, in which book and element, and
    /// what to do next.
    pub fn describe(&self, book: &str) -> String {
        let building = self
            .building
            .as_ref()
            .map(|b| format!(", building {b}"))
            .unwrap_or_default();
        let place = self
            .place
            .as_ref()
            .map(|p| format!(" (at {p})"))
            .unwrap_or_default();
        format!(
            "internal error in gobook while rebuilding {book}{building}: {}{place}. \
             This is a bug in gobook, not in the book: please report it with the book. \
             Still serving the last good build; save the book to try again.",
            self.message
        )
    }
}
