//! The print edition of the benchmark book (benches/genbook, the 100 games of
//! `genbook::STANDARD`, in English and German): `gobook build --only-pdf` as a process
//! under GNU time, wall time and peak memory of each run, against issue #32's goal (under
//! 5 s on 2 cores and under 500 MB).
//!
//! `cargo bench --bench pdf` (`-- --runs N`, default 3; `-- --scale N` for N times the
//! chapters; `-- --sizes 1,5,20` for books of about 1, 5 and 20 MB, issue #47's; the
//! environment's `GOBOOK_BIN` for another binary than the release build). Needs
//! `../shared/corpora` and GNU time (`/usr/bin/time`).

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
    let gobook = std::env::var_os("GOBOOK_BIN")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(genbook::gobook_binary);
    let work = root.join("target/pdf-bench");
    std::fs::create_dir_all(&work).unwrap();
    // `--sizes 1,5,20`: books of about so many MB of text (issue #47: a 5 MB book under
    // 600 MB, a 20 MB one under 2 GB, growing linearly); else `--scale` times the book.
    let scales: Vec<(String, usize)> = match genbook::option("--sizes") {
        Some(list) => list
            .split(',')
            .filter_map(|mb| mb.trim().parse::<f64>().ok())
            .map(|mb| (format!("{mb} MB"), ((mb * 2.0).round() as usize).max(1)))
            .collect(),
        None => vec![(format!("{scale}x"), scale)],
    };
    println!("| book | chapters | diagrams | text | PDF pages (en) | wall (median of {runs}) | user CPU | peak memory |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (name, scale) in scales {
        let shape = genbook::Shape {
            chapters: genbook::STANDARD.chapters * scale,
            ..genbook::STANDARD
        };
        let generated = genbook::generate(&games, &shape);
        let book = work.join("book.gobook");
        std::fs::write(&book, &generated.text).unwrap();
        let (wall, user, peak_kb) = measure(&gobook, &book, &work, runs);
        let pages = pdf_pages(&work.join("out/bench-en.pdf"));
        println!(
            "| {name} | {} | {} | {:.1} MB | {pages} | {wall:.1} s | {user:.1} s | {} MB |",
            shape.chapters + 1,
            generated.drawings.len(),
            generated.text.len() as f64 / 1e6,
            peak_kb / 1024
        );
    }
    println!("(issue #32's goal for the 1x book: under {GOAL_SECONDS} s and {GOAL_MB} MB)");
}

/// `gobook build --only-pdf` of `book` `runs` times under GNU time: the median wall time,
/// its user CPU time, and the highest peak memory (KB).
fn measure(gobook: &Path, book: &Path, work: &Path, runs: usize) -> (f64, f64, u64) {
    let (mut times, mut peak_kb) = (Vec::new(), 0u64);
    for _ in 1..=runs {
        // Start from a disk that is not still writing back the run before.
        let _ = Command::new("sync").status();
        let out = Command::new("/usr/bin/time")
            .args(["-f", "gobook-time %e %U %M"])
            .arg(gobook)
            .args(["build", "-q", "--only-pdf", "--force", "-o"])
            .arg(work.join("out"))
            .arg(book)
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
        let f: Vec<f64> = line
            .split_whitespace()
            .skip(1)
            .filter_map(|v| v.parse().ok())
            .collect();
        times.push((f[0], f[1]));
        peak_kb = peak_kb.max(f[2] as u64);
    }
    times.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (wall, user) = times[times.len() / 2];
    (wall, user, peak_kb)
}

/// The pages of `pdf`, by `pdfinfo` (0 where poppler is missing).
fn pdf_pages(pdf: &Path) -> usize {
    Command::new("pdfinfo")
        .arg(pdf)
        .output()
        .ok()
        .and_then(|o| {
            String::from_utf8_lossy(&o.stdout)
                .lines()
                .find_map(|l| l.strip_prefix("Pages:").map(|n| n.trim().parse().ok()))
                .flatten()
        })
        .unwrap_or(0)
}
