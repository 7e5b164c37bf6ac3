//! An imported game or problem file is a book whose three editions hold the SGF's
//! comments as written, and whose check says nothing about what the importer wrote
//! (issue 48). For each input: `gobook import` (`--problems` for problem files), `gobook
//! check` (no warning, no error), `gobook build --epub --pdf`, then every comment of the
//! file is looked for in the text of the site's pages, of the EPUB's documents and of
//! `pdftotext`: character for character, whitespace aside (a PDF breaks lines where it
//! must; a comment's paragraphs are separate blocks).
//!
//! The default set keeps the test near a minute on two cores: commented games of each
//! corpus (famous games, markup, escapes, every CJK encoding, GNU Go commentary naming
//! points by coordinates) and the problem files of Glift and a GNU Go problem folder.
//! `GOBOOK_IMPORT_CORPUS=all` takes every commented game and every problem file of the
//! corpora instead and prints the figures `docs/import.md` gives
//! (`scripts/import-measure.py editions` runs it).

use crate::common;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One file (or folder, for problems) to import.
struct Input {
    path: PathBuf,
    problems: bool,
}

/// What became of one input.
#[derive(Default)]
struct Outcome {
    /// The import refused the file (no SGF in it), with its message.
    refused: Option<String>,
    /// The imported book's own errors (the SGF's illegal moves): it cannot print.
    errors: usize,
    /// Warnings `gobook check` gives about the imported book.
    warnings: Vec<String>,
    /// The build of all three editions failed, with its message.
    unbuilt: Option<String>,
    /// The PDF could not be made for want of a font on this machine, with the message.
    no_font: Option<String>,
    /// Comments looked for, and those missing from each edition.
    comments: usize,
    missing: Vec<String>,
}

/// The commented games and problem files of the default set, relative to the corpora.
const GAMES: &[&str] = &[
    "littlego/sgf/Famous games/Blood-vomiting game.sgf",
    "littlego/sgf/Famous games/Ear-reddening game.sgf",
    "littlego/sgf/19x19/markup.sgf",
    "littlego/sgf/9x9/annotations.sgf",
    "littlego/sgf/9x9/node-tree-view.sgf",
    "glift/leeGuGame6.sgf",
    "glift/escapedComment.sgf",
    "glift/descriptionTest.sgf",
    "libsgfcplusplus/escaping.sgf",
    "libsgfcplusplus/encoding-japanese-shiftjis.sgf",
    "libsgfcplusplus/encoding-traditionalchinese-big5.sgf",
    "libsgfcplusplus/encoding-korean-macos.sgf",
    "libsgfcplusplus/encoding-cyrillic-windows.sgf",
    "sabaki-sgf/chinese.sgf",
    "sabaki-sgf/japanese.sgf",
    "gnugo-regression/regression/games/mertin13x13/GNHT1.sgf",
    "gnugo-regression/regression/games/nngs/Lazarus-gnugo-3.1.18-200201072351.sgf",
];

/// Problem files (or folders of them) of the default set.
const PROBLEMS: &[&str] = &[
    "glift/realproblem.sgf",
    "glift/complexproblem.sgf",
    "glift/easy.sgf",
    "glift/twoOptions.sgf",
    "glift/gogameguruHard.sgf",
    "glift/trivialproblem.sgf",
    "glift/veryeasy.sgf",
    "gnugo-regression/regression/games/STS-RV/MiscProblems",
];

/// The problem files of the corpora, for the whole set: Glift's and the GNU Go folders
/// of problems, each file on its own.
const PROBLEM_FOLDERS: &[&str] = &[
    "gnugo-regression/regression/games/STS-RV/Class01eProblems",
    "gnugo-regression/regression/games/STS-RV/MiscProblems",
    "gnugo-regression/regression/games/life_and_death",
];

