//! A board's drawing model (`render::svg::Drawing`, the one the SVG writer writes) as
//! typst's own frame items: its shapes as shapes, its numerals and labels as text in the
//! diagrams' font, which typst writes into the PDF as it writes the book's own lines and
//! words. Screen and print are two exports of one model, as typst's `Frame` has several
//! exporters: nothing is read back from SVG text (issue #49).
//!
//! usvg, typst's SVG reader, laid out and outlined every numeral and stroked every path
//! to find its bounds: on a long book that was most of the time and the memory the
//! diagrams cost. Here a text is shaped once per font and string, and a character the
//! diagrams' font lacks is set in the first of the language's fonts that has it, as
//! typst's usvg chose one.

use crate::render::svg::drawing::{Attrs, Drawing, Item, Marker, Path, Seg, Text, Transform as T};
use crate::render::svg::Palette;
use std::collections::HashMap;
use std::sync::Mutex;
use typst::layout::{Abs, Angle, Em, Frame, FrameItem, GroupItem, Point, Ratio, Size, Transform};
use typst::syntax::Span;
use typst::text::{
    Font, FontBook, FontInstance, FontStretch, FontStyle, FontVariant, FontVariations, FontWeight,
    Glyph, Locale, TextItem,
};
use typst::visualize::{
    Color, Curve, CurveItem, FillRule, FixedStroke, Geometry, LineCap, LineJoin, Paint, Shape,
};

/// What drawings are drawn with: the fonts of the language's PDF, the families typst
/// would give usvg for them, and the language their texts are tagged with.
pub struct Pen {
    fonts: Vec<Font>,
    book: FontBook,
    /// typst's families for a diagram (the diagrams' family first), lowercase.
    families: Vec<String>,
    lang: Locale,
    /// The font each character is set in, by its place in `fonts`: the diagrams' font
    /// when it has the character, else the first of the families, else any that has it.
    chosen: Mutex<HashMap<char, Option<usize>>>,
    /// Each text shaped once, by the font's place in `fonts`: its glyphs and its width in
    /// ems.
    shaped: Mutex<HashMap<usize, HashMap<String, Shaped>>>,
}

/// A text's glyphs and their advance in ems.
#[derive(Clone)]
struct Shaped {
    glyphs: Vec<Glyph>,
    width: f64,
}

/// A drawing as frame items in its own units, and the part of them it shows.
pub struct Drawn {
    frame: Frame,
    /// The view box: left, top, width, height.
    view: [f64; 4],
}

impl Drawn {
    /// The drawing as an item of `size` (the placeholder's): scaled from its view box and
    /// clipped to it, as typst's exporter draws an SVG image.
    pub fn item(&self, size: Size) -> FrameItem {
        let [x, y, w, h] = self.view;
        let transform = Transform::scale(
            Ratio::new(size.x.to_pt() / w),
            Ratio::new(size.y.to_pt() / h),
        )
        .pre_concat(Transform::translate(-pt(x), -pt(y)));
        let mut clip = Curve::rect(Size::new(pt(w), pt(h)));
        clip.translate(Point::new(pt(x), pt(y)));
        let mut group = GroupItem::new(self.frame.clone());
        group.transform = transform;
        group.clip = Some(clip);
        FrameItem::Group(group)
    }
}

/// The weight and style every diagram text is set in (print strokes it bold itself).
const REGULAR: FontVariant = FontVariant {
    style: FontStyle::Normal,
    weight: FontWeight::REGULAR,
    stretch: FontStretch::NORMAL,
};

impl Pen {
    /// A pen for `fonts`, choosing among `families` (typst's, for a diagram) as typst
    /// has usvg choose, and tagging texts as in `lang`.
    pub fn new(fonts: &[Font], families: &[&str], lang: Locale) -> Pen {
        Pen {
            fonts: fonts.to_vec(),
            book: FontBook::from_fonts(fonts),
            // The drawings' own font stack first, as usvg took it, then typst's.
            families: crate::render::svg::font_families()
                .filter(|f| !GENERIC.contains(f))
                .map(str::to_lowercase)
                .chain(families.iter().map(|f| f.to_lowercase()))
                .collect(),
            lang,
            chosen: Mutex::default(),
            shaped: Mutex::default(),
        }
    }

