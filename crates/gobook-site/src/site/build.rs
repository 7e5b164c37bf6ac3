//! The site writer: draws every diagram (in parallel), writes the pages of the laid-out
//! book, the style sheet and images into a fresh folder, and only then swaps it in for the
//! old site. `serve` renders the same site in memory ([`render`]), keeping what a next
//! build can reuse.

use crate::layout::book::LaidPage;
use crate::layout::diagram::{board_shape, diagram_title, words};
use crate::layout::plan::Plan;
use crate::layout::writer::{self, Input, Writer};
use crate::markup::includes::render_includes;
use crate::markup::Dialect;
use crate::project::build::{local_images, BuildError, Options, Product, DEFAULT_OUT_DIR};
use crate::project::config::Config;
use crate::project::error::{io, ProjectError};
use crate::project::{output, script, theme};
use crate::render::svg::{relabel, render_inline, BoardDiagram};
use crate::site::html::{self, Site};
use crate::site::kept::{Kept, Settings};
use crate::site::nav::NavFile;
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

/// Work kept between builds (by `serve`), only what pays: the resolved Go data and
/// diagrams by the text that determines them, each chapter's layout by the reads it was
/// made from (`layout::cache`), each diagram's SVG by the renderer's input, each page by
/// its laid-out value, and the search indexes by what they show (see
/// [`Kept`]). Every key is compared in full, so a page or diagram is reused only when a
/// fresh build would make the same bytes.
#[derive(Default)]
pub struct Cache {
    resolve: crate::resolve::cache::ResolveCache,
    layout: crate::layout::cache::LayoutCache,
    kept: Kept,
    /// Diagrams drawn by the last build (not found in the cache).
    pub diagrams_drawn: usize,
    /// Pages written by the last build (not found in the cache).
    pub pages_rendered: usize,
    /// Pages whose share of the text index the last build made (not found in the cache).
    pub pages_indexed: usize,
}

impl Cache {
    /// Chapters (in all languages) the last build laid out again, not found kept.
    pub fn chapters_laid_out(&self) -> usize {
        self.layout.laid_out
    }
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
    /// What the build read from the book's folder (with the caller's reads before it, when
    /// the caller was recording: `serve`).
    pub reads: crate::project::reads::Record,
}

/// Builds the site of a book and swaps it in. Pages go straight into a fresh folder beside
/// the site, a chapter at a time (see [`write_pages`]): a build holds the book, not its site.
/// The output folder must be gobook's own (empty, absent, or written by an earlier build)
/// unless `force`; see [`output`].
pub fn build(opts: &Options, force: bool) -> Result<Summary, BuildError> {
    // Nothing to keep for a next build: the resolution's cache would only copy every diagram.
    writer::run(
        &mut SiteBuild { force },
        opts,
        &mut crate::resolve::cache::ResolveCache::once(),
    )
}

/// The site written to disk.
struct SiteBuild {
    force: bool,
}

impl Writer for SiteBuild {
    type Output = Summary;

    fn prepare(&mut self, opts: &Options, config: &Config) -> Result<(), BuildError> {
        let out = output::out_dir(
            opts.out_dir,
            config.out_dir.as_deref(),
            DEFAULT_OUT_DIR,
            opts.book,
        )?;
        output::check_owned(&out, self.force)?;
        Ok(())
    }

    fn write(&mut self, input: &Input) -> Result<Summary, BuildError> {
        let start = Instant::now();
        let opts = input.opts;
        let setup = setup(input)?;
        let checked = input.book.checked;
        let own = own_files(input.book.book(), &setup.plans);
        let product = Product {
            files: &own,
            name: "the site",
        };
        let found = local_images(
            checked,
            &setup.name,
            opts.text,
            input.book_dir,
            false,
            &product,
        )?;
        // Everything read by now: the settings, the book and its includes (a missing one
        // too), the images, the theme and the style sheets.
        let reads: Vec<PathBuf> = input.reads.record().paths().cloned().collect();
        output::check_reads(&setup.out_dir, input.book_dir, &reads)?;
        let staged = output::stage(&setup.out_dir)?;
        let site = setup.site(input, &[]);
        let pages = write_pages(&site, staged.path())?;
        (opts.progress)(&format!(
            "{pages} page{}",
            if pages == 1 { "" } else { "s" }
        ));
        let mut files = site_files(&site, &setup.css, &setup.js);
        for (name, bytes) in crate::site::finding::search_files(site.laid) {
            files.push((PathBuf::from(name), bytes));
        }
        write_files(staged.path(), &files, &found.images, input.book_dir)?;
        let put_aside = output::swap_in(staged, &setup.out_dir)?;
        Ok(setup.summary(input, pages, start, put_aside))
    }
}

