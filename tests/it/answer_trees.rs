//! Full answer trees in problems, a spec's future addition that gobook reads as
//! `correct="B1 [D1 E1 | E1 D1]"` (tests/books/valid/answer-trees.gobook; its mistakes are in
//! tests/books/invalid/answer-tree-errors.gobook): the opponent's replies branch in the
//! site's problem (tests/browser/answer-tree.mjs), every line is a numbered board in the
//! static solutions of the site, the EPUB and the PDF, `inspect` gives the lines, and
//! `import --problems` writes an SGF tree as one tree.

use crate::common::{self, gobook};
use std::process::Command;

const BOOK: &str = "tests/books/valid/answer-trees.gobook";

/// The four lines of the tree of problem p1, in the tree's order: named by the numbers
/// their boards show (as in print, issue 48), they read alike but for their comments,
/// the trunk's first.
const LINES: [&str; 4] = [
    "Black 1, White 2, Black 3 – Atari. Black takes two stones.",
    "Black 1, White 2, Black 3 – Atari. Black takes two stones.",
    "Black 1, White 2, Black 3 – Atari from the other side. Black takes two stones.",
    "Black 1, White 2, Black 3 – Atari from the other side. Black takes two stones.",
];

/// Asserts that `needles` stand in `hay` in this order.
fn in_order(hay: &str, needles: &[&str]) {
    let mut at = 0;
    for n in needles {
        let i = hay[at..]
            .find(n)
            .unwrap_or_else(|| panic!("`{n}` after byte {at}"));
        at += i + n.len();
    }
}

