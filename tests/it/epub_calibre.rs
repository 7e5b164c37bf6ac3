//! An e-book through calibre (#35), the common route to Kindle: `ebook-convert` to AZW3 and to
//! PDF keeps the diagrams' colours (a pixel check of the PDF's pages, the AZW3's drawn through
//! PDF as well) and no button shows a raw interface key such as `show_solution`; the text of
//! the EPUB and of the AZW3 (calibre's TXT output, what a reader without scripts or styles
//! reads) has no button's word and reads in order: problem, question, hint, then the solutions.
//!
//! Needs ebook-convert and pdftoppm (scripts/setup.sh installs calibre and poppler-utils);
//! without them the test steps aside, except under `CI=true`.

use crate::common::{self, gobook};
use gobook::i18n::{ui, UiWord};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs calibre's `ebook-convert FROM TO` with a home folder of its own (calibre keeps its
/// settings there); its PDF output runs Chromium, which refuses to run as root in a sandbox.
fn convert(from: &Path, to: &Path, home: &Path) {
    let out = common::with_home(&mut Command::new("ebook-convert"), home)
        .arg(from)
        .arg(to)
        .env("QTWEBENGINE_DISABLE_SANDBOX", "1")
        .env("QT_QPA_PLATFORM", "offscreen")
        .output()
        .unwrap();
    assert!(
        out.status.success() && to.is_file(),
        "ebook-convert {} {}: {}",
        from.display(),
        to.display(),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A page drawn by `pdftoppm`: its size and, a pixel at a time, its red, green and blue.
struct Page {
    width: usize,
    height: usize,
    rgb: Vec<u8>,
}

impl Page {
    /// The page in the binary PPM (`P6`, 8 bits a channel) `bytes`, as `pdftoppm` writes it.
    fn from_ppm(bytes: &[u8], name: &Path) -> Page {
        // The header: `P6`, width, height and the largest value, each after white space.
        let mut fields = Vec::new();
        let mut at = 0;
        while fields.len() < 4 {
            while bytes[at].is_ascii_whitespace() {
                at += 1;
            }
            let start = at;
            while !bytes[at].is_ascii_whitespace() {
                at += 1;
            }
            fields.push(std::str::from_utf8(&bytes[start..at]).unwrap().to_string());
        }
        let (width, height): (usize, usize) =
            (fields[1].parse().unwrap(), fields[2].parse().unwrap());
        assert!(
            fields[0] == "P6" && fields[3] == "255",
            "{}: not an 8-bit PPM",
            name.display()
        );
        let rgb = bytes[at + 1..].to_vec();
        assert_eq!(rgb.len(), width * height * 3, "{}: short", name.display());
        Page { width, height, rgb }
    }

    /// The pixels' colours, one `[r, g, b]` each.
    fn pixels(&self) -> impl Iterator<Item = &[u8]> {
        self.rgb.chunks_exact(3)
    }

    /// The luminance (0 to 255) of each pixel, row by row.
    fn lumas(&self) -> Vec<u8> {
        self.pixels()
            .map(|c| {
                ((299 * u32::from(c[0]) + 587 * u32::from(c[1]) + 114 * u32::from(c[2])) / 1000)
                    as u8
            })
            .collect()
    }
}

/// The pages of `pdf` as pictures, `dpi` pixels an inch. Read from PPM, which needs no
/// decoding: the test binary is unoptimised, and decoding PNGs of pages at 150 pixels an
/// inch took seconds each.
fn pages(pdf: &Path, dpi: u32) -> Vec<Page> {
    let prefix = pdf.with_extension(format!("page{dpi}"));
    let status = Command::new("pdftoppm")
        .args(["-r", &dpi.to_string()])
        .arg(pdf)
        .arg(&prefix)
        .status()
        .unwrap();
    assert!(status.success(), "pdftoppm {}", pdf.display());
    let dir = pdf.parent().unwrap();
    let stem = prefix.file_name().unwrap().to_string_lossy().to_string();
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with(&format!("{stem}-")))
        })
        .collect();
    files.sort();
    files
        .iter()
        .map(|f| Page::from_ppm(&std::fs::read(f).unwrap(), f))
        .collect()
}

/// The share of a page's pixels near `rgb` (every channel within 40).
fn share(p: &Page, rgb: [u8; 3]) -> f64 {
    let near = p
        .pixels()
        .filter(|c| c.iter().zip(rgb).all(|(&a, b)| a.abs_diff(b) <= 40))
        .count();
    near as f64 / (p.width * p.height) as f64
}

