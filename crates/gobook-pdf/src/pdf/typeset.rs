//! One language's PDF: the laid-out pages written as typst markup (the frame, then each
//! chapter's blocks and its solutions), typeset by the embedded typst in a world of its own
//! and exported as PDF/A-2a and PDF/UA-1 (tagged, accessible), else PDF/A-2b. typst lays
//! out a placeholder for each diagram; its drawing takes its place after (`super::diagrams`).

use super::blocks::Chapters;
use super::fonts;
use super::frame::{self, Front};
use super::settings::{Settings, SolutionsAt};
use super::solutions;
use super::spill::Spilled;
use super::world::BookWorld;
use crate::i18n::{self, UiWord};
use crate::layout::book::{LaidLanguage, LaidPage};
use crate::layout::writer::Input;
use crate::project::build::BuildError;
use crate::project::images::ImageKind;
use crate::render::svg::Drawing;
use std::path::Path;
use typst::foundations::{Bytes, Datetime, Smart};
use typst::text::Locale;
use typst_layout::PagedDocument;

/// What every language's PDF shares: the writer's input and the print settings.
pub struct Print<'a> {
    /// The laid-out book and the build's settings.
    pub input: &'a Input<'a>,
    /// The print settings.
    pub settings: &'a Settings,
    /// Seconds since 1970 of the book's date (`SOURCE_DATE_EPOCH`, else the book file's).
    pub epoch: u64,
}

/// One language's document as typst laid it out, waiting for its export.
pub struct Laid {
    doc: PagedDocument,
    /// The diagrams' drawings, by the number their placeholder holds.
    drawings: Vec<Drawing>,
    /// The fonts it is set in, which its drawings are made with.
    fonts: Vec<typst::text::Font>,
    /// Its language, which its drawings' texts are tagged in.
    locale: Locale,
    ident: String,
    today: Datetime,
    vertical: bool,
    stages: crate::timings::Stages,
    /// What the timings of this language start with ("pdf en, ").
    prefix: String,
}

/// Language `l` printed, as a PDF on disk, and why it is not tagged when typst's checks
/// refused that: typeset whole, or in parts for a long book (`super::parts`), its fonts
/// found first for what it prints, never for the typst source's own words.
pub fn print(p: &Print, l: &LaidLanguage) -> Result<(Spilled, Option<String>), BuildError> {
    let mut stages = crate::timings::Stages::new(format!("pdf {}, ", l.plan.lang));
    // A vertical book's columns are typeset whole.
    let limit = if l.plan.vertical {
        usize::MAX
    } else {
        super::parts::part_bytes()
    };
    let prefix = format!("pdf {}, ", l.plan.lang);
    super::passes::memory(&format!("{prefix}laid-out book, "));
    let book_dir = p.input.book_dir;
    let images = |url: &str| local_image(book_dir, url);
    let mut parts = Parts::new(p, l, limit, &images);
    // The first part, to know whether there are others.
    let first = parts.part(0).unwrap_or_default();
    stages.mark("typst source and diagrams (the first part)");
    super::passes::memory(&format!("{prefix}typst source and diagrams, "));
    let fonts = super::missing_glyphs::fonts_for(p, l)?;
    stages.mark("fonts");
    super::passes::memory(&format!("{prefix}fonts, "));
    if !parts.whole() {
        drop(first);
        return super::parts::print(p, l, parts, &fonts);
    }
    let (markup, files, drawings) = whole(p, l, first);
    let laid = compile(
        p,
        l,
        Typeset {
            main: "/book.typ".into(),
            markup,
            files,
            drawings,
        },
        &fonts,
        stages,
    )?;
    laid.export()
}

/// A typst document to compile: its main file's path, its markup, the files it names and
/// the drawings of its placeholders.
pub struct Typeset {
    /// The main file's path (each part its own, so that no two parts' elements share a
    /// place in the book's tags).
    pub main: String,
    /// The markup.
    pub markup: String,
    /// The files it names, by virtual path.
    pub files: Vec<(String, Bytes)>,
    /// The drawings of its placeholders, by number.
    pub drawings: Vec<Drawing>,
}

