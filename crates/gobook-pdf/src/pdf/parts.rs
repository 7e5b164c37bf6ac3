//! A long book printed in parts: typst lays out a whole document in memory, its memo and
//! its pages, so a 5 MB book took 3.7 GB. Its chapters are typeset instead in parts of
//! about [`PART_BYTES`] of markup, each a document of its own, exported to PDF and let go
//! before the next; `super::join` then makes one PDF of them, with the front matter.
//!
//! What a part shows of the others (the book's page numbers, the running heads at a
//! part's start, page references and links to another part, the contents) comes from
//! where the parts before put their labels: a part is typeset again until every label it
//! names elsewhere is known and the pages before it no longer change, as typst lays out a
//! document again until its references settle. Every page stays on the side it would be
//! on in the book typeset whole: a part that would start on a left-hand page starts with
//! a page of its own, left out when the parts are joined.

use super::escape::string;
use super::fonts::Fonts;
use super::frame::{self, Front, PartPlace};
use super::join::PdfPart;
use super::spill::Spilled;
use super::typeset::{self, PartSource, Print, Typeset, TAGGED};
use crate::layout::book::LaidLanguage;
use crate::project::build::BuildError;
use std::collections::HashMap;
use typst::foundations::{Label, Value};
use typst::introspection::{Introspector, MetadataElem};
use typst::utils::PicoStr;
use typst_layout::PagedDocument;

/// The markup a part holds before the next chapter starts another (a book of about 250 KB
/// of text is some 1 MB of markup): smaller parts take less memory and, joined as they are
/// read, less time, for a PDF a part's fonts make 1-2% larger (docs/benchmarks.md, "Print
/// by book size": a 5 MB book took 725 MB in parts of 1 MB, 544 in parts of 500 KB, 520 in
/// parts of 250 KB).
pub const PART_BYTES: usize = 500_000;

/// How often the parts are typeset at most before their references are taken as they are
/// (typst gives up after five layouts of a document too).
const MOST_ROUNDS: usize = 5;

/// The markup a part holds at most: [`PART_BYTES`], or `GOBOOK_PDF_PART_BYTES` (the tests
/// print small books in parts with it).
pub fn part_bytes() -> usize {
    std::env::var("GOBOOK_PDF_PART_BYTES")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(PART_BYTES)
}

/// Where a label is in the book: its page (from 1) and its place there, in PDF points
/// from the page's bottom left, as a link's destination gives it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Place {
    /// The book's page, from 1.
    pub page: usize,
    /// From the page's left edge.
    pub x: f64,
    /// From the page's bottom edge (its bleed included).
    pub y: f64,
}

/// A part as it was last typeset.
struct Typeset1 {
    /// The book's pages before it.
    before: usize,
    /// The labels of other parts it was given, with their pages.
    given: Vec<(String, Option<usize>)>,
    /// The labels of other parts it names.
    asked: Vec<String>,
    /// Its PDF, whether its first page is one gobook added, and its headings.
    pdf: PdfPart,
    /// The pages it adds to the book.
    pages: usize,
}

/// What the parts are exported as, and why not tagged when typst's checks refused that.
struct Standard {
    standards: &'static [typst_pdf::PdfStandard],
    untagged: Option<String>,
}

