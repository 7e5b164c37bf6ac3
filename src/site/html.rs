//! The site's HTML pages: the frame around a chapter's blocks (head, navigation,
//! pager, footer), the generated contents page and the language chooser. The blocks
//! themselves are the page model's ([`crate::layout::page`]), written by
//! [`crate::markup::blocks`]. Every text from the book goes through maud's escaping.

use crate::check::Checked;
use crate::i18n::{self, html_lang};
use crate::layout::links::LinkContext;
use crate::layout::page::{self, Block, Source};
use crate::layout::plan::Plan;
use crate::markup::blocks::{self, interface_words, Writer};
use crate::markup::Dialect;
use crate::project::config::Config;
use crate::resolve::model::Book;
use crate::resolve::text;
use crate::site::finding;
use crate::site::own_files::{SCRIPT, STYLE};
use maud::{html, Markup, DOCTYPE};
use std::collections::HashMap;

/// Everything a page needs that is the same for the whole site.
pub struct Site<'a> {
    /// The book source.
    pub src: &'a str,
    /// The checked book.
    pub checked: &'a Checked,
    /// Plans of every language.
    pub plans: &'a [Plan],
    /// One folder per language.
    pub multi: bool,
    /// `gobook.toml`.
    pub config: &'a Config,
    /// Inline SVG of diagrams per language: `svgs[lang_index][diagram - svgs_from]`. A build
    /// holds only the diagrams of the chapter it writes; `serve` holds them all.
    pub svgs: &'a [Vec<std::sync::Arc<str>>],
    /// The index in [`Book::diagrams`] of the first diagram in `svgs`.
    pub svgs_from: usize,
    /// Rendered includes by URL, per language (same order as `plans`).
    pub includes: &'a [HashMap<String, Markup>],
}

impl Site<'_> {
    fn book(&self) -> &Book {
        &self.checked.resolved.book
    }

    /// What the page model of language `plan` is made from.
    fn source<'s>(&'s self, plan: &'s Plan) -> Source<'s> {
        Source {
            src: self.src,
            checked: self.checked,
            lang: &plan.lang,
        }
    }
}

/// The site's icon, in the site's root: a small board.
pub const FAVICON: &str = "favicon.svg";

/// The icon's drawing: a corner of a board with a black and a white stone, legible at 16 px.
pub const FAVICON_SVG: &str = concat!(
    r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">"##,
    r##"<rect width="32" height="32" rx="4" fill="#dcb35c"/>"##,
    r##"<path d="M4 8H32M4 16H32M4 24H32M8 4V32M16 4V32M24 4V32" stroke="#3a2a10" stroke-width="1.5"/>"##,
    r##"<circle cx="16" cy="16" r="6.5" fill="#111"/><circle cx="24" cy="24" r="6.5" fill="#fafafa" stroke="#111" stroke-width="1.2"/>"##,
    "</svg>\n"
);

fn ui(key: &str, lang: &str) -> &'static str {
    i18n::ui(key, lang).unwrap_or("")
}

/// The title shown for a page in navigation.
pub fn page_title(site: &Site, plan: &Plan, page: usize) -> String {
    page::page_title(&site.source(plan), plan, page)
}

/// The title shown for a page where room is short: its `shortTitle`, if any.
pub fn short_page_title(site: &Site, plan: &Plan, page: usize) -> String {
    page::short_page_title(&site.source(plan), plan, page)
}

/// The blocks of a chapter in the language of plan `plan_idx`, as HTML.
fn chapter_body(site: &Site, plan_idx: usize, chapter: &[Block], cx: &LinkContext) -> Markup {
    let w = Writer {
        book: site.book(),
        links: cx,
        dialect: Dialect::Html,
        svgs: site.svgs.get(plan_idx).map_or(&[], |v| v.as_slice()),
        svgs_from: site.svgs_from,
        includes: site.includes.get(plan_idx),
        buy_url: site.config.buy_url.as_deref(),
    };
    blocks::blocks(&w, chapter)
}

