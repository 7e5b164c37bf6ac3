//! A site grows with its book, not with the square of its chapters (issue #50): the
//! sidebar's list of pages is in one shared script per language (`gobook-nav-LANG.js`),
//! not in every page. Generated books of 50 and 200 chapters: the bytes of a chapter's page
//! do not grow with the number of chapters, a far chapter's title is in the shared list and
//! the contents page only, and without scripts every page keeps its pager and a way to the
//! contents page. In Chromium (`tests/browser/nav.mjs`) the script fills the sidebar and
//! marks the reader's page; without node or chromium that test steps aside (not under CI).

use crate::common;

use std::path::Path;

/// A book of `chapters` chapters, each a heading, a paragraph and a diagram.
fn book_text(chapters: usize) -> String {
    let mut t = String::from("::book(#b) title=\"Many Chapters\"\n");
    for i in 0..chapters {
        t.push_str(&format!(
            "\n::chapter(#c{i})\n\n::h1 Lesson {i}\n\n::p The text of lesson {i}.\n\n::dia ab=\"D4 Q16\" aw=\"C3\"\n"
        ));
    }
    t
}

/// Builds the book of `chapters` chapters in `dir` into `dir/site` and returns the site.
fn built(dir: &Path, chapters: usize) -> std::path::PathBuf {
    let book = dir.join("book.gobook");
    std::fs::write(&book, book_text(chapters)).unwrap();
    let site = dir.join("site");
    let r = common::gobook(&[
        "build",
        book.to_str().unwrap(),
        "-o",
        site.to_str().unwrap(),
        "-q",
    ]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    site
}

/// The bytes of every HTML page of `site` together, and how many there are.
fn page_bytes(site: &Path) -> (u64, u64) {
    let mut total = (0, 0);
    for e in std::fs::read_dir(site).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "html") {
            total.0 += std::fs::metadata(&p).unwrap().len();
            total.1 += 1;
        }
    }
    total
}

#[test]
fn the_pages_do_not_grow_with_the_number_of_chapters() {
    let per_page: Vec<(f64, u64)> = [50, 200]
        .iter()
        .map(|&n| {
            let tmp = common::tempdir();
            let site = built(tmp.path(), n);
            let (bytes, pages) = page_bytes(&site);
            let contents = std::fs::metadata(site.join("contents.html")).unwrap().len();
            let nav = std::fs::metadata(site.join("gobook-nav-en.js"))
                .unwrap()
                .len();
            // The contents page and the shared list grow with the book: each once.
            ((bytes - contents) as f64 / (pages - 1) as f64, nav)
        })
        .collect();
    let ((small, nav_small), (large, nav_large)) = (per_page[0], per_page[1]);
    assert!(
        large < small * 1.03,
        "a chapter's page: {small:.0} bytes in a book of 50 chapters, {large:.0} in one of 200"
    );
    // The shared list grows with the chapters, linearly.
    let per_chapter = (nav_large - nav_small) as f64 / 150.0;
    assert!(per_chapter < 60.0, "{per_chapter:.1} bytes a chapter");
}

#[test]
fn the_list_of_pages_is_in_one_shared_file_and_the_pages_work_without_it() {
    let tmp = common::tempdir();
    let site = built(tmp.path(), 50);
    let read = |p: &str| std::fs::read_to_string(site.join(p)).unwrap();
    let far = ">Lesson 40</a>";
    let nav = read("gobook-nav-en.js");
    assert!(nav.starts_with("self.gbNavList=\""), "{nav}");
    assert!(nav.contains(far), "the shared list names every page");
    assert!(
        read("contents.html").contains(far),
        "the contents page lists every page"
    );
    let page = read("c10.html");
    assert!(!page.contains(far), "a page does not carry the list");
    // The page's place in the list, and the list's script by an address that changes
    // with it.
    assert!(page.contains("id=\"gb-side\" aria-label=\"Chapters\" data-page=\"11\""));
    let version = nav_version(&nav);
    assert!(
        page.contains(&format!(
            "<script src=\"gobook-nav-en.js?v={version}\" defer>"
        )),
        "{page}"
    );
    // Without scripts: the pager both ways, the top bar's and the sidebar's way to the
    // contents page.
    assert!(page.contains("rel=\"prev\" href=\"c9.html\""));
    assert!(page.contains("rel=\"next\" href=\"c11.html\""));
    assert!(page.contains(
        "<nav class=\"gb-top-nav\" aria-label=\"Book\"><a href=\"contents.html\">Contents</a>"
    ));
    assert!(page.contains(
        "<noscript><p class=\"gb-side-none\"><a href=\"contents.html\">Contents</a></p></noscript>"
    ));
}

/// The hash of the shared script's bytes, as its address in a page gives it.
fn nav_version(nav: &str) -> String {
    use std::hash::Hasher;
    let mut h = rustc_hash::FxHasher::default();
    h.write(nav.as_bytes());
    format!("{:016x}", h.finish())
}

#[test]
fn a_new_chapter_changes_the_shared_lists_address() {
    let a = common::tempdir();
    let b = common::tempdir();
    let one = std::fs::read_to_string(built(a.path(), 5).join("c1.html")).unwrap();
    let two = std::fs::read_to_string(built(b.path(), 6).join("c1.html")).unwrap();
    let address = |p: &str| {
        let i = p.find("gobook-nav-en.js?v=").unwrap();
        p[i..i + 40].to_string()
    };
    assert_ne!(
        address(&one),
        address(&two),
        "a browser would keep the old list"
    );
}

#[test]
fn the_sidebar_is_written_and_marked_in_chromium() {
    if let Some(why) = common::browser_missing() {
        assert!(
            std::env::var_os("CI").is_none(),
            "browser tests cannot run under CI: {why}; run scripts/setup.sh"
        );
        common::steps_aside(&format!(
            "sidebar browser test: {why}; run scripts/setup.sh"
        ));
        return;
    }
    let tmp = common::tempdir();
    // Enough chapters that the reader's page is below the sidebar's first screen.
    let site = built(tmp.path(), 80);
    let shots = common::screenshots(tmp.path());
    let (passed, out) = common::browser_script(
        "nav.mjs",
        &[site.as_os_str(), "c60.html".as_ref(), shots.as_os_str()],
    );
    assert!(passed, "sidebar scenarios failed:\n{out}");
    assert!(!out.contains("FAIL"));
}
