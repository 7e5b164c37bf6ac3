//! What was silently wrong (issue #34): `check` says "no problems found" and the reader
//! gets something else. Each test is a small book showing one gap: a link to a chapter
//! one edition lacks, game info after a new `::go`, an unknown language tag, a misspelt
//! Go element, the book's own texts in `check --languages`.

use crate::common;
use gobook::check::check;
use gobook::resolve::text;

/// The diagnostics of `check` on a book, as (code, message, 1-based line).
fn diagnostics(src: &str) -> Vec<(&'static str, String, usize)> {
    check(src)
        .diagnostics
        .into_iter()
        .map(|d| {
            let line = src[..d.span.start as usize].matches('\n').count() + 1;
            (d.code.as_str(), d.message, line)
        })
        .collect()
}

/// A book in English and Japanese whose second chapter is English only, linked from both.
const LINK_BOOK: &str = "::book_en_ja(#b) title_en=Links title_ja=リンク

::chapter(#one)

::p_en Read <a href=\"two\">the second chapter</a>.

::p_ja <a href=\"two\">第二章</a>を読んでください。

::chapter_en(#two)

::p_en Only in English.
";

#[test]
fn a_link_to_a_chapter_one_edition_lacks_is_reported_for_that_edition() {
    let found = diagnostics(LINK_BOOK);
    let dead: Vec<_> = found
        .iter()
        .filter(|(code, ..)| *code == "link-to-missing-edition")
        .collect();
    // The Japanese paragraph's link (line 7); the English one reaches its chapter.
    assert_eq!(dead.len(), 1, "{found:?}");
    assert_eq!(dead[0].2, 7, "{found:?}");
    assert!(dead[0].1.contains("`ja` edition"), "{}", dead[0].1);

    let tmp = common::tempdir();
    let book = tmp.path().join("links.gobook");
    std::fs::write(&book, LINK_BOOK).unwrap();
    let r = common::gobook(&["check", "--languages", book.to_str().unwrap()]);
    let out = String::from_utf8_lossy(&r.stdout);
    assert!(out.contains("link to `two`"), "{out}");
    assert!(!out.contains("ja: complete"), "{out}");
    assert!(out.contains("en: complete"), "{out}");
}

#[test]
fn a_link_to_a_chapter_one_edition_lacks_is_plain_text_there() {
    let tmp = common::tempdir();
    let book = tmp.path().join("links.gobook");
    std::fs::write(&book, LINK_BOOK).unwrap();
    let site = tmp.path().join("site");
    let r = common::gobook(&[
        "build",
        book.to_str().unwrap(),
        "-o",
        site.to_str().unwrap(),
    ]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let ja = std::fs::read_to_string(site.join("ja/index.html")).unwrap();
    assert!(ja.contains("第二章"), "the link's words are shown");
    assert!(
        !ja.contains("gb-link-disabled"),
        "no dead link on the Japanese page"
    );
    assert!(
        !ja.contains("not available"),
        "no English tooltip on the Japanese page"
    );
    let en = std::fs::read_to_string(site.join("en/index.html")).unwrap();
    assert!(
        en.contains("the second chapter</a>"),
        "English keeps its link"
    );
}

#[test]
fn an_unknown_id_keeps_its_tooltip_only_in_english() {
    let src = "::book_en_ja title_en=T title_ja=T\n\n::chapter\n\n::p_en <a href=\"nowhere\">gone</a>\n\n::p_ja <a href=\"nowhere\">消えた</a>\n";
    let tmp = common::tempdir();
    let book = tmp.path().join("b.gobook");
    std::fs::write(&book, src).unwrap();
    let site = tmp.path().join("site");
    let r = common::gobook(&[
        "build",
        book.to_str().unwrap(),
        "-o",
        site.to_str().unwrap(),
    ]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let ja = std::fs::read_to_string(site.join("ja/index.html")).unwrap();
    assert!(
        ja.contains("<span class=\"gb-link-disabled\">消えた</span>"),
        "{ja}"
    );
    let en = std::fs::read_to_string(site.join("en/index.html")).unwrap();
    assert!(en.contains("title=\"not available\">gone</span>"), "{en}");
}

#[test]
fn text_after_a_new_go_shows_that_games_players() {
    let src = "::book title=T\n\n::chapter\n\n::go pb=Shusaku wp=Gennan mv=\"D4 Q16\"\n\n::fig\n\n::p #pb# against #wp#.\n\n::go pb=Honinbo wp=Inoue mv=\"C3\"\n\n::p #pb# against #wp#.\n";
    let (rich, _) = common::last_paragraph(src, "en");
    assert_eq!(text::plain(&rich), "Honinbo against Inoue.");
    // The paragraph right after the first figure still shows the first game.
    let first = src.replace(
        "\n\n::go pb=Honinbo wp=Inoue mv=\"C3\"\n\n::p #pb# against #wp#.",
        "",
    );
    let (rich, _) = common::last_paragraph(&first, "en");
    assert_eq!(text::plain(&rich), "Shusaku against Gennan.");
}

#[test]
fn an_unknown_language_tag_says_where_the_element_is_shown() {
    let src = "::book_en_ja title_en=T title_ja=T\n\n::chapter\n\n::p_xx Nowhere.\n\n::p_en_xx English only.\n\n::img_en url=a.png ca_xx=Caption\n";
    let found = diagnostics(src);
    let tags: Vec<&(&str, String, usize)> = found
        .iter()
        .filter(|(c, ..)| *c == "unknown-language")
        .collect();
    assert_eq!(tags.len(), 3, "{found:?}");
    assert!(
        tags[0]
            .1
            .contains("shown in no edition of the book (it has en, ja)"),
        "{}",
        tags[0].1
    );
    assert!(
        tags[1].1.contains("shown only in the `en` edition"),
        "{}",
        tags[1].1
    );
    assert!(
        tags[2].1.contains("`ca_xx` is used in no edition"),
        "{}",
        tags[2].1
    );
}

#[test]
fn after_a_misspelt_diagram_the_var_is_checked_against_the_position_meant() {
    // White to play into Black's four stones: suicide, on the board the author meant.
    let src =
        "::book title=T\n\n::chapter\n\n::diagram ab=\"C4 E4 D3 D5\" pl=w mv=Q16\n\n::var mv=D4\n";
    let found = diagnostics(src);
    let unknown = found
        .iter()
        .find(|(c, ..)| *c == "unknown-element")
        .expect("warned");
    assert!(
        unknown.1.ends_with("did you mean `::dia`?"),
        "{}",
        unknown.1
    );
    assert!(unknown.1.contains("checked as a `::dia`"), "{}", unknown.1);
    // Without the misspelt diagram's position the var started from an empty board, and
    // its move was legal.
    assert!(
        found
            .iter()
            .any(|(c, m, line)| *c == "illegal-move" && *line == 7 && m.contains("suicide")),
        "the var's illegal move is reported: {found:?}"
    );
    // The misspelt element is still shown nowhere: no diagram is made of it.
    let c = check(src);
    assert_eq!(
        c.resolved.book.diagrams.len(),
        1,
        "only the var is a diagram"
    );
}

#[test]
fn check_languages_covers_the_books_own_texts() {
    let src = "::book_en_ja title_en=Go title_ja=碁 copyright=\"(c) 2026 The Author\"\n\n::chapter\n\n::p_en Hello.\n\n::p_ja こんにちは。\n";
    let tmp = common::tempdir();
    let book = tmp.path().join("b.gobook");
    std::fs::write(&book, src).unwrap();
    let r = common::gobook(&["check", "--languages", book.to_str().unwrap()]);
    let out = String::from_utf8_lossy(&r.stdout);
    assert!(out.contains("en: complete"), "{out}");
    let ja = out.split("ja:").nth(1).unwrap_or("");
    assert!(ja.contains("`copyright`"), "{out}");
    // Given for both languages, it is complete.
    let both = src.replace("copyright=", "copyright_ja=\"(c) 2026 著者\" copyright=");
    std::fs::write(&book, both).unwrap();
    let r = common::gobook(&["check", "--languages", book.to_str().unwrap()]);
    let out = String::from_utf8_lossy(&r.stdout);
    assert!(out.contains("ja: complete"), "{out}");
}

#[test]
fn a_figure_captioned_in_one_language_shows_its_move_range_in_the_others() {
    use gobook::resolve::caption::caption_lines;
    let src = "::book_en_ja title_en=T title_ja=T\n\n::chapter\n\n::go mv=\"D4 Q16 C3\"\n\n::fig at=1 to=3 ca_en=\"The opening\"\n";
    let c = check(src);
    let book = &c.resolved.book;
    let d = &book.diagrams[0];
    let en = caption_lines(book, d, "en");
    assert_eq!(en.caption.as_deref(), Some("The opening"));
    assert_eq!(
        en.from_to, None,
        "the caption stands for the range in English"
    );
    let ja = caption_lines(book, d, "ja");
    assert_eq!(ja.caption, None);
    assert!(
        ja.from_to.is_some(),
        "Japanese has no caption: the range shows"
    );
}

#[test]
fn a_backslash_can_be_written_in_text() {
    let src = "::book title=T\n\n::chapter\n\n::p Save it in C:\\\\temp, then\\tgo on.\n";
    let (rich, _) = common::last_paragraph(src, "en");
    assert_eq!(text::plain(&rich), "Save it in C:\\temp, then\tgo on.");
}
