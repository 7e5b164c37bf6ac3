//! Issue #47: a PDF for every book, on every machine. The fonts a PDF needs are those of what
//! it prints in its language (never gobook's own typst source), characters that need no
//! glyph need no font and print nothing, a character no font has is an error at its file,
//! line and column, one edition that cannot be written stops no other, and a book prints on
//! a machine with no CJK font: `GOBOOK_FONT_DIRS` pointing at an empty folder, and (where
//! `unshare -rm` works) a private mount namespace that hides the system's font folders.

use super::pdf_build::{assert_fonts_embedded, poppler, text};
use crate::common;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Where gobook is to look for fonts.
#[derive(Clone, Copy)]
enum Fonts<'a> {
    /// Only the folders of `GOBOOK_FONT_DIRS` (an empty folder: a bare machine).
    In(&'a Path),
    /// The system's font folders.
    System,
    /// The system's font folders, hidden by this empty folder mounted over them in a
    /// private mount namespace (`unshare -rm`).
    Hidden(&'a Path),
}

/// The system's font folders that are there to hide.
const SYSTEM_FONT_DIRS: [&str; 2] = ["/usr/share/fonts", "/usr/local/share/fonts"];

/// `gobook ARGS` with a fake home, colour off, a fixed date, and its fonts from `fonts`.
fn gobook(args: &[&str], fonts: Fonts) -> Output {
    let home = common::tempdir();
    let mut cmd = match fonts {
        Fonts::Hidden(empty) => {
            let mounts: String = SYSTEM_FONT_DIRS
                .into_iter()
                .filter(|d| Path::new(d).is_dir())
                .map(|d| format!("mount --bind \"$EMPTY\" {d} && "))
                .collect();
            let mut cmd = Command::new("unshare");
            cmd.args(["-rm", "sh", "-c"])
                .arg(format!("{mounts}exec \"$GOBOOK\" \"$@\""))
                .arg("sh")
                .env("EMPTY", empty)
                .env("GOBOOK", env!("CARGO_BIN_EXE_gobook"));
            cmd
        }
        Fonts::In(_) | Fonts::System => Command::new(env!("CARGO_BIN_EXE_gobook")),
    };
    common::with_home(&mut cmd, home.path())
        .args(args)
        .env("NO_COLOR", "1")
        .env("SOURCE_DATE_EPOCH", "1700000000");
    match fonts {
        Fonts::In(dir) => cmd.env("GOBOOK_FONT_DIRS", dir),
        Fonts::System | Fonts::Hidden(_) => cmd.env_remove("GOBOOK_FONT_DIRS"),
    };
    cmd.output().unwrap()
}

/// What a command said on standard error.
fn said(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The fonts `pdffonts` lists in `pdf`, by name without the subset's prefix.
fn font_names(pdf: &Path) -> Option<Vec<String>> {
    let fonts = poppler("pdffonts", &[pdf.to_str().unwrap()])?;
    Some(
        fonts
            .lines()
            .skip(2)
            .filter_map(|l| l.split_whitespace().next())
            .map(|n| n.split_once('+').map_or(n, |(_, n)| n).to_string())
            .collect(),
    )
}

/// Asserts that `pdf` is set in the bundled fonts alone, every one embedded.
fn assert_bundled_fonts_only(pdf: &Path) {
    assert_fonts_embedded(pdf);
    let Some(names) = font_names(pdf) else { return };
    for n in &names {
        assert!(
            n.starts_with("LibertinusSerif") || n.starts_with("DejaVuSans"),
            "{} holds a font gobook does not bundle: {names:?}",
            pdf.display()
        );
    }
}

/// The text of `pdf` without the characters that print nothing.
fn visible_text(pdf: &Path) -> Option<String> {
    Some(text(pdf)?.chars().filter(|c| !invisible(*c)).collect())
}

/// The characters the tests put in books that need no glyph.
fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{2060}'
            | '\u{200B}'
            | '\u{200C}'
            | '\u{200D}'
            | '\u{AD}'
            | '\u{FEFF}'
            | '\u{FE0F}'
            | '\u{FE00}'
            | '\u{180E}'
            | '\u{E0100}'
    )
}

