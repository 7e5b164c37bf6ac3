//! #48: `gobook build|check GAME` (and a folder of games or problems): the book `gobook
//! import` would write, built in memory with every edition; the game file's problems told
//! at its lines and columns, never at lines of a book text the author does not have; the
//! game's folder is the book's folder for the output rules. `serve GAME` is in `serve.rs`.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs gobook in `dir` with a fake home folder and a fixed date (so two builds' e-books
/// can be compared byte for byte).
fn run(dir: &Path, args: &[&str]) -> Output {
    let home = common::tempdir();
    common::with_home(&mut Command::new(env!("CARGO_BIN_EXE_gobook")), home.path())
        .current_dir(dir)
        .args(args)
        .env("NO_COLOR", "1")
        .env("SOURCE_DATE_EPOCH", "1700000000")
        .output()
        .unwrap()
}

fn stderr(r: &Output) -> String {
    String::from_utf8_lossy(&r.stderr).into_owned()
}

/// The files under `dir`, relative, sorted, with their bytes.
fn tree(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push((
                    p.strip_prefix(dir).unwrap().to_path_buf(),
                    std::fs::read(&p).unwrap(),
                ));
            }
        }
    }
    out.sort();
    out
}

/// The README's one command: a game file to a website, an EPUB and a PDF, beside it as a
/// book's site is, the same files `gobook import` and a build of the book it writes give.
/// The game is one that prints on any machine (Latin names, no dates: the fonts and the
/// comment-text work land elsewhere).
#[test]
fn one_command_makes_a_site_an_epub_and_a_pdf_of_a_game() {
    let Some(root) = common::corpora() else {
        return;
    };
    let tmp = common::tempdir();
    let dir = tmp.path().join("club");
    std::fs::create_dir_all(&dir).unwrap();
    let game = root.join("littlego/sgf/Famous games/Ear-reddening game.sgf");
    std::fs::copy(&game, dir.join("ear.sgf")).unwrap();
    let r = run(&dir, &["build", "ear.sgf", "--epub", "--pdf"]);
    let e = stderr(&r);
    assert_eq!(r.status.code(), Some(0), "{e}");
    let site = dir.join("site");
    for f in ["index.html", "ear-en.epub", "ear-en.pdf", ".gobook-site"] {
        assert!(site.join(f).is_file(), "{f}: {e}");
    }
    let page = std::fs::read_to_string(site.join("index.html")).unwrap();
    assert!(
        page.contains("<title>Shusaku vs Gennan Inseki</title>"),
        "the title from the game info"
    );
    assert!(
        e.contains("To edit the book's text: gobook import ear.sgf -o ear.gobook"),
        "{e}"
    );
    // The site, the e-book and the PDF are those of the book `import` writes.
    let r = run(&dir, &["import", "ear.sgf", "-o", "ear.gobook"]);
    assert_eq!(r.status.code(), Some(0), "{}", stderr(&r));
    let r = run(
        &dir,
        &["build", "ear.gobook", "-o", "from-book", "--epub", "--pdf"],
    );
    assert_eq!(r.status.code(), Some(0), "{}", stderr(&r));
    let (a, b) = (tree(&site), tree(&dir.join("from-book")));
    assert_eq!(
        a.iter().map(|f| &f.0).collect::<Vec<_>>(),
        b.iter().map(|f| &f.0).collect::<Vec<_>>()
    );
    for (x, y) in a.iter().zip(&b) {
        assert!(x.1 == y.1, "{} differs", x.0.display());
    }
    // A second build replaces the site gobook wrote; an extensionless copy is a game too.
    std::fs::copy(&game, dir.join("ear-copy")).unwrap();
    let r = run(&dir, &["check", "ear-copy"]);
    assert_eq!(r.status.code(), Some(0), "{}", stderr(&r));
    let r = run(&dir, &["build", "ear.sgf", "-q"]);
    assert_eq!(r.status.code(), Some(0), "{}", stderr(&r));
}

