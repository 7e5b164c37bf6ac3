//! Issue #49, "a cross-edition test": every book of `tests/books/valid` and the examples,
//! built to all three editions, says the same words in each. For every language, each
//! chapter's headings, paragraphs, captions, gaps lines and answer lines are read from the
//! site's HTML and the EPUB's XHTML (which must agree element by element), and each must be
//! among the words of the PDF's tagged paragraphs and headings (`P`, `H1`..: the structure
//! `pdfinfo -struct-text` reads, so running heads and page breaks split none), where print
//! may add to them: "Hint:" before a hint, ", p. 5" after a link. Every board's labels
//! (move numbers, letters, coordinates) are the same in the site's SVG and in the PDF's
//! figures, and so are its stones and marks (read back from the SVG and from the PDF's
//! drawing by `board_shapes`). Differences are listed by book, page and element.

use crate::board_shapes::{self, Board};
use crate::common;
use crate::pdf_build::{struct_text, tagged_in};
use std::path::{Path, PathBuf};

/// The kinds of element compared: start tag and, for a `span`, its class.
const KINDS: &[(&str, Option<&str>)] = &[
    ("h1", None),
    ("h2", None),
    ("h3", None),
    ("h4", None),
    ("h5", None),
    ("h6", None),
    ("p", None),
    ("span", Some("gb-caption")),
    ("span", Some("gb-gaps")),
    ("span", Some("gb-answer-line")),
];

/// Differences known and left for a decision, each with why: the test fails on any other,
/// and on one of these once it is gone (so the list stays true).
const KNOWN: &[(&str, &str)] = &[
    (
        "layout-href.gobook en: a printed board not on the site: [\"1\"]",
        "the site leaves out the inline diagram of a paragraph that links as a whole \
         (markup::blocks: it would have no link to open it); print prints it under the text",
    ),
    (
        "layout-href.gobook en: the stones and marks of a printed board not on the site: \
         Board { black: [(4, 14)], white: [], marks: [] }",
        "the same board",
    ),
];

/// The books: the valid test books and the examples.
fn books() -> Vec<PathBuf> {
    let root = common::root();
    let mut out = common::files("tests/books/valid", "gobook");
    for e in [
        "annotated-game",
        "ear-reddening",
        "languages",
        "multilingual",
        "problems",
    ] {
        out.push(root.join("examples").join(e));
    }
    out
}

/// The text of markup `m`: its tags and drawings left out, entities read, white space one space.
fn text_of(m: &str) -> String {
    let mut out = String::new();
    let mut rest = m;
    // A drawing's words (its title, its description) are no text of the page.
    while let Some(at) = rest.find("<svg") {
        out.push_str(&rest[..at]);
        rest = rest[at..]
            .find("</svg>")
            .map_or("", |end| &rest[at + end + 6..]);
    }
    out.push_str(rest);
    let mut plain = String::new();
    let mut in_tag = false;
    for c in out.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            c if !in_tag => plain.push(c),
            _ => {}
        }
    }
    let plain = plain
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&nbsp;", "\u{a0}")
        .replace("&amp;", "&");
    plain.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Markup `m` without the links to the book's other languages (`../de/...`) it ends with,
/// and the `·` between them: print, one book per language, leaves those out (a switch in
/// the middle of a paragraph keeps its words).
fn without_language_links(m: &str) -> String {
    let mut out = m.trim_end().to_string();
    while let Some(at) = out.rfind("<a href=\"../") {
        let href = &out[at + 12..];
        let lang: String = href
            .chars()
            .take_while(|c| *c != '/' && *c != '"')
            .collect();
        let is_lang = href[lang.len()..].starts_with('/')
            && (2..=7).contains(&lang.len())
            && lang.chars().all(|c| c.is_ascii_lowercase() || c == '-');
        if !is_lang || !out.ends_with("</a>") || out[at..].matches("</a>").count() != 1 {
            break;
        }
        out.truncate(at);
        let kept = out.trim_end().trim_end_matches('·').trim_end().len();
        out.truncate(kept);
    }
    out
}

/// One element of a page: its tag (with the class it is picked by), its text, and the
/// text print is to hold of it.
type Element = (String, String, String);

/// Classes of the paragraphs one edition has for its own reader, left out: the word an
/// e-book prints a hint under, an e-book's solution's title and its way back to the
/// problem (its answers follow the chapter), a buy button (no edition's but the site's).
const OWN: &[&str] = &[
    "gb-hint-title",
    "gb-solution-title",
    "gb-solution-back",
    "gb-buy-wrap",
];

