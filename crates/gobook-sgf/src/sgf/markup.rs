//! What one node draws on the board besides stones: SGF's markup properties (TR, SQ, CR,
//! MA, LB, AR, LN) read into points, for drawing a moment of a game.

use super::tree::Node;
use super::value::{parse_point, point_list, simple_text, split_compose};
use crate::point::Point;

/// The markup of one node, points on a board of its size.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Markup {
    /// `TR`: triangles.
    pub triangles: Vec<Point>,
    /// `SQ`: squares.
    pub squares: Vec<Point>,
    /// `CR`: circles.
    pub circles: Vec<Point>,
    /// `MA`: crosses.
    pub crosses: Vec<Point>,
    /// `LB`: text on points.
    pub labels: Vec<(Point, String)>,
    /// `AR`: arrows, from the first point to the second.
    pub arrows: Vec<(Point, Point)>,
    /// `LN`: lines.
    pub lines: Vec<(Point, Point)>,
}

impl Markup {
    /// Reads the markup of `node` on a board of `size`; values that are no points are skipped.
    pub fn of(node: &Node, size: u8) -> Markup {
        let points = |id: &str| {
            node.get(id)
                .and_then(|p| point_list(&p.values, size))
                .unwrap_or_default()
        };
        let pairs = |id: &str| -> Vec<(Point, Point)> {
            node.get(id)
                .map(|p| {
                    p.values
                        .iter()
                        .filter_map(|v| {
                            let (a, b) = split_compose(v)?;
                            Some((parse_point(a, size)?, parse_point(b, size)?))
                        })
                        .filter(|(a, b)| a != b)
                        .collect()
                })
                .unwrap_or_default()
        };
        let labels = node
            .get("LB")
            .map(|p| {
                p.values
                    .iter()
                    .filter_map(|v| {
                        let (a, text) = split_compose(v)?;
                        let text = simple_text(text).trim().to_string();
                        Some((parse_point(a, size)?, text)).filter(|(_, t)| !t.is_empty())
                    })
                    .collect()
            })
            .unwrap_or_default();
        Markup {
            triangles: points("TR"),
            squares: points("SQ"),
            circles: points("CR"),
            crosses: points("MA"),
            labels,
            arrows: pairs("AR"),
            lines: pairs("LN"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_kind_of_markup() {
        let c = crate::sgf::parse(
            b"(;SZ[19]TR[pd][dp]SQ[aa:bb]CR[jj]MA[ss]LB[pd:A][dd:12]AR[aa:cc]LN[dd:pp][dd:dd])",
        )
        .unwrap()
        .collection;
        let m = Markup::of(c.games[0].root(), 19);
        let p = |s: &str| Point::parse_standard(s).unwrap();
        assert_eq!(m.triangles, [p("Q16"), p("D4")]);
        assert_eq!(m.squares.len(), 4);
        assert_eq!(m.circles, [p("K10")]);
        assert_eq!(m.crosses, [p("T1")]);
        assert_eq!(m.labels, [(p("Q16"), "A".into()), (p("D16"), "12".into())]);
        assert_eq!(m.arrows, [(p("A19"), p("C17"))]);
        assert_eq!(
            m.lines,
            [(p("D16"), p("Q4"))],
            "a line from a point to itself is dropped"
        );
    }
}
