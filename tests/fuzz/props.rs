//! What each fuzz target asserts about one input. Shared by the cargo-fuzz
//! targets in `fuzz/` and by `tests/it/fuzz_findings.rs`, which replays every
//! input a fuzzer ever found, so a finding stays fixed on stable Rust.

/// Book text from fuzz bytes: valid UTF-8 as is, anything else decoded lossily
/// as `gobook` does for a file it reads.
fn text(data: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(data)
}

/// The gobook parser: never panics, and `fmt` of a book without syntax errors
/// is a book without syntax errors that `fmt` leaves as it is.
pub fn gobook_parse(data: &[u8]) {
    use gobook::format::writer::{format, Formatted};
    let src = text(data);
    let parsed = gobook::format::parse(&src);
    let _ = gobook::format::writer::write(&parsed.doc);
    if let Formatted::Text(once) = format(&src, false) {
        match format(&once, false) {
            Formatted::Text(twice) => assert_eq!(once, twice, "fmt is not idempotent"),
            Formatted::SyntaxErrors(e) => panic!("fmt wrote a book with syntax errors: {e:?}"),
        }
    }
}

/// The SGF reader: never panics, and what it writes it reads back.
pub fn sgf_read(data: &[u8]) {
    if let Ok(parsed) = gobook::sgf::parse(data) {
        let written = gobook::sgf::write::write(&parsed.collection);
        if let Err(e) = gobook::sgf::parse(written.as_bytes()) {
            panic!("written SGF does not read back: {e:?}\n{written}");
        }
    }
}

/// The XML Go reader: never panics, and its games can be written as SGF and read back.
pub fn xml_read(data: &[u8]) {
    if let Ok(parsed) = gobook::xml::read(data) {
        let written = gobook::sgf::write::write(&parsed.collection);
        if let Err(e) = gobook::sgf::parse(written.as_bytes()) {
            panic!("SGF written from XML does not read back: {e:?}\n{written}");
        }
        let _ = gobook::xml::write(&parsed.collection);
    }
}

/// The whole path of `gobook build` up to the bytes of the site: check,
/// resolve, draw every diagram, write every page (in memory). The book stands in an empty
/// folder of its own, so includes and images resolve to nothing.
pub fn book_pipeline(data: &[u8]) {
    let src = text(data);
    let dir = scratch();
    let book = dir.path().join("book.gobook");
    let out = dir.path().join("site");
    let opts = gobook::project::build::Options {
        book: &book,
        text: &src,
        out_dir: Some(&out),
        progress: &|_| {},
        checked: None,
    };
    let _ = gobook::site::build::render(&opts, &mut Default::default());
}

/// A fresh book folder for one input of a target that writes files, removed afterwards.
fn scratch() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("gobook-fuzz-")
        .tempdir()
        .expect("temp folder")
}

/// `gobook build --only-epub`: never panics, and every file written into an e-book that is XML
/// (XHTML chapters, the package, the navigation, SVG) parses as XML.
pub fn epub_build(data: &[u8]) {
    let src = text(data);
    let dir = scratch();
    let book = dir.path().join("book.gobook");
    let out = dir.path().join("site");
    let opts = gobook::project::build::Options {
        book: &book,
        text: &src,
        out_dir: Some(&out),
        progress: &|_| {},
        checked: None,
    };
    let Ok(summary) = gobook::epub::build::build(&opts, true) else {
        return;
    };
    for file in summary.files {
        let bytes = std::fs::read(&file).expect("the e-book was written");
        let mut zip =
            zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("an e-book is a zip");
        for i in 0..zip.len() {
            let mut entry = zip.by_index(i).expect("a zip entry");
            let name = entry.name().to_string();
            if [".xhtml", ".opf", ".ncx", ".svg", ".xml"]
                .iter()
                .any(|x| name.ends_with(x))
            {
                let mut xml = String::new();
                std::io::Read::read_to_string(&mut entry, &mut xml)
                    .unwrap_or_else(|e| panic!("{name} is not UTF-8: {e}"));
                let opts = roxmltree::ParsingOptions {
                    allow_dtd: true,
                    ..Default::default()
                };
                if let Err(e) = roxmltree::Document::parse_with_options(&xml, opts) {
                    panic!("{name} in the e-book is not XML: {e}\n{xml}");
                }
            }
        }
    }
}

