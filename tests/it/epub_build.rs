//! `gobook build --epub` end to end: one EPUB per language, a valid container, every
//! content document well-formed XML, links that resolve inside the book, the same
//! bytes for the same book, and epubcheck without errors or warnings.

use crate::common;

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A valid 1 × 1 PNG (its chunks' lengths and checksums right: print decodes it whole).
pub(crate) const PNG: &[u8] = &[
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4,
    0x89, 0x00, 0x00, 0x00, 0x0b, 0x49, 0x44, 0x41, 0x54, 0x78, 0xda, 0x63, 0x60, 0x00, 0x02, 0x00,
    0x00, 0x05, 0x00, 0x01, 0xe9, 0xfa, 0xdc, 0xd8, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44,
    0xae, 0x42, 0x60, 0x82,
];

/// A valid 1 × 1 JPEG (grey; made by cjpeg): print decodes an image whole.
pub(crate) const JPEG: &[u8] = &[
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
    0x00, 0x01, 0x00, 0x00, 0xff, 0xdb, 0x00, 0x43, 0x00, 0x10, 0x0b, 0x0c, 0x0e, 0x0c, 0x0a, 0x10,
    0x0e, 0x0d, 0x0e, 0x12, 0x11, 0x10, 0x13, 0x18, 0x28, 0x1a, 0x18, 0x16, 0x16, 0x18, 0x31, 0x23,
    0x25, 0x1d, 0x28, 0x3a, 0x33, 0x3d, 0x3c, 0x39, 0x33, 0x38, 0x37, 0x40, 0x48, 0x5c, 0x4e, 0x40,
    0x44, 0x57, 0x45, 0x37, 0x38, 0x50, 0x6d, 0x51, 0x57, 0x5f, 0x62, 0x67, 0x68, 0x67, 0x3e, 0x4d,
    0x71, 0x79, 0x70, 0x64, 0x78, 0x5c, 0x65, 0x67, 0x63, 0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x01,
    0x00, 0x01, 0x01, 0x01, 0x11, 0x00, 0xff, 0xc4, 0x00, 0x14, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xc4, 0x00, 0x14,
    0x10, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00, 0x3f, 0xff, 0xd9,
];

fn gobook(args: &[&str], envs: &[(&str, &str)]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_gobook"));
    c.args(args).env("NO_COLOR", "1");
    for (k, v) in envs {
        c.env(k, v);
    }
    c.output().unwrap()
}

fn build(book: &Path, out: &Path, flag: &str) -> Output {
    gobook(
        &[
            "build",
            book.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
            flag,
        ],
        &[("SOURCE_DATE_EPOCH", "1700000000")],
    )
}

fn epubs(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "epub"))
        .collect();
    v.sort();
    v
}

/// The entries of an EPUB in container order, with their bytes.
fn entries(epub: &Path) -> Vec<(String, Vec<u8>)> {
    let mut z = zip::ZipArchive::new(std::fs::File::open(epub).unwrap()).unwrap();
    (0..z.len())
        .map(|i| {
            let mut f = z.by_index(i).unwrap();
            let mut b = Vec::new();
            f.read_to_end(&mut b).unwrap();
            (f.name().to_string(), b)
        })
        .collect()
}

/// Resolves `href` against the folder of `from`, both paths inside the container.
fn join(from: &str, href: &str) -> String {
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for seg in href.split('/') {
        match seg {
            ".." => {
                parts.pop();
            }
            "." | "" => {}
            s => parts.push(s),
        }
    }
    parts.join("/")
}

