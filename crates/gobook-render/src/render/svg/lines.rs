//! Lines and arrows between points (gobook `ln`, `ar`).

use super::drawing::{seg, Attrs, Group, Item, Marker, Path};
use super::layout::Layout;
use super::style;
use crate::point::Point;

/// Length of the arrow head in user units (marker units times the stroke width of 2).
const HEAD: f64 = 10.0;

/// The arrow-head marker; `id` must be unique in the page holding the SVG.
pub(crate) fn arrow_marker(id: &str) -> Item {
    // markerUnits is the stroke width (2), so this 6x4 head is 12x8 user units. The line
    // ends 1 marker unit inside the head (refX 1), where the head is wider than the line,
    // so the blunt line end never shows past the point.
    Item::Marker(Marker {
        id: id.to_string(),
        size: (6.0, 4.0),
        refer: (1.0, 2.0),
        path: Path::new(
            Attrs::class(style::ARROW_HEAD),
            vec![
                seg::move_to(0, 0),
                seg::line_to(6, 2),
                seg::line_to(0, 4),
                seg::CLOSE,
            ],
        ),
    })
}

/// The segment from `a` to `b` shortened by `cut_a` and `cut_b` units, rounded to integers.
///
/// Falls back to the centres when the cuts would eat the whole segment (neighbouring
/// stones), so something is always drawn.
fn segment(l: &Layout, a: Point, b: Point, cut_a: f64, cut_b: f64) -> ((i32, i32), (i32, i32)) {
    let ((x1, y1), (x2, y2)) = (l.xy(a), l.xy(b));
    let (dx, dy) = ((x2 - x1) as f64, (y2 - y1) as f64);
    let len = dx.hypot(dy);
    if len <= cut_a + cut_b + 4.0 {
        return ((x1, y1), (x2, y2));
    }
    let (ux, uy) = (dx / len, dy / len);
    let at = |x: i32, y: i32, t: f64| {
        (
            (x as f64 + ux * t).round() as i32,
            (y as f64 + uy * t).round() as i32,
        )
    };
    (at(x1, y1, cut_a), at(x2, y2, -cut_b))
}

/// The head of an arrow ending at `end` (where its line stops) heading along `(ux, uy)`,
/// drawn as the marker draws it: 12 long and 8 wide, its base 2 behind `end`. For a
/// drawing that may have no id (see `SvgOptions::no_ids`).
fn head(end: (i32, i32), (ux, uy): (f64, f64)) -> Item {
    let (x, y) = (end.0 as f64, end.1 as f64);
    let at = |along: f64, across: f64| {
        (
            (x + ux * along - uy * across).round() as i32,
            (y + uy * along + ux * across).round() as i32,
        )
    };
    let (tip, left, right) = (at(HEAD, 0.0), at(-2.0, 4.0), at(-2.0, -4.0));
    let attrs = Attrs {
        stroke: Some("none"),
        ..Attrs::class(style::ARROW_HEAD)
    };
    Item::Path(Path::new(
        attrs,
        vec![
            seg::move_to(left.0, left.1),
            seg::line_to(tip.0, tip.1),
            seg::line_to(right.0, right.1),
            seg::CLOSE,
        ],
    ))
}

/// The unit vector from `a` to `b` as drawn.
fn direction(l: &Layout, a: Point, b: Point) -> (f64, f64) {
    let ((x1, y1), (x2, y2)) = (l.xy(a), l.xy(b));
    let (dx, dy) = ((x2 - x1) as f64, (y2 - y1) as f64);
    let len = dx.hypot(dy).max(1.0);
    (dx / len, dy / len)
}

/// Writes all lines as one path and the arrows as one group whose paths share the marker
/// `marker_id`, or, without one, each with its head drawn after it.
///
/// `clearance(p)` is how far from the centre of `p` a line must stop: the radius of a
/// stone or label there, so lines never run over what they point at. Segments with an
/// end outside the view, or of zero length, are left out: a zero length arrow has no
/// direction to point its head.
pub(crate) fn write_lines(
    out: &mut Vec<Item>,
    l: &Layout,
    lines: &[(Point, Point)],
    arrows: &[(Point, Point)],
    marker_id: Option<&str>,
    clearance: impl Fn(Point) -> f64,
) {
    let visible = |&&(a, b): &&(Point, Point)| a != b && l.shows(a) && l.shows(b);
    let stroked = |marker_end: Option<String>| Attrs {
        fill: Some("none"),
        stroke_width: Some(2.0),
        marker_end,
        ..Attrs::class(style::LINES)
    };
    let mut d = Vec::new();
    for &(a, b) in lines.iter().filter(visible) {
        let ((x1, y1), (x2, y2)) = segment(l, a, b, clearance(a), clearance(b));
        d.extend([seg::move_to(x1, y1), seg::line_to(x2, y2)]);
    }
    if !d.is_empty() {
        out.push(Item::Path(Path::new(stroked(None), d)));
    }
    let mut items = Vec::new();
    for &(a, b) in arrows.iter().filter(visible) {
        let ((x1, y1), (x2, y2)) = segment(l, a, b, clearance(a), clearance(b) + HEAD);
        let d = vec![seg::move_to(x1, y1), seg::line_to(x2, y2)];
        items.push(Item::Path(Path::new(Attrs::default(), d)));
        if marker_id.is_none() {
            items.push(head((x2, y2), direction(l, a, b)));
        }
    }
    if !items.is_empty() {
        out.push(Item::Group(Group {
            attrs: stroked(marker_id.map(str::to_string)),
            items,
        }));
    }
}

/// Whether any arrow will be drawn, so the marker is defined only when used.
pub(crate) fn has_visible_arrows(l: &Layout, arrows: &[(Point, Point)]) -> bool {
    arrows
        .iter()
        .any(|&(a, b)| a != b && l.shows(a) && l.shows(b))
}