/// The inputs: the default set, or with `GOBOOK_IMPORT_CORPUS=all` every commented game
/// (outside `reference/`, which holds other programs' copies) and every problem file.
fn inputs(root: &Path) -> Vec<Input> {
    let game = |p: PathBuf| Input {
        path: p,
        problems: false,
    };
    let problem = |p: PathBuf| Input {
        path: p,
        problems: true,
    };
    if std::env::var("GOBOOK_IMPORT_CORPUS").as_deref() != Ok("all") {
        let mut v: Vec<Input> = GAMES.iter().map(|g| game(root.join(g))).collect();
        v.extend(PROBLEMS.iter().map(|p| problem(root.join(p))));
        return v;
    }
    let mut v: Vec<Input> = common::files_with_ext(root, "sgf")
        .into_iter()
        .filter(|p| !p.starts_with(root.join("reference")))
        .filter(|p| std::fs::read(p).is_ok_and(|b| b.windows(2).any(|w| w == b"C[")))
        .map(game)
        .collect();
    v.extend(
        PROBLEMS
            .iter()
            .filter(|p| p.starts_with("glift/"))
            .map(|p| problem(root.join(p))),
    );
    for dir in PROBLEM_FOLDERS {
        v.extend(
            common::files_with_ext(&root.join(dir), "sgf")
                .into_iter()
                .map(problem),
        );
    }
    v
}

/// Runs the binary with a fake home; its exit code and standard error.
fn run(home: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let o = common::with_home(&mut Command::new(env!("CARGO_BIN_EXE_gobook")), home)
        .env("NO_COLOR", "1")
        .args(args)
        .output()
        .unwrap();
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// The comments an import shows: every node's of the first game (a game), of every game
/// of every file (problems); those that only say "Correct" or "Wrong" are the reader's
/// feedback in a problem, which says so in its own words.
fn comments(input: &Input) -> Vec<String> {
    let files = if input.path.is_dir() {
        common::files_with_ext(&input.path, "sgf")
    } else {
        vec![input.path.clone()]
    };
    let mut out = Vec::new();
    for f in files {
        let Ok(bytes) = std::fs::read(&f) else {
            continue;
        };
        let Ok(parsed) = gobook::sgf::parse(&bytes) else {
            continue;
        };
        let games = &parsed.collection.games;
        let games = if input.problems {
            &games[..]
        } else {
            &games[..games.len().min(1)]
        };
        for g in games {
            for node in g.nodes() {
                let Some(c) = node.value("C") else { continue };
                let text = gobook::sgf::value::text(c);
                let bare = text
                    .trim_matches(|ch: char| !ch.is_alphanumeric())
                    .to_lowercase();
                let verdict = matches!(bare.as_str(), "correct" | "right" | "wrong" | "incorrect");
                let feedback = input.problems && verdict;
                if !feedback && !squeeze(&text).is_empty() {
                    out.push(text);
                }
            }
        }
    }
    out
}

/// Text as compared: no whitespace (lines and blocks break differently in each edition),
/// and none of the characters no edition may hold (control characters), which the book
/// reader refuses. Every other character is compared as it is.
fn squeeze(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace() && !gobook::chars::is_forbidden(*c))
        .collect()
}

/// The text a reader sees in gobook's HTML or XHTML: tags dropped, the contents of
/// `script`, `style`, `svg` (a board's description is no comment) and `title` left out,
/// entities decoded.
fn visible_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len() / 2);
    let mut rest = html;
    while let Some(lt) = rest.find('<') {
        out.push_str(&rest[..lt]);
        rest = &rest[lt..];
        let end = rest.find('>').map_or(rest.len(), |e| e + 1);
        let tag = &rest[1..end.saturating_sub(1).max(1)];
        let name: String = tag
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        rest = &rest[end..];
        if ["script", "style", "svg", "title"].contains(&name.as_str()) && !tag.ends_with('/') {
            let close = format!("</{name}");
            rest = rest.find(&close).map_or("", |k| &rest[k..]);
        }
    }
    out.push_str(rest);
    decode_entities(&out)
}