/// Renders page `page` of the language planned by `plan_idx`.
pub fn page(site: &Site, plan_idx: usize, page: usize) -> String {
    let plan = &site.plans[plan_idx];
    let lang = plan.lang.as_str();
    let book = site.book();
    let root = if site.multi { "../" } else { "" };
    let book_title = book
        .info("title", lang)
        .map(|t| text::resolve_plain(book, t, lang))
        .unwrap_or_else(|| book.id.clone());
    let this_title = page_title(site, plan, page);
    // The top bar names the book in few words when it has a `shortTitle`; the page's one
    // `h1` keeps the full title.
    let short_book_title = book
        .info("shortTitle", lang)
        .map(|t| text::resolve_plain(book, t, lang))
        .filter(|t| !t.trim().is_empty())
        .unwrap_or_else(|| book_title.clone());
    let title_lang = info_lang(book, "title", lang);
    let copyright_lang = info_lang(book, "copyright", lang);
    let short_title_lang = if book.info("shortTitle", lang).is_some() {
        info_lang(book, "shortTitle", lang)
    } else {
        title_lang.clone()
    };
    let chapter = plan.pages[page].chapter;
    let inline_anchor = |d: usize| format!("gb-inline-{d}");
    let cx = LinkContext {
        plan,
        all: site.plans,
        chapter,
        multi: site.multi,
        inline_anchor: &inline_anchor,
        root,
        renamed: &[],
    };
    let prev = page.checked_sub(1);
    let next = (page + 1 < plan.pages.len()).then_some(page + 1);
    let blocks = chapter.map(|c| page::chapter(&site.source(plan), c));
    let body = match &blocks {
        Some(b) => chapter_body(site, plan_idx, b, &cx),
        None => contents(site, plan),
    };
    // A page has one `h1`: the book's own when the chapter has one, else the book's title
    // above the chapter's headings.
    let title_is_h1 = !blocks.as_deref().is_some_and(page::has_heading_one);
    let description = book
        .info("subtitle", lang)
        .map(|t| text::resolve_plain(book, t, lang))
        .or_else(|| blocks.as_deref().and_then(page::first_paragraph))
        .map(|t| page::summary(&t, 160))
        .filter(|t| !t.is_empty());
    let title = if page == 0 {
        book_title.clone()
    } else {
        format!("{this_title} – {book_title}")
    };
    let (canonical, alternates) = addresses(site, chapter);
    let markup = html! {
        (DOCTYPE)
        html lang=(html_lang(lang)) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) }
                @if let Some(d) = &description { meta name="description" content=(d); }
                @if let Some(c) = canonical.get(plan_idx).and_then(|c| c.as_ref()) { link rel="canonical" href=(c); }
                @for (tag, url) in &alternates { link rel="alternate" hreflang=(tag) href=(url); }
                meta name="generator" content={ "gobook " (env!("CARGO_PKG_VERSION")) };
                link rel="icon" href={ (root) (FAVICON) } type="image/svg+xml";
                link rel="stylesheet" href={ (root) (STYLE) };
                script src={ (root) (SCRIPT) } defer {}
                script src={ (root) (finding::SEARCH_SCRIPT) } defer {}
            }
            body.gb-page data-gb-lang=[site.multi.then_some(lang)] {
                a.gb-skip href="#main" { (ui("skip_to_content", lang).trim()) }
                header.gb-top {
                    @if title_is_h1 {
                        h1.gb-site-title lang=[title_lang.as_deref()] { a.gb-book-title href="index.html" { (book_title) } }
                    } @else {
                        a.gb-book-title href="index.html" lang=[short_title_lang.as_deref()] { (short_book_title) }
                    }
                    nav.gb-top-nav aria-label=(ui("nav_book", lang)) {
                        @if let Some(ci) = plan.contents {
                            a href=(plan.page_href(ci)) { (ui("contents", lang)) }
                        }
                        @if book.languages.len() > 1 {
                            span.gb-langs role="group" aria-label=(ui("language", lang)) {
                                @for l in &book.languages {
                                    @if l == lang {
                                        span.gb-lang-current aria-current="true" lang=(html_lang(l)) { (i18n::language_name(l)) }
                                    } @else if let Some(h) = cx.language_href(l) {
                                        a.gb-lang href=(h) hreflang=(html_lang(l)) lang=(html_lang(l)) data-lang=(l) { (i18n::language_name(l)) }
                                    }
                                }
                            }
                        }
                    }
                    (finding::search_box(lang, root))
                }
                (finding::sidebar(plan, page, |p| short_page_title(site, plan, p)))
                main.gb-main #main {
                    (body)
                }
                nav.gb-pager aria-label=(ui("nav_pages", lang)) {
                    @if let Some(p) = prev {
                        a.gb-prev rel="prev" href=(plan.page_href(p)) {
                            span.gb-pager-dir { "← " (ui("previous", lang)) }
                            span.gb-pager-title { (short_page_title(site, plan, p)) }
                        }
                    }
                    @if let Some(n) = next {
                        a.gb-next rel="next" href=(plan.page_href(n)) {
                            span.gb-pager-dir { (ui("next", lang)) " →" }
                            span.gb-pager-title { (short_page_title(site, plan, n)) }
                        }
                    }
                }
                footer.gb-footer {
                    @if let Some(c) = book.info("copyright", lang) {
                        p lang=[copyright_lang.as_deref()] { (text::resolve_plain(book, c, lang)) }
                    }
                }
                (interface_words(&body, lang))
            }
        }
    };
    markup.into_string()
}

