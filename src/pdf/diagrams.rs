//! The diagrams' drawings, made apart from typst's layout. typst lays out a placeholder of
//! each drawing's size (its root element and its number), and each placeholder is replaced
//! by its drawing before the export. A print drawing (`render::svg::render_print`) is read
//! into typst's own shapes and text (`super::drawn`); any other SVG is decoded by usvg, as
//! typst would. usvg laying out and outlining the numerals, and stroking every path to
//! find its bounds, was most of a long book's time and memory for its diagrams. The
//! decoded SVGs are made beside the layout, once for all of a book's languages set in the
//! same fonts (a diagram's print drawing is the same bytes in every language); the drawn
//! ones after it, once typst's memo is dropped, in each language (their texts are tagged
//! in it).

use super::drawn::{Drawn, Pen};
use super::world::BookWorld;
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use typst::comemo::Track;
use typst::foundations::{Bytes, Datetime, StyleChain, Styles};
use typst::layout::{Frame, FrameItem, Size};
use typst::model::Document;
use typst::text::{Font, FontFamily, FontList, Locale, TextElem};
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

/// The drawing among `drawings` that `image` holds the place of, and its number: only
/// gobook's own placeholder, never a book's image that happens to end as one does.
fn stands_for<'d>(image: &Image, drawings: &'d [Bytes]) -> Option<(usize, &'d Bytes)> {
    let n = number_of(image)?;
    let drawing = drawings.get(n)?;
    let ImageKind::Svg(svg) = image.kind() else {
        return None;
    };
    let own = placeholder(std::str::from_utf8(drawing.as_slice()).ok()?, n);
    (svg.data().as_slice() == own.as_bytes()).then_some((n, drawing))
}

/// The drawings usvg decoded so far in a build with one list of fonts, by their bytes:
/// those outside the print subset, which typst's own shapes and text cannot draw.
pub struct DecodedDrawings {
    /// The fonts they were decoded with (a hash of the list).
    fonts: u128,
    /// By their bytes.
    images: HashMap<Bytes, SvgImage>,
    /// The drawings found drawable in typst's shapes and text with these fonts, by a hash
    /// of their bytes: another language's drawings, the same bytes, are not drawn again to
    /// learn it (a hash, so as not to hold the bytes of a language already written).
    drawable: HashSet<u128>,
    /// Whether print drawings are drawn in typst's shapes and text (else usvg decodes
    /// every drawing: the tests compare the two).
    native: bool,
}

impl Default for DecodedDrawings {
    fn default() -> Self {
        DecodedDrawings {
            fonts: 0,
            images: HashMap::new(),
            drawable: HashSet::new(),
            native: true,
        }
    }
}

/// The families typst gives usvg for an image in `gb-figure`, which sets it in the
/// diagrams' family (`ImageElem::decode`): so the drawings made here are those typst
/// would make.
fn families() -> Vec<String> {
    let mut styles = Styles::new();
    let family = FontFamily::new(super::fonts::DIAGRAM_FAMILY);
    styles.set(TextElem::font, FontList(vec![family]));
    typst::text::families(StyleChain::new(&styles))
        .map(|f| f.as_str().to_string())
        .collect()
}

impl DecodedDrawings {
    /// Decodes those of `drawings` that typst's shapes and text cannot draw and that are
    /// not decoded yet with `fonts`, on every core (beside typst's layout, which leaves
    /// part of them free); the first error's message else. Drawings decoded with other
    /// fonts (a language with a font of its own) are dropped first, so a build holds one
    /// language's set at most. The others are drawn when put in place, after the layout:
    /// their frames then take the memory typst's memo held.
    pub fn decode(
        &mut self,
        fonts: &[Font],
        lang: Locale,
        today: Datetime,
        drawings: &[Bytes],
    ) -> Result<(), String> {
        let key = typst::utils::hash128(fonts);
        if key != self.fonts {
            self.images.clear();
            self.drawable.clear();
            self.fonts = key;
        }
        let hash = |d: &Bytes| typst::utils::hash128(d);
        let mut missing: Vec<&Bytes> = drawings
            .iter()
            .filter(|d| !self.images.contains_key(*d) && !self.drawable.contains(&hash(d)))
            .collect();
        missing.sort_unstable_by(|a, b| a.as_slice().cmp(b.as_slice()));
        missing.dedup();
        if missing.is_empty() {
            return Ok(());
        }
        // The fonts are all that usvg asks of typst's world for a drawing.
        let world = BookWorld::new(String::new(), Vec::new(), fonts.to_vec(), today);
        let world = &world;
        let families = families();
        let families: Vec<&str> = families.iter().map(String::as_str).collect();
        let pen = Pen::new(fonts, &families, lang);
        let native = self.native;
        // Each drawn once here to know that it can be (its frames let go: they are made
        // again when put in place, after typst's memo is dropped), else decoded.
        // Each drawn once here to know that it can be (its frames let go: they are made
        // again when put in place, after typst's memo is dropped), else decoded: `None`
        // for one drawn.
        let made: Vec<(&Bytes, Option<SvgImage>)> = missing
            .into_par_iter()
            .map(|d| {
                if native && pen.draw(d.as_slice()).is_some() {
                    return Ok((d, None));
                }
                let world = (world as &dyn World).track();
                SvgImage::with_fonts_images(d.clone(), world, &families, None)
                    .map(|image| (d, Some(image)))
                    .map_err(|e| format!("{e:?}"))
            })
            .collect::<Result<_, String>>()?;
        for (d, image) in made {
            match image {
                Some(image) => {
                    self.images.insert(d.clone(), image);
                }
                None => {
                    self.drawable.insert(hash(d));
                }
            }
        }
        Ok(())
    }