/// The files of a site besides its pages and search indexes: the language chooser of a
/// site in several languages, the sitemap, the style sheet, the icon, the script and the
/// shared navigation of each language.
fn site_files(site: &Site, css: &str, js: &str) -> Vec<(PathBuf, Arc<Vec<u8>>)> {
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
    files.push((
        PathBuf::from(own_files::STYLE),
        Arc::new(css.as_bytes().to_vec()),
    ));
    files.push((
        PathBuf::from(html::FAVICON),
        Arc::new(html::FAVICON_SVG.as_bytes().to_vec()),
    ));
    files.push((
        PathBuf::from(own_files::SCRIPT),
        Arc::new(js.as_bytes().to_vec()),
    ));
    for nav in site.navs {
        files.push((PathBuf::from(&nav.name), nav.bytes.clone()));
    }
    files
}

/// Writes the HTML pages of every language into `dir` and returns how many. Chapters go in
/// parallel, each drawing its own diagrams just before its pages and dropping them after:
/// the SVG of every diagram in every language at once was most of a build's memory.
fn write_pages(site: &Site, dir: &Path) -> Result<usize, BuildError> {
    let laid = site.laid;
    let book = laid.book();
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
        std::fs::create_dir_all(folder).map_err(io("create", folder))?;
    }
    let write = |site: &Site, pi: usize, page: &LaidPage| {
        let path = folders[pi].join(&site.plans[pi].pages[page.index].file);
        std::fs::write(&path, html::page(site, pi, page)).map_err(io("write", &path))
    };
    // The generated contents pages show no diagrams.
    for (pi, language) in laid.languages.iter().enumerate() {
        for page in language.pages.iter().filter(|pg| pg.chapter.is_none()) {
            write(site, pi, page)?;
        }
    }
    // Each language's page of each chapter, and the diagrams of each chapter (a contiguous run).
    let mut page_of: Vec<Vec<Option<&LaidPage>>> =
        vec![vec![None; laid.languages.len()]; book.chapters.len()];
    for (pi, language) in laid.languages.iter().enumerate() {
        for page in &language.pages {
            if let Some(c) = page.chapter {
                page_of[c][pi] = Some(page);
            }
        }
    }
    let diagrams = book.chapter_diagrams();
    (0..book.chapters.len()).into_par_iter().try_for_each(|c| {
        let range = diagrams[c].clone();
        let svgs = chapter_drawings(site, range.clone(), &page_of[c]);
        let chapter_site = Site {
            svgs: &svgs,
            svgs_from: range.start,
            ..*site
        };
        for (pi, page) in page_of[c].iter().enumerate() {
            if let Some(page) = page {
                write(&chapter_site, pi, page)?;
            }
        }
        Ok::<(), ProjectError>(())
    })?;
    Ok(site.plans.iter().map(|p| p.pages.len()).sum())
}

/// The SVG of the diagrams `range` in each language that has a page among `pages`.
/// Diagrams differ between languages only in their words (title and description): each
/// is drawn once and relabelled.
fn chapter_drawings(
    site: &Site,
    range: std::ops::Range<usize>,
    pages: &[Option<&LaidPage>],
) -> Vec<Vec<Arc<str>>> {
    let book = site.laid.book();
    let drawn: Vec<(BoardDiagram, String)> = book.diagrams[range.clone()]
        .par_iter()
        .zip(range.clone())
        .map(|(d, i)| {
            let shape = board_shape(d);
            let svg = render_inline(&shape, &format!("d{i}"));
            (shape, svg)
        })
        .collect();
    site.plans
        .iter()
        .zip(pages)
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
        .collect()
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
    /// The shared navigation of each language, made once for all its pages.
    navs: Vec<NavFile>,
    css: String,
    js: String,
}

impl Setup {
    /// The site of `input` with the drawings `svgs` (see [`Site::svgs`]).
    fn site<'a>(&'a self, input: &'a Input, svgs: &'a [Vec<Arc<str>>]) -> Site<'a> {
        Site {
            laid: input.book,
            plans: &self.plans,
            multi: self.multi,
            config: input.config,
            svgs,
            svgs_from: 0,
            includes: &self.includes,
            navs: &self.navs,
        }
    }

    /// What a build of `pages` pages that began at `start` did.
    fn summary(
        &self,
        input: &Input,
        pages: usize,
        start: Instant,
        put_aside: Option<crate::project::aside::Aside>,
    ) -> Summary {
        let book = input.book.book();
        Summary {
            out_dir: self.out_dir.clone(),
            languages: self.plans.len(),
            chapters: book.chapters.len(),
            diagrams: book.diagrams.len(),
            pages,
            elapsed: start.elapsed(),
            put_aside,
        }
    }
}

