//! The e-book writer: one EPUB per book language from the laid-out book. Renders
//! chapters and diagrams, adds cover, navigation, package and style sheet, packs, and
//! writes each file through a temporary name so a failed build leaves the previous
//! e-book as it was.

use super::cover::{self, CoverText};
use super::nav::{self, Entry, Nav};
use super::ocf::{self, Content};
use super::package::{self, Item, Metadata};
use super::{names, solutions, xhtml};
use crate::format::schema::ElementKind;
use crate::format::values::is_external;
use crate::i18n::{html_lang, ui, UiWord};
use crate::layout::book::{BookTexts, LaidLanguage, LaidPage};
use crate::layout::diagram::board_diagram;
use crate::layout::links::LinkContext;
use crate::layout::plan::{self, Plan};
use crate::layout::writer::{self, Input, Writer};
use crate::markup::blocks::{self as markup_blocks, interface_words, Writer as MarkupWriter};
use crate::markup::includes::render_includes;
use crate::markup::Dialect;
use crate::project::build::{local_images, BuildError, Options, Product};
use crate::project::confine::{confine, Kind};
use crate::project::error::io;
use crate::project::{date, editions, script, theme};
use crate::render::svg::render_inline;
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The e-book additions to the theme's style sheet.
const EPUB_CSS: &str = include_str!("epub.css");

/// The style sheet's addition for an edition written vertically (`vertical_ja`).
const VERTICAL_CSS: &str = include_str!("vertical.css");

/// The script's file in the package folder, and its path from a chapter.
pub(super) const SCRIPT: &str = "gobook.js";
const SCRIPT_FROM_TEXT: &str = "../gobook.js";

/// Folder of the chapters inside the package folder: keeps their names (taken from
/// chapter IDs) apart from the files gobook adds (`nav.xhtml`, `cover.xhtml`, ...).
pub(super) const TEXT_DIR: &str = "text";

/// What a finished EPUB build did.
#[derive(Debug)]
pub struct Summary {
    /// The EPUB files written, one per language.
    pub files: Vec<PathBuf>,
    /// Time taken.
    pub elapsed: Duration,
    /// Where the e-books of those names went that gobook had not written (`--force`).
    pub put_aside: Vec<crate::project::aside::Aside>,
}

/// An image of the book, packed with each e-book.
struct Picture {
    /// Its path as the book names it (`/` between folders).
    source: String,
    /// Its path inside the e-book (see [`names::package_name`]).
    name: String,
    bytes: Vec<u8>,
}

/// What every language's e-book shares.
struct Shared<'a> {
    input: &'a Input<'a>,
    name: &'a str,
    css: &'a str,
    js: &'a str,
    images: &'a [Picture],
    /// Images stored under another name than the book's (see [`names::package_name`]).
    renamed: &'a [(String, String)],
    modified: String,
    revision: String,
}

/// Builds one EPUB per language of the book into the output folder. An e-book of that name in
/// a folder gobook did not write is replaced only with `force`.
pub fn build(opts: &Options, force: bool) -> Result<Summary, BuildError> {
    writer::run(&mut EpubBuild { force }, opts, &mut Default::default())
}

/// The e-books written to disk.
struct EpubBuild {
    force: bool,
}

impl Writer for EpubBuild {
    type Output = Summary;

