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

/// The SGF reader: never panics, and what it writes it reads back as the same tree, with
/// nothing left to repair (the repairs are idempotent).
pub fn sgf_read(data: &[u8]) {
    if let Ok(parsed) = gobook::sgf::parse(data) {
        let written = gobook::sgf::write::write(&parsed.collection);
        let again = match gobook::sgf::parse(written.as_bytes()) {
            Ok(again) => again,
            Err(e) => panic!("written SGF does not read back: {e:?}\n{written}"),
        };
        assert!(
            again.collection == parsed.collection,
            "written SGF reads back as another tree:\n{written}"
        );
        if let Some(w) = again.warnings.iter().find(|w| !sgf_note(w)) {
            panic!(
                "the repaired SGF needs repair again: {} {w}\n{written}",
                w.code
            );
        }
    }
}

/// Whether an SGF warning is a note on what stays rather than a repair, said on every
/// reading: a game that is not Go, a game-info value kept because it cannot be read.
fn sgf_note(w: &gobook::sgf::Warning) -> bool {
    w.message.starts_with("the game is not Go")
        || (w.code == gobook::diagnostics::Code::SgfGameInfo
            && w.message.contains("(not corrected)"))
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

/// The Sensei's Library reader: never panics, its spans lie in the text, what it reads
/// writes and reads back the same, and the `::dia` it becomes is checked without panic.
pub fn sl_read(data: &[u8]) {
    let src = text(data);
    for r in gobook::sl::read_all(&src) {
        match r {
            Ok(d) => {
                let written = gobook::sl::write(&d);
                match gobook::sl::read(&written) {
                    Ok(again) => assert_eq!(again.rows, d.rows, "{written}"),
                    Err(e) => panic!("a written diagram does not read back: {e}\n{written}"),
                }
                let (dia, _) = gobook::import::sl::dia_text(&d);
                let _ = gobook::check::check_snippet(&dia);
                let _ = gobook::sl::link::covered(&d);
                for b in gobook::sl::boards::boards(&d) {
                    let written = gobook::sl::write(&b);
                    if let Err(e) = gobook::sl::read(&written) {
                        panic!("a board of boards side by side does not read back: {e}\n{written}");
                    }
                }
            }
            Err(e) => assert!(e.span.start <= e.span.end && e.span.end as usize <= src.len()),
        }
    }
    // The page as `gobook import` writes it (boards side by side, paragraphs of links).
    if let Ok(book) = gobook::import::sl_book(&src, "page", "en", false) {
        let _ = gobook::check::check(&book.text);
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
            name: "problems".into(),
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
    use gobook::diagnostics::Code;
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
                .any(|d| d.code == Code::ControlCharacter),
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

/// Parses `xml` as XML (a DTD allowed), or panics naming `what` and showing the text.
fn assert_xml(xml: &str, what: &str) {
    let opts = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    if let Err(e) = roxmltree::Document::parse_with_options(xml, opts) {
        panic!("{what} is not well-formed XML: {e}\n{xml}");
    }
}

/// The parts of a fuzz input that stands for several files: split at NUL bytes, which no
/// book, Markdown, SGF or settings file may hold, so each part is one file's bytes.
fn files(data: &[u8]) -> Vec<&[u8]> {
    data.split(|b| *b == 0).collect()
}

/// What `gobook svg` and `gobook md` do with one diagram of a checked book (their
/// `picture::draw`, which lives in the binary): the board, cropped if asked, drawn as a
/// standalone SVG with its caption.
fn standalone_svg(
    book: &gobook::resolve::model::Book,
    d: &gobook::resolve::model::Diagram,
    lang: &str,
    crop: bool,
    width: Option<u32>,
) -> (String, Vec<String>) {
    use gobook::board::crop::crop_view;
    use gobook::layout::diagram::{board_diagram, caption_text};
    use gobook::render::svg::{render, SvgOptions};
    let mut board = board_diagram(book, d, lang);
    if crop {
        if let Some(view) = crop_view(&board) {
            board.view = Some(view);
        }
    }
    let opts = SvgOptions {
        standalone: true,
        id_prefix: "gb".into(),
        caption: caption_text(book, d, lang),
        width,
        ..SvgOptions::default()
    };
    let svg = render(&board, &opts);
    let labels = board.labels.iter().map(|l| l.1.clone()).collect();
    let mut text = opts.caption;
    text.extend::<Vec<String>>(labels);
    (svg, text)
}

/// The first language of a book, as the commands that draw one diagram choose it.
fn first_language(book: &gobook::resolve::model::Book) -> String {
    book.languages
        .first()
        .cloned()
        .unwrap_or_else(|| "en".into())
}

/// `gobook svg -e TEXT` and `gobook svg -`: a diagram snippet (book text that needs no
/// `::book`) checked as a snippet; when it has no errors, each of its diagrams (the
/// command draws the last, or the one `--id` names), whole and cropped, with its caption,
/// is a well-formed standalone SVG. The reading of `-e` and of standard input is in the
/// binary; the snippet's text is decoded lossily here.
pub fn svg_expr(data: &[u8]) {
    let src = text(data);
    let checked = gobook::check::check_snippet(&src);
    if checked.has_errors() {
        return;
    }
    let book = &checked.resolved.book;
    let lang = first_language(book);
    for d in book.diagrams.iter().rev().take(8) {
        for (crop, width) in [(false, None), (true, Some(300))] {
            let (svg, _) = standalone_svg(book, d, &lang, crop, width);
            assert_xml(&svg, "the snippet's SVG");
        }
    }
}

/// `gobook svg -o x.png`: the last diagram of a snippet drawn to PNG by resvg. The first two
/// bytes choose the width (16 to 1036 CSS pixels) and the scale (0.25 to 8, as `--scale`
/// allows), the rest is the snippet. Either a clear error (a picture of no pixels or too
/// many) or a PNG: its signature, an `IHDR` chunk first with the width asked for, gobook's
/// `Software` chunk, an `IEND` chunk last.
pub fn png_render(data: &[u8]) {
    use gobook::render::png::{missing_glyphs, svg_to_png, PngError, SOFTWARE_CHUNK};
    let (width, scale, rest) = match data {
        [w, s, rest @ ..] => (
            16 + u32::from(*w) * 4,
            0.25 + f32::from(*s) * 7.75 / 255.0,
            rest,
        ),
        _ => return,
    };
    // At most about 1,000 by 1,000 pixels: a larger picture takes long to draw and says
    // nothing more (the size checks at 16,384 are tested on their own).
    let scale = scale.min(1000.0 / width as f32).max(0.25);
    let checked = gobook::check::check_snippet(&text(rest));
    if checked.has_errors() {
        return;
    }
    let book = &checked.resolved.book;
    let Some(d) = book.diagrams.last() else {
        return;
    };
    let (svg, text) = standalone_svg(book, d, &first_language(book), rest.len() % 2 == 1, None);
    let _ = missing_glyphs(&text.concat());
    match svg_to_png(&svg, width, scale) {
        Ok(png) => {
            assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG signature");
            assert_eq!(&png[12..16], b"IHDR", "the first chunk is not IHDR");
            let w = u32::from_be_bytes(png[16..20].try_into().unwrap());
            let h = u32::from_be_bytes(png[20..24].try_into().unwrap());
            assert_eq!(w, (width as f32 * scale).round() as u32, "the PNG's width");
            assert!(
                (1..=gobook::render::png::MAX_SIDE).contains(&h),
                "height {h}"
            );
            assert!(
                png.windows(SOFTWARE_CHUNK.len())
                    .any(|c| c == SOFTWARE_CHUNK),
                "no Software chunk"
            );
            assert_eq!(
                &png[png.len() - 8..png.len() - 4],
                b"IEND",
                "IEND is not last"
            );
        }
        Err(e @ PngError::Size { .. }) => assert!(!e.to_string().is_empty()),
        Err(e) => panic!("gobook's own SVG could not be drawn: {e}\n{svg}"),
    }
}

/// What `gobook md` does, in the library: the ```` ```gobook ```` and ```` ```sgf ```` fenced
/// blocks of Markdown (found by pulldown-cmark, as the command finds them), each checked as a
/// snippet or read as a game and drawn as a standalone SVG, spliced in place of the block.
/// Gives the new text, or `None` when a block has errors (the command's exit code 1).
fn markdown_with_svgs(md: &str) -> Option<String> {
    use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag};
    let mut blocks: Vec<(std::ops::Range<usize>, String, String)> = Vec::new();
    let mut open = false;
    for (event, range) in Parser::new(md).into_offset_iter() {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                blocks.push((range, info.to_string(), String::new()));
                open = true;
            }
            Event::Text(t) if open => {
                if let Some(b) = blocks.last_mut() {
                    b.2.push_str(&t);
                }
            }
            Event::End(_) => open = false,
            _ => {}
        }
    }
    let mut out = String::new();
    let mut last = 0;
    let mut failed = false;
    for (range, info, content) in blocks {
        let words: Vec<&str> = info.split_whitespace().collect();
        let crop = words.contains(&"crop");
        let svg = match words.first() {
            Some(&"gobook") => {
                let checked = gobook::check::check_snippet(&content);
                let book = &checked.resolved.book;
                match book.diagrams.last() {
                    Some(d) if !checked.has_errors() => {
                        Some(standalone_svg(book, d, &first_language(book), crop, None).0)
                    }
                    _ => None,
                }
            }
            Some(&"sgf") => sgf_block_svg(&content, crop),
            _ => continue,
        };
        let Some(svg) = svg else {
            failed = true;
            continue;
        };
        assert_xml(&svg, "a Markdown block's SVG");
        out.push_str(&md[last..range.start]);
        out.push_str("<div class=\"gobook-diagram\">\n");
        out.push_str(svg.trim_end());
        out.push_str("\n</div>");
        last = range.end;
    }
    out.push_str(&md[last..]);
    (!failed).then_some(out)
}

