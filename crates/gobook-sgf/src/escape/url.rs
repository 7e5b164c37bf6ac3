//! A file's path written into a URL (an HTML `href` or `src`, the package document's
//! manifest, the navigation document, the sitemap): the one percent-encoder for them all.
//!
//! A book's file may be named anything its folder holds, and a URL reads `#` as the
//! start of a fragment, `?` as a query, `%` as an escape, and `:` in a first segment as
//! a scheme: so every byte but the unreserved ones of RFC 3986 is encoded, segment by
//! segment, keeping the `/` between folders. Servers, reading systems and epubcheck
//! decode the URL back to the file's own name, which stays as it is on disk.

use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};

/// What a path segment keeps as it is: letters, digits and RFC 3986's `-._~`.
const SEGMENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// `path` (segments joined by `/`) as a URL path, each segment percent-encoded.
pub fn path(path: &str) -> String {
    path.split('/')
        .map(|segment| utf8_percent_encode(segment, SEGMENT).to_string())
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_segment_is_encoded_and_the_slashes_kept() {
        assert_eq!(path("img/a b#c.png"), "img/a%20b%23c.png");
        assert_eq!(path("q?.png"), "q%3F.png");
        assert_eq!(path("100%.png"), "100%25.png");
        assert_eq!(path("über.png"), "%C3%BCber.png");
        assert_eq!(path("a:b/c+d.png"), "a%3Ab/c%2Bd.png");
        assert_eq!(path("../img/plain-name_1.png"), "../img/plain-name_1.png");
    }
}
