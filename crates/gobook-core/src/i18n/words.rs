//! The words themselves, one TOML file per language in `words/` (`en.toml` ... `ru.toml`),
//! so that a translator edits a file of words, not Rust: each file is compiled into gobook
//! and read once, when its first word is asked for. The keys are in `keys.rs`; the tests
//! check that every file has exactly the keys of English, with its placeholders.

use super::LANGUAGES;
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::LazyLock;

/// One language's words, as its file holds them.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Words {
    /// The language's name for itself.
    pub language_name: String,
    /// The end of a sentence ("." or "。").
    pub full_stop: String,
    /// Open double, close double, open single and close single quotation mark.
    pub quotes: String,
    /// The colour words.
    pub colors: Colors,
    /// Diagram captions and their separators, by name (`to_play`, `gap_at` ...).
    pub captions: HashMap<String, String>,
    /// Standard texts that name a player, by code without the colour letter (`tp`).
    pub player_texts: HashMap<String, String>,
    /// Standard texts without a player, by code (`fe`).
    pub plain_texts: HashMap<String, String>,
    /// Labels of an imported game's info line, by [`super::GameInfo`] key.
    pub game_info: HashMap<String, String>,
    /// The reader's interface, by [`super::UiWord`] key.
    pub ui: HashMap<String, String>,
    /// A diagram's description, by [`super::DiagramWord`] key.
    pub description: HashMap<String, String>,
}

/// Colour words, capitalised as at the start of a sentence.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Colors {
    /// "Black".
    pub black: String,
    /// "White".
    pub white: String,
}

/// One section of a language's words (`|w| &w.ui`).
pub(super) type Section = fn(&Words) -> &HashMap<String, String>;

/// The files, in the order of [`LANGUAGES`].
const FILES: [&str; 12] = [
    include_str!("words/en.toml"),
    include_str!("words/de.toml"),
    include_str!("words/fr.toml"),
    include_str!("words/ja.toml"),
    include_str!("words/ko.toml"),
    include_str!("words/cn.toml"),
    include_str!("words/tw.toml"),
    include_str!("words/es.toml"),
    include_str!("words/it.toml"),
    include_str!("words/po.toml"),
    include_str!("words/pt.toml"),
    include_str!("words/ru.toml"),
];

/// Every language's words, read at the first word asked for.
static ALL: LazyLock<Vec<Words>> = LazyLock::new(|| {
    FILES
        .iter()
        .zip(LANGUAGES)
        .map(|(text, lang)| {
            // The files are part of gobook, not of a book, and the tests read every one.
            toml::from_str(text)
                .unwrap_or_else(|e| panic!("crates/gobook-core/src/i18n/words/{lang}.toml: {e}"))
        })
        .collect()
});

/// The words of the language in column `index` of [`LANGUAGES`].
pub(super) fn of(index: usize) -> &'static Words {
    &ALL[index.min(ALL.len() - 1)]
}

/// The word `key` of a section of the language at `index`, English's when that file lacks
/// it, and "" when English does too (a key the tests would have refused).
pub(super) fn word(index: usize, section: Section, key: &str) -> &'static str {
    section(of(index))
        .get(key)
        .or_else(|| section(of(0)).get(key))
        .map_or("", String::as_str)
}

/// The four quotation marks of the language at `index`: English's if its file has not four.
pub(super) fn quotes(index: usize) -> (char, char, char, char) {
    let four = |w: &Words| match w.quotes.chars().collect::<Vec<_>>()[..] {
        [a, b, c, d] => Some((a, b, c, d)),
        _ => None,
    };
    four(of(index))
        .or_else(|| four(of(0)))
        .unwrap_or(('"', '"', '\'', '\''))
}
