//! How the cost of a build grows: `gobook build` of the benchmark book (benches/genbook)
//! at 1x, 4x and 16x its chapters, and of a 5 MB book of long games; wall time and peak
//! memory of the process.
//!
//! `cargo bench --bench scaling` (`-- --scales 1,4,16 --runs 3`; `--long 0` leaves out the
//! 5 MB book; `--epub` measures `gobook build --only-epub` instead of the site). Needs
//! `../shared/corpora` and GNU time (`/usr/bin/time`, for the peak memory).

#[path = "genbook/mod.rs"]
mod genbook;

use std::path::Path;
use std::process::Command;

/// The goal of issue #17 for the 16x and the 5 MB book.
const GOAL_MB: u64 = 300;

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        // Under `cargo test` this is only compiled and started: the measurement takes a while.
        println!("scaling: run with `cargo bench --bench scaling`");
        return;
    }
    let scales: Vec<usize> = genbook::option("--scales")
        .unwrap_or_else(|| "1,4,16".into())
        .split(',')
        .filter_map(|s| s.parse().ok())
        .collect();
    let runs: usize = genbook::option("--runs")
        .and_then(|v| v.parse().ok())
        .unwrap_or(3);
    let long = genbook::option("--long").is_none_or(|v| v != "0");
    let epub = std::env::args().any(|a| a == "--epub");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpora = root.join("../shared/corpora");
    let games = genbook::games(&corpora, 100, 250);
    if games.is_empty() {
        println!(
            "scaling: skipped, no games under {} (the bench needs the shared corpora)",
            corpora.display()
        );
        return;
    }
    if Command::new("/usr/bin/time").arg("true").output().is_err() {
        println!("scaling: skipped, GNU time (/usr/bin/time) is needed for the peak memory");
        return;
    }
    let gobook = genbook::gobook_binary();
    let work = root.join("target/scaling-bench");
    std::fs::create_dir_all(&work).unwrap();

    let mut books: Vec<(String, genbook::Shape)> = scales
        .iter()
        .map(|&s| {
            (
                format!("{s}x"),
                genbook::Shape {
                    chapters: genbook::STANDARD.chapters * s,
                    ..genbook::STANDARD
                },
            )
        })
        .collect();
    if long {
        books.push(("5 MB".into(), genbook::LONG));
    }
    println!("`gobook build{}`", if epub { " --only-epub" } else { "" });
    println!();
    println!("| book | chapters | diagrams | book bytes | build time (median of {runs}) | per 1,000 diagrams | peak memory |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for (name, shape) in books {
        let generated = genbook::generate(&games, &shape);
        let (text, diagrams) = (generated.text, generated.drawings.len());
        let book = work.join(format!("book-{}.gobook", name.replace(' ', "")));
        std::fs::write(&book, &text).unwrap();
        let m = measure(
            &gobook,
            &book,
            &work.join(format!("site-{}", name.replace(' ', ""))),
            runs,
            epub,
        );
        let goal = if (name == "16x" || name == "5 MB") && m.peak_kb / 1024 >= GOAL_MB {
            format!(" (goal: under {GOAL_MB} MB)")
        } else {
            String::new()
        };
        println!(
            "| {name} | {} | {} | {} | {:.2} s | {:.0} ms | {} MB{goal} |",
            shape.chapters + 1,
            diagrams,
            text.len(),
            m.time,
            m.time * 1000.0 * 1000.0 / diagrams.max(1) as f64,
            m.peak_kb / 1024
        );
    }
}

/// What the runs of one book measured.
struct Measured {
    /// Median wall time, seconds.
    time: f64,
    /// Highest peak resident memory of the runs, KB.
    peak_kb: u64,
}

/// Builds `book` into `out` `runs` times as a process under GNU time.
fn measure(gobook: &Path, book: &Path, out: &Path, runs: usize, epub: bool) -> Measured {
    let mut times = Vec::new();
    let mut peak_kb = 0u64;
    for _ in 0..runs {
        // Start from a disk that is not still writing back the run before.
        let _ = Command::new("sync").status();
        let mut cmd = Command::new("/usr/bin/time");
        cmd.args(["-f", "gobook-time %e %M"])
            .arg(gobook)
            .arg("build");
        if epub {
            cmd.arg("--only-epub");
        }
        let out = cmd.arg("-o").arg(out).arg(book).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "gobook build failed: {err}");
        let line = err
            .lines()
            .find(|l| l.starts_with("gobook-time "))
            .expect("GNU time's line");
        let mut f = line.split_whitespace().skip(1);
        times.push(f.next().and_then(|v| v.parse::<f64>().ok()).unwrap());
        peak_kb = peak_kb.max(f.next().and_then(|v| v.parse::<u64>().ok()).unwrap());
    }
    times.sort_by(f64::total_cmp);
    Measured {
        time: times[times.len() / 2],
        peak_kb,
    }
}