/// An ```` ```sgf ```` block of `gobook md`: the first game, at its end, drawn through the
/// one-diagram book gobook writes for it (`snapshot::book`), or `None` for an error.
fn sgf_block_svg(content: &str, crop: bool) -> Option<String> {
    use gobook::snapshot::{self, Moment, Snapshot};
    let parsed = gobook::sgf::parse(content.as_bytes()).ok()?;
    let game = parsed.collection.games.first()?;
    let s = Snapshot {
        moment: Moment::End,
        view: None,
        coords: crop,
    };
    let book_text = snapshot::book(game, &s).ok()?;
    let checked = gobook::check::check(&book_text);
    if checked.has_errors() {
        return None;
    }
    let book = &checked.resolved.book;
    let d = book
        .diagrams
        .iter()
        .find(|d| d.id.as_deref() == Some(snapshot::DIAGRAM_ID))
        .expect("the snapshot book has its diagram");
    Some(standalone_svg(book, d, "en", crop, None).0)
}

/// `gobook md`: Markdown with gobook and SGF blocks never panics, and every diagram drawn in
/// place of a block is a well-formed SVG. The command's own code (its block scanner, line
/// mapping and messages) lives in the binary, `src/cli/md.rs`; this feeds the library
/// functions it calls the way it calls them.
pub fn md_blocks(data: &[u8]) {
    let _ = markdown_with_svgs(&text(data));
}

