//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The project root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The files in `dir` (relative to the root) with extension `ext`, sorted.
pub fn files(dir: &str, ext: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
        .unwrap_or_else(|e| panic!("cannot read {dir}: {e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    v.sort();
    v
}

/// Reads a book file as text (without BOM).
pub fn read_book(p: &Path) -> String {
    let bytes = std::fs::read(p).unwrap();
    let (text, _) = gobook::format::parser::decode(&bytes).unwrap();
    text.to_string()
}

pub mod samples;
