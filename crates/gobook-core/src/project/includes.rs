//! `::include`: the standard chapters that ship with gobook, other `.gobook`
//! files beside the book, and Markdown files (rendered with pulldown-cmark).

use crate::check::check;
use crate::diagnostics::{Code, Diagnostic};
use crate::project::confine::{confine, Kind};
use std::path::Path;

/// The standard chapters of the spec, compiled in.
const STANDARD: &[(&str, &str)] = &[
    (
        "about.gobook",
        include_str!("../../../../assets/chapters/about.gobook"),
    ),
    (
        "buy.gobook",
        include_str!("../../../../assets/chapters/buy.gobook"),
    ),
    (
        "kiseido.gobook",
        include_str!("../../../../assets/chapters/kiseido.gobook"),
    ),
];

/// What an include brings in.
pub enum Included {
    /// Markdown text, written as markup by the writer.
    Markdown { name: String, text: String },
    /// gobook text, to be rendered with the book's machinery, and its warnings.
    Gobook {
        name: String,
        text: String,
        warnings: Vec<Diagnostic>,
    },
}

/// Why an include failed.
pub enum IncludeError {
    /// The file is not there.
    Missing(String),
    /// The path leads out of the book's folder (by `..`, a root or a symbolic link).
    Outside(String),
    /// The included gobook file has errors.
    Content {
        name: String,
        text: String,
        diagnostics: Vec<Diagnostic>,
    },
}

/// The name and text of the file an include names: beside the book first (never outside
/// the book's folder), then the standard chapters.
fn locate(url: &str, book_dir: &Path) -> Result<(String, String), IncludeError> {
    match confine(book_dir, url, "included file", Kind::File) {
        Ok(rel) => {
            let local = book_dir.join(rel);
            let text = crate::project::read::read_text(&local).map_err(|e| {
                IncludeError::Missing(format!("cannot read {}: {e}", local.display()))
            })?;
            Ok((local.display().to_string(), text))
        }
        Err(r) if r.outside => Err(IncludeError::Outside(r.message)),
        Err(r) => match STANDARD.iter().find(|(n, _)| *n == url) {
            Some((_, t)) => Ok((format!("<standard>/{url}"), t.to_string())),
            None => {
                // A file a typo away beside the book, else a standard chapter a typo away.
                let hint = match r.message.split_once("; did you mean") {
                    Some((_, rest)) => format!("; did you mean{rest}"),
                    None => crate::suggest::hint(url, STANDARD.iter().map(|s| s.0)),
                };
                Err(IncludeError::Missing(format!(
                    "the included file `{url}` was not found beside the book or among the standard chapters ({}){hint}",
                    STANDARD.iter().map(|s| s.0).collect::<Vec<_>>().join(", ")
                )))
            }
        },
    }
}

/// Whether an include's `url` names a Markdown file (else a gobook file).
pub fn is_markdown(url: &str) -> bool {
    url.ends_with(".md") || url.ends_with(".markdown")
}

/// The name and text of the gobook file `url` names, for the check to splice into the
/// book (`check::splice`); None for Markdown, or a file that cannot be read (the check
/// of the book's files, `project::files`, reports it where the book names it).
pub fn gobook_source(url: &str, book_dir: &Path) -> Option<(String, String)> {
    if is_markdown(url) {
        return None;
    }
    locate(url, book_dir).ok()
}

/// Reads the file an include names: beside the book first (never outside the book's
/// folder), then the standard chapters.
pub fn read(url: &str, book_dir: &Path) -> Result<Included, IncludeError> {
    let (name, text) = locate(url, book_dir)?;
    if is_markdown(url) {
        // Control characters are errors here as in the book: the author wrote this file too.
        let mut d = crate::diagnostics::Diagnostics::default();
        crate::format::parser::check_characters(&text, &mut d);
        let diagnostics = d.into_vec();
        if !diagnostics.is_empty() {
            return Err(IncludeError::Content {
                name,
                text,
                diagnostics,
            });
        }
        return Ok(Included::Markdown { name, text });
    }
    let (errors, warnings) = problems_of(url, &text);
    if !errors.is_empty() {
        let mut diagnostics = errors;
        diagnostics.extend(warnings);
        diagnostics.sort_by_key(|d| d.span.start);
        return Err(IncludeError::Content {
            name,
            text,
            diagnostics,
        });
    }
    Ok(Included::Gobook {
        name,
        text,
        warnings,
    })
}

/// The errors and the warnings of the gobook file `url` names, whose text is `text`, placed
/// in that text: what [`read`] reports, and what `gobook lsp` shows for an included file
/// the author is editing (its text in the editor, not on disk).
pub fn problems_of(url: &str, text: &str) -> (Vec<Diagnostic>, Vec<Diagnostic>) {
    // An included file holds elements as if written in place: check it as such.
    let wrapped = wrap(text);
    let c = check(&wrapped);
    let shift = (wrapped.len() - text.len()) as u32;
    let unshift = |span: crate::format::syntax::Span| crate::format::syntax::Span {
        start: span.start.saturating_sub(shift),
        end: span.end.saturating_sub(shift),
    };
    // Warnings that need the whole book to judge (a link to one of the book's IDs, the
    // book's languages) are the book's to give, not this file's.
    let book_wide = |code: Code| matches!(code, Code::UnknownLink | Code::LanguageWithoutText);
    let (mut diagnostics, warnings): (Vec<Diagnostic>, Vec<Diagnostic>) = c
        .diagnostics
        .into_iter()
        .filter(|d| !book_wide(d.code))
        .map(|mut d| {
            d.span = unshift(d.span);
            d
        })
        .partition(|d| d.severity == crate::diagnostics::Severity::Error);
    // The include is rendered on its own, without the includes of its own: say so
    // rather than leave them out without a word.
    let mut nested = crate::diagnostics::Diagnostics::default();
    for el in c
        .doc
        .elements
        .iter()
        .filter(|e| e.kind == crate::format::schema::ElementKind::Include)
    {
        let (span, inner) = el
            .attr("url")
            .map(|a| (a.value_span, a.value.as_str()))
            .unwrap_or((el.span, ""));
        nested.error(unshift(span), Code::NestedInclude, format!("includes cannot be nested; include `{inner}` from the book itself, next to `{url}`"));
    }
    diagnostics.extend(nested.into_vec());
    (diagnostics, warnings)
}

