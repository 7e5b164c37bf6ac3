//! Runs a whole build: check the book, plan the pages of each language, render
//! every diagram in parallel, write pages, style sheet and images into a fresh
//! folder, and only then swap it in for the old site.

use crate::check::{check, Checked};
use crate::diagnostics::Diagnostic;
use crate::render::board::{board_diagram, board_shape, diagram_title};
use crate::render::svg::{render_inline, retitle};
use crate::site::config::{self, Config};
use crate::site::html::{self, Site};
use crate::site::includes::{self, IncludeError, Included};
use crate::site::pages::{self, Plan};
use crate::site::{script, theme};
use maud::Markup;
use rayon::prelude::*;
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
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
}

/// Why a build failed; the previous site is untouched in every case.
#[derive(Debug)]
pub enum BuildError {
    /// Problems in a book file (the book or an included file), with their places.
    Content { name: String, text: String, diagnostics: Vec<Diagnostic> },
    /// Anything else: settings, files, folders.
    Other(String),
}

impl From<String> for BuildError {
    fn from(s: String) -> Self {
        BuildError::Other(s)
    }
}

/// How to build.
pub struct Options<'a> {
    /// The book file.
    pub book: &'a Path,
    /// The book text (already read and decoded).
    pub text: &'a str,
    /// Output folder given on the command line, overriding `gobook.toml`.
    pub out_dir: Option<&'a Path>,
    /// Called with a line of progress.
    pub progress: &'a (dyn Fn(&str) + Sync),
    /// The book already checked (by a command that printed its warnings), so it is not checked again.
    pub checked: Option<&'a Checked>,
}

/// The checked book of a build: the one given, or a fresh check through `cache`.
pub fn checked_book<'a>(opts: &Options<'a>, cache: &mut crate::resolve::cache::ResolveCache, owned: &'a mut Option<Checked>) -> Result<&'a Checked, BuildError> {
    let checked: &'a Checked = match opts.checked {
        Some(c) => c,
        // Text warnings are for `check`; the build needs only errors, which they never are.
        None => owned.insert(crate::check::check_for_build(opts.text, cache)),
    };
    if checked.has_errors() {
        return Err(BuildError::Content { name: opts.book.display().to_string(), text: opts.text.to_string(), diagnostics: checked.diagnostics.clone() });
    }
    Ok(checked)
}

/// Work kept between builds (by `serve`): diagram SVG by the content that determines it,
/// and pages by everything they are made from.
#[derive(Default)]
pub struct Cache {
    resolve: crate::resolve::cache::ResolveCache,
    svgs: HashMap<u64, std::sync::Arc<str>>,
    pages: HashMap<(String, String), (u64, std::sync::Arc<Vec<u8>>)>,
    /// Diagrams drawn by the last build (not found in the cache).
    pub diagrams_drawn: usize,
    /// Pages written by the last build (not found in the cache).
    pub pages_rendered: usize,
}

/// A site in memory: every file, and the local images to copy from the book's folder.
pub struct Rendered {
    /// Paths relative to the site root, and their bytes.
    pub files: Vec<(PathBuf, std::sync::Arc<Vec<u8>>)>,
    /// Images, relative to the book's folder and to the site root alike.
    pub images: Vec<PathBuf>,
    /// The folder the site belongs in.
    pub out_dir: PathBuf,
    /// The book's folder.
    pub book_dir: PathBuf,
    /// What was built.
    pub summary: Summary,
}

/// The output folder when neither the command line nor `gobook.toml` names one.
pub const DEFAULT_OUT_DIR: &str = "site";

