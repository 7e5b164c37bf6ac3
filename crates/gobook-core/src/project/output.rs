//! The output folder: where a build may write, and how a new site replaces the old one.
//!
//! A build replaces its output folder as a whole, so gobook must own it. Zola's rule is the
//! model: a folder is replaced only when it is empty or when an earlier gobook build wrote it
//! (every site carries the [`MARKER`] file); anything else needs `--force`. Some places are
//! refused even with `--force`: the book file, the book's folder or a folder above it, and a
//! folder holding files the book reads, the file system's root, the home folder (or a folder
//! above it) and a folder holding a Git repository. Paths are compared after `..` and symbolic
//! links are resolved, so `-o ../book` from inside the book or a link to the book's folder is
//! caught too. `--force` never deletes what gobook did not write: it goes to the trash
//! (see [`super::aside`]). A site's e-books (`*.epub`) are carried over into the next site.

use crate::project::aside::{put_aside, Aside};
use crate::project::error::{io, ProjectError};
use std::path::{Component, Path, PathBuf};

/// The file every site gobook writes carries at its root: its proof of ownership.
pub const MARKER: &str = ".gobook-site";

/// What the marker file says to a person who opens it.
const MARKER_TEXT: &str =
    "This folder was written by `gobook build`, which replaces it as a whole on the next build.\n\
Files put here by hand are lost then; keep them beside the book instead.\n";

/// Where a build writes: the folder given on the command line, else `out_dir` of `gobook.toml`
/// (which must lie inside the book's folder: a downloaded book may not write elsewhere), else
/// `default` beside the book. The place is checked (see [`check_place`]).
pub fn out_dir(
    cli: Option<&Path>,
    config: Option<&Path>,
    default: &str,
    book: &Path,
) -> Result<PathBuf, ProjectError> {
    let book_dir = book_folder(book);
    let out = match (cli, config) {
        (Some(p), _) => p.to_path_buf(),
        (None, Some(p)) => {
            let out = book_dir.join(p);
            let (c, b) = (canonical(&out), canonical(&book_dir));
            if p.is_absolute() || !c.starts_with(&b) || c == b {
                return Err(ProjectError::Output(format!(
                    "gobook.toml sets out_dir = \"{}\", which is not a folder inside the book's folder {}; \
a book's settings may only write inside it. Name a folder inside it, or give the folder on the command line: -o {}",
                    p.display(),
                    b.display(),
                    p.display()
                )));
            }
            out
        }
        (None, None) => book_dir.join(default),
    };
    check_place(&out, book)?;
    Ok(out)
}

/// The book's folder: the folder a book file (or a game file) lies in, or the folder of
/// games itself that a build reads as a book ([`crate::project::games`]).
pub fn book_folder(book: &Path) -> PathBuf {
    if book.is_dir() {
        return book.to_path_buf();
    }
    folder_of(book)
}

/// The folder a book file lies in (`.` for a bare file name).
pub fn folder_of(book: &Path) -> PathBuf {
    book.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .to_path_buf()
}

/// Refuses output places that would swallow the book: the book file, its folder or a folder
/// above it, and an existing file.
pub fn check_place(out: &Path, book: &Path) -> Result<(), ProjectError> {
    let (o, b) = (canonical(out), canonical(book));
    if b.starts_with(&o) {
        return Err(ProjectError::Output(format!(
            "the output folder {} holds the book itself, which a build would delete; choose a folder of its own, e.g. -o {}",
            out.display(),
            book_folder(book).join(super::build::DEFAULT_OUT_DIR).display()
        )));
    }
    if out.exists() && !out.is_dir() {
        return Err(ProjectError::Output(format!(
            "the output {} is a file, not a folder; choose a folder for the site with -o",
            out.display()
        )));
    }
    Ok(())
}

