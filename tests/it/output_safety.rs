//! gobook writes only where it owns the place: `build` replaces only an empty folder or a site it
//! wrote, never the book or what it reads; `import` and `fmt` never lose a file. Every test works
//! in its own temporary folder.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BOOK: &str = "::book(#b)\ntitle=\"Safe\"\n\n::chapter(#one)\n\n::go(#g) mv=\"Q16 D4 Q3\"\n\n::fig at=1 to=3\n\nA paragraph.\n";

/// Runs gobook in `dir` with a fake home folder of its own (what `--force` replaces goes to its
/// trash, never the real one's), removed afterwards.
fn gobook_in(dir: &Path, args: &[&str]) -> Output {
    let home = crate::common::tempdir();
    crate::common::with_home(&mut Command::new(env!("CARGO_BIN_EXE_gobook")), home.path())
        .current_dir(dir)
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A temporary folder holding `book/book.gobook` (and the returned path of the book folder).
fn book() -> (tempfile::TempDir, PathBuf) {
    let t = tempfile::tempdir().unwrap();
    let dir = t.path().join("book");
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(dir.join("book.gobook"), BOOK).unwrap();
    (t, dir)
}

/// A folder with a file of the user's in it.
fn victim(dir: &Path) -> PathBuf {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("precious.txt"), "mine").unwrap();
    dir.join("precious.txt")
}

