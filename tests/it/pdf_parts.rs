//! Issue #47, memory: a long book prints in parts (`crates/gobook-pdf/src/pdf/parts.rs`), each typeset and
//! exported apart, then joined (`crates/gobook-pdf/src/pdf/join.rs`). The joined PDF must be the book typeset
//! whole: checked by printing the same books both ways (`GOBOOK_PDF_PART_BYTES=1` makes
//! every chapter a part of its own) and comparing what a reader gets: every page's text
//! (`pdftotext`), the pages' sizes, the bookmarks (titles, nesting, the page each leads to),
//! every link (the page it is on, the page it leads to, what it says to a reader who
//! listens), the tags, and the parent tree every page and link is found by.

use crate::common;
use crate::pdf_build::poppler;
use lopdf::{Document, Object, ObjectId};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Prints `book` into `out` with parts of at most `part_bytes` of markup; the PDFs.
fn print(book: &Path, out: &Path, part_bytes: usize) -> Vec<PathBuf> {
    let home = common::tempdir();
    let o = common::with_home(&mut Command::new(env!("CARGO_BIN_EXE_gobook")), home.path())
        .args(["build", "-q", "--only-pdf", "-o"])
        .arg(out)
        .arg(book)
        .env("NO_COLOR", "1")
        .env("SOURCE_DATE_EPOCH", "1700000000")
        .env("GOBOOK_PDF_PART_BYTES", part_bytes.to_string())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    common::files_with_ext(out, "pdf")
}

/// What a reader gets of a PDF, to compare: pages, bookmarks, links, tags.
#[derive(Debug, PartialEq)]
struct Read {
    /// Each page's size and text.
    pages: Vec<(String, String)>,
    /// Each bookmark: its depth, title and the page it leads to.
    bookmarks: Vec<(usize, String, Option<usize>)>,
    /// Each link: its page, the page it leads to (or its address), what it says.
    links: Vec<(usize, String, String)>,
    /// The tags' types, depth first.
    tags: Vec<String>,
}

/// The object `o` is, a reference followed.
fn deref<'a>(doc: &'a Document, o: &'a Object) -> &'a Object {
    doc.dereference(o).map(|(_, o)| o).unwrap_or(o)
}

/// The page (from 1) a destination leads to.
fn dest_page(
    doc: &Document,
    dest: &Object,
    named: &HashMap<Vec<u8>, Object>,
    pages: &HashMap<ObjectId, usize>,
) -> Option<usize> {
    match deref(doc, dest) {
        Object::Array(a) => pages.get(&a.first()?.as_reference().ok()?).copied(),
        Object::String(name, _) => dest_page(doc, named.get(name)?, named, pages),
        _ => None,
    }
}

/// A PDF text string as text.
fn text(o: &Object) -> String {
    match o {
        Object::String(b, _) if b.starts_with(&[0xFE, 0xFF]) => {
            let units: Vec<u16> = b[2..]
                .chunks(2)
                .map(|c| u16::from_be_bytes([c[0], *c.get(1).unwrap_or(&0)]))
                .collect();
            String::from_utf16_lossy(&units)
        }
        Object::String(b, _) => String::from_utf8_lossy(b).into_owned(),
        other => format!("{other:?}"),
    }
}