/// `gobook mdbook`: the `[context, book]` JSON mdBook sends is refused with an error (not
/// JSON, not such an array) or gives a book that is valid JSON again, every chapter's
/// `content` with its blocks drawn. The walk over the JSON lives in the binary
/// (`src/cli/mdbook.rs`); this does the same walk over the library's Markdown work.
pub fn mdbook_json(data: &[u8]) {
    use serde_json::Value;
    fn visit(v: &mut Value, failed: &mut bool) {
        match v {
            Value::Object(map) => {
                if map.contains_key("content") && map.contains_key("sub_items") {
                    if let Some(Value::String(content)) = map.get("content") {
                        match markdown_with_svgs(content) {
                            Some(text) => {
                                map.insert("content".into(), Value::String(text));
                            }
                            None => *failed = true,
                        }
                    }
                }
                for (_, child) in map.iter_mut() {
                    visit(child, failed);
                }
            }
            Value::Array(items) => items.iter_mut().for_each(|i| visit(i, failed)),
            _ => {}
        }
    }
    let Ok(parsed) = serde_json::from_str::<Value>(&text(data)) else {
        return;
    };
    let Some([_context, book]) = parsed
        .as_array()
        .map(Vec::as_slice)
        .and_then(|a| a.get(..2))
        .and_then(|a| <&[Value; 2]>::try_from(a).ok())
    else {
        return;
    };
    let mut book = book.clone();
    let mut failed = false;
    visit(&mut book, &mut failed);
    if failed {
        return;
    }
    let json = serde_json::to_string(&book).expect("the book writes as JSON");
    let back: Value = serde_json::from_str(&json)
        .unwrap_or_else(|e| panic!("the book written is not JSON: {e}\n{json}"));
    assert_eq!(back, book, "the book's JSON does not read back as written");
}