/// The local images a Markdown text shows (`![alt](pic.png)`), each with the byte range
/// of its address in the text (of the whole image when the address is not found as
/// written); web addresses and refused schemes are left out (the page keeps or drops them).
pub fn markdown_images(text: &str) -> Vec<(String, std::ops::Range<usize>)> {
    use pulldown_cmark::{Event, Parser, Tag};
    let mut out = Vec::new();
    for (ev, range) in Parser::new_ext(text, markdown_options()).into_offset_iter() {
        if let Event::Start(Tag::Image { dest_url, .. }) = ev {
            let url = dest_url.to_string();
            if url.is_empty()
                || crate::format::values::is_external(&url)
                || !crate::format::values::allowed_url(&url)
            {
                continue;
            }
            let at = text[range.clone()]
                .rfind(url.as_str())
                .map_or(range.clone(), |i| {
                    range.start + i..range.start + i + url.len()
                });
            out.push((url, at));
        }
    }
    out
}

/// The Markdown gobook reads: CommonMark with tables, strikethrough and footnotes.
pub fn markdown_options() -> pulldown_cmark::Options {
    use pulldown_cmark::Options;
    Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_FOOTNOTES
}

/// gobook text of an included file made into a book of its own, for checking and rendering.
pub fn wrap(text: &str) -> String {
    wrap_in(text, "included")
}

/// [`wrap`] in a book with the ID `book_id`: what an included file's `::buy` buys
/// by default (the spec: "Default: ID of this book") is the including book.
pub fn wrap_in(text: &str, book_id: &str) -> String {
    let needs_chapter = !text.trim_start().starts_with("::chapter");
    format!(
        "::book(#{book_id})\n\n{}{text}",
        if needs_chapter { "::chapter\n\n" } else { "" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_chapters_check_clean() {
        for (name, _) in STANDARD {
            assert!(
                matches!(
                    read(name, Path::new("/nonexistent")),
                    Ok(Included::Gobook { .. })
                ),
                "{name}"
            );
        }
    }

    #[test]
    fn control_characters_in_markdown_are_errors_at_their_place() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("notes.md"),
            "# Notes\n\nA bell\u{7} here.\n",
        )
        .unwrap();
        let Err(IncludeError::Content { diagnostics, .. }) = read("notes.md", dir.path()) else {
            panic!("not refused")
        };
        assert_eq!(diagnostics.len(), 1);
        assert_eq!(diagnostics[0].span.start, 15);
        assert_eq!(diagnostics[0].code, Code::ControlCharacter);
    }

    #[test]
    fn markdown_images_are_found_at_their_address() {
        let text =
            "# Notes\n\n![a](pic.png) ![b](https://x.org/y.png)\n\n![c](<img/two.png> \"t\")\n";
        let got: Vec<(String, &str)> = markdown_images(text)
            .into_iter()
            .map(|(u, r)| (u, &text[r]))
            .collect();
        assert_eq!(
            got,
            vec![
                ("pic.png".to_string(), "pic.png"),
                ("img/two.png".to_string(), "img/two.png")
            ]
        );
    }

    #[test]
    fn missing_includes_are_errors() {
        assert!(matches!(
            read("nope.gobook", Path::new("/nonexistent")),
            Err(IncludeError::Missing(_))
        ));
    }

    #[test]
    fn includes_outside_the_book_are_refused_even_through_links() {
        let t = tempfile::tempdir().unwrap();
        let book = t.path().join("book");
        std::fs::create_dir(&book).unwrap();
        std::fs::write(t.path().join("secret.md"), "SECRET").unwrap();
        std::os::unix::fs::symlink(t.path().join("secret.md"), book.join("notes.md")).unwrap();
        std::os::unix::fs::symlink("/proc/self/environ", book.join("env.md")).unwrap();
        // A link named like a standard chapter does not fall back to it either.
        std::os::unix::fs::symlink(t.path().join("secret.md"), book.join("about.gobook")).unwrap();
        for url in [
            "../secret.md",
            "/etc/passwd",
            "notes.md",
            "env.md",
            "about.gobook",
        ] {
            match read(url, &book) {
                Err(IncludeError::Outside(m)) => assert!(m.contains(&format!("`{url}`")), "{m}"),
                _ => panic!("{url} was not refused as outside"),
            }
        }
    }

    #[test]
    fn nested_includes_are_an_error_at_their_line_in_the_included_file() {
        let t = tempfile::tempdir().unwrap();
        std::fs::write(
            t.path().join("part.gobook"),
            "::h1 Part\n\n\n::include url=\"about.gobook\"\n",
        )
        .unwrap();
        match read("part.gobook", t.path()) {
            Err(IncludeError::Content {
                text, diagnostics, ..
            }) => {
                assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
                let d = &diagnostics[0];
                assert_eq!(d.code, Code::NestedInclude);
                assert_eq!(
                    &text[d.span.start as usize..d.span.end as usize],
                    "about.gobook"
                );
                assert!(
                    d.message.contains(
                        "includes cannot be nested; include `about.gobook` from the book itself"
                    ),
                    "{}",
                    d.message
                );
            }
            _ => panic!("a nested include was accepted"),
        }
    }
}
