//! `gobook import` from the command line: game files told by content (`.mgt`, no
//! extension, XML under another name) for every command that reads a game, and
//! `--chapter` files that a book includes, checked and built.

use crate::common::{self, gobook};

use std::path::Path;

fn ok(r: &std::process::Output, what: &str) {
    assert_eq!(
        r.status.code(),
        Some(0),
        "{what}: {}",
        String::from_utf8_lossy(&r.stderr)
    );
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn games_are_told_by_content_not_extension() {
    let Some(root) = common::corpora() else {
        return;
    };
    let tmp = common::tempdir();
    let t = tmp.path();
    let sgf = root.join("littlego/sgf/Famous games/Ear-reddening game.sgf");
    std::fs::copy(&sgf, t.join("old.mgt")).unwrap();
    std::fs::copy(&sgf, t.join("noext")).unwrap();
    // An old collection may open with a line of free text before the game.
    let mut text = b"Games of the 19th century\r\n".to_vec();
    text.extend(std::fs::read(&sgf).unwrap());
    std::fs::write(t.join("header.dat"), text).unwrap();
    for f in ["old.mgt", "noext", "header.dat"] {
        let game = t.join(f);
        ok(
            &gobook(&["import", s(&game), "-o", s(&t.join(format!("{f}.gobook")))]),
            f,
        );
        ok(
            &gobook(&["convert", s(&game), s(&t.join(format!("{f}.sgf")))]),
            f,
        );
        ok(
            &gobook(&["svg", s(&game), "-o", s(&t.join(format!("{f}.svg")))]),
            f,
        );
        let svg = std::fs::read_to_string(t.join(format!("{f}.svg"))).unwrap();
        assert!(svg.starts_with("<svg"), "{f}");
    }
    // The XML Go format under another name.
    let xml = common::files_with_ext(&root.join("gogui"), "xml")
        .into_iter()
        .find(|p| {
            std::fs::read(p)
                .ok()
                .and_then(|b| gobook::xml::read(&b).ok())
                .is_some_and(|p| !p.collection.games.is_empty())
        })
        .unwrap();
    std::fs::copy(&xml, t.join("game.go")).unwrap();
    ok(
        &gobook(&[
            "import",
            s(&t.join("game.go")),
            "-o",
            s(&t.join("x.gobook")),
        ]),
        "xml",
    );
    // What is neither is still refused, with the reason.
    std::fs::write(t.join("notes.txt"), "just words").unwrap();
    let r = gobook(&["convert", s(&t.join("notes.txt")), s(&t.join("n.sgf"))]);
    assert_eq!(r.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&r.stderr).contains("neither SGF nor the XML Go format"));
}

#[test]
fn imported_chapters_are_included_by_a_book_that_checks_and_builds() {
    let Some(root) = common::corpora() else {
        return;
    };
    let tmp = common::tempdir();
    let t = tmp.path();
    let games = root.join("littlego/sgf/Famous games");
    for (f, out) in [
        ("Blood-vomiting game.sgf", "blood.gobook"),
        ("Ear-reddening game.sgf", "ear.gobook"),
    ] {
        ok(
            &gobook(&[
                "import",
                s(&games.join(f)),
                "-o",
                s(&t.join(out)),
                "--chapter",
            ]),
            f,
        );
    }
    let blood = std::fs::read_to_string(t.join("blood.gobook")).unwrap();
    assert!(!blood.contains("::book"), "a chapter has no ::book");
    assert!(blood.starts_with("::chapter(#Blood-vomiting-game)"));
    assert!(blood.contains("::go(#Blood-vomiting-game-game)"));
    assert!(blood.contains("::fig(#Blood-vomiting-game-fig1)"));
    let book = t.join("famous.gobook");
    std::fs::write(
        &book,
        "::book(#famous) title=\"Two famous games\"\n\n::chapter\n\n::h2 Introduction\n\nTwo games of the Edo period.\n\n::include url=\"blood.gobook\"\n\n::include url=\"ear.gobook\"\n",
    )
    .unwrap();
    let r = gobook(&["check", s(&book)]);
    ok(&r, "check");
    let site = t.join("site");
    ok(&gobook(&["build", s(&book), "-o", s(&site)]), "build");
    let html: String = std::fs::read_dir(&site)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "html"))
        .map(|e| std::fs::read_to_string(e.path()).unwrap())
        .collect();
    assert!(
        html.contains("Akaboshi Intetsu"),
        "the first chapter is in the site"
    );
    assert!(
        html.contains("Shusaku"),
        "the second chapter is in the site"
    );
}

#[test]
fn help_says_how_figures_break() {
    let r = gobook(&["import", "--help"]);
    let help = String::from_utf8_lossy(&r.stdout);
    assert!(help.contains("--every"));
    assert!(help.contains("clash"), "{help}");
    assert!(help.contains("long"), "{help}");
    assert!(
        help.contains("RIGHT"),
        "the problem conventions are documented"
    );
}

/// `import -o new/game.gobook` makes the folders it names, and its `next:` hint is a
/// command that works from where the user stands, a path with a space quoted; a place
/// that cannot hold the book is said plainly, no temporary file named (issue 48).
#[test]
fn import_makes_the_folders_of_its_book_and_names_a_path_that_works() {
    let Some(root) = common::corpora() else {
        return;
    };
    let sgf = root.join("littlego/sgf/9x9/9x9_2.sgf");
    let tmp = common::tempdir();
    let home = common::tempdir();
    let run = |args: &[&str]| {
        common::with_home(
            &mut std::process::Command::new(env!("CARGO_BIN_EXE_gobook")),
            home.path(),
        )
        .current_dir(tmp.path())
        .env("NO_COLOR", "1")
        .args(args)
        .output()
        .unwrap()
    };
    for out in ["new/sub/game.gobook", "my games/game.gobook"] {
        let r = run(&["import", s(&sgf), "-o", out]);
        ok(&r, out);
        assert!(tmp.path().join(out).is_file(), "{out}");
        let err = String::from_utf8_lossy(&r.stderr);
        let next = err
            .lines()
            .find_map(|l| l.strip_prefix("next: "))
            .unwrap_or_else(|| panic!("{err}"));
        // `gobook serve X --open   (... gobook build X writes the site)`: run the build.
        let build = &next[next.find("gobook build ").unwrap()..next.rfind(" writes").unwrap()];
        let r = common::with_home(&mut std::process::Command::new("sh"), home.path())
            .current_dir(tmp.path())
            .arg("-c")
            .arg(build.replacen("gobook", env!("CARGO_BIN_EXE_gobook"), 1))
            .output()
            .unwrap();
        ok(&r, build);
    }
    std::fs::write(tmp.path().join("afile"), "x").unwrap();
    let r = run(&["import", s(&sgf), "-o", "afile/game.gobook"]);
    assert_eq!(r.status.code(), Some(2));
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(
        err.contains("afile for afile/game.gobook: it is a file, not a folder"),
        "{err}"
    );
    assert!(!err.contains(".gobook-new-"), "{err}");
}
