//! Telling a game file's format by its content (SGF or the XML Go format), so
//! old collections with other extensions (`.mgt`, none at all) are read too.

use std::path::Path;

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

/// The format of the file at `p`: by its content, else by its extension.
pub fn of_file(p: &Path) -> Option<GameFormat> {
    let head = read_head(p);
    head.as_deref().and_then(sniff).or_else(|| by_extension(p))
}

/// The first bytes of a file (`None` when it cannot be read).
fn read_head(p: &Path) -> Option<Vec<u8>> {
    // Not a plain open: a named pipe would wait for a writer forever.
    gobook::project::read::read_head(p, SNIFF_BYTES as u64).ok()
}
