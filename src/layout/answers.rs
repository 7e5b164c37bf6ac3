//! A problem's answers as a reader meets them without a script: each sequence in words
//! ("Black B1, White C1") with its comments, and drawn as numbered stones on the
//! problem's board, as printed problem books show their solutions.

use crate::board::diagram::{BoardDiagram, NumberedStone};
use crate::board::Board;
use crate::format::values::{Move, Sequence};
use crate::i18n;
use crate::layout::diagram::board_diagram;
use crate::point::Color;
use crate::resolve::model::{Book, Diagram};

/// One answer of a problem.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    /// A correct answer (else a wrong one).
    pub correct: bool,
    /// The moves.
    pub sequence: Sequence,
    /// The moves in words: "Black B1, White C1".
    pub moves: String,
    /// The comments of the moves, joined.
    pub comment: String,
}

/// The answers of problem `d` in `lang`: the correct ones, then the wrong ones.
pub fn answers(book: &Book, d: &Diagram, lang: &str) -> Vec<Answer> {
    let correct = d.correct_in(lang).iter().map(|s| (true, s));
    let wrong = d.wrong_in(lang).iter().map(|s| (false, s));
    correct
        .chain(wrong)
        .map(|(correct, s)| Answer {
            correct,
            sequence: s.clone(),
            moves: moves_text(s, answer_player(d), lang),
            comment: s
                .iter()
                .filter_map(|(_, t)| t.as_deref())
                .filter(|t| !t.is_empty())
                .map(|t| crate::resolve::text::resolve_plain(book, t, lang))
                .collect::<Vec<_>>()
                .join(" "),
        })
        .collect()
}

/// Who plays an answer's first move: the player after the problem's own moves, as the
/// reader plays on from the position the problem shows (and as the script does).
fn answer_player(d: &Diagram) -> Color {
    d.moves.last().map_or(d.to_play, |m| m.color.opponent())
}

/// Moves in words: `Black B1, White C1`; a pass and a move elsewhere by their words.
fn moves_text(seq: &Sequence, first: Color, lang: &str) -> String {
    let mut color = first;
    let mut parts = Vec::new();
    for (mv, _) in seq {
        let what = match mv {
            Move::Play(p) => p.to_string(),
            Move::Pass => i18n::ui("pass", lang).unwrap_or("pass").to_string(),
            Move::Tenuki => i18n::ui("elsewhere", lang)
                .unwrap_or("elsewhere")
                .to_string(),
        };
        parts.push(format!(
            "{} {what}",
            i18n::color_name(color == Color::Black, lang)
        ));
        color = color.opponent();
    }
    parts.join(", ")
}

/// Problem `d` with answer `seq` played on it as numbered stones, captures removed,
/// titled `title`. An illegal move ends what is drawn; the words still list the line.
pub fn answer_board(
    book: &Book,
    d: &Diagram,
    seq: &Sequence,
    lang: &str,
    title: String,
) -> BoardDiagram {
    let mut out = board_diagram(book, d, lang);
    out.title = title;
    out.desc.clear();
    let Ok(mut board) = Board::new(d.size) else {
        return out;
    };
    for (p, c) in &d.final_stones {
        let _ = match c {
            Color::Black => board.add_black(*p),
            Color::White => board.add_white(*p),
        };
    }
    let mut color = answer_player(d);
    let mut numbered: Vec<NumberedStone> = Vec::new();
    for (n, (mv, _)) in seq.iter().enumerate() {
        if let Move::Play(p) = mv {
            if board.play(color, *p).is_err() {
                break;
            }
            numbered.retain(|s| s.point != *p);
            numbered.push(NumberedStone {
                point: *p,
                color,
                label: (n + 1).to_string(),
            });
        }
        color = color.opponent();
    }
    numbered.retain(|s| board.get(s.point) == Some(s.color));
    out.stones = board
        .stones()
        .filter(|(p, _)| !numbered.iter().any(|s| s.point == *p))
        .collect();
    out.numbered = numbered;
    out.marks.clear();
    out.labels.clear();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_starts_with_the_player_after_the_problems_own_moves() {
        let src = "::book(#p)\n\n::chapter(#c)\n\n::prb(#q) sz=9 ab=C3D3E3 aw=C4D4E4F3 mv=J9 correct=\"F4(Right.)\"\n\n::prb(#r) sz=9 ab=C3D3E3 aw=C4D4E4F3 correct=F4\n";
        let checked = crate::check::check(src);
        assert!(!checked.has_errors(), "{:?}", checked.diagnostics);
        let book = &checked.resolved.book;
        // Black played J9 in the problem: White answers at F4, as the script plays it.
        let a = answers(book, &book.diagrams[0], "en");
        assert_eq!(a[0].moves, "White F4");
        let board = answer_board(book, &book.diagrams[0], &a[0].sequence, "en", String::new());
        assert_eq!(board.numbered[0].color, Color::White);
        // Without moves of its own, the player to move answers.
        assert_eq!(answers(book, &book.diagrams[1], "en")[0].moves, "Black F4");
    }
}

#[cfg(test)]
mod standard_text_tests {
    use super::*;

    #[test]
    fn answer_comments_read_as_text_does() {
        let src = "::book(#p)\n\n::chapter(#c)\n\n::prb(#q) sz=9 ab=C3D3E3 aw=C4D4E4F3 correct=\"F4(#sn#)\"\n";
        let checked = crate::check::check(src);
        assert!(!checked.has_errors(), "{:?}", checked.diagnostics);
        let book = &checked.resolved.book;
        assert_eq!(
            answers(book, &book.diagrams[0], "en")[0].comment,
            "Snapback."
        );
        assert_eq!(
            answers(book, &book.diagrams[0], "de")[0].comment,
            i18n::standard_text("sn", "de").unwrap()
        );
    }
}