/// Checks the container and every document in it; returns the entries by name.
fn check_container(epub: &Path) -> BTreeMap<String, Vec<u8>> {
    let list = entries(epub);
    // The mimetype comes first, uncompressed, so readers can sniff the file type.
    let mut z = zip::ZipArchive::new(std::fs::File::open(epub).unwrap()).unwrap();
    let first = z.by_index(0).unwrap();
    assert_eq!(first.name(), "mimetype");
    assert_eq!(first.compression(), zip::CompressionMethod::Stored);
    drop(first);
    assert_eq!(list[0].1, b"application/epub+zip");
    let files: BTreeMap<String, Vec<u8>> = list.into_iter().collect();
    let mut ids: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut links: Vec<(String, String)> = Vec::new();
    for (name, bytes) in &files {
        if !(name.ends_with(".xhtml")
            || name.ends_with(".opf")
            || name.ends_with(".xml")
            || name.ends_with(".svg"))
        {
            continue;
        }
        let text = std::str::from_utf8(bytes).unwrap_or_else(|e| panic!("{name}: not UTF-8: {e}"));
        // `<!DOCTYPE html>` is a DTD declaration to an XML parser.
        let opts = roxmltree::ParsingOptions {
            allow_dtd: true,
            ..Default::default()
        };
        let doc = roxmltree::Document::parse_with_options(text, opts)
            .unwrap_or_else(|e| panic!("{}: {name} is not well-formed XML: {e}", epub.display()));
        if name.ends_with(".xhtml") {
            assert_eq!(
                doc.root_element().tag_name().namespace(),
                Some("http://www.w3.org/1999/xhtml"),
                "{name}"
            );
            for n in doc.descendants().filter(|n| n.is_element()) {
                if let Some(id) = n.attribute("id") {
                    ids.entry(name.clone()).or_default().push(id.to_string());
                }
                if n.tag_name().name() == "svg" {
                    assert_eq!(
                        n.tag_name().namespace(),
                        Some("http://www.w3.org/2000/svg"),
                        "{name}: svg outside the SVG namespace"
                    );
                }
                for a in ["href", "src"] {
                    if let Some(v) = n.attribute(a) {
                        if n.tag_name().namespace() == Some("http://www.w3.org/1999/xhtml")
                            && !v.contains("://")
                            && !v.starts_with("mailto:")
                        {
                            links.push((name.clone(), v.to_string()));
                        }
                    }
                }
            }
        }
    }
    for (from, href) in &links {
        let (file, frag) = href
            .split_once('#')
            .map(|(f, r)| (f, Some(r)))
            .unwrap_or((href.as_str(), None));
        let target = if file.is_empty() {
            from.clone()
        } else {
            join(from, file)
        };
        assert!(
            files.contains_key(&target),
            "{}: {from} links to missing {href}",
            epub.display()
        );
        if let Some(fr) = frag {
            assert!(
                ids.get(&target).is_some_and(|v| v.iter().any(|i| i == fr)),
                "{}: {from} links to {href}, no such id",
                epub.display()
            );
        }
    }
    files
}

/// EPUBCheck's jar, with the Java that runs it: all e-books of a test are checked in one
/// virtual machine (`tests/epubcheck/Batch.java`), as starting one per e-book cost more
/// than the checks. None when either is missing.
fn epubcheck_jar() -> Option<&'static str> {
    let jar = ["/usr/share/java/epubcheck.jar", "/usr/bin/epubcheck"]
        .into_iter()
        .find(|p| Path::new(p).is_file())?;
    common::have("java", "-version").then_some(jar)
}

/// Runs epubcheck on every file (in one JVM) and fails on any fatal, error or warning.
pub(crate) fn assert_epubcheck_clean(files: &[PathBuf]) {
    let problems = epubcheck_problems(files);
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

/// What epubcheck finds in each file (fatal errors, errors, warnings), one message per
/// file with problems, naming it; nothing when the checker is missing outside CI.
fn epubcheck_problems(files: &[PathBuf]) -> Vec<String> {
    let Some(jar) = epubcheck_jar() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "epubcheck is missing (scripts/setup.sh installs it)"
        );
        crate::common::steps_aside("epubcheck is not installed");
        return Vec::new();
    };
    let reports = common::tempdir();
    let mut cmd = common::java();
    cmd.arg("-cp")
        .arg(jar)
        .arg(common::root().join("tests/epubcheck/Batch.java"));
    let report_of = |i: usize| reports.path().join(format!("{i}.json"));
    for (i, f) in files.iter().enumerate() {
        cmd.arg(f).arg(report_of(i));
    }
    let out = cmd.output().expect("java runs");
    let mut problems = Vec::new();
    for (i, f) in files.iter().enumerate() {
        let Ok(json) = std::fs::read_to_string(report_of(i)) else {
            problems.push(format!(
                "{}: no report from epubcheck: {}{}",
                f.display(),
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ));
            continue;
        };
        let v: serde_json::Value = serde_json::from_str(&json)
            .unwrap_or_else(|e| panic!("{}: epubcheck JSON: {e}", f.display()));
        let n = |k: &str| v["checker"][k].as_u64().unwrap_or(u64::MAX);
        if !(n("nFatal") == 0 && n("nError") == 0 && n("nWarning") == 0) {
            problems.push(format!(
                "{}: epubcheck found problems:\n{}",
                f.display(),
                serde_json::to_string_pretty(&v["messages"]).unwrap()
            ));
        }
    }
    problems
}

