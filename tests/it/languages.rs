//! Every language a first-class edition (issue #22), proven on `examples/languages` (en,
//! fr, de, ja) built as a site, and on small books for what the example must not hold
//! (missing answers and translations): answers per language, typography per language,
//! coordinates in CJK text, diagrams described in the page's language, the coverage
//! report, `default_language` and `base_url`.

use crate::common;
use gobook::check::check;
use gobook::resolve::text;
use std::path::{Path, PathBuf};

/// Builds `examples/languages` into a temporary folder; returns it with the site folder.
fn built() -> (tempfile::TempDir, PathBuf) {
    let tmp = common::tempdir();
    let site = tmp.path().join("site");
    let book = common::root().join("examples/languages");
    let r = common::gobook(&[
        "build",
        book.to_str().unwrap(),
        "-o",
        site.to_str().unwrap(),
    ]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    (tmp, site)
}

fn read(site: &Path, page: &str) -> String {
    std::fs::read_to_string(site.join(page)).unwrap_or_else(|e| panic!("{page}: {e}"))
}

/// The text of a page without its tags and diagrams, entities decoded.
fn words(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(i) = rest.find('<') {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        if rest.starts_with("<svg") {
            rest = &rest[rest.find("</svg>").map_or(rest.len(), |e| e + 6)..];
        } else {
            rest = &rest[rest.find('>').map_or(rest.len(), |e| e + 1)..];
        }
    }
    out.push_str(rest);
    out.replace("&quot;", "\"").replace("&amp;", "&")
}

/// The last paragraph of `body` (after a four-language book head) resolved in `lang`.
fn resolved(body: &str, lang: &str) -> String {
    let src = format!("::book_en_fr_de_ja(#t) title=T\n\n::chapter(#c)\n\n{body}\n");
    text::plain(&common::last_paragraph(&src, lang).0)
}

/// The warnings of `check` on a book, as (code, message).
fn warnings(src: &str) -> Vec<(&'static str, String)> {
    check(src)
        .diagnostics
        .into_iter()
        .map(|d| (d.code.as_str(), d.message))
        .collect()
}

#[test]
fn problem_answers_are_in_the_pages_language() {
    let (_tmp, site) = built();
    for (lang, correct, wrong, foreign) in [
        (
            "en",
            "White is dead.",
            "Only one eye: White lives.",
            "Blanc est mort.",
        ),
        (
            "fr",
            "Blanc est mort.",
            "Un seul œil\u{a0}: Blanc vit.",
            "White is dead.",
        ),
        (
            "de",
            "Weiß ist tot.",
            "Nur ein Auge: Weiß lebt.",
            "White is dead.",
        ),
        ("ja", "白死です。", "白生きです。", "White is dead."),
    ] {
        let page = read(&site, &format!("{lang}/problem.html"));
        // The interactive problem's data and the solution written out for readers without script.
        let data = page
            .split("data-gb=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        let data = data.replace("&quot;", "\"");
        assert!(
            data.contains(correct) || data.contains(&correct.replace('\u{a0}', " ")),
            "{lang}: {data}"
        );
        assert!(
            data.contains(wrong.split('\u{a0}').next().unwrap()),
            "{lang}: {data}"
        );
        assert!(!page.contains(foreign), "{lang} shows {foreign}");
    }
}

#[test]
fn a_problem_without_an_answer_in_a_language_is_a_warning() {
    let head = "::book_en_fr_ja(#p) title=P\n\n::chapter(#c)\n\n::en x\n\n::fr x\n\n::ja x\n\n";
    let w = warnings(&format!(
        "{head}::prb sz=9 ab=A2B2 aw=A3B3 pl=b correct_en=\"A1(White is dead.)\" correct_ja=\"A1(白死。)\"\n"
    ));
    let found: Vec<_> = w
        .iter()
        .filter(|(c, _)| *c == "problem-without-answer")
        .collect();
    assert_eq!(found.len(), 1, "{w:?}");
    assert!(
        found[0].1.contains("no correct answer in fr") && found[0].1.contains("correct_fr="),
        "{w:?}"
    );
    // A neutral answer serves every language; a language's own replaces it.
    let w = warnings(&format!(
        "{head}::prb sz=9 ab=A2B2 aw=A3B3 pl=b correct=\"A1(dead)\" correct_ja=\"A1(白死。)\"\n"
    ));
    assert!(
        !w.iter().any(|(c, _)| *c == "problem-without-answer"),
        "{w:?}"
    );
    let c = check(&format!(
        "{head}::prb sz=9 ab=A2B2 aw=A3B3 pl=b correct=\"A1(dead)\" correct_ja=\"A1(白死。)\"\n"
    ));
    let d = &c.resolved.book.diagrams[0];
    assert_eq!(d.correct_in("ja")[0][0].1.as_deref(), Some("白死。"));
    assert_eq!(d.correct_in("fr")[0][0].1.as_deref(), Some("dead"));
}

#[test]
fn typography_follows_each_language() {
    let (_tmp, site) = built();
    let page = |l: &str| words(&read(&site, &format!("{l}/three.html")));
    let en = page("en");
    assert!(
        en.contains("“the vital point” – it’s the one point both sides want…"),
        "{en}"
    );
    let fr = page("fr");
    assert!(
        fr.contains("On l’appelle «\u{202f}le point vital\u{202f}» – c’est"),
        "{fr}"
    );
    assert!(
        fr.contains("Pourquoi\u{202f}? Parce qu’il fait deux yeux\u{202f}!"),
        "{fr}"
    );
    let de = page("de");
    assert!(de.contains("„den Vitalpunkt“ – so geht’s: Beide"), "{de}");
    let ja = page("ja");
    assert!(ja.contains("これを「急所」と呼びます。"), "{ja}");
    assert!(ja.contains("大事な点です……1835"), "{ja}");
    // Dates are not ranges.
    for t in [&en, &fr, &de, &ja] {
        assert!(t.contains("1835-07-27"), "{t}");
    }
    // Every language's quotes, on one sentence.
    let s = "\"a\" 'b' L'uomo";
    for (lang, want) in [
        ("en", "“a” ‘b’ L’uomo"),
        ("de", "„a“ ‚b‘ L’uomo"),
        ("es", "«a» “b” L’uomo"),
        ("it", "«a» “b” L’uomo"),
        ("pt", "«a» “b” L’uomo"),
        ("ru", "«a» „b“ L’uomo"),
        ("po", "„a” ‚b’ L’uomo"),
        ("cn", "“a” ‘b’ L’uomo"),
        ("ko", "“a” ‘b’ L’uomo"),
        // CJK quotes keep the spaces beside them when Latin text stands on the other side.
        ("tw", "「a」 『b』 L’uomo"),
    ] {
        assert_eq!(resolved(s, lang), want, "{lang}");
    }
    // In CJK text quotes open and close by turns, spaces beside them dropped.
    assert_eq!(
        resolved("黒は \"強い\" 手。'ね'", "ja"),
        "黒は「強い」手。『ね』"
    );
    assert_eq!(resolved("白は\"弱い\"。", "cn"), "白は“弱い”。");
    // Apostrophes are never quotes.
    assert_eq!(resolved("C'est l'homme", "fr"), "C’est l’homme");
    assert_eq!(resolved("geht's", "de"), "geht’s");
    assert_eq!(resolved("the players' turn", "en"), "the players’ turn");
    // Ranges and dashes still become en dashes; Russian sets an em dash between spaces.
    assert_eq!(resolved("moves 3-5 - yes", "en"), "moves 3–5\u{a0}– yes");
    assert_eq!(resolved("да - нет", "ru"), "да\u{a0}— нет");
    assert_eq!(resolved("黒---白...", "ja"), "黒——白……");
}

#[test]
fn coordinates_in_cjk_text_are_substituted() {
    let (_tmp, site) = built();
    let ja = words(&read(&site, "ja/three.html"));
    assert!(ja.contains("黒1と三つの空点"), "{ja}");
    let dia = "::dia mv=\"O3 Q5\"\n\n";
    assert_eq!(
        resolved(&format!("{dia}黒O3、Q5に打つ。"), "ja"),
        "黒1、2に打つ。"
    );
    // Latin words still need their boundaries.
    assert_eq!(resolved(&format!("{dia}xO3 O3x O3."), "en"), "xO3 O3x 1.");
}

#[test]
fn diagrams_are_titled_and_described_in_the_pages_language() {
    let (_tmp, site) = built();
    for (lang, title, desc) in [
        (
            "en",
            "Dia. 1: Black lives",
            "9x9 board, showing A1 to G5. Black stones: A2",
        ),
        (
            "fr",
            "Dia. 1\u{a0}: Noir vit",
            "Goban 9×9, de A1 à G5. Pierres noires\u{a0}: A2",
        ),
        (
            "de",
            "Dia. 1: Schwarz lebt",
            "9×9-Brett, Ausschnitt A1 bis G5. Schwarze Steine: A2",
        ),
        ("ja", "1図 黒生き", "9路盤、A1からG5まで。黒石：A2"),
    ] {
        let page = read(&site, &format!("{lang}/three.html"));
        assert!(
            page.contains(&format!("<title>{title}</title><desc>{desc}")),
            "{lang}: {}",
            &page[page.find("<svg").unwrap()..][..400]
        );
    }
    // The skip link and the landmarks are in the page's language too.
    let ja = read(&site, "ja/three.html");
    assert!(ja.contains(">本文へ移動</a>"), "skip link");
    assert!(!ja.contains("Skip to content"));
}

#[test]
fn elements_in_another_language_say_so() {
    let (_tmp, site) = built();
    let ja = read(&site, "ja/three.html");
    // The language chooser names each language in itself, marked as such.
    for (code, name) in [("en", "English"), ("fr", "Français"), ("de", "Deutsch")] {
        assert!(
            ja.contains(&format!("lang=\"{code}\" data-lang=\"{code}\">{name}</a>")),
            "{code}"
        );
    }
    let root = read(&site, "index.html");
    assert!(root.contains("<section lang=\"ja\">"));
}

#[test]
fn check_languages_reports_what_each_language_lacks() {
    let tmp = common::tempdir();
    let book = tmp.path().join("m.gobook");
    std::fs::write(
        &book,
        "::book_en_fr_de_ja(#m) title=\"Missing\" title_fr=\"Manque\" title_de=\"Fehlt\" title_ja=\"欠\"\n\n\
         ::chapter(#c)\n\n::h2_en Heading\n\n::h2_fr Titre\n\n::h2_de Kopf\n\n::h2_ja 見出し\n\n\
         ::dia mv=D4 ca_en=\"Dia. 1\" ca_fr=\"Dia. 1\" ca_de=\"Dia. 1\"\n\n\
         ::en One.\n\n::fr Un.\n\n::de Eins.\n\nA neutral paragraph with words.\n\n#btp#\n",
    )
    .unwrap();
    let r = common::gobook(&["check", "--languages", book.to_str().unwrap()]);
    let out = String::from_utf8_lossy(&r.stdout);
    assert!(r.status.success(), "{out}");
    let ja = out.split("  ja:").nth(1).expect("a ja section");
    assert!(ja.starts_with(" 2 texts missing"), "{out}");
    assert!(ja.contains("`ca` (in en, fr, de): Dia. 1"), "{out}");
    assert!(ja.contains("paragraph (in en, fr, de): One."), "{out}");
    assert!(
        out.contains("  en: complete\n  fr: complete\n  de: complete\n"),
        "{out}"
    );
    // Neutral text with words may be untranslated; a standard text is translated by gobook.
    assert!(out.contains("A neutral paragraph with words."), "{out}");
    assert!(!out.contains("#btp#"), "{out}");
    // JSON for tools.
    let r = common::gobook(&[
        "check",
        "--languages",
        "--format",
        "json",
        book.to_str().unwrap(),
    ]);
    let v: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
    assert_eq!(
        v["languages"]["languages"][3]["missing"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    // build says it in one line.
    let r = common::gobook(&[
        "build",
        book.to_str().unwrap(),
        "-o",
        tmp.path().join("s").to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(
        err.contains("Languages: ja lacks 2 texts; 1 language-neutral text may be untranslated (see `gobook check --languages`)"),
        "{err}"
    );
}

#[test]
fn a_declared_language_without_text_is_a_warning() {
    let w = warnings(
        "::book_en_fr_ja(#b) title=B title_ja=B\n\n::chapter(#c)\n\nHello.\n\n::ja こんにちは。\n",
    );
    let found: Vec<_> = w
        .iter()
        .filter(|(c, _)| *c == "language-without-text")
        .collect();
    assert_eq!(found.len(), 1, "{w:?}");
    assert!(found[0].1.contains("`fr`"), "{w:?}");
}

#[test]
fn the_root_page_opens_the_default_language_and_base_url_names_every_page() {
    let (_tmp, site) = built();
    let root = read(&site, "index.html");
    assert!(
        root.starts_with("<!DOCTYPE html><html lang=\"fr\">"),
        "{root}"
    );
    assert!(root.contains(
        "<noscript><meta http-equiv=\"refresh\" content=\"0; url=fr/index.html\"></noscript>"
    ));
    // The script picks the remembered language, else the browser's, else the default.
    assert!(
        root.contains("navigator.languages")
            && root.contains("l=\"fr\"")
            && root.contains("[\"en\",\"fr\",\"de\",\"ja\"]")
    );
    assert!(root.contains("<link rel=\"canonical\" href=\"https://example.org/vital-point/\">"));
    let fr = read(&site, "fr/three.html");
    assert!(fr.contains(
        "<link rel=\"canonical\" href=\"https://example.org/vital-point/fr/three.html\">"
    ));
    for (tag, url) in [
        ("en", "en/three.html"),
        ("ja", "ja/three.html"),
        ("x-default", ""),
    ] {
        assert!(
            fr.contains(&format!(
                "<link rel=\"alternate\" hreflang=\"{tag}\" href=\"https://example.org/vital-point/{url}\">"
            )),
            "{tag}"
        );
    }
    let map = read(&site, "sitemap.xml");
    assert!(map.starts_with("<?xml"));
    for url in ["", "en/", "ja/problem.html", "de/contents.html"] {
        assert!(
            map.contains(&format!("<loc>https://example.org/vital-point/{url}</loc>")),
            "{url}: {map}"
        );
    }
    // A default language the book does not have stops the build with the fix.
    let tmp = common::tempdir();
    std::fs::write(
        tmp.path().join("b.gobook"),
        "::book_en_de(#b) title=B\n\n::chapter(#c)\n\n::de Hallo.\n",
    )
    .unwrap();
    std::fs::write(
        tmp.path().join("gobook.toml"),
        "default_language = \"ja\"\n",
    )
    .unwrap();
    let r = common::gobook(&["build", tmp.path().to_str().unwrap()]);
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(
        !r.status.success()
            && err.contains("default_language = \"ja\"")
            && err.contains("(en, de)"),
        "{err}"
    );
    // Without base_url: no canonical links, no sitemap.
    std::fs::write(
        tmp.path().join("gobook.toml"),
        "default_language = \"de\"\n",
    )
    .unwrap();
    let r = common::gobook(&["build", tmp.path().to_str().unwrap()]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let out = tmp.path().join("site");
    assert!(!out.join("sitemap.xml").exists());
    assert!(read(&out, "index.html").contains("content=\"0; url=de/index.html\""));
    assert!(!read(&out, "de/index.html").contains("rel=\"canonical\""));
}

#[test]
fn the_japanese_e_book_is_japanese_in_its_landmarks_and_diagram_descriptions() {
    use std::io::Read;
    let tmp = common::tempdir();
    let out = tmp.path().join("out");
    let book = common::root().join("examples/languages");
    let r = common::gobook(&[
        "build",
        book.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--only-epub",
    ]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let mut z =
        zip::ZipArchive::new(std::fs::File::open(out.join("languages-ja.epub")).unwrap()).unwrap();
    let mut read = |name: &str| {
        let mut s = String::new();
        z.by_name(name).unwrap().read_to_string(&mut s).unwrap();
        s
    };
    let nav = read("OEBPS/nav.xhtml");
    assert!(
        nav.contains("<a epub:type=\"cover\" href=\"cover.xhtml\">表紙</a>"),
        "{nav}"
    );
    assert!(!nav.contains(">Cover<"));
    let problem = read("OEBPS/text/problem.xhtml");
    assert!(problem.contains("<desc>9路盤、A1からF5まで。"), "{problem}");
    // The solutions section gives the Japanese answer.
    assert!(
        problem.contains("白死です。") || read("OEBPS/text/solutions.xhtml").contains("白死です。")
    );
}

#[test]
fn the_root_page_opens_the_readers_browser_language_in_chromium() {
    if let Some(why) = common::browser_missing() {
        assert!(
            std::env::var_os("CI").is_none(),
            "browser tests cannot run under CI: {why}; run scripts/setup.sh"
        );
        crate::common::steps_aside(&format!("the root page in a browser: {why}"));
        return;
    }
    let (_tmp, site) = built();
    let r = std::process::Command::new("node")
        .arg(common::root().join("tests/browser/languages.mjs"))
        .arg(&site)
        .args(["fr", "en", "fr", "de", "ja"])
        .env("CHROMIUM", common::chromium())
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&r.stdout);
    assert!(
        r.status.success(),
        "{out}{}",
        String::from_utf8_lossy(&r.stderr)
    );
    assert!(
        out.contains("browser in ja-JP: ja/")
            && out.contains("browser in ko-KR: fr/")
            && out.contains("without script: fr/"),
        "{out}"
    );
}

/// A neutral caption shown on another language's page says it is in the book's first
/// language; a caption in the page's own language needs no `lang`.
#[test]
fn a_neutral_caption_on_another_languages_page_carries_its_language() {
    let tmp = common::tempdir();
    let book = tmp.path().join("c.gobook");
    std::fs::write(
        &book,
        "::book_en_de(#c) title=\"Captions\" title_de=\"Beschriftungen\"\n\n::chapter(#c)\n\n\
         ::dia mv=D4 ca=\"The first diagram\" header=\"Above it\"\n\n::dia mv=Q16 ca=\"Dia. 2\" ca_de=\"Dia. 2 auf Deutsch\"\n",
    )
    .unwrap();
    let site = tmp.path().join("site");
    let r = common::gobook(&[
        "build",
        book.to_str().unwrap(),
        "-o",
        site.to_str().unwrap(),
    ]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let de = std::fs::read_to_string(site.join("de/index.html")).unwrap();
    assert!(
        de.contains(r#"<span class="gb-caption" lang="en">The first diagram</span>"#),
        "{de}"
    );
    assert!(de.contains(r#"<span class="gb-caption">Dia. 2 auf Deutsch</span>"#));
    let en = std::fs::read_to_string(site.join("en/index.html")).unwrap();
    assert!(en.contains(r#"<span class="gb-caption">The first diagram</span>"#));
}
