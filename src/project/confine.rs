//! Paths a book names (images, included files, the cover, its theme and style sheets),
//! confined to the book's folder: whatever a build reads from there is published, so
//! neither a path nor a symbolic link may lead it out of that folder.

use std::path::{Component, Path, PathBuf};

/// Why a named path cannot be used; the message says what to do instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// The path leads out of the folder (else nothing usable is there).
    pub outside: bool,
    /// What is wrong, for the author.
    pub message: String,
}

/// What a path must name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A file.
    File,
    /// A folder.
    Folder,
}

/// The path `url` names inside `dir` (a leading `./` dropped), once it is sure to stay there:
/// written without `..` or a root, and leading, symbolic links followed, to a `kind` inside `dir`.
/// `what` names the thing in messages ("image", "included file").
pub fn confine(dir: &Path, url: &str, what: &str, kind: Kind) -> Result<PathBuf, Refused> {
    let outside = |message: String| Refused {
        outside: true,
        message,
    };
    let missing = |message: String| Refused {
        outside: false,
        message,
    };
    let rel = PathBuf::from(url.trim_start_matches("./"));
    if url.is_empty() {
        return Err(missing(format!(
            "the {what} has an empty path; name a file in the book's folder"
        )));
    }
    // Checked as written first: a path with `..` could stay inside the folder when read
    // but not when the site writes it to the same place under the output folder.
    if !rel
        .components()
        .all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
    {
        return Err(outside(format!(
            "the {what} `{url}` is not a path inside the book's folder; put it in the book's folder and name it from there, without `..` or a leading `/`"
        )));
    }
    let full = dir.join(&rel);
    let (root, real) = match (dir.canonicalize(), full.canonicalize()) {
        (Ok(root), Ok(real)) => (root, real),
        _ => {
            return Err(missing(format!(
                "the {what} `{url}` does not exist (looked in {})",
                dir.display()
            )))
        }
    };
    if !real.starts_with(&root) {
        return Err(outside(format!(
            "the {what} `{url}` is a link to {}, outside the book's folder; copy what it should show into the book's folder instead",
            real.display()
        )));
    }
    match kind {
        Kind::File if !real.is_file() => Err(missing(format!("the {what} `{url}` is not a file"))),
        Kind::Folder if !real.is_dir() => {
            Err(missing(format!("the {what} `{url}` is not a folder")))
        }
        _ => Ok(rel),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_inside_pass_and_the_rest_is_refused_with_the_reason() {
        let t = tempfile::tempdir().unwrap();
        let book = t.path().join("book");
        std::fs::create_dir_all(book.join("img")).unwrap();
        std::fs::write(book.join("img/a.png"), b"png").unwrap();
        std::fs::write(t.path().join("secret.txt"), b"secret").unwrap();
        std::os::unix::fs::symlink(t.path().join("secret.txt"), book.join("link.png")).unwrap();
        std::os::unix::fs::symlink(t.path(), book.join("up")).unwrap();
        std::os::unix::fs::symlink(book.join("img/a.png"), book.join("same.png")).unwrap();

        assert_eq!(
            confine(&book, "img/a.png", "image", Kind::File),
            Ok(PathBuf::from("img/a.png"))
        );
        assert_eq!(
            confine(&book, "./img/a.png", "image", Kind::File),
            Ok(PathBuf::from("img/a.png"))
        );
        // A link that stays inside the folder is fine.
        assert_eq!(
            confine(&book, "same.png", "image", Kind::File),
            Ok(PathBuf::from("same.png"))
        );
        assert_eq!(
            confine(&book, "img", "theme folder", Kind::Folder),
            Ok(PathBuf::from("img"))
        );

        for (url, outside) in [
            ("../secret.txt", true),
            ("img/../../secret.txt", true),
            ("img/../img/a.png", true),
            ("/etc/passwd", true),
            ("link.png", true),
            ("up/secret.txt", true),
            ("up", true),
            ("nope.png", false),
            ("img", false),
            ("", false),
        ] {
            let r = confine(&book, url, "image", Kind::File).expect_err(url);
            assert_eq!(r.outside, outside, "{url}: {}", r.message);
            assert!(
                r.message.contains(&format!("`{url}`")) || url.is_empty(),
                "{}",
                r.message
            );
        }
        assert!(confine(&book, "link.png", "image", Kind::File)
            .unwrap_err()
            .message
            .contains("secret.txt, outside the book's folder"));
        assert!(confine(&book, "img/a.png", "theme folder", Kind::Folder)
            .unwrap_err()
            .message
            .contains("is not a folder"));
    }

    #[test]
    fn the_process_environment_is_outside_every_book() {
        let t = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink("/proc/self/environ", t.path().join("env.md")).unwrap();
        let r = confine(t.path(), "env.md", "included file", Kind::File).unwrap_err();
        assert!(r.outside, "{}", r.message);
    }
}
