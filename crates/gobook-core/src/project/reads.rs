//! What a build read from the book's folder, recorded as it reads: every file with the
//! identity of its contents, every path looked for and not found (so creating a missing
//! include rebuilds), every folder whose listing it used (a theme's style sheets, a folder of
//! games). `serve`'s watcher reacts to these paths and nothing else, its rebuilder skips a
//! save after which all of them are as they were, and a build refuses an output folder
//! holding any of them; `gobook lsp` asks the editor to watch them.
//!
//! The readers (`project::read`, and the probes of `confine`, `theme`, `script`, `games`)
//! tell this module what they read; it gives the note to each recording open on a folder
//! holding the path. The recordings are found by folder, not passed down: the readers are
//! many and deep (settings, includes, images, the theme, Markdown includes and their
//! images), called from the check, the layout and the writers, on the threads of the
//! writers' pools, and a list carried through every call would be a second list to keep
//! in step. Builds of other books in the same process record apart; two builds of one book
//! at once each record the other's reads too, which can only watch more.

use std::collections::BTreeMap;
use std::fs::Metadata;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex, Weak};

/// The recordings open now, each removed when its [`Reads`] is dropped.
static OPEN: Mutex<Vec<Weak<Open>>> = Mutex::new(Vec::new());

/// Extensions of the files kept whole: text a build reads and compares in full.
const TEXT: [&str; 9] = [
    "gobook", "md", "markdown", "css", "toml", "js", "sgf", "mgt", "xml",
];

/// A recording of what is read from one folder, open until dropped.
pub struct Reads {
    open: Arc<Open>,
}

struct Open {
    /// The folder as given, absolute, and with its links resolved (a reader may name either).
    roots: Vec<PathBuf>,
    record: Mutex<Record>,
}

/// What a build read, relative to the book's folder: each file's contents as they were
/// read, the paths looked for and missing, the folders listed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Record {
    files: BTreeMap<PathBuf, Seen>,
    listings: BTreeMap<PathBuf, (Listing, Vec<String>)>,
}

/// What a file held when read or looked at.
#[derive(Clone, Debug, PartialEq)]
enum Seen {
    /// Looked for and not there.
    Missing,
    /// A folder looked for and found (a theme folder).
    Folder,
    /// A text file, kept whole and compared whole, so that no change can pass for none.
    Text(Arc<[u8]>),
    /// An image or another file by its size and modification time: one replaced by another
    /// of the same size that keeps the old time (`cp -p`) is not seen until the next change.
    Stamp(u64, Option<u128>),
}

impl Seen {
    /// How much a note tells: a file read whole says more than one looked at.
    fn rank(&self) -> u8 {
        match self {
            Seen::Missing | Seen::Folder => 0,
            Seen::Stamp(..) => 1,
            Seen::Text(_) => 2,
        }
    }
}

/// Which entries of a listed folder a build used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Listing {
    /// Its style sheets (a theme's folder, an extra style sheet's: every one is loaded for
    /// its `@import`s).
    Css,
    /// Its game files and sub-folders (a folder of games read as a book).
    Games,
}

impl Listing {
    /// Whether a file named `name` in the folder counts.
    fn admits(self, name: &str) -> bool {
        !is_editor_scratch(name)
            && match self {
                Listing::Css => name.ends_with(".css"),
                Listing::Games => true,
            }
    }

    /// The entries of `dir` that count, sorted.
    fn names(self, dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = match self {
            Listing::Css => std::fs::read_dir(dir)
                .map(|rd| {
                    rd.flatten()
                        .filter_map(|e| e.file_name().into_string().ok())
                        .filter(|n| self.admits(n))
                        .collect()
                })
                .unwrap_or_default(),
            Listing::Games => crate::project::games::listing(dir),
        };
        names.sort();
        names
    }
}

impl Reads {
    /// Starts recording what is read from `book_dir` (the book's folder) and below it; when
    /// a recording of that folder is open already (a command that read the book before it
    /// built it, `serve` around its rebuild), joins it, so that each sees every read.
    pub fn start(book_dir: &Path) -> Reads {
        let abs = absolute(book_dir);
        let mut all = OPEN.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(open) = all
            .iter()
            .filter_map(Weak::upgrade)
            .find(|o| o.roots[0] == abs)
        {
            return Reads { open };
        }
        let mut roots = vec![abs.clone()];
        if let Ok(real) = abs.canonicalize() {
            if real != abs {
                roots.push(real);
            }
        }
        let open = Arc::new(Open {
            roots,
            record: Mutex::new(Record::default()),
        });
        all.retain(|w| w.strong_count() > 0);
        all.push(Arc::downgrade(&open));
        Reads { open }
    }

    /// What was read so far.
    pub fn record(&self) -> Record {
        self.open
            .record
            .lock()
            .map(|r| r.clone())
            .unwrap_or_default()
    }

