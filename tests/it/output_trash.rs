//! Issue #30: gobook never irreversibly deletes what it did not write. `--force` moves a foreign
//! folder or file into the trash (found through HOME and XDG_DATA_HOME); the root, the home
//! folder and a Git repository are refused even then; `-o site/../site` and a linked output
//! folder work; a site build keeps the e-books of an earlier build. Every test runs in its own
//! temporary folder with a fake home folder inside it, so the real one is never reached.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BOOK: &str = "::book(#b)\ntitle=\"Safe\"\n\n::chapter(#one)\n\n::go(#g) mv=\"Q16 D4 Q3\"\n\n::fig at=1 to=3\n\nA paragraph.\n";

/// A temporary folder with a fake home folder (`users/me`) and a book (`book/book.gobook`).
struct Place {
    _t: tempfile::TempDir,
    /// The temporary folder itself, links resolved (as the trash records paths).
    root: PathBuf,
    /// The fake home folder.
    home: PathBuf,
    /// The book's folder.
    book: PathBuf,
}

fn place() -> Place {
    let t = crate::common::tempdir();
    let root = t.path().canonicalize().unwrap();
    let home = root.join("users/me");
    let book = root.join("book");
    std::fs::create_dir_all(&home).unwrap();
    std::fs::create_dir_all(&book).unwrap();
    std::fs::write(book.join("book.gobook"), BOOK).unwrap();
    Place {
        _t: t,
        root,
        home,
        book,
    }
}

impl Place {
    /// Runs gobook in `dir` with the fake home folder.
    fn run(&self, dir: &Path, args: &[&str]) -> Output {
        crate::common::with_home(&mut Command::new(env!("CARGO_BIN_EXE_gobook")), &self.home)
            .current_dir(dir)
            .args(args)
            .env("NO_COLOR", "1")
            .output()
            .unwrap()
    }

    /// The fake home folder's trash.
    fn trash(&self) -> PathBuf {
        self.home.join(".local/share/Trash")
    }

