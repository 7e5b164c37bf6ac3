//! The laid-out book: every page of every language as one value that holds all the page
//! shows (its blocks, its titles, the navigation around it, the book's texts in its language
//! and the diagrams it draws). A writer takes what it writes from these values and nothing
//! else of the book's text, and `serve` keeps a written page by its value: the page is
//! written again exactly when something it shows changed, with no list of inputs to keep.

use crate::check::Checked;
use crate::i18n;
use crate::layout::cache::{self, Kept, LayoutCache};
use crate::layout::markdown::Includes;
use crate::layout::page::{self, Block, Source};
use crate::layout::plan::{self, Plan};
use crate::resolve::model::{Book, Diagram, LangText};
use crate::resolve::text;
use rayon::prelude::*;
use std::sync::Arc;

/// The book: its checked source and the pages of each of its languages.
pub struct LaidBook<'a> {
    /// The checked book (the writers' markup reads diagrams' data from it).
    pub checked: &'a Checked,
    /// One entry per book language, in the book's order.
    pub languages: Vec<LaidLanguage>,
}

impl LaidBook<'_> {
    /// The resolved book.
    pub fn book(&self) -> &Book {
        &self.checked.resolved.book
    }
}

/// The pages of one language.
pub struct LaidLanguage {
    /// The language's pages, file names and anchors (the site's names; a writer may rename).
    pub plan: Plan,
    /// The book's own texts in this language.
    pub texts: Arc<BookTexts>,
    /// One per page of `plan`, in the same order.
    pub pages: Vec<LaidPage>,
}

/// One page as a reader sees it: everything that decides its bytes besides the writer's
/// settings (file names, `gobook.toml`, the gobook files it includes that were not
/// spliced into the book); an included Markdown file is in its blocks.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LaidPage {
    /// The page's language.
    pub lang: String,
    /// Its place in its language's plan.
    pub index: usize,
    /// The chapter shown, or None for the generated table of contents.
    pub chapter: Option<usize>,
    /// The chapter's blocks (none for the contents page); shared with the layout cache.
    pub blocks: Arc<Vec<Block>>,
    /// Titles and navigation.
    pub frame: Frame,
    /// Every diagram the page draws, by index, as the page uses it (see [`page_view`]).
    pub diagrams: Vec<(usize, Arc<Diagram>)>,
    /// The book's information and languages, which captions and comments may quote.
    pub book: Arc<BookFacts>,
}

/// What the frame around a page's blocks shows.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Frame {
    /// The page's title: its chapter's first heading, or the word for contents.
    pub title: String,
    /// The page's title where room is short (`shortTitle`).
    pub short_title: String,
    /// The page before, if any.
    pub prev: Option<NavLink>,
    /// The page after, if any.
    pub next: Option<NavLink>,
    /// On the generated contents page: every chapter page after the first, with its title.
    pub contents: Vec<NavLink>,
    /// Every page of the language by its short title, as the sidebar lists them (shared by
    /// the language's pages; part of each page's value, so a retitled chapter rewrites
    /// every page's sidebar).
    pub sidebar: Arc<Vec<NavLink>>,
    /// The book's texts in the page's language.
    pub texts: Arc<BookTexts>,
}

/// A link to another page of the same language.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NavLink {
    /// The page's place in the plan.
    pub page: usize,
    /// The title shown.
    pub title: String,
}

/// The book's information in one language, resolved (standard texts, typography);
/// each is None when the book does not give it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BookTexts {
    /// The book's ID, the title of a book without one.
    pub id: String,
    /// `title`.
    pub title: Option<String>,
    /// `shortTitle`.
    pub short_title: Option<String>,
    /// `subtitle`.
    pub subtitle: Option<String>,
    /// `author`.
    pub author: Option<String>,
    /// `publisher`.
    pub publisher: Option<String>,
    /// `copyright`.
    pub copyright: Option<String>,
    /// The HTML language tags of `title`, `shortTitle` and `copyright` where they are not
    /// in the page's language (given only language-neutrally: the book's first language).
    pub title_lang: Option<String>,
    /// See `title_lang`.
    pub short_title_lang: Option<String>,
    /// See `title_lang`.
    pub copyright_lang: Option<String>,
}

/// What of the book as a whole a page's diagrams may show: captions and comments may
/// quote the book's information (`#title#`), and a caption given only language-neutrally
/// is tagged with the book's first language.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BookFacts {
    /// The book's information (`title`, `author`, ...).
    pub info: Vec<(String, LangText)>,
    /// The book's languages.
    pub languages: Vec<String>,
}

/// Lays out every page of every language of a checked book (its Markdown includes unread:
/// the pipeline, [`crate::layout::writer::run`], reads them).
pub fn lay_out<'a>(checked: &'a Checked) -> LaidBook<'a> {
    lay_out_with(checked, &Includes::default(), &mut LayoutCache::once())
}