/// `gobook import --problems DIR`: the input split at NUL bytes is a folder of game files
/// (SGF, or XML when a part starts with `<`), every third one in a sub-folder, which is a
/// chapter of its own. The games read go through `problem_chapter` as the command hands
/// them; the book it makes has no syntax errors and goes through check without a panic.
/// Reading the folder (name order, linked folders) is the binary's `src/cli/import_problems.rs`.
pub fn import_problems(data: &[u8]) {
    let mut top = Vec::new();
    let mut sub = Vec::new();
    for (i, part) in files(data).into_iter().enumerate().take(32) {
        let read = if part.trim_ascii_start().starts_with(b"<") {
            gobook::xml::read(part).ok().map(|p| p.collection)
        } else {
            gobook::sgf::parse(part).ok().map(|p| p.collection)
        };
        if let Some(collection) = read {
            for (k, game) in collection.games.into_iter().enumerate() {
                let name = format!("p{i}.sgf (game {})", k + 1);
                if i % 3 == 2 { &mut sub } else { &mut top }.push((name, game));
            }
        }
    }
    let sets: Vec<gobook::import::ProblemSet> = [("problems", &top), ("sub", &sub)]
        .into_iter()
        .filter(|(_, games)| !games.is_empty())
        .map(|(title, games)| gobook::import::ProblemSet {
            name: title.into(),
            title: title.into(),
            problems: games.iter().map(|(n, g)| (n.clone(), g)).collect(),
        })
        .collect();
    if sets.is_empty() {
        return;
    }
    for book in [Some("problems"), None] {
        let Ok(imported) = gobook::import::problem_chapter(book, &sets) else {
            continue;
        };
        let syntax = gobook::format::parse(&imported.text);
        let errors: Vec<_> = syntax
            .diagnostics
            .iter()
            .filter(|d| d.severity == gobook::diagnostics::Severity::Error)
            .collect();
        assert!(
            errors.is_empty(),
            "the imported problems have syntax errors: {errors:?}\n{}",
            imported.text
        );
        let _ = gobook::check::check(&imported.text);
    }
}

/// Every file, folder and link under `dir` (links not followed), with a file's bytes or a
/// link's target, to compare before and after a build.
fn tree(dir: &std::path::Path) -> std::collections::BTreeMap<std::path::PathBuf, Vec<u8>> {
    let mut out = std::collections::BTreeMap::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            let Ok(meta) = std::fs::symlink_metadata(&p) else {
                continue;
            };
            let what = if meta.file_type().is_symlink() {
                let mut t = b"link ".to_vec();
                t.extend(
                    std::fs::read_link(&p)
                        .unwrap_or_default()
                        .as_os_str()
                        .as_encoded_bytes(),
                );
                t
            } else if meta.is_dir() {
                todo.push(p.clone());
                b"folder".to_vec()
            } else {
                let mut t = b"file ".to_vec();
                t.extend(std::fs::read(&p).unwrap_or_default());
                t
            };
            out.insert(p, what);
        }
    }
    out
}

