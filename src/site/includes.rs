//! `::include`: the standard chapters that ship with gobook, other `.gobook`
//! files beside the book, and Markdown files (rendered with pulldown-cmark).

use crate::check::check;
use crate::diagnostics::Diagnostic;
use maud::{Markup, PreEscaped};
use std::path::Path;

/// The standard chapters of the spec, compiled in.
const STANDARD: &[(&str, &str)] = &[
    ("about.gobook", include_str!("../../assets/chapters/about.gobook")),
    ("buy.gobook", include_str!("../../assets/chapters/buy.gobook")),
    ("kiseido.gobook", include_str!("../../assets/chapters/kiseido.gobook")),
];

/// What an include brings in.
pub enum Included {
    /// Markdown, already HTML.
    Markdown(Markup),
    /// gobook text, to be rendered with the book's machinery.
    Gobook { name: String, text: String },
}

/// Why an include failed.
pub enum IncludeError {
    /// The file is not there.
    Missing(String),
    /// The included gobook file has errors.
    Content { name: String, text: String, diagnostics: Vec<Diagnostic> },
}

/// Reads the file an include names: beside the book first, then the standard chapters.
pub fn read(url: &str, book_dir: &Path) -> Result<Included, IncludeError> {
    let local = book_dir.join(url);
    let safe = !url.contains("..") && !Path::new(url).is_absolute();
    let text = if safe && local.is_file() {
        std::fs::read_to_string(&local).map_err(|e| IncludeError::Missing(format!("cannot read {}: {e}", local.display())))?
    } else if let Some((_, t)) = STANDARD.iter().find(|(n, _)| *n == url) {
        t.to_string()
    } else {
        return Err(IncludeError::Missing(format!(
            "the included file `{url}` was not found beside the book or among the standard chapters ({})",
            STANDARD.iter().map(|s| s.0).collect::<Vec<_>>().join(", ")
        )));
    };
    let name = if local.is_file() { local.display().to_string() } else { format!("<standard>/{url}") };
    if url.ends_with(".md") || url.ends_with(".markdown") {
        // Control characters are errors here as in the book: the author wrote this file too.
        let mut d = crate::diagnostics::Diagnostics::default();
        crate::format::parser::check_characters(&text, &mut d);
        let diagnostics = d.into_vec();
        if !diagnostics.is_empty() {
            return Err(IncludeError::Content { name, text, diagnostics });
        }
        return Ok(Included::Markdown(markdown(&text)));
    }
    // An included file holds elements as if written in place: check it as such.
    let wrapped = wrap(&text);
    let c = check(&wrapped);
    if c.has_errors() {
        let shift = (wrapped.len() - text.len()) as u32;
        let diagnostics = c
            .diagnostics
            .into_iter()
            .filter(|d| d.severity == crate::diagnostics::Severity::Error)
            .map(|mut d| {
                d.span = crate::format::syntax::Span { start: d.span.start.saturating_sub(shift), end: d.span.end.saturating_sub(shift) };
                d
            })
            .collect();
        return Err(IncludeError::Content { name, text, diagnostics });
    }
    Ok(Included::Gobook { name, text })
}

/// gobook text of an included file made into a book of its own, for checking and rendering.
pub fn wrap(text: &str) -> String {
    let needs_chapter = !text.trim_start().starts_with("::chapter");
    format!("::book(#included)\n\n{}{text}", if needs_chapter { "::chapter\n\n" } else { "" })
}

/// Markdown to HTML with pulldown-cmark; raw HTML in it is escaped, not passed through.
pub fn markdown(text: &str) -> Markup {
    use pulldown_cmark::{Event, Options, Parser};
    let parser = Parser::new_ext(text, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_FOOTNOTES)
        .map(|ev| match ev {
            Event::Html(h) | Event::InlineHtml(h) => Event::Text(h),
            other => other,
        });
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, parser);
    PreEscaped(html)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_chapters_check_clean() {
        for (name, _) in STANDARD {
            assert!(matches!(read(name, Path::new("/nonexistent")), Ok(Included::Gobook { .. })), "{name}");
        }
    }

    #[test]
    fn markdown_escapes_raw_html() {
        let m = markdown("# Preface\n\n<script>alert(1)</script>\n\nSome **bold** text, and <b>inline</b> html.").into_string();
        assert!(m.contains("<h1>Preface</h1>"));
        assert!(m.contains("&lt;script&gt;"));
        assert!(m.contains("<strong>bold</strong>"));
        assert!(m.contains("&lt;b&gt;inline"));
    }

    #[test]
    fn control_characters_in_markdown_are_errors_at_their_place() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("notes.md"), "# Notes\n\nA bell\u{7} here.\n").unwrap();
        let Err(IncludeError::Content { diagnostics, .. }) = read("notes.md", dir.path()) else { panic!("not refused") };
        assert_eq!(diagnostics.len(), 1);
        assert_eq!(diagnostics[0].span.start, 15);
        assert_eq!(diagnostics[0].code, "control-character");
    }

    #[test]
    fn missing_includes_are_errors() {
        assert!(matches!(read("nope.gobook", Path::new("/nonexistent")), Err(IncludeError::Missing(_))));
        assert!(matches!(read("../../etc/passwd", Path::new("/tmp")), Err(IncludeError::Missing(_))));
    }
}
