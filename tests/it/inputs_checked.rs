//! Issue #30, every input checked for what it is: a Markdown include's local images are
//! copied and checked like `::img` ones; `buy_url` must be a web address; a corrupt,
//! mislabelled or scripted image or cover is an error; only regular files of a bounded
//! size are read (a named pipe never hangs a command); move numbers above 2^31 are errors.
//! Every gobook runs in a temporary folder with a fake home folder.

use crate::common;
use crate::epub_build::{assert_epubcheck_clean, PNG};
use std::io::Read;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs gobook in `dir` with a fake home (under `dir/home`), colour off, and kills it
/// after a minute so that a command that hangs fails the test instead of hanging it.
fn gobook(dir: &Path, args: &[&str]) -> Output {
    let home = dir.join("home");
    std::fs::create_dir_all(&home).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_gobook"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("HOME", &home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_CACHE_HOME", home.join("cache"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("gobook {args:?} did not finish within a minute");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The files of an EPUB, by name.
fn epub_file(epub: &Path, name: &str) -> Option<Vec<u8>> {
    let mut zip = zip::ZipArchive::new(std::fs::File::open(epub).unwrap()).unwrap();
    let mut f = zip.by_name(name).ok()?;
    let mut bytes = Vec::new();
    f.read_to_end(&mut bytes).unwrap();
    Some(bytes)
}

#[test]
fn markdown_include_images_are_copied_and_shown_like_img_images() {
    let tmp = common::tempdir();
    let dir = tmp.path();
    std::fs::create_dir(dir.join("img")).unwrap();
    std::fs::write(dir.join("img/pic.png"), PNG).unwrap();
    std::fs::write(
        dir.join("notes.md"),
        "# Notes\n\nA picture: ![A stone](img/pic.png)\n\nFrom the web: ![Far](https://example.org/far.png)\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("b.gobook"),
        "::book(#mdimg) title=\"Pictures\"\n\n::chapter\n\n::h1 Start\n\n::include url=\"notes.md\"\n",
    )
    .unwrap();
    let r = gobook(dir, &["check", "b.gobook"]);
    assert!(r.status.success(), "{}", stderr(&r));
    let r = gobook(dir, &["build", "b.gobook", "-o", "out", "--epub", "-q"]);
    assert!(r.status.success(), "{}", stderr(&r));
    let out = dir.join("out");
    // The site: the image copied where the page finds it, the web image left as it is.
    assert_eq!(std::fs::read(out.join("img/pic.png")).unwrap(), PNG);
    let page = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(
        page.contains(r#"src="img/pic.png""#) && page.contains("https://example.org/far.png"),
        "{page}"
    );
    // The e-book: the image inside it, found from the page in text/.
    let epub = out.join("mdimg-en.epub");
    assert_eq!(epub_file(&epub, "OEBPS/img/pic.png").as_deref(), Some(PNG));
    let opf = String::from_utf8(epub_file(&epub, "OEBPS/content.opf").unwrap()).unwrap();
    assert!(
        opf.contains(r#"href="img/pic.png" media-type="image/png""#),
        "{opf}"
    );
    let xhtml = String::from_utf8(epub_file(&epub, "OEBPS/text/index.xhtml").unwrap()).unwrap();
    assert!(xhtml.contains(r#"src="../img/pic.png""#), "{xhtml}");
    assert_epubcheck_clean(&[epub]);
}

#[test]
fn a_markdown_include_image_that_is_missing_outside_or_corrupt_is_an_error_in_the_markdown() {
    let tmp = common::tempdir();
    let book = tmp.path().join("book");
    std::fs::create_dir(&book).unwrap();
    std::fs::write(tmp.path().join("secret.png"), PNG).unwrap();
    std::fs::write(book.join("text.png"), "not a picture").unwrap();
    std::fs::write(
        book.join("notes.md"),
        "# Notes\n\n![gone](gone.png)\n\n![up](../secret.png) and ![bad](text.png)\n",
    )
    .unwrap();
    std::fs::write(
        book.join("b.gobook"),
        "::book(#b) title=\"T\"\n\n::chapter\n\n::include url=\"notes.md\"\n",
    )
    .unwrap();
    for args in [
        &["check", "book/b.gobook"][..],
        &["build", "book/b.gobook", "-o", "out", "--epub"],
    ] {
        let r = gobook(tmp.path(), args);
        let e = stderr(&r);
        assert_eq!(r.status.code(), Some(1), "{args:?}: {e}");
        assert!(
            e.contains("notes.md:3:9: error: the image `gone.png` does not exist"),
            "{args:?}: {e}"
        );
        if args[0] == "check" {
            assert!(
                e.contains("notes.md:5:7: error: the image `../secret.png` is not a path inside the book's folder")
                    && e.contains("notes.md:5:33: error: the image `text.png` is not a PNG image"),
                "{e}"
            );
        }
    }
    assert!(!tmp.path().join("out").exists());
}

#[test]
fn buy_url_must_be_a_web_address_like_base_url() {
    let tmp = common::tempdir();
    let dir = tmp.path();
    std::fs::write(
        dir.join("b.gobook"),
        "::book(#b) title=\"T\"\n\n::chapter\n\n::buy sku=\"B1\"\n",
    )
    .unwrap();
    for bad in [
        "javascript:alert(1)",
        "data:text/html,x",
        "shop.example.org",
    ] {
        std::fs::write(dir.join("gobook.toml"), format!("buy_url = \"{bad}\"\n")).unwrap();
        for args in [
            &["check", "b.gobook"][..],
            &["build", "b.gobook", "-o", "out"],
        ] {
            let r = gobook(dir, args);
            let e = stderr(&r);
            assert_eq!(r.status.code(), Some(1), "{bad} {args:?}: {e}");
            assert!(
                e.contains(&format!(
                    "gobook.toml: buy_url = \"{bad}\" is not a web address"
                )),
                "{e}"
            );
        }
    }
    assert!(!dir.join("out").exists());
    std::fs::write(
        dir.join("gobook.toml"),
        "buy_url = \"https://shop.example.org/{sku}\"\n",
    )
    .unwrap();
    let r = gobook(dir, &["build", "b.gobook", "-o", "out", "-q"]);
    assert!(r.status.success(), "{}", stderr(&r));
    let page = std::fs::read_to_string(dir.join("out/index.html")).unwrap();
    assert!(page.contains("https://shop.example.org/B1"), "{page}");
}

#[test]
fn corrupt_mislabelled_and_scripted_images_and_covers_are_errors_at_their_name() {
    let tmp = common::tempdir();
    let dir = tmp.path();
    std::fs::write(dir.join("cover.jpg"), "plain text, no JPEG").unwrap();
    std::fs::write(dir.join("photo.png"), b"\xFF\xD8\xFF\xE0 a JPEG named .png").unwrap();
    std::fs::write(
        dir.join("script.svg"),
        r#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#,
    )
    .unwrap();
    std::fs::write(
        dir.join("onload.svg"),
        r#"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>"#,
    )
    .unwrap();
    std::fs::write(
        dir.join("link.svg"),
        r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="javascript:alert(1)"><rect width="9" height="9"/></a></svg>"#,
    )
    .unwrap();
    std::fs::write(dir.join("html.svg"), "<html><body/></html>").unwrap();
    std::fs::write(
        dir.join("good.svg"),
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><rect width="9" height="9"/></svg>"#,
    )
    .unwrap();
    std::fs::write(dir.join("good.png"), PNG).unwrap();
    let text = "::book(#b) title=\"T\" cover=\"cover.jpg\"\n\n::chapter\n\n::img url=\"photo.png\"\n\n::img url=\"script.svg\"\n\n::img url=\"onload.svg\"\n\n::img url=\"link.svg\"\n\n::img url=\"html.svg\"\n\n::img url=\"good.svg\"\n\nAnd inline: <img url=\"good.png\"> <img url=\"photo.png\">.\n";
    std::fs::write(dir.join("b.gobook"), text).unwrap();
    let r = gobook(dir, &["check", "b.gobook"]);
    let e = stderr(&r);
    assert_eq!(r.status.code(), Some(1), "{e}");
    for want in [
        "b.gobook:1:29: error: the image `cover.jpg` is not a JPEG image",
        "b.gobook:5:12: error: the image `photo.png` is named as PNG but holds a JPEG image",
        "b.gobook:7:12: error: the image `script.svg` holds a `<script>` element",
        "b.gobook:9:12: error: the image `onload.svg` has an event attribute `onload`",
        "b.gobook:11:12: error: the image `link.svg` has a `javascript:` address in `href`",
        "b.gobook:13:12: error: the image `html.svg` starts with a `<html>` element",
        "b.gobook:17:44: error: the image `photo.png` is named as PNG but holds a JPEG image",
        "b.gobook: 7 errors",
    ] {
        assert!(e.contains(want), "missing `{want}` in:\n{e}");
    }
    assert!(!e.contains("image `good"), "{e}");
    // A build stops at them too, before writing anything.
    let r = gobook(dir, &["build", "b.gobook", "-o", "out", "--epub"]);
    assert_eq!(r.status.code(), Some(1), "{}", stderr(&r));
    assert!(!dir.join("out").exists());
    // The cover alone, for the e-book only: still an error.
    std::fs::write(
        dir.join("c.gobook"),
        "::book(#c) title=\"T\" cover=\"cover.jpg\"\n\n::chapter\n\nText.\n",
    )
    .unwrap();
    let r = gobook(dir, &["build", "c.gobook", "-o", "out2", "--only-epub"]);
    let e = stderr(&r);
    assert_eq!(r.status.code(), Some(1), "{e}");
    assert!(
        e.contains("c.gobook:1:29: error: the image `cover.jpg` is not a JPEG image"),
        "{e}"
    );
}

#[cfg(unix)]
fn mkfifo(path: &Path) {
    let ok = Command::new("mkfifo").arg(path).status().unwrap().success();
    assert!(ok, "mkfifo {}", path.display());
}

#[cfg(unix)]
#[test]
fn named_pipes_are_refused_without_waiting_on_them_in_every_command() {
    let tmp = common::tempdir();
    let dir = tmp.path();
    std::fs::create_dir(dir.join("problems")).unwrap();
    std::fs::write(dir.join("problems/a.sgf"), "(;SZ[9];B[cc])").unwrap();
    mkfifo(&dir.join("problems/x.sgf"));
    let r = gobook(dir, &["import", "--problems", "problems", "-o", "p.gobook"]);
    let e = stderr(&r);
    assert_eq!(r.status.code(), Some(2), "{e}");
    assert!(
        e.contains("cannot read problems/x.sgf: it is a named pipe (FIFO), not a regular file"),
        "{e}"
    );
    assert!(!dir.join("p.gobook").exists());
    // A pipe as the game or the book itself.
    let r = gobook(dir, &["import", "problems/x.sgf", "-o", "g.gobook"]);
    assert_eq!(r.status.code(), Some(2), "{}", stderr(&r));
    assert!(stderr(&r).contains("named pipe"), "{}", stderr(&r));
    mkfifo(&dir.join("pipe.gobook"));
    let r = gobook(dir, &["check", "pipe.gobook"]);
    assert_eq!(r.status.code(), Some(2), "{}", stderr(&r));
    assert!(stderr(&r).contains("named pipe"), "{}", stderr(&r));
    // A pipe as the settings, an include or an image of a book.
    let book = dir.join("book");
    std::fs::create_dir(&book).unwrap();
    mkfifo(&book.join("notes.md"));
    mkfifo(&book.join("pic.png"));
    std::fs::write(
        book.join("b.gobook"),
        "::book(#b) title=\"T\"\n\n::chapter\n\n::include url=\"notes.md\"\n\n::img url=\"pic.png\"\n",
    )
    .unwrap();
    let r = gobook(dir, &["check", "book/b.gobook"]);
    let e = stderr(&r);
    assert_eq!(r.status.code(), Some(1), "{e}");
    assert!(
        e.contains("b.gobook:5:16: error:") && e.contains("b.gobook:7:12: error:"),
        "{e}"
    );
    mkfifo(&book.join("gobook.toml"));
    let r = gobook(dir, &["build", "book/b.gobook", "-o", "out"]);
    let e = stderr(&r);
    assert_ne!(r.status.code(), Some(0), "{e}");
    assert!(!dir.join("out").exists());
}

#[test]
fn files_over_the_size_limit_are_refused_with_the_limit_named() {
    let tmp = common::tempdir();
    let dir = tmp.path();
    std::fs::create_dir(dir.join("problems")).unwrap();
    // Sparse: 65 MiB on paper, nothing on the disk.
    let big = std::fs::File::create(dir.join("problems/big.sgf")).unwrap();
    big.set_len(65 << 20).unwrap();
    drop(big);
    let r = gobook(dir, &["import", "--problems", "problems", "-o", "p.gobook"]);
    let e = stderr(&r);
    assert_eq!(r.status.code(), Some(2), "{e}");
    assert!(
        e.contains("cannot read problems/big.sgf: it is larger than 64 MiB"),
        "{e}"
    );
    std::fs::copy(dir.join("problems/big.sgf"), dir.join("big.gobook")).unwrap();
    let r = gobook(dir, &["check", "big.gobook"]);
    assert_eq!(r.status.code(), Some(2), "{}", stderr(&r));
    assert!(stderr(&r).contains("larger than 64 MiB"), "{}", stderr(&r));
}

#[test]
fn move_numbers_indents_and_spacing_above_2_31_are_errors_at_the_value() {
    let tmp = common::tempdir();
    let dir = tmp.path();
    let text = "::book(#b) title=\"T\"\n\n::chapter\n\n::go(#g) mv=D4Q16D16\n\n::fig base=g at=4294967296\n\n::fig base=g at=1 to=2147483648\n\n::dia mv=C3 mn=99999999999\n\n::dia mv=C3 mn=2147483647\n\n::p style=block firstIndent=9223372036854775807 spaceBefore=2147483648\n\tTabbed text.\n";
    std::fs::write(dir.join("b.gobook"), text).unwrap();
    let r = gobook(dir, &["check", "b.gobook"]);
    let e = stderr(&r);
    assert_eq!(r.status.code(), Some(1), "{e}");
    for want in [
        "b.gobook:7:17: error: `at` must be from 1 to 2147483647, found `4294967296`",
        "b.gobook:9:22: error: `to` must be from 1 to 2147483647, found `2147483648`",
        "b.gobook:11:16: error: `mn` must be from 1 to 2147483647, found `99999999999`",
        // Indents and spacing went into the layout's sums, which overflowed.
        "b.gobook:15:29: error: `firstIndent` must be from -2147483647 to 2147483647, found `9223372036854775807`",
        "b.gobook:15:61: error: `spaceBefore` must be from 0 to 2147483647, found `2147483648`",
        "b.gobook: 5 errors",
    ] {
        assert!(e.contains(want), "missing `{want}` in:\n{e}");
    }
}
