//! Runs a whole build: check the book, plan the pages of each language, render
//! every diagram in parallel, write pages, style sheet and images into a fresh
//! folder, and only then swap it in for the old site.

use crate::check::Checked;
use crate::layout::diagram::{board_shape, diagram_title, words};
use crate::layout::plan::Plan;
use crate::markup::includes::render_includes;
use crate::markup::Dialect;
use crate::project::build::{
    checked_book, local_images, BuildError, Options, Product, DEFAULT_OUT_DIR,
};
use crate::project::config::{self, Config};
use crate::project::inputs::Inputs;
use crate::project::{output, script, theme};
use crate::render::svg::{relabel, render_inline, BoardDiagram, Words};
use crate::site::building;
use crate::site::html::{self, Site};
use crate::site::own_files::{self, own_files};
use maud::Markup;
use rayon::prelude::*;
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What a finished build did.
#[derive(Debug)]
pub struct Summary {
    /// Where the site is.
    pub out_dir: PathBuf,
    /// Languages built.
    pub languages: usize,
    /// Chapters in the book.
    pub chapters: usize,
    /// Diagrams in the book (inline ones included).
    pub diagrams: usize,
    /// HTML pages written.
    pub pages: usize,
    /// Time taken.
    pub elapsed: Duration,
    /// Where the folder that was there went, when gobook had not written it (`--force`).
    pub put_aside: Option<crate::project::aside::Aside>,
}

/// Work kept between builds (by `serve`): diagram SVG by the renderer's whole input, and
/// pages by everything they are made from. Every key holds those inputs and is compared
/// in full, so a page or diagram is reused only when a fresh build would make the same bytes.
#[derive(Default)]
pub struct Cache {
    resolve: crate::resolve::cache::ResolveCache,
    svgs: HashMap<SvgKey, HashMap<String, Arc<str>>>,
    /// The diagrams of the last build as pages see them, reused while unchanged.
    diagrams: Vec<DiagramKey>,
    /// Pages by language.
    pages: HashMap<String, LangPages>,
    /// Diagrams drawn by the last build (not found in the cache).
    pub diagrams_drawn: usize,
    /// Pages written by the last build (not found in the cache).
    pub pages_rendered: usize,
}

/// What the drawing of a diagram is made from, whatever its language: the renderer's
/// input and the diagram's index (the prefix of the ids inside it). The title, the one
/// part that differs between languages, keys the drawings kept under it.
#[derive(PartialEq, Eq, Hash)]
struct SvgKey {
    shape: Shape,
    index: usize,
}

/// The renderer's input with its hash, worked out once a build: lookups hash only the
/// number and compare the whole input.
struct Shape {
    hash: u64,
    board: crate::render::svg::BoardDiagram,
}

impl Shape {
    fn new(board: crate::render::svg::BoardDiagram) -> Shape {
        use std::hash::{Hash, Hasher};
        let mut h = crate::resolve::cache::hasher();
        board.hash(&mut h);
        Shape {
            hash: h.finish(),
            board,
        }
    }
}

impl PartialEq for Shape {
    fn eq(&self, other: &Shape) -> bool {
        self.hash == other.hash && self.board == other.board
    }
}

impl Eq for Shape {}