/// Reads what a reader gets of `pdf`, checking on the way that every page and link is in
/// the parent tree; None where poppler is missing.
fn read(pdf: &Path) -> Option<Read> {
    let all = poppler("pdftotext", &["-layout", pdf.to_str().unwrap(), "-"])?;
    let mut texts: Vec<String> = all.split('\u{c}').map(String::from).collect();
    texts.pop();
    let doc = Document::load(pdf).unwrap();
    let page_ids: Vec<ObjectId> = doc.get_pages().into_values().collect();
    assert_eq!(page_ids.len(), texts.len(), "{}", pdf.display());
    let numbers: HashMap<ObjectId, usize> = page_ids
        .iter()
        .enumerate()
        .map(|(i, &p)| (p, i + 1))
        .collect();
    let catalog = doc.catalog().unwrap();
    let mut named = HashMap::new();
    if let Ok(names) = catalog.get(b"Names") {
        let dests = deref(
            &doc,
            deref(&doc, names).as_dict().unwrap().get(b"Dests").unwrap(),
        );
        let pairs = dests
            .as_dict()
            .unwrap()
            .get(b"Names")
            .unwrap()
            .as_array()
            .unwrap();
        let names: Vec<&[u8]> = pairs
            .iter()
            .step_by(2)
            .map(|n| n.as_str().unwrap())
            .collect();
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(names, sorted, "the named destinations are not in order");
        for pair in pairs.chunks(2) {
            named.insert(pair[0].as_str().unwrap().to_vec(), pair[1].clone());
        }
    }
    let struct_root = deref(&doc, catalog.get(b"StructTreeRoot").unwrap())
        .as_dict()
        .unwrap();
    let tree = deref(&doc, struct_root.get(b"ParentTree").unwrap())
        .as_dict()
        .unwrap();
    let keys: Vec<i64> = tree
        .get(b"Nums")
        .unwrap()
        .as_array()
        .unwrap()
        .iter()
        .step_by(2)
        .map(|k| k.as_i64().unwrap())
        .collect();
    let next = struct_root
        .get(b"ParentTreeNextKey")
        .unwrap()
        .as_i64()
        .unwrap();
    assert!(keys.windows(2).all(|w| w[0] < w[1]) && keys.iter().all(|&k| k < next));
    let mut pages = Vec::new();
    let mut links = Vec::new();
    for (i, &id) in page_ids.iter().enumerate() {
        let page = doc.get_dictionary(id).unwrap();
        let media = format!("{:?}", page.get(b"MediaBox").unwrap());
        pages.push((media, texts[i].clone()));
        if let Ok(k) = page.get(b"StructParents") {
            assert!(
                keys.contains(&k.as_i64().unwrap()),
                "page {} not in the parent tree",
                i + 1
            );
        }
        let Ok(annots) = page.get(b"Annots") else {
            continue;
        };
        for a in deref(&doc, annots).as_array().unwrap() {
            let a = deref(&doc, a).as_dict().unwrap();
            let k = a.get(b"StructParent").unwrap().as_i64().unwrap();
            assert!(
                keys.contains(&k),
                "a link of page {} is not in the parent tree",
                i + 1
            );
            let action = a.get(b"A").ok().map(|o| deref(&doc, o).as_dict().unwrap());
            let dest = a.get(b"Dest").ok().or_else(|| action?.get(b"D").ok());
            let to = match dest.and_then(|d| dest_page(&doc, d, &named, &numbers)) {
                Some(p) => format!("page {p}"),
                None => text(
                    action
                        .and_then(|a| a.get(b"URI").ok())
                        .unwrap_or(&Object::Null),
                ),
            };
            links.push((i + 1, to, text(a.get(b"Contents").unwrap_or(&Object::Null))));
        }
    }
    // A link cut in pieces (over a line break, a box) is one link to a reader.
    links.dedup();
    let mut bookmarks = Vec::new();
    if let Ok(root) = catalog.get(b"Outlines") {
        fn walk(
            doc: &Document,
            first: Option<&Object>,
            depth: usize,
            f: &dyn Fn(&Object) -> Option<usize>,
            out: &mut Vec<(usize, String, Option<usize>)>,
        ) {
            let mut item = first;
            while let Some(o) = item {
                let d = deref(doc, o).as_dict().unwrap();
                let to = d.get(b"Dest").ok().and_then(f);
                out.push((depth, text(d.get(b"Title").unwrap()), to));
                walk(doc, d.get(b"First").ok(), depth + 1, f, out);
                item = d.get(b"Next").ok();
            }
        }
        let root = deref(&doc, root).as_dict().unwrap();
        let f = |d: &Object| dest_page(&doc, d, &named, &numbers);
        walk(&doc, root.get(b"First").ok(), 0, &f, &mut bookmarks);
    }
    let mut tags = Vec::new();
    fn tag_walk(doc: &Document, o: &Object, out: &mut Vec<String>) {
        let Ok(d) = deref(doc, o).as_dict() else {
            return;
        };
        if let Ok(s) = d.get(b"S") {
            out.push(String::from_utf8_lossy(s.as_name().unwrap()).into_owned());
        }
        match d.get(b"K").map(|k| deref(doc, k)) {
            Ok(Object::Array(kids)) => kids.iter().for_each(|k| tag_walk(doc, k, out)),
            Ok(k @ Object::Dictionary(_)) => tag_walk(doc, k, out),
            Ok(k @ Object::Reference(_)) => tag_walk(doc, k, out),
            _ => {}
        }
    }
    tag_walk(&doc, catalog.get(b"StructTreeRoot").unwrap(), &mut tags);
    Some(Read {
        pages,
        bookmarks,
        links,
        tags,
    })
}

/// Prints `book` whole and in parts of one chapter and compares the PDFs; the PDFs in parts.
fn same_whole_and_in_parts(book: &Path) -> (tempfile::TempDir, Vec<PathBuf>) {
    let whole = common::tempdir();
    let parts = common::tempdir();
    let a = print(book, whole.path(), usize::MAX);
    let pdfs = print(book, parts.path(), 1);
    assert_eq!(a.len(), pdfs.len());
    for (a, b) in a.iter().zip(&pdfs) {
        let (Some(ra), Some(rb)) = (read(a), read(b)) else {
            return (parts, pdfs);
        };
        for (i, (pa, pb)) in ra.pages.iter().zip(&rb.pages).enumerate() {
            assert_eq!(pa, pb, "{}: page {} differs", b.display(), i + 1);
        }
        assert_eq!(ra.pages.len(), rb.pages.len(), "{}: pages", b.display());
        assert_eq!(ra.bookmarks, rb.bookmarks, "{}: bookmarks", b.display());
        assert_eq!(ra.links, rb.links, "{}: links", b.display());
        assert_eq!(ra.tags, rb.tags, "{}: tags", b.display());
        assert!(!ra.links.is_empty() && !ra.bookmarks.is_empty(), "{ra:?}");
    }
    (parts, pdfs)
}