/// The languages a book declares (`::book_en_ja` → en, ja; `::book` → en).
fn languages(book_text: &str) -> Vec<String> {
    let head = book_text
        .lines()
        .find(|l| l.starts_with("::book"))
        .unwrap_or("::book");
    let name = head[2..]
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .next()
        .unwrap_or("book");
    let tags: Vec<String> = name.split('_').skip(1).map(str::to_string).collect();
    if tags.is_empty() {
        vec!["en".to_string()]
    } else {
        tags
    }
}

/// Asserts the error for a language that cannot print: at a file, line and column of
/// `file`, naming the character by its code, the folders searched and what to do; and that
/// the PDF `pdf` was not written.
fn assert_no_font_error(err: &str, file: &str, lang: &str, folder: &str, pdf: &str) {
    let at = format!("{file}:");
    let located = err.lines().any(|l| {
        l.find(&at).is_some_and(|i| {
            let rest = &l[i + at.len()..];
            let mut parts = rest.splitn(3, ':');
            let line = parts.next().unwrap_or("");
            let col = parts.next().unwrap_or("");
            !line.is_empty()
                && line.bytes().all(|b| b.is_ascii_digit())
                && !col.is_empty()
                && col.bytes().all(|b| b.is_ascii_digit())
                && parts
                    .next()
                    .is_some_and(|m| m.contains(&format!("error: the `{lang}` PDF")))
        })
    });
    assert!(located, "no error at a line and column of {file}:\n{err}");
    for part in [
        "(U+",
        folder,
        "pdf_cjk_font",
        "GOBOOK_FONT_DIRS",
        "fonts-noto-cjk",
        &format!("{pdf} was not written"),
    ] {
        assert!(err.contains(part), "the error lacks `{part}`:\n{err}");
    }
}

#[test]
fn an_english_book_prints_without_a_font_folder_and_invisible_characters_print_nothing() {
    let dir = common::tempdir();
    let empty = dir.path().join("no-fonts");
    std::fs::create_dir(&empty).unwrap();
    // The same book twice: plain, and with the characters that need no glyph between its
    // letters (a word joiner as `gobook import` writes them, zero-width space and joiners,
    // a soft hyphen, a byte-order mark, variation selectors, the Mongolian vowel separator).
    let plain = "::book(#b) title=\"Invisible ones\"\n\n::chapter\n\n::h2 Headline\n\nA B CDE softhyphen bomhere vs16 vs1 mvsX ivsY end, dated 2004-11-16.\n\n::dia(#d) sz=9 ab=C3 ca=\"Dia one\" A=D4\n";
    let marked = "::book(#b) title=\"Invisible\u{2060} ones\"\n\n::chapter\n\n::h2 Head\u{AD}line\n\nA\u{2060} B \u{200B}C\u{200C}D\u{200D}E soft\u{AD}hyphen bom\u{FEFF}here vs\u{FE0F}16 vs\u{FE00}1 mvs\u{180E}X ivs\u{E0100}Y end, dated 2004\u{2060}-11\u{2060}-16.\n\n::dia(#d) sz=9 ab=C3 ca=\"Dia\u{2060} one\" A=D4\n";
    let mut pdfs = Vec::new();
    for (name, src) in [("plain", plain), ("marked", marked)] {
        let book = dir.path().join(format!("{name}.gobook"));
        std::fs::write(&book, src).unwrap();
        let out = dir.path().join(format!("out-{name}"));
        let o = gobook(
            &[
                "build",
                "--only-pdf",
                "-o",
                out.to_str().unwrap(),
                book.to_str().unwrap(),
            ],
            Fonts::In(&empty),
        );
        assert!(o.status.success(), "{name}: {}", said(&o));
        // Tagged and archival as every PDF: no character made typst's checks refuse it.
        assert!(!said(&o).contains("not tagged"), "{name}: {}", said(&o));
        let pdf = out.join("b-en.pdf");
        assert_bundled_fonts_only(&pdf);
        pdfs.push(pdf);
    }
    let (Some(a), Some(b)) = (visible_text(&pdfs[0]), visible_text(&pdfs[1])) else {
        return;
    };
    let flat = a.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("dated 2004-11-16"), "{a}");
    assert_eq!(a, b, "the invisible characters changed the text");
    // Nothing of them is seen: the chapter's page (its heading, paragraph, diagram and
    // caption) is the same picture with them and without them, no box where they stand.
    let page = |pdf: &Path, stem: &str| -> Option<Vec<u8>> {
        let prefix = dir.path().join(stem);
        let p = pdf.to_str().unwrap();
        poppler(
            "pdftoppm",
            &[
                "-r",
                "100",
                "-gray",
                "-f",
                "4",
                "-l",
                "4",
                p,
                prefix.to_str().unwrap(),
            ],
        )?;
        let png = common::files_with_ext(dir.path(), "pgm")
            .into_iter()
            .find(|f| f.file_name().unwrap().to_string_lossy().starts_with(stem))
            .unwrap();
        Some(std::fs::read(png).unwrap())
    };
    let (Some(a), Some(b)) = (page(&pdfs[0], "plain-page"), page(&pdfs[1], "marked-page")) else {
        return;
    };
    assert!(
        a == b,
        "the page with invisible characters is not the page without them"
    );
}

