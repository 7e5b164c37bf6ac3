//! Issue #49, "page flow": print sets commentary for the page, at full measure beside or
//! under the boards, in source order. Measured in the PDF (`pdftotext -bbox`): where the
//! words of each comment stand against the text block, which a full-measure paragraph at
//! the book's start shows, and against the boards, found by their numbers (`mn`).

use crate::common;
use crate::pdf_build::{build_pdf_saying, poppler};
use crate::pdf_scale::words;

/// A word of the PDF: page, left, right, top, text.
type Word = (usize, f64, f64, f64, String);

/// A paragraph of `n` times the word `w`.
fn para(w: &str, n: usize) -> String {
    format!("{}\n\n", vec![w; n].join(" "))
}

/// The book of `body` built to a PDF in `dir`, and its words; none without poppler.
fn built(dir: &std::path::Path, body: &str) -> (std::path::PathBuf, Vec<Word>) {
    let mut s = String::from("::book(#flow) title=\"Flow\"\n\n::chapter(#c)\n\n::h2 Flow\n\n");
    // The text block's measure, at the start.
    s.push_str(&para("Refnote", 60));
    s.push_str(body);
    let book = dir.join("flow.gobook");
    std::fs::write(&book, s).unwrap();
    let out = dir.join("out");
    build_pdf_saying(&book, &out);
    let pdf = common::files_with_ext(&out, "pdf").remove(0);
    let w = words(&pdf);
    (pdf, w)
}

/// The left and right of the text block: where the full-measure paragraph stands.
fn measure(words: &[Word]) -> (f64, f64) {
    let refs = words.iter().filter(|w| w.4 == "Refnote");
    let left = refs.clone().map(|w| w.1).fold(f64::MAX, f64::min);
    let right = refs.map(|w| w.2).fold(f64::MIN, f64::max);
    (left, right)
}

/// The words `w`, in reading order.
fn all<'a>(words: &'a [Word], w: &str) -> Vec<&'a Word> {
    words.iter().filter(|x| x.4 == w).collect()
}

/// How wide the lines of word `w` run on each page it is on: page and span in pt.
fn spans(words: &[Word], w: &str) -> Vec<(usize, f64)> {
    let mut out: Vec<(usize, f64, f64)> = Vec::new();
    for x in all(words, w) {
        match out.iter_mut().find(|o| o.0 == x.0) {
            Some(o) => {
                o.1 = o.1.min(x.1);
                o.2 = o.2.max(x.2);
            }
            None => out.push((x.0, x.1, x.2)),
        }
    }
    out.into_iter().map(|(p, a, b)| (p, b - a)).collect()
}

/// Where the word `w` first stands: page and top.
fn at(words: &[Word], w: &str) -> (usize, f64) {
    let x = all(words, w)
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("`{w}` is not in the PDF"));
    (x.0, x.3)
}

#[test]
fn commentary_under_boards_side_by_side_runs_at_full_measure_in_source_order() {
    let dir = common::tempdir();
    let mut s = String::new();
    let notes = ["Firstnote", "Secondnote", "Thirdnote"];
    for (k, note) in notes.iter().enumerate() {
        s.push_str(&format!(
            "::dia sz=19 width=third vw=A1G7 mv=C3D3 mn={}\n\n",
            201 + k * 10
        ));
        s.push_str(&para(note, 45));
    }
    let (_, words) = built(dir.path(), &s);
    if words.is_empty() {
        return;
    }
    let (left, right) = measure(&words);
    let width = right - left;
    // Each comment at full measure on every page it is on, not in a third of the line.
    for note in notes {
        for (page, span) in spans(&words, note) {
            assert!(
                span > 0.8 * width,
                "{note} runs {span:.0} pt wide on page {page} in a {width:.0} pt text block"
            );
        }
    }
    // In source order: each comment ends before the next starts, all under the row.
    let ends: Vec<(usize, f64, usize, f64)> = notes
        .iter()
        .map(|n| {
            let a = all(&words, n);
            let (f, l) = (a[0], a[a.len() - 1]);
            (f.0, f.3, l.0, l.3)
        })
        .collect();
    for w in ends.windows(2) {
        assert!(
            (w[0].2, w[0].3) < (w[1].0, w[1].1),
            "a comment starts before the one above it ends: {ends:?}"
        );
    }
    let boards: Vec<(usize, f64)> = [201, 211, 221]
        .iter()
        .map(|n| at(&words, &n.to_string()))
        .collect();
    assert!(
        boards.iter().all(|b| *b < (ends[0].0, ends[0].1)),
        "the boards {boards:?} are not above the first comment {:?}",
        ends[0]
    );
}

