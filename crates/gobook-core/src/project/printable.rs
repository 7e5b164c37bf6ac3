//! Whether print can read an image, read as print reads it: typst decodes a raster image
//! whole (PNG, JPEG, GIF, WebP, by the `image` crate, within its memory limits) and reads
//! an SVG image with usvg, without the files it links. `gobook check` reads each image
//! the same way, with the same crates at typst's versions, so that a book it passes
//! prints: a damaged image, an SVG with what print does not draw, or an image over the
//! pixel limit is refused where the book names it, not when the PDF is written.

use crate::diagnostics::Code;
use crate::project::images::ImageKind;
use std::collections::HashMap;
use std::hash::Hasher;
use std::sync::{LazyLock, Mutex};

/// The most pixels print takes in one raster image: 50 megapixels, more than a 48
/// megapixel camera's photo and five times an A4 page at 300 pixels per inch. Decoded
/// whole, such an image takes up to 400 MB (16-bit RGBA), within the 512 MB typst's
/// decoder allows; a bigger one takes more memory than a book should, or fails.
pub const MAX_PIXELS: u64 = 50_000_000;

/// Why print cannot read an image: the problem's code, and what completes "the image
/// `x.png` ..." (what is wrong and what to do).
#[derive(Clone, Debug, PartialEq)]
pub struct Unprintable {
    /// `image-too-large` or `unprintable-image`.
    pub code: Code,
    /// What is wrong and what to do, after "the image `x.png`".
    pub why: String,
}

/// What [`check`] found of the images read so far, by their content: `gobook serve` and
/// the language server check the book again at every change, and each image is decoded
/// once. Keyed by the kind, the length and a hash of the bytes; cleared when it holds
/// [`SEEN_MOST`] images.
type Seen = HashMap<(ImageKind, usize, u64), Result<(), Unprintable>>;

static SEEN: LazyLock<Mutex<Seen>> = LazyLock::new(Default::default);

/// The most images [`SEEN`] remembers.
const SEEN_MOST: usize = 4096;

/// Reads `bytes`, an image of `kind`, as print will; what stops print, if anything.
/// Each content is read once (see [`SEEN`]).
pub fn check(bytes: &[u8], kind: ImageKind) -> Result<(), Unprintable> {
    let key = (kind, bytes.len(), {
        let mut h = rustc_hash::FxHasher::default();
        h.write(bytes);
        h.finish()
    });
    if let Some(seen) = SEEN.lock().ok().and_then(|s| s.get(&key).cloned()) {
        return seen;
    }
    let found = read(bytes, kind);
    if let Ok(mut seen) = SEEN.lock() {
        if seen.len() >= SEEN_MOST {
            seen.clear();
        }
        seen.insert(key, found.clone());
    }
    found
}

/// Reads `bytes`, an image of `kind`, as print will: [`check`] without remembering.
fn read(bytes: &[u8], kind: ImageKind) -> Result<(), Unprintable> {
    use image::codecs;
    let cursor = std::io::Cursor::new(bytes);
    match kind {
        ImageKind::Svg => svg(bytes),
        ImageKind::Png => raster(codecs::png::PngDecoder::new(cursor)),
        ImageKind::Jpeg => raster(codecs::jpeg::JpegDecoder::new(cursor)),
        ImageKind::Gif => raster(codecs::gif::GifDecoder::new(cursor)),
        ImageKind::Webp => raster(codecs::webp::WebPDecoder::new(cursor)),
    }
}

/// A raster image decoded as typst decodes it, once its size is known to be within
/// [`MAX_PIXELS`].
fn raster<D: image::ImageDecoder>(decoder: image::ImageResult<D>) -> Result<(), Unprintable> {
    let mut decoder = decoder.map_err(damaged)?;
    let (w, h) = decoder.dimensions();
    too_many_pixels(w, h)?;
    decoder
        .set_limits(image::Limits::default())
        .map_err(damaged)?;
    decoder.icc_profile().map_err(damaged)?;
    image::DynamicImage::from_decoder(decoder).map_err(damaged)?;
    Ok(())
}

/// Refuses an image of `w` by `h` pixels over [`MAX_PIXELS`], saying both numbers.
fn too_many_pixels(w: u32, h: u32) -> Result<(), Unprintable> {
    let pixels = u64::from(w) * u64::from(h);
    if pixels <= MAX_PIXELS {
        return Ok(());
    }
    let mega = |n: u64| n.div_ceil(1_000_000);
    Err(Unprintable {
        code: Code::ImageTooLarge,
        why: format!(
            "is {w}x{h} pixels, {} megapixels; print takes at most {} megapixels in an image: \
             scale it down (300 pixels per inch is plenty for print: 2480x3508 fills an A4 page)",
            mega(pixels),
            MAX_PIXELS / 1_000_000
        ),
    })
}

/// A raster image's decoder's error, as the check says it.
fn damaged(e: image::ImageError) -> Unprintable {
    let why = match e {
        image::ImageError::Limits(_) => format!(
            "takes more memory to decode than print allows ({e}); scale it down or save it with fewer colours"
        ),
        e => format!(
            "is damaged, print cannot read it ({}); save it again from an image editor",
            tidy(&e.to_string())
        ),
    };
    Unprintable {
        code: Code::UnprintableImage,
        why,
    }
}

