//! "Did you mean": the known name a typo most likely stands for, by edit distance.
//! Knows nothing else of gobook, so every layer can name the fix for a name it
//! does not know (elements, attributes, language tags, standard texts, IDs).

/// The most edits (insertions, deletions, substitutions, swaps of neighbours) a typo
/// of `len` characters may have: one for short names, where two edits reach almost
/// any other name, and about one in three for longer ones.
fn reach(len: usize) -> usize {
    match len {
        0..=4 => 1,
        5..=8 => 2,
        _ => 3,
    }
}

/// The known name closest to `typo`, if it is near enough to be what was meant.
/// Case is ignored (`showcoords` means `showCoords`); a known name of three letters
/// or more that starts the typo counts too (`diagram` means `dia`). Ties go to the
/// name first in alphabetical order, so the answer does not depend on the list's order.
pub fn closest<'a>(typo: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let lower = typo.to_lowercase();
    let limit = reach(lower.chars().count());
    let mut best: Option<(usize, &'a str)> = None;
    for name in known {
        if name == typo {
            continue;
        }
        let other = name.to_lowercase();
        let d = strsim::osa_distance(&lower, &other);
        let score = if d <= limit {
            d
        } else if other.len() >= 3 && lower.starts_with(&other) {
            // A longer word for a short name: scored after every real typo.
            limit + 1
        } else {
            continue;
        };
        if best.is_none_or(|(s, n)| (score, name) < (s, n)) {
            best = Some((score, name));
        }
    }
    best.map(|(_, n)| n)
}

/// `; did you mean `NAME`?` for the closest known name, or nothing: the tail of a message.
pub fn hint<'a>(typo: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    closest(typo, known)
        .map(|n| format!("; did you mean `{n}`?"))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typos_find_their_name() {
        let elements = [
            "book", "chapter", "dia", "fig", "var", "prb", "img", "p", "h1",
        ];
        assert_eq!(closest("diagram", elements), Some("dia"));
        assert_eq!(closest("chaptr", elements), Some("chapter"));
        assert_eq!(closest("figg", elements), Some("fig"));
        assert_eq!(closest("Chapter", elements), Some("chapter"));
        assert_eq!(closest("jp", ["cn", "en", "ja", "ko"]), Some("ja"));
        assert_eq!(
            closest("shwoCoords", ["showCoords", "ca"]),
            Some("showCoords")
        );
        assert_eq!(closest("chaper2", ["chapter2", "intro"]), Some("chapter2"));
    }

    #[test]
    fn names_far_from_any_are_not_guessed() {
        let elements = ["book", "chapter", "dia", "fig", "var", "prb", "img", "p"];
        assert_eq!(closest("table", elements), None);
        assert_eq!(closest("colour", ["ca", "cr", "correct"]), None);
        assert_eq!(hint("xyz", ["abc"]), "");
        assert_eq!(hint("boook", ["book"]), "; did you mean `book`?");
    }

    #[test]
    fn ties_go_to_the_first_name_in_order() {
        assert_eq!(closest("ab", ["ac", "aa"]), Some("aa"));
        assert_eq!(closest("ab", ["aa", "ac"]), Some("aa"));
    }
}
