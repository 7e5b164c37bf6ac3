//! The names a writer gives its own files, and the book's images that would land on one.
//!
//! A build copies each local image under its book-relative path beside the files gobook
//! writes itself (pages, style sheet, script...). An image with one of their names would
//! silently replace it (a book's script on every page), or a file where a folder must be;
//! so each is an error where the book names the image, and `check` reports it too.

use crate::diagnostics::{Code, Diagnostic, Diagnostics};
use crate::project::files::Named;

/// A file (or folder) gobook writes, relative to the root of what it builds.
#[derive(Debug, Clone, PartialEq)]
pub struct OwnFile {
    /// Its path, `/` between folders.
    pub path: String,
    /// What it is, for messages ("the style sheet", "the page of chapter `ch1`").
    pub what: String,
}

impl OwnFile {
    /// A file `path` that is `what`.
    pub fn new(path: impl Into<String>, what: impl Into<String>) -> OwnFile {
        OwnFile {
            path: path.into(),
            what: what.into(),
        }
    }
}

/// An error for each image in `named` whose path is one of `own`, lies inside one of
/// them, or holds one in a folder of its name; `product` names what is built ("the
/// site", "the e-book"). Names are compared ignoring case: Windows and macOS see one file.
pub fn collisions(named: &[Named], own: &[OwnFile], product: &str) -> Vec<Diagnostic> {
    let mut diags = Diagnostics::default();
    for n in named {
        let image = n.path.to_string_lossy().replace('\\', "/");
        let Some(hit) = own.iter().find(|o| collide(&image, &o.path)) else {
            continue;
        };
        let shown = match &n.via {
            Some(file) => format!("the image `{image}` (shown by the included file `{file}`)"),
            None => format!("the image `{image}`"),
        };
        let same = image.to_lowercase() == hit.path.to_lowercase();
        let how = if same {
            "would replace"
        } else {
            "cannot share the path of"
        };
        let case = if same && image != hit.path {
            " (names that differ only in case are one file on Windows and macOS)"
        } else {
            ""
        };
        diags.error(
            n.span,
            Code::ImageNameTaken,
            format!(
                "{shown} {how} `{}`, {} gobook writes into {product}{case}: rename the image or its folder, and this `url` with it",
                hit.path, hit.what
            ),
        );
    }
    diags.into_vec()
}

/// Whether an image at `image` and a file gobook writes at `own` would meet: the same
/// path, or one a folder of the other.
fn collide(image: &str, own: &str) -> bool {
    let (image, own) = (image.to_lowercase(), own.to_lowercase());
    image == own || within(&image, &own) || within(&own, &image)
}

/// Whether `path` lies inside the folder `folder`.
fn within(path: &str, folder: &str) -> bool {
    path.strip_prefix(folder)
        .is_some_and(|rest| rest.starts_with('/'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::syntax::Span;
    use std::path::PathBuf;

    fn named(path: &str) -> Named {
        Named {
            path: PathBuf::from(path),
            span: Span::default(),
            via: None,
        }
    }

    #[test]
    fn an_image_meets_a_file_of_its_name_a_folder_above_or_below_it() {
        let own = [
            OwnFile::new("style.css", "the style sheet"),
            OwnFile::new("en/index.html", "the title page in English"),
        ];
        let hits = |p: &str| collisions(&[named(p)], &own, "the site").len();
        assert_eq!(hits("style.css"), 1);
        assert_eq!(hits("Style.CSS"), 1, "one file on case-insensitive systems");
        assert_eq!(hits("style.css/a.png"), 1, "a folder where the sheet is");
        assert_eq!(hits("en"), 1, "a file where the language folder is");
        assert_eq!(hits("en/index.html"), 1);
        assert_eq!(hits("en/pic.png"), 0, "beside a page is fine");
        assert_eq!(hits("style.css.png"), 0);
        assert_eq!(hits("img/style.css"), 0);
    }
}
