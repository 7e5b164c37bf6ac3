//! The page layout in a real browser: builds the layout test books
//! (`tests/books/valid/layout-*.gobook`, one per point of the paragraph and page layout)
//! and three example books (and, with the corpora, a problem set built from others' SGF
//! files), then runs `node tests/browser/layout.mjs` over the sites, which
//! measures where Chromium puts paragraphs, lines, boxes, bullets and diagrams.
//!
//! Without node, chromium or `npm ci --prefix tests/browser` (scripts/setup.sh does all
//! three) the test says what is missing and passes, except under `CI`. Screenshots go to
//! `$GOBOOK_SCREENSHOTS` when set (scripts/screenshots.sh sets it to docs/screenshots).

use crate::common;

use std::path::Path;
use std::process::Command;

/// A PNG of `w` by `h` pixels, one colour: the test books' pictures, with a known natural size.
fn png(w: u32, h: u32) -> Vec<u8> {
    let mut p = resvg::tiny_skia::Pixmap::new(w, h).unwrap();
    p.fill(resvg::tiny_skia::Color::from_rgba8(90, 120, 160, 255));
    p.encode_png().unwrap()
}

/// Builds `book` into `site`, the build's complaints in the panic message.
fn build(book: &Path, site: &Path) {
    let r = Command::new(env!("CARGO_BIN_EXE_gobook"))
        .arg("build")
        .arg(book)
        .arg("-o")
        .arg(site)
        .arg("-q")
        .output()
        .unwrap();
    assert!(
        r.status.success(),
        "{}: {}",
        book.display(),
        String::from_utf8_lossy(&r.stderr)
    );
}

#[test]
fn paragraphs_and_pages_are_laid_out_as_the_spec_says() {
    if let Some(why) = common::browser_missing() {
        assert!(
            std::env::var_os("CI").is_none(),
            "browser tests cannot run under CI: {why}; run scripts/setup.sh"
        );
        crate::common::steps_aside(&format!(
            "browser layout tests: {why}; run scripts/setup.sh to install what they need"
        ));
        return;
    }
    let root = common::root();
    let tmp = common::tempdir();
    let sites = tmp.path().join("sites");
    // The books name `bullet.png` and `cover.jpg`, as the other test books do: a wide
    // picture (1600 x 400, wider than any column) and a small one (300 x 200).
    let (bullet, cover) = (png(1600, 400), png(300, 200));
    let books: Vec<_> = common::files("tests/books/valid", "gobook")
        .into_iter()
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("layout-"))
        })
        .collect();
    assert!(books.len() >= 10, "the layout test books: {books:?}");
    for src in books {
        let stem = src.file_stem().unwrap();
        let dir = tmp.path().join("books").join(stem);
        std::fs::create_dir_all(&dir).unwrap();
        let book = dir.join(src.file_name().unwrap());
        // The picture is a PNG, and an image must be what its name says: the copy names it so.
        let text = std::fs::read_to_string(&src).unwrap();
        std::fs::write(&book, text.replace("cover.jpg", "cover.png")).unwrap();
        std::fs::write(dir.join("bullet.png"), &bullet).unwrap();
        std::fs::write(dir.join("cover.png"), &cover).unwrap();
        build(&book, &sites.join(stem));
    }
    for name in ["ear-reddening", "annotated-game", "problems"] {
        build(
            &root.join(format!("examples/{name}/{name}.gobook")),
            &sites.join(name),
        );
    }
    // #48: problem files of others, built as the book `import --problems` would write
    // (none has a hint), to lay beside the hand-written problems.
    if let Some(corpora) = common::corpora() {
        let dir = tmp.path().join("corner-problems");
        std::fs::create_dir_all(&dir).unwrap();
        for f in [
            "capturetest",
            "realproblem",
            "complexproblem",
            "easy",
            "passingExample",
        ] {
            let name = format!("{f}.sgf");
            std::fs::copy(corpora.join("glift").join(&name), dir.join(&name)).unwrap();
        }
        let r = Command::new(env!("CARGO_BIN_EXE_gobook"))
            .args(["build", "-q", "--problems"])
            .arg(&dir)
            .arg("-o")
            .arg(sites.join("imported-problems"))
            .output()
            .unwrap();
        assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    }
    let mut run = Command::new("node");
    run.arg(root.join("tests/browser/layout.mjs"))
        .arg(&sites)
        .env("CHROMIUM", common::chromium());
    if let Some(shots) = std::env::var_os("GOBOOK_SCREENSHOTS") {
        run.arg(shots);
    }
    let run = run.output().unwrap();
    let out = String::from_utf8_lossy(&run.stdout);
    eprintln!("{out}{}", String::from_utf8_lossy(&run.stderr));
    assert!(run.status.success(), "layout scenarios failed:\n{out}");
    assert!(out.contains("all layout scenarios passed"));
}

/// What the layout relies on is in the built pages, checked without a browser so it
/// holds even where the browser tests skip: one link per linked block, tabs written as
/// `\t` read as tabs, rows and bullet runs gathered.
#[test]
fn the_pages_carry_the_layout_without_a_browser() {
    let tmp = common::tempdir();
    let page = |name: &str| {
        let src = common::root().join(format!("tests/books/valid/{name}.gobook"));
        let dir = tmp.path().join(name);
        std::fs::create_dir_all(&dir).unwrap();
        let book = dir.join(format!("{name}.gobook"));
        std::fs::copy(&src, &book).unwrap();
        std::fs::write(dir.join("bullet.png"), png(40, 20)).unwrap();
        build(&book, &dir.join("site"));
        std::fs::read_to_string(dir.join("site/index.html")).unwrap()
    };
    let between = |html: &str, from: &str, to: &str| -> String {
        let a = html.find(from).unwrap_or_else(|| panic!("no {from}"));
        let b = a + html[a..]
            .find(to)
            .unwrap_or_else(|| panic!("no {to} after {from}"));
        html[a..b].to_string()
    };
    let href = page("layout-href");
    let fig = between(&href, r#"<figure id="linked""#, "</figure>");
    assert!(
        !fig.contains("data-gb"),
        "a linked diagram has no replay: {fig}"
    );
    assert_eq!(fig.matches("<a ").count(), 1, "{fig}");
    let para = between(&href, r#"<p id="lp""#, "</p>");
    assert_eq!(
        para.matches("<a ").count(),
        1,
        "one link in a linked paragraph: {para}"
    );
    assert!(
        !href.contains("gb-inline-fig"),
        "no inline diagram to open in it"
    );

    let tabs = page("layout-tabs");
    let main = between(&tabs, "<main", "</main>");
    assert!(!main.contains("\\t") && !main.contains("\\n"), "{main}");
    assert!(
        main.contains(r#"<span class="gb-bullet">1.</span>"#),
        "{main}"
    );

    let rows = page("layout-rows");
    assert_eq!(
        rows.matches(r#"<div class="gb-row "#).count(),
        2,
        "two rows"
    );
    assert_eq!(rows.matches(r#"<div class="gb-cell "#).count(), 5);
    let bullets = page("layout-bullets");
    assert_eq!(
        bullets.matches(r#"<div class="gb-bullets""#).count(),
        2,
        "two runs of bullets"
    );
}