/// Language `l` printed in the parts of `src`, joined into one PDF.
pub fn print(
    p: &Print,
    l: &LaidLanguage,
    mut src: typeset::Parts,
    fonts: &Fonts,
) -> Result<(Spilled, Option<String>), BuildError> {
    let front = typeset::front(p, l);
    let mut standard = Standard {
        standards: TAGGED,
        untagged: None,
    };
    let mut places: HashMap<String, Place> = HashMap::new();
    // Each part as last typeset, by its number (as many as are known).
    let mut done: Vec<Option<Typeset1>> = Vec::new();
    let mut front_pages = typeset_front(p, l, &front, &mut places, fonts, &standard)?.1;
    let mut front_pdf = PdfPart::default();
    for _ in 0..MOST_ROUNDS {
        let changed = typeset_parts(
            p,
            l,
            &front,
            &mut src,
            front_pages,
            fonts,
            &mut standard,
            &mut places,
            &mut done,
        )?;
        let (pdf, pages) = typeset_front(p, l, &front, &mut places, fonts, &standard)?;
        front_pdf = pdf;
        if pages == front_pages && !changed {
            break;
        }
        front_pages = pages;
    }
    let parts: Vec<PdfPart> = done.into_iter().flatten().map(|d| d.pdf).collect();
    let locale = typeset::locale(&l.plan.lang);
    let page_word = {
        use typst::text::LocalName;
        typst::layout::PageElem::local_name(locale.lang, locale.region)
    };
    let bytes = super::join::join(front_pdf, parts, &places, page_word)
        .map_err(|e| typeset::bug("join the parts of the PDF", e))?;
    Ok((bytes, standard.untagged))
}

/// Typesets each part of `parts` whose pages before it or whose labels of other parts
/// changed since it was last typeset (all of them at first), after `front_pages` pages of
/// front matter; whether any was.
#[allow(clippy::too_many_arguments)]
fn typeset_parts(
    p: &Print,
    l: &LaidLanguage,
    front: &Front,
    parts: &mut typeset::Parts,
    front_pages: usize,
    fonts: &Fonts,
    standard: &mut Standard,
    places: &mut HashMap<String, Place>,
    done: &mut Vec<Option<Typeset1>>,
) -> Result<bool, BuildError> {
    let chapter_keys: Vec<&str> = front.chapters.iter().map(|(_, _, k)| k.as_str()).collect();
    let mut changed = false;
    let mut before = front_pages;
    let mut k = 0;
    while let Some(first) = parts.first(k) {
        if done.len() <= k {
            done.push(None);
        }
        let asked = done[k].as_ref().map_or(&[][..], |d| &d.asked[..]);
        let given = given(first, &chapter_keys, asked, places);
        let fresh = done[k]
            .as_ref()
            .is_some_and(|d| d.before == before && d.given == given);
        if !fresh {
            changed = true;
            let place = Place1 { k, before, given };
            let part = parts.part(k).unwrap_or_default();
            match typeset_part(p, l, front, part, place, fonts, standard, places)? {
                Ok(d) => done[k] = Some(d),
                Err(why) => {
                    // typst's checks refused one part tagged (else archival): every part
                    // archival (else plain), so that the book is one PDF of one standard.
                    if standard.standards == TAGGED {
                        standard.standards = &[typst_pdf::PdfStandard::A_2b];
                        standard.untagged = Some(super::fallback::archival(&why));
                    } else if !standard.standards.is_empty() {
                        let tagged = standard.untagged.take().unwrap_or_default();
                        standard.standards = &[];
                        standard.untagged = Some(super::fallback::plain(&tagged, &why));
                    } else {
                        return Err(typeset::bug("write the PDF", why));
                    }
                    done.iter_mut().for_each(|d| *d = None);
                    before = front_pages;
                    k = 0;
                    continue;
                }
            }
        }
        before += done[k].as_ref().map_or(0, |d| d.pages);
        k += 1;
    }
    Ok(changed)
}

/// The labels of other parts a part starting with chapter `first` is given, with their
/// pages where known: the chapter before it and that chapter's end (for the running heads
/// of its first pages), and those it named when last typeset (`asked`).
fn given(
    first: usize,
    chapter_keys: &[&str],
    asked: &[String],
    places: &HashMap<String, Place>,
) -> Vec<(String, Option<usize>)> {
    let mut keys: Vec<String> = Vec::new();
    match first.checked_sub(1).and_then(|i| chapter_keys.get(i)) {
        Some(before) => {
            keys.push(before.to_string());
            keys.push(format!("gb-end:{before}"));
        }
        None => keys.push("gb-end:front".into()),
    }
    keys.extend(asked.iter().cloned());
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .map(|k| {
            let page = places.get(&k).map(|p| p.page);
            (k, page)
        })
        .collect()
}

