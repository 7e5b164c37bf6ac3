//! The print edition of the benchmark book (benches/genbook, the 100 games of
//! `genbook::STANDARD`, in English and German): `gobook build --only-pdf` as a process
//! under GNU time, wall time and peak memory of each run, against issue #32's goal (under
//! 5 s on 2 cores and under 500 MB).
//!
//! `cargo bench --bench pdf` (`-- --runs N`, default 3; `-- --scale N` for N times the
//! chapters). Needs `../shared/corpora` and GNU time (`/usr/bin/time`).

#[path = "genbook/mod.rs"]
mod genbook;

use std::path::Path;
use std::process::Command;

/// Issue #32's goals for this book.
const GOAL_SECONDS: f64 = 5.0;
const GOAL_MB: u64 = 500;

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        // Under `cargo test` this is only compiled and started: the measurement takes a while.
        println!("pdf: run with `cargo bench --bench pdf`");
        return;
    }
    let opt = |name: &str, default: usize| {
        genbook::option(name)
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let (runs, scale) = (opt("--runs", 3).max(1), opt("--scale", 1).max(1));
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpora = root.join("../shared/corpora");
    let games = genbook::games(&corpora, 100, 250);
    if games.is_empty() {
        println!(
            "pdf: skipped, no games under {} (the bench needs the shared corpora)",
            corpora.display()
        );
        return;
    }
    if Command::new("/usr/bin/time").arg("true").output().is_err() {
        println!("pdf: skipped, GNU time (/usr/bin/time) is needed for the peak memory");
        return;
    }
    let gobook = genbook::gobook_binary();
    let work = root.join("target/pdf-bench");
    std::fs::create_dir_all(&work).unwrap();
    let shape = genbook::Shape {
        chapters: genbook::STANDARD.chapters * scale,
        ..genbook::STANDARD
    };
    let generated = genbook::generate(&games, &shape);
    let book = work.join("book.gobook");
    std::fs::write(&book, &generated.text).unwrap();
    println!(
        "book: {} chapters, {} diagrams, {} bytes; `gobook build --only-pdf` (one PDF per language)",
        shape.chapters + 1,
        generated.drawings.len(),
        generated.text.len()
    );
    let (mut times, mut peak_kb) = (Vec::new(), 0u64);
    for run in 1..=runs {
        // Start from a disk that is not still writing back the run before.
        let _ = Command::new("sync").status();
        let out = Command::new("/usr/bin/time")
            .args(["-f", "gobook-time %e %M"])
            .arg(&gobook)
            .args(["build", "-q", "--only-pdf", "-o"])
            .arg(work.join("out"))
            .arg(&book)
            .env("SOURCE_DATE_EPOCH", "1700000000")
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success(),
            "gobook build --only-pdf failed: {err}"
        );
        let line = err
            .lines()
            .find(|l| l.starts_with("gobook-time "))
            .expect("GNU time's line");
        let mut f = line.split_whitespace().skip(1);
        let secs: f64 = f.next().and_then(|v| v.parse().ok()).unwrap();
        let kb: u64 = f.next().and_then(|v| v.parse().ok()).unwrap();
        println!("run {run}: {secs:.2} s, peak {} MB", kb / 1024);
        times.push(secs);
        peak_kb = peak_kb.max(kb);
    }
    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    println!(
        "median of {runs}: {median:.2} s (goal under {GOAL_SECONDS} s), highest peak {} MB (goal under {GOAL_MB} MB)",
        peak_kb / 1024
    );
}
