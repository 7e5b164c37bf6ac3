//! Board diagrams as SVG: compact, themeable with CSS, accessible, deterministic.
//!
//! A board is first built as a [`Drawing`] (`drawing`), a small typed model of what it is
//! made of; [`to_svg`] writes it for screens, keeping every byte under control (integer
//! coordinates, relative path commands, one group per colour), and `pdf::drawn` draws the
//! same model in typst's shapes and text for print.
//!
//! Layers are drawn bottom to top: board, grid, edges, star points, stones, territory,
//! label discs, marks, text, lines and arrows, links on points, coordinates.

mod badges;
mod caption;
mod coords;
mod describe;
pub mod drawing;
mod grid;
mod layout;
mod lines;
mod links;
mod marks;
mod occupancy;
mod row;
mod stones;
mod style;
#[cfg(test)]
mod tests;
mod text;
mod to_svg;

// The input type lives in `board` (see ARCHITECTURE.md); re-exported as the renderer's API.
pub use crate::board::diagram::{BoardDiagram, Mark, NumberedStone, PointLink, Words};
use crate::escape::push_text;
use crate::point::Point;
pub use drawing::Drawing;
use drawing::Item;
use layout::Layout;
use occupancy::Occupancy;
pub use row::render_row;
use stones::PointText;
pub use style::{Palette, DARK, LIGHT};
pub use to_svg::{root_element, to_svg};

/// How a diagram is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SvgOptions {
    /// Embed default colours and fonts so the file works on its own (an `<img>`, a blog);
    /// without it the page must link `themes/default/board.css` or a theme like it.
    pub standalone: bool,
    /// Prefix for the few ids the SVG defines (the arrow head); give each inline
    /// diagram on a page its own so ids stay unique.
    pub id_prefix: String,
    /// Define no id at all (arrow heads drawn as paths of their own, not one marker), so
    /// that the very same drawing can stand on a page any number of times: a player,
    /// pasted where gobook cannot know what else is on the page.
    pub no_ids: bool,
    /// Lines of text under the board (caption, gaps), for files that stand alone.
    pub caption: Vec<String>,
    /// The width the image is shown at, in CSS pixels (the height follows); `None` keeps
    /// one pixel per user unit. The drawing itself is the same at every width.
    pub width: Option<u32>,
    /// Without `width`, scale to the width of the column the file is shown in (`width="100%"`,
    /// the height following from the viewBox), as a blog or a README wants; else one pixel
    /// per user unit.
    pub fluid: bool,
    /// The colours written into the file, which a page's `--gb-*` properties still override.
    pub palette: Palette,
    /// The stroke widths of the grid and of the board's edge, in user units (24 between
    /// lines): print sets them for the size the board prints at.
    pub weights: LineWeights,
}

/// The stroke widths of a board's grid and edge, in thousandths of a user unit (24 units
/// between lines), so that the same options always write the same bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LineWeights {
    /// The grid's lines.
    pub grid: u32,
    /// The board's real edges, heavier.
    pub edge: u32,
}

/// The screen's weights: a unit for the grid, two for the edge, crisp at every zoom.
pub const SCREEN_WEIGHTS: LineWeights = LineWeights {
    grid: 1000,
    edge: 2000,
};

/// The grid line of printed Go books, in mm (sgf2dg's 0.13 mm; Kiseido's books are alike).
pub const PRINT_GRID_MM: f64 = 0.13;
/// The board's edge in print, in mm: as heavy as two and a half grid lines.
pub const PRINT_EDGE_MM: f64 = 0.32;

impl LineWeights {
    /// Print's weights for a board printed `mm_per_unit` mm to the user unit.
    pub fn print(mm_per_unit: f64) -> LineWeights {
        let milli = |mm: f64| (mm / mm_per_unit * 1000.0).round().clamp(1.0, 1e6) as u32;
        LineWeights {
            grid: milli(PRINT_GRID_MM),
            edge: milli(PRINT_EDGE_MM),
        }
    }
}

impl Default for SvgOptions {
    fn default() -> Self {
        SvgOptions {
            standalone: true,
            id_prefix: "gb".to_string(),
            no_ids: false,
            caption: Vec::new(),
            width: None,
            fluid: false,
            palette: LIGHT,
            weights: SCREEN_WEIGHTS,
        }
    }
}

/// Renders a standalone SVG file with embedded default styles.
pub fn render_standalone(d: &BoardDiagram) -> String {
    render(d, &SvgOptions::default())
}

