//! `gobook svg` as a blogger uses it (issue 23): a hand-typed diagram without a book,
//! PNG output with checked pixels, widths, crop, and captions that stay legible.

use crate::common::{self, gobook, gobook_stdin};
use gobook::render::svg::BoardDiagram;
use resvg::tiny_skia::Pixmap;
use std::process::Output;

fn text(out: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn parse(svg: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(svg).expect("well-formed SVG")
}

const SNIPPET: &str = "::dia sz=9 ab=C3D4 aw=E5 mv=F6G7 tr=C3";

#[test]
fn a_snippet_draws_without_a_book() {
    let out = gobook(&["svg", "-e", SNIPPET]);
    let (svg, err) = text(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        err.is_empty(),
        "no warning about ::book or ::chapter: {err}"
    );
    let doc = parse(&svg);
    let desc = doc
        .descendants()
        .find(|n| n.has_tag_name("desc"))
        .and_then(|n| n.text())
        .unwrap();
    assert!(desc.starts_with("9x9 board."), "{desc}");
    assert!(desc.contains("Black stones: D4, C3"), "{desc}");
    assert!(desc.contains("triangle at C3"), "{desc}");
}

#[test]
fn a_snippet_on_standard_input_draws_its_last_diagram() {
    let snippet = "::dia sz=9 ab=C3\n\n::dia sz=13 ab=K10\n";
    let out = gobook_stdin(&["svg", "-"], snippet.as_bytes());
    let (svg, err) = text(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(svg.contains("13x13 board"), "the last diagram: {svg}");
}

#[test]
fn a_snippet_by_id_and_all_of_it_into_a_folder() {
    let snippet = "::dia(#first) sz=9 ab=C3\n::dia(#second) sz=13 ab=K10\n";
    let out = gobook(&["svg", "-e", snippet, "--id", "first"]);
    assert!(text(&out).0.contains("9x9 board"));
    let dir = common::tempdir();
    let out = gobook(&[
        "svg",
        "-e",
        snippet,
        "--all",
        "-o",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out).1);
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["001-first.svg", "002-second.svg"]);
}

#[test]
fn a_mistake_in_a_snippet_has_line_and_column() {
    let out = gobook(&["svg", "-e", "::dia sz=9 ab=C3 mv=Z9"]);
    let (_, err) = text(&out);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        err.contains("<snippet>:1:21: error: `Z9` is off the 9x9 board"),
        "{err}"
    );
    let out = gobook_stdin(&["svg", "-"], b"\n\n::dia sz=9 ab=C3 mv=Z9\n");
    let (_, err) = text(&out);
    assert!(err.contains("<stdin>:3:21: error"), "{err}");
    let out = gobook(&["svg", "-e", "just words"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out).1.contains("has no diagram"), "{}", text(&out).1);
}

/// The pixel at the centre of point `p` of a whole-board PNG without coordinates.
fn pixel_at(png: &Pixmap, size: u8, p: &str) -> [u8; 4] {
    let pt = gobook::point::Point::parse_standard(p).unwrap();
    // The SVG's viewBox: 24 units a line, 15 units of margin each side.
    let units = (size as f32 - 1.0) * 24.0 + 30.0;
    let f = png.width() as f32 / units;
    let x = ((pt.col as f32 * 24.0 + 15.0) * f) as u32;
    let y = (((size - 1 - pt.row) as f32 * 24.0 + 15.0) * f) as u32;
    let c = png.pixel(x, y).unwrap();
    [c.red(), c.green(), c.blue(), c.alpha()]
}

#[test]
fn png_has_the_stones_where_they_are() {
    let dir = common::tempdir();
    let file = dir.path().join("d.png");
    let out = gobook(&[
        "svg",
        "-e",
        "::dia sz=9 ab=C3 aw=G7",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out).1);
    let png = Pixmap::decode_png(&std::fs::read(&file).unwrap()).expect("a PNG");
    assert_eq!(png.width(), 600, "600 pixels wide by default");
    assert_eq!(png.height(), 600);
    assert_eq!(
        pixel_at(&png, 9, "C3"),
        [0x11, 0x11, 0x11, 255],
        "black stone"
    );
    assert_eq!(pixel_at(&png, 9, "G7"), [255, 255, 255, 255], "white stone");
    // An empty point off the lines, a little right and down of E5: the board's wood.
    let c = png.pixel(300 + 20, 300 + 20).unwrap();
    assert_eq!(
        [c.red(), c.green(), c.blue(), c.alpha()],
        [0xe3, 0xbf, 0x7e, 255]
    );
}

