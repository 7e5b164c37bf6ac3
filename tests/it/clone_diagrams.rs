//! `clone=ID`, a spec's future addition: a diagram repeated where the clone stands, in the
//! site, the EPUB, the PDF and `inspect` (tests/books/valid/clone.gobook); its errors are in
//! tests/books/invalid/clone-errors.gobook.

use crate::common::{self, gobook};

const BOOK: &str = "tests/books/valid/clone.gobook";

/// The SVG boards of a page, in order.
fn boards(html: &str) -> Vec<&str> {
    html.split("<svg")
        .skip(1)
        .map(|s| &s[..s.find("</svg>").expect("closed")])
        .collect()
}

/// Builds the site of `book` into `site`, which must succeed.
fn build_site(book: &std::path::Path, site: &std::path::Path) {
    let r = gobook(&[
        "build",
        book.to_str().unwrap(),
        "-o",
        site.to_str().unwrap(),
    ]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
}

#[test]
fn a_clone_repeats_the_board_and_caption_unless_it_gives_its_own() {
    let tmp = common::tempdir();
    let site = tmp.path().join("site");
    let book = common::root().join(BOOK);
    build_site(&book, &site);
    let one = std::fs::read_to_string(site.join("index.html")).unwrap();
    let two = std::fs::read_to_string(site.join("two.html")).unwrap();
    let (first, again) = (boards(&one), boards(&two));
    // The clone of `shape` is its board, mark and caption, byte for byte.
    assert_eq!(again[0], first[0]);
    assert_eq!(
        two.matches(">Dia. 1<").count(),
        one.matches(">Dia. 1<").count(),
        "the plain clone keeps the caption"
    );
    // A clone of a clone with its own caption and width: the same stones and triangle.
    assert!(two.contains("Dia. 1 (repeated)"));
    assert_eq!(
        again[1].matches("<path").count(),
        first[0].matches("<path").count()
    );
    // `::prb clone=p1` is the problem again, interactive, with its answers...
    let prb = &two[two.find("still a problem").unwrap()..];
    let data = common::data_gb(prb);
    assert_eq!(
        data["c"],
        common::data_gb(&one[one.rfind("data-gb=").unwrap() - 1..])["c"]
    );
    assert!(prb[..prb.find("plain diagram").unwrap()].contains("Show solution"));
    // ...and `::dia clone=p1` its board without the question.
    let plain = &two[two.find("The problem of chapter one").unwrap()..];
    assert!(!plain[..plain.find("preview").unwrap()].contains("Black to live."));
    // A clone may name a diagram further on.
    assert!(two.find("Dia. 2 (ahead)").unwrap() < two.find(">Dia. 2<").unwrap());
    // The same board; only the title (the caption) differs.
    let drawn = |svg: &str| svg[svg.find("</title>").unwrap()..].to_string();
    assert_eq!(drawn(again[again.len() - 2]), drawn(again[again.len() - 1]));
}

#[test]
fn inspect_names_what_each_clone_repeats() {
    let book = common::root().join(BOOK);
    let r = gobook(&["inspect", book.to_str().unwrap()]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let v: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
    let dias = v["diagrams"].as_array().unwrap();
    let of: Vec<(&str, Option<&str>, &str)> = dias
        .iter()
        .map(|d| {
            (
                d["kind"].as_str().unwrap(),
                d["clone_of"].as_str(),
                d["caption"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        of,
        [
            ("dia", None, "Dia. 1"),
            ("prb", None, ""),
            ("dia", Some("shape"), "Dia. 1"),
            ("dia", Some("shape"), "Dia. 1 (repeated)"),
            ("prb", Some("p1"), ""),
            ("dia", Some("p1"), "The problem of chapter one"),
            ("dia", Some("later"), "Dia. 2 (ahead)"),
            ("dia", None, "Dia. 2"),
        ]
    );
    // What a clone shows is the original's board and answers.
    assert_eq!(dias[2]["stones"], dias[0]["stones"]);
    assert_eq!(dias[4]["correct"], dias[1]["correct"]);
}

#[test]
fn fmt_keeps_the_clone() {
    let tmp = common::tempdir();
    let book = tmp.path().join("clone.gobook");
    std::fs::copy(common::root().join(BOOK), &book).unwrap();
    let r = gobook(&["fmt", book.to_str().unwrap()]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let text = std::fs::read_to_string(&book).unwrap();
    assert!(text.contains("::dia(#again) clone=shape"));
    assert!(text.contains("::dia clone=later ca=\"Dia. 2 (ahead)\""));
    let r = gobook(&["check", book.to_str().unwrap()]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
}

#[test]
fn the_epub_and_the_pdf_repeat_it_too() {
    let tmp = common::tempdir();
    let out = tmp.path().join("out");
    let book = common::root().join(BOOK);
    let r = gobook(&[
        "build",
        "--only-epub",
        "--only-pdf",
        "-o",
        out.to_str().unwrap(),
        book.to_str().unwrap(),
    ]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let epub = common::files_with_ext(&out, "epub");
    let all = common::epub_text(&epub[0], ".xhtml");
    for caption in [
        "Dia. 1 (repeated)",
        "The problem of chapter one",
        "Dia. 2 (ahead)",
    ] {
        assert!(all.contains(caption), "{caption} in the EPUB");
    }
    let pdf = common::files_with_ext(&out, "pdf");
    if !common::tool("pdftotext", "-v") {
        return;
    }
    let t = common::pdf_text(&pdf[0], &[]);
    let flat = t.split_whitespace().collect::<Vec<_>>().join(" ");
    for caption in [
        "Dia. 1 (repeated)",
        "The problem of chapter one",
        "Dia. 2 (ahead)",
    ] {
        assert!(flat.contains(caption), "{caption} in the PDF: {flat}");
    }
}

/// `text` written as a book in a temporary folder, and `gobook check` of it.
fn check_book(text: &str) -> (tempfile::TempDir, std::path::PathBuf, std::process::Output) {
    let tmp = common::tempdir();
    let book = tmp.path().join("book.gobook");
    std::fs::write(&book, text).unwrap();
    let r = gobook(&["check", book.to_str().unwrap()]);
    (tmp, book, r)
}

/// The diagrams `gobook inspect` gives of `book`.
fn inspected(book: &std::path::Path) -> Vec<serde_json::Value> {
    let r = gobook(&["inspect", book.to_str().unwrap()]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let v: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
    v["diagrams"].as_array().unwrap().clone()
}

#[test]
fn text_after_a_clone_starts_from_the_diagram_it_repeats() {
    let (_tmp, book, r) = check_book(
        "::book(#b) title=\"T\"\n\n::chapter\n\n::go pb=\"Honinbo Shusaku\" sz=9 mv=C3D4E5\n\n\
         ::dia(#d1) at=1 to=3\n\n::dia clone=d1\n\nAfter the clone <dia at=2>the inline</dia>, by #pb#.\n",
    );
    // No "needs a base with moves" for `at=2`, no empty `#pb#`.
    let said = String::from_utf8_lossy(&r.stderr);
    assert!(
        r.status.success() && said.contains("no problems found"),
        "{said}"
    );
    let dias = inspected(&book);
    let inline = dias.iter().find(|d| d["kind"] == "inline").unwrap();
    // The position before move 2 of `d1`: Black's first stone.
    assert_eq!(
        inline["stones"],
        serde_json::json!([{"point": "C3", "color": "b"}])
    );
    let site = book.parent().unwrap().join("site");
    build_site(&book, &site);
    let html = std::fs::read_to_string(site.join("index.html")).unwrap();
    assert!(html.contains(", by Honinbo Shusaku."), "{html}");
}

#[test]
fn an_inline_base_naming_a_clone_is_an_error_as_on_an_element() {
    let (_tmp, _book, r) = check_book(
        "::book(#b) title=\"T\"\n\n::chapter\n\n::dia(#d1) sz=9 ab=C3\n\n::dia(#c1) clone=d1\n\n\
         ::dia base=c1 mv=D4\n\nA board <dia base=c1 mv=D4>here</dia> and <dia base=nowhere>there</dia>.\n",
    );
    assert_eq!(r.status.code(), Some(1));
    let said = String::from_utf8_lossy(&r.stderr);
    let clone_error = "error: `base=c1` names a clone, which has no position of its own; name the diagram it repeats";
    // Once for the element, once for the inline diagram, each at its place.
    assert_eq!(said.matches(clone_error).count(), 2, "{said}");
    assert!(said.contains(":9:12: error: `base=c1`"), "{said}");
    assert!(said.contains(":11:19: error: `base=c1`"), "{said}");
    assert!(
        said.contains("error: no element has the ID `nowhere`"),
        "{said}"
    );
}

#[test]
fn a_misspelt_attribute_on_a_clone_is_warned_of_once() {
    let (_tmp, _book, r) = check_book(
        "::book(#b) title=\"T\"\n\n::chapter\n\n::dia(#d1) sz=9 ab=C3\n\n::dia clone=d1 colour=1 mv=D4 ca=\"Again\"\n",
    );
    let said = String::from_utf8_lossy(&r.stderr);
    assert_eq!(said.matches("`colour`").count(), 1, "{said}");
    assert!(
        said.contains("warning: `colour` is not an attribute of the gobook format"),
        "{said}"
    );
    // A real attribute of the original's business is ignored, with one warning too.
    assert_eq!(
        said.matches("`mv` is ignored on a clone").count(),
        1,
        "{said}"
    );
    assert!(said.contains("0 errors and 2 warnings"), "{said}");
}

#[test]
fn a_clone_takes_the_width_of_the_chapter_it_stands_in() {
    let (_tmp, book, r) = check_book(
        "::book(#b) title=\"T\"\n\n::chapter(#one)\n\n::dia(#narrow) sz=9 ab=C3\n\n::dia(#set) sz=9 ab=D4 width=half\n\n\
         ::chapter(#two) fullWidth=1\n\n::dia(#wide) sz=9 ab=E5\n\n::dia clone=narrow\n\n::dia clone=set\n\n\
         ::chapter(#three)\n\n::dia clone=wide\n",
    );
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let widths: Vec<(String, String)> = inspected(&book)
        .iter()
        .map(|d| {
            (
                d["clone_of"].as_str().unwrap_or("").to_string(),
                d["width"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let w = |of: &str, width: &str| (of.to_string(), width.to_string());
    assert_eq!(
        widths,
        [
            w("", "dia"),
            w("", "half"),
            w("", "full"),
            // Under `fullWidth`, a clone of a narrow diagram is full width, as a diagram
            // drawn there is; a width the original was given stays.
            w("narrow", "full"),
            w("set", "half"),
            // Without it, a clone of a diagram made full by its chapter is narrow.
            w("wide", "dia"),
        ]
    );
}
