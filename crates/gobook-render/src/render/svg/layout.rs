//! Geometry: where each board point lands in SVG user units.
//!
//! One point is [`UNIT`] user units apart from the next, and the top left visible
//! point sits at (0, 0), so every coordinate written is a small integer.

use crate::board::MIN_SIZE;
use crate::point::{Point, MAX_SIZE};

/// User units between two neighbouring lines; even, so half a unit is still an integer.
pub(crate) const UNIT: i32 = 24;
/// Space between the outermost lines and the image edge (or the coordinates band).
pub(crate) const PAD: i32 = 15;
/// Width of the band holding coordinates, when they are shown.
pub(crate) const COORD_BAND: i32 = 18;

/// The visible window of the board and its mapping to user units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    /// Board size after clamping.
    pub size: u8,
    /// Leftmost visible column.
    pub col_min: u8,
    /// Rightmost visible column.
    pub col_max: u8,
    /// Lowest visible row (row 0 is the bottom of the board).
    pub row_min: u8,
    /// Highest visible row.
    pub row_max: u8,
    /// Whether coordinates are drawn.
    pub coordinates: bool,
}

impl Layout {
    /// The layout for a board of `size` showing `view` (whole board when `None`).
    pub fn new(size: u8, view: Option<(Point, Point)>, coordinates: bool) -> Layout {
        let size = size.clamp(MIN_SIZE, MAX_SIZE);
        let last = size - 1;
        let (a, b) = view.unwrap_or((Point::new(0, 0), Point::new(last, last)));
        let clamp = |v: u8| v.min(last);
        Layout {
            size,
            col_min: clamp(a.col.min(b.col)),
            col_max: clamp(a.col.max(b.col)),
            row_min: clamp(a.row.min(b.row)),
            row_max: clamp(a.row.max(b.row)),
            coordinates,
        }
    }

    /// Whether `p` is on the board and inside the view.
    pub fn shows(&self, p: Point) -> bool {
        (self.col_min..=self.col_max).contains(&p.col)
            && (self.row_min..=self.row_max).contains(&p.row)
    }

    /// X of a column's line.
    pub fn x(&self, col: u8) -> i32 {
        (col as i32 - self.col_min as i32) * UNIT
    }

    /// Y of a row's line (rows count up from the bottom, SVG y counts down).
    pub fn y(&self, row: u8) -> i32 {
        (self.row_max as i32 - row as i32) * UNIT
    }

    /// Centre of a point.
    pub fn xy(&self, p: Point) -> (i32, i32) {
        (self.x(p.col), self.y(p.row))
    }

    /// Width of the grid from the first to the last visible column.
    pub fn span_x(&self) -> i32 {
        (self.col_max - self.col_min) as i32 * UNIT
    }

    /// Height of the grid from the top to the bottom visible row.
    pub fn span_y(&self) -> i32 {
        (self.row_max - self.row_min) as i32 * UNIT
    }

    /// Space from the outer lines to the image edge on every side.
    pub fn margin(&self) -> i32 {
        PAD + if self.coordinates { COORD_BAND } else { 0 }
    }

    /// Which sides of the view are real board edges: top, right, bottom, left.
    pub fn real_edges(&self) -> [bool; 4] {
        let last = self.size - 1;
        [
            self.row_max == last,
            self.col_max == last,
            self.row_min == 0,
            self.col_min == 0,
        ]
    }

    /// The viewBox as (min x, min y, width, height).
    pub fn view_box(&self) -> (i32, i32, i32, i32) {
        let m = self.margin();
        (-m, -m, self.span_x() + 2 * m, self.span_y() + 2 * m)
    }

    /// Visible points, top row first, left to right: the order elements are written in.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (self.row_min..=self.row_max)
            .rev()
            .flat_map(move |row| (self.col_min..=self.col_max).map(move |col| Point::new(col, row)))
    }

    /// Flat index of an on-board point, for per-point tables.
    pub fn index(&self, p: Point) -> Option<usize> {
        p.on_board(self.size)
            .then(|| p.row as usize * self.size as usize + p.col as usize)
    }
}
