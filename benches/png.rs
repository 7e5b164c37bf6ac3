//! A PNG of a 19x19 figure with 100 numbered stones, as `gobook svg -o fig.png` draws it
//! (600 CSS pixels wide, scale 1 and 2): the budget is 50 ms (docs/benchmarks.md).

use criterion::{criterion_group, criterion_main, Criterion};
use gobook::point::{Color, Point};
use gobook::render::svg::{render, BoardDiagram, NumberedStone, SvgOptions};
use std::hint::black_box;

/// A 19x19 figure whose 100 numbered stones spread over the board, with a caption.
fn figure() -> String {
    let mut d = BoardDiagram::new(19);
    for i in 0..100u32 {
        // A walk that visits 100 distinct points: 10 rows of 10, every other line.
        let (col, row) = ((i % 10) as u8 * 2, (i / 10) as u8 * 2);
        d.numbered.push(NumberedStone {
            point: Point::new(col, row),
            color: if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            },
            label: (i + 1).to_string(),
        });
    }
    d.title = "Moves 1–100".into();
    let opts = SvgOptions {
        caption: vec!["Moves 1–100".into()],
        ..SvgOptions::default()
    };
    render(&d, &opts)
}

fn bench(c: &mut Criterion) {
    let svg = figure();
    let mut g = c.benchmark_group("png");
    g.sample_size(30);
    g.bench_function("19x19, 100 numbers, 600 px", |b| {
        b.iter(|| gobook::render::png::svg_to_png(black_box(&svg), 600, 1.0).unwrap())
    });
    g.bench_function("19x19, 100 numbers, 600 px at scale 2", |b| {
        b.iter(|| gobook::render::png::svg_to_png(black_box(&svg), 600, 2.0).unwrap())
    });
    // Where the time goes: reading the SVG (with text shaping), drawing, PNG encoding.
    let opts = gobook::render::png::usvg_options();
    let plain = gobook::render::png::without_css_variables(&svg);
    g.bench_function("parts: read the SVG", |b| {
        b.iter(|| resvg::usvg::Tree::from_str(black_box(&plain), &opts).unwrap())
    });
    let tree = resvg::usvg::Tree::from_str(&plain, &opts).unwrap();
    let factor = 600.0 / tree.size().width();
    let (w, h) = (600, (tree.size().height() * factor).round() as u32);
    g.bench_function("parts: draw", |b| {
        b.iter(|| {
            let mut pixmap = resvg::tiny_skia::Pixmap::new(w, h).unwrap();
            resvg::render(
                black_box(&tree),
                resvg::tiny_skia::Transform::from_scale(factor, factor),
                &mut pixmap.as_mut(),
            );
            pixmap
        })
    });
    let mut pixmap = resvg::tiny_skia::Pixmap::new(w, h).unwrap();
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(factor, factor),
        &mut pixmap.as_mut(),
    );
    g.bench_function("parts: encode", |b| {
        b.iter(|| black_box(&pixmap).encode_png().unwrap())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
