//! Issue #32, print: `gobook build --pdf` writes one PDF per book language, checked with
//! poppler's tools as a printer's prepress would: page size and count (`pdfinfo`), every
//! font embedded (`pdffonts`), and the text in reading order (`pdftotext`): every caption,
//! gaps line and paragraph, questions before their answers, hints as text.

use crate::common;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs poppler's `tool` with `args`; None (the test steps aside) when poppler is missing,
/// except under CI, where it must be there.
fn poppler(tool: &str, args: &[&str]) -> Option<String> {
    if !common::have(tool, "-v") {
        assert!(
            std::env::var_os("CI").is_none(),
            "{tool} is missing (scripts/setup.sh installs poppler-utils)"
        );
        eprintln!("pdf_build steps aside: {tool} is not installed (scripts/setup.sh installs poppler-utils)");
        return None;
    }
    let out = Command::new(tool).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{tool} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Builds only the PDFs of `book` into `out` with SOURCE_DATE_EPOCH set; gives the files.
fn build_pdf(book: &Path, out: &Path) -> Vec<PathBuf> {
    let home = common::tempdir();
    let o = common::with_home(&mut Command::new(env!("CARGO_BIN_EXE_gobook")), home.path())
        .args(["build", "--only-pdf", "-o"])
        .arg(out)
        .arg(book)
        .env("NO_COLOR", "1")
        .env("SOURCE_DATE_EPOCH", "1700000000")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    common::files_with_ext(out, "pdf")
}

/// The PDF's text in reading order, pages joined.
fn text(pdf: &Path) -> Option<String> {
    poppler("pdftotext", &[pdf.to_str().unwrap(), "-"])
}

/// Asserts that `needles` appear in `hay` in this order; names the first that does not.
fn assert_in_order(hay: &str, needles: &[&str]) {
    let flat = hay.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut at = 0;
    for n in needles {
        let n = n.split_whitespace().collect::<Vec<_>>().join(" ");
        match flat[at..].find(&n) {
            Some(i) => at += i + n.len(),
            None => panic!(
                "`{n}` is not in the PDF after byte {at}:\n{}",
                &flat[at.saturating_sub(200)..(at + 600).min(flat.len())]
            ),
        }
    }
}

fn info(pdf: &Path) -> Option<String> {
    poppler("pdfinfo", &[pdf.to_str().unwrap()])
}

fn assert_fonts_embedded(pdf: &Path) {
    let Some(fonts) = poppler("pdffonts", &[pdf.to_str().unwrap()]) else {
        return;
    };
    let rows: Vec<&str> = fonts.lines().skip(2).collect();
    assert!(!rows.is_empty(), "no fonts: {fonts}");
    for row in rows {
        let cols: Vec<&str> = row.split_whitespace().collect();
        // name type [encoding...] emb sub uni object ID: `emb` is the fifth from the end.
        assert_eq!(cols[cols.len() - 5], "yes", "a font is not embedded: {row}");
    }
}

#[test]
fn a_problem_book_prints_questions_then_answers_with_hints_as_text() {
    let out = common::tempdir();
    let book = common::root().join("examples/problems/problems.gobook");
    let files = build_pdf(&book, out.path());
    assert_eq!(files, [out.path().join("problems-en.pdf")]);
    let pdf = &files[0];
    let Some(i) = info(pdf) else { return };
    // A5 by default: 148 x 210 mm.
    assert!(i.contains("Page size:       419.528 x 595.276 pts"), "{i}");
    assert!(i.contains("Title:           Eight Classic Problems"), "{i}");
    assert!(i.contains("Author:          gobook example"), "{i}");
    assert_fonts_embedded(pdf);
    let t = text(pdf).unwrap();
    assert_in_order(
        &t,
        &[
            "Eight Classic Problems",
            "Vital points, snapback and a ladder",
            "Contents",
            "Elementary",
            "Problem 1",
            "Hint: Put a stone where White can take it.",
            "Problem 2",
            "Hint: Atari from the side",
            // The answers after the chapter's problems, each naming its problem and page.
            "Problem 1 p.",
            "Correct: Black D1, White D2, Black D1",
            "Problem 2 p.",
        ],
    );
    assert!(
        !t.contains("Show hint") && !t.contains("Show solution"),
        "{t}"
    );
}

#[test]
fn a_commented_game_keeps_every_caption_gaps_line_and_paragraph_in_order() {
    let out = common::tempdir();
    let book = common::root().join("examples/annotated-game/annotated-game.gobook");
    let files = build_pdf(&book, out.path());
    let Some(t) = text(&files[0]) else { return };
    assert_fonts_embedded(&files[0]);
    assert_in_order(
        &t,
        &[
            "The Blood-vomiting Game",
            "Moves 1–50",
            "Black opens in the lower left",
            "Dia. 1: White 2 could just as well",
            "Moves 51–100",
            "Moves 101–150",
            "Moves 151–200",
        ],
    );
    // A narrow diagram's caption under it, read after the text beside it.
    assert!(t.contains("Dia. 1: the other corner point"), "{t}");
    let i = info(&files[0]).unwrap();
    let pages: usize = i
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    // The browser's print took 67 A4 pages for a game like this one.
    assert!((6..=30).contains(&pages), "{pages} pages");
}

#[test]
fn the_same_book_gives_the_same_bytes_and_says_it_is_pdf_a() {
    let book = common::root().join("examples/problems/problems.gobook");
    let (a, b) = (common::tempdir(), common::tempdir());
    let one = std::fs::read(&build_pdf(&book, a.path())[0]).unwrap();
    let two = std::fs::read(&build_pdf(&book, b.path())[0]).unwrap();
    assert!(one == two, "two builds differ");
    let Some(meta) = poppler(
        "pdfinfo",
        &["-meta", a.path().join("problems-en.pdf").to_str().unwrap()],
    ) else {
        return;
    };
    assert!(
        meta.contains("<pdfaid:part>2</pdfaid:part>")
            && meta.contains("<pdfaid:conformance>B</pdfaid:conformance>"),
        "{meta}"
    );
    assert!(
        meta.contains("2023-11-14"),
        "the date is SOURCE_DATE_EPOCH's: {meta}"
    );
}

#[test]
fn trim_size_and_scale_come_from_gobook_toml() {
    let dir = common::tempdir();
    std::fs::write(
        dir.path().join("gobook.toml"),
        "pdf_size = \"6x9\"\npdf_solutions = \"book\"\n",
    )
    .unwrap();
    let src =
        std::fs::read_to_string(common::root().join("examples/problems/problems.gobook")).unwrap();
    std::fs::write(dir.path().join("b.gobook"), src).unwrap();
    let out = dir.path().join("out");
    let files = build_pdf(&dir.path().join("b.gobook"), &out);
    let Some(i) = info(&files[0]) else { return };
    assert!(i.contains("Page size:       432 x 648 pts"), "{i}");
    let t = text(&files[0]).unwrap();
    // All answers at the end of the book: after the last chapter's problems.
    assert_in_order(&t, &["Problem 8", "Problem 1 p.", "Problem 8 p."]);
}

#[test]
fn a_japanese_edition_prints_with_a_cjk_font_of_the_system() {
    let dir = common::tempdir();
    let book = dir.path().join("ja.gobook");
    std::fs::write(&book, "::book_ja(#tsumego) title=\"詰碁の本\" author=\"著者\"\n\n::chapter(#c)\n\n::h2 第一章\n\n::prb(#p) sz=9 ab=C3D3 aw=C4D4 pl=b ca=\"問題一\" correct=E4\n\n黒先で白を取ってください。\n").unwrap();
    let home = common::tempdir();
    let o = common::with_home(&mut Command::new(env!("CARGO_BIN_EXE_gobook")), home.path())
        .args(["build", "--only-pdf", "-o"])
        .arg(dir.path().join("out"))
        .arg(&book)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    if !o.status.success() {
        // Without a CJK font the build says so, and what to install.
        assert!(
            err.contains("fonts-noto-cjk") && err.contains("pdf_cjk_font"),
            "{err}"
        );
        assert!(
            std::env::var_os("CI").is_none(),
            "no CJK font (scripts/setup.sh installs fonts-ipaexfont-gothic): {err}"
        );
        eprintln!("pdf_build steps aside: no CJK font on this system");
        return;
    }
    let pdf = dir.path().join("out/tsumego-ja.pdf");
    assert_fonts_embedded(&pdf);
    let Some(t) = text(&pdf) else { return };
    assert_in_order(
        &t,
        &["詰碁の本", "第一章", "問題一", "黒先で白を取ってください。"],
    );
}

#[test]
fn a_book_with_characters_no_font_has_is_refused_with_what_to_do() {
    let dir = common::tempdir();
    let book = dir.path().join("b.gobook");
    std::fs::write(
        &book,
        "::book(#b)\n\n::chapter\n\nA private sign: \u{10FFFD}.\n",
    )
    .unwrap();
    let o = common::gobook(&["build", "--only-pdf", book.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    assert!(
        err.contains('\u{10FFFD}') && err.contains("pdf_cjk_font"),
        "{err}"
    );
    assert!(!dir.path().join("site/b-en.pdf").exists());
}

#[test]
fn binding_margins_bleed_crop_marks_and_right_hand_chapters_come_from_gobook_toml() {
    let dir = common::tempdir();
    std::fs::write(
        dir.path().join("gobook.toml"),
        "pdf_bleed = 3.0\npdf_crop_marks = true\npdf_right_hand_chapters = true\n\
         pdf_inner_margin = 25.0\npdf_outer_margin = 12.0\n",
    )
    .unwrap();
    let src =
        std::fs::read_to_string(common::root().join("examples/problems/problems.gobook")).unwrap();
    std::fs::write(dir.path().join("b.gobook"), src).unwrap();
    let files = build_pdf(&dir.path().join("b.gobook"), &dir.path().join("out"));
    let pdf = files[0].to_str().unwrap();
    let Some(boxes) = poppler("pdfinfo", &["-box", pdf]) else {
        return;
    };
    // A5 cut from a sheet with 3 mm of bleed and 9 mm more for the marks: 12 mm = 34.02 pt.
    assert!(
        boxes.contains("TrimBox:            34.02    34.02   453.54   629.29"),
        "{boxes}"
    );
    assert!(
        boxes.contains("Page size:       487.559 x 663.307 pts"),
        "{boxes}"
    );
    // Every chapter opens on a right-hand (odd) page; a page left blank before it shows
    // no running head and no number.
    let pages: usize = boxes
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    let page_text = |n: usize| {
        let n = n.to_string();
        poppler("pdftotext", &["-f", &n, "-l", &n, pdf, "-"]).unwrap()
    };
    let mut openings = Vec::new();
    for n in 1..=pages {
        let t = page_text(n);
        if t.trim_start().starts_with("Elementary") || t.trim_start().starts_with("Intermediate") {
            openings.push(n);
        }
    }
    assert!(!openings.is_empty(), "no chapter openings found");
    assert!(
        openings.iter().all(|n| n % 2 == 1),
        "openings on {openings:?}"
    );
    let blank = (1..=pages)
        .filter(|n| page_text(*n).trim().is_empty())
        .count();
    assert!(
        blank >= 1,
        "no page was left blank before a right-hand opening"
    );
    // The text block sits nearer the outer edge: on a right-hand page the left margin
    // (inner, 25 mm) is wider than the right one (outer, 12 mm).
    let Some(bbox) = poppler(
        "pdftotext",
        &[
            "-bbox",
            "-f",
            &openings[0].to_string(),
            "-l",
            &openings[0].to_string(),
            pdf,
            "-",
        ],
    ) else {
        return;
    };
    let x_min = bbox
        .lines()
        .filter(|l| l.contains("<word "))
        .filter_map(|l| {
            l.split("xMin=\"")
                .nth(1)?
                .split('"')
                .next()?
                .parse::<f64>()
                .ok()
        })
        .fold(f64::MAX, f64::min);
    // 12 mm outside the trim plus the 25 mm inner margin: 37 mm = 104.9 pt.
    assert!(
        (103.0..=108.0).contains(&x_min),
        "left edge of the text at {x_min} pt"
    );
}

#[test]
fn third_width_problems_print_six_to_a_page() {
    let dir = common::tempdir();
    let mut src =
        String::from("::book(#thirds) title=\"Thirds\"\n\n::chapter(#c)\n\n::h2 Problems\n\n");
    for i in 1..=6 {
        src.push_str(&format!("::prb(#p{i}) sz=9 width=third ab=C3D3 aw=C4D4 pl=b ca=\"Problem {i}\" correct=E4\n\nBlack to play {i}.\n\n"));
    }
    std::fs::write(dir.path().join("b.gobook"), src).unwrap();
    let files = build_pdf(&dir.path().join("b.gobook"), &dir.path().join("out"));
    let pdf = files[0].to_str().unwrap();
    let Some(i) = info(&files[0]) else { return };
    let pages: usize = i
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    // The page that holds the first question holds all six, as in the Elementary Go Series.
    let holds_all = (1..=pages).any(|n| {
        let n = n.to_string();
        let t = poppler("pdftotext", &["-f", &n, "-l", &n, pdf, "-"]).unwrap();
        (1..=6).all(|k| t.contains(&format!("Black to play {k}.")))
    });
    assert!(holds_all, "the six problems are not on one page");
}
