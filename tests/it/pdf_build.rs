//! Issue #32, print: `gobook build --pdf` writes one PDF per book language, checked with
//! poppler's tools as a printer's prepress would: page size and count (`pdfinfo`), every
//! font embedded (`pdffonts`), and the text in reading order (`pdftotext`): every caption,
//! gaps line and paragraph, questions before their answers, hints as text.

use crate::common;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs poppler's `tool` with `args`; None (the test steps aside) when poppler is missing,
/// except under CI, where it must be there.
pub fn poppler(tool: &str, args: &[&str]) -> Option<String> {
    if !common::have(tool, "-v") {
        common::steps_aside(&format!(
            "{tool} is not installed (scripts/setup.sh installs poppler-utils)"
        ));
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
    build_pdf_saying(book, out);
    common::files_with_ext(out, "pdf")
}

/// Builds only the PDFs of `book` into `out` with SOURCE_DATE_EPOCH set; gives what the
/// build said.
pub fn build_pdf_saying(book: &Path, out: &Path) -> String {
    let home = common::tempdir();
    let o = common::with_home(&mut Command::new(env!("CARGO_BIN_EXE_gobook")), home.path())
        .args(["build", "--only-pdf", "-o"])
        .arg(out)
        .arg(book)
        .env("NO_COLOR", "1")
        .env("SOURCE_DATE_EPOCH", "1700000000")
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(o.status.success(), "{said}");
    said
}

/// The PDF's structure elements that hold text of their own, in order, by poppler's
/// `pdfinfo -struct-text`: each one's type (`P`, `H1`, `Span`...) and its words, with
/// those of the inline elements inside a paragraph or heading (its emphasis, its links),
/// which are part of its text; a `Span` outside one is counted apart.
pub fn tagged(pdf: &Path) -> Option<Vec<(String, String)>> {
    struct_text(pdf).map(|out| tagged_in(&out))
}

/// What `pdfinfo -struct-text` prints of the PDF `pdf` (`None` without poppler).
pub fn struct_text(pdf: &Path) -> Option<String> {
    poppler("pdfinfo", &["-struct-text", pdf.to_str().unwrap()])
}

/// [`tagged`] read from `out`, what [`struct_text`] printed: for a caller that reads the
/// structure in other ways too and runs poppler once (a run costs a fifth of a second).
pub fn tagged_in(out: &str) -> Vec<(String, String)> {
    let mut found: Vec<(usize, String, String)> = Vec::new();
    // The indent, index in `found` (or none) of each element open above the line.
    let mut open: Vec<(usize, Option<usize>)> = Vec::new();
    for line in out.lines() {
        let indent = line.len() - line.trim_start().len();
        let l = line.trim();
        if l.is_empty() || l.starts_with('/') || l.starts_with("Object ") {
            continue;
        }
        while open.last().is_some_and(|&(i, _)| i >= indent) {
            open.pop();
        }
        if let Some(words) = l.strip_prefix('"').and_then(|w| w.strip_suffix('"')) {
            if let Some(&(_, Some(k))) = open.last() {
                found[k].2.push_str(words);
            }
            continue;
        }
        let tag: String = l.chars().take_while(|c| c.is_alphanumeric()).collect();
        // An inline element inside a paragraph or heading is part of its text.
        let inside = open.last().and_then(|&(_, k)| k).is_some_and(|k| {
            let t = &found[k].1;
            t == "P" || (t.starts_with('H') && t[1..].chars().all(|c| c.is_ascii_digit()))
        });
        if inside && tag != "Figure" {
            let k = open.last().and_then(|&(_, k)| k);
            open.push((indent, k));
            continue;
        }
        found.push((indent, tag, String::new()));
        open.push((indent, Some(found.len() - 1)));
    }
    found.into_iter().map(|(_, t, w)| (t, w)).collect()
}

/// The PDF's text in reading order, pages joined.
pub fn text(pdf: &Path) -> Option<String> {
    poppler("pdftotext", &[pdf.to_str().unwrap(), "-"])
}

/// Asserts that `needles` appear in `hay` in this order; names the first that does not.
pub fn assert_in_order(hay: &str, needles: &[&str]) {
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

/// What `pdfinfo` says of `pdf`; `None` (stepping aside) where poppler is missing.
pub fn info(pdf: &Path) -> Option<String> {
    poppler("pdfinfo", &[pdf.to_str().unwrap()])
}

/// The PDF's pages as text (poppler ends each page with a form feed).
fn pages(pdf: &Path) -> Option<Vec<String>> {
    let t = text(pdf)?;
    let mut pages: Vec<String> = t.split('\u{c}').map(String::from).collect();
    pages.pop();
    Some(pages)
}

/// The page (from 1) of the first page whose text holds `needle`.
fn page_of(pages: &[String], needle: &str) -> Option<usize> {
    pages.iter().position(|p| p.contains(needle)).map(|i| i + 1)
}

/// The page number a contents line or a page reference gives after `before`: "Dia. 5, p. 9".
fn number_after(hay: &str, before: &str) -> usize {
    let at = hay
        .find(before)
        .unwrap_or_else(|| panic!("no `{before}` in {hay}"))
        + before.len();
    let digits: String = hay[at..]
        .trim_start_matches(|c: char| !c.is_ascii_digit())
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().unwrap()
}

/// The PDF's XMP metadata (`pdfinfo -meta`).
fn meta(pdf: &Path) -> Option<String> {
    poppler("pdfinfo", &["-meta", pdf.to_str().unwrap()])
}

/// Asserts what every PDF gobook writes declares: PDF/A-2 and PDF/UA-1 in the XMP, the
/// title, author and language there, every font embedded, no form and no script.
pub fn assert_standards(pdf: &Path, title: &str, author: &str, lang: &str) {
    let Some(m) = meta(pdf) else { return };
    for part in [
        "<pdfaid:part>2</pdfaid:part>",
        "<pdfaid:conformance>A</pdfaid:conformance>",
        "<pdfuaid:part>1</pdfuaid:part>",
        &format!("<rdf:li xml:lang=\"x-default\">{title}</rdf:li>"),
        &format!("<dc:creator><rdf:Seq><rdf:li>{author}</rdf:li>"),
        &format!("<dc:language><rdf:Bag><rdf:li>{lang}</rdf:li>"),
    ] {
        assert!(
            m.contains(part),
            "no {part} in the XMP of {}: {m}",
            pdf.display()
        );
    }
    let i = info(pdf).unwrap();
    assert!(i.contains("Tagged:          yes"), "{i}");
    // No interactive controls: no form fields, no script.
    assert!(
        i.contains("Form:            none") && i.contains("JavaScript:      no"),
        "{i}"
    );
    assert_fonts_embedded(pdf);
}

/// Every font of `pdf` is embedded, as `pdffonts` lists them.
pub fn assert_fonts_embedded(pdf: &Path) {
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
            // The title page, the copyright page on its back, then the contents.
            "Eight Classic Problems",
            "Vital points, snapback and a ladder",
            "gobook example",
            "CC0: use these problems freely.",
            "Contents",
            "Elementary",
            "Problem 1",
            "Hint: Put a stone where White can take it.",
            "Problem 2",
            "Hint: Atari from the side",
            // The answers after the chapter's problems, each naming its problem and page,
            // its moves by the numbers on its board (no coordinates), where a move fell on
            // a stone in its gaps line.
            "Problem 1, p.",
            "Correct: Black 1, White 2, Black 3 – Snapback.",
            "Problem 2, p.",
            "Correct: Black 1, White 2 … Black 11",
        ],
    );
    assert!(
        !t.contains("Show hint") && !t.contains("Show solution"),
        "{t}"
    );
    assert!(t.contains("3 at 1"), "{t}");
    // Each chapter's answers under a heading a level below the chapter's (#49).
    let tags = tagged(pdf).unwrap();
    let heads: Vec<_> = tags.iter().filter(|(k, _)| k.starts_with('H')).collect();
    let solutions: Vec<_> = heads.iter().filter(|(_, w)| w == "Solutions").collect();
    assert_eq!(solutions.len(), 2, "{heads:?}");
    assert!(solutions.iter().all(|(k, _)| k == "H3"), "{heads:?}");
    assert_standards(pdf, "Eight Classic Problems", "gobook example", "en");
    let p = pages(pdf).unwrap();
    for k in 1..=4 {
        // The page an answer names is the page its question is on, before the answers.
        let question = page_of(&p, &format!("Problem {k}\n")).unwrap();
        let named = number_after(&p.concat(), &format!("Problem {k}, p."));
        assert_eq!(named, question, "Problem {k}");
        let answers = page_of(&p, &format!("Problem {k}, p.")).unwrap();
        assert!(answers > question, "Problem {k}'s answer on page {answers}");
        // An answer's words never name a point by its coordinates.
        let solutions = &p[answers - 1];
        assert!(
            !solutions
                .split(|c: char| !c.is_alphanumeric())
                .any(|w| w.len() >= 2
                    && w.as_bytes()[0].is_ascii_uppercase()
                    && w[1..].chars().all(|c| c.is_ascii_digit())),
            "a coordinate in the solutions: {solutions}"
        );
    }
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
    // Tagged as the site marks them up: each caption, gaps line and paragraph a paragraph
    // (`P`) of its own, not one span running from a caption into the text after it, and
    // the contents under a heading.
    let tags = tagged(&files[0]).unwrap();
    for (tag, words) in [
        ("H1", "Contents"),
        ("P", "Moves 101–150"),
        ("P", "145 at 133; 148 at 138; 149 at 142"),
        ("P", "Black fights hard in the centre"),
        ("P", "Moves 151–200"),
        ("P", "154, 160, 166 at a; 157, 163 at 151"),
        ("P", "Akaboshi Intetsu against Honinbo Jowa, 1835"),
        ("P", "Typeset with gobook."),
    ] {
        assert!(
            tags.iter().any(|(t, w)| t == tag && w.starts_with(words)),
            "no {tag} of its own starting {words:?} in {tags:#?}"
        );
    }
    // The contents a table of contents (`TOC`) after its heading, as typst's outline is
    // tagged: an item (`TOCI`) per chapter holding a reference, the link to its page, not
    // paragraphs a reader of the tags cannot tell from the text.
    let at = tags
        .iter()
        .position(|(t, w)| t == "H1" && w == "Contents")
        .unwrap();
    let toc: Vec<(&str, &str)> = tags[at + 1..at + 8]
        .iter()
        .map(|(t, w)| (t.as_str(), w.as_str()))
        .collect();
    assert_eq!(
        toc,
        [
            ("TOC", ""),
            ("TOCI", ""),
            ("Reference", ""),
            ("Link", "The Blood-vomiting Game  4"),
            ("TOCI", ""),
            ("Reference", ""),
            ("Link", "The Game  5"),
        ],
        "{tags:#?}"
    );
    // No text outside a block of its own: a span only inside a paragraph.
    let loose: Vec<_> = tags.iter().filter(|(t, _)| t == "Span").collect();
    assert!(loose.is_empty(), "{loose:#?}");
    assert!(
        tags.iter().filter(|(t, _)| t == "P").count() > 30,
        "{tags:#?}"
    );
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
            && meta.contains("<pdfuaid:part>1</pdfuaid:part>")
            && meta.contains("<pdfaid:conformance>A</pdfaid:conformance>"),
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
    assert_in_order(&t, &["Problem 8", "Problem 1, p.", "Problem 8, p."]);
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
        common::steps_aside(&format!(
            "no CJK font on this system (scripts/setup.sh installs fonts-ipaexfont-gothic): {err}"
        ));
        return;
    }
    let pdf = dir.path().join("out/tsumego-ja.pdf");
    assert_standards(&pdf, "詰碁の本", "著者", "ja");
    // The Japanese font scripts/setup.sh installs, embedded.
    // (its Mincho face when that is installed too: body text is set in a serif face).
    if Path::new("/usr/share/fonts/opentype/ipaexfont-gothic").is_dir() {
        let fonts = poppler("pdffonts", &[pdf.to_str().unwrap()]).unwrap();
        assert!(
            fonts.contains("IPAexGothic") || fonts.contains("IPAexMincho"),
            "{fonts}"
        );
    }
    let Some(t) = text(&pdf) else { return };
    assert_in_order(
        &t,
        &["詰碁の本", "第一章", "問題一", "黒先で白を取ってください。"],
    );
    // A font named in gobook.toml that the system lacks: the build says so, and what to do.
    std::fs::write(
        dir.path().join("gobook.toml"),
        "pdf_cjk_font = \"No Such Family\"\n",
    )
    .unwrap();
    let o = common::with_home(&mut Command::new(env!("CARGO_BIN_EXE_gobook")), home.path())
        .args(["build", "--only-pdf", "-o"])
        .arg(dir.path().join("out2"))
        .arg(&book)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("`No Such Family`") && err.contains("fonts-noto-cjk") && err.contains('一'),
        "{err}"
    );
}