    /// Asserts that `original` is in the trash as `name`, recorded with its place and the time
    /// of deletion as the freedesktop trash spec asks, and returns where it is there.
    #[track_caller]
    fn trashed(&self, original: &Path, name: &str) -> PathBuf {
        let at = self.trash().join("files").join(name);
        assert!(
            std::fs::symlink_metadata(&at).is_ok(),
            "{} is not in the trash: {:?}",
            original.display(),
            listing(&self.trash().join("files"))
        );
        let info = std::fs::read_to_string(self.trash().join(format!("info/{name}.trashinfo")))
            .expect("the trash's info file");
        assert!(
            info.starts_with("[Trash Info]\n")
                && info.contains(&format!("\nPath={}\n", original.display()))
                && info.contains("\nDeletionDate="),
            "{info}"
        );
        at
    }
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The names in a folder, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .map(|d| {
            d.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// A folder of the user's: a file and a file in a subfolder.
fn victim(dir: &Path) {
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("precious.txt"), "mine").unwrap();
    std::fs::write(dir.join("sub/deep.txt"), "deep").unwrap();
}

#[test]
fn forced_build_moves_a_foreign_folder_to_the_trash_intact() {
    let p = place();
    let victim_dir = p.root.join("victim");
    victim(&victim_dir);
    let o = p.run(&p.book, &["build", "-o", "../victim", "--force"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let at = p.trashed(&victim_dir, "victim");
    assert_eq!(
        std::fs::read_to_string(at.join("precious.txt")).unwrap(),
        "mine"
    );
    assert_eq!(
        std::fs::read_to_string(at.join("sub/deep.txt")).unwrap(),
        "deep"
    );
    let err = stderr(&o);
    assert!(
        err.contains("to the trash") && err.contains(&at.display().to_string()),
        "the message says where it went: {err}"
    );
    assert!(victim_dir.join("index.html").is_file() && victim_dir.join(".gobook-site").is_file());
    // Nothing of the build stays beside it.
    assert_eq!(listing(&p.root), ["book", "users", "victim"]);
}

#[test]
fn without_a_trash_a_foreign_folder_is_renamed_beside_itself() {
    let p = place();
    let victim_dir = p.root.join("victim");
    victim(&victim_dir);
    // A file where the trash's parent folder should be: no trash can be made there.
    let no_data = p.root.join("not-a-folder");
    std::fs::write(&no_data, "").unwrap();
    let o = crate::common::with_home(&mut Command::new(env!("CARGO_BIN_EXE_gobook")), &p.home)
        .env("XDG_DATA_HOME", &no_data)
        .current_dir(&p.book)
        .args(["build", "-o", "../victim", "--force"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let names = listing(&p.root);
    let aside: Vec<&String> = names
        .iter()
        .filter(|n| n.starts_with("victim.before-gobook-") && n.ends_with('Z'))
        .collect();
    assert_eq!(aside.len(), 1, "{names:?}");
    let aside = p.root.join(aside[0]);
    assert_eq!(
        std::fs::read_to_string(aside.join("precious.txt")).unwrap(),
        "mine"
    );
    assert!(aside.join("sub/deep.txt").is_file());
    assert!(victim_dir.join("index.html").is_file());
    let err = stderr(&o);
    assert!(
        err.contains("aside to") && err.contains(&aside.display().to_string()),
        "{err}"
    );
}

#[test]
fn the_home_folder_the_root_and_a_git_repository_are_refused_even_with_force() {
    let p = place();
    std::fs::write(p.home.join(".profile"), "dotfile").unwrap();
    let home = p.home.to_str().unwrap();
    // The home folder, by its path and through `..`, and a folder above it.
    for (out, says) in [
        (home.to_string(), "is your home folder"),
        (format!("{home}/../me"), "is your home folder"),
        ("../users".to_string(), "holds your home folder"),
        ("/".to_string(), "/"),
    ] {
        let o = p.run(&p.book, &["build", "-o", &out, "--force"]);
        assert_eq!(o.status.code(), Some(2), "-o {out}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(err.contains(says), "-o {out}: {err}");
        assert!(
            err.contains("choose a folder of its own"),
            "-o {out}: {err}"
        );
    }
    assert_eq!(
        std::fs::read_to_string(p.home.join(".profile")).unwrap(),
        "dotfile"
    );
    assert!(p.book.join("book.gobook").is_file());
    // A Git repository, whether gobook wrote the folder or not, and a worktree's `.git` file.
    let repo = p.root.join("repo");
    victim(&repo);
    std::fs::create_dir(repo.join(".git")).unwrap();
    std::fs::write(repo.join(".git/HEAD"), "ref: refs/heads/main\n").unwrap();
    let deployed = p.root.join("deployed");
    std::fs::create_dir(&deployed).unwrap();
    std::fs::write(deployed.join(".gobook-site"), "").unwrap();
    std::fs::write(deployed.join(".git"), "gitdir: ../repo/.git\n").unwrap();
    for (out, force) in [
        ("../repo", true),
        ("../deployed", false),
        ("../deployed", true),
    ] {
        let mut args = vec!["build", "-o", out];
        if force {
            args.push("--force");
        }
        let o = p.run(&p.book, &args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("Git repository (.git)") && stderr(&o).contains("-o "),
            "{}",
            stderr(&o)
        );
    }
    assert!(repo.join(".git/HEAD").is_file() && repo.join("precious.txt").is_file());
    assert!(deployed.join(".git").is_file() && !deployed.join("index.html").exists());
    assert!(!p.trash().exists(), "nothing went to the trash");
}

#[test]
fn an_output_through_dot_dot_is_replaced_in_place() {
    let p = place();
    for _ in 0..2 {
        let o = p.run(&p.book, &["build", "-o", "site/../site"]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(listing(&p.book), ["book.gobook", "site"]);
        assert!(p.book.join("site/index.html").is_file());
    }
    // A foreign folder named that way goes to the trash, and the site takes its place.
    let x = p.book.join("x");
    victim(&x);
    let o = p.run(&p.book, &["build", "-o", "./x/../x", "--force"]);
    assert!(o.status.success(), "{}", stderr(&o));
    p.trashed(&x, "x");
    assert_eq!(listing(&p.book), ["book.gobook", "site", "x"]);
    assert!(x.join("index.html").is_file());
}

#[cfg(unix)]
#[test]
fn a_linked_output_folder_stays_a_link() {
    let p = place();
    let real = p.root.join("real");
    std::fs::create_dir(&real).unwrap();
    let link = p.book.join("site");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let is_link = |l: &Path| std::fs::symlink_metadata(l).unwrap().is_symlink();
    for _ in 0..2 {
        let o = p.run(&p.book, &["build"]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(is_link(&link), "the link was replaced by a folder");
        assert!(real.join("index.html").is_file() && real.join(".gobook-site").is_file());
        assert_eq!(listing(&p.book), ["book.gobook", "site"]);
        assert_eq!(listing(&p.root), ["book", "real", "users"]);
    }
    // A link to a foreign folder: with --force the folder goes to the trash, the link stays.
    let other = p.root.join("other");
    victim(&other);
    let forced = p.book.join("forced");
    std::os::unix::fs::symlink("../other", &forced).unwrap();
    let o = p.run(&p.book, &["build", "-o", "forced", "--force"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(is_link(&forced));
    let at = p.trashed(&other, "other");
    assert!(at.join("precious.txt").is_file());
    assert!(other.join("index.html").is_file());
}

#[test]
fn a_stale_staging_folder_is_removed_only_when_marked() {
    let p = place();
    let dead = 4_194_305u32; // above the kernel's maximum pid: never running
    let stale = p.book.join(format!(".site.gobook-new-{dead}-Ab3xYz"));
    std::fs::create_dir(&stale).unwrap();
    std::fs::write(stale.join(".gobook-site"), "").unwrap();
    let look_alike = p.book.join(format!(".site.gobook-old-{dead}-mine"));
    victim(&look_alike);
    // Reached through `..`, the same folder and the same names.
    let o = p.run(&p.book, &["build", "-o", "site/../site"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!stale.exists(), "the marked staging folder stayed");
    assert!(look_alike.join("precious.txt").is_file());
}

#[test]
fn a_site_build_keeps_the_e_books_of_an_earlier_build() {
    let p = place();
    let o = p.run(&p.book, &["build", "--only-epub"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let ebook = p.book.join("site/b-en.epub");
    let bytes = std::fs::read(&ebook).unwrap();
    let o = p.run(&p.book, &["build"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read(&ebook).unwrap(), bytes, "the e-book was lost");
    assert!(p.book.join("site/index.html").is_file());
    // Other files of the old site do not survive it.
    std::fs::write(p.book.join("site/stray.html"), "old").unwrap();
    let o = p.run(&p.book, &["build"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(ebook.is_file() && !p.book.join("site/stray.html").exists());
    // `--help` says so (the text is wrapped to the terminal's width).
    let help = p.run(&p.book, &["build", "--help"]);
    let help: Vec<&str> = std::str::from_utf8(&help.stdout)
        .unwrap()
        .split_whitespace()
        .collect();
    let help = help.join(" ");
    assert!(
        help.contains("replaced as a whole, except for its e-books (*.epub), which are kept"),
        "{help}"
    );
}

#[test]
fn forced_e_books_move_a_foreign_e_book_to_the_trash() {
    let p = place();
    let shelf = p.root.join("shelf");
    std::fs::create_dir(&shelf).unwrap();
    std::fs::write(shelf.join("b-en.epub"), "my own e-book").unwrap();
    let o = p.run(
        &p.book,
        &["build", "--only-epub", "-o", "../shelf", "--force"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let at = p.trashed(&shelf.join("b-en.epub"), "b-en.epub");
    assert_eq!(std::fs::read_to_string(at).unwrap(), "my own e-book");
    assert!(std::fs::read(shelf.join("b-en.epub"))
        .unwrap()
        .starts_with(b"PK"));
    assert!(stderr(&o).contains("to the trash"), "{}", stderr(&o));
}

#[test]
fn forced_svg_md_and_import_move_a_foreign_file_to_the_trash() {
    let p = place();
    let w = &p.root;
    // svg --all -o DIR: a file of the user's under the name of a diagram's picture.
    let o = p.run(w, &["svg", "book/book.gobook", "--all", "-o", "pics"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let pics = listing(&w.join("pics"));
    let first = w.join("pics").join(&pics[0]);
    std::fs::write(&first, "my notes").unwrap();
    let o = p.run(w, &["svg", "book/book.gobook", "--all", "-o", "pics"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&first).unwrap(), "my notes");
    let o = p.run(
        w,
        &["svg", "book/book.gobook", "--all", "-o", "pics", "--force"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let at = p.trashed(&first, &pics[0]);
    assert_eq!(std::fs::read_to_string(at).unwrap(), "my notes");
    assert!(std::fs::read_to_string(&first).unwrap().starts_with("<svg"));
    assert!(stderr(&o).contains("to the trash"), "{}", stderr(&o));

    // md -o FILE.
    std::fs::write(
        w.join("post.md"),
        "# Post\n\n```gobook\n::dia sz=9 ab=C3\n```\n",
    )
    .unwrap();
    std::fs::write(w.join("out.md"), "my draft").unwrap();
    let o = p.run(w, &["md", "post.md", "-o", "out.md", "--force"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let at = p.trashed(&w.join("out.md"), "out.md");
    assert_eq!(std::fs::read_to_string(at).unwrap(), "my draft");
    assert!(std::fs::read_to_string(w.join("out.md"))
        .unwrap()
        .contains("<svg"));
    assert!(stderr(&o).contains("to the trash"), "{}", stderr(&o));

    // import -o BOOK.
    std::fs::write(w.join("game.sgf"), "(;GM[1]FF[4]SZ[19];B[pd];W[dp])").unwrap();
    std::fs::write(w.join("game.gobook"), "my notes on the game").unwrap();
    let o = p.run(w, &["import", "game.sgf", "-o", "game.gobook", "--force"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let at = p.trashed(&w.join("game.gobook"), "game.gobook");
    assert_eq!(std::fs::read_to_string(at).unwrap(), "my notes on the game");
    assert!(std::fs::read_to_string(w.join("game.gobook"))
        .unwrap()
        .contains("::go"));
    assert!(stderr(&o).contains("to the trash"), "{}", stderr(&o));
}

#[test]
fn convert_replaces_an_existing_file_only_with_force_and_keeps_it_in_the_trash() {
    let p = place();
    let w = &p.root;
    std::fs::write(w.join("orig.sgf"), "(;GM[1]FF[3]SZ[19];B[pd];W[dp])").unwrap();
    std::fs::write(w.join("mine.xml"), "my own XML").unwrap();
    // Without --force an existing output is left alone.
    let o = p.run(w, &["convert", "orig.sgf", "mine.xml"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("--force"), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(w.join("mine.xml")).unwrap(),
        "my own XML"
    );
    // With it, the old file goes to the trash.
    let o = p.run(w, &["convert", "orig.sgf", "mine.xml", "--force"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let at = p.trashed(&w.join("mine.xml"), "mine.xml");
    assert_eq!(std::fs::read_to_string(at).unwrap(), "my own XML");
    assert!(std::fs::read_to_string(w.join("mine.xml"))
        .unwrap()
        .contains("<Go"));
    assert!(stderr(&o).contains("to the trash"), "{}", stderr(&o));
    // Converting a file onto itself keeps the original in the trash too.
    let o = p.run(w, &["convert", "orig.sgf", "orig.sgf", "--force"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let at = p.trashed(&w.join("orig.sgf"), "orig.sgf");
    assert!(std::fs::read_to_string(at).unwrap().contains("FF[3]"));
    assert!(std::fs::read_to_string(w.join("orig.sgf"))
        .unwrap()
        .contains("FF[4]"));
}