/// Renders an SVG to inline in a page that supplies the diagram CSS.
pub fn render_inline(d: &BoardDiagram, id_prefix: &str) -> String {
    render(
        d,
        &SvgOptions {
            standalone: false,
            id_prefix: id_prefix.to_string(),
            ..SvgOptions::default()
        },
    )
}

/// Whether `render_inline`'s id prefix can reach the drawing of `d`: it names the arrow
/// head marker only, so a board without arrows is drawn alike under every prefix, and a
/// cache of drawings keys it by the board alone.
pub fn uses_id_prefix(d: &BoardDiagram) -> bool {
    !d.arrows.is_empty()
}

/// Renders `d` as an SVG document. The same input always gives the same bytes.
pub fn render(d: &BoardDiagram, opts: &SvgOptions) -> String {
    render_for(d, opts, Target::Screen)
}

/// Renders `d` for print in `palette` with `weights`: [`print_drawing`] as SVG, the colours
/// as attributes and nothing to restyle (a PDF has no custom properties), texts bold, and no
/// words, so the drawing is byte for byte the same in every language of a book. The words
/// a reader who cannot see it is told are [`alt_text`]'s.
pub fn render_print_in(d: &BoardDiagram, palette: Palette, weights: LineWeights) -> String {
    to_svg(&print_drawing(d, palette, weights))
}

/// The drawing [`render_print_in`] writes: what print draws in typst's shapes and text.
pub fn print_drawing(d: &BoardDiagram, palette: Palette, weights: LineWeights) -> Drawing {
    let opts = SvgOptions {
        palette,
        weights,
        ..SvgOptions::default()
    };
    drawing_for(d, &opts, Target::Print)
}

/// [`render_print_in`] in the screen's light palette and weights.
pub fn render_print(d: &BoardDiagram) -> String {
    render_print_in(d, LIGHT, SCREEN_WEIGHTS)
}

/// The width of `d`'s drawing in user units (its view box's), without drawing it.
pub fn drawn_width(d: &BoardDiagram) -> i32 {
    Layout::new(d.size, d.view, d.coordinates).view_box().2
}

/// What a drawing's class `class` is painted with in `palette`: its fill, its stroke, and
/// whether print sets its text bold (stroked [`BOLD_STROKE`] wide in its fill's colour);
/// `None` for a class without paint.
pub fn style_paints(
    class: &str,
    palette: &Palette,
) -> Option<(Option<&'static str>, Option<&'static str>, bool)> {
    style::paints(class, palette).map(|(_, fill, stroke, bold)| (fill, stroke, bold))
}

/// How wide print strokes its bold texts, in user units.
pub const BOLD_STROKE: f64 = style::BOLD_STROKE;

/// The families of the font stack every drawing's text is set in, as its SVG names them.
pub fn font_families() -> impl Iterator<Item = &'static str> {
    style::FONT.split(',')
}

/// Which readers a drawing is made for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Target {
    /// Browsers, e-readers and image tools: classes that a page's CSS restyles, text as
    /// `<text>`, a title and a description.
    Screen,
    /// A PDF (the model drawn in typst's shapes and text by `pdf::drawn`):
    /// colours as attributes without classes or a style sheet, texts emboldened with a
    /// stroke of their colour (the bundled sans has no bold face), no title or
    /// description. The shapes are the screen's: filled discs for stones and glyph
    /// outlines for texts were measured far dearer for typst to write into the PDF
    /// (docs/benchmarks.md, "Print").
    Print,
}

/// [`render`] for `target`.
fn render_for(d: &BoardDiagram, opts: &SvgOptions, target: Target) -> String {
    to_svg(&drawing_for(d, opts, target))
}

/// The drawing of `d` for `target`.
fn drawing_for(d: &BoardDiagram, opts: &SvgOptions, target: Target) -> Drawing {
    let l = Layout::new(d.size, d.view, d.coordinates);
    let occ = Occupancy::new(d, l);
    let (texts, badged, discs) = point_texts(d, l, &occ);

    let (x, y, w, board_h) = l.view_box();
    let caption_size = caption::font_size(w);
    let caption_lines = caption::wrap(&opts.caption, w - 8, caption_size);
    let h = board_h + caption::height(caption_lines.len(), caption_size);
    let screen = target == Target::Screen;
    // Every text is centred on its point, in the diagrams' font; the root says so once,
    // and not at all without text.
    let has_text = !texts.is_empty() || l.coordinates || !caption_lines.is_empty();
    let mut items = draw(
        d,
        (opts, target),
        l,
        &occ,
        (&texts, &badged, &discs),
        (&caption_lines, caption_size),
    );
    items.shrink_to_fit();
    Drawing {
        view_box: [x, y, w, h],
        shown: (!(opts.fluid && opts.width.is_none())).then(|| shown_size(opts.width, w, h)),
        print: !screen,
        // An image's content is hidden from screen readers: a board with links on its
        // points is no image, so that they reach them (the title still names the drawing).
        image_role: d.links.is_empty(),
        has_text,
        title: screen.then(|| {
            (
                title_or_default(&d.title).to_string(),
                description(d, &d.words, &l, &occ),
            )
        }),
        standalone: opts.standalone,
        palette: opts.palette,
        items,
    }
}

