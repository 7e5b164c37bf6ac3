//! `::include`d gobook files written as markup, laid out and written like the book's own
//! chapters, once per language: those the check could not splice into the book (a Markdown
//! file is in the page model, `layout::markdown`, written by `markup::markdown`).

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

/// Renders every included gobook file once per language; `buy_url` is where buy buttons lead.
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
                if !includes::is_markdown(url) {
                    urls.insert(url.clone());
                }
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
            // Read once for every writer, in the page model (layout::markdown).
            Ok(Included::Markdown { .. }) => {}
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
