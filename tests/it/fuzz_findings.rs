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

/// The hand-written seeds of `sgf_read` reach every repair of the SGF reader: each code it
/// can report is reported for one of them (and one of them is refused: no game tree at all).
#[test]
fn sgf_read_seeds_reach_every_repair() {
    use gobook::diagnostics::Code;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz/findings/sgf_read");
    let mut reached = std::collections::BTreeSet::new();
    let mut refused = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let path = e.unwrap().path();
        if !path
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("seed-")
        {
            continue;
        }
        match gobook::sgf::parse(&std::fs::read(&path).unwrap()) {
            Ok(p) => reached.extend(p.warnings.iter().map(|w| w.code)),
            Err(_) => refused += 1,
        }
    }
    // The codes of a book's `sgf` value (syntax, no game, ...) are not the reader's repairs.
    let book_only = [
        Code::SgfSyntax,
        Code::SgfEmpty,
        Code::SgfGames,
        Code::SgfSize,
        Code::SgfMovesUnused,
        Code::SgfAndBase,
    ];
    let missing: Vec<&str> = Code::ALL
        .iter()
        .filter(|c| c.as_str().starts_with("sgf-") && !book_only.contains(c))
        .filter(|c| !reached.contains(c))
        .map(|c| c.as_str())
        .collect();
    assert!(missing.is_empty(), "no seed reaches {missing:?}");
    assert!(refused >= 1, "no seed is refused");
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