    fn write(&mut self, input: &Input) -> Result<Summary, BuildError> {
        let start = Instant::now();
        let (opts, config) = (input.opts, input.config);
        let name = opts.book.display().to_string();
        let out_dir = input.out_dir()?;
        let checked = input.book.checked;
        let book = input.book.book();
        let chosen_theme = theme::theme(config.theme.as_deref(), input.book_dir)?;
        let mut css = theme::stylesheet(&chosen_theme, &config.extra_css, input.book_dir)?;
        let js = script::script(&chosen_theme)?;
        css.push('\n');
        css.push_str(EPUB_CSS);
        let images = pictures(input, &name)?;
        let renamed: Vec<(String, String)> = images
            .iter()
            .filter(|p| p.source != p.name)
            .map(|p| (p.source.clone(), p.name.clone()))
            .collect();
        let book_el = checked
            .doc
            .elements
            .iter()
            .find(|e| e.kind == ElementKind::Book);
        let revision = book_el
            .and_then(|e| e.attr_value("revision"))
            .unwrap_or("0")
            .to_string();
        let shared = Shared {
            input,
            name: &name,
            css: &css,
            js: &js,
            images: &images,
            renamed: &renamed,
            modified: modified(opts.book),
            revision,
        };
        let epubs: Vec<(PathBuf, Vec<u8>)> = input
            .book
            .languages
            .par_iter()
            .map(|l| {
                Ok((
                    out_dir.join(file_name(&book.id, &l.plan.lang)),
                    language(&shared, l)?,
                ))
            })
            .collect::<Result<_, BuildError>>()?;
        (opts.progress)(&editions::counted(epubs.len(), "e-book"));
        let epubs = epubs.into_iter().map(|(p, b)| (p, std::io::Cursor::new(b)));
        let (files, put_aside) = editions::write(&out_dir, epubs.collect(), self.force)?;
        Ok(Summary {
            files,
            elapsed: start.elapsed(),
            put_aside,
        })
    }
}

/// The book's local images, checked as `gobook check` does, read, and named inside the
/// e-book.
fn pictures(input: &Input, name: &str) -> Result<Vec<Picture>, BuildError> {
    let book = input.book.book();
    let own = names::own_files(book);
    let product = Product {
        files: &own,
        name: "the e-book",
    };
    let found = local_images(
        input.book.checked,
        name,
        input.opts.text,
        input.book_dir,
        true,
        &product,
    )?;
    let sources: Vec<String> = found
        .images
        .iter()
        .map(|rel| rel.to_string_lossy().replace('\\', "/"))
        .collect();
    let mut images: Vec<Picture> = Vec::new();
    for source in &sources {
        let bytes = crate::project::read::read(&input.book_dir.join(source))
            .map_err(io("read", &input.book_dir.join(source)))?;
        let name = names::package_name(source, &|n| {
            sources.iter().any(|s| s == n) || images.iter().any(|p| p.name == n)
        });
        images.push(Picture {
            source: source.clone(),
            name,
            bytes,
        });
    }
    Ok(images)
}

/// `ID-LANG.epub`, with every character a file name should not hold replaced.
pub fn file_name(id: &str, lang: &str) -> String {
    editions::file_name(id, lang, "epub")
}

/// The modification date, the book's one date (`project::date`), as the package writes it.
fn modified(book: &Path) -> String {
    package::utc_timestamp(date::book_date(book))
}

/// The site's page plan with e-book file names: chapters as `.xhtml`, the generated
/// contents page as the navigation document.
pub(super) fn plan(book: &crate::resolve::model::Book, lang: &str) -> Plan {
    renamed_plan(plan::plan(book, lang))
}

/// `plan` with e-book file names (see [`plan`]).
fn renamed_plan(mut plan: Plan) -> Plan {
    for p in &mut plan.pages {
        p.file = match p.chapter {
            Some(_) => format!("{}.xhtml", p.file.strip_suffix(".html").unwrap_or(&p.file)),
            None => "../nav.xhtml".to_string(),
        };
    }
    plan
}

/// An e-book's contents as they are gathered: the package's items, the files, the reading
/// order (indices into `items`) and the chapters, deflated as they are made.
#[derive(Default)]
struct Pack {
    items: Vec<Item>,
    files: Vec<(String, Content)>,
    spine: Vec<usize>,
    deflated: ocf::Deflated,
}

impl Pack {
    /// Adds a file that is not in the reading order, with its item.
    fn add(&mut self, id: &str, href: &str, media_type: &'static str, bytes: Vec<u8>) {
        self.files.push((href.to_string(), Content::Bytes(bytes)));
        self.items.push(Item {
            id: id.into(),
            href: href.into(),
            media_type,
            properties: vec![],
            spine: None,
        });
    }
}