/// A document of language `l` laid out by typst, its diagrams' drawings left out:
/// compiled with a placeholder for each drawing, drawn in its place at the export.
pub fn compile(
    p: &Print,
    l: &LaidLanguage,
    doc: Typeset,
    fonts: &super::fonts::Fonts,
    mut stages: crate::timings::Stages,
) -> Result<Laid, BuildError> {
    let Typeset {
        main,
        markup,
        files,
        drawings,
    } = doc;
    let markup = with_extra_fonts(markup, fonts, &l.plan.lang);
    let today = date(p.epoch);
    let locale = locale(&l.plan.lang);
    let world = BookWorld::named(&main, markup, files, fonts.faces.clone(), today);
    let timing = super::passes::start();
    let compiled = typst::compile::<PagedDocument>(&world).output;
    let doc = compiled.map_err(|errs| {
        let first = errs.first().map(|e| world.describe(e)).unwrap_or_default();
        bug("typeset the PDF", first)
    })?;
    stages.mark("compile (layout)");
    let prefix = format!("pdf {}, ", l.plan.lang);
    super::passes::report(timing, &prefix);
    super::passes::memory(&format!("{prefix}laid out, "));
    // What typst memoized while laying out (two passes or more until the page references
    // settle) is of no use to the export nor to the next language: dropped now, it does
    // not add to the peak memory while this document is exported and the next laid out.
    drop(world);
    typst::comemo::evict(0);
    super::passes::memory(&format!("{prefix}memo dropped, "));
    Ok(Laid {
        doc,
        drawings,
        fonts: fonts.faces.clone(),
        locale,
        ident: format!("gobook:{}:{}", l.texts.id, l.plan.lang),
        today,
        vertical: l.plan.vertical,
        stages,
        prefix,
    })
}

impl Laid {
    /// The document as typst laid it out, placeholders in its drawings' places.
    pub fn doc(&self) -> &PagedDocument {
        &self.doc
    }

    /// The laid-out document as PDF bytes conforming to `standards`, its drawings in
    /// their places; why typst's checks refused it else.
    pub fn export_as(
        self,
        standards: &[typst_pdf::PdfStandard],
    ) -> Result<Result<Spilled, String>, BuildError> {
        let doc = super::diagrams::put_in_place(self.doc, &self.fonts, self.locale, &self.drawings);
        match export(&doc, &self.ident, self.today, standards) {
            Ok(bytes) => Ok(Ok(Spilled::of(&bytes).map_err(BuildError::Print)?)),
            Err(why) => Ok(Err(why)),
        }
    }

    /// The laid-out document as PDF bytes, its drawings in their
    /// places, and why it is not tagged for accessibility when typst's checks refused it.
    pub fn export(mut self) -> Result<(Spilled, Option<String>), BuildError> {
        let doc = super::diagrams::put_in_place(self.doc, &self.fonts, self.locale, &self.drawings);
        // In their places, the drawings need not be held while the PDF is written.
        self.drawings = Vec::new();
        self.stages.mark("drawings in place");
        let (mut bytes, untagged) = tagged_else_archival(&doc, &self.ident, self.today)
            .map_err(|e| bug("write the PDF", e))?;
        if self.vertical {
            super::vertical::read_right_to_left(&mut bytes);
        }
        self.stages.mark("export");
        let spilled = Spilled::of(&bytes).map_err(BuildError::Print)?;
        super::passes::memory(&format!("{}exported, ", self.prefix));
        Ok((spilled, untagged))
    }
}

/// A failure of gobook's own PDF writing (never of the book): what it could not do, why,
/// and what to do.
pub fn bug(what: &str, why: String) -> BuildError {
    BuildError::Print(format!(
        "gobook could not {what} ({why}); this is a bug in gobook, please report it with the book"
    ))
}

