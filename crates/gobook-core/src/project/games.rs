//! Game files on disk: telling a file's format by its content (SGF or the XML Go format),
//! so old collections with other extensions (`.mgt`, none at all) are read too, and the
//! game files of a folder in the order a book takes them (a chapter per folder, files in
//! natural name order, sub-folders after them). `build`, `serve` and `check` read such a
//! file or folder as the book `gobook import` would write; the folders are listed through
//! [`crate::project::reads`], so a build never replaces them and `serve` watches them.

use std::path::{Path, PathBuf};

/// The game formats gobook reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameFormat {
    /// Smart Game Format.
    Sgf,
    /// The XML Go format (`go.dtd`).
    Xml,
}

/// How much of a file is looked at: SGF may follow a header of free text.
const SNIFF_BYTES: usize = 64 * 1024;

/// Folders deeper than this below a folder of games are not read.
const MAX_DEPTH: usize = 8;

/// At most this many entries of one folder are looked at: a folder of a million files is
/// no book, and reading it must not take the machine.
const MAX_ENTRIES: usize = 100_000;

/// The format of game file content, or `None` when it is neither (a book, say).
/// XML starts with `<`; SGF with `(` followed by `;`, possibly after free text,
/// as in old collections that open with a few lines about the games.
pub fn sniff(bytes: &[u8]) -> Option<GameFormat> {
    let start = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let start = &start[..start.len().min(SNIFF_BYTES)];
    let first = start.iter().position(|b| !b.is_ascii_whitespace())?;
    match start[first] {
        b'<' => Some(GameFormat::Xml),
        // A gobook book starts with an element; it is never a game.
        b':' => None,
        _ => {
            // `(` then `;` with only white space between.
            let mut open = false;
            for &b in &start[first..] {
                if b == b';' && open {
                    return Some(GameFormat::Sgf);
                }
                if !b.is_ascii_whitespace() {
                    open = b == b'(';
                }
            }
            None
        }
    }
}

/// The format a file's extension names, if any (`.sgf`, `.mgt`, `.xml`).
pub fn by_extension(p: &Path) -> Option<GameFormat> {
    match p.extension()?.to_str()?.to_ascii_lowercase().as_str() {
        "sgf" | "mgt" => Some(GameFormat::Sgf),
        "xml" => Some(GameFormat::Xml),
        _ => None,
    }
}

/// The format of the file at `p`: by its content, else by its extension. A `.gobook`
/// file is a book, whatever it holds.
pub fn of_file(p: &Path) -> Option<GameFormat> {
    if is_book_file(p) {
        return None;
    }
    // Not a plain open: a named pipe would wait for a writer forever.
    let head = crate::project::read::read_head(p, SNIFF_BYTES as u64).ok();
    head.as_deref().and_then(sniff).or_else(|| by_extension(p))
}

/// Whether `p` names a gobook book file (by its extension).
pub fn is_book_file(p: &Path) -> bool {
    p.extension()
        .is_some_and(|x| x.eq_ignore_ascii_case("gobook"))
}

/// Whether `p` is a game file by its name or content (not a `.gobook` file): what
/// `build`, `serve`, `check` and `svg` read as a game rather than as a book.
pub fn is_game_file(p: &Path) -> bool {
    !is_book_file(p) && (by_extension(p).is_some() || (p.is_file() && of_file(p).is_some()))
}

/// One folder of game files, in the order a book takes them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameFolder {
    /// The folder.
    pub dir: PathBuf,
    /// Its game files, in natural name order (`p2` before `p10`).
    pub files: Vec<PathBuf>,
}

/// What a folder of games holds: the folder, then each sub-folder (depth first, in
/// natural name order), each with its game files; and what was passed over.
#[derive(Clone, Debug, Default)]
pub struct Games {
    /// The folders read, the folder itself first; folders without game files too.
    pub folders: Vec<GameFolder>,
    /// Linked folders, which are not followed (a link to a folder above would never end).
    pub linked: Vec<PathBuf>,
}

impl Games {
    /// Every game file, in book order.
    pub fn files(&self) -> impl Iterator<Item = &Path> {
        self.folders
            .iter()
            .flat_map(|f| f.files.iter().map(PathBuf::as_path))
    }
}

/// The game files of `dir` and its sub-folders. Fails only when `dir` itself cannot be read.
pub fn in_folder(dir: &Path) -> std::io::Result<Games> {
    let mut games = Games::default();
    collect(dir, 0, &mut games, true)?;
    Ok(games)
}

/// Adds `dir` and its sub-folders to `out`; an error only for `dir` when `top`.
fn collect(dir: &Path, depth: usize, out: &mut Games, top: bool) -> std::io::Result<()> {
    // A game file added, or a folder of them, changes the book.
    crate::project::reads::listed(dir, crate::project::reads::Listing::Games);
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if top => return Err(e),
        Err(_) => return Ok(()),
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .take(MAX_ENTRIES)
        .collect();
    paths.sort_by(|a, b| natural(&a.to_string_lossy(), &b.to_string_lossy()));
    let mut files = Vec::new();
    let mut folders = Vec::new();
    for p in paths {
        let Ok(meta) = std::fs::symlink_metadata(&p) else {
            continue;
        };
        if p.is_dir() {
            if meta.file_type().is_symlink() {
                out.linked.push(p);
            } else if depth < MAX_DEPTH && !is_hidden(&p) && !is_output(&p) {
                folders.push(p);
            }
        } else if in_folder_is_game(&p) {
            files.push(p);
        }
    }
    out.folders.push(GameFolder {
        dir: dir.to_path_buf(),
        files,
    });
    for f in folders {
        collect(&f, depth + 1, out, false)?;
    }
    Ok(())
}

