//! The cover: the book's own `cover` image, or one drawn from the title, subtitle and
//! author as SVG (with a corner of a Go board, so it reads as a Go book in a library).

use super::xhtml::{document, Frame};
use crate::escape;
use std::fmt::Write;

/// The words of a generated cover.
pub struct CoverText<'a> {
    /// Title.
    pub title: &'a str,
    /// Subtitle, if any.
    pub subtitle: Option<&'a str>,
    /// Author, if any.
    pub author: Option<&'a str>,
}

/// Splits text into lines of about `width` characters, at spaces where there are any
/// (CJK titles have none, so long words are cut).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut cur = String::new();
    for word in text.split_whitespace() {
        let mut word = word.to_string();
        while word.chars().count() > width {
            if !cur.is_empty() {
                lines.push(std::mem::take(&mut cur));
            }
            let head: String = word.chars().take(width).collect();
            word = word.chars().skip(width).collect();
            lines.push(head);
        }
        if !cur.is_empty() && cur.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut cur));
        }
        if !cur.is_empty() {
            cur.push(' ');
        }
        cur.push_str(&word);
    }
    if !cur.is_empty() {
        lines.push(cur);
    }
    lines
}

/// A 600 × 900 cover image as a standalone SVG file.
pub fn svg(t: &CoverText) -> String {
    let mut o = String::with_capacity(4096);
    let _ = write!(
        o,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 600 900\" width=\"600\" height=\"900\" role=\"img\" aria-label=\"{}\">\n<title>{}</title>\n<rect width=\"600\" height=\"900\" fill=\"#f3ead8\"/>\n<rect x=\"24\" y=\"24\" width=\"552\" height=\"852\" fill=\"none\" stroke=\"#8a3b12\" stroke-width=\"3\"/>\n",
        escape::attr(t.title),
        escape::text(t.title)
    );
    // A corner of a board: a 7 × 7 grid with a few stones, bottom right.
    let _ = write!(o, "<g transform=\"translate(330 600)\"><rect x=\"-18\" y=\"-18\" width=\"246\" height=\"246\" fill=\"#e3bf7e\"/><g stroke=\"#1e1a14\" stroke-width=\"1.5\">");
    for i in 0..7 {
        let p = i * 35;
        let _ = write!(o, "<path d=\"M0 {p}H210M{p} 0V210\"/>");
    }
    let _ = write!(
        o,
        "</g><circle cx=\"105\" cy=\"105\" r=\"4\" fill=\"#1e1a14\"/>"
    );
    for (x, y, black) in [
        (3, 2, true),
        (2, 3, false),
        (4, 3, true),
        (3, 4, false),
        (2, 2, false),
        (4, 4, true),
    ] {
        let fill = if black { "#111" } else { "#fff" };
        let _ = write!(o, "<circle cx=\"{}\" cy=\"{}\" r=\"16.5\" fill=\"{fill}\" stroke=\"#111\" stroke-width=\"1\"/>", x * 35, y * 35);
    }
    o.push_str("</g>\n");
    let title = wrap(t.title, 18);
    let size = if title.len() > 3 { 40 } else { 50 };
    let mut y = 170;
    for line in &title {
        let _ = writeln!(o, "<text x=\"300\" y=\"{y}\" text-anchor=\"middle\" font-family=\"Georgia, serif\" font-size=\"{size}\" font-weight=\"bold\" fill=\"#1f1d1a\">{}</text>", escape::text(line));
        y += size + 12;
    }
    if let Some(s) = t.subtitle {
        y += 20;
        for line in wrap(s, 34) {
            let _ = writeln!(o, "<text x=\"300\" y=\"{y}\" text-anchor=\"middle\" font-family=\"Georgia, serif\" font-size=\"26\" font-style=\"italic\" fill=\"#6b655c\">{}</text>", escape::text(&line));
            y += 34;
        }
    }
    if let Some(a) = t.author {
        let _ = writeln!(o, "<text x=\"60\" y=\"560\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"26\" fill=\"#8a3b12\">{}</text>", escape::text(a));
    }
    o.push_str("</svg>\n");
    o
}

/// The cover page: the cover image (its path in the e-book), full page.
pub fn page(lang: &str, title: &str, image: &str) -> String {
    let body = format!(
        "<section epub:type=\"cover\" class=\"gb-cover\">\n<img src=\"{}\" alt=\"{}\" role=\"doc-cover\"/>\n</section>",
        escape::attr(&escape::url::path(image)),
        escape::attr(title)
    );
    document(
        &Frame {
            lang,
            title,
            css: "style.css",
            body_type: None,
            body_class: "gb-epub gb-cover-page",
            script: None,
        },
        &body,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_at_spaces_and_cuts_long_words() {
        assert_eq!(
            wrap("The Ear-reddening Game", 18),
            vec!["The Ear-reddening", "Game"]
        );
        assert_eq!(
            wrap("囲碁の本囲碁の本", 3),
            vec!["囲碁の", "本囲碁", "の本"]
        );
    }

    #[test]
    fn the_generated_cover_is_xml_with_escaped_text() {
        let s = svg(&CoverText {
            title: "A & B <c>",
            subtitle: Some("x"),
            author: None,
        });
        assert!(s.contains("A &amp; B &lt;c&gt;"));
        assert!(s.starts_with("<?xml"));
    }
}