/// `markup` with the fonts for other characters, known only once the text's characters are:
/// a Chinese, Japanese or Korean edition is set in them, Latin letters too, as books in those
/// languages are; any other edition keeps its Latin text in the bundled face and takes only
/// what that lacks from them.
fn with_extra_fonts(markup: String, fonts: &super::fonts::Fonts, lang: &str) -> String {
    let extra = &fonts.extra_families;
    if extra.is_empty() {
        return markup;
    }
    let text_family = super::escape::string(fonts::TEXT_FAMILY);
    let families: String = extra
        .iter()
        .map(|f| format!("{}, ", super::escape::string(f)))
        .collect();
    if matches!(lang, "ja" | "ko" | "cn" | "tw") {
        let mut markup = markup.replacen(
            "#let gb-fonts = (",
            &format!("#let gb-fonts = ({families}"),
            1,
        );
        if !has_bold(fonts, &extra[0]) {
            // A CJK face is often of one weight (IPAex Mincho is): headings and strong
            // words are emboldened by a thin outline of their glyphs, as typesetters do,
            // rather than printed as regular text.
            let end = markup.find("#let gb-fonts = (").map_or(0, |at| {
                markup[at..].find('\n').map_or(markup.len(), |n| at + n + 1)
            });
            markup.insert_str(end, EMBOLDENED);
        }
        markup
    } else {
        markup.replacen(
            &format!("#let gb-fonts = ({text_family}, "),
            &format!("#let gb-fonts = ({text_family}, {families}"),
            1,
        )
    }
}

/// What emboldens headings and strong words in a face with no bold (`gb-embolden`: the
/// outline's width, which vertical text's headings take too).
const EMBOLDENED: &str = "#let gb-embolden = 0.03em\n#show heading: set text(stroke: gb-embolden + black)\n#show strong: set text(stroke: 0.025em + black)\n";

/// Whether family `family` among `fonts` has a bold face.
fn has_bold(fonts: &super::fonts::Fonts, family: &str) -> bool {
    fonts
        .faces
        .iter()
        .any(|f| f.info().family == family && f.info().variant.weight.to_number() >= 600)
}

/// The standards a PDF declares when typst's checks allow: archival (PDF/A-2a, which asks
/// for tags) and accessible (PDF/UA-1: tags, alternative texts, title, language).
pub const TAGGED: &[typst_pdf::PdfStandard] =
    &[typst_pdf::PdfStandard::A_2a, typst_pdf::PdfStandard::Ua_1];

/// `doc` as PDF bytes, tagged and accessible (PDF/A-2a with PDF/UA-1) as typst checks
/// them; should its checks refuse the book, the archival PDF/A-2b it still is, else a
/// plain PDF (`super::fallback`), with what it is and why (for the author, who can mend it).
fn tagged_else_archival(
    doc: &PagedDocument,
    ident: &str,
    today: Datetime,
) -> Result<(Vec<u8>, Option<String>), String> {
    match export(doc, ident, today, TAGGED) {
        Ok(bytes) => Ok((bytes, None)),
        Err(why) => super::fallback::archival_else_plain(|s| export(doc, ident, today, s), why)
            .map(|(bytes, said)| (bytes, Some(said))),
    }
}

/// `doc` as PDF bytes conforming to `standards`; the first error's message else.
fn export(
    doc: &PagedDocument,
    ident: &str,
    today: Datetime,
    standards: &[typst_pdf::PdfStandard],
) -> Result<Vec<u8>, String> {
    let options = typst_pdf::PdfOptions {
        ident: Smart::Custom(ident.to_string()),
        creator: Smart::Custom(Some("gobook".into())),
        timestamp: Some(typst_pdf::Timestamp::new_utc(today)),
        standards: typst_pdf::PdfStandards::new(standards).map_err(|e| format!("{e:?}"))?,
        ..Default::default()
    };
    typst_pdf::pdf(doc, &options).map_err(|errs| {
        errs.first()
            .map(|e| e.message.to_string())
            .unwrap_or_default()
    })
}

/// The date of `epoch` for typst.
fn date(epoch: u64) -> Datetime {
    let t =
        chrono::DateTime::from_timestamp(epoch.min(253_402_300_799) as i64, 0).unwrap_or_default();
    use chrono::{Datelike, Timelike};
    Datetime::from_ymd_hms(
        t.year(),
        t.month() as u8,
        t.day() as u8,
        t.hour() as u8,
        t.minute() as u8,
        t.second() as u8,
    )
    .unwrap_or_else(|| Datetime::from_ymd(1970, 1, 1).expect("a valid date"))
}