/// The paths that differ between two trees: added, removed or changed.
fn changed(
    before: &std::collections::BTreeMap<std::path::PathBuf, Vec<u8>>,
    after: &std::collections::BTreeMap<std::path::PathBuf, Vec<u8>>,
) -> Vec<std::path::PathBuf> {
    let mut out: Vec<_> = before
        .iter()
        .filter(|(p, v)| after.get(*p) != Some(*v))
        .map(|(p, _)| p.clone())
        .collect();
    out.extend(after.keys().filter(|p| !before.contains_key(*p)).cloned());
    out
}

/// A book of several files: the input split at NUL bytes is the main book, an included
/// `part.gobook`, an included `notes.md`, `gobook.toml`, a theme's `theme/style.css`, an
/// `extra.css`, and the images `img/a.png` and `img/cover.jpg` (a part not given is left
/// out). The site and the e-books are built (`out_dir` from `gobook.toml`, else `site`);
/// nothing panics, and every file or folder added, changed or removed lies inside a folder
/// a build reported writing: nothing beside the book, nothing outside its folder.
pub fn book_files(data: &[u8]) {
    const NAMES: [&str; 8] = [
        "book.gobook",
        "part.gobook",
        "notes.md",
        "gobook.toml",
        "theme/style.css",
        "extra.css",
        "img/a.png",
        "img/cover.jpg",
    ];
    let dir = scratch();
    let root = dir.path().canonicalize().expect("scratch");
    let book_dir = root.join("book");
    std::fs::create_dir_all(book_dir.join("theme")).expect("theme folder");
    std::fs::create_dir_all(book_dir.join("img")).expect("image folder");
    std::fs::write(root.join("beside.txt"), "not the book's").expect("a file beside");
    let parts = files(data);
    for (name, bytes) in NAMES.iter().zip(&parts) {
        std::fs::write(book_dir.join(name), bytes).expect("a book file");
    }
    let src = text(parts[0]).into_owned();
    let book = book_dir.join("book.gobook");
    let before = tree(&root);
    let opts = gobook::project::build::Options {
        book: &book,
        text: &src,
        out_dir: None,
        progress: &|_| {},
        checked: None,
    };
    let mut written: Vec<std::path::PathBuf> = Vec::new();
    if let Ok(summary) = gobook::site::build::build(&opts, false) {
        written.push(
            summary
                .out_dir
                .canonicalize()
                .expect("the site was written"),
        );
    }
    if let Ok(summary) = gobook::epub::build::build(&opts, false) {
        for f in summary.files {
            written.push(f.canonicalize().expect("the e-book was written"));
        }
    }
    let after = tree(&root);
    let stray: Vec<_> = changed(&before, &after)
        .into_iter()
        .filter(|p| !written.iter().any(|w| p.starts_with(w)))
        .collect();
    assert!(
        stray.is_empty(),
        "a build changed {stray:?}, outside what it wrote: {written:?}"
    );
}

/// Where an absolute path leads, resolved one part at a time as the system does when a
/// folder is created there (`create_dir_all`): a link is followed where it stands, `..` goes
/// to the parent of the place reached, and a part that does not exist yet is taken as a
/// folder to be made. `None` for a loop of links. The reference `output::canonical` is
/// compared with.
fn physical(p: &std::path::Path, links: &mut u32) -> Option<std::path::PathBuf> {
    use std::path::Component;
    let mut cur = std::path::PathBuf::from("/");
    for c in p.components() {
        match c {
            Component::RootDir | Component::Prefix(_) => cur = std::path::PathBuf::from("/"),
            Component::CurDir => {}
            Component::ParentDir => {
                cur.pop();
            }
            Component::Normal(n) => {
                let next = cur.join(n);
                match std::fs::read_link(&next) {
                    Ok(target) => {
                        *links += 1;
                        if *links > 40 {
                            return None;
                        }
                        cur = physical(&cur.join(target), links)?;
                    }
                    Err(_) => cur = next,
                }
            }
        }
    }
    Some(cur)
}