    /// `drawing` as frame items.
    pub fn draw(&self, drawing: &Drawing) -> Drawn {
        let [x, y, w, h] = drawing.view_box.map(f64::from);
        let markers = drawing
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Marker(m) => Some((m.id.as_str(), m)),
                _ => None,
            })
            .collect();
        let painter = Painter {
            pen: self,
            palette: &drawing.palette,
            print: drawing.print,
            markers,
        };
        let mut items = Vec::new();
        painter.items(&drawing.items, &Style::default(), &mut items);
        let mut frame = Frame::soft(Size::new(pt(w.max(1.0)), pt(h.max(1.0))));
        frame.push_multiple(items);
        Drawn {
            frame,
            view: [x, y, w.max(1.0), h.max(1.0)],
        }
    }

    /// The place in `fonts` of the font `c` is set in: the first of typst's families for
    /// a diagram that has it, else any font that has it, else the first family's.
    fn font_for(&self, c: char) -> Option<usize> {
        let mut chosen = self.chosen.lock().ok()?;
        if let Some(font) = chosen.get(&c) {
            return *font;
        }
        let has = |i: &usize| {
            self.fonts
                .get(*i)
                .is_some_and(|f| f.info().coverage.contains(c as u32))
        };
        let families = || {
            self.families
                .iter()
                .filter_map(|f| self.book.select(f, REGULAR))
        };
        let font = families()
            .find(has)
            .or_else(|| {
                self.book
                    .select_fallback(None, REGULAR, c.encode_utf8(&mut [0; 4]))
                    .filter(has)
            })
            .or_else(|| families().next());
        chosen.insert(c, font);
        font
    }

    /// The font at `index` in `fonts`, at typst's size (the item's size scales it).
    fn instance(&self, index: usize) -> Option<FontInstance> {
        let font = self.fonts.get(index)?.clone();
        Some(font.instantiate(REGULAR, Abs::pt(12.0), &FontVariations::default()))
    }

    /// `text` shaped in `font` (left to right, the font's default features), as usvg
    /// shaped it.
    fn shape(&self, index: usize, font: &FontInstance, text: &str) -> Option<Shaped> {
        if let Some(s) = self
            .shaped
            .lock()
            .ok()?
            .get(&index)
            .and_then(|m| m.get(text))
        {
            return Some(s.clone());
        }
        let mut buffer = rustybuzz::UnicodeBuffer::new();
        buffer.push_str(text);
        buffer.set_direction(rustybuzz::Direction::LeftToRight);
        let out = rustybuzz::shape(font.rusty(), &[], buffer);
        let infos = out.glyph_infos();
        let mut glyphs = Vec::with_capacity(infos.len());
        let mut width = 0.0;
        for (i, (info, pos)) in infos.iter().zip(out.glyph_positions()).enumerate() {
            let end = infos.get(i + 1).map_or(text.len(), |n| n.cluster as usize);
            let advance = font.to_em(pos.x_advance);
            width += advance.get();
            glyphs.push(Glyph {
                id: info.glyph_id as u16,
                x_advance: advance,
                x_offset: font.to_em(pos.x_offset),
                y_advance: Em::zero(),
                y_offset: font.to_em(pos.y_offset),
                range: info.cluster as u16..end as u16,
                span: (Span::detached(), 0),
            });
        }
        let shaped = Shaped { glyphs, width };
        self.shaped
            .lock()
            .ok()?
            .entry(index)
            .or_default()
            .insert(text.to_string(), shaped.clone());
        Some(shaped)
    }
}

/// The generic families usvg in typst passes over.
const GENERIC: &[&str] = &["serif", "sans-serif", "monospace", "cursive", "fantasy"];

/// `v` points: a drawing's units are typst's points until its group scales them.
fn pt(v: f64) -> Abs {
    Abs::pt(v)
}

/// What an item inherits from the groups around it, as SVG's presentation attributes.
#[derive(Clone)]
struct Style {
    fill: Option<Paint>,
    stroke: Option<Paint>,
    stroke_width: f64,
    cap: LineCap,
    join: LineJoin,
    font_size: f64,
    marker_end: Option<String>,
}

