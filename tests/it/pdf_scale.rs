//! Issue #49, "boards at book scale everywhere": no board prints under 4 mm between lines,
//! whatever its `width` and wherever it stands (beside text, side by side, problems two to
//! a line); small boards keep the book's scale and share a line. Measured in the PDF as a
//! reader's ruler would: the distance between the centres of two numbered stones on
//! neighbouring points (`pdftotext -bbox`), each board's numbers its own (`mn`).

use crate::common;
use crate::pdf_build::{build_pdf_saying, poppler};

/// The least space between lines, in pt (4 mm).
const LEAST_PT: f64 = 4.0 / 25.4 * 72.0;

/// Every word of the PDF with its page, left, right and top, in pt.
pub fn words(pdf: &std::path::Path) -> Vec<(usize, f64, f64, f64, String)> {
    let Some(html) = poppler("pdftotext", &["-bbox", pdf.to_str().unwrap(), "-"]) else {
        return Vec::new();
    };
    let mut page = 0;
    let mut out = Vec::new();
    for l in html.lines() {
        if l.contains("<page ") {
            page += 1;
        }
        if !l.contains("<word ") {
            continue;
        }
        let num = |k: &str| -> f64 {
            l.split(&format!("{k}=\""))
                .nth(1)
                .and_then(|s| s.split('"').next())
                .and_then(|s| s.parse().ok())
                .unwrap()
        };
        let w = l.split('>').nth(1).unwrap().split('<').next().unwrap();
        out.push((page, num("xMin"), num("xMax"), num("yMin"), w.to_string()));
    }
    out
}

/// Where the word `w` stands: page, horizontal centre, top.
fn centre(words: &[(usize, f64, f64, f64, String)], w: &str) -> (usize, f64, f64) {
    let (p, a, b, y, _) = words
        .iter()
        .find(|x| x.4 == w)
        .unwrap_or_else(|| panic!("`{w}` is not in the PDF"));
    (*p, (a + b) / 2.0, *y)
}

#[test]
fn no_board_prints_under_four_millimetres_and_small_ones_share_a_line() {
    let dir = common::tempdir();
    // Each board: black at C3 and white at D3, numbered from its own `mn`.
    let board = |mn: u32, rest: &str| format!("mv=C3D3 mn={mn} {rest}");
    let mut s = String::from("::book(#scale) title=\"Scale\"\n\n::chapter(#c)\n\n::h2 Boards\n\n");
    // A whole board at the narrow `dia` width, with text after it (beside it, on a site).
    s.push_str(&format!(
        "::dia sz=19 {}\n\nThe text of the diagram.\n\n",
        board(101, "")
    ));
    // Three whole boards at a third, then two at half width.
    for k in 0..3 {
        s.push_str(&format!(
            "::dia sz=19 width=third {}\n\n",
            board(201 + k * 10, "")
        ));
    }
    s.push_str("Between the rows.\n\n");
    for k in 0..2 {
        s.push_str(&format!(
            "::dia sz=19 width=half {}\n\n",
            board(301 + k * 10, "")
        ));
    }
    s.push_str("Before the problems.\n\n");
    // Two whole-board problems in a run (small ones go two to a line).
    for k in 0..2 {
        s.push_str(&format!(
            "::prb sz=19 {} correct=E4\n\n",
            board(401 + k * 10, "")
        ));
    }
    s.push_str("Before the corners.\n\n");
    // Three small corners at a third: at the book's scale, on one line.
    for k in 0..3 {
        s.push_str(&format!(
            "::dia sz=19 width=third vw=A1G7 {}\n\n",
            board(501 + k * 10, "")
        ));
    }
    let book = dir.path().join("scale.gobook");
    std::fs::write(&book, s).unwrap();
    let out = dir.path().join("out");
    build_pdf_saying(&book, &out);
    let pdf = common::files_with_ext(&out, "pdf").remove(0);
    let words = words(&pdf);
    if words.is_empty() {
        return;
    }
    let mut spacing = Vec::new();
    for first in [101, 201, 211, 221, 301, 311, 401, 411, 501, 511, 521] {
        let (p1, x1, _) = centre(&words, &first.to_string());
        let (p2, x2, _) = centre(&words, &(first + 1).to_string());
        assert_eq!(p1, p2);
        let pt = x2 - x1;
        assert!(
            pt >= LEAST_PT - 0.15,
            "the board numbered from {first} prints {:.2} mm between lines",
            pt * 25.4 / 72.0
        );
        spacing.push((first, pt));
    }
    // The corners keep the book's 5 mm (within the third's room) and stand on one line.
    let tops: Vec<_> = [501, 511, 521]
        .iter()
        .map(|n| centre(&words, &n.to_string()))
        .collect();
    assert!(
        tops.windows(2)
            .all(|t| t[0].0 == t[1].0 && (t[0].2 - t[1].2).abs() < 1.0),
        "the three corners are not on one line: {tops:?}"
    );
}
