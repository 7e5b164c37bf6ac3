//! The site's HTML pages: the frame around a chapter's blocks (head, navigation,
//! pager, footer), the generated contents page and the language chooser. The blocks
//! themselves are the page model's ([`crate::layout::page`]), written by
//! [`crate::markup::blocks`]. Every text from the book goes through maud's escaping.

use crate::i18n::{self, html_lang, ui, UiWord};
use crate::layout::book::{LaidBook, LaidPage};
use crate::layout::links::LinkContext;
use crate::layout::page::{self, Block};
use crate::layout::plan::Plan;
use crate::markup::blocks::{self, interface_words, Writer};
use crate::markup::Dialect;
use crate::project::config::Config;
use crate::resolve::model::Book;
use crate::site::finding;
use crate::site::nav::{self, NavFile};
use crate::site::own_files::{SCRIPT, STYLE};
use maud::{html, Markup, DOCTYPE};
use std::collections::HashMap;

/// Everything a page needs that is the same for the whole site.
pub struct Site<'a> {
    /// The laid-out book.
    pub laid: &'a LaidBook<'a>,
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
    /// The shared navigation of each language (same order as `plans`).
    pub navs: &'a [NavFile],
}

impl Site<'_> {
    fn book(&self) -> &Book {
        self.laid.book()
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

/// Renders `page` of the language planned by `plan_idx`.
pub fn page(site: &Site, plan_idx: usize, page: &LaidPage) -> String {
    let plan = &site.plans[plan_idx];
    let lang = plan.lang.as_str();
    let root = if site.multi { "../" } else { "" };
    let chapter = page.chapter;
    let cx = LinkContext {
        plan,
        all: site.plans,
        chapter,
        multi: site.multi,
        inline_anchor: &crate::layout::links::inline_anchor,
        root,
        renamed: &[],
    };
    let body = match chapter {
        Some(_) => chapter_body(site, plan_idx, &page.blocks, &cx),
        None => contents(page, plan),
    };
    let markup = html! {
        (DOCTYPE)
        html lang=(html_lang(lang)) {
            (head(site, plan_idx, page, root))
            body.gb-page data-gb-lang=[site.multi.then_some(lang)] {
                a.gb-skip href="#main" { (ui(UiWord::SkipToContent, lang).trim()) }
                (top_bar(plan, page, &cx, root))
                (nav::sidebar(plan, page))
                // A page with diagrams beside their text sets all its text in their text
                // column (the style sheet moves the column right on wide screens).
                main.gb-main.gb-beside[beside_text(&page.blocks)].gb-vertical[plan.vertical] #main {
                    (body)
                }
                (pager(plan, page))
                footer.gb-footer {
                    @if let Some(c) = &page.frame.texts.copyright {
                        p lang=[page.frame.texts.copyright_lang.as_deref()] { (c) }
                    }
                }
                (interface_words(&body, lang))
            }
        }
    };
    markup.into_string()
}

/// The book's title on a page: its `title`, else its ID.
fn book_title(page: &LaidPage) -> String {
    let texts = &page.frame.texts;
    texts.title.clone().unwrap_or_else(|| texts.id.clone())
}

/// A page's `head`: title, description, addresses, icon, style sheet and script.
fn head(site: &Site, plan_idx: usize, page: &LaidPage, root: &str) -> Markup {
    let book_title = book_title(page);
    let description = page
        .frame
        .texts
        .subtitle
        .clone()
        .or_else(|| page::first_paragraph(&page.blocks))
        .map(|t| page::summary(&t, 160))
        .filter(|t| !t.is_empty())
        // A page of no paragraphs (the contents) in a book without a subtitle still says
        // what it is to a search engine.
        .or_else(|| Some(format!("{} – {book_title}", page.frame.title)));
    let title = if page.index == 0 {
        book_title
    } else {
        format!("{} – {book_title}", page.frame.title)
    };
    let (canonical, alternates) = addresses(site, page.chapter);
    html! {
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
            @if let Some(n) = site.navs.get(plan_idx) { (nav::script(n, root)) }
            script src={ (root) (finding::SEARCH_SCRIPT) } defer {}
        }
    }
}

/// Whether a page shows a diagram with text beside it.
fn beside_text(blocks: &[page::Block]) -> bool {
    blocks.iter().any(blocks::beside)
}

