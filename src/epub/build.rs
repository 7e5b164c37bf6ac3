//! Builds the EPUB of each book language: check the book, plan its pages as the site
//! does, render chapters and diagrams, add cover, navigation, package and style sheet,
//! pack, and write each file through a temporary name so a failed build leaves the
//! previous e-book as it was.

use super::cover::{self, CoverText};
use super::nav::{self, Entry, Nav};
use super::ocf::{self, Content};
use super::package::{self, Item, Metadata};
use super::{names, solutions, xhtml};
use crate::check::Checked;
use crate::format::schema::ElementKind;
use crate::format::values::is_external;
use crate::i18n::html_lang;
use crate::layout::diagram::board_diagram;
use crate::layout::links::LinkContext;
use crate::layout::page::{self, Source};
use crate::layout::plan::{self, Plan};
use crate::markup::blocks::{self as markup_blocks, interface_words, Writer};
use crate::markup::includes::render_includes;
use crate::markup::Dialect;
use crate::project::build::{
    checked_book, local_images, BuildError, Options, Product, DEFAULT_OUT_DIR,
};
use crate::project::config::{self, Config};
use crate::project::confine::{confine, Kind};
use crate::project::output;
use crate::project::{script, theme};
use crate::render::svg::render_inline;
use crate::resolve::text;
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The e-book additions to the theme's style sheet.
const EPUB_CSS: &str = include_str!("epub.css");

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
    opts: &'a Options<'a>,
    name: &'a str,
    book_dir: &'a Path,
    checked: &'a Checked,
    config: &'a Config,
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
    let start = Instant::now();
    let book_dir = output::folder_of(opts.book);
    let name = opts.book.display().to_string();
    let config = config::load(&book_dir)?;
    let mut owned = None;
    let checked = checked_book(opts, &mut Default::default(), &mut owned)?;
    let out_dir = output::out_dir(
        opts.out_dir,
        config.out_dir.as_deref(),
        DEFAULT_OUT_DIR,
        opts.book,
    )?;
    let book = &checked.resolved.book;
    let chosen_theme = theme::theme(config.theme.as_deref(), &book_dir)?;
    let mut css = theme::stylesheet(&chosen_theme, &config.extra_css, &book_dir)?;
    let js = script::script(&chosen_theme)?;
    css.push('\n');
    css.push_str(EPUB_CSS);
    let own = names::own_files(book);
    let product = Product {
        files: &own,
        name: "the e-book",
    };
    let found = local_images(checked, &name, opts.text, &book_dir, true, &product)?;
    let sources: Vec<String> = found
        .images
        .iter()
        .map(|rel| rel.to_string_lossy().replace('\\', "/"))
        .collect();
    let mut images: Vec<Picture> = Vec::new();
    for source in &sources {
        let bytes = crate::project::read::read(&book_dir.join(source))
            .map_err(|e| format!("cannot read {source}: {e}"))?;
        let name = names::package_name(source, &|n| {
            sources.iter().any(|s| s == n) || images.iter().any(|p| p.name == n)
        });
        images.push(Picture {
            source: source.clone(),
            name,
            bytes,
        });
    }
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
        opts,
        name: &name,
        book_dir: &book_dir,
        checked,
        config: &config,
        css: &css,
        js: &js,
        images: &images,
        renamed: &renamed,
        modified: modified(opts.book),
        revision,
    };
    let epubs: Vec<(PathBuf, Vec<u8>)> = book
        .languages
        .par_iter()
        .map(|lang| {
            Ok((
                out_dir.join(file_name(&book.id, lang)),
                language(&shared, lang)?,
            ))
        })
        .collect::<Result<_, BuildError>>()?;
    (opts.progress)(&format!(
        "{} e-book{}",
        epubs.len(),
        if epubs.len() == 1 { "" } else { "s" }
    ));
    if !out_dir.exists() {
        std::fs::create_dir_all(&out_dir)
            .map_err(|e| format!("cannot create {}: {e}", out_dir.display()))?;
        output::write_marker(&out_dir)?;
    }
    let foreign = !output::is_owned(&out_dir);
    if !force && foreign {
        if let Some((path, _)) = epubs.iter().find(|(p, _)| p.exists()) {
            return Err(BuildError::Other(format!(
                "{} exists in a folder gobook did not write; choose another folder with -o, move the file, or pass --force to replace it",
                path.display()
            )));
        }
    }
    let mut files = Vec::new();
    let mut put_aside = Vec::new();
    for (path, bytes) in epubs {
        output::remove_stale(&path);
        // Forced over a file gobook may not have written: the file goes to the trash first.
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

/// `ID-LANG.epub`, with every character a file name should not hold replaced.
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
        "{}-{lang}.epub",
        if clean.is_empty() { "book" } else { clean }
    )
}