#[test]
fn a_japanese_edition_is_set_as_japanese_books_are() {
    // #49: body text in a Mincho (serif) face where one is installed, a hint's word with a
    // full-width colon, numbers set close to the characters around them (not "黒 1 と"),
    // and an answer's moves ended as a sentence rather than by a spaced dash.
    let dir = common::tempdir();
    let book = dir.path().join("j.gobook");
    std::fs::write(
        &book,
        "::book_ja(#j) title=\"急所\" author=\"著者\"\n\n::chapter(#c)\n\n::h2 第一章\n\n\
         ::prb(#p) sz=9 ab=C3D3 aw=C4D4 pl=b ca=\"問題1\" correct=\"E4(白死です。)\"\n\n\
         ::p hint=1 黒1と打ちます。\n",
    )
    .unwrap();
    let home = common::tempdir();
    let o = common::with_home(&mut Command::new(env!("CARGO_BIN_EXE_gobook")), home.path())
        .args(["build", "--only-pdf", "-o"])
        .arg(dir.path().join("out"))
        .arg(&book)
        .output()
        .unwrap();
    if !o.status.success() {
        common::steps_aside(&format!("no CJK font on this system: {o:?}"));
        return;
    }
    let pdf = dir.path().join("out/j-ja.pdf");
    let Some(t) = text(&pdf) else { return };
    assert!(t.contains("ヒント：黒"), "{t}");
    assert!(t.contains("正解：黒1。白死です。"), "{t}");
    assert!(!t.contains("ヒント: ") && !t.contains(" – "), "{t}");
    // "黒", "1" and "と" side by side, as poppler reads them: a quarter em between them
    // (typst's default) it reads as "黒 1 と".
    assert!(t.contains("ヒント：黒1と打ちます。"), "{t}");
    // A Mincho face, where the system has one (scripts/setup.sh installs IPAex Mincho).
    let mincho = Command::new("fc-list")
        .args([":lang=ja", "family"])
        .output()
        .map(|o| {
            String::from_utf8_lossy(&o.stdout)
                .to_lowercase()
                .contains("mincho")
        })
        .unwrap_or(false);
    let fonts = poppler("pdffonts", &[pdf.to_str().unwrap()]).unwrap();
    if mincho {
        assert!(fonts.contains("Mincho"), "{fonts}");
    } else {
        eprintln!("pdf_build: no Mincho face installed; the body is set in {fonts}");
    }
    // The same in Chinese (simplified: a font with its characters, WenQuanYi in setup.sh).
    std::fs::write(
        &book,
        "::book_cn(#j) title=\"要点\" author=\"作者\"\n\n::chapter(#c)\n\n::h2 第一章\n\n\
         ::prb(#p) sz=9 ab=C3D3 aw=C4D4 pl=b ca=\"问题1\" correct=\"E4(白死。)\"\n\n\
         ::p hint=1 黑1是要点。\n",
    )
    .unwrap();
    let o = common::with_home(&mut Command::new(env!("CARGO_BIN_EXE_gobook")), home.path())
        .args(["build", "--only-pdf", "-o"])
        .arg(dir.path().join("cn"))
        .arg(&book)
        .output()
        .unwrap();
    assert!(o.status.success(), "{o:?}");
    let t = text(&dir.path().join("cn/j-cn.pdf")).unwrap();
    assert!(t.contains("提示：黑1是要点。"), "{t}");
    // The answer is on its problem's page, so its heading names no page ("问题1（4页）").
    assert!(
        t.contains("正确：黑1。白死。") && t.contains("问题1") && !t.contains("问题1（"),
        "{t}"
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
    // The bleed a prepress tool reads is the 3 mm asked (8.50 pt beyond the trim), not the
    // MediaBox that holds the marks too; every page says so.
    let all = poppler("pdfinfo", &["-box", "-l", "999", pdf]).unwrap();
    let every = |b: &str| all.lines().filter(|l| l.contains(b)).collect::<Vec<_>>();
    let bleed = every("BleedBox:");
    assert!(!bleed.is_empty(), "{all}");
    assert!(
        bleed.iter().all(|l| l
            .split_whitespace()
            .rev()
            .take(4)
            .eq(["637.80", "462.05", "25.51", "25.51"])),
        "{bleed:?}"
    );
    assert_eq!(bleed.len(), every("TrimBox:").len());
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
        // Corners, as that series prints them: a whole 9x9 board in a third of A5 would
        // print under the 4 mm between lines that every board keeps (tests/it/pdf_scale.rs).
        src.push_str(&format!("::prb(#p{i}) sz=19 vw=A1G7 width=third ab=C3D3 aw=C4D4 pl=b ca=\"Problem {i}\" correct=E4\n\nBlack to play {i}.\n\n"));
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

/// A long paragraph without a hyphen of its own, in English and German.
const LONG_EN: &str = "Black opens in the lower left corner and takes the upper right with a quiet move; White answers with two approaches in the other corners. The player who understands the relationship between thickness and territory will find that the middle game becomes considerably more comprehensible, because every exchange can be evaluated against the surrounding positions.";
const LONG_DE: &str = "Schwarz eröffnet in der linken unteren Ecke und nimmt die rechte obere mit einem ruhigen Zug; Weiß antwortet mit zwei Annäherungen in den anderen Ecken. Wer die Beziehung zwischen Dicke und Gebiet versteht, wird feststellen, dass das Mittelspiel erheblich verständlicher wird, weil jeder Austausch gegenüber den umgebenden Stellungen bewertet werden kann.";

/// A book in English and German: a chapter of long text and six full boards with
/// captions and gaps lines (too tall for two to a page), a chapter that links to one of
/// them, and a short last chapter.
fn printed_book(dir: &Path) -> PathBuf {
    let (en, de) = (LONG_EN.repeat(2), LONG_DE.repeat(2));
    let mut s = String::from("::book(#printed) title=\"A Printed Book\" title_de=\"Ein gedrucktes Buch\" author=\"Test Author\"\n\n");
    s.push_str("::chapter(#first) shortTitle=\"First\" shortTitle_de=\"Erstes\"\n\n::h2_en The First Chapter\n\n::h2_de Das erste Kapitel\n\n");
    s.push_str(&format!("::en {en}\n\n::de {de}\n\n"));
    for k in 1..=6 {
        s.push_str(&format!("::dia(#d{k}) width=full sz=19 ab=D4 aw=Q16 ca=\"Dia. {k}\" gaps=\"Gaps line {k}\"\n\n::en Text after diagram {k}.\n\n::de Text nach Diagramm {k}.\n\n"));
    }
    s.push_str("::chapter(#second) shortTitle=\"Second\" shortTitle_de=\"Zweites\"\n\n::h2_en The Second Chapter\n\n::h2_de Das zweite Kapitel\n\n");
    s.push_str(&format!("::en See <a href=d5>Dia. 5</a> for the shape. {en}\n\n::de Siehe <a href=d5>Dia. 5</a> für die Form. {de}\n\n::en {en}\n\n::de {de}\n\n"));
    s.push_str("::chapter(#third) shortTitle=\"Third\"\n\n::h2_en The Third Chapter\n\n::h2_de Das dritte Kapitel\n\nThe end.\n\n::img url=\"page.png\" ca=\"A page\"\n");
    // A picture (a screenshot of the Japanese edition), printed as the book gives it.
    std::fs::copy(
        common::root().join("docs/screenshots/pdf-japanese.png"),
        dir.join("page.png"),
    )
    .unwrap();
    let book = dir.join("printed.gobook");
    std::fs::write(&book, s).unwrap();
    book
}

/// The top of the text area below the trim's top edge (`margin: (top: 20mm)` in frame.rs), in pt.
const TOP_MARGIN_PT: f64 = 20.0 / 25.4 * 72.0;

/// The words of page `n` with the top of each, in pt (`pdftotext -bbox`).
fn words(pdf: &Path, n: usize) -> Vec<(f64, String)> {
    let n = n.to_string();
    let bbox = poppler(
        "pdftotext",
        &["-bbox", "-f", &n, "-l", &n, pdf.to_str().unwrap(), "-"],
    )
    .unwrap();
    bbox.lines()
        .filter(|l| l.contains("<word "))
        .filter_map(|l| {
            let y = l.split("yMin=\"").nth(1)?.split('"').next()?.parse().ok()?;
            let w = l.split('>').nth(1)?.split('<').next()?;
            Some((y, w.to_string()))
        })
        .collect()
}

/// The spacing of a board's lines on page `n`, in mm: the page drawn at 10 pixels a
/// millimetre, rows with a dark run longer than 60 mm (a board's line; text has none), and
/// the median distance between neighbouring lines 3 to 8 mm apart. None without poppler.
fn board_line_spacing(pdf: &Path, n: usize, dir: &Path) -> Option<f64> {
    let n = n.to_string();
    let prefix = dir.join("page");
    poppler(
        "pdftoppm",
        &[
            "-r",
            "254",
            "-gray",
            "-singlefile",
            "-f",
            &n,
            "-l",
            &n,
            pdf.to_str().unwrap(),
            prefix.to_str().unwrap(),
        ],
    )?;
    let pgm = std::fs::read(dir.join("page.pgm")).unwrap();
    // P5 header: magic, width, height, maximum, each followed by white space.
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        let start = at;
        while !pgm[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8_lossy(&pgm[start..at]).into_owned());
        at += 1;
    }
    let (w, h): (usize, usize) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    let pixels = &pgm[at..];
    let long_rows: Vec<usize> = (0..h)
        .filter(|y| {
            let row = &pixels[y * w..(y + 1) * w];
            let (mut run, mut best) = (0, 0);
            for p in row {
                run = if *p < 110 { run + 1 } else { 0 };
                best = best.max(run);
            }
            best > 600
        })
        .collect();
    // Neighbouring rows are one line; a line's centre is the middle of its rows.
    let mut centres: Vec<f64> = Vec::new();
    let mut first = None;
    for (i, y) in long_rows.iter().enumerate() {
        let start = *first.get_or_insert(*y);
        if long_rows.get(i + 1) != Some(&(y + 1)) {
            centres.push((start + y) as f64 / 2.0);
            first = None;
        }
    }
    let mut gaps: Vec<f64> = centres
        .windows(2)
        .map(|c| (c[1] - c[0]) / 10.0)
        .filter(|g| (3.0..=8.0).contains(g))
        .collect();
    assert!(
        gaps.len() >= 15,
        "{} lines of a board found on page {n}: {centres:?}",
        gaps.len() + 1
    );
    gaps.sort_by(f64::total_cmp);
    Some(gaps[gaps.len() / 2])
}

#[test]
fn a_printed_book_keeps_figures_whole_with_heads_contents_page_references_and_hyphens() {
    let dir = common::tempdir();
    let book = printed_book(dir.path());
    let files = build_pdf(&book, &dir.path().join("out"));
    let (de, en) = (&files[0], &files[1]);
    assert!(
        en.ends_with("printed-en.pdf") && de.ends_with("printed-de.pdf"),
        "{files:?}"
    );
    assert_standards(en, "A Printed Book", "Test Author", "en");
    assert_standards(de, "Ein gedrucktes Buch", "Test Author", "de");
    let Some(p) = pages(en) else { return };
    // The contents give the page each chapter opens on, and it opens there: its title first.
    let contents = &p[page_of(&p, "Contents").unwrap() - 1];
    let mut openings = Vec::new();
    for title in [
        "The First Chapter",
        "The Second Chapter",
        "The Third Chapter",
    ] {
        let n = number_after(contents, title);
        assert!(
            p[n - 1].trim_start().starts_with(title),
            "page {n} does not open {title}: {}",
            p[n - 1]
        );
        openings.push(n);
    }
    // Running heads: on a chapter's other pages, the page number with the chapter's short
    // title (right-hand, odd pages) or the book's title (left-hand, even pages).
    for (c, short) in ["First", "Second", "Third"].iter().enumerate() {
        let end = openings.get(c + 1).copied().unwrap_or(p.len() + 1);
        for n in openings[c] + 1..end {
            let head: Vec<&str> = p[n - 1]
                .lines()
                .filter(|l| !l.trim().is_empty())
                .take(2)
                .collect();
            let want = if n % 2 == 1 { *short } else { "A Printed Book" };
            assert!(
                head.contains(&want) && head.contains(&n.to_string().as_str()),
                "page {n}'s head is {head:?}, not {want} and {n}"
            );
        }
    }
    // Every figure whole: its caption and gaps line on one page, under the board (a full
    // board of 5 mm lines is 90 mm tall), never at the top of a page it was split onto.
    let pdf_dir = common::tempdir();
    for k in 1..=6 {
        let n =
            page_of(&p, &format!("Dia. {k}\n")).unwrap_or_else(|| panic!("no caption Dia. {k}"));
        assert!(
            p[n - 1].contains(&format!("Gaps line {k}")),
            "Dia. {k}'s gaps line is not on its page {n}"
        );
        let w = words(en, n);
        let top = w
            .windows(2)
            .find(|x| x[0].1 == "Dia." && x[1].1 == k.to_string())
            .map(|x| x[0].0)
            .unwrap();
        assert!(
            top - TOP_MARGIN_PT > 90.0 / 25.4 * 72.0,
            "Dia. {k}'s caption is {top} pt from the top of page {n}"
        );
        if k == 1 {
            // Book scale: full boards at 4.5 to 5.5 mm between lines.
            if let Some(mm) = board_line_spacing(en, n, pdf_dir.path()) {
                assert!(
                    (4.5..=5.5).contains(&mm),
                    "{mm} mm between a full board's lines"
                );
            }
        }
    }
    // A link to a figure becomes a page reference to the page it is on.
    let link_page = number_after(&p.concat(), "See Dia. 5, p.");
    assert!(
        p[link_page - 1].contains("Dia. 5\n") && p[link_page - 1].contains("Gaps line 5"),
        "page {link_page}"
    );
    // Body text hyphenated in each page's language: lines end with a hyphen the source has not.
    for pdf in [en, de] {
        let t = text(pdf).unwrap();
        let hyphens = t
            .lines()
            .filter(|l| l.ends_with('\u{ad}') || l.ends_with('-'))
            .count();
        assert!(
            hyphens >= 1,
            "no line of {} ends with a hyphen:\n{t}",
            pdf.display()
        );
    }
    // Images at print resolution: every pixel of the book's picture is in the PDF.
    let images = poppler("pdfimages", &["-list", en.to_str().unwrap()]).unwrap();
    // The picture's own size, from its PNG header (width and height after the IHDR tag).
    let png = std::fs::read(common::root().join("docs/screenshots/pdf-japanese.png")).unwrap();
    let dim = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap()).to_string();
    let (w, h) = (dim(16), dim(20));
    assert!(
        images
            .lines()
            .any(|l| l.split_whitespace().nth(3) == Some(w.as_str())
                && l.split_whitespace().nth(4) == Some(h.as_str())),
        "{w}x{h} not in\n{images}"
    );
    let t = text(de).unwrap();
    assert!(
        t.contains("Siehe Dia. 5, S.") || t.contains("Siehe Dia. 5, p."),
        "{t}"
    );
}

