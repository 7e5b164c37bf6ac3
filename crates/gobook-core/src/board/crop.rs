//! The smallest view of a diagram that holds everything it draws (`gobook svg --crop`),
//! like sgf-render's shrink-wrap: a margin around the contents, snapped to the board's
//! edges when it comes near them, so a corner shape shows its corner.

use crate::board::diagram::BoardDiagram;
use crate::point::Point;

/// Empty lines kept around the contents.
pub const MARGIN: u8 = 1;
/// A view that comes this close to an edge (in lines, after the margin) reaches it.
pub const SNAP: u8 = 2;

/// The view (lower-left and upper-right corners) that holds every stone, mark, label,
/// territory point, line and arrow of `d` with a [`MARGIN`], snapped to nearby edges;
/// `None` when the diagram draws nothing (the whole board is the honest view then).
pub fn crop_view(d: &BoardDiagram) -> Option<(Point, Point)> {
    let size = d.size;
    let points = d
        .stones
        .iter()
        .map(|s| s.0)
        .chain(d.numbered.iter().map(|n| n.point))
        .chain(d.labels.iter().map(|l| l.0))
        .chain(d.marks.iter().map(|m| m.0))
        .chain(d.territory.iter().map(|t| t.0))
        .chain(d.lines.iter().chain(&d.arrows).flat_map(|(a, b)| [*a, *b]))
        .filter(|p| p.on_board(size));
    let mut bounds: Option<(u8, u8, u8, u8)> = None;
    for p in points {
        bounds = Some(match bounds {
            None => (p.col, p.col, p.row, p.row),
            Some((c0, c1, r0, r1)) => (c0.min(p.col), c1.max(p.col), r0.min(p.row), r1.max(p.row)),
        });
    }
    let (c0, c1, r0, r1) = bounds?;
    let last = size.saturating_sub(1);
    let low = |v: u8| {
        let v = v.saturating_sub(MARGIN);
        if v <= SNAP {
            0
        } else {
            v
        }
    };
    let high = |v: u8| {
        let v = v.saturating_add(MARGIN).min(last);
        if last - v <= SNAP {
            last
        } else {
            v
        }
    };
    Some((Point::new(low(c0), low(r0)), Point::new(high(c1), high(r1))))
}

/// The view as a book writes it in `vw`, e.g. `A1K10`.
pub fn view_text(view: (Point, Point)) -> String {
    format!("{}{}", view.0, view.1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::point::Color;

    fn p(s: &str) -> Point {
        Point::parse_standard(s).unwrap()
    }

    #[test]
    fn a_corner_shape_snaps_to_its_corner() {
        let mut d = BoardDiagram::new(19);
        d.stones = vec![(p("C3"), Color::Black), (p("E4"), Color::White)];
        assert_eq!(crop_view(&d).map(view_text).as_deref(), Some("A1F5"));
    }

    #[test]
    fn a_shape_in_the_middle_keeps_a_margin() {
        let mut d = BoardDiagram::new(19);
        d.stones = vec![(p("K10"), Color::Black)];
        d.marks = vec![(p("L11"), crate::point::Mark::Triangle)];
        assert_eq!(crop_view(&d).map(view_text).as_deref(), Some("J9M12"));
    }

    #[test]
    fn an_empty_diagram_has_no_crop() {
        assert_eq!(crop_view(&BoardDiagram::new(9)), None);
    }
}