/// The front matter's words of language `l`.
pub fn front<'a>(p: &Print, l: &'a LaidLanguage) -> Front<'a> {
    let given = |t: &'a Option<String>| t.as_deref().filter(|t| !t.trim().is_empty());
    let texts = &l.texts;
    let lang = l.plan.lang.as_str();
    let (tlang, region) = typst_lang(lang);
    Front {
        title: given(&texts.title).unwrap_or(&texts.id),
        subtitle: given(&texts.subtitle),
        author: given(&texts.author),
        publisher: given(&texts.publisher),
        copyright: given(&texts.copyright),
        lang: tlang,
        region,
        contents: Some(i18n::ui(UiWord::Contents, lang))
            .filter(|w| !w.is_empty())
            .unwrap_or("Contents"),
        page_word: i18n::ui(UiWord::PageAbbrev, lang),
        extra_font: None,
        year: chrono::DateTime::from_timestamp(p.epoch.min(253_402_300_799) as i64, 0)
            .map_or(1970, |t| chrono::Datelike::year(&t)),
        chapters: printed_chapters(l)
            .map(|pg| {
                (
                    pg.frame.title.as_str(),
                    pg.frame.short_title.as_str(),
                    super::rich::key(pg.index, ""),
                )
            })
            .chain(book_solutions(p, l).then(|| {
                let word = solutions::word(lang);
                (word, word, solutions::KEY.to_string())
            }))
            .collect(),
        contents_key: own_contents(l).map(|pg| super::rich::key(pg.index, "")),
    }
}

/// The book's own contents chapter (`::chapter(#contents)`, a screen's list of links), which
/// print leaves out: the printed contents, with every chapter's page, takes its place and
/// its label, so that one contents section prints and a link to it leads there.
fn own_contents(l: &LaidLanguage) -> Option<&LaidPage> {
    let at = l.plan.contents?;
    l.pages
        .iter()
        .find(|pg| pg.index == at && pg.chapter.is_some())
}

/// The chapters print sets, in order: every chapter but the book's own contents.
pub fn printed_chapters(l: &LaidLanguage) -> impl Iterator<Item = &LaidPage> {
    let own = own_contents(l).map(|pg| pg.index);
    l.pages
        .iter()
        .filter(move |pg| pg.chapter.is_some() && Some(pg.index) != own)
}

/// Whether the book's answers print after its chapters as a chapter of their own
/// (`pdf_solutions = "book"`, and a problem with answers).
fn book_solutions(p: &Print, l: &LaidLanguage) -> bool {
    p.settings.solutions == SolutionsAt::Book
        && printed_chapters(l).any(|pg| !solutions::problems(pg.index, &pg.blocks).is_empty())
}

/// The typst source of language `l` typeset whole (its chapters in one `part`), the
/// files it names, and the drawings their placeholders stand for.
fn whole(
    p: &Print,
    l: &LaidLanguage,
    part: PartSource,
) -> (String, Vec<(String, Bytes)>, Vec<Drawing>) {
    let mut out = frame::preamble(&front(p, l), p.settings);
    if l.plan.vertical {
        // A vertical book is bound on the right: its inner margin is on the right of odd pages.
        let s = p.settings;
        out.push_str("#set page(binding: right, header: gb-head(flip: true))\n");
        out.push_str(&super::vertical::preamble(s.text_width(), s.text_height()));
    }
    part.markup(Some("front"), &mut out);
    (out, part.files, part.drawings)
}

/// Chapters typeset together, in one typst document.
#[derive(Default)]
pub struct PartSource {
    /// The index of its first chapter among the language's.
    pub first: usize,
    /// Each chapter's key and its markup after its opening.
    pub chapters: Vec<(String, String)>,
    /// What follows its last chapter: the book's solutions, in the last part.
    pub tail: String,
    /// The diagrams' placeholders and the images its markup names, by virtual path.
    pub files: Vec<(String, Bytes)>,
    /// The diagrams' drawings, by the number their placeholder holds.
    pub drawings: Vec<Drawing>,
}

