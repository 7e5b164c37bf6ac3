//! The spec's "possible future additions" a book author uses now: `shortTitle` for
//! navigation, a diagram `header` above the board, and `hideInReplay`
//! (tests/books/valid/future-additions.gobook).

use crate::common::{self, gobook};
use std::process::Command;

/// Builds `tests/books/valid/NAME.gobook` into a temporary site folder.
fn build_book(name: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let tmp = common::tempdir();
    let site = tmp.path().join("site");
    let book = common::root().join(format!("tests/books/valid/{name}.gobook"));
    let r = gobook(&[
        "build",
        book.to_str().unwrap(),
        "-o",
        site.to_str().unwrap(),
    ]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    (tmp, site)
}

fn build() -> (tempfile::TempDir, std::path::PathBuf) {
    build_book("future-additions")
}

#[test]
fn short_titles_name_the_book_and_chapters_where_room_is_short() {
    let (_tmp, site) = build();
    let first = std::fs::read_to_string(site.join("index.html")).unwrap();
    let contents = std::fs::read_to_string(site.join("contents.html")).unwrap();
    // The top bar of a page whose chapter has its own h1 uses the short book title...
    assert!(first.contains(r#"<a class="gb-book-title" href="index.html">Corner Guide</a>"#));
    // ...the page's one h1 and its <title> keep the full ones.
    assert!(first
        .contains("<title>The Complete Guide to Everything About Corner Life and Death</title>"));
    // On a page whose h1 is the book's title (the contents here) the bar shows the short
    // title too, the whole one read to a screen reader (#34).
    assert!(contents.contains(r#"<h1 class="gb-site-title"><a class="gb-book-title" href="index.html"><span aria-hidden="true">Corner Guide</span><span class="gb-vh">The Complete Guide to Everything About Corner Life and Death</span></a></h1>"#));
    // The pager uses the chapter's short title; the table of contents the full one.
    assert!(contents.contains(r#"<span class="gb-pager-title">Basics</span>"#));
    assert!(contents.contains(r#"<span class="gb-pager-title">Second</span>"#));
    assert!(contents.contains(r#"<li><a href="two.html">The Second Chapter, in Full</a></li>"#));
}

#[test]
fn a_header_stands_above_the_board_and_hidden_marks_stay_out_of_the_replay() {
    let (_tmp, site) = build();
    let page = std::fs::read_to_string(site.join("index.html")).unwrap();
    let header = page
        .find(r#"<p class="gb-header">Diagram header</p>"#)
        .expect("header");
    let board = page[header..].find("<svg").expect("board after the header");
    assert!(board < 60, "nothing between header and board");
    // The replay data keeps the triangle on C3 and label a on G7, not E5 nor b on H8.
    let v = common::data_gb(&page);
    assert_eq!(v["k"], serde_json::json!([["cc", "T"], ["gg", "=a"]]));
    // The static figure still draws every mark: hideInReplay is for the replay only.
    assert_eq!(
        page.matches("l6 11h-12z").count() + page.matches("l3.5 6h-7z").count(),
        2
    );

    if let Some(why) = common::browser_missing() {
        assert!(
            std::env::var_os("CI").is_none(),
            "browser tests cannot run under CI: {why}"
        );
        crate::common::steps_aside(&format!("the browser half: {why}; run scripts/setup.sh"));
        return;
    }
    let out = Command::new("node")
        .arg(common::root().join("tests/browser/future.mjs"))
        .arg(&site)
        .env("CHROMIUM", common::chromium())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn game_info_texts_show_the_current_go_data_verbatim() {
    let (_tmp, site) = build_book("game-info-texts");
    let page = std::fs::read_to_string(site.join("index.html")).unwrap();
    // The date keeps its hyphens: game info is not typeset.
    assert!(page.contains(
        "Honinbo Shusaku (4d) against Gennan Inseki (8d), 1846-09-11, Osaka: B+2. Komi 0. In Japanese: 本因坊秀策."
    ), "{page}");
    // A figure based on the game reads the game's info through its base.
    assert!(page.contains("In this figure Honinbo Shusaku plays first; the result was B+2."));
}

#[test]
fn game_info_the_go_data_does_not_set_is_a_warning_at_its_place() {
    let tmp = common::tempdir();
    let book = tmp.path().join("b.gobook");
    std::fs::write(
        &book,
        "::book(#b)\n\n::chapter(#c)\n\n::go(#g) pb=Shusaku mv=Q16\n\n#pb# won by #re#.\n",
    )
    .unwrap();
    let r = gobook(&["check", book.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(
        err.contains("b.gobook:7:13: warning: `#re#` shows game info"),
        "{err}"
    );
    assert!(err.contains("(`re=...`)"), "{err}");
    assert!(!err.contains("did you mean"), "{err}");
}

/// The letters the gaps line puts on the board name points of the finished figure; the
/// replay shows each move where it was played and leaves them out, keeping the author's.
#[test]
fn gap_letters_stay_out_of_the_replay() {
    let (_tmp, site) = build_book("gaps-locations");
    let page = std::fs::read_to_string(site.join("en/index.html")).unwrap();
    let fig = page.split("id=\"kos\"").nth(1).expect("the figure");
    let v = common::data_gb(fig);
    // The author's `a` on H9 stays; the gaps line's b and c (on D5 and D2) do not.
    assert_eq!(v["k"], serde_json::json!([["hi", "=a"]]), "{v}");
    // The static figure shows all three.
    let svg = fig.split("</svg>").next().unwrap();
    for l in [">a<", ">b<", ">c<"] {
        assert!(svg.contains(l), "{l} in {svg}");
    }
}
