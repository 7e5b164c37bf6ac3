//! Game info in the text (`#pb#`, `#re#`, ...): the values of the current Go data, the
//! one an inline diagram in the paragraph would start from, or the data it is based on.

use std::collections::HashMap;

use crate::format::links::Links;
use crate::format::schema;
use crate::format::syntax::Element;
use crate::resolve::diagram::lang_text;
use crate::resolve::model::LangText;

/// The game info an element sets itself, by attribute name (`pb`, `dt`, ...).
pub type OwnGameInfo = Vec<(String, LangText)>;

/// The game info attributes `el` carries, if any.
pub fn own(el: &Element) -> Option<OwnGameInfo> {
    let names = names();
    // Most elements (every diagram) set none: no value is gathered for them.
    if !el.attrs.iter().any(|a| names.contains(&a.base_name())) {
        return None;
    }
    let mut out = Vec::new();
    for &name in names {
        let t = lang_text(&el.attrs, name);
        if t.is_set() {
            out.push((name.to_string(), t));
        }
    }
    (!out.is_empty()).then_some(out)
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
