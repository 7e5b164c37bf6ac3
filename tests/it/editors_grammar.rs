//! The syntax-colouring grammar shipped for editors (editors/gobook.tmLanguage.json, a
//! TextMate grammar VS Code, Sublime Text, Zed and others read): it is JSON, every pattern
//! compiles, and its rules colour the parts of real book lines: element names, language
//! suffixes, IDs, attributes and their values, standard texts, inline tags, comments.

use crate::common;
use regex::Regex;
use serde_json::Value;

fn grammar() -> Value {
    let text =
        std::fs::read_to_string(common::root().join("editors/gobook.tmLanguage.json")).unwrap();
    serde_json::from_str(&text).expect("the grammar is JSON")
}

/// The pattern of rule `name` under `key` (`match` or `begin`).
fn rule(g: &Value, name: &str, key: &str) -> Regex {
    let src = g["repository"][name][key]
        .as_str()
        .unwrap_or_else(|| panic!("{name}.{key}"));
    Regex::new(src).unwrap_or_else(|e| panic!("{name}.{key}: {e}"))
}

/// Every regular expression of the grammar, with where it is.
fn patterns(v: &Value, at: &str, out: &mut Vec<(String, String)>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                if matches!(k.as_str(), "match" | "begin" | "end") {
                    out.push((format!("{at}.{k}"), x.as_str().unwrap().to_string()));
                } else {
                    patterns(x, &format!("{at}.{k}"), out);
                }
            }
        }
        Value::Array(a) => a
            .iter()
            .enumerate()
            .for_each(|(i, x)| patterns(x, &format!("{at}[{i}]"), out)),
        _ => {}
    }
}

#[test]
fn grammar_is_json_and_every_pattern_compiles() {
    let g = grammar();
    assert_eq!(g["scopeName"], "source.gobook");
    let mut all = Vec::new();
    patterns(&g, "", &mut all);
    assert!(all.len() >= 8, "{all:?}");
    for (at, p) in all {
        // Oniguruma (TextMate's engine) reads these; they use no look-behind or possessive
        // forms. A look-ahead (`(?=`) Rust's regex lacks is compiled as a plain group, so
        // what it looks for is still checked.
        Regex::new(&p.replace("(?=", "(?:")).unwrap_or_else(|e| panic!("{at}: {e}"));
    }
    for (k, inc) in g["repository"].as_object().unwrap() {
        let text = inc.to_string();
        for name in text
            .split("\"include\":\"#")
            .skip(1)
            .filter_map(|s| s.split('"').next())
        {
            assert!(
                g["repository"].get(name).is_some(),
                "{k} includes #{name}, which is not defined"
            );
        }
    }
}

#[test]
fn grammar_colours_the_parts_of_element_lines() {
    let g = grammar();
    let element = rule(&g, "element", "begin");
    let c = element
        .captures("::fig_en(#game-f1) base=game at=1 ca=\"Figure 1\"")
        .unwrap();
    assert_eq!((&c[2], &c[3], &c[6]), ("fig", "_en", "game-f1"));
    for name in gobook::format::schema::ELEMENT_NAMES {
        let line = format!("::{name} text");
        assert_eq!(&element.captures(&line).unwrap()[2], *name, "{line}");
    }
    assert!(element
        .captures("A plain paragraph :: not an element")
        .is_none());

    let attr = rule(&g, "attribute", "match");
    let found: Vec<(String, String)> = attr
        .captures_iter("::dia base=game ca_de=\"Dia. 1 \\\"a\\\"\" ab=C3D4 showCoords Text")
        .map(|c| (format!("{}{}", &c[1], &c[2]), c[4].to_string()))
        .collect();
    assert_eq!(
        found,
        [
            ("base".into(), "game".into()),
            ("ca_de".into(), "\"Dia. 1 \\\"a\\\"\"".into()),
            ("ab".into(), "C3D4".into())
        ]
    );
    let std = rule(&g, "standard-text", "match");
    assert_eq!(std.find("::p #btp# and #pb#").unwrap().as_str(), "#btp#");
    // An escape is coloured as one, and comes first among the text's rules, so what it
    // keeps as written is coloured as no standard text or tag (issue 48).
    let escape = rule(&g, "escape", "match");
    let found: Vec<&str> = escape
        .find_iter(r"\#btp# \** \<dia \\ \t \n \F8 \Q16 C:\Go a \ b")
        .map(|m| m.as_str())
        .collect();
    assert_eq!(
        found,
        [r"\#", r"\*", r"\<", r"\\", r"\t", r"\n", r"\F8", r"\Q16"]
    );
    assert_eq!(g["repository"]["text"]["patterns"][0]["include"], "#escape");
    let comment = rule(&g, "comment", "match");
    assert!(comment.is_match("::c a note") && !comment.is_match("::chapter(#c)"));
    let tag = rule(&g, "inline-tag", "begin");
    assert_eq!(&tag.captures("See <dia at=2 mv=C4>").unwrap()[2], "dia");
    // Every line of a real book that starts an element is coloured as one.
    let book = common::read_book(&common::root().join("tests/books/valid/every-element.gobook"));
    for line in book.lines().filter(|l| l.starts_with("::")) {
        assert!(element.is_match(line) || comment.is_match(line), "{line}");
    }
}