/// The diagram's description: the author's, else the one made from what it shows, in `words`.
fn description(d: &BoardDiagram, words: &Words, l: &Layout, occ: &Occupancy) -> String {
    if d.desc.is_empty() {
        describe::describe(d, words, l, occ)
    } else {
        d.desc.clone()
    }
}

/// What a reader who cannot see the diagram is told: its title and description, as the
/// screen SVG's `<title>` and `<desc>` say them ("Dia. 1. 19x19 board, ...").
pub fn alt_text(d: &BoardDiagram) -> String {
    let l = Layout::new(d.size, d.view, d.coordinates);
    let desc = description(d, &d.words, &l, &Occupancy::new(d, l));
    [title_or_default(&d.title), desc.as_str()]
        .into_iter()
        .filter(|t| !t.trim().is_empty())
        .collect::<Vec<_>>()
        .join(". ")
}

/// The texts drawn on points (a label, else the number of the stone there), the
/// one-letter labels that go on a badge beside a number instead, and the empty points
/// whose text clears the grid with a disc.
fn point_texts<'d>(
    d: &'d BoardDiagram,
    l: Layout,
    occ: &Occupancy,
) -> (Vec<PointText<'d>>, Vec<(Point, &'d str)>, Vec<Point>) {
    // A one-letter label on a numbered stone goes on a badge beside the number
    // (`badges`); longer text replaces the number: two texts on one stone are unreadable.
    let badge = |p: Point, t: &str| occ.number(p).is_some() && t.chars().count() == 1;
    let badged: Vec<(Point, &str)> = d
        .labels
        .iter()
        .filter(|(p, t)| badge(*p, t))
        .map(|(p, t)| (*p, t.as_str()))
        .collect();
    let labelled = |p| {
        d.labels
            .iter()
            .any(|(q, t)| *q == p && !t.is_empty() && !badge(p, t))
    };
    let mut texts: Vec<PointText<'_>> = Vec::new();
    for p in l.points().filter(|&p| !labelled(p)) {
        if let Some(i) = occ.number(p) {
            if let Some(s) = d.numbered.get(i) {
                texts.push(PointText {
                    point: p,
                    text: &s.label,
                    under: Some(s.color),
                });
            }
        }
    }
    for (p, t) in d
        .labels
        .iter()
        .filter(|(p, t)| l.shows(*p) && !t.is_empty() && !badge(*p, t))
    {
        texts.push(PointText {
            point: *p,
            text: t,
            under: occ.stone(*p),
        });
    }
    // Text on empty points clears the grid with a disc; collect those points first
    // so star points under them are left out too.
    let mut discs: Vec<_> = Vec::new();
    for t in texts.iter().filter(|t| t.under.is_none()) {
        if !discs.contains(&t.point) {
            discs.push(t.point);
        }
    }

    (texts, badged, discs)
}

/// The size the image is shown at, in pixels: `width` wide with the height following the
/// drawing's `w` by `h`, or one pixel per user unit without it.
fn shown_size(width: Option<u32>, w: i32, h: i32) -> (i64, i64) {
    match width {
        Some(sw) if sw > 0 => {
            let sw = i64::from(sw);
            // Rounded to the nearest pixel, in integers so the bytes are the same everywhere.
            let sh = (sw * i64::from(h) + i64::from(w) / 2) / i64::from(w).max(1);
            (sw, sh.max(1))
        }
        _ => (i64::from(w), i64::from(h)),
    }
}