/// A book of `n` chapters, each with a heading, a diagram, and links to the diagrams of the
/// chapters before and after it (so that a part names labels of parts on both sides).
fn linked_book(n: usize) -> String {
    let mut s = String::from("::book(#parts)\ntitle=\"Parts\"\nauthor=\"A. Teacher\"\n\n");
    for i in 1..=n {
        let prev = if i > 1 { i - 1 } else { n };
        let next = if i < n { i + 1 } else { 1 };
        s.push_str(&format!(
            "::chapter(#c{i})\n\n::h{level} Chapter {i}\n\nSee <a href=d{prev}>the diagram before</a> and <a href=d{next}>the one after</a>.\n\n\
             ::dia(#d{i}) sz=9 ab=C3 aw=G7 mv=E5 ca=\"Dia. {i}\"\n\nA word after the diagram of chapter {i}.\n\n",
            level = if i % 3 == 0 { 3 } else { 2 },
        ));
    }
    s
}

#[test]
fn a_book_printed_in_parts_is_the_book_printed_whole() {
    let dir = common::tempdir();
    let book = dir.path().join("parts.gobook");
    std::fs::write(&book, linked_book(7)).unwrap();
    let (_out, pdfs) = same_whole_and_in_parts(&book);
    // Tagged for accessibility as the book typeset whole is (PDF/A-2a and PDF/UA-1): each
    // part begins with a page of its own holding a level-1 heading, left out when joined
    // with its tags (docs/pdf.md, "A long book prints in parts").
    for pdf in &pdfs {
        let info = poppler("pdfinfo", &["-meta", pdf.to_str().unwrap()]).unwrap_or_default();
        for declared in [
            "<pdfaid:conformance>A</pdfaid:conformance>",
            "<pdfuaid:part>1</pdfuaid:part>",
        ] {
            assert!(
                info.is_empty() || info.contains(declared),
                "no {declared} in {}: {info}",
                pdf.display()
            );
        }
        // The contents, typeset in a part of its own without the chapters it lists, is a
        // table of contents of an item per chapter (the tags the whole book's has too).
        let Some(r) = read(pdf) else { continue };
        let toc = r.tags.iter().position(|t| t == "TOC").expect("a TOC");
        let items = r.tags[toc + 1..]
            .chunks(3)
            .take_while(|c| *c == ["TOCI", "Reference", "Link"])
            .count();
        assert_eq!(items, 7, "{:?}", r.tags);
    }
}

#[test]
fn right_hand_chapters_keep_their_side_when_printed_in_parts() {
    let dir = common::tempdir();
    let book = dir.path().join("parts.gobook");
    std::fs::write(&book, linked_book(5)).unwrap();
    std::fs::write(
        dir.path().join("gobook.toml"),
        "pdf_right_hand_chapters = true\npdf_bleed = 3.0\npdf_crop_marks = true\n",
    )
    .unwrap();
    same_whole_and_in_parts(&book);
}

#[test]
fn a_problem_book_with_its_solutions_at_the_end_prints_in_parts_as_whole() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = common::tempdir();
    let book = dir.path().join("problems.gobook");
    std::fs::copy(root.join("examples/problems/problems.gobook"), &book).unwrap();
    std::fs::write(dir.path().join("gobook.toml"), "pdf_solutions = \"book\"\n").unwrap();
    let (_dir, pdfs) = same_whole_and_in_parts(&book);
    let Some(r) = read(&pdfs[0]) else { return };
    // The solutions are a chapter of their own (#49): a bookmark beside the chapters', an
    // entry of the contents with its page, a heading tagged as one, its own running head.
    let at = r
        .bookmarks
        .iter()
        .find(|(_, t, _)| t == "Solutions")
        .unwrap_or_else(|| panic!("no bookmark: {:?}", r.bookmarks));
    let chapter = r
        .bookmarks
        .iter()
        .find(|(_, t, _)| t == "Intermediate")
        .unwrap();
    assert_eq!(at.0, chapter.0, "{:?}", r.bookmarks);
    let page = at.2.expect("the bookmark leads to a page");
    let contents = r
        .pages
        .iter()
        .find(|(_, t)| t.starts_with("Contents"))
        .unwrap();
    let entry = contents
        .1
        .lines()
        .find(|l| l.starts_with("Solutions"))
        .unwrap();
    assert!(
        entry.ends_with(&format!(" {page}")),
        "{entry} (page {page})"
    );
    assert!(
        r.pages[page - 1].1.starts_with("Solutions"),
        "{:?}",
        r.pages[page - 1]
    );
    let heads: Vec<&str> = r.pages[page..]
        .iter()
        .filter_map(|(_, t)| t.lines().next())
        .filter(|l| l.contains("Solutions"))
        .collect();
    assert!(!heads.is_empty(), "no running head names the solutions");
    assert!(
        r.tags.iter().filter(|t| t.starts_with('H')).count() >= 5,
        "{:?}",
        r.tags
    );
}