/// Builds the site of a book and swaps it in. Pages go straight into a fresh folder beside
/// the site, a chapter at a time (see [`write_pages`]): a build holds the book, not its site.
pub fn build(opts: &Options) -> Result<Summary, BuildError> {
    let start = Instant::now();
    let book_dir = book_dir(opts);
    let config = config::load(&book_dir)?;
    let mut owned = None;
    // Nothing to keep for a next build: the resolution's cache would only copy every diagram.
    let checked = checked_book(opts, &mut crate::resolve::cache::ResolveCache::once(), &mut owned)?;
    let Setup { name, out_dir, plans, multi, includes, css, js } = setup(opts, checked, &book_dir, &config)?;
    let images = local_images(checked, &name, opts.text, &book_dir)?;
    let staged = staging(&out_dir)?;
    let site = Site { src: opts.text, checked, plans: &plans, multi, config: &config, svgs: &[], svgs_from: 0, includes: &includes };
    let pages = write_pages(&site, &staged.dir)?;
    (opts.progress)(&format!("{pages} pages"));
    let mut files = Vec::new();
    if multi {
        files.push((PathBuf::from("index.html"), std::sync::Arc::new(html::language_index(&site).into_bytes())));
    }
    files.push((PathBuf::from("style.css"), std::sync::Arc::new(css.into_bytes())));
    files.push((PathBuf::from("gobook.js"), std::sync::Arc::new(js.into_bytes())));
    write_files(&staged.dir, &files, &images, &book_dir)?;
    swap_in(staged, &out_dir)?;
    let book = &checked.resolved.book;
    Ok(Summary { out_dir, languages: plans.len(), chapters: book.chapters.len(), diagrams: book.diagrams.len(), pages, elapsed: start.elapsed() })
}

