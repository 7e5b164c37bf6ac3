//! `gobook build --pdf`: one PDF per book language, `ID-LANG.pdf`, typeset by typst from
//! the page model the site and the e-book write, each file written through a temporary
//! name so a failed build leaves the previous PDF as it was.

use super::blocks::Chapters;
use super::fonts;
use super::frame::{self, Front};
use super::settings::{Settings, SolutionsAt};
use super::solutions;
use super::world::BookWorld;
use crate::check::Checked;
use crate::layout::page::{self, Source};
use crate::layout::plan;
use crate::project::build::{checked_book, BuildError, Options, DEFAULT_OUT_DIR};
use crate::project::config;
use crate::project::error::{io, ProjectError};
use crate::project::images::ImageKind;
use crate::project::output;
use crate::resolve::text;
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use typst::foundations::{Datetime, Smart};
use typst_layout::PagedDocument;

/// What a finished PDF build did.
#[derive(Debug)]
pub struct Summary {
    /// The PDF files written, one per language.
    pub files: Vec<PathBuf>,
    /// Time taken.
    pub elapsed: Duration,
    /// Where the PDFs of those names went that gobook had not written (`--force`).
    pub put_aside: Vec<crate::project::aside::Aside>,
}

/// What the PDF of one language is made from: the writer's whole input.
pub struct Input<'a> {
    /// The book text.
    pub text: &'a str,
    /// The checked book.
    pub checked: &'a Checked,
    /// The book's folder (images, a font file named in `gobook.toml`).
    pub book_dir: &'a Path,
    /// The print settings.
    pub settings: &'a Settings,
    /// Seconds since 1970 of the book's date (`SOURCE_DATE_EPOCH`, else the book file's).
    pub epoch: u64,
}

/// Builds one PDF per language of the book into the output folder. A PDF of that name in a
/// folder gobook did not write is replaced only with `force`.
pub fn build(opts: &Options, force: bool) -> Result<Summary, BuildError> {
    let start = Instant::now();
    let book_dir = output::folder_of(opts.book);
    let config = config::load(&book_dir)?;
    let mut owned = None;
    let checked = checked_book(opts, &mut Default::default(), &mut owned)?;
    let out_dir = output::out_dir(
        opts.out_dir,
        config.out_dir.as_deref(),
        DEFAULT_OUT_DIR,
        opts.book,
    )?;
    let settings = Settings::from_config(&config);
    let input = Input {
        text: opts.text,
        checked,
        book_dir: &book_dir,
        settings: &settings,
        epoch: epoch(opts.book),
    };
    let book = &checked.resolved.book;
    // One language per core, as the e-books are made.
    let pdfs: Vec<(PathBuf, Vec<u8>)> = book
        .languages
        .par_iter()
        .map(|lang| Ok((out_dir.join(file_name(&book.id, lang)), pdf(&input, lang)?)))
        .collect::<Result<_, BuildError>>()?;
    // typst keeps what it computed for a next compilation; a build makes no other.
    typst::comemo::evict(0);
    (opts.progress)(&format!(
        "{} PDF{}",
        pdfs.len(),
        if pdfs.len() == 1 { "" } else { "s" }
    ));
    write_all(&out_dir, pdfs, force, start)
}

/// Writes `pdfs` into `out_dir` as the e-books are written: a new folder gets gobook's
/// marker, and a file in a folder gobook did not write is replaced only with `force`.
fn write_all(
    out_dir: &Path,
    pdfs: Vec<(PathBuf, Vec<u8>)>,
    force: bool,
    start: Instant,
) -> Result<Summary, BuildError> {
    if !out_dir.exists() {
        std::fs::create_dir_all(out_dir).map_err(io("create", out_dir))?;
        output::write_marker(out_dir)?;
    }
    let foreign = !output::is_owned(out_dir);
    if !force && foreign {
        if let Some((path, _)) = pdfs.iter().find(|(p, _)| p.exists()) {
            return Err(ProjectError::Output(format!(
                "{} exists in a folder gobook did not write; choose another folder with -o, move the file, or pass --force to replace it",
                path.display()
            ))
            .into());
        }
    }
    let mut files = Vec::new();
    let mut put_aside = Vec::new();
    for (path, bytes) in pdfs {
        output::remove_stale(&path);
        if foreign && std::fs::symlink_metadata(&path).is_ok() {
            put_aside.push(crate::project::aside::put_aside(&path)?);
        }
        output::write_atomically(&path, &bytes)?;
        files.push(path);
    }
    Ok(Summary {
        files,
        elapsed: start.elapsed(),
        put_aside,
    })
}

/// `ID-LANG.pdf`, with every character a file name should not hold replaced.
pub fn file_name(id: &str, lang: &str) -> String {
    let clean: String = id
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '-'
            }
        })
        .collect();
    let clean = clean.trim_matches('.');
    format!(
        "{}-{lang}.pdf",
        if clean.is_empty() { "book" } else { clean }
    )
}

/// The book's date: `SOURCE_DATE_EPOCH` for reproducible builds, else the book file's.
pub fn epoch(book: &Path) -> u64 {
    std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.trim().parse::<u64>().ok())
        .or_else(|| {
            std::fs::metadata(book)
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map(|d| d.as_secs())
        })
        .unwrap_or(0)
}