/// The example books (examples/*/) and their book files.
fn examples() -> Vec<(PathBuf, PathBuf)> {
    let mut out: Vec<(PathBuf, PathBuf)> = std::fs::read_dir(common::root().join("examples"))
        .unwrap()
        .filter_map(|e| {
            let dir = e.ok()?.path();
            let book = common::files_with_ext(&dir, "gobook").into_iter().next()?;
            dir.is_dir().then_some((dir, book))
        })
        .collect();
    out.sort();
    out
}

/// Builds `book` (a book file or its folder) into `out`, editions `what`, and checks every
/// language: those in Chinese, Japanese or Korean fail with the clear error (no CJK font is
/// reachable), every other's PDF is written in the bundled fonts. `folder` is what the error
/// names as searched; `id` the book's ID.
fn assert_prints_bare(
    book: &Path,
    out: &Path,
    what: &[&str],
    fonts: Fonts,
    folder: &str,
) -> Output {
    let file = if book.is_dir() {
        common::files_with_ext(book, "gobook").remove(0)
    } else {
        book.to_path_buf()
    };
    let src = common::read_book(&file);
    let id = src
        .lines()
        .next()
        .and_then(|l| l.split("(#").nth(1))
        .and_then(|l| l.split(')').next())
        .unwrap()
        .to_string();
    let mut args = vec!["build"];
    args.extend_from_slice(what);
    args.extend(["-o", out.to_str().unwrap(), book.to_str().unwrap()]);
    let o = gobook(&args, fonts);
    let err = said(&o);
    let mut any_failed = false;
    for lang in languages(&src) {
        let pdf = format!("{id}-{lang}.pdf");
        if matches!(lang.as_str(), "ja" | "ko" | "cn" | "tw") {
            any_failed = true;
            let name = file.file_name().unwrap().to_string_lossy().into_owned();
            assert_no_font_error(&err, &name, &lang, folder, &pdf);
            assert!(!out.join(&pdf).exists(), "{pdf} was written");
        } else {
            assert!(out.join(&pdf).is_file(), "{pdf} was not written:\n{err}");
            assert_bundled_fonts_only(&out.join(&pdf));
        }
    }
    let code = if any_failed { 1 } else { 0 };
    assert_eq!(o.status.code(), Some(code), "{}:\n{err}", book.display());
    o
}