    /// `doc` with each placeholder replaced by its drawing among `drawings` (drawn in
    /// typst's shapes and text in `fonts` and `lang`, else decoded by
    /// [`DecodedDrawings::decode`]), at the placeholder's place and size, with its
    /// alternative text; an error if a drawing was neither, rather than an empty box in
    /// the PDF.
    pub fn put_in_place(
        &self,
        doc: PagedDocument,
        fonts: &[Font],
        lang: Locale,
        drawings: &[Bytes],
    ) -> Result<PagedDocument, String> {
        if typst::utils::hash128(fonts) != self.fonts {
            return Err("the drawings were decoded with other fonts".into());
        }
        let families = families();
        let families: Vec<&str> = families.iter().map(String::as_str).collect();
        let pen = Pen::new(fonts, &families, lang);
        // Each placeholder's drawing, by its number (a diagram shown twice is drawn twice:
        // rare, and cheaper than finding it).
        let drawn: Vec<Option<Drawn>> = drawings
            .par_iter()
            .map(|d| {
                let native = self.native && !self.images.contains_key(d);
                native.then(|| pen.draw(d.as_slice())).flatten()
            })
            .collect();
        let info = doc.info().clone();
        let mut pages = doc.pages().to_vec();
        // The document's own hold on its frames let go, they are changed in place.
        drop(doc);
        let unmade = std::cell::Cell::new(0);
        let drawing = |image: &Image, size: Size| -> Option<FrameItem> {
            let (number, stands) = stands_for(image, drawings)?;
            if let Some(drawn) = drawn.get(number).and_then(Option::as_ref) {
                // The drawing's shapes and texts stand in the image's place, inside its
                // element, so the PDF's figure holds them under the image's alternative
                // text.
                return Some(drawn.item(size));
            }
            let Some(decoded) = self.images.get(stands) else {
                unmade.set(unmade.get() + 1);
                return None;
            };
            let image = Image::new(
                ImageKind::Svg(decoded.clone()),
                image.alt().map(Into::into),
                image.scaling(),
            );
            Some(FrameItem::Image(
                image,
                size,
                typst::syntax::Span::detached(),
            ))
        };
        for page in &mut pages {
            replace_in(&mut page.frame, &drawing);
        }
        match unmade.get() {
            0 => Ok(PagedDocument::new(pages.into_iter().collect(), info)),
            n => Err(format!("{n} drawings were not made")),
        }
    }
}

