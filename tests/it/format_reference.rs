//! The format reference `docs/format.md` (issue 25) cannot drift from the parser: it is
//! generated from the schema validation reads, every attribute and element of the schema
//! has an entry (and no entry names something the schema lacks), every example checks
//! without an error or a warning, and so does every book of `docs/recipes.md`.

use crate::common;
use gobook::format::reference::{self, EXAMPLE_CONTEXT};
use gobook::format::schema;

/// The diagnostics of `example` checked inside the reference's small book.
fn problems(example: &str) -> Vec<String> {
    let book = if example.starts_with("::book") {
        EXAMPLE_CONTEXT.replacen("::book(#b) title=\"T\"", example, 1)
    } else {
        format!("{EXAMPLE_CONTEXT}{example}\n")
    };
    gobook::check::check(&book)
        .diagnostics
        .iter()
        .map(|d| format!("{:?} {}: {}", d.severity, d.code, d.message))
        .collect()
}

#[test]
fn every_attribute_of_the_schema_has_an_entry_and_no_entry_more() {
    let table = schema::attributes();
    let missing: Vec<_> = table
        .iter()
        .filter(|a| {
            !reference::ATTRIBUTES
                .iter()
                .any(|d| d.group == a.1 && d.name == a.0)
        })
        .map(|a| format!("{} ({})", a.0, a.1.title()))
        .collect();
    assert!(
        missing.is_empty(),
        "attributes with no entry in crates/gobook-core/src/format/reference.rs: {missing:?}"
    );
    let extra: Vec<_> = reference::ATTRIBUTES
        .iter()
        .filter(|d| !table.iter().any(|a| d.group == a.1 && d.name == a.0))
        .map(|d| format!("{} ({})", d.name, d.group.title()))
        .collect();
    assert!(
        extra.is_empty(),
        "entries for attributes the schema lacks: {extra:?}"
    );
}

#[test]
fn every_element_of_the_schema_has_an_entry_and_no_entry_more() {
    let documented: Vec<&str> = reference::ELEMENTS.iter().map(|e| e.name).collect();
    assert_eq!(
        documented,
        schema::ELEMENT_NAMES,
        "the elements of the reference, in the schema's order"
    );
}

#[test]
fn every_example_checks_cleanly_and_shows_what_it_documents() {
    let mut bad = Vec::new();
    for e in reference::ELEMENTS {
        if !e.example.starts_with(&format!("::{}", e.name)) {
            bad.push(format!(
                "::{}: the example `{}` is not this element",
                e.name, e.example
            ));
        }
        let p = problems(e.example);
        if !p.is_empty() {
            bad.push(format!("::{}: `{}`: {p:?}", e.name, e.example));
        }
    }
    for a in reference::ATTRIBUTES {
        if !e_uses(a.example, a.name) {
            bad.push(format!(
                "{}: the example `{}` does not use it",
                a.name, a.example
            ));
        }
        let p = problems(a.example);
        if !p.is_empty() {
            bad.push(format!(
                "{} ({}): `{}`: {p:?}",
                a.name,
                a.group.title(),
                a.example
            ));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// Whether `example` gives the attribute `name` (possibly with a language suffix).
fn e_uses(example: &str, name: &str) -> bool {
    example
        .split_whitespace()
        .any(|w| w.starts_with(&format!("{name}=")) || w.starts_with(&format!("{name}_")))
}

#[test]
fn docs_format_md_is_the_generated_reference() {
    let path = common::root().join("docs/format.md");
    let actual = reference::markdown();
    if common::update_golden() {
        std::fs::write(&path, &actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    common::assert_same(&expected, &actual, &path);
}

#[test]
fn the_recipes_check_cleanly() {
    let text = std::fs::read_to_string(common::root().join("docs/recipes.md")).unwrap();
    let mut books = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        match (&mut current, line) {
            (None, "```gobook") => current = Some(String::new()),
            (Some(b), "```") => {
                books.push(std::mem::take(b));
                current = None;
            }
            (Some(b), l) => {
                b.push_str(l);
                b.push('\n');
            }
            (None, _) => {}
        }
    }
    assert!(
        books.len() >= 4,
        "a game, a problem set, a second language, an include"
    );
    for b in &books {
        // An included file's recipe is a chapter, checked as the book including it reads it.
        let book = if b.starts_with("::book") {
            b.clone()
        } else {
            gobook::project::includes::wrap(b)
        };
        let diags = gobook::check::check(&book).diagnostics;
        assert!(diags.is_empty(), "{diags:#?}\nin\n{b}");
    }
    for link in ["docs/format.md", "docs/recipes.md"] {
        let readme = std::fs::read_to_string(common::root().join("README.md")).unwrap();
        assert!(readme.contains(link), "the README links {link}");
    }
    let starter = std::fs::read_to_string(common::root().join("assets/starter.gobook")).unwrap();
    assert!(
        starter.contains("docs/format.md"),
        "the starter book names the reference"
    );
}

/// Each escape of the reference shows what it says it shows, after a diagram with a
/// stone at F8, and checks without a warning (issue 48).
#[test]
fn the_escapes_show_what_the_reference_says() {
    for (written, shown, _) in reference::ESCAPES {
        let src = format!("{EXAMPLE_CONTEXT}::dia mv=F8\n\n::p {written}\n");
        let (rich, c) = common::last_paragraph(&src, "en");
        assert_eq!(gobook::resolve::text::plain(&rich), *shown, "{written}");
        assert!(c.diagnostics.is_empty(), "{written}: {:?}", c.diagnostics);
        // `gobook fmt` keeps the escape as written.
        match gobook::format::writer::format(&src, false) {
            gobook::format::writer::Formatted::Text(t) => {
                assert!(t.contains(&format!("::p {written}\n")), "{written}:\n{t}")
            }
            gobook::format::writer::Formatted::SyntaxErrors(e) => panic!("{written}: {e:?}"),
        }
    }
    // In attribute values, inside the quotes: the caption and the answer's comment.
    let src = format!(
        "{EXAMPLE_CONTEXT}::prb base=none sz=9 ab=C3 ca=\"Dia. 1: \\\\#btp#\" correct=\"B1(1\\\\))\"\n"
    );
    let c = gobook::check::check(&src);
    assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
    let book = &c.resolved.book;
    let d = book.diagrams.last().unwrap();
    let caption = d.caption.get("en").unwrap();
    assert_eq!(
        gobook::resolve::text::resolve_plain(book, caption, "en"),
        "Dia. 1: #btp#"
    );
    let a = gobook::layout::answers::answers(book, d, "en");
    assert_eq!(a[0].comment, "1)");
}