impl Default for Style {
    fn default() -> Self {
        Style {
            fill: Some(Paint::Solid(Color::BLACK)),
            stroke: None,
            stroke_width: 1.0,
            cap: LineCap::Butt,
            join: LineJoin::Miter,
            font_size: 16.0,
            marker_end: None,
        }
    }
}

/// A point of a drawing, in its units.
type Xy = (f64, f64);

/// Items placed in a frame.
type Placed = Vec<(Point, FrameItem)>;

/// Draws one drawing's items.
struct Painter<'p> {
    pen: &'p Pen,
    palette: &'p Palette,
    print: bool,
    markers: HashMap<&'p str, &'p Marker>,
}

impl Painter<'_> {
    fn items(&self, items: &[Item], style: &Style, out: &mut Placed) {
        for item in items {
            self.item(item, style, out);
        }
    }

    fn item(&self, item: &Item, style: &Style, out: &mut Placed) {
        match item {
            // Drawn where a line names it.
            Item::Marker(_) => {}
            Item::Rect { class, rect } => {
                let style = self.styled(style, &Attrs::class(class));
                let [x, y, w, h] = rect.map(f64::from);
                let size = Size::new(pt(w), pt(h));
                shape(out, Point::new(pt(x), pt(y)), Geometry::Rect(size), &style);
            }
            Item::Circle { centre, r } => {
                let curve = Curve::ellipse(Size::new(pt(2.0 * r), pt(2.0 * r)));
                let at = Point::new(pt(f64::from(centre.0) - r), pt(f64::from(centre.1) - r));
                shape(out, at, Geometry::Curve(curve), style);
            }
            Item::Path(p) => self.path(p, style, out),
            Item::Group(g) => {
                let style = self.styled(style, &g.attrs);
                match g.attrs.transform {
                    None => self.items(&g.items, &style, out),
                    Some(t) => {
                        let mut own = Vec::new();
                        self.items(&g.items, &style, &mut own);
                        let (sx, sy) = match t {
                            T::Scale(s) => (s, s),
                            T::Scale2(sx, sy) => (sx, sy),
                        };
                        let transform = Transform::scale(Ratio::new(sx), Ratio::new(sy));
                        out.push((Point::zero(), group(own, transform, None)));
                    }
                }
            }
            Item::Text(t) => self.text(t, style, out),
            Item::Lines(lines) => {
                for t in lines {
                    self.text(t, style, out);
                }
            }
            // A link is there to be clicked on a screen; its disc is transparent.
            Item::Link { items, .. } => self.items(items, style, out),
        }
    }

    /// `style` with `attrs` set on it, in the order the SVG writer writes them: the
    /// class's paint (and print's bold stroke), then the element's own.
    fn styled(&self, style: &Style, a: &Attrs) -> Style {
        let mut s = style.clone();
        let class = a
            .class
            .and_then(|c| crate::render::svg::style_paints(c, self.palette));
        if let Some((fill, stroke, bold)) = class {
            if let Some(fill) = fill {
                s.fill = Some(colour(fill));
            }
            if let Some(stroke) = stroke {
                s.stroke = Some(colour(stroke));
            }
            if let (true, true, Some(fill)) = (self.print, bold, fill) {
                s.stroke = Some(colour(fill));
                s.stroke_width = crate::render::svg::BOLD_STROKE;
                s.join = LineJoin::Round;
            }
        }
        if a.fill.is_some() {
            // `none` or `transparent`: nothing shows.
            s.fill = None;
        }
        if a.stroke.is_some() {
            s.stroke = None;
        }
        if a.round_caps {
            s.cap = LineCap::Round;
        }
        if let Some(w) = a.stroke_width {
            s.stroke_width = w;
        }
        if let Some(size) = a.font_size {
            s.font_size = f64::from(size);
        }
        if let Some(id) = &a.marker_end {
            s.marker_end = Some(id.clone());
        }
        s
    }

    /// A path, and the arrow head at its end if it has one.
    fn path(&self, p: &Path, style: &Style, out: &mut Placed) {
        let style = self.styled(style, &p.attrs);
        let (mut curve, ends) = curve(&p.d);
        if style.cap == LineCap::Round {
            dots(&mut curve, style.stroke_width);
        }
        shape(out, Point::zero(), Geometry::Curve(curve), &style);
        if let (Some(id), Some((before, last))) = (&style.marker_end, ends) {
            let angle = (last.1 - before.1).atan2(last.0 - before.0);
            if let Some(marker) = self.markers.get(id.as_str()) {
                self.arrow_head(marker, last, angle, style.stroke_width, out);
            }
        }
    }

    /// `marker` at `end`, turned to `angle` and scaled by the line's width, as SVG draws a
    /// `marker-end` with `orient="auto"` in stroke-width units, clipped to its box.
    fn arrow_head(
        &self,
        marker: &Marker,
        end: (f64, f64),
        angle: f64,
        width: f64,
        out: &mut Placed,
    ) {
        let transform = Transform::translate(pt(end.0), pt(end.1))
            .pre_concat(Transform::rotate(Angle::rad(angle)))
            .pre_concat(Transform::scale(Ratio::new(width), Ratio::new(width)))
            .pre_concat(Transform::translate(
                -pt(marker.refer.0),
                -pt(marker.refer.1),
            ));
        // A marker's content inherits from the drawing, not from the line.
        let mut items = Vec::new();
        self.path(&marker.path, &Style::default(), &mut items);
        let clip = Curve::rect(Size::new(pt(marker.size.0), pt(marker.size.1)));
        out.push((Point::zero(), group(items, transform, Some(clip))));
    }

    /// A text of one line centred on its anchor, each run of characters in the font that
    /// has them, as SVG's white space makes it (ends dropped, runs of spaces one).
    fn text(&self, t: &Text, style: &Style, out: &mut Placed) {
        let Some(fill) = style.fill.clone() else {
            return;
        };
        let text = plain(&t.text);
        if text.is_empty() {
            return;
        }
        let size = style.font_size;
        let mut runs: Vec<(&str, FontInstance, Shaped)> = Vec::new();
        for (index, run) in self.runs(&text) {
            let Some(font) = self.pen.instance(index) else {
                return;
            };
            let Some(shaped) = self.pen.shape(index, &font, run) else {
                return;
            };
            runs.push((run, font, shaped));
        }
        let width: f64 = runs.iter().map(|r| r.2.width * size).sum();
        let (x, y) = (f64::from(t.at.0), f64::from(t.at.1));
        let mut left = x - width / 2.0;
        for (run, font, shaped) in runs {
            let advance = shaped.width * size;
            let item = TextItem {
                font,
                size: pt(size),
                fill: fill.clone(),
                stroke: stroke(style),
                lang: self.pen.lang.lang,
                region: self.pen.lang.region,
                text: run.into(),
                glyphs: shaped.glyphs,
            };
            out.push((Point::new(pt(left), pt(y)), FrameItem::Text(item)));
            left += advance;
        }
    }

    /// `text` in runs of characters set in one font, and each run's font.
    fn runs<'t>(&self, text: &'t str) -> Vec<(usize, &'t str)> {
        let mut runs: Vec<(usize, &str)> = Vec::new();
        let mut start = 0;
        let mut current = None;
        for (i, c) in text.char_indices() {
            // A space goes with the run it is in.
            let font = if c == ' ' {
                current
            } else {
                self.pen.font_for(c)
            };
            let Some(font) = font.or(current).or_else(|| self.pen.font_for('0')) else {
                continue;
            };
            if current.is_some_and(|f| f != font) {
                runs.push((current.unwrap_or(font), &text[start..i]));
                start = i;
            }
            current = Some(font);
        }
        if let Some(font) = current {
            runs.push((font, &text[start..]));
        }
        runs
    }
}

