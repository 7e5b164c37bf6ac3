//! Prints how fast `gobook::sgf::parse` reads the corpora: `cargo run --release --example sgf_speed`.

#[path = "../benches/corpus/mod.rs"]
mod corpus;

use std::path::Path;
use std::time::Instant;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpora");
    // `synthetic`: one clean 200,000-move game (the bench's) instead of the corpora, to see the per-node cost alone.
    let files: Vec<Vec<u8>> = if std::env::args().any(|a| a == "synthetic") {
        vec![corpus::synthetic_game().into_bytes()]
    } else {
        corpus::sgf_files(&root)
            .iter()
            .filter_map(|f| std::fs::read(f).ok())
            .collect()
    };
    let bytes: usize = files.iter().map(Vec::len).sum();
    // `ROUNDS=1` for a profiler run (callgrind counts are steady where timings on a busy machine are not).
    let rounds = std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(20);
    let start = Instant::now();
    let mut nodes = 0;
    for _ in 0..rounds {
        for f in &files {
            if let Ok(p) = gobook::sgf::parse(f) {
                nodes += p.collection.games.iter().map(|g| g.len()).sum::<usize>();
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{} files, {:.1} MB, {} nodes per round: {:.1} MB/s, {:.0} ns per node",
        files.len(),
        bytes as f64 / 1e6,
        nodes / rounds,
        (bytes * rounds) as f64 / 1e6 / secs,
        secs * 1e9 / nodes as f64
    );
}