/// The batch runner reports each e-book on its own: a broken one among good ones is
/// named, and only it.
#[test]
fn epubcheck_in_one_jvm_names_the_broken_book_only() {
    if epubcheck_jar().is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "epubcheck is missing (scripts/setup.sh installs it)"
        );
        crate::common::steps_aside("epubcheck is not installed");
        return;
    }
    let tmp = common::tempdir();
    let good = tmp.path().join("good");
    let r = build(
        &common::root().join("examples/ear-reddening/ear-reddening.gobook"),
        &good,
        "--only-epub",
    );
    assert_eq!(r.status.code(), Some(0));
    let mut files = epubs(&good);
    let broken = tmp.path().join("broken.epub");
    std::fs::write(&broken, PNG).unwrap();
    files.insert(1, broken.clone());
    let problems = epubcheck_problems(&files);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].starts_with(&broken.display().to_string()));
}

/// The test books with the images they name, in a folder of their own.
fn test_books(dir: &Path) -> Vec<PathBuf> {
    let mut books = Vec::new();
    for src in common::files("tests/books/valid", "gobook") {
        let name = src.file_name().unwrap();
        let d = dir.join(src.file_stem().unwrap());
        std::fs::create_dir_all(&d).unwrap();
        // An EPUB must hold its images: the test books' pictures are made PNG files here.
        let text = std::fs::read_to_string(&src)
            .unwrap()
            .replace("cover.jpg", "cover.png");
        std::fs::write(d.join(name), text).unwrap();
        for img in ["cover.png", "bullet.png"] {
            std::fs::write(d.join(img), PNG).unwrap();
        }
        books.push(d.join(name));
    }
    books
}

#[test]
fn every_book_gives_valid_epubs_that_pass_epubcheck() {
    let tmp = common::tempdir();
    let dir = tmp.path();
    let mut all = Vec::new();
    let mut books = vec![common::root().join("examples/ear-reddening/ear-reddening.gobook")];
    books.extend(test_books(&dir.join("books")));
    for (i, book) in books.iter().enumerate() {
        let out = dir.join(format!("out{i}"));
        let r = build(book, &out, "--only-epub");
        assert_eq!(
            r.status.code(),
            Some(0),
            "{}: {}",
            book.display(),
            String::from_utf8_lossy(&r.stderr)
        );
        let written = epubs(&out);
        assert!(!written.is_empty(), "{}: no EPUB written", book.display());
        for f in &written {
            check_container(f);
        }
        all.extend(written);
    }
    assert!(all.len() >= 4, "{all:?}");
    assert_epubcheck_clean(&all);
}

