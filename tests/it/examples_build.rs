//! Every example book under examples/ checks clean and builds as a site and an EPUB.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The folders under examples/ that hold a .gobook file.
fn example_books() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut books: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("examples/ is readable")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|dir| {
            dir.is_dir()
                && std::fs::read_dir(dir).is_ok_and(|mut files| {
                    files.any(|f| {
                        f.is_ok_and(|f| f.path().extension().is_some_and(|e| e == "gobook"))
                    })
                })
        })
        .collect();
    books.sort();
    books
}

#[test]
fn the_teaching_examples_exist() {
    let names: Vec<String> = example_books()
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    for wanted in [
        "annotated-game",
        "ear-reddening",
        "multilingual",
        "problems",
    ] {
        assert!(
            names.iter().any(|n| n == wanted),
            "missing example {wanted}: {names:?}"
        );
    }
}

#[test]
fn every_example_checks_without_errors_or_warnings() {
    for book in example_books() {
        let out = Command::new(env!("CARGO_BIN_EXE_gobook"))
            .arg("check")
            .arg(&book)
            .env("NO_COLOR", "1")
            .output()
            .expect("gobook runs");
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            out.status.success(),
            "{}: check failed:\n{text}",
            book.display()
        );
        assert!(
            !text.contains("error") && !text.contains("warning"),
            "{}: check reported problems:\n{text}",
            book.display()
        );
    }
}

#[test]
fn every_example_builds_a_site_and_an_epub() {
    for book in example_books() {
        let tmp = tempfile::tempdir().expect("a temporary folder");
        let site = tmp.path().join("site");
        let out = Command::new(env!("CARGO_BIN_EXE_gobook"))
            .arg("build")
            .arg(&book)
            .arg("-o")
            .arg(&site)
            .arg("--epub")
            .env("NO_COLOR", "1")
            .output()
            .expect("gobook runs");
        assert!(
            out.status.success(),
            "{}: build failed:\n{}",
            book.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            site.join("index.html").is_file(),
            "{}: no index.html",
            book.display()
        );
        let epubs = std::fs::read_dir(&site)
            .unwrap()
            .filter(|f| {
                f.as_ref()
                    .unwrap()
                    .path()
                    .extension()
                    .is_some_and(|e| e == "epub")
            })
            .count();
        assert!(epubs >= 1, "{}: no EPUB written", book.display());
    }
}
