//! The diagnostic codes (`gobook check --format json` prints them) are one enum, and
//! `docs/diagnostics.md` lists every variant with its meaning: the page is generated from the
//! enum's table and compared here, and every code listed is one gobook can emit.

use crate::common;
use gobook::diagnostics::{reference, Code};

#[test]
fn the_diagnostics_page_lists_every_code_with_its_meaning() {
    let path = common::root().join("docs/diagnostics.md");
    let actual = reference();
    if common::update_golden() {
        std::fs::write(&path, &actual).unwrap();
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    common::assert_same(&expected, &actual, &path);
    for code in Code::ALL {
        let row = format!("| `{code}` | {} |", code.meaning());
        assert!(expected.contains(&row), "docs/diagnostics.md lacks {row}");
    }
}

/// Every file under `dir` ending in `.rs`, recursively.
fn rust_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_code_is_emitted_somewhere_in_the_source() {
    let mut files = Vec::new();
    rust_files(&common::root().join("src"), &mut files);
    rust_files(&common::root().join("crates"), &mut files);
    let source: String = files
        .iter()
        .filter(|p| !p.ends_with("diagnostics/code.rs"))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    let unused: Vec<&str> = Code::ALL
        .iter()
        .filter(|c| !source.contains(&format!("Code::{c:?}")))
        .map(|c| c.as_str())
        .collect();
    assert!(unused.is_empty(), "codes nothing emits: {unused:?}");
}

#[test]
fn json_prints_a_code_by_its_stable_name() {
    let json = serde_json::to_string(&Code::UnknownAttribute).unwrap();
    assert_eq!(json, "\"unknown-attribute\"");
}