#[test]
fn every_trim_size_gives_its_page_and_lines_of_60_to_75_characters() {
    let dir = common::tempdir();
    let book = dir.path().join("b.gobook");
    std::fs::write(
        &book,
        format!(
            "::book(#trim) title=\"Trim\"\n\n::chapter(#c)\n\n::h2 Text\n\n{}\n",
            LONG_EN.repeat(3)
        ),
    )
    .unwrap();
    // Width and height in pt, as pdfinfo prints them.
    for (name, size) in [
        ("A5", "419.528 x 595.276"),
        ("B5", "498.898 x 708.661"),
        ("6x9", "432 x 648"),
        ("A4", "595.276 x 841.89"),
        ("letter", "612 x 792"),
    ] {
        std::fs::write(
            dir.path().join("gobook.toml"),
            format!("pdf_size = \"{name}\"\n"),
        )
        .unwrap();
        let out = dir.path().join(name);
        let pdf = &build_pdf(&book, &out)[0];
        let Some(i) = info(pdf) else { return };
        assert!(
            i.contains(&format!("Page size:       {size} pts")),
            "{name}: {i}"
        );
        // The paragraph's lines, all but its last (a soft hyphen prints as one character).
        let t = text(pdf).unwrap();
        let lines: Vec<usize> = t
            .lines()
            .filter(|l| !l.contains(".."))
            .map(|l| l.chars().count())
            .filter(|n| *n > 45)
            .collect();
        let full = &lines[..lines.len() - 1];
        assert!(full.len() >= 5, "{name}: {t}");
        let mean = full.iter().sum::<usize>() as f64 / full.len() as f64;
        assert!(
            (60.0..=75.0).contains(&mean) && full.iter().all(|n| (50..=78).contains(n)),
            "{name}: lines of {full:?} characters"
        );
    }
}

