//! Books of many files (issue #34): a `::chapter` in an included gobook file is a chapter
//! of the book everywhere (pages, contents, pager, e-book navigation, counts, `inspect`),
//! the book's texts resolve in it, and its problems are placed in it.

use crate::common::{self, gobook};
use std::path::Path;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

const BOOK: &str = "::book(#teach) title=\"Teaching\" author=\"A. Teacher\"\n\n::chapter(#intro)\n\n::h1 Introduction\n\nSee <a href=\"two-b\">the second part</a>.\n\n::include url=\"one.gobook\"\n\n::include url=\"two.gobook\"\n";

const ONE: &str = "::chapter(#one)\n\n::h2 First game\n\n::go(#one-game) sz=9 mv=\"C3 G7 C7\"\n\n::fig(#one-fig) at=1 to=3\n\nThis chapter of #title# by #author#; back to <a href=\"intro\">the start</a>.\n";

const TWO: &str = "::chapter(#two-a)\n\n::h2 Second game\n\n::go(#two-game) sz=9 mv=\"D4 F6\"\n\n::dia at=2\n\n::chapter(#two-b)\n\n::h2 Problems\n\n::prb sz=9 ab=C3D3 aw=C4 correct=D4\n";

fn book_dir() -> tempfile::TempDir {
    let tmp = common::tempdir();
    std::fs::write(tmp.path().join("book.gobook"), BOOK).unwrap();
    std::fs::write(tmp.path().join("one.gobook"), ONE).unwrap();
    std::fs::write(tmp.path().join("two.gobook"), TWO).unwrap();
    tmp
}

#[test]
fn included_chapters_are_pages_in_contents_and_pager_and_counted() {
    let tmp = book_dir();
    let t = tmp.path();
    let site = t.join("site");
    let r = gobook(&["build", s(&t.join("book.gobook")), "-o", s(&site)]);
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    // Four chapters, and the contents page; every diagram counted (a figure, a diagram, a problem).
    assert!(
        text(&r.stderr).contains("5 pages, 3 diagrams"),
        "{}",
        text(&r.stderr)
    );
    let page = |f: &str| std::fs::read_to_string(site.join(f)).unwrap();
    let contents = page("contents.html");
    for (file, title) in [
        ("one.html", "First game"),
        ("two-a.html", "Second game"),
        ("two-b.html", "Problems"),
    ] {
        assert!(
            contents.contains(&format!("<a href=\"{file}\">{title}</a>")),
            "{file} in contents: {contents}"
        );
    }
    let one = page("one.html");
    assert!(one.contains("<svg"), "the included figure is on its page");
    assert!(
        one.contains("This chapter of Teaching by A. Teacher;"),
        "the book's texts resolve in an included file: {one}"
    );
    assert!(
        one.contains("<a href=\"index.html\">the start</a>"),
        "{one}"
    );
    assert!(one.contains("href=\"two-a.html\""), "the pager leads on");
    assert!(
        page("index.html").contains("<a href=\"two-b.html\">the second part</a>"),
        "a link to an included chapter's ID leads to its page"
    );
    // The included chapter's heading is on its own page; the first page names it only in
    // the sidebar's list of pages.
    assert!(!page("index.html").contains("Second game</h2>"));
    assert!(page("two-a.html").contains("Second game</h2>"));
}

