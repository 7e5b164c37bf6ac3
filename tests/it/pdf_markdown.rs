//! Issue #47, everything that reaches the page reaches the print: an included Markdown file
//! prints as the site shows it (text, emphasis, nested lists, a table, code, a block quote,
//! an image), read once into the page model (`layout::markdown`) that both write. Checked
//! with poppler: the words in order, the same words as the site's, the image in the PDF, the
//! tags (lists, table, quote, code) and the standards.

use crate::common;
use crate::pdf_build::{assert_in_order, assert_standards, build_pdf_saying, poppler};
use std::path::Path;

/// The Markdown file the book includes: every kind of block the site shows.
const NOTES: &str = "## Notes on the opening

Some *emphasised* words, **strong** ones, ~~struck~~ text and `inline code`, with a
[web link](https://example.org/go) and a [link to a page](other.html).

- first point
- second point
  - nested under the second
    1. numbered deeper
    2. and again
- third point

| Move | Player | Comment |
|:-----|:------:|--------:|
| 1 | Black | *hoshi* |
| 2 | White | komoku |

```
fn main() { println!(\"<go> & #weiqi\"); }
```

> A quotation from a master:
> play where your stones are strong.

---

<span>Raw HTML stays its text</span>

![The board after move three](img/board.png)

A footnote[^1] closes the notes.

[^1]: The footnote's words.
";

/// A book whose chapter includes [`NOTES`] between two paragraphs of its own, and its image.
fn book(dir: &Path) -> std::path::PathBuf {
    std::fs::create_dir_all(dir.join("img")).unwrap();
    let mut p = resvg::tiny_skia::Pixmap::new(300, 200).unwrap();
    p.fill(resvg::tiny_skia::Color::from_rgba8(200, 120, 40, 255));
    std::fs::write(dir.join("img/board.png"), p.encode_png().unwrap()).unwrap();
    std::fs::write(dir.join("notes.md"), NOTES).unwrap();
    let book = dir.join("md.gobook");
    std::fs::write(
        &book,
        "::book(#md)\ntitle=\"Markdown Printed\"\nauthor=\"A. Writer\"\n\n::chapter(#one)\n\n::h1 The Opening\n\n::p Before the include.\n\n::include url=\"notes.md\"\n\n::p After the include.\n",
    )
    .unwrap();
    book
}

/// The words of `text` with everything but letters and digits taken out of each: a word
/// hyphenated at a line's end in print is the same letters.
fn letters(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(|w| {
            w.chars()
                .filter(|c| c.is_alphanumeric())
                .collect::<String>()
        })
        .filter(|w| !w.is_empty())
        .collect()
}

/// The text the site shows of `html` between `from` and `to`: tags out, entities read.
fn shown_text(html: &str, from: &str, to: &str) -> String {
    let start = html
        .find(from)
        .unwrap_or_else(|| panic!("no {from} in {html}"));
    let end = start + html[start..].find(to).unwrap();
    let mut out = String::new();
    let mut in_tag = false;
    for c in html[start..end].chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                out.push(' ');
            }
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#x27;", "'")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

#[test]
fn a_markdown_include_prints_as_the_site_shows_it() {
    let tmp = common::tempdir();
    let dir = tmp.path().join("book");
    let book = book(&dir);
    let out = tmp.path().join("pdf");
    let said = build_pdf_saying(&book, &out);
    assert!(!said.contains("warning"), "{said}");
    let pdf = out.join("md-en.pdf");
    assert_standards(&pdf, "Markdown Printed", "A. Writer", "en");
    let Some(text) = poppler("pdftotext", &["-layout", pdf.to_str().unwrap(), "-"]) else {
        return;
    };
    // Every block, in order, between the chapter's own paragraphs.
    assert_in_order(
        &text,
        &[
            "Before the include.",
            "Notes on the opening",
            "Some emphasised words, strong ones, struck text and inline code",
            "first point",
            "second point",
            "nested under the second",
            "1. numbered deeper",
            "2. and again",
            "third point",
            "Move",
            "Player",
            "Comment",
            "1",
            "Black",
            "hoshi",
            "fn main() { println!(\"<go> & #weiqi\"); }",
            "A quotation from a master:",
            "<span>Raw HTML stays its text</span>",
            "A footnote1 closes the notes.",
            "1 The footnote's words.",
            "After the include.",
        ],
    );
    // The site's words of the include, in the same order in print; the e-book, written
    // from the same document, is a valid one.
    let site = tmp.path().join("site");
    let o = common::gobook(&[
        "build",
        "--epub",
        "-o",
        site.to_str().unwrap(),
        book.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let html = std::fs::read_to_string(site.join("index.html")).unwrap();
    let on_site = letters(&shown_text(
        &html,
        "<div class=\"gb-include\">",
        "After the include.",
    ));
    assert!(on_site.len() > 60, "{on_site:?}");
    crate::epub_build::assert_epubcheck_clean(&[site.join("md-en.epub")]);
    let printed = letters(&text).concat();
    let mut at = 0;
    for w in &on_site {
        match printed[at..].find(w.as_str()) {
            Some(i) => at += i + w.len(),
            None => panic!(
                "the site's `{w}` is not in the PDF after {:?}",
                &printed[..at]
            ),
        }
    }
    // The image is in the PDF, at its own pixels.
    let images = poppler("pdfimages", &["-list", pdf.to_str().unwrap()]).unwrap();
    assert!(
        images.lines().skip(2).any(|l| {
            let cols: Vec<&str> = l.split_whitespace().collect();
            cols.get(3..5) == Some(&["300", "200"][..])
        }),
        "{images}"
    );
    // Tagged as what it is: a list in a list, a table with its header, a quote, code.
    let tags = poppler("pdfinfo", &["-struct", pdf.to_str().unwrap()]).unwrap();
    for tag in [
        "H1 \"The Opening\"",
        "H2 \"Notes on the opening\"",
        "L (block)",
        "LI (block)",
        "Table (block)",
        "THead",
        "TH ",
        "TD",
        "BlockQuote",
        "Code",
        "Figure",
    ] {
        assert!(tags.contains(tag), "no {tag} in {tags}");
    }
    // Code in the monospaced face, embedded.
    let fonts = poppler("pdffonts", &[pdf.to_str().unwrap()]).unwrap();
    assert!(fonts.contains("DejaVuSansMono"), "{fonts}");
}

#[test]
fn a_markdown_include_in_vertical_japanese_prints_its_words() {
    let tmp = common::tempdir();
    let dir = tmp.path().join("book");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("gobook.toml"), "vertical_ja = true\n").unwrap();
    std::fs::write(
        dir.join("notes.md"),
        "## 覚え書き\n\n黒は**急所**に打ちます。\n\n- 一つ目\n- 二つ目\n\n| 手 | 色 |\n|---|---|\n| 1 | 黒 |\n",
    )
    .unwrap();
    let book = dir.join("v.gobook");
    std::fs::write(
        &book,
        "::book_ja(#v) title=\"縦書き\"\n\n::chapter\n\n::h1 序章\n\n::p 本文です。\n\n::include url=\"notes.md\"\n",
    )
    .unwrap();
    let out = tmp.path().join("out");
    let o = common::gobook(&[
        "build",
        "--only-pdf",
        "-o",
        out.to_str().unwrap(),
        book.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    if !o.status.success() && err.contains("pdf_cjk_font") {
        common::steps_aside("the vertical PDF: no CJK font on this system");
        return;
    }
    assert!(o.status.success(), "{err}");
    let pdf = out.join("v-ja.pdf");
    let Some(text) = poppler("pdftotext", &[pdf.to_str().unwrap(), "-"]) else {
        return;
    };
    let flat: String = text.split_whitespace().collect();
    for words in [
        "覚え書き",
        "黒は急所に打ちます。",
        "一つ目",
        "二つ目",
        "手",
        "色",
    ] {
        assert!(flat.contains(words), "no {words} in {flat}");
    }
    // The list and the table, set across the page, keep their tags.
    let tags = poppler("pdfinfo", &["-struct", pdf.to_str().unwrap()]).unwrap();
    assert!(
        tags.contains("L (block)") && tags.contains("Table (block)"),
        "{tags}"
    );
}

#[test]
fn a_hostile_markdown_include_prints_without_a_bug_message() {
    // Nesting far past what typst sets (its show rules nest 64 deep at most), typst's own
    // syntax as text, raw HTML, blocks inside list items and table cells, empty links, a
    // footnote nobody defines, a heading and a description longer than a PDF string: every
    // word prints, and the PDF is still tagged.
    let tmp = common::tempdir();
    let dir = tmp.path().join("book");
    std::fs::create_dir_all(&dir).unwrap();
    let mut md = format!("{}deep quote words *in **it***\n\n", "> ".repeat(300));
    for i in 0..40 {
        md.push_str(&format!("{}- level {i}\n", "  ".repeat(i)));
    }
    md.push_str(&format!(
        "\n{}core{}\n\n",
        "*a **b ".repeat(60),
        "** b* a".repeat(60)
    ));
    md.push_str("0. from zero\n\n- # a heading in a list\n- > a quote in a list\n- ```\n  code in a list\n  ```\n\n");
    md.push_str("| `c` | [](https://x.org) |\n|---|---|\n| ~~s~~ | ![gone](missing:x) |\n\n");
    md.push_str("A note[^a] and [^missing].\n\n[^a]: > A quoted note.\n\n");
    md.push_str("<script>alert(1)</script>\n\n<!-- a comment -->\n\n");
    // Words longer than a PDF string holds, as a heading's tag or an image's description.
    let long = "word ".repeat(1700);
    md.push_str(&format!("# Long {long}\n\n![Long {long}](pic.png)\n\n"));
    md.push_str(
        "#set page(width: 1cm) $x$ @ref <label> = not a heading ]) #{panic()} [\n\nLast words.\n",
    );
    std::fs::write(dir.join("notes.md"), md).unwrap();
    let mut p = resvg::tiny_skia::Pixmap::new(20, 20).unwrap();
    p.fill(resvg::tiny_skia::Color::from_rgba8(20, 20, 20, 255));
    std::fs::write(dir.join("pic.png"), p.encode_png().unwrap()).unwrap();
    let book = dir.join("h.gobook");
    std::fs::write(
        &book,
        "::book(#h)\ntitle=\"Hostile\"\nauthor=\"A. Writer\"\n\n::chapter\n\n::h1 Start\n\n::include url=\"notes.md\"\n",
    )
    .unwrap();
    let out = tmp.path().join("out");
    let said = build_pdf_saying(&book, &out);
    assert!(!said.contains("warning"), "{said}");
    let pdf = out.join("h-en.pdf");
    assert_standards(&pdf, "Hostile", "A. Writer", "en");
    let Some(text) = poppler("pdftotext", &[pdf.to_str().unwrap(), "-"]) else {
        return;
    };
    assert_in_order(
        &text,
        &[
            "deep quote words",
            "level 0",
            "level 39",
            "core",
            "0. from zero",
            "a heading in a list",
            "a quote in a list",
            "code in a list",
            "gone",
            "[^missing]",
            "A quoted note.",
            "<script>alert(1)</script>",
            "<!-- a comment -->",
            "Long word word",
            "#set page(width: 1cm) $x$ @ref <label> = not a heading ]) #{panic()} [",
            "Last words.",
        ],
    );
}