/// typst lays a book out again until what its pages ask of each other (the contents' page
/// numbers, the running heads) settles, each pass seconds on a thousand-page book. gobook
/// writes the contents' entries itself, so the first pass, which finds no chapter yet, lays
/// out a contents of two pages as the last does: typst is done after two passes, not three,
/// and the contents still give each chapter's page.
#[test]
fn a_contents_of_two_pages_lets_typst_settle_in_two_layout_passes() {
    let dir = common::tempdir();
    let mut s = String::from("::book(#many) title=\"Many Chapters\"\n\n");
    for n in 1..=60 {
        s.push_str(&format!(
            "::chapter(#c{n})\n\n::h2 Chapter number {n}\n\nThe text of chapter {n}.\n\n"
        ));
    }
    let book = dir.path().join("many.gobook");
    std::fs::write(&book, s).unwrap();
    let home = common::tempdir();
    let out = dir.path().join("out");
    let o = common::with_home(&mut Command::new(env!("CARGO_BIN_EXE_gobook")), home.path())
        .args(["build", "-q", "--only-pdf", "-o"])
        .arg(&out)
        .arg(&book)
        .env("GOBOOK_TIMINGS", "passes")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    let passes: Vec<&str> = err
        .lines()
        .filter(|l| l.contains("typst layout passes: "))
        .collect();
    assert_eq!(passes.len(), 1, "{err}");
    assert!(passes[0].contains("passes: 2 "), "{err}");
    let Some(p) = pages(&out.join("many-en.pdf")) else {
        return;
    };
    let first = page_of(&p, "Contents").unwrap();
    assert!(
        p[first].contains("Chapter number 60"),
        "the contents take two pages: {}",
        p[first]
    );
    for n in [1, 37, 60] {
        let title = format!("Chapter number {n}");
        let at = number_after(&p[first - 1..=first].concat(), &format!("{title} "));
        assert!(
            p[at - 1].trim_start().starts_with(&title),
            "page {at} does not open {title}: {}",
            p[at - 1]
        );
    }
}