/// `gobook import` and `gobook convert`: what they write reads back. A game that reads becomes
/// a book without syntax errors (a game whose moves are illegal may give a book with errors);
/// its games written as SGF and as XML read again with as many games.
pub fn import_convert(data: &[u8]) {
    let Ok(parsed) = gobook::sgf::parse(data) else {
        return;
    };
    let games = parsed.collection.games.len();
    let sgf = gobook::sgf::write::write(&parsed.collection);
    let back = gobook::sgf::parse(sgf.as_bytes())
        .unwrap_or_else(|e| panic!("written SGF does not read back: {e:?}\n{sgf}"));
    assert_eq!(
        back.collection.games.len(),
        games,
        "SGF written lost games:\n{sgf}"
    );
    let xml = gobook::xml::write(&parsed.collection);
    let back = gobook::xml::read(xml.as_bytes())
        .unwrap_or_else(|e| panic!("written XML does not read back: {e:?}\n{xml}"));
    assert_eq!(
        back.collection.games.len(),
        games,
        "XML written lost games:\n{xml}"
    );
    if let Some(game) = parsed.collection.games.first() {
        if let Ok(book) = gobook::import::book_from_game(
            game,
            "game",
            &gobook::import::Options {
                every: 7,
                ..Default::default()
            },
        ) {
            let syntax = gobook::format::parse(&book);
            let errors: Vec<_> = syntax
                .diagnostics
                .iter()
                .filter(|d| d.severity == gobook::diagnostics::Severity::Error)
                .collect();
            assert!(
                errors.is_empty(),
                "the imported book has syntax errors: {errors:?}\n{book}"
            );
            let _ = gobook::check::check(&book);
        }
        // The same game read as a problem file: the book has no syntax errors either.
        let set = gobook::import::ProblemSet {
            title: "problems".into(),
            problems: vec![("game".into(), game)],
        };
        if let Ok(imported) = gobook::import::problem_chapter(Some("p"), &[set]) {
            let syntax = gobook::format::parse(&imported.text);
            assert!(
                !syntax
                    .diagnostics
                    .iter()
                    .any(|d| d.severity == gobook::diagnostics::Severity::Error),
                "the imported problems have syntax errors: {:?}\n{}",
                syntax.diagnostics,
                imported.text
            );
            let _ = gobook::check::check(&imported.text);
        }
    }
}

/// `gobook.toml`: any text in it gives a clear error or a build, never a panic, and never a
/// build that writes outside the book's folder.
pub fn gobook_toml(data: &[u8]) {
    let dir = scratch();
    let book_dir = dir.path().join("book");
    std::fs::create_dir(&book_dir).expect("book folder");
    std::fs::write(book_dir.join("gobook.toml"), data).expect("settings");
    let book = book_dir.join("book.gobook");
    let src = "::book(#b)\n\n::chapter(#c)\n\n::go mv=\"Q16 D4\"\n\n::fig at=1\n\nText.\n";
    let opts = gobook::project::build::Options {
        book: &book,
        text: src,
        out_dir: None,
        progress: &|_| {},
        checked: None,
    };
    if gobook::site::build::build(&opts, false).is_ok() {
        let outside: Vec<_> = std::fs::read_dir(dir.path())
            .expect("scratch")
            .flatten()
            .map(|e| e.file_name())
            .filter(|n| n != "book")
            .collect();
        assert!(
            outside.is_empty(),
            "a build wrote outside the book's folder: {outside:?}"
        );
    }
}

