//! Problem solutions for e-books, where there is no script to play them out: at the end
//! of a chapter, each problem's answers, correct and wrong, drawn as numbered diagrams
//! with their lines and comments as captions, open as a printed book's answers. Not behind
//! `<details>`: calibre's PDF of an AZW3 (the route to Kindle) drew a closed disclosure's
//! summary without its answers, and the answers already wait at the chapter's end.

use crate::i18n::{ui, UiWord};
use crate::layout::page::{Block, Figure};
use crate::markup::answers::{answer_figures, problem_name};
use crate::resolve::model::Book;
use maud::{html, Markup, PreEscaped};

/// The problems among a page's blocks, in order.
fn problems(blocks: &[Block]) -> impl Iterator<Item = &Figure> {
    crate::layout::page::figures(blocks)
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
        section.gb-solutions aria-label=(ui(UiWord::Solution, lang)) {
            @for f in solved { (solution(book, f, lang)) }
        }
    }
}

/// One problem's solution.
fn solution(book: &Book, f: &Figure, lang: &str) -> Markup {
    let name = problem_name(f, lang);
    html! {
        div.gb-solution id={ "solution-" (f.anchor) } {
            // The way back to the problem comes after the answers, as the reader ends there.
            p.gb-solution-title { (ui(UiWord::Solution, lang)) " – " (name) }
            (answer_figures(book, f, lang, &format!("sol{}", f.diagram)))
            p.gb-solution-back { a href={ "#" (f.anchor) } { "↑ " (name) } }
        }
    }
}