#[test]
fn a_paragraph_that_links_names_its_page_and_a_language_switch_is_left_out() {
    // The problems example's paragraphs that link to its chapters
    // (`::p href=elementary Elementary: four problems`) name the page each starts on, as a
    // link in running text does.
    let out = common::tempdir();
    let files = build_pdf(
        &common::root().join("examples/problems/problems.gobook"),
        out.path(),
    );
    let Some(p) = pages(&files[0]) else { return };
    let all = p.concat();
    let opening = |title: &str| {
        p.iter()
            .position(|pg| pg.starts_with(title))
            .map(|i| i + 1)
            .unwrap()
    };
    assert_eq!(
        number_after(&all, "Elementary: four problems, p."),
        opening("Elementary")
    );
    assert_eq!(
        number_after(&all, "Intermediate: four problems, p."),
        opening("Intermediate")
    );
    // ear-reddening's line that switches to the other language
    // (`::en <a href="de">Diese Seite auf Deutsch.</a>`): on paper each language is a book
    // of its own, with nothing to switch to. Its own contents chapter of links gives way to
    // the printed contents, which names the same pages.
    let out = common::tempdir();
    let files = build_pdf(
        &common::root().join("examples/ear-reddening/ear-reddening.gobook"),
        out.path(),
    );
    let [de, en] = [0, 1].map(|i| files[i].clone());
    assert!(en.ends_with("ear-reddening-en.pdf"), "{files:?}");
    let p = pages(&en).unwrap();
    let all = p.concat();
    let game = page_of(&p, "Black opens with two komoku").unwrap();
    assert_eq!(number_after(&all, "The Game ."), game);
    assert!(!all.contains("Diese Seite auf Deutsch"), "{all}");
    let de = pages(&de).unwrap();
    let all = de.concat();
    assert_eq!(
        number_after(&all, "Die Partie ."),
        page_of(&de, "Schwarz eröffnet").unwrap()
    );
    assert!(!all.contains("This page in English"), "{all}");
}

