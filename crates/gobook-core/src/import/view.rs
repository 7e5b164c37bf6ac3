//! The part of the board a problem or variation diagram shows.

use crate::point::Point;

/// The view around `points`: `margin` lines around them, reaching to the edge when
/// it is near (a corner or side shows its edges); `None` when that is the whole board.
pub(super) fn around(points: &[Point], size: u8, margin: u8) -> Option<(Point, Point)> {
    let (mut c0, mut r0, mut c1, mut r1) = (u8::MAX, u8::MAX, 0u8, 0u8);
    for p in points {
        c0 = c0.min(p.col);
        r0 = r0.min(p.row);
        c1 = c1.max(p.col);
        r1 = r1.max(p.row);
    }
    if points.is_empty() {
        return None;
    }
    let last = size - 1;
    let near = margin + 2;
    let grow_low = |v: u8| if v <= near { 0 } else { v - margin };
    let grow_high = |v: u8| {
        if u16::from(v) + u16::from(near) >= u16::from(last) {
            last
        } else {
            v + margin
        }
    };
    let (c0, r0, c1, r1) = (grow_low(c0), grow_low(r0), grow_high(c1), grow_high(r1));
    // The whole board needs no view.
    if c0 == 0 && r0 == 0 && c1 == last && r1 == last {
        return None;
    }
    Some((Point::new(c0, r0), Point::new(c1, r1)))
}

/// The view of a variation's diagram: its moves and marks with three lines around
/// them, or the whole board when that would show most of it anyway.
pub(super) fn of_variation(points: &[Point], size: u8) -> Option<(Point, Point)> {
    let (a, b) = around(points, size, 3)?;
    let most = u16::from(size) * 2 / 3;
    let wide = u16::from(b.col - a.col) + 1 > most;
    let tall = u16::from(b.row - a.row) + 1 > most;
    (!(wide && tall)).then_some((a, b))
}

/// The view and width of a small reference diagram around `points`: three lines around
/// them, at a third of the column when that is at most about half the board each way,
/// else at half.
pub(super) fn reference(points: &[Point], size: u8) -> (Option<(Point, Point)>, &'static str) {
    match around(points, size, 3) {
        None => (None, "half"),
        Some((a, b)) => {
            let half = u16::from(size) / 2 + 1;
            let small = u16::from(b.col - a.col) < half && u16::from(b.row - a.row) < half;
            (Some((a, b)), if small { "third" } else { "half" })
        }
    }
}
