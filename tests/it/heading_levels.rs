//! Issue #49, one heading rule for every edition: a heading that would skip a level (an
//! `::h4` after an `::h2`, an `::h3` straight after the book's title, a Markdown `###` of an
//! included file) is tagged one level below the heading it falls under, the same on the
//! site, in the EPUB's XHTML and in the PDF's tags (the Nu checker, axe's `heading-order`
//! and PDF/UA-1 all ask it), and keeps the look of the level its author gave it
//! (`gb-hN` on the web; print sizes it as its own level, see `pdf_build`).

use crate::common;
use crate::pdf_build::poppler;
use std::path::Path;

/// Two chapters whose headings skip levels, one with an included Markdown file.
const BOOK: &str = "::book(#hl)\ntitle=\"Levels\"\n\n::chapter(#one)\n\n::h2 Part two\n\n::h4 Skipped three\n\n::p Text.\n\n::h3 A real three\n\n::h5 Skipped four\n\n::p More.\n\n::include url=\"notes.md\"\n\n::chapter(#two)\n\n::h3 Straight after the title\n\n::p Text.\n\n::h1 A chapter of its own\n\n::h3 Under it\n\n::p The end.\n";

/// The included file: a `####` under the page's `h3`, a `#` of level 1, then a skip.
const NOTES: &str =
    "#### Markdown four\n\nWords.\n\n# Markdown one\n\n### Markdown three\n\nMore words.\n";

/// Each heading of the book, in order: its words, the level every edition tags it at, and
/// the level its author gave it where they differ.
const LEVELS: &[(&str, u8, Option<u8>)] = &[
    ("Part two", 2, None),
    ("Skipped three", 3, Some(4)),
    ("A real three", 3, None),
    ("Skipped four", 4, Some(5)),
    ("Markdown four", 4, None),
    ("Markdown one", 1, None),
    ("Markdown three", 2, Some(3)),
    ("Straight after the title", 2, Some(3)),
    ("A chapter of its own", 1, None),
    ("Under it", 2, Some(3)),
];

/// Every heading element of `html` (`<hN ...>words`), in order: its level, its class
/// attribute and its words.
fn headings(html: &str) -> Vec<(u8, String, String)> {
    let mut out = Vec::new();
    for part in html.split("<h").skip(1) {
        let Some(level) = part.chars().next().and_then(|c| c.to_digit(10)) else {
            continue;
        };
        let Some(end) = part.find('>') else { continue };
        let attrs = &part[1..end];
        let class = attrs
            .split("class=\"")
            .nth(1)
            .and_then(|c| c.split('"').next())
            .unwrap_or_default()
            .to_string();
        let words = part[end + 1..].split('<').next().unwrap_or_default();
        out.push((level as u8, class, words.trim().to_string()));
    }
    out
}

/// Asserts that the headings of `html` (a web edition's chapters, one after another) are
/// [`LEVELS`], each re-levelled one marked with its own level's class.
fn assert_levels(html: &str, edition: &str) {
    let found: Vec<_> = headings(html)
        .into_iter()
        .filter(|(_, _, w)| LEVELS.iter().any(|(words, ..)| w == words))
        .collect();
    assert_eq!(found.len(), LEVELS.len(), "{edition}: {found:#?}");
    for ((level, class, words), (want, tagged, own)) in found.iter().zip(LEVELS) {
        assert_eq!(words, want, "{edition}");
        assert_eq!(level, tagged, "{edition}: {words}");
        let classes: Vec<&str> = class.split_whitespace().collect();
        let marked: Vec<&&str> = classes
            .iter()
            .filter(|c| {
                c.strip_prefix("gb-h")
                    .is_some_and(|n| n.parse::<u8>().is_ok())
            })
            .collect();
        match own {
            Some(own) => assert_eq!(
                marked,
                [&format!("gb-h{own}").as_str()],
                "{edition}: {words}"
            ),
            None => assert!(marked.is_empty(), "{edition}: {words} {class}"),
        }
    }
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap()
}

#[test]
fn a_heading_that_skips_a_level_gets_the_same_level_on_the_site_in_the_epub_and_in_print() {
    let dir = common::tempdir();
    let book = dir.path().join("hl.gobook");
    std::fs::write(&book, BOOK).unwrap();
    std::fs::write(dir.path().join("notes.md"), NOTES).unwrap();
    let out = dir.path().join("out");
    let o = common::gobook(&[
        "build",
        "--epub",
        "--pdf",
        "-q",
        "-o",
        out.to_str().unwrap(),
        book.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // The site: the chapters' pages, in order.
    let site = read(&out.join("index.html")) + &read(&out.join("two.html"));
    assert_levels(&site, "site");
    // The page's one h1 is the book's title where its chapter has none.
    assert!(site.contains("<h1 class=\"gb-site-title\">"), "{site}");
    // The look its author asked for: the classes say which level's it is.
    let css = read(&out.join("style.css"));
    for own in 3..=5 {
        assert!(
            css.contains(&format!(".gb-h{own}")),
            "no .gb-h{own} in the style sheet"
        );
    }
    // The EPUB: the same XHTML levels.
    let epub = out.join("hl-en.epub");
    let xhtml = common::epub_entry(&epub, "OEBPS/text/index.xhtml")
        + &common::epub_entry(&epub, "OEBPS/text/two.xhtml");
    assert_levels(&xhtml, "epub");
    // The PDF: the same levels in its tags, under the title's `H1` and the contents' own.
    let Some(tags) = poppler(
        "pdfinfo",
        &["-struct", out.join("hl-en.pdf").to_str().unwrap()],
    ) else {
        return;
    };
    let printed: Vec<String> = tags
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with('H') && l.contains(" \""))
        .map(|l| l.split(" (").next().unwrap().to_string())
        .collect();
    let mut want = vec!["H1 \"Levels\"".to_string(), "H1 \"Contents\"".to_string()];
    want.extend(LEVELS.iter().map(|(w, l, _)| format!("H{l} \"{w}\"")));
    assert_eq!(printed, want, "{tags}");
}

#[test]
fn the_site_of_a_book_whose_headings_skip_levels_is_clean_in_the_nu_checker_and_axe() {
    // Both found these headings before (the Nu checker: "skipping 1 heading level"; axe:
    // `heading-order`), three pages' worth.
    if !crate::checkers::ready() {
        return;
    }
    let dir = common::tempdir();
    let book = dir.path().join("hl.gobook");
    std::fs::write(&book, BOOK).unwrap();
    std::fs::write(dir.path().join("notes.md"), NOTES).unwrap();
    let out = dir.path().join("out");
    let o = common::gobook(&[
        "build",
        "-q",
        "-o",
        out.to_str().unwrap(),
        book.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let problems = crate::checkers::pages_problems(&[out]);
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}
