//! Stones, and the text drawn on them or on empty points.

use super::drawing::{seg, Attrs, Group, Item, Path, Text, Transform};
use super::layout::Layout;
use super::occupancy::Occupancy;
use super::style;
use super::text::{baseline_offset, char_count, condensed_x, text_fit, CONDENSED};
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
///
/// A stone is a dot: a segment of almost no length (a hundredth of the spacing) with round
/// caps, stroked twice, 23 units wide in the outline's colour, then 21 wide in the stone's,
/// which is the disc of radius 11 with its 1-unit outline that a `<circle>` draws, in a
/// third of the bytes: stones are most of a figure's size. The group is scaled by
/// [`super::layout::UNIT`] so that a stone is its point's column and row counted from the
/// view's corner (`M4 2h.01`). The segment has a length because a zero-length one gets no caps
/// in Qt (calibre's readers); it is 0.24 units, less than a hundredth of a stone.
///
/// With `outline_only_black`, a black stone is its outline's dot alone: for a drawing whose
/// colours are fixed (print) and whose black stones are their outline's colour, the second
/// dot would paint the same colour over it. A PDF of a book's games holds some hundred
/// thousand of them.
pub(crate) fn write_stones(
    out: &mut Vec<Item>,
    l: &Layout,
    occ: &Occupancy,
    outline_only_black: bool,
) {
    for (color, class, disc) in [
        (Color::Black, style::BLACK_STONES, style::BLACK_DISCS),
        (Color::White, style::WHITE_STONES, style::WHITE_DISCS),
    ] {
        let mut d = Vec::new();
        for p in l.points().filter(|&p| occ.stone(p) == Some(color)) {
            d.push(seg::move_to(
                i32::from(p.col - l.col_min),
                i32::from(l.row_max - p.row),
            ));
            d.push(seg::horizontal(true, DOT));
        }
        if d.is_empty() {
            continue;
        }
        let width = |w| Attrs {
            stroke_width: Some(w),
            ..Attrs::default()
        };
        let d: std::sync::Arc<[_]> = d.into();
        let mut items = vec![Item::Path(Path::new(width(OUTLINE_WIDTH), d.clone()))];
        if !(outline_only_black && color == Color::Black) {
            let attrs = Attrs {
                class: Some(disc),
                ..width(DISC_WIDTH)
            };
            items.push(Item::Path(Path::new(attrs, d)));
        }
        out.push(Item::Group(Group {
            attrs: Attrs {
                round_caps: true,
                transform: Some(Transform::Scale(f64::from(super::layout::UNIT))),
                ..Attrs::class(class)
            },
            items,
        }));
    }
}

/// The length of a stone's dot, in spacings.
pub(crate) const DOT: f64 = 0.01;
/// A stone's outer diameter over the spacing: 23 units of 24 (the outline's round cap).
const OUTLINE_WIDTH: f64 = 0.9583;
/// The diameter of a stone's colour inside its outline over the spacing: 21 units of 24.
const DISC_WIDTH: f64 = 0.875;

const _: () = assert!(
    super::layout::UNIT == 24 && STONE_RADIUS == 11,
    "OUTLINE_WIDTH and DISC_WIDTH are (2 * STONE_RADIUS +- 1) / UNIT"
);

/// A circle of radius `r` at `centre`.
pub(crate) fn circle(centre: (i32, i32), r: i32) -> Item {
    Item::Circle {
        centre,
        r: f64::from(r),
    }
}

/// Adds discs that clear the grid behind text on the given empty points.
pub(crate) fn write_label_discs(out: &mut Vec<Item>, l: &Layout, points: &[Point]) {
    if points.is_empty() {
        return;
    }
    let items = points
        .iter()
        .map(|&p| circle(l.xy(p), LABEL_DISC_RADIUS))
        .collect();
    out.push(Item::Group(Group {
        attrs: Attrs::class(style::LABEL_BACKGROUND),
        items,
    }));
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
pub(crate) fn write_point_texts(
    out: &mut Vec<Item>,
    l: &Layout,
    texts: &[PointText<'_>],
    target: super::Target,
) {
    // In print, a group's texts are the lines (`tspan`s) of one `text` in the SVG: usvg
    // kept less for them and read them faster (docs/benchmarks.md, "Print"), which a PDF
    // reader of that SVG still gains; what is drawn is the same.
    let print = target == super::Target::Print;
    let groups = [
        (Some(Color::Black), style::TEXT_ON_BLACK),
        (Some(Color::White), style::TEXT_ON_WHITE),
        (None, style::TEXT_ON_EMPTY),
    ];
    for (under, class) in groups {
        // Sizes from large to small, plain before condensed; each fit has its own group.
        for fit in super::text::FITS {
            let (size, condensed) = fit;
            let mut runs = Vec::new();
            for t in texts
                .iter()
                .filter(|t| t.under == under && !t.text.is_empty())
            {
                if text_fit(char_count(t.text), print) != fit {
                    continue;
                }
                let (x, y) = l.xy(t.point);
                // A `text` of its own drops a label's spaces at its ends; a `tspan` among
                // others keeps them, and they would move the label off its point.
                runs.push(Text {
                    at: (
                        if condensed { condensed_x(x) } else { x },
                        y + baseline_offset(t.text, size),
                    ),
                    text: if print { t.text.trim() } else { t.text }.to_string(),
                });
            }
            if runs.is_empty() {
                continue;
            }
            runs.shrink_to_fit();
            let items = if print {
                vec![Item::Lines(runs)]
            } else {
                runs.into_iter().map(Item::Text).collect()
            };
            out.push(Item::Group(Group {
                attrs: Attrs {
                    font_size: Some(size),
                    transform: condensed.then_some(CONDENSED),
                    ..Attrs::class(class)
                },
                items,
            }));
        }
    }
}
