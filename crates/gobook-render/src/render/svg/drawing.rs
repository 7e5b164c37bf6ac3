//! The drawing model: what a board is made of, in user units, typed. The board writer
//! builds it once; [`super::to_svg`] writes it as SVG for screens and `pdf::drawn` turns
//! the same model into typst's shapes and text for print, so that the two cannot drift
//! apart (issue #49: print read the SVG text back, and a regression lived in that trip).
//!
//! The model is as small as gobook's drawings are: rectangles, circles, paths of typed
//! segments, texts, groups, links and one arrow-head marker, each painted through a
//! class of [`super::style`] whose colours the palette gives.

use super::style::Palette;
use std::sync::Arc;

/// A board's drawing, ready to be written for a screen or drawn in print.
#[derive(Clone, Debug, PartialEq)]
pub struct Drawing {
    /// The view box: left, top, width, height, in user units.
    pub view_box: [i32; 4],
    /// How large it is shown: `None` for the width of the column (`width="100%"`).
    pub shown: Option<(i64, i64)>,
    /// Whether the drawing is for print: colours as attributes, no classes, bold texts.
    pub print: bool,
    /// Whether screen readers take it for one image (no links on its points).
    pub image_role: bool,
    /// Whether it holds text, so the root states the anchor and font once.
    pub has_text: bool,
    /// Its accessible title and description (screen only).
    pub title: Option<(String, String)>,
    /// Whether a standalone style sheet goes in (a screen file that stands alone).
    pub standalone: bool,
    /// The colours its classes are painted in.
    pub palette: Palette,
    /// What it shows, bottom to top.
    pub items: Vec<Item>,
}

/// One thing drawn.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// The arrow-head marker a line's `marker` names.
    Marker(Marker),
    /// A rectangle.
    Rect {
        /// Its class.
        class: &'static str,
        /// Left, top, width, height.
        rect: [i32; 4],
    },
    /// A circle, painted by its group.
    Circle {
        /// Its centre.
        centre: (i32, i32),
        /// Its radius.
        r: f64,
    },
    /// A path.
    Path(Path),
    /// Items sharing their paint and attributes.
    Group(Group),
    /// A text set at a point, painted by its group.
    Text(Text),
    /// Texts as the lines of one text element (print): drawn as the texts alone.
    Lines(Vec<Text>),
    /// A link over the items it holds, named by its title.
    Link {
        /// Where it leads (not yet escaped).
        href: String,
        /// Its title, a screen reader's name and a tooltip.
        title: String,
        /// What is clicked.
        items: Vec<Item>,
    },
}

/// Attributes an element states itself, besides its class's paint; each `None` or
/// default is not written.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Attrs {
    /// Its class in [`super::style`], painted by the palette.
    pub class: Option<&'static str>,
    /// A fill of its own: `none` or `transparent`.
    pub fill: Option<&'static str>,
    /// A stroke of its own: `none`.
    pub stroke: Option<&'static str>,
    /// Round line caps.
    pub round_caps: bool,
    /// Its stroke's width.
    pub stroke_width: Option<f64>,
    /// Its font size.
    pub font_size: Option<i32>,
    /// Its transform.
    pub transform: Option<Transform>,
    /// The marker drawn at each path's end, by id.
    pub marker_end: Option<String>,
}

/// A group's transform.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Transform {
    /// Scaled alike both ways.
    Scale(f64),
    /// Scaled `(x, y)`.
    Scale2(f64, f64),
}

/// A group of items.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// Its attributes, inherited by its items.
    pub attrs: Attrs,
    /// What it holds.
    pub items: Vec<Item>,
}

/// A path.
#[derive(Clone, Debug, PartialEq)]
pub struct Path {
    /// Its attributes.
    pub attrs: Attrs,
    /// Its segments, shared (a stone's outline and disc are one path stroked twice) and
    /// no longer than they are: print holds every board's drawing until its PDF is written.
    pub d: Arc<[Seg]>,
}

