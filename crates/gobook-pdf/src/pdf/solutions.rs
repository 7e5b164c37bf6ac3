//! A problem book's answers in print: after the chapter (or the book), each problem's
//! answers drawn as numbered boards, several to a page, each naming its problem and the
//! page it is on, so the answers never print before their questions.

use super::blocks::{figure_call, Chapters};
use super::escape::{markup, string};
use super::rich::{before_end_mark, key};
use crate::i18n::UiWord;
use crate::layout::answers::answer_board;
use crate::layout::page::{figures, Block, Figure};
use crate::resolve::model::DiagramWidth;

/// A problem and the page of the plan it is on.
pub struct Problem {
    /// The plan's page (for its label).
    pub page: usize,
    /// The problem.
    pub figure: Figure,
}

/// The problems with answers among a chapter's blocks on page `page`.
pub fn problems(page: usize, blocks: &[Block]) -> Vec<Problem> {
    figures(blocks)
        .filter(|f| !f.answers.is_empty())
        .map(|f| Problem {
            page,
            figure: f.clone(),
        })
        .collect()
}

/// The label of the book's solutions when they print as a chapter of their own.
pub const KEY: &str = "gb-solutions";

/// The solutions' title in language `lang`.
pub fn word(lang: &str) -> &'static str {
    Some(crate::i18n::ui(UiWord::Solutions, lang))
        .filter(|w| !w.is_empty())
        .unwrap_or("Solutions")
}

/// The level every edition tags the first heading of `blocks` at, if they hold one.
pub fn first_heading_level(blocks: &[Block]) -> Option<u8> {
    blocks.iter().find_map(|b| match b {
        Block::Para(p) if p.tag_level > 0 => Some(p.tag_level),
        _ => None,
    })
}

/// The solutions section for `problems`, as markup, under a heading printed as one of
/// own level `own` and tagged (and bookmarked) at `level`; empty when there are none.
pub fn section(c: &mut Chapters, problems: &[Problem], own: u8, level: u8) -> String {
    if problems.is_empty() {
        return String::new();
    }
    // Copies of what the loop reads, so `c` stays free to take the drawings.
    let (book, lang) = (c.book, c.lang);
    let ui = |k: UiWord| crate::i18n::ui(k, lang).to_string();
    let heading = c.heading(own, level, &markup(word(lang)), "");
    let mut cells = Vec::new();
    let mut naturals = Vec::new();
    let scale = c.scale();
    // Boards too large for two to a page at the book's scale print with their words beside
    // them, two to a page (the first under the heading), as the problems do.
    let side = problems
        .iter()
        .map(|p| c.side_width(&p.figure))
        .collect::<Option<Vec<f64>>>();
    let column = |w: f64| c.settings.text_width() - w - super::scale::GUTTER_MM;
    for (k, p) in problems.iter().enumerate() {
        let f = &p.figure;
        let d = &book.diagrams[f.diagram];
        let side = side.as_ref().map(|s| s[k]);
        let name = crate::markup::answers::problem_name(f, lang);
        for a in &f.answers {
            let verdict = ui(if a.correct {
                UiWord::Correct
            } else {
                UiWord::Wrong
            });
            let (board, gaps) =
                answer_board(book, d, &a.sequence, lang, format!("{verdict} – {name}"));
            // Two to a line, unless a board would print too small there.
            let drawing = c.diagram_file(&board, |w| {
                naturals.push(w);
                side.map_or_else(
                    || scale.board_width(w, 0.5, DiagramWidth::Full),
                    |s| w.min(s),
                )
            });
            let (colon, dash) = crate::markup::answers::answer_punctuation(lang);
            let mut words = format!("#strong[{}{colon}]{}", markup(&verdict), markup(&a.moves));
            if !a.comment.is_empty() {
                words.push_str(&format!("{dash}{}", markup(&a.comment)));
            }
            let call = figure_call(
                &format!("answer-{}-{}", f.diagram, cells.len()),
                &drawing,
                None,
                None,
                gaps.as_deref().map(markup),
            );
            // The problem's name and page above the board, the line in words under it; the
            // page before the mark the name ends with ("Black to play, p. 23.").
            let name = markup(&name);
            let (title, end) = before_end_mark(&name);
            let header = format!(
                "{title}#gb-page-of({}){end}",
                string(&key(p.page, &f.anchor))
            );
            let mut named = format!("#gb-figure(header: [{header}], words: [{words}], ");
            if let Some(s) = side {
                named.push_str(&format!("side: {:.1}mm, ", column(s)));
            }
            cells.push(call.replacen("#gb-figure(", &named, 1));
        }
    }
    if side.is_some() {
        return format!("{heading}\n{}\n\n", cells.join("\n\n"));
    }
    let columns = scale.per_line(&naturals, 2);
    let cells: Vec<String> = cells.iter().map(|c| format!("[{c}]")).collect();
    format!("{heading}\n#gb-grid({columns}, {})\n\n", cells.join(", "))
}
