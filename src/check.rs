//! Checking a book: parse, link references, validate. What `gobook check` runs
//! and what every later command runs first.

use crate::diagnostics::{Diagnostic, Diagnostics, Severity};
use crate::format::links::{self, Links};
use crate::format::{self, syntax::Document};

/// A checked book: its tree, links and every diagnostic, sorted by position.
pub struct Checked {
    /// The syntax tree.
    pub doc: Document,
    /// References between elements.
    pub links: Links,
    /// What the book means.
    pub resolved: crate::resolve::Resolved,
    /// Errors and warnings in source order.
    pub diagnostics: Vec<Diagnostic>,
}

impl Checked {
    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }
}

/// Parses and checks gobook source text (already decoded, without a BOM).
pub fn check(src: &str) -> Checked {
    check_with(src, &mut crate::resolve::cache::ResolveCache::once())
}

/// Like [`check`], reusing resolution work kept in `cache` from a previous check.
pub fn check_with(src: &str, cache: &mut crate::resolve::cache::ResolveCache) -> Checked {
    run(src, cache, true)
}

/// What a build needs: every error, but not the warnings that only text resolution finds.
pub fn check_for_build(src: &str, cache: &mut crate::resolve::cache::ResolveCache) -> Checked {
    run(src, cache, false)
}

fn run(src: &str, cache: &mut crate::resolve::cache::ResolveCache, text_warnings: bool) -> Checked {
    let parsed = format::parse(src);
    let mut diags = Diagnostics::default();
    diags.extend(parsed.diagnostics);
    let links = links::link(&parsed.doc, &mut diags);
    format::validate::validate(&parsed.doc, &links, &mut diags);
    let resolved = crate::resolve::resolve_with(src, &parsed.doc, &links, &mut diags, cache);
    if text_warnings {
        crate::resolve::text::check_all(src, &resolved, &links, &mut diags);
    }
    let mut diagnostics = diags.into_vec();
    diagnostics.sort_by_key(|d| (d.span.start, d.severity));
    diagnostics.dedup();
    Checked {
        doc: parsed.doc,
        links,
        resolved,
        diagnostics,
    }
}

/// Checks a diagram snippet, a piece of book text such as `::dia sz=9 ab=C3`: like [`check`],
/// but it needs no `::book` or `::chapter` around it, so a blogger can type one diagram alone.
pub fn check_snippet(src: &str) -> Checked {
    let mut checked = check(src);
    checked
        .diagnostics
        .retain(|d| !matches!(d.code, "no-book" | "outside-chapter"));
    checked
}