#[test]
fn included_chapters_are_in_the_ebooks_navigation_and_in_inspect() {
    let tmp = book_dir();
    let t = tmp.path();
    let out = t.join("out");
    let r = gobook(&["build", s(&t.join("book.gobook")), "-o", s(&out), "--epub"]);
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    let epub = std::fs::File::open(out.join("teach-en.epub")).unwrap();
    let mut zip = zip::ZipArchive::new(epub).unwrap();
    let mut nav = String::new();
    std::io::Read::read_to_string(&mut zip.by_name("OEBPS/nav.xhtml").unwrap(), &mut nav).unwrap();
    for (file, title) in [
        ("text/one.xhtml", "First game"),
        ("text/two-a.xhtml", "Second game"),
        ("text/two-b.xhtml", "Problems"),
    ] {
        assert!(
            nav.contains(&format!("<a href=\"{file}\">{title}</a>")),
            "{file} in the navigation: {nav}"
        );
    }
    let r = gobook(&["inspect", s(&t.join("book.gobook"))]);
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    let json: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
    let ids: Vec<&str> = json["book"]["chapters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(ids, ["intro", "one", "two-a", "two-b"]);
    assert_eq!(json["diagrams"].as_array().unwrap().len(), 3);
}

#[test]
fn problems_of_an_included_file_are_placed_in_it_and_inspect_fails_where_check_does() {
    let tmp = book_dir();
    let t = tmp.path();
    // An illegal move (on a stone) in the included file, and an ID the book has too.
    std::fs::write(
        t.join("two.gobook"),
        TWO.replace("mv=\"D4 F6\"", "mv=\"D4 D4\"")
            .replace("#two-b", "#intro"),
    )
    .unwrap();
    let book = t.join("book.gobook");
    let r = gobook(&["check", s(&book)]);
    let err = text(&r.stderr);
    assert_eq!(r.status.code(), Some(1), "{err}");
    assert!(
        err.contains("two.gobook:5:"),
        "placed in the included file: {err}"
    );
    assert!(
        err.contains("the ID `intro` is also used in the book"),
        "{err}"
    );
    assert!(err.contains("two.gobook:9:"), "{err}");
    let r = gobook(&["inspect", s(&book)]);
    assert_eq!(r.status.code(), Some(1), "{}", text(&r.stderr));
    assert!(text(&r.stderr).contains("two.gobook:5:"));
    let r = gobook(&["build", s(&book), "-o", s(&t.join("site"))]);
    assert_eq!(r.status.code(), Some(1));
    assert!(text(&r.stderr).contains("two.gobook:5:"));
    // A missing image of an included file stops `inspect` as it stops `check`.
    std::fs::write(t.join("two.gobook"), TWO).unwrap();
    std::fs::write(
        t.join("one.gobook"),
        format!("{ONE}\n::img url=\"gone.png\"\n"),
    )
    .unwrap();
    for cmd in ["check", "inspect"] {
        let r = gobook(&[cmd, s(&book)]);
        assert_eq!(r.status.code(), Some(1), "{cmd}");
        assert!(
            text(&r.stderr).contains("one.gobook:11:"),
            "{cmd}: {}",
            text(&r.stderr)
        );
    }
}

const SGF: &str = "(;GM[1]FF[4]SZ[9];B[cc]C[A start.];W[gg];B[cg])";

#[test]
fn chapters_imported_from_games_of_one_name_get_ids_of_their_own_and_say_how_to_include_them() {
    let tmp = common::tempdir();
    let t = tmp.path();
    for d in ["a", "b"] {
        std::fs::create_dir(t.join(d)).unwrap();
        std::fs::write(t.join(d).join("game.sgf"), SGF).unwrap();
    }
    let mut chapters = Vec::new();
    for (d, out) in [("a", "one.gobook"), ("b", "two.gobook")] {
        let r = gobook(&[
            "import",
            s(&t.join(d).join("game.sgf")),
            "-o",
            s(&t.join(out)),
            "--chapter",
        ]);
        let err = text(&r.stderr);
        assert_eq!(r.status.code(), Some(0), "{err}");
        assert!(
            err.contains(&format!("next: add `::include url=\"{out}\"`")),
            "{err}"
        );
        assert!(!err.contains("gobook serve two.gobook"), "{err}");
        chapters.push(std::fs::read_to_string(t.join(out)).unwrap());
    }
    assert!(chapters[0].starts_with("::chapter(#game)"));
    assert!(
        chapters[1].starts_with("::chapter(#game-2)"),
        "{}",
        chapters[1]
    );
    assert!(chapters[1].contains("::go(#game-2-game)"));
    std::fs::write(
        t.join("book.gobook"),
        "::book(#b)\n\n::chapter\n\n::h1 Games\n\n::include url=\"one.gobook\"\n\n::include url=\"two.gobook\"\n",
    )
    .unwrap();
    let r = gobook(&["check", s(&t.join("book.gobook"))]);
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    assert!(
        text(&r.stderr).contains("no problems found"),
        "{}",
        text(&r.stderr)
    );
}
