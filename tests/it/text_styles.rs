//! gobook's text styles (issue #34, the spec's future "smaller/larger fonts, small caps"):
//! `<small>`, `<big>` and `<sc>` in paragraph text, over tests/books/valid/text-styles.gobook:
//! spans with their classes and the CSS behind them on the site and in the e-book, typst's
//! sizes and small caps in the PDF, `fmt` keeping them, `check` placing every mistake.

use crate::common;

fn book() -> std::path::PathBuf {
    common::root().join("tests/books/valid/text-styles.gobook")
}

#[test]
fn site_and_ebook_write_the_styles_as_classes_their_css_sizes() {
    let dir = common::tempdir();
    let out = dir.path().join("site");
    let o = common::gobook(&[
        "build",
        "--epub",
        "-o",
        out.to_str().unwrap(),
        book().to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let html = std::fs::read_to_string(out.join("index.html")).unwrap();
    for want in [
        r#"<span class="gb-smaller">smaller text</span>"#,
        r#"<span class="gb-larger">larger text</span>"#,
        r#"<span class="gb-smallcaps">Small Caps Text</span>"#,
        // Bold spans the larger run, and quotes pair across a style's edges.
        r#"<strong>Bold <span class="gb-larger">big bold</span> bold</strong> and “<span class="gb-smallcaps">quoted caps</span>”"#,
        r#"<p id="whole" class="gb-style-normal"><span class="gb-larger">A whole paragraph set larger, with a <strong>bold</strong> word.</span></p>"#,
        // User text inside a style is escaped.
        r#"<span class="gb-smallcaps">a &lt; b &amp; “c” #d [e] *f* $g$</span>"#,
    ] {
        assert!(html.contains(want), "{want}\nin\n{html}");
    }
    let css = std::fs::read_to_string(out.join("style.css")).unwrap();
    let xhtml = common::epub_text(&out.join("ts-en.epub"), ".xhtml");
    let ecss = common::epub_text(&out.join("ts-en.epub"), ".css");
    assert!(
        xhtml.contains(r#"<span class="gb-smallcaps">Go Seigen</span>"#),
        "{xhtml}"
    );
    for css in [css, ecss] {
        for rule in [
            ".gb-smaller{font-size:smaller",
            ".gb-larger{font-size:larger",
            ".gb-smallcaps{font-variant:small-caps",
        ] {
            assert!(
                css.replace(['\n', ' '], "")
                    .contains(&rule.replace(' ', "")),
                "{rule}"
            );
        }
    }
}

#[test]
fn fmt_keeps_the_tags_and_check_places_every_mistake() {
    let dir = common::tempdir();
    let copy = dir.path().join("ts.gobook");
    std::fs::copy(book(), &copy).unwrap();
    let before = std::fs::read_to_string(&copy).unwrap();
    let o = common::gobook(&["fmt", copy.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let after = std::fs::read_to_string(&copy).unwrap();
    for tag in ["<small>", "</small>", "<big>", "</big>", "<sc>", "</sc>"] {
        assert_eq!(
            before.matches(tag).count(),
            after.matches(tag).count(),
            "{tag}"
        );
    }
    assert!(after.contains("<sc>Go Seigen</sc>"));

    let bad = dir.path().join("bad.gobook");
    std::fs::write(
        &bad,
        "::book(#b) title=B\n\n::chapter(#c)\n\n::p a <small><sc>x</small></sc> b <big>open\n\n::p c </sc> d <sc size=2>e</sc>\n",
    )
    .unwrap();
    let o = common::gobook(&["check", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    for want in [
        "bad.gobook:5:19: error: `</small>` closes `<small>` before the tags opened inside it are closed; write `</sc>` before it",
        "bad.gobook:5:35: error: `<big>` is not closed; end its text with `</big>`",
        "bad.gobook:7:7: error: `</sc>` closes nothing; remove it or add the opening `<sc>`",
        "bad.gobook:7:19: warning: `<sc>` takes no attributes, so `size` has no effect",
    ] {
        assert!(err.contains(want), "{want}\nin\n{err}");
    }
    // The `</sc>` after the misnested `</small>` is no second error.
    assert_eq!(err.matches("error:").count(), 3, "{err}");
}

#[cfg(feature = "pdf")]
#[test]
fn the_pdf_sets_sizes_and_real_small_caps() {
    let dir = common::tempdir();
    let out = dir.path().join("out");
    let o = common::gobook(&[
        "build",
        "--only-pdf",
        "-o",
        out.to_str().unwrap(),
        book().to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let pdf = out.join("ts-en.pdf");
    if !common::tool("pdftotext", "-v") {
        return;
    }
    let t = common::pdf_text(&pdf, &["-raw"]);
    // The words stay in order and whole (small caps are the font's glyphs, not capitals).
    assert!(
        t.contains("smaller text, larger text, and Small Caps Text."),
        "{t}"
    );
    assert!(
        t.contains("Source: Go Seigen, The Go Seigen Collection, 1985."),
        "{t}"
    );
    assert!(t.contains("a < b & “c” #d [e] *f* $g$"), "{t}");
    // The sizes: the larger paragraph's font is bigger than the source line's.
    let sizes = std::process::Command::new("pdftotext")
        .args(["-bbox", pdf.to_str().unwrap(), "-"])
        .output()
        .unwrap();
    let bbox = String::from_utf8_lossy(&sizes.stdout);
    let height = |word: &str| -> f64 {
        let line = bbox
            .lines()
            .find(|l| l.ends_with(&format!(">{word}</word>")))
            .unwrap_or_else(|| panic!("{word} in {bbox}"));
        let num = |k: &str| -> f64 {
            let a = line.find(&format!("{k}=\"")).unwrap() + k.len() + 2;
            line[a..a + line[a..].find('"').unwrap()].parse().unwrap()
        };
        num("yMax") - num("yMin")
    };
    let (big, normal, small) = (height("whole"), height("Normal"), height("Source:"));
    assert!(
        big > normal * 1.1 && small < normal * 0.9,
        "{big} {normal} {small}"
    );
}