/// A decoder's message without its debugging dress: the PNG decoder names a chunk as
/// `ChunkType { type: IDAT, critical: true, ... }`, which says `IDAT`; no full stop
/// before the bracket it goes in.
fn tidy(message: &str) -> String {
    let mut out = message.trim().to_string();
    while let Some(at) = out.find("ChunkType { type: ") {
        let rest = &out[at + "ChunkType { type: ".len()..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        let Some(end) = rest.find('}') else { break };
        let after = at + "ChunkType { type: ".len() + end + 1;
        out.replace_range(at..after, &format!("`{name}`"));
    }
    out.trim_end_matches('.').to_string()
}

/// An SVG image read by usvg as typst reads it: no fonts needed to parse, and no linked
/// files (typst prints only the book, and a browser does not load them in an image either).
fn svg(bytes: &[u8]) -> Result<(), Unprintable> {
    let linked: Mutex<Option<String>> = Mutex::new(None);
    let options = usvg::Options {
        font_family: String::new(),
        resources_dir: None,
        image_href_resolver: usvg::ImageHrefResolver {
            resolve_data: usvg::ImageHrefResolver::default_data_resolver(),
            resolve_string: Box::new(|href, _| {
                if let Ok(mut first) = linked.lock() {
                    first.get_or_insert_with(|| href.to_string());
                }
                None
            }),
        },
        ..Default::default()
    };
    let parsed = usvg::Tree::from_data(bytes, &options);
    drop(options);
    let unprintable = |why: String| Unprintable {
        code: Code::UnprintableImage,
        why,
    };
    if let Some(href) = linked.into_inner().ok().flatten() {
        return Err(unprintable(format!(
            "links the image `{href}` (an `<image>` naming a file); print does not draw linked files: \
             embed the image in the SVG (a `data:` address), or show it with an image element of its own"
        )));
    }
    let tree = parsed.map_err(|e| unprintable(svg_error(e)))?;
    embedded(tree.root())
}

/// Decodes the raster images an SVG image embeds (`data:` addresses), which print decodes
/// as it writes the PDF: in its groups and in what they refer to (masks, clip paths,
/// patterns, an embedded SVG's own).
fn embedded(group: &usvg::Group) -> Result<(), Unprintable> {
    let mut found = Ok(());
    for node in group.children() {
        match node {
            usvg::Node::Group(g) => embedded(g)?,
            usvg::Node::Image(image) => embedded_raster(image.kind())?,
            _ => {}
        }
        node.subroots(|sub| {
            if found.is_ok() {
                found = embedded(sub);
            }
        });
        found.clone()?;
    }
    Ok(())
}

/// Decodes one image an SVG image embeds, if raster; what stops print says so.
fn embedded_raster(kind: &usvg::ImageKind) -> Result<(), Unprintable> {
    let (kind, data) = match kind {
        usvg::ImageKind::PNG(d) => (ImageKind::Png, d),
        usvg::ImageKind::JPEG(d) => (ImageKind::Jpeg, d),
        usvg::ImageKind::GIF(d) => (ImageKind::Gif, d),
        usvg::ImageKind::WEBP(d) => (ImageKind::Webp, d),
        usvg::ImageKind::SVG(_) => return Ok(()),
    };
    read(data, kind).map_err(|p| Unprintable {
        code: p.code,
        why: format!("embeds a {} image that {}", kind.name(), p.why),
    })
}

/// What usvg's refusal of an SVG image means to its author, and what to do.
fn svg_error(e: usvg::Error) -> String {
    let again = "save it again as plain SVG";
    match e {
        usvg::Error::ElementsLimitReached => format!(
            "has more than 1,000,000 elements, more than print reads; simplify it or {again}"
        ),
        usvg::Error::InvalidSize => {
            "has no valid size: give its `<svg>` a `width` and `height` above 0, or a `viewBox`"
                .into()
        }
        usvg::Error::NotAnUtf8Str => format!("is not UTF-8 text; {again}"),
        usvg::Error::MalformedGZip => format!("is not compressed correctly; {again}"),
        usvg::Error::ParsingFailed(x) => format!(
            "cannot be read by print ({x}); {again} (without a DOCTYPE's entities, fewer than 1,024 levels of nested elements)"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pixels_over_the_limit_are_refused_with_the_numbers() {
        assert!(too_many_pixels(7000, 7000).is_ok());
        let e = too_many_pixels(20000, 20000).unwrap_err();
        assert_eq!(e.code, Code::ImageTooLarge);
        assert!(
            e.why.contains("20000x20000 pixels, 400 megapixels")
                && e.why.contains("at most 50 megapixels"),
            "{}",
            e.why
        );
    }

    #[test]
    fn an_svg_linking_a_file_is_refused_and_one_embedding_an_image_is_not() {
        let linked = br#"<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><image href="a.png" width="9" height="9"/></svg>"#;
        let e = check(linked, ImageKind::Svg).unwrap_err();
        assert!(e.why.contains("links the image `a.png`"), "{}", e.why);
        // A PNG of 4x4 pixels whose data's checksum is wrong.
        let damaged = br#"<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><g><image href="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAAAAACMmsGiAAAAC0lEQVR42mNgwAQAABQAAQAAAAAAAAAASUVORK5CYII=" width="9" height="9"/></g></svg>"#;
        let e = check(damaged, ImageKind::Svg).unwrap_err();
        assert!(
            e.why.starts_with("embeds a PNG image that is damaged"),
            "{}",
            e.why
        );
        let plain = br#"<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><circle r="3"/></svg>"#;
        assert_eq!(check(plain, ImageKind::Svg), Ok(()));
    }

    #[test]
    fn a_damaged_raster_image_is_refused() {
        let e = check(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", ImageKind::Png).unwrap_err();
        assert_eq!(e.code, Code::UnprintableImage);
        assert!(e.why.contains("is damaged"), "{}", e.why);
        assert_eq!(
            tidy("CRC error: expected 0x0 while decoding ChunkType { type: IDAT, critical: true, private: false } chunk.\n"),
            "CRC error: expected 0x0 while decoding `IDAT` chunk"
        );
    }
}
