//! The files written one per book language beside the site (`ID-LANG.epub`, `ID-LANG.pdf`):
//! their names, and how they are written, so a failed write leaves the previous file as it
//! was and a file in a folder gobook did not write is replaced only when asked.

use crate::project::aside::{put_aside, Aside};
use crate::project::error::{io, ProjectError};
use crate::project::output;
use std::path::{Path, PathBuf};

/// The progress line for `n` written editions: "1 PDF", "2 e-books".
pub fn counted(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// `ID-LANG.EXT`, with every character a file name should not hold replaced.
pub fn file_name(id: &str, lang: &str, ext: &str) -> String {
    let clean: String = id
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '-'
            }
        })
        .collect();
    let clean = clean.trim_matches('.');
    format!(
        "{}-{lang}.{ext}",
        if clean.is_empty() { "book" } else { clean }
    )
}

/// Writes `files` (path and what reads its bytes: in memory, or a print's temporary file)
/// into `out_dir`: a new folder gets gobook's marker, and a file in a folder gobook did
/// not write is replaced only with `force` (it goes to the trash first). Gives the files
/// written and where those gobook had not written went.
pub fn write<R: std::io::Read>(
    out_dir: &Path,
    files: Vec<(PathBuf, R)>,
    force: bool,
) -> Result<(Vec<PathBuf>, Vec<Aside>), ProjectError> {
    if !out_dir.exists() {
        std::fs::create_dir_all(out_dir).map_err(io("create", out_dir))?;
        output::write_marker(out_dir)?;
    }
    let foreign = !output::is_owned(out_dir);
    if !force && foreign {
        if let Some((path, _)) = files.iter().find(|(p, _)| p.exists()) {
            return Err(ProjectError::Output(format!(
                "{} exists in a folder gobook did not write; choose another folder with -o, move the file, or pass --force to replace it",
                path.display()
            )));
        }
    }
    let mut written = Vec::new();
    let mut aside = Vec::new();
    for (path, mut bytes) in files {
        output::remove_stale(&path);
        if foreign && std::fs::symlink_metadata(&path).is_ok() {
            aside.push(put_aside(&path)?);
        }
        output::copy_atomically(&path, &mut bytes)?;
        written.push(path);
    }
    Ok((written, aside))
}

#[cfg(test)]
mod tests {
    use super::file_name;

    #[test]
    fn names_keep_only_what_a_file_name_may_hold() {
        assert_eq!(file_name("go/book", "en", "pdf"), "go-book-en.pdf");
        assert_eq!(file_name("..", "ja", "epub"), "book-ja.epub");
    }
}