/// The modification date: `SOURCE_DATE_EPOCH` for reproducible builds, else the book file's.
fn modified(book: &Path) -> String {
    let secs = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.trim().parse::<u64>().ok())
        .or_else(|| {
            std::fs::metadata(book)
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map(|d| d.as_secs())
        })
        .unwrap_or(0);
    package::utc_timestamp(secs)
}

/// The site's page plan with e-book file names: chapters as `.xhtml`, the generated
/// contents page as the navigation document.
pub(super) fn plan(book: &crate::resolve::model::Book, lang: &str) -> Plan {
    let mut plan = plan::plan(book, lang);
    for p in &mut plan.pages {
        p.file = match p.chapter {
            Some(_) => format!("{}.xhtml", p.file.strip_suffix(".html").unwrap_or(&p.file)),
            None => "../nav.xhtml".to_string(),
        };
    }
    plan
}

/// The EPUB of one language, as bytes.
fn language(s: &Shared, lang: &str) -> Result<Vec<u8>, BuildError> {
    let checked = s.checked;
    let book = &checked.resolved.book;
    let plan = plan(book, lang);
    let tag = html_lang(lang);
    let includes = render_includes(
        checked,
        s.book_dir,
        std::slice::from_ref(&plan),
        Dialect::Xhtml,
        s.config.buy_url.as_deref(),
    )
    // Missing includes are reported in the book itself.
    .map_err(|e| e.in_book(s.name, s.opts.text))?;
    let source = Source {
        src: &checked.src,
        checked,
        lang,
    };
    // The diagrams of each chapter (a contiguous run), drawn when its page is made.
    let diagrams = book.chapter_diagrams();
    let info = |key: &str| {
        book.info(key, lang)
            .map(|t| text::resolve_plain(book, t, lang))
            .filter(|t| !t.trim().is_empty())
    };
    let title = info("title").unwrap_or_else(|| book.id.clone());
    let contents_word = i18n_ui("contents", lang);

    let mut items: Vec<Item> = Vec::new();
    let mut files: Vec<(String, Content)> = Vec::new();
    // Chapters are deflated as they are made (see `ocf::Deflated`).
    let mut deflated = ocf::Deflated::default();
    let mut spine: Vec<usize> = Vec::new();

    // The cover: the book's own local image (named, or the spec's default `ID_cover.jpg`)
    // when the file is there, else drawn from the title (`check` warns about a named one).
    let cover_src = Some(book.cover(lang))
        .filter(|c| !is_external(c))
        .map(|c| c.trim_start_matches("./").to_string())
        .filter(|c| confine(s.book_dir, c, "cover image", Kind::File).is_ok());
    let cover_image = match cover_src {
        Some(c) => {
            let media = package::media_type(&c).ok_or_else(|| format!("the cover `{c}` is not an image an EPUB can hold (PNG, JPEG, GIF, SVG or WebP)"))?;
            match s.images.iter().find(|p| p.source == c) {
                Some(p) => p.name.clone(),
                None => {
                    // Checked with the images already; confined again here, where it is read.
                    let rel = confine(s.book_dir, &c, "cover image", Kind::File)
                        .map_err(|r| r.message)?;
                    let bytes = crate::project::read::read(&s.book_dir.join(rel))
                        .map_err(|e| format!("cannot read the cover {c}: {e}"))?;
                    let name = names::package_name(&c, &|n| s.images.iter().any(|p| p.name == n));
                    files.push((name.clone(), Content::Bytes(bytes)));
                    items.push(Item {
                        id: "cover-image".into(),
                        href: name.clone(),
                        media_type: media,
                        properties: vec!["cover-image"],
                        spine: None,
                    });
                    name
                }
            }
        }
        None => {
            let svg = cover::svg(&CoverText {
                title: &title,
                subtitle: info("subtitle").as_deref(),
                author: info("author").as_deref(),
            });
            files.push(("gobook-cover.svg".into(), Content::Bytes(svg.into_bytes())));
            items.push(Item {
                id: "cover-image".into(),
                href: "gobook-cover.svg".into(),
                media_type: "image/svg+xml",
                properties: vec!["cover-image"],
                spine: None,
            });
            "gobook-cover.svg".to_string()
        }
    };
    files.push((
        "cover.xhtml".into(),
        Content::Bytes(cover::page(tag, &title, &cover_image).into_bytes()),
    ));
    spine.push(items.len());
    items.push(Item {
        id: "cover".into(),
        href: "cover.xhtml".into(),
        media_type: "application/xhtml+xml",
        properties: vec![],
        spine: Some(true),
    });

    let nav_index = items.len();
    items.push(Item {
        id: "nav".into(),
        href: "nav.xhtml".into(),
        media_type: "application/xhtml+xml",
        properties: vec!["nav"],
        spine: None,
    });
    files.push((
        "style.css".into(),
        Content::Bytes(s.css.as_bytes().to_vec()),
    ));
    items.push(Item {
        id: "css".into(),
        href: "style.css".into(),
        media_type: "text/css",
        properties: vec![],
        spine: None,
    });

    let mut entries = Vec::new();
    let mut any_scripted = false;
    let inline_anchor = |d: usize| format!("gb-inline-{d}");
    for (pi, page) in plan.pages.iter().enumerate() {
        let Some(c) = page.chapter else {
            spine.push(nav_index);
            items[nav_index].spine = Some(true);
            continue;
        };
        let cx = LinkContext {
            plan: &plan,
            all: std::slice::from_ref(&plan),
            chapter: Some(c),
            multi: false,
            inline_anchor: &inline_anchor,
            root: "../",
            renamed: s.renamed,
        };
        let range = diagrams[c].clone();
        let svgs: Vec<std::sync::Arc<str>> = book.diagrams[range.clone()]
            .par_iter()
            .zip(range.clone())
            .map(|(d, i)| render_inline(&board_diagram(book, d, lang), &format!("d{i}")).into())
            .collect();
        let blocks = page::chapter(&source, c);
        let w = Writer {
            book,
            links: &cx,
            dialect: Dialect::Xhtml,
            svgs: &svgs,
            svgs_from: range.start,
            includes: includes.first(),
            buy_url: s.config.buy_url.as_deref(),
        };
        let chapter = markup_blocks::blocks(&w, &blocks);
        // Interactive diagrams get the site's script and its words; reading systems
        // without scripting show the static diagram and the solutions as they are.
        let words = interface_words(&chapter, lang).into_string();
        let scripted = !words.is_empty();
        let mut body = chapter.into_string();
        body.push_str(&solutions::chapter_solutions(book, &blocks, lang).into_string());
        let page_title = if pi == 0 {
            title.clone()
        } else {
            page::page_title(&source, &plan, pi)
        };
        let kind = if pi == 0 { "titlepage" } else { "chapter" };
        let role = if pi == 0 { "" } else { " role=\"doc-chapter\"" };
        let body = format!("<main class=\"gb-main\">\n<section epub:type=\"{kind}\"{role}>\n{body}\n</section>\n</main>{words}");
        let doc = xhtml::document(
            &xhtml::Frame {
                lang: tag,
                title: &page_title,
                css: "../style.css",
                body_type: Some(if pi == 0 { "frontmatter" } else { "bodymatter" }),
                body_class: "gb-page gb-epub",
                script: scripted.then_some(SCRIPT_FROM_TEXT),
            },
            &body,
        );
        let href = format!("{TEXT_DIR}/{}", page.file);
        entries.push(Entry {
            href: href.clone(),
            title: page_title,
        });
        spine.push(items.len());
        items.push(Item {
            id: format!("p{pi}"),
            href: href.clone(),
            media_type: "application/xhtml+xml",
            properties: [(scripted, "scripted"), (doc.contains("<svg"), "svg")]
                .into_iter()
                .filter_map(|(on, p)| on.then_some(p))
                .collect(),
            spine: Some(true),
        });
        files.push((
            href.clone(),
            deflated
                .add(&format!("OEBPS/{href}"), doc.as_bytes())
                .map_err(|e| BuildError::Other(e.to_string()))?,
        ));
        any_scripted |= scripted;
    }
    if any_scripted {
        // EPUB 3.3 lists `application/javascript` among the core media types (3.0 used `text/javascript`).
        items.push(Item {
            id: "js".into(),
            href: SCRIPT.into(),
            media_type: "application/javascript",
            properties: vec![],
            spine: None,
        });
        files.push((SCRIPT.into(), Content::Bytes(s.js.as_bytes().to_vec())));
    }
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
    let nav = nav::nav(&Nav {
        lang: tag,
        heading: contents_word,
        entries: &entries,
        cover: "cover.xhtml",
        cover_label: i18n_ui("cover", lang),
        start_label: i18n_ui("start", lang),
        start: &start,
        contents: contents.as_deref(),
    });
    files.push(("nav.xhtml".into(), Content::Bytes(nav.into_bytes())));

    for (
        i,
        Picture {
            source,
            name,
            bytes,
        },
    ) in s.images.iter().enumerate()
    {
        let media = package::media_type(name).ok_or_else(|| {
            format!(
                "the image `{source}` is not a type an EPUB can hold (PNG, JPEG, GIF, SVG or WebP)"
            )
        })?;
        if files.iter().any(|(p, _)| p == name) {
            return Err(BuildError::Other(format!("the image `{source}` has the name of a file gobook writes into the e-book; rename it")));
        }
        let properties = if *name == cover_image {
            vec!["cover-image"]
        } else {
            vec![]
        };
        items.push(Item {
            id: format!("img{i}"),
            href: name.clone(),
            media_type: media,
            properties,
            spine: None,
        });
        files.push((name.clone(), Content::Bytes(bytes.clone())));
    }

    let meta = Metadata {
        identifier: format!("urn:gobook:{}:{lang}:r{}", book.id, s.revision),
        title,
        subtitle: info("subtitle"),
        author: info("author"),
        publisher: info("publisher"),
        rights: info("copyright"),
        language: tag.to_string(),
        modified: s.modified.clone(),
    };
    let opf = package::opf(&meta, &items, &spine);
    let mut packed: Vec<(String, Content)> = vec![(
        ocf::PACKAGE_PATH.to_string(),
        Content::Bytes(opf.into_bytes()),
    )];
    packed.extend(files.into_iter().map(|(p, b)| (format!("OEBPS/{p}"), b)));
    ocf::pack(&packed, deflated).map_err(|e| BuildError::Other(e.to_string()))
}

fn i18n_ui(key: &str, lang: &str) -> &'static str {
    crate::i18n::ui(key, lang)
        .filter(|w| !w.is_empty())
        .unwrap_or("Contents")
}