/// Prints every example and an imported dated, commented game of the corpora (glift's
/// yearbook game: Gu Li against Lee Sedol) with `fonts`, where no CJK font is reachable, and
/// checks each language (see [`assert_prints_bare`]); `folder` is what the errors name as
/// searched.
fn print_bare(fonts: Fonts, folder: &str) {
    let dir = common::tempdir();
    let examples = examples();
    assert!(examples.len() >= 4, "{examples:?}");
    for (n, (book, _)) in examples.iter().enumerate() {
        let out = dir.path().join(format!("out{n}"));
        assert_prints_bare(book, &out, &["--only-pdf"], fonts, folder);
    }
    let Some(corpora) = common::corpora() else {
        return;
    };
    let sgf = corpora.join("glift/yearbookExample.sgf");
    let book = dir.path().join("game.gobook");
    let args = [
        "import",
        sgf.to_str().unwrap(),
        "-o",
        book.to_str().unwrap(),
    ];
    let o = gobook(&args, Fonts::System);
    assert!(o.status.success(), "{}", said(&o));
    let src = std::fs::read_to_string(&book).unwrap();
    // The import once wrote word joiners (in the date, after `*` and `#`), which stopped every
    // PDF; it writes the format's escapes now (the word joiner itself: a test above).
    assert!(
        src.contains("2004\\-11\\-16"),
        "the date is not escaped:\n{src}"
    );
    let out = dir.path().join("out-game");
    assert_prints_bare(&book, &out, &["--pdf", "--epub"], fonts, folder);
    assert!(out.join("index.html").is_file() && out.join("yearbookExample-en.epub").is_file());
    let Some(t) = visible_text(&out.join("yearbookExample-en.pdf")) else {
        return;
    };
    let flat = t.split_whitespace().collect::<Vec<_>>().join(" ");
    for words in ["Date: 2004-11-16", "Gu Li", "was the losing move"] {
        assert!(flat.contains(words), "`{words}` is not in the PDF:\n{flat}");
    }
}

#[test]
fn the_examples_and_an_imported_game_print_without_a_font_folder_each_language_that_can() {
    let dir = common::tempdir();
    let empty = dir.path().join("no-fonts");
    std::fs::create_dir(&empty).unwrap();
    print_bare(Fonts::In(&empty), empty.to_str().unwrap());
}

/// Says, past the test harness's capture, that the running test steps aside and why; never
/// a failure (a container may forbid namespaces), unlike a missing tool.
fn steps_aside_visibly(why: &str) {
    let name = std::thread::current().name().unwrap_or("it").to_string();
    let _ = writeln!(std::io::stderr(), "{name} steps aside: {why}");
}

#[test]
fn in_a_mount_namespace_that_hides_the_system_fonts_the_same_books_print() {
    let dir = common::tempdir();
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    // Whether this machine lets a user hide a folder in a namespace of their own.
    let probe = Command::new("unshare")
        .args(["-rm", "sh", "-c", "mount --bind \"$0\" /usr/share/fonts"])
        .arg(&empty)
        .output();
    let why = match probe {
        Ok(o) if o.status.success() => None,
        Ok(o) => Some(String::from_utf8_lossy(&o.stderr).trim().to_string()),
        Err(e) => Some(e.to_string()),
    };
    if let Some(why) = why {
        return steps_aside_visibly(&format!(
            "`unshare -rm` cannot hide /usr/share/fonts here ({why}); the GOBOOK_FONT_DIRS test covers a bare machine"
        ));
    }
    // The system's folders are searched, and found empty.
    print_bare(Fonts::Hidden(&empty), "/usr/share/fonts");
}