/// The height of the box `pdftotext -bbox` gives the first word `word` of `pdf`: its size.
fn word_height(pdf: &Path, word: &str) -> Option<f64> {
    let html = poppler("pdftotext", &["-bbox", pdf.to_str().unwrap(), "-"])?;
    let end = html.find(&format!(">{word}</word>"))?;
    let start = html[..end].rfind("<word ")?;
    let attr = |name: &str| -> f64 {
        let tag = &html[start..end];
        let at = tag.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        tag[at..].split('"').next().unwrap().parse().unwrap()
    };
    Some(attr("yMax") - attr("yMin"))
}

#[test]
fn a_book_whose_headings_skip_levels_is_still_tagged_for_accessibility() {
    // PDF/UA-1 lets a heading go one level deeper than the one before at most; authors
    // follow a title with `::h3` all the time. The PDF tags such a heading a level below
    // the last and prints it at its own size.
    let dir = common::tempdir();
    let write = |name: &str, headings: &str| {
        let book = dir.path().join(format!("{name}.gobook"));
        std::fs::write(
            &book,
            format!("::book(#{name})\ntitle=\"Skips\"\nauthor=\"A. Author\"\n\n::chapter(#one)\n\n{headings}::h4 A small heading\n\n::p Text.\n\n::h1 A chapter title\n\n::h5 And a deeper one\n\n::p More text.\n"),
        )
        .unwrap();
        let out = dir.path().join(name);
        let said = build_pdf_saying(&book, &out);
        assert!(!said.contains("warning"), "{said}");
        out.join(format!("{name}-en.pdf"))
    };
    let skips = write("skips", "");
    assert_standards(&skips, "Skips", "A. Author", "en");
    if let Some(t) = text(&skips) {
        assert_in_order(
            &t,
            &["A small heading", "A chapter title", "And a deeper one"],
        );
    }
    // The same `::h4` after every level above it: its size is the same.
    let steps = write("steps", "::h2 Two\n\n::h3 Three\n\n");
    if let (Some(a), Some(b)) = (word_height(&skips, "small"), word_height(&steps, "small")) {
        assert!((a - b).abs() < 0.05, "{a} pt against {b} pt");
    }
}