/// The names of the entries of `dir` a folder of games is made of, as [`in_folder`] takes
/// them: its game files and the folders it looks into (`project::reads` compares them).
pub fn listing(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .take(MAX_ENTRIES)
        .map(|e| e.path())
        .filter(|p| {
            let linked = std::fs::symlink_metadata(p).is_ok_and(|m| m.file_type().is_symlink());
            if p.is_dir() {
                linked || (!is_hidden(p) && !is_output(p))
            } else {
                in_folder_is_game(p)
            }
        })
        .filter_map(|p| p.file_name()?.to_str().map(String::from))
        .collect()
}

/// Whether a file found in a folder is a game: `.sgf`, `.mgt` or `.xml`, or a file
/// without an extension whose content is SGF or XML. Other names are not
/// looked into: a site built beside the games has HTML and SVG files, which start with `<`
/// as the XML Go format does.
fn in_folder_is_game(p: &Path) -> bool {
    // A game's name that is no regular file (a named pipe) is kept, so that reading it
    // says what it is rather than passing over it.
    by_extension(p).is_some() || (p.extension().is_none() && p.is_file() && of_file(p).is_some())
}

/// A folder whose name starts with a dot (`.git`, gobook's own staging folders): no
/// chapter of games.
fn is_hidden(p: &Path) -> bool {
    p.file_name()
        .is_some_and(|n| n.to_string_lossy().starts_with('.'))
}

/// Whether `p` is a folder gobook wrote (a site beside the games): no chapter of games, and
/// never read, since a build replaces it.
fn is_output(p: &Path) -> bool {
    crate::project::output::is_owned(p)
}

/// Whether the folder `dir` is a folder of games rather than a book's folder: it holds no
/// `.gobook` file and at least one game file, itself or in a sub-folder.
pub fn is_game_folder(dir: &Path) -> bool {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return false;
    };
    let has_book = rd
        .flatten()
        .take(MAX_ENTRIES)
        .any(|e| is_book_file(&e.path()));
    !has_book && in_folder(dir).is_ok_and(|g| g.files().any(looks_like_game))
}

/// Whether a file holds a game by its first bytes: SGF, or XML with a `Go` element (a
/// folder holding some other XML file, and nothing else, is no folder of games).
fn looks_like_game(p: &Path) -> bool {
    let Ok(head) = crate::project::read::read_head(p, SNIFF_BYTES as u64) else {
        return false;
    };
    match sniff(&head) {
        Some(GameFormat::Sgf) => true,
        Some(GameFormat::Xml) => head.windows(3).any(|w| w == b"<Go"),
        None => false,
    }
}

/// Compares names with runs of digits as numbers, so `p2` comes before `p10`.
pub fn natural(a: &str, b: &str) -> std::cmp::Ordering {
    let (mut x, mut y) = (a.chars().peekable(), b.chars().peekable());
    loop {
        match (x.peek().copied(), y.peek().copied()) {
            (None, None) => return std::cmp::Ordering::Equal,
            (None, Some(_)) => return std::cmp::Ordering::Less,
            (Some(_), None) => return std::cmp::Ordering::Greater,
            (Some(c), Some(d)) if c.is_ascii_digit() && d.is_ascii_digit() => {
                let mut n = String::new();
                while let Some(c) = x.next_if(char::is_ascii_digit) {
                    n.push(c);
                }
                let mut m = String::new();
                while let Some(d) = y.next_if(char::is_ascii_digit) {
                    m.push(d);
                }
                let (n, m) = (n.trim_start_matches('0'), m.trim_start_matches('0'));
                let o = n.len().cmp(&m.len()).then_with(|| n.cmp(m));
                if o != std::cmp::Ordering::Equal {
                    return o;
                }
            }
            (Some(c), Some(d)) => {
                if c != d {
                    return c.cmp(&d);
                }
                x.next();
                y.next();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_decides_and_a_book_is_never_a_game() {
        assert_eq!(sniff(b"(;GM[1])"), Some(GameFormat::Sgf));
        assert_eq!(sniff(b"Games of 1850\n\n( ;B[aa])"), Some(GameFormat::Sgf));
        assert_eq!(sniff(b"<?xml version='1.0'?><Go/>"), Some(GameFormat::Xml));
        assert_eq!(sniff(b"::book(#b)\n"), None);
        assert!(!is_game_file(Path::new("x.gobook")));
        assert!(is_game_file(Path::new("missing.sgf")));
    }

    #[test]
    fn numbers_in_names_compare_as_numbers() {
        let mut v = vec!["p10", "p2", "p1", "a"];
        v.sort_by(|a, b| natural(a, b));
        assert_eq!(v, ["a", "p1", "p2", "p10"]);
    }
}
