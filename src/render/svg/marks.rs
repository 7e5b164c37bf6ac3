//! Marks (triangle, square, circle, cross, diamond) and territory squares.

use std::fmt::Write;

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
pub(crate) fn mark_path(d: &mut String, mark: Mark, x: i32, y: i32) {
    let _ = match mark {
        Mark::Triangle => write!(d, "M{x} {}l6 11h-12z", y - 7),
        Mark::Square => write!(d, "M{} {}h10v10h-10z", x - 5, y - 5),
        Mark::Circle => write!(d, "M{} {y}a6 6 0 1 0 12 0a6 6 0 1 0-12 0", x - 6),
        Mark::Cross => write!(d, "M{} {}l10 10m0-10l-10 10", x - 5, y - 5),
        Mark::Diamond => write!(d, "M{x} {}l7 7-7 7-7-7z", y - 7),
    };
}

/// Writes all visible marks as up to three paths, one per colour under them, so each
/// mark contrasts with its stone or the board. Marks on points that carry text are left
/// to [`write_mark_badges`].
pub(crate) fn write_marks(
    out: &mut String,
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
        let mut d = String::new();
        for &(p, mark) in marks
            .iter()
            .filter(|&&(p, _)| l.shows(p) && occ.stone(p) == under && !has_text(p))
        {
            let (x, y) = l.xy(p);
            mark_path(&mut d, mark, x, y);
        }
        if !d.is_empty() {
            let _ = write!(
                out,
                r#"<path class="{class}" fill="none" stroke-width="2" d="{d}"/>"#
            );
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
    out: &mut String,
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
    let _ = write!(out, r#"<g class="{}">"#, style::LABEL_BACKGROUND);
    for &&(p, _) in &badged {
        let (x, y) = l.xy(p);
        super::stones::circle(out, (x + BADGE_OFFSET, y - BADGE_OFFSET), BADGE_RADIUS);
    }
    out.push_str("</g>");
    let mut d = String::new();
    for &&(p, mark) in &badged {
        let (x, y) = l.xy(p);
        small_mark_path(&mut d, mark, x + BADGE_OFFSET, y - BADGE_OFFSET);
    }
    let _ = write!(
        out,
        r#"<path class="{}" fill="none" stroke-width="1.5" d="{d}"/>"#,
        style::MARK_ON_EMPTY
    );
}

/// [`mark_path`] at about half size, for badges.
fn small_mark_path(d: &mut String, mark: Mark, x: i32, y: i32) {
    let _ = match mark {
        Mark::Triangle => write!(d, "M{x} {}l3.5 6h-7z", y - 4),
        Mark::Square => write!(d, "M{} {}h6v6h-6z", x - 3, y - 3),
        Mark::Circle => write!(
            d,
            "M{} {y}a3.5 3.5 0 1 0 7 0a3.5 3.5 0 1 0-7 0",
            x as f32 - 3.5
        ),
        Mark::Cross => write!(d, "M{} {}l6 6m0-6l-6 6", x - 3, y - 3),
        Mark::Diamond => write!(d, "M{x} {}l4 4-4 4-4-4z", y - 4),
    };
}

/// Writes territory as small squares, one path per owner, outlined like stones so white
/// squares show on a light board and black ones on a dark board.
pub(crate) fn write_territory(out: &mut String, l: &Layout, territory: &[(Point, Color)]) {
    let side = 2 * TERRITORY_HALF;
    for (color, class) in [
        (Color::Black, style::TERRITORY_BLACK),
        (Color::White, style::TERRITORY_WHITE),
    ] {
        let mut d = String::new();
        for &(p, _) in territory.iter().filter(|&&(p, c)| c == color && l.shows(p)) {
            let (x, y) = l.xy(p);
            let _ = write!(
                d,
                "M{} {}h{side}v{side}h-{side}z",
                x - TERRITORY_HALF,
                y - TERRITORY_HALF
            );
        }
        if d.is_empty() {
            continue;
        }
        let _ = write!(out, r#"<path class="{class}" stroke-width="1" d="{d}"/>"#);
    }
}
