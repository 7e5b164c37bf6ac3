//! Every word gobook prints, in the twelve book languages of the spec.
//!
//! Standard texts (`#btp#` ...), diagram captions (to play, move numbers, gaps),
//! quotation marks, language names and the website's interface words. Language codes
//! are the spec's (`po` is Polish, `cn`/`tw` are Simplified/Traditional Chinese); `ui`
//! and any unknown code mean English. All functions are pure and read static tables.

mod diagram_words;
mod keys;
mod reader_words;
mod search_words;
mod tables;
#[cfg(test)]
mod tests;

pub use keys::{DiagramWord, GameInfo, UiWord};
use tables::Row;

/// Language codes of the spec, in this order.
pub const LANGUAGES: [&str; 12] = [
    "en", "de", "fr", "ja", "ko", "cn", "tw", "es", "it", "po", "pt", "ru",
];

/// Column of `lang` in the tables; English for `ui` and unknown codes.
fn index(lang: &str) -> usize {
    LANGUAGES
        .iter()
        .position(|l| l.eq_ignore_ascii_case(lang))
        .unwrap_or(0)
}

/// The entry of `row` for `lang`.
fn pick(row: &Row, lang: &str) -> &'static str {
    row[index(lang)]
}

/// Copies `template`, replacing each `(key, value)` placeholder; values are not rescanned.
fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    'scan: while !rest.is_empty() {
        for (key, value) in values {
            if let Some(after) = rest.strip_prefix(key) {
                out.push_str(value);
                rest = after;
                continue 'scan;
            }
        }
        let ch = rest.chars().next().unwrap_or_default();
        out.push(ch);
        rest = &rest[ch.len_utf8()..];
    }
    out
}

/// Fills a player template: `black|white` picks a side, `^` is the player, `~` the opponent.
fn player_text(template: &str, black: bool, lang: &str) -> String {
    let template = match template.split_once('|') {
        Some((b, w)) => {
            if black {
                b
            } else {
                w
            }
        }
        None => template,
    };
    fill(
        template,
        &[
            ("^", color_name(black, lang)),
            ("~", color_name(!black, lang)),
        ],
    )
}

/// Colour word, capitalised as at the start of a sentence ("Black"/"White", "Schwarz"/"Weiß", "黒"/"白").
pub fn color_name(black: bool, lang: &str) -> &'static str {
    let (b, w) = tables::COLORS[index(lang)];
    if black {
        b
    } else {
        w
    }
}

/// A standard text by its code without the hashes (`btp`, `wtk`, `fe`, `prb` ...); None for unknown codes.
pub fn standard_text(code: &str, lang: &str) -> Option<String> {
    if let Some((_, row)) = tables::PLAIN_TEXTS.iter().find(|(c, _)| *c == code) {
        return Some(pick(row, lang).to_string());
    }
    let black = match code.as_bytes().first()? {
        b'b' => true,
        b'w' => false,
        _ => return None,
    };
    let (_, row) = tables::PLAYER_TEXTS
        .iter()
        .find(|(c, _)| *c == &code[1..])?;
    Some(player_text(pick(row, lang), black, lang))
}

/// Every standard-text code the spec defines: the player codes for b and w, then the plain ones.
pub fn standard_codes() -> impl Iterator<Item = String> {
    let players = tables::PLAYER_TEXTS
        .iter()
        .flat_map(|(c, _)| [format!("b{c}"), format!("w{c}")]);
    players.chain(tables::PLAIN_TEXTS.iter().map(|(c, _)| c.to_string()))
}

/// Caption for showToPlay: "Black to play" (no period) in each language.
pub fn to_play(black: bool, lang: &str) -> String {
    player_text(pick(&tables::TO_PLAY, lang), black, lang)
}

/// Caption for showFromTo: "Moves 51–100" (en dash), or "Move 51" when `from == to`.
pub fn move_range(from: u32, to: u32, lang: &str) -> String {
    let (a, b) = (from.to_string(), to.to_string());
    if from == to {
        fill(pick(&tables::MOVE, lang), &[("{a}", &a)])
    } else {
        fill(pick(&tables::MOVES, lang), &[("{a}", &a), ("{b}", &b)])
    }
}

/// Gap caption for moves played where another move stands: "12, 18 at 7".
pub fn gap_at(moves: &str, target: &str, lang: &str) -> String {
    fill(
        pick(&tables::GAP_AT, lang),
        &[("{m}", moves), ("{t}", target)],
    )
}

/// Gap caption for a capturing move: "9: takes".
pub fn gap_takes(mv: &str, lang: &str) -> String {
    fill(pick(&tables::GAP_TAKES, lang), &[("{m}", mv)])
}

/// Gap caption for a move played outside the diagram: "2: elsewhere".
pub fn gap_elsewhere(mv: &str, lang: &str) -> String {
    fill(pick(&tables::GAP_ELSEWHERE, lang), &[("{m}", mv)])
}

/// Gap caption for ko captures: "ko: 5, 8, 11".
pub fn gap_ko(moves: &str, lang: &str) -> String {
    fill(pick(&tables::GAP_KO, lang), &[("{m}", moves)])
}

/// Gap caption for moves played outside the diagram's view: "1–3, 5: outside the diagram".
pub fn gap_outside(moves: &str, lang: &str) -> String {
    fill(pick(&tables::GAP_OUTSIDE, lang), &[("{m}", moves)])
}

/// Separator between gap items in one caption line ("; " in en, "、" in ja).
pub fn gap_separator(lang: &str) -> &'static str {
    pick(&tables::GAP_SEPARATOR, lang)
}