/// A text of the book, unless it is missing or blank.
fn given(t: &Option<String>) -> Option<String> {
    t.clone().filter(|t| !t.trim().is_empty())
}

/// The EPUB of one language, as bytes.
fn language(s: &Shared, l: &LaidLanguage) -> Result<Vec<u8>, BuildError> {
    let input = s.input;
    let lang = l.plan.lang.as_str();
    let book = input.book.book();
    let plan = renamed_plan(l.plan.clone());
    let tag = html_lang(lang);
    let includes = render_includes(
        input.book.checked,
        input.book_dir,
        std::slice::from_ref(&plan),
        Dialect::Xhtml,
        input.config.buy_url.as_deref(),
    )
    // Missing includes are reported in the book itself.
    .map_err(|e| e.in_book(s.name, input.opts.text))?;
    let texts = &l.texts;
    let title = given(&texts.title).unwrap_or_else(|| book.id.clone());
    let mut pack = Pack::default();
    let cover_image = cover(s, lang, &title, texts, &mut pack)?;
    pack.files.push((
        "cover.xhtml".into(),
        Content::Bytes(cover::page(tag, &title, &cover_image).into_bytes()),
    ));
    pack.spine.push(pack.items.len());
    pack.items.push(Item {
        id: "cover".into(),
        href: "cover.xhtml".into(),
        media_type: "application/xhtml+xml",
        properties: vec![],
        spine: Some(true),
    });
    let nav_index = pack.items.len();
    pack.items.push(Item {
        id: "nav".into(),
        href: "nav.xhtml".into(),
        media_type: "application/xhtml+xml",
        properties: vec!["nav"],
        spine: None,
    });
    let mut css = s.css.to_string();
    if plan.vertical {
        css.push('\n');
        css.push_str(VERTICAL_CSS);
    }
    pack.add("css", "style.css", "text/css", css.into_bytes());
    let chapters = Chapters {
        s,
        language: l,
        plan: &plan,
        title: &title,
        includes: includes.first(),
        ranges: book.chapter_diagrams(),
    };
    let entries = chapters.write(nav_index, &mut pack)?;
    pack.files.push((
        "nav.xhtml".into(),
        Content::Bytes(navigation(&plan, lang, &entries).into_bytes()),
    ));
    add_images(s, &cover_image, &mut pack)?;
    let meta = Metadata {
        identifier: format!("urn:gobook:{}:{lang}:r{}", book.id, s.revision),
        title,
        subtitle: given(&texts.subtitle),
        author: given(&texts.author),
        publisher: given(&texts.publisher),
        rights: given(&texts.copyright),
        language: tag.to_string(),
        modified: s.modified.clone(),
        rtl: plan.vertical,
    };
    let opf = package::opf(&meta, &pack.items, &pack.spine);
    let mut packed: Vec<(String, Content)> = vec![(
        ocf::PACKAGE_PATH.to_string(),
        Content::Bytes(opf.into_bytes()),
    )];
    packed.extend(
        pack.files
            .into_iter()
            .map(|(p, b)| (format!("OEBPS/{p}"), b)),
    );
    ocf::pack(&packed, pack.deflated).map_err(|e| BuildError::Container(e.into()))
}

