//! What `serve` lays over the book's pages: the error overlay while the book does not
//! build, and the small warnings panel while it builds with warnings. Both carry a close
//! button (`data-gobook-close`, handled by reload.js); styles are inline so that no
//! theme can hide them or be changed by them.

use crate::diagnostics::Located;
use crate::escape;
use crate::i18n::UiWord;

/// Whose fault the overlay reports, which its heading says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// The book has errors for the author to mend.
    Book,
    /// gobook itself failed (a panic caught in a rebuild): nothing in the book to mend.
    Gobook,
}

impl Fault {
    /// The reader word of the overlay's heading.
    fn heading(self) -> UiWord {
        match self {
            Fault::Book => UiWord::BookHasErrors,
            Fault::Gobook => UiWord::GobookFailed,
        }
    }
}

/// The overlay shown over every page while the book does not build: opaque, so the page
/// under it does not show through the text, and closable to look at the last good build.
/// Its words are in the book's first language of `langs` (English when none is known),
/// and carry every language's (`data-gobook-words`, by BCP 47 tag) so that the page
/// script shows those of the page it lies over.
pub fn overlay_html(escaped_text: &str, langs: &[String], fault: Fault) -> String {
    let heading = fault.heading();
    let first = langs.first().map_or("en", String::as_str);
    let word = crate::i18n::ui;
    let mut words = serde_json::Map::new();
    for l in langs {
        words.insert(
            crate::i18n::html_lang(l).to_string(),
            serde_json::json!([
                word(heading, l),
                word(UiWord::Close, l),
                word(UiWord::CloseErrors, l)
            ]),
        );
    }
    format!(
        "<div id=\"gobook-overlay\" role=\"alert\" lang=\"{lang}\" data-gobook-words=\"{words}\" style=\"position:fixed;inset:0;z-index:2147483647;overflow:auto;\
background:#17120d;color:#f3ede2;font:14px/1.45 ui-monospace,Menlo,Consolas,monospace;padding:2rem\">\
<button type=\"button\" data-gobook-close aria-label=\"{close}\" title=\"{title}\" \
style=\"position:fixed;top:.75rem;right:1.5rem;font:600 20px/1 system-ui,sans-serif;background:none;color:#f3ede2;\
border:1px solid #6b5f52;border-radius:6px;padding:.2rem .55rem;cursor:pointer\">×</button>\
<p data-gobook-message style=\"font:600 16px system-ui,sans-serif;color:#ff9b7a;margin:0 2.5rem 1rem 0\">{message}</p>\
<pre lang=\"en\" style=\"white-space:pre-wrap;margin:0\">{escaped_text}</pre></div>",
        lang = crate::i18n::html_lang(first),
        words = escape::attr(&serde_json::Value::Object(words).to_string()),
        close = escape::attr(word(UiWord::Close, first)),
        title = escape::attr(word(UiWord::CloseErrors, first)),
        message = escape::text(word(heading, first)),
    )
}

/// Warnings listed in the panel at most; the terminal and `gobook check` have them all.
const PANEL_MAX: usize = 50;

/// The warnings panel: a box in the bottom right corner, narrow and at most a third of the
/// window high, so that the book stays readable beside it; its heading folds the list away
/// (folded from the start on a narrow window, where a third of it is too much). `data-key` names this list of
/// warnings: a panel dismissed stays away through reloads until the list changes.
pub fn warnings_panel(warnings: &[Located]) -> Option<String> {
    if warnings.is_empty() {
        return None;
    }
    let n = warnings.len();
    let mut items = String::new();
    for w in warnings.iter().take(PANEL_MAX) {
        // Line 0: a problem of the whole file (a game file's), with no place in it.
        let place = if w.line == 0 {
            escape::text(&w.file)
        } else {
            format!("{}:{}:{}", escape::text(&w.file), w.line, w.column)
        };
        items.push_str(&format!(
            "<li style=\"margin:.35rem 0\"><code style=\"font:12px ui-monospace,Menlo,Consolas,monospace;color:#7a5b00\">{place}</code> {}</li>",
            with_code(&w.message)
        ));
    }
    if n > PANEL_MAX {
        items.push_str(&format!(
            "<li style=\"margin:.35rem 0\">and {} more: run <code>gobook check</code></li>",
            n - PANEL_MAX
        ));
    }
    let key = key_of(warnings);
    Some(format!(
        "<div id=\"gobook-warnings\" role=\"status\" aria-label=\"Warnings\" data-key=\"{key}\" \
style=\"position:fixed;right:12px;bottom:12px;z-index:2147483646;box-sizing:border-box;\
width:min(22rem,calc(100vw - 24px));max-height:33vh;overflow:auto;background:#fff8dc;color:#3b2f00;\
border:1px solid #d9b300;border-radius:8px;box-shadow:0 4px 16px rgba(0,0,0,.18);\
font:13px/1.4 system-ui,sans-serif;padding:.5rem .75rem\">\
<div style=\"display:flex;align-items:center;justify-content:space-between;gap:.5rem\">\
<button type=\"button\" data-gobook-toggle aria-expanded=\"true\" aria-controls=\"gobook-warnings-list\" \
title=\"Show or hide the list\" style=\"font:600 13px system-ui,sans-serif;background:none;color:inherit;border:0;padding:0;cursor:pointer\">\
{n} warning{s} <span aria-hidden=\"true\">▾</span></button>\
<button type=\"button\" data-gobook-close aria-label=\"Dismiss the warnings\" title=\"Dismiss until the warnings change\" \
style=\"font:600 16px/1 system-ui,sans-serif;background:none;color:inherit;border:1px solid #d9b300;border-radius:6px;\
padding:.1rem .45rem;cursor:pointer\">×</button></div>\
<ul id=\"gobook-warnings-list\" style=\"margin:.25rem 0 0;padding-left:1.1rem\">{items}</ul></div>",
        s = if n == 1 { "" } else { "s" }
    ))
}

