//! Issue #49: the text description of a ko diagram (its words for a reader who cannot see
//! it) names every numbered move in order, also those played where an earlier stone still
//! stands on the board ("E5 (5 at 1)"), and the site, the EPUB and the PDF's alt text say
//! the same words.

use crate::common;
use std::path::Path;
use std::process::Command;

/// A ko on a 9x9 board fought three times: Black 1 at E5 is taken by White 2 at D5, and
/// each side retakes after a threat and its answer (5, 8 and 11 are played where 1, 2
/// and 1 stand), in English and German.
const BOOK: &str = r#"::book(#kobook) title="Ko Book" title_de="Ko-Buch" author="Test"

::chapter(#kos) shortTitle="Ko"

::h2 A ko fight

::dia(#ko-fight) base=none sz=9 ab=C5D6D4 aw=E6E4F5 mv=E5D5G7G8E5B2B3D5G2G3E5H8 ca="Dia. 1" ca_de="Dia. 1"

::en The ko is fought three times.

::de Um das Ko wird dreimal gekämpft.
"#;

/// Every move in order, with where the retaken ones stand, as the English description says it.
const MOVES_EN: &str = "Moves 1 to 12, Black first: E5, D5, G7, G8, E5 (5 at 1), B2, B3, \
                        D5 (8 at 2), G2, G3, E5 (11 at 1), H8.";

/// The same in German: the caption's own words for a move not drawn ("5 auf 1").
const MOVES_DE: &str = "Züge 1 bis 12, Schwarz beginnt: E5, D5, G7, G8, E5 (5 auf 1), B2, B3, \
                        D5 (8 auf 2), G2, G3, E5 (11 auf 1), H8.";

/// Builds the site, the EPUBs and the PDFs of [`BOOK`] into `out`.
fn build(dir: &Path, out: &Path) {
    let book = dir.join("ko.gobook");
    std::fs::write(&book, BOOK).unwrap();
    let home = common::tempdir();
    let o = common::with_home(&mut Command::new(env!("CARGO_BIN_EXE_gobook")), home.path())
        .args(["build", "--epub", "--pdf", "-o"])
        .arg(out)
        .arg(&book)
        .env("NO_COLOR", "1")
        .env("SOURCE_DATE_EPOCH", "1700000000")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

/// The text of each `<desc>` in `html` (the board's description), entities decoded.
fn descs(html: &str) -> Vec<String> {
    html.split("<desc>")
        .skip(1)
        .filter_map(|s| s.split("</desc>").next())
        .map(|s| {
            s.replace("&amp;", "&")
                .replace("&lt;", "<")
                .replace("&gt;", ">")
        })
        .collect()
}

/// The literal strings of the PDF's `/Alt` entries: balanced parentheses as PDF allows,
/// backslash escapes undone. The strings here are ASCII, as typst writes them for
/// English text (a UTF-16 string would start with its byte order mark).
fn pdf_alts(pdf: &[u8]) -> Vec<String> {
    let mut alts = Vec::new();
    let mut rest = pdf;
    while let Some(i) = rest.windows(4).position(|w| w == b"/Alt") {
        rest = &rest[i + 4..];
        let start = rest.iter().take_while(|b| b.is_ascii_whitespace()).count();
        if rest.get(start) != Some(&b'(') {
            continue;
        }
        let (mut depth, mut s, mut k) = (0usize, Vec::new(), start);
        while k < rest.len() {
            let b = rest[k];
            match b {
                b'\\' => {
                    k += 1;
                    if let Some(&e) = rest.get(k) {
                        s.push(match e {
                            b'n' => b'\n',
                            b'r' => b'\r',
                            b't' => b'\t',
                            other => other,
                        });
                    }
                }
                b'(' => {
                    if depth > 0 {
                        s.push(b);
                    }
                    depth += 1;
                }
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                    s.push(b);
                }
                _ => s.push(b),
            }
            k += 1;
        }
        alts.push(String::from_utf8_lossy(&s).into_owned());
        rest = &rest[k.min(rest.len())..];
    }
    alts
}

#[test]
fn a_ko_diagrams_description_names_every_move_on_the_site_the_epub_and_the_pdf() {
    let dir = common::tempdir();
    let out = dir.path().join("out");
    build(dir.path(), &out);

    // The site, in both languages: the board's <desc>, and the gaps line still under it.
    let en = std::fs::read_to_string(out.join("en/index.html")).unwrap();
    let site_en = descs(&en);
    assert_eq!(site_en.len(), 1, "{site_en:?}");
    assert!(site_en[0].ends_with(MOVES_EN), "{}", site_en[0]);
    assert!(en.contains("5, 11 at 1; 8 at 2"), "the gaps line is kept");
    let site_de = descs(&std::fs::read_to_string(out.join("de/index.html")).unwrap());
    assert_eq!(site_de.len(), 1, "{site_de:?}");
    assert!(site_de[0].ends_with(MOVES_DE), "{}", site_de[0]);

    // The EPUB: the same words as the site's.
    let epubs = common::files_with_ext(&out, "epub");
    let epub_en = epubs
        .iter()
        .find(|p| p.to_string_lossy().ends_with("-en.epub"))
        .expect("an English EPUB");
    let said = descs(&common::epub_text(epub_en, ".xhtml"));
    assert_eq!(said, site_en, "the EPUB says what the site says");

    // The PDF's alt text for the drawing: the title, then the same description.
    let pdfs = common::files_with_ext(&out, "pdf");
    let pdf_en = pdfs
        .iter()
        .find(|p| p.to_string_lossy().ends_with("-en.pdf"))
        .expect("an English PDF");
    let alts = pdf_alts(&std::fs::read(pdf_en).unwrap());
    let board: Vec<&String> = alts.iter().filter(|a| a.contains("9x9 board")).collect();
    assert_eq!(board.len(), 1, "{alts:?}");
    assert_eq!(*board[0], format!("Dia. 1. {}", site_en[0]));
    for n in ["E5 (5 at 1)", "D5 (8 at 2)", "E5 (11 at 1)", "H8."] {
        assert!(board[0].contains(n), "{n} in {}", board[0]);
    }
}
