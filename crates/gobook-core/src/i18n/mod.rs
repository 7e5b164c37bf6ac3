//! Every word gobook prints, in the twelve book languages of the spec.
//!
//! Standard texts (`#btp#` ...), diagram captions (to play, move numbers, gaps),
//! quotation marks, language names and the website's interface words, one file of words per
//! language (`words/*.toml`, read by `words.rs`). Language codes
//! are the spec's (`po` is Polish, `cn`/`tw` are Simplified/Traditional Chinese); `ui`
//! and any unknown code mean English. All functions are pure.

mod keys;
#[cfg(test)]
mod tests;
mod words;

pub use keys::{CaptionWord, DiagramWord, GameInfo, UiWord};
use keys::{PLAIN_CODES, PLAYER_CODES};
use words::Words;

/// Language codes of the spec, in this order.
pub const LANGUAGES: [&str; 12] = [
    "en", "de", "fr", "ja", "ko", "cn", "tw", "es", "it", "po", "pt", "ru",
];

/// Index of `lang` in [`LANGUAGES`] (and its words file); English for `ui` and unknown codes.
fn index(lang: &str) -> usize {
    LANGUAGES
        .iter()
        .position(|l| l.eq_ignore_ascii_case(lang))
        .unwrap_or(0)
}

/// A caption word for `lang`.
fn caption(key: CaptionWord, lang: &str) -> &'static str {
    words::word(index(lang), |w: &Words| &w.captions, key.key())
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
    let colors = &words::of(index(lang)).colors;
    if black {
        &colors.black
    } else {
        &colors.white
    }
}

/// A standard text by its code without the hashes (`btp`, `wtk`, `fe`, `prb` ...); None for unknown codes.
pub fn standard_text(code: &str, lang: &str) -> Option<String> {
    if PLAIN_CODES.contains(&code) {
        return Some(words::word(index(lang), |w: &Words| &w.plain_texts, code).to_string());
    }
    let black = match code.as_bytes().first()? {
        b'b' => true,
        b'w' => false,
        _ => return None,
    };
    let code = PLAYER_CODES.iter().find(|c| **c == &code[1..])?;
    let template = words::word(index(lang), |w: &Words| &w.player_texts, code);
    Some(player_text(template, black, lang))
}

/// Every standard-text code the spec defines: the player codes for b and w, then the plain ones.
pub fn standard_codes() -> impl Iterator<Item = String> {
    let players = PLAYER_CODES
        .iter()
        .flat_map(|c| [format!("b{c}"), format!("w{c}")]);
    players.chain(PLAIN_CODES.iter().map(|c| c.to_string()))
}

/// CaptionWord for showToPlay: "Black to play" (no period) in each language.
pub fn to_play(black: bool, lang: &str) -> String {
    player_text(caption(CaptionWord::ToPlay, lang), black, lang)
}

/// CaptionWord for showFromTo: "Moves 51–100" (en dash), or "Move 51" when `from == to`.
pub fn move_range(from: u32, to: u32, lang: &str) -> String {
    let (a, b) = (from.to_string(), to.to_string());
    if from == to {
        fill(caption(CaptionWord::Move, lang), &[("{a}", &a)])
    } else {
        fill(
            caption(CaptionWord::Moves, lang),
            &[("{a}", &a), ("{b}", &b)],
        )
    }
}

/// Gap caption for moves played where another move stands: "12, 18 at 7".
pub fn gap_at(moves: &str, target: &str, lang: &str) -> String {
    fill(
        caption(CaptionWord::GapAt, lang),
        &[("{m}", moves), ("{t}", target)],
    )
}

/// Gap caption for a capturing move: "9: takes".
pub fn gap_takes(mv: &str, lang: &str) -> String {
    fill(caption(CaptionWord::GapTakes, lang), &[("{m}", mv)])
}

