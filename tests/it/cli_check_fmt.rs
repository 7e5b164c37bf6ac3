//! The command line as a user meets it: exit codes, messages, JSON, fmt in place and on pipes.

use crate::common::{self, gobook, gobook_stdin};

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn book_path(rel: &str) -> String {
    common::root().join(rel).display().to_string()
}

#[test]
fn check_clean_book_exits_0() {
    let out = gobook(&["check", &book_path("examples/ear-reddening")]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("no problems found"));
}

#[test]
fn check_reports_rustc_style_and_exits_1() {
    let p = book_path("tests/books/invalid/off-board.gobook");
    let out = gobook(&["check", &p]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    let want = format!("{p}:8:17: error: `T19` is off the 9x9 board\n  |\n8 | ::dia sz=9 ab=C3T19\n  |                 ^\n");
    assert!(err.starts_with(&want), "got:\n{err}");
    assert!(err.contains("1 error and 0 warnings"));
}

#[test]
fn check_keeps_going_after_errors() {
    let out = gobook(&[
        "check",
        &book_path("tests/books/invalid/bad-flag-and-enums.gobook"),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stderr).matches(": error: ").count(), 5);
}

#[test]
fn warnings_alone_exit_0() {
    let out = gobook(&[
        "check",
        &book_path("tests/books/invalid/warnings-only.gobook"),
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stderr).contains("warning: `::fancy` is not an element"));
}

#[test]
fn check_json() {
    let out = gobook(&[
        "check",
        "--format",
        "json",
        &book_path("tests/books/invalid/mv-and-to.gobook"),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let d = &v[0];
    assert_eq!(d["line"], 10);
    assert_eq!(d["column"], 18);
    assert_eq!(d["severity"], "error");
    assert_eq!(d["code"], "mv-and-to");
    assert_eq!(d["source_line"], "::dia at=1 mv=C3 to=2");
    assert!(d["file"].as_str().unwrap().ends_with("mv-and-to.gobook"));
}

#[test]
fn invalid_utf8_is_an_error_with_a_place() {
    let tmp = common::tempdir();
    let dir = tmp.path();
    let p = dir.join("bad.gobook");
    std::fs::write(&p, b"::book(#b)\n\n::chapter\n\nGo \xff here\n").unwrap();
    let out = gobook(&["check", p.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("bad.gobook:5:4: error: the file is not valid UTF-8"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn missing_book_is_usage_error() {
    let out = gobook(&["check", "/nonexistent/book.gobook"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("does not exist"));
}

#[test]
fn fmt_stdin_to_stdout() {
    let src = b"::book(#b) title=\"T\" author=\"A\"\n::chapter\n::dia sz=9 ab=c3 aw=d4 mv=e5\n";
    let out = gobook_stdin(&["fmt", "-"], src);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "::book(#b)\ntitle=\"T\"\nauthor=\"A\"\n\n\n\n::chapter\n\n::dia sz=9 ab=C3 aw=D4 pl=b mv=E5\n"
    );
}

#[test]
fn fmt_in_place_and_check() {
    let tmp = common::tempdir();
    let dir = tmp.path();
    let p = dir.join("b.gobook");
    std::fs::write(&p, "::book(#b)\n::chapter\n::h2 Title\n\nText.\n").unwrap();
    let check = gobook(&["fmt", "--check", p.to_str().unwrap()]);
    assert_eq!(check.status.code(), Some(1));
    assert!(text(&check.stderr).contains("not formatted"));
    assert_eq!(
        std::fs::read_to_string(&p).unwrap(),
        "::book(#b)\n::chapter\n::h2 Title\n\nText.\n",
        "--check changes nothing"
    );
    let out = gobook(&["fmt", p.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(&p).unwrap(),
        "::book(#b)\n\n\n\n::chapter\n\n\n::h2 Title\n\nText.\n"
    );
    assert_eq!(
        gobook(&["fmt", "--check", p.to_str().unwrap()])
            .status
            .code(),
        Some(0)
    );
}

#[test]
fn fmt_refuses_syntax_errors() {
    let out = gobook_stdin(&["fmt", "-"], b"::book(#b)\n\n::chapter\n\n::p ca=\"open\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(text(&out.stderr).contains("no closing"));
}

#[test]
fn fmt_keeps_bom_and_crlf() {
    let out = gobook_stdin(
        &["fmt", "-"],
        b"\xEF\xBB\xBF::book(#b)\r\n::chapter\r\n\r\nText\r\n",
    );
    assert_eq!(
        out.stdout,
        b"\xEF\xBB\xBF::book(#b)\r\n\r\n\r\n\r\n::chapter\r\n\r\nText\r\n"
    );
}

#[test]
fn help_explains_each_command_with_an_example() {
    let out = gobook(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    for cmd in [
        "init", "build", "serve", "check", "fmt", "inspect", "svg", "convert", "import",
    ] {
        assert!(text(&out.stdout).contains(cmd));
        let h = gobook(&[cmd, "--help"]);
        assert_eq!(h.status.code(), Some(0));
        assert!(
            text(&h.stdout).contains("Example"),
            "{cmd} --help has no example"
        );
    }
    assert_eq!(gobook(&["frobnicate"]).status.code(), Some(2));
}

#[test]
fn inspect_prints_the_documented_json() {
    let out = gobook(&[
        "inspect",
        &book_path("examples/ear-reddening"),
        "--lang",
        "de",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["language"], "de");
    assert_eq!(v["book"]["title"], "Die Partie der roten Ohren");
    assert_eq!(v["book"]["languages"], serde_json::json!(["en", "de"]));
    let fig = &v["diagrams"][0];
    for key in [
        "id",
        "kind",
        "chapter",
        "line",
        "size",
        "view",
        "first_number",
        "to_play",
        "stones",
        "moves",
        "final_stones",
        "marks",
        "caption",
        "from_to",
        "gaps",
    ] {
        assert!(fig.get(key).is_some(), "missing {key}");
    }
    assert_eq!(fig["kind"], "fig");
    assert_eq!(fig["view"], serde_json::json!(["A1", "T19"]));
    assert_eq!(
        fig["moves"][0],
        serde_json::json!({"number": 1, "point": "R16", "color": "b", "shown": true, "label": "1", "captures": []})
    );
    assert_eq!(fig["from_to"], "Züge 1–50");
    let prb = v["diagrams"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["id"] == "prb1")
        .unwrap();
    assert_eq!(prb["to_play_text"], "Schwarz am Zug");
    assert_eq!(
        prb["correct"][0][0],
        serde_json::json!({"move": "B1", "text": "Weiß ist tot."})
    );
}

/// Issue #30: inspect writes its diagrams one at a time; the bytes are the ones the whole
/// tree made by `serde_json::to_string_pretty` (what it printed before) gives.
#[test]
fn inspect_streams_the_same_bytes_as_the_whole_tree() {
    #[derive(serde::Serialize)]
    struct Whole<'a> {
        language: &'a str,
        book: &'a gobook::inspect::BookInfo,
        diagrams: Vec<gobook::inspect::DiagramInfo>,
    }
    let path = book_path("examples/ear-reddening");
    for lang in ["en", "de"] {
        let out = gobook(&["inspect", &path, "--lang", lang]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let file = std::path::Path::new(&path).join("ear-reddening.gobook");
        let src = std::fs::read_to_string(&file).unwrap();
        let checked = gobook::check::check_with_included(
            &src,
            &mut gobook::resolve::cache::ResolveCache::once(),
            &|url: &str| gobook::project::includes::gobook_source(url, std::path::Path::new(&path)),
        );
        let streamed = gobook::inspect::inspect(&checked, lang);
        let whole = Whole {
            language: &streamed.language,
            book: &streamed.book,
            diagrams: streamed.diagrams.iter().collect(),
        };
        assert!(whole.diagrams.len() > 5);
        let expected = serde_json::to_string_pretty(&whole).unwrap() + "\n";
        assert!(
            text(&out.stdout) == expected,
            "inspect --lang {lang} differs"
        );
    }
}

#[test]
fn inspect_refuses_broken_books_and_unknown_languages() {
    let out = gobook(&[
        "inspect",
        &book_path("tests/books/invalid/off-board.gobook"),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("off the 9x9 board"));
    let out = gobook(&[
        "inspect",
        &book_path("examples/ear-reddening"),
        "--lang",
        "xx",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

/// The caret under an error stands under its character as the terminal draws the line:
/// Japanese characters are two columns wide.
#[test]
fn the_caret_counts_display_columns_in_cjk_text() {
    let tmp = common::tempdir();
    let book = tmp.path().join("b.gobook");
    std::fs::write(&book, "::book(#b)\n\n::chapter\n\n::dia ca=\"黒番\" zz=1\n").unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gobook"))
        .arg("check")
        .arg(&book)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = text.lines().collect();
    let Some(i) = lines
        .iter()
        .position(|l| l.ends_with("::dia ca=\"黒番\" zz=1"))
    else {
        panic!("no source line in {text}")
    };
    let src = lines[i].split_once(" | ").map_or("", |(_, s)| s);
    let caret = lines[i + 1].split_once(" | ").map_or("", |(_, s)| s);
    let col = caret.find('^').expect("a caret");
    // Display columns before `zz`: `::dia ca="` (10) + 黒番 (4) + `" ` (2) = 16.
    let before = &src[..src.find("zz").unwrap()];
    assert_eq!(col, 16, "{text}");
    assert_eq!(unicode_width(before), 16);
}

fn unicode_width(s: &str) -> usize {
    s.chars()
        .map(|c| {
            if ('\u{3000}'..='\u{9fff}').contains(&c) {
                2
            } else {
                1
            }
        })
        .sum()
}