#[test]
fn build_refuses_a_folder_it_did_not_write_and_force_replaces_it() {
    let (t, dir) = book();
    let precious = victim(&t.path().join("victim"));
    let o = gobook_in(&dir, &["build", "-o", "../victim"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("victim") && err.contains("--force") && err.contains("not written by gobook"),
        "{err}"
    );
    assert!(precious.exists(), "the user's folder was touched");
    let o = gobook_in(&dir, &["build", "-o", "../victim", "--force"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!precious.exists() && t.path().join("victim/index.html").exists());
    // Now the folder is gobook's: the next build replaces it without being asked.
    let o = gobook_in(&dir, &["build", "-o", "../victim"]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn build_uses_an_empty_folder_and_replaces_its_own_site() {
    let (_t, dir) = book();
    std::fs::create_dir(dir.join("out")).unwrap();
    assert!(gobook_in(&dir, &["build", "-o", "out"]).status.success());
    assert!(
        dir.join("out/.gobook-site").is_file(),
        "every site carries the marker"
    );
    std::fs::write(dir.join("out/stray.html"), "old").unwrap();
    let o = gobook_in(&dir, &["build", "-o", "out"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        !dir.join("out/stray.html").exists(),
        "a site gobook wrote is replaced whole"
    );
}

#[test]
fn build_never_writes_over_the_book_or_a_folder_above_it_even_with_force() {
    let (t, dir) = book();
    for (from, out) in [
        (&dir, ".."),
        (&dir, "."),
        (&dir, "../book"),
        (&dir, "book.gobook"),
        (&dir, "./sub/../."),
    ] {
        for force in [false, true] {
            let mut args = vec!["build", "-o", out];
            if force {
                args.push("--force");
            }
            let o = gobook_in(from, &args);
            assert_eq!(
                o.status.code(),
                Some(2),
                "-o {out} force={force}: {}",
                stderr(&o)
            );
            assert!(
                dir.join("book.gobook").exists(),
                "-o {out} force={force} deleted the book"
            );
        }
    }
    // A link to the book's folder is the book's folder.
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(&dir, t.path().join("alias")).unwrap();
        let o = gobook_in(&dir, &["build", "-o", "../alias", "--force"]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(
            stderr(&o).contains("holds the book itself"),
            "{}",
            stderr(&o)
        );
        assert!(dir.join("book.gobook").exists());
    }
}

#[test]
fn build_never_replaces_a_folder_the_book_reads_from() {
    let (_t, dir) = book();
    std::fs::create_dir(dir.join("img")).unwrap();
    // A one-pixel PNG.
    let png: &[u8] = &[
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0,
        0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89, 0, 0, 0, 0x0a, 0x49, 0x44,
        0x41, 0x54, 0x78, 0x9c, 0x63, 0, 1, 0, 0, 5, 0, 1, 0x0d, 0x0a, 0x2d, 0xb4, 0, 0, 0, 0,
        0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
    ];
    std::fs::write(dir.join("img/board.png"), png).unwrap();
    std::fs::write(
        dir.join("book.gobook"),
        format!("{BOOK}\n::img url=img/board.png\n"),
    )
    .unwrap();
    for args in [
        vec!["build", "-o", "img"],
        vec!["build", "-o", "./img", "--force"],
    ] {
        let o = gobook_in(&dir, &args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(
            dir.join("img/board.png").exists(),
            "{args:?} deleted the book's image"
        );
    }
    let o = gobook_in(&dir, &["build", "-o", "./img", "--force"]);
    assert!(
        stderr(&o).contains("which the book reads"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn gobook_toml_may_only_write_inside_the_book_folder() {
    let (t, dir) = book();
    let precious = victim(&t.path().join("x"));
    for setting in ["../x", "/tmp", ".", "sub/../.."] {
        std::fs::write(
            dir.join("gobook.toml"),
            format!("out_dir = \"{setting}\"\n"),
        )
        .unwrap();
        let o = gobook_in(&dir, &["build", "--force"]);
        assert_eq!(
            o.status.code(),
            Some(2),
            "out_dir = {setting}: {}",
            stderr(&o)
        );
        assert!(stderr(&o).contains("gobook.toml"), "{}", stderr(&o));
        assert!(precious.exists() && dir.join("book.gobook").exists());
    }
    // Inside the folder it works; on the command line the user may name any folder.
    std::fs::write(dir.join("gobook.toml"), "out_dir = \"public\"\n").unwrap();
    assert!(gobook_in(&dir, &["build"]).status.success());
    assert!(dir.join("public/index.html").exists());
    let o = gobook_in(&dir, &["build", "-o", "../elsewhere"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(t.path().join("elsewhere/index.html").exists());
}

#[test]
fn a_killed_builds_staging_folders_are_removed_by_the_next_build() {
    let (t, dir) = book();
    // What `kill -9` in the middle of a build leaves: a marked staging folder and the old site
    // moved aside, named with the dead process's id (above the kernel's maximum, so never alive).
    for kind in ["new", "old"] {
        let left = dir.join(format!(".site.gobook-{kind}-4194305-Ab3xYz"));
        std::fs::create_dir(&left).unwrap();
        std::fs::write(left.join(".gobook-site"), "").unwrap();
        std::fs::write(left.join("index.html"), "half").unwrap();
    }
    // A user's folder that happens to look alike, without the marker, stays.
    let users = dir.join(".site.gobook-new-4194305-mine");
    victim(&users);
    let o = gobook_in(&dir, &["build"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        !names.iter().any(|n| n.ends_with("Ab3xYz")),
        "stale staging folders left: {names:?}"
    );
    assert!(users.join("precious.txt").exists());
    drop(t);
}

#[test]
fn a_real_kill_9_leaves_nothing_after_the_next_build() {
    let (_t, dir) = book();
    // A big enough book that the build is still running when it is killed.
    let mut text = String::from("::book(#b)\n\n");
    for c in 0..200 {
        text.push_str(&format!("::chapter(#c{c})\n\n::go mv=\"Q16 D4 Q3 D16 R5 C3\"\n\n::fig at=1 to=6\n\nText {c}.\n\n"));
    }
    std::fs::write(dir.join("book.gobook"), text).unwrap();
    let home = crate::common::tempdir();
    let mut child =
        crate::common::with_home(&mut Command::new(env!("CARGO_BIN_EXE_gobook")), home.path())
            .current_dir(&dir)
            .args(["build", "-q"])
            .spawn()
            .unwrap();
    // Kill it once its staging folder exists (or it has finished).
    let start = std::time::Instant::now();
    while start.elapsed() < std::time::Duration::from_secs(20) {
        let staging = std::fs::read_dir(&dir).unwrap().any(|e| {
            e.unwrap()
                .file_name()
                .to_string_lossy()
                .contains(".gobook-new-")
        });
        if staging || child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    let _ = child.kill();
    let _ = child.wait();
    let o = gobook_in(&dir, &["build", "-q"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".gobook-"))
        .collect();
    assert!(left.is_empty(), "left behind: {left:?}");
}

#[test]
fn epubs_do_not_overwrite_a_file_in_a_folder_gobook_did_not_write() {
    let (t, dir) = book();
    let shelf = t.path().join("shelf");
    std::fs::create_dir(&shelf).unwrap();
    std::fs::write(shelf.join("b-en.epub"), "my own e-book").unwrap();
    let o = gobook_in(&dir, &["build", "--only-epub", "-o", "../shelf"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(shelf.join("b-en.epub")).unwrap(),
        "my own e-book"
    );
    let o = gobook_in(&dir, &["build", "--only-epub", "-o", "../shelf", "--force"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::read(shelf.join("b-en.epub"))
        .unwrap()
        .starts_with(b"PK"));
    // Nothing temporary stays beside it.
    assert_eq!(std::fs::read_dir(&shelf).unwrap().count(), 1);
}

#[test]
fn import_never_overwrites_without_force_and_never_the_game() {
    let t = tempfile::tempdir().unwrap();
    let game = t.path().join("game.sgf");
    std::fs::write(&game, "(;GM[1]FF[4]SZ[19];B[pd];W[dp])").unwrap();
    let book = t.path().join("game.gobook");
    std::fs::write(&book, "my notes").unwrap();
    let o = gobook_in(t.path(), &["import", "game.sgf", "-o", "game.gobook"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("--force"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&book).unwrap(), "my notes");
    let o = gobook_in(
        t.path(),
        &["import", "game.sgf", "-o", "game.gobook", "--force"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::read_to_string(&book).unwrap().contains("::go"));
    for out in ["game.sgf", "./sub/../game.sgf"] {
        let o = gobook_in(t.path(), &["import", "game.sgf", "-o", out, "--force"]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(
            std::fs::read_to_string(&game)
                .unwrap()
                .starts_with("(;GM[1]"),
            "-o {out} overwrote the game"
        );
    }
    // A new file is written readable like any other.
    let o = gobook_in(t.path(), &["import", "game.sgf", "-o", "fresh.gobook"]);
    assert!(o.status.success(), "{}", stderr(&o));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(t.path().join("fresh.gobook"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o044, 0o044, "mode {mode:o}");
    }
}

#[cfg(unix)]
#[test]
fn fmt_keeps_a_linked_book_a_link_and_follows_no_planted_link() {
    use std::os::unix::fs::PermissionsExt;
    let t = tempfile::tempdir().unwrap();
    let real = t.path().join("real");
    std::fs::create_dir(&real).unwrap();
    let target = real.join("book.gobook");
    // Not in the standard layout: fmt rewrites it.
    std::fs::write(&target, "::book(#b) title=x\n::chapter(#c)\n\nText.\n").unwrap();
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640)).unwrap();
    let link = t.path().join("book.gobook");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    // Links planted under the temporary names gobook used to use, and under a guess at a new one.
    let victim = t.path().join("victim.txt");
    std::fs::write(&victim, "untouched").unwrap();
    for name in [".book.gobook.gobook-fmt.tmp", ".book.gobook.gobook-new"] {
        std::os::unix::fs::symlink(&victim, real.join(name)).unwrap();
        std::os::unix::fs::symlink(&victim, t.path().join(name)).unwrap();
    }
    let o = gobook_in(t.path(), &["fmt", "book.gobook"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink(),
        "the link was replaced by a file"
    );
    let formatted = std::fs::read_to_string(&target).unwrap();
    assert!(
        formatted.starts_with("::book(#b)\ntitle=x\n"),
        "{formatted}"
    );
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "untouched");
    assert_eq!(
        std::fs::metadata(&target).unwrap().permissions().mode() & 0o777,
        0o640
    );
    let o = gobook_in(t.path(), &["fmt", "--check", "book.gobook"]);
    assert!(o.status.success(), "{}", stderr(&o));
    // No temporary file stays behind.
    let left: Vec<_> = std::fs::read_dir(&real)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| {
            n.to_string_lossy().contains(".gobook-")
                && !n.to_string_lossy().ends_with("fmt.tmp")
                && !n.to_string_lossy().ends_with("gobook-new")
        })
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn convert_does_not_replace_its_input_unless_forced() {
    let t = tempfile::tempdir().unwrap();
    let game = t.path().join("g.sgf");
    std::fs::write(&game, "(;GM[1]SZ[9];B[cc])").unwrap();
    let o = gobook_in(t.path(), &["convert", "g.sgf", "./g.sgf"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(&game).unwrap(),
        "(;GM[1]SZ[9];B[cc])"
    );
    let o = gobook_in(t.path(), &["convert", "g.sgf", "g.sgf", "--force"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::read_to_string(&game).unwrap().contains("FF[4]"));
}

/// A file where the output folder must go is an I/O failure, not wrong usage: exit 1 with the
/// place and the system's reason (issue 31), for the site and for the e-books.
#[test]
fn a_file_where_the_output_folder_must_go_exits_1_naming_it() {
    let (t, dir) = book();
    std::fs::write(t.path().join("blocker"), "a file").unwrap();
    for args in [
        &["build", "-o", "../blocker/site"][..],
        &["build", "-o", "../blocker/site", "--only-epub"][..],
    ] {
        let o = gobook_in(&dir, args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert!(
            err.contains("cannot") && err.contains("blocker"),
            "{args:?}: {err}"
        );
    }
    assert_eq!(
        std::fs::read_to_string(t.path().join("blocker")).unwrap(),
        "a file"
    );
}
