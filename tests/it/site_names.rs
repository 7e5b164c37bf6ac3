//! Issue #30: the files gobook writes itself never collide with the book's, and every
//! path is written percent-encoded. An image named like one of gobook's files (the
//! script, the style sheet, a page) is an error at the line naming it; chapter IDs that
//! would make a hidden page or take gobook's page names are errors with the fix; images
//! named with `#`, `?`, `%`, a space or non-ASCII letters show on the site and in an
//! e-book epubcheck accepts. Every gobook runs in a temporary folder with a fake home.

use crate::common;
use std::path::PathBuf;
use std::process::{Command, Output};

use crate::epub_build::PNG;

/// A valid SVG drawing.
const SVG: &[u8] = b"<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\"><rect width=\"1\" height=\"1\"/></svg>\n";

/// A book folder in a temporary folder with a fake home beside it.
struct Book {
    dir: tempfile::TempDir,
}

impl Book {
    /// `b/b.gobook` holding `text`, with each of `images` a real image in `b/` (an SVG
    /// drawing when the name ends in `.svg`, else a PNG).
    fn new(text: &str, images: &[&str]) -> Book {
        let dir = common::tempdir();
        let b = dir.path().join("b");
        std::fs::create_dir_all(&b).unwrap();
        std::fs::create_dir_all(dir.path().join("home")).unwrap();
        std::fs::write(b.join("b.gobook"), text).unwrap();
        for img in images {
            let p = b.join(img);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            let bytes: &[u8] = if img.ends_with(".svg") { SVG } else { PNG };
            std::fs::write(p, bytes).unwrap();
        }
        Book { dir }
    }

    fn out(&self) -> PathBuf {
        self.dir.path().join("out")
    }

    /// Runs gobook with `args` in the temporary folder, its home and data folders fake.
    fn gobook(&self, args: &[&str]) -> Output {
        let home = self.dir.path().join("home");
        Command::new(env!("CARGO_BIN_EXE_gobook"))
            .args(args)
            .current_dir(self.dir.path())
            .env("NO_COLOR", "1")
            .env("HOME", &home)
            .env("XDG_DATA_HOME", home.join(".local/share"))
            .env("XDG_CONFIG_HOME", home.join(".config"))
            .env("XDG_CACHE_HOME", home.join(".cache"))
            .output()
            .unwrap()
    }

    fn check(&self) -> Output {
        self.gobook(&["check", "b/b.gobook"])
    }

