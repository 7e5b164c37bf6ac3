//! Issue #52: `gobook svg` draws Sensei's Library diagrams from a file, `-e` or standard
//! input, and tells what is not a diagram at its line and column.

use crate::common::{gobook, gobook_stdin};

const JOSEKI: &str = "$$Bc A joseki variation
$$  ---------------
$$ | . . . . . . . .
$$ | . . 7 3 X d . .
$$ | . . O 1 O 6 . .
$$ | . . 4 2 5 c . .
$$ | . . 8 X a . . .
";

fn svg_of(out: std::process::Output) -> String {
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(0), "{err}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_diagram_from_expr_stdin_and_file_draws_the_same() {
    let from_expr = svg_of(gobook(&["svg", "-e", JOSEKI]));
    let from_stdin = svg_of(gobook_stdin(&["svg", "-"], JOSEKI.as_bytes()));
    assert_eq!(from_expr, from_stdin);
    let dir = crate::common::tempdir();
    let file = dir.path().join("joseki.txt");
    std::fs::write(&file, JOSEKI).unwrap();
    let from_file = svg_of(gobook(&["svg", file.to_str().unwrap()]));
    assert_eq!(from_expr, from_file);
    // The moves are numbered 1 to 8, the letters shown, the corner with coordinates.
    for n in 1..=8 {
        assert!(from_expr.contains(&format!(">{n}</text>")), "move {n}");
    }
    for l in ["a", "c", "d"] {
        assert!(from_expr.contains(&format!(">{l}</text>")), "label {l}");
    }
    assert!(from_expr.contains(">19</text>") && from_expr.contains(">A</text>"));
    assert!(from_expr.contains("<title>A joseki variation</title>"));
}

#[test]
fn what_is_not_a_diagram_is_told_at_line_and_column() {
    let cases = [
        ("$$B\n$$ . X * .\n", "<stdin>:2:8:", "`*` is not a point"),
        (
            "$$B\n$$ . X .\n$$ [a]\n",
            "<stdin>:3:4:",
            "a link line is `[a|target]`",
        ),
        (
            "$$B\n$$ . X .\n$$ {AR C3 C4}\n",
            "<stdin>:3:4:",
            "board coordinates need",
        ),
        ("$$B\n$$ 1 1 .\n", "<stdin>:1:1:", "move 1 is shown twice"),
        ("$$B\n", "<stdin>:1:1:", "no board rows"),
        ("$$c30\n$$ . .\n", "<stdin>:1:4:", "board size 30"),
        (
            "$$B\n$$ . .\nmore text\n",
            "<stdin>:3:1:",
            "not part of a Sensei's Library diagram",
        ),
    ];
    for (text, place, message) in cases {
        let out = gobook_stdin(&["svg", "-"], text.as_bytes());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{text}: {err}");
        assert!(
            err.contains(place) && err.contains(message),
            "{text}: {err}"
        );
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn moves_that_cannot_be_played_are_told() {
    // 2 is played on a point already taken by then (5 at 1 on a point not captured).
    let out = gobook_stdin(&["svg", "-"], b"$$B 3 at 1\n$$ . 1 2 .\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("as the gobook diagram"), "{err}");
}

#[test]
fn doubts_are_warnings_and_the_diagram_is_drawn() {
    let out = gobook_stdin(&["svg", "-"], b"$$ -------\n$$ | . X a\n$$ | O 1 .\n");
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(err.contains("no header line"), "{err}");
    let svg = svg_of(out);
    assert!(svg.contains(">1</text>") && svg.contains(">a</text>"));
    let quiet = gobook_stdin(&["svg", "-", "-q"], b"$$ -------\n$$ | . X a\n");
    assert!(quiet.stderr.is_empty());
}

#[test]
fn markdown_draws_sl_blocks_and_untagged_dollar_blocks() {
    let dir = crate::common::tempdir();
    let input = dir.path().join("post.md");
    let md =
        "# Joseki\n\n```sl caption\n$$B A variation\n$$  -----\n$$ | . 1 2\n$$ | . X a\n```\n\n\
              Text.\n\n```\n$$W\n$$ . O 1 .\n```\n\n```python\n$$ not go\n```\n";
    std::fs::write(&input, md).unwrap();
    let out = gobook(&["md", input.to_str().unwrap()]);
    let html = String::from_utf8_lossy(&out.stdout).to_string();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        html.matches("<div class=\"gobook-diagram\">").count(),
        2,
        "{html}"
    );
    assert!(html.contains("A variation") && html.contains("```python\n$$ not go"));
    // A mistake is told at its line and column in the Markdown.
    std::fs::write(&input, "Intro\n\n```sl\n$$B\n$$ . K .\n```\n").unwrap();
    let out = gobook(&["md", input.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        err.contains("post.md:5:6: error: `K` is not a point"),
        "{err}"
    );
}

/// The star points an SVG draws.
fn star_points(svg: &str) -> usize {
    svg.split("<g class=\"gb-h\"").nth(1).map_or(0, |g| {
        g.split("</g>").next().unwrap().matches("<circle").count()
    })
}

#[test]
fn a_diagram_without_edges_shows_star_points_only_where_it_writes_them() {
    // On a 19x19 board the middle of a floating diagram would fall on star points.
    let row = "$$ . 1 2 3 4 5 6 7 8 9 0 .\n";
    let plain = format!("$$Wm67\n$$ . . . . . . . . . . . .\n{row}$$ . . . . . . . . . . . .\n");
    assert_eq!(star_points(&svg_of(gobook(&["svg", "-e", &plain]))), 0);
    let markup = "$$B\n$$ . . . . . . .\n$$ . X . . . O .\n$$ . . . . . . .\n$$ . . . T . . .\n\
                  $$ . . . . . . .\n$$ . O . . . X .\n$$ . . . . . . .\n";
    assert_eq!(star_points(&svg_of(gobook(&["svg", "-e", markup]))), 0);
    // A `,` is placed on a star point, and drawn as one.
    let star = "$$B\n$$ . . . .\n$$ . , X .\n$$ . . . .\n";
    assert_eq!(star_points(&svg_of(gobook(&["svg", "-e", star]))), 1);
    // A diagram placed by its edges keeps the board's star points.
    let corner = "$$B\n$$ ------------\n$$ | . . . . .\n$$ | . . . . .\n$$ | . . . . .\n\
                  $$ | . . . . .\n$$ | . . . . .\n";
    assert_eq!(star_points(&svg_of(gobook(&["svg", "-e", corner]))), 1);
}
