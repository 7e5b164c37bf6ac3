//! A standalone diagram looks the same in every SVG reader (#35): Chromium, resvg (gobook's own
//! PNG) and librsvg (`rsvg-convert`, behind GNOME and many converters and wiki pipelines).
//! Colours that lived only in CSS custom properties drew a solid black board in librsvg, and
//! three-digit numbers condensed with `textLength` spilled over their stones; this test
//! compares each reader's pixels with Chromium's over a varied set of diagrams.
//!
//! Needs chromium and rsvg-convert (scripts/setup.sh installs them); without them the test steps
//! aside, except under `CI=true`. `GOBOOK_KEEP_PIXELS=DIR` keeps the pictures compared, to look at.

use crate::common::{self, samples};
use gobook::point::{Color, Point};
use gobook::render::png::svg_to_png;
use gobook::render::svg::{render, BoardDiagram, NumberedStone, SvgOptions, DARK};
use resvg::tiny_skia::Pixmap;
use std::path::Path;
use std::process::Command;

/// The width every diagram is drawn at, in pixels.
const WIDTH: u32 = 300;

/// A board with numbered stones 1 to 300 everywhere: one, two and three digits on both colours.
fn numbers_1_to_300() -> BoardDiagram {
    let mut d = BoardDiagram::new(19);
    for n in 1..=300u32 {
        let i = (n - 1) as u8;
        d.numbered.push(NumberedStone {
            point: Point::new(i % 19, 18 - i / 19),
            color: if n % 2 == 1 {
                Color::Black
            } else {
                Color::White
            },
            label: n.to_string(),
        });
    }
    d.title = "Moves 1-300".into();
    d
}

/// The diagrams compared, each with the options it is drawn with.
fn diagrams() -> Vec<(&'static str, BoardDiagram, SvgOptions)> {
    let fixed = SvgOptions {
        width: Some(WIDTH),
        ..SvgOptions::default()
    };
    let dark = SvgOptions {
        palette: DARK,
        ..fixed.clone()
    };
    let captioned = SvgOptions {
        caption: vec!["Moves 61-110. 95 at 89.".into()],
        ..fixed.clone()
    };
    vec![
        ("empty", samples::empty_19(), fixed.clone()),
        ("median", samples::median_figure(), fixed.clone()),
        ("three digits", samples::figure_101_150(), fixed.clone()),
        ("1 to 300", numbers_1_to_300(), fixed.clone()),
        ("corner, marks, letters", samples::corner(), fixed.clone()),
        ("coordinates", samples::opening_13(), fixed.clone()),
        ("territory", samples::territory_9(), fixed.clone()),
        ("lines and arrows", samples::lines_arrows(), fixed.clone()),
        ("problem", samples::problem_9(), fixed.clone()),
        ("dark", samples::median_figure(), dark),
        ("caption", samples::median_figure(), captioned),
    ]
}

/// How far two pictures of one diagram are apart: the mean difference of a colour channel
/// (0 to 255) and the share of pixels that differ by more than a quarter of the range, both
/// over the pictures averaged in blocks of [`BLOCK`] pixels. Readers differ in fonts and
/// anti-aliasing, which the averaging evens out; a black board, a stone of the wrong colour or
/// a number spilling over its stone does not hide in it.
fn distance(a: &Pixmap, b: &Pixmap) -> (f64, f64) {
    let (w, h) = (a.width().min(b.width()), a.height().min(b.height()));
    let (mut sum, mut far, mut n) = (0.0, 0u64, 0u64);
    for by in 0..h / BLOCK {
        for bx in 0..w / BLOCK {
            let (p, q) = (block(a, bx, by), block(b, bx, by));
            let d = [0, 1, 2].map(|c| (p[c] - q[c]).abs());
            sum += d.iter().sum::<f64>();
            far += u64::from(d.iter().any(|&v| v > 64.0));
            n += 1;
        }
    }
    (sum / (3 * n) as f64, far as f64 / n as f64)
}

/// Side of the blocks [`distance`] averages: a third of the 16-pixel spacing of a 300-pixel board.
const BLOCK: u32 = 5;

/// The mean red, green and blue of block (`bx`, `by`).
fn block(p: &Pixmap, bx: u32, by: u32) -> [f64; 3] {
    let mut s = [0.0; 3];
    for y in by * BLOCK..(by + 1) * BLOCK {
        for x in bx * BLOCK..(bx + 1) * BLOCK {
            let c = p.pixel(x, y).unwrap();
            s[0] += f64::from(c.red());
            s[1] += f64::from(c.green());
            s[2] += f64::from(c.blue());
        }
    }
    s.map(|v| v / f64::from(BLOCK * BLOCK))
}

