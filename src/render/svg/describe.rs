//! The diagram in words, for screen readers (`<desc>`), when the caller gives none.

use std::fmt::Write;

use super::layout::Layout;
use super::occupancy::Occupancy;
use super::text::push_point;
use crate::board::diagram::{BoardDiagram, NumberedStone};
use crate::point::{Color, Point};

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// Appends "`head`: a, b, c. " when `items` is not empty, each item written by `item`
/// straight into `out` (a diagram names hundreds of points; no string per point).
fn section<T>(
    out: &mut String,
    head: &str,
    items: impl Iterator<Item = T>,
    mut item: impl FnMut(&mut String, T),
) {
    let mut first = true;
    for it in items {
        if first {
            out.push_str(head);
            out.push_str(": ");
        } else {
            out.push_str(", ");
        }
        item(out, it);
        first = false;
    }
    if !first {
        out.push_str(". ");
    }
}

/// Writes "A to B".
fn segment(out: &mut String, (a, b): (Point, Point)) {
    push_point(out, a);
    out.push_str(" to ");
    push_point(out, b);
}

/// Appends the numbered moves. The usual run of consecutive numbers with alternating
/// colours is said once ("Moves 61 to 110, Black first: C3, D5"), which reads better
/// and is a third of the length; anything else names each move.
fn describe_moves(out: &mut String, moves: &[&NumberedStone]) {
    let numbers: Option<Vec<u32>> = moves.iter().map(|s| s.label.parse().ok()).collect();
    let run =
        numbers.filter(|n| n.len() > 1 && n.windows(2).all(|w| w[0].checked_add(1) == Some(w[1])));
    let alternating = moves.windows(2).all(|w| w[0].color != w[1].color);
    match (run, moves.first()) {
        (Some(n), Some(first)) if alternating => {
            let head = format!(
                "Moves {} to {}, {} first",
                n[0],
                n[n.len() - 1],
                color_name(first.color)
            );
            section(out, &head, moves.iter().map(|s| s.point), push_point);
        }
        _ => section(out, "Moves", moves.iter(), |out, s| {
            out.push_str(color_name(s.color));
            out.push(' ');
            out.push_str(&s.label);
            out.push_str(" at ");
            push_point(out, s.point);
        }),
    }
}

/// Describes what the diagram shows: board and view, stones, moves, marks, labels,
/// territory, lines and arrows, in reading order, only what is visible.
pub(crate) fn describe(d: &BoardDiagram, l: &Layout, occ: &Occupancy) -> String {
    let mut out = String::with_capacity(512);
    let _ = write!(out, "{0}x{0} board", l.size);
    let corner = |c, r| Point::new(c, r);
    if l.real_edges() != [true; 4] {
        let _ = write!(
            out,
            ", showing {} to {}",
            corner(l.col_min, l.row_min),
            corner(l.col_max, l.row_max)
        );
    }
    out.push_str(". ");
    for color in [Color::Black, Color::White] {
        let head = if color == Color::Black {
            "Black stones"
        } else {
            "White stones"
        };
        let plain = l
            .points()
            .filter(|&p| occ.stone(p) == Some(color) && occ.number(p).is_none());
        section(&mut out, head, plain, push_point);
    }
    let moves: Vec<&NumberedStone> = d
        .numbered
        .iter()
        .enumerate()
        .filter(|&(i, s)| l.shows(s.point) && occ.number(s.point) == Some(i))
        .map(|(_, s)| s)
        .collect();
    describe_moves(&mut out, &moves);
    let marks = d.marks.iter().filter(|(p, _)| l.shows(*p));
    section(&mut out, "Marks", marks, |out, (p, m)| {
        out.push_str(m.name());
        out.push_str(" at ");
        push_point(out, *p);
    });
    let labels = d
        .labels
        .iter()
        .filter(|(p, t)| l.shows(*p) && !t.is_empty());
    section(&mut out, "Labels", labels, |out, (p, t)| {
        out.push_str(t);
        out.push_str(" at ");
        push_point(out, *p);
    });
    for color in [Color::Black, Color::White] {
        let head = if color == Color::Black {
            "Black territory"
        } else {
            "White territory"
        };
        let pts = d
            .territory
            .iter()
            .filter(|&&(p, c)| c == color && l.shows(p));
        section(&mut out, head, pts.map(|&(p, _)| p), push_point);
    }
    let seg = |&&(a, b): &&(Point, Point)| a != b && l.shows(a) && l.shows(b);
    section(
        &mut out,
        "Lines",
        d.lines.iter().filter(seg).copied(),
        segment,
    );
    section(
        &mut out,
        "Arrows",
        d.arrows.iter().filter(seg).copied(),
        segment,
    );
    let trimmed = out.trim_end().len();
    out.truncate(trimmed);
    out
}