#[test]
fn a_long_text_beside_a_board_goes_on_at_full_measure_under_it() {
    let dir = common::tempdir();
    let mut s = String::from("::dia sz=19 vw=A1G7 mv=C3D3 mn=101\n\n");
    for _ in 0..12 {
        s.push_str(&para("Longnote", 30));
    }
    let (_, words) = built(dir.path(), &s);
    if words.is_empty() {
        return;
    }
    let (left, right) = measure(&words);
    let width = right - left;
    let (board_page, board_top) = at(&words, "101");
    let board_right = all(&words, "102")[0].2;
    let long = all(&words, "Longnote");
    // Its text starts beside the board...
    assert!(
        long.iter()
            .any(|w| w.0 == board_page && w.1 > board_right && (w.3 - board_top).abs() < 40.0),
        "no text beside the board"
    );
    // ...and no narrow column runs on to the next page: there, every line is at full measure.
    let later: Vec<(usize, f64)> = spans(&words, "Longnote")
        .into_iter()
        .filter(|s| s.0 > board_page)
        .collect();
    assert!(!later.is_empty(), "the text does not reach a second page");
    for (page, span) in later {
        assert!(
            span > 0.8 * width,
            "the text beside the board runs on to page {page} {span:.0} pt wide"
        );
    }
    // The column beside the board is no longer than about the board: full measure under it.
    let below = long
        .iter()
        .filter(|w| w.0 == board_page && w.1 < board_right)
        .count();
    assert!(below > 0, "no text at full measure under the board");
}

#[test]
fn an_inline_diagram_stays_inside_the_text_block() {
    let dir = common::tempdir();
    // A board beside its text leaves a column a little narrower than an inline diagram
    // of 15 lines prints alone; its numbered stones are at its right edge.
    let s = format!(
        "::dia sz=19 vw=A1J9 mv=C3D3 mn=101\n\n{}Compare <dia sz=19 vw=A1P15 mv=\"P3 O3\" mn=701>the other way</dia>.\n\n",
        para("Shortnote", 8)
    );
    let (_, words) = built(dir.path(), &s);
    if words.is_empty() {
        return;
    }
    let (_, right) = measure(&words);
    for n in ["701", "702"] {
        let w = all(&words, n);
        assert!(!w.is_empty(), "the inline diagram's {n} is not in the PDF");
        assert!(
            w[0].2 <= right + 1.0,
            "the inline diagram's {n} stands at {:.0} pt, right of the text block's {right:.0}",
            w[0].2
        );
    }
}

#[test]
fn a_generated_book_of_diagrams_compared_inline_fills_its_pages() {
    // As the benchmark book: a whole board, a short comment and an uncaptioned whole
    // board in it to compare, ten times.
    let dir = common::tempdir();
    let mut s = String::new();
    for k in 0..10 {
        s.push_str(&format!(
            "::dia sz=19 mv=C3D3 mn={} ca=\"Dia. {k}\"\n\nIn the diagram, C3 is **the key point**; \
             compare <dia sz=19 mv=\"D3 C3\" mn={}>the other way</dia>.\n\n",
            101 + k * 10,
            601 + k * 10
        ));
    }
    let (pdf, words) = built(dir.path(), &s);
    if words.is_empty() {
        return;
    }
    let info = poppler("pdfinfo", &[pdf.to_str().unwrap()]).unwrap_or_default();
    let pages: usize = info
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .and_then(|n| n.trim().parse().ok())
        .unwrap();
    // Each board with its comment and the board it compares, the comment beside that one,
    // fills a page: the title page, the contents, the chapter's page and ten (each pair
    // took a page and a half, 18 pages, with the comparison under its comment).
    assert!(pages <= 14, "{pages} pages");
    // Each diagram on the page of its comment and of the board it compares.
    for k in 0..10 {
        let board = at(&words, &(101 + k * 10).to_string()).0;
        let other = at(&words, &(601 + k * 10).to_string()).0;
        assert_eq!(board, other, "Dia. {k} and the board it compares are apart");
    }
}

#[test]
fn a_gaps_line_stands_under_its_board_in_a_row_not_after_the_comment() {
    let dir = common::tempdir();
    // Black 5 is played where White 2 was taken: "5 at 2" under the first board.
    let s = format!(
        "::dia sz=19 width=half vw=A1G7 mv=\"A2 A1 B1 C1 A1\" mn=201\n\n{}\
         ::dia sz=19 width=half vw=A1G7 mv=C3D3 mn=301\n\n{}",
        para("Gapnote", 40),
        para("Othernote", 40)
    );
    let (_, words) = built(dir.path(), &s);
    if words.is_empty() {
        return;
    }
    let (left, right) = measure(&words);
    let (page, top) = at(&words, "201");
    let gaps = words
        .iter()
        .find(|w| w.4 == "at" && w.0 == page && w.3 > top)
        .expect("no gaps line under the board");
    let comment = at(&words, "Gapnote");
    assert!(
        (gaps.0, gaps.3) < comment,
        "the gaps line {gaps:?} is not above the comment {comment:?}"
    );
    assert!(
        gaps.2 < (left + right) / 2.0,
        "the gaps line {gaps:?} is not under the first board"
    );
}

