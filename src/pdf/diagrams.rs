//! The diagrams' drawings, decoded apart from typst's layout. typst lays out a placeholder
//! of each drawing's size (its root element and its number), and each placeholder is
//! replaced by its drawing before the export. Decoding a drawing (usvg shaping and outlining
//! its numerals) was a third of a long book's CPU time inside typst's layout; apart, it runs
//! beside the layout on every core, and once for all of a book's languages set in the same
//! fonts, as the print drawings of a diagram are the same bytes in every language
//! (`render::svg::render_print`). The PDF is the same, byte for byte.

use super::world::BookWorld;
use rayon::prelude::*;
use std::collections::HashMap;
use typst::comemo::Track;
use typst::foundations::{Bytes, Datetime, StyleChain, Styles};
use typst::layout::{Frame, FrameItem};
use typst::model::Document;
use typst::text::{Font, FontFamily, FontList, TextElem};
use typst::visualize::{Image, ImageKind, SvgImage};
use typst::World;
use typst_layout::PagedDocument;

/// The comment in a placeholder, before its drawing's number.
const COMMENT_OPEN: &str = "<!--gobook drawing ";
/// The comment in a placeholder, after its drawing's number.
const COMMENT_CLOSE: &str = "-->";

/// The placeholder of drawing number `n`, `svg`: its root element, so typst gives it the
/// drawing's size, and nothing in it but its number.
pub fn placeholder(svg: &str, n: usize) -> String {
    let root = svg
        .find('>')
        .map_or("<svg xmlns=\"http://www.w3.org/2000/svg\">", |i| &svg[..=i]);
    format!("{root}{COMMENT_OPEN}{n}{COMMENT_CLOSE}</svg>")
}

/// The number of the drawing `image` holds the place of, if it is a placeholder.
fn number_of(image: &Image) -> Option<usize> {
    let ImageKind::Svg(svg) = image.kind() else {
        return None;
    };
    // Most SVGs are not placeholders: their end says so before any is read as text.
    if !svg.data().ends_with(b"--></svg>") {
        return None;
    }
    let text = std::str::from_utf8(svg.data()).ok()?;
    let rest = text.strip_suffix("</svg>")?.strip_suffix(COMMENT_CLOSE)?;
    let at = rest.rfind(COMMENT_OPEN)? + COMMENT_OPEN.len();
    rest[at..].parse().ok()
}

/// The drawing among `drawings` that `image` holds the place of: only gobook's own
/// placeholder, never a book's image that happens to end as one does.
fn stands_for<'d>(image: &Image, drawings: &'d [Bytes]) -> Option<&'d Bytes> {
    let n = number_of(image)?;
    let drawing = drawings.get(n)?;
    let ImageKind::Svg(svg) = image.kind() else {
        return None;
    };
    let own = placeholder(std::str::from_utf8(drawing.as_slice()).ok()?, n);
    (svg.data().as_slice() == own.as_bytes()).then_some(drawing)
}

/// The drawings decoded so far in a build with one list of fonts, by their bytes.
#[derive(Default)]
pub struct DecodedDrawings {
    /// The fonts they were decoded with (a hash of the list).
    fonts: u128,
    /// By their bytes.
    images: HashMap<Bytes, SvgImage>,
}

impl DecodedDrawings {
    /// Decodes those of `drawings` not decoded yet with `fonts`, on every core (beside
    /// typst's layout, which leaves part of them free); the first error's message else.
    /// Drawings decoded with other fonts (a language with a font of its own) are dropped
    /// first, so a build holds one language's set at most.
    pub fn decode(
        &mut self,
        fonts: &[Font],
        today: Datetime,
        drawings: &[Bytes],
    ) -> Result<(), String> {
        let key = typst::utils::hash128(fonts);
        if key != self.fonts {
            self.images.clear();
            self.fonts = key;
        }
        let mut missing: Vec<&Bytes> = drawings
            .iter()
            .filter(|d| !self.images.contains_key(*d))
            .collect();
        missing.sort_unstable_by(|a, b| a.as_slice().cmp(b.as_slice()));
        missing.dedup();
        if missing.is_empty() {
            return Ok(());
        }
        // The fonts are all that usvg asks of typst's world for a drawing.
        let world = BookWorld::new(String::new(), Vec::new(), fonts.to_vec(), today);
        let world = &world;
        // The families typst gives usvg for an image in `gb-figure`, which sets it in the
        // diagrams' family (`ImageElem::decode`): so the drawings decoded here are those
        // typst would decode.
        let mut styles = Styles::new();
        let family = FontFamily::new(super::fonts::DIAGRAM_FAMILY);
        styles.set(TextElem::font, FontList(vec![family]));
        let families: Vec<&str> = typst::text::families(StyleChain::new(&styles))
            .map(|f| f.as_str())
            .collect();
        let decoded: Vec<(Bytes, SvgImage)> = missing
            .into_par_iter()
            .map(|d| {
                let world = (world as &dyn World).track();
                SvgImage::with_fonts_images(d.clone(), world, &families, None)
                    .map(|image| (d.clone(), image))
                    .map_err(|e| format!("{e:?}"))
            })
            .collect::<Result<_, String>>()?;
        self.images.extend(decoded);
        Ok(())
    }

