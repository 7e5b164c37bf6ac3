//! A problem's answers as a printed problem book shows them: each line, correct and
//! wrong, drawn on the problem's board with its moves numbered, under it the line in
//! words and its comment. The site puts them in the problem's solution disclosure (the
//! script offers the same on the board), the e-book in its solutions section, and print
//! shows them all.

use crate::i18n::{ui, UiWord};
use crate::layout::answers::answer_board;
use crate::layout::page::Figure;
use crate::render::svg::render_inline;
use crate::resolve::model::Book;
use maud::{html, Markup, PreEscaped};

/// The name of problem `f` in captions: its own caption, else its title line; a problem
/// with neither is named by its question, as the reader saw it above the board, else
/// "Problem" in `lang`: never an empty name ("Solution – ", a bare "↑" link).
pub fn problem_name(f: &Figure, lang: &str) -> String {
    let named = f
        .caption
        .caption
        .clone()
        .unwrap_or_else(|| f.caption.title());
    if !named.trim().is_empty() {
        return named;
    }
    let question = f
        .question
        .as_deref()
        .map(crate::resolve::text::plain)
        .unwrap_or_default();
    if !question.trim().is_empty() {
        return question.trim().to_string();
    }
    ui(UiWord::Problem, lang).to_string()
}

/// What follows an answer's verdict and what stands between its moves and its comment,
/// in every edition: "Correct: Black 1 – Snapback."; in Japanese and Chinese, whose books
/// set words unspaced, a full-width colon and the moves ended as a sentence:
/// "正解：黒1。白死です。".
pub fn answer_punctuation(lang: &str) -> (&'static str, &'static str) {
    if crate::i18n::unspaced(lang) {
        ("：", "。")
    } else {
        (": ", " – ")
    }
}

/// Every answer of problem `f` as a numbered board with its words; `id` makes the
/// drawings' element ids unique on the page.
pub fn answer_figures(book: &Book, f: &Figure, lang: &str, id: &str) -> Markup {
    let d = &book.diagrams[f.diagram];
    let name = problem_name(f, lang);
    let (colon, dash) = answer_punctuation(lang);
    // Stones the size of the problem's own (the site's rule for `dia` width).
    let width = ((d.view.1.col - d.view.0.col + 1) as f64 * 1.3 + 1.2).clamp(9.0, 16.0);
    html! {
        div.gb-answers {
            @for (k, a) in f.answers.iter().enumerate() {
                @let key = if a.correct { UiWord::Correct } else { UiWord::Wrong };
                @let title = format!("{} – {name}", ui(key, lang));
                @let (board, gaps) = answer_board(book, d, &a.sequence, lang, title);
                figure class={ "gb-answer gb-" (key.key()) } style=(format!("width:{width:.1}rem")) {
                    (PreEscaped(render_inline(&board, &format!("{id}a{k}"))))
                    // The line in words is a block of its own, as the gaps line after it:
                    // text converters (calibre) end a line only after a block.
                    figcaption {
                        span.gb-answer-line {
                            span.gb-label { (ui(key, lang)) (colon.trim_end()) }
                            @if colon.ends_with(' ') { " " }
                            (a.moves)
                            @if !a.comment.is_empty() { (dash) (a.comment) }
                        }
                        @if let Some(g) = &gaps { span.gb-gaps { (g) } }
                    }
                }
            }
        }
    }
}

/// A problem's answers behind a disclosure, for readers without JavaScript and for print
/// (the script hides it and offers the same on the board).
pub fn solution(book: &Book, f: &Figure, lang: &str) -> Option<Markup> {
    if f.answers.is_empty() {
        return None;
    }
    Some(html! {
        details.gb-solution {
            summary { (ui(UiWord::ShowSolution, lang)) }
            (answer_figures(book, f, lang, &format!("s{}", f.diagram)))
        }
    })
}