/// What is wrong in a game is told in the game file: a move the rules refuse at its line
/// and column with the SGF's line shown, a repair as a warning at its place; nothing points
/// into the book text made of it, and a build with errors writes nothing.
#[test]
fn a_games_problems_are_told_at_its_lines() {
    let Some(root) = common::corpora() else {
        return;
    };
    let tmp = common::tempdir();
    let dir = tmp.path();
    std::fs::copy(root.join("sgf-parse/ff4_ex.sgf"), dir.join("ff4_ex.sgf")).unwrap();
    let r = run(dir, &["check", "ff4_ex.sgf"]);
    let e = stderr(&r);
    assert_eq!(r.status.code(), Some(1), "{e}");
    assert!(
        e.contains(
            "ff4_ex.sgf:118:14: error: game 1: Black 21 at R1 is illegal: it would be suicide"
        ),
        "{e}"
    );
    assert!(e.contains("118 | ;B[rr];W[sp];B[qs]C[Suicide move"), "{e}");
    assert!(!e.contains(".gobook"), "no place in a book text: {e}");
    let r = run(dir, &["check", "ff4_ex.sgf", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
    let refused = json
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "illegal-move")
        .expect("the refused move");
    assert_eq!(
        (&refused["file"], &refused["line"], &refused["column"]),
        (
            &serde_json::json!("ff4_ex.sgf"),
            &serde_json::json!(118),
            &serde_json::json!(14)
        )
    );
    let r = run(dir, &["build", "ff4_ex.sgf", "--epub"]);
    assert_eq!(r.status.code(), Some(1), "{}", stderr(&r));
    assert!(stderr(&r).contains("nothing was written"), "{}", stderr(&r));
    assert!(!dir.join("site").exists());
    // A repair is a warning at its place; the build goes on and says it.
    std::fs::write(
        dir.join("rep.sgf"),
        "(;FF[4]GM[1]SZ[9]KM[abc]\n;B[cc]C[First move]\n;W[dd])",
    )
    .unwrap();
    let r = run(dir, &["build", "rep.sgf", "-o", "rep-site"]);
    let e = stderr(&r);
    assert_eq!(r.status.code(), Some(0), "{e}");
    assert!(
        e.contains("rep.sgf:1:18: warning: illegal KM value [abc] (deleted)"),
        "{e}"
    );
    assert!(!e.contains(".gobook:"), "{e}");
    // `check --format json` names the kind of repair by its code, at the same place.
    let r = run(dir, &["check", "rep.sgf", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
    let repair = json
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "sgf-game-info")
        .unwrap_or_else(|| panic!("no sgf-game-info in {json}"));
    assert_eq!(
        (&repair["file"], &repair["line"], &repair["column"]),
        (
            &serde_json::json!("rep.sgf"),
            &serde_json::json!(1),
            &serde_json::json!(18)
        )
    );
    // A file that is no game at all: its place, exit 1.
    std::fs::write(dir.join("nog.sgf"), "hello, no game here\n").unwrap();
    let r = run(dir, &["build", "nog.sgf"]);
    assert_eq!(r.status.code(), Some(1), "{}", stderr(&r));
    assert!(
        stderr(&r).contains("nog.sgf:1:1: error: no SGF data found"),
        "{}",
        stderr(&r)
    );
}

/// Options of games on a book are wrong usage, said so; and a folder of games is a book of
/// a chapter per game, built inside the folder.
#[test]
fn a_folder_of_games_is_a_book_and_game_options_need_a_game() {
    let Some(root) = common::corpora() else {
        return;
    };
    let tmp = common::tempdir();
    let dir = tmp.path().join("games");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(
        root.join("littlego/sgf/Famous games/Ear-reddening game.sgf"),
        dir.join("ear.sgf"),
    )
    .unwrap();
    std::fs::copy(
        root.join("littlego/sgf/19x19/markup.sgf"),
        dir.join("markup.sgf"),
    )
    .unwrap();
    let r = run(tmp.path(), &["build", "games", "--every", "100"]);
    assert_eq!(r.status.code(), Some(0), "{}", stderr(&r));
    let site = dir.join("site");
    // A chapter per game, in name order: the first is the site's first page.
    let first = std::fs::read_to_string(site.join("index.html")).unwrap();
    assert!(first.contains("Shusaku vs Gennan Inseki"), "{first}");
    assert!(site.join("markup.html").is_file());
    // Built again: the site is gobook's and the folder is no game.
    let r = run(tmp.path(), &["build", "games", "--every", "100"]);
    assert_eq!(r.status.code(), Some(0), "{}", stderr(&r));
    std::fs::write(
        tmp.path().join("b.gobook"),
        "::book(#b)\n\n::chapter\n\nText.\n",
    )
    .unwrap();
    let r = run(tmp.path(), &["build", "b.gobook", "--problems"]);
    assert_eq!(r.status.code(), Some(2));
    assert!(
        stderr(&r).contains("--problems applies to a game file or a folder of games"),
        "{}",
        stderr(&r)
    );
}

/// The game's folder is the book's folder: a build never replaces what gobook did not
/// write there, never the game's own folder even with --force, and never a folder holding
/// game files the book reads.
#[test]
fn a_game_book_writes_only_where_gobook_owns_the_place() {
    let tmp = common::tempdir();
    let dir = tmp.path().join("g");
    std::fs::create_dir_all(dir.join("site")).unwrap();
    std::fs::write(dir.join("game.sgf"), "(;SZ[9];B[cc];W[gg])").unwrap();
    std::fs::write(dir.join("site/mine.txt"), "mine").unwrap();
    let r = run(&dir, &["build", "game.sgf"]);
    assert_eq!(r.status.code(), Some(2), "{}", stderr(&r));
    assert!(
        stderr(&r).contains("was not written by gobook"),
        "{}",
        stderr(&r)
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("site/mine.txt")).unwrap(),
        "mine"
    );
    let r = run(&dir, &["build", "game.sgf", "-o", ".", "--force"]);
    assert_eq!(r.status.code(), Some(2), "{}", stderr(&r));
    assert!(dir.join("game.sgf").is_file() && dir.join("site/mine.txt").is_file());
    // A folder of problems: a sub-folder of them is read, so it is never the output.
    let p = tmp.path().join("p");
    std::fs::create_dir_all(p.join("sub")).unwrap();
    std::fs::write(
        p.join("a.sgf"),
        "(;SZ[9]AB[cc]C[Black to play];B[dd]C[Correct])",
    )
    .unwrap();
    std::fs::write(
        p.join("sub/b.sgf"),
        "(;SZ[9]AB[cc]C[Black to play];B[dc]C[Correct])",
    )
    .unwrap();
    let r = run(
        tmp.path(),
        &["build", "--problems", "p", "-o", "p/sub", "--force"],
    );
    assert_eq!(r.status.code(), Some(2), "{}", stderr(&r));
    assert!(p.join("sub/b.sgf").is_file());
    let r = run(tmp.path(), &["build", "--problems", "p"]);
    assert_eq!(r.status.code(), Some(0), "{}", stderr(&r));
    assert!(p.join("site/index.html").is_file() && p.join("site/sub.html").is_file());
}