/// The PNG at `path`, composed on white as a page shows it.
fn load(path: &Path) -> Pixmap {
    let png = Pixmap::load_png(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    on_white(&png)
}

fn on_white(p: &Pixmap) -> Pixmap {
    let mut out = Pixmap::new(p.width(), p.height()).unwrap();
    out.fill(resvg::tiny_skia::Color::WHITE);
    out.draw_pixmap(
        0,
        0,
        p.as_ref(),
        &resvg::tiny_skia::PixmapPaint::default(),
        resvg::tiny_skia::Transform::identity(),
        None,
    );
    out
}

/// The part of `p` from row `top`, `h` rows tall.
fn crop(p: &Pixmap, top: u32, h: u32) -> Pixmap {
    let rect = resvg::tiny_skia::IntRect::from_xywh(0, top as i32, WIDTH, h).unwrap();
    p.clone_rect(rect)
        .expect("the screenshot holds every diagram")
}

/// The height an SVG is shown at, from its `height` attribute.
fn height(svg: &str) -> u32 {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.root_element()
        .attribute("height")
        .unwrap()
        .parse()
        .unwrap()
}

#[test]
fn chromium_resvg_and_librsvg_draw_the_same_diagram() {
    if !common::tool("rsvg-convert", "--version") || !common::tool_path(&common::chromium()) {
        return;
    }
    let dir = common::tempdir();
    let mut page = String::from(
        "<!DOCTYPE html><html><head><style>body{margin:0;background:#fff}\
         img{position:absolute;left:0;display:block}</style></head><body>",
    );
    let mut drawn = Vec::new();
    let mut top = 0;
    for (i, (name, d, opts)) in diagrams().into_iter().enumerate() {
        let svg = render(&d, &opts);
        let h = height(&svg);
        let file = dir.path().join(format!("d{i}.svg"));
        std::fs::write(&file, &svg).unwrap();
        page.push_str(&format!(
            r#"<img src="d{i}.svg" style="top:{top}px" width="{WIDTH}" height="{h}">"#
        ));
        drawn.push((name, svg, file, top, h));
        top += h + 10;
    }
    page.push_str("</body></html>");
    let html = dir.path().join("page.html");
    std::fs::write(&html, page).unwrap();
    let shot = dir.path().join("chromium.png");
    let out = Command::new(common::chromium())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            &format!("--window-size={WIDTH},{top}"),
            &format!("--screenshot={}", shot.display()),
        ])
        .arg(format!("file://{}", html.display()))
        .output()
        .unwrap();
    assert!(
        shot.is_file(),
        "chromium: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let screen = load(&shot);
    let (mut report, mut failed) = (Vec::new(), Vec::new());
    for (name, svg, file, top, h) in drawn {
        let chromium = crop(&screen, top, h);
        let resvg = on_white(&Pixmap::decode_png(&svg_to_png(&svg, WIDTH, 1.0).unwrap()).unwrap());
        let rsvg_png = file.with_extension("png");
        let status = Command::new("rsvg-convert")
            .args(["-w", &WIDTH.to_string(), "-o"])
            .arg(&rsvg_png)
            .arg(&file)
            .status()
            .unwrap();
        assert!(status.success(), "rsvg-convert failed on {name}");
        let librsvg = load(&rsvg_png);
        for (reader, pic) in [("resvg", &resvg), ("librsvg", &librsvg)] {
            assert!(
                pic.width().abs_diff(chromium.width()) <= 1
                    && pic.height().abs_diff(chromium.height()) <= 1,
                "{name}: {reader} draws {}x{}, chromium {}x{}",
                pic.width(),
                pic.height(),
                chromium.width(),
                chromium.height()
            );
            let (mean, far) = distance(pic, &chromium);
            let line = format!(
                "{name}: {reader} against chromium: mean channel difference {mean:.2}, \
                 {:.2}% of pixels far apart",
                far * 100.0
            );
            if !(mean < 8.0 && far < 0.01) {
                failed.push(line.clone());
            }
            report.push(line);
            if let Some(keep) = std::env::var_os("GOBOOK_KEEP_PIXELS") {
                let keep = Path::new(&keep);
                let stem = name.replace([' ', ','], "_");
                pic.save_png(keep.join(format!("{stem}-{reader}.png")))
                    .unwrap();
                chromium
                    .save_png(keep.join(format!("{stem}-chromium.png")))
                    .unwrap();
            }
        }
    }
    println!("{}", report.join("\n"));
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}
