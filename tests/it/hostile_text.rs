//! Hostile text (issue #17) through the real binary: control characters, deep
//! nesting and floods of diagnostics. Every command ends with a located error or a
//! clean result: never a crash, never a file that is not well-formed XML, never
//! hundreds of thousands of lines on the terminal.

use crate::common::gobook;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The command ended on its own, with one of gobook's exit codes, and said nothing of a crash.
fn assert_no_crash(what: &str, o: &Output) {
    let err = stderr(o);
    assert!(
        matches!(o.status.code(), Some(0..=2)),
        "{what}: {:?}\n{}",
        o.status,
        &err[..err.len().min(2000)]
    );
    assert!(
        !err.contains("overflow") && !err.contains("panicked"),
        "{what}: {}",
        &err[..err.len().min(2000)]
    );
}

/// Characters that must never reach a written file, one of each kind.
const HOSTILE: &[char] = &[
    '\0', '\u{1}', '\u{8}', '\u{b}', '\u{c}', '\u{1b}', '\u{1f}', '\u{7f}', '\u{85}', '\u{fdd0}',
    '\u{fffe}', '\u{ffff}',
];

fn is_hostile(c: char) -> bool {
    let u = c as u32;
    (u < 0x20 && !matches!(c, '\t' | '\n' | '\r'))
        || (0x7f..=0x9f).contains(&u)
        || (0xfdd0..=0xfdef).contains(&u)
        || u & 0xfffe == 0xfffe
}

/// 1-based line and column (in characters) of byte `at`.
fn line_col(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().unwrap().chars().count() + 1;
    (line, col)
}

const HEAD: &str = "::book(#p)\ntitle=\"P\"\n\n::chapter(#c)\n\n::go(#g) sz=19 mv=D4\n\n";

#[test]
fn control_characters_in_book_text_are_errors_at_their_place() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book.gobook");
    for &c in HOSTILE {
        // A title, a heading, a caption, a paragraph and a link in it, game info.
        let text = format!(
            "::book(#p)\ntitle=\"T{c}itle\"\n\n::chapter(#c)\n\n::h1 Head{c}ing\n\n::dia(#d) ca=\"Cap{c}tion\" mv=D4\n\nPara{c}graph and <a href=d>a link{c}</a>.\n\n::go(#g) sz=19 pb=\"Bl{c}ack\"\n"
        );
        std::fs::write(&book, &text).unwrap();
        let out = gobook(&["check", path(&book)]);
        assert_eq!(out.status.code(), Some(1), "U+{:04X}", c as u32);
        let err = stderr(&out);
        let places: Vec<usize> = text.match_indices(c).map(|(i, _)| i).collect();
        assert_eq!(places.len(), 6);
        for at in places {
            let (line, col) = line_col(&text, at);
            let want = format!(
                "book.gobook:{line}:{col}: error: the invisible character U+{:04X}",
                c as u32
            );
            assert!(err.contains(&want), "{want}\n{err}");
        }
        // The terminal sees a visible stand-in, never the character itself.
        assert!(!err.chars().any(is_hostile), "{err:?}");
        // The build stops on the error and writes nothing.
        let site = dir.path().join("site");
        for args in [
            vec!["build", path(&book), "-o", path(&site)],
            vec!["build", "--epub", path(&book), "-o", path(&site)],
        ] {
            let out = gobook(&args);
            assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
            assert!(!site.exists(), "{args:?} wrote {}", site.display());
        }
        // `fmt` leaves the file as it is: the character is for the author to delete.
        let out = gobook(&["fmt", path(&book)]);
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(std::fs::read_to_string(&book).unwrap(), text);
    }
}

#[test]
fn a_markdown_include_with_a_control_character_stops_the_build_at_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book.gobook");
    std::fs::write(&book, format!("{HEAD}::include url=notes.md\n")).unwrap();
    std::fs::write(
        dir.path().join("notes.md"),
        "# Notes\n\nA bell\u{7} rings.\n",
    )
    .unwrap();
    let site = dir.path().join("site");
    let out = gobook(&["build", path(&book), "-o", path(&site)]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains("notes.md:3:7: error: the invisible character U+0007 (bell)"),
        "{err}"
    );
}