/// Checks the settings against the book and renders includes, style sheet and script.
fn setup(input: &Input) -> Result<Setup, BuildError> {
    let (opts, config) = (input.opts, input.config);
    let name = opts.book.display().to_string();
    let out_dir = input.out_dir()?;
    let book = input.book.book();
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
    let plans: Vec<Plan> = input
        .book
        .languages
        .iter()
        .map(|l| l.plan.clone())
        .collect();
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
        input.book.checked,
        input.book_dir,
        &plans,
        Dialect::Html,
        config.buy_url.as_deref(),
    )
    // Missing includes are reported in the book itself.
    .map_err(|e| e.in_book(&name, opts.text))?;
    let chosen_theme = theme::theme(config.theme.as_deref(), input.book_dir)?;
    let css = theme::stylesheet(&chosen_theme, &config.extra_css, input.book_dir)?;
    let js = script::script(&chosen_theme)?;
    Ok(Setup {
        name,
        out_dir,
        plans,
        multi,
        includes,
        navs: crate::site::nav::nav_files(input.book),
        css,
        js,
    })
}

/// Renders the site of a book in memory, reusing what `cache` holds from the last build.
pub fn render(opts: &Options, cache: &mut Cache) -> Result<Rendered, BuildError> {
    let mut writer = SiteRender {
        kept: std::mem::take(&mut cache.kept),
        drawn: 0,
        rendered: 0,
        indexed: 0,
    };
    let result = writer::run_with(&mut writer, opts, &mut cache.resolve, &mut cache.layout);
    cache.kept = writer.kept;
    cache.diagrams_drawn = writer.drawn;
    cache.pages_rendered = writer.rendered;
    cache.pages_indexed = writer.indexed;
    result
}

/// The site rendered in memory, with what the last build left.
struct SiteRender {
    kept: Kept,
    drawn: usize,
    rendered: usize,
    indexed: usize,
}

impl Writer for SiteRender {
    type Output = Rendered;

    fn write(&mut self, input: &Input) -> Result<Rendered, BuildError> {
        let start = Instant::now();
        let mut stages = crate::timings::Stages::new("");
        let mut mark = |what: &str| stages.mark(what);
        let setup = setup(input)?;
        mark("includes and style sheet");
        let site = setup.site(input, &[]);
        let settings = (0..setup.plans.len())
            .map(|pi| Settings::of(&site, pi))
            .collect();
        let made = self.kept.make(&site, settings);
        (self.drawn, self.rendered, self.indexed) = (made.drawn, made.rendered, made.indexed);
        mark("pages, their diagrams and the search indexes");
        let pages = made.pages;
        let mut files = made.files;
        files.extend(site_files(&site, &setup.css, &setup.js));
        (input.opts.progress)(&format!(
            "{pages} page{}",
            if pages == 1 { "" } else { "s" }
        ));
        let own = own_files(input.book.book(), &setup.plans);
        let product = Product {
            files: &own,
            name: "the site",
        };
        let text = input.opts.text;
        let found = local_images(
            input.book.checked,
            &setup.name,
            text,
            input.book_dir,
            false,
            &product,
        )?;
        mark("images");
        Ok(Rendered {
            files,
            images: found.images,
            included: found.included,
            out_dir: setup.out_dir.clone(),
            book_dir: input.book_dir.to_path_buf(),
            summary: setup.summary(input, pages, start, None),
            reads: input.reads.record(),
        })
    }
}

/// Writes files and copies images into `dir`.
fn write_files(
    dir: &Path,
    files: &[(PathBuf, std::sync::Arc<Vec<u8>>)],
    images: &[PathBuf],
    book_dir: &Path,
) -> Result<(), ProjectError> {
    let dirs: BTreeSet<PathBuf> = files
        .iter()
        .filter_map(|(rel, _)| dir.join(rel).parent().map(Path::to_path_buf))
        .collect();
    for d in &dirs {
        std::fs::create_dir_all(d).map_err(io("create", d))?;
    }
    // Hundreds of pages: the file system takes them faster from both cores.
    files.par_iter().try_for_each(|(rel, bytes)| {
        let p = dir.join(rel);
        std::fs::write(&p, bytes.as_slice()).map_err(io("write", &p))
    })?;
    for rel in images {
        let to = dir.join(rel);
        if let Some(d) = to.parent() {
            std::fs::create_dir_all(d).map_err(io("create", d))?;
        }
        std::fs::copy(book_dir.join(rel), &to).map_err(io("copy", rel))?;
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