    /// `doc` with each placeholder replaced by its drawing among `drawings` (decoded by
    /// [`DecodedDrawings::decode`]), at the placeholder's place and size, with its alternative text;
    /// an error if a drawing was not decoded, rather than an empty box in the PDF.
    pub fn put_in_place(
        &self,
        doc: PagedDocument,
        fonts: &[Font],
        drawings: &[Bytes],
    ) -> Result<PagedDocument, String> {
        if typst::utils::hash128(fonts) != self.fonts {
            return Err("the drawings were decoded with other fonts".into());
        }
        let info = doc.info().clone();
        let mut pages = doc.pages().to_vec();
        // The document's own hold on its frames let go, they are changed in place.
        drop(doc);
        let undecoded = std::cell::Cell::new(0);
        let drawing = |image: &Image| -> Option<Image> {
            let stands = stands_for(image, drawings)?;
            let Some(decoded) = self.images.get(stands) else {
                undecoded.set(undecoded.get() + 1);
                return None;
            };
            Some(Image::new(
                ImageKind::Svg(decoded.clone()),
                image.alt().map(Into::into),
                image.scaling(),
            ))
        };
        for page in &mut pages {
            replace_in(&mut page.frame, &drawing);
        }
        match undecoded.get() {
            0 => Ok(PagedDocument::new(pages.into_iter().collect(), info)),
            n => Err(format!("{n} drawings were not decoded")),
        }
    }
}

/// Replaces each image of `frame` and its groups for which `drawing` has another.
fn replace_in(frame: &mut Frame, drawing: &impl Fn(&Image) -> Option<Image>) {
    // Only frames that hold a placeholder are changed (and so copied if shared).
    if !holds_placeholder(frame) {
        return;
    }
    frame.retain(|item| {
        match item {
            FrameItem::Group(group) => replace_in(&mut group.frame, drawing),
            FrameItem::Image(image, _, _) => {
                if let Some(new) = drawing(image) {
                    *image = new;
                }
            }
            _ => {}
        }
        true
    });
}

