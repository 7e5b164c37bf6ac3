//! Finding things on a built site (issue #36): full-text search per language (CJK too),
//! position search over the eight symmetries and swapped colours, the sidebar and the
//! keyboard shortcuts. The example sites are built into one folder and
//! `tests/browser/search.mjs` drives Chromium over them, served under a sub-path and
//! opened as files. Without node or chromium the browser test steps aside (not under CI).

use crate::common;

use std::path::Path;
use std::process::Command;

/// Builds `book` (relative to the repository) into `out`.
fn build(book: &str, out: &Path) {
    let built = common::gobook(&[
        "build",
        common::root().join(book).to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
}

#[test]
fn search_positions_sidebar_and_shortcuts_work_in_chromium() {
    if let Some(why) = common::browser_missing() {
        assert!(
            std::env::var_os("CI").is_none(),
            "browser tests cannot run under CI: {why}; run scripts/setup.sh"
        );
        eprintln!("SKIPPED search browser tests: {why}; run scripts/setup.sh");
        return;
    }
    let tmp = common::tempdir();
    build(
        "examples/ear-reddening/ear-reddening.gobook",
        &tmp.path().join("ear"),
    );
    build(
        "examples/languages/languages.gobook",
        &tmp.path().join("lang"),
    );
    let shots = std::env::var_os("GOBOOK_SCREENSHOTS")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| tmp.path().to_path_buf());
    let run = Command::new("node")
        .arg(common::root().join("tests/browser/search.mjs"))
        .arg(tmp.path())
        .args(["ear", "lang"])
        .arg(&shots)
        .env("CHROMIUM", common::chromium())
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&run.stdout);
    eprintln!("{out}{}", String::from_utf8_lossy(&run.stderr));
    assert!(run.status.success(), "search scenarios failed:\n{out}");
    assert!(!out.contains("FAIL"));
}

/// The search's files are in the site, each language's own, without a browser.
#[test]
fn a_site_carries_a_search_index_per_language_and_one_of_positions() {
    let tmp = common::tempdir();
    let site = tmp.path().join("site");
    build("examples/languages/languages.gobook", &site);
    let read = |p: &str| std::fs::read_to_string(site.join(p)).unwrap();
    let ja = read("search-index-ja.js");
    assert!(ja.starts_with("(self.gbSearch=self.gbSearch||{})[\"ja\"]="));
    assert!(ja.contains("黒1と三つの空点") && !ja.contains("Black 1 takes"));
    assert!(read("search-index-en.js").contains("Black 1 takes"));
    assert!(read("search-positions.js").contains("[\"positions\"]="));
    let page = read("ja/index.html");
    assert!(page.contains(r#"<script src="../gobook-search.js" defer></script>"#));
    assert!(page.contains(r#"<label class="gb-vh" for="gb-q">本を検索</label>"#));
    assert!(page.contains(r#"<a href="index.html" aria-current="page">"#));
}