/// One segment of a path: relative ones move from the end of the segment before.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Seg {
    /// Moves to a point (`M`, `m`).
    Move {
        /// Relative to the current point.
        rel: bool,
        /// Where to.
        to: (f64, f64),
    },
    /// A straight line (`L`, `l`); `implicit` when it repeats the command before without
    /// its letter (`l7 7-7 7`).
    Line {
        /// Relative to the current point.
        rel: bool,
        /// Where to.
        to: (f64, f64),
        /// Written without its letter.
        implicit: bool,
    },
    /// A horizontal line (`H`, `h`).
    Horizontal {
        /// Relative to the current point.
        rel: bool,
        /// To this x (or by it).
        x: f64,
    },
    /// A vertical line (`V`, `v`).
    Vertical {
        /// Relative to the current point.
        rel: bool,
        /// To this y (or by it).
        y: f64,
    },
    /// A relative arc of a circle of radius `r`, the large one, counter-clockwise (`a r r 0
    /// 1 0 dx dy`): the two halves of a circle mark.
    HalfCircle {
        /// The radius.
        r: f64,
        /// By how much.
        by: (f64, f64),
    },
    /// Closes the subpath (`Z` when `upper`, else `z`).
    Close {
        /// Written as `Z`.
        upper: bool,
    },
}

/// The arrow head that a line's `marker_end` names, in units of the line's width.
#[derive(Clone, Debug, PartialEq)]
pub struct Marker {
    /// Its id.
    pub id: String,
    /// Its box's width and height.
    pub size: (f64, f64),
    /// The point of it on the line's end.
    pub refer: (f64, f64),
    /// Its shape.
    pub path: Path,
}

/// A text at a point, anchored by its middle in the drawing's font.
#[derive(Clone, Debug, PartialEq)]
pub struct Text {
    /// Its anchor and baseline.
    pub at: (i32, i32),
    /// What it says (not yet escaped).
    pub text: String,
}

impl Path {
    /// A path of `d` with `attrs`.
    pub fn new(attrs: Attrs, d: impl Into<Arc<[Seg]>>) -> Path {
        Path { attrs, d: d.into() }
    }
}

impl Attrs {
    /// Attributes of class `class` alone.
    pub fn class(class: &'static str) -> Attrs {
        Attrs {
            class: Some(class),
            ..Attrs::default()
        }
    }
}

/// Shorthands for building paths.
pub(crate) mod seg {
    use super::Seg;

    /// `M x y`.
    pub fn move_to(x: impl Into<f64>, y: impl Into<f64>) -> Seg {
        Seg::Move {
            rel: false,
            to: (x.into(), y.into()),
        }
    }
    /// `m dx dy`.
    pub fn move_by(x: impl Into<f64>, y: impl Into<f64>) -> Seg {
        Seg::Move {
            rel: true,
            to: (x.into(), y.into()),
        }
    }
    /// `L x y`.
    pub fn line_to(x: impl Into<f64>, y: impl Into<f64>) -> Seg {
        Seg::Line {
            rel: false,
            to: (x.into(), y.into()),
            implicit: false,
        }
    }
    /// `l dx dy`, or without its letter when `implicit`.
    pub fn line_by(x: impl Into<f64>, y: impl Into<f64>, implicit: bool) -> Seg {
        Seg::Line {
            rel: true,
            to: (x.into(), y.into()),
            implicit,
        }
    }
    /// `h dx` or `H x`.
    pub fn horizontal(rel: bool, x: impl Into<f64>) -> Seg {
        Seg::Horizontal { rel, x: x.into() }
    }
    /// `v dy` or `V y`.
    pub fn vertical(rel: bool, y: impl Into<f64>) -> Seg {
        Seg::Vertical { rel, y: y.into() }
    }
    /// `z`.
    pub const CLOSE: Seg = Seg::Close { upper: false };
}
