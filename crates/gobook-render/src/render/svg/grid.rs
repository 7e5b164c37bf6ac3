//! The board: background, grid lines, heavier real edges and star points.

use super::drawing::{seg, Attrs, Group, Item, Path, Seg};
use super::layout::{Layout, PAD, UNIT};
use super::occupancy::Occupancy;
use super::style;
use crate::point::Point;

/// A stroke width in user units from thousandths of one (the screen's `1` and `2`, print's
/// `.451`): thousandths, so that the same options always give the same drawing.
fn weight(milli: u32) -> f64 {
    f64::from(milli) / 1000.0
}

/// Adds the background rectangle covering the whole image.
pub(crate) fn write_background(out: &mut Vec<Item>, l: &Layout) {
    let (x, y, w, h) = l.view_box();
    out.push(Item::Rect {
        class: style::BOARD,
        rect: [x, y, w, h],
    });
}

/// A path of class `class`, unfilled, stroked `weight` thousandths of a unit wide.
fn stroked(class: &'static str, milli: u32, d: Vec<Seg>) -> Item {
    Item::Path(Path::new(
        Attrs {
            fill: Some("none"),
            stroke_width: Some(weight(milli)),
            ..Attrs::class(class)
        },
        d,
    ))
}

/// Adds the inner grid lines as one path of relative commands.
///
/// Lines on a real board edge are left to [`write_edges`]. On a cut side the lines
/// run on for `PAD` units, to the image edge or the coordinates, to show the board
/// goes on.
pub(crate) fn write_grid(out: &mut Vec<Item>, l: &Layout, weight: u32) {
    let [top, right, bottom, left] = l.real_edges();
    let ext = |real: bool| if real { 0 } else { PAD };
    let (y0, y1) = (-ext(top), l.span_y() + ext(bottom));
    let (x0, x1) = (-ext(left), l.span_x() + ext(right));
    let mut d = Vec::new();
    // Columns, drawn down then up alternately so each move is a short relative step.
    let cols: Vec<u8> = (l.col_min..=l.col_max)
        .filter(|&c| !((c == l.col_min && left) || (c == l.col_max && right)))
        .collect();
    let len = y1 - y0;
    for (i, &c) in cols.iter().enumerate() {
        if i == 0 {
            d.extend([seg::move_to(l.x(c), y0), seg::vertical(true, len)]);
        } else {
            let dir = if i % 2 == 0 { len } else { -len };
            d.extend([seg::move_by(UNIT, 0), seg::vertical(true, dir)]);
        }
    }
    let rows: Vec<u8> = (l.row_min..=l.row_max)
        .rev()
        .filter(|&r| !((r == l.row_max && top) || (r == l.row_min && bottom)))
        .collect();
    let len = x1 - x0;
    for (i, &r) in rows.iter().enumerate() {
        if i == 0 {
            d.extend([seg::move_to(x0, l.y(r)), seg::horizontal(true, len)]);
        } else {
            let dir = if i % 2 == 0 { len } else { -len };
            d.extend([seg::move_by(0, UNIT), seg::horizontal(true, dir)]);
        }
    }
    if !d.is_empty() {
        out.push(stroked(style::GRID, weight, d));
    }
}

/// Adds the real board edges in the view as one heavier path.
///
/// Consecutive real sides form one polyline so the corners join mitred, square and
/// closed; a line ending at a cut side stops where the grid lines stop.
pub(crate) fn write_edges(out: &mut Vec<Item>, l: &Layout, weight: u32) {
    let real = l.real_edges();
    if !real.contains(&true) {
        return;
    }
    let (w, h) = (l.span_x(), l.span_y());
    // Corners clockwise from the top left; side i runs from corner i to corner i+1.
    let corners = [(0, 0), (w, 0), (w, h), (0, h)];
    let mut d = Vec::new();
    if real.iter().all(|&r| r) {
        d.extend([
            seg::move_to(0, 0),
            seg::horizontal(false, w),
            seg::vertical(false, h),
            seg::horizontal(false, 0),
            Seg::Close { upper: true },
        ]);
    } else {
        // Start after a cut side so no run of real sides is split in two.
        let start = (0..4).find(|&i| !real[i]).map_or(0, |i| (i + 1) % 4);
        let mut i = 0;
        while i < 4 {
            let side = (start + i) % 4;
            if !real[side] {
                i += 1;
                continue;
            }
            let (sx, sy) = step_back(corners[side], side);
            d.push(seg::move_to(sx, sy));
            let mut s = side;
            while i < 4 && real[s] {
                let end = (s + 1) % 4;
                let next_real = i + 1 < 4 && real[end];
                let (ex, ey) = if next_real {
                    corners[end]
                } else {
                    step_on(corners[end], s)
                };
                d.push(seg::line_to(ex, ey));
                i += 1;
                s = end;
            }
        }
    }
    out.push(stroked(style::EDGE, weight, d));
}

/// The point `PAD` before `corner` along side `side` (the cut side's extension).
fn step_back((x, y): (i32, i32), side: usize) -> (i32, i32) {
    match side {
        0 => (x - PAD, y),
        1 => (x, y - PAD),
        2 => (x + PAD, y),
        _ => (x, y + PAD),
    }
}

/// The point `PAD` past `corner` continuing along side `side`.
fn step_on((x, y): (i32, i32), side: usize) -> (i32, i32) {
    match side {
        0 => (x + PAD, y),
        1 => (x, y + PAD),
        2 => (x - PAD, y),
        _ => (x, y - PAD),
    }
}

/// Star points for a board of `size` ([`crate::point::star_points`]).
pub(crate) fn hoshi(size: u8) -> Vec<Point> {
    crate::point::star_points(size)
}

/// Adds the star points that nothing covers (stones and labels hide them).
pub(crate) fn write_hoshi(
    out: &mut Vec<Item>,
    l: &Layout,
    occ: &Occupancy,
    covered: impl Fn(Point) -> bool,
) {
    let mut pts: Vec<Point> = hoshi(l.size)
        .into_iter()
        .filter(|&p| l.shows(p) && occ.stone(p).is_none() && !covered(p))
        .collect();
    if pts.is_empty() {
        return;
    }
    pts.sort_by_key(|p| (std::cmp::Reverse(p.row), p.col));
    let items = pts
        .into_iter()
        .map(|p| Item::Circle {
            centre: l.xy(p),
            r: 2.5,
        })
        .collect();
    out.push(Item::Group(Group {
        attrs: Attrs::class(style::HOSHI),
        items,
    }));
}
