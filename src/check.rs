//! Checking a book: parse, link references, validate. What `gobook check` runs
//! and what every later command runs first.

pub mod coverage;

use crate::diagnostics::{Code, Diagnostic, Diagnostics, Severity};
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
    run(src, cache, true, &|_| Vec::new())
}

/// The IDs of the elements of an included file, by the `url` that includes it: asked by
/// a check that may not read files itself (`project::includes::ids_of` reads them).
pub type IdsOf<'a> = &'a dyn Fn(&str) -> Vec<String>;

/// [`check_with`], knowing the IDs of the files the book includes (`ids_of`): links to
/// them are valid.
pub fn check_with_included(
    src: &str,
    cache: &mut crate::resolve::cache::ResolveCache,
    ids_of: IdsOf,
) -> Checked {
    run(src, cache, true, ids_of)
}

/// What a build needs: every error, but not the warnings that only text resolution and the
/// languages' checks find.
pub fn check_for_build(
    src: &str,
    cache: &mut crate::resolve::cache::ResolveCache,
    ids_of: IdsOf,
) -> Checked {
    run(src, cache, false, ids_of)
}

fn run(
    src: &str,
    cache: &mut crate::resolve::cache::ResolveCache,
    text_warnings: bool,
    ids_of: IdsOf,
) -> Checked {
    let parsed = format::parse(src);
    let mut diags = Diagnostics::default();
    diags.extend(parsed.diagnostics);
    // The included files' IDs, asked once per file the parsed book names.
    let mut included: Vec<(String, Vec<String>)> = Vec::new();
    for el in parsed
        .doc
        .elements
        .iter()
        .filter(|e| e.kind == format::schema::ElementKind::Include)
    {
        if let Some(url) = el
            .attr_value("url")
            .filter(|u| !included.iter().any(|(x, _)| x == u))
        {
            included.push((url.to_string(), ids_of(url)));
        }
    }
    let links = links::link_with_included(&parsed.doc, &included, &mut diags);
    format::validate::validate(&parsed.doc, &links, &mut diags);
    let resolved = crate::resolve::resolve_with(src, &parsed.doc, &links, &mut diags, cache);
    if text_warnings {
        crate::resolve::text::check_all(src, &resolved, &links, &mut diags);
        // Warnings about the languages too: they never stop a build, so a build skips them
        // like the text's (`gobook build` and `serve` check the book as `check` does).
        problems_without_answer(&parsed.doc, &resolved.book, &mut diags);
        languages_without_text(&parsed.doc, &resolved.book, &mut diags);
    }
    let mut diagnostics = diags.into_vec();
    for d in &mut diagnostics {
        if d.code == Code::AtWithoutBase {
            d.message
                .push_str(&at_without_base_fix(src, &parsed.doc, d.span.start));
        }
    }
    diagnostics.sort_by_key(|d| (d.span.start, d.severity));
    diagnostics.dedup();
    Checked {
        doc: parsed.doc,
        links,
        resolved,
        diagnostics,
    }
}

/// Warns about each language declared on the book that has no text of its own: its
/// pages would show the other languages' text under its name.
fn languages_without_text(
    doc: &Document,
    book: &crate::resolve::model::Book,
    diags: &mut Diagnostics,
) {
    let Some(el) = doc
        .elements
        .iter()
        .find(|e| e.kind == crate::format::schema::ElementKind::Book)
    else {
        return;
    };
    for l in coverage::languages_without_text(doc, book) {
        diags.warning(
            el.name_span,
            Code::LanguageWithoutText,
            format!(
                "the book declares `{l}` but nothing is written in it, so its pages would show the untagged text: \
                 add `::{l}` paragraphs and `_{l}` attributes (`ca_{l}=`, `title_{l}=`), or remove `_{l}` from `::book`"
            ),
        );
    }
}

