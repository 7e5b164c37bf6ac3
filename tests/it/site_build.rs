//! `gobook build` end to end: links resolve, languages stay apart, text is escaped,
//! and a failed build leaves the previous site as it was.

use crate::common::{self, gobook};

use std::path::{Path, PathBuf};
use std::process::Output;

fn build(book: &Path, out: &Path) -> Output {
    gobook(&["build", book.to_str().unwrap(), "-o", out.to_str().unwrap()])
}

fn html_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "html") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Values of `attr="..."` in an HTML text.
fn attr_values(html: &str, attr: &str) -> Vec<String> {
    let needle = format!(" {attr}=\"");
    html.match_indices(&needle)
        .filter_map(|(i, _)| {
            let rest = &html[i + needle.len()..];
            rest.find('"').map(|e| rest[..e].replace("&amp;", "&"))
        })
        .collect()
}

/// Checks every relative href and src of every page: the file exists (whatever its query),
/// and a #fragment names an id in it.
fn check_links(site: &Path) -> usize {
    let mut checked = 0;
    for page in html_files(site) {
        let html = std::fs::read_to_string(&page).unwrap();
        let dir = page.parent().unwrap();
        let mut targets = attr_values(&html, "href");
        targets.extend(attr_values(&html, "src"));
        for t in targets {
            if t.starts_with("http://") || t.starts_with("https://") || t.starts_with("mailto:") {
                continue;
            }
            assert!(
                !t.starts_with('/'),
                "{}: absolute link {t}; links must be relative",
                page.display()
            );
            let (file, frag) = match t.split_once('#') {
                Some((f, fr)) => (f, Some(fr)),
                None => (t.as_str(), None),
            };
            // A query (the shared list's `?v=`) names no other file.
            let file = file.split_once('?').map_or(file, |(f, _)| f);
            let target = if file.is_empty() {
                page.clone()
            } else {
                dir.join(file)
            };
            assert!(target.is_file(), "{}: broken link {t}", page.display());
            if let Some(fr) = frag {
                let text = std::fs::read_to_string(&target).unwrap();
                assert!(
                    text.contains(&format!("id=\"{fr}\"")),
                    "{}: no id {fr} in {}",
                    page.display(),
                    target.display()
                );
            }
            checked += 1;
        }
    }
    checked
}