#[test]
fn png_width_scale_and_format_flag() {
    let out = gobook(&[
        "svg",
        "-e",
        "::dia sz=9 ab=C3",
        "--format",
        "png",
        "--width",
        "300",
        "--scale",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out).1);
    let png = Pixmap::decode_png(&out.stdout).expect("PNG on standard output");
    assert_eq!((png.width(), png.height()), (600, 600));
    assert_eq!(pixel_at(&png, 9, "C3"), [0x11, 0x11, 0x11, 255]);
}

#[test]
fn png_numbers_are_drawn_in_the_bundled_font() {
    let out = gobook(&["svg", "-e", "::dia sz=9 mv=E5", "--format", "png"]);
    let png = Pixmap::decode_png(&out.stdout).unwrap();
    // The number 1 on the black stone: some light pixels inside the stone.
    let f = 600.0 / 222.0;
    let (cx, cy) = ((4.0 * 24.0 + 15.0) * f, (4.0 * 24.0 + 15.0) * f);
    let light = (-15..15)
        .flat_map(|dx| (-15..15).map(move |dy| (dx, dy)))
        .filter(|(dx, dy)| {
            let c = png
                .pixel((cx as i32 + dx) as u32, (cy as i32 + dy) as u32)
                .unwrap();
            c.red() > 200 && c.green() > 200
        })
        .count();
    assert!(
        light > 20,
        "the number shows on the stone ({light} light pixels)"
    );
}

#[test]
fn the_format_follows_the_extension_and_clashes_are_errors() {
    let dir = common::tempdir();
    let svg = dir.path().join("d.svg");
    gobook(&["svg", "-e", "::dia sz=9", "-o", svg.to_str().unwrap()]);
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    let out = gobook(&[
        "svg",
        "-e",
        "::dia sz=9",
        "--format",
        "png",
        "-o",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out).1.contains("does not match"), "{}", text(&out).1);
    let jpg = dir.path().join("d.jpg");
    let out = gobook(&["svg", "-e", "::dia sz=9", "-o", jpg.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out).1.contains(".svg, .png, .sl or .html"),
        "{}",
        text(&out).1
    );
    assert!(!jpg.exists());
}

#[test]
fn svg_width_sets_the_shown_size_only() {
    let out = gobook(&["svg", "-e", "::dia sz=9 ab=C3", "--width", "444"]);
    let (svg, _) = text(&out);
    let doc = parse(&svg);
    let root = doc.root_element();
    assert_eq!(root.attribute("width"), Some("444"));
    assert_eq!(root.attribute("height"), Some("444"));
    assert_eq!(root.attribute("viewBox"), Some("-15 -15 222 222"));
}

#[test]
fn crop_shows_the_smallest_view_and_prints_it() {
    let out = gobook(&["svg", "-e", "::dia ab=C3D4 aw=E4 tr=D4", "--crop"]);
    let (svg, err) = text(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("vw=A1F5"), "{err}");
    // Six columns and five rows: 5 and 4 spaces of 24 units, plus the margins.
    let doc = parse(&svg);
    assert_eq!(
        doc.root_element().attribute("viewBox"),
        Some("-15 -15 150 126")
    );
    // The printed view, put into a book's diagram, draws the same board.
    let again = gobook(&["svg", "-e", "::dia ab=C3D4 aw=E4 tr=D4 vw=A1F5"]);
    assert_eq!(text(&again).0, svg);
}

#[test]
fn crop_keeps_every_mark_and_label() {
    let mut d = BoardDiagram::new(19);
    d.labels = vec![(
        gobook::point::Point::parse_standard("Q16").unwrap(),
        "a".into(),
    )];
    let v = gobook::board::crop::crop_view(&d).unwrap();
    assert_eq!(gobook::board::crop::view_text(v), "P15T19");
}

#[test]
fn captions_sit_on_their_own_band_and_break_between_phrases() {
    let ca = "Black to play: the hane at 1 is the key; 3 at 5; 4 at 2; 6 at 1; 8 at 3";
    let out = gobook(&[
        "svg",
        "-e",
        &format!("::dia sz=9 ab=C3 mv=E5 ca=\"{ca}\""),
        "--caption",
    ]);
    let (svg, err) = text(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    let doc = parse(&svg);
    let band = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("gb-cab"))
        .expect("a band behind the caption");
    let caption = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("gb-ca"))
        .unwrap();
    let lines: Vec<&str> = caption.children().filter_map(|t| t.text()).collect();
    assert!(lines.len() > 1, "{lines:?}");
    for l in &lines[..lines.len() - 1] {
        assert!(
            l.ends_with(';') || l.ends_with(':'),
            "breaks only after a phrase: {lines:?}"
        );
    }
    let band_top: i32 = band.attribute("y").unwrap().parse().unwrap();
    let band_h: i32 = band.attribute("height").unwrap().parse().unwrap();
    for t in caption.children().filter(|t| t.is_element()) {
        let y: i32 = t.attribute("y").unwrap().parse().unwrap();
        assert!(y > band_top && y < band_top + band_h, "text on the band");
    }
    // The pair has fallbacks of strong contrast, which a page may restyle together.
    assert!(svg.contains(".gb-ca{fill:var(--gb-text,#222)}"));
    assert!(svg.contains(".gb-cab{fill:var(--gb-paper,#f8f4ea)}"));
}

