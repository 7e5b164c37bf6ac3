//! Issue #52: a Sensei's Library diagram's link lines (`[a|Page]`) in every path — drawn on
//! their points by `gobook svg` and `gobook md`, a paragraph of links after the `::dia` of
//! `gobook import`, written back by `--format sl` — and boards side by side (columns of
//! `_`) read each, imported as a row of diagrams.

use crate::common::{self, gobook};
use gobook::sl::{self, boards, Cell};

const LINKED: &str = "$$B Links
$$ +-----------
$$ | . C . . .
$$ | . 2 1 a .
$$ | X . C . .
$$ [2|NadareJoseki]
$$ [a|https://example.org/?p=1&q=\"2\"]
$$ [C|#1]
$$ [X|javascript:alert(1)]
";

fn ok(out: &std::process::Output) -> String {
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// The `<a href>` of the SVG, in order: (address, title).
fn svg_links(svg: &str) -> Vec<(String, String)> {
    svg.split("<a href=\"")
        .skip(1)
        .map(|a| {
            let (href, rest) = a.split_once('"').unwrap();
            let title = rest
                .split_once("<title>")
                .and_then(|(_, t)| t.split_once("</title>"))
                .unwrap()
                .0;
            (href.to_string(), title.to_string())
        })
        .collect()
}

#[test]
fn svg_draws_a_link_on_each_point_showing_its_anchor_and_no_other_scheme() {
    let out = gobook(&["svg", "-e", LINKED]);
    let svg = ok(&out);
    let links = svg_links(&svg);
    let want = [
        ("https://senseis.xmp.net/?NadareJoseki", "NadareJoseki"),
        (
            "https://example.org/?p=1&amp;q=&quot;2&quot;",
            "https://example.org/?p=1&amp;q=&quot;2&quot;",
        ),
        ("#1", "#1"),
        ("#1", "#1"),
    ];
    let got: Vec<(&str, &str)> = links
        .iter()
        .map(|(h, t)| (h.as_str(), t.as_str()))
        .collect();
    assert_eq!(got, want);
    assert!(!svg.contains("javascript"), "{svg}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("the link `[X|javascript:alert(1)]` is not made"),
        "{err}"
    );
    // A board with links is no `img`, whose content a screen reader would not reach.
    assert!(!svg.contains("role=\"img\""));
    let plain = ok(&gobook(&["svg", "-e", "$$B\n$$ . X\n$$ [X|Page]"]));
    assert_eq!(svg_links(&plain).len(), 1);
    let none = ok(&gobook(&["svg", "-e", "$$B\n$$ . X"]));
    assert!(none.contains("role=\"img\"") && !none.contains("<a "));
}

#[test]
fn the_links_are_written_back_as_they_were_read() {
    let out = gobook(&["svg", "-e", LINKED, "--format", "sl", "-q"]);
    let text = ok(&out);
    for l in [
        "$$ [2|NadareJoseki]\n",
        "$$ [a|https://example.org/?p=1&q=\"2\"]\n",
        "$$ [C|#1]\n",
    ] {
        assert!(text.contains(l), "{l} in\n{text}");
    }
    // Refused, it is no link of the drawn board, so it is not written either.
    assert!(!text.contains("javascript"), "{text}");
    let again = sl::read(&text).unwrap();
    let first = sl::read(LINKED).unwrap();
    assert_eq!(again.links, first.links[..3]);
}

#[test]
fn md_draws_the_links_of_an_sl_block() {
    let dir = common::tempdir();
    let md = dir.path().join("post.md");
    std::fs::write(&md, format!("# Post\n\n```sl\n{LINKED}```\n")).unwrap();
    let out = ok(&gobook(&["md", md.to_str().unwrap()]));
    assert_eq!(svg_links(&out).len(), 4, "{out}");
}

#[test]
fn import_writes_the_links_as_a_paragraph_after_the_diagram() {
    let dir = common::tempdir();
    let page = dir.path().join("links.sl");
    std::fs::write(&page, LINKED).unwrap();
    let book = dir.path().join("links.gobook");
    let out = gobook(&[
        "import",
        page.to_str().unwrap(),
        "-o",
        book.to_str().unwrap(),
    ]);
    ok(&out);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("`[C|#1]` leads within the page"), "{err}");
    assert!(
        err.contains("`[X|javascript:alert(1)]` is not made"),
        "{err}"
    );
    let text = std::fs::read_to_string(&book).unwrap();
    let para = text
        .split("\n\n")
        .find(|b| b.contains("NadareJoseki"))
        .unwrap_or_else(|| panic!("{text}"));
    assert_eq!(
        para.trim(),
        "**2**: <a href=\"https://senseis.xmp.net/?NadareJoseki\">NadareJoseki</a>; \
         **a**: <a href=\"https://example.org/?p=1&q=%222%22\">https://example.org/?p=1&q=\\\"2\\\"</a>; \
         ^O: #1; ^Ob: javascript:alert(1)"
    );
    let check = gobook(&["check", book.to_str().unwrap()]);
    assert_eq!(
        check.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
    let site = dir.path().join("site");
    ok(&gobook(&[
        "build",
        book.to_str().unwrap(),
        "-o",
        site.to_str().unwrap(),
        "-q",
    ]));
    let html = std::fs::read_to_string(site.join("index.html")).unwrap();
    assert!(
        html.contains(
            "<a href=\"https://senseis.xmp.net/?NadareJoseki\" rel=\"noopener\">NadareJoseki</a>"
        ),
        "{html}"
    );
    assert!(html.contains(": javascript:alert(1)</p>"), "as text");
    assert!(!html.contains("href=\"javascript"), "never a link");
}

#[test]
fn boards_side_by_side_are_read_each_and_imported_as_a_row() {
    let Some(corpora) = common::corpora() else {
        return;
    };
    let text = std::fs::read_to_string(corpora.join("sensei/diagrams/012.txt")).unwrap();
    let d = sl::read(&text).unwrap();
    let parts = boards::boards(&d);
    assert_eq!(parts.len(), 2);
    // Each board is the whole's columns 1-4 and 7-10, rows 0-5 (the last row is all `_`),
    // under the whole's top edge, open on its sides.
    for (b, first) in parts.iter().zip([1, 7]) {
        assert_eq!((b.rows.len(), b.cols()), (6, 4));
        assert!(b.edges.top && !b.edges.left && !b.edges.right && !b.edges.bottom);
        for (r, row) in b.rows.iter().enumerate() {
            assert_eq!(row[..], d.rows[r][first..first + 4]);
        }
        assert!(!b.rows.iter().flatten().any(|&c| c == Cell::OffBoard));
    }
    assert_eq!(
        (parts[0].title.as_str(), parts[1].title.as_str()),
        ("Example", "")
    );
    let dir = common::tempdir();
    let page = dir.path().join("compare.sl");
    std::fs::write(&page, &text).unwrap();
    let book = dir.path().join("compare.gobook");
    let out = gobook(&[
        "import",
        page.to_str().unwrap(),
        "-o",
        book.to_str().unwrap(),
    ]);
    ok(&out);
    let book_text = std::fs::read_to_string(&book).unwrap();
    let dias: Vec<&str> = book_text
        .lines()
        .filter(|l| l.starts_with("::dia"))
        .collect();
    assert_eq!(dias.len(), 2, "{book_text}");
    assert!(
        dias.iter().all(|d| d.ends_with(" width=half")),
        "{book_text}"
    );
    let site = dir.path().join("site");
    ok(&gobook(&[
        "build",
        book.to_str().unwrap(),
        "-o",
        site.to_str().unwrap(),
        "-q",
    ]));
    let html = std::fs::read_to_string(site.join("index.html")).unwrap();
    assert_eq!(html.matches("<div class=\"gb-row ").count(), 1, "one row");
    assert_eq!(html.matches("class=\"gb-fig gb-dia gb-w-half\"").count(), 2);
    // Three boards are a row of thirds; a number on each board is each board's own.
    let three = "$$B\n$$ 1 X _ 1 O _ 1 .\n$$ . . _ . . _ . .\n";
    std::fs::write(&page, three).unwrap();
    ok(&gobook(&[
        "import",
        page.to_str().unwrap(),
        "-o",
        book.to_str().unwrap(),
        "--force",
    ]));
    let book_text = std::fs::read_to_string(&book).unwrap();
    assert_eq!(book_text.matches(" width=third").count(), 3, "{book_text}");
    assert!(sl::read("$$B\n$$ 1 1 _ .\n").is_err(), "twice on one board");
}

/// The diagram of the browser test: the links of 010, another address for `a`.
const LINKED_010: &str = "$$ Links in diagrams - examples
$$  --------------
$$ | . . . . . . .
$$ | . C . . . . .
$$ | . . . 1 6 . .
$$ | . . 5 4 . . .
$$ | . . 3 2 . . .
$$ | . . a . . C .
$$ | . . . . . . .
$$ [2|NadareJoseki]
$$ [a|http://example.org/?p=1&q=2]
$$ [C|#1]
";

#[test]
fn the_links_are_clicked_and_tabbed_to_in_the_browser() {
    if let Some(why) = common::browser_missing() {
        common::steps_aside(&why);
        return;
    }
    let svg = ok(&gobook(&["svg", "-e", LINKED_010, "--width", "300"]));
    let tmp = common::tempdir();
    let dir = tmp.path().join("page");
    std::fs::create_dir_all(&dir).unwrap();
    let page = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Links</title>\n\
         <link rel=\"icon\" href=\"data:,\">\n</head>\n<body>\n<main>\n<h1>A diagram with links</h1>\n{svg}</main>\n</body>\n</html>\n"
    );
    std::fs::write(dir.join("index.html"), page).unwrap();
    let shots = common::screenshots(tmp.path());
    let (passed, out) =
        common::browser_script("sl-links.mjs", &[dir.as_os_str(), shots.as_os_str()]);
    assert!(passed, "the links failed in the browser:\n{out}");
    assert!(out.contains("sl-links: all passed"), "{out}");
}

#[test]
fn boards_side_by_side_are_drawn_in_a_row_and_written_back_as_they_were() {
    let Some(corpora) = common::corpora() else {
        return;
    };
    let file = corpora.join("sensei/diagrams/012.txt");
    let file = file.to_str().unwrap();
    let out = gobook(&["svg", file]);
    let svg = ok(&out);
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("as one board"),
        "a picture draws the boards apart"
    );
    assert!(svg.starts_with(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"gb\" viewBox=\"0 0 212 150\" width=\"100%\" role=\"group\"><title>Example</title>"
    ));
    // Each board its own drawing, 102 units wide, the second 8 units after the first.
    assert_eq!(svg.matches("<svg ").count(), 3);
    assert!(svg.contains("<svg x=\"0\" y=\"0\" class=\"gb\" viewBox=\"-15 -15 102 150\""));
    assert!(svg.contains("<svg x=\"110\" y=\"0\" class=\"gb\" viewBox=\"-15 -15 102 150\""));
    assert_eq!(svg.matches("showing G14 to K19").count(), 2, "{svg}");
    // Written back, the `_` stay: the boards are as they were.
    let text = std::fs::read_to_string(file).unwrap();
    let sl_out = ok(&gobook(&["svg", file, "--format", "sl"]));
    assert_eq!(
        sl_out.trim_end(),
        sl::write(&sl::read(&text).unwrap()).trim_end()
    );
    // A PNG of the row, and the same row in Markdown.
    let dir = common::tempdir();
    let png = dir.path().join("row.png");
    ok(&gobook(&["svg", file, "-o", png.to_str().unwrap(), "-q"]));
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    let md = dir.path().join("post.md");
    std::fs::write(&md, format!("# Compare\n\n```sl\n{text}```\n")).unwrap();
    let page = ok(&gobook(&["md", md.to_str().unwrap()]));
    assert!(page.contains(svg.trim_end()), "{page}");
    // A player replays one board: the boards as one, with the warning.
    let player = gobook(&["svg", file, "--format", "html"]);
    ok(&player);
    assert!(String::from_utf8_lossy(&player.stderr).contains("drawn here as one board"));
}