/// A text as SVG shows it: white space and control characters as spaces, runs of them
/// one, none at the ends; at most a thousand characters (a glyph's place in its text is
/// 16 bits).
fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text
        .split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|w| !w.is_empty())
    {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out.chars().take(1000).collect()
}

/// A colour of a palette (`#rgb` or `#rrggbb`); black if it is neither.
fn colour(hex: &str) -> Paint {
    let digits = hex.trim_start_matches('#');
    let value = u32::from_str_radix(digits, 16).unwrap_or(0);
    let (r, g, b) = match digits.len() {
        3 => {
            let n = |s: u32| ((value >> s) & 0xf) as u8 * 17;
            (n(8), n(4), n(0))
        }
        6 => {
            let n = |s: u32| ((value >> s) & 0xff) as u8;
            (n(16), n(8), n(0))
        }
        _ => (0, 0, 0),
    };
    Paint::Solid(Color::from_u8(r, g, b, 255))
}

/// `items` in a group of `transform`, clipped to `clip`.
fn group(items: Placed, transform: Transform, clip: Option<Curve>) -> FrameItem {
    let mut frame = Frame::soft(Size::zero());
    frame.push_multiple(items);
    let mut group = GroupItem::new(frame);
    group.transform = transform;
    group.clip = clip;
    FrameItem::Group(group)
}

