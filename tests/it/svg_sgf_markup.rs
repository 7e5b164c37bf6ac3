//! `gobook svg GAME.sgf` draws what the node marks (TR, SQ, CR, MA, LB, AR, LN), says who
//! plays in a problem, and follows a chosen variation (issue 23).

use crate::common::{self, gobook};

fn svg_of(sgf: &str, args: &[&str]) -> String {
    let dir = common::tempdir();
    let file = dir.path().join("g.sgf");
    std::fs::write(&file, sgf).unwrap();
    let mut all = vec!["svg", file.to_str().unwrap()];
    all.extend_from_slice(args);
    let out = gobook(&all);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn desc(svg: &str) -> String {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .find(|n| n.has_tag_name("desc"))
        .and_then(|n| n.text())
        .unwrap()
        .to_string()
}

#[test]
fn the_nodes_markup_is_drawn() {
    let svg = svg_of(
        "(;SZ[9]AB[cc][dc]AW[dd]TR[cc]SQ[ee]CR[gg]MA[hh]LB[ff:A][fe:12]AR[aa:bb]LN[ag:bh])",
        &[],
    );
    let d = desc(&svg);
    for want in [
        "triangle at C7",
        "square at E5",
        "circle at G3",
        "cross at H2",
        "A at F4",
        "12 at F5",
        "Lines: A3 to B2",
        "Arrows: A9 to B8",
    ] {
        assert!(d.contains(want), "{want:?} in {d}");
    }
}

#[test]
fn markup_of_the_moment_shown_not_of_later_nodes() {
    let sgf = "(;SZ[9];B[cc]TR[ee];W[gg]SQ[ff])";
    let d = desc(&svg_of(sgf, &["--move", "1"]));
    assert!(d.contains("triangle at E5"), "{d}");
    assert!(!d.contains("square"), "{d}");
    assert!(
        d.contains("circle at C7"),
        "the last move's circle stays: {d}"
    );
}

#[test]
fn a_problem_says_who_plays() {
    let svg = svg_of("(;SZ[9]AB[cc][dc]AW[dd])", &["--caption"]);
    assert!(svg.contains("<title>Black to play.</title>"), "{svg}");
    assert!(
        svg.contains(">Black to play.</text>"),
        "in the caption: {svg}"
    );
    let svg = svg_of("(;SZ[9]AB[cc]AW[dd]PL[W])", &["--caption"]);
    assert!(svg.contains(">White to play.</text>"), "{svg}");
}

#[test]
fn a_variation_is_followed() {
    let sgf = "(;SZ[9];B[aa](;W[bb];B[cc])(;W[dd](;B[ee])(;B[ff])))";
    assert!(desc(&svg_of(sgf, &[])).contains("C7"));
    let d = desc(&svg_of(sgf, &["--variation", "2.2"]));
    assert!(d.contains("White stones: D6") && d.contains("F4"), "{d}");
    let dir = common::tempdir();
    let file = dir.path().join("g.sgf");
    std::fs::write(&file, sgf).unwrap();
    let out = gobook(&["svg", file.to_str().unwrap(), "--variation", "3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("has 2 variations, not 3"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
