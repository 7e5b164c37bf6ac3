//! The sidebar's list of pages, written once per language into a shared script
//! (`gobook-nav-LANG.js`) instead of into every page, so that a site grows with its book and
//! not with the square of its chapters (issue #50). Each page carries only the sidebar's
//! frame, its place in the list, and a link to the contents page for readers without
//! scripts; the contents page lists every page in its own HTML. The script's address ends in
//! a hash of its bytes (`?v=`), so a browser never shows a list cached from an older build.

use crate::i18n::{ui, UiWord};
use crate::layout::book::{LaidBook, LaidPage};
use crate::layout::plan::Plan;
use maud::{html, Markup};
use std::hash::Hasher;
use std::sync::Arc;

/// The code of the navigation script, after the list (see [`NavFile::of`]).
const NAV_SCRIPT_TEXT: &str = include_str!("../../../../themes/default/nav.js");

/// The shared navigation of one language, in the site's root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NavFile {
    /// The file's name, `gobook-nav-LANG.js`.
    pub name: String,
    /// Its bytes.
    pub bytes: Arc<Vec<u8>>,
    /// A hash of its bytes, in hexadecimal, for the pages' addresses of it.
    pub version: String,
}

/// The name of language `lang`'s navigation script.
pub fn file_name(lang: &str) -> String {
    format!("gobook-nav-{lang}.js")
}

impl NavFile {
    /// The navigation script of the language planned as `plan`, whose pages are `pages`:
    /// every page by its short title, as [`crate::layout::book::Frame::sidebar`] lists them
    /// (shared by all of the language's pages).
    pub fn of(plan: &Plan, pages: &[LaidPage]) -> NavFile {
        let items = match pages.first() {
            Some(p) => list(plan, p).into_string(),
            None => String::new(),
        };
        let literal = serde_json::to_string(&items).unwrap_or_else(|_| "\"\"".into());
        let text = format!("self.gbNavList={literal};\n{NAV_SCRIPT_TEXT}");
        let mut h = crate::resolve::cache::hasher();
        h.write(text.as_bytes());
        NavFile {
            name: file_name(&plan.lang),
            bytes: Arc::new(text.into_bytes()),
            version: format!("{:016x}", h.finish()),
        }
    }
}

/// The navigation scripts of every language of `laid`, in the order of its languages.
pub fn nav_files(laid: &LaidBook) -> Vec<NavFile> {
    laid.languages
        .iter()
        .map(|l| NavFile::of(&l.plan, &l.pages))
        .collect()
}

/// The items of the sidebar's list, none marked (the script marks the reader's page).
fn list(plan: &Plan, page: &LaidPage) -> Markup {
    html! {
        @for link in page.frame.sidebar.iter() {
            li { a href=(plan.page_href(link.page)) { (link.title) } }
        }
    }
}

/// The sidebar of `page`: a `<details>` (folded in the HTML, as the script opens it only on
/// wide screens, where it stands beside the text: no layout shift) whose list the
/// navigation script fills. Without scripts it holds a link to the contents page.
pub fn sidebar(plan: &Plan, page: &LaidPage) -> Markup {
    let lang = plan.lang.as_str();
    let contents = plan.contents.unwrap_or(0);
    html! {
        nav.gb-side #gb-side aria-label=(ui(UiWord::Chapters, lang)) data-page=(page.index) {
            details #gb-side-box {
                summary { (ui(UiWord::Chapters, lang)) }
                ol.gb-side-list {}
                noscript {
                    p.gb-side-none { a href=(plan.page_href(contents)) { (ui(UiWord::Contents, lang)) } }
                }
            }
        }
    }
}

/// The script element of the navigation `nav`, from a page whose way to the site's root
/// is `root`.
pub fn script(nav: &NavFile, root: &str) -> Markup {
    html! {
        script src={ (root) (nav.name) "?v=" (nav.version) } defer {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The list is a string literal the script reads: a backslash, quotes (curled by the
    /// book's typography) and the end of
    /// a script in a title stay text.
    #[test]
    fn titles_are_escaped_for_html_and_for_the_script() {
        let text = "::book(#b) title=\"B\"\n\n::chapter(#one)\n\n::h1 A \"quote\" \\ </script> & <b>\n\n::p x\n\n\
                    ::chapter(#two)\n\n::h1 Two\n\n::p y\n";
        let checked = crate::check::check(text);
        let laid = crate::layout::book::lay_out(&checked);
        let nav = &nav_files(&laid)[0];
        let js = String::from_utf8(nav.bytes.to_vec()).unwrap();
        let first = js.lines().next().unwrap();
        let literal: String = serde_json::from_str(
            first
                .trim_start_matches("self.gbNavList=")
                .trim_end_matches(';'),
        )
        .unwrap();
        assert!(
            // The heading's quotes typographic, as every edition prints them.
            literal.contains("A “quote” \\ &lt;/script&gt; &amp; &lt;b&gt;"),
            "{literal}"
        );
        assert!(literal.contains(">Two</a></li>"));
        assert_eq!(nav.name, "gobook-nav-en.js");
    }
}
