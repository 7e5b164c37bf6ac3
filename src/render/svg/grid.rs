//! The board: background, grid lines, heavier real edges and star points.

use std::fmt::Write;

use super::layout::{Layout, PAD, UNIT};
use super::occupancy::Occupancy;
use super::style;
use crate::point::Point;

/// A stroke width in thousandths of a unit as SVG writes it: whole units as integers (the
/// screen's `1` and `2`), others with up to three decimals and no leading zero (`.451`).
struct Weight(u32);

impl std::fmt::Display for Weight {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let (whole, milli) = (self.0 / 1000, self.0 % 1000);
        if whole > 0 {
            write!(f, "{whole}")?;
        }
        if milli == 0 {
            return if whole == 0 { f.write_str("0") } else { Ok(()) };
        }
        let frac = format!("{milli:03}");
        write!(f, ".{}", frac.trim_end_matches('0'))
    }
}

/// Writes the background rectangle covering the whole image.
pub(crate) fn write_background(out: &mut String, l: &Layout) {
    let (x, y, w, h) = l.view_box();
    let _ = write!(
        out,
        r#"<rect class="{}" x="{x}" y="{y}" width="{w}" height="{h}"/>"#,
        style::BOARD
    );
}

/// Writes the inner grid lines as one path of relative commands.
///
/// Lines on a real board edge are left to [`write_edges`]. On a cut side the lines
/// run on for `PAD` units, to the image edge or the coordinates, to show the board
/// goes on.
pub(crate) fn write_grid(out: &mut String, l: &Layout, weight: u32) {
    let [top, right, bottom, left] = l.real_edges();
    let ext = |real: bool| if real { 0 } else { PAD };
    let (y0, y1) = (-ext(top), l.span_y() + ext(bottom));
    let (x0, x1) = (-ext(left), l.span_x() + ext(right));
    let mut d = String::new();
    // Columns, drawn down then up alternately so each move is a short relative step.
    let cols: Vec<u8> = (l.col_min..=l.col_max)
        .filter(|&c| !((c == l.col_min && left) || (c == l.col_max && right)))
        .collect();
    let len = y1 - y0;
    for (i, &c) in cols.iter().enumerate() {
        if i == 0 {
            let _ = write!(d, "M{} {y0}v{len}", l.x(c));
        } else {
            let dir = if i % 2 == 0 { len } else { -len };
            let _ = write!(d, "m{UNIT} 0v{dir}");
        }
    }
    let rows: Vec<u8> = (l.row_min..=l.row_max)
        .rev()
        .filter(|&r| !((r == l.row_max && top) || (r == l.row_min && bottom)))
        .collect();
    let len = x1 - x0;
    for (i, &r) in rows.iter().enumerate() {
        if i == 0 {
            let _ = write!(d, "M{x0} {}h{len}", l.y(r));
        } else {
            let dir = if i % 2 == 0 { len } else { -len };
            let _ = write!(d, "m0 {UNIT}h{dir}");
        }
    }
    if !d.is_empty() {
        let _ = write!(
            out,
            r#"<path class="{}" fill="none" stroke-width="{}" d="{d}"/>"#,
            style::GRID,
            Weight(weight)
        );
    }
}

/// Writes the real board edges in the view as one heavier path.
///
/// Consecutive real sides form one polyline so the corners join mitred, square and
/// closed; a line ending at a cut side stops where the grid lines stop.
pub(crate) fn write_edges(out: &mut String, l: &Layout, weight: u32) {
    let real = l.real_edges();
    if !real.contains(&true) {
        return;
    }
    let (w, h) = (l.span_x(), l.span_y());
    // Corners clockwise from the top left; side i runs from corner i to corner i+1.
    let corners = [(0, 0), (w, 0), (w, h), (0, h)];
    let mut d = String::new();
    if real.iter().all(|&r| r) {
        let _ = write!(d, "M0 0H{w}V{h}H0Z");
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
            let _ = write!(d, "M{sx} {sy}");
            let mut s = side;
            while i < 4 && real[s] {
                let end = (s + 1) % 4;
                let next_real = i + 1 < 4 && real[end];
                let (ex, ey) = if next_real {
                    corners[end]
                } else {
                    step_on(corners[end], s)
                };
                let _ = write!(d, "L{ex} {ey}");
                i += 1;
                s = end;
            }
        }
    }
    let _ = write!(
        out,
        r#"<path class="{}" fill="none" stroke-width="{}" d="{d}"/>"#,
        style::EDGE,
        Weight(weight)
    );
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

/// Writes the star points that nothing covers (stones and labels hide them).
pub(crate) fn write_hoshi(
    out: &mut String,
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
    let _ = write!(out, r#"<g class="{}">"#, style::HOSHI);
    for p in pts {
        let (x, y) = l.xy(p);
        let _ = write!(out, r#"<circle cx="{x}" cy="{y}" r="2.5"/>"#);
    }
    out.push_str("</g>");
}