impl PartSource {
    /// Its chapters, each after its opening, and what follows them, appended to `out`:
    /// `before` is the key of the chapter before its first (or "front"), whose end its
    /// first chapter marks; none for a part after the first, the part before marks it.
    pub fn markup(&self, before: Option<&str>, out: &mut String) {
        let mut last = before;
        for (key, body) in &self.chapters {
            out.push_str(&opening(last, key));
            out.push_str(body);
            last = Some(key);
        }
        out.push_str(&self.tail);
    }
}

/// The markup that opens the chapter of label `key`: the end of the chapter before (`last`,
/// or "front"), or none for a part's first chapter, whose last chapter's end is marked in
/// the part before; a new (right-hand) page; the count of chapters stepped.
pub fn opening(last: Option<&str>, key: &str) -> String {
    let open = match last {
        Some(last) => format!("#gb-chapter({})", super::escape::string(last)),
        None => "#gb-chapter-open()".to_string(),
    };
    let key = super::escape::string(key);
    format!("\n{open}\n#metadata(none)#label({key})#gb-chapter-count.step()\n\n")
}

/// The chapters of language `l` (and the book's solutions) as typst markup, made one part
/// at a time as each is typeset, a part closed after the chapter that takes it past
/// `part_bytes`: every part's markup and drawings held at once were an eighth of a 5 MB
/// book's print memory. A part typeset again is made again, the same: where each part
/// starts is all that is kept of the parts made.
pub struct Parts<'a> {
    c: Chapters<'a>,
    pages: Vec<&'a LaidPage>,
    part_bytes: usize,
    solutions: SolutionsAt,
    /// Where each part known so far starts: its first chapter (among the language's).
    starts: Vec<usize>,
    /// How many parts there are, once the last was made.
    count: Option<usize>,
}

impl<'a> Parts<'a> {
    /// The parts of language `l`, none made yet.
    pub fn new(
        p: &'a Print,
        l: &'a LaidLanguage,
        part_bytes: usize,
        images: super::blocks::ImageLookup<'a>,
    ) -> Parts<'a> {
        Parts {
            c: Chapters {
                book: p.input.book.book(),
                plan: &l.plan,
                lang: l.plan.lang.as_str(),
                settings: p.settings,
                images,
                files: Vec::new(),
                drawings: Vec::new(),
                column: None,
            },
            pages: printed_chapters(l).collect(),
            part_bytes,
            solutions: p.settings.solutions,
            starts: vec![0],
            count: None,
        }
    }

    /// The first chapter of part `k`, when that part is known: made, or the next after
    /// those made; none past the last.
    pub fn first(&self, k: usize) -> Option<usize> {
        if self.count.is_some_and(|n| k >= n) {
            return None;
        }
        self.starts.get(k).copied()
    }

    /// Whether the book is one part: its first made is its last.
    pub fn whole(&self) -> bool {
        self.count == Some(1)
    }

    /// Part `k` made, when [`Parts::first`] knows it.
    pub fn part(&mut self, k: usize) -> Option<PartSource> {
        let first = self.first(k)?;
        let mut part = PartSource {
            first,
            ..Default::default()
        };
        // The bytes of the part's markup so far.
        let mut size = 0;
        let mut i = first;
        while i < self.pages.len() && (i == first || size <= self.part_bytes) {
            let page = self.pages[i];
            let c = &mut self.c;
            let mut body = if c.plan.vertical {
                c.vertical_blocks(page.index, &page.blocks)
            } else {
                c.blocks(page.index, &page.blocks)
            };
            if self.solutions == SolutionsAt::Chapter {
                let problems = solutions::problems(page.index, &page.blocks);
                // A section of the chapter: a level below its first heading.
                let level = solutions::first_heading_level(&page.blocks).unwrap_or(1) + 1;
                body.push_str(&solutions::section(c, &problems, 3, level));
            }
            size += body.len();
            part.chapters.push((super::rich::key(page.index, ""), body));
            i += 1;
        }
        if i == self.pages.len() {
            // The last part: the book's solutions follow its chapters.
            self.count = Some(k + 1);
            if self.solutions == SolutionsAt::Book {
                let problems: Vec<_> = self
                    .pages
                    .iter()
                    .flat_map(|pg| solutions::problems(pg.index, &pg.blocks))
                    .collect();
                if !problems.is_empty() {
                    // A chapter of its own (in the contents, under its own running head),
                    // its heading at the level of the last chapter's first.
                    let level = self
                        .pages
                        .last()
                        .and_then(|pg| solutions::first_heading_level(&pg.blocks))
                        .unwrap_or(2);
                    let body = solutions::section(&mut self.c, &problems, 2, level);
                    part.chapters.push((solutions::KEY.to_string(), body));
                }
            }
        } else if self.starts.len() == k + 1 {
            self.starts.push(i);
        }
        part.files = std::mem::take(&mut self.c.files);
        part.drawings = std::mem::take(&mut self.c.drawings);
        Some(part)
    }
}