/// Refuses to replace an existing folder that gobook did not write, unless `force`; refuses
/// the places no build may replace (see [`check_protected`]) even then.
pub fn check_owned(out: &Path, force: bool) -> Result<(), ProjectError> {
    check_protected(out)?;
    if force || !out.exists() || is_owned(out) || is_empty(out) {
        return Ok(());
    }
    Err(ProjectError::Output(format!(
        "the folder {} exists and was not written by gobook; a build replaces its output folder as a whole, \
so it leaves this one alone. Choose another folder with -o, empty this one, or pass --force to replace it",
        out.display()
    )))
}

/// Refuses, even with `--force`, to replace the file system's root, the home folder or a folder
/// above it, and a folder holding a Git repository (`.git`, a folder or a worktree's file): what
/// is lost there is never a site. Places that do not exist yet are fine.
fn check_protected(out: &Path) -> Result<(), ProjectError> {
    if std::fs::symlink_metadata(out).is_err() {
        return Ok(());
    }
    let o = canonical(out);
    let instead = "choose a folder of its own for the site, e.g. -o site";
    if o.parent().is_none() {
        return Err(ProjectError::Output(format!(
            "the output folder {} is the root of the file system, which gobook never replaces, not even with --force; {instead}",
            out.display()
        )));
    }
    if let Some(home) = home_folder().filter(|h| canonical(h).starts_with(&o)) {
        let what = if canonical(&home) == o {
            "is your home folder"
        } else {
            "holds your home folder"
        };
        return Err(ProjectError::Output(format!(
            "the output folder {} {what} ({}), which gobook never replaces, not even with --force; {instead}",
            out.display(),
            home.display()
        )));
    }
    if std::fs::symlink_metadata(o.join(".git")).is_ok() {
        return Err(ProjectError::Output(format!(
            "the output folder {} holds a Git repository (.git), which a build would delete, so gobook never replaces it, \
not even with --force; build into another folder, e.g. -o site, and copy the site into the repository",
            out.display()
        )));
    }
    Ok(())
}

/// The user's home folder, from the environment (`HOME`; `USERPROFILE` on Windows).
fn home_folder() -> Option<PathBuf> {
    ["HOME", "USERPROFILE"]
        .iter()
        .filter_map(std::env::var_os)
        .find(|h| !h.is_empty())
        .map(PathBuf::from)
}

/// Whether `dir` is a folder with nothing in it.
fn is_empty(dir: &Path) -> bool {
    std::fs::read_dir(dir)
        .map(|mut d| d.next().is_none())
        .unwrap_or(false)
}

/// Whether an earlier build wrote `dir` (it holds the marker file, as a plain file).
pub fn is_owned(dir: &Path) -> bool {
    std::fs::symlink_metadata(dir.join(MARKER)).is_ok_and(|m| m.is_file())
}

/// Refuses an output folder that holds a file or folder the book reads (images, includes, styles,
/// theme, cover): replacing the site would delete them. `reads` are relative to the book's folder
/// or absolute.
pub fn check_reads(out: &Path, book_dir: &Path, reads: &[PathBuf]) -> Result<(), ProjectError> {
    let o = canonical(out);
    for r in reads {
        if canonical(&book_dir.join(r)).starts_with(&o) {
            return Err(ProjectError::Output(format!(
                "the output folder {} holds {}, which the book reads; a build replaces the whole folder, so choose another one, e.g. -o {}",
                out.display(),
                r.display(),
                book_dir.join(super::build::DEFAULT_OUT_DIR).display()
            )));
        }
    }
    Ok(())
}