impl std::hash::Hash for Shape {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// The pages of one language, kept with what they all depend on.
struct LangPages {
    key: LangKey,
    /// By file name: the page's own inputs and its bytes.
    pages: HashMap<String, (Option<ChapterKey>, Arc<Vec<u8>>)>,
}

/// What every page of a language is made from besides its own chapter: the book's
/// information and languages, every language's plan (file names, anchors: links and the
/// language switch), the titles of this language's pages, full and short (navigation,
/// contents), the IDs links are resolved by, the game info text may show (set on Go data,
/// which is no block of any page, and found through bases), the settings and the included
/// files.
#[derive(PartialEq)]
struct LangKey {
    id: String,
    info: Vec<(String, crate::resolve::model::LangText)>,
    languages: Vec<String>,
    plans: Vec<Plan>,
    titles: Vec<String>,
    ids: Vec<(String, Vec<usize>)>,
    /// The chapter of each element, which decides which of two equal IDs a link finds.
    element_chapters: Vec<Option<usize>>,
    /// Each element's game info, by element, and the bases and Go data `#pb#` reads through.
    game_info: Vec<(usize, crate::resolve::game_info::OwnGameInfo)>,
    bases: Vec<Option<usize>>,
    inline_bases: Vec<Option<usize>>,
    config: Config,
    includes: Vec<(String, String)>,
}

/// What a chapter's page is made from: the chapter, its blocks shown in the language
/// (with their source), and every diagram it shows or its text refers to, with its SVG.
#[derive(PartialEq)]
struct ChapterKey {
    chapter: usize,
    source: String,
    blocks: Vec<(crate::resolve::model::Block, String)>,
    diagrams: Vec<(usize, DiagramKey, Arc<str>)>,
}

/// A diagram as a page shows it; the same allocation from build to build while unchanged.
#[derive(Clone)]
struct DiagramKey(Arc<crate::resolve::model::Diagram>);

impl PartialEq for DiagramKey {
    fn eq(&self, other: &DiagramKey) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || same_for_page(&self.0, &other.0)
    }
}

/// Whether a page shows two diagrams alike: every field but the source line and the
/// place of the text, which move with every edit above them and no page shows. Written
/// without `..`, so a field added to `Diagram` must be considered here.
fn same_for_page(a: &crate::resolve::model::Diagram, b: &crate::resolve::model::Diagram) -> bool {
    let crate::resolve::model::Diagram {
        id,
        role,
        chapter,
        element,
        line: _,
        size,
        view,
        first_number,
        to_play,
        stones,
        moves,
        final_stones,
        ko_point,
        marks,
        labels,
        territory,
        lines,
        arrows,
        gaps,
        gaps_setting,
        caption,
        header,
        hide_in_replay,
        show_from_to,
        show_to_play,
        show_coords,
        width,
        align,
        correct,
        wrong,
        correct_by_lang,
        wrong_by_lang,
        text,
    } = a;
    *id == b.id
        && *role == b.role
        && *chapter == b.chapter
        && *element == b.element
        && *size == b.size
        && *view == b.view
        && *first_number == b.first_number
        && *to_play == b.to_play
        && *stones == b.stones
        && *moves == b.moves
        && *final_stones == b.final_stones
        && *ko_point == b.ko_point
        && *marks == b.marks
        && *labels == b.labels
        && *territory == b.territory
        && *lines == b.lines
        && *arrows == b.arrows
        && *gaps == b.gaps
        && *gaps_setting == b.gaps_setting
        && *caption == b.caption
        && *header == b.header
        && *hide_in_replay == b.hide_in_replay
        && *show_from_to == b.show_from_to
        && *show_to_play == b.show_to_play
        && *show_coords == b.show_coords
        && *width == b.width
        && *align == b.align
        && *correct == b.correct
        && *wrong == b.wrong
        && *correct_by_lang == b.correct_by_lang
        && *wrong_by_lang == b.wrong_by_lang
        && text.as_ref().map(|t| &t.raw) == b.text.as_ref().map(|t| &t.raw)
}

/// A site in memory: every file, and the local images to copy from the book's folder.
pub struct Rendered {
    /// Paths relative to the site root, and their bytes.
    pub files: Vec<(PathBuf, std::sync::Arc<Vec<u8>>)>,
    /// Images, relative to the book's folder and to the site root alike.
    pub images: Vec<PathBuf>,
    /// The warnings of the included files, each with its file (errors stop the build).
    pub included: Vec<crate::project::files::FileProblems>,
    /// The folder the site belongs in.
    pub out_dir: PathBuf,
    /// The book's folder.
    pub book_dir: PathBuf,
    /// What was built.
    pub summary: Summary,
}

