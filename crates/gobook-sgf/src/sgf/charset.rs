//! Decoding SGF bytes to text: byte order marks, UTF-16, and the `CA` property.

use encoding_rs::{Encoding, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1252};
use std::borrow::Cow;

/// The decoded text, plus a note when the charset had to be guessed or bytes were replaced.
pub struct Decoded<'a> {
    /// The text.
    pub text: Cow<'a, str>,
    /// What went wrong while decoding, if anything (reported as a warning at line 1).
    pub note: Option<String>,
}

/// Decodes a whole SGF file. Order: byte order mark, UTF-16 without mark, `CA`, valid UTF-8, Latin-1.
pub fn decode(bytes: &[u8]) -> Decoded<'_> {
    if let Some((enc, bom_len)) = Encoding::for_bom(bytes) {
        let (text, had_errors) = enc.decode_without_bom_handling(&bytes[bom_len..]);
        return Decoded {
            text,
            note: had_errors.then(|| replaced(enc)),
        };
    }
    if let Some(enc) = utf16_without_bom(bytes) {
        let (text, had_errors) = enc.decode_without_bom_handling(bytes);
        return Decoded {
            text,
            note: had_errors.then(|| replaced(enc)),
        };
    }
    let declared = find_ca(bytes);
    let valid_utf8 = std::str::from_utf8(bytes).ok();
    // `CA[` was found as ASCII, so the file is not UTF-16 whatever it says.
    let usable = |e: &'static Encoding| {
        if e == UTF_16LE || e == UTF_16BE {
            None
        } else {
            Some(e)
        }
    };
    match declared
        .as_deref()
        .map(|l| label_to_encoding(l).and_then(usable))
    {
        Some(Some(enc)) if enc == UTF_8 => match valid_utf8 {
            Some(s) => Decoded {
                text: Cow::Borrowed(s),
                note: None,
            },
            None => Decoded {
                text: UTF_8.decode_without_bom_handling(bytes).0,
                note: Some(replaced(UTF_8)),
            },
        },
        Some(Some(enc)) => {
            let (text, had_errors) = enc.decode_without_bom_handling(bytes);
            match (had_errors, valid_utf8) {
                // Files often declare a legacy charset but were re-saved as UTF-8.
                (true, Some(s)) => Decoded {
                    text: Cow::Borrowed(s),
                    note: Some(format!(
                        "the file is not valid {} as CA says; read as UTF-8",
                        enc.name()
                    )),
                },
                (true, None) => Decoded {
                    text,
                    note: Some(replaced(enc)),
                },
                (false, _) => Decoded { text, note: None },
            }
        }
        Some(None) => {
            let label = declared.unwrap_or_default();
            let (text, enc) = fallback(bytes, valid_utf8);
            Decoded {
                text,
                note: Some(format!(
                    "unknown charset CA[{label}]; read as {}",
                    enc.name()
                )),
            }
        }
        None => Decoded {
            text: fallback(bytes, valid_utf8).0,
            note: None,
        },
    }
}

/// Decodes an XML file: byte order mark, UTF-16 without mark, the declaration's `encoding`, else UTF-8.
pub fn decode_xml(bytes: &[u8]) -> Cow<'_, str> {
    if let Some((enc, bom_len)) = Encoding::for_bom(bytes) {
        return enc.decode_without_bom_handling(&bytes[bom_len..]).0;
    }
    if let Some(enc) = utf16_without_bom(bytes) {
        return enc.decode_without_bom_handling(bytes).0;
    }
    let head = &bytes[..bytes.len().min(200)];
    let declared = find(head, b"encoding=").and_then(|i| {
        let rest = &head[i + 9..];
        let quote = *rest.first()?;
        let end = rest[1..].iter().position(|&b| b == quote)?;
        label_to_encoding(&String::from_utf8_lossy(&rest[1..1 + end]))
    });
    declared
        .unwrap_or(UTF_8)
        .decode_without_bom_handling(bytes)
        .0
}

fn replaced(enc: &'static Encoding) -> String {
    format!("bytes that are not valid {} were replaced", enc.name())
}