#[test]
fn subtitles_hints_bullets_and_image_captions_are_each_a_paragraph_of_their_own() {
    // A bulleted hint keeps its bullet (a paragraph of its own inside the hint's), and a
    // run of bullets whose last has no label still prints (it bound `(,)`, no typst array).
    let dir = common::tempdir();
    let book = dir.path().join("p.gobook");
    std::fs::write(
        &book,
        "::book(#p)\ntitle=\"Paras\"\n\n::chapter(#one)\n\n::h1 One\n\n::s1 A subtitle\n\n::p Before.\n\n::p style=bullet hint=1 1.\\tA bulleted hint.\n\n::p 2.\\tA bullet.\n\n::p No label.\n\n::p style=normal hint=1 A plain hint.\n\n::img url=\"https://example.org/a.png\" ca=\"An image far away\"\n\n::p Last.\n",
    )
    .unwrap();
    let out = dir.path().join("out");
    let said = build_pdf_saying(&book, &out);
    assert!(!said.contains("warning"), "{said}");
    let Some(tags) = tagged(&out.join("p-en.pdf")) else {
        return;
    };
    for (tag, words) in [
        ("P", "A subtitle"),
        ("P", "Before."),
        ("P", "1.A bulleted hint."),
        ("P", "2.A bullet."),
        ("P", "No label."),
        ("P", "Hint: A plain hint."),
        ("P", "An image far away"),
        ("P", "Last."),
    ] {
        assert!(
            tags.iter().any(|(t, w)| t == tag && w == words),
            "no {tag} {words:?} in {tags:#?}"
        );
    }
}

