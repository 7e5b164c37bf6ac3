//! Marks (triangle, square, circle, cross, diamond) and territory squares.

use super::drawing::{seg, Attrs, Group, Item, Path, Seg};
use super::layout::Layout;
use super::occupancy::Occupancy;
use super::style;
use crate::point::{Color, Mark, Point};

/// Half the side of a territory square.
const TERRITORY_HALF: i32 = 4;

/// Appends the outline of `mark` centred on (x, y) as relative path commands.
///
/// Shapes are sized to read as the same size: the triangle and diamond reach a little
/// further out than the square because they cover less area.
pub(crate) fn mark_path(d: &mut Vec<Seg>, mark: Mark, x: i32, y: i32) {
    shape(d, mark, f64::from(x), f64::from(y), 1.0);
}

/// `mark` centred on (x, y): at full size (`full`), else at about half.
fn shape(d: &mut Vec<Seg>, mark: Mark, x: f64, y: f64, full: f64) {
    // Each size's numbers as the marks were first drawn, kept so the drawings stay the same.
    let pick = |big: f64, small: f64| if full == 1.0 { big } else { small };
    let close = seg::CLOSE;
    match mark {
        Mark::Triangle => d.extend([
            seg::move_to(x, y - pick(7.0, 4.0)),
            seg::line_by(pick(6.0, 3.5), pick(11.0, 6.0), false),
            seg::horizontal(true, pick(-12.0, -7.0)),
            close,
        ]),
        Mark::Square => {
            let (half, side) = (pick(5.0, 3.0), pick(10.0, 6.0));
            d.extend([
                seg::move_to(x - half, y - half),
                seg::horizontal(true, side),
                seg::vertical(true, side),
                seg::horizontal(true, -side),
                close,
            ]);
        }
        Mark::Circle => {
            let r = pick(6.0, 3.5);
            d.extend([
                seg::move_to(x - r, y),
                Seg::HalfCircle {
                    r,
                    by: (2.0 * r, 0.0),
                },
                Seg::HalfCircle {
                    r,
                    by: (-2.0 * r, 0.0),
                },
            ]);
        }
        Mark::Cross => {
            let (half, side) = (pick(5.0, 3.0), pick(10.0, 6.0));
            d.extend([
                seg::move_to(x - half, y - half),
                seg::line_by(side, side, false),
                seg::move_by(0.0, -side),
                seg::line_by(-side, side, false),
            ]);
        }
        Mark::Diamond => {
            let r = pick(7.0, 4.0);
            d.extend([
                seg::move_to(x, y - r),
                seg::line_by(r, r, false),
                seg::line_by(-r, r, true),
                seg::line_by(-r, -r, true),
                close,
            ]);
        }
    }
}

/// An unfilled path of class `class` stroked `width` wide.
fn outline(class: &'static str, width: f64, d: Vec<Seg>) -> Item {
    Item::Path(Path::new(
        Attrs {
            fill: Some("none"),
            stroke_width: Some(width),
            ..Attrs::class(class)
        },
        d,
    ))
}

/// Writes all visible marks as up to three paths, one per colour under them, so each
/// mark contrasts with its stone or the board. Marks on points that carry text are left
/// to [`write_mark_badges`].
pub(crate) fn write_marks(
    out: &mut Vec<Item>,
    l: &Layout,
    occ: &Occupancy,
    marks: &[(Point, Mark)],
    has_text: impl Fn(Point) -> bool,
) {
    let groups = [
        (Some(Color::Black), style::MARK_ON_BLACK),
        (Some(Color::White), style::MARK_ON_WHITE),
        (None, style::MARK_ON_EMPTY),
    ];
    for (under, class) in groups {
        let mut d = Vec::new();
        for &(p, mark) in marks
            .iter()
            .filter(|&&(p, _)| l.shows(p) && occ.stone(p) == under && !has_text(p))
        {
            let (x, y) = l.xy(p);
            mark_path(&mut d, mark, x, y);
        }
        if !d.is_empty() {
            out.push(outline(class, 2.0, d));
        }
    }
}

/// Where a badge sits: the upper right of its point, over the stone's outline, so the
/// number in the middle stays whole.
const BADGE_OFFSET: i32 = 9;
/// Radius of the board-coloured disc behind a badge.
const BADGE_RADIUS: i32 = 5;

/// Writes the marks of points that also carry a number or letter as small badges in
/// the upper right corner, on a board-coloured disc: a mark drawn over a move number
/// would hide it, and the commentary names the stone by that number.
pub(crate) fn write_mark_badges(
    out: &mut Vec<Item>,
    l: &Layout,
    marks: &[(Point, Mark)],
    has_text: impl Fn(Point) -> bool,
) {
    let badged: Vec<_> = marks
        .iter()
        .filter(|&&(p, _)| l.shows(p) && has_text(p))
        .collect();
    if badged.is_empty() {
        return;
    }
    let at = |p: Point| {
        let (x, y) = l.xy(p);
        (x + BADGE_OFFSET, y - BADGE_OFFSET)
    };
    let items = badged
        .iter()
        .map(|&&(p, _)| super::stones::circle(at(p), BADGE_RADIUS))
        .collect();
    out.push(Item::Group(Group {
        attrs: Attrs::class(style::LABEL_BACKGROUND),
        items,
    }));
    let mut d = Vec::new();
    for &&(p, mark) in &badged {
        let (x, y) = at(p);
        shape(&mut d, mark, f64::from(x), f64::from(y), 0.5);
    }
    out.push(outline(style::MARK_ON_EMPTY, 1.5, d));
}

/// Writes territory as small squares, one path per owner, outlined like stones so white
/// squares show on a light board and black ones on a dark board.
pub(crate) fn write_territory(out: &mut Vec<Item>, l: &Layout, territory: &[(Point, Color)]) {
    let side = 2 * TERRITORY_HALF;
    for (color, class) in [
        (Color::Black, style::TERRITORY_BLACK),
        (Color::White, style::TERRITORY_WHITE),
    ] {
        let mut d = Vec::new();
        for &(p, _) in territory.iter().filter(|&&(p, c)| c == color && l.shows(p)) {
            let (x, y) = l.xy(p);
            d.extend([
                seg::move_to(x - TERRITORY_HALF, y - TERRITORY_HALF),
                seg::horizontal(true, side),
                seg::vertical(true, side),
                seg::horizontal(true, -side),
                seg::CLOSE,
            ]);
        }
        if d.is_empty() {
            continue;
        }
        let attrs = Attrs {
            stroke_width: Some(1.0),
            ..Attrs::class(class)
        };
        out.push(Item::Path(Path::new(attrs, d)));
    }
}