/// The elements of [`KINDS`] in the `<main>` of page `html`, in order; an empty one, and
/// those of [`OWN`], left out.
fn elements(html: &str) -> Vec<Element> {
    let main = html.find("<main").map_or(html, |at| {
        &html[at..html.rfind("</main>").unwrap_or(html.len())]
    });
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(lt) = main[at..].find('<') {
        let start = at + lt;
        at = start + 1;
        let tag: String = main[start + 1..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        let Some(gt) = main[start..].find('>') else {
            break;
        };
        let attrs = &main[start..start + gt];
        let kind = KINDS.iter().find(|(t, class)| {
            *t == tag
                && class.is_none_or(|c| {
                    attrs
                        .split("class=\"")
                        .nth(1)
                        .is_some_and(|cs| cs.split('"').next().unwrap().split(' ').any(|x| x == c))
                })
        });
        let Some((t, class)) = kind else { continue };
        // The element's end: these never hold one of their own kind.
        let body = start + gt + 1;
        let end = if *t == "span" {
            // Spans nest: count them to the one that closes this.
            let mut depth = 1;
            let mut i = body;
            loop {
                let open = main[i..].find("<span").map(|k| i + k);
                let close = main[i..].find("</span>").map(|k| i + k);
                match (open, close) {
                    (Some(o), Some(c)) if o < c => {
                        depth += 1;
                        i = o + 5;
                    }
                    (_, Some(c)) => {
                        depth -= 1;
                        i = c + 7;
                        if depth == 0 {
                            break c;
                        }
                    }
                    _ => break main.len(),
                }
            }
        } else {
            main[body..]
                .find(&format!("</{t}>"))
                .map_or(main.len(), |k| body + k)
        };
        let words = text_of(&main[body..end]);
        if !words.is_empty() && !OWN.iter().any(|c| attrs.contains(c)) {
            let name = match class {
                Some(c) => format!("{t}.{c}"),
                None => t.to_string(),
            };
            let print = text_of(&without_language_links(&main[body..end]));
            out.push((name, words, print));
        }
    }
    out
}

/// Words compared across the break of a line: no white space, no hyphens (print hyphenates
/// a word at a line's end, and `pdfinfo` keeps the hyphen), in lower case (small capitals
/// print as small letters), a Japanese or Chinese colon as a colon (print sets `：`, the
/// web editions `: `).
fn squeezed(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '-' | '\u{ad}' | '\u{2010}'))
        .map(|c| if c == '：' { ':' } else { c })
        .flat_map(char::to_lowercase)
        .collect()
}

/// Print's text `s` without the page references it adds after a link (", p. 5", ", S. 5",
/// "（5頁）", which poppler may read as "（5 頁）"),
/// which the web editions do not have.
fn without_page_references(s: &str) -> String {
    let mut out = s.to_string();
    for (word, after) in [
        (", p. ", ""),
        (", S. ", ""),
        ("（", " 頁）"),
        ("（", "頁）"),
    ] {
        let mut from = 0;
        while let Some(k) = out[from..].find(word) {
            let at = from + k;
            let digits = out[at + word.len()..]
                .chars()
                .take_while(char::is_ascii_digit)
                .count();
            let end = at + word.len() + digits;
            if digits > 0 && out[end..].starts_with(after) {
                out.replace_range(at..end + after.len(), "");
            } else {
                from = at + word.len();
            }
        }
    }
    out
}

/// The elements of `a` that `b` lacks (as many times as it lacks them), in `a`'s order.
fn lacking<'e>(a: &'e [Element], b: &[Element]) -> Vec<&'e Element> {
    let mut left: Vec<Option<&Element>> = b.iter().map(Some).collect();
    a.iter()
        .filter(|e| {
            let same = |o: &Option<&Element>| o.is_some_and(|x| x.0 == e.0 && x.1 == e.1);
            match left.iter().position(same) {
                Some(k) => {
                    left[k] = None;
                    false
                }
                None => true,
            }
        })
        .collect()
}

/// The labels of every board among the site's pages `html` (the `<text>` of each
/// `svg.gb`: move numbers, letters, coordinates), each board's sorted; a board without
/// any left out.
fn site_boards(html: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for svg in html.split("<svg ").skip(1) {
        let start = &svg[..svg.find('>').unwrap_or(0)];
        if !start.contains("class=\"gb\"") {
            continue;
        }
        let svg = &svg[..svg.find("</svg>").unwrap_or(svg.len())];
        let mut labels: Vec<String> = svg
            .split("<text")
            .skip(1)
            .filter_map(|t| {
                let body = &t[t.find('>')? + 1..t.find("</text>")?];
                Some(text_of(body))
            })
            .filter(|t| !t.is_empty())
            .collect();
        labels.sort();
        if !labels.is_empty() {
            out.push(labels);
        }
    }
    out
}