/// Without `CA` the standard says Latin-1, but most such files today are UTF-8: take UTF-8 when valid.
fn fallback<'a>(bytes: &'a [u8], valid_utf8: Option<&'a str>) -> (Cow<'a, str>, &'static Encoding) {
    match valid_utf8 {
        Some(s) => (Cow::Borrowed(s), UTF_8),
        None => (
            WINDOWS_1252.decode_without_bom_handling(bytes).0,
            WINDOWS_1252,
        ),
    }
}

/// UTF-16 files without a byte order mark start with ASCII (`(`, blanks) next to zero bytes.
fn utf16_without_bom(bytes: &[u8]) -> Option<&'static Encoding> {
    let head = bytes.get(..8)?;
    let ascii = |b: u8| b != 0 && b < 0x80;
    if head.chunks(2).all(|c| ascii(c[0]) && c[1] == 0) {
        Some(UTF_16LE)
    } else if head.chunks(2).all(|c| c[0] == 0 && ascii(c[1])) {
        Some(UTF_16BE)
    } else {
        None
    }
}

/// The value of the first `CA[...]` in the raw bytes (charset names are ASCII in every encoding SGF uses).
fn find_ca(bytes: &[u8]) -> Option<String> {
    let mut from = 0;
    while let Some(pos) = find(&bytes[from..], b"CA") {
        let at = from + pos;
        from = at + 2;
        // Must be a whole identifier: not the end of e.g. `OCA`.
        if at > 0 && bytes[at - 1].is_ascii_uppercase() {
            continue;
        }
        let mut i = at + 2;
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if bytes.get(i) != Some(&b'[') {
            continue;
        }
        let start = i + 1;
        let end = bytes[start..]
            .iter()
            .position(|&b| b == b']')
            .map(|p| start + p)?;
        return Some(
            String::from_utf8_lossy(&bytes[start..end])
                .trim()
                .to_string(),
        );
    }
    None
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// The encoding of a charset name, forgiving `_` for `-` and missing separators (`ISO8859_1`, `UTF8`).
fn label_to_encoding(label: &str) -> Option<&'static Encoding> {
    let l = label.trim();
    // What nearly every file that names a charset says, without the table search.
    if l.eq_ignore_ascii_case("UTF-8") {
        return Some(UTF_8);
    }
    if let Some(e) = Encoding::for_label(l.as_bytes()) {
        return Some(e);
    }
    let dashed = l.replace('_', "-");
    if let Some(e) = Encoding::for_label(dashed.as_bytes()) {
        return Some(e);
    }
    let lower = l.to_ascii_lowercase();
    // Names seen in SGF files that the WHATWG label list lacks.
    let alias = match lower.as_str() {
        "euc-cn" | "euccn" | "cp936" | "ms936" | "gb18030-2000" => Some("gbk"),
        "sjis" | "s-jis" | "x-sjis" | "cp932" | "ms932" | "shiftjis" => Some("shift_jis"),
        "cp949" | "uhc" | "ks_c_5601" | "ksc5601" => Some("euc-kr"),
        "cp950" | "big-5" | "big5-hkscs" => Some("big5"),
        "utf16le" | "utf-16le" => Some("utf-16le"),
        "utf16be" | "utf-16be" | "utf16" => Some("utf-16be"),
        "mac" | "macroman" | "mac-roman" => Some("macintosh"),
        _ => None,
    };
    if let Some(a) = alias {
        return Encoding::for_label(a.as_bytes());
    }
    let bare: String = lower
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect();
    if let Some(rest) = bare.strip_prefix("iso8859") {
        return Encoding::for_label(format!("iso-8859-{rest}").as_bytes());
    }
    Encoding::for_label(bare.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels() {
        assert_eq!(label_to_encoding("UTF8"), Some(UTF_8));
        assert_eq!(label_to_encoding("ISO8859_1"), Some(WINDOWS_1252));
        assert_eq!(
            label_to_encoding("MS_KANJI").map(|e| e.name()),
            Some("Shift_JIS")
        );
        assert_eq!(label_to_encoding("foo"), None);
    }

    #[test]
    fn utf16() {
        let bytes: Vec<u8> = "(;C[x])"
            .encode_utf16()
            .flat_map(|u| u.to_le_bytes())
            .collect();
        assert_eq!(decode(&bytes).text, "(;C[x])");
    }
}
