//! Issue #52: `gobook import PAGE -o BOOK` turns a page of Sensei's Library diagrams (a
//! `.sl` or `.txt` file, or any file starting with `$$`) into a book: one chapter, each
//! diagram a captioned `::dia`, the text between them paragraphs as written.

use crate::common::{self, gobook};
use std::path::Path;

const PAGE: &str = "A joseki page.

Black's tsuke at 1 is the usual move.

$$Bc A joseki variation
$$  ---------------
$$ | . . . . . . . .
$$ | . . 7 3 X d . .
$$ | . . O 1 O 6 . .
$$ | . . 4 2 5 c . .
$$ | . . 8 X a . . .

White 6 at Q16 is **strong**.
$$W Second
$$ . . . .
$$ . 1 X .
$$ . . . .
";

fn import(page: &Path, out: &Path, more: &[&str]) -> std::process::Output {
    let mut args = vec![
        "import",
        page.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(more);
    gobook(&args)
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).to_string()
}

#[test]
fn a_page_becomes_a_chapter_of_captioned_diagrams_and_paragraphs() {
    let dir = common::tempdir();
    let page = dir.path().join("joseki.sl");
    std::fs::write(&page, PAGE).unwrap();
    let book = dir.path().join("joseki.gobook");
    let out = import(&page, &book, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("wrote"), "{}", stderr(&out));
    assert!(stderr(&out).contains("2 diagrams"), "{}", stderr(&out));
    let text = std::fs::read_to_string(&book).unwrap();
    let blocks: Vec<&str> = text
        .split("\n\n")
        .map(str::trim)
        .filter(|b| !b.is_empty())
        .collect();
    assert_eq!(blocks[0], "::book(#joseki)\ntitle=\"joseki\"");
    assert_eq!(&blocks[1..3], &["::chapter", "::h2 joseki"]);
    assert_eq!(blocks[3], "A joseki page.");
    // The text stays as written: no curly quote, no bold, the coordinate kept.
    assert_eq!(blocks[4], "Black\\'s tsuke at 1 is the usual move.");
    assert!(blocks[5].starts_with("::dia base=none sz=19 mv=D17D16D18C16E16F17C18C15"));
    assert!(blocks[5].ends_with("vw=A19H15 showCoords=1 ca=\"A joseki variation\""));
    assert_eq!(blocks[6], "White 6 at \\Q16 is \\**strong\\**.");
    assert!(blocks[7].starts_with("::dia base=none sz=19 pl=w mv="));
    assert!(blocks[7].ends_with("ca=\"Second\""));
    assert_eq!(blocks.len(), 8, "{text}");
    // The book is gobook's own layout and checks clean.
    let fmt = gobook(&["fmt", "--check", book.to_str().unwrap()]);
    assert_eq!(fmt.status.code(), Some(0), "{}", stderr(&fmt));
    let check = gobook(&["check", book.to_str().unwrap()]);
    assert_eq!(check.status.code(), Some(0), "{}", stderr(&check));
}

