//! A Sensei's Library diagram as a gobook `::dia`: its stones, numbered moves, marks,
//! letters, arrows and caption, viewing (`vw`) the part of the board it shows, placed by
//! its edges. `gobook svg` draws it as a one-diagram book (with its links on points,
//! which a `::dia` cannot hold), `gobook import` writes it.

use super::text::push_attr;
use crate::board::diagram::PointLink;
use crate::point::{Color, Point, MAX_SIZE};
use crate::sl::{Cell, Diagram, Shape, SlError};
use std::collections::BTreeMap;

/// The diagram's `::dia` element (one line, no newline), and what it cannot show, each
/// with the place in the diagram's text.
pub fn dia_text(d: &Diagram) -> (String, Vec<SlError>) {
    let place = Placement::of(d);
    let mut notes = d.warnings.clone();
    let mut stones: [Vec<Point>; 2] = Default::default();
    let mut marks: [Vec<Point>; 4] = Default::default();
    let mut letters: BTreeMap<char, Vec<Point>> = BTreeMap::new();
    let mut moves: [Option<Point>; 11] = [None; 11];
    let mut off_board = false;
    for (r, row) in d.rows.iter().enumerate() {
        for (c, &cell) in row.iter().enumerate() {
            let p = place.point((r, c));
            match cell {
                Cell::Stone(s) => stones[s as usize].push(p),
                Cell::Marked(s, m) => {
                    stones[s as usize].push(p);
                    marks[m as usize].push(p);
                }
                Cell::Mark(m) => marks[m as usize].push(p),
                Cell::Letter(l) => letters.entry(l).or_default().push(p),
                Cell::Move(n) => moves[n as usize] = Some(p),
                Cell::OffBoard => off_board = true,
                Cell::Empty | Cell::Hoshi | Cell::Vague => {}
            }
        }
    }
    for &(n, m) in &d.at_notes {
        moves[n as usize] = moves[m as usize];
    }
    let note = |message: String| SlError {
        span: d.span,
        message,
    };
    if crate::sl::boards::columns(&d.rows).len() > 1 {
        notes.push(note(
            "boards side by side (parted by columns of `_`) are drawn here as one board, since \
             a player shows one; a picture draws them in a row, and `gobook import` makes each \
             a diagram of its own"
                .into(),
        ));
    } else if off_board {
        notes.push(note(
            "`_` (no board here) is drawn as empty points: a gobook diagram is one board".into(),
        ));
    }
    let mut out = format!("::dia base=none sz={}", place.size);
    push_moves(&mut out, d, &moves);
    for (name, ps) in ["ab", "aw"].iter().zip(&stones) {
        push_list(&mut out, name, ps);
    }
    let names = ["cr", "sq", "tr", "ma"];
    for s in [Shape::Circle, Shape::Square, Shape::Triangle, Shape::Cross] {
        push_list(&mut out, names[s as usize], &marks[s as usize]);
    }
    for (l, ps) in &letters {
        push_list(&mut out, &l.to_string(), ps);
    }
    push_lines(&mut out, d, &place);
    let (a, b) = place.corners();
    push_attr(&mut out, "vw", &format!("{a}{b}"), false);
    if d.coordinates && place.anchored {
        push_attr(&mut out, "showCoords", "1", false);
    }
    if !d.title.is_empty() {
        push_attr(&mut out, "ca", &d.title, true);
    }
    (out, notes)
}

fn push_list(out: &mut String, name: &str, ps: &[Point]) {
    if !ps.is_empty() {
        let list: Vec<String> = ps.iter().map(Point::to_string).collect();
        push_attr(out, name, &list.join(""), false);
    }
}

/// The moves from the first number shown to the last, a number not shown being played
/// elsewhere (`Tenuki`); `mn` and `pl` make the first shown number and its colour.
fn push_moves(out: &mut String, d: &Diagram, moves: &[Option<Point>; 11]) {
    let Some(first) = (1..=10).find(|&n| moves[n].is_some()) else {
        if d.first == Color::White {
            push_attr(out, "pl", "w", false);
        }
        return;
    };
    let last = (1..=10)
        .rev()
        .find(|&n| moves[n].is_some())
        .unwrap_or(first);
    let mv: String = (first..=last)
        .map(|n| moves[n].map_or("Tenuki".to_string(), |p| p.to_string()))
        .collect();
    if d.move_color(first as u8) == Color::White {
        push_attr(out, "pl", "w", false);
    }
    push_attr(out, "mv", &mv, false);
    let mn = d.start + first as u32 - 1;
    if mn != 1 {
        push_attr(out, "mn", &mn.to_string(), false);
    }
}

fn push_lines(out: &mut String, d: &Diagram, place: &Placement) {
    for (name, arrow) in [("ln", false), ("ar", true)] {
        let pairs: Vec<String> = d
            .lines
            .iter()
            .filter(|l| l.arrow == arrow)
            .map(|l| format!("{}{}", place.point(l.from), place.point(l.to)))
            .collect();
        if !pairs.is_empty() {
            push_attr(out, name, &pairs.join(""), false);
        }
    }
}

/// Where the grid lies on the board: by its edges, or, on a side without one, away from
/// the board's edge (on a larger board if the diagram is too wide to keep off it).
struct Placement {
    size: u8,
    left: u8,
    top: u8,
    cols: u8,
    rows: u8,
    anchored: bool,
}

