//! A drawn board as a Sensei's Library diagram: the part of the board shown, its edges,
//! stones, numbers (ten a diagram, from the first shown), marks, letters, links on points
//! and arrows; and what the format cannot say, in words.

use super::diagram::{BoardDiagram, Mark};
use crate::point::{Color, Point};
use crate::sl::{Cell, Diagram, Edges, Line, Link, Shape};
use crate::span::Span;

/// The diagram, and a note for each thing of the board it cannot show.
pub fn to_sl(b: &BoardDiagram) -> (Diagram, Vec<String>) {
    let size = b.size.clamp(2, crate::point::MAX_SIZE);
    let (lo, hi) = match b.view {
        Some((p, q)) => (
            Point::new(p.col.min(q.col), p.row.min(q.row)),
            Point::new(
                p.col.max(q.col).min(size - 1),
                p.row.max(q.row).min(size - 1),
            ),
        ),
        None => (Point::new(0, 0), Point::new(size - 1, size - 1)),
    };
    let cols = (hi.col - lo.col + 1) as usize;
    let rows = (hi.row - lo.row + 1) as usize;
    let rc = |p: Point| -> Option<(usize, usize)> {
        (p.col >= lo.col && p.col <= hi.col && p.row >= lo.row && p.row <= hi.row)
            .then(|| ((hi.row - p.row) as usize, (p.col - lo.col) as usize))
    };
    let mut grid = vec![vec![Cell::Empty; cols]; rows];
    let mut notes = Vec::new();
    for &(p, c) in &b.stones {
        if let Some((r, k)) = rc(p) {
            grid[r][k] = Cell::Stone(c);
        }
    }
    let (first, start) = numbers(b, &rc, &mut grid, &mut notes);
    marks(b, &rc, &mut grid, &mut notes);
    let links = links(b, &rc, &grid, &mut notes);
    let mut lines = Vec::new();
    for (list, arrow) in [(&b.lines, false), (&b.arrows, true)] {
        for &(p, q) in list {
            match (rc(p), rc(q)) {
                (Some(from), Some(to)) => lines.push(Line { arrow, from, to }),
                _ => notes.push(format!(
                    "the line {p}-{q} leaves the part of the board shown"
                )),
            }
        }
    }
    if !b.territory.is_empty() {
        notes.push("territory marks (tb, tw) have no Sensei's Library character".into());
    }
    let d = Diagram {
        first,
        coordinates: b.coordinates,
        header_size: (size != 19).then_some(size),
        start,
        title: b.title.clone(),
        rows: grid,
        edges: Edges {
            top: hi.row == size - 1,
            bottom: lo.row == 0,
            left: lo.col == 0,
            right: hi.col == size - 1,
        },
        links,
        lines,
        at_notes: Vec::new(),
        warnings: Vec::new(),
        span: Span::default(),
    };
    (d, notes)
}

type Grid = Vec<Vec<Cell>>;

/// Numbers the stones: digits 1..=10 from the first number shown, in colours that
/// alternate from its stone's; a stone beyond or out of turn stays a plain stone.
fn numbers(
    b: &BoardDiagram,
    rc: &dyn Fn(Point) -> Option<(usize, usize)>,
    grid: &mut Grid,
    notes: &mut Vec<String>,
) -> (Color, u32) {
    let mut shown: Vec<(u32, Point, Color)> = Vec::new();
    for s in &b.numbered {
        if rc(s.point).is_none() {
            continue;
        }
        match s.label.parse::<u32>() {
            Ok(n) if n > 0 => shown.push((n, s.point, s.color)),
            _ => {
                notes.push(format!(
                    "the stone at {} shows `{}`, which is no move number",
                    s.point, s.label
                ));
                set(grid, rc(s.point), Cell::Stone(s.color));
            }
        }
    }
    shown.sort();
    let Some(&(start, _, first)) = shown.first() else {
        return (Color::Black, 1);
    };
    let beyond: Vec<u32> = shown
        .iter()
        .map(|s| s.0)
        .filter(|&n| n >= start + 10)
        .collect();
    if let (Some(a), Some(z)) = (beyond.first(), beyond.last()) {
        notes.push(format!(
            "moves {a} to {z} are beyond the ten a diagram numbers ({start} to {}): shown as plain stones",
            start + 9
        ));
    }
    for &(n, p, c) in &shown {
        let d = n - start + 1;
        let turn = if d % 2 == 1 { first } else { first.opponent() };
        if d > 10 {
            set(grid, rc(p), Cell::Stone(c));
        } else if c != turn {
            notes.push(format!("move {n} at {p} is out of turn (numbers alternate colours): shown as a plain stone"));
            set(grid, rc(p), Cell::Stone(c));
        } else {
            set(grid, rc(p), Cell::Move(d as u8));
        }
    }
    (first, start)
}

