//! When a burst of file events is over, so that one save makes one rebuild and a
//! half-written file is never built. Where the system says when a file written to is
//! closed (inotify on Linux), a save is over when the files written are closed or a file
//! is renamed into place; the burst then ends after a short grace, instead of waiting for
//! quiet. Elsewhere, and for events that complete nothing (creations, removals, lost
//! events), a burst ends after a quiet spell. However files keep changing, a burst ends
//! in the end.

use std::collections::HashSet;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How long a burst must be quiet to be over when no save in it was seen complete: short
/// enough to feel instant, long enough to see an editor's write-and-rename as one save.
pub const DEBOUNCE: Duration = Duration::from_millis(25);

/// How long a burst goes on after a file closed after writing or renamed into place:
/// long enough for what an editor does at once with a save (the rename's second event,
/// removing its backup), short enough not to be felt.
pub const GRACE: Duration = Duration::from_millis(4);

/// The longest a burst delays its rebuild, however long files keep changing or stay open.
pub const DEBOUNCE_MAX: Duration = Duration::from_millis(250);

/// Whether the watcher reports a file closed after writing (notify's inotify backend does);
/// where it does not, a write never holds a burst open.
pub const CLOSES_REPORTED: bool = cfg!(any(target_os = "linux", target_os = "android"));

/// What one file event means for the burst.
#[derive(Debug, PartialEq)]
pub enum Seen {
    /// Nothing the build reads.
    Nothing,
    /// An input created, removed or changed in another way, or events lost.
    Input,
    /// Contents written to this input, which is open until its close is seen.
    Writing(PathBuf),
    /// This input closed after writing.
    Closed(PathBuf),
    /// This input removed or renamed away (a close of it will not come under its name).
    Gone(PathBuf),
    /// An input renamed into place: a whole file.
    Placed,
    /// The book folder itself was removed or renamed: its watch is gone with it.
    Root,
}

/// One burst of file events that ends in a rebuild: when its first event that counts
/// arrived and when the burst was over (what `GOBOOK_TIMINGS` shows of the wait).
#[derive(Clone, Copy, Debug)]
pub struct Burst {
    /// The first event of the burst that counts, as it reached the watching thread.
    pub first: Instant,
    /// The end of the burst, when the rebuild is asked for.
    pub over: Instant,
}

impl Burst {
    /// A burst of no events, over now: a rebuild asked for without a file event.
    pub fn now() -> Burst {
        let now = Instant::now();
        Burst {
            first: now,
            over: now,
        }
    }
}

/// A burst being gathered.
pub struct Gathering {
    start: Instant,
    last: Instant,
    /// Inputs written to and not closed since.
    open: HashSet<PathBuf>,
    /// Whether the last event that counted completed a file (closed, renamed into place).
    complete: bool,
    /// Whether the book folder itself went.
    pub root: bool,
}

impl Gathering {
    /// Whether an event can start a burst: a close alone changed nothing (its writes came
    /// with their own events).
    pub fn starts(seen: &Seen) -> bool {
        !matches!(seen, Seen::Nothing | Seen::Closed(_))
    }

    /// A burst started by `first`, seen at `now`.
    pub fn new(first: Seen, now: Instant) -> Gathering {
        let mut g = Gathering {
            start: now,
            last: now,
            open: HashSet::new(),
            complete: false,
            root: false,
        };
        g.add(first, now);
        g
    }

    /// Takes in one more event, seen at `now`.
    pub fn add(&mut self, seen: Seen, now: Instant) {
        self.complete = match seen {
            Seen::Nothing => return,
            Seen::Writing(p) => {
                if CLOSES_REPORTED {
                    self.open.insert(p);
                }
                false
            }
            Seen::Closed(p) => {
                self.open.remove(&p);
                true
            }
            Seen::Gone(p) => {
                self.open.remove(&p);
                false
            }
            Seen::Placed => true,
            Seen::Input => false,
            Seen::Root => {
                self.root = true;
                false
            }
        };
        self.last = now;
    }

