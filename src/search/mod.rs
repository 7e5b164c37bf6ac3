//! What the site's search reads, made at build time from the page model: the text of
//! every page of a language (`text`) and the position at every move of every diagram
//! (`positions`). Each is written as a script that assigns to a global, so the browser
//! loads it with a `<script>` element on first use: that works from `file://`, where
//! Chromium refuses to fetch JSON, and under any sub-path. Knows pages, not HTML.

pub mod positions;
pub mod text;

/// A JSON value as a script that stores it under `name` in the global `gbSearch` object.
fn script(name: &str, json: &str) -> String {
    // `name` is gobook's own (a language code or "positions"): nothing to escape.
    format!("(self.gbSearch=self.gbSearch||{{}})[\"{name}\"]={json};\n")
}
