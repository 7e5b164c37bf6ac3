//! The diagrams' drawings, made apart from typst's layout. typst lays out a placeholder of
//! each drawing's size (its root element and its number), and each placeholder is replaced
//! by its drawing before the export: the board's drawing model
//! (`render::svg::print_drawing`, the one the SVG writer writes) drawn in typst's own
//! shapes and text (`super::drawn`), once typst's memo is dropped, in each language (their
//! texts are tagged in it). No SVG is read back: usvg reading it, laying out and outlining
//! the numerals and stroking every path to find its bounds, was most of a long book's time
//! and memory for its diagrams.

use super::drawn::{Drawn, Pen};
use crate::render::svg::{root_element, Drawing};
use rayon::prelude::*;
use typst::foundations::{StyleChain, Styles};
use typst::layout::{Frame, FrameItem, Size};
use typst::model::Document;
use typst::text::{Font, FontFamily, FontList, Locale, TextElem};
use typst::visualize::{Image, ImageKind};
use typst_layout::PagedDocument;

/// The comment in a placeholder, before its drawing's number.
const COMMENT_OPEN: &str = "<!--gobook drawing ";
/// The comment in a placeholder, after its drawing's number.
const COMMENT_CLOSE: &str = "-->";

/// The placeholder of drawing number `n`, `drawing`: its SVG's root element, so typst
/// gives it the drawing's size, and nothing in it but its number.
pub fn placeholder(drawing: &Drawing, n: usize) -> String {
    let root = root_element(drawing);
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

/// The number of the drawing among `drawings` that `image` holds the place of: only
/// gobook's own placeholder, never a book's image that happens to end as one does.
fn stands_for(image: &Image, drawings: &[Drawing]) -> Option<usize> {
    let n = number_of(image)?;
    let drawing = drawings.get(n)?;
    let ImageKind::Svg(svg) = image.kind() else {
        return None;
    };
    let own = placeholder(drawing, n);
    (svg.data().as_slice() == own.as_bytes()).then_some(n)
}

/// The families typst gives an image in `gb-figure`, which sets it in the diagrams'
/// family (`ImageElem::decode`): so the texts are set in the fonts typst would take.
fn families() -> Vec<String> {
    let mut styles = Styles::new();
    let family = FontFamily::new(super::fonts::DIAGRAM_FAMILY);
    styles.set(TextElem::font, FontList(vec![family]));
    typst::text::families(StyleChain::new(&styles))
        .map(|f| f.as_str().to_string())
        .collect()
}

/// `doc` with each placeholder replaced by its drawing among `drawings`, drawn in typst's
/// shapes and text in `fonts` and `lang`, at the placeholder's place and size, inside its
/// element, so the PDF's figure holds them under the image's alternative text.
pub fn put_in_place(
    doc: PagedDocument,
    fonts: &[Font],
    lang: Locale,
    drawings: &[Drawing],
) -> PagedDocument {
    let families = families();
    let families: Vec<&str> = families.iter().map(String::as_str).collect();
    let pen = Pen::new(fonts, &families, lang);
    // Each placeholder's drawing, by its number (a diagram shown twice is drawn twice:
    // rare, and cheaper than finding it).
    let drawn: Vec<Drawn> = drawings.par_iter().map(|d| pen.draw(d)).collect();
    let info = doc.info().clone();
    let mut pages = doc.pages().to_vec();
    // The document's own hold on its frames let go, they are changed in place.
    drop(doc);
    let drawing = |image: &Image, size: Size| -> Option<FrameItem> {
        let number = stands_for(image, drawings)?;
        Some(drawn.get(number)?.item(size))
    };
    for page in &mut pages {
        replace_in(&mut page.frame, &drawing);
    }
    PagedDocument::new(pages.into_iter().collect(), info)
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
            FrameItem::Image(image, size, _) => drawing(image, *size),
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
    use super::super::world::BookWorld;
    use super::*;
    use crate::board::diagram::BoardDiagram;
    use crate::point::Color;
    use crate::render::svg::{print_drawing, to_svg, LIGHT, SCREEN_WEIGHTS};
    use typst::foundations::{Bytes, Datetime};
    use typst::visualize::SvgImage;

    /// English, the language the tests' drawings are made in.
    const EN: Locale = Locale {
        lang: typst::text::Lang::ENGLISH,
        region: None,
    };

    /// `board`'s print drawing in the screen's light palette and weights.
    fn drawing(board: &BoardDiagram) -> Drawing {
        print_drawing(board, LIGHT, SCREEN_WEIGHTS)
    }

    #[test]
    fn a_placeholder_is_its_drawing_root_and_number() {
        let mut board = BoardDiagram::new(9);
        board.stones = vec![(crate::point::Point::new(2, 2), Color::Black)];
        let d = drawing(&board);
        let p = placeholder(&d, 17);
        let svg = to_svg(&d);
        let root = &svg[..=svg.find('>').unwrap()];
        assert_eq!(p, format!("{root}<!--gobook drawing 17--></svg>"));
        let image = SvgImage::new(Bytes::from_string(p)).unwrap();
        let whole = SvgImage::new(Bytes::from_string(svg)).unwrap();
        assert_eq!(
            (image.width(), image.height()),
            (whole.width(), whole.height())
        );
        let image = Image::plain(ImageKind::Svg(image));
        assert_eq!(number_of(&image), Some(17));
        let whole = Image::plain(ImageKind::Svg(whole));
        assert_eq!(number_of(&whole), None);
    }

    #[test]
    fn only_gobooks_own_placeholder_stands_for_a_drawing() {
        let drawings = vec![drawing(&BoardDiagram::new(9))];
        let image = |text: String| {
            Image::plain(ImageKind::Svg(
                SvgImage::new(Bytes::from_string(text)).unwrap(),
            ))
        };
        let own = image(placeholder(&drawings[0], 0));
        assert_eq!(stands_for(&own, &drawings), Some(0));
        // A book's own SVG that ends as a placeholder does, or names a drawing not there.
        let book = r#"<svg xmlns="http://www.w3.org/2000/svg" width="5" height="5"><!--gobook drawing 0--></svg>"#;
        assert_eq!(stands_for(&image(book.to_string()), &drawings), None);
        assert_eq!(
            stands_for(&image(placeholder(&drawings[0], 1)), &drawings),
            None
        );
    }

    #[test]
    fn every_placeholder_is_replaced_by_its_drawing() {
        let boards = [
            super::super::drawn::tests::every_thing(),
            BoardDiagram::new(9),
        ];
        let drawings: Vec<Drawing> = [&boards[0], &boards[1], &boards[0]]
            .iter()
            .map(|b| drawing(b))
            .collect();
        let files = placeholders(&drawings);
        let markup = source(["/d/0.svg", "/d/1.svg", "/d/2.svg"]);
        let fonts = super::super::fonts::bundled();
        let seen = std::cell::Cell::new(0);
        pdf_of(markup, files, &|d| {
            let mut before = 0;
            for page in d.pages() {
                before += count(&page.frame, &mut 0);
            }
            assert_eq!(before, 3);
            let d = put_in_place(d, &fonts, EN, &drawings);
            let mut left = 0;
            for page in d.pages() {
                let mut images = 0;
                left += count(&page.frame, &mut images);
                seen.set(seen.get() + images);
            }
            assert_eq!(left, 0, "no placeholder is left");
            d
        });
        assert_eq!(seen.get(), 0, "every drawing is shapes and text, no image");
    }

    /// A small document of three drawings (the first shown twice), text between them and
    /// an image's alternative text.
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
        let world = BookWorld::named(
            "/book.typ",
            markup,
            files,
            super::super::fonts::bundled(),
            today,
        );
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
    fn placeholders(drawings: &[Drawing]) -> Vec<(String, Bytes)> {
        drawings
            .iter()
            .enumerate()
            .map(|(n, d)| (format!("/d/{n}.svg"), Bytes::from_string(placeholder(d, n))))
            .collect()
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
    fn the_drawing_model_in_typsts_shapes_and_text_prints_what_usvg_makes_of_its_svg() {
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

    /// Asserts that `board`'s print drawing, drawn from the model in typst's shapes and
    /// text, prints as usvg prints the SVG the same model writes: the same pixels but for
    /// the edges of shapes, and as much ink. The two exports of one model agree.
    fn prints_as_usvg_did(board: &BoardDiagram) {
        let model = drawing(board);
        let svg = to_svg(&model);
        let drawings = vec![model];
        // Tagged, PDF/UA-1 as a book is: its checks pass the drawn shapes and text.
        let markup = "#set document(title: \"T\")\n#set text(lang: \"en\")\n\
                      #set page(width: 140mm, height: 140mm, margin: 10mm)\n\
                      #text(font: \"DejaVu Sans\", image(\"/d/0.svg\", width: 120mm, alt: \"Dia. 1\"))\n"
            .to_string();
        let fonts = super::super::fonts::bundled();
        let by_usvg = pdf_of(
            markup.clone(),
            vec![("/d/0.svg".to_string(), Bytes::from_string(svg))],
            &|d| d,
        );
        let drawn = pdf_of(markup, placeholders(&drawings), &|d| {
            put_in_place(d, &fonts, EN, &drawings)
        });
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
