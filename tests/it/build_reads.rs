//! Issue #53: a build records what it reads (`project::reads`), and `serve` watches and
//! compares that record instead of a list kept by hand. Over every valid test book and the
//! examples: the record holds the book, its settings, every file it includes and every image
//! it names; the record is the same when the caches of a previous build answer (a cache
//! that skipped a read would leave a file unwatched); and right after the build nothing in
//! it has changed.

use crate::common;
use gobook::format::schema::ElementKind;
use gobook::project::build::Options;
use gobook::project::reads::{Reads, Record};
use gobook::site::build::{render, Cache};
use std::path::{Path, PathBuf};

/// The books: the valid test books and the examples.
fn books() -> Vec<PathBuf> {
    let mut books = common::files("tests/books/valid", "gobook");
    for e in std::fs::read_dir(common::root().join("examples"))
        .unwrap()
        .flatten()
    {
        if e.path().is_dir() {
            books.extend(common::files(
                &format!("examples/{}", e.file_name().to_string_lossy()),
                "gobook",
            ));
        }
    }
    assert!(books.len() > 10, "{books:?}");
    books
}

/// What a build of `book` read, the book's own read included, through `cache`; the build
/// may fail.
fn build(book: &Path, out: &Path, cache: &mut Cache) -> Record {
    let dir = book.parent().unwrap();
    let reads = Reads::start(dir);
    let bytes = gobook::project::read::read(book).unwrap();
    let (text, _) = gobook::format::parser::decode(&bytes).unwrap();
    let opts = Options {
        book,
        text,
        out_dir: Some(out),
        progress: &|_| {},
        checked: None,
    };
    // Some valid books name images the test folder lacks: what a failed build read counts too.
    let rendered = render(&opts, cache);
    let record = reads.finish();
    if let Ok(r) = rendered {
        // The build's own record is the caller's: it joined the recording open on the folder.
        assert_eq!(r.reads, record, "{}", book.display());
    }
    record
}

/// The local files the book text names: its includes, its images and its cover.
fn named(text: &str) -> Vec<String> {
    let doc = gobook::format::parse(text).doc;
    let mut out = Vec::new();
    for el in &doc.elements {
        match el.kind {
            ElementKind::Include | ElementKind::Img => {
                out.extend(el.attr_value("url").map(String::from))
            }
            ElementKind::Book => out.extend(
                el.attrs
                    .iter()
                    .filter(|a| a.base_name() == "cover")
                    .map(|a| a.value.clone()),
            ),
            _ => {}
        }
    }
    out.retain(|u| !gobook::format::values::is_external(u) && !u.is_empty());
    // The standard chapters are compiled in; a file of that name beside the book would win.
    out.into_iter()
        .map(|u| u.trim_start_matches("./").to_string())
        .collect()
}

#[test]
fn the_record_holds_what_the_book_names_and_warm_builds_record_the_same() {
    let tmp = common::tempdir();
    for book in books() {
        let mut cache = Cache::default();
        let out = tmp.path().join("site");
        let cold = build(&book, &out, &mut cache);
        let name = book.file_name().unwrap().to_string_lossy().into_owned();
        let files: Vec<String> = cold
            .files()
            .map(|p| p.to_string_lossy().into_owned())
            .collect();
        for want in [name.clone(), "gobook.toml".into()]
            .into_iter()
            .chain(named(&common::read_book(&book)))
        {
            assert!(files.contains(&want), "{name}: `{want}` not in {files:?}");
        }
        let dir = book.parent().unwrap();
        assert!(cold.unchanged(dir), "{name}: changed right after the build");
        let warm = build(&book, &out, &mut cache);
        assert_eq!(warm, cold, "{name}: a warm build read something else");
    }
}