/// Writes the HTML pages of every language into `dir` and returns how many. Chapters go in
/// parallel, each drawing its own diagrams just before its pages and dropping them after:
/// the SVG of every diagram in every language at once was most of a build's memory.
fn write_pages(site: &Site, dir: &Path) -> Result<usize, BuildError> {
    let book = &site.checked.resolved.book;
    let folders: Vec<PathBuf> = site.plans.iter().map(|p| if site.multi { dir.join(&p.lang) } else { dir.to_path_buf() }).collect();
    for folder in &folders {
        std::fs::create_dir_all(folder).map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
    }
    let write = |site: &Site, pi: usize, p: usize| {
        let path = folders[pi].join(&site.plans[pi].pages[p].file);
        std::fs::write(&path, html::page(site, pi, p)).map_err(|e| format!("cannot write {}: {e}", path.display()))
    };
    // The generated contents pages show no diagrams.
    for (pi, plan) in site.plans.iter().enumerate() {
        for (p, _) in plan.pages.iter().enumerate().filter(|(_, pg)| pg.chapter.is_none()) {
            write(site, pi, p)?;
        }
    }
    // Each language's page of each chapter, and the diagrams of each chapter (a contiguous run).
    let mut page_of: Vec<Vec<Option<usize>>> = vec![vec![None; site.plans.len()]; book.chapters.len()];
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
        // Diagrams differ between languages only in their title: each is drawn once and retitled.
        let drawn: Vec<String> = book.diagrams[range.clone()].par_iter().zip(range.clone()).map(|(d, i)| render_inline(&board_shape(d), &format!("d{i}"))).collect();
        let svgs: Vec<Vec<std::sync::Arc<str>>> = site
            .plans
            .iter()
            .zip(&page_of[c])
            .map(|(plan, page)| match page {
                Some(_) => drawn.iter().zip(&book.diagrams[range.clone()]).map(|(svg, d)| retitle(svg, &diagram_title(book, d, &plan.lang)).into()).collect(),
                None => Vec::new(),
            })
            .collect();
        drop(drawn);
        let chapter_site = Site { svgs: &svgs, svgs_from: range.start, ..*site };
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
    opts.book.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new(".")).to_path_buf()
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
fn setup(opts: &Options, checked: &Checked, book_dir: &Path, config: &Config) -> Result<Setup, BuildError> {
    let name = opts.book.display().to_string();
    let out_dir = match opts.out_dir {
        Some(p) => p.to_path_buf(),
        None => book_dir.join(config.out_dir.clone().unwrap_or_else(|| PathBuf::from(DEFAULT_OUT_DIR))),
    };
    guard_out_dir(&out_dir, book_dir)?;
    let book = &checked.resolved.book;
    let plans: Vec<Plan> = book.languages.iter().map(|l| pages::plan(book, l)).collect();
    let multi = plans.len() > 1;
    (opts.progress)(&format!(
        "{} chapters, {} diagrams, {} language{}",
        book.chapters.len(),
        book.diagrams.len(),
        plans.len(),
        if multi { "s" } else { "" }
    ));
    let includes = render_includes(checked, book_dir, &plans).map_err(|e| match e {
        // Missing includes are reported in the book itself.
        BuildError::Content { name: n, text: t, diagnostics } if n.is_empty() && t.is_empty() => {
            BuildError::Content { name: name.clone(), text: opts.text.to_string(), diagnostics }
        }
        other => other,
    })?;
    let chosen_theme = theme::theme(config.theme.as_deref(), book_dir)?;
    let css = theme::stylesheet(&chosen_theme, &config.extra_css.iter().map(|p| book_dir.join(p)).collect::<Vec<_>>())?;
    let js = script::script(&chosen_theme)?;
    Ok(Setup { name, out_dir, plans, multi, includes, css, js })
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
    let Setup { name, out_dir, plans, multi, includes, css, js } = setup(opts, checked, &book_dir, &config)?;
    let book = &checked.resolved.book;

    mark("plans, includes and style sheet");
    // Diagrams differ between languages only in their title, so each is drawn once and
    // retitled for the other languages, and only when the cache has not seen the same input.
    let shapes: Vec<(u64, crate::render::svg::BoardDiagram)> = book
        .diagrams
        .par_iter()
        .enumerate()
        .map(|(i, d)| {
            let bd = board_shape(d);
            (crate::resolve::cache::key(&(&bd, i)), bd)
        })
        .collect();
    let diagram_titles: Vec<Vec<String>> = plans.iter().map(|p| book.diagrams.par_iter().map(|d| diagram_title(book, d, &p.lang)).collect()).collect();
    let svg_keys: Vec<Vec<u64>> = diagram_titles.iter().map(|ts| shapes.iter().zip(ts).map(|((k, _), t)| crate::resolve::cache::key(&(k, t))).collect()).collect();
    let cached = &cache.svgs;
    let drawn: Vec<Vec<(u64, std::sync::Arc<str>)>> = shapes
        .par_iter()
        .enumerate()
        .filter(|(i, _)| svg_keys.iter().any(|ks| !cached.contains_key(&ks[*i])))
        .map(|(i, (_, bd))| {
            let svg = render_inline(bd, &format!("d{i}"));
            svg_keys.iter().zip(&diagram_titles).filter(|(ks, _)| !cached.contains_key(&ks[i])).map(|(ks, ts)| (ks[i], retitle(&svg, &ts[i]).into())).collect()
        })
        .collect();
    cache.diagrams_drawn = drawn.len();
    cache.svgs.extend(drawn.into_iter().flatten());
    let svgs: Vec<Vec<std::sync::Arc<str>>> = svg_keys.iter().map(|ks| ks.iter().map(|k| cache.svgs[k].clone()).collect()).collect();
    mark("diagrams");
    let site = Site { src: opts.text, checked: &checked, plans: &plans, multi, config: &config, svgs: &svgs, svgs_from: 0, includes: &includes };
    let mut files: Vec<(PathBuf, std::sync::Arc<Vec<u8>>)> = Vec::new();
    cache.pages_rendered = 0;
    let global = crate::resolve::cache::key(&(
        &book.info,
        &book.languages,
        plans.iter().map(|p| (&p.lang, p.pages.iter().map(|pg| (&pg.file, pg.chapter)).collect::<Vec<_>>())).collect::<Vec<_>>(),
        &config.buy_url,
        includes.iter().map(|m| m.iter().map(|(k, v)| (k.clone(), v.0.clone())).collect::<std::collections::BTreeMap<_, _>>()).collect::<Vec<_>>(),
    ));
    for (pi, plan) in plans.iter().enumerate() {
        let dir = if multi { PathBuf::from(&plan.lang) } else { PathBuf::new() };
        let titles: Vec<String> = (0..plan.pages.len()).map(|p| html::page_title(&site, plan, p)).collect();
        let mut anchors: Vec<(&usize, &(usize, String))> = plan.anchors.iter().collect();
        anchors.sort();
        let lang_key = crate::resolve::cache::key(&(global, &titles, &anchors));
        let keys: Vec<u64> = plan.pages.iter().map(|pg| crate::resolve::cache::key(&(lang_key, &pg.file, pg.chapter.map(|c| chapter_key(&checked, opts.text, c, &plan.lang, &svg_keys[pi]))))).collect();
        let rendered: Vec<(usize, Vec<u8>)> = (0..plan.pages.len())
            .into_par_iter()
            .filter(|&p| cache.pages.get(&(plan.lang.clone(), plan.pages[p].file.clone())).is_none_or(|(k, _)| *k != keys[p]))
            .map(|p| (p, html::page(&site, pi, p).into_bytes()))
            .collect();
        cache.pages_rendered += rendered.len();
        for (p, bytes) in rendered {
            cache.pages.insert((plan.lang.clone(), plan.pages[p].file.clone()), (keys[p], std::sync::Arc::new(bytes)));
        }
        for pg in &plan.pages {
            let (_, bytes) = &cache.pages[&(plan.lang.clone(), pg.file.clone())];
            files.push((dir.join(&pg.file), bytes.clone()));
        }
    }
    mark("pages");
    let pages = files.len();
    if multi {
        files.push((PathBuf::from("index.html"), std::sync::Arc::new(html::language_index(&site).into_bytes())));
    }
    files.push((PathBuf::from("style.css"), std::sync::Arc::new(css.into_bytes())));
    files.push((PathBuf::from("gobook.js"), std::sync::Arc::new(js.into_bytes())));
    (opts.progress)(&format!("{pages} pages"));
    let images = local_images(&checked, &name, opts.text, &book_dir)?;
    mark("images");

    let summary = Summary {
        out_dir: out_dir.clone(),
        languages: plans.len(),
        chapters: book.chapters.len(),
        diagrams: book.diagrams.len(),
        pages,
        elapsed: start.elapsed(),
    };
    Ok(Rendered { files, images, out_dir, book_dir, summary })
}


