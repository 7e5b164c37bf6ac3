//! `gobook md`: a Markdown file's ```gobook and ```sgf blocks become inline SVG, for any
//! static site generator; mistakes are reported with lines counted in the Markdown (issue 23).

use crate::common::{self, gobook};

const POST: &str = "# A post

Some text.

```gobook caption
::dia sz=9 ab=C3D4 aw=E5 mv=F6G7 tr=C3 ca=\"Black to play\"
```

- In a list:

  ```sgf from=1 to=4 crop
  (;SZ[19];B[pd];W[dp];B[pp];W[dd])
  ```

```rust
fn main() {}
```
";

#[test]
fn blocks_become_inline_svg_and_the_rest_stays() {
    let dir = common::tempdir();
    let input = dir.path().join("post.md");
    std::fs::write(&input, POST).unwrap();
    let out = gobook(&["md", input.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let md = String::from_utf8(out.stdout).unwrap();
    assert!(md.starts_with("# A post\n\nSome text.\n\n<div class=\"gobook-diagram\">\n<svg "));
    assert!(!md.contains("```gobook") && !md.contains("```sgf"));
    assert!(
        md.contains("```rust\nfn main() {}\n```"),
        "other blocks stay"
    );
    assert!(md.contains("<title>Black to play</title>"));
    assert!(
        md.contains("\n  <div class=\"gobook-diagram\">\n  <svg "),
        "indented as in the list"
    );
    // Each diagram is well-formed XML on its own, with its own ids.
    let svgs: Vec<&str> = md
        .lines()
        .map(str::trim_start)
        .filter(|l| l.starts_with("<svg"))
        .collect();
    assert_eq!(svgs.len(), 2);
    for s in &svgs {
        roxmltree::Document::parse(s).expect("well-formed SVG");
    }
    // The sgf block's moves reach all four 4-4 points: cropped, the view snaps to every edge.
    assert!(svgs[1].contains("Moves 1–4"));
    assert!(svgs[1].contains(r#"viewBox="-15 -15 462 462""#));
    // A Markdown renderer passes the diagrams through as HTML.
    let html = {
        let mut s = String::new();
        pulldown_cmark::html::push_html(&mut s, pulldown_cmark::Parser::new(&md));
        s
    };
    assert_eq!(html.matches("<svg ").count(), 2, "{html}");
}

#[test]
fn writes_to_a_file_and_replaces_only_its_own_without_force() {
    let dir = common::tempdir();
    let input = dir.path().join("post.md");
    let output = dir.path().join("out.md");
    std::fs::write(&input, POST).unwrap();
    let out = gobook(&[
        "md",
        input.to_str().unwrap(),
        "-o",
        output.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(std::fs::read_to_string(&output).unwrap().contains("<svg "));
    let again = gobook(&[
        "md",
        input.to_str().unwrap(),
        "-o",
        output.to_str().unwrap(),
    ]);
    // Its own earlier output is replaced, as `gobook svg` replaces its pictures.
    assert_eq!(
        again.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    // A file gobook did not write is not.
    std::fs::write(&output, "my notes\n").unwrap();
    let foreign = gobook(&[
        "md",
        input.to_str().unwrap(),
        "-o",
        output.to_str().unwrap(),
    ]);
    assert_eq!(foreign.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&foreign.stderr).contains("--force"));
    assert_eq!(std::fs::read_to_string(&output).unwrap(), "my notes\n");
    let over_input = gobook(&["md", input.to_str().unwrap(), "-o", input.to_str().unwrap()]);
    assert_eq!(over_input.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&input).unwrap(), POST);
    let forced = gobook(&[
        "md",
        input.to_str().unwrap(),
        "-o",
        output.to_str().unwrap(),
        "--force",
    ]);
    assert_eq!(forced.status.code(), Some(0));
}

#[test]
fn mistakes_have_markdown_lines_and_columns() {
    let dir = common::tempdir();
    let input = dir.path().join("bad.md");
    std::fs::write(
        &input,
        "# Bad\n\n```gobook\n::dia sz=9 ab=C3 mv=Z9\n```\n\n```gobook capton\n::dia sz=9\n```\n\n```sgf move=40\n(;SZ[19];B[pd])\n```\n\n```sgf crop from=80\n(;SZ[19];B[pd];W[dd])\n```\n",
    )
    .unwrap();
    let out = gobook(&["md", input.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        out.stdout.is_empty(),
        "nothing half done on standard output"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    let name = input.display().to_string();
    assert!(
        err.contains(&format!("{name}:4:21: error: `Z9` is off the 9x9 board")),
        "{err}"
    );
    assert!(
        err.contains("4 | ::dia sz=9 ab=C3 mv=Z9"),
        "the source line: {err}"
    );
    assert!(
        err.contains(&format!("{name}:7:11: error: `capton` is not an option")),
        "{err}"
    );
    // A moment the game does not have is named as the block's option, at its column.
    assert!(
        err.contains(&format!("{name}:11:8: error: `move=40` is not in the game")),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "{name}:15:13: error: `from=80` is not in the game: its moves are 1 to 2"
        )),
        "{err}"
    );
}

#[test]
fn an_indented_block_counts_columns_in_the_markdown() {
    let dir = common::tempdir();
    let input = dir.path().join("list.md");
    std::fs::write(
        &input,
        "- item\n\n  ```gobook\n  ::dia sz=9 ab=C3 mv=Z9\n  ```\n\n- game\n\n  ```sgf\n  (;SZ[19]\n  ;B[pd]  ;W[zz;B[dd])\n  ```\n",
    )
    .unwrap();
    let out = gobook(&["md", input.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    let name = input.display().to_string();
    assert!(
        err.contains(&format!("{name}:4:23: error: `Z9` is off the 9x9 board")),
        "{err}"
    );
    assert!(
        err.contains("4 |   ::dia sz=9 ab=C3 mv=Z9"),
        "the Markdown's own line: {err}"
    );
    assert!(
        err.contains(&format!("{name}:11:12: warning: illegal W move")),
        "SGF places too: {err}"
    );
}

#[test]
fn sgf_blocks_take_a_variation() {
    let dir = common::tempdir();
    let input = dir.path().join("v.md");
    std::fs::write(
        &input,
        "```sgf variation=2\n(;SZ[9];B[aa](;W[bb])(;W[dd]))\n```\n\n```sgf variation=3\n(;SZ[9];B[aa](;W[bb])(;W[dd]))\n```\n",
    )
    .unwrap();
    let out = gobook(&["md", input.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    let name = input.display().to_string();
    assert!(
        err.contains(&format!("{name}:5:1: error: variation path: branch 1")),
        "{err}"
    );
    let ok = "```sgf variation=2\n(;SZ[9];B[aa](;W[bb])(;W[dd]))\n```\n";
    std::fs::write(&input, ok).unwrap();
    let out = gobook(&["md", input.to_str().unwrap()]);
    let md = String::from_utf8_lossy(&out.stdout);
    assert!(md.contains("White stones: D6"), "{md}");
}
