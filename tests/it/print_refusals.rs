//! Issue #47: `check` refuses what print would refuse, at the line that names it, so that a
//! book `check` passes always prints and no input reaches "this is a bug in gobook". Each
//! hostile input users found (an SVG linking a file, with an entity, nested too deep; a PNG
//! with a bad checksum or of 400 megapixels; a title, heading or caption over the PDF's
//! string limit) is refused by `check` and by `build --only-pdf` alike, at its file, line and
//! column; and over books made of hostile and harmless parts, whatever `check` passes prints.

use crate::common;
use proptest::prelude::*;
use std::path::Path;
use std::process::Output;

/// The CRC-32 of PNG chunks (ISO 3309), bit by bit: test files are a few bytes.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// A PNG chunk of `kind` holding `data`, its checksum right unless `bad_crc`.
fn chunk(kind: &[u8], data: &[u8], bad_crc: bool) -> Vec<u8> {
    let mut out = (data.len() as u32).to_be_bytes().to_vec();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32(&[kind, data].concat()) ^ u32::from(bad_crc);
    out.extend_from_slice(&crc.to_be_bytes());
    out
}

/// A grey PNG of `w` by `h` pixels whose pixel data is 4x4 pixels' worth, stored
/// uncompressed (so a big `w` by `h` is a header that claims more than it holds), the
/// data's checksum wrong when `bad_crc`.
fn png(w: u32, h: u32, bad_crc: bool) -> Vec<u8> {
    let mut ihdr = w.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&h.to_be_bytes());
    ihdr.extend_from_slice(&[8, 0, 0, 0, 0]);
    let raw = [0u8, 10, 60, 120, 200].repeat(4);
    let adler = {
        let (mut a, mut b) = (1u32, 0u32);
        for &x in &raw {
            a = (a + u32::from(x)) % 65521;
            b = (b + a) % 65521;
        }
        (b << 16) | a
    };
    let mut zlib = vec![
        0x78,
        0x01,
        0x01,
        raw.len() as u8,
        0,
        !(raw.len() as u8),
        0xFF,
    ];
    zlib.extend_from_slice(&raw);
    zlib.extend_from_slice(&adler.to_be_bytes());
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    out.extend(chunk(b"IHDR", &ihdr, false));
    out.extend(chunk(b"IDAT", &zlib, bad_crc));
    out.extend(chunk(b"IEND", b"", false));
    out
}

