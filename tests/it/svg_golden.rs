//! Golden SVGs: each sample diagram must render byte for byte as the file in
//! `tests/golden/svg/`. Run with `UPDATE_GOLDEN=1` to rewrite them after a deliberate change
//! (and look at them: see docs/diagrams/).

use crate::common;

use std::path::PathBuf;

use common::samples;
use gobook::render::svg::{render_inline, render_standalone};

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/svg")
}

#[test]
fn samples_match_golden_files() {
    let update = common::update_golden();
    let mut mismatched = Vec::new();
    for (name, diagram) in samples::all() {
        let svg = render_standalone(&diagram);
        let path = golden_dir().join(format!("{name}.svg"));
        if update {
            std::fs::create_dir_all(golden_dir()).unwrap();
            std::fs::write(&path, &svg).unwrap();
            continue;
        }
        match std::fs::read_to_string(&path) {
            Ok(golden) => mismatched.extend(common::golden_diff(&golden, &svg, &path)),
            Err(e) => mismatched.push(format!("{name}: cannot read {}: {e}", path.display())),
        }
    }
    if update {
        write_contact_sheet();
    }
    assert!(
        mismatched.is_empty(),
        "golden SVGs out of date (UPDATE_GOLDEN=1 rewrites them):\n{}",
        mismatched.join("\n")
    );
}

/// Writes `docs/diagrams/index.html`: every golden file as an `<img>` (standalone, always
/// light) and every sample inline, styled by `themes/default/board.css` (follows
/// the reader's light or dark preference). Screenshots of it are the reviewers' contact sheet.
fn write_contact_sheet() {
    let mut html = String::from(concat!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n",
        "<title>gobook board diagrams: contact sheet</title>\n",
        "<link rel=\"stylesheet\" href=\"../../themes/default/board.css\">\n",
        "<style>\n",
        "body{font:14px/1.4 sans-serif;margin:16px;background:#fff;color:#222}\n",
        ".sheet{display:grid;grid-template-columns:repeat(4,1fr);gap:16px;align-items:start}\n",
        "figure{margin:0}figure img,figure svg{display:block;width:100%;height:auto}\n",
        "figcaption{font-size:12px;color:#666;margin-top:4px}\n",
        "@media (prefers-color-scheme: dark){body{background:#1c1b19;color:#ddd}figcaption{color:#aaa}}\n",
        "</style>\n</head>\n<body>\n",
        "<h1>Board diagrams</h1>\n",
        "<p>Written by <code>cargo test --test it svg_golden</code> with <code>UPDATE_GOLDEN=1</code>.</p>\n",
        "<h2>Standalone files (tests/golden/svg, shown as &lt;img&gt;)</h2>\n<div class=\"sheet\">\n",
    ));
    let samples = samples::all();
    for (name, diagram) in &samples {
        let bytes = render_standalone(diagram).len();
        html.push_str(&format!(
            "<figure><img src=\"../../tests/golden/svg/{name}.svg\" alt=\"{name}\"><figcaption>{name}.svg, {bytes} bytes</figcaption></figure>\n"
        ));
    }
    html.push_str(
        "</div>\n<h2>Inline, styled by themes/default/board.css</h2>\n<div class=\"sheet\">\n",
    );
    for (i, (name, diagram)) in samples.iter().enumerate() {
        let svg = render_inline(diagram, &format!("d{i}"));
        html.push_str(&format!(
            "<figure>{svg}<figcaption>{name}, inline, {} bytes</figcaption></figure>\n",
            svg.len()
        ));
    }
    html.push_str("</div>\n</body>\n</html>\n");
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/diagrams");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("index.html"), html).unwrap();
}

/// The arrows sample drawn with no id (`SvgOptions::no_ids`, a player's board): each head a
/// path of its own where `lines-arrows.svg` shares one marker, and the same picture
/// (`tests/golden/svg/lines-arrows-no-ids.svg`, looked at beside the other).
#[test]
fn arrows_without_ids_match_their_golden_file() {
    let opts = gobook::render::svg::SvgOptions {
        no_ids: true,
        ..Default::default()
    };
    let svg = gobook::render::svg::render(&samples::lines_arrows(), &opts);
    assert!(!svg.contains(" id=") && !svg.contains("url(#"), "{svg}");
    let path = golden_dir().join("lines-arrows-no-ids.svg");
    if common::update_golden() {
        std::fs::write(&path, &svg).unwrap();
        return;
    }
    let golden = std::fs::read_to_string(&path).unwrap();
    if let Some(diff) = common::golden_diff(&golden, &svg, &path) {
        panic!("golden SVG out of date (UPDATE_GOLDEN=1 rewrites it):\n{diff}");
    }
}
