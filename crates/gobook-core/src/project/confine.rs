//! Paths a book names (images, included files, the cover, its theme and style sheets),
//! confined to the book's folder: whatever a build reads from there is published, so
//! neither a path nor a symbolic link may lead it out of that folder.

use std::path::{Component, Path, PathBuf};

/// Why a named path cannot be used; the message says what to do instead.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
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
    // Whatever is found, or not, the build's record holds the path: creating the file
    // missing now, or a folder in place of a file, changes what a build makes.
    crate::project::reads::looked_at(&full);
    let (root, real) = match (dir.canonicalize(), full.canonicalize()) {
        (Ok(root), Ok(real)) => (root, real),
        _ => {
            // Run inside the book's folder, `dir` is `.`: "looked in ." says nothing.
            let looked = if dir.as_os_str().is_empty() || dir == Path::new(".") {
                "the book's folder".to_string()
            } else {
                dir.display().to_string()
            };
            return Err(missing(format!(
                "the {what} `{url}` does not exist (looked in {looked}){}",
                nearest_file(dir, &rel)
            )));
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

/// Names looked at in a folder for a suggestion: enough for any book's images, and a
/// folder of a million files costs no more than this.
const LOOKED_AT: usize = 5000;

/// `; did you mean `img/stone.png`?` when a file beside the one named has a name a typo away
/// (`stone.PNG`, `stnoe.png`), else nothing. Only folders inside `dir` are listed.
fn nearest_file(dir: &Path, rel: &Path) -> String {
    let (Some(name), Some(parent)) = (rel.file_name().and_then(|n| n.to_str()), rel.parent())
    else {
        return String::new();
    };
    let (Ok(root), Ok(folder)) = (dir.canonicalize(), dir.join(parent).canonicalize()) else {
        return String::new();
    };
    if !folder.starts_with(&root) {
        return String::new();
    }
    let Ok(entries) = std::fs::read_dir(&folder) else {
        return String::new();
    };
    let names: Vec<String> = entries
        .take(LOOKED_AT)
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|e| e.file_name().into_string().ok())
        .collect();
    match crate::suggest::closest(name, names.iter().map(String::as_str)) {
        Some(n) => {
            let shown = parent.join(n);
            format!("; did you mean `{}`?", shown.display())
        }
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_file_names_the_one_beside_it_a_typo_away() {
        let t = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(t.path().join("img")).unwrap();
        std::fs::write(t.path().join("img/stone.png"), b"png").unwrap();
        std::fs::write(t.path().join("intro.md"), b"md").unwrap();
        let m = |url: &str| {
            confine(t.path(), url, "image", Kind::File)
                .unwrap_err()
                .message
        };
        assert!(
            m("img/stone.jpg").ends_with("; did you mean `img/stone.png`?"),
            "{}",
            m("img/stone.jpg")
        );
        assert!(m("img/Stone.png").ends_with("; did you mean `img/stone.png`?"));
        assert!(m("intor.md").ends_with("; did you mean `intro.md`?"));
        assert!(!m("img/board.svg").contains("did you mean"));
        assert!(!m("nothere/stone.png").contains("did you mean"));
    }

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
