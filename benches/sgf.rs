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

/// The allocator the `gobook` command runs with (src/main.rs), here for every parser measured.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
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
    // `cargo test --all-targets` runs this once as a test, without `--bench`: no sgfmill then.
    if std::env::args().any(|a| a == "--bench") {
        let list: Vec<&Path> = accepted.iter().map(|(p, _, _)| *p).collect();
        sgfmill(&list);
    }
}

/// Times sgfmill's `Sgf_game.from_bytes` over the same files, when python3 has sgfmill.
fn sgfmill(files: &[&Path]) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/sgfmill_speed.py");
    let list = std::env::temp_dir().join(format!("gobook-sgf-bench-{}.txt", std::process::id()));
    let text: String = files.iter().map(|f| format!("{}\n", f.display())).collect();
    if std::fs::write(&list, text).is_err() {
        return;
    }
    match Command::new("python3").arg(&script).arg(&list).output() {
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
    let _ = std::fs::remove_file(&list);
}

criterion_group!(benches, bench);
criterion_main!(benches);
