//! Vertical Japanese (issue #34, the spec's future "vertical writing for Japanese"):
//! `vertical_ja = true` in gobook.toml sets the Japanese edition of the site and the EPUB
//! top to bottom, right to left (tests/books/vertical-ja). Checked in the markup and the
//! CSS, by epubcheck, in a real browser (a paragraph taller than wide, the board upright),
//! and in the PDF, which stays horizontal and reads in order.

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

#[cfg(feature = "pdf")]
#[test]
fn the_pdf_stays_horizontal_says_so_and_reads_in_order() {
    let tmp = common::tempdir();
    let dir = tmp.path().join("book");
    std::fs::create_dir_all(&dir).unwrap();
    let src = common::root().join("tests/books/vertical-ja");
    for f in ["vertical-ja.gobook", "gobook.toml"] {
        std::fs::copy(src.join(f), dir.join(f)).unwrap();
    }
    let out = tmp.path().join("out");
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
        return;
    }
    assert!(o.status.success(), "{err}");
    let said = format!("{}{err}", String::from_utf8_lossy(&o.stdout));
    assert!(
        said.contains("the Japanese PDF is set horizontally"),
        "{said}"
    );
    if !common::tool("pdftotext", "-v") {
        return;
    }
    // pdftotext puts a space between CJK and Latin or digits, where the text has none.
    let t = common::pdf_text(&out.join("tategaki-ja.pdf"), &[]).replace(['\n', ' '], "");
    let mut at = 0;
    for word in [
        "縦書きの本",
        "急所",
        "黒1は急所です。",
        "第1図",
        "白2のあと",
        "二つ目の段落です。",
    ] {
        let found = t[at..]
            .find(word)
            .unwrap_or_else(|| panic!("{word} after {at} in {t}"));
        at += found + word.len();
    }
}
