//! Caches kept between builds never show stale output: a build with the cache of the
//! previous one equals a cold build of the same text, byte for byte, and a warm check
//! reports what a cold one does.

use gobook::diagnostics::Code;
use gobook::project::build::Options;
use gobook::site::build::{render, Cache};
use std::path::{Path, PathBuf};

/// Every file of the site of `text` (a book in `dir`), sorted by path.
fn site(dir: &Path, text: &str, cache: &mut Cache) -> Vec<(PathBuf, Vec<u8>)> {
    let book = dir.join("book.gobook");
    let out = dir.join("site");
    let opts = Options {
        book: &book,
        text,
        out_dir: Some(&out),
        progress: &|_| {},
        checked: None,
    };
    let r = render(&opts, cache).unwrap_or_else(|e| panic!("the book builds: {e:?}\n{text}"));
    let mut files: Vec<(PathBuf, Vec<u8>)> =
        r.files.into_iter().map(|(p, b)| (p, b.to_vec())).collect();
    files.sort();
    files
}

/// Asserts that the warm site equals a cold build, naming the first file that differs.
fn assert_same_as_cold(dir: &Path, text: &str, warm: &[(PathBuf, Vec<u8>)]) {
    let cold = site(dir, text, &mut Cache::default());
    let paths = |s: &[(PathBuf, Vec<u8>)]| s.iter().map(|(p, _)| p.clone()).collect::<Vec<_>>();
    assert_eq!(paths(warm), paths(&cold), "the same files\n{text}");
    for ((p, w), (_, c)) in warm.iter().zip(&cold) {
        assert!(
            w == c,
            "{} differs from a cold build:\nwarm: {}\ncold: {}\n{text}",
            p.display(),
            String::from_utf8_lossy(w),
            String::from_utf8_lossy(c)
        );
    }
}

#[test]
fn a_problem_shows_the_new_solution_when_its_game_changes() {
    let dir = tempfile::tempdir().unwrap();
    let before = "::book(#t) title=T\n\n::chapter\n\n::go(#g) sz=9 mv=\"C3 D4 E4 F5\"\n\n::prb base=g at=3\n";
    let after = before.replace("F5", "F6");
    let mut cache = Cache::default();
    let first = site(dir.path(), before, &mut cache);
    assert!(
        String::from_utf8_lossy(
            &first
                .iter()
                .find(|(p, _)| p.ends_with("index.html"))
                .unwrap()
                .1
        )
        .contains("F5"),
        "the solution names F5"
    );
    let warm = site(dir.path(), &after, &mut cache);
    let page = String::from_utf8_lossy(
        &warm
            .iter()
            .find(|(p, _)| p.ends_with("index.html"))
            .unwrap()
            .1,
    )
    .into_owned();
    assert!(
        page.contains("F6") && !page.contains("F5"),
        "the solution follows the game: {page}"
    );
    assert_same_as_cold(dir.path(), &after, &warm);
}

#[test]
fn check_reports_the_errors_of_every_one_of_identical_elements() {
    let text = "::book(#t)\n\n::chapter\n\n::dia sz=9 mv=\"C3 C3\"\n\n::dia sz=9 mv=\"C3 C3\"\n\n::dia sz=9 mv=\"C3 C3\"\n";
    let lines = |src: &str, c: &gobook::check::Checked| {
        let idx = gobook::format::syntax::LineIndex::new(src);
        c.diagnostics
            .iter()
            .filter(|d| d.code == Code::IllegalMove)
            .map(|d| idx.line(d.span.start))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        lines(text, &gobook::check::check(text)),
        vec![5, 7, 9],
        "one error per element, cold"
    );
    let mut cache = gobook::resolve::cache::ResolveCache::default();
    assert_eq!(
        lines(text, &gobook::check::check_with(text, &mut cache)),
        vec![5, 7, 9],
        "first check with a cache"
    );
    assert_eq!(
        lines(text, &gobook::check::check_with(text, &mut cache)),
        vec![5, 7, 9],
        "second check from the cache"
    );
    let shifted = format!("{text}\n::dia sz=9 mv=\"C3 C3\"\n");
    assert_eq!(
        lines(&shifted, &gobook::check::check_with(&shifted, &mut cache)),
        vec![5, 7, 9, 11],
        "a fourth one added"
    );
}