/// Builds the site of a book and swaps it in. Pages go straight into a fresh folder beside
/// the site, a chapter at a time (see [`write_pages`]): a build holds the book, not its site.
/// The output folder must be gobook's own (empty, absent, or written by an earlier build)
/// unless `force`; see [`output`].
pub fn build(opts: &Options, force: bool) -> Result<Summary, BuildError> {
    let start = Instant::now();
    let book_dir = book_dir(opts);
    let config = config::load(&book_dir)?;
    output::check_owned(
        &output::out_dir(
            opts.out_dir,
            config.out_dir.as_deref(),
            DEFAULT_OUT_DIR,
            opts.book,
        )?,
        force,
    )?;
    let mut owned = None;
    // Nothing to keep for a next build: the resolution's cache would only copy every diagram.
    let checked = checked_book(
        opts,
        &mut crate::resolve::cache::ResolveCache::once(),
        &mut owned,
    )?;
    let Setup {
        name,
        out_dir,
        plans,
        multi,
        includes,
        css,
        js,
    } = setup(opts, checked, &book_dir, &config)?;
    let own = own_files(&checked.resolved.book, &plans);
    let site = Product {
        files: &own,
        name: "the site",
    };
    let found = local_images(checked, &name, opts.text, &book_dir, false, &site)?;
    let images = found.images;
    let reads: Vec<PathBuf> = Inputs::of_doc(opts.book, Some(&checked.doc))
        .paths()
        .cloned()
        .collect();
    output::check_reads(&out_dir, &book_dir, &reads)?;
    let staged = output::stage(&out_dir)?;
    let site = Site {
        src: opts.text,
        checked,
        plans: &plans,
        multi,
        config: &config,
        svgs: &[],
        svgs_from: 0,
        includes: &includes,
    };
    let pages = write_pages(&site, staged.path())?;
    (opts.progress)(&format!(
        "{pages} page{}",
        if pages == 1 { "" } else { "s" }
    ));
    let files = site_files(&site, css, js);
    write_files(staged.path(), &files, &images, &book_dir)?;
    let put_aside = output::swap_in(staged, &out_dir)?;
    let book = &checked.resolved.book;
    Ok(Summary {
        out_dir,
        languages: plans.len(),
        chapters: book.chapters.len(),
        diagrams: book.diagrams.len(),
        pages,
        elapsed: start.elapsed(),
        put_aside,
    })
}

/// The files of a site besides its pages: the language chooser of a site in several
/// languages, the style sheet and the script.
fn site_files(site: &Site, css: String, js: String) -> Vec<(PathBuf, Arc<Vec<u8>>)> {
    let mut files = Vec::new();
    if site.multi {
        files.push((
            PathBuf::from("index.html"),
            Arc::new(html::language_index(site).into_bytes()),
        ));
    }
    if let Some(map) = html::sitemap(site) {
        files.push((
            PathBuf::from(own_files::SITEMAP),
            Arc::new(map.into_bytes()),
        ));
    }
    files.push((PathBuf::from(own_files::STYLE), Arc::new(css.into_bytes())));
    files.push((
        PathBuf::from(html::FAVICON),
        Arc::new(html::FAVICON_SVG.as_bytes().to_vec()),
    ));
    files.push((PathBuf::from(own_files::SCRIPT), Arc::new(js.into_bytes())));
    for (name, text) in crate::site::finding::search_files(site.src, site.checked, site.plans) {
        files.push((PathBuf::from(name), Arc::new(text.into_bytes())));
    }
    files
}

