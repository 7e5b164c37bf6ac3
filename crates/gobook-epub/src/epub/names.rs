//! File names inside the e-book. OCF forbids a few characters in them, epubcheck
//! warns about a space (PKG-010) even when every reference percent-encodes it, and it
//! reads a `%23` in a reference as the start of a fragment (RSC-007), so an image whose
//! path has one of those is stored under a name with `_` in its place.

use crate::project::taken::OwnFile;
use crate::resolve::model::Book;

/// The characters OCF does not allow in a file name (besides controls), the space and `#`.
const REPLACED: &[char] = &[' ', '"', '#', '*', ':', '<', '>', '?', '\\', '|'];

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

/// Every file gobook writes into the package folder of an e-book of `book` (any language)
/// besides the book's images, which must not take their names.
pub fn own_files(book: &Book) -> Vec<OwnFile> {
    let mut own = vec![
        OwnFile::new("content.opf", "the package document"),
        OwnFile::new("nav.xhtml", "the navigation document"),
        OwnFile::new("cover.xhtml", "the cover page"),
        OwnFile::new("gobook-cover.svg", "the drawn cover"),
        OwnFile::new("style.css", "the style sheet"),
        OwnFile::new(super::build::SCRIPT, "the page script"),
    ];
    for lang in &book.languages {
        let plan = super::build::plan(book, lang);
        for page in plan.pages.iter().filter(|p| p.chapter.is_some()) {
            let path = format!("{}/{}", super::build::TEXT_DIR, page.file);
            if !own.iter().any(|o| o.path == path) {
                let what = match page.chapter.and_then(|c| book.chapters[c].id.as_deref()) {
                    Some(id) => format!("the page of chapter `{id}`"),
                    None => "a chapter's page".to_string(),
                };
                own.push(OwnFile::new(path, what));
            }
        }
    }
    own
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spaces_and_forbidden_characters_become_underscores() {
        let free = |_: &str| false;
        assert_eq!(package_name("img/my pic.png", &free), "img/my_pic.png");
        assert_eq!(package_name("a:b?.png", &free), "a_b_.png");
        assert_eq!(package_name("x#1.png", &free), "x_1.png");
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
