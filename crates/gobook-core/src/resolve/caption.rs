//! The lines under a diagram in one language: the caption, who is to play,
//! the move range, and the moves that could not be drawn.

use crate::i18n;
use crate::point::Color;
use crate::resolve::model::{Book, Diagram, Gap, GapsSetting};
use crate::resolve::text::{neutral_language, resolve_plain};

/// The caption lines of a diagram, each present only when it shows.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub struct CaptionLines {
    /// The line above the board (`header`, `header_xx`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub header: Option<String>,
    /// The header's language when it is not the page's (see `caption_lang`).
    #[serde(skip)]
    pub header_lang: Option<String>,
    /// The author's caption (`ca`, `ca_xx`).
    pub caption: Option<String>,
    /// The language the caption is written in when it is not the page's: a neutral
    /// `ca` shown on another language's page is in the book's first language.
    #[serde(skip)]
    pub caption_lang: Option<String>,
    /// "Black to play", when `showToPlay`.
    pub to_play: Option<String>,
    /// "Moves 51–100", when `showFromTo` and there are moves.
    pub from_to: Option<String>,
    /// "12 at 7; 204 at a; 1–3: outside the diagram", unless `gaps=none`.
    pub gaps: Option<String>,
    /// What joins the first line's parts in the page's language (`i18n::title_separator`).
    #[serde(skip)]
    pub separator: &'static str,
}

impl CaptionLines {
    /// The first line: caption, to-play and range joined, as printed under a board, in
    /// the language's punctuation ("Dia. 1 — Black to play", "1図　黒番").
    pub fn title(&self) -> String {
        let parts: Vec<&str> = [&self.caption, &self.to_play, &self.from_to]
            .into_iter()
            .flatten()
            .map(String::as_str)
            .collect();
        parts.join(self.separator)
    }
}

/// The gaps line gobook writes for `d` in `lang`: none when every move is drawn.
fn auto_gaps(d: &Diagram, lang: &str) -> Option<String> {
    (!d.gaps.is_empty()).then(|| gaps_text(&d.gaps, lang))
}

/// Works out the caption lines of `d` in `lang`.
pub fn caption_lines(book: &Book, d: &Diagram, lang: &str) -> CaptionLines {
    let caption = d
        .caption
        .get(lang)
        .map(|c| resolve_plain(book, c, lang))
        .filter(|c| !c.is_empty());
    let to_play = d
        .show_to_play
        .then(|| i18n::to_play(d.to_play == Color::Black, lang));
    let from_to = if d.shows_from_to(lang) {
        d.number_range().map(|(a, b)| i18n::move_range(a, b, lang))
    } else {
        None
    };
    let gaps = match &d.gaps_setting {
        GapsSetting::None => None,
        // A language's own value, else the neutral one; where neither is given (only
        // `gaps_de`), the default, `auto`, as the spec's default for `gaps` is.
        GapsSetting::Text(t) => match t.get(lang) {
            Some("none") => None,
            None | Some("auto") => auto_gaps(d, lang),
            Some(g) => Some(resolve_plain(book, g, lang)),
        },
        GapsSetting::Auto => auto_gaps(d, lang),
    };
    let header = d
        .header
        .get(lang)
        .map(|h| resolve_plain(book, h, lang))
        .filter(|h| !h.is_empty());
    let caption_lang = neutral_language(book, &d.caption, lang).map(String::from);
    let header_lang = neutral_language(book, &d.header, lang).map(String::from);
    CaptionLines {
        header,
        header_lang,
        caption_lang,
        caption,
        to_play,
        from_to,
        gaps,
        separator: i18n::title_separator(lang),
    }
}

/// The automatic gaps line in `lang`.
pub fn gaps_text(gaps: &[Gap], lang: &str) -> String {
    let sep = i18n::number_separator(lang);
    // Moves played elsewhere form one entry, at the place of the first: "2, 5: elsewhere".
    let elsewhere: Vec<&str> = gaps
        .iter()
        .filter_map(|g| match g {
            Gap::Elsewhere(m) => Some(m.as_str()),
            _ => None,
        })
        .collect();
    let mut first_elsewhere = true;
    let items: Vec<String> = gaps
        .iter()
        .filter(|g| {
            let later = matches!(g, Gap::Elsewhere(_)) && !first_elsewhere;
            if matches!(g, Gap::Elsewhere(_)) {
                first_elsewhere = false;
            }
            !later
        })
        .map(|g| match g {
            Gap::At { moves, target } => i18n::gap_at(&moves.join(sep), target, lang),
            Gap::Elsewhere(_) => i18n::gap_elsewhere(&elsewhere.join(sep), lang),
            Gap::Outside(ms) => i18n::gap_outside(&number_ranges(ms, sep, "–"), lang),
        })
        .collect();
    items.join(i18n::gap_separator(lang))
}

/// Move numbers with runs of three or more as ranges: `1–3, 5` (`sep` between items,
/// `dash` inside a range).
pub fn number_ranges(ns: &[u32], sep: &str, dash: &str) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut k = 0;
    while k < ns.len() {
        let mut end = k;
        while end + 1 < ns.len() && ns[end + 1] == ns[end] + 1 {
            end += 1;
        }
        if end >= k + 2 {
            out.push(format!("{}{dash}{}", ns[k], ns[end]));
        } else {
            out.extend(ns[k..=end].iter().map(u32::to_string));
        }
        k = end + 1;
    }
    out.join(sep)
}

#[cfg(test)]
mod tests {
    use super::{gaps_text, number_ranges, Gap};

    #[test]
    fn moves_played_elsewhere_share_one_entry() {
        let gaps = vec![
            Gap::Elsewhere("2".into()),
            Gap::At {
                moves: vec!["5".into()],
                target: "1".into(),
            },
            Gap::Elsewhere("6".into()),
        ];
        assert_eq!(gaps_text(&gaps, "en"), "2, 6: elsewhere; 5 at 1");
    }

    #[test]
    fn runs_of_three_become_ranges() {
        assert_eq!(number_ranges(&[1, 2, 3, 5], ", ", "–"), "1–3, 5");
        assert_eq!(number_ranges(&[4, 5, 9], ", ", "-"), "4, 5, 9");
        assert_eq!(number_ranges(&[7], ", ", "-"), "7");
        assert_eq!(number_ranges(&[], ", ", "-"), "");
        assert_eq!(
            number_ranges(&[1, 2, 3, 4, 10, 11, 12], "・", "–"),
            "1–4・10–12"
        );
    }
}
