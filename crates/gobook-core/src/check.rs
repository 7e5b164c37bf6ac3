//! Checking a book: parse, link references, validate. What `gobook check` runs
//! and what every later command runs first.

pub mod coverage;
pub(crate) mod editions;
pub(crate) mod lengths;
pub(crate) mod splice;

use crate::diagnostics::{Code, Diagnostic, Diagnostics, Severity};
use crate::format::links::{self, Links};
use crate::format::{self, syntax::Document};

/// A checked book: its tree, links and every diagnostic, sorted by position.
pub struct Checked {
    /// The source text the tree's positions point into: the book's text, followed by the
    /// texts of the gobook files it includes (see [`splice`]), whose elements are in the tree.
    pub src: String,
    /// The syntax tree.
    pub doc: Document,
    /// References between elements.
    pub links: Links,
    /// What the book means.
    pub resolved: crate::resolve::Resolved,
    /// Errors and warnings of the book's own text, in source order.
    pub diagnostics: Vec<Diagnostic>,
    /// The gobook files spliced into the book, each with its own errors and warnings.
    pub included: Vec<splice::IncludedFile>,
}

impl Checked {
    /// Whether any diagnostic, the book's or an included file's, is an error.
    pub fn has_errors(&self) -> bool {
        let errs = |ds: &[Diagnostic]| ds.iter().any(|d| d.severity == Severity::Error);
        errs(&self.diagnostics) || self.included.iter().any(|f| errs(&f.diagnostics))
    }

    /// The included file an element of the tree comes from (None: the book itself).
    pub fn file_of(&self, element: usize) -> Option<&splice::IncludedFile> {
        let at = self.doc.elements.get(element)?.span.start;
        self.included.iter().find(|f| f.holds(at))
    }
}

/// Parses and checks gobook source text (already decoded, without a BOM).
pub fn check(src: &str) -> Checked {
    check_with(src, &mut crate::resolve::cache::ResolveCache::once())
}

/// Like [`check`], reusing resolution work kept in `cache` from a previous check.
pub fn check_with(src: &str, cache: &mut crate::resolve::cache::ResolveCache) -> Checked {
    run(src, cache, true, &|_| None)
}

/// [`check_with`], with the gobook files the book includes (read by `read`, which may
/// read files where the check may not: `project::includes::gobook_source`) spliced in.
pub fn check_with_included(
    src: &str,
    cache: &mut crate::resolve::cache::ResolveCache,
    read: splice::ReadInclude,
) -> Checked {
    run(src, cache, true, read)
}

/// What a build needs: every error, but not the warnings that only text resolution and the
/// languages' checks find.
pub fn check_for_build(
    src: &str,
    cache: &mut crate::resolve::cache::ResolveCache,
    read: splice::ReadInclude,
) -> Checked {
    run(src, cache, false, read)
}

fn run(
    src: &str,
    cache: &mut crate::resolve::cache::ResolveCache,
    text_warnings: bool,
    read: splice::ReadInclude,
) -> Checked {
    let book_src = src;
    let mut stage = crate::timings::Stages::new("check, ");
    let mut parsed = format::parse(src);
    let mut combined = src.to_string();
    let mut included = splice::splice(&mut combined, &mut parsed, read);
    let src = combined.as_str();
    stage.mark("parse");
    let mut diags = Diagnostics::default();
    diags.extend(std::mem::take(&mut parsed.diagnostics));
    let links = links::link(&parsed.doc, &mut diags);
    splice::ids_across_files(&parsed.doc.elements, &included, &mut diags);
    format::validate::validate(&parsed.doc, &links, &mut diags);
    lengths::check(&parsed.doc, &mut diags);
    stage.mark("link and validate");
    let resolved = crate::resolve::resolve_with(src, &parsed.doc, &links, &mut diags, cache);
    stage.mark("resolve");
    if text_warnings {
        crate::resolve::text::check_all(&resolved, &links, &mut diags);
        // Warnings about the languages too: they never stop a build, so a build skips them
        // like the text's (`gobook build` and `serve` check the book as `check` does).
        problems_without_answer(&parsed.doc, &resolved.book, &mut diags);
        languages_without_text(&parsed.doc, &resolved.book, &mut diags);
        let dead = editions::links_to_missing(&parsed.doc, &links, &resolved.book);
        diags.extend(dead.iter().map(editions::MissingTarget::diagnostic));
        stage.mark("text and language warnings");
    }
    let mut diagnostics = diags.into_vec();
    for d in &mut diagnostics {
        if d.code == Code::AtWithoutBase {
            d.message
                .push_str(&at_without_base_fix(src, &parsed.doc, d.span.start));
        }
        if d.code == Code::UnknownLanguage {
            let note = editions::unknown_tag_note(&parsed.doc, &links, &resolved.book, d.span);
            // After the tag, before the fix ("; did you mean ...", " (known: ...)").
            let at = d
                .message
                .find("; did you mean")
                .or_else(|| d.message.find(" (known:"))
                .unwrap_or(d.message.len());
            d.message.insert_str(at, &note);
        }
    }
    diagnostics.sort_by_key(|d| (d.span.start, d.severity));
    diagnostics.dedup();
    splice::place(&mut diagnostics, &mut included);
    debug_assert!(diagnostics
        .iter()
        .all(|d| d.span.start as usize <= book_src.len()));
    Checked {
        src: combined,
        doc: parsed.doc,
        links,
        resolved,
        diagnostics,
        included,
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
    let Some(i) = doc.element_at(at) else {
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
