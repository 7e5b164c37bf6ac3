//! Stones, and the text drawn on them or on empty points.

use std::fmt::Write;

use super::layout::Layout;
use super::occupancy::Occupancy;
use super::style;
use super::text::{baseline_offset, char_count, condensed_x, push_int, text_fit, CONDENSED};
use crate::escape::push_text;
use crate::point::{Color, Point};

/// Stone radius: with the 1 unit outline a stone is 23 units across, 0.96 of the spacing,
/// so neighbours almost touch as on a real board.
pub(crate) const STONE_RADIUS: i32 = 11;
/// Radius of the board-coloured disc behind text on an empty point.
const LABEL_DISC_RADIUS: i32 = 9;
/// How far from a stone's centre lines and arrows stop: just outside its outline.
pub(crate) const STONE_CLEARANCE: f64 = STONE_RADIUS as f64 + 2.0;
/// How far from a label's centre lines and arrows stop.
pub(crate) const LABEL_CLEARANCE: f64 = LABEL_DISC_RADIUS as f64 + 1.0;

/// Writes every visible stone, black ones then white ones, each colour in one group.
pub(crate) fn write_stones(out: &mut String, l: &Layout, occ: &Occupancy) {
    for (color, class) in [
        (Color::Black, style::BLACK_STONES),
        (Color::White, style::WHITE_STONES),
    ] {
        let mut open = false;
        for p in l.points().filter(|&p| occ.stone(p) == Some(color)) {
            if !open {
                let _ = write!(out, r#"<g class="{class}" stroke-width="1">"#);
                open = true;
            }
            circle(out, l.xy(p), STONE_RADIUS);
        }
        if open {
            out.push_str("</g>");
        }
    }
}

/// Writes `<circle cx="X" cy="Y" r="R"/>`.
pub(crate) fn circle(out: &mut String, (x, y): (i32, i32), r: i32) {
    out.push_str(r#"<circle cx=""#);
    push_int(out, x);
    out.push_str(r#"" cy=""#);
    push_int(out, y);
    out.push_str(r#"" r=""#);
    push_int(out, r);
    out.push_str(r#""/>"#);
}

/// Writes discs that clear the grid behind text on the given empty points.
pub(crate) fn write_label_discs(out: &mut String, l: &Layout, points: &[Point]) {
    if points.is_empty() {
        return;
    }
    let _ = write!(out, r#"<g class="{}">"#, style::LABEL_BACKGROUND);
    for &p in points {
        circle(out, l.xy(p), LABEL_DISC_RADIUS);
    }
    out.push_str("</g>");
}

/// A text to centre on a point, with what lies under it.
pub(crate) struct PointText<'a> {
    /// Where the text goes.
    pub point: Point,
    /// What it says.
    pub text: &'a str,
    /// The stone under it, if any (decides the text colour).
    pub under: Option<Color>,
}

/// Writes texts centred on points, grouped by the colour under them and by how they are
/// fitted (size, condensed) so each group states its class, size and scale once.
pub(crate) fn write_point_texts(out: &mut String, l: &Layout, texts: &[PointText<'_>]) {
    let groups = [
        (Some(Color::Black), style::TEXT_ON_BLACK),
        (Some(Color::White), style::TEXT_ON_WHITE),
        (None, style::TEXT_ON_EMPTY),
    ];
    for (under, class) in groups {
        // Sizes from large to small, plain before condensed; each fit has its own group.
        for fit in [(14, false), (14, true), (11, true)] {
            let (size, condensed) = fit;
            let mut open = false;
            for t in texts
                .iter()
                .filter(|t| t.under == under && !t.text.is_empty())
            {
                if text_fit(char_count(t.text)) != fit {
                    continue;
                }
                if !open {
                    let _ = write!(out, r#"<g class="{class}" font-size="{size}""#);
                    if condensed {
                        let _ = write!(out, r#" transform="{CONDENSED}""#);
                    }
                    out.push('>');
                    open = true;
                }
                let (x, y) = l.xy(t.point);
                out.push_str(r#"<text x=""#);
                push_int(out, if condensed { condensed_x(x) } else { x });
                out.push_str(r#"" y=""#);
                push_int(out, y + baseline_offset(t.text, size));
                out.push_str(r#"">"#);
                push_text(out, t.text);
                out.push_str("</text>");
            }
            if open {
                out.push_str("</g>");
            }
        }
    }
}