/// Writes the HTML pages of every language into `dir` and returns how many. Chapters go in
/// parallel, each drawing its own diagrams just before its pages and dropping them after:
/// the SVG of every diagram in every language at once was most of a build's memory.
fn write_pages(site: &Site, dir: &Path) -> Result<usize, BuildError> {
    let book = &site.checked.resolved.book;
    let folders: Vec<PathBuf> = site
        .plans
        .iter()
        .map(|p| {
            if site.multi {
                dir.join(&p.lang)
            } else {
                dir.to_path_buf()
            }
        })
        .collect();
    for folder in &folders {
        std::fs::create_dir_all(folder)
            .map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
    }
    let write = |site: &Site, pi: usize, p: usize| {
        let path = folders[pi].join(&site.plans[pi].pages[p].file);
        std::fs::write(&path, html::page(site, pi, p))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    };
    // The generated contents pages show no diagrams.
    for (pi, plan) in site.plans.iter().enumerate() {
        for (p, _) in plan
            .pages
            .iter()
            .enumerate()
            .filter(|(_, pg)| pg.chapter.is_none())
        {
            write(site, pi, p)?;
        }
    }
    // Each language's page of each chapter, and the diagrams of each chapter (a contiguous run).
    let mut page_of: Vec<Vec<Option<usize>>> =
        vec![vec![None; site.plans.len()]; book.chapters.len()];
    for (pi, plan) in site.plans.iter().enumerate() {
        for (p, pg) in plan.pages.iter().enumerate() {
            if let Some(c) = pg.chapter {
                page_of[c][pi] = Some(p);
            }
        }
    }
    let diagrams = book.chapter_diagrams();
    (0..book.chapters.len()).into_par_iter().try_for_each(|c| {
        let range = diagrams[c].clone();
        // Diagrams differ between languages only in their words (title and description):
        // each is drawn once and relabelled.
        let drawn: Vec<(BoardDiagram, String)> = book.diagrams[range.clone()]
            .par_iter()
            .zip(range.clone())
            .map(|(d, i)| {
                let shape = board_shape(d);
                let svg = render_inline(&shape, &format!("d{i}"));
                (shape, svg)
            })
            .collect();
        let svgs: Vec<Vec<std::sync::Arc<str>>> = site
            .plans
            .iter()
            .zip(&page_of[c])
            .map(|(plan, page)| match page {
                Some(_) => drawn
                    .iter()
                    .zip(&book.diagrams[range.clone()])
                    .map(|((shape, svg), d)| {
                        let title = diagram_title(book, d, &plan.lang);
                        relabel(svg, shape, &title, &words(&plan.lang)).into()
                    })
                    .collect(),
                None => Vec::new(),
            })
            .collect();
        drop(drawn);
        let chapter_site = Site {
            svgs: &svgs,
            svgs_from: range.start,
            ..*site
        };
        for (pi, p) in page_of[c].iter().enumerate() {
            if let Some(p) = *p {
                write(&chapter_site, pi, p)?;
            }
        }
        Ok::<(), String>(())
    })?;
    Ok(site.plans.iter().map(|p| p.pages.len()).sum())
}

/// The book's folder: where its images, includes and `gobook.toml` are.
fn book_dir(opts: &Options) -> PathBuf {
    output::folder_of(opts.book)
}

/// What a site is made with besides its pages, the same for a build and for `serve`.
struct Setup {
    /// The book file's name, for messages.
    name: String,
    out_dir: PathBuf,
    plans: Vec<Plan>,
    /// One folder per language.
    multi: bool,
    includes: Vec<HashMap<String, Markup>>,
    css: String,
    js: String,
}

