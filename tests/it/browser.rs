//! The interactive diagrams in a real browser: builds the example site, then runs
//! `node tests/browser/run.mjs` (playwright-core driving Debian's chromium) over it.
//! The scenarios live in run.mjs; this test gives them the site and `gobook inspect`
//! of the same book, and fails when node fails.
//!
//! Without node, chromium or `npm ci --prefix tests/browser` (scripts/setup.sh does
//! all three) the test says what is missing and passes, except under `CI`, where a
//! missing tool is a failure so the browser tests cannot silently stop running.
//! Screenshots go to a temporary folder, or to `$GOBOOK_SCREENSHOTS` when set
//! (scripts/screenshots.sh sets it to docs/screenshots).
//!
//! The same build writes the EPUBs; the English one is unpacked and its chapters are
//! opened as files (`EPUB_DIR`), so Chromium reads them as XHTML, the way an e-book
//! reading system does.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

/// Unpacks the EPUB `epub` into the folder `to`.
fn unpack(epub: &Path, to: &Path) {
    let mut z = zip::ZipArchive::new(std::fs::File::open(epub).unwrap()).unwrap();
    z.extract(to).unwrap();
}

#[test]
fn interactive_diagrams_work_in_chromium() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    if let Some(why) = common::browser_missing() {
        assert!(
            std::env::var_os("CI").is_none(),
            "browser tests cannot run under CI: {why}; run scripts/setup.sh"
        );
        crate::common::steps_aside(&format!(
            "browser tests: {why}; run scripts/setup.sh to install what they need"
        ));
        return;
    }
    let tmp = common::tempdir();
    let book = root.join("examples/ear-reddening/ear-reddening.gobook");
    let site = tmp.path().join("site");
    let gobook = env!("CARGO_BIN_EXE_gobook");
    let built = Command::new(gobook)
        .arg("build")
        .arg(&book)
        .arg("-o")
        .arg(&site)
        .arg("--epub")
        .output()
        .unwrap();
    assert!(
        built.status.success(),
        "build failed: {}",
        String::from_utf8_lossy(&built.stderr)
    );
    let epub = tmp.path().join("epub-en");
    unpack(&site.join("ear-reddening-en.epub"), &epub);
    let inspect = Command::new(gobook)
        .arg("inspect")
        .arg(&book)
        .args(["--lang", "en"])
        .output()
        .unwrap();
    assert!(
        inspect.status.success(),
        "inspect failed: {}",
        String::from_utf8_lossy(&inspect.stderr)
    );
    let inspect_json = tmp.path().join("inspect.json");
    std::fs::write(&inspect_json, &inspect.stdout).unwrap();
    let shots = std::env::var_os("GOBOOK_SCREENSHOTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| tmp.path().join("shots"));

    let run = Command::new("node")
        .arg(root.join("tests/browser/run.mjs"))
        .arg(&site)
        .arg(&inspect_json)
        .arg(&shots)
        .env("CHROMIUM", common::chromium())
        .env("EPUB_DIR", &epub)
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&run.stdout);
    eprintln!("{out}{}", String::from_utf8_lossy(&run.stderr));
    assert!(run.status.success(), "browser scenarios failed:\n{out}");
    assert!(out.contains("all browser scenarios passed"));
}

/// What the script relies on is in the built site, checked without a browser so it
/// holds even where the browser tests skip.
#[test]
fn the_site_carries_the_script_its_data_and_its_words() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = common::tempdir();
    let site = tmp.path().join("site");
    let book = root.join("examples/ear-reddening/ear-reddening.gobook");
    let built = Command::new(env!("CARGO_BIN_EXE_gobook"))
        .arg("build")
        .arg(&book)
        .arg("-o")
        .arg(&site)
        .output()
        .unwrap();
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let js = std::fs::read_to_string(site.join("gobook.js")).unwrap();
    // Copied byte for byte: no "compactor" rewrites the theme's script (template literals too).
    let theme =
        std::fs::read_to_string(crate::common::root().join("themes/default/gobook.js")).unwrap();
    assert!(js == theme, "the site's gobook.js differs from the theme's");
    assert!(js.len() < 24 * 1024, "gobook.js is {} bytes", js.len());
    let read = |p: &str| std::fs::read_to_string(site.join(p)).unwrap();
    let problems = read("de/problems.html");
    assert!(problems.contains(r#"<script src="../gobook.js" defer></script>"#));
    assert!(problems.contains(r#"data-gb-lang="de""#));
    assert!(
        problems.contains("data-gb=\"{&quot;b&quot;"),
        "problem data embedded"
    );
    assert!(
        problems.contains("&quot;c&quot;:[[[&quot;ba&quot;"),
        "the correct sequence B1 as `ba`"
    );
    // The words come in the page's language, once per page.
    assert_eq!(
        problems
            .matches(r#"<script id="gb-ui" type="application/json">"#)
            .count(),
        1
    );
    assert!(problems.contains("Nicht im Buch"));
    assert!(problems.contains(r#"<details class="gb-solution"><summary>Lösung anzeigen</summary>"#));
    let index = read("index.html");
    assert!(
        index.contains(r#"<script src="gobook.js" defer></script>"#)
            && index.contains("data-gb-root")
    );
    assert!(index.contains(r#"data-lang="de""#));
}