/// The language of book information `name` (`title`, `copyright`) shown on a page in
/// `lang`, when it differs: a value given only language-neutrally is in the book's
/// first language, and says so on the pages of the others.
fn info_lang(book: &Book, name: &str, lang: &str) -> Option<String> {
    let (_, t) = book.info.iter().find(|(n, _)| n == name)?;
    book.other_language(t, lang)
        .map(|l| html_lang(l).to_string())
}

/// The generated table of contents.
fn contents(site: &Site, plan: &Plan) -> Markup {
    html! {
        h2.gb-h2 { (ui("contents", &plan.lang)) }
        ol.gb-toc {
            @for (i, p) in plan.pages.iter().enumerate().skip(1) {
                @if p.chapter.is_some() {
                    li { a href=(plan.page_href(i)) { (page_title(site, plan, i)) } }
                }
            }
        }
    }
}

/// The published address of the page showing `chapter` (or the contents page, for None)
/// in each language (None where the language has no such page), and the `hreflang`
/// alternates of a site in several languages: every language's page, and the root page
/// as `x-default`. Nothing without `base_url`.
fn addresses(site: &Site, chapter: Option<usize>) -> (Vec<Option<String>>, Vec<(String, String)>) {
    let Some(base) = site.config.base() else {
        return (Vec::new(), Vec::new());
    };
    let urls: Vec<Option<String>> = site
        .plans
        .iter()
        .map(|q| {
            let p = match chapter {
                Some(c) => q.page_of_chapter(c),
                None => q.contents,
            }?;
            Some(page_url(site, &base, q, p))
        })
        .collect();
    let mut alternates = Vec::new();
    if site.multi {
        for (q, url) in site.plans.iter().zip(&urls) {
            if let Some(u) = url {
                alternates.push((html_lang(&q.lang).to_string(), u.clone()));
            }
        }
        alternates.push(("x-default".to_string(), base));
    }
    (urls, alternates)
}

/// The published address of page `p` of language `plan`; the title page is its folder.
fn page_url(site: &Site, base: &str, plan: &Plan, p: usize) -> String {
    let folder = if site.multi {
        format!("{}/", plan.lang)
    } else {
        String::new()
    };
    let file = &plan.pages[p].file;
    let path = if file == "index.html" {
        folder
    } else {
        format!("{folder}{file}")
    };
    format!("{base}{}", crate::escape::url::path(&path))
}

