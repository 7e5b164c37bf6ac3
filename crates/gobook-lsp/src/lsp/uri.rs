//! `file:` URIs, as editors name files, to paths and back.

use lsp_types::Uri;
use percent_encoding::{percent_decode_str, utf8_percent_encode, AsciiSet, CONTROLS};
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// What a path segment may not hold as is in a URI.
const ESCAPED: &AsciiSet = &CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'[')
    .add(b']')
    .add(b'\\')
    .add(b'^')
    .add(b'`')
    .add(b'{')
    .add(b'|')
    .add(b'}');

/// The local path a `file:` URI names; `None` for other schemes (an unsaved buffer).
pub fn to_path(uri: &Uri) -> Option<PathBuf> {
    let s = uri.as_str();
    let rest = s.strip_prefix("file://")?;
    // `file:///p` has an empty host; `file://localhost/p` names this machine too.
    let rest = rest.strip_prefix("localhost").unwrap_or(rest);
    let decoded = percent_decode_str(rest).decode_utf8().ok()?;
    Some(PathBuf::from(decoded.as_ref()))
}

/// The `file:` URI of an absolute path.
pub fn from_path(path: &Path) -> Uri {
    let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let text = abs.to_string_lossy().replace('\\', "/");
    let lead = if text.starts_with('/') { "" } else { "/" };
    let s = format!("file://{lead}{}", utf8_percent_encode(&text, ESCAPED));
    Uri::from_str(&s).unwrap_or_else(|_| Uri::from_str("file:///").expect("a valid URI"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_round_trip_through_uris() {
        for p in ["/tmp/book.gobook", "/tmp/a b/ü#1.gobook"] {
            let u = from_path(Path::new(p));
            assert_eq!(to_path(&u).as_deref(), Some(Path::new(p)), "{}", u.as_str());
        }
        assert_eq!(to_path(&Uri::from_str("untitled:1").unwrap()), None);
    }
}