#[test]
fn the_example_gives_one_book_per_language_beside_the_site() {
    let tmp = common::tempdir();
    let dir = tmp.path();
    let out = dir.join("out");
    let r = build(
        &common::root().join("examples/ear-reddening"),
        &out,
        "--epub",
    );
    assert_eq!(
        r.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    assert!(
        out.join("en/index.html").is_file() && out.join("de/index.html").is_file(),
        "the site is there too"
    );
    let names: Vec<String> = epubs(&out)
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["ear-reddening-de.epub", "ear-reddening-en.epub"]);

    let en = check_container(&out.join("ear-reddening-en.epub"));
    let de = check_container(&out.join("ear-reddening-de.epub"));
    let text = |m: &BTreeMap<String, Vec<u8>>, k: &str| String::from_utf8(m[k].clone()).unwrap();
    let opf = text(&en, "OEBPS/content.opf");
    for want in [
        "<dc:identifier id=\"book-id\">urn:gobook:ear-reddening:en:r1</dc:identifier>",
        "<dc:title id=\"title\">The Ear-reddening Game</dc:title>",
        "<dc:creator id=\"author\">gobook example</dc:creator>",
        "<dc:publisher>gobook</dc:publisher>",
        "<dc:language>en</dc:language>",
        "<meta property=\"dcterms:modified\">2023-11-14T22:13:20Z</meta>",
        "properties=\"cover-image\"",
        "properties=\"nav\"",
        "properties=\"scripted svg\"",
    ] {
        assert!(opf.contains(want), "content.opf lacks {want}:\n{opf}");
    }
    assert!(text(&de, "OEBPS/content.opf")
        .contains("<dc:title id=\"title\">Die Partie der roten Ohren</dc:title>"));
    // The table of contents names the chapters in the book's language.
    let nav = text(&de, "OEBPS/nav.xhtml");
    assert!(
        nav.contains("epub:type=\"toc\"") && nav.contains("Die Partie") && nav.contains("Aufgaben"),
        "{nav}"
    );
    // Diagrams are inline SVG; problems carry their solutions.
    let problems = text(&en, "OEBPS/text/problems.xhtml");
    assert!(
        problems.matches("<svg").count() >= 4,
        "problems and their solutions are drawn"
    );
    assert!(
        problems.contains("<div class=\"gb-solution\"") && problems.contains("White is dead."),
        "{problems}"
    );
    assert!(
        !text(&de, "OEBPS/text/game.xhtml").contains("The Game"),
        "languages stay apart"
    );
}

