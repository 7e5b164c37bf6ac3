//! Watching the book's folder. Editors save in several ways (write in place,
//! write a temporary file and rename it over, swap files), so the folder is
//! watched, not the file, and the noise editors make is ignored.

use notify_debouncer_mini::{new_debouncer, notify::RecursiveMode, DebounceEventResult, Debouncer};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How long a burst of file events is gathered before one rebuild: short enough to feel
/// instant, long enough to see an editor's write-and-rename as one save.
pub const DEBOUNCE: Duration = Duration::from_millis(25);

/// Files editors write beside the ones being edited, which never change a book.
pub fn is_editor_noise(p: &Path) -> bool {
    let name = p.file_name().map(|n| n.to_string_lossy()).unwrap_or_default();
    name.ends_with('~')
        || name.ends_with(".swp")
        || name.ends_with(".swx")
        || name.ends_with(".swo")
        || name.ends_with(".tmp")
        || name.starts_with(".#")
        || name.starts_with('#')
        || name == "4913"
        || name.contains(".gobook-")
}

/// Watches `dirs` recursively and calls `changed` after each burst of relevant events.
/// Paths under `ignore` (such as a build output folder) never count.
pub fn watch(dirs: &[PathBuf], ignore: Vec<PathBuf>, changed: impl Fn() + Send + 'static) -> Result<Debouncer<notify_debouncer_mini::notify::RecommendedWatcher>, String> {
    let mut debouncer = new_debouncer(DEBOUNCE, move |res: DebounceEventResult| {
        if let Ok(events) = res {
            let relevant = events.iter().any(|e| !is_editor_noise(&e.path) && !ignore.iter().any(|i| e.path.starts_with(i)));
            if relevant {
                changed();
            }
        }
    })
    .map_err(|e| format!("cannot watch files: {e}"))?;
    for d in dirs {
        debouncer.watcher().watch(d, RecursiveMode::Recursive).map_err(|e| format!("cannot watch {}: {e}", d.display()))?;
    }
    Ok(debouncer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn editor_noise() {
        for n in ["book.gobook~", ".book.gobook.swp", "4913", ".#book.gobook", "#book.gobook#", "x.tmp"] {
            assert!(is_editor_noise(Path::new(n)), "{n}");
        }
        for n in ["book.gobook", "style.css", "gobook.toml", "img/a.png"] {
            assert!(!is_editor_noise(Path::new(n)), "{n}");
        }
    }
}