/// Gap caption for a move played outside the diagram: "2: elsewhere".
pub fn gap_elsewhere(mv: &str, lang: &str) -> String {
    fill(caption(CaptionWord::GapElsewhere, lang), &[("{m}", mv)])
}

/// Gap caption for ko captures: "ko: 5, 8, 11".
pub fn gap_ko(moves: &str, lang: &str) -> String {
    fill(caption(CaptionWord::GapKo, lang), &[("{m}", moves)])
}

/// Gap caption for moves played outside the diagram's view: "1–3, 5: outside the diagram".
pub fn gap_outside(moves: &str, lang: &str) -> String {
    fill(caption(CaptionWord::GapOutside, lang), &[("{m}", moves)])
}

/// Separator between gap items in one caption line ("; " in en, "、" in ja).
pub fn gap_separator(lang: &str) -> &'static str {
    caption(CaptionWord::GapSeparator, lang)
}

/// What joins a diagram's caption, who is to play and its move range on one line: " — ",
/// or an ideographic space in Japanese and Chinese, whose typography spaces no dash.
pub fn title_separator(lang: &str) -> &'static str {
    caption(CaptionWord::TitleSeparator, lang)
}

/// Separator between numbers in a list (", " in en, "、" in cn/tw, "・" in ja).
pub fn number_separator(lang: &str) -> &'static str {
    caption(CaptionWord::NumberSeparator, lang)
}

/// Typographic quotes: (open double, close double, open single, close single).
pub fn quotes(lang: &str) -> (char, char, char, char) {
    words::quotes(index(lang))
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

/// The space between two sentences, and after a bold move prefix ("**12:** ..."): none in
/// Japanese and Chinese, whose full stop and colon are a character wide ("黒：A。白：B。").
pub fn sentence_space(lang: &str) -> &'static str {
    if unspaced(lang) {
        ""
    } else {
        " "
    }
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
/// dash, the others an en dash. The space is a no-break one in every language: a line
/// that begins with a dash ("– White dies.") reads as a list or a reply, so the dash stays
/// on the line of the word before it, as Bringhurst, Duden and French typography ask.
pub fn spaced_dash(lang: &str) -> (char, char) {
    match LANGUAGES[index(lang)] {
        "ru" => ('\u{A0}', '—'),
        _ => ('\u{A0}', '–'),
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
    &words::of(index(lang)).language_name
}

/// A word of the reader's interface in `lang`.
pub fn ui(word: UiWord, lang: &str) -> &'static str {
    words::word(index(lang), |w: &Words| &w.ui, word.key())
}

/// A word of a diagram's description (`[description]` of the words files) in `lang`.
pub fn diagram_word(word: DiagramWord, lang: &str) -> &'static str {
    words::word(index(lang), |w: &Words| &w.description, word.key())
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

/// CaptionWord of an imported variation: "Dia. 3", and "Dia. 3: White 46 at a" when
/// `played` gives (black, move number, what the board shows at the point), or
/// "Dia. 3: White 46" when the board shows that number there itself (`None`).
pub fn variation_caption(n: u32, played: Option<(bool, u32, Option<&str>)>, lang: &str) -> String {
    let mut out = fill(
        caption(CaptionWord::Diagram, lang),
        &[("{n}", &n.to_string())],
    );
    if let Some((black, m, p)) = played {
        let template = match p {
            Some(_) => caption(CaptionWord::PlayedAt, lang),
            None if unspaced(lang) => "^{m}",
            None => "^ {m}",
        };
        let what = player_text(template, black, lang);
        out.push_str(caption(CaptionWord::CaptionSeparator, lang));
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
        caption(CaptionWord::MoveComment, lang),
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
        _ => match words::word(index(lang), |w: &Words| &w.game_info, key.key()) {
            "" => key.key(),
            label => label,
        },
    };
    format!(
        "{label}{}{value}{}",
        caption(CaptionWord::CaptionSeparator, lang),
        &words::of(index(lang)).full_stop
    )
}