/// What a chapter's page in `lang` is made from, besides titles and links: the source of
/// its elements shown in that language, and the diagrams it shows or refers to (by the
/// key of their SVG, which stands for its content).
fn chapter_key(checked: &Checked, src: &str, ch: usize, lang: &str, svgs: &[u64]) -> u64 {
    use std::hash::{Hash, Hasher};
    let book = &checked.resolved.book;
    let chapter = &book.chapters[ch];
    let mut h = crate::resolve::cache::hasher();
    let el_src = |e: usize| {
        let span = checked.doc.elements[e].span;
        src.get(span.start as usize..span.end as usize).unwrap_or("")
    };
    el_src(chapter.element).hash(&mut h);
    for b in chapter.blocks.iter().filter(|b| crate::resolve::shows_in(&b.langs, lang)) {
        el_src(b.element).hash(&mut h);
        let referenced = match &b.kind {
            crate::resolve::model::BlockKind::Paragraph(p) => p.reference,
            crate::resolve::model::BlockKind::Diagram(d) => Some(*d),
            _ => None,
        };
        if let Some(d) = referenced {
            svgs[d].hash(&mut h);
        }
    }
    // Inline diagrams of the chapter.
    for (d, dia) in book.diagrams.iter().enumerate() {
        if dia.chapter == Some(ch) && dia.role == crate::resolve::model::DiagramRole::Inline {
            svgs[d].hash(&mut h);
        }
    }
    h.finish()
}

/// Refuses output folders that would swallow the book: the book's own folder or one above it.
pub fn guard_out_dir(out: &Path, book_dir: &Path) -> Result<(), String> {
    let abs = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let (o, b) = (abs(out), abs(book_dir));
    if b.starts_with(&o) {
        return Err(format!(
            "the output folder {} holds the book itself; choose a folder of its own, e.g. -o {}",
            out.display(),
            book_dir.join(DEFAULT_OUT_DIR).display()
        ));
    }
    Ok(())
}

