//! Writing a user's file without ever losing it: through a fresh temporary file beside it and a
//! rename, so an interrupted run leaves the old file or the new one, never half of either; with
//! `--force`, a file gobook did not write goes to the trash rather than being overwritten.

use gobook::project::aside::{put_aside, Aside};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Replaces (or creates) the file at `path` with `bytes`. A symbolic link at `path` stays a link
/// and its target is written. The temporary file has a random name and is created exclusively
/// (`tempfile`), so a link planted under a guessable name cannot redirect the write; it gets the
/// old file's permissions.
pub fn replace(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let target = link_target(path);
    let tmp = temp_beside(&target, bytes)?;
    tmp.persist(&target).map_err(|e| e.error)?;
    Ok(())
}

/// Replaces the file at `path` with `bytes` like [`replace`], for `--force`: a file that is
/// there is not overwritten but first moved to the trash (see [`put_aside`]), and where it went
/// is returned. The new file is ready before the old one goes, so the place is empty only for
/// the moment between two renames.
pub fn replace_forced(path: &Path, bytes: &[u8]) -> std::io::Result<Option<Aside>> {
    let target = link_target(path);
    let old_is_file = std::fs::metadata(&target).is_ok_and(|m| m.is_file());
    if !old_is_file {
        // Nothing to keep; a folder there makes the write fail with its own error.
        return replace(path, bytes).map(|()| None);
    }
    let tmp = temp_beside(&target, bytes)?;
    let aside = put_aside(&target).map_err(|e| std::io::Error::other(e.to_string()))?;
    if let Err(e) = tmp.persist_noclobber(&target) {
        return Err(std::io::Error::other(format!("{}; {aside}", e.error)));
    }
    Ok(Some(aside))
}

/// A temporary file holding `bytes` beside `target`, with the permissions of the file there
/// (readable by all when there is none).
fn temp_beside(target: &Path, bytes: &[u8]) -> std::io::Result<tempfile::NamedTempFile> {
    let dir = gobook::project::output::folder_of(target);
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut tmp = tempfile::Builder::new()
        .prefix(&format!(".{name}.gobook-"))
        .tempfile_in(&dir)?;
    tmp.write_all(bytes)?;
    tmp.flush()?;
    match std::fs::metadata(target) {
        Ok(meta) => tmp.as_file().set_permissions(meta.permissions())?,
        Err(_) => readable_by_all(tmp.as_file()),
    }
    Ok(tmp)
}

/// Writes a new file at `path`; fails with `AlreadyExists` when something is there already,
/// checked and created in one step so nothing that appears meanwhile is overwritten.
pub fn create_new(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = gobook::project::output::folder_of(path);
    let mut tmp = tempfile::Builder::new()
        .prefix(".gobook-new-")
        .tempfile_in(&dir)?;
    tmp.write_all(bytes)?;
    tmp.flush()?;
    readable_by_all(tmp.as_file());
    tmp.persist_noclobber(path).map_err(|e| e.error)?;
    Ok(())
}

/// Whether two paths name one file (after links and `..`); false when either does not exist.
pub fn same_file(a: &Path, b: &Path) -> bool {
    matches!((a.canonicalize(), b.canonicalize()), (Ok(x), Ok(y)) if x == y)
}

/// Where a chain of symbolic links at `path` ends (the path itself when it is no link).
fn link_target(path: &Path) -> PathBuf {
    let mut p = path.to_path_buf();
    // A cycle of links is not followed forever; writing then fails on the link itself.
    for _ in 0..40 {
        match std::fs::read_link(&p) {
            Ok(to) => {
                p = if to.is_absolute() {
                    to
                } else {
                    p.parent().unwrap_or(Path::new(".")).join(to)
                }
            }
            Err(_) => break,
        }
    }
    p
}

/// Temporary files are private to their owner; a book or e-book is an ordinary file.
fn readable_by_all(f: &std::fs::File) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = f.set_permissions(std::fs::Permissions::from_mode(0o644));
    }
    #[cfg(not(unix))]
    let _ = f;
}