/// A book whose paragraph, heading, diagram text and caption are `raw`, kept inside
/// those elements: no empty line ends them and no line starting `::` opens another.
fn book_around(raw: &str) -> String {
    let body: Vec<String> = raw
        .lines()
        .map(|l| {
            if l.bytes().all(|b| matches!(b, b' ' | b'\t' | b'\r')) {
                format!(".{l}")
            } else if l.starts_with("::") {
                format!(" {l}")
            } else {
                l.to_string()
            }
        })
        .collect();
    let body = if body.is_empty() {
        ".".to_string()
    } else {
        body.join("\n")
    };
    let caption: String = raw
        .lines()
        .next()
        .unwrap_or("")
        .replace('\\', "\\\\")
        .replace('"', "\\\"");
    format!(
        "::book(#b)\ntitle=\"Fuzz\"\n\n::chapter(#c)\n\n::go(#g) sz=9 mv=C3D4\n\n::dia(#d) mv=E5 ca=\"{caption}\"\n{body}\n\n{body}\n\n::h2 {body}\n\n::p ref=d\n{body}\n"
    )
}

/// Inline markup and rich text: arbitrary text as a paragraph, a heading, a diagram's
/// text and a caption goes through check, text resolution and HTML without a panic or
/// a stack overflow, and the chapter written as XHTML, as the EPUB writer does, is
/// well-formed XML whatever errors the book has. Control characters, which no
/// markup makes well-formed, must be refused by the parser; the rest is rendered
/// without them.
pub fn inline_rich(data: &[u8]) {
    use gobook::layout::diagram::board_diagram;
    use gobook::layout::links::LinkContext;
    use gobook::layout::page::{self, Source};
    use gobook::layout::plan::{self, Plan};
    use gobook::markup::blocks::{blocks, Writer};
    use gobook::markup::Dialect;
    use gobook::render::svg::render_inline;
    let raw = text(data);
    if gobook::chars::has_forbidden(&raw) {
        let parsed = gobook::format::parse(&book_around(&raw));
        assert!(
            parsed
                .diagnostics
                .iter()
                .any(|d| d.code == "control-character"),
            "a control character was not refused"
        );
    }
    let src = book_around(&gobook::chars::strip(&raw));
    let checked = gobook::check::check(&src);
    let book = &checked.resolved.book;
    let langs = if book.languages.is_empty() {
        vec!["en".to_string()]
    } else {
        book.languages.clone()
    };
    let plans: Vec<Plan> = langs.iter().map(|l| plan::plan(book, l)).collect();
    let svgs: Vec<Vec<std::sync::Arc<str>>> = plans
        .iter()
        .map(|p| {
            book.diagrams
                .iter()
                .enumerate()
                .map(|(i, d)| {
                    render_inline(&board_diagram(book, d, &p.lang), &format!("d{i}")).into()
                })
                .collect()
        })
        .collect();
    let inline_anchor = |d: usize| format!("gb-inline-{d}");
    for (i, plan) in plans.iter().enumerate() {
        let cx = LinkContext {
            plan,
            all: &plans,
            chapter: None,
            multi: plans.len() > 1,
            inline_anchor: &inline_anchor,
            root: "",
            renamed: &[],
        };
        let w = Writer {
            book,
            links: &cx,
            dialect: Dialect::Xhtml,
            svgs: &svgs[i],
            svgs_from: 0,
            includes: None,
            buy_url: None,
        };
        let source = Source {
            src: &src,
            checked: &checked,
            lang: &plan.lang,
        };
        let mut xhtml = String::from("<div xmlns=\"http://www.w3.org/1999/xhtml\">");
        for c in 0..book.chapters.len() {
            xhtml.push_str(&blocks(&w, &page::chapter(&source, c)).into_string());
        }
        xhtml.push_str("</div>");
        if let Err(e) = roxmltree::Document::parse(&xhtml) {
            panic!("the HTML is not well-formed: {e}\n{xhtml}");
        }
    }
}
