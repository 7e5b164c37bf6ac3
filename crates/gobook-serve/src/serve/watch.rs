//! Watching the book's folder. Editors save in several ways (write in place, write a
//! temporary file and rename it over, swap files), so the folder is watched, not the
//! file; only creations, changes, removals and renames of the files a build reads count
//! (the rebuilder says which), never reads, metadata, logs or output, which would
//! otherwise make rebuilds that make events that make rebuilds. A book folder removed
//! (or moved away) is looked for until it is back, then watched again.

use super::burst::{Burst, Gathering, Seen, CLOSES_REPORTED};
use super::ServeError;
use notify::event::{AccessKind, AccessMode, EventKind, ModifyKind, RenameMode};
use notify::{Event, RecommendedWatcher, RecursiveMode, Watcher};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

/// How often a removed book folder is looked for.
const POLL: Duration = Duration::from_millis(200);

/// Watches the book's folder while it lives; dropping it stops the watching thread.
pub struct Watch {
    tx: Sender<Msg>,
}

impl Drop for Watch {
    fn drop(&mut self) {
        let _ = self.tx.send(Msg::Stop);
    }
}

enum Msg {
    Event(notify::Result<Event>),
    Stop,
}

/// Watches `root` recursively and calls `changed` after each burst of events that create,
/// change, remove or rename a path for which `affects` (given the path relative to `root`)
/// is true; when a burst is over is `burst`'s to say. Symbolic links are not followed, so
/// a link to its own folder costs nothing.
pub fn watch(
    root: &Path,
    affects: impl Fn(&Path) -> bool + Send + 'static,
    changed: impl Fn(Burst) + Send + 'static,
) -> Result<Watch, ServeError> {
    let root = root
        .canonicalize()
        .map_err(|e| cannot_watch(&root.display().to_string(), notify::Error::io(e)))?;
    let (tx, rx) = channel();
    let events = tx.clone();
    let config = notify::Config::default().with_follow_symlinks(false);
    let mut watcher = RecommendedWatcher::new(
        move |e| {
            let _ = events.send(Msg::Event(e));
        },
        config,
    )
    .map_err(|e| cannot_watch("files", e))?;
    watcher
        .watch(&root, RecursiveMode::Recursive)
        .map_err(|e| cannot_watch(&root.display().to_string(), e))?;
    std::thread::Builder::new()
        .name("gobook-watch".into())
        .spawn(move || {
            Watching {
                watcher,
                root,
                rx,
                affects,
                changed,
                closes: CLOSES_REPORTED,
                closes_seen: false,
            }
            .run()
        })
        .map_err(|e| cannot_watch("files", notify::Error::io(e)))?;
    Ok(Watch { tx })
}

/// The error for `what` (a folder, or `files`) that cannot be watched.
fn cannot_watch(what: &str, source: notify::Error) -> ServeError {
    ServeError::Watch {
        what: what.to_string(),
        source,
    }
}

struct Watching<A, C> {
    watcher: RecommendedWatcher,
    root: PathBuf,
    rx: Receiver<Msg>,
    affects: A,
    changed: C,
    /// Whether closes after writing are expected (see [`CLOSES_REPORTED`]).
    closes: bool,
    /// Whether one was ever seen.
    closes_seen: bool,
}

impl<A: Fn(&Path) -> bool, C: Fn(Burst)> Watching<A, C> {
    fn run(mut self) {
        loop {
            let Some(first) = self.next(None) else { return };
            if !Gathering::starts(&first) {
                continue;
            }
            // Gather the rest of the burst: events that matter extend it, others never.
            let mut burst = Gathering::new(first, Instant::now(), self.closes);
            loop {
                let wait = burst.over_at().saturating_duration_since(Instant::now());
                if wait.is_zero() {
                    break;
                }
                match self.next(Some(wait)) {
                    None => return,
                    Some(seen) => burst.add(seen, Instant::now()),
                }
            }
            let over = burst.over(Instant::now());
            // A close seen proves they are reported; a burst cut off by a file never closed,
            // where none ever was, says this file system does not report them.
            if burst.saw_close {
                (self.closes, self.closes_seen) = (true, true);
            } else if burst.left_open() && !self.closes_seen {
                self.closes = false;
            }
            if burst.root || !self.root.is_dir() {
                // The rebuild says the book is gone (once); then wait for the folder to come back.
                (self.changed)(over);
                let _ = self.watcher.unwatch(&self.root);
                if !self.rewatch() {
                    return;
                }
            }
            (self.changed)(over);
        }
    }

    /// Waits for the book folder to be a folder again and watches it; false when told to stop.
    fn rewatch(&mut self) -> bool {
        loop {
            if self.root.is_dir()
                && self
                    .watcher
                    .watch(&self.root, RecursiveMode::Recursive)
                    .is_ok()
            {
                return true;
            }
            if self.next(Some(POLL)).is_none() {
                return false;
            }
        }
    }