/// Renders every included file once per language.
pub fn render_includes(checked: &Checked, book_dir: &Path, plans: &[Plan]) -> Result<Vec<HashMap<String, Markup>>, BuildError> {
    let mut urls = BTreeSet::new();
    for ch in &checked.resolved.book.chapters {
        for b in &ch.blocks {
            if let crate::resolve::model::BlockKind::Include { url } = &b.kind {
                urls.insert(url.clone());
            }
        }
    }
    let mut out = vec![HashMap::new(); plans.len()];
    for (k, url) in urls.into_iter().enumerate() {
        match includes::read(&url, book_dir) {
            Ok(Included::Markdown(m)) => {
                for o in out.iter_mut() {
                    o.insert(url.clone(), m.clone());
                }
            }
            Ok(Included::Gobook { text, .. }) => {
                let wrapped = includes::wrap(&text);
                let sub = check(&wrapped);
                let sub_book = &sub.resolved.book;
                let sub_plans: Vec<Plan> = plans.iter().map(|p| pages::plan(sub_book, &p.lang)).collect();
                let svgs: Vec<Vec<std::sync::Arc<str>>> = sub_plans
                    .iter()
                    .map(|p| sub_book.diagrams.iter().enumerate().map(|(i, d)| render_inline(&board_diagram(sub_book, d, &p.lang), &format!("inc{i}")).into()).collect())
                    .collect();
                let none: Vec<HashMap<String, Markup>> = Vec::new();
                let cfg = Config::default();
                let site = Site { src: &wrapped, checked: &sub, plans: &sub_plans, multi: plans.len() > 1, config: &cfg, svgs: &svgs, svgs_from: 0, includes: &none };
                for (pi, o) in out.iter_mut().enumerate() {
                    let body = html::included_body(&site, pi).into_string();
                    o.insert(url.clone(), maud::PreEscaped(prefix_element_ids(&body, &format!("inc{k}-"))));
                }
            }
            Err(IncludeError::Missing(msg)) => {
                // Point at the include that names the missing file.
                let span = checked
                    .doc
                    .elements
                    .iter()
                    .filter(|e| e.kind == crate::format::schema::ElementKind::Include)
                    .filter_map(|e| e.attr("url"))
                    .find(|a| a.value == url)
                    .map(|a| a.value_span)
                    .unwrap_or_default();
                let mut d = crate::diagnostics::Diagnostics::default();
                d.error(span, "missing-include", msg);
                return Err(BuildError::Content { name: String::new(), text: String::new(), diagnostics: d.into_vec() });
            }
            Err(IncludeError::Content { name, text, diagnostics }) => return Err(BuildError::Content { name, text, diagnostics }),
        }
    }
    Ok(out)
}

