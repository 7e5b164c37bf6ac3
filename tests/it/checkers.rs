//! The checkers a reader's tools use, over the site and e-books of every example book
//! and of the spec's own example:
//! the Nu Html Checker (`vnu-jar`), axe-core in Chromium (desktop and phone, light and
//! dark; `tests/browser/axe.mjs`) and Ace by DAISY on each EPUB. Each must report
//! nothing: no error, no warning, no violation. (epubcheck runs in `epub_build.rs`.)
//! The books are built once and each checker runs once over all of them, side by side.
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
pub(crate) fn ready() -> bool {
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

/// One build of every book, then each checker once over all of it, side by side: the Nu
/// Html Checker (one JVM over every site) and axe (one browser over every site) on one
/// thread, Ace (one browser over every EPUB, `tests/browser/ace-all.mjs`) on another.
/// Every failure names its book and file.
#[test]
fn every_page_and_epub_is_clean_in_the_checkers() {
    if !ready() {
        return;
    }
    let tmp = common::tempdir();
    let sites = build_examples(tmp.path());
    let epubs: Vec<PathBuf> = sites
        .iter()
        .flat_map(|site| std::fs::read_dir(site).unwrap().flatten())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "epub"))
        .collect();
    assert_eq!(
        epubs.len(),
        13,
        "every language of every book has its e-book"
    );
    let problems: Vec<String> = std::thread::scope(|s| {
        let pages = s.spawn(|| pages_problems(&sites));
        let aces = ace_problems(&epubs, &tmp.path().join("ace"));
        let mut all = pages.join().unwrap();
        all.extend(aces);
        all
    });
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

/// What the Nu Html Checker and axe-core find in the sites' pages, each as a message.
pub(crate) fn pages_problems(sites: &[PathBuf]) -> Vec<String> {
    let mut problems = Vec::new();
    let vnu = common::root().join("tests/browser/node_modules/vnu-jar/build/dist/vnu.jar");
    let r = common::java()
        .arg("-jar")
        .arg(&vnu)
        .args(["--skip-non-html", "--format", "gnu"])
        .args(sites)
        .output()
        .unwrap();
    let report =
        String::from_utf8_lossy(&r.stderr).into_owned() + &String::from_utf8_lossy(&r.stdout);
    if !(r.status.success() && report.trim().is_empty()) {
        problems.push(format!(
            "the Nu Html Checker found errors or warnings:\n{report}"
        ));
    }
    let r = Command::new("node")
        .arg(common::root().join("tests/browser/axe.mjs"))
        .args(sites)
        .env("CHROMIUM", common::chromium())
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&r.stdout);
    if !r.status.success() {
        problems.push(format!(
            "axe-core found violations:\n{out}{}",
            String::from_utf8_lossy(&r.stderr)
        ));
    } else if !out.contains(", 0 violations") {
        problems.push(format!("axe-core did not report 0 violations:\n{out}"));
    }
    problems
}

/// What Ace by DAISY finds in the EPUBs (their reports written under `report_dir`), and
/// the accessibility metadata each does not declare, each as a message naming the file.
fn ace_problems(epubs: &[PathBuf], report_dir: &Path) -> Vec<String> {
    // Ace gives Chromium 5 s to start by default; on two busy cores (CI runs this beside
    // the other tests) that is too little, so it gets two minutes. Its logs go to the
    // test's folder, not the home folder.
    let r = Command::new("node")
        .arg(common::root().join("tests/browser/ace-all.mjs"))
        .arg(report_dir)
        .args(epubs)
        .env("PUPPETEER_EXECUTABLE_PATH", common::chromium())
        .env("ACE_TIMEOUT_INITIAL", "120000")
        .env("XDG_STATE_HOME", report_dir.join("state"))
        .env("XDG_CONFIG_HOME", report_dir.join("config"))
        .current_dir(report_dir.parent().unwrap())
        .output()
        .unwrap();
    if !r.status.success() {
        return vec![format!(
            "ace failed:\n{}{}",
            String::from_utf8_lossy(&r.stdout),
            String::from_utf8_lossy(&r.stderr)
        )];
    }
    epubs
        .iter()
        .enumerate()
        .flat_map(|(i, epub)| ace_report_problems(epub, &report_dir.join(i.to_string())))
        .collect()
}

/// What one EPUB's Ace report (in `report_dir`) finds, and the accessibility metadata the
/// EPUB does not declare.
fn ace_report_problems(epub: &Path, report_dir: &Path) -> Vec<String> {
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(report_dir.join("report.json")).unwrap())
            .unwrap();
    let found: Vec<String> = report["assertions"]
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
    let mut problems = Vec::new();
    if !(found.is_empty() && report["earl:result"]["earl:outcome"] == "pass") {
        problems.push(format!(
            "Ace found problems in {}:\n{}",
            epub.display(),
            found.join("\n")
        ));
    }
    let meta = &report["a11y-metadata"]["present"];
    for key in [
        "schema:accessMode",
        "schema:accessModeSufficient",
        "schema:accessibilityFeature",
        "schema:accessibilityHazard",
        "schema:accessibilitySummary",
    ] {
        if !meta.as_array().is_some_and(|m| m.iter().any(|x| x == key)) {
            problems.push(format!("{} does not declare {key}: {meta}", epub.display()));
        }
    }
    problems
}
