//! The spec's remaining points of #34 as the built pages and e-books carry them, checked
//! without a browser (tests/browser/layout.mjs measures them in Chromium): the language
//! of standard texts in untagged text on another edition, three spaces that keep their
//! width, one sizing rule for boards in the e-book, the short title on the title page.

use crate::common::{self, gobook};
use std::path::Path;

const BOOK: &str = "::book(#editions)
title=\"A Long Title for the Title Page\"
shortTitle=\"Short\"



::chapter(#one)


::h2 One

::p(#alone) #btp#

::p(#mixed) Here #btp#, and the game goes on.

::p(#spaces) Three   spaces.

::prb(#p9) sz=9 ab=C3D3E3 aw=C4D4E4 pl=b correct=F3 ca=\"A 9x9 problem\"

::fig(#vw) ab=C3 aw=D4 pl=b vw=A1K10 ca=\"A partial view\"

::dia(#d) sz=9 ab=C3 pl=b ca=\"A diagram\"

::p_ja(#jaonly) 日本語。
";

/// The element with `id="ID"` and what follows it, up to its end tag `</tag>`.
fn element<'a>(html: &'a str, tag: &str, id: &str) -> &'a str {
    let at = html
        .find(&format!("<{tag} id=\"{id}\""))
        .unwrap_or_else(|| panic!("no #{id} in {html}"));
    let end = html[at..].find(&format!("</{tag}>")).unwrap() + at;
    &html[at..end]
}

/// Builds the book with its e-books; the Japanese page, the Japanese e-book's chapter and
/// the English page.
fn build(dir: &Path) -> (String, String, String) {
    let book = dir.join("editions.gobook");
    std::fs::write(&book, BOOK).unwrap();
    let site = dir.join("site");
    let r = gobook(&[
        "build",
        book.to_str().unwrap(),
        "-o",
        site.to_str().unwrap(),
        "--epub",
    ]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let read = |p: &str| std::fs::read_to_string(site.join(p)).unwrap();
    let mut z =
        zip::ZipArchive::new(std::fs::File::open(site.join("editions-ja.epub")).unwrap()).unwrap();
    let mut xhtml = String::new();
    for i in 0..z.len() {
        let mut f = z.by_index(i).unwrap();
        if f.name().ends_with(".xhtml") {
            let mut s = String::new();
            std::io::Read::read_to_string(&mut f, &mut s).unwrap();
            if s.contains("id=\"mixed\"") {
                xhtml = s;
            }
        }
    }
    assert!(!xhtml.is_empty(), "the e-book's chapter");
    (read("ja/index.html"), xhtml, read("en/index.html"))
}

#[test]
fn standard_texts_on_another_edition_carry_its_language() {
    let tmp = common::tempdir();
    let (ja, epub, en) = build(tmp.path());
    for (what, page) in [("site", &ja), ("e-book", &epub)] {
        // A paragraph of standard texts alone is the edition's words: no lang="en".
        let alone = element(page, "p", "alone");
        assert!(!alone.contains("lang="), "{what}: {alone}");
        assert!(alone.contains("黒番"), "{what}: {alone}");
        // Untagged words stay the book's language, the standard text in them is Japanese.
        let mixed = element(page, "p", "mixed");
        assert!(mixed.contains(r#"lang="en""#), "{what}: {mixed}");
        assert!(
            mixed.contains(r#"<span lang="ja">黒番です。</span>"#),
            "{what}: {mixed}"
        );
    }
    // On the book's own edition nothing is marked.
    let mixed = element(&en, "p", "mixed");
    assert!(!mixed.contains("lang="), "{mixed}");
}

#[test]
fn three_spaces_keep_their_width_on_the_site_and_in_the_e_book() {
    let tmp = common::tempdir();
    let (ja, epub, _) = build(tmp.path());
    for page in [&ja, &epub] {
        let p = element(page, "p", "spaces");
        assert!(p.contains("Three\u{a0}\u{a0} spaces."), "{p}");
    }
}

#[test]
fn every_board_is_sized_by_its_width_alone_and_the_bar_shows_the_short_title() {
    let tmp = common::tempdir();
    let (_, epub, en) = build(tmp.path());
    for page in [&en, &epub] {
        // Full width for the problem and the partial view, whatever they show; a dia smaller.
        for (id, share) in [("p9", "1"), ("vw", "1"), ("d", "0.625")] {
            let f = element(page, "figure", id);
            let open = &f[..f.find('>').unwrap()];
            assert!(
                open.contains(&format!("style=\"--gb-share:{share}\"")),
                "{open}"
            );
        }
    }
    let css = std::fs::read_to_string(common::root().join("crates/gobook-epub/src/epub/epub.css"))
        .unwrap();
    assert!(
        !css.contains("25rem"),
        "the e-book caps no board but by the rule"
    );
    // The index page's bar (its h1 is the book's title) shows the short title.
    let at = en.find(r#"<header class="gb-top">"#).expect("the top bar");
    let bar = &en[at..at + en[at..].find("</header>").unwrap()];
    assert!(
        bar.contains(r#"<span aria-hidden="true">Short</span>"#),
        "{bar}"
    );
}

/// A PNG of `w` by `h` pixels, one colour.
fn png(w: u32, h: u32) -> Vec<u8> {
    let mut p = resvg::tiny_skia::Pixmap::new(w, h).unwrap();
    p.fill(resvg::tiny_skia::Color::from_rgba8(90, 120, 160, 255));
    p.encode_png().unwrap()
}

/// In print too `scale` is of the image's natural size and the column caps it: 2000 px
/// at 0.5 fill the A5 page's 114.4 mm text column (444 pixels an inch), not half of it;
/// a third-width image takes a third of the column.
#[test]
fn a_scaled_image_wider_than_the_column_fills_it_in_print() {
    if !common::tool("pdfimages", "-v") {
        return;
    }
    let tmp = common::tempdir();
    let dir = tmp.path();
    std::fs::write(dir.join("wide.png"), png(2000, 500)).unwrap();
    std::fs::write(dir.join("small.png"), png(300, 200)).unwrap();
    let book = dir.join("print.gobook");
    std::fs::write(
        &book,
        "::book(#print)\ntitle=\"Print\"\n\n\n\n::chapter(#one)\n\n\n::h2 One\n\n::img(#w) url=\"wide.png\" scale=0.5 ca=\"Wide\"\n\n::img(#s) url=\"small.png\" width=third ca=\"Small\"\n",
    )
    .unwrap();
    let out = dir.join("out");
    let r = gobook(&[
        "build",
        "--only-pdf",
        "-o",
        out.to_str().unwrap(),
        book.to_str().unwrap(),
    ]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let pdf = common::files_with_ext(&out, "pdf");
    let list = std::process::Command::new("pdfimages")
        .arg("-list")
        .arg(&pdf[0])
        .output()
        .unwrap();
    let list = String::from_utf8_lossy(&list.stdout);
    // Columns: page num type width height color comp bpc enc interp object ID x-ppi ...
    let ppi = |width: &str| -> f64 {
        let row = list
            .lines()
            .map(|l| l.split_whitespace().collect::<Vec<_>>())
            .find(|c| c.len() > 12 && c[3] == width)
            .unwrap_or_else(|| panic!("no {width} px image in {list}"));
        row[12].parse().unwrap()
    };
    // 114.4 mm = 4.504 in: 2000 px over it is 444 ppi; 300 px over a third of it, 200.
    assert!((ppi("2000") - 444.0).abs() < 3.0, "{list}");
    assert!((ppi("300") - 200.0).abs() < 3.0, "{list}");
}
