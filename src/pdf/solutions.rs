//! A problem book's answers in print: after the chapter (or the book), each problem's
//! answers drawn as numbered boards, several to a page, each naming its problem and the
//! page it is on, so the answers never print before their questions.

use super::blocks::{figure_call, Chapters};
use super::escape::{markup, string};
use super::rich::key;
use crate::format::values::{Move, Sequence};
use crate::i18n::color_name;
use crate::i18n::UiWord;
use crate::layout::answers::{answer_board, answer_player};
use crate::layout::page::{figures, Block, Figure};
use crate::point::Color;

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

/// The solutions section for `problems`, as markup; empty when there are none.
pub fn section(c: &mut Chapters, problems: &[Problem]) -> String {
    if problems.is_empty() {
        return String::new();
    }
    // Copies of what the loop reads, so `c` stays free to take the drawings.
    let (book, lang) = (c.book, c.lang);
    let ui = |k: UiWord| crate::i18n::ui(k, lang).to_string();
    let word = ui(UiWord::Solution);
    let word = if word.is_empty() {
        "Solutions".to_string()
    } else {
        word
    };
    let mut cells = Vec::new();
    for p in problems {
        let f = &p.figure;
        let d = &book.diagrams[f.diagram];
        let name = crate::markup::answers::problem_name(f, lang);
        for a in &f.answers {
            let verdict = ui(if a.correct {
                UiWord::Correct
            } else {
                UiWord::Wrong
            });
            let (board, gaps) =
                answer_board(book, d, &a.sequence, lang, format!("{verdict} – {name}"));
            let drawing = c
                .diagram_file(&board)
                .at_most(c.settings.text_width() / 2.0 - 3.0);
            let line = numbered_line(&a.sequence, answer_player(d), lang);
            let colon = if crate::i18n::unspaced(lang) {
                "："
            } else {
                ": "
            };
            let mut words = format!("#strong[{}{colon}]{}", markup(&verdict), markup(&line));
            if !a.comment.is_empty() {
                words.push_str(&format!(" – {}", markup(&a.comment)));
            }
            let call = figure_call(
                &format!("answer-{}-{}", f.diagram, cells.len()),
                &drawing,
                None,
                None,
                gaps.as_deref().map(markup),
            );
            // The problem's name and page above the board, the line in words under it.
            let header = format!(
                "{}#gb-page-of({})",
                markup(&name),
                string(&key(p.page, &f.anchor))
            );
            let named = format!("#gb-figure(header: [{header}], words: [{words}], ");
            cells.push(format!("[{}]", call.replacen("#gb-figure(", &named, 1)));
        }
    }
    format!(
        "#block(above: 2em, below: 1em, sticky: true, text(size: 1.3em, weight: \"bold\")[{}])\n#gb-grid(2, {})\n\n",
        markup(&word),
        cells.join(", ")
    )
}

/// An answer's moves named by the numbers its board shows, as a printed Go book names
/// them under a diagram without coordinates: "Black 1, White 2, Black 3"; a long line by
/// its first and last moves ("Black 1, White 2 … Black 11"); a pass or a move elsewhere
/// by its word ("White 2 (Pass)"), as the board cannot show it.
pub fn numbered_line(seq: &Sequence, first: Color, lang: &str) -> String {
    let space = if crate::i18n::unspaced(lang) { "" } else { " " };
    let mut color = first;
    let mut items = Vec::new();
    for (n, (mv, _)) in seq.iter().enumerate() {
        let name = format!(
            "{}{space}{}",
            color_name(color == Color::Black, lang),
            n + 1
        );
        let aside = match mv {
            Move::Play(_) => None,
            Move::Pass => Some(crate::i18n::ui(UiWord::Pass, lang)),
            Move::Tenuki => Some(crate::i18n::ui(UiWord::Elsewhere, lang)),
        };
        items.push((
            aside.is_some(),
            match aside {
                Some(w) if space.is_empty() => format!("{name}（{w}）"),
                Some(w) => format!("{name} ({w})"),
                None => name,
            },
        ));
        color = color.opponent();
    }
    let sep = if crate::i18n::unspaced(lang) {
        "、"
    } else {
        ", "
    };
    let plain_middle = items.len() > 4 && items[2..items.len() - 1].iter().all(|(aside, _)| !aside);
    if plain_middle {
        let last = &items[items.len() - 1].1;
        return format!("{}{sep}{} … {last}", items[0].1, items[1].1);
    }
    items
        .into_iter()
        .map(|(_, t)| t)
        .collect::<Vec<_>>()
        .join(sep)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seq(moves: &str) -> Sequence {
        crate::format::values::parse_sequences(moves, 9)
            .unwrap()
            .remove(0)
    }

    #[test]
    fn answers_are_named_by_move_number_never_by_coordinates() {
        assert_eq!(
            numbered_line(&seq("D1D2D1"), Color::Black, "en"),
            "Black 1, White 2, Black 3"
        );
        assert_eq!(numbered_line(&seq("F4"), Color::White, "en"), "White 1");
        assert_eq!(
            numbered_line(&seq("F5E6E7F6G6F7F8G7H7G8H8"), Color::Black, "en"),
            "Black 1, White 2 … Black 11"
        );
        assert_eq!(
            numbered_line(&seq("C3PassD4"), Color::Black, "ja"),
            "黒1、白2（パス）、黒3"
        );
        assert_eq!(numbered_line(&seq("C3D4"), Color::Black, "ja"), "黒1、白2");
    }
}
