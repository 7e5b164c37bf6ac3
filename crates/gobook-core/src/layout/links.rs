//! Where links lead from a page: a link target of the book (an element, a language, a
//! web address) as a URL relative to the page that shows it, for every writer.

use crate::format::values::is_external;
use crate::layout::plan::Plan;
use crate::resolve::text::LinkTarget;

/// The anchor of inline diagram `d` (its index in the book's diagrams) on a page of the
/// site or the e-book: the pop-over its link opens, and the name serve's board editor and
/// `gobook lsp` open it by. One name for every edition.
pub fn inline_anchor(d: usize) -> String {
    format!("gb-inline-{d}")
}

/// What links in a page's text need.
pub struct LinkContext<'a> {
    /// The plan of the page's language.
    pub plan: &'a Plan,
    /// Plans of every language, for language links.
    pub all: &'a [Plan],
    /// The chapter of the page (for "this page in another language").
    pub chapter: Option<usize>,
    /// Whether languages live in folders of their own.
    pub multi: bool,
    /// Anchor of each inline diagram on this page, by diagram index.
    pub inline_anchor: &'a dyn Fn(usize) -> String,
    /// The way from this page to the site root ("" or "../").
    pub root: &'a str,
    /// Local files written under another name (book path, written path): e-books
    /// store an image whose name they cannot hold under a clean one.
    pub renamed: &'a [(String, String)],
}

impl LinkContext<'_> {
    /// A local file URL as seen from this page (`root` prepended, under the name the
    /// file is written as, percent-encoded); web addresses stay as they are.
    pub fn local_url(&self, url: &str) -> String {
        if is_external(url) {
            return url.to_string();
        }
        let path = url.trim_start_matches("./");
        let path = self
            .renamed
            .iter()
            .find(|(from, _)| from == path)
            .map_or(path, |(_, to)| to.as_str());
        format!("{}{}", self.root, crate::escape::url::path(path))
    }
}

impl LinkContext<'_> {
    /// The URL of the current chapter in language `lang`.
    pub fn language_href(&self, lang: &str) -> Option<String> {
        let plan = self.all.iter().find(|p| p.lang == lang)?;
        let file = self
            .chapter
            .and_then(|c| plan.page_of_chapter(c))
            .map(|i| plan.page_href(i))
            .unwrap_or_else(|| "index.html".into());
        Some(if self.multi {
            format!("../{lang}/{file}")
        } else {
            file
        })
    }
}

/// The URL of a link target and whether it leaves the book; None for disabled links.
pub fn link_href(t: &LinkTarget, cx: &LinkContext) -> Option<(String, bool)> {
    match t {
        LinkTarget::Element(e) => cx.plan.href_of(*e).map(|h| (h, false)),
        // Included elements keep their IDs as anchors on the page that includes them.
        LinkTarget::Included { include, id } => cx
            .plan
            .file_of(*include)
            .map(|page| (format!("{}#{id}", crate::escape::url::path(page)), false)),
        LinkTarget::Language(l) => cx.language_href(l).map(|h| (h, false)),
        LinkTarget::External(u) => Some((u.clone(), true)),
        LinkTarget::Disabled => None,
    }
}
