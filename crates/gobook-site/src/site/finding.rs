//! What helps a reader find things, in the page frame: the search box (the script
//! `gobook-search.js` brings it to life and loads the indexes of [`crate::search`] on
//! first use), and the list of keyboard shortcuts the script opens with `?` (the sidebar
//! of chapters is [`crate::site::nav`]'s). Without scripts the search box stays invisible,
//! as it could do nothing.

use crate::i18n::{self, UiWord};
use crate::layout::book::LaidBook;
use crate::search;
use maud::{html, Markup};
use serde_json::{json, Map, Value};
use std::sync::Arc;

/// The page script of the search, the sidebar and the shortcuts, in the site's root.
pub const SEARCH_SCRIPT: &str = "gobook-search.js";

/// The default search script, copied byte for byte as the page script is.
const SEARCH_SCRIPT_TEXT: &str = include_str!("../../../../themes/default/search.js");

/// The words the search script shows (`[ui]` in `crates/gobook-core/src/i18n/words/*.toml`).
const WORDS: &[UiWord] = &[
    UiWord::Search,
    UiWord::SearchText,
    UiWord::SearchPositions,
    UiWord::Results,
    UiWord::OneResult,
    UiWord::NoResults,
    UiWord::PatternBoard,
    UiWord::MustBeEmpty,
    UiWord::Erase,
    UiWord::Clear,
    UiWord::SwapColours,
    UiWord::Find,
    UiWord::AtMove,
    UiWord::StartPosition,
    UiWord::Shortcuts,
    UiWord::PreviousPage,
    UiWord::NextPage,
    UiWord::ToggleSidebar,
    UiWord::ShowShortcuts,
    UiWord::Close,
];

fn ui(word: UiWord, lang: &str) -> &'static str {
    i18n::ui(word, lang)
}

/// The files of the search in the site's root: one text index per language, the
/// position index and the script (a large book's indexes with their parts in
/// [`search::parts::FOLDER`]). Made from the laid-out pages only, as the pages are,
/// so that `serve`'s warm build writes them as a cold one does.
pub fn search_files(laid: &LaidBook) -> search::Files {
    let text = |i: usize| Arc::new(search::text::index(&laid.languages[i]));
    let positions = Arc::new(search::positions::index(laid));
    search_files_with(laid, &text, &positions)
}

/// The files of [`search_files`] with the indexes given: `text` of the language at a place
/// in `laid.languages`, and `positions` (`serve` passes those its last build made of the
/// same pages).
pub fn search_files_with(
    laid: &LaidBook,
    text: &dyn Fn(usize) -> Arc<search::Files>,
    positions: &search::Files,
) -> search::Files {
    let mut files: search::Files = (0..laid.languages.len())
        .flat_map(|i| text(i).iter().cloned().collect::<Vec<_>>())
        .collect();
    files.extend(positions.iter().cloned());
    files.push((
        SEARCH_SCRIPT.to_string(),
        Arc::new(SEARCH_SCRIPT_TEXT.as_bytes().to_vec()),
    ));
    files
}

/// The words of the search script in `lang`, as JSON for a data attribute.
fn words(lang: &str) -> String {
    let mut o = Map::new();
    for k in WORDS {
        o.insert(k.key().into(), json!(ui(*k, lang)));
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
            label.gb-vh for="gb-q" { (ui(UiWord::SearchText, lang)) }
            input #gb-q type="search" placeholder={ (ui(UiWord::Search, lang)) "…" } autocomplete="off" spellcheck="false";
            button.gb-btn.gb-pos-open #gb-pos-open type="button" aria-expanded="false" title=(ui(UiWord::SearchPositions, lang)) {
                span aria-hidden="true" { "◐" } span.gb-vh { (ui(UiWord::SearchPositions, lang)) }
            }
        }
    }
}