impl Placement {
    fn of(d: &Diagram) -> Placement {
        let (cols, rows) = (d.cols().max(1) as u8, d.rows.len().max(1) as u8);
        let mut size = d.board_size();
        let (x, y) = (d.first_col(), d.top_row());
        // An open side must not reach the board's edge, or the picture would draw one.
        if d.header_size.is_none() {
            let need = |n: u8, open: bool, both: bool| {
                if both {
                    n + 2
                } else if open {
                    n + 1
                } else {
                    n
                }
            };
            let e = d.edges;
            let wide = need(cols, !(e.left && e.right), !e.left && !e.right);
            let high = need(rows, !(e.top && e.bottom), !e.top && !e.bottom);
            if !(e.left && e.right || e.top && e.bottom) {
                size = size.max(wide.max(high).min(MAX_SIZE));
            }
        }
        let e = d.edges;
        // By the edges again, on the board as it may have grown; a side without an edge
        // may lie anywhere off the board's edge, nearest the middle.
        let lefts = if e.left {
            0..=0
        } else if e.right {
            let l = size.saturating_sub(cols);
            l..=l
        } else {
            free(size, cols)
        };
        let tops = if e.top {
            size - 1..=size - 1
        } else if e.bottom {
            rows - 1..=rows - 1
        } else {
            let r = free(size, rows);
            size - 1 - r.end()..=size - 1 - r.start()
        };
        let mut p = Placement {
            size,
            left: 0,
            top: 0,
            cols,
            rows,
            anchored: x.is_some() && y.is_some(),
        };
        (p.left, p.top) = p.agreeing(d, lefts, tops);
        p
    }

    /// Of the places `lefts` by `tops`, the one where the board's star points fall where
    /// the diagram agrees (a `,`, or a point a stone or letter covers) rather than on a `.`,
    /// and where every `,` is a star point; the nearest the middle of them. A diagram
    /// placed by its edges has one place, and its star points are the board's.
    fn agreeing(
        &self,
        d: &Diagram,
        lefts: std::ops::RangeInclusive<u8>,
        tops: std::ops::RangeInclusive<u8>,
    ) -> (u8, u8) {
        let stars = crate::point::star_points(self.size);
        let mid = |r: &std::ops::RangeInclusive<u8>| (*r.start() as i32 + *r.end() as i32) / 2;
        let (mid_l, mid_t) = (mid(&lefts), mid(&tops));
        let mut best = (usize::MAX, i32::MAX, *lefts.start(), *tops.start());
        for left in lefts {
            for top in tops.clone() {
                let at = Placement { left, top, ..*self };
                let wrong = at.wrong_stars(d, &stars);
                let away = (left as i32 - mid_l).abs() + (top as i32 - mid_t).abs();
                best = best.min((wrong, away, left, top));
            }
        }
        (best.2, best.3)
    }

    /// How many points disagree placed so: a star point on a `.`, a `,` on no star point.
    fn wrong_stars(&self, d: &Diagram, stars: &[Point]) -> usize {
        let mut wrong = 0;
        for (r, row) in d.rows.iter().enumerate() {
            for (c, &cell) in row.iter().enumerate() {
                let star = stars.contains(&self.point((r, c)));
                // A mark on an empty point is drawn over the star point; a letter hides it.
                let bare = matches!(
                    cell,
                    Cell::Empty | Cell::Vague | Cell::OffBoard | Cell::Mark(_)
                );
                if (star && bare) || (!star && cell == Cell::Hoshi) {
                    wrong += 1;
                }
            }
        }
        wrong
    }

    fn point(&self, (r, c): (usize, usize)) -> Point {
        Point::new(self.left + c as u8, self.top.saturating_sub(r as u8))
    }

    fn corners(&self) -> (Point, Point) {
        (
            Point::new(self.left, self.top),
            Point::new(self.left + self.cols - 1, self.top + 1 - self.rows),
        )
    }
}

/// The first columns (or, counted from the top, rows) a run of `n` points may start at on
/// a board of `size` without reaching either edge; the middle one alone when none does.
fn free(size: u8, n: u8) -> std::ops::RangeInclusive<u8> {
    if size >= n + 2 {
        1..=size - n - 1
    } else {
        let m = size.saturating_sub(n) / 2;
        m..=m
    }
}

/// A diagram as a snippet of book text, and what the book cannot hold of it.
#[derive(Clone, Debug)]
pub struct Snippet {
    /// The `::dia` line, with its newline.
    pub dia: String,
    /// What the `::dia` cannot show, or what was read with a doubt, at its place.
    pub notes: Vec<SlError>,
    /// The links on its points, for the picture to draw (a `::dia` has none).
    pub links: Vec<PointLink>,
}

/// The one diagram of `text` as a snippet of book text (a `::dia` line), with what it
/// cannot show and its links on points; or why `text` is not one diagram.
pub fn snippet(text: &str) -> Result<Snippet, SlError> {
    Ok(diagram_snippet(&crate::sl::read(text)?))
}

/// Diagram `d` (one board of boards side by side, say) as a snippet of book text.
pub fn diagram_snippet(d: &Diagram) -> Snippet {
    let (mut dia, mut notes) = dia_text(d);
    dia.push('\n');
    let place = Placement::of(d);
    let (links, refused) = super::sl_links::point_links(d, |rc| place.point(rc));
    notes.extend(refused);
    Snippet { dia, notes, links }
}