/// Plans the pages of every language and renders includes, style sheet and script.
fn setup(
    opts: &Options,
    checked: &Checked,
    book_dir: &Path,
    config: &Config,
) -> Result<Setup, BuildError> {
    let name = opts.book.display().to_string();
    let out_dir = output::out_dir(
        opts.out_dir,
        config.out_dir.as_deref(),
        DEFAULT_OUT_DIR,
        opts.book,
    )?;
    let book = &checked.resolved.book;
    if let Some(d) = &config.default_language {
        if !book.languages.iter().any(|l| l.eq_ignore_ascii_case(d)) {
            return Err(crate::project::error::ProjectError::Settings(format!(
                "default_language = \"{d}\" in gobook.toml is not a language of the book ({}); \
                 name one of them, or add `_{d}` to `::book`",
                book.languages.join(", ")
            ))
            .into());
        }
    }
    let plans: Vec<Plan> = own_files::plans(book);
    let multi = plans.len() > 1;
    (opts.progress)(&format!(
        "{} chapter{}, {} diagram{}, {} language{}",
        book.chapters.len(),
        if book.chapters.len() == 1 { "" } else { "s" },
        book.diagrams.len(),
        if book.diagrams.len() == 1 { "" } else { "s" },
        plans.len(),
        if multi { "s" } else { "" }
    ));
    let includes = render_includes(
        checked,
        book_dir,
        &plans,
        Dialect::Html,
        config.buy_url.as_deref(),
    )
    // Missing includes are reported in the book itself.
    .map_err(|e| e.in_book(&name, opts.text))?;
    let chosen_theme = theme::theme(config.theme.as_deref(), book_dir)?;
    let css = theme::stylesheet(&chosen_theme, &config.extra_css, book_dir)?;
    let js = script::script(&chosen_theme)?;
    Ok(Setup {
        name,
        out_dir,
        plans,
        multi,
        includes,
        css,
        js,
    })
}

