//! What each fuzz target asserts about one input. Shared by the cargo-fuzz
//! targets in `fuzz/` and by `tests/fuzz_findings.rs`, which replays every
//! input a fuzzer ever found, so a finding stays fixed on stable Rust.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// Book text from fuzz bytes: valid UTF-8 as is, anything else decoded lossily
/// as `gobook` does for a file it reads.
fn text(data: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(data)
}

/// The gobook parser: never panics, and `fmt` of a book without syntax errors
/// is a book without syntax errors that `fmt` leaves as it is.
pub fn gobook_parse(data: &[u8]) {
    use gobook::format::writer::{format, Formatted};
    let src = text(data);
    let parsed = gobook::format::parse(&src);
    let _ = gobook::format::writer::write(&parsed.doc);
    if let Formatted::Text(once) = format(&src, false) {
        match format(&once, false) {
            Formatted::Text(twice) => assert_eq!(once, twice, "fmt is not idempotent"),
            Formatted::SyntaxErrors(e) => panic!("fmt wrote a book with syntax errors: {e:?}"),
        }
    }
}

/// The SGF reader: never panics, and what it writes it reads back.
pub fn sgf_read(data: &[u8]) {
    if let Ok(parsed) = gobook::sgf::parse(data) {
        let written = gobook::sgf::write::write(&parsed.collection);
        if let Err(e) = gobook::sgf::parse(written.as_bytes()) {
            panic!("written SGF does not read back: {e:?}\n{written}");
        }
    }
}

/// The XML Go reader: never panics, and its games can be written as SGF and read back.
pub fn xml_read(data: &[u8]) {
    if let Ok(parsed) = gobook::xml::read(data) {
        let written = gobook::sgf::write::write(&parsed.collection);
        if let Err(e) = gobook::sgf::parse(written.as_bytes()) {
            panic!("SGF written from XML does not read back: {e:?}\n{written}");
        }
        let _ = gobook::xml::write(&parsed.collection);
    }
}

/// An empty folder for the book, so includes and images resolve to nothing.
fn book_path() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("gobook-fuzz-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp folder");
        dir.join("book.gobook")
    })
}

/// The whole path of `gobook build` up to the bytes of the site: check,
/// resolve, draw every diagram, write every page (in memory).
pub fn book_pipeline(data: &[u8]) {
    let src = text(data);
    let book = book_path();
    let out = book.with_file_name("site");
    let opts = gobook::site::build::Options { book, text: &src, out_dir: Some(&out), progress: &|_| {}, checked: None };
    let _ = gobook::site::build::render(&opts, &mut Default::default());
}
