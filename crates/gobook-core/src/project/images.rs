//! What kind of image a file is: the kind its extension names, and whether its content
//! is that kind (by the first bytes, or for SVG by parsing it). A web page or an e-book
//! shows a mislabelled or corrupt image as a broken one (and epubcheck refuses the
//! e-book), and an SVG image with a script runs that script where it is opened on its own,
//! so `gobook check` refuses both.

use quick_xml::events::{BytesStart, Event};
use std::path::Path;

/// The kinds of image gobook publishes: those every browser and EPUB reader shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ImageKind {
    /// PNG.
    Png,
    /// JPEG.
    Jpeg,
    /// GIF.
    Gif,
    /// WebP.
    Webp,
    /// SVG.
    Svg,
}

impl ImageKind {
    /// The kind a file name's extension names, if any (case ignored).
    pub fn of_name(name: &str) -> Option<ImageKind> {
        let ext = Path::new(name).extension()?.to_str()?.to_ascii_lowercase();
        Some(match ext.as_str() {
            "png" => ImageKind::Png,
            "jpg" | "jpeg" => ImageKind::Jpeg,
            "gif" => ImageKind::Gif,
            "webp" => ImageKind::Webp,
            "svg" => ImageKind::Svg,
            _ => return None,
        })
    }

    /// The kind a raster image's first bytes show (SVG is text and has no such mark).
    fn of_bytes(head: &[u8]) -> Option<ImageKind> {
        if head.starts_with(b"\x89PNG\r\n\x1a\n") {
            Some(ImageKind::Png)
        } else if head.starts_with(b"\xFF\xD8\xFF") {
            Some(ImageKind::Jpeg)
        } else if head.starts_with(b"GIF87a") || head.starts_with(b"GIF89a") {
            Some(ImageKind::Gif)
        } else if head.len() >= 12 && head.starts_with(b"RIFF") && &head[8..12] == b"WEBP" {
            Some(ImageKind::Webp)
        } else {
            None
        }
    }

    /// The kind's media type (`image/png` ...), as a package document or a server names it.
    pub fn media_type(self) -> &'static str {
        match self {
            ImageKind::Png => "image/png",
            ImageKind::Jpeg => "image/jpeg",
            ImageKind::Gif => "image/gif",
            ImageKind::Webp => "image/webp",
            ImageKind::Svg => "image/svg+xml",
        }
    }

    /// The kind's name in messages.
    pub fn name(self) -> &'static str {
        match self {
            ImageKind::Png => "PNG",
            ImageKind::Jpeg => "JPEG",
            ImageKind::Gif => "GIF",
            ImageKind::Webp => "WebP",
            ImageKind::Svg => "SVG",
        }
    }
}

/// The bytes a raster image's kind is told by.
const HEAD: u64 = 16;

/// Checks the image file at `path`, named `url` in the book: its extension names a kind
/// gobook publishes, its content is that kind, and an SVG image holds no script. The
/// error says what is wrong and what to do.
pub fn check_file(path: &Path, url: &str) -> Result<ImageKind, String> {
    let kind = ImageKind::of_name(url).ok_or_else(|| {
        format!("`{url}` is not named as an image gobook can publish; use a PNG, JPEG, GIF, WebP or SVG file with its usual extension")
    })?;
    let cannot = |e: std::io::Error| format!("cannot read the image `{url}`: {e}");
    if kind == ImageKind::Svg {
        let bytes = crate::project::read::read(path).map_err(cannot)?;
        check_svg(&bytes).map_err(|why| format!("the image `{url}` {why}"))?;
        return Ok(kind);
    }
    let head = crate::project::read::read_head(path, HEAD).map_err(cannot)?;
    match ImageKind::of_bytes(&head) {
        Some(k) if k == kind => Ok(kind),
        Some(k) => Err(format!(
            "the image `{url}` is named as {} but holds a {} image; rename it to match, or convert it",
            kind.name(),
            k.name()
        )),
        None => Err(format!(
            "the image `{url}` is not a {} image (its content is not one, or it is damaged); save it again as {}",
            kind.name(),
            kind.name()
        )),
    }
}

/// A problem print has with an image file: its code and the message.
pub type Problem = (crate::diagnostics::Code, String);

/// Checks the image file at `path`, named `url` in the book and already checked to be
/// of `kind` ([`check_file`]), as print reads it (see `printable`): whole, within its
/// limits. Without print (the `pdf` feature), nothing.
pub fn check_printable(path: &Path, url: &str, kind: ImageKind) -> Result<(), Problem> {
    #[cfg(feature = "pdf")]
    {
        let bytes = crate::project::read::read(path).map_err(|e| {
            (
                crate::diagnostics::Code::BadImage,
                format!("cannot read the image `{url}`: {e}"),
            )
        })?;
        crate::project::printable::check(&bytes, kind)
            .map_err(|p| (p.code, format!("the image `{url}` {}", p.why)))?;
    }
    #[cfg(not(feature = "pdf"))]
    let _ = (path, url, kind);
    Ok(())
}