#[test]
fn every_line_of_the_tree_is_a_numbered_board_in_the_site_the_epub_and_the_pdf() {
    let tmp = common::tempdir();
    let out = tmp.path().join("out");
    let book = common::root().join(BOOK);
    let r = gobook(&[
        "build",
        "--epub",
        "--pdf",
        "-o",
        out.to_str().unwrap(),
        book.to_str().unwrap(),
    ]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    // The site's solution (for readers without scripts): a board per line, then the wrong one.
    let page = std::fs::read_to_string(out.join("index.html")).unwrap();
    let solution = &page[page.find("gb-solution").unwrap()..];
    // Up to the next problem's solution.
    let p1 = &solution[..solution[1..].find("gb-solution").unwrap()];
    assert_eq!(
        p1.matches("<figure class=\"gb-answer gb-correct\"").count(),
        4
    );
    assert_eq!(
        p1.matches("<figure class=\"gb-answer gb-wrong\"").count(),
        1
    );
    in_order(p1, &LINES);
    // Each branch keeps its comments, the trunk's among them; no answer is named by
    // coordinates under a board that shows none.
    assert!(!p1.contains("Black B1"), "{p1}");
    // The EPUB's solutions.
    let epub = common::files_with_ext(&out, "epub");
    let x = common::epub_entry(&epub[0], "OEBPS/text/index.xhtml");
    in_order(&x, &LINES);
    // The PDF's.
    if !common::tool("pdftotext", "-v") {
        return;
    }
    let pdf = common::files_with_ext(&out, "pdf");
    let flat = common::pdf_text(&pdf[0], &[])
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    // Print names an answer's moves by their numbers on its board (issue #32), so the four
    // lines read alike but for their comments, trunk's first.
    let trunk = "Correct: Black 1, White 2, Black 3 – Atari. Black takes two stones.";
    let other = "Correct: Black 1, White 2, Black 3 – Atari from the other side.";
    in_order(&flat, &[trunk, trunk, other, other]);
    assert!(
        flat.contains("Wrong: Black 1, White 2 – Too slow"),
        "{flat}"
    );
}

#[test]
fn inspect_gives_the_lines_and_a_tree_equals_its_sequences() {
    let book = common::root().join(BOOK);
    let r = gobook(&["inspect", book.to_str().unwrap()]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let v: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
    let d = &v["diagrams"];
    let moves = |seq: &serde_json::Value| -> Vec<String> {
        seq.as_array()
            .unwrap()
            .iter()
            .map(|m| m["move"].as_str().unwrap().to_string())
            .collect()
    };
    let lines: Vec<Vec<String>> = d[0]["correct"]
        .as_array()
        .unwrap()
        .iter()
        .map(moves)
        .collect();
    assert_eq!(
        lines,
        [
            ["B1", "D1", "E1"],
            ["B1", "E1", "D1"],
            ["D1", "B1", "A1"],
            ["D1", "A1", "B1"]
        ]
    );
    // The comment of a shared move is in every line through it.
    assert_eq!(d[0]["correct"][1][0]["text"], "Atari.");
    // `B1 D1 E1; B1 E1 D1` written out is the first branch of the tree.
    let two: Vec<Vec<String>> = d[1]["correct"]
        .as_array()
        .unwrap()
        .iter()
        .map(moves)
        .collect();
    assert_eq!(two, lines[..2]);
}

#[test]
fn fmt_keeps_the_tree() {
    let tmp = common::tempdir();
    let book = tmp.path().join("trees.gobook");
    std::fs::write(
        &book,
        "::book(#t) title=T\n\n::chapter\n\n::prb sz=9 ab=A2B2C2D2E2F2F1 aw=C1A3B3C3D3E3F3G3G2G1 pl=b correct=\"b1 [d1 e1(Two.) | e1 d1]\"\n",
    )
    .unwrap();
    let r = gobook(&["fmt", book.to_str().unwrap()]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let text = std::fs::read_to_string(&book).unwrap();
    assert!(
        text.contains("correct=\"B1 [D1 E1(Two.) | E1 D1]\""),
        "{text}"
    );
}

#[test]
fn import_writes_an_sgf_answer_tree_as_one_tree() {
    let tmp = common::tempdir();
    let sgf = tmp.path().join("tree.sgf");
    // Black B1, then White D1 or E1, each answered: one tree, two branches; Black A1 is wrong.
    std::fs::write(
        &sgf,
        "(;FF[4]SZ[9]PL[B]AB[ah][bh][ch][dh][eh][fh][fi]AW[ci][ag][bg][cg][dg][eg][fg][gg][gh][gi]\
         (;B[bi]C[Atari.](;W[di];B[ei]C[Correct.])(;W[ei];B[di]C[Correct.]))(;B[ai]C[Wrong.];W[bi]))",
    )
    .unwrap();
    let book = tmp.path().join("book.gobook");
    let r = gobook(&[
        "import",
        "--problems",
        sgf.to_str().unwrap(),
        "-o",
        book.to_str().unwrap(),
    ]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let text = std::fs::read_to_string(&book).unwrap();
    let correct = text
        .split("correct=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    assert!(correct.starts_with("B1(Atari.) [D1 E1"), "{correct}");
    assert_eq!(correct.matches('|').count(), 1, "{correct}");
    let r = gobook(&["check", book.to_str().unwrap()]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
}

/// The opponent's replies branch in the site's problem: tests/browser/answer-tree.mjs.
#[test]
fn the_opponent_picks_a_branch_in_the_browser() {
    if let Some(why) = common::browser_missing() {
        return common::steps_aside(&format!("browser tests: {why}; run scripts/setup.sh"));
    }
    let tmp = common::tempdir();
    let site = tmp.path().join("site");
    let book = common::root().join(BOOK);
    let r = gobook(&[
        "build",
        book.to_str().unwrap(),
        "-o",
        site.to_str().unwrap(),
    ]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let shots =
        std::env::var_os("GOBOOK_SCREENSHOTS").map_or_else(|| tmp.path().to_path_buf(), Into::into);
    let out = Command::new("node")
        .arg(common::root().join("tests/browser/answer-tree.mjs"))
        .arg(&site)
        .arg(shots.join("answer-tree.png"))
        .env("CHROMIUM", common::chromium())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("ok   the two tries meet both replies"),
        "{text}"
    );
}