#[test]
fn chapters_with_interactive_diagrams_carry_the_script_and_its_words() {
    let tmp = common::tempdir();
    let dir = tmp.path();
    let out = dir.join("out");
    let r = build(
        &common::root().join("examples/ear-reddening"),
        &out,
        "--only-epub",
    );
    assert_eq!(
        r.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    let de = check_container(&out.join("ear-reddening-de.epub"));
    let text = |k: &str| String::from_utf8(de[k].clone()).unwrap();
    let js = text("OEBPS/gobook.js");
    let theme =
        std::fs::read_to_string(crate::common::root().join("themes/default/gobook.js")).unwrap();
    assert!(
        js == theme && js.contains("data-gb"),
        "the e-book's script is the theme's, byte for byte ({} bytes)",
        js.len()
    );
    let opf = text("OEBPS/content.opf");
    assert!(
        opf.contains(r#"<item id="js" href="gobook.js" media-type="application/javascript"/>"#),
        "{opf}"
    );
    // Chapters with diagrams to play are scripted; the others stay plain XHTML.
    for (file, scripted) in [
        ("game", true),
        ("problems", true),
        ("index", false),
        ("contents", false),
    ] {
        let doc = text(&format!("OEBPS/text/{file}.xhtml"));
        let item = opf
            .lines()
            .find(|l| l.contains(&format!("href=\"text/{file}.xhtml\"")))
            .unwrap();
        assert_eq!(item.contains("scripted"), scripted, "{item}");
        assert_eq!(
            doc.contains(r#"<script src="../gobook.js" defer="defer"></script>"#),
            scripted,
            "{file}"
        );
        assert_eq!(
            doc.contains(r#"<script id="gb-ui" type="application/json">"#),
            scripted,
            "{file}"
        );
    }
    assert!(opf.contains(r#"href="text/problems.xhtml" media-type="application/xhtml+xml" properties="scripted svg""#), "{opf}");
    // The words come in the book's language; the solutions after the chapter stay for readers without scripting.
    let problems = text("OEBPS/text/problems.xhtml");
    assert!(
        problems.contains("Nicht im Buch") && problems.contains("data-gb=\"{&quot;b&quot;"),
        "{problems}"
    );
    assert!(
        problems.contains(
            r#"<div class="gb-solution" id="solution-prb1"><p class="gb-solution-title">Lösung – "#
        ),
        "{problems}"
    );
}

#[test]
fn the_same_book_gives_the_same_bytes() {
    let tmp = common::tempdir();
    let dir = tmp.path();
    let book = common::root().join("examples/ear-reddening");
    build(&book, &dir.join("a"), "--only-epub");
    build(&book, &dir.join("b"), "--only-epub");
    let a = std::fs::read(dir.join("a/ear-reddening-en.epub")).unwrap();
    let b = std::fs::read(dir.join("b/ear-reddening-en.epub")).unwrap();
    assert!(a == b, "two builds differ");
    assert!(
        !dir.join("a/index.html").exists(),
        "--only-epub writes no site"
    );
}

#[test]
fn a_book_with_errors_writes_no_epub() {
    let tmp = common::tempdir();
    let dir = tmp.path();
    std::fs::write(
        dir.join("b.gobook"),
        "::book(#b)\n\n::chapter\n\n::dia at=9999\n",
    )
    .unwrap();
    let r = build(&dir.join("b.gobook"), &dir.join("out"), "--only-epub");
    assert_eq!(
        r.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    assert!(!dir.join("out").exists() || epubs(&dir.join("out")).is_empty());
}

#[test]
fn a_cover_image_and_web_images_are_handled() {
    let tmp = common::tempdir();
    let dir = tmp.path();
    std::fs::write(dir.join("front.png"), PNG).unwrap();
    std::fs::write(
        dir.join("b.gobook"),
        "::book(#my-book) title=\"Cover & Co\" cover=\"front.png\"\n\n::chapter\n\n::h1 Start\n\n::img url=\"https://example.org/a.png\" ca=\"From the web\"\n",
    )
    .unwrap();
    let out = dir.join("out");
    let r = build(&dir.join("b.gobook"), &out, "--only-epub");
    assert_eq!(
        r.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    let f = out.join("my-book-en.epub");
    let files = check_container(&f);
    assert!(files.contains_key("OEBPS/front.png"), "{:?}", files.keys());
    let opf = String::from_utf8(files["OEBPS/content.opf"].clone()).unwrap();
    assert!(
        opf.contains("href=\"front.png\" media-type=\"image/png\" properties=\"cover-image\""),
        "{opf}"
    );
    let index = String::from_utf8(files["OEBPS/text/index.xhtml"].clone()).unwrap();
    // An image's URL never becomes a link (see tests/it/reads_confined.rs).
    assert!(
        index.contains("<span class=\"gb-remote-img\">From the web</span>")
            && !index.contains("href=\"https://example.org/a.png\""),
        "{index}"
    );
    assert_epubcheck_clean(&[f]);
}

#[test]
fn images_with_spaces_in_their_names_are_stored_without_them() {
    let tmp = common::tempdir();
    let dir = tmp.path();
    for f in ["front page.png", "my pic.png", "my_pic.png"] {
        std::fs::write(dir.join(f), PNG).unwrap();
    }
    std::fs::write(
        dir.join("b.gobook"),
        "::book(#b) cover=\"front page.png\"\n\n::chapter\n\n::h1 Start\n\n::img url=\"my pic.png\" ca=\"Spaced\"\n\n::img url=\"my_pic.png\" ca=\"Plain\"\n",
    )
    .unwrap();
    let out = dir.join("out");
    let r = build(&dir.join("b.gobook"), &out, "--only-epub");
    assert_eq!(
        r.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    let f = out.join("b-en.epub");
    // check_container also follows every src to a file in the book.
    let files = check_container(&f);
    assert!(!files.keys().any(|k| k.contains(' ')), "{:?}", files.keys());
    let index = String::from_utf8(files["OEBPS/text/index.xhtml"].clone()).unwrap();
    // The book's own `my_pic.png` keeps its name; the spaced one gets the next free one.
    assert!(
        index.contains(r#"<img src="../my_pic-2.png" alt="Spaced"/>"#)
            && index.contains(r#"<img src="../my_pic.png" alt="Plain"/>"#),
        "{index}"
    );
    let opf = String::from_utf8(files["OEBPS/content.opf"].clone()).unwrap();
    assert!(
        opf.contains(r#"href="front_page.png" media-type="image/png" properties="cover-image""#),
        "{opf}"
    );
    assert_epubcheck_clean(&[f]);
}

/// The spec's default cover, the book's ID + `_cover.jpg`, is used when the file is
/// there; an image without `url` shows it; a named cover that is missing is a warning
/// and the e-book draws one from the title.
#[test]
fn the_default_cover_is_the_book_id_and_cover_jpg_when_it_exists() {
    let tmp = common::tempdir();
    let dir = tmp.path();
    // Only the manifest and the copy are checked here, not the pixels.
    std::fs::write(dir.join("cv_cover.jpg"), JPEG).unwrap();
    let book = dir.join("b.gobook");
    std::fs::write(
        &book,
        "::book(#cv) title=\"Covered\"\n\n::chapter\n\n::h1 Start\n\n::img ca=\"The cover\"\n",
    )
    .unwrap();
    let check = gobook(&["check", book.to_str().unwrap()], &[]);
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
    assert!(!String::from_utf8_lossy(&check.stderr).contains("warning"));
    let out = dir.join("out");
    let r = build(&book, &out, "--epub");
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let files = check_container(&out.join("cv-en.epub"));
    let opf = String::from_utf8(files["OEBPS/content.opf"].clone()).unwrap();
    assert!(opf.contains("properties=\"cover-image\""), "{opf}");
    assert!(opf.contains("href=\"cv_cover.jpg\""), "{opf}");
    // The site shows the cover where the image has no url, and copies it.
    let page = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(page.contains("src=\"cv_cover.jpg\""), "{page}");
    assert!(!page.contains("src=\"\""));
    assert!(out.join("cv_cover.jpg").exists());

    // Without the file: no cover image but the drawn one, and no warning.
    std::fs::remove_file(dir.join("cv_cover.jpg")).unwrap();
    std::fs::write(
        &book,
        "::book(#cv) title=\"Covered\"\n\n::chapter\n\n::h1 Start\n",
    )
    .unwrap();
    let check = gobook(&["check", book.to_str().unwrap()], &[]);
    assert!(!String::from_utf8_lossy(&check.stderr).contains("warning"));
    let r = build(&book, &out, "--epub");
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let files = check_container(&out.join("cv-en.epub"));
    assert!(files.contains_key("OEBPS/gobook-cover.svg"));

    // A named cover that is missing: a warning, and the drawn cover.
    std::fs::write(
        &book,
        "::book(#cv) title=\"Covered\" cover=\"front.jpg\"\n\n::chapter\n\n::h1 Start\n",
    )
    .unwrap();
    let check = gobook(&["check", book.to_str().unwrap()], &[]);
    let err = String::from_utf8_lossy(&check.stderr);
    assert!(
        check.status.success()
            && err.contains("warning")
            && err.contains("draws a cover from the title"),
        "{err}"
    );
    let r = build(&book, &out, "--epub");
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    assert!(check_container(&out.join("cv-en.epub")).contains_key("OEBPS/gobook-cover.svg"));

    // An image without url and no cover at all: an error that says what to do.
    std::fs::write(&book, "::book(#cv)\n\n::chapter\n\n::img ca=\"x\"\n").unwrap();
    let check = gobook(&["check", book.to_str().unwrap()], &[]);
    let err = String::from_utf8_lossy(&check.stderr);
    assert_eq!(check.status.code(), Some(1), "{err}");
    assert!(
        err.contains("b.gobook:5:3") && err.contains("add `cv_cover.jpg`"),
        "{err}"
    );
}

/// The standard `buy.gobook` buys the including book (its ID), through `buy_url`.
#[test]
fn the_standard_buy_chapter_buys_the_including_book() {
    let tmp = common::tempdir();
    let dir = tmp.path();
    std::fs::write(
        dir.join("gobook.toml"),
        "buy_url = \"https://shop.example.org/{sku}\"\n",
    )
    .unwrap();
    let book = dir.join("b.gobook");
    std::fs::write(
        &book,
        "::book(#sg0006_ki_invin)\n\n::chapter\n\n::h1 Sample\n\n\n::include url=\"buy.gobook\"\n",
    )
    .unwrap();
    let out = dir.join("out");
    let r = build(&book, &out, "--epub");
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let page = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(
        page.contains("href=\"https://shop.example.org/sg0006_ki_invin\""),
        "{page}"
    );
    let files = check_container(&out.join("sg0006_ki_invin-en.epub"));
    let index = String::from_utf8(files["OEBPS/text/index.xhtml"].clone()).unwrap();
    assert!(
        index.contains("https://shop.example.org/sg0006_ki_invin"),
        "{index}"
    );
}

/// IDs inside an included file can be linked to from the book: `check` knows them, and
/// the links lead to the page that includes the file, at that element, on the site and
/// in the e-book (which epubcheck verifies, fragments included).
#[test]
fn ids_inside_included_files_can_be_linked_to() {
    let tmp = common::tempdir();
    let dir = tmp.path();
    let book = dir.join("b.gobook");
    std::fs::write(
        &book,
        "::book(#b)\n\n::chapter(#c1)\n\n::h1 Start\n\n::p <a href=rules>the rules</a> and <a href=rfig>the figure</a>.\n\n\n::include url=\"part.gobook\"\n\n\n\n::chapter(#c2)\n\n::h1 Later\n\n::p href=rules Back to the rules.\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("part.gobook"),
        "::h2(#rules) The rules\n\n::dia(#rfig) sz=9 mv=C3\n\nRules text.\n",
    )
    .unwrap();
    let check = gobook(&["check", book.to_str().unwrap()], &[]);
    let err = String::from_utf8_lossy(&check.stderr);
    assert!(check.status.success() && !err.contains("warning"), "{err}");
    let out = dir.join("out");
    let r = build(&book, &out, "--epub");
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let first = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(
        first.contains(r#"<a href="index.html#rules">the rules</a>"#),
        "{first}"
    );
    assert!(first.contains(r#"<a href="index.html#rfig">the figure</a>"#));
    assert!(first.contains(r#"id="rules""#) && first.contains(r#"id="rfig""#));
    let later = std::fs::read_to_string(out.join("c2.html")).unwrap();
    assert!(later.contains(r#"href="index.html#rules""#), "{later}");
    let f = out.join("b-en.epub");
    let files = check_container(&f);
    let c2 = files
        .iter()
        .find(|(k, v)| {
            k.ends_with(".xhtml") && String::from_utf8_lossy(v).contains("Back to the rules")
        })
        .map(|(_, v)| String::from_utf8_lossy(v).into_owned())
        .unwrap();
    assert!(c2.contains("#rules\""), "{c2}");
    assert_epubcheck_clean(&[f]);
}

#[test]
fn a_problem_without_caption_is_named_and_the_summary_speaks_the_books_language() {
    let dir = common::tempdir();
    let book = dir.path().join("p.gobook");
    std::fs::write(
        &book,
        "::book_de(#p)\ntitle=\"Aufgaben\"\n\n::chapter\n\n\
         ::prb(#a) sz=9 ab=B4C4D4 aw=B3C3D3 pl=b vw=A1G5 correct=\"E3\" #btc#\n",
    )
    .unwrap();
    let out = build(&book, &dir.path().join("out"), "--epub");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let epub = &epubs(&dir.path().join("out"))[0];
    let all = entries(epub);
    let text = |suffix: &str| {
        all.iter()
            .filter(|(n, _)| n.ends_with(suffix))
            .map(|(_, b)| String::from_utf8_lossy(b).to_string())
            .collect::<String>()
    };
    let xhtml = text(".xhtml");
    assert!(
        xhtml.contains("gb-solution"),
        "the problem has a solution section"
    );
    // Named by its question, never "Solution – " with nothing after it or a bare arrow.
    assert!(!xhtml.contains(" – </summary>"), "{xhtml}");
    assert!(!xhtml.contains("↑ </a>"), "{xhtml}");
    assert!(
        xhtml.contains("↑ Schwarz"),
        "named by its question: {xhtml}"
    );
    let opf = text(".opf");
    assert!(
        opf.contains("<meta property=\"schema:accessibilitySummary\">Jedes Go-Diagramm"),
        "{opf}"
    );
}
