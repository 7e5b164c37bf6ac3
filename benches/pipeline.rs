//! Side by side, in one run: the benchmark book (benches/genbook) built by `gobook build`,
//! and by the pipeline a user would assemble today for the same book: sgf-render 3.3.1
//! drawing every board from the game's SGF (two processes at a time), then mdBook 0.5
//! building one site per language from Markdown that shows those boards as images.
//!
//! `cargo bench --bench pipeline` (`-- --scale N` for N times the book, `-- --runs N`).
//! Needs `../shared/corpora`, and `sgf-render` and `mdbook` on the PATH
//! (`cargo install sgf-render --version 3.3.1`, `cargo install mdbook --version ^0.5`);
//! without them it says what is missing and measures nothing.

#[path = "genbook/mod.rs"]
mod genbook;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        // Under `cargo test` this is only compiled and started: the measurement takes a minute.
        println!("pipeline: run with `cargo bench --bench pipeline`");
        return;
    }
    let opt = |name: &str, default: usize| {
        genbook::option(name)
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let (scale, runs) = (opt("--scale", 1), opt("--runs", 3));
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpora = root.join("../shared/corpora");
    let games = genbook::games(&corpora, 100, 250);
    if games.is_empty() {
        println!(
            "pipeline: skipped, no games under {} (the bench needs the shared corpora)",
            corpora.display()
        );
        return;
    }
    let missing: Vec<&str> = ["sgf-render", "mdbook"]
        .into_iter()
        .filter(|t| Command::new(t).arg("--version").output().is_err())
        .collect();
    if !missing.is_empty() {
        println!("pipeline: skipped, not on the PATH: {} (cargo install sgf-render --version 3.3.1; cargo install mdbook --version ^0.5)", missing.join(", "));
        return;
    }
    let gobook = genbook::gobook_binary();
    let versions: Vec<String> = ["sgf-render", "mdbook"]
        .iter()
        .map(|t| {
            String::from_utf8_lossy(&Command::new(t).arg("--version").output().unwrap().stdout)
                .trim()
                .to_string()
        })
        .collect();

    let shape = genbook::Shape {
        chapters: genbook::STANDARD.chapters * scale,
        ..genbook::STANDARD
    };
    let generated = genbook::generate(&games, &shape);
    let work = root.join("target/pipeline-bench");
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).unwrap();
    let book = work.join("book.gobook");
    std::fs::write(&book, &generated.text).unwrap();
    let langs = ["en", "de"];
    for (lang, chapters) in langs.iter().zip(&generated.markdown) {
        let dir = work.join(format!("mdbook-{lang}"));
        std::fs::create_dir_all(dir.join("src/img")).unwrap();
        let title = if *lang == "en" {
            "A Hundred Games"
        } else {
            "Hundert Partien"
        };
        std::fs::write(
            dir.join("book.toml"),
            format!("[book]\ntitle = \"{title}\"\nlanguage = \"{lang}\"\n\n[output.html]\n"),
        )
        .unwrap();
        let mut summary = String::from("# Summary\n\n");
        for (name, md) in chapters {
            let heading = md.lines().next().unwrap_or("").trim_start_matches("# ");
            summary.push_str(&format!("- [{heading}]({name}.md)\n"));
            std::fs::write(dir.join(format!("src/{name}.md")), md).unwrap();
        }
        std::fs::write(dir.join("src/SUMMARY.md"), summary).unwrap();
    }
    // sgf-render reads strict UTF-8 SGF only; some corpus games are Latin-1 or slightly
    // broken: give it the games as gobook's SGF reader repairs and writes them (untimed).
    let sgf_dir = work.join("sgf");
    std::fs::create_dir_all(&sgf_dir).unwrap();
    let sgfs: Vec<PathBuf> = games
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let p = sgf_dir.join(format!("g{i}.sgf"));
            let parsed = gobook::sgf::parse(&std::fs::read(&g.2).unwrap()).unwrap();
            std::fs::write(&p, gobook::sgf::write(&parsed.collection)).unwrap();
            p
        })
        .collect();
    let boards = generated.drawings.len();
    println!(
        "book: {} chapters, {boards} boards (sgf-render), {} bytes of gobook text",
        shape.chapters + 1,
        generated.text.len()
    );
    println!("tools: {}; {}", versions[0], versions[1]);

    let mut pipeline = Vec::new();
    let mut ours = Vec::new();
    let mut stages = Vec::new();
    let mut drawing = Vec::new();
    for run in 0..runs {
        // The user's pipeline: boards, then the images into each language's book, then mdBook per language.
        let img = work.join("img");
        let _ = std::fs::remove_dir_all(&img);
        std::fs::create_dir_all(&img).unwrap();
        // Each side starts with the other's files on disk, not still being written back.
        settle();
        let t0 = Instant::now();
        draw_all(&generated.drawings, &sgfs, &img, 2);
        let t1 = Instant::now();
        for lang in langs {
            let dir = work.join(format!("mdbook-{lang}"));
            for e in std::fs::read_dir(&img).unwrap().flatten() {
                std::fs::copy(e.path(), dir.join("src/img").join(e.file_name())).unwrap();
            }
            let st = Command::new("mdbook")
                .arg("build")
                .arg(&dir)
                .arg("-d")
                .arg(work.join(format!("site-mdbook-{lang}")))
                .output()
                .unwrap();
            assert!(
                st.status.success(),
                "mdbook build failed: {}",
                String::from_utf8_lossy(&st.stderr)
            );
        }
        let t2 = Instant::now();
        pipeline.push(t2 - t0);
        stages.push((t1 - t0, t2 - t1));
        let drawn = std::fs::read_dir(&img).unwrap().count();
        assert_eq!(drawn, boards, "sgf-render drew every board");

        settle();
        let t = Instant::now();
        let st = Command::new(&gobook)
            .env("GOBOOK_TIMINGS", "1")
            .args(["build", "-q", "-o"])
            .arg(work.join("site-gobook"))
            .arg(&book)
            .output()
            .unwrap();
        ours.push(t.elapsed());
        let err = String::from_utf8_lossy(&st.stderr);
        assert!(st.status.success(), "gobook build failed: {err}");
        // The build's own account of its diagram stage (every diagram, both languages).
        let ms = err.lines().find_map(|l| {
            l.trim()
                .strip_prefix("diagrams: ")?
                .strip_suffix(" ms")?
                .parse::<f64>()
                .ok()
        });
        // A build that draws its diagrams with its pages reports no stage of its own for them.
        let drawn = ms.map_or("drawing not reported apart".to_string(), |ms| {
            drawing.push(Duration::from_secs_f64(ms / 1000.0));
            format!("of which drawing {ms:.0} ms")
        });
        println!(
            "run {}: sgf-render {:.2} s + mdBook {:.2} s = {:.2} s; gobook {:.0} ms ({drawn})",
            run + 1,
            stages[run].0.as_secs_f64(),
            stages[run].1.as_secs_f64(),
            pipeline[run].as_secs_f64(),
            ours[run].as_secs_f64() * 1000.0,
        );
    }
    let (p, g) = (median(&mut pipeline), median(&mut ours));
    println!(
        "median of {runs}: pipeline {:.2} s, gobook {:.0} ms = {:.1}% of the pipeline (goal at most 5%: {:.0} ms)",
        p.as_secs_f64(),
        g.as_secs_f64() * 1000.0,
        100.0 * g.as_secs_f64() / p.as_secs_f64(),
        p.as_secs_f64() * 50.0,
    );
    let diagrams = generated.drawings.len() as f64;
    let ours = if drawing.is_empty() {
        "not reported apart".to_string()
    } else {
        format!(
            "{:.0} diagrams/s (each in both languages, in the build)",
            diagrams / median(&mut drawing).as_secs_f64()
        )
    };
    println!(
        "drawing: sgf-render {:.0} boards/s (two processes); gobook {ours}",
        diagrams / median(&mut stages.iter().map(|s| s.0).collect::<Vec<_>>()).as_secs_f64(),
    );
}

/// Draws every board with sgf-render, `jobs` processes at a time, into `img/dN.svg`.
fn draw_all(drawings: &[genbook::Drawing], sgfs: &[PathBuf], img: &Path, jobs: usize) {
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(d) = drawings.get(i) else { break };
                let mut cmd = Command::new("sgf-render");
                cmd.arg(&sgfs[d.game])
                    .arg("-n")
                    .arg(d.node.to_string())
                    .arg("-o")
                    .arg(img.join(format!("d{i}.svg")));
                if let Some((a, b)) = d.numbers {
                    cmd.arg(format!("--move-numbers={a}-{b}"));
                }
                let out = cmd.output().expect("sgf-render runs");
                assert!(
                    out.status.success(),
                    "sgf-render failed on board {i}: {}",
                    String::from_utf8_lossy(&out.stderr)
                );
            });
        }
    });
}

/// Flushes what earlier steps wrote, so that no step pays for the one before.
fn settle() {
    let _ = Command::new("sync").status();
}

fn median(v: &mut [Duration]) -> Duration {
    v.sort();
    v[v.len() / 2]
}