/// The PDF of the book in `lang`: the writer's one entry, over the laid-out book.
pub fn pdf(input: &Input, lang: &str) -> Result<Vec<u8>, BuildError> {
    let (markup, files) = typeset_source(input, lang);
    let named = input.settings.cjk_font.as_deref();
    let fonts = fonts::for_text(&markup, named, input.book_dir).map_err(BuildError::Print)?;
    let front_font = fonts.extra_family.clone();
    // The font for other characters is known only now: the frame names it first after the text's.
    let markup = match &front_font {
        Some(f) => markup.replacen(
            "#let gb-fonts = (",
            &format!("#let gb-fonts = ({}, ", super::escape::string(f)),
            1,
        ),
        None => markup,
    };
    let today = date(input.epoch);
    let world = BookWorld::new(markup, files, fonts.faces, today);
    let doc: PagedDocument = typst::compile(&world).output.map_err(|errs| {
        let first = errs.first().map(|e| world.describe(e)).unwrap_or_default();
        BuildError::Print(format!("gobook could not typeset the PDF ({first}); this is a bug in gobook, please report it with the book"))
    })?;
    let book = &input.checked.resolved.book;
    let options = typst_pdf::PdfOptions {
        ident: Smart::Custom(format!("gobook:{}:{lang}", book.id)),
        creator: Smart::Custom(Some("gobook".into())),
        timestamp: Some(typst_pdf::Timestamp::new_utc(today)),
        standards: typst_pdf::PdfStandards::new(&[typst_pdf::PdfStandard::A_2b])
            .map_err(|e| BuildError::Print(format!("{e:?}")))?,
        ..Default::default()
    };
    let bytes = typst_pdf::pdf(&doc, &options).map_err(|errs| {
        let first = errs.first().map(|e| e.message.to_string()).unwrap_or_default();
        BuildError::Print(format!("gobook could not write the PDF ({first}); this is a bug in gobook, please report it with the book"))
    })?;
    Ok(bytes)
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

/// The typst source of the book in `lang` and the files it names.
fn typeset_source(input: &Input, lang: &str) -> (String, Vec<(String, typst::foundations::Bytes)>) {
    let checked = input.checked;
    let book = &checked.resolved.book;
    let plan = plan::plan(book, lang);
    let source = Source {
        src: input.text,
        checked,
        lang,
    };
    let info = |key: &str| {
        book.info(key, lang)
            .map(|t| text::resolve_plain(book, t, lang))
            .filter(|t| !t.trim().is_empty())
    };
    let title = info("title").unwrap_or_else(|| book.id.clone());
    let (subtitle, author, publisher, copyright) = (
        info("subtitle"),
        info("author"),
        info("publisher"),
        info("copyright"),
    );
    let (tlang, region) = typst_lang(lang);
    let front = Front {
        title: &title,
        subtitle: subtitle.as_deref(),
        author: author.as_deref(),
        publisher: publisher.as_deref(),
        copyright: copyright.as_deref(),
        lang: tlang,
        region,
        contents: crate::i18n::ui("contents", lang)
            .filter(|w| !w.is_empty())
            .unwrap_or("Contents"),
        page_word: super::words::page_word(lang),
        extra_font: None,
        year: chrono::DateTime::from_timestamp(input.epoch.min(253_402_300_799) as i64, 0)
            .map_or(1970, |t| chrono::Datelike::year(&t)),
    };
    let mut out = frame::preamble(&front, input.settings);
    let book_dir = input.book_dir;
    let images = |url: &str| local_image(book_dir, url);
    let mut c = Chapters {
        book,
        plan: &plan,
        lang,
        settings: input.settings,
        images: &images,
        files: Vec::new(),
    };
    let mut all_problems = Vec::new();
    for (pi, p) in plan.pages.iter().enumerate() {
        let Some(ch) = p.chapter else { continue };
        let blocks = page::chapter(&source, ch);
        let title = page::chapter_title(&source, ch);
        out.push_str(&format!(
            "\n#gb-chapter({})\n#metadata(none)#label({})\n\n",
            super::escape::string(&title),
            super::escape::string(&super::rich::key(pi, ""))
        ));
        out.push_str(&c.blocks(pi, &blocks));
        let problems = solutions::problems(pi, &blocks);
        match input.settings.solutions {
            SolutionsAt::Chapter => out.push_str(&solutions::section(&mut c, &problems)),
            SolutionsAt::Book => all_problems.extend(problems),
        }
    }
    if !all_problems.is_empty() {
        out.push_str("#pagebreak(weak: true)\n");
        out.push_str(&solutions::section(&mut c, &all_problems));
    }
    (out, c.files)
}

/// A local image of the book, by the path it names it with, when typst can print it.
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

/// The language and region typst hyphenates and shapes `lang` by.
fn typst_lang(lang: &str) -> (&'static str, Option<&'static str>) {
    match lang {
        "cn" => ("zh", Some("CN")),
        "tw" => ("zh", Some("TW")),
        "po" => ("pl", None),
        other => (
            crate::i18n::LANGUAGES
                .iter()
                .find(|l| **l == other)
                .copied()
                .unwrap_or("en"),
            None,
        ),
    }
}