fn set(grid: &mut Grid, at: Option<(usize, usize)>, cell: Cell) {
    if let Some((r, c)) = at {
        grid[r][c] = cell;
    }
}

fn marks(
    b: &BoardDiagram,
    rc: &dyn Fn(Point) -> Option<(usize, usize)>,
    grid: &mut Grid,
    notes: &mut Vec<String>,
) {
    for &(p, m) in &b.marks {
        let Some((r, c)) = rc(p) else { continue };
        let shape = match m {
            Mark::Circle => Shape::Circle,
            Mark::Square => Shape::Square,
            Mark::Triangle => Shape::Triangle,
            Mark::Cross => Shape::Cross,
            Mark::Diamond => {
                notes.push(format!(
                    "the diamond at {p} has no Sensei's Library character"
                ));
                continue;
            }
        };
        grid[r][c] = match grid[r][c] {
            Cell::Empty => Cell::Mark(shape),
            Cell::Stone(s) => Cell::Marked(s, shape),
            other => {
                notes.push(format!(
                    "the {} at {p} overlaps what the point shows already",
                    m.name()
                ));
                other
            }
        };
    }
    for (p, text) in &b.labels {
        let Some((r, c)) = rc(*p) else { continue };
        let mut chars = text.chars();
        match (chars.next(), chars.next(), grid[r][c]) {
            (Some(l), None, Cell::Empty) if l.is_ascii_alphabetic() => {
                if l.is_ascii_uppercase() {
                    notes.push(format!("the letter {l} at {p} is written in lower case: Sensei's Library letters are"));
                }
                grid[r][c] = Cell::Letter(l.to_ascii_lowercase());
            }
            _ => notes.push(format!("the label `{text}` at {p} cannot be shown: Sensei's Library writes one lower-case letter on an empty point")),
        }
    }
}

/// The link lines of the board's links on points: one a character, which links every
/// point showing it (RULES.md section 6), so a link on an empty point, or two targets for
/// one character, cannot be said.
fn links(
    b: &BoardDiagram,
    rc: &dyn Fn(Point) -> Option<(usize, usize)>,
    grid: &Grid,
    notes: &mut Vec<String>,
) -> Vec<Link> {
    let mut out: Vec<Link> = Vec::new();
    for k in &b.links {
        let Some((r, c)) = rc(k.point) else { continue };
        let anchor = crate::sl::write::char_of(grid[r][c]);
        if matches!(anchor, '.' | ',') {
            notes.push(format!(
                "the link at {} is on an empty point: a Sensei's Library link is on what a point shows",
                k.point
            ));
            continue;
        }
        match out.iter().find(|l| l.anchor == anchor) {
            Some(l) if l.target != k.target => notes.push(format!(
                "the link at {} to {} is left out: `{anchor}` links to {} already (one link a character)",
                k.point, k.target, l.target
            )),
            Some(_) => {}
            None => out.push(Link {
                anchor,
                target: k.target.clone(),
            }),
        }
    }
    out
}
