//! The corpus of hand-written books: valid books check clean and survive `fmt`;
//! invalid books give exactly the diagnostics in their `.expect` files (`UPDATE_GOLDEN=1`
//! rewrites them).

use crate::common;

use gobook::check::check;
use gobook::diagnostics::SourceFile;
use gobook::format::schema;
use gobook::format::writer::{format, Formatted};
use std::collections::BTreeSet;

fn valid_books() -> Vec<std::path::PathBuf> {
    let mut v = common::files("tests/books/valid", "gobook");
    v.extend(common::files("examples/ear-reddening", "gobook"));
    v
}

fn fmt(src: &str) -> String {
    match format(src, false) {
        Formatted::Text(t) => t,
        Formatted::SyntaxErrors(e) => panic!("syntax errors: {e:?}"),
    }
}

#[test]
fn valid_books_have_no_problems() {
    for p in valid_books() {
        let src = common::read_book(&p);
        let c = check(&src);
        let file = SourceFile::new("x", &src);
        let shown: Vec<_> = c
            .diagnostics
            .iter()
            .map(|d| file.locate(d))
            .map(|l| format!("{}:{} {}", l.line, l.column, l.message))
            .collect();
        assert!(shown.is_empty(), "{}: {shown:#?}", p.display());
    }
}

#[test]
fn fmt_is_a_fixed_point_and_keeps_the_tree() {
    for p in valid_books() {
        let src = common::read_book(&p);
        let once = fmt(&src);
        assert_eq!(fmt(&once), once, "{}: fmt(fmt(x)) != fmt(x)", p.display());
        let a = gobook::format::parse(&src).doc;
        let b = gobook::format::parse(&once).doc;
        assert_eq!(a.elements.len(), b.elements.len(), "{}", p.display());
        for (x, y) in a.elements.iter().zip(&b.elements) {
            assert_eq!(
                (&x.name, &x.langs, x.id_str(), x.kind),
                (&y.name, &y.langs, y.id_str(), y.kind)
            );
            let xa: Vec<_> = x.attrs.iter().map(|a| (&a.name, &a.value)).collect();
            let ya: Vec<_> = y.attrs.iter().map(|a| (&a.name, &a.value)).collect();
            assert_eq!(xa, ya, "{}: attributes of {}", p.display(), x.name);
            assert_eq!(
                x.value_str().replace("\r\n", "\n"),
                y.value_str(),
                "{}",
                p.display()
            );
        }
    }
}

#[test]
fn formatted_example_stays_byte_identical() {
    // The bundled example is kept formatted, so fmt must not touch it.
    for p in common::files("examples/ear-reddening", "gobook") {
        let src = common::read_book(&p);
        assert_eq!(fmt(&src), src, "{} is not fmt-clean", p.display());
    }
}

#[test]
fn valid_corpus_uses_every_element_and_attribute() {
    let mut elements = BTreeSet::new();
    let mut attrs = BTreeSet::new();
    let (mut labels, mut point_text) = (false, false);
    for p in valid_books() {
        let src = common::read_book(&p);
        let doc = gobook::format::parse(&src).doc;
        for el in &doc.elements {
            elements.insert(el.name.clone());
            for a in &el.attrs {
                let base = a.base_name();
                labels |= base.len() == 1;
                point_text |= schema::is_point_name(base);
                attrs.insert(base.to_string());
            }
        }
    }
    let missing_el: Vec<_> = schema::ELEMENT_NAMES
        .iter()
        .filter(|n| !elements.contains(**n))
        .collect();
    assert!(
        missing_el.is_empty(),
        "elements no valid book uses: {missing_el:?}"
    );
    assert!(
        elements.iter().any(|n| schema::is_language(n)),
        "no bare language element"
    );
    let missing_attr: Vec<_> = schema::attribute_names()
        .filter(|n| !attrs.contains(*n))
        .collect();
    assert!(
        missing_attr.is_empty(),
        "attributes no valid book uses: {missing_attr:?}"
    );
    assert!(labels && point_text, "labels and point text must be used");
}

#[test]
fn invalid_books_give_the_expected_diagnostics() {
    let books = common::files("tests/books/invalid", "gobook");
    assert!(books.len() >= 25);
    for p in books {
        let bytes = std::fs::read(&p).unwrap();
        let (src, _) = gobook::format::parser::decode(&bytes).unwrap();
        let c = check(src);
        let file = SourceFile::new("x", src);
        let got: Vec<String> = c
            .diagnostics
            .iter()
            .map(|d| file.locate(d))
            .map(|l| {
                format!(
                    "{}:{}: {}: {}",
                    l.line,
                    l.column,
                    if l.severity == gobook::diagnostics::Severity::Error {
                        "error"
                    } else {
                        "warning"
                    },
                    l.message
                )
            })
            .collect();
        let expect = p.with_extension("expect");
        let got = got.iter().map(|l| format!("{l}\n")).collect::<String>();
        if common::update_golden() {
            std::fs::write(&expect, &got).unwrap();
        }
        let want_text =
            std::fs::read_to_string(&expect).expect("every invalid book has a .expect file");
        let want: String = want_text
            .lines()
            .filter(|l| !l.is_empty())
            .map(|l| format!("{l}\n"))
            .collect();
        common::assert_same(&want, &got, &expect);
        assert!(!want.is_empty(), "{} expects nothing", p.display());
    }
}
