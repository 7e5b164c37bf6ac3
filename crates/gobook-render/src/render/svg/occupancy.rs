//! What stands on each point once plain and numbered stones are merged.

use super::layout::Layout;
use crate::board::diagram::BoardDiagram;
use crate::point::{Color, Point, MAX_SIZE};

const CELLS: usize = MAX_SIZE as usize * MAX_SIZE as usize;

/// Per-point stone colour and numbered-stone index, so each point is drawn once
/// even when the input lists it twice.
pub(crate) struct Occupancy {
    stone: [Option<Color>; CELLS],
    /// Index into `BoardDiagram::numbered`; the last entry for a point wins.
    number: [Option<u16>; CELLS],
    layout: Layout,
}

impl Occupancy {
    /// Merges the diagram's stones; numbered stones replace plain ones.
    pub fn new(d: &BoardDiagram, layout: Layout) -> Occupancy {
        let mut o = Occupancy {
            stone: [None; CELLS],
            number: [None; CELLS],
            layout,
        };
        for &(p, c) in &d.stones {
            if let Some(i) = layout.index(p) {
                o.stone[i] = Some(c);
                o.number[i] = None;
            }
        }
        for (n, s) in d.numbered.iter().enumerate() {
            if let (Some(i), Ok(n)) = (layout.index(s.point), u16::try_from(n)) {
                o.stone[i] = Some(s.color);
                o.number[i] = Some(n);
            }
        }
        o
    }

    /// The stone on `p`, if any.
    pub fn stone(&self, p: Point) -> Option<Color> {
        self.layout.index(p).and_then(|i| self.stone[i])
    }

    /// Index of the numbered stone drawn on `p`, if any.
    pub fn number(&self, p: Point) -> Option<usize> {
        self.layout
            .index(p)
            .and_then(|i| self.number[i])
            .map(usize::from)
    }
}
