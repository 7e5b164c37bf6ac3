//! The navigation document: the table of contents every reading system shows in its
//! menu, and landmarks (cover, contents, start of the text). When the book has no
//! `contents` chapter it is also the contents page in the reading order.

use super::xhtml::{document, Frame};
use crate::escape;

/// One entry of the table of contents.
pub struct Entry {
    /// Link from the navigation document.
    pub href: String,
    /// What the reader sees.
    pub title: String,
}

/// What the navigation document lists.
pub struct Nav<'a> {
    /// BCP 47 language tag.
    pub lang: &'a str,
    /// The heading of the contents ("Contents" in the book's language).
    pub heading: &'a str,
    /// Chapters in reading order.
    pub entries: &'a [Entry],
    /// The cover page.
    pub cover: &'a str,
    /// Where the text begins.
    pub start: &'a str,
    /// The landmarks' words for the cover and the start of the text, in the book's language.
    pub cover_label: &'a str,
    /// The word for the start of the text, when the book has no chapter title to name it.
    pub start_label: &'a str,
    /// The contents page in the reading order: this document's list, or the book's own
    /// chapter; None when neither is read (a book of one chapter).
    pub contents: Option<&'a str>,
}

/// Writes `nav.xhtml`.
pub fn nav(n: &Nav) -> String {
    let mut body = String::new();
    body.push_str(
        "<main class=\"gb-main\">\n<nav epub:type=\"toc\" id=\"toc\" role=\"doc-toc\">\n",
    );
    body.push_str(&format!(
        "<h2 class=\"gb-h2\">{}</h2>\n<ol class=\"gb-toc\">\n",
        escape::text(n.heading)
    ));
    for e in n.entries {
        body.push_str(&format!(
            "<li><a href=\"{}\">{}</a></li>\n",
            escape::attr(&href(&e.href)),
            escape::text(&e.title)
        ));
    }
    body.push_str("</ol>\n</nav>\n");
    // Landmarks are for the reading system's menus, not for the page.
    body.push_str("<nav epub:type=\"landmarks\" id=\"landmarks\" hidden=\"hidden\">\n<ol>\n");
    body.push_str(&format!(
        "<li><a epub:type=\"cover\" href=\"{}\">{}</a></li>\n",
        escape::attr(&href(n.cover)),
        escape::text(n.cover_label)
    ));
    if let Some(c) = n.contents {
        body.push_str(&format!(
            "<li><a epub:type=\"toc\" href=\"{}\">{}</a></li>\n",
            escape::attr(&href(c)),
            escape::text(n.heading)
        ));
    }
    body.push_str(&format!(
        "<li><a epub:type=\"bodymatter\" href=\"{}\">{}</a></li>\n",
        escape::attr(&href(n.start)),
        escape::text(
            n.entries
                .first()
                .map(|e| e.title.as_str())
                .unwrap_or(n.start_label)
        )
    ));
    body.push_str("</ol>\n</nav>\n</main>");
    document(
        &Frame {
            lang: n.lang,
            title: n.heading,
            css: "style.css",
            body_type: Some("frontmatter"),
            body_class: "gb-page gb-epub",
            script: None,
        },
        &body,
    )
}

/// A link to a file of the e-book, with its fragment if any: the path percent-encoded.
fn href(link: &str) -> String {
    match link.split_once('#') {
        Some((path, fragment)) => format!("{}#{fragment}", escape::url::path(path)),
        None => escape::url::path(link),
    }
}