/// Checks that `bytes` are an SVG image without scripts: XML whose root is `svg`, with no
/// `script` element, no event attribute (`onload=` ...) and no `javascript:` address. The
/// error completes "the image `x.svg` ...".
fn check_svg(bytes: &[u8]) -> Result<(), String> {
    let text = std::str::from_utf8(bytes)
        .map_err(|_| "is not UTF-8 text, so not an SVG image; save it again as SVG".to_string())?;
    let mut reader = quick_xml::Reader::from_str(text);
    let mut root = true;
    loop {
        let ev = reader.read_event().map_err(|e| {
            format!(
                "is not valid XML ({e}, at byte {}), so not an SVG image; save it again as SVG",
                reader.error_position()
            )
        })?;
        match ev {
            Event::Start(e) | Event::Empty(e) => {
                let name = e.local_name();
                let name = String::from_utf8_lossy(name.as_ref()).to_string();
                if root && name != "svg" {
                    return Err(format!(
                        "starts with a `<{name}>` element, not `<svg>`, so it is not an SVG image; save it again as SVG"
                    ));
                }
                root = false;
                check_svg_element(&name, &e)?;
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if root {
        return Err(
            "holds no `<svg>` element, so it is not an SVG image; save it again as SVG".into(),
        );
    }
    Ok(())
}

/// Refuses what could run a script: a `script` element, an `on...` event attribute, an
/// attribute whose value is a `javascript:` address (`href`, `xlink:href`, an animation's `to`).
fn check_svg_element(name: &str, e: &BytesStart) -> Result<(), String> {
    let remove = "; remove it: a published image may not run scripts";
    if name.eq_ignore_ascii_case("script") {
        return Err(format!("holds a `<script>` element{remove}"));
    }
    for a in e.attributes().with_checks(false).flatten() {
        let key = String::from_utf8_lossy(a.key.local_name().as_ref()).to_string();
        if key.len() > 2 && key[..2].eq_ignore_ascii_case("on") {
            return Err(format!(
                "has an event attribute `{key}` on `<{name}>`{remove}"
            ));
        }
        // Character references spell a scheme too (`java&#x09;script:`), and browsers
        // ignore blanks and controls inside one.
        let value = a
            .normalized_value(quick_xml::XmlVersion::Implicit1_0)
            .map(|v| v.into_owned())
            .unwrap_or_else(|_| String::from_utf8_lossy(&a.value).into_owned());
        let squeezed: String = value
            .chars()
            .filter(|c| !c.is_whitespace() && !c.is_control())
            .collect::<String>()
            .to_ascii_lowercase();
        if squeezed.contains("javascript:") {
            return Err(format!(
                "has a `javascript:` address in `{key}` on `<{name}>`{remove}"
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn svg_images_with_scripts_are_refused() {
        let ok = br#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="https://example.org"><circle r="3"/></a></svg>"#;
        assert_eq!(check_svg(ok), Ok(()));
        for (bad, says) in [
            (
                &br#"<svg><script>alert(1)</script></svg>"#[..],
                "`<script>`",
            ),
            (br#"<svg xmlns:s="x"><s:script/></svg>"#, "`<script>`"),
            (br#"<svg onload="alert(1)"/>"#, "`onload`"),
            (
                br#"<svg><a href=" JavaScript:alert(1)">x</a></svg>"#,
                "`href`",
            ),
            (
                br#"<svg><a xlink:href="java&#x09;script:x">x</a></svg>"#,
                "`href`",
            ),
            (
                br#"<svg><set attributeName="href" to="javascript:x"/></svg>"#,
                "`to`",
            ),
            (b"<html><svg/></html>", "`<html>`"),
            (b"not xml at all", "no `<svg>`"),
            (b"<svg><g></svg>", "not valid XML"),
        ] {
            let e = check_svg(bad).unwrap_err();
            assert!(e.contains(says), "{}: {e}", String::from_utf8_lossy(bad));
        }
    }

    #[test]
    fn raster_kinds_are_told_by_their_first_bytes() {
        assert_eq!(
            ImageKind::of_bytes(b"\x89PNG\r\n\x1a\n...."),
            Some(ImageKind::Png)
        );
        assert_eq!(
            ImageKind::of_bytes(b"RIFF\0\0\0\0WEBPVP8 "),
            Some(ImageKind::Webp)
        );
        assert_eq!(ImageKind::of_bytes(b"GIF89a"), Some(ImageKind::Gif));
        assert_eq!(
            ImageKind::of_bytes(b"\xFF\xD8\xFF\xE0"),
            Some(ImageKind::Jpeg)
        );
        assert_eq!(ImageKind::of_bytes(b"<svg"), None);
        assert_eq!(ImageKind::of_name("a/B.JPG"), Some(ImageKind::Jpeg));
        assert_eq!(ImageKind::of_name("a.bmp"), None);
    }
}
