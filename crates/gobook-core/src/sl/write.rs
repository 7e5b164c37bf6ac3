//! Writing a [`Diagram`] as Sensei's Library text: the header, the edges the diagram
//! shows, one row a line with a space between points, then the links and the arrows.
//! [`super::read`] reads the text back to the same diagram.

use super::{Cell, Diagram, Shape};
use crate::point::Color;

/// The character that shows a cell.
pub fn char_of(cell: Cell) -> char {
    use Color::{Black, White};
    match cell {
        Cell::Empty => '.',
        Cell::Hoshi => ',',
        Cell::Vague => '?',
        Cell::OffBoard => '_',
        Cell::Stone(Black) => 'X',
        Cell::Stone(White) => 'O',
        Cell::Move(10) => '0',
        Cell::Move(n) => (b'0' + n.min(9)) as char,
        Cell::Marked(c, s) => marked_char(c, s),
        Cell::Mark(Shape::Circle) => 'C',
        Cell::Mark(Shape::Square) => 'S',
        Cell::Mark(Shape::Triangle) => 'T',
        Cell::Mark(Shape::Cross) => 'M',
        Cell::Letter(c) => c,
    }
}

fn marked_char(c: Color, s: Shape) -> char {
    match (c, s) {
        (Color::Black, Shape::Circle) => 'B',
        (Color::White, Shape::Circle) => 'W',
        (Color::Black, Shape::Square) => '#',
        (Color::White, Shape::Square) => '@',
        (Color::Black, Shape::Triangle) => 'Y',
        (Color::White, Shape::Triangle) => 'Q',
        (Color::Black, Shape::Cross) => 'Z',
        (Color::White, Shape::Cross) => 'P',
    }
}

/// The diagram as text, every line ending with a newline.
pub fn write(d: &Diagram) -> String {
    let mut out = String::from("$$");
    out.push(if d.first == Color::White { 'W' } else { 'B' });
    if d.coordinates {
        out.push('c');
    }
    if let Some(s) = d.header_size {
        out.push_str(&s.to_string());
    }
    if d.start != 1 {
        out.push_str(&format!("m{}", d.start));
    }
    // The title is one line: a line break in it would start a board row.
    let title: String = d.title.split_whitespace().collect::<Vec<_>>().join(" ");
    if !title.is_empty() {
        out.push(' ');
        out.push_str(&title);
    }
    out.push('\n');
    let cols = d.cols();
    let edge = format!("$$ {}\n", "-".repeat(2 * cols + 3));
    if d.edges.top {
        out.push_str(&edge);
    }
    for row in &d.rows {
        out.push_str("$$ ");
        if d.edges.left {
            out.push_str("| ");
        }
        let points: Vec<String> = row.iter().map(|&c| char_of(c).to_string()).collect();
        out.push_str(&points.join(" "));
        if d.edges.right {
            out.push_str(" |");
        }
        out.push('\n');
    }
    if d.edges.bottom {
        out.push_str(&edge);
    }
    for l in &d.links {
        out.push_str(&format!("$$ [{}|{}]\n", l.anchor, l.target));
    }
    for l in &d.lines {
        let kind = if l.arrow { "AR" } else { "LN" };
        let (a, b) = (l.from, l.to);
        out.push_str(&format!(
            "$$ {{{kind} {}:{} {}:{}}}\n",
            a.1 + 1,
            a.0 + 1,
            b.1 + 1,
            b.0 + 1
        ));
    }
    out
}