#[test]
fn a_book_with_its_own_contents_chapter_prints_one_contents() {
    // ear-reddening writes a contents chapter of links for the screen; print's contents,
    // with every chapter's page, is the one that prints, whole and in parts.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (_dir, pdfs) = same_whole_and_in_parts(&root.join("examples/ear-reddening"));
    for pdf in &pdfs {
        let Some(r) = read(pdf) else { return };
        let word = if pdf.to_string_lossy().ends_with("-de.pdf") {
            "Inhalt"
        } else {
            "Contents"
        };
        let all: String = r.pages.iter().map(|(_, t)| t.as_str()).collect();
        let lines: Vec<&str> = all
            .lines()
            .map(str::trim)
            .filter(|l| l.contains(word))
            .collect();
        assert_eq!(lines, [word], "{}: {all}", pdf.display());
        assert!(
            !r.bookmarks.iter().any(|(_, t, _)| t == word),
            "{:?}",
            r.bookmarks
        );
    }
}

#[test]
fn a_link_to_the_books_own_contents_leads_to_the_printed_contents() {
    let dir = common::tempdir();
    let book = dir.path().join("ck.gobook");
    std::fs::write(
        &book,
        "::book(#ck) title=\"Links\"\n\n::chapter(#title)\n\n::h1 Links\n\n\
         ::chapter(#contents)\n\n::h2 Contents\n\n::p href=one One\n\n\
         ::chapter(#one)\n\n::h2 One\n\n::p href=contents Back to the contents\n\n\
         ::chapter(#two)\n\n::h2 Two\n\nText.\n",
    )
    .unwrap();
    let (_dir, pdfs) = same_whole_and_in_parts(&book);
    let Some(r) = read(&pdfs[0]) else { return };
    let contents = r
        .pages
        .iter()
        .position(|(_, t)| t.trim_start().starts_with("Contents"))
        .unwrap()
        + 1;
    assert!(
        r.links
            .iter()
            .any(|(_, to, _)| *to == format!("page {contents}")),
        "{:?}",
        r.links
    );
    let all: String = r.pages.iter().map(|(_, t)| t.as_str()).collect();
    assert!(
        all.contains(&format!("Back to the contents, p. {contents}")),
        "{all}"
    );
}

#[test]
fn every_language_of_a_book_prints_in_parts_as_whole() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    same_whole_and_in_parts(&root.join("examples/multilingual"));
}

#[test]
fn the_joined_pdf_holds_one_document_tag_and_one_of_every_catalog_tree() {
    let dir = common::tempdir();
    let book = dir.path().join("parts.gobook");
    std::fs::write(&book, linked_book(4)).unwrap();
    let out = common::tempdir();
    let pdf = &print(&book, out.path(), 1)[0];
    let doc = Document::load(pdf).unwrap();
    let catalog = doc.catalog().unwrap();
    let root = doc
        .get_dictionary(
            catalog
                .get(b"StructTreeRoot")
                .unwrap()
                .as_reference()
                .unwrap(),
        )
        .unwrap();
    let top = match root.get(b"K").unwrap() {
        Object::Array(a) => a.len(),
        _ => 1,
    };
    assert_eq!(top, 1, "one document tag at the top of the tags");
    // No object the book does not use is left in it (the parts' own catalogs, page
    // trees, tag roots, the pages left out).
    let types: BTreeMap<String, usize> = doc.objects.values().fold(BTreeMap::new(), |mut m, o| {
        if let Ok(t) = o
            .as_dict()
            .and_then(|d| d.get(b"Type"))
            .and_then(Object::as_name)
        {
            *m.entry(String::from_utf8_lossy(t).into_owned())
                .or_default() += 1;
        }
        m
    });
    assert_eq!(types.get("Catalog"), Some(&1), "{types:?}");
    assert_eq!(types.get("StructTreeRoot"), Some(&1), "{types:?}");
    assert_eq!(
        types.get("Page").copied(),
        Some(doc.get_pages().len()),
        "{types:?}"
    );
}
