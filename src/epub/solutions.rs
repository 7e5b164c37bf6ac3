//! Problem solutions for e-books, where there is no script to play them out: at the end
//! of a chapter, each problem's first correct answer drawn as a numbered diagram, with
//! the correct and wrong lines and their comments as text, folded behind `<details>`
//! (reading systems without `<details>` show it open, as a printed book's answers).

use crate::i18n;
use crate::layout::answers::answer_board;
use crate::layout::page::{Block, Figure};
use crate::render::svg::render_inline;
use crate::resolve::model::Book;
use maud::{html, Markup, PreEscaped};

fn ui(key: &str, lang: &str) -> &'static str {
    i18n::ui(key, lang).unwrap_or("")
}

/// The problems among a page's blocks, in order.
fn problems(blocks: &[Block]) -> impl Iterator<Item = &Figure> {
    blocks.iter().flat_map(|b| match b {
        Block::Group { figure, .. } => std::slice::from_ref(figure),
        Block::Row(figs) => figs.as_slice(),
        _ => &[],
    })
}

/// The solutions of the problems among a chapter's `blocks`, as XHTML; empty when it has none.
pub fn chapter_solutions(book: &Book, blocks: &[Block], lang: &str) -> Markup {
    let solved: Vec<&Figure> = problems(blocks)
        .filter(|f| f.answers.iter().any(|a| a.correct))
        .collect();
    if solved.is_empty() {
        return PreEscaped(String::new());
    }
    html! {
        section.gb-solutions aria-label=(ui("solution", lang)) {
            @for f in solved { (solution(book, f, lang)) }
        }
    }
}

/// One problem's solution.
fn solution(book: &Book, f: &Figure, lang: &str) -> Markup {
    let d = &book.diagrams[f.diagram];
    let name = f
        .caption
        .caption
        .clone()
        .unwrap_or_else(|| f.caption.title());
    let first = f.answers.iter().find(|a| a.correct).map(|a| &a.sequence);
    let svg = first.map(|seq| {
        let title = format!("{} – {name}", ui("solution", lang));
        render_inline(
            &answer_board(book, d, seq, lang, title),
            &format!("sol{}", f.diagram),
        )
    });
    // Stones the size of the problem's own (the site's rule for `dia` width).
    let width = ((d.view.1.col - d.view.0.col + 1) as f64 * 1.3 + 1.2).clamp(12.0, 25.0);
    html! {
        details.gb-solution id={ "solution-" (f.anchor) } {
            summary { (ui("solution", lang)) " " a href={ "#" (f.anchor) } { (name) } }
            @if let Some(svg) = svg {
                figure.gb-fig.gb-w-dia style=(format!("width:{width:.1}rem")) { (PreEscaped(svg)) }
            }
            @for a in &f.answers {
                @let key = if a.correct { "correct" } else { "wrong" };
                p class={ "gb-solution-line gb-" (key) } {
                    span.gb-label { (ui(key, lang)) ":" } " " (a.moves)
                    @if !a.comment.is_empty() { " – " (a.comment) }
                }
            }
        }
    }
}