/// `sitemap.xml`: the published address of every page of every language (with `base_url` only).
pub fn sitemap(site: &Site) -> Option<String> {
    let base = site.config.base()?;
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    let mut url = |u: &str| {
        out.push_str("<url><loc>");
        out.push_str(&crate::escape::text(u));
        out.push_str("</loc></url>\n");
    };
    if site.multi {
        url(&base);
    }
    for plan in site.plans {
        for p in 0..plan.pages.len() {
            url(&page_url(site, &base, plan, p));
        }
    }
    out.push_str("</urlset>\n");
    Some(out)
}

/// The language the root page opens: `default_language` of `gobook.toml` when the book
/// has it, else the book's first.
pub fn default_language<'s>(site: &'s Site) -> &'s str {
    let book = site.book();
    site.config
        .default_language
        .as_deref()
        .and_then(|d| book.languages.iter().find(|l| l.eq_ignore_ascii_case(d)))
        .unwrap_or(&book.languages[0])
}

/// The root page's script: the language chosen before (remembered by the page script),
/// else the first of the browser's languages the book has, else the default; then there.
fn opening_script(site: &Site, default: &str) -> String {
    let codes: Vec<String> = site
        .book()
        .languages
        .iter()
        .map(|l| format!("\"{l}\""))
        .collect();
    // The codes are the spec's (two ASCII letters): nothing in them can end the script.
    format!(
        "(function(){{var c=[{}],l;try{{l=localStorage.getItem('gb-lang')}}catch(e){{}}\
if(c.indexOf(l)<0){{l=\"{default}\";var n=navigator.languages||[navigator.language||''];\
for(var i=0;i<n.length;i++){{var t=String(n[i]).toLowerCase(),p=t.split('-')[0],\
k=p=='zh'?(/-(tw|hk|mo|hant)/.test(t)?'tw':'cn'):p=='pl'?'po':p;\
if(c.indexOf(k)>=0){{l=k;break}}}}}}location.replace(l+'/index.html')}})();",
        codes.join(",")
    )
}

/// The root page of a site with several languages: one link per language. A tiny script
/// opens the reader's language (see [`opening_script`]); without script, the default one.
pub fn language_index(site: &Site) -> String {
    let book = site.book();
    let default = default_language(site);
    let base = site.config.base();
    let alternates: Vec<(String, String)> = match &base {
        Some(b) => site
            .plans
            .iter()
            .filter(|q| !q.pages.is_empty())
            .map(|q| (html_lang(&q.lang).to_string(), page_url(site, b, q, 0)))
            .collect(),
        None => Vec::new(),
    };
    html! {
        (DOCTYPE)
        html lang=(html_lang(default)) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (book.info("title", default).map(|t| text::resolve_plain(book, t, default)).unwrap_or_else(|| book.id.clone())) }
                script { (maud::PreEscaped(opening_script(site, default))) }
                noscript { meta http-equiv="refresh" content={ "0; url=" (default) "/index.html" }; }
                @if let Some(b) = &base { link rel="canonical" href=(b); }
                @for (tag, url) in &alternates {
                    link rel="alternate" hreflang=(tag) href=(url);
                }
                meta name="generator" content={ "gobook " (env!("CARGO_PKG_VERSION")) };
                link rel="icon" href=(FAVICON) type="image/svg+xml";
                link rel="stylesheet" href=(STYLE);
                script src=(SCRIPT) defer {}
            }
            body.gb-page data-gb-root {
                main.gb-main.gb-language-index #main {
                    @for l in &book.languages {
                        section lang=(html_lang(l)) {
                            h1 { a href={ (l) "/index.html" } { (book.info("title", l).map(|t| text::resolve_plain(book, t, l)).unwrap_or_else(|| book.id.clone())) } }
                            @if let Some(s) = book.info("subtitle", l) { p.gb-s1 { (text::resolve_plain(book, s, l)) } }
                            p.gb-enter { a href={ (l) "/index.html" } data-lang=(l) { (i18n::language_name(l)) " →" } }
                        }
                    }
                }
            }
        }
    }
    .into_string()
}