/// The labels of every board a PDF draws (the text of each `Figure` tag), each board's
/// sorted, from `tags`, what `pdfinfo -struct-text` printed of it; a board without any
/// left out.
fn printed_boards(tags: &str) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = Vec::new();
    let mut open: Option<usize> = None;
    for line in tags.lines() {
        let indent = line.len() - line.trim_start().len();
        let l = line.trim();
        if l.starts_with("Figure") {
            out.push(Vec::new());
            open = Some(indent);
            continue;
        }
        match (open, l.strip_prefix('"').and_then(|w| w.strip_suffix('"'))) {
            (Some(at), _) if indent <= at && !l.is_empty() => open = None,
            (Some(_), Some(words)) => out.last_mut().unwrap().push(words.trim().to_string()),
            _ => {}
        }
    }
    for labels in &mut out {
        labels.retain(|l| !l.is_empty());
        labels.sort();
    }
    out.retain(|labels| !labels.is_empty());
    out
}

/// The boards of `a` that `b` lacks, as many times as it lacks them.
fn boards_lacking<'b, T: PartialEq>(a: &'b [T], b: &[T]) -> Vec<&'b T> {
    let mut left: Vec<Option<&T>> = b.iter().map(Some).collect();
    a.iter()
        .filter(|board| match left.iter().position(|o| *o == Some(*board)) {
            Some(k) => {
                left[k] = None;
                false
            }
            None => true,
        })
        .collect()
}

/// The boards of the site that print lacks and the printed ones the site lacks, each said
/// as "`at`: `what` of the site not printed" or "`at`: `printed` not on the site".
fn boards_differing<T: PartialEq + std::fmt::Debug>(
    at: &str,
    (what, printed): (&str, &str),
    site: &[T],
    print: &[T],
) -> Vec<String> {
    let not_printed = boards_lacking(site, print)
        .into_iter()
        .map(|b| format!("{at}: {what} of the site not printed: {b:?}"));
    let not_on_site = boards_lacking(print, site)
        .into_iter()
        .map(|b| format!("{at}: {printed} not on the site: {b:?}"));
    not_printed.chain(not_on_site).collect()
}

/// What differs between the editions of language `lang` of the book built into `out`.
fn differences(
    book: &str,
    out: &Path,
    lang: &str,
    epub: &Path,
    compared: &mut usize,
) -> Vec<String> {
    let mut found = Vec::new();
    let pages = Some(out.join(lang))
        .filter(|d| d.is_dir())
        .unwrap_or(out.to_path_buf());
    let pdf = out.join(
        epub.file_name()
            .unwrap()
            .to_string_lossy()
            .replace(".epub", ".pdf"),
    );
    // poppler's reading of the structure once, for the words and for the boards: it
    // was most of this test's time.
    let structure = struct_text(&pdf);
    let printed: Vec<String> = structure
        .as_deref()
        .map(tagged_in)
        .unwrap_or_default()
        .into_iter()
        .filter(|(t, _)| t == "P" || t.starts_with('H'))
        .map(|(_, w)| squeezed(&without_page_references(&w)))
        .collect();
    let all_printed = printed.concat();
    // What `pdftotext` reads, for the words poppler reads in the page but not in the tags:
    // the rest of a line after a glyph typst gives an `/ActualText` (the hyphen of
    // "e-books" or "1835-07-27"), where poppler's reading of a tag's text stops.
    let page_text = squeezed(&without_page_references(
        &common::pdf_text(&pdf, &[]).replace("\u{ad}\n", ""),
    ));
    let mut z = zip::ZipArchive::new(std::fs::File::open(epub).unwrap()).unwrap();
    let names: Vec<String> = z
        .file_names()
        .filter(|n| n.starts_with("OEBPS/text/") && n.ends_with(".xhtml"))
        .map(str::to_string)
        .collect();
    let mut boards = Vec::new();
    let mut shapes = Vec::new();
    for name in names {
        let page = name
            .trim_start_matches("OEBPS/text/")
            .trim_end_matches(".xhtml");
        if page == "contents" {
            continue;
        }
        let mut xhtml = String::new();
        std::io::Read::read_to_string(&mut z.by_name(&name).unwrap(), &mut xhtml).unwrap();
        let Ok(html) = std::fs::read_to_string(pages.join(format!("{page}.html"))) else {
            found.push(format!("{book} {lang}: {page}.html is not on the site"));
            continue;
        };
        boards.extend(site_boards(&html));
        shapes.extend(board_shapes::site_boards(&html));
        let (web, ebook) = (elements(&html), elements(&xhtml));
        *compared += web.len();
        let at = format!("{book} {lang} {page}");
        // The same elements, the answers where each edition puts them (the site under
        // their problem, the e-book after the chapter).
        for (k, _, words) in lacking(&web, &ebook) {
            found.push(format!("{at}: not in the EPUB: {k} {words:?}"));
        }
        for (k, _, words) in lacking(&ebook, &web) {
            found.push(format!("{at}: not on the site: {k} {words:?}"));
        }
        if printed.is_empty() {
            continue;
        }
        for (kind, words, print) in &web {
            let s = squeezed(print);
            if s.is_empty() {
                continue;
            }
            // Within one paragraph or heading of print; a paragraph of print may hold
            // several of the site's (a caption's lines), and a gaps line of many stones
            // may run on into the next.
            let tagged = printed.iter().any(|p| p.contains(&s)) || all_printed.contains(&s);
            if !tagged && !page_text.contains(&s) {
                found.push(format!("{at}: not printed: {kind} {words:?}"));
            }
        }
    }
    // Every board's numbers and letters: the same boards in the SVG as in print, wherever
    // each edition puts them (print's answers follow their chapter).
    if !printed.is_empty() {
        let print = structure.as_deref().map(printed_boards).unwrap_or_default();
        *compared += boards.len();
        let at = format!("{book} {lang}");
        let what = ("a board", "a printed board");
        found.extend(boards_differing(&at, what, &boards, &print));
        // And every board's stones and marks, read from the SVG and from the PDF's drawing.
        let drawn: Vec<Board> = board_shapes::printed_boards(&pdf)
            .into_iter()
            .filter(|b| !b.is_empty())
            .collect();
        shapes.retain(|b| !b.is_empty());
        *compared += shapes.len();
        let what = (
            "the stones and marks of a board",
            "the stones and marks of a printed board",
        );
        found.extend(boards_differing(&at, what, &shapes, &drawn));
    }
    found
}

