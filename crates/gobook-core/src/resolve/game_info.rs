//! Game info in the text (`#pb#`, `#re#`, ...): the values of the current Go data, the
//! one an inline diagram in the paragraph would start from, or the data it is based on.

use std::collections::HashMap;

use crate::format::links::Links;
use crate::format::schema;
use crate::format::syntax::Element;
use crate::resolve::diagram::lang_text;
use crate::resolve::model::LangText;
use crate::sgf;

/// The game info an element sets itself, by attribute name (`pb`, `dt`, ...).
pub type OwnGameInfo = Vec<(String, LangText)>;

/// The game info `el` sets: its game info attributes, and the game info properties of
/// its `sgf` value (the spec translates them to the equivalent attributes), an
/// attribute given beside the SGF winning over the SGF's property.
pub fn own(el: &Element) -> Option<OwnGameInfo> {
    let names = names();
    let sgf = el.attrs.iter().rev().find(|a| a.name == "sgf");
    // Most elements (every diagram) set none: no value is gathered for them.
    if sgf.is_none() && !el.attrs.iter().any(|a| names.contains(&a.base_name())) {
        return None;
    }
    let from_sgf = sgf.map(|a| sgf_info(&a.value)).unwrap_or_default();
    let mut out = Vec::new();
    for &name in names {
        let mut t = lang_text(&el.attrs, name);
        if t.neutral.is_none() {
            // The SGF's value is neutral: one text for every language not given its own.
            t.neutral = from_sgf
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.clone());
        }
        if t.is_set() {
            out.push((name.to_string(), t));
        }
    }
    (!out.is_empty()).then_some(out)
}

/// The game info properties of the first game of SGF text `value`, by gobook name;
/// none when it is not SGF (Go data reports that, once, where it reads the value).
fn sgf_info(value: &str) -> Vec<(&'static str, String)> {
    let Ok(parsed) = sgf::parse(value.as_bytes()) else {
        return Vec::new();
    };
    let Some(game) = parsed.collection.games.first() else {
        return Vec::new();
    };
    let i = sgf::main_line(game).info;
    [
        ("pb", i.pb),
        ("br", i.br),
        ("wp", i.wp),
        ("wr", i.wr),
        ("km", i.km),
        ("ha", i.ha),
        ("re", i.re),
        ("tm", i.tm),
        ("dt", i.dt),
        ("pc", i.pc),
        ("ev", i.ev),
        ("ro", i.ro),
        ("us", i.us),
        ("an", i.an),
        ("cp", i.cp),
        ("so", i.so),
    ]
    .into_iter()
    .filter_map(|(n, v)| Some((n, v?)))
    .collect()
}

/// The names of the game info attributes, in the schema's order (found once: every Go
/// element of every build asks).
fn names() -> &'static [&'static str] {
    static NAMES: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        schema::attribute_names()
            .filter(|n| schema::is_game_info(n))
            .collect()
    })
}

/// Whether `code` names game info (`pb`, `km`, ...), so `#code#` stands for its value.
pub fn is_code(code: &str) -> bool {
    schema::is_game_info(code)
}

/// The value of game info `name` in `lang` for the text of paragraph `element`: from
/// the Go data it refers to or last follows (`Links::info_from`), else from the data
/// that one is based on.
pub fn value<'a>(
    info: &'a HashMap<usize, OwnGameInfo>,
    links: &Links,
    element: usize,
    name: &str,
    lang: &str,
) -> Option<&'a str> {
    let mut at = links.info_from.get(element).copied().flatten();
    // Bases form a chain without cycles (links rejects them); the bound is a guard.
    for _ in 0..links.base.len().max(1) {
        let e = at?;
        if let Some(v) = info
            .get(&e)
            .and_then(|own| own.iter().find(|(n, _)| n == name))
            .and_then(|(_, t)| t.get(lang))
        {
            return Some(v);
        }
        at = links.base.get(e).copied().flatten();
    }
    None
}