/// Renders the site of a book in memory, reusing what `cache` holds from the last build.
pub fn render(opts: &Options, cache: &mut Cache) -> Result<Rendered, BuildError> {
    let start = Instant::now();
    let timings = std::env::var_os("GOBOOK_TIMINGS").is_some();
    let mut last = start;
    let mut mark = |what: &str| {
        if timings {
            eprintln!("  {what}: {:.1} ms", last.elapsed().as_secs_f64() * 1000.0);
            last = Instant::now();
        }
    };
    let book_dir = book_dir(opts);
    let config = config::load(&book_dir)?;
    let mut owned = None;
    let checked = checked_book(opts, &mut cache.resolve, &mut owned)?;
    mark("check");
    let Setup {
        name,
        out_dir,
        plans,
        multi,
        includes,
        css,
        js,
    } = setup(opts, checked, &book_dir, &config)?;
    let book = &checked.resolved.book;

    mark("plans, includes and style sheet");
    // Diagrams differ between languages only in their title, so each is drawn once and
    // retitled for the other languages, and only when the cache has not seen the same input.
    let keys: Vec<SvgKey> = book
        .diagrams
        .par_iter()
        .enumerate()
        .map(|(i, d)| SvgKey {
            shape: Shape::new(board_shape(d)),
            index: i,
        })
        .collect();
    let titles: Vec<Vec<String>> = plans
        .iter()
        .map(|p| {
            book.diagrams
                .par_iter()
                .map(|d| diagram_title(book, d, &p.lang))
                .collect()
        })
        .collect();
    // A drawing is found again by its language and title: both decide its words.
    let lang_words: Vec<Words> = plans.iter().map(|p| words(&p.lang)).collect();
    let drawing_key = |l: usize, i: usize| format!("{}\u{1f}{}", plans[l].lang, titles[l][i]);
    // Each diagram's drawings are taken out of the last build's; what is left is no longer in the book.
    let mut last = std::mem::take(&mut cache.svgs);
    let found: Vec<HashMap<String, Arc<str>>> = keys
        .iter()
        .map(|k| last.remove(k).unwrap_or_default())
        .collect();
    drop(last);
    let drawings: Vec<(Vec<Arc<str>>, bool)> = found
        .par_iter()
        .enumerate()
        .map(|(i, have)| {
            let mut svg: Option<String> = None;
            let per_lang = titles
                .iter()
                .enumerate()
                .map(|(l, ts)| match have.get(&drawing_key(l, i)) {
                    Some(s) => s.clone(),
                    None => relabel(
                        svg.get_or_insert_with(|| {
                            // Named for serve's report, should drawing it panic.
                            let d = &book.diagrams[i];
                            let _noted = building::note(building::diagram(book, d));
                            #[cfg(debug_assertions)]
                            building::panic_if_asked(d.id.as_deref());
                            render_inline(&keys[i].shape.board, &format!("d{i}"))
                        }),
                        &keys[i].shape.board,
                        &ts[i],
                        &lang_words[l],
                    )
                    .into(),
                })
                .collect();
            (per_lang, svg.is_some())
        })
        .collect();
    drop(found);
    cache.diagrams_drawn = drawings.iter().filter(|(_, drawn)| *drawn).count();
    let svgs: Vec<Vec<Arc<str>>> = (0..plans.len())
        .map(|l| {
            drawings
                .iter()
                .map(|(per_lang, _)| per_lang[l].clone())
                .collect()
        })
        .collect();
    cache.svgs = keys
        .into_iter()
        .zip(drawings)
        .map(|(k, (per_lang, _))| {
            let i = k.index;
            (
                k,
                (0..titles.len())
                    .map(|l| drawing_key(l, i))
                    .zip(per_lang)
                    .collect(),
            )
        })
        .collect();
    mark("diagrams");
    let site = Site {
        src: opts.text,
        checked,
        plans: &plans,
        multi,
        config: &config,
        svgs: &svgs,
        svgs_from: 0,
        includes: &includes,
    };
    let mut files: Vec<(PathBuf, std::sync::Arc<Vec<u8>>)> = Vec::new();
    cache.pages_rendered = 0;
    let inputs = PageInputs::new(checked, opts.text, &plans, &config, &svgs, &cache.diagrams);
    let mut pages_kept: HashMap<String, LangPages> = HashMap::new();
    for (pi, plan) in plans.iter().enumerate() {
        let dir = if multi {
            PathBuf::from(&plan.lang)
        } else {
            PathBuf::new()
        };
        let titles: Vec<String> = (0..plan.pages.len())
            .flat_map(|p| {
                [
                    html::page_title(&site, plan, p),
                    html::short_page_title(&site, plan, p),
                ]
            })
            .collect();
        let includes_here = includes[pi]
            .iter()
            .map(|(k, v)| (k.clone(), v.0.clone()))
            .collect::<std::collections::BTreeMap<_, _>>()
            .into_iter()
            .collect();
        let lang_key = inputs.lang_key(titles, includes_here);
        // Pages of the last build, if nothing they all depend on changed.
        let mut old = cache
            .pages
            .remove(&plan.lang)
            .filter(|o| o.key == lang_key)
            .map(|o| o.pages)
            .unwrap_or_default();
        let keys: Vec<Option<ChapterKey>> = plan
            .pages
            .par_iter()
            .map(|pg| pg.chapter.map(|c| inputs.chapter_key(c, &plan.lang, pi)))
            .collect();
        let mut new_pages: HashMap<String, (Option<ChapterKey>, Arc<Vec<u8>>)> = HashMap::new();
        let mut missing = Vec::new();
        for (p, key) in keys.into_iter().enumerate() {
            let file = &plan.pages[p].file;
            match old.remove(file) {
                Some((k, bytes)) if k == key => {
                    new_pages.insert(file.clone(), (k, bytes));
                }
                _ => missing.push((p, key)),
            }
        }
        let rendered: Vec<(usize, Option<ChapterKey>, Vec<u8>)> = missing
            .into_par_iter()
            .map(|(p, key)| {
                let _noted =
                    building::note(format!("the page {} ({})", plan.pages[p].file, plan.lang));
                (p, key, html::page(&site, pi, p).into_bytes())
            })
            .collect();
        cache.pages_rendered += rendered.len();
        for (p, key, bytes) in rendered {
            new_pages.insert(plan.pages[p].file.clone(), (key, Arc::new(bytes)));
        }
        for pg in &plan.pages {
            files.push((dir.join(&pg.file), new_pages[&pg.file].1.clone()));
        }
        pages_kept.insert(
            plan.lang.clone(),
            LangPages {
                key: lang_key,
                pages: new_pages,
            },
        );
    }
    // Languages the book no longer has are forgotten.
    cache.pages = pages_kept;
    cache.diagrams = inputs.diagrams;
    mark("pages");
    let pages = files.len();
    files.extend(site_files(&site, css, js));
    (opts.progress)(&format!(
        "{pages} page{}",
        if pages == 1 { "" } else { "s" }
    ));
    let own = own_files(book, &plans);
    let product = Product {
        files: &own,
        name: "the site",
    };
    let found = local_images(checked, &name, opts.text, &book_dir, false, &product)?;
    mark("images");

    let summary = Summary {
        out_dir: out_dir.clone(),
        languages: plans.len(),
        chapters: book.chapters.len(),
        diagrams: book.diagrams.len(),
        pages,
        elapsed: start.elapsed(),
        put_aside: None,
    };
    Ok(Rendered {
        files,
        images: found.images,
        included: found.included,
        out_dir,
        book_dir,
        summary,
    })
}

