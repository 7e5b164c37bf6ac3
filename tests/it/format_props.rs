//! Properties of the writer over generated books: `fmt` is a fixed point, the
//! formatted file parses to the same tree, and nothing the author wrote is lost.

use gobook::format::syntax::Document;
use gobook::format::writer::{self, Formatted};
use proptest::prelude::*;

fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "[a-zA-Z]{1,8}",
        1 => "[0-9]{1,3}",
        1 => "[äöüßé]{1,3}",
        1 => "[日本語碁]{1,3}",
        1 => prop::sample::select(vec![
            "--", "...", "**bold**", "__it__", "#btp#", "#title#", "^Tb", "a < b", "<br>", "<br />", "\\n", "\"q\"",
            "'s'", "D4", "x,", "(p)", "x\ty",
        ])
        .prop_map(String::from),
    ]
}

fn line() -> impl Strategy<Value = String> {
    prop::collection::vec(word(), 1..6).prop_map(|w| w.join(" "))
}

fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(line(), 1..3).prop_map(|l| l.join("\n"))
}

fn coord(lower: bool) -> impl Strategy<Value = String> {
    (0u8..9, 1u8..10).prop_map(move |(c, r)| {
        let s = format!("{}{}", gobook::point::COLUMN_LETTERS[c as usize] as char, r);
        if lower {
            s.to_lowercase()
        } else {
            s
        }
    })
}

fn points(lower: bool) -> impl Strategy<Value = String> {
    (prop::collection::vec(coord(lower), 1..4), any::<bool>())
        .prop_map(|(v, sp)| v.join(if sp { " " } else { "" }))
}

/// A quoted-text value with the characters that need escapes.
fn quoted_text() -> impl Strategy<Value = String> {
    let escaped = word().prop_map(|w| w.replace('\\', "\\\\").replace('"', "\\\""));
    prop::collection::vec(
        prop_oneof![
            escaped,
            Just("\\\"".to_string()),
            Just("\\\\".to_string()),
            Just("\\t".to_string())
        ],
        1..5,
    )
    .prop_map(|w| format!("\"{}\"", w.join(" ")))
}

fn attr() -> impl Strategy<Value = String> {
    prop_oneof![
        (any::<bool>()).prop_flat_map(|l| points(l).prop_map(|p| format!("ab={p}"))),
        (any::<bool>()).prop_flat_map(|l| points(l).prop_map(|p| format!("tr={p}"))),
        (any::<bool>()).prop_flat_map(|l| points(l).prop_map(|p| format!("mv=\"{p} Pass\""))),
        points(false).prop_map(|p| format!("a={p}")),
        quoted_text().prop_map(|t| format!("ca={t}")),
        quoted_text().prop_map(|t| format!("ca_de={t}")),
        "[a-z]{2,6}".prop_map(|w| format!("ca={w}")),
        (1u32..30).prop_map(|n| format!("at={n}")),
        prop::sample::select(vec![
            "showToPlay=1",
            "gaps=none",
            "width=half",
            "align=center",
            "zork=1",
            "vw=A1J9",
            "C5=7"
        ])
        .prop_map(String::from),
        quoted_text().prop_map(|t| format!("pb={t}")),
    ]
}

fn attrs() -> impl Strategy<Value = String> {
    prop::collection::vec((attr(), any::<bool>()), 0..4).prop_map(|v| {
        v.into_iter()
            .enumerate()
            .map(|(i, (a, nl))| format!("{}{a}", if nl && i > 0 { "\n" } else { " " }))
            .collect()
    })
}

fn element() -> impl Strategy<Value = (String, bool)> {
    let diagram = (
        prop::sample::select(vec!["fig", "dia", "var", "prb", "go"]),
        attrs(),
        prop::option::of(text()),
        any::<bool>(),
    )
        .prop_map(|(n, a, t, id)| {
            (
                format!("::{n}{a}{}", t.map(|t| format!(" {t}")).unwrap_or_default()),
                id,
            )
        });
    prop_oneof![
        3 => text().prop_map(|t| (t, false)),
        2 => (prop::sample::select(vec!["p", "h2", "h3_de", "s1", "de", "en", "p_en_ja"]), text(), any::<bool>())
            .prop_map(|(n, t, id)| (format!("::{n} {t}"), id)),
        2 => (prop::sample::select(vec!["style=bullet", "hint=1", "keepWithNext=1", "ref=none"]), text())
            .prop_map(|(a, t)| (format!("::p {a} {t}"), false)),
        3 => diagram,
        1 => (text(), points(true)).prop_map(|(t, p)| (format!("See <dia mv={p}>{t}</dia> here."), false)),
        1 => text().prop_map(|t| (format!("::c {t}"), false)),
        1 => (text()).prop_map(|t| (format!("::zork(#z) q=1\n{t}"), false)),
        1 => Just(("::chapter".to_string(), true)),
        1 => (attrs(), text()).prop_map(|(a, t)| (format!("::dia{a}\n{t}"), false)),
    ]
}