/// Whether `frame` or one of its groups holds a placeholder.
fn holds_placeholder(frame: &Frame) -> bool {
    frame.items().any(|(_, item)| match item {
        FrameItem::Group(group) => holds_placeholder(&group.frame),
        FrameItem::Image(image, _, _) => number_of(image).is_some(),
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_placeholder_is_its_drawing_root_and_number() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 40" width="30" height="40"><rect width="3" height="4"/></svg>"#;
        let p = placeholder(svg, 17);
        assert_eq!(
            p,
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 40" width="30" height="40"><!--gobook drawing 17--></svg>"#
        );
        let image = SvgImage::new(Bytes::from_string(p)).unwrap();
        assert_eq!((image.width(), image.height()), (30.0, 40.0));
        let image = Image::plain(ImageKind::Svg(image));
        assert_eq!(number_of(&image), Some(17));
        let drawing = Image::plain(ImageKind::Svg(
            SvgImage::new(Bytes::from_string(svg.to_string())).unwrap(),
        ));
        assert_eq!(number_of(&drawing), None);
    }

    #[test]
    fn only_gobooks_own_placeholder_stands_for_a_drawing() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 40" width="30" height="40"><rect width="3" height="4"/></svg>"#;
        let drawings = vec![Bytes::from_string(svg.to_string())];
        let image = |text: String| {
            Image::plain(ImageKind::Svg(
                SvgImage::new(Bytes::from_string(text)).unwrap(),
            ))
        };
        let own = image(placeholder(svg, 0));
        assert_eq!(stands_for(&own, &drawings), Some(&drawings[0]));
        // A book's own SVG that ends as a placeholder does, or names a drawing not there.
        let book = r#"<svg xmlns="http://www.w3.org/2000/svg" width="5" height="5"><!--gobook drawing 0--></svg>"#;
        assert_eq!(stands_for(&image(book.to_string()), &drawings), None);
        assert_eq!(stands_for(&image(placeholder(svg, 1)), &drawings), None);
    }

    #[test]
    fn a_list_of_other_fonts_drops_the_drawings_decoded_with_the_last() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20"><text x="2" y="15">12</text></svg>"#;
        let drawings = vec![Bytes::from_string(svg.to_string())];
        let today = Datetime::from_ymd(2024, 5, 6).unwrap();
        let fonts = super::super::fonts::bundled();
        let mut decoded = DecodedDrawings::default();
        decoded.decode(&fonts, today, &drawings).unwrap();
        decoded.decode(&fonts, today, &drawings).unwrap();
        assert_eq!(decoded.images.len(), 1);
        // Another language's fonts (here, one face fewer): its own set, and only it.
        let other = &fonts[1..];
        decoded.decode(other, today, &drawings).unwrap();
        assert_eq!(decoded.images.len(), 1);
        assert_eq!(decoded.fonts, typst::utils::hash128(other));
    }

    /// A small document of two drawings (one twice, one with a label of another script),
    /// text between them and an image's alternative text.
    fn source(images: [&str; 3]) -> String {
        format!(
            "#set document(title: \"T\")\n#set text(lang: \"en\")\nBefore.\n\n\
             #text(font: \"DejaVu Sans\", image(\"{}\", width: 40mm, alt: \"Dia. 1\"))\n\n\
             Between.\n\n#box(text(font: \"DejaVu Sans\", image(\"{}\", width: 20mm, alt: \"Dia. 2\")))\n\
             #text(font: \"DejaVu Sans\", image(\"{}\", width: 30mm, alt: \"Dia. 3\"))\n",
            images[0], images[1], images[2]
        )
    }

    #[test]
    fn drawings_put_in_place_print_the_pdf_typst_prints_from_the_drawings() {
        use typst::foundations::Smart;
        let svgs = [
            r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="-15 -15 78 78" width="78" height="78" text-anchor="middle" font-family="Helvetica,Arial,sans-serif"><rect fill="#e3bf7e" x="-15" y="-15" width="78" height="78"/><path stroke="#111" d="M0 0h48v48H0z"/><g fill="#111" stroke="#111" stroke-linecap="round" transform="scale(24)"><path stroke-width=".9583" d="M1 1h.01"/></g><g fill="#fff" stroke="#fff" stroke-width=".7" font-size="14"><text x="24" y="29">12</text></g></svg>"##.to_string(),
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20" width="40" height="20" font-family="Helvetica,Arial,sans-serif"><text x="2" y="15" font-size="14">a Ж</text></svg>"#.to_string(),
        ];
        let today = Datetime::from_ymd(2024, 5, 6).unwrap();
        let fonts = super::super::fonts::bundled();
        let pdf = |markup: String,
                   files: Vec<(String, Bytes)>,
                   doc: &dyn Fn(PagedDocument) -> PagedDocument| {
            let world = BookWorld::new(markup, files, fonts.clone(), today);
            let laid = typst::compile::<PagedDocument>(&world).output.unwrap();
            let options = typst_pdf::PdfOptions {
                ident: Smart::Custom("test".into()),
                timestamp: Some(typst_pdf::Timestamp::new_utc(today)),
                standards: typst_pdf::PdfStandards::new(super::super::typeset::TAGGED).unwrap(),
                ..Default::default()
            };
            typst_pdf::pdf(&doc(laid), &options).unwrap()
        };
        // typst decoding the drawings itself, as gobook had it do.
        let files = vec![
            ("/a.svg".to_string(), Bytes::from_string(svgs[0].clone())),
            ("/b.svg".to_string(), Bytes::from_string(svgs[1].clone())),
        ];
        let direct = pdf(source(["/a.svg", "/b.svg", "/a.svg"]), files, &|d| d);
        // Placeholders, the drawings decoded here and put in their places.
        let drawings: Vec<Bytes> = [&svgs[0], &svgs[1], &svgs[0]]
            .iter()
            .map(|s| Bytes::from_string(s.to_string()))
            .collect();
        let files = (0..3)
            .map(|n| {
                (
                    format!("/d/{n}.svg"),
                    Bytes::from_string(placeholder(
                        &String::from_utf8_lossy(drawings[n].as_slice()),
                        n,
                    )),
                )
            })
            .collect();
        let mut decoded = DecodedDrawings::default();
        decoded.decode(&fonts, today, &drawings).unwrap();
        assert_eq!(decoded.images.len(), 2, "a drawing twice is decoded once");
        let seen = std::cell::Cell::new(0);
        let put = pdf(source(["/d/0.svg", "/d/1.svg", "/d/2.svg"]), files, &|d| {
            let none = DecodedDrawings::default().put_in_place(d.clone(), &fonts, &drawings);
            assert!(
                none.is_err(),
                "drawings not decoded are an error, not empty boxes"
            );
            let d = decoded.put_in_place(d, &fonts, &drawings).unwrap();
            let mut left = 0;
            for page in d.pages() {
                let mut images = 0;
                left += count(&page.frame, &mut images);
                seen.set(seen.get() + images);
            }
            assert_eq!(left, 0, "no placeholder is left");
            d
        });
        assert_eq!(seen.get(), 3, "every drawing is in the document");
        assert!(direct == put, "the PDFs differ");
    }

    /// The placeholders left in `frame`; `images` counts its images.
    fn count(frame: &Frame, images: &mut usize) -> usize {
        frame
            .items()
            .map(|(_, item)| match item {
                FrameItem::Group(g) => count(&g.frame, images),
                FrameItem::Image(image, _, _) => {
                    *images += 1;
                    usize::from(number_of(image).is_some())
                }
                _ => 0,
            })
            .sum()
    }
}
