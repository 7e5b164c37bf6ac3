//! What helps a reader find things, in the page frame: the search box (the script
//! `gobook-search.js` brings it to life and loads the indexes of [`crate::search`] on
//! first use), the sidebar of chapters, and the list of keyboard shortcuts the script
//! opens with `?`. Without scripts the sidebar still works (a `<details>`); the search
//! box stays invisible, as it could do nothing.

use crate::i18n;
use crate::layout::plan::Plan;
use crate::search;
use maud::{html, Markup};
use serde_json::{json, Map, Value};

/// The page script of the search, the sidebar and the shortcuts, in the site's root.
pub const SEARCH_SCRIPT: &str = "gobook-search.js";

/// The default search script, compacted at build time as the page script is.
const SEARCH_SCRIPT_TEXT: &str = include_str!("../../themes/default/search.js");

/// The words the search script shows (see `src/i18n/search_words.rs`).
const WORDS: &[&str] = &[
    "search",
    "search_text",
    "search_positions",
    "results",
    "one_result",
    "no_results",
    "pattern_board",
    "must_be_empty",
    "erase",
    "clear",
    "swap_colours",
    "find",
    "at_move",
    "start_position",
    "shortcuts",
    "previous_page",
    "next_page",
    "toggle_sidebar",
    "show_shortcuts",
    "close",
];

fn ui(key: &str, lang: &str) -> &'static str {
    i18n::ui(key, lang).unwrap_or("")
}

/// The search script, compact.
pub fn search_script() -> String {
    crate::project::script::compact(SEARCH_SCRIPT_TEXT)
}

/// The files of the search in the site's root: one text index per language, the
/// position index and the script.
pub fn search_files(
    src: &str,
    checked: &crate::check::Checked,
    plans: &[Plan],
) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = plans
        .iter()
        .map(|p| {
            (
                search::text::file_name(&p.lang),
                search::text::index(src, checked, p),
            )
        })
        .collect();
    files.push((
        search::positions::FILE_NAME.to_string(),
        search::positions::index(src, checked, plans),
    ));
    files.push((SEARCH_SCRIPT.to_string(), search_script()));
    files
}

/// The words of the search script in `lang`, as JSON for a data attribute.
fn words(lang: &str) -> String {
    let mut o = Map::new();
    for k in WORDS {
        o.insert((*k).into(), json!(ui(k, lang)));
    }
    o.insert("black".into(), json!(i18n::color_name(true, lang)));
    o.insert("white".into(), json!(i18n::color_name(false, lang)));
    Value::Object(o).to_string()
}

/// The search box: invisible until the script shows it, its room kept so nothing moves. `root` leads to the site's root,
/// where the indexes are.
pub fn search_box(lang: &str, root: &str) -> Markup {
    html! {
        div.gb-search #gb-search role="search" data-root=(root) data-lang=(lang) data-words=(words(lang)) {
            label.gb-vh for="gb-q" { (ui("search_text", lang)) }
            input #gb-q type="search" placeholder={ (ui("search", lang)) "…" } autocomplete="off" spellcheck="false";
            button.gb-btn.gb-pos-open #gb-pos-open type="button" aria-expanded="false" title=(ui("search_positions", lang)) {
                span aria-hidden="true" { "◐" } span.gb-vh { (ui("search_positions", lang)) }
            }
        }
    }
}

/// The sidebar: every page by its short title (`title` of a page index), the current one
/// marked. A `<details>`, so that it works without scripts; folded in the HTML, as the
/// script opens it only on wide screens, where it stands beside the text (no layout shift).
pub fn sidebar(plan: &Plan, current: usize, title: impl Fn(usize) -> String) -> Markup {
    let lang = plan.lang.as_str();
    html! {
        nav.gb-side #gb-side aria-label=(ui("chapters", lang)) {
            details #gb-side-box {
                summary { (ui("chapters", lang)) }
                ol.gb-side-list {
                    @for i in 0..plan.pages.len() {
                        @let t = title(i);
                        li {
                            @if i == current {
                                a href=(plan.page_href(i)) aria-current="page" { (t) }
                            } @else {
                                a href=(plan.page_href(i)) { (t) }
                            }
                        }
                    }
                }
            }
        }
    }
}