#[test]
fn a_page_is_told_by_its_dollars_or_its_name() {
    let dir = common::tempdir();
    // Any name, when the first line is a diagram's.
    let page = dir.path().join("notes.md");
    std::fs::write(&page, "$$B\n$$ . X .\n\nA line after.\n").unwrap();
    let out = import(&page, &dir.path().join("a.gobook"), &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // An SGF named .txt is still a game.
    let sgf = dir.path().join("game.txt");
    std::fs::write(&sgf, "(;GM[1]SZ[9];B[cc];W[gg])").unwrap();
    let out = import(&sgf, &dir.path().join("game.gobook"), &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = std::fs::read_to_string(dir.path().join("game.gobook")).unwrap();
    assert!(text.contains("::go(#game)"), "{text}");
    // A .sl file without a diagram says what one looks like.
    let empty = dir.path().join("empty.sl");
    std::fs::write(&empty, "Just words.\n").unwrap();
    let out = import(&empty, &dir.path().join("e.gobook"), &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("empty.sl:1:1: error: no Sensei's Library diagram"));
    assert!(!dir.path().join("e.gobook").exists());
}

#[test]
fn what_is_not_a_diagram_is_told_at_line_and_column_and_nothing_is_written() {
    let dir = common::tempdir();
    let page = dir.path().join("bad.txt");
    std::fs::write(&page, "$$B\n$$ . X * .\n\ntext\n$$B\n$$ 1 1\n").unwrap();
    let book = dir.path().join("bad.gobook");
    let out = import(&page, &book, &[]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("bad.txt:2:8: error: `*` is not a point"),
        "{err}"
    );
    assert!(
        err.contains("bad.txt:5:1: error: move 1 is shown twice"),
        "{err}"
    );
    assert!(err.contains("nothing written"), "{err}");
    assert!(!book.exists());
    // What a `::dia` cannot show is a warning at its place; the book is written.
    std::fs::write(&page, "$$B\n$$ . X a\n$$ [a|#top]\n").unwrap();
    let out = import(&page, &book, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("bad.txt:1:1: warning: the link `[a|#top]` leads within the page")
    );
}

#[test]
fn options_are_those_of_other_imports() {
    let dir = common::tempdir();
    let page = dir.path().join("page.sl");
    std::fs::write(&page, PAGE).unwrap();
    let book = dir.path().join("page.gobook");
    std::fs::write(&book, "mine").unwrap();
    let out = import(&page, &book, &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--force"), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&book).unwrap(), "mine");
    let out = import(&page, &book, &["--force"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = import(&page, &dir.path().join("p.gobook"), &["--problems"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("without --problems"));
    let chapter = dir.path().join("ch.gobook");
    let out = import(&page, &chapter, &["--chapter", "--lang", "de"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = std::fs::read_to_string(&chapter).unwrap();
    assert!(
        text.starts_with("::chapter_de(#page)") && text.contains("::h2 page"),
        "{text}"
    );
    assert!(stderr(&out).contains("::include"));
}

#[test]
fn every_corpus_diagram_imports_into_a_book_that_checks_or_is_refused() {
    let Some(dir) = common::corpora().map(|c| c.join("sensei/diagrams")) else {
        return;
    };
    let tmp = common::tempdir();
    let mut refused = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    for f in &files {
        let book = tmp
            .path()
            .join(f.file_name().unwrap())
            .with_extension("gobook");
        let out = import(f, &book, &["-q"]);
        match out.status.code() {
            Some(0) => assert!(book.exists()),
            Some(1) if !book.exists() => refused.push(f.file_stem().unwrap().to_owned()),
            c => panic!("{}: {c:?} {}", f.display(), stderr(&out)),
        }
    }
    // The two the reader refuses (sl_corpus.rs): a BambooJoint stone, a board not square.
    assert_eq!(refused, ["018", "025"], "{} files", files.len());
}

#[test]
fn build_and_check_take_a_page_as_the_book_import_would_write() {
    let dir = common::tempdir();
    let page = dir.path().join("joseki.sl");
    std::fs::write(&page, PAGE).unwrap();
    let site = dir.path().join("site");
    let out = gobook(&[
        "build",
        page.to_str().unwrap(),
        "-o",
        site.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let html = std::fs::read_to_string(site.join("index.html")).unwrap();
    assert!(
        html.contains("A joseki variation") && html.contains("<svg"),
        "{html}"
    );
    let check = gobook(&["check", page.to_str().unwrap()]);
    assert_eq!(check.status.code(), Some(0), "{}", stderr(&check));
    // Mistakes at their line and column in the page; notes as warnings.
    std::fs::write(&page, "Intro.\n\n$$B\n$$ . X * .\n").unwrap();
    let check = gobook(&["check", page.to_str().unwrap()]);
    let err = stderr(&check);
    assert_eq!(check.status.code(), Some(1), "{err}");
    assert!(
        err.contains("joseki.sl:4:8: error: `*` is not a point"),
        "{err}"
    );
    assert!(
        err.contains("no page of Sensei's Library diagrams gobook can read"),
        "{err}"
    );
    std::fs::write(&page, "$$B\n$$ . X a\n$$ [a|#top]\n").unwrap();
    let check = gobook(&["check", page.to_str().unwrap()]);
    let err = stderr(&check);
    assert_eq!(check.status.code(), Some(0), "{err}");
    assert!(
        err.contains("joseki.sl:1:1: warning: the link `[a|#top]` leads within the page"),
        "{err}"
    );
}

#[test]
fn a_book_named_txt_is_still_a_book() {
    let dir = common::tempdir();
    let book = dir.path().join("book.txt");
    std::fs::write(&book, "::book(#b) title=\"B\"\n\n::chapter\n\nWords.\n").unwrap();
    let check = gobook(&["check", book.to_str().unwrap()]);
    assert_eq!(check.status.code(), Some(0), "{}", stderr(&check));
}
