//! What the site's search reads, made at build time from the page model: the text of
//! every page of a language (`text`) and the position at every move of every diagram
//! (`positions`). Each is written as a script that assigns to a global, so the browser
//! loads it with a `<script>` element on first use: that works from `file://`, where
//! Chromium refuses to fetch JSON, and under any sub-path. Knows pages, not HTML.
//!
//! A large book's index comes in parts ([`parts`]): the file the browser loads first holds
//! the first part and the list of the others, which it loads one after the other, searching
//! each as it comes, so the first results show before the whole index is loaded (issue #50).

pub mod fold;
pub(crate) mod parts;
pub(crate) mod positions;
pub(crate) mod text;

use std::sync::Arc;

/// The files of an index: each path relative to the site's root, and its bytes.
pub type Files = Vec<(String, Arc<Vec<u8>>)>;

/// A JSON value as a script that stores it under `name` in the global `gbSearch` object.
fn script(name: &str, json: &str) -> String {
    // `name` is gobook's own (a language code or "positions", and a part's number): nothing to escape.
    format!("(self.gbSearch=self.gbSearch||{{}})[\"{name}\"]={json};\n")
}
