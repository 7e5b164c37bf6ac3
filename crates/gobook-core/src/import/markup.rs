//! SGF markup of a node (LB, TR, SQ, CR, MA, TB, TW, AR, LN, and the old L and M
//! after repair) as the marks and labels of a gobook diagram, with the clashes
//! that keep two nodes' markup from sharing one board.

use crate::point::Point;
use crate::sgf::{self, GameTree, NodeId};
use std::collections::BTreeMap;

/// What one point shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A shape or area, by its gobook attribute name (`tr`, `sq`, `cr`, `ma`, `tb`, `tw`).
    Shape(&'static str),
    /// A label (`LB`): one letter becomes a letter attribute, other text point text.
    Label(String),
}

/// The markup of one diagram: a mark per point, and lines and arrows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Markup {
    /// Marks by point.
    pub points: BTreeMap<Point, Mark>,
    /// Lines and arrows: (gobook attribute `ln` or `ar`, from, to).
    pub lines: Vec<(&'static str, Point, Point)>,
}

/// How many markup items a node or a book had, and how many could not be placed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Markup items read (one per point, line or arrow).
    pub read: usize,
    /// Items that could not be placed (a point off the board, an empty label,
    /// or a clash no diagram could resolve).
    pub dropped: usize,
}

impl Tally {
    /// Adds another tally to this one.
    pub fn add(&mut self, other: Tally) {
        self.read += other.read;
        self.dropped += other.dropped;
    }
}

/// SGF properties of points and their gobook attribute names.
const SHAPES: [(&str, &str); 6] = [
    ("TR", "tr"),
    ("SQ", "sq"),
    ("CR", "cr"),
    ("MA", "ma"),
    ("TB", "tb"),
    ("TW", "tw"),
];

/// Reads the markup of node `id`; items that cannot be read are counted as dropped.
pub fn of_node(game: &GameTree, id: NodeId, size: u8) -> (Markup, Tally) {
    let node = &game.nodes()[id];
    let mut m = Markup::default();
    let mut t = Tally::default();
    for p in &node.props {
        let id = p.id.as_str();
        if let Some((_, name)) = SHAPES.iter().find(|(s, _)| *s == id) {
            for v in &p.values {
                // One value may be a compressed rectangle of many points.
                let pts = sgf::value::point_list(std::slice::from_ref(v), size);
                match pts {
                    Some(pts) => {
                        for pt in pts {
                            t.read += 1;
                            if m.points.insert(pt, Mark::Shape(name)).is_some() {
                                t.dropped += 1;
                            }
                        }
                    }
                    None if v.is_empty() => {}
                    None => {
                        t.read += 1;
                        t.dropped += 1;
                    }
                }
            }
        } else if id == "LB" {
            for v in &p.values {
                t.read += 1;
                let parsed = sgf::value::split_compose(v).and_then(|(pt, text)| {
                    // Characters a book may not hold (controls) are dropped, as from comments.
                    let text: String = sgf::value::simple_text(text)
                        .chars()
                        .filter(|c| !crate::chars::is_forbidden(*c))
                        .collect();
                    let text = text.trim();
                    let pt = sgf::value::parse_point(pt, size)?;
                    (!text.is_empty()).then(|| (pt, text.to_string()))
                });
                match parsed {
                    Some((pt, text)) => {
                        if m.points.insert(pt, Mark::Label(text)).is_some() {
                            t.dropped += 1;
                        }
                    }
                    None => t.dropped += 1,
                }
            }
        } else if id == "LN" || id == "AR" {
            let name = if id == "LN" { "ln" } else { "ar" };
            for v in &p.values {
                t.read += 1;
                let pair = sgf::value::split_compose(v).and_then(|(a, b)| {
                    Some((
                        sgf::value::parse_point(a, size)?,
                        sgf::value::parse_point(b, size)?,
                    ))
                });
                match pair {
                    Some((a, b)) if a != b => m.lines.push((name, a, b)),
                    _ => t.dropped += 1,
                }
            }
        }
    }
    (m, t)
}

impl Markup {
    /// Whether there is nothing to draw.
    pub fn is_empty(&self) -> bool {
        self.points.is_empty() && self.lines.is_empty()
    }

    /// Whether `other` cannot be drawn on the same board: a point marked
    /// differently, or one label text standing at two points (a comment's "a"
    /// would then be ambiguous).
    pub fn clashes(&self, other: &Markup) -> bool {
        other.points.iter().any(|(p, m)| {
            if let Some(mine) = self.points.get(p) {
                return mine != m;
            }
            matches!(m, Mark::Label(t) if self.points.iter().any(|(q, n)| q != p && matches!(n, Mark::Label(u) if u == t)))
        })
    }

    /// Adds `other` (which must not clash).
    pub fn merge(&mut self, other: &Markup) {
        for (p, m) in &other.points {
            self.points.insert(*p, m.clone());
        }
        for l in &other.lines {
            if !self.lines.contains(l) {
                self.lines.push(*l);
            }
        }
    }

    /// The label at `p`, if it is a single letter (for captions like "White 46 at a").
    pub fn letter_at(&self, p: Point) -> Option<&str> {
        match self.points.get(&p) {
            Some(Mark::Label(t)) if is_letter(t) => Some(t),
            _ => None,
        }
    }

    /// The gobook attributes drawing this markup, as (name, value, quoted).
    pub fn attributes(&self) -> Vec<(String, String, bool)> {
        let mut out = Vec::new();
        let list = |pts: Vec<Point>| {
            pts.iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        for (_, name) in SHAPES {
            let pts: Vec<Point> = self
                .points
                .iter()
                .filter(|(_, m)| **m == Mark::Shape(name))
                .map(|(p, _)| *p)
                .collect();
            if !pts.is_empty() {
                out.push((name.to_string(), list(pts), false));
            }
        }
        for name in ["ln", "ar"] {
            let pairs: Vec<String> = self
                .lines
                .iter()
                .filter(|l| l.0 == name)
                .map(|l| format!("{} {}", l.1, l.2))
                .collect();
            if !pairs.is_empty() {
                out.push((name.to_string(), pairs.join(" "), false));
            }
        }
        // Letters by letter, in the order of the alphabet; other texts by point.
        let mut letters: BTreeMap<&str, Vec<Point>> = BTreeMap::new();
        for (p, m) in &self.points {
            if let Mark::Label(t) = m {
                if is_letter(t) {
                    letters.entry(t).or_default().push(*p);
                }
            }
        }
        for (l, pts) in letters {
            out.push((l.to_string(), list(pts), false));
        }
        for (p, m) in &self.points {
            if let Mark::Label(t) = m {
                if !is_letter(t) {
                    out.push((p.to_string(), t.clone(), true));
                }
            }
        }
        out
    }
}

fn is_letter(t: &str) -> bool {
    t.len() == 1 && t.as_bytes()[0].is_ascii_alphabetic()
}