/// A message as HTML, escaped, with its `quoted` names set as code, as in the terminal they
/// stand out by their backticks.
fn with_code(message: &str) -> String {
    let parts: Vec<&str> = message.split('`').collect();
    if parts.len().is_multiple_of(2) {
        // An odd number of backticks: shown as written.
        return escape::text(message);
    }
    let mut out = String::with_capacity(message.len() + 32);
    for (i, p) in parts.iter().enumerate() {
        if i % 2 == 1 {
            out.push_str("<code style=\"font:12px ui-monospace,Menlo,Consolas,monospace\">");
            out.push_str(&escape::text(p));
            out.push_str("</code>");
        } else {
            out.push_str(&escape::text(p));
        }
    }
    out
}

/// A short stable name of a list of warnings (FNV-1a of their texts), not their places:
/// a line added above a warning moves it but does not make it new.
fn key_of(warnings: &[Located]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for w in warnings {
        for b in w.code.as_str().bytes().chain(w.message.bytes()).chain([0]) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    format!("{h:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::{Code, Severity};

    fn warning(message: &str, line: u32) -> Located {
        Located {
            file: "book.gobook".into(),
            line,
            column: 3,
            severity: Severity::Warning,
            code: Code::UnknownElement,
            message: message.into(),
            source_line: String::new(),
            snippet_column: 1,
        }
    }

    #[test]
    fn the_overlay_speaks_the_books_languages() {
        let o = overlay_html(
            "x &lt; y",
            &["ja".to_string(), "fr".to_string()],
            Fault::Book,
        );
        assert!(
            o.contains("lang=\"ja\"") && o.contains("本にエラーがあります"),
            "{o}"
        );
        assert!(o.contains("aria-label=\"閉じる\""), "{o}");
        assert!(
            o.contains("&quot;fr&quot;:[&quot;Le livre contient des erreurs"),
            "{o}"
        );
        let en = overlay_html("x", &[], Fault::Book);
        assert!(en.contains("The book has errors; the page shows the last good build."));
    }

    #[test]
    fn no_warnings_no_panel() {
        assert_eq!(warnings_panel(&[]), None);
    }

    #[test]
    fn the_panel_escapes_and_counts() {
        let p = warnings_panel(&[warning("`::<b>` is <not> known", 9)]).unwrap();
        assert!(p.contains("1 warning <span"), "{p}");
        assert!(p.contains("book.gobook:9:3"), "{p}");
        assert!(p.contains("&lt;not&gt;") && !p.contains("<not>"), "{p}");
        assert!(p.contains("data-gobook-close"));
        assert!(p.contains(">::&lt;b&gt;</code> is"), "{p}");
    }

    #[test]
    fn an_odd_backtick_is_shown_as_written() {
        assert_eq!(
            with_code("a `b` c"),
            "a <code style=\"font:12px ui-monospace,Menlo,Consolas,monospace\">b</code> c"
        );
        assert_eq!(with_code("a ` c"), "a ` c");
    }

    #[test]
    fn the_key_follows_the_texts_not_the_places() {
        let a = warnings_panel(&[warning("x", 1)]).unwrap();
        let b = warnings_panel(&[warning("x", 7)]).unwrap();
        let c = warnings_panel(&[warning("y", 1)]).unwrap();
        let key = |p: &str| p.split("data-key=\"").nth(1).unwrap()[..16].to_string();
        assert_eq!(key(&a), key(&b));
        assert_ne!(key(&a), key(&c));
    }

    #[test]
    fn an_internal_error_is_not_called_the_books() {
        let o = overlay_html("panic", &["de".to_string()], Fault::Gobook);
        assert!(
            o.contains("gobook ist auf einen internen Fehler gestoßen"),
            "{o}"
        );
        assert!(!o.contains("Das Buch enthält Fehler"), "{o}");
    }
}
