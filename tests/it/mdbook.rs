//! A real mdBook (installed by scripts/setup.sh, version pinned there) builds a two-chapter
//! book whose chapters hold ```gobook and ```sgf blocks, through `gobook mdbook` (issue 23).

use crate::common;
use std::path::Path;
use std::process::{Command, Output};

/// `mdbook` on the PATH or in Python's scripts folder (where scripts/setup.sh installs it with
/// pip), or `None` after saying the test steps aside (a failure under CI).
fn mdbook() -> Option<String> {
    let works = |cmd: &str| {
        Command::new(cmd)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if works("mdbook") {
        return Some("mdbook".into());
    }
    let scripts = Command::new("python3")
        .args([
            "-c",
            "import sysconfig; print(sysconfig.get_path('scripts'))",
        ])
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    if let Some(path) = scripts.map(|d| format!("{d}/mdbook")) {
        if works(&path) {
            return Some(path);
        }
    }
    if std::env::var_os("CI").is_some() {
        panic!("mdbook is missing (CI is set; scripts/setup.sh installs it)");
    }
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr(),
        "skipping: mdbook not found (run scripts/setup.sh)"
    );
    None
}

fn write(dir: &Path, name: &str, text: &str) {
    let p = dir.join(name);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

fn book(dir: &Path, chapter2: &str) {
    let gobook = env!("CARGO_BIN_EXE_gobook");
    write(
        dir,
        "book.toml",
        &format!(
            "[book]\ntitle = \"Diagrams\"\n\n[preprocessor.gobook]\ncommand = \"{gobook} mdbook\"\n"
        ),
    );
    write(
        dir,
        "src/SUMMARY.md",
        "# Summary\n\n- [Corner](corner.md)\n- [Game](game.md)\n",
    );
    write(
        dir,
        "src/corner.md",
        "# Corner\n\nThe three-three invasion.\n\n```gobook caption\n::dia sz=9 ab=C3D4 aw=E5 tr=C3 ca=\"Black to play\"\n```\n\nAnd some Rust, untouched:\n\n```rust\nfn main() {}\n```\n",
    );
    write(dir, "src/game.md", chapter2);
}

fn build(mdbook: &str, dir: &Path) -> Output {
    Command::new(mdbook)
        .arg("build")
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

#[test]
fn mdbook_builds_a_book_with_diagrams_in_two_chapters() {
    let Some(mdbook) = mdbook() else { return };
    let dir = common::tempdir();
    book(
        dir.path(),
        "# Game\n\n```sgf from=1 to=4\n(;SZ[19];B[pd];W[dp];B[pp];W[dd])\n```\n",
    );
    let out = build(&mdbook, dir.path());
    assert!(
        out.status.success(),
        "mdbook build failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let corner = std::fs::read_to_string(dir.path().join("book/corner.html")).unwrap();
    assert!(
        corner.contains("<div class=\"gobook-diagram\">"),
        "{corner}"
    );
    assert!(corner.contains("9x9 board. Black stones: D4, C3."));
    assert!(corner.contains("<title>Black to play</title>"));
    assert!(corner.contains("class=\"gb-cab\""), "the caption's band");
    assert!(corner.contains("fn main"), "other code blocks stay");
    let game = std::fs::read_to_string(dir.path().join("book/game.html")).unwrap();
    assert!(game.contains("<title>Moves 1–4</title>"), "{game}");
    assert!(
        game.contains("Q16"),
        "standard coordinates in the description"
    );
}

#[test]
fn an_interactive_block_is_a_player_in_the_chapter() {
    let Some(mdbook) = mdbook() else { return };
    let dir = common::tempdir();
    book(
        dir.path(),
        "# Game\n\n```sgf interactive\n(;SZ[9]C[Start.];B[ee]C[The centre.];W[cc])\n```\n\nAfter it.\n",
    );
    let out = build(&mdbook, dir.path());
    assert!(
        out.status.success(),
        "mdbook build failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let game = std::fs::read_to_string(dir.path().join("book/game.html")).unwrap();
    assert_eq!(
        game.matches("<div class=\"gb-player\"").count(),
        1,
        "{game}"
    );
    assert!(game.contains("if (!self.gbPlayer)"), "the script, inline");
    assert!(game.contains("<p>The centre.</p>"), "the comments");
    assert!(
        game.contains("<p>After it.</p>"),
        "the Markdown after the player"
    );
    // The script reached the page whole: no line of it was read as Markdown.
    assert!(
        !game.contains("<p>const") && !game.contains("<p>})"),
        "{game}"
    );
}

#[test]
fn a_mistake_in_a_chapter_fails_the_build_with_its_markdown_line() {
    let Some(mdbook) = mdbook() else { return };
    let dir = common::tempdir();
    book(
        dir.path(),
        "# Game\n\nText.\n\n```gobook\n::dia sz=9 ab=C3 mv=Z9\n```\n",
    );
    let out = build(&mdbook, dir.path());
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("src/game.md:6:21: error: `Z9` is off the 9x9 board"),
        "{err}"
    );
}

#[test]
fn supports_answers_for_html_only() {
    let gobook = env!("CARGO_BIN_EXE_gobook");
    let yes = Command::new(gobook)
        .args(["mdbook", "supports", "html"])
        .status()
        .unwrap();
    assert_eq!(yes.code(), Some(0));
    let no = Command::new(gobook)
        .args(["mdbook", "supports", "markdown"])
        .status()
        .unwrap();
    assert_eq!(no.code(), Some(1));
}