/// Prefixes the generated element anchors (`id="e12"`) of an included file's markup:
/// they count the included file's elements and would repeat the book's own.
fn prefix_element_ids(html: &str, prefix: &str) -> String {
    let mut out = String::with_capacity(html.len() + 64);
    let mut rest = html;
    while let Some(i) = rest.find(" id=\"e") {
        let after = &rest[i + 6..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        out.push_str(&rest[..i + 5]);
        if digits > 0 && after.as_bytes().get(digits) == Some(&b'"') {
            out.push_str(prefix);
        }
        rest = &rest[i + 5..];
    }
    out.push_str(rest);
    out
}

/// Local image files the book uses (image elements, inline images, the cover), checked to exist.
pub fn local_images(checked: &Checked, name: &str, text: &str, book_dir: &Path) -> Result<Vec<PathBuf>, BuildError> {
    use crate::diagnostics::{Diagnostics, Severity};
    let mut found = BTreeSet::new();
    let mut diags = Diagnostics::default();
    let mut visit = |url: &str, span: crate::format::syntax::Span| {
        if url.is_empty() || crate::site::rich::is_external(url) {
            return;
        }
        let rel = PathBuf::from(url.trim_start_matches("./"));
        let safe = rel.components().all(|c| matches!(c, std::path::Component::Normal(_)));
        if !safe {
            diags.error(span, "image-outside-book", format!("the image `{url}` is outside the book's folder; put it beside the book"));
        } else if !book_dir.join(&rel).is_file() {
            diags.error(span, "missing-image", format!("the image `{url}` does not exist (looked in {})", book_dir.display()));
        } else if !inside(book_dir, &rel) {
            // A symbolic link out of the book's folder would publish a file the author never meant to.
            diags.error(span, "image-outside-book", format!("the image `{url}` is a link to a file outside the book's folder"));
        } else {
            found.insert(rel);
        }
    };
    for el in &checked.doc.elements {
        if el.kind == crate::format::schema::ElementKind::Img {
            if let Some(a) = el.attr("url") {
                visit(&a.value, a.value_span);
            }
        }
        if let Some(v) = &el.value {
            for part in crate::format::inline::parse(v, &mut Diagnostics::default()) {
                if let crate::format::inline::Inline::Img { attrs, .. } = part {
                    if let Some(a) = attrs.iter().find(|a| a.name == "url") {
                        visit(&a.value, a.value_span);
                    }
                }
            }
        }
    }
    let diagnostics = diags.into_vec();
    if diagnostics.iter().any(|d| d.severity == Severity::Error) {
        return Err(BuildError::Content { name: name.to_string(), text: text.to_string(), diagnostics });
    }
    Ok(found.into_iter().collect())
}

/// Whether `rel` resolves (links followed) to a file inside `dir`.
fn inside(dir: &Path, rel: &Path) -> bool {
    match (dir.canonicalize(), dir.join(rel).canonicalize()) {
        (Ok(root), Ok(full)) => full.starts_with(root),
        _ => false,
    }
}

/// Writes everything into a fresh folder beside the target, then swaps it in.
pub fn write_site(out: &Path, files: &[(PathBuf, std::sync::Arc<Vec<u8>>)], images: &[PathBuf], book_dir: &Path) -> Result<(), String> {
    let staged = staging(out)?;
    write_files(&staged.dir, files, images, book_dir)?;
    swap_in(staged, out)
}

/// A fresh folder beside the site's for the new site, removed again if the build fails.
struct Staging {
    dir: PathBuf,
    /// Where the previous site goes while the new one moves in.
    aside: PathBuf,
    keep: bool,
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.keep {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

fn staging(out: &Path) -> Result<Staging, String> {
    let parent = out.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(parent).map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    let base = out.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "site".into());
    let dir = parent.join(format!(".{base}.gobook-new-{}", std::process::id()));
    let aside = parent.join(format!(".{base}.gobook-old-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    Ok(Staging { dir, aside, keep: false })
}

/// Writes files and copies images into `dir`.
fn write_files(dir: &Path, files: &[(PathBuf, std::sync::Arc<Vec<u8>>)], images: &[PathBuf], book_dir: &Path) -> Result<(), String> {
    let dirs: BTreeSet<PathBuf> = files.iter().filter_map(|(rel, _)| dir.join(rel).parent().map(Path::to_path_buf)).collect();
    for d in &dirs {
        std::fs::create_dir_all(d).map_err(|e| format!("cannot create {}: {e}", d.display()))?;
    }
    // Hundreds of pages: the file system takes them faster from both cores.
    files.par_iter().try_for_each(|(rel, bytes)| {
        let p = dir.join(rel);
        std::fs::write(&p, bytes.as_slice()).map_err(|e| format!("cannot write {}: {e}", p.display()))
    })?;
    for rel in images {
        let to = dir.join(rel);
        if let Some(d) = to.parent() {
            std::fs::create_dir_all(d).map_err(|e| format!("cannot create {}: {e}", d.display()))?;
        }
        std::fs::copy(book_dir.join(rel), &to).map_err(|e| format!("cannot copy {}: {e}", rel.display()))?;
    }
    Ok(())
}

/// Puts the staged site in place of `out`; the previous site stays if that fails.
fn swap_in(mut staged: Staging, out: &Path) -> Result<(), String> {
    let old = staged.aside.clone();
    let had_old = out.exists();
    if had_old {
        std::fs::rename(out, &old).map_err(|e| format!("cannot move the previous site {} aside: {e}", out.display()))?;
    }
    if let Err(e) = std::fs::rename(&staged.dir, out) {
        if had_old {
            let _ = std::fs::rename(&old, out);
        }
        return Err(format!("cannot move the new site into {}: {e}", out.display()));
    }
    staged.keep = true;
    if had_old {
        let _ = std::fs::remove_dir_all(&old);
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
        let opts = Options { book: &book, text, out_dir: Some(&out), progress: &quiet, checked: None };
        let rendered = render(&opts, &mut Cache::default()).unwrap();
        let summary = build(&opts).unwrap();
        assert_eq!(summary.pages, rendered.summary.pages);
        assert_eq!(summary.diagrams, 6);
        for (rel, bytes) in &rendered.files {
            assert_eq!(std::fs::read(out.join(rel)).unwrap(), **bytes, "{}", rel.display());
        }
        let ranges = check(text).resolved.book.chapter_diagrams();
        assert_eq!(ranges, vec![0..3, 0..0, 3..6]);
        let de = std::fs::read_to_string(out.join("de/drei.html")).unwrap();
        assert_eq!(de.matches("<svg").count(), 3, "the German chapter shows its own three diagrams");
    }

    #[test]
    fn included_element_ids_get_a_prefix_and_nothing_else_does() {
        assert_eq!(
            prefix_element_ids(r#"<p id="e3">a</p><p id="e3x" class="e4"><svg id="eh"/></p><h2 id="e12">"#, "inc0-"),
            r#"<p id="inc0-e3">a</p><p id="e3x" class="e4"><svg id="eh"/></p><h2 id="inc0-e12">"#
        );
    }
}