/// Where `p` is, absolute, with `..` and symbolic links resolved, also when it does not exist
/// yet: its deepest existing ancestor is resolved and the rest appended.
pub fn canonical(p: &Path) -> PathBuf {
    let abs = std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let mut existing = abs.as_path();
    let mut rest: Vec<Component> = Vec::new();
    loop {
        if let Ok(mut c) = existing.canonicalize() {
            for part in rest.iter().rev() {
                match part {
                    Component::ParentDir => {
                        c.pop();
                    }
                    Component::Normal(n) => {
                        c.push(n);
                        // A link reached after a `..` (`missing/../link/x`) is followed too:
                        // the OS will follow it when writing, so the check must see its target.
                        if let Ok(real) = c.canonicalize() {
                            c = real;
                        }
                    }
                    _ => {}
                }
            }
            return c;
        }
        match (existing.components().next_back(), existing.parent()) {
            (Some(last), Some(parent)) => {
                rest.push(last);
                existing = parent;
            }
            _ => return abs,
        }
    }
}

/// A fresh folder beside the output folder that the new site is written into; it is removed
/// again when dropped unless it was swapped in.
pub struct Staging {
    dir: tempfile::TempDir,
}

impl Staging {
    /// The folder to write the new site into.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }
}

/// The start of the names of the folders and files a build of `out` keeps beside it while it
/// runs: `.NAME.gobook-new-PID-` for the new site, `.NAME.gobook-old-PID-` for the old one.
fn temp_prefix(out: &Path, kind: &str) -> String {
    let base = out
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "site".into());
    format!(".{base}.gobook-{kind}-{}-", std::process::id())
}

/// Makes a staging folder beside `out`, marked as gobook's, after removing what builds killed
/// before they finished left there. The folder lies beside where `out` really is (see
/// [`canonical`]): `-o site/../site` is `site`, and a link to a folder stays a link, its
/// target is replaced.
pub fn stage(out: &Path) -> Result<Staging, ProjectError> {
    let out = &canonical(out);
    let parent = folder_of(out);
    std::fs::create_dir_all(&parent).map_err(io("create", &parent))?;
    remove_stale(out);
    let dir = tempfile::Builder::new()
        .prefix(&temp_prefix(out, "new"))
        .tempdir_in(&parent)
        .map_err(io("create a folder in", &parent))?;
    write_marker(dir.path())?;
    Ok(Staging { dir })
}

/// Writes the marker file into a folder gobook made.
pub fn write_marker(dir: &Path) -> Result<(), ProjectError> {
    let p = dir.join(MARKER);
    std::fs::write(&p, MARKER_TEXT).map_err(io("write", &p))
}

/// Puts the staged site in place of `out` (where it really is, see [`stage`]). A site gobook
/// wrote (or an empty folder) is replaced, keeping its e-books; it stays if that fails. Anything
/// else (`--force`) is put aside, into the trash, and where it went is returned.
pub fn swap_in(staged: Staging, out: &Path) -> Result<Option<Aside>, ProjectError> {
    let out = &canonical(out);
    let had_old = std::fs::symlink_metadata(out).is_ok();
    if had_old && !is_owned(out) && !is_empty(out) {
        check_protected(out)?;
        let aside = put_aside(out)?;
        let new = staged.dir.keep();
        if let Err(e) = std::fs::rename(&new, out) {
            let _ = std::fs::remove_dir_all(&new);
            return Err(ProjectError::Output(format!(
                "cannot move the new site into {}: {e}; {aside}",
                out.display()
            )));
        }
        return Ok(Some(aside));
    }
    let aside = folder_of(out).join(
        staged
            .path()
            .file_name()
            .map(|n| {
                n.to_string_lossy()
                    .replacen(".gobook-new-", ".gobook-old-", 1)
            })
            .unwrap_or_default(),
    );
    if had_old {
        std::fs::rename(out, &aside).map_err(io("move aside the previous site", out))?;
    }
    let new = staged.dir.keep();
    if let Err(e) = std::fs::rename(&new, out) {
        if had_old {
            let _ = std::fs::rename(&aside, out);
        }
        let _ = std::fs::remove_dir_all(&new);
        return Err(io("move the new site into", out)(e));
    }
    if had_old {
        carry_over_ebooks(&aside, out);
        let _ = std::fs::remove_dir_all(&aside);
    }
    Ok(None)
}

