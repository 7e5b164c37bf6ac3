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

/// Whether the watcher is expected to report a file closed after writing (notify's inotify
/// backend does). Not every file system under inotify does (some shared folders of
/// virtual machines and containers): a watcher that never saw a close and had a burst cut
/// off at the cap by a file left open stops expecting them (see [`Gathering::left_open`]).
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
    /// This input renamed into place: a whole file.
    Placed(PathBuf),
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
    /// Every input the burst wrote, closed, removed or placed: a save of one file may end
    /// after a grace, a change of several (a checkout, "save all") waits for quiet, so that
    /// no build sees half of it.
    touched: HashSet<PathBuf>,
    /// Whether closes after writing are expected: only then does a write hold the burst
    /// open until its close, or every save would wait for the cap.
    closes: bool,
    /// Whether a close after writing came in this burst.
    pub saw_close: bool,
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

    /// A burst started by `first`, seen at `now`; `closes`: whether closes after writing
    /// were seen before.
    pub fn new(first: Seen, now: Instant, closes: bool) -> Gathering {
        let mut g = Gathering {
            start: now,
            last: now,
            open: HashSet::new(),
            touched: HashSet::new(),
            closes,
            saw_close: false,
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
                if self.closes {
                    self.open.insert(p.clone());
                }
                self.touched.insert(p);
                false
            }
            Seen::Closed(p) => {
                self.saw_close = true;
                self.open.remove(&p);
                self.touched.insert(p);
                true
            }
            Seen::Gone(p) => {
                self.open.remove(&p);
                self.touched.insert(p);
                false
            }
            Seen::Placed(p) => {
                // The file replaced is gone with its writer: no close comes under its name.
                self.open.remove(&p);
                self.touched.insert(p);
                true
            }
            Seen::Input => false,
            Seen::Root => {
                self.root = true;
                false
            }
        };
        self.last = now;
    }

    /// When the burst is over, if nothing more comes: while an input written to is open,
    /// at the latest possible; after the one file it changed completed, a grace later; else
    /// after a quiet spell. Never later than `DEBOUNCE_MAX` after its start.
    pub fn over_at(&self) -> Instant {
        let end = if !self.open.is_empty() {
            self.start + DEBOUNCE_MAX
        } else if self.complete && self.touched.len() <= 1 {
            self.last + GRACE
        } else {
            self.last + DEBOUNCE
        };
        end.min(self.start + DEBOUNCE_MAX)
    }

    /// Whether the burst ended with a file written and never closed: cut off at the cap.
    pub fn left_open(&self) -> bool {
        !self.open.is_empty()
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
        let mut g = Gathering::new(Seen::Writing(book()), t0, true);
        g.add(Seen::Writing(book()), t0 + ms(1));
        assert_eq!(g.over_at(), t0 + DEBOUNCE_MAX, "open: wait for the close");
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
        let g = Gathering::new(Seen::Placed(book()), t0, true);
        assert_eq!(g.over_at(), t0 + GRACE);
        // The book renamed away first (a backup), then a new one written and closed.
        let mut g = Gathering::new(Seen::Gone(book()), t0, true);
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
        let mut g = Gathering::new(Seen::Input, t0, true);
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
        let mut g = Gathering::new(Seen::Writing(book()), t0, true);
        g.add(Seen::Writing(PathBuf::from("extra.css")), t0 + ms(1));
        g.add(Seen::Closed(book()), t0 + ms(2));
        assert_eq!(g.over_at(), t0 + DEBOUNCE_MAX, "extra.css is still open");
        g.add(Seen::Gone(PathBuf::from("extra.css")), t0 + ms(3));
        assert_eq!(g.over_at(), t0 + ms(3) + DEBOUNCE);
    }

    #[test]
    fn a_close_alone_starts_no_burst() {
        assert!(!Gathering::starts(&Seen::Closed(book())));
        assert!(!Gathering::starts(&Seen::Nothing));
        assert!(Gathering::starts(&Seen::Writing(book())));
        assert!(Gathering::starts(&Seen::Placed(book())));
    }

    /// Where closes are not expected (a file system that does not report them), a write
    /// holds nothing open: the save ends after a quiet spell, not at the cap; a close that
    /// comes all the same still ends it after a grace, and is noted.
    #[test]
    fn without_closes_a_write_waits_for_quiet() {
        let t0 = Instant::now();
        let mut g = Gathering::new(Seen::Writing(book()), t0, false);
        assert_eq!(g.over_at(), t0 + DEBOUNCE);
        assert!(!g.left_open());
        g.add(Seen::Closed(book()), t0 + ms(1));
        assert!(g.saw_close);
        assert_eq!(g.over_at(), t0 + ms(1) + GRACE);
        let g = Gathering::new(Seen::Writing(book()), t0, true);
        assert!(
            g.left_open() && !g.saw_close,
            "cut off at the cap, no close seen"
        );
    }

    /// A burst that changed several inputs (a checkout, "save all") waits for quiet after
    /// the last close, so that no build sees half of the change; a rename into place takes
    /// the replaced file out of those open.
    #[test]
    fn several_files_wait_for_quiet_and_a_rename_closes_what_it_replaces() {
        let t0 = Instant::now();
        let css = PathBuf::from("extra.css");
        let mut g = Gathering::new(Seen::Writing(book()), t0, true);
        g.add(Seen::Closed(book()), t0 + ms(1));
        g.add(Seen::Writing(css.clone()), t0 + ms(2));
        g.add(Seen::Closed(css), t0 + ms(3));
        assert_eq!(g.over_at(), t0 + ms(3) + DEBOUNCE);
        let mut g = Gathering::new(Seen::Writing(book()), t0, true);
        g.add(Seen::Placed(book()), t0 + ms(1));
        assert_eq!(g.over_at(), t0 + ms(1) + GRACE);
    }
}