    fn build(&self, extra: &[&str]) -> Output {
        let mut args = vec!["build", "b/b.gobook", "-o", "out", "-q"];
        args.extend(extra);
        self.gobook(&args)
    }
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Asserts that `o` failed with the content exit code and an error at `place`
/// (`b/b.gobook:LINE:COLUMN`) saying `words`. Other errors may stand at the same place:
/// a script named as an image is also no image.
fn assert_error_at(o: &Output, place: &str, words: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    let here = format!("{place}: error:");
    assert!(
        err.lines()
            .any(|l| l.starts_with(&here) && l.contains(words)),
        "no error at {place} saying {words:?}:\n{err}"
    );
}

#[test]
fn an_image_named_like_gobooks_script_style_sheet_or_title_page_is_an_error_at_its_line() {
    for name in ["gobook.js", "style.css", "index.html"] {
        let text = format!(
            "::book(#b) title=\"T\"\n\n::chapter\n\n::p Hi\n\n::img url=\"{name}\"\n\n::chapter(#two)\n\n::p Two\n"
        );
        let b = Book::new(&text, &[name]);
        let place = "b/b.gobook:7:12";
        assert_error_at(
            &b.check(),
            place,
            &format!("the image `{name}` would replace"),
        );
        let built = b.build(&[]);
        assert_error_at(&built, place, "gobook writes into the site");
        assert!(!b.out().exists(), "{name}: nothing was written");
    }
}

#[test]
fn an_inline_image_or_a_case_variant_collides_too() {
    let b = Book::new(
        "::book(#b) title=\"T\"\n\n::chapter\n\n::p See <img url=\"GoBook.JS\"> here\n",
        &["GoBook.JS"],
    );
    assert_error_at(&b.check(), "b/b.gobook:5:19", "only in case");
    assert_error_at(&b.build(&[]), "b/b.gobook:5:19", "the page script");
}

#[test]
fn an_image_named_like_a_chapters_page_or_in_its_place_is_an_error() {
    // A site of one language: the page of chapter `ch1` is `ch1.html`.
    let b = Book::new(
        "::book(#b) title=\"T\"\n\n::chapter\n\n::p Hi\n\n::chapter(#ch1)\n\n::img url=\"ch1.html\"\n",
        &["ch1.html"],
    );
    assert_error_at(&b.check(), "b/b.gobook:9:12", "the page of chapter `ch1`");
    assert_error_at(
        &b.build(&[]),
        "b/b.gobook:9:12",
        "the page of chapter `ch1`",
    );
    // A site of two languages has a folder per language: an image may not be one,
    // nor replace a page in one.
    let b = Book::new(
        "::book_en_de(#b) title=\"T\"\n\n::chapter\n\n::img url=\"de\"\n\n::img url=\"en/index.html\"\n\n::img url=\"en/pic.png\"\n",
        &["de", "en/index.html", "en/pic.png"],
    );
    let checked = b.check();
    assert_error_at(
        &checked,
        "b/b.gobook:5:12",
        "`de/index.html`, the title page in `de`",
    );
    assert_error_at(&checked, "b/b.gobook:7:12", "the title page in `en`");
    assert!(
        !stderr(&checked).contains("en/pic.png"),
        "beside a page is fine"
    );
    assert_error_at(&b.build(&[]), "b/b.gobook:5:12", "cannot share the path");
}

#[test]
fn an_image_named_like_a_file_of_the_e_book_stops_the_e_book_at_its_line() {
    let b = Book::new(
        "::book(#b) title=\"T\"\n\n::chapter\n\n::p Hi\n\n::img url=\"gobook-cover.svg\"\n",
        &["gobook-cover.svg"],
    );
    assert_error_at(
        &b.check(),
        "b/b.gobook:7:12",
        "the drawn cover gobook writes into the e-book",
    );
    assert_error_at(&b.build(&["--epub"]), "b/b.gobook:7:12", "into the e-book");
}

#[test]
fn chapter_ids_that_make_a_hidden_page_or_take_gobooks_page_names_are_errors_with_the_fix() {
    for (id, fix) in [
        (".hidden", "(#hidden)"),
        ("index", "(#index-page)"),
        ("Contents", "(#table-of-contents)"),
    ] {
        let b = Book::new(
            &format!(
                "::book(#b) title=\"T\"\n\n::chapter\n\n::p Hi\n\n::chapter(#{id})\n\n::p Two\n"
            ),
            &[],
        );
        assert_error_at(&b.check(), "b/b.gobook:7:12", fix);
        assert_error_at(&b.build(&[]), "b/b.gobook:7:12", "rename");
        assert!(!b.out().exists(), "{id}: nothing was written");
    }
}

#[test]
fn the_specs_contents_chapter_is_the_table_of_contents() {
    // The spec's `(#contents)` is the book's own table of contents (docs/format.md):
    // its page takes the place of the generated one, with nothing lost.
    let b = Book::new(
        "::book(#b) title=\"T\"\n\n::chapter\n\n::p Hi\n\n::chapter(#contents)\n\n::p <a href=two>Two</a>\n\n::chapter(#two)\n\n::p Two\n",
        &[],
    );
    let checked = b.check();
    assert_eq!(checked.status.code(), Some(0), "{}", stderr(&checked));
    let built = b.build(&[]);
    assert!(built.status.success(), "{}", stderr(&built));
    let contents = std::fs::read_to_string(b.out().join("contents.html")).unwrap();
    assert!(contents.contains("href=\"two.html\""), "{contents}");
    assert!(!b.out().join("toc.html").exists());
}

/// The local `src` and `href` references of an HTML or XHTML file.
fn local_references(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    for attr in [" src=\"", " href=\""] {
        for (at, _) in html.match_indices(attr) {
            let rest = &html[at + attr.len()..];
            let value = &rest[..rest.find('"').unwrap()];
            if !value.is_empty() && !value.starts_with('#') && !value.contains("://") {
                out.push(value.to_string());
            }
        }
    }
    out
}

#[test]
fn images_named_with_hash_question_mark_percent_space_or_accents_show_on_the_site_and_in_the_e_book(
) {
    let images = [
        "a b.png",
        "x#1.png",
        "q?.png",
        "100%.png",
        "über.png",
        "sub dir/c&d.png",
    ];
    let mut text = String::from("::book(#b) title=\"T\"\n\n::chapter\n\n::p Hi\n");
    for img in &images[..4] {
        text.push_str(&format!("\n::img url=\"{img}\"\n"));
    }
    text.push_str("\n::chapter(#two)\n\n::p An <img url=\"über.png\"> inline\n\n::img url=\"sub dir/c&d.png\"\n");
    let b = Book::new(&text, &images);
    let checked = b.check();
    assert_eq!(checked.status.code(), Some(0), "{}", stderr(&checked));
    let built = b.build(&["--epub"]);
    assert!(built.status.success(), "{}", stderr(&built));
    let out = b.out();
    let mut shown = Vec::new();
    for page in ["index.html", "two.html", "contents.html"] {
        let html = std::fs::read_to_string(out.join(page)).unwrap();
        for r in local_references(&html) {
            // The written reference, decoded as a browser does, is the file on disk.
            let raw = r.replace("&amp;", "&");
            assert!(
                !raw.contains(' ') && !raw.contains('?'),
                "{page}: `{r}` is not encoded"
            );
            let path = raw.split('#').next().unwrap();
            let decoded = percent_encoding::percent_decode_str(path)
                .decode_utf8()
                .unwrap()
                .into_owned();
            assert!(
                out.join(&decoded).is_file(),
                "{page}: `{r}` leads to no file"
            );
            shown.push(decoded);
        }
    }
    for img in images {
        assert!(shown.iter().any(|s| s == img), "{img} is shown: {shown:?}");
        assert_eq!(
            std::fs::read(out.join(img)).unwrap(),
            PNG,
            "{img} keeps its name"
        );
    }
    let epub = out.join("b-en.epub");
    assert!(epub.is_file());
    crate::epub_build::assert_epubcheck_clean(&[epub]);
}
