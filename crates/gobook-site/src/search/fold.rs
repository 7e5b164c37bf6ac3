//! Text as the search compares it, folded: what `fold` in `themes/default/search.js` does to
//! the query and to the index's text, done here at build time for the index's summary of
//! what each part holds (see [`grams`]). JavaScript's `s.normalize('NFKC').normalize('NFD')`,
//! without the marks (`\p{M}`), then `toLowerCase()`: lower case, accents dropped, full-width
//! Latin letters and digits as ASCII. A browser test (`tests/browser/search-fold.mjs`) holds
//! the two to the same result over the corpora's texts and CJK and accented samples.

use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

/// `s` folded as the browser folds it.
pub fn fold(s: &str) -> String {
    if s.is_ascii() {
        // ASCII is its own NFKC and NFD and has no marks (the browser's fast way too).
        return s.to_ascii_lowercase();
    }
    let bare: String = s.nfkc().nfd().filter(|c| !is_combining_mark(*c)).collect();
    bare.to_lowercase()
}

/// Three characters of folded text, one in each 21 bits: a key of the index's summary.
pub type Gram = u64;

/// The gram of `a`, `b` and `c`.
fn gram(a: char, b: char, c: char) -> Gram {
    (u64::from(a) << 42) | (u64::from(b) << 21) | u64::from(c)
}

/// The three characters of a gram, as a string.
pub fn gram_text(g: Gram) -> String {
    let ch = |shift: u32| char::from_u32(((g >> shift) & 0x1f_ffff) as u32).unwrap_or('\u{fffd}');
    [ch(42), ch(21), ch(0)].iter().collect()
}

/// Every run of three characters of `folded` (text already folded) that holds no space,
/// added to `out`. The browser splits a query into terms at white space, so a term found in
/// the text lies within one run between spaces, and each run of three of its characters
/// is one of these.
pub fn grams(folded: &str, out: &mut Vec<Gram>) {
    for word in folded.split(' ') {
        let mut it = word.chars();
        let (Some(mut a), Some(mut b)) = (it.next(), it.next()) else {
            continue;
        };
        for c in it {
            out.push(gram(a, b, c));
            (a, b) = (b, c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_drops_case_accents_and_width() {
        assert_eq!(fold("Game 1000"), "game 1000");
        assert_eq!(fold("Ｇａｍｅ　１"), "game 1");
        assert_eq!(fold("Élan Straße ÅNGSTRÖM"), "elan straße angstrom");
        assert_eq!(fold("ΣΟΦΟΣ"), "σοφος");
        assert_eq!(fold("定式と布石"), "定式と布石");
        assert_eq!(fold("ﬁ"), "fi");
    }

    #[test]
    fn grams_are_the_runs_of_three_within_words() {
        let mut g = Vec::new();
        grams("game 1000 ab 定式と", &mut g);
        let text: Vec<String> = g.iter().map(|&g| gram_text(g)).collect();
        assert_eq!(text, ["gam", "ame", "100", "000", "定式と"]);
    }
}
