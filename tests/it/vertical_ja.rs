//! Vertical Japanese (issue #34, the spec's future "vertical writing for Japanese"):
//! `vertical_ja = true` in gobook.toml sets the Japanese edition of the site and the EPUB
//! top to bottom, right to left (tests/books/vertical-ja). Checked in the markup and the
//! CSS, by epubcheck, in a real browser (a paragraph taller than wide, the board upright),
//! and in the PDF, set in columns by gobook (`crates/gobook-pdf/src/pdf/vertical.rs`): where `pdftotext -bbox`
//! puts each character, and the rules of Japanese line breaking at the columns' ends.

use crate::common;
use std::path::PathBuf;
use std::process::Command;

/// Builds the test book (site and e-books) into a temporary folder, with or without its
/// `vertical_ja`.
fn build(vertical: bool) -> (tempfile::TempDir, PathBuf) {
    let tmp = common::tempdir();
    let dir = tmp.path().join("book");
    std::fs::create_dir_all(&dir).unwrap();
    let src = common::root().join("tests/books/vertical-ja");
    std::fs::copy(
        src.join("vertical-ja.gobook"),
        dir.join("vertical-ja.gobook"),
    )
    .unwrap();
    if vertical {
        std::fs::copy(src.join("gobook.toml"), dir.join("gobook.toml")).unwrap();
    }
    let site = tmp.path().join("site");
    let o = common::gobook(&[
        "build",
        "--epub",
        "-o",
        site.to_str().unwrap(),
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    (tmp, site)
}

#[test]
fn the_japanese_edition_is_vertical_and_the_others_are_not() {
    let (_tmp, site) = build(true);
    let ja = std::fs::read_to_string(site.join("ja/index.html")).unwrap();
    let en = std::fs::read_to_string(site.join("en/index.html")).unwrap();
    let main_of = |page: &str| {
        page[page.find("<main ").unwrap()..]
            [..page[page.find("<main ").unwrap()..].find('>').unwrap()]
            .to_string()
    };
    assert!(main_of(&ja).contains(" gb-vertical"), "{}", main_of(&ja));
    // Numbers of up to three digits stand upright; 1835 lies on its side like Latin words.
    for n in ["1", "2", "12", "123"] {
        assert!(
            ja.contains(&format!(r#"<span class="gb-tcy">{n}</span>"#)),
            "{n}"
        );
    }
    assert!(ja.contains("1835年"), "{ja}");
    assert!(!en.contains("gb-vertical") && !en.contains("gb-tcy"));
    let css = std::fs::read_to_string(site.join("style.css")).unwrap();
    assert!(
        css.contains(".gb-main.gb-vertical{writing-mode:vertical-rl"),
        "{css}"
    );
    assert!(css.contains(".gb-vertical .gb-tcy{text-combine-upright:all}"));

    let ja_epub = site.join("tategaki-ja.epub");
    let en_epub = site.join("tategaki-en.epub");
    let opf = common::epub_entry(&ja_epub, "OEBPS/content.opf");
    assert!(
        opf.contains(r#"<spine page-progression-direction="rtl">"#),
        "{opf}"
    );
    let ecss = common::epub_entry(&ja_epub, "OEBPS/style.css");
    assert!(ecss.contains("-epub-writing-mode: vertical-rl; writing-mode: vertical-rl;"));
    assert!(ecss.contains("text-combine-upright: all"));
    let xhtml = common::epub_entry(&ja_epub, "OEBPS/text/index.xhtml");
    assert!(
        xhtml.contains(r#"黒<span class="gb-tcy">1</span>は急所です。"#),
        "{xhtml}"
    );
    assert!(common::epub_entry(&en_epub, "OEBPS/content.opf").contains("<spine>"));
    // The theme's rules for the site's vertical pages are there, unused; the e-book's are not.
    assert!(!common::epub_entry(&en_epub, "OEBPS/style.css").contains("-epub-writing-mode"));
    crate::epub_build::assert_epubcheck_clean(&[ja_epub, en_epub]);
}

#[test]
fn without_the_setting_japanese_stays_horizontal() {
    let (_tmp, site) = build(false);
    let ja = std::fs::read_to_string(site.join("ja/index.html")).unwrap();
    assert!(!ja.contains("gb-vertical") && !ja.contains("gb-tcy"));
    assert!(ja.contains("黒1は急所です。"));
    let opf = common::epub_entry(&site.join("tategaki-ja.epub"), "OEBPS/content.opf");
    assert!(opf.contains("<spine>"), "{opf}");
}

#[test]
fn a_reader_sees_columns_top_to_bottom_right_to_left_and_upright_boards() {
    if let Some(why) = common::browser_missing() {
        assert!(
            std::env::var_os("CI").is_none(),
            "browser tests cannot run under CI: {why}"
        );
        common::steps_aside(&format!(
            "vertical_ja in the browser: {why}; run scripts/setup.sh"
        ));
        return;
    }
    let (tmp, site) = build(true);
    // The EPUB's chapter document, beside its style sheet, opened as a file.
    let epub = tmp.path().join("epub");
    let mut z =
        zip::ZipArchive::new(std::fs::File::open(site.join("tategaki-ja.epub")).unwrap()).unwrap();
    z.extract(&epub).unwrap();
    let out = Command::new("node")
        .arg(common::root().join("tests/browser/vertical.mjs"))
        .arg(&site)
        .arg(epub.join("OEBPS/text/index.xhtml"))
        .env("CHROMIUM", common::chromium())
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    eprintln!("{said}{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{said}");
}

/// One character (or run) `pdftotext -bbox` found on a page: its text and its box's middle.
#[cfg(feature = "pdf")]
struct Glyph {
    text: String,
    x: f64,
    y: f64,
}

/// The words of page `page` of `pdf`, as `pdftotext -bbox` gives them (each CJK character
/// one word, a number one word).
#[cfg(feature = "pdf")]
fn glyphs(pdf: &std::path::Path, page: usize) -> Vec<Glyph> {
    let p = page.to_string();
    let html = common::pdf_text(pdf, &["-bbox", "-f", &p, "-l", &p]);
    let attr = |w: &str, name: &str| -> f64 {
        let at = w.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        w[at..w[at..].find('"').unwrap() + at].parse().unwrap()
    };
    html.split("<word ")
        .skip(1)
        .map(|w| {
            let text = &w[w.find('>').unwrap() + 1..w.find("</word>").unwrap()];
            Glyph {
                text: text.to_string(),
                x: (attr(w, "xMin") + attr(w, "xMax")) / 2.0,
                y: (attr(w, "yMin") + attr(w, "yMax")) / 2.0,
            }
        })
        .collect()
}

/// The page's words read as vertical Japanese: columns (words whose middles are within
/// 5 pt across; a column is 20 pt wide) from right to left, each from top to bottom.
#[cfg(feature = "pdf")]
fn read_vertically(g: &[Glyph]) -> String {
    columns(g)
        .into_iter()
        .map(|c| c.iter().map(|w| w.text.as_str()).collect::<String>())
        .collect()
}

/// The page's words as columns from right to left, each from top to bottom.
#[cfg(feature = "pdf")]
fn columns(g: &[Glyph]) -> Vec<Vec<&Glyph>> {
    let mut sorted: Vec<&Glyph> = g.iter().collect();
    sorted.sort_by(|a, b| b.x.total_cmp(&a.x));
    let mut columns: Vec<Vec<&Glyph>> = Vec::new();
    for w in sorted {
        match columns.last_mut() {
            Some(c) if (c[0].x - w.x).abs() < 5.0 => c.push(w),
            _ => columns.push(vec![w]),
        }
    }
    for c in &mut columns {
        c.sort_by(|a, b| a.y.total_cmp(&b.y));
    }
    columns
}

#[cfg(feature = "pdf")]
/// Builds the PDFs of the book in `dir` into `out`: false (after saying so) when this
/// system has no CJK font or no `pdftotext` to read them, which CI must have.
fn built_pdf(dir: &std::path::Path, out: &std::path::Path) -> bool {
    let o = common::gobook(&[
        "build",
        "--only-pdf",
        "-o",
        out.to_str().unwrap(),
        dir.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    if !o.status.success() && err.contains("pdf_cjk_font") {
        assert!(std::env::var_os("CI").is_none(), "no CJK font: {err}");
        common::steps_aside("vertical_ja PDF: no CJK font on this system");
        return false;
    }
    assert!(o.status.success(), "{err}");
    common::tool("pdftotext", "-v")
}

#[cfg(feature = "pdf")]
#[test]
fn the_japanese_pdf_runs_in_columns_top_to_bottom_right_to_left() {
    let tmp = common::tempdir();
    let dir = tmp.path().join("book");
    std::fs::create_dir_all(&dir).unwrap();
    let src = common::root().join("tests/books/vertical-ja");
    for f in ["vertical-ja.gobook", "gobook.toml"] {
        std::fs::copy(src.join(f), dir.join(f)).unwrap();
    }
    let out = tmp.path().join("out");
    if !built_pdf(&dir, &out) {
        return;
    }
    let ja = out.join("tategaki-ja.pdf");
    crate::pdf_build::assert_fonts_embedded(&ja);
    // Bound on the right: a viewer lays the spreads out right to left. Still tagged, and
    // still PDF/A-2a and PDF/UA-1 as poppler reads it.
    let bytes = std::fs::read(&ja).unwrap();
    let has = |b: &[u8], s: &str| b.windows(s.len()).any(|w| w == s.as_bytes());
    assert!(has(&bytes, "/Direction/R2L") && !has(&bytes, "/Direction/L2R"));
    assert!(has(
        &std::fs::read(out.join("tategaki-en.pdf")).unwrap(),
        "/Direction/L2R"
    ));
    let info = crate::pdf_build::info(&ja).unwrap();
    assert!(info.contains("Tagged:          yes"), "{info}");
    assert!(
        has(&bytes, "<pdfaid:part>2</pdfaid:part>")
            && has(&bytes, "<pdfuaid:part>1</pdfuaid:part>"),
        "PDF/A-2 and PDF/UA-1"
    );
    // The chapter's page: title, copyright and contents come first.
    let page = glyphs(&ja, 4);
    // The rightmost of the glyphs `c`.
    let rightmost = |c: &str| {
        page.iter()
            .filter(|g| g.text == c)
            .max_by(|a, b| a.x.total_cmp(&b.x))
            .unwrap_or_else(|| panic!("{c} on the page"))
    };
    // Where a `start` is followed by each of `next` right under the one before, in the same
    // column: the column's place across the page.
    let stacked = |start: &str, next: &[&str]| -> f64 {
        let chain = |first: &Glyph| {
            let mut at = first;
            for c in next {
                at = page
                    .iter()
                    .filter(|g| g.text == *c && (g.x - at.x).abs() < 1.5 && g.y > at.y + 5.0)
                    .min_by(|a, b| a.y.total_cmp(&b.y))?;
            }
            Some(first.x)
        };
        page.iter()
            .filter(|g| g.text == start)
            .find_map(chain)
            .unwrap_or_else(|| panic!("{start}{} in a column", next.concat()))
    };
    // One column: 黒, the move number set across it, は, 急 each under the one before.
    let first = stacked("黒", &["1", "は", "急", "所", "で", "す"]);
    let second = stacked("白", &["2", "の", "あ", "と"]);
    let third = stacked("二", &["つ", "目", "の", "段", "落"]);
    // The heading on the right, then the paragraphs' columns right to left.
    let heading = rightmost("急").x;
    assert!(
        heading > first && first > second && second > third,
        "{heading} {first} {second} {third}"
    );
    // Read as columns right to left, top to bottom, the page says the book's words in order
    // (move numbers and short numbers stand across the column: 白12, 123目; 1835 and
    // SmartGo lie on their side). The caption 第1図 stays horizontal under its board.
    let read = read_vertically(&page);
    let mut from = 0;
    for words in [
        "急所",
        "黒1は急所です。白2と白12が続きます。",
        "1835年の対局もここで決まりました。SmartGoで並べてみましょう。",
        "白2のあと、黒3とつなぎます。第1図の3手で、黒は123目の大きさ",
        "二つ目の段落です。縦書きでは段落が右から左へ並び、",
    ] {
        let found = read[from..]
            .find(words)
            .unwrap_or_else(|| panic!("{words} after {from} in {read}"));
        from += found + words.len();
    }
    // The English edition stays horizontal.
    let en = common::pdf_text(&out.join("tategaki-en.pdf"), &[]).replace('\n', " ");
    assert!(en.contains("Black plays 1 at the vital point."), "{en}");
}

#[cfg(feature = "pdf")]
#[test]
fn no_column_starts_with_a_stop_or_ends_with_an_opening_bracket() {
    let tmp = common::tempdir();
    let dir = tmp.path().join("book");
    std::fs::create_dir_all(&dir).unwrap();
    // Sentences of every length from 4 to 12 characters, a quotation in each: column ends
    // fall on every kind of character.
    let text: String = (4..13)
        .cycle()
        .take(40)
        .map(|n| format!("「{}」と、黒は打つ。", "石".repeat(n)))
        .collect();
    std::fs::write(
        dir.join("kinsoku.gobook"),
        format!("::book_ja(#kinsoku)\ntitle=\"禁則\"\n\n::chapter(#c)\n\n{text}\n"),
    )
    .unwrap();
    std::fs::write(dir.join("gobook.toml"), "vertical_ja = true\n").unwrap();
    let out = tmp.path().join("out");
    if !built_pdf(&dir, &out) {
        return;
    }
    let pdf = out.join("kinsoku-ja.pdf");
    let mut lengths = Vec::new();
    for page in [4, 5] {
        let g = glyphs(&pdf, page);
        // The running head and the page number lie across the top or the foot: not columns.
        let body: Vec<Glyph> = g
            .into_iter()
            .filter(|w| w.text != "禁則" && w.text.parse::<u32>().is_err())
            .collect();
        for c in columns(&body) {
            let (top, bottom) = (&c[0].text, &c[c.len() - 1].text);
            assert!(
                !["、", "。", "」"].contains(&top.as_str()),
                "a column starts with {top}: {}",
                c.iter().map(|w| w.text.as_str()).collect::<String>()
            );
            assert!(
                bottom != "「",
                "a column ends with 「: {}",
                c.iter().map(|w| w.text.as_str()).collect::<String>()
            );
            lengths.push(c.len());
        }
    }
    // Full columns hold the same number of characters, but for those whose last character
    // moved on to the next column (the last column of all is the paragraph's end).
    lengths.pop();
    let most = *lengths.iter().max().unwrap();
    assert!(lengths.len() > 10, "{lengths:?}");
    assert!(lengths.iter().any(|&n| n < most), "{lengths:?}");
}

#[cfg(feature = "pdf")]
#[test]
fn vertical_print_leaves_out_a_language_switch_and_keeps_a_linking_paragraph() {
    let tmp = common::tempdir();
    let dir = tmp.path().join("book");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("gobook.toml"), "vertical_ja = true\n").unwrap();
    std::fs::write(
        dir.join("book.gobook"),
        "::book(#vj)\ntitle_en=\"V\"\ntitle_ja=\"縦\"\n\n::chapter(#one)\n\n::h1_en One\n\n::h1_ja 第一章\n\n::ja <a href=\"en\">Read it in English</a>\n\n::p_ja href=two 第二章へ進む\n\n::chapter(#two)\n\n::h1_en Two\n\n::h1_ja 第二章\n\n::p_ja 本文です。\n",
    )
    .unwrap();
    let out = tmp.path().join("out");
    if !built_pdf(&dir, &out) {
        return;
    }
    let o = std::process::Command::new("pdftotext")
        .arg(out.join("vj-ja.pdf"))
        .arg("-")
        .output()
        .unwrap();
    let text: String = String::from_utf8_lossy(&o.stdout)
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    assert!(!text.contains("ReaditinEnglish"), "{text}");
    assert!(text.contains("本文です"), "{text}");
    // The linking paragraph's characters are all there (vertical text reads out of order).
    for c in "第二章へ進む".chars() {
        assert!(text.contains(c), "{c} in {text}");
    }
}
