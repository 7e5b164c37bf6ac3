//! From a resolved diagram to what the board renderer draws: the start position,
//! the moves shown as numbered stones, marks, labels and the caption as title.

use crate::render::svg::{BoardDiagram, NumberedStone};
use crate::resolve::caption::caption_lines;
use crate::resolve::model::{Book, Diagram};

/// The renderer's input for diagram `d` in `lang`.
pub fn board_diagram(book: &Book, d: &Diagram, lang: &str) -> BoardDiagram {
    let full = d.view.0.col == 0 && d.view.0.row == 0 && d.view.1.col + 1 == d.size && d.view.1.row + 1 == d.size;
    let mut b = BoardDiagram::new(d.size);
    b.view = (!full).then_some(d.view);
    b.stones = d.stones.clone();
    b.numbered = d
        .moves
        .iter()
        .filter(|m| m.shown)
        .filter_map(|m| Some(NumberedStone { point: m.point?, color: m.color, label: m.label.clone()? }))
        .collect();
    b.labels = d.labels.clone();
    b.marks = d.marks.clone();
    b.territory = d.territory.clone();
    b.lines = d.lines.clone();
    b.arrows = d.arrows.clone();
    b.coordinates = d.show_coords;
    let lines = caption_lines(book, d, lang);
    b.title = lines.title();
    if b.title.is_empty() {
        b.title = crate::i18n::ui(if d.role == crate::resolve::model::DiagramRole::Block(crate::format::schema::DiagramKind::Fig) { "figure" } else { "diagram" }, lang)
            .unwrap_or("Diagram")
            .to_string();
    }
    b
}

/// The caption lines to print under a standalone diagram: the title line, then the gaps.
pub fn caption_text(book: &Book, d: &Diagram, lang: &str) -> Vec<String> {
    let lines = caption_lines(book, d, lang);
    [Some(lines.title()).filter(|t| !t.is_empty()), lines.gaps].into_iter().flatten().collect()
}