/// The cover: the book's own local image (named, or the spec's default `ID_cover.jpg`)
/// when the file is there, else drawn from the title (`check` warns about a named one).
/// Its name in the package.
fn cover(
    s: &Shared,
    lang: &str,
    title: &str,
    texts: &BookTexts,
    pack: &mut Pack,
) -> Result<String, BuildError> {
    let book_dir = s.input.book_dir;
    let book = s.input.book.book();
    let cover_src = Some(book.cover(lang))
        .filter(|c| !is_external(c))
        .map(|c| c.trim_start_matches("./").to_string())
        .filter(|c| confine(book_dir, c, "cover image", Kind::File).is_ok());
    let Some(c) = cover_src else {
        let svg = cover::svg(&CoverText {
            title,
            subtitle: given(&texts.subtitle).as_deref(),
            author: given(&texts.author).as_deref(),
        });
        pack.add(
            "cover-image",
            "gobook-cover.svg",
            "image/svg+xml",
            svg.into_bytes(),
        );
        pack.items.last_mut().expect("just added").properties = vec!["cover-image"];
        return Ok("gobook-cover.svg".to_string());
    };
    let media = package::media_type(&c).ok_or_else(|| BuildError::UnsupportedImage {
        image: c.clone(),
        what: "cover",
    })?;
    if let Some(p) = s.images.iter().find(|p| p.source == c) {
        return Ok(p.name.clone());
    }
    // Checked with the images already; confined again here, where it is read.
    let rel = confine(book_dir, &c, "cover image", Kind::File)?;
    let bytes =
        crate::project::read::read(&book_dir.join(rel)).map_err(io("read", &book_dir.join(&c)))?;
    let name = names::package_name(&c, &|n| s.images.iter().any(|p| p.name == n));
    pack.add("cover-image", &name, media, bytes);
    pack.items.last_mut().expect("just added").properties = vec!["cover-image"];
    Ok(name)
}

/// The chapters of one language's e-book.
struct Chapters<'a> {
    s: &'a Shared<'a>,
    language: &'a LaidLanguage,
    /// The plan with e-book file names.
    plan: &'a Plan,
    /// The book's title in this language.
    title: &'a str,
    includes: Option<&'a std::collections::HashMap<String, maud::Markup>>,
    /// The diagrams of each chapter (a contiguous run), drawn when its page is made.
    ranges: Vec<std::ops::Range<usize>>,
}

