//! Issue #17, the files gobook reads: includes, the cover, themes and extra CSS stay
//! inside the book's folder as images do; `gobook check` reports every file problem a
//! build stops on, at its place; Markdown links go by the book's link rule; and the
//! EPUB never makes an image URL into a link. End to end, through the command line.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::epub_build::PNG;

/// A value put into gobook's environment: it must never reach anything gobook writes.
const SECRET: &str = "gobook-secret-7d1f3c";

fn gobook(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gobook"))
        .args(args)
        .env("NO_COLOR", "1")
        .env("GOBOOK_TEST_SECRET", SECRET)
        .output()
        .unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A temporary folder holding a `book` folder with `b.gobook` of `text`; returns both.
fn book(text: &str) -> (tempfile::TempDir, PathBuf) {
    let t = tempfile::tempdir().unwrap();
    let dir = t.path().join("book");
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(dir.join("b.gobook"), text).unwrap();
    (t, dir)
}

fn check(dir: &Path) -> Output {
    gobook(&["check", dir.join("b.gobook").to_str().unwrap()])
}

fn build(dir: &Path, extra: &[&str]) -> Output {
    let book = dir.join("b.gobook");
    let out = dir.join("site");
    let mut args = vec!["build", book.to_str().unwrap(), "-o", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    gobook(&args)
}

/// Every file under `dir`, read.
fn all_files(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                todo.push(p);
            } else {
                out.push((p.clone(), std::fs::read(&p).unwrap()));
            }
        }
    }
    out
}

fn contains(hay: &[u8], needle: &str) -> bool {
    hay.windows(needle.len()).any(|w| w == needle.as_bytes())
}

/// The environment is never published through an include that links to it: build and
/// check both stop at the include's line, and nothing written holds the environment.
#[test]
fn an_include_linking_to_the_process_environment_is_refused() {
    for name in ["env.md", "env.gobook"] {
        let (_t, dir) = book(&format!(
            "::book(#b)\n\n::chapter\n\n::h1 Notes\n\n\n::include url=\"{name}\"\n"
        ));
        std::os::unix::fs::symlink("/proc/self/environ", dir.join(name)).unwrap();

        let r = build(&dir, &[]);
        assert_eq!(r.status.code(), Some(1), "{}", stderr(&r));
        let err = stderr(&r);
        assert!(
            err.contains(&format!(
                "b.gobook:8:16: error: the included file `{name}` is a link to /proc/"
            )),
            "{err}"
        );
        assert!(err.contains("outside the book's folder"), "{err}");
        assert!(!err.contains(SECRET), "{err}");
        assert!(!dir.join("site").exists(), "a site was written");
        for (p, bytes) in all_files(dir.parent().unwrap()) {
            assert!(
                !contains(&bytes, SECRET),
                "{} holds the environment",
                p.display()
            );
        }

        let c = check(&dir);
        assert_eq!(c.status.code(), Some(1), "{}", stderr(&c));
        assert!(
            stderr(&c).contains(&format!(
                "b.gobook:8:16: error: the included file `{name}` is a link to /proc/"
            )),
            "{}",
            stderr(&c)
        );

        let e = build(&dir, &["--only-epub"]);
        assert_eq!(e.status.code(), Some(1), "{}", stderr(&e));
        assert!(
            stderr(&e).contains("b.gobook:8:16: error"),
            "{}",
            stderr(&e)
        );
    }
}

/// Includes by `..` or an absolute path are refused as outside, not looked up as missing.
#[test]
fn includes_by_path_out_of_the_folder_are_refused() {
    for url in ["../outside.md", "/etc/hostname"] {
        let (t, dir) = book(&format!(
            "::book(#b)\n\n::chapter\n\n\n::include url=\"{url}\"\n"
        ));
        std::fs::write(t.path().join("outside.md"), "OUTSIDE").unwrap();
        for r in [build(&dir, &[]), check(&dir)] {
            assert_eq!(r.status.code(), Some(1), "{}", stderr(&r));
            assert!(stderr(&r).contains(&format!("b.gobook:6:16: error: the included file `{url}` is not a path inside the book's folder")), "{}", stderr(&r));
        }
    }
}