/// Lays out every page of every language of a checked book with the Markdown files it
/// includes, reusing what `cache` kept of the last build where it is still what a fresh
/// layout would make.
pub fn lay_out_with<'a>(
    checked: &'a Checked,
    includes: &Includes,
    cache: &mut LayoutCache,
) -> LaidBook<'a> {
    let book = &checked.resolved.book;
    let diagrams = cache.diagrams(book);
    cache.begin();
    let facts = Arc::new(BookFacts {
        info: book.info.clone(),
        languages: book.languages.clone(),
    });
    let languages = book
        .languages
        .iter()
        .map(|lang| {
            let source = Source { checked, lang };
            let plan = plan::plan(book, lang);
            let texts = Arc::new(book_texts(book, lang));
            let pages = pages(&source, &plan, &texts, &diagrams, &facts, includes, cache);
            LaidLanguage { plan, texts, pages }
        })
        .collect();
    LaidBook { checked, languages }
}

/// A diagram as pages use it: without its source line and its question's source text,
/// which move with every edit above them, and which no writer shows (the question is in
/// the blocks, resolved).
pub fn page_view(d: &Diagram) -> Diagram {
    Diagram {
        line: 0,
        text: None,
        ..d.clone()
    }
}

/// The pages of one language.
fn pages(
    s: &Source,
    plan: &Plan,
    texts: &Arc<BookTexts>,
    diagrams: &[Arc<Diagram>],
    facts: &Arc<BookFacts>,
    includes: &Includes,
    cache: &mut LayoutCache,
) -> Vec<LaidPage> {
    let titles: Vec<(String, String)> = (0..plan.pages.len())
        .into_par_iter()
        .map(|p| {
            (
                page::page_title(s, plan, p),
                page::short_page_title(s, plan, p),
            )
        })
        .collect();
    let nav = |p: usize| NavLink {
        page: p,
        title: titles[p].1.clone(),
    };
    let contents: Vec<NavLink> = plan
        .pages
        .iter()
        .enumerate()
        .skip(1)
        .filter(|(_, pg)| pg.chapter.is_some())
        .map(|(p, _)| NavLink {
            page: p,
            title: titles[p].0.clone(),
        })
        .collect();
    let sidebar = Arc::new((0..plan.pages.len()).map(nav).collect::<Vec<_>>());
    let chapters: Vec<Option<usize>> = plan.pages.iter().map(|pg| pg.chapter).collect();
    let old = cache.take(&plan.lang, &chapters);
    let record = cache.keeps();
    let laid: Vec<(LaidPage, Option<(Kept, bool)>)> = plan
        .pages
        .par_iter()
        .zip(old)
        .enumerate()
        .map(|(p, (pg, old))| {
            let kept = pg
                .chapter
                .map(|c| cache::chapter(old, s.checked, s.lang, c, diagrams, includes, record));
            let blocks = kept
                .as_ref()
                .map(|(k, _)| k.blocks().clone())
                .unwrap_or_default();
            let shown = page::shown_diagrams(&blocks)
                .into_iter()
                .filter_map(|d| Some((d, diagrams.get(d)?.clone())))
                .collect();
            let page = LaidPage {
                lang: plan.lang.clone(),
                index: p,
                chapter: pg.chapter,
                blocks,
                frame: Frame {
                    title: titles[p].0.clone(),
                    short_title: titles[p].1.clone(),
                    prev: p.checked_sub(1).map(nav),
                    next: (p + 1 < plan.pages.len()).then(|| nav(p + 1)),
                    contents: if pg.chapter.is_none() {
                        contents.clone()
                    } else {
                        Vec::new()
                    },
                    sidebar: sidebar.clone(),
                    texts: texts.clone(),
                },
                diagrams: shown,
                book: facts.clone(),
            };
            (page, kept)
        })
        .collect();
    laid.into_iter()
        .map(|(page, kept)| {
            if let (Some(c), Some((k, fresh))) = (page.chapter, kept) {
                cache.put(&plan.lang, c, k, fresh);
            }
            page
        })
        .collect()
}

/// The book's information in `lang`.
fn book_texts(book: &Book, lang: &str) -> BookTexts {
    let info = |name: &str| {
        book.info(name, lang)
            .map(|t| text::resolve_plain(book, t, lang))
    };
    let info_lang = |name: &str| {
        let (_, t) = book.info.iter().find(|(n, _)| n == name)?;
        text::neutral_language(book, t, lang).map(|l| i18n::html_lang(l).to_string())
    };
    BookTexts {
        id: book.id.clone(),
        title: info("title"),
        short_title: info("shortTitle"),
        subtitle: info("subtitle"),
        author: info("author"),
        publisher: info("publisher"),
        copyright: info("copyright"),
        title_lang: info_lang("title"),
        short_title_lang: if book.info("shortTitle", lang).is_some() {
            info_lang("shortTitle")
        } else {
            info_lang("title")
        },
        copyright_lang: info_lang("copyright"),
    }
}