/// An SVG image of 10 by 10 pixels with `body` inside, `doctype` before it.
fn svg(doctype: &str, body: &str) -> Vec<u8> {
    format!(r#"<?xml version="1.0"?>{doctype}<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">{body}</svg>"#).into_bytes()
}

/// A book folder with `book.gobook` of `chapter` (after a book and chapter line) and `files`.
fn book(title: &str, chapter: &str, files: &[(&str, Vec<u8>)]) -> tempfile::TempDir {
    let dir = common::tempdir();
    let text = format!("::book(#b) title=\"{title}\"\n\n::chapter\n\n::h1 Hello\n\n{chapter}");
    std::fs::write(dir.path().join("book.gobook"), text).unwrap();
    for (name, bytes) in files {
        std::fs::write(dir.path().join(name), bytes).unwrap();
    }
    dir
}

/// `gobook check` of the book in `dir`.
fn check(dir: &Path) -> Output {
    common::gobook(&["check", dir.join("book.gobook").to_str().unwrap()])
}

/// `gobook build --only-pdf` of the book in `dir`, into `out` there.
fn print(dir: &Path) -> Output {
    let out = dir.join("out");
    common::gobook(&[
        "build",
        "--only-pdf",
        "-o",
        out.to_str().unwrap(),
        dir.join("book.gobook").to_str().unwrap(),
    ])
}

fn said(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned() + &String::from_utf8_lossy(&o.stdout)
}

/// Asserts `o` failed with exit 1, an error at `book.gobook:at` saying `says`, and no
/// "bug in gobook".
fn refused(o: &Output, at: &str, says: &str) {
    let s = said(o);
    assert_eq!(o.status.code(), Some(1), "{s}");
    assert!(!s.contains("bug in gobook"), "{s}");
    let line = s
        .lines()
        .find(|l| l.contains(&format!("book.gobook:{at}: error: ")))
        .unwrap_or_else(|| panic!("no error at {at}: {s}"));
    assert!(line.contains(says), "`{says}` is not in: {line}");
}

/// Files of a book folder: names and bytes.
type Files = Vec<(String, Vec<u8>)>;

/// A hostile input: what it is, its chapter text, its files, and where (line:column) and
/// what (words of the message) `check` says.
type Hostile = (
    &'static str,
    String,
    Vec<(&'static str, Vec<u8>)>,
    &'static str,
    &'static str,
);

/// The hostile inputs users found: their chapter text, files, and where and what `check`
/// says (line:column, words of the message).
fn hostile() -> Vec<Hostile> {
    let long = "word ".repeat(7000);
    vec![
        (
            "svg links an image",
            "::img url=\"a.svg\"\n".into(),
            vec![
                (
                    "a.svg",
                    svg("", r#"<image href="ok.png" width="9" height="9"/>"#),
                ),
                ("ok.png", png(4, 4, false)),
            ],
            "7:12",
            "links the image `ok.png`",
        ),
        (
            "svg entity",
            "::img url=\"a.svg\"\n".into(),
            vec![(
                "a.svg",
                svg(
                    r#"<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>"#,
                    "<text>&x;</text>",
                ),
            )],
            "7:12",
            "unknown entity reference",
        ),
        (
            "svg too deep",
            "::img url=\"a.svg\"\n".into(),
            vec![(
                "a.svg",
                svg("", &("<g>".repeat(2000) + &"</g>".repeat(2000))),
            )],
            "7:12",
            "nodes limit reached",
        ),
        (
            "png bad crc",
            "::p See <img url=\"a.png\">.\n".into(),
            vec![("a.png", png(4, 4, true))],
            "7:19",
            "CRC",
        ),
        (
            "png 400 megapixels",
            "::img url=\"a.png\"\n".into(),
            vec![("a.png", png(20000, 20000, false))],
            "7:12",
            "is 20000x20000 pixels, 400 megapixels; print takes at most 50 megapixels",
        ),
        (
            "heading of one long word",
            format!("::h2 {}\n", "a".repeat(20000)),
            vec![],
            "7:6",
            "a heading of 20000 characters is longer than print takes (1000 at most",
        ),
        (
            "caption",
            format!("::dia ca=\"{long}\" ab=C3\n"),
            vec![],
            "7:11",
            "a caption of 35000 characters",
        ),
    ]
}

#[test]
fn check_and_print_refuse_each_hostile_input_where_the_book_names_it() {
    for (what, chapter, files, at, says) in hostile() {
        let dir = book("T", &chapter, &files);
        eprintln!("{what}");
        refused(&check(dir.path()), at, says);
        refused(&print(dir.path()), at, says);
    }
    // The title, over the PDF's string limit too.
    let dir = book(&"word ".repeat(7000), "::p Text.\n", &[]);
    refused(&check(dir.path()), "1:19", "a title of 35000 characters");
    refused(&print(dir.path()), "1:19", "a title of 35000 characters");
}

/// An image an included file shows is refused in that file, at its line and column: a
/// gobook file's `::img`, a Markdown file's `![...](...)`.
#[test]
fn an_included_files_image_is_refused_where_that_file_names_it() {
    let files = vec![
        ("crc.png", png(4, 4, true)),
        (
            "part.gobook",
            b"::h2 Part\n\n::img url=\"crc.png\"\n".to_vec(),
        ),
        (
            "notes.md",
            b"# Notes\n\nSee ![a board](crc.png).\n".to_vec(),
        ),
    ];
    let chapter = "::include url=\"part.gobook\"\n\n\n::include url=\"notes.md\"\n";
    let dir = book("T", chapter, &files);
    for o in [check(dir.path()), print(dir.path())] {
        let s = said(&o);
        assert_eq!(o.status.code(), Some(1), "{s}");
        assert!(
            s.contains("part.gobook:3:12: error: the image `crc.png` is damaged"),
            "{s}"
        );
    }
    // Without the gobook part, the Markdown file's image is the first refused.
    let chapter = "::include url=\"notes.md\"\n";
    let dir = book("T", chapter, &files);
    for o in [check(dir.path()), print(dir.path())] {
        let s = said(&o);
        assert_eq!(o.status.code(), Some(1), "{s}");
        assert!(
            s.contains("notes.md:3:16: error: the image `crc.png` is damaged"),
            "{s}"
        );
    }
}

#[test]
fn a_word_longer_than_a_line_prints_as_a_plain_pdf_with_a_warning() {
    let dir = book("T", &format!("::p {}\n", "a".repeat(20000)), &[]);
    assert!(check(dir.path()).status.success());
    let o = print(dir.path());
    let s = said(&o);
    assert!(o.status.success(), "{s}");
    assert!(
        s.contains("b-en.pdf is a plain PDF") && s.contains("break it with spaces"),
        "{s}"
    );
}

/// The parts hostile books are made of: chapter text and the files it names; those
/// [`PASSING`] lists pass `check`, the others do not.
fn parts() -> Vec<(String, Files)> {
    let ok_png = png(4, 4, false);
    let data_url = format!(
        r#"<image href="data:image/png;base64,{}" width="9" height="9"/>"#,
        base64(&ok_png)
    );
    let bad_data_url = format!(
        r#"<image href="data:image/png;base64,{}" width="9" height="9"/>"#,
        base64(&png(4, 4, true))
    );
    let one = |name: &str, bytes: Vec<u8>| vec![(name.to_string(), bytes)];
    let img = |name: &str| format!("::img url=\"{name}\"\n\n");
    vec![
        (img("ok.png"), one("ok.png", ok_png.clone())),
        (img("crc.png"), one("crc.png", png(4, 4, true))),
        (img("huge.png"), one("huge.png", png(20000, 20000, false))),
        (img("wide.png"), one("wide.png", png(7000, 7000, false))),
        (img("cut.png"), one("cut.png", ok_png[..40].to_vec())),
        (
            img("plain.svg"),
            one("plain.svg", svg("", r#"<circle r="3"/>"#)),
        ),
        (img("data.svg"), one("data.svg", svg("", &data_url))),
        (
            img("ent.svg"),
            one(
                "ent.svg",
                svg(r#"<!DOCTYPE svg [<!ENTITY c "<circle r='3'/>">]>"#, "&c;"),
            ),
        ),
        (
            img("loop.svg"),
            one(
                "loop.svg",
                svg(
                    r#"<!DOCTYPE svg [<!ENTITY a "&b;"><!ENTITY b "&a;">]>"#,
                    "<text>&a;</text>",
                ),
            ),
        ),
        (
            img("link.svg"),
            one(
                "link.svg",
                svg("", r#"<image href="ok2.png" width="9" height="9"/>"#),
            ),
        ),
        (
            img("deep.svg"),
            one(
                "deep.svg",
                svg("", &("<g>".repeat(1100) + &"</g>".repeat(1100))),
            ),
        ),
        (
            img("nosize.svg"),
            one(
                "nosize.svg",
                b"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"0\"/>".to_vec(),
            ),
        ),
        (
            img("bad.jpg"),
            one(
                "bad.jpg",
                b"\xFF\xD8\xFF\xE0garbage and more garbage".to_vec(),
            ),
        ),
        (
            img("bad.gif"),
            one("bad.gif", b"GIF89a\x10\x00\x10\x00".to_vec()),
        ),
        (
            img("bad.webp"),
            one("bad.webp", b"RIFF\x10\0\0\0WEBPVP8 garbage".to_vec()),
        ),
        (format!("::h2 {}\n\n", "a".repeat(1000)), vec![]),
        (format!("::h2 {}\n\n", "a".repeat(1001)), vec![]),
        (format!("::p {}\n\n", "b".repeat(20000)), vec![]),
        (format!("::p {}\n\n", "word ".repeat(8000)), vec![]),
        (
            format!("::dia ca=\"{}\" ab=C3\n\n", "c ".repeat(450)),
            vec![],
        ),
        (
            format!("::img url=\"ok.png\"\n{}\n\n", "d".repeat(900)),
            one("ok.png", ok_png),
        ),
        (
            img("databad.svg"),
            one("databad.svg", svg("", &bad_data_url)),
        ),
    ]
}

/// The parts of [`parts`] that pass `check` (alone): a PNG, SVG images plain, embedding a
/// PNG and with an entity, a heading of 1,000 characters, a paragraph of one 20,000
/// character word and one of 40,000 characters, captions of 900 characters.
const PASSING: &[usize] = &[0, 5, 6, 7, 15, 17, 18, 19, 20];

/// `bytes` in standard base64.
fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    bytes
        .chunks(3)
        .flat_map(|c| {
            let n = (u32::from(c[0]) << 16)
                | (u32::from(*c.get(1).unwrap_or(&0)) << 8)
                | u32::from(*c.get(2).unwrap_or(&0));
            (0..4).map(move |i| {
                if i > c.len() {
                    '='
                } else {
                    ABC[(n >> (18 - 6 * i) & 63) as usize] as char
                }
            })
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// Whatever `check` passes prints, and whatever it refuses the build refuses too; never
    /// "bug in gobook".
    #[test]
    fn every_book_check_passes_prints(chosen in proptest::collection::vec(0..parts().len(), 1..4)) {
        let all = parts();
        let mut chapter = String::new();
        let mut files = Vec::new();
        for &i in &chosen {
            chapter.push_str(&all[i].0);
            files.extend(all[i].1.iter().map(|(n, b)| (n.as_str(), b.clone())));
        }
        let dir = book("T", &chapter, &files);
        let checked = check(dir.path());
        let printed = print(dir.path());
        let (c, p) = (said(&checked), said(&printed));
        prop_assert!(!p.contains("bug in gobook"), "{p}");
        prop_assert_eq!(checked.status.success(), printed.status.success(), "check: {}\nprint: {}", c, p);
    }
}

/// Each part alone: the property's cases are random, this table is every part.
#[test]
fn each_part_alone_prints_if_check_passes_it() {
    let mut passed = Vec::new();
    for (i, (chapter, files)) in parts().into_iter().enumerate() {
        let files: Vec<(&str, Vec<u8>)> =
            files.iter().map(|(n, b)| (n.as_str(), b.clone())).collect();
        let dir = book("T", &chapter, &files);
        let checked = check(dir.path());
        let printed = print(dir.path());
        let p = said(&printed);
        if checked.status.success() {
            passed.push(i);
        }
        assert!(!p.contains("bug in gobook"), "{p}");
        assert_eq!(
            checked.status.success(),
            printed.status.success(),
            "{}: check: {}\nprint: {p}",
            &chapter[..chapter.len().min(60)],
            said(&checked)
        );
    }
    assert_eq!(passed, PASSING);
}
