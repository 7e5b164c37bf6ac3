//! Moving a file or folder gobook did not write out of the way before `--force` replaces it:
//! into the system trash, where its owner can restore it, else renamed beside itself
//! (`NAME.before-gobook-<UTC time>`). `--force` means "replace it", never "destroy it".

use crate::project::error::ProjectError;
use std::path::{Path, PathBuf};

/// Where a file or folder that gobook replaced went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Aside {
    /// Into the system trash; `at` is its place there when the trash could tell.
    Trash {
        /// Where it was.
        from: PathBuf,
        /// Where it is in the trash.
        at: Option<PathBuf>,
    },
    /// Renamed beside itself, because no trash took it.
    Renamed {
        /// Where it was.
        from: PathBuf,
        /// Its new name.
        to: PathBuf,
    },
}

impl std::fmt::Display for Aside {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Aside::Trash { from, at: Some(at) } => write!(
                f,
                "moved {} to the trash: {}; restore it from there if you need it",
                from.display(),
                at.display()
            ),
            Aside::Trash { from, at: None } => write!(
                f,
                "moved {} to the trash; restore it from there if you need it",
                from.display()
            ),
            Aside::Renamed { from, to } => write!(
                f,
                "moved {} aside to {}, as no trash took it; delete it when you no longer need it",
                from.display(),
                to.display()
            ),
        }
    }
}

/// Moves the file or folder at `path` into the system trash, or where that fails renames it
/// beside itself. A symbolic link at `path` is what is moved, not its target. Fails, leaving
/// `path` in place, only when neither works.
pub fn put_aside(path: &Path) -> Result<Aside, ProjectError> {
    // The trash records the absolute place, so a restore puts it back where it was.
    let from = match (path.parent(), path.file_name()) {
        (Some(parent), Some(name)) => super::output::canonical(parent).join(name),
        _ => super::output::canonical(path),
    };
    let trash_error = match trash::delete(&from) {
        Ok(()) => {
            let at = place_in_trash(&from);
            return Ok(Aside::Trash { from, at });
        }
        Err(e) => e,
    };
    let to = beside(&from, &utc_stamp(chrono::Utc::now()));
    std::fs::rename(&from, &to).map_err(|e| {
        ProjectError::Output(format!(
            "cannot move {} out of the way: the trash refused it ({trash_error}) and renaming it to {} failed ({e}); \
move or delete it yourself, or choose another place with -o",
            from.display(),
            to.display()
        ))
    })?;
    Ok(Aside::Renamed { from, to })
}

/// Where the trash keeps what was at `from` (the newest such item), if the trash can list it.
#[cfg(all(
    unix,
    not(target_os = "macos"),
    not(target_os = "ios"),
    not(target_os = "android")
))]
fn place_in_trash(from: &Path) -> Option<PathBuf> {
    let items = trash::os_limited::list().ok()?;
    // A freedesktop trash item's id is its `info/NAME.trashinfo`; the item is `files/NAME`.
    items
        .into_iter()
        .filter(|i| i.original_path() == from)
        .filter_map(|i| {
            let info = PathBuf::from(&i.id);
            let when = std::fs::metadata(&info).and_then(|m| m.modified()).ok()?;
            let trash = info.parent()?.parent()?;
            Some((when, trash.join("files").join(info.file_stem()?)))
        })
        .max_by_key(|(when, _)| *when)
        .map(|(_, at)| at)
}

/// Elsewhere the trash is not listed; the message names no place in it.
#[cfg(not(all(
    unix,
    not(target_os = "macos"),
    not(target_os = "ios"),
    not(target_os = "android")
)))]
fn place_in_trash(_from: &Path) -> Option<PathBuf> {
    None
}

/// A free name beside `path`: `NAME.before-gobook-STAMP`, with `-2`, `-3`, ... when taken
/// (a rename onto an existing empty folder would silently replace it).
fn beside(path: &Path, stamp: &str) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "output".into());
    let base = format!("{name}.before-gobook-{stamp}");
    let mut candidate = path.with_file_name(&base);
    let mut n = 2;
    while std::fs::symlink_metadata(&candidate).is_ok() {
        candidate = path.with_file_name(format!("{base}-{n}"));
        n += 1;
    }
    candidate
}

/// A UTC time for file names, sortable and free of `:`: `20261125T183000Z`.
fn utc_stamp(at: chrono::DateTime<chrono::Utc>) -> String {
    at.format("%Y%m%dT%H%M%SZ").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stamps_are_utc_calendar_times() {
        let at = |secs| chrono::DateTime::from_timestamp(secs, 0).unwrap();
        assert_eq!(utc_stamp(at(0)), "19700101T000000Z");
        assert_eq!(utc_stamp(at(951_782_400)), "20000229T000000Z");
        assert_eq!(utc_stamp(at(1_795_631_400)), "20261125T183000Z");
    }

    #[test]
    fn a_taken_name_is_never_reused() {
        let t = tempfile::tempdir().unwrap();
        let site = t.path().join("site");
        let first = beside(&site, "S");
        assert_eq!(first, t.path().join("site.before-gobook-S"));
        std::fs::create_dir(&first).unwrap();
        assert_eq!(beside(&site, "S"), t.path().join("site.before-gobook-S-2"));
    }
}