#[test]
fn pngs_of_every_diagram_and_the_same_bytes_every_time() {
    let book = common::root().join("examples/ear-reddening");
    let dir = common::tempdir();
    let out = gobook(&[
        "-q",
        "svg",
        "-e",
        "::dia(#a) sz=9 ab=C3\n::dia(#b) sz=13 aw=K10\n::fig(#c) sz=9 mv=E5E6",
        "--all",
        "--format",
        "png",
        "--width",
        "200",
        "-o",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out).1);
    let mut pngs: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    pngs.sort();
    assert_eq!(pngs.len(), 3);
    for p in &pngs {
        assert_eq!(p.extension().unwrap(), "png");
        let png = Pixmap::decode_png(&std::fs::read(p).unwrap()).expect("a PNG");
        assert_eq!(png.width(), 200);
    }
    let args = [
        "svg",
        book.to_str().unwrap(),
        "--id",
        "fig1",
        "--format",
        "png",
        "--width",
        "200",
    ];
    let one = gobook(&args);
    let two = gobook(&args);
    assert!(one.stdout.starts_with(b"\x89PNG"));
    assert_eq!(one.stdout, two.stdout, "deterministic");
}

#[test]
fn png_says_which_characters_its_font_lacks() {
    let out = gobook(&[
        "svg",
        "-e",
        "::dia sz=9 ab=C3 ca=\"黒番 Black to play\"",
        "--caption",
        "--format",
        "png",
        "--width",
        "100",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let (_, err) = text(&out);
    assert!(err.contains("font has no 黒番"), "{err}");
}

/// A PNG of a 9x9 diagram captioned `caption`, 300 pixels wide, its CJK glyphs taken only
/// from the fonts in `fonts` (`GOBOOK_FONT_DIRS`): what is measured does not depend on the
/// fonts a machine happens to have beside it.
fn captioned_png(caption: &str, fonts: &std::path::Path) -> Pixmap {
    let home = common::tempdir();
    let out = common::with_home(
        &mut std::process::Command::new(env!("CARGO_BIN_EXE_gobook")),
        home.path(),
    )
    .args([
        "svg",
        "-e",
        &format!("::dia sz=9 ab=C3 ca=\"{caption}\""),
        "--caption",
        "--format",
        "png",
        "--width",
        "300",
    ])
    .env("GOBOOK_FONT_DIRS", fonts)
    .output()
    .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Pixmap::decode_png(&out.stdout).unwrap()
}

/// Dark pixels below the board (the caption band starts past the square board).
fn dark_below_board(p: &Pixmap) -> usize {
    let w = p.width() as usize;
    p.pixels()[w * w..]
        .iter()
        .filter(|c| c.demultiply().red() < 120)
        .count()
}

/// The one CJK font the PNG test measures with (`fonts-wqy-microhei`, which scripts/setup.sh
/// installs): pinned, since another CJK font beside it (IPA Mincho) drew fewer dark pixels.
const PINNED_CJK_FONT: &str = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc";

#[test]
fn png_captions_in_chinese_japanese_and_korean_are_drawn() {
    let font = std::path::Path::new(PINNED_CJK_FONT);
    if !font.is_file() {
        common::steps_aside(&format!(
            "{PINNED_CJK_FONT} is missing; scripts/setup.sh installs fonts-wqy-microhei"
        ));
        return;
    }
    let fonts = common::tempdir();
    std::fs::copy(font, fonts.path().join("wqy-microhei.ttc")).unwrap();
    let empty = common::tempdir();
    let latin = dark_below_board(&captioned_png("Ab", fonts.path()));
    for caption in ["黒番", "黑先", "흑선"] {
        let drawn = dark_below_board(&captioned_png(&format!("Ab {caption}"), fonts.path()));
        assert!(
            drawn > latin + 20,
            "{caption}: {drawn} dark pixels under the board, {latin} for the Latin letters alone"
        );
        // Without a CJK font the characters are drawn as nothing, not as boxes or garbage.
        let none = dark_below_board(&captioned_png(&format!("Ab {caption}"), empty.path()));
        assert!(
            none <= latin + 2,
            "{caption} with no CJK font: {none} dark pixels, {latin} for the Latin letters"
        );
    }
    // Deterministic: the same picture twice.
    assert_eq!(
        captioned_png("黒番", fonts.path()).data(),
        captioned_png("黒番", fonts.path()).data()
    );
}