/// A local image of the book, by the path it names it with, when typst can print it (the
/// build has checked the book's images as `gobook check` does).
fn local_image(book_dir: &Path, url: &str) -> Option<(Vec<u8>, &'static str)> {
    if crate::format::values::is_external(url) {
        return None;
    }
    let url = url.trim_start_matches("./");
    let rel = crate::project::confine::confine(
        book_dir,
        url,
        "image",
        crate::project::confine::Kind::File,
    )
    .ok()?;
    let ext = match ImageKind::of_name(url)? {
        ImageKind::Png => "png",
        ImageKind::Jpeg => "jpg",
        ImageKind::Gif => "gif",
        ImageKind::Svg => "svg",
        ImageKind::Webp => "webp",
    };
    let bytes = crate::project::read::read(&book_dir.join(rel)).ok()?;
    Some((bytes, ext))
}

/// The language and region of `lang` for typst's text items.
pub fn locale(lang: &str) -> Locale {
    let (lang, region) = typst_lang(lang);
    Locale {
        lang: lang.parse().unwrap_or(typst::text::Lang::ENGLISH),
        region: region.and_then(|r| r.parse().ok()),
    }
}

/// The language and region typst hyphenates and shapes `lang` by.
fn typst_lang(lang: &str) -> (&'static str, Option<&'static str>) {
    match lang {
        "cn" => ("zh", Some("CN")),
        "tw" => ("zh", Some("TW")),
        "po" => ("pl", None),
        other => (
            i18n::LANGUAGES
                .iter()
                .find(|l| **l == other)
                .copied()
                .unwrap_or("en"),
            None,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `markup` laid out by typst in the bundled fonts.
    fn laid_out(markup: &str) -> PagedDocument {
        let today = Datetime::from_ymd(2024, 5, 6).unwrap();
        let world = BookWorld::named(
            "/book.typ",
            markup.to_string(),
            Vec::new(),
            super::super::fonts::bundled(),
            today,
        );
        typst::compile::<PagedDocument>(&world).output.unwrap()
    }

    #[test]
    fn a_document_typsts_checks_refuse_is_archival_and_says_why() {
        let today = Datetime::from_ymd(2024, 5, 6).unwrap();
        let head =
            "#set document(title: [T])\n#set text(lang: \"en\", font: \"Libertinus Serif\")\n";
        let (_, why) =
            tagged_else_archival(&laid_out(&format!("{head}= One\n\nText.")), "t", today).unwrap();
        assert_eq!(why, None);
        // A heading two levels below the one before it: PDF/UA-1 refuses it.
        let (bytes, why) =
            tagged_else_archival(&laid_out(&format!("{head}= One\n\n=== Three")), "t", today)
                .unwrap();
        let why = why.expect("typst's checks let a skipped heading level through");
        assert!(why.contains("heading"), "{why}");
        let pdf = String::from_utf8_lossy(&bytes);
        assert!(
            pdf.contains("<pdfaid:conformance>B</pdfaid:conformance>"),
            "not PDF/A-2b"
        );
        assert!(!pdf.contains("pdfuaid:part"), "claims PDF/UA");
    }
}