/// Output paths (`-o`): the input is lines that make a folder (`d PATH`), a file (`f PATH`)
/// or a link (`l PATH TARGET`, the target as written) inside a temporary root that holds the
/// book (`root/book/book.gobook`, which includes `part.gobook`) and a folder beside it
/// (`root/other`), then name the output (`o PATH`, relative to the book's folder, with `.`,
/// `..` and links) and `force`. When the output leads inside the temporary folder, the site
/// is built there. Asserted: `check_place` refuses an output that holds the book; the book's
/// files are never changed; and a build changes nothing but the output (where the path
/// leads, or the link it names) and folders made on the way to it.
pub fn output_paths(data: &[u8]) {
    use gobook::project::output::{canonical, check_owned, check_place};
    let dir = scratch();
    let top = dir.path().canonicalize().expect("scratch");
    let root = top.join("root");
    let book_dir = root.join("book");
    std::fs::create_dir_all(&book_dir).expect("book folder");
    std::fs::create_dir_all(root.join("other")).expect("other folder");
    std::fs::write(root.join("other/keep.txt"), "keep").expect("a file to keep");
    let book = book_dir.join("book.gobook");
    let src = "::book(#b)\n\n::chapter(#c)\n\n::include url=\"part.gobook\"\n";
    std::fs::write(&book, src).expect("book");
    let part = "::dia sz=9 ab=C3\n";
    std::fs::write(book_dir.join("part.gobook"), part).expect("included file");
    let inside = |p: &std::path::Path| physical(p, &mut 0).filter(|r| r.starts_with(&top));
    let mut out = None;
    let mut force = false;
    for line in text(data).lines().take(40) {
        let (op, rest) = line.split_once(' ').unwrap_or((line, ""));
        let path: std::path::PathBuf = rest
            .split(' ')
            .next()
            .unwrap_or("")
            .split('/')
            .filter(|c| !c.is_empty() && *c != "." && *c != "..")
            .collect();
        let at = root.join(&path);
        if path.as_os_str().is_empty() && op != "o" && op != "force" {
            continue;
        }
        match op {
            "d" if inside(&at).is_some() => {
                let _ = std::fs::create_dir_all(&at);
            }
            "f" if at.parent().and_then(&inside).is_some() && inside(&at).is_some() => {
                let _ = std::fs::write(&at, "a file of the user's");
            }
            "l" if at.parent().and_then(&inside).is_some() => {
                let target = rest.split(' ').nth(1).unwrap_or(".");
                let _ = std::os::unix::fs::symlink(target, &at);
            }
            "o" if !rest.is_empty() && !rest.starts_with('/') => out = Some(book_dir.join(rest)),
            "force" => force = true,
            _ => {}
        }
    }
    let Some(out) = out else {
        return;
    };
    let _ = canonical(&out);
    let led = physical(&out, &mut 0);
    let placed = check_place(&out, &book);
    if let Some(r) = &led {
        if book.starts_with(r) {
            assert!(
                placed.is_err(),
                "check_place let {} (which leads to {}) hold the book",
                out.display(),
                r.display()
            );
        }
    }
    let _ = check_owned(&out, force);
    // Where a build may write: where the path leads, or the link it names in its folder.
    let Some(led) = led.filter(|r| r.starts_with(&top)) else {
        return;
    };
    let Some(parent) = out.parent().and_then(inside) else {
        return;
    };
    let named = parent.join(out.file_name().unwrap_or_default());
    let before = tree(&top);
    let opts = gobook::project::build::Options {
        book: &book,
        text: src,
        out_dir: Some(&out),
        progress: &|_| {},
        checked: None,
    };
    let _ = gobook::site::build::build(&opts, force);
    let after = tree(&top);
    assert_eq!(
        std::fs::read_to_string(&book).ok().as_deref(),
        Some(src),
        "the book changed"
    );
    assert_eq!(
        std::fs::read_to_string(book_dir.join("part.gobook"))
            .ok()
            .as_deref(),
        Some(part),
        "the included file changed"
    );
    let stray: Vec<_> = changed(&before, &after)
        .into_iter()
        .filter(|p| !p.starts_with(&led) && !p.starts_with(&named))
        // A folder made on the way to the output (`create_dir_all`) is no harm.
        .filter(|p| {
            before.contains_key(p) || after.get(p).map(Vec::as_slice) != Some(&b"folder"[..])
        })
        .collect();
    assert!(
        stray.is_empty(),
        "a build to {} (leading to {}) changed {stray:?}",
        out.display(),
        led.display()
    );
}