/// What the pages of a build are made from, gathered once for the keys of every page.
struct PageInputs<'a> {
    checked: &'a Checked,
    src: &'a str,
    plans: &'a [Plan],
    config: &'a Config,
    svgs: &'a [Vec<Arc<str>>],
    /// Each diagram as a page sees it, the last build's where unchanged.
    diagrams: Vec<DiagramKey>,
    /// The diagrams of each chapter.
    by_chapter: Vec<Vec<usize>>,
}

impl<'a> PageInputs<'a> {
    fn new(
        checked: &'a Checked,
        src: &'a str,
        plans: &'a [Plan],
        config: &'a Config,
        svgs: &'a [Vec<Arc<str>>],
        last: &[DiagramKey],
    ) -> Self {
        let book = &checked.resolved.book;
        let diagrams = book
            .diagrams
            .par_iter()
            .enumerate()
            .map(|(i, d)| match last.get(i) {
                Some(k) if same_for_page(&k.0, d) => k.clone(),
                _ => DiagramKey(Arc::new(d.clone())),
            })
            .collect();
        let mut by_chapter = vec![Vec::new(); book.chapters.len()];
        for (i, d) in book.diagrams.iter().enumerate() {
            if let Some(c) = d.chapter.filter(|&c| c < by_chapter.len()) {
                by_chapter[c].push(i);
            }
        }
        PageInputs {
            checked,
            src,
            plans,
            config,
            svgs,
            diagrams,
            by_chapter,
        }
    }

    /// The key every page of a language shares (`titles` and `includes` are the language's).
    fn lang_key(&self, titles: Vec<String>, includes: Vec<(String, String)>) -> LangKey {
        let book = &self.checked.resolved.book;
        let links = &self.checked.links;
        LangKey {
            id: book.id.clone(),
            info: book.info.clone(),
            languages: book.languages.clone(),
            plans: self.plans.to_vec(),
            titles,
            ids: links
                .ids()
                .into_iter()
                .map(|(k, e)| (k.to_string(), e.to_vec()))
                .collect(),
            element_chapters: links.chapter.clone(),
            game_info: {
                let mut v: Vec<_> = self
                    .checked
                    .resolved
                    .game_info
                    .iter()
                    .map(|(e, g)| (*e, g.clone()))
                    .collect();
                v.sort_unstable_by_key(|(e, _)| *e);
                v
            },
            bases: links.base.clone(),
            inline_bases: links.inline_base.clone(),
            config: self.config.clone(),
            includes,
        }
    }

    /// The key of chapter `ch`'s page in `lang`, the language of plan `pi`.
    fn chapter_key(&self, ch: usize, lang: &str, pi: usize) -> ChapterKey {
        let book = &self.checked.resolved.book;
        let chapter = &book.chapters[ch];
        let el_src = |e: usize| {
            let span = self.checked.doc.elements[e].span;
            self.src
                .get(span.start as usize..span.end as usize)
                .unwrap_or("")
                .to_string()
        };
        let mut diagrams = self.by_chapter[ch].clone();
        let mut blocks = Vec::new();
        for b in chapter
            .blocks
            .iter()
            .filter(|b| crate::resolve::shows_in(&b.langs, lang))
        {
            let mut b = b.clone();
            if let crate::resolve::model::BlockKind::Paragraph(p) = &mut b.kind {
                // The text a paragraph describes may be another chapter's diagram.
                diagrams.extend(p.reference);
                p.raw.span = Default::default();
            }
            let source = el_src(b.element);
            blocks.push((b, source));
        }
        diagrams.sort_unstable();
        diagrams.dedup();
        ChapterKey {
            chapter: ch,
            source: el_src(chapter.element),
            blocks,
            diagrams: diagrams
                .into_iter()
                .map(|d| (d, self.diagrams[d].clone(), self.svgs[pi][d].clone()))
                .collect(),
        }
    }
}