/// Moves the e-books and PDFs (`*.epub`, `*.pdf` at the top) of the previous site into the new
/// one, unless it has its own of that name: `build --only-epub` and `--only-pdf` write them into
/// the site's folder, and a site build after it must not delete them.
fn carry_over_ebooks(old: &Path, new: &Path) {
    let Ok(entries) = std::fs::read_dir(old) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name();
        let is_ebook = Path::new(&name)
            .extension()
            .is_some_and(|x| x.eq_ignore_ascii_case("epub") || x.eq_ignore_ascii_case("pdf"));
        let is_file = e.file_type().is_ok_and(|t| t.is_file());
        let to = new.join(&name);
        if is_ebook && is_file && std::fs::symlink_metadata(&to).is_err() {
            let _ = std::fs::rename(e.path(), to);
        }
    }
}

/// Removes the staging folders and temporary files beside `out` that builds killed before they
/// finished (`kill -9`, a power cut) left behind: only names of gobook's own pattern, made by a
/// process that is no longer running, and for folders only those that carry the marker (or are
/// still empty), so nothing of the user's is touched.
pub fn remove_stale(out: &Path) {
    let out = &canonical(out);
    let parent = folder_of(out);
    let Some(base) = out.file_name().map(|n| n.to_string_lossy().into_owned()) else {
        return;
    };
    let Ok(entries) = std::fs::read_dir(&parent) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let Some(pid) = [".gobook-new-", ".gobook-old-"]
            .iter()
            .find_map(|k| name.strip_prefix(&format!(".{base}{k}")))
            .and_then(|rest| rest.split('-').next())
            .and_then(|pid| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if pid == std::process::id() || is_running(pid) {
            continue;
        }
        let path = e.path();
        let Ok(meta) = std::fs::symlink_metadata(&path) else {
            continue;
        };
        if meta.is_dir() {
            let empty = std::fs::read_dir(&path)
                .map(|mut d| d.next().is_none())
                .unwrap_or(false);
            if empty || is_owned(&path) {
                let _ = std::fs::remove_dir_all(&path);
            }
        } else if meta.is_file() {
            let _ = std::fs::remove_file(&path);
        }
    }
}

/// Whether a process with this id runs. Where that cannot be known (no `/proc`), it is taken to
/// run: leaving a stale folder is better than deleting a running build's.
fn is_running(pid: u32) -> bool {
    let proc = Path::new("/proc");
    !proc.is_dir() || proc.join(pid.to_string()).exists()
}

/// Writes `bytes` to `path` through a temporary file in the same folder (named like the staging
/// folders, so [`remove_stale`] clears it after a crash) and a rename: an interrupted build never
/// leaves half a file. The file is readable by all, like one written plainly.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), ProjectError> {
    copy_atomically(path, &mut &bytes[..])
}