/// Every diagram page of `pdf` shows a wooden board with black and white stones on it, and no
/// page is a board drawn black.
fn assert_boards_keep_their_colours(pdf: &Path, what: &str) {
    let pages = pages(pdf, 40);
    let mut boards = 0;
    for (i, page) in pages.iter().enumerate() {
        let (wood, black, white) = (
            share(page, [0xe3, 0xbf, 0x7e]),
            share(page, [0x11, 0x11, 0x11]),
            share(page, [0xff, 0xff, 0xff]),
        );
        assert!(
            black < 0.2,
            "{what}, page {}: {:.0}% of it is black: a board drawn without its colours",
            i + 1,
            black * 100.0
        );
        if wood > 0.01 {
            boards += 1;
            assert!(
                black > 0.0005 && white > 0.0005,
                "{what}, page {}: no stones",
                i + 1
            );
        }
    }
    assert!(
        boards >= 4,
        "{what}: only {boards} pages show a wooden board"
    );
}

/// The light pixels of `p` ringed by dark: every one of 16 points at `radius` around them is
/// dark. Only a number (or mark) on a black stone is that: strokes of text and lines of a board
/// are far thinner than the ring, so nothing else on a page is light inside a dark ring.
/// Outside the page counts as white. The lumas are worked out once, not once a look.
fn light_inside_dark_rings(p: &Page, radius: f64) -> usize {
    let ring: Vec<(i64, i64)> = (0..16)
        .map(|i| {
            let a = f64::from(i) * std::f64::consts::PI / 8.0;
            (
                (radius * a.cos()).round() as i64,
                (radius * a.sin()).round() as i64,
            )
        })
        .collect();
    let lumas = p.lumas();
    let (w, h) = (p.width as i64, p.height as i64);
    let luma = |x: i64, y: i64| {
        if x < 0 || y < 0 || x >= w || y >= h {
            255
        } else {
            lumas[(y * w + x) as usize]
        }
    };
    let mut count = 0;
    for (i, &l) in lumas.iter().enumerate() {
        if l <= 200 {
            continue;
        }
        let (x, y) = (i as i64 % w, i as i64 / w);
        if ring.iter().all(|(dx, dy)| luma(x + dx, y + dy) < 90) {
            count += 1;
        }
    }
    count
}

/// The numbers on the black stones survive: at 150 pixels an inch (a stone is some 40 pixels
/// across), the pages of `pdf` hold light strokes inside black stones, as many as `numbered`
/// numbers give (calibre's PDF of the problems example: 506 such pixels for 26 numbers, about
/// 19 each; the test asks for 8 each). A number lost, or drawn in black, leaves its stone solid.
fn assert_numbers_survive(pdf: &Path, numbered: usize, what: &str) {
    let strokes: usize = pages(pdf, 150)
        .iter()
        .map(|p| light_inside_dark_rings(p, 12.0))
        .sum();
    assert!(
        strokes >= numbered * 8,
        "{what}: {strokes} light pixels inside black stones for {numbered} numbers on black stones: numbers are lost"
    );
}

/// The numbers drawn on black stones in the pages of `epub`: the `<text>`s of its `gb-nb` groups.
fn numbered_black_stones(epub: &Path) -> usize {
    let mut z = zip::ZipArchive::new(std::fs::File::open(epub).unwrap()).unwrap();
    let mut count = 0;
    for i in 0..z.len() {
        let mut entry = z.by_index(i).unwrap();
        if !entry.name().ends_with(".xhtml") {
            continue;
        }
        let mut page = String::new();
        std::io::Read::read_to_string(&mut entry, &mut page).unwrap();
        for group in page.split(r#"<g class="gb-nb""#).skip(1) {
            count += group[..group.find("</g>").unwrap()]
                .matches("<text")
                .count();
        }
    }
    count
}

/// The text of `pdf` (pdftotext, also from poppler-utils).
fn pdf_text(pdf: &Path) -> String {
    let out = Command::new("pdftotext")
        .arg(pdf)
        .arg("-")
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).to_string()
}

/// No interface key shows as text: each is a word of the book's language in the reader.
fn assert_no_raw_keys(text: &str, what: &str) {
    for key in [
        "show_solution",
        "black_move_at",
        "expand_board",
        "previous_move",
        "reset",
    ] {
        assert!(!text.contains(key), "{what} shows the raw key {key}");
    }
}

/// The words of the page script's buttons and disclosures: an e-book read without scripts
/// (a Kindle, calibre's text) has none of them, so none may show.
const INTERACTIVE: &[UiWord] = &[
    UiWord::ShowHint,
    UiWord::ShowSolution,
    UiWord::Reset,
    UiWord::FirstMove,
    UiWord::PreviousMove,
    UiWord::NextMove,
    UiWord::LastMove,
    UiWord::ExpandBoard,
    UiWord::Close,
    UiWord::CloseErrors,
];

/// The lines of `text` that hold something, trimmed.
fn lines(text: &str) -> Vec<&str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect()
}

