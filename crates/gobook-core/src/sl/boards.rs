//! Boards side by side in one diagram: `_` is "no board here", which SL's comparison
//! diagrams use to stand two boards in one `$$` block (RULES.md section 3, `_`). A column
//! of `_` from the top row to the bottom parts two boards; rows of `_` above or below a
//! board are no part of it.

use super::{Cell, Diagram, Edges, Line, SlError};
use std::ops::Range;

/// The columns of each board of `rows`, left to right: the runs of columns that are not
/// `_` all the way down. A grid of `_` alone has none.
pub fn columns(rows: &[Vec<Cell>]) -> Vec<Range<usize>> {
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let off = |c: usize| {
        rows.iter()
            .all(|r| r.get(c).is_none_or(|&x| x == Cell::OffBoard))
    };
    let mut out = Vec::new();
    let mut start = None;
    for c in 0..=cols {
        match (c < cols && !off(c), start) {
            (true, None) => start = Some(c),
            (false, Some(s)) => {
                out.push(s..c);
                start = None;
            }
            _ => {}
        }
    }
    out
}

/// The boards of `d`, each a diagram of its own: its columns and the rows it has points
/// in, the edges of the whole that it reaches, the links, arrows and lines within it (an
/// arrow from one board to another is told in a warning of the first), and the title on
/// the first. A diagram of one board with no `_` around it is itself.
pub fn boards(d: &Diagram) -> Vec<Diagram> {
    let ranges = columns(&d.rows);
    let cols = d.cols();
    let whole =
        ranges.len() == 1 && ranges[0] == (0..cols) && rows_of(d, &ranges[0]) == (0..d.rows.len());
    if ranges.is_empty() || whole {
        return vec![d.clone()];
    }
    let mut out: Vec<Diagram> = Vec::with_capacity(ranges.len());
    for (i, r) in ranges.iter().enumerate() {
        let rows = rows_of(d, r);
        let grid: Vec<Vec<Cell>> = d.rows[rows.clone()]
            .iter()
            .map(|row| {
                (r.clone())
                    .map(|c| row.get(c).copied().unwrap_or(Cell::OffBoard))
                    .collect()
            })
            .collect();
        let edges = Edges {
            top: d.edges.top && rows.start == 0,
            bottom: d.edges.bottom && rows.end == d.rows.len(),
            left: d.edges.left && r.start == 0,
            right: d.edges.right && r.end == cols,
        };
        let inside = |(row, col): (usize, usize)| rows.contains(&row) && r.contains(&col);
        let shift = |(row, col): (usize, usize)| (row - rows.start, col - r.start);
        let lines: Vec<Line> = d
            .lines
            .iter()
            .filter(|l| inside(l.from) && inside(l.to))
            .map(|l| Line {
                arrow: l.arrow,
                from: shift(l.from),
                to: shift(l.to),
            })
            .collect();
        let shown = |c: char| {
            grid.iter()
                .flatten()
                .any(|&x| super::write::char_of(x) == c)
        };
        let mut b = Diagram {
            title: if i == 0 {
                d.title.clone()
            } else {
                String::new()
            },
            rows: grid.clone(),
            edges,
            links: d
                .links
                .iter()
                .filter(|l| shown(l.anchor))
                .cloned()
                .collect(),
            lines,
            warnings: if i == 0 {
                d.warnings.clone()
            } else {
                Vec::new()
            },
            ..d.clone()
        };
        b.at_notes = d
            .at_notes
            .iter()
            .filter(|&&(_, m)| grid.iter().flatten().any(|&x| x == Cell::Move(m)))
            .copied()
            .collect();
        out.push(b);
    }
    let across = d.lines.iter().filter(|l| {
        !ranges
            .iter()
            .any(|r| r.contains(&l.from.1) && r.contains(&l.to.1))
    });
    if across.count() > 0 {
        out[0].warnings.push(SlError {
            span: d.span,
            message: "an arrow or line runs from one board to another: it is left out, each board \
                      being a diagram of its own"
                .into(),
        });
    }
    out
}

/// The rows in which board columns `cols` of `d` have a point: from the first such row to
/// the last (a `_` row inside a board stays, as points off the board).
fn rows_of(d: &Diagram, cols: &Range<usize>) -> Range<usize> {
    let has = |row: &Vec<Cell>| {
        cols.clone()
            .any(|c| row.get(c).is_some_and(|&x| x != Cell::OffBoard))
    };
    let first = d.rows.iter().position(has).unwrap_or(0);
    let last = d.rows.iter().rposition(has).map_or(first, |l| l + 1);
    first..last
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_boards_part_at_their_columns_of_underscores() {
        let d = crate::sl::read(
            "$$B Two\n$$ ----------\n$$ _ X . _ _ O 1\n$$ _ . 2 _ _ a .\n$$ _ _ _ _ _ _ _\n$$ {AR 2:1 3:2}\n$$ [a|P]",
        )
        .unwrap();
        assert_eq!(columns(&d.rows), [1..3, 5..7]);
        let b = boards(&d);
        assert_eq!(b.len(), 2);
        assert_eq!(
            b[0].rows,
            [
                [Cell::Stone(crate::point::Color::Black), Cell::Empty],
                [Cell::Empty, Cell::Move(2)]
            ]
        );
        assert_eq!(b[0].title, "Two");
        assert_eq!(b[1].title, "");
        let top = Edges {
            top: true,
            ..Edges::default()
        };
        assert_eq!((b[0].edges, b[1].edges), (top, top));
        assert_eq!(b[0].lines.len(), 1);
        assert_eq!(b[0].lines[0].from, (0, 0));
        assert!(b[0].links.is_empty());
        assert_eq!(b[1].links.len(), 1);
    }

    #[test]
    fn one_board_is_itself_and_a_margin_of_underscores_goes() {
        let d = crate::sl::read("$$\n$$ | . X\n$$ | O .").unwrap();
        assert_eq!(boards(&d), std::slice::from_ref(&d));
        let d = crate::sl::read("$$\n$$ | . X _\n$$ | O . _\n$$ | _ _ _").unwrap();
        let b = boards(&d);
        assert_eq!(b.len(), 1);
        assert_eq!(b[0].cols(), 2);
        assert_eq!(b[0].rows.len(), 2);
        assert!(b[0].edges.left && !b[0].edges.right && !b[0].edges.bottom);
    }
}