/// [`write_atomically`] from a reader of the bytes (a PDF on disk, as long as the book's
/// print, is copied to its place without being held in memory).
pub fn copy_atomically(path: &Path, bytes: &mut dyn std::io::Read) -> Result<(), ProjectError> {
    use std::io::Write;
    let dir = folder_of(path);
    let mut tmp = tempfile::Builder::new()
        .prefix(&temp_prefix(path, "new"))
        .tempfile_in(&dir)
        .map_err(io("write into", &dir))?;
    std::io::copy(bytes, &mut tmp)
        .and_then(|_| tmp.flush())
        .map_err(io("write", path))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = tmp
            .as_file()
            .set_permissions(std::fs::Permissions::from_mode(0o644));
    }
    tmp.persist(path).map_err(|e| io("write", path)(e.error))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_resolves_dots_in_paths_that_do_not_exist() {
        let t = tempfile::tempdir().unwrap();
        let root = t.path().canonicalize().unwrap();
        assert_eq!(canonical(&t.path().join("a/b/../c")), root.join("a/c"));
        assert_eq!(canonical(&t.path().join("x/..")), root);
        std::fs::create_dir(t.path().join("real")).unwrap();
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(t.path().join("real"), t.path().join("link")).unwrap();
            assert_eq!(canonical(&t.path().join("link/new")), root.join("real/new"));
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_link_reached_after_dot_dot_through_a_missing_folder_is_followed() {
        // Found by the output_paths fuzz target: `-o nothere/../lnk/book` with `lnk` linking
        // to the folder above the book's named the book's folder without being seen as it.
        let t = tempfile::tempdir().unwrap();
        let root = t.path().canonicalize().unwrap();
        std::fs::create_dir_all(root.join("above/book")).unwrap();
        std::os::unix::fs::symlink(root.join("above"), root.join("lnk")).unwrap();
        assert_eq!(
            canonical(&root.join("nothere/../lnk/book")),
            root.join("above/book")
        );
        let book = root.join("above/book/b.gobook");
        std::fs::write(&book, "::book(#b)\n").unwrap();
        assert!(check_place(&root.join("nothere/../lnk/book"), &book).is_err());
        assert!(check_place(&root.join("nothere/../lnk"), &book).is_err());
    }

    #[test]
    fn only_empty_or_marked_folders_are_owned() {
        let t = tempfile::tempdir().unwrap();
        let d = t.path().join("d");
        assert!(
            check_owned(&d, false).is_ok(),
            "a folder that does not exist"
        );
        std::fs::create_dir(&d).unwrap();
        assert!(check_owned(&d, false).is_ok(), "an empty folder");
        std::fs::write(d.join("notes.txt"), "mine").unwrap();
        let err = check_owned(&d, false).unwrap_err().to_string();
        assert!(
            err.contains("--force") && err.contains("not written by gobook"),
            "{err}"
        );
        assert!(check_owned(&d, true).is_ok());
        write_marker(&d).unwrap();
        assert!(check_owned(&d, false).is_ok());
    }

    #[test]
    fn stale_leftovers_of_dead_builds_go_and_nothing_else() {
        let t = tempfile::tempdir().unwrap();
        let out = t.path().join("site");
        // A pid that cannot run: above the kernel's maximum.
        let dead = 4_194_305u32;
        let stale_dir = t.path().join(format!(".site.gobook-new-{dead}-abc"));
        std::fs::create_dir(&stale_dir).unwrap();
        write_marker(&stale_dir).unwrap();
        let stale_old = t.path().join(format!(".site.gobook-old-{dead}-abc"));
        std::fs::create_dir(&stale_old).unwrap();
        let stale_file = t.path().join(format!(".site.gobook-new-{dead}-xyz"));
        std::fs::write(&stale_file, "half").unwrap();
        // Look-alikes that are not gobook's: no marker, another name, a live process.
        let users = t.path().join(format!(".site.gobook-new-{dead}-user"));
        std::fs::create_dir(&users).unwrap();
        std::fs::write(users.join("keep.txt"), "mine").unwrap();
        let other = t.path().join(format!(".other.gobook-new-{dead}-abc"));
        std::fs::create_dir(&other).unwrap();
        let running = t
            .path()
            .join(format!(".site.gobook-new-{}-abc", std::process::id()));
        std::fs::create_dir(&running).unwrap();
        remove_stale(&out);
        assert!(!stale_dir.exists() && !stale_old.exists() && !stale_file.exists());
        assert!(users.join("keep.txt").exists() && other.exists() && running.exists());
    }

    #[test]
    fn atomic_writes_leave_no_temporary_file() {
        let t = tempfile::tempdir().unwrap();
        let p = t.path().join("a.epub");
        write_atomically(&p, b"one").unwrap();
        write_atomically(&p, b"two").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"two");
        assert_eq!(std::fs::read_dir(t.path()).unwrap().count(), 1);
    }
}
