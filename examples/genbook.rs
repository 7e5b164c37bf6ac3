//! Writes the benchmark book (benches/genbook): `cargo run --release --example genbook -- OUT.gobook [SCALE] [long]`.
//! SCALE multiplies the number of chapters (1 = 100 chapters, 500 figures, 1,000 diagrams);
//! `long` makes the book of long games instead (`genbook::LONG`: 1 = 880 chapters, about 5 MB).

#[path = "../benches/genbook/mod.rs"]
mod genbook;

fn main() {
    let mut args = std::env::args().skip(1);
    let out = args.next().unwrap_or_else(|| "bench.gobook".into());
    let scale: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let corpora = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpora");
    let long = args.next().as_deref() == Some("long");
    let games = genbook::games(&corpora, 100, 250);
    if games.is_empty() {
        eprintln!(
            "no games found under {}: the generator needs the shared corpora",
            corpora.display()
        );
        std::process::exit(2);
    }
    let base = if long {
        genbook::LONG
    } else {
        genbook::STANDARD
    };
    let shape = genbook::Shape {
        chapters: base.chapters * scale,
        ..base
    };
    let text = genbook::book(&games, &shape);
    std::fs::write(&out, &text).unwrap_or_else(|e| panic!("cannot write {out}: {e}"));
    eprintln!("wrote {out}: {} bytes, {} games", text.len(), games.len());
}