/// `&lt;` `&amp;` `&#39;` `&#x27;` and the like as characters.
fn decode_entities(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(a) = rest.find('&') {
        out.push_str(&rest[..a]);
        rest = &rest[a..];
        let semi = rest[..rest.len().min(12)].find(';');
        let entity = semi.map(|k| &rest[1..k]);
        let c = entity.and_then(|e| match e {
            "lt" => Some('<'),
            "gt" => Some('>'),
            "amp" => Some('&'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            "nbsp" => Some('\u{a0}'),
            _ => e
                .strip_prefix("#x")
                .and_then(|h| u32::from_str_radix(h, 16).ok())
                .or_else(|| e.strip_prefix('#').and_then(|d| d.parse().ok()))
                .and_then(char::from_u32),
        });
        match (c, semi) {
            (Some(c), Some(k)) => {
                out.push(c);
                rest = &rest[k + 1..];
            }
            _ => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The three editions' text, squeezed: the site's pages, the EPUB's documents and the
/// PDF through `pdftotext` (`None` when it is not installed).
fn editions(out: &Path, pdf: bool) -> [(&'static str, Option<String>); 3] {
    let mut site = String::new();
    for p in common::files_with_ext(out, "html") {
        site.push_str(&visible_text(&std::fs::read_to_string(p).unwrap()));
    }
    let epubs = common::files_with_ext(out, "epub");
    let epub = epubs
        .first()
        .map(|e| visible_text(&common::epub_text(e, ".xhtml")));
    let pdfs = common::files_with_ext(out, "pdf");
    // `-raw`: in the order typst wrote it, and a hyphen at a line's end kept (the default
    // takes it for a word broken there and drops it: "game-deciding" became "gamedeciding").
    let pdf = pdf
        .then(|| {
            pdfs.first()
                .map(|p| pdf_body(&common::pdf_text(p, &["-raw"])))
        })
        .flatten();
    [
        ("site", Some(squeeze(&site))),
        ("EPUB", epub.map(|t| squeeze(&t))),
        ("PDF", pdf.map(|t| squeeze(&t))),
    ]
}

/// The PDF's text without its pages' furniture, which a page break puts inside the text:
/// the running head with the page's number beside it (`10 Title`, `Title 11`) atop a page,
/// and the number alone atop or under it; and a word hyphenated at a line's end (a soft
/// hyphen there) joined again. A line is furniture only when it holds the page's own
/// number, so a comment's line "0" at a page's foot stays.
fn pdf_body(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (k, page) in text.split('\x0c').enumerate() {
        let n = (k + 1).to_string();
        let mut lines: Vec<&str> = page.lines().filter(|l| !l.trim().is_empty()).collect();
        let head = |l: &str| {
            let l = l.trim();
            l == n || l.starts_with(&format!("{n} ")) || l.ends_with(&format!(" {n}"))
        };
        if lines.first().is_some_and(|l| head(l)) {
            lines.remove(0);
        }
        if lines.last().is_some_and(|l| l.trim() == n) {
            lines.pop();
        }
        for l in lines {
            // A word typst hyphenated ends its line with a soft hyphen: the word, unbroken.
            match l.strip_suffix('\u{ad}') {
                Some(broken) => out.push_str(broken),
                None => {
                    out.push_str(l);
                    out.push('\n');
                }
            }
        }
    }
    out
}

/// Imports, checks and builds `input` in `dir`, and looks for its comments.
fn outcome(input: &Input, dir: &Path, home: &Path, pdf: bool) -> Outcome {
    let mut o = Outcome::default();
    let book = dir.join("book.gobook");
    let out = dir.join("out");
    let _ = std::fs::remove_dir_all(dir);
    let path = input.path.to_str().unwrap();
    let mut args = vec!["import", path, "-o", book.to_str().unwrap(), "-q"];
    if input.problems {
        args.push("--problems");
    }
    let (code, _, err) = run(home, &args);
    if !book.is_file() {
        o.refused = Some(err.lines().next().unwrap_or_default().to_string());
        return o;
    }
    let (_, json, _) = run(home, &["check", book.to_str().unwrap(), "--format", "json"]);
    let diags: Vec<serde_json::Value> = serde_json::from_str(&json).unwrap_or_default();
    for d in &diags {
        match d["severity"].as_str() {
            Some("error") => o.errors += 1,
            _ => o.warnings.push(format!("{}: {}", d["code"], d["message"])),
        }
    }
    if code != Some(0) || o.errors > 0 {
        return o;
    }
    let mut build = vec!["build", book.to_str().unwrap(), "--epub", "-q"];
    build.extend(["-o", out.to_str().unwrap()]);
    if pdf {
        build.push("--pdf");
    }
    let (mut code, _, mut err) = run(home, &build);
    let mut pdf = pdf;
    if code != Some(0) && err.contains("the PDF cannot print") {
        // No font on this machine for some of the book's characters: the site and the
        // EPUB are still compared (branch `fonts` makes the PDF fall back instead).
        o.no_font = Some(err.lines().next().unwrap_or_default().to_string());
        build.pop();
        pdf = false;
        (code, _, err) = run(home, &build);
    }
    if code != Some(0) {
        o.unbuilt = Some(err.lines().take(3).collect::<Vec<_>>().join(" | "));
        return o;
    }
    let texts = editions(&out, pdf);
    for c in comments(input) {
        o.comments += 1;
        let want = squeeze(&c);
        for (name, text) in &texts {
            if text.as_ref().is_some_and(|t| !t.contains(&want)) {
                o.missing.push(format!("{name}: {c:?}"));
            }
        }
    }
    o
}

/// Every comment of the set reaches the site, the EPUB and the PDF as the SGF has it;
/// `gobook check` finds nothing to say about any imported book; every import prints.
#[test]
fn imported_comments_reach_every_edition_as_written_and_nothing_is_warned() {
    let Some(root) = common::corpora() else {
        return;
    };
    let pdf = common::tool("pdftotext", "-v");
    let all = std::env::var("GOBOOK_IMPORT_CORPUS").as_deref() == Ok("all");
    let tmp = common::tempdir();
    let home = common::tempdir();
    let inputs = inputs(&root);
    let threads = 2;
    let results: Vec<(usize, Outcome)> = std::thread::scope(|s| {
        let chunks: Vec<Vec<(usize, &Input)>> = (0..threads)
            .map(|t| {
                inputs
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| i % threads == t)
                    .collect()
            })
            .collect();
        let handles: Vec<_> = chunks
            .into_iter()
            .map(|chunk| {
                let (tmp, home) = (tmp.path(), home.path());
                s.spawn(move || {
                    chunk
                        .into_iter()
                        .map(|(i, input)| {
                            (i, outcome(input, &tmp.join(format!("b{i}")), home, pdf))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    report(&root, &inputs, &results, all);
}

/// Prints the figures and fails on anything the importer is answerable for.
fn report(root: &Path, inputs: &[Input], results: &[(usize, Outcome)], all: bool) {
    let name = |i: usize| {
        inputs[i]
            .path
            .strip_prefix(root)
            .unwrap_or(&inputs[i].path)
            .display()
            .to_string()
    };
    let (mut problems, mut notes) = (Vec::new(), Vec::new());
    let (mut comments, mut missing, mut warned, mut printed, mut unprintable) = (0, 0, 0, 0, 0);
    for (i, o) in results {
        comments += o.comments;
        missing += o.missing.len();
        warned += o.warnings.len();
        if let Some(r) = &o.refused {
            problems.push(format!("{}: not imported: {r}", name(*i)));
            continue;
        }
        if o.errors > 0 {
            unprintable += 1;
            problems.push(format!(
                "{}: {} error(s) of the SGF's own (illegal moves)",
                name(*i),
                o.errors
            ));
            continue;
        }
        match &o.unbuilt {
            Some(why) => problems.push(format!("{}: does not build: {why}", name(*i))),
            None => printed += 1,
        }
        if let Some(why) = &o.no_font {
            notes.push(format!("{}: PDF not compared: {why}", name(*i)));
        }
        for w in &o.warnings {
            problems.push(format!("{}: warning {w}", name(*i)));
        }
        for m in &o.missing {
            problems.push(format!("{}: missing in the {m}", name(*i)));
        }
    }
    let _ = std::io::Write::write_all(
        &mut std::io::stderr(),
        format!(
            "{} inputs: {printed} printed, {unprintable} with errors of their own SGF; {warned} warnings; \
             {comments} comments looked for in three editions, {missing} misses\n{}\n{}\n",
            inputs.len(),
            notes.join("\n"),
            problems.join("\n")
        )
        .as_bytes(),
    );
    if all {
        return;
    }
    assert!(comments > 200, "{comments} comments");
    assert!(
        problems.is_empty(),
        "{} problem(s):\n{}",
        problems.len(),
        problems.join("\n")
    );
}
