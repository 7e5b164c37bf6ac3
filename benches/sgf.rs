//! SGF parsing speed (MB/s) into a full tree: gobook beside sgf-parse and sgfmill on the same bytes.
//!
//! `sgf/gobook corpus`: every original corpus file, read, charset-decoded, repaired, with warnings.
//! `sgf-compare/*`: only the files sgf-parse reads without error (valid UTF-8, strict FF[4]), so
//! that both parse the same bytes in full; sgfmill times the same list afterwards
//! (`benches/sgfmill_speed.py`, run from here when python3 has sgfmill).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
#[path = "corpus/mod.rs"]
mod corpus;

use std::path::{Path, PathBuf};

use std::process::Command;

fn bench(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpora");
    let files: Vec<(PathBuf, Vec<u8>)> = corpus::sgf_files(&root)
        .into_iter()
        .filter_map(|f| std::fs::read(&f).ok().map(|b| (f, b)))
        .collect();
    if files.is_empty() {
        eprintln!("skipping: no SGF files under ../shared/corpora");
        return;
    }
    let bytes: usize = files.iter().map(|(_, b)| b.len()).sum();
    let mut group = c.benchmark_group("sgf");
    group.throughput(Throughput::BytesDecimal(bytes as u64));
    group.sample_size(20);
    group.bench_function("gobook corpus", |b| {
        b.iter(|| {
            for (_, f) in &files {
                let _ = std::hint::black_box(gobook::sgf::parse(f));
            }
        })
    });
    group.finish();

    // sgf-parse takes UTF-8 text and refuses what is not strict FF[4]: compare on what it reads.
    let accepted: Vec<(&Path, &[u8], &str)> = files
        .iter()
        .filter_map(|(p, b)| Some((p.as_path(), b.as_slice(), std::str::from_utf8(b).ok()?)))
        .filter(|(_, _, text)| sgf_parse::parse(text).is_ok())
        .collect();
    let accepted_bytes: usize = accepted.iter().map(|(_, b, _)| b.len()).sum();
    eprintln!(
        "sgf-compare: {} of {} files ({} of {} bytes) that sgf-parse reads without error",
        accepted.len(),
        files.len(),
        accepted_bytes,
        bytes
    );
    let mut group = c.benchmark_group("sgf-compare");
    group.throughput(Throughput::BytesDecimal(accepted_bytes as u64));
    group.sample_size(20);
    group.bench_function("gobook", |b| {
        b.iter(|| {
            for (_, f, _) in &accepted {
                let _ = std::hint::black_box(gobook::sgf::parse(f));
            }
        })
    });
    group.bench_function("sgf-parse", |b| {
        b.iter(|| {
            for (_, _, text) in &accepted {
                let _ = std::hint::black_box(sgf_parse::parse(text));
            }
        })
    });
    // A large clean game: gobook's own speed on one long main line (sgf-parse's recursive
    // tree overflows the stack on it).
    let game = corpus::synthetic_game();
    group.throughput(Throughput::BytesDecimal(game.len() as u64));
    group.bench_function("gobook 200k-move game", |b| {
        b.iter(|| std::hint::black_box(gobook::sgf::parse(game.as_bytes())))
    });
    group.finish();
    // `cargo test --all-targets` runs this once as a test, without `--bench`: no rounds, no sgfmill then.
    if std::env::args().any(|a| a == "--bench") {
        let all: Vec<&[u8]> = files.iter().map(|(_, b)| b.as_slice()).collect();
        let some: Vec<&[u8]> = accepted.iter().map(|(_, b, _)| *b).collect();
        let texts: Vec<&str> = accepted.iter().map(|(_, _, t)| *t).collect();
        rounds(&all, &some, &texts);
        let list: Vec<&Path> = accepted.iter().map(|(p, _, _)| *p).collect();
        sgfmill(&list);
    }
}

/// Rounds over the same files, the parsers taking turns, so that a burst of load from other
/// machines on the host falls on all of them alike; prints the median and the best round.
/// On a shared 2-core VM the means above move by a fifth from run to run, these far less.
fn rounds(all: &[&[u8]], some: &[&[u8]], texts: &[&str]) {
    const ROUNDS: usize = 40;
    let time = |f: &dyn Fn()| {
        let start = std::time::Instant::now();
        f();
        start.elapsed().as_secs_f64()
    };
    let mut secs = [Vec::new(), Vec::new(), Vec::new()];
    for _ in 0..ROUNDS {
        secs[0].push(time(&|| {
            all.iter()
                .for_each(|f| drop(std::hint::black_box(gobook::sgf::parse(f))))
        }));
        secs[1].push(time(&|| {
            some.iter()
                .for_each(|f| drop(std::hint::black_box(gobook::sgf::parse(f))))
        }));
        secs[2].push(time(&|| {
            texts
                .iter()
                .for_each(|t| drop(std::hint::black_box(sgf_parse::parse(t))))
        }));
    }
    let size = |list: &[&[u8]]| list.iter().map(|b| b.len()).sum::<usize>() as f64;
    let names = [
        "sgf/gobook corpus",
        "sgf-compare/gobook",
        "sgf-compare/sgf-parse",
    ];
    for ((name, mut s), bytes) in
        names
            .into_iter()
            .zip(secs)
            .zip([size(all), size(some), size(some)])
    {
        s.sort_by(f64::total_cmp);
        let mbs = |t: f64| bytes / t / 1e6;
        println!(
            "{name}, {ROUNDS} rounds taking turns: median {:.1} MB/s, best {:.1} MB/s",
            mbs(s[ROUNDS / 2]),
            mbs(s[0])
        );
    }
}

/// Times sgfmill's `Sgf_game.from_bytes` over the same files, when python3 has sgfmill.
fn sgfmill(files: &[&Path]) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/sgfmill_speed.py");
    let text: String = files.iter().map(|f| format!("{}\n", f.display())).collect();
    // Removed when dropped.
    let Ok(list) = tempfile::Builder::new()
        .prefix("gobook-sgf-bench-")
        .suffix(".txt")
        .tempfile()
    else {
        return;
    };
    if std::fs::write(list.path(), text).is_err() {
        return;
    }
    match Command::new("python3")
        .arg(&script)
        .arg(list.path())
        .output()
    {
        Ok(out) if out.status.success() => {
            print!(
                "sgf-compare/sgfmill: {}",
                String::from_utf8_lossy(&out.stdout)
            )
        }
        Ok(out) => eprintln!(
            "skipping sgfmill: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ),
        Err(e) => eprintln!("skipping sgfmill: python3: {e}"),
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