/// The bar above a page: the book's title and the navigation between contents and languages.
fn top_bar(plan: &Plan, page: &LaidPage, cx: &LinkContext, root: &str) -> Markup {
    let lang = plan.lang.as_str();
    let texts = &page.frame.texts;
    let book_title = book_title(page);
    // A page has one `h1`: the book's own when the chapter has one, else the book's title
    // above the chapter's headings.
    let title_is_h1 = page.chapter.is_none() || !page::has_heading_one(&page.blocks);
    // The top bar names the book in few words when it has a `shortTitle`; the page's one
    // `h1` keeps the full title.
    let short_book_title = texts
        .short_title
        .clone()
        .filter(|t| !t.trim().is_empty())
        .unwrap_or_else(|| book_title.clone());
    let languages = &page.book.languages;
    html! {
        header.gb-top {
            @if title_is_h1 && short_book_title != book_title {
                // The bar shows the short title on every page, this one too; the page's
                // heading still reads the whole title to a screen reader.
                h1.gb-site-title lang=[texts.title_lang.as_deref()] {
                    a.gb-book-title href="index.html" {
                        span aria-hidden="true" lang=[texts.short_title_lang.as_deref()] { (short_book_title) }
                        span.gb-vh { (book_title) }
                    }
                }
            } @else if title_is_h1 {
                h1.gb-site-title lang=[texts.title_lang.as_deref()] { a.gb-book-title href="index.html" { (book_title) } }
            } @else {
                a.gb-book-title href="index.html" lang=[texts.short_title_lang.as_deref()] { (short_book_title) }
            }
            nav.gb-top-nav aria-label=(ui(UiWord::NavBook, lang)) {
                @if let Some(ci) = plan.contents {
                    a href=(plan.page_href(ci)) { (ui(UiWord::Contents, lang)) }
                }
                @if languages.len() > 1 {
                    span.gb-langs role="group" aria-label=(ui(UiWord::Language, lang)) {
                        @for l in languages {
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
    }
}

/// The links to the pages before and after.
fn pager(plan: &Plan, page: &LaidPage) -> Markup {
    let lang = plan.lang.as_str();
    html! {
        nav.gb-pager aria-label=(ui(UiWord::NavPages, lang)) {
            @if let Some(p) = &page.frame.prev {
                a.gb-prev rel="prev" href=(plan.page_href(p.page)) {
                    span.gb-pager-dir { "← " (ui(UiWord::Previous, lang)) }
                    span.gb-pager-title { (p.title) }
                }
            }
            @if let Some(n) = &page.frame.next {
                a.gb-next rel="next" href=(plan.page_href(n.page)) {
                    span.gb-pager-dir { (ui(UiWord::Next, lang)) " →" }
                    span.gb-pager-title { (n.title) }
                }
            }
        }
    }
}

/// The generated table of contents.
fn contents(page: &LaidPage, plan: &Plan) -> Markup {
    html! {
        h2.gb-h2 { (ui(UiWord::Contents, &plan.lang)) }
        ol.gb-toc {
            @for entry in &page.frame.contents {
                li { a href=(plan.page_href(entry.page)) { (entry.title) } }
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

/// The book's texts in language `lang`.
fn texts_of<'s>(site: &'s Site, lang: &str) -> Option<&'s crate::layout::book::BookTexts> {
    site.laid
        .languages
        .iter()
        .find(|l| l.plan.lang == lang)
        .map(|l| &*l.texts)
}

/// The book's title in `lang`, else its ID.
fn language_title(site: &Site, lang: &str) -> String {
    texts_of(site, lang)
        .and_then(|t| t.title.clone())
        .unwrap_or_else(|| site.book().id.clone())
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
                title { (language_title(site, default)) }
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
                            h1 { a href={ (l) "/index.html" } { (language_title(site, l)) } }
                            @if let Some(s) = texts_of(site, l).and_then(|t| t.subtitle.as_deref()) { p.gb-s1 { (s) } }
                            p.gb-enter { a href={ (l) "/index.html" } data-lang=(l) { (i18n::language_name(l)) " →" } }
                        }
                    }
                }
            }
        }
    }
    .into_string()
}
