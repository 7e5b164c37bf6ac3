//! Text as the reader sees it: standard texts, coordinates, symbols,
//! typography, bold and italic, breaks and links.

use gobook::check::{check, Checked};
use gobook::point::{Color, Mark};
use gobook::resolve::text::{self, LinkTarget, Rich};

const HEAD: &str = "::book_en_de(#t) title=\"The Title\" title_de=\"Der Titel\" author=\"A. Author\"\n\n::chapter(#c1)\n\n";

/// The resolved text of the last paragraph of `body`, in `lang`.
fn last_text(body: &str, lang: &str) -> (Vec<Rich>, Checked) {
    crate::common::last_paragraph(&format!("{HEAD}{body}\n"), lang)
}

fn plain(body: &str, lang: &str) -> String {
    text::plain(&last_text(body, lang).0)
}

fn t(s: &str) -> Rich {
    Rich::Text(s.into())
}

#[test]
fn coordinates_become_what_the_diagram_shows() {
    let dia = "::dia mv=\"D4 Q16\" A=F8 tr=C3 ab=C3\n\n";
    assert_eq!(
        plain(&format!("{dia}Invade at F8, then D4 and Q16."), "en"),
        "Invade at A, then 1 and 2."
    );
    let (r, _) = last_text(&format!("{dia}The marked stone C3."), "en");
    assert_eq!(
        r[1],
        Rich::Symbol {
            mark: Some(Mark::Triangle),
            color: Some(Color::Black)
        }
    );
    // B1 is a coordinate too; words like H2O and lowercase d4 are not.
    assert_eq!(plain("::dia mv=B1\n\nB1, H2O, d4.", "en"), "1, H2O, d4.");
    // No diagram referenced: nothing is replaced.
    assert_eq!(
        plain(&format!("{dia}::p ref=none Invade at F8."), "en"),
        "Invade at F8."
    );
}

#[test]
fn a_coordinate_with_nothing_drawn_is_a_warning() {
    let src = format!("{HEAD}::dia mv=D4\n\nPlay at K10 later.\n");
    let c = check(&src);
    let w: Vec<_> = c
        .diagnostics
        .iter()
        .map(|d| (d.code.as_str(), d.message.as_str()))
        .collect();
    assert_eq!(w, vec![("coordinate-not-drawn", "nothing is drawn at K10 in the diagram this text describes, so the coordinate stays as written")]);
    assert_eq!(
        &src[c.diagnostics[0].span.start as usize..c.diagnostics[0].span.end as usize],
        "K10"
    );
}

#[test]
fn standard_texts_in_two_languages() {
    let codes: Vec<String> = gobook::i18n::standard_codes().collect();
    assert_eq!(codes.len(), 69, "31 codes for each player and 7 plain ones");
    for code in &codes {
        for lang in ["en", "de"] {
            let want = gobook::i18n::standard_text(code, lang).unwrap();
            assert_eq!(
                plain(&format!("#{code}#"), lang),
                want,
                "#{code}# in {lang}"
            );
        }
    }
    assert_eq!(plain("#btp#", "en"), "Black to play.");
    assert_eq!(
        plain("#btp#", "de"),
        gobook::i18n::standard_text("btp", "de").unwrap()
    );
    // A language suffix picks the language whatever the reader's.
    assert_eq!(
        plain("#wtk_de#", "en"),
        gobook::i18n::standard_text("wtk", "de").unwrap()
    );
    assert_eq!(plain("#prb#", "en"), "Problem");
    // Book attributes, per language.
    assert_eq!(plain("#title# by #author#", "en"), "The Title by A. Author");
    assert_eq!(plain("#title#", "de"), "Der Titel");
    // Unknown codes and plain hashes stay.
    assert_eq!(plain("#zz# and #1 and #", "en"), "#zz# and #1 and #");
}

