//! The SGF files of the shared corpora, for the SGF benches and `examples/sgf_speed`.

use std::path::{Path, PathBuf};

/// Every `.sgf` under `root`, leaving out `reference/` (other tools' rewrites of the same games).
pub fn sgf_files(root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(d) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() && !p.ends_with("reference") {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")) {
                out.push(p);
            }
        }
    }
    out
}