    /// Stops recording and gives what was read.
    pub fn finish(self) -> Record {
        self.record()
    }
}

impl Drop for Reads {
    fn drop(&mut self) {
        // Joined under the same lock, so the count cannot grow between the look and the removal.
        let mut all = OPEN.lock().unwrap_or_else(|p| p.into_inner());
        if Arc::strong_count(&self.open) == 1 {
            let me = Arc::as_ptr(&self.open);
            all.retain(|w| w.strong_count() > 0 && w.as_ptr() != me);
        }
    }
}

impl Record {
    /// A record of the book file alone, for the time before a first build.
    pub fn of_book(book: &Path) -> Record {
        let mut r = Record::default();
        if let Some(name) = book.file_name() {
            r.files.insert(PathBuf::from(name), Seen::Missing);
        }
        r
    }

    /// Every path recorded (files, missing or not, and listed folders), relative to the
    /// book's folder.
    pub fn paths(&self) -> impl Iterator<Item = &PathBuf> {
        self.files.keys().chain(self.listings.keys())
    }

    /// The paths of the files read or looked for (not the folders listed).
    pub fn files(&self) -> impl Iterator<Item = &PathBuf> {
        self.files
            .iter()
            .filter(|(_, s)| **s != Seen::Folder)
            .map(|(p, _)| p)
    }

    /// The folders listed.
    pub fn folders(&self) -> impl Iterator<Item = &PathBuf> {
        self.listings.keys()
    }

    /// Whether a change at `rel` (relative to the book's folder) can change what the build
    /// read: a path it read or looked for, a file that counts in a folder it listed, or a
    /// folder on the way to one of them (a folder created, removed or renamed takes its
    /// files with it).
    pub fn affected_by(&self, rel: &Path) -> bool {
        let name = rel.file_name().and_then(|n| n.to_str()).unwrap_or("");
        self.files.contains_key(rel)
            || self.listings.iter().any(|(dir, (listing, _))| {
                rel.parent() == Some(dir.as_path()) && listing.admits(name)
            })
            || self.paths().any(|p| p.starts_with(rel))
    }

    /// Whether everything recorded is still as it was read, in the folder `dir`: then a
    /// build now would read the same and make the same.
    pub fn unchanged(&self, dir: &Path) -> bool {
        self.files.iter().all(|(rel, seen)| {
            let now = state(&dir.join(rel), seen.rank() == 2);
            now == *seen
        }) && self
            .listings
            .iter()
            .all(|(rel, (listing, names))| listing.names(&dir.join(rel)) == *names)
    }

    fn note(&mut self, rel: PathBuf, seen: Seen) {
        match self.files.get(&rel) {
            // A file looked at after it was read: the read says more.
            Some(old) if old.rank() > seen.rank() => {}
            _ => {
                self.files.insert(rel, seen);
            }
        }
    }
}

/// What `path` holds now, as a note would record it: whole when `whole` and it can be read.
fn state(path: &Path, whole: bool) -> Seen {
    match std::fs::metadata(path) {
        Err(_) => Seen::Missing,
        Ok(m) if m.is_dir() => Seen::Folder,
        Ok(m) => {
            if whole && is_text(path) {
                if let Ok(bytes) = crate::project::read::read_unrecorded(path) {
                    return Seen::Text(bytes.into());
                }
            }
            stamp(&m)
        }
    }
}

fn stamp(meta: &Metadata) -> Seen {
    let mtime = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map(|d| d.as_nanos());
    Seen::Stamp(meta.len(), mtime)
}

fn is_text(p: &Path) -> bool {
    p.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| TEXT.contains(&e))
}

/// Gives a note on `path` to every recording open on a folder holding it. A path through a
/// symbolic link is noted at the file it leads to as well: that is the file an editor
/// saves, and the one whose change the watcher hears of.
fn tell(path: &Path, seen: impl Fn() -> Seen) {
    let abs = absolute(path);
    let opens = holding(&abs);
    if opens.is_empty() {
        return;
    }
    let real = abs.canonicalize().ok().filter(|r| *r != abs);
    let seen = seen();
    for (open, rel) in opens {
        let target = real.as_deref().and_then(|r| open.inside(r));
        if let Ok(mut rec) = open.record.lock() {
            if let Some(target) = target {
                rec.note(target, seen.clone());
            }
            rec.note(rel, seen.clone());
        }
    }
}

/// The recordings open on a folder holding `abs`, with the path relative to it. The lock
/// is let go before anything is looked at: looking may read, and a read tells again.
fn holding(abs: &Path) -> Vec<(Arc<Open>, PathBuf)> {
    let Ok(all) = OPEN.lock() else {
        return Vec::new();
    };
    all.iter()
        .filter_map(Weak::upgrade)
        .filter_map(|o| o.inside(abs).map(|rel| (o, rel)))
        .collect()
}