#[test]
fn two_whole_board_problems_and_their_answers_share_an_a5_page_at_four_millimetres_or_more() {
    // At the book's 5 mm a whole board and its words take two thirds of an A5 page, one
    // to a page; with their words beside them two share a page, boards still over 4 mm.
    let dir = common::tempdir();
    let mut s = String::from("::p break=page Problems.\n\n");
    for (k, verdict) in [(0, "Alphaverdict."), (1, "Omegaverdict.")] {
        s.push_str(&format!(
            "::prb sz=19 mv=C3D3 mn={} correct=\"E4({verdict})\"\n\nBlack to play {k}.\n\n",
            401 + k * 10
        ));
    }
    let (pdf, words) = built(dir.path(), &s);
    if words.is_empty() {
        return;
    }
    let (left, right) = measure(&words);
    let mut page = None;
    for first in [401, 411] {
        let (p1, x1) = (
            at(&words, &first.to_string()),
            all(&words, &first.to_string())[0].1,
        );
        let (p2, x2) = (
            at(&words, &(first + 1).to_string()),
            all(&words, &(first + 1).to_string())[0].1,
        );
        assert_eq!(p1.0, p2.0);
        let mm = (x2 - x1) * 25.4 / 72.0;
        assert!(
            mm >= 4.0 - 0.05,
            "the problem from {first} prints {mm:.2} mm between lines"
        );
        assert_eq!(
            *page.get_or_insert(p1.0),
            p1.0,
            "the problems are on two pages"
        );
    }
    // Each problem's text beside its board, right of the middle of the text block.
    for k in 0..2 {
        let w = words
            .iter()
            .find(|w| w.4 == format!("{k}."))
            .expect("the problem's text");
        assert_eq!(
            Some(w.0),
            page,
            "the text of problem {k} is not on its page"
        );
        assert!(
            w.1 > (left + right) / 2.0,
            "the text of problem {k} is not beside its board"
        );
    }
    // The two answers, under their heading, on one page too.
    let (a, b) = (at(&words, "Alphaverdict."), at(&words, "Omegaverdict."));
    assert_eq!(a.0, b.0, "the answers are on two pages");
    assert!(a.0 > page.unwrap(), "{pdf:?}");
}

#[test]
fn a_whole_board_the_rest_of_a_page_holds_only_a_little_smaller_prints_there() {
    // The chapter's title and opening paragraph leave a little less than a 5 mm board, its
    // caption and a line of its text: the board prints there at 4 mm or more, with its
    // text, not on the next page under a page two thirds blank.
    let dir = common::tempdir();
    let s = format!(
        "::fig sz=19 mv=C3D3 mn=701 ca=\"Figure 1\"\n\n{}",
        para("Fitnote", 30)
    );
    let (_, words) = built(dir.path(), &s);
    if words.is_empty() {
        return;
    }
    let opening = all(&words, "Refnote").last().unwrap().0;
    let (p1, x1) = (at(&words, "701").0, all(&words, "701")[0].1);
    let x2 = all(&words, "702")[0].1;
    let mm = (x2 - x1) * 25.4 / 72.0;
    assert_eq!(
        p1, opening,
        "the board is not on the page of the words before it"
    );
    assert!(
        (4.0 - 0.05..5.0 - 0.05).contains(&mm),
        "{mm:.2} mm between lines"
    );
    assert_eq!(
        at(&words, "Fitnote").0,
        p1,
        "the board is not with its text"
    );
}

#[test]
fn words_longer_than_the_board_beside_them_print_whole_under_it() {
    // An answer of many moves and a long comment is taller than its board: beside it, in a
    // block that is never split, its end ran past the page and was lost (an imported
    // semeai problem). Under the board at full measure every word prints.
    let dir = common::tempdir();
    let comment = format!("{} Lastword.", vec!["ko"; 400].join(" "));
    let s = format!(
        "::p break=page Problems.\n\n::prb sz=19 mv=C3D3 correct=\"E4({comment})\"\n\nBlack to play.\n\n"
    );
    let (pdf, words) = built(dir.path(), &s);
    if words.is_empty() {
        return;
    }
    let n = words.iter().filter(|w| w.4 == "ko").count();
    assert_eq!(n, 400, "{n} of the comment's 400 words print ({pdf:?})");
    assert!(words.iter().any(|w| w.4 == "Lastword."), "{pdf:?}");
}

#[test]
fn an_inline_diagrams_words_name_the_page_its_board_prints_on() {
    // Its board prints after the paragraph; where that is the next page (no room left
    // under a whole board), the words in the text say so, as a link to an element does.
    let dir = common::tempdir();
    let s = "::p break=page Start.\n\n::fig sz=19 mv=C3D3 mn=101\n\n\
             Compare <dia sz=19 mv=\"P3 O3\" mn=701>the other way</dia> here.\n\n";
    let (pdf, words) = built(dir.path(), s);
    if words.is_empty() {
        return;
    }
    let (board, text) = (at(&words, "701").0, at(&words, "way,").0);
    assert_eq!(
        board,
        text + 1,
        "the board is not on the page after its words"
    );
    let t = crate::pdf_build::poppler("pdftotext", &[pdf.to_str().unwrap(), "-"]).unwrap();
    let flat = t.split_whitespace().collect::<Vec<_>>().join(" ");
    // The page as the book numbers it (its own count, after the front matter).
    let printed = (1..400).find(|n| flat.contains(&format!("the other way, p. {n} here.")));
    assert!(printed.is_some(), "{flat}");
}
