//! XHTML content documents: the frame around a page's body, which the shared markup
//! writes in its XHTML dialect ([`crate::markup::Dialect::Xhtml`]). The tests parse
//! every written document as XML to keep it well-formed.

use crate::escape;
use std::fmt::Write;

/// The XHTML namespace.
pub const XHTML_NS: &str = "http://www.w3.org/1999/xhtml";
/// The EPUB structural semantics namespace (`epub:type`).
pub const OPS_NS: &str = "http://www.idpf.org/2007/ops";

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