#[test]
fn a_korean_book_prints_with_a_korean_font_of_the_system() {
    let dir = common::tempdir();
    let book = dir.path().join("ko.gobook");
    // Hangul, a Hanja character and full-width punctuation: fonts of Japanese have the
    // latter two and no Hangul, so the font must be sought for every character, not the first.
    std::fs::write(
        &book,
        "::book_ko(#baduk) title=\"바둑 입문\" author=\"김철수\"\n\n::chapter(#c)\n\n::h2 제1장 기초\n\n바둑(圍棋)은 두 사람이 하는 게임입니다。흑이 먼저 둡니다.\n\n::prb(#p) sz=9 ab=C3D3 aw=C4D4 pl=b ca=\"문제 1\" correct=E4\n\n흑 차례입니다.\n",
    )
    .unwrap();
    let out = dir.path().join("out");
    let o = gobook(
        &[
            "build",
            "--only-pdf",
            "-o",
            out.to_str().unwrap(),
            book.to_str().unwrap(),
        ],
        Fonts::System,
    );
    let err = said(&o);
    if !o.status.success() {
        // No font of this machine has Hangul: the error says so, at the text.
        assert!(err.contains("ko.gobook:") && err.contains("(U+"), "{err}");
        common::steps_aside(&format!("no Korean font on this system: {err}"));
        return;
    }
    let pdf = out.join("baduk-ko.pdf");
    assert_fonts_embedded(&pdf);
    if let Some(names) = font_names(&pdf) {
        assert!(
            names
                .iter()
                .any(|n| !n.starts_with("LibertinusSerif") && !n.starts_with("DejaVuSans")),
            "no font of the system in the Korean PDF: {names:?}"
        );
    }
    let Some(t) = text(&pdf) else { return };
    let flat = t.split_whitespace().collect::<Vec<_>>().join(" ");
    for words in [
        "바둑 입문",
        "제1장 기초",
        "바둑(圍棋)은 두 사람이 하는 게임입니다。흑이 먼저 둡니다.",
        "흑 차례입니다.",
        "문제 1",
    ] {
        assert!(flat.contains(words), "`{words}` is not in the PDF:\n{flat}");
    }
}