#[test]
fn typography() {
    assert_eq!(
        plain("\"Quoted\" and 'single' don't", "en"),
        "\u{201c}Quoted\u{201d} and \u{2018}single\u{2019} don\u{2019}t"
    );
    assert_eq!(plain("\"Zitat\"", "de"), "\u{201e}Zitat\u{201c}");
    assert_eq!(
        plain("a -- b --- c ... d", "en"),
        "a \u{2013} b \u{2014} c \u{2026} d"
    );
    assert_eq!(
        plain("moves 3-5 and a - b end -", "en"),
        "moves 3\u{2013}5 and a\u{a0}\u{2013} b end \u{2013}"
    );
    assert_eq!(
        plain("two  spaces, three   stay", "en"),
        "two spaces, three   stay"
    );
    assert_eq!(plain("well-known", "en"), "well-known");
}

#[test]
fn bold_and_italic_nest() {
    let (r, _) = last_text("__italic text with **bold italic**__", "en");
    assert_eq!(
        r,
        vec![Rich::Italic(vec![
            t("italic text with "),
            Rich::Bold(vec![t("bold italic")])
        ])]
    );
    let (r, _) = last_text("**bold text with __bold italic__**", "en");
    assert_eq!(
        r,
        vec![Rich::Bold(vec![
            t("bold text with "),
            Rich::Italic(vec![t("bold italic")])
        ])]
    );
    let (r, _) = last_text("**bold** and __it__ and **open", "en");
    assert_eq!(
        r,
        vec![
            Rich::Bold(vec![t("bold")]),
            t(" and "),
            Rich::Italic(vec![t("it")]),
            t(" and **open")
        ]
    );
}

#[test]
fn line_breaks() {
    let (r, _) = last_text("one\ntwo\\nthree<br>four<br/>five<br />six", "en");
    assert_eq!(r.iter().filter(|x| **x == Rich::Break).count(), 5);
    assert_eq!(text::plain(&r), "one\ntwo\nthree\nfour\nfive\nsix");
}

#[test]
fn symbols() {
    let (r, _) = last_text("^T ^Tb ^Ow ^O ^S ^X ^D", "en");
    let syms: Vec<_> = r
        .iter()
        .filter(|x| matches!(x, Rich::Symbol { .. }))
        .cloned()
        .collect();
    assert_eq!(
        syms,
        vec![
            Rich::Symbol {
                mark: Some(Mark::Triangle),
                color: None
            },
            Rich::Symbol {
                mark: Some(Mark::Triangle),
                color: Some(Color::Black)
            },
            Rich::Symbol {
                mark: None,
                color: Some(Color::White)
            },
            Rich::Symbol {
                mark: None,
                color: None
            },
            Rich::Symbol {
                mark: Some(Mark::Square),
                color: None
            },
            Rich::Symbol {
                mark: Some(Mark::Cross),
                color: None
            },
            Rich::Symbol {
                mark: Some(Mark::Diamond),
                color: None
            },
        ]
    );
}

#[test]
fn links_and_inline_diagrams() {
    let body = "::p(#here) Here.\n\n::go mv=D4\n\nSee <a href=here>this</a>, <a href=c1>chapter</a>, <a href=\"de\">Deutsch</a>, \
<a href=\"https://example.org\">web</a>, <a href=\"mailto:a@b.c\">mail</a>, <a href=nowhere>gone</a>, \
<a href=\"javascript:alert(1)\">bad</a> and <dia at=1 mv=C3>a diagram</dia>.";
    let (r, c) = last_text(body, "en");
    let targets: Vec<_> = r
        .iter()
        .filter_map(|x| {
            if let Rich::Link { target, .. } = x {
                Some(target.clone())
            } else {
                None
            }
        })
        .collect();
    let here = c
        .doc
        .elements
        .iter()
        .position(|e| e.id_str() == Some("here"))
        .unwrap();
    let c1 = c
        .doc
        .elements
        .iter()
        .position(|e| e.id_str() == Some("c1"))
        .unwrap();
    assert_eq!(
        targets,
        vec![
            LinkTarget::Element(here),
            LinkTarget::Element(c1),
            LinkTarget::Language("de".into()),
            LinkTarget::External("https://example.org".into()),
            LinkTarget::External("mailto:a@b.c".into()),
            LinkTarget::Disabled,
            LinkTarget::Disabled,
        ]
    );
    let d = r
        .iter()
        .find_map(|x| {
            if let Rich::Diagram { diagram, content } = x {
                Some((*diagram, content.clone()))
            } else {
                None
            }
        })
        .unwrap();
    assert_eq!(d.1, vec![t("a diagram")]);
    assert_eq!(
        c.resolved.book.diagrams[d.0].moves[0].label().as_deref(),
        Some("1")
    );
}