/// A generated book: the book element, then elements with random spacing.
fn book() -> impl Strategy<Value = String> {
    (
        quoted_text(),
        prop::collection::vec((element(), 1usize..4, any::<bool>()), 0..14),
        any::<bool>(),
    )
        .prop_map(|(title, els, crlf)| {
            let mut s = format!("::book(#gen) title={title}\n\n::chapter(#c0)");
            for (i, ((el, with_id), blanks, spaces)) in els.into_iter().enumerate() {
                for _ in 0..blanks {
                    s.push_str(if spaces { "\n \t" } else { "\n" });
                }
                s.push('\n');
                let el = if with_id && el.starts_with("::") {
                    // Insert a unique ID after the element name.
                    let end = el[2..].find([' ', '\n']).map(|k| k + 2).unwrap_or(el.len());
                    format!("{}(#e{i}){}", &el[..end], &el[end..])
                } else {
                    el
                };
                s.push_str(&el);
            }
            s.push('\n');
            if crlf {
                s.replace('\n', "\r\n")
            } else {
                s
            }
        })
}

fn fmt(src: &str) -> String {
    match writer::format(src, false) {
        Formatted::Text(t) => t,
        Formatted::SyntaxErrors(e) => panic!("syntax errors in generated book: {e:?}\n{src}"),
    }
}

/// One element without positions and layout: name, languages, ID, attributes and value.
type Meaning = (
    String,
    Vec<String>,
    Option<String>,
    Vec<(String, String)>,
    String,
);

/// The tree without positions and layout: what a book means, as written.
fn semantic(doc: &Document) -> Vec<Meaning> {
    doc.elements
        .iter()
        .map(|e| {
            (
                e.name.clone(),
                e.langs.clone(),
                e.id_str().map(String::from),
                e.attrs
                    .iter()
                    .map(|a| (a.name.clone(), a.value.clone()))
                    .collect(),
                e.value_str().replace("\r\n", "\n"),
            )
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn fmt_is_idempotent(src in book()) {
        let once = fmt(&src);
        prop_assert_eq!(fmt(&once), once);
    }

    #[test]
    fn fmt_keeps_the_tree(src in book()) {
        let once = fmt(&src);
        let mut before = gobook::format::parse(&src).doc;
        writer::normalize(&mut before);
        let after = gobook::format::parse(&once).doc;
        prop_assert_eq!(semantic(&after), semantic(&before));
    }

    #[test]
    fn fmt_loses_nothing_the_author_wrote(src in book()) {
        // Independent of normalize: every element, ID, attribute and text is still
        // there, values equal up to the case of coordinates.
        let before = gobook::format::parse(&src).doc;
        let after = gobook::format::parse(&fmt(&src)).doc;
        prop_assert_eq!(before.elements.len(), after.elements.len());
        for (x, y) in before.elements.iter().zip(&after.elements) {
            prop_assert_eq!(&x.name, &y.name);
            prop_assert_eq!(x.id_str(), y.id_str());
            prop_assert_eq!(x.value_str().replace("\r\n", "\n").to_lowercase(), y.value_str().replace("\r\n", "\n").to_lowercase());
            // The attributes appear in the same order (the writer may add `pl`).
            let mut rest = y.attrs.iter();
            for a in &x.attrs {
                let found = rest.any(|b| b.name == a.name && b.value.eq_ignore_ascii_case(&a.value));
                prop_assert!(found, "attribute {}={} lost", a.name, a.value);
            }
        }
    }

    #[test]
    fn check_never_panics(src in "\\PC{0,300}") {
        let c = gobook::check::check(&src);
        let _ = c.has_errors();
        let _ = writer::format(&src, false);
    }

    #[test]
    fn check_never_panics_on_near_books(src in book(), cut in 0usize..400, junk in "[:(#\"<>=/\\\\a-z \n]{0,12}") {
        // Damage a valid book at a random place.
        let mut at = cut.min(src.len());
        while !src.is_char_boundary(at) { at -= 1; }
        let damaged = format!("{}{}{}", &src[..at], junk, &src[at..]);
        let _ = gobook::check::check(&damaged);
        let _ = writer::format(&damaged, false);
    }
}

#[test]
fn a_value_after_a_tab_keeps_its_leading_spaces_and_fmt_settles() {
    // The reader skips the spaces before a value but only one tab: ` text` after a tab.
    let src = "::p style=bullet\t  text after a tab\n";
    let Formatted::Text(once) = writer::format(src, false) else {
        panic!("syntax errors")
    };
    let Formatted::Text(twice) = writer::format(&once, false) else {
        panic!("syntax errors")
    };
    assert_eq!(once, twice);
    assert!(once.contains("  text after a tab"), "{once:?}");
}