/// Writes files and copies images into `dir`.
fn write_files(
    dir: &Path,
    files: &[(PathBuf, std::sync::Arc<Vec<u8>>)],
    images: &[PathBuf],
    book_dir: &Path,
) -> Result<(), String> {
    let dirs: BTreeSet<PathBuf> = files
        .iter()
        .filter_map(|(rel, _)| dir.join(rel).parent().map(Path::to_path_buf))
        .collect();
    for d in &dirs {
        std::fs::create_dir_all(d).map_err(|e| format!("cannot create {}: {e}", d.display()))?;
    }
    // Hundreds of pages: the file system takes them faster from both cores.
    files.par_iter().try_for_each(|(rel, bytes)| {
        let p = dir.join(rel);
        std::fs::write(&p, bytes.as_slice())
            .map_err(|e| format!("cannot write {}: {e}", p.display()))
    })?;
    for rel in images {
        let to = dir.join(rel);
        if let Some(d) = to.parent() {
            std::fs::create_dir_all(d)
                .map_err(|e| format!("cannot create {}: {e}", d.display()))?;
        }
        std::fs::copy(book_dir.join(rel), &to)
            .map_err(|e| format!("cannot copy {}: {e}", rel.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The streamed build writes the same pages as `serve`'s render, which holds every
    /// diagram: each page was given the SVG of the diagrams it shows, and only those
    /// (a page asking for another chapter's diagram fails the debug assertion in `Site::svg`).
    #[test]
    fn a_build_writes_a_chapter_at_a_time_what_render_holds_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let text = "::book_en_de(#b) title=\"T\"\n\n::chapter(#one)\n\n::h1 One\n\n::go(#g) mv=\"Q16 D4 Q3 D16 R10\"\n\n\
                    ::fig(#f) base=g to=5 ca=\"Fig\"\n\n::p See <dia base=g at=3 mv=\"C3\">this</dia> and <dia ab=K10>that</dia>.\n\n\
                    ::chapter(#two)\n\n::h1 Two\n\n::p No diagrams here.\n\n\
                    ::chapter_de(#drei)\n\n::h1 Drei\n\n::dia ab=D4 width=half\n\n::dia ab=Q16 width=half\n\n::p Mit <dia ab=C3>einem</dia>.\n";
        let book = dir.path().join("b.gobook");
        std::fs::write(&book, text).unwrap();
        let out = dir.path().join("site");
        let quiet = |_: &str| {};
        let opts = Options {
            book: &book,
            text,
            out_dir: Some(&out),
            progress: &quiet,
            checked: None,
        };
        let rendered = render(&opts, &mut Cache::default()).unwrap();
        let summary = build(&opts, false).unwrap();
        assert_eq!(summary.pages, rendered.summary.pages);
        assert_eq!(summary.diagrams, 6);
        for (rel, bytes) in &rendered.files {
            assert_eq!(
                std::fs::read(out.join(rel)).unwrap(),
                **bytes,
                "{}",
                rel.display()
            );
        }
        let ranges = crate::check::check(text).resolved.book.chapter_diagrams();
        assert_eq!(ranges, vec![0..3, 0..0, 3..6]);
        let de = std::fs::read_to_string(out.join("de/drei.html")).unwrap();
        assert_eq!(
            de.matches("<svg").count(),
            3,
            "the German chapter shows its own three diagrams"
        );
    }
}
