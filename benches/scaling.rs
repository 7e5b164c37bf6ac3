//! How the cost of a build grows: `gobook build` of the benchmark book (benches/genbook)
//! at 1x, 4x and 16x its chapters, wall time and peak memory of the process.
//!
//! `cargo bench --bench scaling` (`-- --scales 1,4,16 --runs 3`). Needs `../shared/corpora`
//! and GNU time (`/usr/bin/time`, for the peak memory).

#[path = "genbook/mod.rs"]
mod genbook;

use std::path::Path;
use std::process::Command;

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        // Under `cargo test` this is only compiled and started: the measurement takes a while.
        println!("scaling: run with `cargo bench --bench scaling`");
        return;
    }
    let scales: Vec<usize> = genbook::option("--scales").unwrap_or_else(|| "1,4,16".into()).split(',').filter_map(|s| s.parse().ok()).collect();
    let runs: usize = genbook::option("--runs").and_then(|v| v.parse().ok()).unwrap_or(3);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpora = root.join("../shared/corpora");
    let games = genbook::games(&corpora, 100, 250);
    if games.is_empty() {
        println!("scaling: skipped, no games under {} (the bench needs the shared corpora)", corpora.display());
        return;
    }
    if Command::new("/usr/bin/time").arg("true").output().is_err() {
        println!("scaling: skipped, GNU time (/usr/bin/time) is needed for the peak memory");
        return;
    }
    let gobook = genbook::gobook_binary();
    let work = root.join("target/scaling-bench");
    std::fs::create_dir_all(&work).unwrap();

    println!("| scale | chapters | diagrams | book bytes | build time (median of {runs}) | per 1,000 diagrams | peak memory |");
    println!("|---:|---:|---:|---:|---:|---:|---:|");
    for scale in scales {
        let shape = genbook::Shape { chapters: genbook::STANDARD.chapters * scale, ..genbook::STANDARD };
        let text = genbook::book(&games, &shape);
        let book = work.join(format!("book{scale}.gobook"));
        std::fs::write(&book, &text).unwrap();
        let mut times = Vec::new();
        let mut peak = 0u64;
        let mut diagrams = 0usize;
        for _ in 0..runs {
            // Start from a disk that is not still writing back the run before.
            let _ = Command::new("sync").status();
            let out = Command::new("/usr/bin/time")
                .args(["-f", "gobook-time %e %M"])
                .arg(&gobook)
                .args(["build", "-o"])
                .arg(work.join(format!("site{scale}")))
                .arg(&book)
                .output()
                .unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success(), "gobook build failed: {err}");
            let line = err.lines().find(|l| l.starts_with("gobook-time ")).expect("GNU time's line");
            let mut f = line.split_whitespace().skip(1);
            times.push(f.next().and_then(|v| v.parse::<f64>().ok()).unwrap());
            peak = peak.max(f.next().and_then(|v| v.parse::<u64>().ok()).unwrap());
            // "Built DIR in T s: P pages, D diagrams, L languages"
            diagrams = err.lines().find_map(|l| l.split(", ").find_map(|p| p.strip_suffix(" diagrams")?.parse().ok())).unwrap_or(0);
        }
        times.sort_by(f64::total_cmp);
        let t = times[times.len() / 2];
        println!(
            "| {scale}x | {} | {diagrams} | {} | {:.2} s | {:.0} ms | {} MB |",
            shape.chapters + 1,
            text.len(),
            t,
            t * 1000.0 * 1000.0 / diagrams.max(1) as f64,
            peak / 1024
        );
    }
}
