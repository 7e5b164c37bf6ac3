//! The print edition of the benchmark book (benches/genbook, the 100 games of
//! `genbook::STANDARD`, in English and German): `gobook build --only-pdf` as a process
//! under GNU time, wall time and peak memory of each run, against issue #32's goal (under
//! 5 s on 2 cores and under 500 MB); and how full the English PDF's pages are (issue #49).
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
    println!("| book | chapters | diagrams | text | PDF pages (en) | page fill (en) | wall (median of {runs}) | user CPU | peak memory |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
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
        let fill = page_fill(&work.join("out/bench-en.pdf"), &work.join("pages"))
            .map_or("-".into(), |(mean, low)| {
                format!("{:.1}%, {low} pages under 75%", mean * 100.0)
            });
        println!(
            "| {name} | {} | {} | {:.1} MB | {pages} | {fill} | {wall:.1} s | {user:.1} s | {} MB |",
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

/// How far down its text block the ink of each page of `pdf` reaches, rendered by
/// `pdftoppm` into `dir` (gobook's top and bottom margins, the page's height by `pdfinfo`):
/// the mean over the pages with ink in their text block, and how many of them are filled
/// less than three quarters. None where poppler is missing.
fn page_fill(pdf: &Path, dir: &Path) -> Option<(f64, usize)> {
    use gobook::pdf::settings::{BOTTOM_MARGIN, TOP_MARGIN};
    const DPI: f64 = 25.0;
    let info = Command::new("pdfinfo").arg(pdf).output().ok()?;
    let info = String::from_utf8_lossy(&info.stdout);
    let height_pt: f64 = info
        .lines()
        .find_map(|l| l.strip_prefix("Page size:"))?
        .split_whitespace()
        .nth(2)?
        .parse()
        .ok()?;
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).ok()?;
    let st = Command::new("pdftoppm")
        .args(["-r", &DPI.to_string(), "-gray"])
        .arg(pdf)
        .arg(dir.join("p"))
        .status()
        .ok()?;
    if !st.success() {
        return None;
    }
    let px_per_mm = DPI / 25.4;
    let top = TOP_MARGIN * px_per_mm;
    let bottom = (height_pt / 72.0 * 25.4 - BOTTOM_MARGIN) * px_per_mm;
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    let mut fills = Vec::new();
    for f in files {
        let data = std::fs::read(&f).ok()?;
        // A binary PGM: "P5", width and height, the largest value, then a byte a pixel.
        let mut fields = data.splitn(5, |b| b.is_ascii_whitespace());
        let (_, w, _, _) = (
            fields.next()?,
            fields.next()?,
            fields.next()?,
            fields.next()?,
        );
        let w: usize = std::str::from_utf8(w).ok()?.parse().ok()?;
        let pixels = fields.next()?;
        let inked = |y: usize| {
            pixels
                .get(y * w..(y + 1) * w)
                .is_some_and(|row| row.iter().any(|&v| v < 128))
        };
        let lowest = (top as usize..=bottom as usize).rev().find(|&y| inked(y));
        if let Some(y) = lowest {
            fills.push(((y as f64 - top) / (bottom - top)).clamp(0.0, 1.0));
        }
    }
    let _ = std::fs::remove_dir_all(dir);
    let mean = fills.iter().sum::<f64>() / fills.len().max(1) as f64;
    Some((mean, fills.iter().filter(|&&f| f < 0.75).count()))
}