/// `gobook check` finds every file problem the build stops on, each at its place,
/// and exits 1; with the files fixed, both pass.
#[test]
fn check_reports_every_file_problem_a_build_stops_on() {
    let text = "::book(#b) cover=\"front.png\"\n\n::chapter\n\n::h1 Start\n\n::img url=\"missing.png\"\n\n::img url=\"../outside.png\"\n\n::p See <img url=\"link.png\"></img> here.\n\n\n::include url=\"nope.md\"\n\n\n::include url=\"part.gobook\"\n";
    let (t, dir) = book(text);
    std::fs::write(t.path().join("outside.png"), PNG).unwrap();
    std::os::unix::fs::symlink(t.path().join("outside.png"), dir.join("link.png")).unwrap();
    std::fs::write(
        dir.join("part.gobook"),
        "::h1 Part\n\n::img url=\"part-missing.png\"\n\n\n::include url=\"about.gobook\"\n",
    )
    .unwrap();

    let c = check(&dir);
    assert_eq!(c.status.code(), Some(1), "{}", stderr(&c));
    let err = stderr(&c);
    for expected in [
        "b.gobook:1:19: warning: the cover image `front.png` does not exist",
        "b.gobook:7:12: error: the image `missing.png` does not exist",
        "b.gobook:9:12: error: the image `../outside.png` is not a path inside the book's folder",
        "b.gobook:11:19: error: the image `link.png` is a link to ",
        "b.gobook:14:16: error: the included file `nope.md` was not found",
        "part.gobook:3:12: error: the image `part-missing.png` does not exist",
        "part.gobook:6:16: error: includes cannot be nested; include `about.gobook` from the book itself",
        "b.gobook: 6 errors and 1 warning",
    ] {
        assert!(err.contains(expected), "missing `{expected}` in:\n{err}");
    }
    // JSON names the file of each problem.
    let j = gobook(&[
        "check",
        "--format",
        "json",
        dir.join("b.gobook").to_str().unwrap(),
    ]);
    assert_eq!(j.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&j.stdout).unwrap();
    let codes: Vec<(String, String)> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["file"]
                    .as_str()
                    .unwrap()
                    .rsplit('/')
                    .next()
                    .unwrap()
                    .to_string(),
                d["code"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert!(
        codes.contains(&("part.gobook".into(), "nested-include".into())),
        "{codes:?}"
    );
    assert!(
        codes.contains(&("b.gobook".into(), "missing-cover".into())),
        "{codes:?}"
    );

    // The build stops on the same problems (the book's first, one file at a time).
    let b = build(&dir, &["--epub"]);
    assert_eq!(b.status.code(), Some(1), "{}", stderr(&b));
    assert!(
        stderr(&b).contains("b.gobook:14:16: error: the included file `nope.md` was not found"),
        "{}",
        stderr(&b)
    );

    // Fix them one file at a time: the build then stops at the next, until all pass.
    std::fs::write(
        dir.join("b.gobook"),
        text.replace("missing.png", "pic.png")
            .replace("../outside.png", "pic.png")
            .replace("link.png", "pic.png")
            .replace("nope.md", "notes.md"),
    )
    .unwrap();
    std::fs::write(dir.join("pic.png"), PNG).unwrap();
    std::fs::write(dir.join("notes.md"), "Notes").unwrap();
    let b = build(&dir, &[]);
    assert_eq!(b.status.code(), Some(1));
    assert!(
        stderr(&b).contains("part.gobook:6:16: error: includes cannot be nested"),
        "{}",
        stderr(&b)
    );
    std::fs::write(
        dir.join("part.gobook"),
        "::h1 Part\n\n::img url=\"part.png\"\n",
    )
    .unwrap();
    std::fs::write(dir.join("part.png"), PNG).unwrap();
    // The site does not show the cover: only the e-book needs it, and check warns; the
    // e-book draws a cover from the title instead.
    let b = build(&dir, &[]);
    assert_eq!(b.status.code(), Some(0), "{}", stderr(&b));
    assert!(
        dir.join("site/part.png").is_file(),
        "an included file's image is copied with the site"
    );
    let c = check(&dir);
    assert_eq!(c.status.code(), Some(0));
    assert!(
        stderr(&c).contains("b.gobook:1:19: warning: the cover image `front.png` does not exist"),
        "{}",
        stderr(&c)
    );
    let e = build(&dir, &["--only-epub"]);
    assert_eq!(e.status.code(), Some(0), "{}", stderr(&e));
    std::fs::write(dir.join("front.png"), PNG).unwrap();
    let c = check(&dir);
    assert_eq!(c.status.code(), Some(0), "{}", stderr(&c));
    let e = build(&dir, &["--only-epub"]);
    assert_eq!(e.status.code(), Some(0), "{}", stderr(&e));
}

/// A cover that is a link out of the book's folder is refused at the `cover` value.
#[test]
fn a_cover_linked_from_outside_the_book_is_refused() {
    let (t, dir) =
        book("::book(#b)\ntitle=\"T\"\ncover_en=\"front.png\"\n\n::chapter\n\n::h1 Start\n");
    std::fs::write(t.path().join("private.png"), PNG).unwrap();
    std::os::unix::fs::symlink(t.path().join("private.png"), dir.join("front.png")).unwrap();
    for r in [check(&dir), build(&dir, &["--only-epub"])] {
        assert_eq!(r.status.code(), Some(1), "{}", stderr(&r));
        assert!(
            stderr(&r).contains("b.gobook:3:11: error: the cover image `front.png` is a link to "),
            "{}",
            stderr(&r)
        );
    }
    assert!(!dir.join("site/b-en.epub").exists());
}

/// Themes: the built-in default, a folder beside the book and one under its `themes/`
/// are fine; a theme folder (or a theme file) that links out of the book's folder, or a
/// path out of it, is an error naming gobook.toml and the setting.
#[test]
fn themes_stay_inside_the_book() {
    let (t, dir) = book("::book(#b)\n\n::chapter\n\n::h1 Start\n");
    std::fs::create_dir_all(dir.join("mine")).unwrap();
    std::fs::write(dir.join("mine/style.css"), ".mine-beside{color:red}").unwrap();
    std::fs::create_dir_all(dir.join("themes/shelf")).unwrap();
    std::fs::write(dir.join("themes/shelf/style.css"), ".mine-shelf{color:red}").unwrap();
    std::fs::create_dir_all(t.path().join("elsewhere")).unwrap();
    std::fs::write(
        t.path().join("elsewhere/style.css"),
        ".outside-theme{color:red}",
    )
    .unwrap();
    std::os::unix::fs::symlink(t.path().join("elsewhere"), dir.join("linked")).unwrap();
    std::fs::create_dir_all(dir.join("half")).unwrap();
    std::os::unix::fs::symlink(
        t.path().join("elsewhere/style.css"),
        dir.join("half/style.css"),
    )
    .unwrap();
    std::fs::create_dir_all(dir.join("js")).unwrap();
    std::fs::write(dir.join("js/style.css"), ".js{color:red}").unwrap();
    std::os::unix::fs::symlink("/proc/self/environ", dir.join("js/gobook.js")).unwrap();

    for (theme, marker) in [
        ("default", ".gb-main"),
        ("mine", ".mine-beside"),
        ("shelf", ".mine-shelf"),
    ] {
        std::fs::write(dir.join("gobook.toml"), format!("theme = \"{theme}\"\n")).unwrap();
        let r = build(&dir, &[]);
        assert_eq!(r.status.code(), Some(0), "{theme}: {}", stderr(&r));
        let css = std::fs::read_to_string(dir.join("site/style.css")).unwrap();
        assert!(css.contains(marker), "{theme}: {css}");
        assert_eq!(check(&dir).status.code(), Some(0), "{theme}");
    }
    for (theme, says) in [
        ("linked", "the theme folder `linked` is a link to "),
        ("half", "the theme file `half/style.css` is a link to "),
        ("js", "the theme file `js/gobook.js` is a link to "),
        (
            "../elsewhere",
            "the theme folder `../elsewhere` is not a path inside the book's folder",
        ),
    ] {
        std::fs::write(dir.join("gobook.toml"), format!("theme = \"{theme}\"\n")).unwrap();
        for r in [build(&dir, &[]), build(&dir, &["--only-epub"]), check(&dir)] {
            assert_eq!(
                r.status.code().map(|c| c != 0),
                Some(true),
                "{theme}: {}",
                stderr(&r)
            );
            let err = stderr(&r);
            assert!(
                err.contains(&format!("gobook.toml: `theme = \"{theme}\"`: {says}")),
                "{theme}: {err}"
            );
            assert!(!err.contains(SECRET));
        }
        let css = std::fs::read_to_string(dir.join("site/style.css")).unwrap();
        assert!(
            !css.contains("outside-theme"),
            "{theme}: the previous site was replaced"
        );
    }
}

/// Extra style sheets, and what they `@import`, stay inside the book's folder too.
#[test]
fn extra_css_and_its_imports_stay_inside_the_book() {
    let (t, dir) = book("::book(#b)\n\n::chapter\n\n::h1 Start\n");
    std::fs::write(t.path().join("outside.css"), ".outside-css{color:red}").unwrap();
    std::fs::write(dir.join("extra.css"), ".extra{color:blue}").unwrap();
    std::fs::create_dir(dir.join("css")).unwrap();
    std::fs::write(dir.join("css/part.css"), ".part{color:green}").unwrap();
    std::fs::write(
        dir.join("css/main.css"),
        "@import \"part.css\";\n.main{color:blue}",
    )
    .unwrap();
    std::os::unix::fs::symlink(t.path().join("outside.css"), dir.join("linked.css")).unwrap();
    std::fs::write(
        dir.join("climbs.css"),
        "@import \"../outside.css\";\n.climbs{color:blue}",
    )
    .unwrap();
    std::fs::write(
        dir.join("via-link.css"),
        "@import \"linked.css\";\n.via{color:blue}",
    )
    .unwrap();

    std::fs::write(
        dir.join("gobook.toml"),
        "extra_css = [\"extra.css\", \"css/main.css\"]\n",
    )
    .unwrap();
    let r = build(&dir, &[]);
    assert_eq!(r.status.code(), Some(0), "{}", stderr(&r));
    let css = std::fs::read_to_string(dir.join("site/style.css")).unwrap();
    assert!(
        css.contains(".extra") && css.contains(".part") && css.contains(".main"),
        "{css}"
    );

    for (setting, says) in [
        ("../outside.css", "gobook.toml: `extra_css`: the style sheet `../outside.css` is not a path inside the book's folder"),
        ("linked.css", "gobook.toml: `extra_css`: the style sheet `linked.css` is a link to "),
        ("climbs.css", "`@import \"../outside.css\"` in "),
        ("via-link.css", "`@import \"linked.css\"` in "),
    ] {
        std::fs::write(dir.join("gobook.toml"), format!("extra_css = [\"{setting}\"]\n")).unwrap();
        for r in [build(&dir, &[]), check(&dir)] {
            assert_ne!(r.status.code(), Some(0), "{setting}");
            let err = stderr(&r);
            assert!(err.contains(says), "{setting}: {err}");
        }
        let css = std::fs::read_to_string(dir.join("site/style.css")).unwrap();
        assert!(!css.contains("outside-css"), "{setting}: {css}");
    }
}

/// Links and images that reach the page through a Markdown include go by the book's
/// link rule: no live `javascript:`, `data:` or `vbscript:` URL in the site or the e-book.
#[test]
fn markdown_links_follow_the_books_link_rule() {
    let (_t, dir) = book("::book(#b)\n\n::chapter\n\n::h1 Start\n\n\n::include url=\"notes.md\"\n");
    std::fs::write(
        dir.join("notes.md"),
        "# Notes\n\n[site](https://example.org) [js](javascript:alert(1)) [JS](JavaScript:alert(2)) [data](data:text/html;base64,PHNjcmlwdD4=) \
         [vb](vbscript:msgbox) <javascript:alert(3)> [ref][r]\n\n![img](javascript:alert(4)) ![svg](data:image/svg+xml,x)\n\n[r]: javascript:alert(5)\n",
    )
    .unwrap();
    let r = build(&dir, &["--epub"]);
    assert_eq!(r.status.code(), Some(0), "{}", stderr(&r));
    let mut pages: Vec<String> =
        vec![std::fs::read_to_string(dir.join("site/index.html")).unwrap()];
    let mut z =
        zip::ZipArchive::new(std::fs::File::open(dir.join("site/b-en.epub")).unwrap()).unwrap();
    for i in 0..z.len() {
        let mut f = z.by_index(i).unwrap();
        if f.name().ends_with(".xhtml") {
            let mut s = String::new();
            f.read_to_string(&mut s).unwrap();
            pages.push(s);
        }
    }
    let site = &pages[0];
    assert!(
        site.contains(r#"<a href="https://example.org">site</a>"#),
        "{site}"
    );
    assert!(
        site.contains(r#"<span class="gb-link-disabled" title="not available">js</span>"#),
        "{site}"
    );
    for page in &pages {
        let lower = page.to_ascii_lowercase();
        for scheme in ["javascript:", "data:", "vbscript:"] {
            assert!(
                !lower.contains(&format!("href=\"{scheme}"))
                    && !lower.contains(&format!("src=\"{scheme}")),
                "a live {scheme} URL in:\n{page}"
            );
        }
    }
}

/// The EPUB holds the book's own images and shows web images as their description:
/// no image URL, whatever its scheme, becomes a link.
#[test]
fn the_epub_never_makes_an_image_url_into_a_link() {
    let (_t, dir) = book(
        "::book(#b) title=\"Pictures\"\n\n::chapter\n\n::h1 Start\n\n::img url=\"pic.png\" ca=\"Local\"\n\n::img url=\"https://example.org/web.png\" ca=\"Web\"\n\n\
         ::img url=\"javascript:alert(1)\" ca=\"Script\"\n\n::img url=\"data:image/png;base64,AAAA\"\n\n::p Inline <img url=\"vbscript:x\"></img> and <img url=\"http://example.org/i.png\"></img>.\n",
    );
    std::fs::write(dir.join("pic.png"), PNG).unwrap();
    let r = build(&dir, &["--only-epub"]);
    assert_eq!(r.status.code(), Some(0), "{}", stderr(&r));
    let mut z =
        zip::ZipArchive::new(std::fs::File::open(dir.join("site/b-en.epub")).unwrap()).unwrap();
    let mut xhtml = String::new();
    for i in 0..z.len() {
        let mut f = z.by_index(i).unwrap();
        if f.name().ends_with(".xhtml") {
            f.read_to_string(&mut xhtml).unwrap();
        }
    }
    assert!(
        xhtml.contains(r#"<img src="../pic.png" alt="Local"/>"#),
        "{xhtml}"
    );
    assert!(
        xhtml.contains(r#"<span class="gb-remote-img">Web</span>"#),
        "{xhtml}"
    );
    for url in [
        "https://example.org/web.png",
        "javascript:alert(1)",
        "data:image/png;base64,AAAA",
        "vbscript:x",
        "http://example.org/i.png",
    ] {
        assert!(
            !xhtml.contains(&format!("href=\"{url}\"")),
            "{url} became a link:\n{xhtml}"
        );
        assert!(
            !xhtml.contains(&format!("src=\"{url}\"")),
            "{url} is shown from outside the e-book:\n{xhtml}"
        );
    }
}
