//! Finding things on a built site (issue #36): full-text search per language (CJK too),
//! position search over the eight symmetries and swapped colours, the sidebar and the
//! keyboard shortcuts. The example sites are built into one folder and
//! `tests/browser/search.mjs` drives Chromium over them, served under a sub-path and
//! opened as files. Without node or chromium the browser test steps aside (not under CI).

use crate::common;

use std::path::Path;
use std::process::Command;

// The benchmark book's generator, for a small book of real games (see below).
#[path = "../../benches/genbook/mod.rs"]
mod genbook;

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
        common::steps_aside(&format!(
            "the search browser tests: {why}; run scripts/setup.sh"
        ));
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
    // The sidebar's list is the shared script's; the page gives its place in it.
    assert!(page.contains(r#"<script src="../gobook-nav-ja.js?v="#));
    assert!(page.contains(r#"id="gb-side" aria-label="#) && page.contains(r#"data-page="0""#));
    assert!(read("gobook-nav-ja.js").contains(r#"<li><a href=\"index.html\">"#));
}

/// Position search finds what a brute-force reference finds: `tests/browser/positions-reference.mjs`
/// runs the browser's matcher (`themes/default/search.js`) in node over the position index of
/// each example book and of a small book made like the benchmark book (three games, as
/// figures of fifty moves and diagrams), for the benchmark's patterns and patterns cut from
/// the books' own positions, and compares every result and the board it shows with a replay
/// of every figure that tests every symmetry at every place of every position.
#[test]
fn position_search_finds_what_a_brute_force_reference_finds() {
    if !common::tool("node", "--version") {
        return;
    }
    let tmp = common::tempdir();
    let mut sites = Vec::new();
    for name in [
        "annotated-game",
        "ear-reddening",
        "languages",
        "multilingual",
        "problems",
    ] {
        let site = tmp.path().join(name);
        build(&format!("examples/{name}/{name}.gobook"), &site);
        sites.push(site);
    }
    if let Some(corpora) = common::corpora() {
        let games = genbook::games(&corpora, 3, 250);
        let shape = genbook::Shape {
            chapters: 3,
            ..genbook::STANDARD
        };
        let book = tmp.path().join("bench.gobook");
        std::fs::write(&book, genbook::book(&games, &shape)).unwrap();
        let site = tmp.path().join("bench");
        build(book.to_str().unwrap(), &site);
        sites.push(site);
    }
    let run = Command::new("node")
        .arg(common::root().join("tests/browser/positions-reference.mjs"))
        .args(&sites)
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&run.stdout);
    eprintln!("{out}{}", String::from_utf8_lossy(&run.stderr));
    assert!(
        run.status.success(),
        "position search differs from the reference:\n{out}"
    );
    // One line per site and language: eleven for the examples, two for the games' book.
    assert!(
        out.lines().filter(|l| l.starts_with("ok ")).count() >= 11,
        "{out}"
    );
    assert!(!out.contains("FAIL"), "{out}");
}

/// The position search's results on a book of games (issue #50): the three famous games
/// of the corpora imported as one book, each a chapter of game figures and variation
/// diagrams. `tests/browser/position-results.mjs` sets a 4-stone pattern of the Great Slant
/// (C4, J3 black; E3, D6 white) and checks at 390 and 1280 px that the results are distinct
/// places named by caption and move, each with a thumbnail, game figures first, and that
/// the pattern board's points and the result links are 24x24 px or more.
#[test]
fn position_results_are_distinct_places_named_and_big_enough_to_touch() {
    if let Some(why) = common::browser_missing() {
        assert!(
            std::env::var_os("CI").is_none(),
            "browser tests cannot run under CI: {why}; run scripts/setup.sh"
        );
        common::steps_aside(&format!(
            "the position results browser test: {why}; run scripts/setup.sh"
        ));
        return;
    }
    let Some(corpora) = common::corpora() else {
        return;
    };
    let tmp = common::tempdir();
    let games = tmp.path().join("games");
    std::fs::create_dir(&games).unwrap();
    let famous = corpora.join("littlego/sgf/Famous games");
    for e in std::fs::read_dir(&famous).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "sgf") {
            std::fs::copy(&p, games.join(p.file_name().unwrap())).unwrap();
        }
    }
    let book = tmp.path().join("games.gobook");
    let site = tmp.path().join("site");
    for args in [
        vec![
            "import",
            "-q",
            games.to_str().unwrap(),
            "-o",
            book.to_str().unwrap(),
        ],
        vec![
            "build",
            book.to_str().unwrap(),
            "-o",
            site.to_str().unwrap(),
        ],
    ] {
        let r = common::gobook(&args);
        assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    }
    let shots = common::screenshots(tmp.path());
    let (passed, out) = common::browser_script(
        "position-results.mjs",
        &[
            site.as_os_str(),
            "B:C4 W:E3 W:D6 B:J3".as_ref(),
            shots.as_os_str(),
        ],
    );
    assert!(passed, "position results failed:\n{out}");
    assert!(out.contains("position results: all passed"), "{out}");
}

/// A large book's search comes in parts (issue #50): a book of 120 chapters of real games,
/// whose text and position indexes are each cut into three parts or more.
/// `tests/browser/search-parts.mjs` joins each index into one file in a copy of the site and,
/// on pages opened from the file system, checks that the site in parts shows results while
/// its parts load, ends with the count and the results of the one-file site, in order, for
/// text queries and position patterns, and that the results come from several parts.
#[test]
fn a_large_books_search_comes_in_parts_and_ends_as_one_file_would() {
    if let Some(why) = common::browser_missing() {
        assert!(
            std::env::var_os("CI").is_none(),
            "browser tests cannot run under CI: {why}; run scripts/setup.sh"
        );
        common::steps_aside(&format!(
            "the search parts browser test: {why}; run scripts/setup.sh"
        ));
        return;
    }
    let Some(corpora) = common::corpora() else {
        return;
    };
    let tmp = common::tempdir();
    let games = genbook::games(&corpora, 100, 250);
    let shape = genbook::Shape {
        chapters: 120,
        ..genbook::STANDARD
    };
    let book = tmp.path().join("parts.gobook");
    std::fs::write(&book, genbook::book(&games, &shape)).unwrap();
    let site = tmp.path().join("site");
    build(book.to_str().unwrap(), &site);
    let (passed, out) =
        common::browser_script("search-parts.mjs", &[site.as_os_str(), "en".as_ref()]);
    assert!(passed, "search in parts failed:\n{out}");
    assert!(out.contains("search parts: all passed"), "{out}");
}

/// The search folds text (case, accents, width) in Rust at build time as the browser does
/// (issue #50): the summary of a large index's parts is of text gobook folded, the query is
/// folded by the page. `tests/browser/search-fold.mjs` folds, with the page's own code, every
/// line of the corpora's text files (SGF comments and names in many scripts) and samples of
/// accented, CJK and other scripts' text, and compares with `gobook::search::fold::fold`.
#[test]
fn the_search_folds_text_in_rust_as_the_browser_does() {
    if let Some(why) = common::browser_missing() {
        assert!(
            std::env::var_os("CI").is_none(),
            "browser tests cannot run under CI: {why}; run scripts/setup.sh"
        );
        common::steps_aside(&format!(
            "the search fold browser test: {why}; run scripts/setup.sh"
        ));
        return;
    }
    let Some(corpora) = common::corpora() else {
        return;
    };
    let mut texts: Vec<String> = [
        "Élan, naïve café, Ångström, Straße, ẞ, Œuvre, Ǆemal, ǅ, Øre, Łódź, Ğ İstanbul ıi",
        "ΣΟΦΟΣ σοφός ΌΣΟΣ. Σ ΑΣ, Ὀδυσσεύς ᾼ ῼ",
        "Москва Ёлка Й й",
        "定式と布石、囲碁の手筋。黑棋先行，白棋贴目。",
        "바둑 한국기원 이창호 九段 ㈜ ㉠",
        "ｆｕｌｌ－ｗｉｄｔｈ ＡＢＣ １２３ ｶﾀｶﾅ ﾊﾟﾋﾞ",
        "ﬁ ﬂ ﬀ ﬃ ǲ ㎏ ㍿ ① ⅻ Ⅻ ² ½ ℃ ™ … ‥ ¨ ´ ˝ ¸",
        "a\u{301}e\u{308}o\u{302}\u{323} q\u{30c} \u{1e9b}\u{323}",
        "عَرَبِيّ हिन्दी ไทย ສະບາຍ 𝔊𝔬 𝐆𝐨 🀄 😀👍🏽",
        "The 3-3 invasion, move 151: B takes at Q16 (ko).",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let mut seen = std::collections::HashSet::new();
    for ext in ["sgf", "txt", "md", "json", "xml", "html"] {
        for file in common::files_with_ext(&corpora, ext) {
            let Ok(text) = std::fs::read_to_string(&file) else {
                continue; // Not UTF-8: the corpora's other encodings are the readers' to test.
            };
            for line in text.lines().filter(|l| !l.trim().is_empty()) {
                if seen.insert(line.to_string()) {
                    texts.push(line.chars().take(400).collect());
                }
            }
        }
    }
    assert!(texts.len() > 1000, "{} lines", texts.len());
    let samples: Vec<(&str, String)> = texts
        .iter()
        .map(|t| (t.as_str(), gobook::search::fold::fold(t)))
        .collect();
    let tmp = common::tempdir();
    let book = tmp.path().join("fold.gobook");
    std::fs::write(&book, "::book(#t)\n\n::chapter\n\n::p Text.\n").unwrap();
    let site = tmp.path().join("site");
    let built = common::gobook(&[
        "build",
        book.to_str().unwrap(),
        "-o",
        site.to_str().unwrap(),
    ]);
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let file = tmp.path().join("samples.json");
    std::fs::write(&file, serde_json::to_string(&samples).unwrap()).unwrap();
    let (passed, out) =
        common::browser_script("search-fold.mjs", &[site.as_os_str(), file.as_os_str()]);
    assert!(passed, "Rust folds text unlike the browser:\n{out}");
    assert!(out.contains("search fold: all passed"), "{out}");
}
