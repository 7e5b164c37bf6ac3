//! What the command line says is true (issue 25): counted words agree with their
//! numbers, every example of `--help` exists, and `import` says what it made and
//! what to run next.

use crate::common;
use std::process::Command;

fn gobook(args: &[&str], dir: &std::path::Path) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_gobook"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

/// Every `1 WORDs` in `text` (a count of one with a plural noun), for the assertion message.
fn plural_after_one(text: &str) -> Vec<String> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || ",;:()".contains(c))
        .filter(|w| !w.is_empty())
        .collect();
    words
        .windows(2)
        .filter(|w| w[0] == "1" && w[1].ends_with('s') && w[1].len() > 2)
        .map(|w| format!("{} {}", w[0], w[1]))
        .collect()
}

#[test]
fn one_of_a_thing_is_said_in_the_singular() {
    let tmp = common::tempdir();
    let book = tmp.path().join("one.gobook");
    std::fs::write(
        &book,
        "::book(#one) title=\"One\"\n\n::chapter\n\n::h1 One\n\n::dia mv=D4 colur=1\n\n::p See #btpp#.\n\n::dia sz=9 ab=Z9\n",
    )
    .unwrap();
    let (ok, text) = gobook(&["check", "one.gobook"], tmp.path());
    assert!(!ok);
    assert!(
        text.contains("one.gobook: 1 error and 2 warnings"),
        "{text}"
    );
    std::fs::write(
        &book,
        "::book(#one) title=\"One\"\n\n::chapter\n\n::h1 One\n\n::dia mv=D4\n",
    )
    .unwrap();
    let (ok, text) = gobook(&["build", "one.gobook", "-o", "site"], tmp.path());
    assert!(ok, "{text}");
    assert!(text.contains("1 chapter, 1 diagram, 1 language"), "{text}");
    assert!(
        plural_after_one(&text).is_empty(),
        "{:?} in\n{text}",
        plural_after_one(&text)
    );
}

#[test]
fn every_example_in_help_exists() {
    let root = common::root();
    let mut checked = 0;
    for cmd in [
        "", "init", "build", "serve", "check", "fmt", "inspect", "svg", "convert", "import",
    ] {
        let args: Vec<&str> = [cmd, "--help"]
            .into_iter()
            .filter(|a| !a.is_empty())
            .collect();
        let (ok, text) = gobook(&args, &root);
        assert!(ok, "{text}");
        for word in text.split_whitespace() {
            if let Some(path) = word.strip_prefix("examples/") {
                assert!(
                    root.join("examples").join(path).exists(),
                    "`gobook {cmd} --help` names examples/{path}, which does not exist"
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 3, "the help shows examples from examples/");
}

#[test]
fn import_says_what_it_made_and_what_to_run_next() {
    let tmp = common::tempdir();
    std::fs::write(
        tmp.path().join("g.sgf"),
        "(;GM[1]FF[4]SZ[9]PB[Black]PW[White]RE[B+R];B[cc]C[A good start.];W[gg];B[cg](;W[gc]C[Solid.])(;W[cd]))",
    )
    .unwrap();
    let (ok, text) = gobook(
        &["import", "g.sgf", "-o", "g.gobook", "--every", "2"],
        tmp.path(),
    );
    assert!(ok, "{text}");
    let first = text.lines().find(|l| l.starts_with("wrote ")).unwrap_or("");
    assert!(
        first == "wrote g.gobook: 2 figures, 1 variation diagram, 2 comments",
        "{text}"
    );
    assert!(
        text.contains("next: gobook serve g.gobook --open"),
        "{text}"
    );
    assert!(plural_after_one(&text).is_empty(), "{text}");
    // Markup is placed on the figures, or (the triangle on move 1, which would hide its
    // number) on a reference diagram, and the count says so.
    std::fs::write(
        tmp.path().join("m.sgf"),
        "(;GM[1]FF[4]SZ[9];B[cc]TR[cc];W[gg]LB[gc:A];B[cg])",
    )
    .unwrap();
    let (ok, text) = gobook(&["import", "m.sgf", "-o", "m.gobook"], tmp.path());
    assert!(ok, "{text}");
    assert!(
        text.contains("1 figure, 1 variation diagram, 0 comments; 2 of 2 marks and labels placed"),
        "{text}"
    );
    // The command it names works on what it wrote.
    let (ok, text) = gobook(&["check", "g.gobook"], tmp.path());
    assert!(ok, "{text}");
}
