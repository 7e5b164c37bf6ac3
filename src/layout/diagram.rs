//! From a resolved diagram to what the board renderer draws: the start position,
//! the moves shown as numbered stones, marks, labels and the caption as title.
//!
//! Here rather than in `render`, so the renderer knows nothing of books: it takes a
//! [`BoardDiagram`], which lives in `board`, below both.

use crate::board::diagram::{BoardDiagram, NumberedStone, Words};
use crate::format::schema::DiagramKind;
use crate::i18n;
use crate::resolve::caption::caption_lines;
use crate::resolve::model::{Book, Diagram, DiagramRole};

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
        board: w("board"),
        showing: w("showing"),
        end: w("end"),
        head_sep: w("head_sep"),
        item_sep: w("item_sep"),
        stones: [w("black_stones"), w("white_stones")],
        moves: w("moves"),
        run: w("run"),
        move_item: w("move_item"),
        marks: w("marks"),
        labels: w("labels"),
        item_at: w("item_at"),
        mark_names: [
            w("triangle"),
            w("square"),
            w("circle"),
            w("cross"),
            w("diamond"),
        ],
        territory: [w("black_territory"), w("white_territory")],
        lines: w("lines"),
        arrows: w("arrows"),
        segment: w("segment"),
        colors: [i18n::color_name(true, lang), i18n::color_name(false, lang)],
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
    b.labels = d.labels.clone();
    b.marks = d.marks.clone();
    b.territory = d.territory.clone();
    b.lines = d.lines.clone();
    b.arrows = d.arrows.clone();
    b.coordinates = d.show_coords;
    b
}

/// The accessible title of diagram `d` in `lang`: its caption, or the word for a figure or diagram.
pub fn diagram_title(book: &Book, d: &Diagram, lang: &str) -> String {
    let title = caption_lines(book, d, lang).title();
    if !title.is_empty() {
        return title;
    }
    let word = if d.role == DiagramRole::Block(DiagramKind::Fig) {
        "figure"
    } else {
        "diagram"
    };
    i18n::ui(word, lang).unwrap_or("Diagram").to_string()
}

/// The caption lines to print under a standalone diagram: the title line, then the gaps.
pub fn caption_text(book: &Book, d: &Diagram, lang: &str) -> Vec<String> {
    let lines = caption_lines(book, d, lang);
    [Some(lines.title()).filter(|t| !t.is_empty()), lines.gaps]
        .into_iter()
        .flatten()
        .collect()
}
