//! How the cost of a build grows: `gobook build` of the benchmark book (benches/genbook)
//! at 1x, 4x and 16x its chapters, and of a 5 MB book of long games; wall time and peak
//! memory of the process.
//!
//! `cargo bench --bench scaling` (`-- --scales 1,4,16 --runs 3`; `--long 0` leaves out the
//! 5 MB book; `--epub` measures `gobook build --only-epub` instead of the site). Needs
//! `../shared/corpora` and GNU time (`/usr/bin/time`, for the peak memory).
//!
//! `-- --sizes 1,5,20`: books of the benchmark's shape of about 1, 5 and 20 MB instead, with
//! the size of each site beside its book's (issue #50: the site must grow with the book),
//! the build's wall time, CPU time and peak memory. `GOBOOK_BIN` names the binary to measure
//! instead of building one (see `genbook::gobook_binary`).

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
    if let Some(sizes) = genbook::option("--sizes") {
        by_size(&games, &gobook, &work, &sizes, runs);
        return;
    }

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

/// The site of books of the benchmark's shape of about `sizes` (comma-separated MB) each:
/// its size beside the book's, and the build's wall time, CPU time and peak memory.
fn by_size(games: &[genbook::Game], gobook: &Path, work: &Path, sizes: &str, runs: usize) {
    let per_chapter = genbook::generate(games, &genbook::STANDARD).text.len() as f64
        / genbook::STANDARD.chapters as f64;
    println!("`gobook build` of books of the benchmark's shape (two languages)");
    println!();
    println!("| book | chapters | diagrams | site | site / book | HTML pages | of which SVG | lists of pages | site / (book + SVG) | build time (median of {runs}) | CPU time | peak memory |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for mb in sizes.split(',').filter_map(|s| s.parse::<f64>().ok()) {
        let chapters = ((mb * 1e6 / per_chapter).round() as usize).max(1);
        let shape = genbook::Shape {
            chapters,
            ..genbook::STANDARD
        };
        let generated = genbook::generate(games, &shape);
        let name = format!("{mb}mb");
        let book = work.join(format!("book-{name}.gobook"));
        std::fs::write(&book, &generated.text).unwrap();
        let out = work.join(format!("site-{name}"));
        let m = measure(gobook, &book, &out, runs, false);
        let site = Sizes::of(&out);
        let text = generated.text.len() as f64;
        println!(
            "| {:.1} MB | {} | {} | {:.1} MB | {:.1} | {} ({:.1} MB) | {:.1} MB | {:.2} MB | {:.2} | {:.2} s | {:.2} s | {} MB |",
            text / 1e6,
            chapters + 1,
            generated.drawings.len(),
            site.total as f64 / 1e6,
            site.total as f64 / text,
            site.pages,
            site.html as f64 / 1e6,
            site.svg as f64 / 1e6,
            site.nav as f64 / 1e6,
            site.total as f64 / (text + site.svg as f64),
            m.time,
            m.cpu,
            m.peak_kb / 1024
        );
    }
}

/// The bytes of a built site.
#[derive(Default)]
struct Sizes {
    /// Every file.
    total: u64,
    /// The HTML pages.
    html: u64,
    /// How many pages.
    pages: u64,
    /// The shared lists of pages (`gobook-nav-LANG.js`).
    nav: u64,
    /// The diagrams' SVG in the pages.
    svg: u64,
}

impl Sizes {
    /// The sizes of the site in `dir`, its folders' files included.
    fn of(dir: &Path) -> Sizes {
        let mut sizes = Sizes::default();
        let mut stack = vec![dir.to_path_buf()];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).unwrap().flatten() {
                let (p, meta) = (e.path(), e.metadata().unwrap());
                if meta.is_dir() {
                    stack.push(p);
                    continue;
                }
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                sizes.total += meta.len();
                if name.ends_with(".html") {
                    sizes.html += meta.len();
                    sizes.pages += 1;
                    sizes.svg += svg_bytes(&std::fs::read_to_string(&p).unwrap());
                } else if name.starts_with("gobook-nav-") {
                    sizes.nav += meta.len();
                }
            }
        }
        sizes
    }
}

/// The bytes of the `<svg>` elements in `page`.
fn svg_bytes(page: &str) -> u64 {
    let mut total = 0;
    let mut rest = page;
    while let Some(i) = rest.find("<svg") {
        let Some(e) = rest[i..].find("</svg>") else {
            break;
        };
        total += (e + "</svg>".len()) as u64;
        rest = &rest[i + e..];
    }
    total
}

/// What the runs of one book measured.
struct Measured {
    /// Median wall time, seconds.
    time: f64,
    /// CPU time (user and system) of the run of median wall time, seconds.
    cpu: f64,
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
        cmd.args(["-f", "gobook-time %e %M %U %S"])
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
        let f: Vec<f64> = line
            .split_whitespace()
            .skip(1)
            .map(|v| v.parse().unwrap())
            .collect();
        times.push((f[0], f[2] + f[3]));
        peak_kb = peak_kb.max(f[1] as u64);
    }
    times.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (time, cpu) = times[times.len() / 2];
    Measured { time, cpu, peak_kb }
}