/// A shape of `geometry` at `at`, painted as `style` says; nothing when it paints
/// nothing.
fn shape(out: &mut Placed, at: Point, geometry: Geometry, style: &Style) {
    let stroke = stroke(style);
    // A path of lone segments (a stone's round-capped dot, a grid line) has nothing to fill.
    let area = match &geometry {
        Geometry::Curve(c) => encloses(c),
        _ => true,
    };
    let fill = style.fill.clone().filter(|_| area);
    if fill.is_some() || stroke.is_some() {
        let shape = Shape {
            geometry,
            fill,
            fill_rule: FillRule::NonZero,
            stroke,
        };
        out.push((at, FrameItem::Shape(shape, Span::detached())));
    }
}

/// The curve of path segments `d` in absolute points, and its last two points (the
/// direction an arrow head points in).
fn curve(d: &[Seg]) -> (Curve, Option<(Xy, Xy)>) {
    // An item a segment, allocated once: a book's drawings hold some hundred thousand
    // (a stone's dot is two), all kept until the PDF is written.
    let mut curve = Curve(Vec::with_capacity(d.len() + 2));
    let p = |(x, y): (f64, f64)| Point::new(pt(x), pt(y));
    let (mut at, mut start) = ((0.0, 0.0), (0.0, 0.0));
    let mut before = None;
    for seg in d {
        let from = |rel: bool, (x, y): (f64, f64)| if rel { (at.0 + x, at.1 + y) } else { (x, y) };
        match *seg {
            Seg::Move { rel, to } => {
                at = from(rel, to);
                start = at;
                curve.move_(p(at));
                before = None;
                continue;
            }
            Seg::Line { rel, to, .. } => {
                before = Some(at);
                at = from(rel, to);
                curve.line(p(at));
            }
            Seg::Horizontal { rel, x } => {
                before = Some(at);
                at = (if rel { at.0 + x } else { x }, at.1);
                curve.line(p(at));
            }
            Seg::Vertical { rel, y } => {
                before = Some(at);
                at = (at.0, if rel { at.1 + y } else { y });
                curve.line(p(at));
            }
            Seg::HalfCircle { r, by } => {
                let end = (at.0 + by.0, at.1 + by.1);
                let centre = ((at.0 + end.0) / 2.0, (at.1 + end.1) / 2.0);
                let a0 = (at.1 - centre.1).atan2(at.0 - centre.0);
                // Counter-clockwise on the page (SVG's sweep 0), a quarter at a time.
                for q in 0..2 {
                    let (a, b) = (
                        a0 - f64::from(q) * std::f64::consts::FRAC_PI_2,
                        a0 - f64::from(q + 1) * std::f64::consts::FRAC_PI_2,
                    );
                    let k = 4.0 / 3.0 * (std::f64::consts::PI / 8.0).tan() * r;
                    let on = |t: f64| (centre.0 + r * t.cos(), centre.1 + r * t.sin());
                    let (p0, p3) = (on(a), on(b));
                    let c1 = (p0.0 + k * a.sin(), p0.1 - k * a.cos());
                    let c2 = (p3.0 - k * b.sin(), p3.1 + k * b.cos());
                    curve.cubic(p(c1), p(c2), p(p3));
                    before = Some(c2);
                }
                at = end;
            }
            Seg::Close { .. } => {
                curve.close();
                before = Some(at);
                at = start;
            }
        }
    }
    (curve, before.map(|b| (b, at)))
}