impl Open {
    /// `abs` relative to the folder recorded, if inside it.
    fn inside(&self, abs: &Path) -> Option<PathBuf> {
        self.roots
            .iter()
            .find_map(|r| abs.strip_prefix(r).ok())
            .map(Path::to_path_buf)
    }
}

/// `path` was read whole as `bytes` (project::read).
pub(crate) fn read_whole(path: &Path, meta: &Metadata, bytes: &[u8]) {
    tell(path, || {
        if is_text(path) {
            Seen::Text(bytes.into())
        } else {
            stamp(meta)
        }
    });
}

/// `path` was opened, or looked at, but not read whole (the head of an image, a file too
/// large or not regular, a file whose being there is all that counts).
pub(crate) fn looked_at(path: &Path) {
    tell(path, || match std::fs::metadata(path) {
        Err(_) => Seen::Missing,
        Ok(m) if m.is_dir() => Seen::Folder,
        Ok(m) => stamp(&m),
    });
}

/// The folder `dir` was listed for the entries `listing` says.
pub(crate) fn listed(dir: &Path, listing: Listing) {
    let opens = holding(&absolute(dir));
    if opens.is_empty() {
        return;
    }
    let names = listing.names(dir);
    for (open, rel) in opens {
        if let Ok(mut rec) = open.record.lock() {
            rec.listings.insert(rel, (listing, names.clone()));
        }
    }
}

/// `p` absolute, with `.` and `..` taken out without looking at the file system.
fn absolute(p: &Path) -> PathBuf {
    let abs = std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let mut out = PathBuf::new();
    for c in abs.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// Whether `name` is an editor's scratch file (a swap, backup, lock or safe-write file,
/// as vim, emacs and JetBrains IDEs make beside the file edited): never read by a build,
/// and a swap file kept open would otherwise hold every save's burst open.
pub fn is_editor_scratch(name: &str) -> bool {
    name.ends_with('~')
        || name.starts_with(".#")
        || name.contains("___jb_")
        || name == "4913"
        || [".swp", ".swx", ".swo", ".tmp"]
            .iter()
            .any(|e| name.ends_with(e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_reads_and_misses_under_its_folder_only() {
        let dir = tempfile::tempdir().unwrap();
        let other = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.md"), "# A").unwrap();
        std::fs::write(dir.path().join("p.png"), "png").unwrap();
        std::fs::write(other.path().join("b.md"), "# B").unwrap();
        let reads = Reads::start(dir.path());
        let _ = crate::project::read::read(&dir.path().join("./a.md"));
        let _ = crate::project::read::read(&dir.path().join("p.png"));
        let _ = crate::project::read::read(&dir.path().join("gone.gobook"));
        let _ = crate::project::read::read(&other.path().join("b.md"));
        let record = reads.finish();
        let paths: Vec<_> = record.paths().map(|p| p.display().to_string()).collect();
        assert_eq!(paths, ["a.md", "gone.gobook", "p.png"]);
        assert!(record.unchanged(dir.path()));
        assert!(record.affected_by(Path::new("gone.gobook")));
        assert!(!record.affected_by(Path::new("serve.log")));
        // After the recording, reads are not noted.
        let _ = crate::project::read::read(&dir.path().join("late.md"));
        std::fs::write(dir.path().join("gone.gobook"), "::h1 Here").unwrap();
        assert!(!record.unchanged(dir.path()), "a missing file that appears");
        std::fs::remove_file(dir.path().join("gone.gobook")).unwrap();
        std::fs::write(dir.path().join("a.md"), "# A, again").unwrap();
        assert!(!record.unchanged(dir.path()), "a text changed");
        std::fs::write(dir.path().join("a.md"), "# A").unwrap();
        assert!(record.unchanged(dir.path()), "the same text again");
    }

    #[test]
    fn a_listed_folder_counts_its_kind_of_file_but_no_scratch() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("t")).unwrap();
        std::fs::write(dir.path().join("t/style.css"), "a{}").unwrap();
        let reads = Reads::start(dir.path());
        listed(&dir.path().join("t"), Listing::Css);
        let record = reads.finish();
        for yes in ["t/new.css", "t"] {
            assert!(record.affected_by(Path::new(yes)), "{yes}");
        }
        for no in ["t/notes.txt", "t/.style.css.swp", "t/style.css~", "u.css"] {
            assert!(!record.affected_by(Path::new(no)), "{no}");
        }
        std::fs::write(dir.path().join("t/notes.txt"), "x").unwrap();
        assert!(record.unchanged(dir.path()));
        std::fs::write(dir.path().join("t/new.css"), "b{}").unwrap();
        assert!(!record.unchanged(dir.path()));
    }
}