/// Replaces each image of `frame` and its groups for which `drawing` has another item.
fn replace_in(frame: &mut Frame, drawing: &impl Fn(&Image, Size) -> Option<FrameItem>) {
    // Only frames that hold a placeholder are changed (and so copied if shared).
    if !holds_placeholder(frame) {
        return;
    }
    frame.retain(|item| {
        let new = match item {
            FrameItem::Group(group) => {
                replace_in(&mut group.frame, drawing);
                None
            }
            FrameItem::Image(image, size, span) => drawing(image, *size).map(|new| match new {
                // A decoded drawing keeps the placeholder's place in the source.
                FrameItem::Image(image, size, _) => FrameItem::Image(image, size, *span),
                other => other,
            }),
            _ => None,
        };
        if let Some(new) = new {
            *item = new;
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
    use crate::board::diagram::BoardDiagram;
    use crate::point::Color;

    /// English, the language the tests' drawings are made in.
    const EN: Locale = Locale {
        lang: typst::text::Lang::ENGLISH,
        region: None,
    };

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
        assert_eq!(stands_for(&own, &drawings), Some((0, &drawings[0])));
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
        decoded.decode(&fonts, EN, today, &drawings).unwrap();
        decoded.decode(&fonts, EN, today, &drawings).unwrap();
        assert_eq!(decoded.images.len(), 1);
        // Another language's fonts (here, one face fewer): its own set, and only it.
        let other = &fonts[1..];
        decoded.decode(other, EN, today, &drawings).unwrap();
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

    /// The PDF of `markup` with `files`, its laid-out document changed by `doc` first.
    fn pdf_of(
        markup: String,
        files: Vec<(String, Bytes)>,
        doc: &dyn Fn(PagedDocument) -> PagedDocument,
    ) -> Vec<u8> {
        use typst::foundations::Smart;
        let today = Datetime::from_ymd(2024, 5, 6).unwrap();
        let world = BookWorld::new(markup, files, super::super::fonts::bundled(), today);
        let laid = typst::compile::<PagedDocument>(&world).output.unwrap();
        let options = typst_pdf::PdfOptions {
            ident: Smart::Custom("test".into()),
            timestamp: Some(typst_pdf::Timestamp::new_utc(today)),
            standards: typst_pdf::PdfStandards::new(super::super::typeset::TAGGED).unwrap(),
            ..Default::default()
        };
        typst_pdf::pdf(&doc(laid), &options).unwrap()
    }

    /// Placeholder files for `drawings`, as `/d/N.svg`.
    fn placeholders(drawings: &[Bytes]) -> Vec<(String, Bytes)> {
        drawings
            .iter()
            .enumerate()
            .map(|(n, d)| {
                let svg = String::from_utf8_lossy(d.as_slice());
                (
                    format!("/d/{n}.svg"),
                    Bytes::from_string(placeholder(&svg, n)),
                )
            })
            .collect()
    }

    #[test]
    fn drawings_put_in_place_print_the_pdf_typst_prints_from_the_drawings() {
        let svgs = [
            r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="-15 -15 78 78" width="78" height="78" text-anchor="middle" font-family="Helvetica,Arial,sans-serif"><rect fill="#e3bf7e" x="-15" y="-15" width="78" height="78"/><path stroke="#111" d="M0 0h48v48H0z"/><g fill="#111" stroke="#111" stroke-linecap="round" transform="scale(24)"><path stroke-width=".9583" d="M1 1h.01"/></g><g fill="#fff" stroke="#fff" stroke-width=".7" font-size="14"><text x="24" y="29">12</text></g></svg>"##.to_string(),
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20" width="40" height="20" font-family="Helvetica,Arial,sans-serif"><text x="2" y="15" font-size="14">a Ж</text></svg>"#.to_string(),
        ];
        let today = Datetime::from_ymd(2024, 5, 6).unwrap();
        let fonts = super::super::fonts::bundled();
        let pdf = pdf_of;
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
        let files = placeholders(&drawings);
        // usvg decoding every drawing, as for an SVG outside the print subset.
        let mut decoded = DecodedDrawings {
            native: false,
            ..Default::default()
        };
        decoded.decode(&fonts, EN, today, &drawings).unwrap();
        assert_eq!(decoded.images.len(), 2, "a drawing twice is decoded once");
        let seen = std::cell::Cell::new(0);
        let put = pdf(source(["/d/0.svg", "/d/1.svg", "/d/2.svg"]), files, &|d| {
            let none = DecodedDrawings::default().put_in_place(d.clone(), &fonts, EN, &drawings);
            assert!(
                none.is_err(),
                "drawings not decoded are an error, not empty boxes"
            );
            let d = decoded.put_in_place(d, &fonts, EN, &drawings).unwrap();
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

    /// Page `n` of `pdf` drawn by poppler at `dpi`: its width and RGB pixels; `None` (the
    /// test steps aside) where poppler is missing, except under CI.
    fn poppler_pixels(pdf: &[u8], dpi: u32) -> Option<(usize, Vec<u8>)> {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("d.pdf");
        std::fs::write(&file, pdf).unwrap();
        let run = std::process::Command::new("pdftoppm")
            .args(["-r", &dpi.to_string(), "-singlefile"])
            .arg(&file)
            .arg(dir.path().join("page"))
            .output();
        let Ok(out) = run else {
            assert!(
                std::env::var_os("CI").is_none(),
                "pdftoppm is missing (scripts/setup.sh installs poppler-utils)"
            );
            eprintln!("steps aside: pdftoppm is not installed");
            return None;
        };
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let ppm = std::fs::read(dir.path().join("page.ppm")).unwrap();
        // P6, width, height, 255, then the pixels.
        let mut fields = ppm.splitn(5, |b| b.is_ascii_whitespace());
        assert_eq!(fields.next(), Some(&b"P6"[..]));
        let mut number = || -> usize {
            std::str::from_utf8(fields.next().unwrap())
                .unwrap()
                .parse()
                .unwrap()
        };
        let (w, h, _) = (number(), number(), number());
        let pixels = fields.next().unwrap().to_vec();
        assert_eq!(pixels.len(), w * h * 3);
        Some((w, pixels))
    }

    #[test]
    fn a_print_drawing_in_typsts_shapes_and_text_prints_what_usvg_printed() {
        // Every thing a drawing holds, a board of 120 mm (5.7 mm between lines, larger
        // than a book's) so that a difference shows.
        prints_as_usvg_did(&super::super::drawn::tests::every_thing());
        // One stone of each colour: a path of one dot, whose bounds are a point.
        let mut lone = BoardDiagram::new(9);
        lone.stones = vec![
            (
                crate::point::Point::parse_standard("C3").unwrap(),
                Color::Black,
            ),
            (
                crate::point::Point::parse_standard("G7").unwrap(),
                Color::White,
            ),
        ];
        prints_as_usvg_did(&lone);
    }

    /// Asserts that `board`'s print drawing prints in typst's shapes and text as usvg
    /// printed it: the same pixels but for the edges of shapes, and as much ink.
    fn prints_as_usvg_did(board: &BoardDiagram) {
        let svg = crate::render::svg::render_print(board);
        let drawings = vec![Bytes::from_string(svg)];
        // Tagged, PDF/UA-1 as a book is: its checks pass the drawn shapes and text.
        let markup = "#set document(title: \"T\")\n#set text(lang: \"en\")\n\
                      #set page(width: 140mm, height: 140mm, margin: 10mm)\n\
                      #text(font: \"DejaVu Sans\", image(\"/d/0.svg\", width: 120mm, alt: \"Dia. 1\"))\n"
            .to_string();
        let fonts = super::super::fonts::bundled();
        let today = Datetime::from_ymd(2024, 5, 6).unwrap();
        let made = |native: bool| {
            let mut decoded = DecodedDrawings {
                native,
                ..Default::default()
            };
            decoded.decode(&fonts, EN, today, &drawings).unwrap();
            assert_eq!(decoded.images.len(), usize::from(!native));
            pdf_of(markup.clone(), placeholders(&drawings), &|d| {
                decoded.put_in_place(d, &fonts, EN, &drawings).unwrap()
            })
        };
        let (by_usvg, drawn) = (made(false), made(true));
        let (Some((w, old)), Some((w2, new))) =
            (poppler_pixels(&by_usvg, 300), poppler_pixels(&drawn, 300))
        else {
            return;
        };
        assert_eq!((w, old.len()), (w2, new.len()));
        let pixels = old.len() / 3;
        let dark = |p: &[u8]| p.iter().all(|c| *c < 60);
        let ink = old.chunks(3).filter(|p| dark(p)).count();
        assert!(
            ink > pixels / 50,
            "the drawing is drawn: {ink} of {pixels} dark pixels"
        );
        // Nothing left out: a missing stone or text is little of the page, much of its ink.
        let drawn_ink = new.chunks(3).filter(|p| dark(p)).count();
        assert!(
            drawn_ink.abs_diff(ink) * 100 < ink,
            "{drawn_ink} dark pixels drawn against {ink} by usvg"
        );
        // The same pixels but for the edges of shapes, drawn by two rasterisers' paths.
        let differ = old
            .chunks(3)
            .zip(new.chunks(3))
            .filter(|(a, b)| a.iter().zip(b.iter()).any(|(x, y)| x.abs_diff(*y) > 85))
            .count();
        let share = differ as f64 / pixels as f64;
        eprintln!("{:.4}% of pixels differ", share * 100.0);
        assert!(share < 0.002, "{:.4}% of pixels differ", share * 100.0);
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