/// Every text a game can carry, each holding every hostile character.
fn hostile_game() -> String {
    let all: String = HOSTILE.iter().collect();
    format!(
        "(;FF[4]GM[1]SZ[19]CA[UTF-8]PB[Black{all}Player]PW[White{all}Player]GN[Game{all}Name]EV[Event{all}]RE[B+R]\
C[Root{all}comment]N[Start{all}]\n;B[pd]C[First{all}move]\n;W[dp]N[Second{all}]C[Second{all}comment];B[pp])"
    )
}

/// Parses XML as the EPUB test does (`<!DOCTYPE html>` is a DTD declaration to an XML parser).
fn assert_well_formed(name: &str, text: &str) {
    let opts = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    if let Err(e) = roxmltree::Document::parse_with_options(text, opts) {
        panic!("{name} is not well-formed XML: {e}");
    }
    assert!(
        !text.chars().any(is_hostile),
        "{name} holds a control character"
    );
}

fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                todo.push(p);
            } else {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn text_from_games_is_cleaned_and_every_written_file_is_well_formed() {
    let dir = tempfile::tempdir().unwrap();
    let sgf = dir.path().join("game.sgf");
    std::fs::write(&sgf, hostile_game()).unwrap();

    // import: the game's text is cleaned with a warning at its place, and the book checks clean.
    let book = dir.path().join("game.gobook");
    let out = gobook(&["import", path(&sgf), "-o", path(&book)]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    // NUL has always become a space; the other characters are removed.
    assert!(
        err.contains("game.sgf:1:") && err.contains("warning: zero byte in PB value"),
        "{err}"
    );
    assert!(
        err.contains("warning: control character U+0001 (control) in PB value (removed)"),
        "{err}"
    );
    assert!(!err.chars().any(is_hostile), "{err:?}");
    let text = std::fs::read_to_string(&book).unwrap();
    assert!(!text.chars().any(is_hostile), "{text:?}");
    assert!(
        text.contains("Black Player") && text.contains("First move"),
        "{text}"
    );
    assert_eq!(gobook(&["check", path(&book)]).status.code(), Some(0));

    // The site: HTML is not XML, but it must hold no control character either.
    let site = dir.path().join("site");
    let out = gobook(&["build", path(&book), "-o", path(&site)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let mut pages = 0;
    for f in files_under(&site) {
        if f.extension()
            .is_some_and(|x| x == "html" || x == "svg" || x == "js" || x == "css")
        {
            let s = std::fs::read_to_string(&f).unwrap();
            assert!(
                !s.chars().any(is_hostile),
                "{} holds a control character",
                f.display()
            );
            pages += 1;
        }
    }
    assert!(pages > 0);

    // The EPUB: every document in it is well-formed XML.
    let ebook = dir.path().join("ebook");
    let out = gobook(&["build", "--epub", path(&book), "-o", path(&ebook)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let epubs: Vec<PathBuf> = files_under(&ebook)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|x| x == "epub"))
        .collect();
    assert_eq!(epubs.len(), 1);
    let mut z = zip::ZipArchive::new(std::fs::File::open(&epubs[0]).unwrap()).unwrap();
    let mut documents = 0;
    for i in 0..z.len() {
        let mut f = z.by_index(i).unwrap();
        let name = f.name().to_string();
        if [".xhtml", ".opf", ".ncx", ".xml", ".svg"]
            .iter()
            .any(|x| name.ends_with(x))
        {
            let mut s = String::new();
            f.read_to_string(&mut s).unwrap();
            assert_well_formed(&name, &s);
            documents += 1;
        }
    }
    assert!(documents >= 3, "{documents} documents");

    // Standalone SVG, from the book and straight from the game, captions included.
    let svgs = dir.path().join("svgs");
    let out = gobook(&["svg", path(&book), "--all", "--caption", "-o", path(&svgs)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    for f in files_under(&svgs) {
        assert_well_formed(
            &f.display().to_string(),
            &std::fs::read_to_string(&f).unwrap(),
        );
    }
    let one = dir.path().join("game.svg");
    let out = gobook(&[
        "svg",
        path(&sgf),
        "--from",
        "1",
        "--caption",
        "-o",
        path(&one),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_well_formed("game.svg", &std::fs::read_to_string(&one).unwrap());

    // convert: the XML Go file is well-formed, and the SGF written back is clean too.
    let xml = dir.path().join("game.xml");
    let out = gobook(&["convert", path(&sgf), path(&xml)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let xml_text = std::fs::read_to_string(&xml).unwrap();
    assert_well_formed("game.xml", &xml_text);
    assert!(xml_text.contains("Black Player"), "{xml_text}");
    let back = dir.path().join("back.sgf");
    assert_eq!(
        gobook(&["convert", path(&sgf), path(&back)]).status.code(),
        Some(0)
    );
    assert!(!std::fs::read_to_string(&back)
        .unwrap()
        .chars()
        .any(is_hostile));
}

#[test]
fn character_references_to_control_characters_in_xml_games_are_removed_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let xml = dir.path().join("game.xml");
    std::fs::write(
        &xml,
        "<?xml version=\"1.0\"?>\n<Go><GoGame><Information><BoardSize>19</BoardSize><BlackPlayer>A&#1;B</BlackPlayer></Information>\n\
<Nodes><Black number=\"1\" at=\"D4\"/><Comment><P>x&#x1b;[31my</P></Comment></Nodes></GoGame></Go>\n",
    )
    .unwrap();
    let out_xml = dir.path().join("out.xml");
    let out = gobook(&["convert", path(&xml), path(&out_xml)]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        err.contains("game.xml:2:")
            && err.contains("U+0001 (control)")
            && err.contains("U+001B (escape)"),
        "{err}"
    );
    let text = std::fs::read_to_string(&out_xml).unwrap();
    assert_well_formed("out.xml", &text);
    assert!(text.contains("AB") && text.contains("x[31my"), "{text}");
}

/// Hostile nesting, each as a paragraph and a heading, with the byte offset (in the
/// paragraph line) where the nesting limit is passed, if it is.
fn nestings() -> Vec<(&'static str, String, Option<usize>)> {
    let limit = 100;
    vec![
        (
            "dia",
            format!(
                "{}tap{}",
                "<dia at=1>".repeat(5_000),
                "</dia>".repeat(5_000)
            ),
            Some(limit * "<dia at=1>".len()),
        ),
        (
            "links",
            format!(
                "{}text{}",
                "<a href=c>".repeat(20_000),
                "</a>".repeat(20_000)
            ),
            Some(limit * "<a href=c>".len()),
        ),
        (
            "mixed",
            "<a href=c>**x __<dia at=1>".repeat(3_000),
            Some(limit / 2 * "<a href=c>**x __<dia at=1>".len()),
        ),
        ("emphasis", "**bold __italic ".repeat(20_000), None),
    ]
}

#[test]
fn deep_nesting_is_an_error_in_every_command_never_a_stack_overflow() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text, limit_at) in nestings() {
        let book = dir.path().join(format!("{name}.gobook"));
        let src = format!("{HEAD}::p {text}\n\n::h2 {text}\n");
        std::fs::write(&book, &src).unwrap();
        let check = gobook(&["check", path(&book)]);
        assert_no_crash(&format!("{name}: check"), &check);
        let err = stderr(&check);
        match limit_at {
            Some(at) => {
                assert_eq!(check.status.code(), Some(1));
                let (line, col) = line_col(&src, HEAD.len() + "::p ".len() + at);
                let want = format!("{name}.gobook:{line}:{col}: error: `<");
                assert!(
                    err.contains(&want) && err.contains("nested more than 100 tags deep"),
                    "{want}\n{}",
                    &err[..err.len().min(3000)]
                );
                // Hundreds of problems are reported briefly.
                assert!(
                    err.matches(": error: ").count() <= 200,
                    "{} errors printed",
                    err.matches(": error: ").count()
                );
            }
            // Nothing wrong but the heading's length: over 1,000 characters, more than
            // print takes (`text-too-long`).
            None => {
                assert_eq!(check.status.code(), Some(1), "{err}");
                assert!(
                    err.lines()
                        .filter(|l| l.contains(": error: "))
                        .all(|l| l.contains("error: a heading of")),
                    "{}",
                    &err[..err.len().min(3000)]
                );
            }
        }
        let copy = dir.path().join(format!("{name}-fmt.gobook"));
        std::fs::write(&copy, &src).unwrap();
        let site = dir.path().join(format!("{name}-site"));
        let ebook = dir.path().join(format!("{name}-epub"));
        let svgs = dir.path().join(format!("{name}-svg"));
        for args in [
            vec!["build", path(&book), "-o", path(&site)],
            vec!["build", "--epub", path(&book), "-o", path(&ebook)],
            vec!["fmt", "--check", path(&book)],
            vec!["fmt", path(&copy)],
            vec!["inspect", path(&book)],
            vec!["svg", path(&book), "--all", "-o", path(&svgs)],
        ] {
            let out = gobook(&args);
            assert_no_crash(&format!("{name}: {args:?}"), &out);
            if limit_at.is_some() && args[0] != "fmt" {
                assert_eq!(
                    out.status.code(),
                    Some(1),
                    "{name}: {args:?} accepted a book with errors"
                );
            }
        }
        // `fmt` never loses text, however deep it nests.
        assert!(std::fs::read_to_string(&copy)
            .unwrap()
            .contains(&text[..1000]));
    }
}

/// `gobook serve` on a temporary book, reading its standard error on a thread.
struct Serve {
    child: std::process::Child,
    addr: String,
}

impl Serve {
    fn start(book: &Path) -> Serve {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gobook"))
            .args(["serve", path(book), "--port", "0"])
            .env("NO_COLOR", "1")
            .stderr(Stdio::piped())
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        let err = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(err).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        let end = Instant::now() + Duration::from_secs(30);
        let line = loop {
            let left = end
                .checked_duration_since(Instant::now())
                .expect("the server says where it listens");
            let l = rx
                .recv_timeout(left)
                .expect("the server says where it listens");
            if l.contains("Serving") {
                break l;
            }
        };
        let url = line
            .split(" at ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap();
        Serve {
            child,
            addr: url
                .trim_start_matches("http://")
                .trim_end_matches('/')
                .to_string(),
        }
    }

    fn page(&self, p: &str) -> String {
        let mut s = TcpStream::connect(&self.addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        write!(
            s,
            "GET {p} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut buf = Vec::new();
        let _ = s.read_to_end(&mut buf);
        String::from_utf8_lossy(&buf).into_owned()
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The error overlay in a served page (the reload script names it too, without `id=`).
const OVERLAY: &str = "id=\"gobook-overlay\"";

#[test]
fn a_running_server_survives_deeply_nested_text_and_shows_the_error() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book.gobook");
    std::fs::write(&book, format!("{HEAD}::p A calm first paragraph.\n")).unwrap();
    let mut s = Serve::start(&book);
    assert!(s.page("/").contains("A calm first paragraph."));
    for (name, text, limit_at) in nestings() {
        if limit_at.is_none() {
            continue;
        }
        std::fs::write(&book, format!("{HEAD}::p {text}\n\n::h2 {text}\n")).unwrap();
        let end = Instant::now() + Duration::from_secs(60);
        loop {
            assert!(
                s.child.try_wait().unwrap().is_none(),
                "{name}: the server died"
            );
            let page = s.page("/");
            if page.contains(OVERLAY) && page.contains("nested more than 100 tags deep") {
                break;
            }
            assert!(
                Instant::now() < end,
                "{name}: no error overlay: {}",
                &page[..page.len().min(2000)]
            );
            std::thread::sleep(Duration::from_millis(200));
        }
        // Back to a good book, so the next edit is a change again.
        std::fs::write(&book, format!("{HEAD}::p A calm first paragraph.\n")).unwrap();
        let end = Instant::now() + Duration::from_secs(60);
        while s.page("/").contains(OVERLAY) {
            assert!(
                Instant::now() < end,
                "{name}: the overlay stayed after the fix"
            );
            std::thread::sleep(Duration::from_millis(200));
        }
    }
    assert!(s.child.try_wait().unwrap().is_none(), "the server died");
}

#[test]
fn a_thousand_errors_print_two_hundred_and_count_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book.gobook");
    let body: String = (0..1000)
        .map(|i| format!("::p Paragraph {i}\u{1}.\n\n"))
        .collect();
    std::fs::write(&book, format!("{HEAD}{body}")).unwrap();
    let out = gobook(&["check", path(&book)]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert_eq!(err.matches(": error: ").count(), 200);
    assert!(
        err.contains("and 800 more errors in "),
        "{}",
        &err[err.len() - 300..]
    );
    // The summary still counts them all, and JSON lists them all.
    assert!(err.contains("1000 errors"), "{}", &err[err.len() - 300..]);
    let json = gobook(&["check", "--format", "json", path(&book)]);
    let list: Vec<serde_json::Value> = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(list.len(), 1000);
}

#[test]
fn when_there_are_too_many_the_errors_are_shown_before_the_warnings() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book.gobook");
    // Hundreds of warnings (unknown language tags), then one error at the very end.
    let body: String = (0..500)
        .map(|i| format!("::p_zz Paragraph {i}.\n\n"))
        .collect();
    std::fs::write(&book, format!("{HEAD}{body}::p The end\u{1b}.\n")).unwrap();
    let json = gobook(&["check", "--format", "json", path(&book)]);
    let list: Vec<serde_json::Value> = serde_json::from_slice(&json.stdout).unwrap();
    let warnings = list.iter().filter(|d| d["severity"] == "warning").count();
    assert!(warnings >= 500, "{warnings}");
    let out = gobook(&["check", path(&book)]);
    let err = stderr(&out);
    assert!(
        err.contains("error: the invisible character U+001B (escape)"),
        "{}",
        &err[err.len() - 1000..]
    );
    assert_eq!(err.matches(": warning: ").count(), 199);
    assert!(
        err.contains(&format!("and {} more warnings in ", warnings - 199)),
        "{}",
        &err[err.len() - 300..]
    );
}

#[test]
fn a_game_repaired_on_every_node_prints_a_bounded_report() {
    let dir = tempfile::tempdir().unwrap();
    // An empty comment on each of 20,000 nodes: a repair warning each.
    let nodes: String = (0..20_000)
        .map(|i| {
            format!(
                ";{}[{}{}]C[]",
                if i % 2 == 0 { 'B' } else { 'W' },
                (b'a' + (i % 19) as u8) as char,
                (b'a' + (i / 19 % 19) as u8) as char
            )
        })
        .collect();
    let sgf = dir.path().join("broken.sgf");
    std::fs::write(&sgf, format!("(;FF[4]GM[1]SZ[19]{nodes})")).unwrap();
    let xml = dir.path().join("broken.xml");
    let book = dir.path().join("broken.gobook");
    let svg = dir.path().join("broken.svg");
    for args in [
        vec!["convert", path(&sgf), path(&xml)],
        vec!["import", path(&sgf), "-o", path(&book)],
        vec!["svg", path(&sgf), "-o", path(&svg)],
    ] {
        let out = gobook(&args);
        assert_no_crash(&format!("{args:?}"), &out);
        let err = stderr(&out);
        assert_eq!(err.matches(": warning: ").count(), 200, "{args:?}");
        assert!(
            err.contains("and 19800 more warnings in "),
            "{args:?}: {}",
            &err[err.len().saturating_sub(600)..]
        );
        // The moves replayed on one board are mostly illegal: those are capped as well.
        assert!(
            err.lines().count() < 1500,
            "{args:?}: {} lines",
            err.lines().count()
        );
    }
}