/// Which part is typeset, after how many of the book's pages, and what it is given.
struct Place1 {
    k: usize,
    before: usize,
    given: Vec<(String, Option<usize>)>,
}

/// Part `part` typeset after `place.before` pages, its labels' places recorded in
/// `places`; why typst's checks refused it in `standard` else.
#[allow(clippy::too_many_arguments)]
fn typeset_part(
    p: &Print,
    l: &LaidLanguage,
    front: &Front,
    part: PartSource,
    place: Place1,
    fonts: &Fonts,
    standard: &Standard,
    places: &mut HashMap<String, Place>,
) -> Result<Result<Typeset1, String>, BuildError> {
    // A part begins with pages of its own, left out when joined with their tags: the first
    // holds the heading the part's first falls under (the book's title at level 1, neither
    // outlined nor bookmarked), because PDF/UA-1 wants a document's headings to start at
    // level 1 and go one level deeper at most, and a page's first heading is of level 1 or
    // 2 (`layout::headings`, which levels each page under the title alone); a second
    // keeps every page on its side when the part would otherwise start on a right-hand
    // page of its own where the book has a left-hand one.
    let added = if place.before % 2 == 1 { 1 } else { 2 };
    let offset = place.before.saturating_sub(added);
    let known: Vec<(String, usize)> = place
        .given
        .iter()
        .filter_map(|(k, page)| page.map(|page| (k.clone(), page)))
        .collect();
    let mut markup = frame::head(
        front,
        p.settings,
        Some(&PartPlace {
            offset,
            known: &known,
            chapters: part.first.saturating_sub(1)..part.first + part.chapters.len() + 1,
        }),
    );
    // The count of the chapters before it, set on its first page.
    // typst's own page count too, which names the page a link leads to for a reader who
    // listens: the book's number of the part's first page.
    let count = format!(
        "#gb-chapter-count.update({})#counter(page).update({})",
        part.first,
        offset + 1
    );
    // A block, not the frame's sticky heading, which would follow the chapter to its page.
    let open = "#heading(level: 1, outlined: false, bookmarked: false)[#gb-title]\n";
    markup.push_str(&format!(
        "#page(header: none, footer: none)[{count}#[#show heading: block\n{open}]]\n"
    ));
    if added == 2 {
        markup.push_str("#page(header: none, footer: none)[]\n");
    }
    part.markup(None, &mut markup);
    if let Some((last, _)) = part.chapters.last() {
        markup.push_str(&format!(
            "\n#metadata(none)#label({})\n",
            string(&format!("gb-end:{last}"))
        ));
    }
    let stages = crate::timings::Stages::new(format!("pdf {} part {}, ", l.plan.lang, place.k));
    let doc = Typeset {
        main: format!("/part-{}.typ", place.k),
        markup,
        files: part.files,
        drawings: part.drawings,
    };
    let laid = typeset::compile(p, l, doc, fonts, stages)?;
    let pages = laid.doc().pages().len().saturating_sub(added);
    record_places(laid.doc(), offset, places);
    let asked = asked(laid.doc());
    // The added page's heading is not the book's.
    let headings = headings(laid.doc()).into_iter().skip(1).collect();
    Ok(laid.export_as(standard.standards)?.map(|pdf| Typeset1 {
        before: place.before,
        given: place.given,
        asked,
        pdf: PdfPart {
            pdf: Some(pdf),
            added,
            headings,
        },
        pages,
    }))
}