/// The text of the problems example read without scripts: no button's word and no raw key,
/// each problem's caption, question and hint on lines of their own and in that order, then
/// the chapter's solutions in the problems' order, each named on its own line before its
/// correct and wrong lines (each a line of its own, words and comment together) and the link
/// back to its problem.
fn assert_reads_well(text: &str, what: &str) {
    for w in INTERACTIVE {
        let word = ui(*w, "en");
        assert!(
            !text.contains(word),
            "{what} shows the button word {word:?}"
        );
    }
    for w in UiWord::ALL.iter().filter(|w| w.key().contains('_')) {
        assert!(
            !text.contains(w.key()),
            "{what} shows the raw key {}",
            w.key()
        );
    }
    let lines = lines(text);
    let at = |line: &str, from: usize| {
        lines[from..]
            .iter()
            .position(|l| *l == line)
            .map(|i| from + i)
            .unwrap_or_else(|| {
                panic!(
                    "{what}: no line {line:?} after line {from} in\n{}",
                    lines.join("\n")
                )
            })
    };
    // The first chapter's problems, questions and hints, in reading order.
    let problems = [
        (
            "Problem 1",
            "Black to capture.",
            "Put a stone where White can take it.",
        ),
        (
            "Problem 2",
            "Black to capture.",
            "Atari from the side that drives White towards Black’s wall.",
        ),
        (
            "Problem 3",
            "Black to kill.",
            "The bend of a bent three is its vital point.",
        ),
        (
            "Problem 4",
            "Black to live.",
            "Three points in a row make two eyes only if you take the middle one.",
        ),
    ];
    let mut i = 0;
    for (caption, question, hint) in problems {
        i = at(caption, i);
        assert_eq!(
            lines[i + 1],
            question,
            "{what}: {caption}'s question follows it"
        );
        assert_eq!(lines[i + 2], "Hint", "{what}: {caption}'s hint is named");
        assert_eq!(
            lines[i + 3],
            hint,
            "{what}: {caption}'s hint follows its name"
        );
        i += 3;
    }
    for n in 1..=4 {
        i = at(&format!("Solution – Problem {n}"), i);
        let back = at(&format!("↑ Problem {n}"), i);
        let answers = &lines[i + 1..back];
        assert!(
            answers[0].starts_with("Correct: Black "),
            "{what}: problem {n}'s solution starts with its correct line: {answers:?}"
        );
        assert!(
            answers.iter().any(|l| l.starts_with("Wrong: Black ")),
            "{what}: problem {n}'s wrong lines are lines of their own: {answers:?}"
        );
        for l in answers {
            assert!(
                l.matches("Correct:").count() + l.matches("Wrong:").count() <= 1,
                "{what}: two answers run together: {l:?}"
            );
        }
        i = back;
    }
    assert!(
        lines.contains(
            &"Correct: Black 1, White 2, Black 3 – Snapback. Black captures four stones."
        ),
        "{what}: an answer's moves and comment read as one line"
    );
}

#[test]
fn calibre_text_reads_in_order_without_scripts() {
    if !common::tool("ebook-convert", "--version") {
        return;
    }
    let dir = common::tempdir();
    let home = dir.path().join("home");
    let book = common::root().join("examples/problems");
    let out = gobook(&[
        "build",
        "--epub",
        "-q",
        book.to_str().unwrap(),
        "-o",
        dir.path().join("site").to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let epub = dir.path().join("site/problems-en.epub");
    let txt = dir.path().join("epub.txt");
    convert(&epub, &txt, &home);
    assert_reads_well(&std::fs::read_to_string(&txt).unwrap(), "EPUB as text");
    let azw3 = dir.path().join("book.azw3");
    convert(&epub, &azw3, &home);
    let txt = dir.path().join("azw3.txt");
    convert(&azw3, &txt, &home);
    assert_reads_well(&std::fs::read_to_string(&txt).unwrap(), "AZW3 as text");
}

#[test]
fn calibre_keeps_diagrams_and_words_in_azw3_and_pdf() {
    if !common::tool("ebook-convert", "--version") || !common::tool("pdftoppm", "-v") {
        return;
    }
    let dir = common::tempdir();
    let home = dir.path().join("home");
    let book = common::root().join("examples/problems");
    let out = gobook(&[
        "build",
        "--epub",
        "-q",
        book.to_str().unwrap(),
        "-o",
        dir.path().join("site").to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let epub = dir.path().join("site/problems-en.epub");
    let pdf = dir.path().join("book.pdf");
    convert(&epub, &pdf, &home);
    let numbered = numbered_black_stones(&epub);
    assert!(numbered >= 10, "only {numbered} numbered black stones");
    assert_boards_keep_their_colours(&pdf, "EPUB to PDF");
    assert_numbers_survive(&pdf, numbered, "EPUB to PDF");
    assert_no_raw_keys(&pdf_text(&pdf), "EPUB to PDF");

    let azw3 = dir.path().join("book.azw3");
    convert(&epub, &azw3, &home);
    let azw3_pdf = dir.path().join("azw3.pdf");
    convert(&azw3, &azw3_pdf, &home);
    assert_boards_keep_their_colours(&azw3_pdf, "AZW3 (drawn through PDF)");
    assert_numbers_survive(&azw3_pdf, numbered, "AZW3 (drawn through PDF)");
}
