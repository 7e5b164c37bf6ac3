//! From a resolved diagram to what the board renderer draws: the start position,
//! the moves shown as numbered stones, marks, labels and the caption as title.
//!
//! Here rather than in `render`, so the renderer knows nothing of books: it takes a
//! [`BoardDiagram`], which lives in `board`, below both.

use crate::board::diagram::{BoardDiagram, CoveredMove, NumberedStone, Words};
use crate::format::schema::DiagramKind;
use crate::i18n::{self, DiagramWord, UiWord};
use crate::resolve::caption::caption_lines;
use crate::resolve::model::{Book, Diagram, DiagramRole, Gap};

/// The renderer's input for diagram `d` in `lang`.
pub fn board_diagram(book: &Book, d: &Diagram, lang: &str) -> BoardDiagram {
    BoardDiagram {
        title: diagram_title(book, d, lang),
        words: words(lang),
        ..board_shape(d)
    }
}

/// The words a diagram is described in for a reader of `lang`.
pub fn words(lang: &str) -> Words {
    let w = |key| i18n::diagram_word(key, lang);
    Words {
        board: w(DiagramWord::Board),
        showing: w(DiagramWord::Showing),
        end: w(DiagramWord::End),
        head_sep: w(DiagramWord::HeadSep),
        item_sep: w(DiagramWord::ItemSep),
        stones: [w(DiagramWord::BlackStones), w(DiagramWord::WhiteStones)],
        moves: w(DiagramWord::Moves),
        run: w(DiagramWord::Run),
        move_item: w(DiagramWord::MoveItem),
        marks: w(DiagramWord::Marks),
        labels: w(DiagramWord::Labels),
        item_at: w(DiagramWord::ItemAt),
        mark_names: [
            w(DiagramWord::Triangle),
            w(DiagramWord::Square),
            w(DiagramWord::Circle),
            w(DiagramWord::Cross),
            w(DiagramWord::Diamond),
        ],
        territory: [
            w(DiagramWord::BlackTerritory),
            w(DiagramWord::WhiteTerritory),
        ],
        lines: w(DiagramWord::Lines),
        arrows: w(DiagramWord::Arrows),
        segment: w(DiagramWord::Segment),
        colors: [i18n::color_name(true, lang), i18n::color_name(false, lang)],
        covered: w(DiagramWord::Covered),
    }
}

/// The renderer's input for diagram `d` without its words (title and description), the one part that differs between languages.
pub fn board_shape(d: &Diagram) -> BoardDiagram {
    let full = d.view.0.col == 0
        && d.view.0.row == 0
        && d.view.1.col + 1 == d.size
        && d.view.1.row + 1 == d.size;
    let mut b = BoardDiagram::new(d.size);
    b.view = (!full).then_some(d.view);
    b.stones = d.stones.clone();
    b.numbered = d
        .moves
        .iter()
        .filter(|m| m.shown)
        .filter_map(|m| {
            Some(NumberedStone {
                point: m.point?,
                color: m.color,
                label: m.label()?,
            })
        })
        .collect();
    b.covered = covered_moves(d);
    b.labels = d.labels.clone();
    b.marks = d.marks.clone();
    b.territory = d.territory.clone();
    b.lines = d.lines.clone();
    b.arrows = d.arrows.clone();
    b.coordinates = d.show_coords;
    b
}

/// The numbered moves of `d` that are not drawn, each with what its gaps entry says the
/// board shows there ("4 at 1": "1"), for the description. A move with no such entry
/// (outside the view, a tenuki) is left out: it has no point on the board to name.
fn covered_moves(d: &Diagram) -> Vec<CoveredMove> {
    let target_of = |n: &str| {
        d.gaps.iter().find_map(|g| match g {
            Gap::At { moves, target } if moves.iter().any(|m| m == n) => Some(target.clone()),
            _ => None,
        })
    };
    d.moves
        .iter()
        .filter(|m| !m.shown)
        .filter_map(|m| {
            let label = m.number?.to_string();
            Some(CoveredMove {
                target: target_of(&label)?,
                stone: NumberedStone {
                    point: m.point?,
                    color: m.color,
                    label,
                },
            })
        })
        .collect()
}

/// The accessible title of diagram `d` in `lang`: its caption, or the word for a figure or diagram.
pub fn diagram_title(book: &Book, d: &Diagram, lang: &str) -> String {
    let title = caption_lines(book, d, lang).title();
    if !title.is_empty() {
        return title;
    }
    let word = if d.role == DiagramRole::Block(DiagramKind::Fig) {
        UiWord::Figure
    } else {
        UiWord::Diagram
    };
    i18n::ui(word, lang).to_string()
}

/// The caption lines to print under a standalone diagram: the title line, then the gaps.
pub fn caption_text(book: &Book, d: &Diagram, lang: &str) -> Vec<String> {
    let lines = caption_lines(book, d, lang);
    [Some(lines.title()).filter(|t| !t.is_empty()), lines.gaps]
        .into_iter()
        .flatten()
        .collect()
}
