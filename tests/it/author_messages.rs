//! The messages an author meets most (issue 25): each names the fix, with the text
//! checked word for word where it matters: "did you mean" for names that are typos,
//! `url=` for an include's file, the base an `at=N` needs, a mark put before its move.

use gobook::diagnostics::{Code, Diagnostic, Severity};

fn check(src: &str) -> Vec<Diagnostic> {
    gobook::check::check(src).diagnostics
}

/// The one message with `code`, failing with every message when there is not exactly one.
fn message(src: &str, code: &str) -> String {
    let all = check(src);
    let found: Vec<&Diagnostic> = all.iter().filter(|d| d.code.as_str() == code).collect();
    assert_eq!(found.len(), 1, "one `{code}` expected in {all:#?}");
    found[0].message.clone()
}

const HEAD: &str = "::book(#b) title=\"T\"\n\n::chapter(#chapter2)\n\n";

#[test]
fn an_unknown_element_names_the_closest_one() {
    let m = message(&format!("{HEAD}::diagram mv=D4\n"), "unknown-element");
    assert!(m.ends_with("did you mean `::dia`?"), "{m}");
    let m = message(&format!("{HEAD}::chaptre\n"), "unknown-element");
    assert!(m.ends_with("did you mean `::chapter`?"), "{m}");
    // Far from every element: no guess.
    let m = message(&format!("{HEAD}::table x\n"), "unknown-element");
    assert!(!m.contains("did you mean"), "{m}");
}

#[test]
fn an_unknown_attribute_names_the_closest_one_the_element_takes() {
    let m = message(
        &format!("{HEAD}::dia mv=D4 shwoCoords=1\n"),
        "unknown-attribute",
    );
    assert!(m.ends_with("did you mean `showCoords`?"), "{m}");
    let m = message(
        &format!("{HEAD}::p(#x) keepWithNxt=1 Text.\n"),
        "unknown-attribute",
    );
    assert!(m.ends_with("did you mean `keepWithNext`?"), "{m}");
    let m = message(
        &format!("{HEAD}::dia mv=D4 colour=1\n"),
        "unknown-attribute",
    );
    assert!(!m.contains("did you mean"), "{m}");
}

#[test]
fn an_unknown_language_tag_names_the_attribute_as_meant() {
    let m = message(
        &format!("{HEAD}::dia mv=D4 ca_jp=\"x\"\n"),
        "unknown-language",
    );
    assert_eq!(m, "`jp` is not a language tag, so `ca_jp` is used in no edition of the book (it has en); did you mean `ca_ja`?");
    let m = message(&format!("{HEAD}::p_jp Text.\n"), "unknown-language");
    assert_eq!(m, "`jp` is not a language tag, so this element is shown in no edition of the book (it has en); did you mean `ja`?");
}

#[test]
fn an_unknown_standard_text_names_the_closest_one() {
    let m = message(
        &format!("{HEAD}::p #btpp# here.\n"),
        "unknown-standard-text",
    );
    assert_eq!(
        m,
        "`#btpp#` is not a standard text, so it stays as written; did you mean `#btp#`?"
    );
    let m = message(&format!("{HEAD}::p By #autor#.\n"), "unknown-standard-text");
    assert!(m.ends_with("did you mean `#author#`?"), "{m}");
    // A known text with a language tag that is none: the tag is what is fixed.
    let m = message(
        &format!("{HEAD}::p #btp_jp# here.\n"),
        "unknown-standard-text",
    );
    assert!(m.ends_with("did you mean `#btp_ja#`?"), "{m}");
    let m = message(
        &format!("{HEAD}::p #btpp_de# here.\n"),
        "unknown-standard-text",
    );
    assert!(m.ends_with("did you mean `#btp_de#`?"), "{m}");
    // A `#` in running text is text: nothing is reported.
    let all = check(&format!("{HEAD}::p Move #5 and C# and #7#.\n"));
    assert!(
        all.iter().all(|d| d.code != Code::UnknownStandardText),
        "{all:#?}"
    );
    // A word between `#`s like no standard text stays literal too, and is said (#34).
    let m = message(
        &format!("{HEAD}::p #zzzzzz# here.\n"),
        "unknown-standard-text",
    );
    assert!(m.contains("no standard text is like it"), "{m}");
}

#[test]
fn an_unknown_id_names_the_closest_one() {
    let m = message(
        &format!("{HEAD}::p See <a href=chaper2>there</a>.\n"),
        "unknown-link",
    );
    assert!(m.ends_with("did you mean `chapter2`?"), "{m}");
    let m = message(
        &format!("{HEAD}::go(#game1) mv=D4\n\n::dia base=gmae1 mv=Q16\n"),
        "unknown-id",
    );
    assert_eq!(m, "no element has the ID `gmae1`; did you mean `game1`?");
    let m = message(
        &format!("{HEAD}::dia(#first) mv=D4\n\n::p(#x) ref=frist Text.\n"),
        "unknown-id",
    );
    assert!(m.ends_with("did you mean `first`?"), "{m}");
}

#[test]
fn an_include_or_image_with_file_says_url() {
    let m = message(
        &format!("{HEAD}::include file=\"notes.md\"\n"),
        "unknown-attribute",
    );
    assert!(
        m.ends_with("the file is given as `url=`, e.g. `url=\"notes.md\"`"),
        "{m}"
    );
    // Without `url` the include has no file at all: an error (the build would fail) that
    // says what to write.
    let all = check(&format!("{HEAD}::include file=\"notes.md\"\n"));
    let e = all
        .iter()
        .find(|d| d.code == Code::IncludeWithoutUrl)
        .unwrap();
    assert_eq!(e.severity, Severity::Error);
    assert_eq!(
        e.message,
        "`::include` takes its file as `url`: write `url=\"notes.md\"` instead of `file=`"
    );
    let m = message(&format!("{HEAD}::include\n"), "include-without-url");
    assert_eq!(
        m,
        "`::include` needs the file to include, e.g. `::include url=\"notes.md\"`"
    );
    let m = message(&format!("{HEAD}::img src=\"a.png\"\n"), "unknown-attribute");
    assert!(m.ends_with("`url=\"a.png\"`"), "{m}");
}