    /// The next event, or Nothing after `timeout`; None when told to stop.
    fn next(&self, timeout: Option<Duration>) -> Option<Seen> {
        let msg = match timeout {
            None => self.rx.recv().ok()?,
            Some(t) => match self.rx.recv_timeout(t) {
                Ok(m) => m,
                Err(RecvTimeoutError::Timeout) => return Some(Seen::Nothing),
                Err(RecvTimeoutError::Disconnected) => return None,
            },
        };
        match msg {
            Msg::Stop => None,
            // An error or a lost queue may hide a change: rebuild, which costs little if nothing changed.
            Msg::Event(Err(_)) => Some(Seen::Input),
            Msg::Event(Ok(e)) if e.need_rescan() => Some(Seen::Input),
            Msg::Event(Ok(e)) => Some(self.classify(&e)),
        }
    }

    fn classify(&self, e: &Event) -> Seen {
        let closed = e.kind == EventKind::Access(AccessKind::Close(AccessMode::Write));
        if !closed && !changes_files(&e.kind) {
            return Seen::Nothing;
        }
        let mut seen = Seen::Nothing;
        // A rename's last path is where the file went (notify: `Both` is from, then to).
        let last = e.paths.len().saturating_sub(1);
        for (i, p) in e.paths.iter().enumerate() {
            match p.strip_prefix(&self.root) {
                Ok(rel) if rel.as_os_str().is_empty() => {
                    if matches!(
                        e.kind,
                        EventKind::Remove(_) | EventKind::Modify(ModifyKind::Name(_))
                    ) {
                        return Seen::Root;
                    }
                }
                Ok(rel) if (self.affects)(rel) => {
                    let rel = rel.to_path_buf();
                    seen = match e.kind {
                        _ if closed => Seen::Closed(rel),
                        EventKind::Modify(ModifyKind::Data(_)) => Seen::Writing(rel),
                        EventKind::Modify(ModifyKind::Name(RenameMode::To)) => Seen::Placed(rel),
                        EventKind::Modify(ModifyKind::Name(RenameMode::Both)) if i == last => {
                            Seen::Placed(rel)
                        }
                        EventKind::Modify(ModifyKind::Name(_)) | EventKind::Remove(_) => {
                            Seen::Gone(rel)
                        }
                        _ => Seen::Input,
                    };
                }
                _ => {}
            }
        }
        seen
    }
}

/// Whether an event kind can change what a build reads: creations, changes of contents,
/// removals and renames; not reads (open, access, close) nor metadata (times, permissions).
pub fn changes_files(kind: &EventKind) -> bool {
    matches!(
        kind,
        EventKind::Any
            | EventKind::Create(_)
            | EventKind::Remove(_)
            | EventKind::Modify(ModifyKind::Data(_) | ModifyKind::Name(_) | ModifyKind::Any)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use notify::event::{
        AccessKind, AccessMode, CreateKind, DataChange, MetadataKind, RemoveKind, RenameMode,
    };

    #[test]
    fn only_changes_count() {
        for k in [
            EventKind::Create(CreateKind::File),
            EventKind::Remove(RemoveKind::Folder),
            EventKind::Modify(ModifyKind::Data(DataChange::Any)),
            EventKind::Modify(ModifyKind::Name(RenameMode::To)),
            EventKind::Modify(ModifyKind::Any),
        ] {
            assert!(changes_files(&k), "{k:?}");
        }
        for k in [
            EventKind::Access(AccessKind::Open(AccessMode::Any)),
            EventKind::Access(AccessKind::Close(AccessMode::Read)),
            EventKind::Access(AccessKind::Close(AccessMode::Write)),
            EventKind::Modify(ModifyKind::Metadata(MetadataKind::Any)),
            EventKind::Other,
        ] {
            assert!(!changes_files(&k), "{k:?}");
        }
    }

    #[test]
    fn reads_and_other_files_are_not_changes_but_saves_are() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("book.gobook"), "::book(#b)\n").unwrap();
        std::fs::write(dir.path().join("serve.log"), "").unwrap();
        let (tx, rx) = channel();
        let w = watch(
            dir.path(),
            |rel| rel == Path::new("book.gobook"),
            move |_| {
                let _ = tx.send(());
            },
        )
        .unwrap();
        std::thread::sleep(Duration::from_millis(100));
        for _ in 0..20 {
            let _ = std::fs::read(dir.path().join("book.gobook")).unwrap();
            std::fs::write(dir.path().join("serve.log"), "a line\n").unwrap();
        }
        assert!(
            rx.recv_timeout(Duration::from_millis(400)).is_err(),
            "reads of the book or writes of other files rebuilt"
        );
        std::fs::write(dir.path().join("book.gobook"), "::book(#c)\n").unwrap();
        assert!(
            rx.recv_timeout(Duration::from_secs(5)).is_ok(),
            "a save rebuilds"
        );
        assert!(
            rx.recv_timeout(Duration::from_millis(300)).is_err(),
            "one save, one rebuild"
        );
        drop(w);
    }
}