/// The stroke `style` paints, if any.
fn stroke(style: &Style) -> Option<FixedStroke> {
    let paint = style.stroke.clone()?;
    (style.stroke_width > 0.0).then(|| FixedStroke {
        paint,
        thickness: pt(style.stroke_width),
        cap: style.cap,
        join: style.join,
        dash: None,
        miter_limit: Ratio::new(4.0),
    })
}

/// `curve` with each of its round-capped dots (a stone: a lone segment far shorter than
/// the stroke is wide, `M x y h.01`) made a segment of no length at its middle, which a
/// PDF draws as the same disc (a round cap on each side). typst's exporter finds the
/// bounds of a stroked curve by stroking it, twice a shape, and a round cap of some
/// length is most of that work (thousands of stones, a second of a long book's
/// export); of none, it is skipped.
///
/// A path whose points would all be one point (a lone stone, or stones all on one point)
/// keeps its first dot's segment: the exporter (krilla) draws nothing of a path whose
/// bounds are a point.
fn dots(curve: &mut Curve, width: f64) {
    let items = &mut curve.0;
    let mut first = None;
    let mut i = 0;
    while i + 1 < items.len() {
        let lone = matches!(items.get(i + 2), None | Some(CurveItem::Move(_)));
        if let (CurveItem::Move(a), CurveItem::Line(b), true) = (&items[i], &items[i + 1], lone) {
            if (*b - *a).hypot().to_pt() < 0.05 * width {
                let (a, b) = (*a, *b);
                first.get_or_insert((i, a, b));
                let middle = (a + b) / 2.0;
                items[i] = CurveItem::Move(middle);
                items[i + 1] = CurveItem::Line(middle);
                i += 2;
                continue;
            }
        }
        i += 1;
    }
    if let Some((i, a, b)) = first {
        if one_point(items) {
            items[i] = CurveItem::Move(a);
            items[i + 1] = CurveItem::Line(b);
        }
    }
}

/// Whether every point of `items` is the same point.
fn one_point(items: &[CurveItem]) -> bool {
    let mut first = None;
    let mut same = |p: &Point| *first.get_or_insert(*p) == *p;
    items.iter().all(|item| match item {
        CurveItem::Move(p) | CurveItem::Line(p) => same(p),
        CurveItem::Cubic(a, b, c) => same(a) && same(b) && same(c),
        CurveItem::Close => true,
    })
}

