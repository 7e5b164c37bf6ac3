//! The package document (`content.opf`): metadata, the manifest of every file in
//! the book, and the spine, the reading order.

use crate::escape;
use std::fmt::Write;

/// Book metadata for the package document.
pub struct Metadata {
    /// The unique identifier (from the book ID, language and revision).
    pub identifier: String,
    /// Title.
    pub title: String,
    /// Subtitle, if any.
    pub subtitle: Option<String>,
    /// Author, if any.
    pub author: Option<String>,
    /// Publisher, if any.
    pub publisher: Option<String>,
    /// Copyright line, if any.
    pub rights: Option<String>,
    /// BCP 47 language tag.
    pub language: String,
    /// `dcterms:modified`, as `CCYY-MM-DDThh:mm:ssZ`.
    pub modified: String,
}

/// One file of the publication.
pub struct Item {
    /// Manifest id (an XML name).
    pub id: String,
    /// Path relative to the package document.
    pub href: String,
    /// Media type.
    pub media_type: &'static str,
    /// Manifest properties (`nav`, `svg`, `cover-image`).
    pub properties: Vec<&'static str>,
    /// Where it stands in the spine, if it is read at all; `false` for non-linear.
    pub spine: Option<bool>,
}

/// What a reader with assistive technology can expect, for the package's metadata. No
/// conformance (`dcterms:conformsTo`) is claimed: that needs an evaluator's statement.
const ACCESSIBILITY_SUMMARY: &str =
    "Every Go diagram is an SVG image with a title (its caption) and a text \
description naming the stones on the board and the moves shown, with their numbers. Chapters \
are navigable by headings and the table of contents; the reading order follows the book; \
the text reflows and takes the reading system's fonts and colours. Problems' solutions \
follow each chapter. No flashing, sound or motion.";

/// Writes the package document; `spine_order` lists manifest indices in reading order.
pub fn opf(m: &Metadata, items: &[Item], spine_order: &[usize]) -> String {
    let mut o = String::with_capacity(4096);
    let _ = writeln!(o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
    let _ = writeln!(
        o,
        "<package xmlns=\"http://www.idpf.org/2007/opf\" version=\"3.0\" unique-identifier=\"book-id\" xml:lang=\"{}\" prefix=\"schema: http://schema.org/\">",
        escape::attr(&m.language)
    );
    let _ = writeln!(
        o,
        "<metadata xmlns:dc=\"http://purl.org/dc/elements/1.1/\">"
    );
    let _ = writeln!(
        o,
        "<dc:identifier id=\"book-id\">{}</dc:identifier>",
        escape::text(&m.identifier)
    );
    let _ = writeln!(
        o,
        "<dc:title id=\"title\">{}</dc:title>",
        escape::text(&m.title)
    );
    let _ = writeln!(
        o,
        "<meta refines=\"#title\" property=\"title-type\">main</meta>"
    );
    // A second dc:title refined as subtitle is valid, but many reading systems (and
    // epubcheck's own report) show the last title: the subtitle goes in the description.
    if let Some(s) = &m.subtitle {
        let _ = writeln!(o, "<dc:description>{}</dc:description>", escape::text(s));
    }
    if let Some(a) = &m.author {
        let _ = writeln!(
            o,
            "<dc:creator id=\"author\">{}</dc:creator>",
            escape::text(a)
        );
        let _ = writeln!(
            o,
            "<meta refines=\"#author\" property=\"role\" scheme=\"marc:relators\">aut</meta>"
        );
    }
    if let Some(p) = &m.publisher {
        let _ = writeln!(o, "<dc:publisher>{}</dc:publisher>", escape::text(p));
    }
    if let Some(r) = &m.rights {
        let _ = writeln!(o, "<dc:rights>{}</dc:rights>", escape::text(r));
    }
    let _ = writeln!(
        o,
        "<dc:language>{}</dc:language>",
        escape::text(&m.language)
    );
    let _ = writeln!(
        o,
        "<meta property=\"dcterms:modified\">{}</meta>",
        escape::text(&m.modified)
    );
    // Accessibility: diagrams are SVG with a title and a text description of the position.
    for (p, v) in [
        ("schema:accessMode", "textual"),
        ("schema:accessMode", "visual"),
        ("schema:accessModeSufficient", "textual,visual"),
        ("schema:accessModeSufficient", "textual"),
        ("schema:accessibilityFeature", "structuralNavigation"),
        ("schema:accessibilityFeature", "tableOfContents"),
        ("schema:accessibilityFeature", "readingOrder"),
        ("schema:accessibilityFeature", "alternativeText"),
        ("schema:accessibilityFeature", "longDescription"),
        ("schema:accessibilityFeature", "displayTransformability"),
        ("schema:accessibilityHazard", "none"),
    ] {
        let _ = writeln!(o, "<meta property=\"{p}\">{v}</meta>");
    }
    let _ = writeln!(
        o,
        "<meta property=\"schema:accessibilitySummary\">{}</meta>",
        escape::text(ACCESSIBILITY_SUMMARY)
    );
    let _ = writeln!(
        o,
        "<meta name=\"generator\" content=\"gobook {}\"/>",
        env!("CARGO_PKG_VERSION")
    );
    let _ = writeln!(o, "</metadata>");
    let _ = writeln!(o, "<manifest>");
    for it in items {
        let props = if it.properties.is_empty() {
            String::new()
        } else {
            format!(" properties=\"{}\"", it.properties.join(" "))
        };
        let _ = writeln!(
            o,
            "<item id=\"{}\" href=\"{}\" media-type=\"{}\"{props}/>",
            escape::attr(&it.id),
            escape::attr(&escape::url::path(&it.href)),
            it.media_type
        );
    }
    let _ = writeln!(o, "</manifest>");
    let _ = writeln!(o, "<spine>");
    for &i in spine_order {
        let linear = if items[i].spine == Some(false) {
            " linear=\"no\""
        } else {
            ""
        };
        let _ = writeln!(
            o,
            "<itemref idref=\"{}\"{linear}/>",
            escape::attr(&items[i].id)
        );
    }
    let _ = writeln!(o, "</spine>");
    let _ = writeln!(o, "</package>");
    o
}

/// The media type of a file by its extension, for the types EPUB readers must support.
pub fn media_type(path: &str) -> Option<&'static str> {
    if let Some(kind) = crate::project::images::ImageKind::of_name(path) {
        return Some(kind.media_type());
    }
    let ext = path.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase())?;
    Some(match ext.as_str() {
        "css" => "text/css",
        "xhtml" => "application/xhtml+xml",
        _ => return None,
    })
}

/// A date and time in seconds since 1970 as `CCYY-MM-DDThh:mm:ssZ` (UTC).
pub fn utc_timestamp(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Howard Hinnant's days-to-civil algorithm.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_utc_calendar_dates() {
        assert_eq!(utc_timestamp(0), "1970-01-01T00:00:00Z");
        assert_eq!(utc_timestamp(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(utc_timestamp(1_700_000_000), "2023-11-14T22:13:20Z");
    }
}
