//! Output size budgets of the SVG renderer (issue 4): the median game figure under
//! 8 KB, the empty 19x19 board under 1.5 KB. Prints the table kept in docs/benchmarks.md:
//! `cargo test --test it svg_sizes -- --nocapture`.

use crate::common;

use common::samples;
use gobook::render::svg::{render_inline, render_standalone, BoardDiagram};

fn row(name: &str, d: &BoardDiagram) -> (usize, usize) {
    let (standalone, inline) = (render_standalone(d).len(), render_inline(d, "d1").len());
    println!(
        "| {name} | {} | {} | {standalone} | {inline} |",
        d.stones.len(),
        d.numbered.len()
    );
    (standalone, inline)
}

#[test]
fn sizes_stay_within_budget() {
    println!("| diagram | plain stones | numbered stones | standalone bytes | inline bytes |");
    println!("|---|---:|---:|---:|---:|");
    let (empty, empty_inline) = row("empty 19x19", &samples::empty_19());
    let (median, median_inline) = row(
        "median figure: moves 61-110 over the position after 60",
        &samples::median_figure(),
    );
    row(
        "late figure: moves 101-150 over the position after 100",
        &samples::figure_101_150(),
    );
    row(
        "moves 1-120 all numbered (sgf-render numbered_moves: 21295 bytes)",
        &samples::figure(1, 120, "Moves 1-120"),
    );
    row(
        "corner view K10-T19 with marks and labels",
        &samples::corner(),
    );
    row("13x13 with coordinates", &samples::opening_13());
    assert!(
        empty < 1500 && empty_inline < 1500,
        "empty board: {empty} / {empty_inline} bytes"
    );
    assert!(
        median < 8000 && median_inline < 8000,
        "median figure: {median} / {median_inline} bytes"
    );
}