/// Draws the board and everything on it, bottom to top, naming classes but no colours;
/// `caption` is the lines under the board and their font size.
fn draw(
    d: &BoardDiagram,
    (opts, target): (&SvgOptions, Target),
    l: Layout,
    occ: &Occupancy,
    (texts, badged, discs): (&[PointText<'_>], &[(Point, &str)], &[Point]),
    (caption_lines, caption_size): (&[String], i32),
) -> Vec<Item> {
    let mut out = Vec::with_capacity(32);
    let marker_id = format!("{}-ah", sanitize_id(&opts.id_prefix));
    let marker_id = (!opts.no_ids).then_some(marker_id.as_str());
    if let (Some(marker_id), true) = (marker_id, lines::has_visible_arrows(&l, &d.arrows)) {
        out.push(lines::arrow_marker(marker_id));
    }

    grid::write_background(&mut out, &l);
    grid::write_grid(&mut out, &l, opts.weights.grid);
    grid::write_edges(&mut out, &l, opts.weights.edge);
    grid::write_hoshi(&mut out, &l, occ, |p| discs.contains(&p));
    // Print's colours are fixed: a black stone of its outline's colour needs no second dot.
    let outline_only_black = target == Target::Print && opts.palette.black == opts.palette.outline;
    stones::write_stones(&mut out, &l, occ, outline_only_black);
    marks::write_territory(&mut out, &l, &d.territory);
    stones::write_label_discs(&mut out, &l, discs);
    let has_text = |p| texts.iter().any(|t| t.point == p);
    marks::write_marks(&mut out, &l, occ, &d.marks, has_text);
    stones::write_point_texts(&mut out, &l, texts, target);
    marks::write_mark_badges(&mut out, &l, &d.marks, has_text);
    badges::write_letter_badges(&mut out, &l, badged);
    let clearance = |p| match (occ.stone(p), discs.contains(&p)) {
        (Some(_), _) => stones::STONE_CLEARANCE,
        (None, true) => stones::LABEL_CLEARANCE,
        (None, false) => 0.0,
    };
    lines::write_lines(&mut out, &l, &d.lines, &d.arrows, marker_id, clearance);
    links::write_links(&mut out, &l, &d.links);
    if l.coordinates {
        coords::write_coordinates(&mut out, &l);
    }
    let (x, y, w, board_h) = l.view_box();
    caption::write(&mut out, x, w, y + board_h, caption_lines, caption_size);
    out
}

/// The same SVG with another title: diagrams differ between languages only in their
/// title, so a book in several languages draws each diagram once and retitles the copies.
pub fn retitle(svg: &str, title: &str) -> String {
    let (Some(open), Some(close)) = (svg.find("<title>"), svg.find("</title>")) else {
        return svg.to_string();
    };
    let start = open + "<title>".len();
    let mut out = String::with_capacity(svg.len() + title.len());
    out.push_str(&svg[..start]);
    push_text(&mut out, title_or_default(title));
    out.push_str(&svg[close.max(start)..]);
    out
}

/// The SVG `svg` drawn of `d`, titled `title` and described in `words` (another
/// language): a book in several languages draws each diagram once and relabels the
/// copies. The same as drawing `d` with that title and those words.
pub fn relabel(svg: &str, d: &BoardDiagram, title: &str, words: &Words) -> String {
    if *words == d.words {
        return retitle(svg, title);
    }
    let l = Layout::new(d.size, d.view, d.coordinates);
    let desc = description(d, words, &l, &Occupancy::new(d, l));
    let svg = retitle(svg, title);
    let (Some(open), Some(close)) = (svg.find("<desc>"), svg.find("</desc>")) else {
        return svg;
    };
    let start = open + "<desc>".len();
    let mut out = String::with_capacity(svg.len() + desc.len());
    out.push_str(&svg[..start]);
    push_text(&mut out, &desc);
    out.push_str(&svg[close.max(start)..]);
    out
}

/// A diagram's accessible title, or a generic one: an SVG image must have a title.
fn title_or_default(title: &str) -> &str {
    if title.is_empty() {
        "Go diagram"
    } else {
        title
    }
}

/// The numbers the browser script needs to redraw a diagram over the same board:
/// units between lines, the margin around the outer lines, the stone radius, the
/// line overhang on cut sides and the width of the coordinates band (0 without them).
pub fn geometry(coordinates: bool) -> [i32; 5] {
    let l = Layout::new(19, None, coordinates);
    [
        layout::UNIT,
        l.margin(),
        stones::STONE_RADIUS,
        layout::PAD,
        if coordinates { layout::COORD_BAND } else { 0 },
    ]
}

/// The star points of a board, so the script draws the same ones as the renderer.
pub fn star_points(size: u8) -> Vec<crate::point::Point> {
    grid::hoshi(size)
}

/// Keeps the characters an XML id may hold (ASCII letters, digits, `-`, `_`, `.`),
/// and starts it with a letter, so any prefix gives a valid id.
fn sanitize_id(prefix: &str) -> String {
    let mut id: String = prefix
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        .collect();
    if !id.starts_with(|c: char| c.is_ascii_alphabetic()) {
        id.insert(0, 'g');
    }
    id
}
