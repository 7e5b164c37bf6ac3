//! XHTML content documents: the page frame around a chapter, and the step that makes
//! the site's HTML fragments (maud's HTML serialisation) well-formed XML.
//!
//! maud writes HTML: void elements such as `<br>` and `<img ...>` are left open. That
//! is the only thing in gobook's body markup that XML refuses (attribute values are
//! always quoted, text is escaped with the four XML entities), so closing those tags
//! is enough; the tests parse every written document as XML to keep it that way.

use crate::escape;
use std::fmt::Write;

/// The XHTML namespace.
pub const XHTML_NS: &str = "http://www.w3.org/1999/xhtml";
/// The EPUB structural semantics namespace (`epub:type`).
pub const OPS_NS: &str = "http://www.idpf.org/2007/ops";

/// HTML void elements: they never have content, so XHTML writes them as `<x/>`.
const VOID: &[&str] = &[
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
    "wbr",
];

/// Turns an HTML fragment as maud and pulldown-cmark write it into XHTML: void
/// elements are self-closed, `loading` hints (unknown to EPUB validators) dropped.
/// An EPUB must hold every image it shows, so an image from the web becomes its
/// description, as text: its URL (whatever its scheme) never becomes a link.
pub fn from_html(html: &str) -> String {
    let mut out = String::with_capacity(html.len() + html.len() / 64);
    let mut rest = html;
    while let Some(lt) = rest.find('<') {
        out.push_str(&rest[..lt]);
        let tail = &rest[lt..];
        if let Some(body) = tail.strip_prefix("<!--") {
            // Comments pass through whole: quotes and `>` inside them mean nothing.
            let end = body.find("-->").map(|e| 4 + e + 3).unwrap_or(tail.len());
            out.push_str(&tail[..end]);
            rest = &tail[end..];
            continue;
        }
        let end = tag_end(tail);
        let tag = &tail[..end];
        let name: String = tag[1..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        let src = attr(tag, "src");
        if name == "img" && src.as_deref().is_some_and(crate::site::rich::is_external) {
            let src = src.unwrap_or_default();
            let alt = attr(tag, "alt").filter(|a| !a.is_empty()).unwrap_or(src);
            let _ = write!(out, "<span class=\"gb-remote-img\">{alt}</span>");
        } else if VOID.contains(&name.as_str()) {
            let inner = tag.trim_end_matches('>').trim_end_matches('/').trim_end();
            out.push_str(&inner.replace(" loading=\"lazy\"", ""));
            out.push_str("/>");
        } else {
            out.push_str(tag);
        }
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

/// The raw (still escaped) value of attribute `name="..."` in a tag.
fn attr(tag: &str, name: &str) -> Option<String> {
    let needle = format!(" {name}=\"");
    let start = tag.find(&needle)? + needle.len();
    let len = tag[start..].find('"')?;
    Some(tag[start..start + len].to_string())
}

/// The length of the tag at the start of `s` (through its `>`), honouring quoted values.
fn tag_end(s: &str) -> usize {
    let mut quote: Option<char> = None;
    for (i, c) in s.char_indices().skip(1) {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '>') => return i + 1,
            (None, _) => {}
        }
    }
    s.len()
}

/// What goes around a page's body.
pub struct Frame<'a> {
    /// BCP 47 language tag.
    pub lang: &'a str,
    /// The document title.
    pub title: &'a str,
    /// Path from the document to the style sheet.
    pub css: &'a str,
    /// `epub:type` of the body (e.g. `bodymatter`), if any.
    pub body_type: Option<&'a str>,
    /// Classes of the body element.
    pub body_class: &'a str,
    /// Path from the document to the script, for pages with interactive diagrams.
    pub script: Option<&'a str>,
}

/// A complete XHTML content document around `body` (already XHTML).
pub fn document(f: &Frame, body: &str) -> String {
    let mut out = String::with_capacity(body.len() + 512);
    let _ = write!(
        out,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html>\n<html xmlns=\"{XHTML_NS}\" xmlns:epub=\"{OPS_NS}\" lang=\"{l}\" xml:lang=\"{l}\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>{t}</title>\n<link rel=\"stylesheet\" type=\"text/css\" href=\"{c}\"/>\n{s}</head>\n<body class=\"{b}\"{bt}>\n",
        l = escape::attr(f.lang),
        t = escape::text(f.title),
        c = escape::attr(f.css),
        // XML has no attribute minimisation: `defer` needs a value.
        s = f.script.map(|s| format!("<script src=\"{}\" defer=\"defer\"></script>\n", escape::attr(s))).unwrap_or_default(),
        b = escape::attr(f.body_class),
        bt = f.body_type.map(|t| format!(" epub:type=\"{}\"", escape::attr(t))).unwrap_or_default(),
    );
    out.push_str(body);
    out.push_str("\n</body>\n</html>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closes_void_elements_and_leaves_the_rest() {
        let h = r#"<p>a<br>b <img class="x" src="a.png" alt="1 > 0" loading="lazy"> <br /> <span title='>'>c</span><!-- <br> --></p>"#;
        assert_eq!(
            from_html(h),
            r#"<p>a<br/>b <img class="x" src="a.png" alt="1 > 0"/> <br/> <span title='>'>c</span><!-- <br> --></p>"#
        );
    }

    #[test]
    fn web_images_become_their_description_never_a_link() {
        assert_eq!(
            from_html(
                r#"<figure><img src="https://x.org/a.png" alt="A &amp; B"></figure><a href="b"><img src="http://y" alt=""></a><img src="c.png" alt="">"#
            ),
            r#"<figure><span class="gb-remote-img">A &amp; B</span></figure><a href="b"><span class="gb-remote-img">http://y</span></a><img src="c.png" alt=""/>"#
        );
        let x = from_html(
            r#"<img src="javascript:alert(1)" alt="x"><img src="data:image/svg+xml,&lt;svg onload=alert(1)&gt;" alt=""><p><img src="vbscript:x" alt="v"></p>"#,
        );
        assert!(!x.contains("<a") && !x.contains("href"), "{x}");
        assert_eq!(
            x.matches("<span class=\"gb-remote-img\">").count(),
            3,
            "{x}"
        );
    }
}