#[test]
fn headings_keep_their_tags_with_siblings_links_and_a_paragraph_that_switches_language() {
    let dir = common::tempdir();
    let book = dir.path().join("b.gobook");
    std::fs::write(
        &book,
        "::book(#rv)\ntitle=\"RV\"\n\n::chapter(#one)\n\n::h1 First chapter\n\n::h3 Sibling A\n\n::p Text a.\n\n::h3 Sibling B\n\n::h4 Under B\n\n::h2 href=one Back to the first\n\n::h2 See <a href=one>the first</a> again\n\n::p_en href=de Diese Seite auf Deutsch.\n\n::p_de href=en This page in English.\n\n::p_en Body.\n\n::p_de Text.\n",
    )
    .unwrap();
    let out = dir.path().join("out");
    let said = build_pdf_saying(&book, &out);
    // A heading's tag takes its plain words: a link in it, or its own href, left none.
    assert!(!said.contains("warning"), "{said}");
    let en = out.join("rv-en.pdf");
    let Some(tags) = poppler("pdfinfo", &["-struct", en.to_str().unwrap()]) else {
        return;
    };
    // Headings of one level stay siblings after a skip; the one under them goes one deeper.
    for tag in [
        "H1 \"First chapter\"",
        "H2 \"Sibling A\"",
        "H2 \"Sibling B\"",
        "H3 \"Under B\"",
        "H2 \"Back to the first\"",
        "H2 \"See the first again\"",
    ] {
        assert!(tags.contains(tag), "no {tag} in {tags}");
    }
    let t = text(&en).unwrap();
    assert!(!t.contains("Deutsch"), "{t}");
    assert!(!text(&out.join("rv-de.pdf")).unwrap().contains("English"));
}