#[test]
fn at_without_a_base_names_the_nearest_earlier_go_data() {
    let src = format!(
        "{HEAD}::go(#game1) mv=D4Q16D16Q4\n\n::chapter(#c3)\n\n::h1 Moves 51 on\n\n::fig at=3\n"
    );
    let all = check(&src);
    let d = all.iter().find(|d| d.code == Code::AtWithoutBase).unwrap();
    assert_eq!(d.severity, Severity::Error);
    assert_eq!(
        d.message,
        "`at=3` needs a base with moves to take the position from; without `base`, an element \
         starts from the most recent `::go` of its chapter, and this chapter has none before it: \
         add `base=game1` to start from the `::go` at line 5"
    );
    // The nearest earlier `::go` has no ID: the message says to give it one.
    let m = message(
        &format!("{HEAD}::go mv=D4Q16D16\n\n::chapter(#c3)\n\n::fig at=3\n"),
        "at-without-base",
    );
    assert!(
        m.ends_with(
            "give the `::go` at line 5 an ID, e.g. `::go(#game)`, and add `base=game` here"
        ),
        "{m}"
    );
    // No Go data at all before it.
    let m = message(&format!("{HEAD}::fig at=3\n"), "at-without-base");
    assert!(
        m.ends_with("add a `::go` with the moves first (`::go mv=...` or `::go sgf=...`), or `base=ID` naming Go data"),
        "{m}"
    );
}

#[test]
fn a_mark_on_the_point_the_next_move_fills_is_pointed_out() {
    let src = format!("{HEAD}::go(#g) mv=D4Q16D16Q4\n\n::dia at=3 tr=D16\n");
    let m = message(&src, "mark-before-move");
    assert_eq!(
        m,
        "the triangle at D16 marks an empty point: `at=3` shows the position before move 3, \
         which is played there; to mark the stone of move 3, write `at=4`"
    );
    // The triangle on the stone, or on a point no move fills: nothing to say.
    // Nor when other empty points are marked too: an area of marks, as an imported SGF
    // node's `CR[aa:dd]` makes, marks empty points on purpose (issue 48).
    for fine in [
        "::dia at=4 tr=D16",
        "::dia at=3 tr=Q16",
        "::dia at=3 tr=C3",
        "::dia at=3 tr=\"C16 D16 E16\"",
    ] {
        let all = check(&format!("{HEAD}::go(#g) mv=D4Q16D16Q4\n\n{fine}\n"));
        assert!(
            all.iter().all(|d| d.code != Code::MarkBeforeMove),
            "{fine}: {all:#?}"
        );
    }
}

#[test]
fn a_board_size_against_the_default_base_says_base_none() {
    let m = message(
        &format!("{HEAD}::go mv=D4\n\n::prb sz=9 ab=C3 correct=D4\n"),
        "size-mismatch",
    );
    assert!(m.ends_with("add `base=none` for a board of its own"), "{m}");
    let m = message(
        &format!("{HEAD}::go(#g) mv=D4\n\n::prb base=g sz=9 correct=D4\n"),
        "size-mismatch",
    );
    assert!(m.ends_with("remove `sz` or `base`"), "{m}");
}

#[test]
fn a_missing_image_or_include_names_the_file_a_typo_away() {
    let tmp = crate::common::tempdir();
    std::fs::create_dir_all(tmp.path().join("img")).unwrap();
    std::fs::write(tmp.path().join("img/stone.png"), crate::epub_build::PNG).unwrap();
    std::fs::write(tmp.path().join("opening.gobook"), "::chapter\n\nText.\n").unwrap();
    std::fs::write(
        tmp.path().join("book.gobook"),
        format!("{HEAD}::img url=\"img/stone.jpg\"\n\n::include url=\"openign.gobook\"\n"),
    )
    .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gobook"))
        .args(["check", "book.gobook"])
        .current_dir(tmp.path())
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(
        text.contains("`img/stone.jpg` does not exist (looked in the book's folder); did you mean `img/stone.png`?"),
        "{text}"
    );
    assert!(text.contains("did you mean `opening.gobook`?"), "{text}");
}

#[test]
fn a_misplaced_attribute_names_the_elements_it_belongs_to() {
    let m = message(&format!("{HEAD}::p mv=D4 Text.\n"), "misplaced-attribute");
    assert_eq!(
        m,
        "`mv` does not apply to a paragraph but to `::go`, `::fig`, `::dia`, `::var`, `::prb`; it is kept but has no effect"
    );
    let m = message(
        &format!("{HEAD}::chapter title=\"Two\"\n"),
        "misplaced-attribute",
    );
    assert!(
        m.starts_with("`title` does not apply to a chapter but to `::book`;"),
        "{m}"
    );
}

#[test]
fn at_in_an_inline_diagram_without_a_base_says_where_its_base_comes_from() {
    let m = message(
        &format!("{HEAD}::p Compare <dia at=3 mv=C3>this</dia>.\n"),
        "at-without-base",
    );
    assert!(
        m.ends_with(
            "an inline `<dia>` starts from the diagram its paragraph describes, else the chapter's \
             most recent `::go`, and there is neither: give the `<dia>` `base=ID`, or the paragraph `ref=ID`"
        ),
        "{m}"
    );
}