#[test]
fn every_book_says_the_same_words_on_the_site_in_the_epub_and_in_print() {
    if !common::have("pdfinfo", "-v") {
        common::steps_aside("same_text: poppler's pdfinfo is not installed");
        return;
    }
    let tmp = common::tempdir();
    let mut found = Vec::new();
    let mut compared = 0;
    // The test books name `bullet.png` and `cover.jpg`, found beside a copy of each (a
    // picture must be what its name says: the copy names it `cover.png`).
    let png = |w, h| {
        let mut p = resvg::tiny_skia::Pixmap::new(w, h).unwrap();
        p.fill(resvg::tiny_skia::Color::from_rgba8(90, 120, 160, 255));
        p.encode_png().unwrap()
    };
    for (i, src) in books().iter().enumerate() {
        let out = tmp.path().join(format!("b{i}"));
        let book = if src.is_file() {
            let dir = tmp.path().join(format!("src{i}"));
            std::fs::create_dir_all(&dir).unwrap();
            let text = std::fs::read_to_string(src).unwrap();
            std::fs::write(dir.join("bullet.png"), png(1600, 400)).unwrap();
            std::fs::write(dir.join("cover.png"), png(300, 200)).unwrap();
            let copy = dir.join(src.file_name().unwrap());
            std::fs::write(&copy, text.replace("cover.jpg", "cover.png")).unwrap();
            copy
        } else {
            src.clone()
        };
        let book = &book;
        let o = common::gobook(&[
            "build",
            "--epub",
            "--pdf",
            "-q",
            "-o",
            out.to_str().unwrap(),
            book.to_str().unwrap(),
        ]);
        let name = book.file_name().unwrap().to_string_lossy().into_owned();
        if !o.status.success() {
            found.push(format!("{name}: {}", String::from_utf8_lossy(&o.stderr)));
            continue;
        }
        for epub in common::files_with_ext(&out, "epub") {
            let stem = epub.file_stem().unwrap().to_string_lossy().into_owned();
            let lang = stem.rsplit('-').next().unwrap().to_string();
            found.extend(differences(&name, &out, &lang, &epub, &mut compared));
        }
    }
    for (known, why) in KNOWN {
        assert!(
            found.iter().any(|f| f == known),
            "no longer found, take it off KNOWN: {known} ({why})"
        );
    }
    found.retain(|f| !KNOWN.iter().any(|(known, _)| f == known));
    assert!(
        found.is_empty(),
        "{} differences:\n{}",
        found.len(),
        found.join("\n")
    );
    // Every book's every language, not a page that went unread.
    assert!(compared > 400, "only {compared} elements compared");
    eprintln!("same_text: {compared} elements the same in the three editions");
}
