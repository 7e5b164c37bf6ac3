//! File names inside the e-book. OCF forbids a few characters in them, and epubcheck
//! warns about a space (PKG-010) even when every reference percent-encodes it, so an
//! image whose path has one is stored under a name with `_` in its place.

/// The characters OCF does not allow in a file name (besides controls), and the space.
const REPLACED: &[char] = &[' ', '"', '*', ':', '<', '>', '?', '\\', '|'];

/// The name `path` gets inside the e-book: itself when it is fine, else a cleaned
/// name that is not `taken` (a number is added when two clean up alike).
pub fn package_name(path: &str, taken: &dyn Fn(&str) -> bool) -> String {
    let clean: String = path
        .chars()
        .map(|c| {
            if c.is_control() || REPLACED.contains(&c) {
                '_'
            } else {
                c
            }
        })
        .collect();
    if clean == path {
        return clean;
    }
    let (stem, ext) = match clean.rsplit_once('.') {
        Some((stem, ext)) if !stem.is_empty() && !stem.ends_with('/') && !ext.contains('/') => {
            (stem, format!(".{ext}"))
        }
        _ => (clean.as_str(), String::new()),
    };
    let mut name = clean.clone();
    let mut n = 1;
    while taken(&name) {
        n += 1;
        name = format!("{stem}-{n}{ext}");
    }
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spaces_and_forbidden_characters_become_underscores() {
        let free = |_: &str| false;
        assert_eq!(package_name("img/my pic.png", &free), "img/my_pic.png");
        assert_eq!(package_name("a:b?.png", &free), "a_b_.png");
        assert_eq!(package_name("über.png", &free), "über.png");
    }

    #[test]
    fn a_clean_name_that_is_taken_gets_a_number() {
        let taken = |n: &str| n == "a_b.png" || n == "a_b-2.png";
        assert_eq!(package_name("a b.png", &taken), "a_b-3.png");
        assert_eq!(
            package_name("a_b.png", &taken),
            "a_b.png",
            "a name that needs no change keeps it"
        );
        assert_eq!(package_name("x y", &|n| n == "x_y"), "x_y-2");
    }
}
