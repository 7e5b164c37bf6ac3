//! Every integration test in one binary: one link instead of one per file (`cargo test --test it`;
//! `cargo test --test it serve::` runs one former file). Each module is one area's tests.

#[path = "../common/mod.rs"]
mod common;

mod browser;
mod cache_props;
mod cache_stale;
mod cli_check_fmt;
mod cli_svg;
mod cli_svg_sgf;
mod convert_cli;
mod epub_build;
mod examples_build;
mod format_books;
mod format_props;
mod fuzz_findings;
mod hostile_text;
mod import;
mod layers;
mod markdown;
mod mdbook;
mod output_safety;
mod pathological;
mod positions_sgfmill;
mod reads_confined;
mod resolve_diagrams;
mod resolve_text;
mod serve;
mod sgf_attribute;
mod sgf_corpus;
mod sgf_properties;
mod sgf_repair;
mod sgf_sgfmill;
mod site_build;
mod site_incremental;
mod svg_blog;
mod svg_golden;
mod svg_sgf_markup;
mod svg_sizes;
mod svg_structure;
mod xml_format;
