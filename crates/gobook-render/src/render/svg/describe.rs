//! The diagram in words, for screen readers (`<desc>`), when the caller gives none, in
//! the words the caller gives ([`Words`], English by default).

use super::layout::Layout;
use super::occupancy::Occupancy;
use super::text::{push_int, push_point};
use crate::board::diagram::{BoardDiagram, NumberedStone, Words};
use crate::point::{Color, Mark, Point};

/// The index of a colour in the word lists: black first.
fn side(c: Color) -> usize {
    match c {
        Color::Black => 0,
        Color::White => 1,
    }
}

/// The index of a mark in [`Words::mark_names`].
fn mark_index(m: Mark) -> usize {
    match m {
        Mark::Triangle => 0,
        Mark::Square => 1,
        Mark::Circle => 2,
        Mark::Cross => 3,
        Mark::Diamond => 4,
    }
}

/// Writes `template`, each `{k}` written by `put(out, k)`: values go straight into `out`
/// (a diagram names hundreds of points; no string per point).
fn fill(out: &mut String, template: &str, mut put: impl FnMut(&mut String, char)) {
    let mut rest = template;
    while let Some(i) = rest.find('{') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let mut it = after.chars();
        match (it.next(), it.next()) {
            (Some(k), Some('}')) => {
                put(out, k);
                rest = &after[k.len_utf8() + 1..];
            }
            _ => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
}

/// Appends "`head`: a, b, c. " when `items` is not empty, each item written by `item`.
fn section<T>(
    out: &mut String,
    w: &Words,
    head: &str,
    items: impl Iterator<Item = T>,
    mut item: impl FnMut(&mut String, T),
) {
    let mut first = true;
    for it in items {
        if first {
            out.push_str(head);
            out.push_str(w.head_sep);
        } else {
            out.push_str(w.item_sep);
        }
        item(out, it);
        first = false;
    }
    if !first {
        out.push_str(w.end);
    }
}

/// Writes a line's two ends: "A to B".
fn segment(out: &mut String, w: &Words, (a, b): (Point, Point)) {
    fill(out, w.segment, |out, k| match k {
        'a' => push_point(out, a),
        'b' => push_point(out, b),
        _ => {}
    });
}

/// Writes "`what` at `p`".
fn item_at(out: &mut String, w: &Words, what: &str, p: Point) {
    fill(out, w.item_at, |out, k| match k {
        'x' => out.push_str(what),
        'p' => push_point(out, p),
        _ => {}
    });
}

/// A move as the description names it: the stone, and what the board shows on its point
/// instead when it is not drawn (a ko retaken: "1" for "4 at 1").
type Said<'d> = (&'d NumberedStone, Option<&'d str>);

/// Writes a move's point, and for a move not drawn the caption's words for it:
/// "D5 (4 at 1)".
fn push_move_point(out: &mut String, w: &Words, (s, target): Said) {
    match target {
        None => push_point(out, s.point),
        Some(t) => fill(out, w.covered, |out, k| match k {
            'p' => push_point(out, s.point),
            'm' => out.push_str(&s.label),
            't' => out.push_str(t),
            _ => {}
        }),
    }
}

/// Appends the numbered moves. A run of consecutive numbers with alternating colours is
/// said once ("Moves 61 to 110, Black first: C3, D5"), which reads better and is a third
/// of the length; a move played where the board shows another stone is in its run, its
/// point followed by the caption's words for it ("D5 (4 at 1)"), so every move is named
/// in order; moves outside any run are named one by one.
fn describe_moves(out: &mut String, w: &Words, moves: &[Said]) {
    let number = |s: &NumberedStone| s.label.parse::<u32>().ok();
    let follows = |a: &NumberedStone, b: &NumberedStone| {
        a.color != b.color
            && matches!((number(a), number(b)), (Some(x), Some(y)) if x.checked_add(1) == Some(y))
    };
    let mut i = 0;
    let mut singles: Vec<Said> = Vec::new();
    while i < moves.len() {
        let mut end = i + 1;
        while end < moves.len() && follows(moves[end - 1].0, moves[end].0) {
            end += 1;
        }
        if end - i < 2 {
            singles.push(moves[i]);
        } else {
            describe_singles(out, w, &singles);
            singles.clear();
            describe_run(out, w, &moves[i..end]);
        }
        i = end;
    }
    describe_singles(out, w, &singles);
}

/// Appends "Moves 61 to 110, Black first: C3, D5." for a run of two or more moves.
fn describe_run(out: &mut String, w: &Words, run: &[Said]) {
    let (Some(first), Some(last)) = (run.first(), run.last()) else {
        return;
    };
    let mut head = String::new();
    fill(&mut head, w.run, |out, k| match k {
        'a' => out.push_str(&first.0.label),
        'b' => out.push_str(&last.0.label),
        'c' => out.push_str(w.colors[side(first.0.color)]),
        _ => {}
    });
    section(out, w, &head, run.iter().copied(), |out, m| {
        push_move_point(out, w, m)
    });
}

/// Appends "Moves: Black 12 at C3, White A at D5." naming each move.
fn describe_singles(out: &mut String, w: &Words, moves: &[Said]) {
    section(out, w, w.moves, moves.iter().copied(), |out, m| {
        fill(out, w.move_item, |out, k| match k {
            'c' => out.push_str(w.colors[side(m.0.color)]),
            'x' => out.push_str(&m.0.label),
            'p' => push_move_point(out, w, m),
            _ => {}
        });
    });
}

/// The moves to name, in order: the drawn ones in view, and those played where the
/// board shows another stone, each put in its place by number.
fn said_moves<'d>(d: &'d BoardDiagram, l: &Layout, occ: &Occupancy) -> Vec<Said<'d>> {
    let mut moves: Vec<Said> = d
        .numbered
        .iter()
        .enumerate()
        .filter(|&(i, s)| l.shows(s.point) && occ.number(s.point) == Some(i))
        .map(|(_, s)| (s, None))
        .collect();
    if d.covered.iter().any(|c| l.shows(c.stone.point)) {
        moves.extend(
            d.covered
                .iter()
                .filter(|c| l.shows(c.stone.point))
                .map(|c| (&c.stone, Some(c.target.as_str()))),
        );
        // Stable, so that text labels (never covered) keep their order among themselves.
        moves.sort_by_key(|(s, _)| s.label.parse::<u32>().unwrap_or(u32::MAX));
    }
    moves
}

