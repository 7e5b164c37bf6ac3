//! A problem's answers as a reader meets them without a script: each sequence in words,
//! by the numbers its board shows ("Black 1, White 2", as a printed Go book names them
//! under a board without coordinates; the same words in every edition), with its
//! comments, and drawn as numbered stones on the problem's board, as printed problem
//! books show their solutions.

use crate::board::diagram::{BoardDiagram, NumberedStone};
use crate::board::Board;
use crate::format::values::{Move, Sequence};
use crate::i18n::{self, UiWord};
use crate::layout::diagram::board_diagram;
use crate::point::Color;
use crate::point::Point;
use crate::resolve::model::{Book, Diagram, Gap};

/// One answer of a problem.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Answer {
    /// A correct answer (else a wrong one).
    pub correct: bool,
    /// The moves.
    pub sequence: Sequence,
    /// The moves in words, by the numbers its board shows: "Black 1, White 2".
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
            moves: numbered_line(s, answer_player(d), lang),
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
pub fn answer_player(d: &Diagram) -> Color {
    d.moves.last().map_or(d.to_play, |m| m.color.opponent())
}

/// An answer's moves named by the numbers its board shows, as a printed Go book names
/// them under a diagram without coordinates: "Black 1, White 2, Black 3"; a long line by
/// its first and last moves ("Black 1, White 2 … Black 11"); a pass or a move elsewhere
/// by its word ("White 2 (Pass)"), as the board cannot show it.
pub fn numbered_line(seq: &Sequence, first: Color, lang: &str) -> String {
    let space = if i18n::unspaced(lang) { "" } else { " " };
    let mut color = first;
    let mut items = Vec::new();
    for (n, (mv, _)) in seq.iter().enumerate() {
        let name = format!(
            "{}{space}{}",
            i18n::color_name(color == Color::Black, lang),
            n + 1
        );
        let aside = match mv {
            Move::Play(_) => None,
            Move::Pass => Some(i18n::ui(UiWord::Pass, lang)),
            Move::Tenuki => Some(i18n::ui(UiWord::Elsewhere, lang)),
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
    let sep = if i18n::unspaced(lang) { "、" } else { ", " };
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

/// Problem `d` with answer `seq` played on it as numbered stones, titled `title`, drawn
/// as a printed book draws a figure: stones stay where they were played, captured or not,
/// and a move on a point that already shows a stone is named under the board ("4 at 1";
/// a captured stone of the problem gets a letter: "5 at a"). Returns the board and that
/// line. An illegal move ends what is drawn; the words still list the line.
pub fn answer_board(
    book: &Book,
    d: &Diagram,
    seq: &Sequence,
    lang: &str,
    title: String,
) -> (BoardDiagram, Option<String>) {
    let mut out = board_diagram(book, d, lang);
    out.title = title;
    out.desc.clear();
    out.marks.clear();
    out.labels.clear();
    let Ok(mut board) = Board::new(d.size) else {
        return (out, None);
    };
    for (p, c) in &d.final_stones {
        let _ = match c {
            Color::Black => board.add_black(*p),
            Color::White => board.add_white(*p),
        };
    }
    let start: Vec<(Point, Color)> = board.stones().collect();
    let mut color = answer_player(d);
    let mut numbered: Vec<NumberedStone> = Vec::new();
    let mut gaps: Vec<Gap> = Vec::new();
    for (n, (mv, _)) in seq.iter().enumerate() {
        if let Move::Play(p) = mv {
            if board.play(color, *p).is_err() {
                break;
            }
            let label = (n + 1).to_string();
            // What the drawing already shows on this point: a number, a letter, or a
            // stone of the problem (taken since), which gets the next letter.
            let target = if let Some(s) = numbered.iter().find(|s| s.point == *p) {
                Some(s.label.clone())
            } else if let Some((_, l)) = out.labels.iter().find(|(q, _)| q == p) {
                Some(l.clone())
            } else if start.iter().any(|(q, _)| q == p) {
                let letter = (b'a'..=b'z')
                    .map(|b| (b as char).to_string())
                    .find(|l| !out.labels.iter().any(|(_, x)| x == l))
                    .unwrap_or_else(|| "?".into());
                out.labels.push((*p, letter.clone()));
                Some(letter)
            } else {
                None
            };
            match target {
                Some(target) => match gaps
                    .iter_mut()
                    .find(|g| matches!(g, Gap::At { target: t, .. } if *t == target))
                {
                    Some(Gap::At { moves, .. }) => moves.push(label),
                    _ => gaps.push(Gap::At {
                        moves: vec![label],
                        target,
                    }),
                },
                None => numbered.push(NumberedStone {
                    point: *p,
                    color,
                    label,
                }),
            }
        }
        color = color.opponent();
    }
    out.stones = start
        .into_iter()
        .filter(|(p, _)| !numbered.iter().any(|s| s.point == *p))
        .collect();
    out.numbered = numbered;
    let line = (!gaps.is_empty()).then(|| crate::resolve::caption::gaps_text(&gaps, lang));
    (out, line)
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
        assert_eq!(a[0].moves, "White 1");
        let (board, _) = answer_board(book, &book.diagrams[0], &a[0].sequence, "en", String::new());
        assert_eq!(board.numbered[0].color, Color::White);
        // Without moves of its own, the player to move answers.
        assert_eq!(answers(book, &book.diagrams[1], "en")[0].moves, "Black 1");
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

#[cfg(test)]
mod figure_tests {
    use super::*;

    #[test]
    fn an_answer_board_keeps_taken_stones_and_names_moves_on_them() {
        // Black 1 takes the white stone on A1, White 2 elsewhere, Black 3 fills A1.
        let src =
            "::book(#p)\n\n::chapter(#c)\n\n::prb(#q) sz=9 aw=A1E5 ab=A2 pl=b correct=\"B1C1A1\"\n";
        let checked = crate::check::check(src);
        assert!(!checked.has_errors(), "{:?}", checked.diagnostics);
        let book = &checked.resolved.book;
        let a = answers(book, &book.diagrams[0], "en");
        let (board, gaps) =
            answer_board(book, &book.diagrams[0], &a[0].sequence, "en", String::new());
        assert_eq!(gaps.as_deref(), Some("3 at a"));
        let a1 = Point::parse_standard("A1").unwrap();
        assert!(
            board.stones.contains(&(a1, Color::White)),
            "the taken stone stays drawn"
        );
        assert_eq!(board.labels, vec![(a1, "a".to_string())]);
        let labels: Vec<&str> = board.numbered.iter().map(|s| s.label.as_str()).collect();
        assert_eq!(labels, ["1", "2"]);
    }
}

#[cfg(test)]
mod numbered_line_tests {
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
