//! The checkers a reader's tools use, over the site and e-books of every example book
//! and of the spec's own example:
//! the Nu Html Checker (`vnu-jar`), axe-core in Chromium (desktop and phone, light and
//! dark; `tests/browser/axe.mjs`) and Ace by DAISY on each EPUB. Each must report
//! nothing: no error, no warning, no violation. (epubcheck runs in `epub_build.rs`.)
//!
//! scripts/setup.sh installs them (Java, and `npm ci --prefix tests/browser`). Without
//! them the test says what is missing in one line and steps aside, except under `CI`.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

/// The example books and the spec's own example (`tests/books/valid/spec-example.gobook`),
/// built with their e-books into `out`; returns the site folders.
fn build_examples(out: &Path) -> Vec<PathBuf> {
    let root = common::root();
    let mut sites = Vec::new();
    let books = [
        ("ear-reddening", root.join("examples/ear-reddening")),
        ("annotated-game", root.join("examples/annotated-game")),
        ("problems", root.join("examples/problems")),
        ("multilingual", root.join("examples/multilingual")),
        ("languages", root.join("examples/languages")),
        (
            "spec-example",
            root.join("tests/books/valid/spec-example.gobook"),
        ),
    ];
    for (name, book) in books {
        let site = out.join(name);
        let r = Command::new(env!("CARGO_BIN_EXE_gobook"))
            .arg("build")
            .arg(book)
            .arg("-o")
            .arg(&site)
            .args(["--epub", "-q"])
            .output()
            .unwrap();
        assert!(
            r.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&r.stderr)
        );
        sites.push(site);
    }
    sites
}

/// What is missing for the checkers, if anything.
fn missing() -> Option<String> {
    if let Some(why) = common::browser_missing() {
        return Some(why);
    }
    let modules = common::root().join("tests/browser/node_modules");
    for m in ["vnu-jar", "axe-core", "@daisy/ace"] {
        if !modules.join(m).is_dir() {
            return Some(format!(
                "{m} is not installed (npm ci --prefix tests/browser)"
            ));
        }
    }
    let java = Command::new("java").arg("-version").output();
    if !java.is_ok_and(|o| o.status.success()) {
        return Some("java is not installed (the Nu Html Checker needs it)".into());
    }
    None
}

/// Steps aside when a checker is missing, except under CI.
fn ready() -> bool {
    match missing() {
        None => true,
        Some(why) => {
            assert!(
                std::env::var_os("CI").is_none(),
                "the checkers cannot run under CI: {why}; run scripts/setup.sh"
            );
            crate::common::steps_aside(&format!(
                "checkers: {why}; run scripts/setup.sh to install them"
            ));
            false
        }
    }
}

#[test]
fn every_page_is_clean_in_the_nu_html_checker_and_axe() {
    if !ready() {
        return;
    }
    let tmp = common::tempdir();
    let sites = build_examples(tmp.path());
    let vnu = common::root().join("tests/browser/node_modules/vnu-jar/build/dist/vnu.jar");
    let r = Command::new("java")
        .arg("-jar")
        .arg(&vnu)
        .args(["--skip-non-html", "--format", "gnu"])
        .args(&sites)
        .output()
        .unwrap();
    let report =
        String::from_utf8_lossy(&r.stderr).into_owned() + &String::from_utf8_lossy(&r.stdout);
    assert!(
        r.status.success() && report.trim().is_empty(),
        "the Nu Html Checker found errors or warnings:\n{report}"
    );
    let r = Command::new("node")
        .arg(common::root().join("tests/browser/axe.mjs"))
        .args(&sites)
        .env("CHROMIUM", common::chromium())
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&r.stdout);
    assert!(
        r.status.success(),
        "axe-core found violations:\n{out}{}",
        String::from_utf8_lossy(&r.stderr)
    );
    assert!(out.contains(", 0 violations"), "{out}");
}

#[test]
fn every_epub_is_clean_in_ace_and_declares_its_accessibility() {
    if !ready() {
        return;
    }
    let tmp = common::tempdir();
    let sites = build_examples(tmp.path());
    let ace = common::root().join("tests/browser/node_modules/.bin/ace-puppeteer");
    let mut epubs = 0;
    for site in &sites {
        for e in std::fs::read_dir(site).unwrap().flatten() {
            let epub = e.path();
            if epub.extension().is_none_or(|x| x != "epub") {
                continue;
            }
            epubs += 1;
            let report_dir = tmp.path().join(format!("ace-{epubs}"));
            let r = Command::new(&ace)
                .arg("-s")
                .arg("-o")
                .arg(&report_dir)
                .arg("-f")
                .arg(&epub)
                .env("PUPPETEER_EXECUTABLE_PATH", common::chromium())
                .output()
                .unwrap();
            assert!(
                r.status.success(),
                "ace failed on {}: {}",
                epub.display(),
                String::from_utf8_lossy(&r.stderr)
            );
            let report: serde_json::Value = serde_json::from_str(
                &std::fs::read_to_string(report_dir.join("report.json")).unwrap(),
            )
            .unwrap();
            let problems: Vec<String> = report["assertions"]
                .as_array()
                .into_iter()
                .flatten()
                .flat_map(|doc| doc["assertions"].as_array().cloned().unwrap_or_default())
                .map(|a| {
                    format!(
                        "{} ({}): {}",
                        a["earl:test"]["dct:title"],
                        a["earl:test"]["earl:impact"],
                        a["earl:result"]["dct:description"]
                    )
                })
                .collect();
            assert!(
                problems.is_empty() && report["earl:result"]["earl:outcome"] == "pass",
                "Ace found problems in {}:\n{}",
                epub.display(),
                problems.join("\n")
            );
            let meta = &report["a11y-metadata"]["present"];
            for key in [
                "schema:accessMode",
                "schema:accessModeSufficient",
                "schema:accessibilityFeature",
                "schema:accessibilityHazard",
                "schema:accessibilitySummary",
            ] {
                assert!(
                    meta.as_array().is_some_and(|m| m.iter().any(|x| x == key)),
                    "{} does not declare {key}: {meta}",
                    epub.display()
                );
            }
        }
    }
    assert_eq!(epubs, 13, "every language of every book has its e-book");
}