/// Describes what the diagram shows: board and view, stones, moves, marks, labels,
/// territory, lines and arrows, in reading order, only what is visible.
pub(crate) fn describe(d: &BoardDiagram, w: &Words, l: &Layout, occ: &Occupancy) -> String {
    let mut out = String::with_capacity(512);
    fill(&mut out, w.board, |out, k| {
        if k == 'n' {
            push_int(out, i32::from(l.size));
        }
    });
    let corner = |c, r| Point::new(c, r);
    if l.real_edges() != [true; 4] {
        fill(&mut out, w.showing, |out, k| match k {
            'a' => push_point(out, corner(l.col_min, l.row_min)),
            'b' => push_point(out, corner(l.col_max, l.row_max)),
            _ => {}
        });
    }
    out.push_str(w.end);
    for color in [Color::Black, Color::White] {
        let plain = l
            .points()
            .filter(|&p| occ.stone(p) == Some(color) && occ.number(p).is_none());
        section(&mut out, w, w.stones[side(color)], plain, push_point);
    }
    describe_moves(&mut out, w, &said_moves(d, l, occ));
    let marks = d.marks.iter().filter(|(p, _)| l.shows(*p));
    section(&mut out, w, w.marks, marks, |out, (p, m)| {
        item_at(out, w, w.mark_names[mark_index(*m)], *p);
    });
    let labels = d
        .labels
        .iter()
        .filter(|(p, t)| l.shows(*p) && !t.is_empty());
    section(&mut out, w, w.labels, labels, |out, (p, t)| {
        item_at(out, w, t, *p);
    });
    for color in [Color::Black, Color::White] {
        let pts = d
            .territory
            .iter()
            .filter(|&&(p, c)| c == color && l.shows(p));
        section(
            &mut out,
            w,
            w.territory[side(color)],
            pts.map(|&(p, _)| p),
            push_point,
        );
    }
    let seg = |&&(a, b): &&(Point, Point)| a != b && l.shows(a) && l.shows(b);
    section(
        &mut out,
        w,
        w.lines,
        d.lines.iter().filter(seg).copied(),
        |out, s| segment(out, w, s),
    );
    section(
        &mut out,
        w,
        w.arrows,
        d.arrows.iter().filter(seg).copied(),
        |out, s| segment(out, w, s),
    );
    let trimmed = out.trim_end().len();
    out.truncate(trimmed);
    out
}
