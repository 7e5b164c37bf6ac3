//! The diagram in words, for screen readers (`<desc>`), when the caller gives none.

use std::fmt::Write;

use super::diagram::{BoardDiagram, NumberedStone};
use super::layout::Layout;
use super::occupancy::Occupancy;
use crate::point::{Color, Point};

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// Appends "`head`: a, b, c. " when `items` is not empty.
fn section(out: &mut String, head: &str, items: impl Iterator<Item = String>) {
    let mut first = true;
    for item in items {
        out.push_str(if first { head } else { ", " });
        if first {
            out.push_str(": ");
        }
        out.push_str(&item);
        first = false;
    }
    if !first {
        out.push_str(". ");
    }
}

/// Appends the numbered moves. The usual run of consecutive numbers with alternating
/// colours is said once ("Moves 61 to 110, Black first: C3, D5"), which reads better
/// and is a third of the length; anything else names each move.
fn describe_moves(out: &mut String, moves: &[&NumberedStone]) {
    let numbers: Option<Vec<u32>> = moves.iter().map(|s| s.label.parse().ok()).collect();
    let run = numbers.filter(|n| n.len() > 1 && n.windows(2).all(|w| w[0].checked_add(1) == Some(w[1])));
    let alternating = moves.windows(2).all(|w| w[0].color != w[1].color);
    match (run, moves.first()) {
        (Some(n), Some(first)) if alternating => {
            let head = format!("Moves {} to {}, {} first", n[0], n[n.len() - 1], color_name(first.color));
            section(out, &head, moves.iter().map(|s| s.point.to_string()));
        }
        _ => section(out, "Moves", moves.iter().map(|s| format!("{} {} at {}", color_name(s.color), s.label, s.point))),
    }
}

/// Describes what the diagram shows: board and view, stones, moves, marks, labels,
/// territory, lines and arrows, in reading order, only what is visible.
pub(crate) fn describe(d: &BoardDiagram, l: &Layout, occ: &Occupancy) -> String {
    let mut out = String::new();
    let _ = write!(out, "{0}x{0} board", l.size);
    let corner = |c, r| Point::new(c, r);
    if l.real_edges() != [true; 4] {
        let _ = write!(out, ", showing {} to {}", corner(l.col_min, l.row_min), corner(l.col_max, l.row_max));
    }
    out.push_str(". ");
    for color in [Color::Black, Color::White] {
        let head = format!("{} stones", color_name(color));
        let plain = l.points().filter(|&p| occ.stone(p) == Some(color) && occ.number(p).is_none());
        section(&mut out, &head, plain.map(|p| p.to_string()));
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
    section(&mut out, "Marks", marks.map(|(p, m)| format!("{} at {p}", m.name())));
    let labels = d.labels.iter().filter(|(p, t)| l.shows(*p) && !t.is_empty());
    section(&mut out, "Labels", labels.map(|(p, t)| format!("{t} at {p}")));
    for color in [Color::Black, Color::White] {
        let head = format!("{} territory", color_name(color));
        let pts = d.territory.iter().filter(|&&(p, c)| c == color && l.shows(p));
        section(&mut out, &head, pts.map(|(p, _)| p.to_string()));
    }
    let seg = |&&(a, b): &&(Point, Point)| a != b && l.shows(a) && l.shows(b);
    section(&mut out, "Lines", d.lines.iter().filter(seg).map(|(a, b)| format!("{a} to {b}")));
    section(&mut out, "Arrows", d.arrows.iter().filter(seg).map(|(a, b)| format!("{a} to {b}")));
    let trimmed = out.trim_end().len();
    out.truncate(trimmed);
    out
}
