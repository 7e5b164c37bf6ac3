//! Golden SVGs of Sensei's Library diagrams of the corpus (issue #52): `gobook svg FILE`
//! must draw each byte for byte as `tests/golden/sl/NNN.svg`. They were rendered to PNG
//! and looked at; `UPDATE_GOLDEN=1` rewrites them after a deliberate change (look again).

use crate::common;
use std::path::PathBuf;

/// The corpus diagrams kept: a corner with coordinates, letters and numbers (001); a ko
/// told in the title, no edges (005); numbers from `m67` (006); every mark on stones and
/// points (021); lines and arrows (022); ragged rows, a `,` and a marked stone (030); links
/// on a number, a letter and two marks (010); two boards side by side, in a row (012).
const KEPT: [&str; 8] = ["001", "005", "006", "010", "012", "021", "022", "030"];

#[test]
fn corpus_diagrams_match_golden_files() {
    let Some(corpora) = common::corpora() else {
        return;
    };
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/sl");
    let update = common::update_golden();
    let mut mismatched = Vec::new();
    for name in KEPT {
        let file = corpora.join(format!("sensei/diagrams/{name}.txt"));
        let out = common::gobook(&["svg", "-q", file.to_str().unwrap()]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let svg = String::from_utf8(out.stdout).unwrap();
        let path = dir.join(format!("{name}.svg"));
        if update {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &svg).unwrap();
            continue;
        }
        match std::fs::read_to_string(&path) {
            Ok(golden) => mismatched.extend(common::golden_diff(&golden, &svg, &path)),
            Err(e) => mismatched.push(format!("{name}: cannot read {}: {e}", path.display())),
        }
    }
    assert!(
        mismatched.is_empty(),
        "golden SVGs out of date (UPDATE_GOLDEN=1 rewrites them):\n{}",
        mismatched.join("\n")
    );
}

/// The books `gobook import` writes of two corpus pages, byte for byte as
/// `tests/golden/sl/import-NNN.gobook` (read, and built and looked at): the links of 010 as
/// a paragraph after its diagram, the two boards of 012 as a row of half-width diagrams.
#[test]
fn imported_pages_match_golden_books() {
    let Some(corpora) = common::corpora() else {
        return;
    };
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/sl");
    let tmp = common::tempdir();
    let mut mismatched = Vec::new();
    for name in ["010", "012"] {
        let page = corpora.join(format!("sensei/diagrams/{name}.txt"));
        let book = tmp.path().join(format!("{name}.gobook"));
        let out = common::gobook(&[
            "import",
            page.to_str().unwrap(),
            "-o",
            book.to_str().unwrap(),
            "-q",
        ]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = std::fs::read_to_string(&book).unwrap();
        let path = dir.join(format!("import-{name}.gobook"));
        if common::update_golden() {
            std::fs::write(&path, &text).unwrap();
            continue;
        }
        match std::fs::read_to_string(&path) {
            Ok(golden) => mismatched.extend(common::golden_diff(&golden, &text, &path)),
            Err(e) => mismatched.push(format!("{name}: cannot read {}: {e}", path.display())),
        }
    }
    assert!(
        mismatched.is_empty(),
        "golden books out of date (UPDATE_GOLDEN=1 rewrites them):\n{}",
        mismatched.join("\n")
    );
}