    /// When the burst is over, if nothing more comes: while an input written to is open,
    /// at the latest possible; after a file completed, a grace later; else after a quiet
    /// spell. Never later than `DEBOUNCE_MAX` after its start.
    pub fn over_at(&self) -> Instant {
        let end = if !self.open.is_empty() {
            self.start + DEBOUNCE_MAX
        } else if self.complete {
            self.last + GRACE
        } else {
            self.last + DEBOUNCE
        };
        end.min(self.start + DEBOUNCE_MAX)
    }

    /// The burst, over at `now`.
    pub fn over(&self, now: Instant) -> Burst {
        Burst {
            first: self.start,
            over: now,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn book() -> PathBuf {
        PathBuf::from("book.gobook")
    }

    /// A save in place: truncation and writes, then the close; the burst ends a grace
    /// after the close, however long the writer paused before it (up to the cap).
    #[test]
    fn a_write_in_place_is_over_a_grace_after_its_close_and_not_before() {
        let t0 = Instant::now();
        let mut g = Gathering::new(Seen::Writing(book()), t0);
        g.add(Seen::Writing(book()), t0 + ms(1));
        if CLOSES_REPORTED {
            assert_eq!(g.over_at(), t0 + DEBOUNCE_MAX, "open: wait for the close");
        }
        g.add(Seen::Writing(book()), t0 + ms(120));
        g.add(Seen::Closed(book()), t0 + ms(121));
        assert_eq!(g.over_at(), t0 + ms(121) + GRACE);
        // A second write after the close opens the file again.
        g.add(Seen::Writing(book()), t0 + ms(122));
        assert!(g.over_at() > t0 + ms(122) + GRACE);
    }

    /// Write to a temporary file, rename it over the book: the rename completes the save.
    #[test]
    fn a_rename_into_place_is_over_a_grace_later() {
        let t0 = Instant::now();
        let g = Gathering::new(Seen::Placed, t0);
        assert_eq!(g.over_at(), t0 + GRACE);
        // The book renamed away first (a backup), then a new one written and closed.
        let mut g = Gathering::new(Seen::Gone(book()), t0);
        assert_eq!(g.over_at(), t0 + DEBOUNCE, "no book yet: wait for quiet");
        g.add(Seen::Input, t0 + ms(2));
        g.add(Seen::Writing(book()), t0 + ms(3));
        g.add(Seen::Closed(book()), t0 + ms(4));
        assert_eq!(g.over_at(), t0 + ms(4) + GRACE);
    }

    /// Events that complete nothing end the burst after a quiet spell, counted from the
    /// last; a file that stays open, or events that never stop, are cut off at the cap.
    #[test]
    fn other_events_wait_for_quiet_and_nothing_waits_past_the_cap() {
        let t0 = Instant::now();
        let mut g = Gathering::new(Seen::Input, t0);
        g.add(Seen::Nothing, t0 + ms(20));
        assert_eq!(
            g.over_at(),
            t0 + DEBOUNCE,
            "what does not count extends nothing"
        );
        g.add(Seen::Input, t0 + ms(20));
        assert_eq!(g.over_at(), t0 + ms(20) + DEBOUNCE);
        g.add(Seen::Input, t0 + ms(240));
        assert_eq!(g.over_at(), t0 + DEBOUNCE_MAX);
        let mut g = Gathering::new(Seen::Writing(book()), t0);
        g.add(Seen::Writing(PathBuf::from("extra.css")), t0 + ms(1));
        g.add(Seen::Closed(book()), t0 + ms(2));
        if CLOSES_REPORTED {
            assert_eq!(g.over_at(), t0 + DEBOUNCE_MAX, "extra.css is still open");
        }
        g.add(Seen::Gone(PathBuf::from("extra.css")), t0 + ms(3));
        assert_eq!(g.over_at(), t0 + ms(3) + DEBOUNCE);
    }

    #[test]
    fn a_close_alone_starts_no_burst() {
        assert!(!Gathering::starts(&Seen::Closed(book())));
        assert!(!Gathering::starts(&Seen::Nothing));
        assert!(Gathering::starts(&Seen::Writing(book())));
        assert!(Gathering::starts(&Seen::Placed));
    }
}