/// The front matter (title page, copyright page, contents) typeset with the pages of the
/// chapters known in `places` (where its own labels are recorded): its PDF and its
/// number of pages.
fn typeset_front(
    p: &Print,
    l: &LaidLanguage,
    front: &Front,
    places: &mut HashMap<String, Place>,
    fonts: &Fonts,
    standard: &Standard,
) -> Result<(PdfPart, usize), BuildError> {
    let mut known: Vec<(String, usize)> = Vec::new();
    for (_, _, key) in &front.chapters {
        if let Some(place) = places.get(key) {
            known.push((key.clone(), place.page));
        }
    }
    let mut markup = frame::head(
        front,
        p.settings,
        Some(&PartPlace {
            offset: 0,
            known: &known,
            // The front's pages come before every chapter: they can name only the first.
            chapters: 0..1,
        }),
    );
    markup.push_str(&frame::front_matter(front));
    markup.push_str("\n#metadata(none)#label(\"gb-end:front\")\n");
    let stages = crate::timings::Stages::new(format!("pdf {} front, ", l.plan.lang));
    let doc = Typeset {
        main: "/front.typ".into(),
        markup,
        files: Vec::new(),
        drawings: Vec::new(),
    };
    let laid = typeset::compile(p, l, doc, fonts, stages)?;
    let pages = laid.doc().pages().len();
    let headings = headings(laid.doc());
    record_places(laid.doc(), 0, places);
    let pdf = laid
        .export_as(standard.standards)?
        .map_err(|e| typeset::bug("write the PDF's front matter", e))?;
    let pdf = PdfPart {
        pdf: Some(pdf),
        added: 0,
        headings,
    };
    Ok((pdf, pages))
}

/// Records where each label of `doc` (a part, after `offset` of the book's pages) is.
fn record_places(doc: &PagedDocument, offset: usize, places: &mut HashMap<String, Place>) {
    let introspector = doc.introspector();
    for elem in introspector.query_labelled() {
        let (Some(label), Some(location)) = (elem.label(), elem.location()) else {
            continue;
        };
        let Some(at) = introspector.position(location) else {
            continue;
        };
        let Some(page) = doc.pages().get(at.page.get() - 1) else {
            continue;
        };
        // As typst's exporter places a link's destination: 10 pt above the element, so
        // that a line's baseline shows its line, measured from the page's bottom (its
        // bleed included).
        let height = page.frame.height() + page.bleed.top + page.bleed.bottom;
        let above = (at.point.y - typst::layout::Abs::pt(10.0)).max(typst::layout::Abs::zero());
        let place = Place {
            page: at.page.get() + offset,
            x: at.point.x.to_pt(),
            y: height.to_pt() - above.to_pt(),
        };
        places.insert(label.resolve().to_string(), place);
    }
}

/// The labels of other parts that `doc` names (its `gb-away` markers).
fn asked(doc: &PagedDocument) -> Vec<String> {
    let Some(away) = Label::new(PicoStr::intern("gb-away")) else {
        return Vec::new();
    };
    let mut keys: Vec<String> = doc
        .introspector()
        .query(&typst::foundations::Selector::Label(away))
        .iter()
        .filter_map(|e| e.to_packed::<MetadataElem>())
        .filter_map(|m| match &m.value {
            Value::Str(s) => Some(s.to_string()),
            _ => None,
        })
        .collect();
    keys.sort();
    keys.dedup();
    keys
}

/// The level of each heading of `doc`, in order, and whether it is bookmarked: what
/// typst's exporter builds the PDF's bookmarks of, so that the parts' bookmarks are
/// nested again as in the book.
fn headings(doc: &PagedDocument) -> Vec<(std::num::NonZeroUsize, bool)> {
    use typst::foundations::{NativeElement, StyleChain};
    use typst::model::HeadingElem;
    doc.introspector()
        .query(&HeadingElem::ELEM.select())
        .iter()
        .filter_map(|e| e.to_packed::<HeadingElem>())
        .map(|h| {
            let level = h.resolve_level(StyleChain::default());
            let bookmarked = h
                .bookmarked
                .get(StyleChain::default())
                .unwrap_or_else(|| h.outlined.get(StyleChain::default()));
            (level, bookmarked)
        })
        .collect()
}
