//! `::include`d files written as markup: Markdown through pulldown-cmark, gobook files
//! laid out and written like the book's own chapters, once per language.

use crate::check::{check, Checked};
use crate::layout::diagram::board_diagram;
use crate::layout::links::LinkContext;
use crate::layout::page::{self, Source};
use crate::layout::plan::{self, Plan};
use crate::markup::blocks::{self, Writer};
use crate::markup::Dialect;
use crate::project::build::BuildError;
use crate::project::files;
use crate::project::includes::{self, IncludeError, Included};
use crate::render::svg::render_inline;
use crate::resolve::shows_in;
use maud::{html, Markup, PreEscaped};
use std::collections::{BTreeSet, HashMap};
use std::path::Path;
use std::sync::Arc;

/// Renders every included file once per language; `buy_url` is where buy buttons lead.
pub fn render_includes(
    checked: &Checked,
    book_dir: &Path,
    plans: &[Plan],
    dialect: Dialect,
    buy_url: Option<&str>,
) -> Result<Vec<HashMap<String, Markup>>, BuildError> {
    let mut urls = BTreeSet::new();
    for ch in &checked.resolved.book.chapters {
        for b in &ch.blocks {
            if let crate::resolve::model::BlockKind::Include { url } = &b.kind {
                urls.insert(url.clone());
            }
        }
    }
    // The way from a page to where the book's images are copied: a site in several
    // languages has a folder per language, an e-book keeps its pages in `text/`.
    let root = if dialect == Dialect::Xhtml || plans.len() > 1 {
        "../"
    } else {
        ""
    };
    let mut out = vec![HashMap::new(); plans.len()];
    for (k, url) in urls.into_iter().enumerate() {
        match includes::read(&url, book_dir) {
            Ok(Included::Markdown { text, .. }) => {
                // Its images are copied beside the book's own (project/files.rs), so they
                // are found from the root like the book's `::img` images.
                let m = markdown(&text, dialect, root);
                for o in out.iter_mut() {
                    o.insert(url.clone(), m.clone());
                }
            }
            Ok(Included::Gobook { text, .. }) => {
                let wrapped = includes::wrap_in(&text, &checked.resolved.book.id);
                let sub = check(&wrapped);
                let sub_book = &sub.resolved.book;
                let sub_plans: Vec<Plan> = plans
                    .iter()
                    .map(|p| plan::plan(sub_book, &p.lang))
                    .collect();
                let svgs: Vec<Vec<std::sync::Arc<str>>> = sub_plans
                    .iter()
                    .map(|p| {
                        sub_book
                            .diagrams
                            .iter()
                            .enumerate()
                            .map(|(i, d)| {
                                render_inline(
                                    &board_diagram(sub_book, d, &p.lang),
                                    &format!("inc{i}"),
                                )
                                .into()
                            })
                            .collect()
                    })
                    .collect();
                for (pi, o) in out.iter_mut().enumerate() {
                    let body =
                        included_body(&sub, &sub_plans, pi, &svgs[pi], dialect, buy_url, root);
                    o.insert(
                        url.clone(),
                        PreEscaped(prefix_element_ids(&body.0, &format!("inc{k}-"))),
                    );
                }
            }
            Err(IncludeError::Content {
                name,
                text,
                diagnostics,
            }) => {
                return Err(BuildError::Content {
                    name,
                    text,
                    diagnostics,
                })
            }
            Err(IncludeError::Missing(_) | IncludeError::Outside(_)) => {
                // Reported as `gobook check` reports it: every bad file the book names, each at its place.
                let found = files::check_files(checked, book_dir, false);
                return Err(BuildError::Content {
                    name: String::new(),
                    text: String::new(),
                    diagnostics: found.book,
                });
            }
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

/// The content of an included gobook file (checked as `checked`) in the language
/// of `plans[pi]`, with `svgs` its diagrams drawn in that language; `root` leads from
/// its page to the book's images.
#[allow(clippy::too_many_arguments)] // Each is one fact about the page; a struct for one caller adds nothing.
fn included_body(
    checked: &Checked,
    plans: &[Plan],
    pi: usize,
    svgs: &[Arc<str>],
    dialect: Dialect,
    buy_url: Option<&str>,
    root: &str,
) -> Markup {
    let plan = &plans[pi];
    let inline_anchor = |d: usize| format!("gb-inc-inline-{d}");
    let cx = LinkContext {
        plan,
        all: plans,
        chapter: None,
        multi: plans.len() > 1,
        inline_anchor: &inline_anchor,
        root,
        renamed: &[],
    };
    let book = &checked.resolved.book;
    let w = Writer {
        book,
        links: &cx,
        dialect,
        svgs,
        svgs_from: 0,
        includes: None,
        buy_url,
    };
    let s = Source {
        checked,
        lang: &plan.lang,
    };
    html! {
        @for c in 0..book.chapters.len() {
            @if shows_in(&book.chapters[c].langs, &plan.lang) {
                (blocks::blocks(&w, &page::chapter(&s, c)))
            }
        }
    }
}

/// Markdown to HTML with pulldown-cmark; raw HTML in it is escaped, not passed through,
/// and its links and images go by the same rule as the book's links
/// ([`crate::format::values::allowed_url`]): a refused one keeps its text but loses its URL.
/// In XHTML a web image is refused too: an e-book holds every image it shows.
/// pulldown-cmark closes its void elements (`<br />`, `<img ... />`), so its HTML is also XHTML.
/// A local image is found from the page through `root` (the way to the site's root, "" or "../").
pub fn markdown(text: &str, dialect: Dialect, root: &str) -> Markup {
    use crate::format::values::{allowed_url, is_external};
    use pulldown_cmark::{CowStr, Event, Parser, Tag, TagEnd};
    // Links do not nest in Markdown, so one flag tells which link end closes a refused one.
    let mut refused_link = false;
    // A refused image's description is shown as text, until the image ends.
    let mut refused_image = 0usize;
    let parser = Parser::new_ext(text, includes::markdown_options()).filter_map(|ev| {
        Some(match ev {
            Event::Html(h) | Event::InlineHtml(h) => Event::Text(h),
            Event::Start(Tag::Link { ref dest_url, .. }) if !allowed_url(dest_url) => {
                refused_link = true;
                Event::Html(CowStr::Borrowed(
                    "<span class=\"gb-link-disabled\" title=\"not available\">",
                ))
            }
            Event::End(TagEnd::Link) if refused_link => {
                refused_link = false;
                Event::Html(CowStr::Borrowed("</span>"))
            }
            Event::Start(Tag::Image { ref dest_url, .. })
                if refused_image > 0
                    || !allowed_url(dest_url)
                    || (dialect == Dialect::Xhtml && is_external(dest_url)) =>
            {
                refused_image += 1;
                return None;
            }
            Event::End(TagEnd::Image) if refused_image > 0 => {
                refused_image -= 1;
                return None;
            }
            Event::Start(Tag::Image {
                link_type,
                dest_url,
                title,
                id,
            }) if !is_external(&dest_url) && !dest_url.is_empty() => Event::Start(Tag::Image {
                link_type,
                dest_url: CowStr::from(format!("{root}{}", dest_url.trim_start_matches("./"))),
                title,
                id,
            }),
            other => other,
        })
    });
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, parser);
    PreEscaped(html)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_escapes_raw_html() {
        let m = markdown(
            "# Preface\n\n<script>alert(1)</script>\n\nSome **bold** text, and <b>inline</b> html.",
            Dialect::Html,
            "",
        )
        .into_string();
        assert!(m.contains("<h1>Preface</h1>"));
        assert!(m.contains("&lt;script&gt;"));
        assert!(m.contains("<strong>bold</strong>"));
        assert!(m.contains("&lt;b&gt;inline"));
    }

    #[test]
    fn markdown_links_and_images_follow_the_books_link_rule() {
        let m = markdown(
            "[ok](https://example.org) [rel](chapter.html#x) [bad](javascript:alert(1)) [data](data:text/html,x) [vb](VBScript:x) <javascript:alert(2)>\n\n\
             ![pic](pic.png) ![evil](javascript:alert(3)) ![blob](data:image/svg+xml,x)",
            Dialect::Html,
            "",
        )
        .into_string();
        assert!(m.contains(r#"<a href="https://example.org">ok</a>"#), "{m}");
        assert!(m.contains(r#"<a href="chapter.html#x">rel</a>"#), "{m}");
        assert!(
            m.contains(r#"<span class="gb-link-disabled" title="not available">bad</span>"#),
            "{m}"
        );
        assert!(m.contains(r#"<img src="pic.png" alt="pic" />"#), "{m}");
        let lower = m.to_ascii_lowercase();
        for scheme in ["javascript:", "data:", "vbscript:"] {
            assert!(
                !lower.contains(&format!("href=\"{scheme}"))
                    && !lower.contains(&format!("src=\"{scheme}")),
                "{scheme} in {m}"
            );
        }
        assert!(
            m.contains("evil") && m.contains("blob"),
            "a refused image keeps its description: {m}"
        );
    }

    #[test]
    fn included_element_ids_get_a_prefix_and_nothing_else_does() {
        assert_eq!(
            prefix_element_ids(
                r#"<p id="e3">a</p><p id="e3x" class="e4"><svg id="eh"/></p><h2 id="e12">"#,
                "inc0-"
            ),
            r#"<p id="inc0-e3">a</p><p id="e3x" class="e4"><svg id="eh"/></p><h2 id="inc0-e12">"#
        );
    }

    #[test]
    fn markdown_in_xhtml_is_well_formed_and_shows_web_images_as_their_description() {
        let m = markdown(
            "Line  \nbreak\n\n---\n\n![pic](pic.png) ![far](https://x.org/a.png)",
            Dialect::Xhtml,
            "",
        )
        .into_string();
        assert!(m.contains(r#"<img src="pic.png" alt="pic" />"#), "{m}");
        assert!(m.contains("far") && !m.contains("x.org"), "{m}");
        let multi = markdown("![pic](./img/pic.png)", Dialect::Xhtml, "../").into_string();
        assert!(multi.contains(r#"src="../img/pic.png""#), "{multi}");
        roxmltree::Document::parse(&format!("<div>{m}</div>")).expect("well-formed");
    }
}