#[test]
fn the_example_builds_with_every_link_resolving() {
    let tmp = common::tempdir();
    let out = tmp.path().join("site");
    let r = build(&common::root().join("examples/ear-reddening"), &out);
    assert_eq!(
        r.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(
        err.contains("Built") && err.contains(": 8 pages, 9 diagrams, 2 languages"),
        "{err}"
    );
    for f in [
        "index.html",
        "style.css",
        "en/index.html",
        "en/contents.html",
        "en/game.html",
        "en/problems.html",
        "de/game.html",
    ] {
        assert!(out.join(f).is_file(), "{f} missing");
    }
    assert!(check_links(&out) > 40);
    // Every diagram of the game chapter is inline SVG.
    let game = std::fs::read_to_string(out.join("en/game.html")).unwrap();
    // Five diagrams and one inline diagram (of the English paragraph).
    assert_eq!(
        game.matches("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"gb\"")
            .count(),
        6
    );
    assert!(game.contains("<figcaption>"));
}

#[test]
fn each_language_shows_its_own_text() {
    let tmp = common::tempdir();
    let out = tmp.path().join("site");
    build(&common::root().join("examples/ear-reddening"), &out);
    let en = std::fs::read_to_string(out.join("en/game.html")).unwrap();
    let de = std::fs::read_to_string(out.join("de/game.html")).unwrap();
    assert!(en.contains("Black opens with two komoku") && !en.contains("Schwarz eröffnet"));
    assert!(de.contains("Schwarz eröffnet") && !de.contains("Black opens with two komoku"));
    assert!(en.contains("<html lang=\"en\">") && de.contains("<html lang=\"de\">"));
    assert!(en.contains("Moves 1–50") && de.contains("Züge 1–50"));
    // The language switcher leads to the same chapter.
    assert!(en.contains("href=\"../de/game.html\""));
    let root = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(root.contains("href=\"en/index.html\"") && root.contains("href=\"de/index.html\""));
}

#[test]
fn a_single_language_book_is_written_at_the_root() {
    let tmp = common::tempdir();
    let dir = tmp.path();
    std::fs::write(dir.join("b.gobook"), "::book(#b) title=\"One\"\n\n::chapter\n\n::h1 One\n\n::chapter(#two)\n\n::h2 Two\n\n::dia mv=D4\n\nText.\n").unwrap();
    let out = dir.join("out");
    let r = build(&dir.join("b.gobook"), &out);
    assert_eq!(
        r.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    assert!(
        out.join("index.html").is_file()
            && out.join("two.html").is_file()
            && out.join("contents.html").is_file()
    );
    assert!(!out.join("en").exists());
    check_links(&out);
    let toc = std::fs::read_to_string(out.join("contents.html")).unwrap();
    assert!(
        toc.contains("<a href=\"two.html\">Two</a>"),
        "generated contents lists the chapters"
    );
}

#[test]
fn hostile_text_is_escaped() {
    let tmp = common::tempdir();
    let dir = tmp.path();
    let evil = "<script>alert(1)</script>";
    // The `<img>` below has no url, so it shows the book's cover (the spec's default).
    std::fs::write(dir.join("b_cover.jpg"), crate::epub_build::JPEG).unwrap();
    std::fs::write(
        dir.join("b.gobook"),
        format!(
            "::book(#b) title=\"{e}\"\n\n::chapter\n\n::h1 {e}\n\n::dia mv=D4 ca=\"{e}\"\n\nA \"quote\" & {e} <img src=x onerror=alert(1)>\n\n::p href=\"javascript:alert(1)\" Click\n",
            e = evil.replace('"', "\\\"")
        ),
    )
    .unwrap();
    let out = dir.join("out");
    let r = build(&dir.join("b.gobook"), &out);
    assert_eq!(
        r.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    for page in html_files(&out) {
        let html = std::fs::read_to_string(&page).unwrap();
        assert!(
            !html.contains("<script>alert"),
            "{}: unescaped script",
            page.display()
        );
        assert!(
            !html.contains("<img src=x"),
            "{}: unescaped tag",
            page.display()
        );
        assert!(
            !html.contains("javascript:"),
            "{}: javascript link",
            page.display()
        );
        assert!(html.contains("&lt;script&gt;"));
    }
}

#[test]
fn a_failed_build_leaves_the_previous_site() {
    let tmp = common::tempdir();
    let dir = tmp.path();
    let book = dir.join("b.gobook");
    std::fs::write(&book, "::book(#b)\n\n::chapter\n\nGood text.\n").unwrap();
    let out = dir.join("out");
    assert_eq!(build(&book, &out).status.code(), Some(0));
    let before = std::fs::read_to_string(out.join("index.html")).unwrap();
    std::fs::write(
        &book,
        "::book(#b)\n\n::chapter\n\nNew text.\n\n::dia sz=9 ab=Z9\n",
    )
    .unwrap();
    let r = build(&book, &out);
    assert_eq!(r.status.code(), Some(1));
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(
        err.contains("b.gobook:7:15: error") && err.contains("previous one"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(out.join("index.html")).unwrap(),
        before
    );
    let leftovers: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .filter(|n| n.to_string_lossy().contains("gobook-"))
        .collect();
    assert!(
        leftovers.is_empty(),
        "temporary folders left: {leftovers:?}"
    );
    // A missing image or include fails the same way.
    std::fs::write(
        &book,
        "::book(#b)\n\n::chapter\n\n::img url=\"missing.png\"\n",
    )
    .unwrap();
    let r = build(&book, &out);
    assert_eq!(r.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&r.stderr).contains("the image `missing.png` does not exist"));
    // Found after the pages were written into the staging folder, which goes again.
    assert_eq!(
        std::fs::read_to_string(out.join("index.html")).unwrap(),
        before
    );
    let leftovers: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .filter(|n| n.to_string_lossy().contains("gobook-"))
        .collect();
    assert!(
        leftovers.is_empty(),
        "temporary folders left after a missing image: {leftovers:?}"
    );
    std::fs::write(
        &book,
        "::book(#b)\n\n::chapter\n\n\n::include url=\"nope.md\"\n",
    )
    .unwrap();
    let r = build(&book, &out);
    assert_eq!(r.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&r.stderr)
            .contains("b.gobook:6:16: error: the included file `nope.md` was not found"),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(out.join("index.html")).unwrap(),
        before
    );
}

#[test]
fn images_and_includes_are_brought_along() {
    let tmp = common::tempdir();
    let dir = tmp.path();
    std::fs::create_dir_all(dir.join("img")).unwrap();
    std::fs::write(dir.join("img/cover.png"), crate::epub_build::PNG).unwrap();
    std::fs::write(dir.join("preface.md"), "# Preface\n\nSome *Markdown*.\n").unwrap();
    std::fs::write(
        dir.join("b.gobook"),
        "::book(#b)\n\n::chapter\n\n::img url=\"img/cover.png\" ca=\"Cover\"\n\n\n::include url=\"preface.md\"\n\n\n::include url=\"about.gobook\"\n",
    )
    .unwrap();
    let out = dir.join("out");
    let r = build(&dir.join("b.gobook"), &out);
    assert_eq!(
        r.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    assert!(out.join("img/cover.png").is_file());
    let index = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(index.contains("<h1>Preface</h1>") && index.contains("<em>Markdown</em>"));
    assert!(index.contains("About this book"));
    check_links(&out);
}

#[test]
#[cfg(unix)]
fn an_image_linked_from_outside_the_book_is_refused() {
    let tmp = common::tempdir();
    let dir = tmp.path();
    let book_dir = dir.join("book");
    std::fs::create_dir_all(&book_dir).unwrap();
    std::fs::write(dir.join("private.png"), b"PRIVATE").unwrap();
    std::os::unix::fs::symlink(dir.join("private.png"), book_dir.join("pic.png")).unwrap();
    std::fs::write(
        book_dir.join("b.gobook"),
        "::book(#b)\n\n::chapter\n\n::img url=\"pic.png\"\n",
    )
    .unwrap();
    let r = build(&book_dir.join("b.gobook"), &dir.join("out"));
    assert_eq!(r.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&r.stderr).contains("outside the book's folder"));
    assert!(!dir.join("out").exists());
}

#[test]
fn the_output_folder_may_not_hold_the_book() {
    let tmp = common::tempdir();
    let dir = tmp.path();
    std::fs::write(dir.join("b.gobook"), "::book(#b)\n\n::chapter\n\nText.\n").unwrap();
    let r = build(&dir.join("b.gobook"), dir);
    assert_eq!(r.status.code(), Some(2));
    assert!(dir.join("b.gobook").is_file(), "the book survives");
}

#[test]
fn init_makes_a_book_that_builds() {
    let tmp = common::tempdir();
    let dir = tmp.path().join("new-book");
    let r = gobook(&["init", dir.to_str().unwrap()]);
    assert_eq!(r.status.code(), Some(0));
    let c = gobook(&["check", dir.to_str().unwrap()]);
    assert_eq!(
        c.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&c.stderr)
    );
    assert!(String::from_utf8_lossy(&c.stderr).contains("no problems found"));
    let r = gobook(&["build", dir.to_str().unwrap()]);
    assert_eq!(
        r.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    assert!(
        dir.join("site/index.html").is_file(),
        "the default output folder is `site` beside the book"
    );
    check_links(&dir.join("site"));
    assert_eq!(
        gobook(&["init", dir.to_str().unwrap()]).status.code(),
        Some(2),
        "init refuses to overwrite"
    );
}

#[test]
fn gobook_toml_sets_the_output_folder_and_is_checked() {
    let tmp = common::tempdir();
    let dir = tmp.path();
    std::fs::write(dir.join("b.gobook"), "::book(#b)\n\n::chapter\n\nText.\n").unwrap();
    std::fs::write(dir.join("gobook.toml"), "out_dir = \"public\"\n").unwrap();
    assert_eq!(
        gobook(&["build", dir.to_str().unwrap()]).status.code(),
        Some(0)
    );
    assert!(dir.join("public/index.html").is_file());
    // A theme addition from the book's folder ends up in the bundled style sheet.
    std::fs::write(
        dir.join("extra.css"),
        ".gb-page { --accent: rebeccapurple; }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("gobook.toml"),
        "out_dir = \"public\"\nextra_css = [\"extra.css\"]\n",
    )
    .unwrap();
    assert_eq!(
        gobook(&["build", dir.to_str().unwrap()]).status.code(),
        Some(0)
    );
    let css = std::fs::read_to_string(dir.join("public/style.css")).unwrap();
    assert!(
        css.contains("--accent:#639") || css.contains("--accent:rebeccapurple"),
        "extra CSS bundled: {}",
        &css[css.len().saturating_sub(200)..]
    );
    // A wrong setting is a problem in the book's content (exit 1), as `check` counts it.
    std::fs::write(dir.join("gobook.toml"), "outdir = \"x\"\n").unwrap();
    let r = gobook(&["build", dir.to_str().unwrap()]);
    assert_eq!(r.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&r.stderr).contains("gobook.toml"));
}

/// A mistake in the book's own style sheet is a problem in its content: exit 1, with the
/// file, line and column an editor shows, and the previous site is left as it was.
#[test]
fn a_broken_extra_style_sheet_fails_the_build_at_its_line() {
    let tmp = common::tempdir();
    let dir = tmp.path();
    std::fs::write(dir.join("b.gobook"), "::book(#b)\n\n::chapter\n\nText.\n").unwrap();
    assert_eq!(
        gobook(&["build", dir.to_str().unwrap()]).status.code(),
        Some(0)
    );
    let before = std::fs::read(dir.join("site/style.css")).unwrap();
    std::fs::write(dir.join("extra.css"), ".a { color: red }\n\n.b {{ }\n").unwrap();
    std::fs::write(dir.join("gobook.toml"), "extra_css = [\"extra.css\"]\n").unwrap();
    let r = gobook(&["build", dir.to_str().unwrap()]);
    assert_eq!(r.status.code(), Some(1));
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(err.contains("extra.css:3:"), "{err}");
    assert_eq!(std::fs::read(dir.join("site/style.css")).unwrap(), before);
}

/// English is the spec's default language: an untagged book with one German paragraph
/// is an English book with a German edition, and on the German pages its untagged text
/// says that it is English.
#[test]
fn an_untagged_book_is_english_first_and_its_text_says_so_elsewhere() {
    let tmp = common::tempdir();
    let dir = tmp.path();
    std::fs::write(
        dir.join("b.gobook"),
        "::book(#b)\n\n::chapter\n\nPlain text.\n\n::de Nur auf Deutsch.\n",
    )
    .unwrap();
    let r = gobook(&["build", dir.join("b.gobook").to_str().unwrap()]);
    assert_eq!(
        r.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    let en = std::fs::read_to_string(dir.join("site/en/index.html")).unwrap();
    let de = std::fs::read_to_string(dir.join("site/de/index.html")).unwrap();
    assert!(
        en.contains("Plain text.") && !en.contains("Nur auf Deutsch"),
        "{en}"
    );
    assert!(de.contains("Nur auf Deutsch"), "{de}");
    assert!(
        de.contains(r#"lang="en">Plain text.</p>"#),
        "untagged text on the German page is marked English: {de}"
    );
    assert!(
        !en.contains(r#"lang="en">Plain"#),
        "no lang where it is the page's own"
    );
    let index = std::fs::read_to_string(dir.join("site/index.html")).unwrap();
    assert!(
        index.find("en/index.html") < index.find("de/index.html"),
        "English comes first"
    );
}

#[test]
fn every_page_has_a_description_the_contents_too() {
    // #35: contents pages had no meta description (a page of no paragraphs in a book without
    // a subtitle); each page now says what it is, the contents by its title and the book's.
    let tmp = common::tempdir();
    let book = tmp.path().join("book.gobook");
    std::fs::write(
        &book,
        "::book(#b)\ntitle=\"Plain\"\n\n::chapter(#one)\n\n::h2 One\n\nA paragraph.\n\n::chapter(#two)\n\n::h2 Two\n\n::dia sz=9 ab=C3\n",
    )
    .unwrap();
    let out = tmp.path().join("site");
    let r = build(&book, &out);
    assert_eq!(
        r.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    let pages = html_files(&out);
    assert!(
        pages.iter().any(|p| p.ends_with("contents.html")),
        "{pages:?}"
    );
    for p in pages {
        let html = std::fs::read_to_string(&p).unwrap();
        let head = &html[..html.find("</head>").unwrap()];
        let described = head
            .match_indices("<meta name=\"description\" content=\"")
            .any(|(i, m)| {
                let rest = &head[i + m.len()..];
                !rest[..rest.find('"').unwrap()].trim().is_empty()
            });
        assert!(described, "{} has no description", p.display());
    }
}