/// Warns about each problem that a language it is shown in has no correct answer for:
/// its readers would see a problem with no solution (say `correct_en` and `correct_ja`
/// are given, and the book is also in French).
fn problems_without_answer(
    doc: &Document,
    book: &crate::resolve::model::Book,
    diags: &mut Diagnostics,
) {
    use crate::format::schema::DiagramKind;
    use crate::resolve::model::{BlockKind, DiagramRole};
    use crate::resolve::shows_in;
    for ch in &book.chapters {
        for b in &ch.blocks {
            let BlockKind::Diagram(d) = b.kind else {
                continue;
            };
            let Some(dia) = book.diagrams.get(d) else {
                continue;
            };
            if dia.role != DiagramRole::Block(DiagramKind::Prb) {
                continue;
            }
            let Some(el) = doc.elements.get(b.element) else {
                continue;
            };
            // A `correct` given for the language but unreadable has its own error.
            let given = |l: &str| {
                el.attrs.iter().any(|a| {
                    a.base_name() == "correct" && (a.name == "correct" || a.langs().any(|x| x == l))
                })
            };
            let missing: Vec<&str> = book
                .languages
                .iter()
                .map(String::as_str)
                .filter(|l| shows_in(&ch.langs, l) && shows_in(&b.langs, l))
                .filter(|l| dia.correct_in(l).is_empty() && !given(l))
                .collect();
            let (Some(first), false) = (missing.first(), missing.is_empty()) else {
                continue;
            };
            let fix = if missing.len() == book.languages.len() {
                "add `correct=` with the moves that solve it".to_string()
            } else {
                format!(
                    "add `correct_{first}=` (or a language-neutral `correct=`) with the moves that solve it"
                )
            };
            diags.warning(
                el.name_span,
                Code::ProblemWithoutAnswer,
                format!(
                    "this problem has no correct answer in {}, so its readers there get no solution: {fix}",
                    missing.join(", ")
                ),
            );
        }
    }
}

/// What to do about `at=N` on an element with no base: say where the default base comes
/// from (the most recent Go data of the chapter) and name the Go data the author most likely
/// meant, the nearest earlier `::go` of the book. Added here, not where the error is found,
/// because resolution caches each element's diagnostics by the element alone, and this
/// advice depends on the rest of the book.
fn at_without_base_fix(src: &str, doc: &Document, at: u32) -> String {
    use crate::format::schema::ElementKind;
    let Some(i) = doc
        .elements
        .iter()
        .position(|e| e.span.start <= at && at < e.span.end.max(e.span.start + 1))
    else {
        return String::new();
    };
    let el = &doc.elements[i];
    if matches!(el.kind, ElementKind::Paragraph(_)) {
        // An inline `<dia>`: unless its tag names a base, it had the paragraph's.
        let at = (at as usize).min(src.len());
        let named = src[..at]
            .rfind("<dia")
            .is_some_and(|t| src[t..at].contains("base="));
        return if named {
            String::new()
        } else {
            "; an inline `<dia>` starts from the diagram its paragraph describes, else the chapter's \
             most recent `::go`, and there is neither: give the `<dia>` `base=ID`, or the paragraph `ref=ID`"
                .into()
        };
    }
    if !el.kind.is_go_data() || el.attr("base").is_some() {
        return String::new();
    }
    // "Go data" here is `::go` alone: a diagram with moves is no default base (links.rs).
    let why = "; without `base`, an element starts from the most recent `::go` of its chapter, and this chapter has none before it";
    let line = |e: &crate::format::syntax::Element| {
        src[..(e.span.start as usize).min(src.len())]
            .matches('\n')
            .count()
            + 1
    };
    let earlier = doc.elements[..i]
        .iter()
        .rev()
        .find(|e| e.kind == ElementKind::Go);
    match earlier {
        Some(g) => match &g.id {
            Some(id) => format!(
                "{why}: add `base={}` to start from the `::go` at line {}",
                id.name,
                line(g)
            ),
            None => format!(
                "{why}: give the `::go` at line {} an ID, e.g. `::go(#game)`, and add `base=game` here",
                line(g)
            ),
        },
        None => format!("{why}: add a `::go` with the moves first (`::go mv=...` or `::go sgf=...`), or `base=ID` naming Go data"),
    }
}

/// Checks a diagram snippet, a piece of book text such as `::dia sz=9 ab=C3`: like [`check`],
/// but it needs no `::book` or `::chapter` around it, so a blogger can type one diagram alone.
pub fn check_snippet(src: &str) -> Checked {
    let mut checked = check(src);
    checked
        .diagnostics
        .retain(|d| !matches!(d.code, Code::NoBook | Code::OutsideChapter));
    checked
}
