//! The few words only print needs, in the book languages of the spec.

/// The abbreviation of "page" before a page number: "p. 12".
pub fn page_word(lang: &str) -> &'static str {
    match lang {
        "de" => "S.",
        "fr" | "es" | "pt" | "it" => "p.",
        "po" => "s.",
        "ru" => "с.",
        "ja" | "cn" | "tw" => "頁",
        "ko" => "쪽",
        _ => "p.",
    }
}
