//! The HTML vocabulary the site and the e-books share: the page model's blocks and
//! resolved text written as elements with gobook's classes, in one of two
//! serialisations ([`Dialect`]): HTML for the site, XHTML for EPUB content documents.
//! Each writer puts its own frame around them (site: HTML pages; epub: XHTML documents).
//!
//! The two dialects differ only where XML does: void elements close (`<br/>`), and an
//! e-book shows a web image as its description (it must hold every image it shows).
//! Everything else, the structure and its escaping, is the same markup, written once.

pub mod answers;
pub mod blocks;
pub mod includes;
pub(crate) mod interactive;
pub mod markdown;
pub mod player;
pub mod rich;

use crate::format::values::is_external;
use maud::{html, Markup, PreEscaped};

/// Which serialisation of HTML to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// HTML, for the site.
    Html,
    /// XHTML (XML), for EPUB content documents.
    Xhtml,
}

/// A line break.
pub fn br(d: Dialect) -> Markup {
    PreEscaped(
        match d {
            Dialect::Html => "<br>",
            Dialect::Xhtml => "<br/>",
        }
        .to_string(),
    )
}

/// An image element. `lazy` asks the browser to load it when it comes into view (HTML
/// only: EPUB validators do not know the attribute). In XHTML a web image becomes its
/// description, as text: an e-book holds every image it shows, and the URL never becomes a link.
pub fn img(
    d: Dialect,
    class: Option<&str>,
    src: &str,
    alt: &str,
    style: Option<&str>,
    lazy: bool,
) -> Markup {
    match d {
        Dialect::Html => html! {
            img class=[class] src=(src) alt=(alt) style=[style] loading=[lazy.then_some("lazy")];
        },
        Dialect::Xhtml if is_external(src) => {
            html! { span.gb-remote-img { (if alt.is_empty() { src } else { alt }) } }
        }
        Dialect::Xhtml => {
            let mut out = String::from("<img");
            let mut attr = |name: &str, value: &str| {
                out.push(' ');
                out.push_str(name);
                out.push_str("=\"");
                crate::escape::push_attr(&mut out, value);
                out.push('"');
            };
            if let Some(c) = class {
                attr("class", c);
            }
            attr("src", src);
            attr("alt", alt);
            if let Some(s) = style {
                attr("style", s);
            }
            out.push_str("/>");
            PreEscaped(out)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn void_elements_close_in_xhtml_and_stay_open_in_html() {
        assert_eq!(br(Dialect::Html).0, "<br>");
        assert_eq!(br(Dialect::Xhtml).0, "<br/>");
        let html = img(Dialect::Html, Some("c"), "a.png", "1 > 0", None, true).0;
        assert_eq!(
            html,
            r#"<img class="c" src="a.png" alt="1 &gt; 0" loading="lazy">"#
        );
        let xhtml = img(
            Dialect::Xhtml,
            None,
            "a.png",
            "A & B",
            Some("width:50%"),
            true,
        )
        .0;
        assert_eq!(
            xhtml,
            r#"<img src="a.png" alt="A &amp; B" style="width:50%"/>"#
        );
        roxmltree::Document::parse(&xhtml).expect("well-formed");
    }

    #[test]
    fn web_images_become_their_description_in_xhtml_never_a_link() {
        let x = |src: &str, alt: &str| img(Dialect::Xhtml, None, src, alt, None, false).0;
        assert_eq!(
            x("https://x.org/a.png", "A & B"),
            r#"<span class="gb-remote-img">A &amp; B</span>"#
        );
        assert_eq!(
            x("http://y", ""),
            r#"<span class="gb-remote-img">http://y</span>"#
        );
        for src in [
            "javascript:alert(1)",
            "data:image/svg+xml,x",
            "vbscript:x",
            "//host/a.png",
        ] {
            let out = x(src, "v");
            assert!(!out.contains("<img") && !out.contains("href"), "{out}");
        }
    }
}
