//! Spec points that held in part only (issue 49), each checked in every edition: the
//! site's HTML, the EPUB's XHTML and the PDF's text through `pdftotext`.

use crate::common::{self, gobook};
use std::path::Path;

/// What each edition of a book shows: the site's pages, the EPUB's documents and the
/// PDF's text (`None` without `pdftotext`), each with runs of whitespace made one space.
struct Editions {
    site: String,
    epub: String,
    pdf: Option<String>,
}

/// Builds `text` as a book into all three editions.
fn build(text: &str) -> Editions {
    let tmp = common::tempdir();
    let book = tmp.path().join("book.gobook");
    std::fs::write(&book, text).unwrap();
    let out = tmp.path().join("out");
    let r = gobook(&[
        "build",
        "--epub",
        "--pdf",
        "-o",
        out.to_str().unwrap(),
        book.to_str().unwrap(),
    ]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let flat = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut site = String::new();
    for p in common::files_with_ext(&out, "html") {
        site.push_str(&std::fs::read_to_string(p).unwrap());
    }
    let mut epub = String::new();
    for e in common::files_with_ext(&out, "epub") {
        epub.push_str(&common::epub_text(&e, ".xhtml"));
    }
    let pdf = common::tool("pdftotext", "-v").then(|| {
        let mut t = String::new();
        for p in common::files_with_ext(&out, "pdf") {
            t.push_str(&common::pdf_text(Path::new(&p), &[]));
        }
        flat(&t)
    });
    Editions {
        site: flat(&site),
        epub: flat(&epub),
        pdf,
    }
}

/// Asserts every edition shows `want` (HTML and XHTML as written, the PDF as text).
fn everywhere(e: &Editions, want: &str) {
    assert!(e.site.contains(want), "site lacks {want:?}: {}", e.site);
    assert!(e.epub.contains(want), "EPUB lacks {want:?}: {}", e.epub);
    if let Some(pdf) = &e.pdf {
        assert!(pdf.contains(want), "PDF lacks {want:?}: {pdf}");
    }
}

/// Asserts no edition shows `bad`.
fn nowhere(e: &Editions, bad: &str) {
    assert!(!e.site.contains(bad), "site has {bad:?}");
    assert!(!e.epub.contains(bad), "EPUB has {bad:?}");
    if let Some(pdf) = &e.pdf {
        assert!(!pdf.contains(bad), "PDF has {bad:?}");
    }
}

/// Game info given by an `sgf` value (PB, WR, DT, ...) is that Go data's game info: the
/// spec translates the SGF's game info properties into the equivalent attributes, so
/// `#pb#` and the like show it; an attribute beside the SGF wins.
#[test]
fn game_info_from_an_sgf_value_reaches_the_text() {
    let e = build(
        "::book(#b) title=\"T\"\n\n::chapter(#c)\n\n\
         ::go(#g) sgf=\"(;GM[1]SZ[19]PB[Honinbo Shusaku]BR[4d]PW[Gennan Inseki]WR[8d]DT[1846-09-11]RE[B+2];B[qd];W[dc])\" ev=Castle\n\n\
         Black #pb# (#br#), White #wp# (#wr#), #dt#, #re#, at #ev#.\n",
    );
    everywhere(
        &e,
        "Black Honinbo Shusaku (4d), White Gennan Inseki (8d), 1846-09-11, B+2, at Castle.",
    );
    nowhere(&e, "#pb#");
}

/// A gaps line given in one language only (`gaps_de`) is that language's; every other
/// language has what `gaps` would give without it, its default `auto`: the line gobook
/// writes ("4 at a"), not none.
#[test]
fn a_gaps_line_in_one_language_leaves_the_others_the_generated_one() {
    let e = build(
        "::book_en_de(#b) title=\"T\"\n\n::chapter(#c)\n\n\
         ::dia(#one) sz=9 ab=D6C5D4 aw=E6F5E4D5 pl=b mv=\"E5 H2 H3 D5\" gaps_de=\"Vier auf a, der Ko\"\n\n\
         ::p_en English.\n\n::p_de Deutsch.\n",
    );
    everywhere(&e, "4 at a");
    everywhere(&e, "Vier auf a, der Ko");
}

/// The text of an inline diagram gets the typography the rest of its paragraph gets:
/// curly quotes, dashes for `--` and `---`, an ellipsis for `...`.
#[test]
fn an_inline_diagrams_text_is_typeset_like_its_paragraph() {
    let e = build(
        "::book(#b) title=\"T\"\n\n::chapter(#c)\n\n::go sz=9 mv=C3\n\n\
         See <dia at=2 mv=D4E5>the \"tiger's mouth\" -- or the hane --- if Black waits...</dia> \"here\".\n",
    );
    everywhere(&e, "“tiger’s mouth” – or the hane — if Black waits…");
    everywhere(&e, "“here”");
    nowhere(&e, "\"tiger");
    nowhere(&e, "&quot;tiger");
}

/// `\\` is a backslash and `\t` a tab (docs/format.md, "Text as written"; the spec's
/// `\t` for tabs), so `C:\\temp` shows `C:\temp`, not `C:` and a tab, in a paragraph, a
/// heading, an inline diagram's and a link's text, a caption and an answer's comment.
#[test]
fn a_backslash_before_t_is_written_and_a_tab_is_whitespace() {
    let e = build(
        "::book(#b) title=\"T\"\n\n::chapter(#c)\n\n::h2 Head C:\\\\temp end\n\n\
         ::p Save it in C:\\\\temp, then\\tgo on.\n\n::go sz=9 mv=C3\n\n\
         ::p See <dia at=2 mv=D4>Dia C:\\\\temp y</dia> and <a href=c>Link C:\\\\temp z</a>.\n\n\
         ::dia sz=9 mv=E5 ca=\"Path C:\\\\\\\\temp x\"\n\n\
         ::prb sz=9 ab=C3 correct=\"D4(Right C:\\\\\\\\temp w)\"\n",
    );
    for want in [
        "Head C:\\temp end",
        "Save it in C:\\temp, then go on.",
        "Dia C:\\temp y",
        "Link C:\\temp z",
        "Path C:\\temp x",
        "Right C:\\temp w",
    ] {
        everywhere(&e, want);
    }
    nowhere(&e, "then\\tgo");
    nowhere(&e, "C: emp");
}

/// A neutral text shown on another edition is tagged as the book's first language only
/// for words of its own: one that is all standard texts reads in the edition's language,
/// as the spec inserts them, and keeps the page's tag (a caption, a header, a paragraph).
#[test]
fn neutral_standard_texts_on_another_edition_are_not_tagged_as_the_first_language() {
    let e = build(
        "::book_en_de(#b) title=\"T\"\n\n::chapter(#c)\n\n\
         ::dia sz=9 mv=C3 ca=\"#wtp#\" header=\"#btk#\"\n\n::p #btl#\n\n\
         ::p_de Deutsch.\n\n::p_en English.\n",
    );
    for want in [
        "Weiß am Zug.",
        "Schwarz zieht und tötet.",
        "Schwarz zieht und lebt.",
    ] {
        everywhere(&e, want);
    }
    // The markup of both e-book kinds; the PDF has no language tags to get wrong.
    let tagged = "<span class=\"gb-caption\">Weiß am Zug.";
    assert!(e.site.contains(tagged) && e.epub.contains(tagged));
    nowhere(&e, "lang=\"en\">Weiß am Zug.");
    nowhere(&e, "lang=\"en\">Schwarz zieht und tötet.");
    nowhere(&e, "lang=\"en\">Schwarz zieht und lebt.");
}
