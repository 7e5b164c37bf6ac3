//! Times the stages of a build of one book: `cargo run --release --example stage_times -- BOOK`.
use std::time::Instant;
fn main() {
    let path = std::env::args().nth(1).expect("a book");
    let text = std::fs::read_to_string(&path).unwrap();
    let t = Instant::now();
    let parsed = gobook::format::parse(&text);
    let t_parse = t.elapsed();
    let t = Instant::now();
    let c = gobook::check::check(&text);
    let t_check = t.elapsed();
    let t = Instant::now();
    let mut n = 0;
    for lang in ["en", "de"] {
        for d in &c.resolved.book.diagrams {
            let bd = gobook::render::board::board_diagram(&c.resolved.book, d, lang);
            n += bd.numbered.len();
        }
    }
    let t_bd = t.elapsed();
    let t = Instant::now();
    let mut bytes = 0;
    for d in &c.resolved.book.diagrams {
        let bd = gobook::render::board::board_diagram(&c.resolved.book, d, "en");
        bytes += gobook::render::svg::render_inline(&bd, "x").len();
    }
    let t_svg = t.elapsed();
    let mut cache = gobook::site::build::Cache::default();
    let out = std::env::temp_dir().join("stage-times-out");
    let opts = gobook::site::build::Options { book: std::path::Path::new(&path), text: &text, out_dir: Some(&out), progress: &|_| {} };
    let t = Instant::now();
    let _ = gobook::site::build::render(&opts, &mut cache);
    let t_cold = t.elapsed();
    let t = Instant::now();
    let _ = gobook::site::build::render(&opts, &mut cache);
    let t_warm = t.elapsed();
    println!("elements {} diagrams {} ({n} numbered, {bytes} svg bytes)", parsed.doc.elements.len(), c.resolved.book.diagrams.len());
    println!("parse {t_parse:?}  check {t_check:?}  board_diagram x2 {t_bd:?}  svg x1 {t_svg:?}  render cold {t_cold:?}  render warm {t_warm:?}");
}
