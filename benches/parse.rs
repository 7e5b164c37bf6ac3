//! Parsing throughput of the gobook format: parse alone, and parse + link +
//! validate (what `gobook check` does), over a large book built from the example.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

/// The example book with its chapters repeated until the text is about 4 MB,
/// IDs renamed per copy so the book stays valid.
fn large_book() -> String {
    let src = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/ear-reddening/ear-reddening.gobook"
    ))
    .expect("the example book");
    let split = src.find("::chapter(#game)").expect("the game chapter");
    let (head, body) = src.split_at(split);
    let mut out = String::from(head);
    let mut k = 0;
    while out.len() < 4_000_000 {
        out.push_str("\n\n\n");
        out.push_str(
            &body
                .replace("(#", &format!("(#c{k}-"))
                .replace("base=", &format!("base=c{k}-")),
        );
        k += 1;
    }
    out
}

fn bench(c: &mut Criterion) {
    let book = large_book();
    assert!(
        !gobook::check::check(&book).has_errors(),
        "the benchmark book must be valid"
    );
    let mut g = c.benchmark_group("gobook");
    g.throughput(Throughput::Bytes(book.len() as u64));
    g.sample_size(20);
    g.bench_function("parse", |b| {
        b.iter(|| black_box(gobook::format::parse(black_box(&book))))
    });
    g.bench_function("check", |b| {
        b.iter(|| black_box(gobook::check::check(black_box(&book))))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
