//! Replays every input the fuzzers found (tests/fuzz/findings/TARGET/*), so a
//! crash, hang or blow-up once fixed stays fixed. How to fuzz: docs/fuzzing.md.

#[path = "../fuzz/props.rs"]
mod props;

use std::path::Path;
use std::time::{Duration, Instant};

fn replay(target: &str, run: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz/findings")
        .join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    for f in files {
        let data = std::fs::read(&f).unwrap();
        let start = Instant::now();
        run(&data);
        // A generous bound for a debug build; a hang would take far longer.
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{} took {:?}",
            f.display(),
            start.elapsed()
        );
    }
}

#[test]
fn gobook_parse_findings() {
    replay("gobook_parse", props::gobook_parse);
}

#[test]
fn sgf_read_findings() {
    replay("sgf_read", props::sgf_read);
}

#[test]
fn xml_read_findings() {
    replay("xml_read", props::xml_read);
}

#[test]
fn sl_read_findings() {
    replay("sl_read", props::sl_read);
}

#[test]
fn book_pipeline_findings() {
    replay("book_pipeline", props::book_pipeline);
}

#[test]
fn epub_build_findings() {
    replay("epub_build", props::epub_build);
}

#[test]
fn import_convert_findings() {
    replay("import_convert", props::import_convert);
}

#[test]
fn gobook_toml_findings() {
    replay("gobook_toml", props::gobook_toml);
}

#[test]
fn inline_rich_findings() {
    replay("inline_rich", props::inline_rich);
}

#[test]
fn svg_expr_findings() {
    replay("svg_expr", props::svg_expr);
}

#[test]
fn png_render_findings() {
    replay("png_render", props::png_render);
}

#[test]
fn md_blocks_findings() {
    replay("md_blocks", props::md_blocks);
}

#[test]
fn mdbook_json_findings() {
    replay("mdbook_json", props::mdbook_json);
}

#[test]
fn import_problems_findings() {
    replay("import_problems", props::import_problems);
}

#[test]
fn book_files_findings() {
    replay("book_files", props::book_files);
}

#[test]
fn output_paths_findings() {
    replay("output_paths", props::output_paths);
}