#[test]
fn an_english_edition_needs_no_cjk_font_and_the_error_is_at_the_character() {
    let dir = common::tempdir();
    let empty = dir.path().join("no-fonts");
    std::fs::create_dir(&empty).unwrap();
    let book = dir.path().join("two.gobook");
    std::fs::write(
        &book,
        "::book_en_ja(#two) title=\"Two\" title_ja=\"二つ\"\n\n::chapter\n\n::en An English text.\n\n::ja 日本語の文です。\n\n::dia(#d) sz=9 ab=C3 ca=\"Dia. 1\" ca_ja=\"第一図\"\n\n::include url=more.gobook\n",
    )
    .unwrap();
    // An included chapter whose English text holds a character no bundled font has.
    std::fs::write(
        dir.path().join("more.gobook"),
        "::chapter(#more)\n\n::en More English, and\none word of Korean: 바둑.\n",
    )
    .unwrap();
    let out = dir.path().join("out");
    let o = gobook(
        &[
            "build",
            "--only-pdf",
            "-o",
            out.to_str().unwrap(),
            book.to_str().unwrap(),
        ],
        Fonts::In(&empty),
    );
    let err = said(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    // The English edition prints Korean from the included file: the error is there.
    assert!(
        err.contains("more.gobook:4:21: error: the `en` PDF cannot print `바` (U+BC14), nor 1 other character (`둑` (U+B451))"),
        "{err}"
    );
    // The Japanese edition: the first character of the book's text it cannot print, at its
    // place in the book (the title), then the others of the book's text at theirs.
    assert!(
        err.contains("two.gobook:1:42: error: the `ja` PDF cannot print `二` (U+4E8C)"),
        "{err}"
    );
    assert!(
        err.contains("two.gobook:7:6: error: the `ja` PDF cannot print `日` (U+65E5) either"),
        "{err}"
    );
    assert!(
        err.contains("two-en.pdf was not written") && err.contains("two-ja.pdf was not written"),
        "{err}"
    );
    // Without the Korean word, the English edition prints; the Japanese still cannot.
    std::fs::write(
        dir.path().join("more.gobook"),
        "::chapter(#more)\n\n::en More English.\n",
    )
    .unwrap();
    let o = gobook(
        &[
            "build",
            "--only-pdf",
            "-o",
            out.to_str().unwrap(),
            book.to_str().unwrap(),
        ],
        Fonts::In(&empty),
    );
    let err = said(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_bundled_fonts_only(&out.join("two-en.pdf"));
    assert!(!out.join("two-ja.pdf").exists());
    assert_no_font_error(
        &err,
        "two.gobook",
        "ja",
        empty.to_str().unwrap(),
        "two-ja.pdf",
    );
}

#[test]
fn one_edition_that_cannot_be_written_stops_no_other() {
    let dir = common::tempdir();
    let book = dir.path().join("b.gobook");
    std::fs::write(&book, "::book(#b)\n\n::chapter\n\nA sign.\n").unwrap();
    let out = dir.path().join("out");
    let args = [
        "build",
        "--epub",
        "--pdf",
        "-o",
        out.to_str().unwrap(),
        book.to_str().unwrap(),
    ];
    let o = gobook(&args, Fonts::System);
    assert!(o.status.success(), "{}", said(&o));
    let before = std::fs::read(out.join("b-en.pdf")).unwrap();
    // A character of a private use area: no font anywhere has it.
    std::fs::write(
        &book,
        "::book(#b)\n\n::chapter\n\nA private sign: \u{10FFFD}, now.\n",
    )
    .unwrap();
    let o = gobook(&args, Fonts::System);
    let err = said(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("b.gobook:5:17: error: the `en` PDF cannot print `\u{10FFFD}` (U+10FFFD)"),
        "{err}"
    );
    assert!(
        err.contains("b-en.pdf was not written; the previous one, if any, is unchanged"),
        "{err}"
    );
    assert!(
        err.contains("not every edition was written: b-en.pdf"),
        "{err}"
    );
    // The site and the e-book are written, and say so; the PDF is the one before.
    assert!(err.contains("Wrote ") && err.contains("b-en.epub"), "{err}");
    let site = std::fs::read_to_string(out.join("en/index.html"))
        .or_else(|_| std::fs::read_to_string(out.join("index.html")))
        .unwrap();
    assert!(site.contains('\u{10FFFD}'), "the site is not the new one");
    assert_eq!(std::fs::read(out.join("b-en.pdf")).unwrap(), before);
    assert!(out.join("b-en.epub").is_file());
}

/// A set of characters.
type Chars = std::collections::BTreeSet<char>;

/// What the font check reads (`pdf::printed_text`) for each language of `book`, through the
/// pipeline every writer runs: the language, every character that needs a glyph, and those
/// of them first read from the book's text (not gobook's own words).
fn printed_chars(book: &Path) -> Vec<(String, Chars, Chars)> {
    use gobook::layout::writer::{run, Input, Writer};
    use gobook::pdf::printed_text::Origin;
    use gobook::project::build::{BuildError, Options};
    struct Collect;
    impl Writer for Collect {
        type Output = Vec<(String, Chars, Chars)>;
        fn write(&mut self, input: &Input) -> Result<Self::Output, BuildError> {
            Ok(input
                .book
                .languages
                .iter()
                .map(|l| {
                    let printed = gobook::pdf::printed_text::of(input.book.checked, l);
                    let from_book = printed
                        .chars()
                        .filter(|c| printed.origin(*c) != Some(Origin::Words))
                        .collect();
                    (l.plan.lang.clone(), printed.chars().collect(), from_book)
                })
                .collect())
        }
    }
    let text = common::read_book(book);
    let opts = Options {
        book,
        text: &text,
        out_dir: None,
        progress: &|_| {},
        checked: None,
    };
    run(&mut Collect, &opts, &mut Default::default()).unwrap()
}

/// A book that prints a little of everything: the front matter, a short title, a link, a
/// standard text, a bullet, a hint, a board label, problems and their solutions with
/// comments, an image's caption, and a Markdown include (whose words, should print ever
/// show them, the font check must read too: `ψ` is in no other place).
fn everything_book(dir: &Path) -> PathBuf {
    std::fs::write(dir.join("notes.md"), "Notes with ψ.\n").unwrap();
    std::fs::copy(
        common::root().join("docs/screenshots/pdf-japanese.png"),
        dir.join("pic.png"),
    )
    .unwrap();
    let book = dir.join("all.gobook");
    std::fs::write(
        &book,
        "::book(#all) title=\"Åll þings\" subtitle=\"Sub ŝ\" author=\"Ä. Author\" publisher=\"Pub ð\" copyright=\"Ŧ 2024\"\n\n\
         ::chapter(#c) shortTitle=\"Short ŧ\"\n\n::h2 Heading ħ\n\nText with a <a href=p>link ł</a> and #btp#.\n\n\
         ::p style=bullet •\tBullet ĳ.\n\n::p style=normal After.\n\n\
         ::prb(#p) sz=9 ab=C3D3 aw=C4D4 pl=b ca=\"Problem ŋ\" E6=Ω correct=\"E4(Good ĸ.)\" wrong=\"E5(Bad ŉ.)\"\n\n\
         ::p hint=1 A hint ŀ.\n\n::img url=pic.png ca=\"A picture ŧŧ\"\n\n::include url=notes.md\n",
    )
    .unwrap();
    book
}

#[test]
fn what_the_font_check_reads_is_what_the_pdf_prints() {
    let dir = common::tempdir();
    let mut books: Vec<PathBuf> = examples().into_iter().map(|(_, b)| b).collect();
    books.push(common::root().join("tests/books/vertical-ja/vertical-ja.gobook"));
    books.push(everything_book(dir.path()));
    for (n, book) in books.iter().enumerate() {
        let out = dir.path().join(format!("out{n}"));
        let o = gobook(
            &[
                "build",
                "--only-pdf",
                "-o",
                out.to_str().unwrap(),
                book.to_str().unwrap(),
            ],
            Fonts::System,
        );
        if !o.status.success() {
            // Japanese needs a CJK font, which scripts/setup.sh installs.
            common::steps_aside(&format!(
                "{} does not print here: {}",
                book.display(),
                said(&o)
            ));
            continue;
        }
        let id = common::files_with_ext(&out, "pdf");
        for (lang, chars, from_book) in printed_chars(book) {
            let pdf = id
                .iter()
                .find(|p| p.to_string_lossy().ends_with(&format!("-{lang}.pdf")))
                .unwrap_or_else(|| panic!("no {lang} PDF of {}", book.display()));
            let Some(t) = text(pdf) else { return };
            // Every character the PDF holds is one the check read, but for those the frame
            // adds: page numbers, the contents' leaders and hyphens at line ends.
            let unread: std::collections::BTreeSet<char> = t
                .chars()
                .filter(|c| gobook::pdf::fonts::needs_glyph(*c) && !c.is_whitespace())
                .filter(|c| !c.is_ascii_digit() && !matches!(c, '.' | '-' | '‐'))
                .filter(|c| !chars.contains(c))
                .collect();
            assert!(
                unread.is_empty(),
                "{} prints {unread:?}, which the font check did not read",
                pdf.display()
            );
            // And the check reads nothing of the book's text that the PDF does not print
            // (gobook's own words aside: the word for a page prints only with a reference).
            let shown: std::collections::BTreeSet<char> = t.chars().collect();
            let unprinted: Vec<&char> = from_book
                .iter()
                .filter(|c| !c.is_ascii() && !c.is_whitespace() && !shown.contains(c))
                .collect();
            assert!(
                unprinted.is_empty(),
                "the font check read {unprinted:?} of the book, which {} does not print",
                pdf.display()
            );
        }
    }
}

#[test]
fn a_character_of_a_markdown_include_no_font_has_is_an_error_at_the_include() {
    let dir = common::tempdir();
    let empty = dir.path().join("no-fonts");
    std::fs::create_dir(&empty).unwrap();
    let book = dir.path().join("md.gobook");
    std::fs::write(
        &book,
        "::book(#md) title=\"Notes\"\n\n::chapter\n\nOur own text.\n\n::include url=notes.md\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("notes.md"), "# Notes\n\n- one word: 바둑\n").unwrap();
    let out = dir.path().join("out");
    let o = gobook(
        &[
            "build",
            "--only-pdf",
            "-o",
            out.to_str().unwrap(),
            book.to_str().unwrap(),
        ],
        Fonts::In(&empty),
    );
    let err = said(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    // The Markdown file keeps no places of its own in the page model: the errors are at the
    // `::include` that brings it in, its characters in code point order.
    assert!(
        err.contains("md.gobook:7:3: error: the `en` PDF cannot print `둑` (U+B451), nor 1 other character (`바` (U+BC14))"),
        "{err}"
    );
    assert!(err.contains("md-en.pdf was not written"), "{err}");
}