/// Whether a curve can enclose an area: a curve made only of lone straight segments
/// (`M x y h.01`) cannot.
fn encloses(curve: &Curve) -> bool {
    let mut points = 0;
    for item in &curve.0 {
        match item {
            CurveItem::Move(_) => points = 1,
            CurveItem::Line(_) => {
                points += 1;
                if points > 2 {
                    return true;
                }
            }
            CurveItem::Cubic(..) | CurveItem::Close => return true,
        }
    }
    false
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::board::diagram::{BoardDiagram, NumberedStone};
    use crate::point::{Color::Black, Color::White, Mark};
    use typst::text::TextItem;

    /// A point by its name (`Q16`).
    fn p(name: &str) -> crate::point::Point {
        crate::point::Point::parse_standard(name).unwrap()
    }

    /// A board with every thing the print drawing draws: numbers of one to four digits on
    /// both colours, plain stones, letters on empty points and on numbered stones (a
    /// badge), a word, every mark (on stones, on empty points, and beside a number),
    /// territory, lines, arrows and coordinates, on a part of the board.
    pub(crate) fn every_thing() -> BoardDiagram {
        let mut d = BoardDiagram::new(19);
        d.coordinates = true;
        d.view = Some((p("A19"), p("M8")));
        for (i, (at, label)) in [("C16", "1"), ("D16", "12"), ("E16", "123"), ("F16", "1234")]
            .into_iter()
            .enumerate()
        {
            for (row, color) in [(0, Black), (1, White)] {
                let at = crate::point::Point::new(p(at).col, p(at).row - row);
                d.numbered.push(NumberedStone {
                    point: at,
                    color: if i % 2 == 0 { color } else { color.opponent() },
                    label: label.into(),
                });
            }
        }
        d.stones = vec![(p("K10"), Black), (p("L10"), White), (p("D4"), Black)];
        d.labels = vec![
            (p("C16"), "a".into()),
            (p("H12"), "B".into()),
            (p("J12"), "ko".into()),
            (p("G14"), "é".into()),
        ];
        let marks = [
            Mark::Triangle,
            Mark::Square,
            Mark::Circle,
            Mark::Cross,
            Mark::Diamond,
        ];
        for (i, m) in marks.into_iter().enumerate() {
            let col = i as u8 + 2;
            d.marks.push((crate::point::Point::new(col, 9), m));
            d.marks.push((crate::point::Point::new(col, 11), m));
        }
        d.stones.extend([
            (crate::point::Point::new(2, 9), Black),
            (crate::point::Point::new(3, 9), White),
        ]);
        d.marks.push((p("D16"), Mark::Square));
        d.territory = vec![(p("A9"), Black), (p("B9"), White)];
        d.lines = vec![(p("B12"), p("F12"))];
        d.arrows = vec![(p("B13"), p("F13")), (p("H9"), p("K12"))];
        d
    }

    fn pen() -> Pen {
        let fonts = super::super::fonts::bundled();
        Pen::new(&fonts, &["dejavu sans"], Locale::default())
    }

    /// The items of `frame` and its groups, and each group's transform.
    fn items(frame: &Frame, out: &mut Vec<FrameItem>) {
        for (_, item) in frame.items() {
            if let FrameItem::Group(g) = item {
                items(&g.frame, out);
            }
            out.push(item.clone());
        }
    }

    /// The texts of `items` and their groups, in order.
    fn model_texts(items: &[Item], out: &mut Vec<String>) {
        for item in items {
            match item {
                Item::Group(g) => model_texts(&g.items, out),
                Item::Link { items, .. } => model_texts(items, out),
                Item::Text(t) => out.push(t.text.clone()),
                Item::Lines(lines) => out.extend(lines.iter().map(|t| t.text.clone())),
                _ => {}
            }
        }
    }

    /// The text items of `drawn` and where they are.
    fn text_items(drawn: &Drawn) -> Vec<TextItem> {
        let mut all = Vec::new();
        items(&drawn.frame, &mut all);
        all.into_iter()
            .filter_map(|i| match i {
                FrameItem::Text(t) => Some(t),
                _ => None,
            })
            .collect()
    }

    fn print_model(d: &BoardDiagram) -> Drawing {
        crate::render::svg::print_drawing(
            d,
            crate::render::svg::LIGHT,
            crate::render::svg::SCREEN_WEIGHTS,
        )
    }

    #[test]
    fn every_thing_a_print_drawing_holds_is_drawn_in_typsts_shapes_and_text() {
        let model = print_model(&every_thing());
        let drawn = pen().draw(&model);
        let mut all = Vec::new();
        items(&drawn.frame, &mut all);
        let texts = text_items(&drawn);
        // Every text of the model is a text item, in the model's order.
        let mut written = Vec::new();
        model_texts(&model.items, &mut written);
        let said: Vec<&str> = texts.iter().map(|t| t.text.as_str()).collect();
        assert_eq!(said, written);
        for n in ["1", "12", "123", "1234", "a", "B", "ko", "é", "A", "19"] {
            assert!(said.contains(&n), "{n} in {said:?}");
        }
        // Bold as the SVG makes it: its own colour's stroke, 0.7 units, round joins.
        assert!(texts.iter().any(|t| t
            .stroke
            .as_ref()
            .is_some_and(|s| { s.thickness == Abs::pt(0.7) && s.join == LineJoin::Round })));
        // The shapes: the board, its lines, stones, marks; the arrow heads turned.
        let shapes = all
            .iter()
            .filter(|i| matches!(i, FrameItem::Shape(..)))
            .count();
        assert!(shapes >= 15, "{shapes} shapes");
        let turned = all
            .iter()
            .filter(|i| matches!(i, FrameItem::Group(g) if g.transform.ky != Ratio::zero()))
            .count();
        assert_eq!(
            turned, 1,
            "the slanting arrow's head is turned; the level one is not"
        );
        // Three digits are condensed by their group's transform, as in the SVG.
        assert!(all
            .iter()
            .any(|i| matches!(i, FrameItem::Group(g) if g.transform.sx == Ratio::new(0.75))));
    }

    #[test]
    fn a_text_is_centred_on_its_point_by_its_shaped_width() {
        let mut d = BoardDiagram::new(9);
        d.labels = vec![(p("E5"), "12".into())];
        let model = print_model(&d);
        let mut at = None;
        for item in &model.items {
            if let Item::Group(g) = item {
                for i in &g.items {
                    if let Item::Lines(lines) = i {
                        at = Some(lines[0].at);
                    }
                }
            }
        }
        let (x, y) = at.expect("the label is a text of the model");
        let drawn = pen().draw(&model);
        let mut found = Vec::new();
        for (place, item) in drawn.frame.items() {
            if let FrameItem::Text(t) = item {
                found.push((*place, t.clone()));
            }
        }
        let (place, twelve) = &found[0];
        assert_eq!(twelve.text, "12");
        let width = twelve.width().to_pt();
        assert!(
            (place.x.to_pt() + width / 2.0 - f64::from(x)).abs() < 1e-9,
            "centred"
        );
        assert_eq!(place.y, Abs::pt(f64::from(y)), "on its baseline");
        assert_eq!(twelve.size, Abs::pt(14.0));
        // DejaVu Sans's digits are 0.636 em wide.
        assert!((width - 2.0 * 0.636 * 14.0).abs() < 0.05, "{width}");
    }

    #[test]
    fn a_character_the_diagrams_font_lacks_is_set_in_a_font_that_has_it() {
        let mut d = BoardDiagram::new(9);
        d.labels = vec![(p("E5"), "aЖイ".into()), (p("C3"), "  b \t c ".into())];
        let fonts = super::super::fonts::bundled();
        let drawn = pen().draw(&print_model(&d));
        let texts = text_items(&drawn);
        let said: String = texts.iter().map(|t| t.text.as_str()).collect();
        // SVG's white space: none at the ends, a run of it one space.
        assert_eq!(said, "aЖイb c");
        for t in &texts {
            for c in t.text.chars() {
                let anywhere = fonts.iter().any(|f| f.info().coverage.contains(c as u32));
                assert!(
                    !anywhere || t.font.font().info().coverage.contains(c as u32),
                    "{c} is set in a font that has it"
                );
            }
        }
    }

    #[test]
    fn a_stones_dot_becomes_a_disc_of_no_length_and_lines_stay() {
        let at = |x: f64, y: f64| Point::new(pt(x), pt(y));
        let mut c = Curve::new();
        c.move_(at(2.0, 1.0));
        c.line(at(2.01, 1.0));
        c.move_(at(0.0, 5.0));
        c.line(at(10.0, 5.0));
        dots(&mut c, 0.9583);
        // A lone stone keeps its segment: a path whose bounds are a point is not drawn.
        for lone in [1, 2] {
            let mut d = Curve::new();
            for _ in 0..lone {
                d.move_(at(2.0, 1.0));
                d.line(at(2.01, 1.0));
            }
            dots(&mut d, 0.9583);
            assert_eq!(
                d.0[0..2],
                [
                    CurveItem::Move(at(2.0, 1.0)),
                    CurveItem::Line(at(2.01, 1.0))
                ]
            );
            assert!(!one_point(&d.0));
        }
        assert_eq!(
            c.0,
            vec![
                CurveItem::Move(at(2.005, 1.0)),
                CurveItem::Line(at(2.005, 1.0)),
                CurveItem::Move(at(0.0, 5.0)),
                CurveItem::Line(at(10.0, 5.0)),
            ]
        );
        assert!(!encloses(&c));
    }
}