#[test]
fn ids_are_looked_up_in_the_chapter_first() {
    let src = format!(
        "{HEAD}::p(#x) First.\n\n\n\n::chapter(#c2)\n\n::p(#x) Second.\n\n<a href=x>link</a>\n"
    );
    let c = check(&src);
    let el = c.doc.elements.len() - 1;
    let second = c
        .doc
        .elements
        .iter()
        .rposition(|e| e.id_str() == Some("x"))
        .unwrap();
    assert_eq!(
        text::link_target(&c.links, el, "x"),
        LinkTarget::Element(second)
    );
}

#[test]
fn a_written_tab_is_a_tab_and_a_plain_circle_is_no_white_stone() {
    assert_eq!(
        plain("::p style=bullet 1.\\tFirst point.", "en"),
        "1.\tFirst point."
    );
    assert_eq!(plain("::p ^O and ^Ow", "en"), "◦ and ○");
}

/// A backslash keeps what follows it as written: markup, typography and coordinates; `\\` is
/// a backslash; a backslash before anything else is itself (issue 48).
#[test]
fn escapes_keep_text_as_written() {
    let dia = "::dia mv=\"D4 Q16\" A=F8\n\n";
    let cases = [
        (
            r"\**not bold\** \__not italic\__",
            "**not bold** __not italic__",
        ),
        (r"\#btp# \#pb# \^Tb \^O", "#btp# #pb# ^Tb ^O"),
        (
            r"\<a href=x>no link\</a> \<br> a\\nb",
            "<a href=x>no link</a> <br> a\\nb",
        ),
        (
            r#"\'a\' \"b\" x\--y 3\-3 wait\... \::x"#,
            "'a' \"b\" x--y 3-3 wait... ::x",
        ),
        (r"at \F8 and \D4, not F8", "at F8 and D4, not A"),
        (r"C:\Go\games, a \ b, \\", "C:\\Go\\games, a \\ b, \\"),
    ];
    for (src, want) in cases {
        assert_eq!(plain(&format!("{dia}{src}"), "en"), want, "{src}");
    }
    // Nothing escaped changes what is around it: bold around an escaped star, a tab.
    let (r, _) = last_text(r"**a \* b** x", "en");
    assert_eq!(r, vec![Rich::Bold(vec![t("a * b")]), t(" x")]);
    assert_eq!(
        plain("::p style=bullet 1.\\tFirst point.", "en"),
        "1.\tFirst point."
    );
    // An escaped coordinate with nothing drawn is no warning: it is kept on purpose.
    let c = check(&format!("{HEAD}::dia mv=D4\n\nPlay at \\K10 later.\n"));
    assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
}

/// `\\t` is a backslash and a `t`, not a tab (issue 49): only `\t` is a tab.
#[test]
fn an_escaped_backslash_before_t_is_no_tab() {
    assert_eq!(
        plain(r"::p style=bullet C:\\temp and \\n", "en"),
        r"C:\temp and \n"
    );
    let (r, _) = last_text(r"::p style=bullet x\\ty", "en");
    assert_eq!(text::plain(&r), r"x\ty");
}