/// Separator between numbers in a list (", " in en, "、" in cn/tw, "・" in ja).
pub fn number_separator(lang: &str) -> &'static str {
    pick(&tables::NUMBER_SEPARATOR, lang)
}

/// Typographic quotes: (open double, close double, open single, close single).
pub fn quotes(lang: &str) -> (char, char, char, char) {
    tables::QUOTES[index(lang)]
}

/// The space to put inside the quotes (French: narrow no-break space U+202F), if any.
pub fn quote_inner_space(lang: &str) -> Option<char> {
    (LANGUAGES[index(lang)] == "fr").then_some('\u{202F}')
}

/// Whether `lang` sets words without spaces between them (Japanese, Chinese): quotes there
/// open and close by turns, not by the spaces around them, and take no spaces.
pub fn unspaced(lang: &str) -> bool {
    matches!(LANGUAGES[index(lang)], "ja" | "cn" | "tw")
}

/// What `...` becomes: "…", or "……" (two, the width of two characters) in Japanese and Chinese.
pub fn ellipsis(lang: &str) -> &'static str {
    if unspaced(lang) {
        "……"
    } else {
        "…"
    }
}

/// What `---` becomes: "—", or "——" (two, as CJK typography sets the dash) in Japanese and Chinese.
pub fn em_dash(lang: &str) -> &'static str {
    if unspaced(lang) {
        "——"
    } else {
        "—"
    }
}

/// The dash a hyphen between spaces becomes, and the space before it: Russian sets an em
/// dash, the others an en dash; French and Russian keep the dash on the line of the word
/// before it (a no-break space).
pub fn spaced_dash(lang: &str) -> (char, char) {
    match LANGUAGES[index(lang)] {
        "ru" => ('\u{A0}', '—'),
        "fr" => ('\u{A0}', '–'),
        _ => (' ', '–'),
    }
}

/// The space French sets before `;`, `!`, `?` (narrow no-break, U+202F) and before `:`
/// (no-break, U+00A0); None in the other languages, which set none.
pub fn space_before(punct: char, lang: &str) -> Option<char> {
    if LANGUAGES[index(lang)] != "fr" {
        return None;
    }
    match punct {
        ';' | '!' | '?' => Some('\u{202F}'),
        ':' => Some('\u{A0}'),
        _ => None,
    }
}

/// The language's own name for a language switcher ("English", "Deutsch", "日本語" ...).
pub fn language_name(lang: &str) -> &'static str {
    pick(&tables::LANGUAGE_NAMES, lang)
}

/// A word of the reader's interface in `lang`.
pub fn ui(word: UiWord, lang: &str) -> &'static str {
    tables::UI
        .iter()
        .chain(reader_words::MORE_UI.iter())
        .chain(search_words::SEARCH_UI.iter())
        .find(|(k, _)| *k == word)
        .map_or("", |(_, row)| pick(row, lang))
}

/// A word of a diagram's description (see `diagram_words.rs`) in `lang`.
pub fn diagram_word(word: DiagramWord, lang: &str) -> &'static str {
    diagram_words::DIAGRAM_WORDS
        .iter()
        .find(|(k, _)| *k == word)
        .map_or("", |(_, row)| pick(row, lang))
}

/// BCP 47 tags for the spec's language codes.
pub fn html_lang(l: &str) -> &str {
    match l {
        "cn" => "zh-Hans",
        "tw" => "zh-Hant",
        "po" => "pl",
        "ui" => "en",
        other => other,
    }
}

/// Caption of an imported variation: "Dia. 3", and "Dia. 3: White 46 at a" when
/// `played` gives (black, move number, what the board shows at the point), or
/// "Dia. 3: White 46" when the board shows that number there itself (`None`).
pub fn variation_caption(n: u32, played: Option<(bool, u32, Option<&str>)>, lang: &str) -> String {
    let mut out = fill(pick(&tables::DIAGRAM, lang), &[("{n}", &n.to_string())]);
    if let Some((black, m, p)) = played {
        let template = match p {
            Some(_) => pick(&tables::PLAYED_AT, lang),
            None if unspaced(lang) => "^{m}",
            None => "^ {m}",
        };
        let what = player_text(template, black, lang);
        out.push_str(pick(&tables::CAPTION_SEPARATOR, lang));
        out.push_str(&fill(
            &what,
            &[("{m}", &m.to_string()), ("{p}", p.unwrap_or_default())],
        ));
    }
    out
}

/// The move an imported comment belongs to, written before it: "12:".
pub fn move_comment(m: u32, lang: &str) -> String {
    fill(
        pick(&tables::MOVE_COMMENT, lang),
        &[("{m}", &m.to_string())],
    )
}

/// The language code of the spec that `code` names, if it is one of [`LANGUAGES`].
pub fn language(code: &str) -> Option<&'static str> {
    LANGUAGES
        .iter()
        .find(|l| l.eq_ignore_ascii_case(code))
        .copied()
}

/// One item of an imported game's info line: "Date: 1835-07-27." (`key` is one of
/// event, date, place, komi, result; black and white use [`color_name`]).
pub fn game_info_item(key: GameInfo, value: &str, lang: &str) -> String {
    let label = match key {
        GameInfo::Black => color_name(true, lang),
        GameInfo::White => color_name(false, lang),
        _ => tables::GAME_INFO
            .iter()
            .find(|(k, _)| *k == key)
            .map_or(key.key(), |(_, row)| pick(row, lang)),
    };
    format!(
        "{label}{}{value}{}",
        pick(&tables::CAPTION_SEPARATOR, lang),
        pick(&tables::FULL_STOP, lang)
    )
}
