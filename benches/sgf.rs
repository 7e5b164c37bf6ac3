//! SGF parsing speed: every original corpus file parsed into a full, repaired tree (MB/s).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
#[path = "corpus/mod.rs"]
mod corpus;

use std::path::Path;


fn bench(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpora");
    let files: Vec<Vec<u8>> = corpus::sgf_files(&root)
        .iter()
        .filter_map(|f| std::fs::read(f).ok())
        .collect();
    if files.is_empty() {
        eprintln!("skipping: no SGF files under ../shared/corpora");
        return;
    }
    let bytes: usize = files.iter().map(Vec::len).sum();
    let mut group = c.benchmark_group("sgf");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.sample_size(20);
    group.bench_function("parse corpus", |b| {
        b.iter(|| {
            for f in &files {
                let _ = std::hint::black_box(gobook::sgf::parse(f));
            }
        })
    });
    // A large clean game: the parser's own speed without repairs to report.
    let mut game = String::from("(;FF[4]GM[1]SZ[19]PB[Black]PW[White]KM[6.5]");
    for i in 0..200_000u32 {
        let (c, x, y) = (
            if i % 2 == 0 { 'B' } else { 'W' },
            b'a' + (i % 19) as u8,
            b'a' + (i / 19 % 19) as u8,
        );
        game.push_str(&format!(";{c}[{}{}]", x as char, y as char));
        if i % 50 == 0 {
            game.push_str("C[a comment of some length, as games in books have]");
        }
    }
    game.push(')');
    group.throughput(Throughput::Bytes(game.len() as u64));
    group.bench_function("parse 200k-move game", |b| {
        b.iter(|| std::hint::black_box(gobook::sgf::parse(game.as_bytes())))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
