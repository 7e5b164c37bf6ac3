//! The print target (`render_print`, what the PDF draws) against what the PDF drew before
//! it: the standalone SVG with its custom properties resolved and its texts emboldened
//! with a stroke in their own colour, patched into it by the PDF writer. Both drawn by
//! resvg (usvg, typst's SVG reader, and tiny-skia) at print resolution: the same pixels.

use crate::common::samples;
use gobook::render::svg::{render_print, render_standalone, BoardDiagram, Mark};
use resvg::{tiny_skia, usvg};

/// What the PDF's diagrams were before the print target: every group of texts stroked
/// 0.7 units wide in its fill colour, round joined.
fn emboldened_screen_svg(d: &BoardDiagram) -> String {
    let svg = gobook::render::png::without_css_variables(&render_standalone(d));
    let mut out = String::new();
    let mut rest = svg.as_str();
    while let Some(at) = rest.find("<g ") {
        let end = rest[at..].find('>').map_or(rest.len(), |e| at + e);
        let tag = &rest[at..end];
        out.push_str(&rest[..end]);
        if tag.contains(" font-size=\"") {
            if let Some(fill) = tag
                .split(" fill=\"")
                .nth(1)
                .and_then(|f| f.split('"').next())
            {
                out.push_str(&format!(
                    " stroke=\"{fill}\" stroke-width=\".7\" stroke-linejoin=\"round\""
                ));
            }
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    three_digits_as_printed(&out)
}

/// `svg` with its three-digit numbers (the condensed 14-unit groups) as print sets them, a
/// size smaller (12 units), clear of the stone's ring once bold: the baseline 0.36 of the
/// size below the point, so one unit higher.
fn three_digits_as_printed(svg: &str) -> String {
    const GROUP: &str = r#"font-size="14" transform="scale(.75 1)""#;
    let mut out = String::new();
    let mut rest = svg;
    while let Some(at) = rest.find(GROUP) {
        out.push_str(&rest[..at]);
        out.push_str(r#"font-size="12" transform="scale(.75 1)""#);
        rest = &rest[at + GROUP.len()..];
        let end = rest.find("</g>").unwrap_or(rest.len());
        let mut group = &rest[..end];
        while let Some(y) = group.find(" y=\"") {
            out.push_str(&group[..y + 4]);
            group = &group[y + 4..];
            let q = group.find('"').unwrap();
            let v: i32 = group[..q].parse().unwrap();
            out.push_str(&(v - 1).to_string());
            group = &group[q..];
        }
        out.push_str(group);
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// `svg` drawn `scale` pixels a unit, RGBA.
fn pixels(svg: &str, scale: f32) -> (Vec<u8>, u32) {
    let tree = usvg::Tree::from_str(svg, &gobook::render::png::usvg_options()).unwrap();
    let size = tree.size();
    let (w, h) = (
        (size.width() * scale) as u32,
        (size.height() * scale) as u32,
    );
    let mut pixmap = tiny_skia::Pixmap::new(w, h).unwrap();
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    (pixmap.data().to_vec(), w)
}

/// The share of pixels whose colour differs by more than a third in some channel.
fn differing(a: &[u8], b: &[u8]) -> f64 {
    // The same bytes differ nowhere: one comparison of memory, where the test binary,
    // unoptimised, took seconds to look at each of the millions of pixels.
    if a == b {
        return 0.0;
    }
    let n = a.len() / 4;
    let off = a
        .chunks(4)
        .zip(b.chunks(4))
        .filter(|(p, q)| p.iter().zip(q.iter()).any(|(x, y)| x.abs_diff(*y) > 85))
        .count();
    off as f64 / n as f64
}

#[test]
fn print_diagrams_draw_what_the_emboldened_screen_diagrams_drew() {
    let mut cases = samples::all();
    let mut marked = samples::figure_101_150();
    marked.marks = vec![
        (samples::p("K10"), Mark::Circle),
        (samples::p("Q3"), Mark::Cross),
    ];
    marked.labels = vec![
        (samples::p("Q3"), "A".into()),
        (samples::p("R9"), "ko".into()),
    ];
    cases.push(("marked", marked));
    for (name, d) in cases {
        // 8 pixels a unit: a line spacing of 5 mm at about 1000 dpi.
        let (old, w) = pixels(&emboldened_screen_svg(&d), 8.0);
        let (new, w2) = pixels(&render_print(&d), 8.0);
        assert_eq!((old.len(), w), (new.len(), w2), "{name}: the same size");
        let share = differing(&old, &new);
        assert!(
            share == 0.0,
            "{name}: {:.4}% of pixels differ",
            share * 100.0
        );
    }
}
