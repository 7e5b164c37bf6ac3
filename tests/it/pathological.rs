//! Pathological inputs from the robustness issue: each is read to the end (or
//! refused with a located error) without a panic, a stack overflow or a hang.
//! Times and peak memory in release builds are in docs/benchmarks.md.

use crate::common::{self, gobook};
use std::path::{Path, PathBuf};

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

const HEAD: &str = "::book(#p)\ntitle=\"P\"\n\n::chapter(#c)\n\n";

#[test]
fn a_ten_megabyte_paragraph_is_checked() {
    let tmp = common::tempdir();
    let book = write(
        tmp.path(),
        "para.gobook",
        format!("{HEAD}::p {}\n", "word ".repeat(2_000_000)).as_bytes(),
    );
    let out = gobook(&["check", path(&book)]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_hundred_thousand_elements_are_checked() {
    let tmp = common::tempdir();
    let body: String = (0..100_000)
        .map(|i| format!("::p Paragraph {i}.\n\n"))
        .collect();
    let book = write(
        tmp.path(),
        "many.gobook",
        format!("{HEAD}{body}").as_bytes(),
    );
    let out = gobook(&["check", path(&book)]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_base_chain_ten_thousand_deep_is_resolved() {
    let tmp = common::tempdir();
    let mut s = format!("{HEAD}::go(#g0) sz=19\n\n");
    for i in 1..=10_000 {
        // Passes keep every move legal however long the chain.
        s.push_str(&format!("::dia(#g{i}) base=g{} mv=Pass\n\n", i - 1));
    }
    let book = write(tmp.path(), "chain.gobook", s.as_bytes());
    let out = gobook(&["check", path(&book)]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_board_of_size_1000_is_refused_at_its_value() {
    let tmp = common::tempdir();
    let book = write(
        tmp.path(),
        "sz.gobook",
        format!("{HEAD}::dia sz=1000\n").as_bytes(),
    );
    let out = gobook(&["check", path(&book)]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("sz.gobook:6:") && err.contains("sz"), "{err}");
}

#[test]
fn invalid_utf8_is_refused_with_its_place() {
    let tmp = common::tempdir();
    let book = write(
        tmp.path(),
        "bad.gobook",
        &[HEAD.as_bytes(), b"::p caf\xe9 \xff\n"].concat(),
    );
    let out = gobook(&["check", path(&book)]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.gobook:6:"), "{err}");
}

#[test]
fn thousands_of_errors_on_one_long_line_are_reported_quickly_and_briefly() {
    let tmp = common::tempdir();
    // 3,000 illegal moves on one line: each report shows the part of the line around it.
    let mv: Vec<&str> = std::iter::repeat_n("D4", 3_000).collect();
    let book = write(
        tmp.path(),
        "illegal.gobook",
        format!("{HEAD}::go(#g) sz=19 mv=\"{}\"\n", mv.join(" ")).as_bytes(),
    );
    let out = gobook(&["check", path(&book)]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.lines().all(|l| l.chars().count() < 400),
        "a report line is too long"
    );
}

#[test]
fn an_sgf_of_a_million_nodes_is_converted() {
    let tmp = common::tempdir();
    let mut s = String::from("(;FF[4]GM[1]SZ[19]");
    for i in 0..1_000_000u32 {
        let c = if i % 2 == 0 { 'B' } else { 'W' };
        s.push_str(&format!(
            ";{c}[{}{}]",
            (b'a' + (i % 19) as u8) as char,
            (b'a' + (i / 19 % 19) as u8) as char
        ));
    }
    s.push(')');
    let sgf = write(tmp.path(), "million.sgf", s.as_bytes());
    let out_file = tmp.path().join("million-out.sgf");
    let out = gobook(&["convert", "-q", path(&sgf), path(&out_file)]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(std::fs::metadata(&out_file).unwrap().len() > 5_000_000);
}

#[test]
fn deeply_nested_variations_are_read_without_overflowing_the_stack() {
    let tmp = common::tempdir();
    let n = 200_000;
    let s = format!("(;FF[4]SZ[19]{}{})", "(;B[aa]".repeat(n), ")".repeat(n));
    let sgf = write(tmp.path(), "deep.sgf", s.as_bytes());
    let out_file = tmp.path().join("deep-out.sgf");
    let out = gobook(&["convert", "-q", path(&sgf), path(&out_file)]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let xml = tmp.path().join("deep-out.xml");
    let out = gobook(&["convert", "-q", path(&sgf), path(&xml)]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A game of `n` nodes that is mostly illegal: moves onto an occupied point, random
/// points (from a fixed-seed generator) and some passes.
fn broken_game(n: u32) -> String {
    let mut s = String::from("(;FF[4]GM[1]SZ[19]");
    let mut x: u32 = 12345;
    for i in 0..n {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        let r = x >> 8;
        let c = if i % 2 == 0 { 'B' } else { 'W' };
        match r % 20 {
            0 => s.push_str(&format!(";{c}[]")),
            1..=9 => s.push_str(&format!(";{c}[dd]")),
            _ => s.push_str(&format!(
                ";{c}[{}{}]",
                (b'a' + (r / 20 % 19) as u8) as char,
                (b'a' + (r / 400 % 19) as u8) as char
            )),
        }
    }
    s.push(')');
    s
}

#[test]
fn a_broken_game_of_many_nodes_is_imported_in_linear_time() {
    let tmp = common::tempdir();
    // 200,000 nodes took minutes when each figure and each report scanned the whole
    // game (quadratic); linear, it is about a second in a release build.
    let n = if cfg!(debug_assertions) {
        50_000
    } else {
        200_000
    };
    let sgf = write(tmp.path(), "broken.sgf", broken_game(n).as_bytes());
    let book = tmp.path().join("broken.gobook");
    let start = std::time::Instant::now();
    let out = gobook(&["import", "-q", path(&sgf), "-o", path(&book)]);
    let took = start.elapsed();
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        took < std::time::Duration::from_secs(30),
        "import took {took:?}"
    );
    // The book is written; of its many illegal moves only the first few are shown.
    assert!(std::fs::metadata(&book).unwrap().len() > n as u64);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.len() < 100_000, "{} bytes of errors", err.len());
    assert!(
        err.contains("lists them all"),
        "{}",
        &err[err.len().saturating_sub(500)..]
    );
}

#[test]
fn a_diagram_early_in_a_game_of_a_million_nodes_replays_only_its_moves() {
    let tmp = common::tempdir();
    // Black fills the lower eight rows while White passes: 152 legal moves. Then a
    // million illegal ones, which a diagram of move 100 must neither replay nor check.
    let mut s = String::from("(;FF[4]GM[1]SZ[19]");
    for row in 0..8u8 {
        for col in 0..19u8 {
            s.push_str(&format!(
                ";B[{}{}];W[]",
                (b'a' + col) as char,
                (b's' - row) as char
            ));
        }
    }
    for i in 0..1_000_000u32 {
        s.push_str(if i % 2 == 0 { ";B[aa]" } else { ";W[aa]" });
    }
    s.push(')');
    let sgf = write(tmp.path(), "early.sgf", s.as_bytes());
    let svg = tmp.path().join("early.svg");
    let start = std::time::Instant::now();
    let out = gobook(&[
        "svg",
        path(&sgf),
        "--move",
        "100",
        "--caption",
        "-o",
        path(&svg),
    ]);
    let took = start.elapsed();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        took < std::time::Duration::from_secs(20),
        "svg took {took:?}"
    );
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert!(
        drawn.contains("<svg") && drawn.contains("Move 100"),
        "{}",
        &drawn[..drawn.len().min(500)]
    );
}