impl Chapters<'_> {
    /// Adds every chapter page in reading order (the generated contents page is the
    /// navigation document, item `nav_index`), and the script when a page needs it; the
    /// entries of the navigation document.
    fn write(&self, nav_index: usize, pack: &mut Pack) -> Result<Vec<Entry>, BuildError> {
        let mut entries = Vec::new();
        let mut any_scripted = false;
        for page in &self.language.pages {
            if page.chapter.is_none() {
                pack.spine.push(nav_index);
                pack.items[nav_index].spine = Some(true);
                continue;
            }
            let (entry, scripted) = self.chapter(page, pack)?;
            entries.push(entry);
            any_scripted |= scripted;
        }
        if any_scripted {
            // EPUB 3.3 lists `application/javascript` among the core media types (3.0 used `text/javascript`).
            pack.add(
                "js",
                SCRIPT,
                "application/javascript",
                self.s.js.as_bytes().to_vec(),
            );
        }
        Ok(entries)
    }

    /// Adds the XHTML document of one chapter page: its navigation entry, and whether it
    /// is scripted.
    fn chapter(&self, page: &LaidPage, pack: &mut Pack) -> Result<(Entry, bool), BuildError> {
        let book = self.s.input.book.book();
        let lang = page.lang.as_str();
        let pi = page.index;
        let cx = LinkContext {
            plan: self.plan,
            all: std::slice::from_ref(self.plan),
            chapter: page.chapter,
            multi: false,
            inline_anchor: &crate::layout::links::inline_anchor,
            root: "../",
            renamed: self.s.renamed,
        };
        let range = page
            .chapter
            .map(|c| self.ranges[c].clone())
            .unwrap_or_default();
        let svgs: Vec<std::sync::Arc<str>> = book.diagrams[range.clone()]
            .par_iter()
            .zip(range.clone())
            .map(|(d, i)| render_inline(&board_diagram(book, d, lang), &format!("d{i}")).into())
            .collect();
        let w = MarkupWriter {
            book,
            links: &cx,
            dialect: Dialect::Xhtml,
            svgs: &svgs,
            svgs_from: range.start,
            includes: self.includes,
            buy_url: self.s.input.config.buy_url.as_deref(),
        };
        let chapter = markup_blocks::blocks(&w, &page.blocks);
        // Interactive diagrams get the site's script and its words; reading systems
        // without scripting show the static diagram and the solutions as they are.
        let words = interface_words(&chapter, lang).into_string();
        let scripted = !words.is_empty();
        let mut body = chapter.into_string();
        body.push_str(&solutions::chapter_solutions(book, &page.blocks, lang).into_string());
        let page_title = if pi == 0 {
            self.title.to_string()
        } else {
            page.frame.title.clone()
        };
        let kind = if pi == 0 { "titlepage" } else { "chapter" };
        let role = if pi == 0 { "" } else { " role=\"doc-chapter\"" };
        let body = format!("<main class=\"gb-main\">\n<section epub:type=\"{kind}\"{role}>\n{body}\n</section>\n</main>{words}");
        let doc = xhtml::document(
            &xhtml::Frame {
                lang: html_lang(lang),
                title: &page_title,
                css: "../style.css",
                body_type: Some(if pi == 0 { "frontmatter" } else { "bodymatter" }),
                body_class: "gb-page gb-epub",
                script: scripted.then_some(SCRIPT_FROM_TEXT),
            },
            &body,
        );
        let href = format!("{TEXT_DIR}/{}", self.plan.pages[pi].file);
        pack.spine.push(pack.items.len());
        pack.items.push(Item {
            id: format!("p{pi}"),
            href: href.clone(),
            media_type: "application/xhtml+xml",
            properties: [(scripted, "scripted"), (doc.contains("<svg"), "svg")]
                .into_iter()
                .filter_map(|(on, p)| on.then_some(p))
                .collect(),
            spine: Some(true),
        });
        let content = pack
            .deflated
            .add(&format!("OEBPS/{href}"), doc.as_bytes())
            .map_err(|e| BuildError::Container(e.into()))?;
        pack.files.push((href.clone(), content));
        Ok((
            Entry {
                href,
                title: page_title,
            },
            scripted,
        ))
    }
}

/// The navigation document of one language.
fn navigation(plan: &Plan, lang: &str, entries: &[Entry]) -> String {
    let start = entries
        .get(1)
        .or(entries.first())
        .map(|e| e.href.clone())
        .unwrap_or_else(|| "cover.xhtml".into());
    // Landmarks may only point into the reading order: the book's own contents chapter, if it has one.
    let contents = plan
        .contents
        .map(|i| &plan.pages[i])
        .map(|p| match p.chapter {
            Some(_) => format!("{TEXT_DIR}/{}", p.file),
            None => "nav.xhtml#toc".to_string(),
        });
    nav::nav(&Nav {
        lang: html_lang(lang),
        heading: ui(UiWord::Contents, lang),
        entries,
        cover: "cover.xhtml",
        cover_label: ui(UiWord::Cover, lang),
        start_label: ui(UiWord::Start, lang),
        start: &start,
        contents: contents.as_deref(),
    })
}

/// Adds the book's images; the cover's is marked as such.
fn add_images(s: &Shared, cover_image: &str, pack: &mut Pack) -> Result<(), BuildError> {
    for (
        i,
        Picture {
            source,
            name,
            bytes,
        },
    ) in s.images.iter().enumerate()
    {
        let media = package::media_type(name).ok_or_else(|| BuildError::UnsupportedImage {
            image: source.to_string(),
            what: "image",
        })?;
        if pack.files.iter().any(|(p, _)| p == name) {
            return Err(BuildError::ImageNameTaken {
                image: source.to_string(),
                product: "e-book",
            });
        }
        pack.add(&format!("img{i}"), name, media, bytes.clone());
        if name == cover_image {
            pack.items.last_mut().expect("just added").properties = vec!["cover-image"];
        }
    }
    Ok(())
}
