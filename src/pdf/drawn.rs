//! A print drawing (`render::svg::render_print`'s SVG) as typst's own frame items: its
//! shapes as shapes, its numerals and labels as text in the diagrams' font, which typst
//! writes into the PDF as it writes the book's own lines and words.
//!
//! usvg, typst's SVG reader, lays out and outlines every numeral and strokes every path to
//! find its bounds: on a long book that was most of the time and the memory the diagrams
//! cost. A print drawing is a small subset of SVG that gobook writes itself; this reads
//! that subset and nothing else, and gives `None` for anything outside it (an element,
//! an attribute or a character it does not know), which usvg then decodes as before.

use quick_xml::events::{BytesStart, Event};
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
    /// The font chosen for each `font-family` value met, as usvg in typst chooses it.
    chosen: Mutex<HashMap<String, Option<FontInstance>>>,
    /// Each text shaped once, by the font's place in `fonts`: its glyphs and its width in
    /// ems; `None` where the font lacks a character (usvg would take another font).
    shaped: Mutex<HashMap<usize, HashMap<String, Option<Shaped>>>>,
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

impl Pen {
    /// A pen for `fonts`, choosing among `families` (typst's, for a diagram) as typst
    /// has usvg choose, and tagging texts as in `lang`.
    pub fn new(fonts: &[Font], families: &[&str], lang: Locale) -> Pen {
        Pen {
            fonts: fonts.to_vec(),
            book: FontBook::from_fonts(fonts),
            families: families.iter().map(|f| f.to_lowercase()).collect(),
            lang,
            chosen: Mutex::default(),
            shaped: Mutex::default(),
        }
    }

    /// `svg` as frame items, or `None` when it is not a print drawing of gobook's.
    pub fn draw(&self, svg: &[u8]) -> Option<Drawn> {
        let text = std::str::from_utf8(svg).ok()?;
        Reading::new(self).read(text)
    }

    /// The font usvg in typst takes for `family` (an SVG `font-family` list): its first
    /// named family the fonts have, else the first of typst's families they have.
    fn font(&self, family: &str) -> Option<FontInstance> {
        let mut chosen = self.chosen.lock().ok()?;
        if let Some(font) = chosen.get(family) {
            return font.clone();
        }
        let variant = FontVariant::new(FontStyle::Normal, FontWeight::REGULAR, FontStretch::NORMAL);
        let named = family
            .split(',')
            .map(|f| f.trim().trim_matches(['"', '\'']).to_lowercase())
            .filter(|f| !GENERIC.contains(&f.as_str()));
        let font = named
            .chain(self.families.iter().cloned())
            .find_map(|f| self.book.select(&f, variant))
            .and_then(|i| self.fonts.get(i))
            .map(|f| {
                f.clone()
                    .instantiate(variant, Abs::pt(12.0), &FontVariations::default())
            });
        chosen.insert(family.to_string(), font.clone());
        font
    }

    /// `text` shaped in `font` as usvg shapes it (left to right, the font's default
    /// features); `None` where the font lacks one of its characters.
    fn shape(&self, font: &FontInstance, text: &str) -> Option<Shaped> {
        let index = self.fonts.iter().position(|f| f == font.font())?;
        if let Some(s) = self
            .shaped
            .lock()
            .ok()?
            .get(&index)
            .and_then(|m| m.get(text))
        {
            return s.clone();
        }
        let mut buffer = rustybuzz::UnicodeBuffer::new();
        buffer.push_str(text);
        buffer.set_direction(rustybuzz::Direction::LeftToRight);
        let out = rustybuzz::shape(font.rusty(), &[], buffer);
        let infos = out.glyph_infos();
        let mut glyphs = Vec::with_capacity(infos.len());
        let mut width = 0.0;
        let mut missing = false;
        for (i, (info, pos)) in infos.iter().zip(out.glyph_positions()).enumerate() {
            missing |= info.glyph_id == 0;
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
        let shaped = (!missing).then_some(Shaped { glyphs, width });
        self.shaped
            .lock()
            .ok()?
            .entry(index)
            .or_default()
            .insert(text.to_string(), shaped.clone());
        shaped
    }
}

/// The generic families usvg in typst passes over.
const GENERIC: &[&str] = &["serif", "sans-serif", "monospace", "cursive", "fantasy"];

/// `v` points: a drawing's units are typst's points until its group scales them.
fn pt(v: f64) -> Abs {
    Abs::pt(v)
}

/// Where a text's anchor is.
#[derive(Clone, Copy, PartialEq)]
enum Anchor {
    Start,
    Middle,
    End,
}

/// What an element inherits from its ancestors (SVG's presentation attributes).
#[derive(Clone)]
struct Style {
    fill: Option<Paint>,
    stroke: Option<Paint>,
    stroke_width: f64,
    cap: LineCap,
    join: LineJoin,
    font_size: Option<f64>,
    family: Option<String>,
    anchor: Anchor,
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
            font_size: None,
            family: None,
            anchor: Anchor::Start,
            marker_end: None,
        }
    }
}

/// An arrow head: its items in marker units, its size and the point on the line's end.
struct Marker {
    items: Vec<(Point, FrameItem)>,
    size: (f64, f64),
    refer: (f64, f64),
}

/// An open element.
struct Open {
    name: Name,
    style: Style,
    /// The items of a group with a transform, drawn apart and then transformed.
    own: Option<(Transform, Vec<(Point, FrameItem)>)>,
}

/// The elements of the subset.
#[derive(Clone, Copy, PartialEq)]
enum Name {
    Svg,
    Defs,
    Marker,
    G,
    Rect,
    Path,
    Circle,
    Text,
    Tspan,
}

/// An element's attributes other than its presentation attributes.
struct Read {
    /// By [`GEOMETRY`]'s order.
    geometry: [Option<f64>; GEOMETRY.len()],
    /// A path's data.
    d: Option<String>,
    /// A group's transform, and the items drawn in it.
    own: Option<(Transform, Vec<(Point, FrameItem)>)>,
    /// A marker's id.
    id: Option<String>,
}

/// A text being read: where it goes and what it says.
struct Chunk {
    at: Option<(f64, f64)>,
    text: String,
    style: Style,
}

/// One drawing being read.
struct Reading<'p> {
    pen: &'p Pen,
    stack: Vec<Open>,
    items: Vec<(Point, FrameItem)>,
    view: Option<[f64; 4]>,
    markers: HashMap<String, Marker>,
    /// The marker being read: its id and what it is.
    marker: Option<(String, Marker)>,
    /// The `text` element's own chunk, and the `tspan` being read.
    text: Option<Chunk>,
    tspan: Option<Chunk>,
    /// Whether the `text` element had `tspan`s.
    had_tspans: bool,
}

impl<'p> Reading<'p> {
    fn new(pen: &'p Pen) -> Self {
        Reading {
            pen,
            stack: Vec::new(),
            items: Vec::new(),
            view: None,
            markers: HashMap::new(),
            marker: None,
            text: None,
            tspan: None,
            had_tspans: false,
        }
    }

    fn read(mut self, svg: &str) -> Option<Drawn> {
        let mut reader = quick_xml::Reader::from_str(svg);
        loop {
            match reader.read_event().ok()? {
                Event::Start(e) => self.open(&e, false)?,
                Event::Empty(e) => self.open(&e, true)?,
                Event::End(_) => self.close()?,
                Event::Text(t) => {
                    let t = t.decode().ok()?;
                    self.text_content(&t)?;
                }
                Event::GeneralRef(r) => self.text_content(&crate::xml::entity_text(&r)?)?,
                Event::Comment(_) | Event::Decl(_) => {}
                Event::Eof => break,
                _ => return None,
            }
        }
        if !self.stack.is_empty() {
            return None;
        }
        let view = self.view?;
        let mut frame = Frame::soft(Size::new(pt(view[2]), pt(view[3])));
        frame.push_multiple(self.items);
        Some(Drawn { frame, view })
    }

    /// Text inside an element: a text's or a tspan's words, else only white space
    /// between elements.
    fn text_content(&mut self, t: &str) -> Option<()> {
        let into = match self.stack.last().map(|o| o.name) {
            Some(Name::Tspan) => self.tspan.as_mut(),
            Some(Name::Text) => self.text.as_mut(),
            _ => None,
        };
        match into {
            Some(chunk) => chunk.text.push_str(t),
            None if t.trim().is_empty() => {}
            None => return None,
        }
        Some(())
    }

    fn open(&mut self, e: &BytesStart, empty: bool) -> Option<()> {
        let name = match e.name().as_ref() {
            b"svg" => Name::Svg,
            b"defs" => Name::Defs,
            b"marker" => Name::Marker,
            b"g" => Name::G,
            b"rect" => Name::Rect,
            b"path" => Name::Path,
            b"circle" => Name::Circle,
            b"text" => Name::Text,
            b"tspan" => Name::Tspan,
            _ => return None,
        };
        let parent = self.stack.last().map(|o| o.name);
        let placed = match name {
            Name::Svg => parent.is_none(),
            Name::Defs => parent == Some(Name::Svg),
            Name::Marker => parent == Some(Name::Defs),
            Name::Tspan => parent == Some(Name::Text),
            Name::G | Name::Rect | Name::Path | Name::Circle | Name::Text => {
                matches!(parent, Some(Name::Svg | Name::G | Name::Marker))
                    && (name != Name::Text || self.text.is_none())
            }
        };
        if !placed {
            return None;
        }
        // A marker's content inherits from the marker's ancestors, not the line's.
        let mut style = match name {
            Name::Marker => self.stack.first()?.style.clone(),
            _ => self
                .stack
                .last()
                .map(|o| o.style.clone())
                .unwrap_or_default(),
        };
        let read = self.attributes(name, e, &mut style)?;
        self.begin(name, &read, &style)?;
        self.stack.push(Open {
            name,
            style,
            own: read.own,
        });
        if empty {
            self.close()?;
        }
        Some(())
    }

    /// The attributes of element `name`: its presentation attributes set on `style`, the
    /// rest read; `None` for one outside the subset.
    fn attributes(&mut self, name: Name, e: &BytesStart, style: &mut Style) -> Option<Read> {
        let mut geometry = [None; GEOMETRY.len()];
        let mut d = None;
        let mut own = None;
        let mut id = None;
        for a in e.attributes().with_checks(false) {
            let a = a.ok()?;
            let value = std::str::from_utf8(&a.value).ok()?;
            if value.contains('&') {
                return None;
            }
            let key = std::str::from_utf8(a.key.as_ref()).ok()?;
            match (name, key) {
                (Name::Svg, "xmlns") => {}
                (Name::Svg, "viewBox") => {
                    let v = numbers(value)?;
                    let [x, y, w, h] = <[f64; 4]>::try_from(v).ok()?;
                    (w > 0.0 && h > 0.0).then_some(())?;
                    self.view = Some([x, y, w, h]);
                }
                (Name::Svg, "width" | "height") => {
                    geometry[slot(key)?] = Some(number(value)?);
                }
                (Name::Marker, "id") => id = Some(value.to_string()),
                (Name::Marker, "orient") if value == "auto" => {}
                (Name::Marker, "markerWidth" | "markerHeight" | "refX" | "refY") => {
                    geometry[slot(key)?] = Some(number(value)?);
                }
                (Name::Rect, "x" | "y" | "width" | "height")
                | (Name::Circle, "cx" | "cy" | "r")
                | (Name::Text | Name::Tspan, "x" | "y") => {
                    geometry[slot(key)?] = Some(number(value)?);
                }
                (Name::Path, "d") => d = Some(value.to_string()),
                (Name::G, "transform") => own = Some((transform(value)?, Vec::new())),
                (Name::Defs | Name::Marker | Name::Tspan, _) => return None,
                (_, _) => set_style(style, key, value)?,
            }
        }
        if name == Name::Svg {
            // The view box is the drawing's size: typst's exporter scales it to the image.
            let [_, _, w, h] = self.view?;
            let same =
                |k, v: f64| geometry[slot(k).unwrap_or(0)].is_none_or(|g| (g - v).abs() < 1e-9);
            (same("width", w) && same("height", h)).then_some(())?;
        }
        Some(Read {
            geometry,
            d,
            own,
            id,
        })
    }

    /// What element `name` draws or starts, from its attributes `read`.
    fn begin(&mut self, name: Name, read: &Read, style: &Style) -> Option<()> {
        let geometry = read.geometry;
        let at = |k: &str| slot(k).and_then(|i| geometry[i]);
        match name {
            Name::Marker => {
                let marker = Marker {
                    items: Vec::new(),
                    size: (
                        at("markerWidth").unwrap_or(3.0),
                        at("markerHeight").unwrap_or(3.0),
                    ),
                    refer: (at("refX").unwrap_or(0.0), at("refY").unwrap_or(0.0)),
                };
                self.marker = Some((read.id.clone()?, marker));
            }
            Name::Rect => {
                let size = Size::new(pt(at("width")?), pt(at("height")?));
                let origin = Point::new(pt(at("x").unwrap_or(0.0)), pt(at("y").unwrap_or(0.0)));
                self.shape(origin, Geometry::Rect(size), style)?;
            }
            Name::Circle => {
                let r = at("r")?;
                let (cx, cy) = (at("cx").unwrap_or(0.0), at("cy").unwrap_or(0.0));
                let curve = Curve::ellipse(Size::new(pt(2.0 * r), pt(2.0 * r)));
                self.shape(
                    Point::new(pt(cx - r), pt(cy - r)),
                    Geometry::Curve(curve),
                    style,
                )?;
            }
            Name::Path => self.path(read.d.as_deref()?, style)?,
            Name::Text => {
                let at = at("x").zip(at("y"));
                self.text = Some(Chunk {
                    at,
                    text: String::new(),
                    style: style.clone(),
                });
                self.had_tspans = false;
            }
            Name::Tspan => {
                self.had_tspans = true;
                let at = Some((at("x")?, at("y")?));
                self.tspan = Some(Chunk {
                    at,
                    text: String::new(),
                    style: style.clone(),
                });
            }
            Name::Svg | Name::Defs | Name::G => {}
        }
        Some(())
    }

    fn close(&mut self) -> Option<()> {
        let open = self.stack.pop()?;
        match open.name {
            Name::Tspan => {
                let chunk = self.tspan.take()?;
                self.chunk(chunk)?;
            }
            Name::Text => {
                let chunk = self.text.take()?;
                match (self.had_tspans, chunk.text.trim().is_empty()) {
                    (true, true) => {}
                    (false, false) => self.chunk(chunk)?,
                    (false, true) => {}
                    (true, false) => return None,
                }
            }
            Name::Marker => {
                let (id, marker) = self.marker.take()?;
                self.markers.insert(id, marker);
            }
            _ => {}
        }
        if let Some((transform, items)) = open.own {
            let mut frame = Frame::soft(Size::zero());
            frame.push_multiple(items);
            let mut group = GroupItem::new(frame);
            group.transform = transform;
            self.push(Point::zero(), FrameItem::Group(group));
        }
        Some(())
    }

    /// Where the next item goes: the innermost group with a transform, the marker being
    /// read, or the drawing.
    fn push(&mut self, at: Point, item: FrameItem) {
        for open in self.stack.iter_mut().rev() {
            if let Some((_, items)) = &mut open.own {
                items.push((at, item));
                return;
            }
            if open.name == Name::Marker {
                if let Some((_, m)) = &mut self.marker {
                    m.items.push((at, item));
                }
                return;
            }
        }
        self.items.push((at, item));
    }

    /// A shape of `geometry` at `at`, painted as `style` says; nothing when it paints
    /// nothing.
    fn shape(&mut self, at: Point, geometry: Geometry, style: &Style) -> Option<()> {
        let stroke = stroke(style);
        // A path of lone segments (a stone's round-capped dot, a grid line) has nothing
        // to fill.
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
            self.push(at, FrameItem::Shape(shape, Span::detached()));
        }
        Some(())
    }

    /// A path, and the arrow head at its end if it has one.
    fn path(&mut self, d: &str, style: &Style) -> Option<()> {
        let segments = super::path_data::segments(d)?;
        // An item a segment, allocated once: a book's drawings hold some hundred thousand
        // (a stone's dot is two), all kept until the PDF is written.
        let mut curve = Curve(Vec::with_capacity(segments.len()));
        // The last two points, for the direction an arrow head points in.
        let (mut last, mut before) = (None, None);
        let mut start = (0.0, 0.0);
        for segment in segments {
            use svgtypes::SimplePathSegment as S;
            let p = |x: f64, y: f64| Point::new(pt(x), pt(y));
            match segment {
                S::MoveTo { x, y } => {
                    curve.move_(p(x, y));
                    start = (x, y);
                    (before, last) = (None, Some((x, y)));
                }
                S::LineTo { x, y } => {
                    curve.line(p(x, y));
                    (before, last) = (last, Some((x, y)));
                }
                S::CurveTo {
                    x1,
                    y1,
                    x2,
                    y2,
                    x,
                    y,
                } => {
                    curve.cubic(p(x1, y1), p(x2, y2), p(x, y));
                    (before, last) = (Some((x2, y2)), Some((x, y)));
                }
                S::Quadratic { x1, y1, x, y } => {
                    let (x0, y0) = last?;
                    let c = |a: f64, b: f64| a + 2.0 / 3.0 * (b - a);
                    curve.cubic(p(c(x0, x1), c(y0, y1)), p(c(x, x1), c(y, y1)), p(x, y));
                    (before, last) = (Some((x1, y1)), Some((x, y)));
                }
                S::ClosePath => {
                    curve.close();
                    (before, last) = (last, Some(start));
                }
            }
        }
        if style.cap == LineCap::Round {
            dots(&mut curve, style.stroke_width);
        }
        self.shape(Point::zero(), Geometry::Curve(curve), style)?;
        if let Some(id) = &style.marker_end {
            let ((x0, y0), (x, y)) = (before?, last?);
            self.arrow_head(id, (x, y), (y - y0).atan2(x - x0), style.stroke_width)?;
        }
        Some(())
    }

    /// The marker `id` at `end`, turned to `angle` and scaled by the line's width, as
    /// SVG draws a `marker-end` with `orient="auto"` in stroke-width units, clipped to
    /// its box.
    fn arrow_head(&mut self, id: &str, end: (f64, f64), angle: f64, width: f64) -> Option<()> {
        let marker = self.markers.get(id)?;
        let transform = Transform::translate(pt(end.0), pt(end.1))
            .pre_concat(Transform::rotate(Angle::rad(angle)))
            .pre_concat(Transform::scale(Ratio::new(width), Ratio::new(width)))
            .pre_concat(Transform::translate(
                -pt(marker.refer.0),
                -pt(marker.refer.1),
            ));
        let mut frame = Frame::soft(Size::zero());
        frame.push_multiple(marker.items.iter().cloned());
        let mut group = GroupItem::new(frame);
        group.transform = transform;
        group.clip = Some(Curve::rect(Size::new(pt(marker.size.0), pt(marker.size.1))));
        self.push(Point::zero(), FrameItem::Group(group));
        Some(())
    }

    /// A text of one line at its anchor, in the font usvg would take; `None` if it needs
    /// SVG's white-space handling or a character the font lacks.
    fn chunk(&mut self, chunk: Chunk) -> Option<()> {
        let (x, y) = chunk.at?;
        let text = chunk.text;
        if text.is_empty() {
            return Some(());
        }
        // SVG drops a text's end spaces and joins runs of white space: gobook writes none.
        let plain = text.trim() == text
            && !text.contains("  ")
            && text
                .chars()
                .all(|c| c == ' ' || !c.is_whitespace() && !c.is_control());
        // Left-to-right scripts the diagrams' sans covers: Latin, Greek, Cyrillic; and
        // short enough for a glyph's place in it to fit typst's 16 bits.
        let ltr = text.chars().all(|c| (c as u32) < 0x0530);
        if !plain || !ltr || text.len() > 1000 {
            return None;
        }
        let style = chunk.style;
        let size = style.font_size?;
        let font = self.pen.font(style.family.as_deref()?)?;
        let shaped = self.pen.shape(&font, &text)?;
        let width = shaped.width * size;
        let left = match style.anchor {
            Anchor::Start => x,
            Anchor::Middle => x - width / 2.0,
            Anchor::End => x - width,
        };
        let item = TextItem {
            font,
            size: pt(size),
            fill: style.fill.clone()?,
            stroke: stroke(&style),
            lang: self.pen.lang.lang,
            region: self.pen.lang.region,
            text: text.as_str().into(),
            glyphs: shaped.glyphs,
        };
        self.push(Point::new(pt(left), pt(y)), FrameItem::Text(item));
        Some(())
    }
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

/// Sets the presentation attribute `key` of `style`; `None` for one outside the subset.
fn set_style(style: &mut Style, key: &str, value: &str) -> Option<()> {
    match key {
        "fill" => style.fill = paint(value)?,
        "stroke" => style.stroke = paint(value)?,
        "stroke-width" => style.stroke_width = number(value)?,
        "stroke-linecap" => {
            style.cap = match value {
                "butt" => LineCap::Butt,
                "round" => LineCap::Round,
                "square" => LineCap::Square,
                _ => return None,
            }
        }
        "stroke-linejoin" => {
            style.join = match value {
                "miter" => LineJoin::Miter,
                "round" => LineJoin::Round,
                "bevel" => LineJoin::Bevel,
                _ => return None,
            }
        }
        "font-size" => style.font_size = Some(number(value)?),
        "font-family" => style.family = Some(value.to_string()),
        "text-anchor" => {
            style.anchor = match value {
                "start" => Anchor::Start,
                "middle" => Anchor::Middle,
                "end" => Anchor::End,
                _ => return None,
            }
        }
        "marker-end" => {
            let id = value.strip_prefix("url(#")?.strip_suffix(')')?;
            style.marker_end = Some(id.to_string());
        }
        _ => return None,
    }
    Some(())
}

/// A paint: `none`, or an opaque colour.
fn paint(value: &str) -> Option<Option<Paint>> {
    if value == "none" {
        return Some(None);
    }
    let c: svgtypes::Color = value.parse().ok()?;
    (c.alpha == 255).then(|| Some(Paint::Solid(Color::from_u8(c.red, c.green, c.blue, 255))))
}

/// A plain number (no unit).
fn number(value: &str) -> Option<f64> {
    let n: f64 = value.trim().parse().ok()?;
    n.is_finite().then_some(n)
}

/// Numbers apart by spaces or commas.
fn numbers(value: &str) -> Option<Vec<f64>> {
    value
        .split([' ', ','])
        .filter(|s| !s.is_empty())
        .map(number)
        .collect()
}

/// `scale(a)`, `scale(a b)` or `translate(x y)`, the transforms gobook writes.
fn transform(value: &str) -> Option<Transform> {
    let (name, rest) = value.trim().split_once('(')?;
    let args = numbers(rest.strip_suffix(')')?)?;
    match (name, args.as_slice()) {
        ("scale", [s]) => Some(Transform::scale(Ratio::new(*s), Ratio::new(*s))),
        ("scale", [sx, sy]) => Some(Transform::scale(Ratio::new(*sx), Ratio::new(*sy))),
        ("translate", [x]) => Some(Transform::translate(pt(*x), Abs::zero())),
        ("translate", [x, y]) => Some(Transform::translate(pt(*x), pt(*y))),
        _ => None,
    }
}

/// The attributes an element's geometry is read from.
const GEOMETRY: [&str; 11] = [
    "x",
    "y",
    "width",
    "height",
    "cx",
    "cy",
    "r",
    "markerWidth",
    "markerHeight",
    "refX",
    "refY",
];

/// Where attribute `key` of [`GEOMETRY`] is kept.
fn slot(key: &str) -> Option<usize> {
    GEOMETRY.iter().position(|k| *k == key)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::board::diagram::{BoardDiagram, NumberedStone};
    use crate::point::{Color::Black, Color::White, Mark};

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

    #[test]
    fn every_thing_a_print_drawing_holds_is_drawn_in_typsts_shapes_and_text() {
        let d = every_thing();
        let svg = crate::render::svg::render_print(&d);
        let drawn = pen()
            .draw(svg.as_bytes())
            .expect("a print drawing is drawn");
        let mut all = Vec::new();
        items(&drawn.frame, &mut all);
        let texts: Vec<&TextItem> = all
            .iter()
            .filter_map(|i| match i {
                FrameItem::Text(t) => Some(t),
                _ => None,
            })
            .collect();
        // Every text of the SVG is a text item, in the SVG's order.
        let written: Vec<&str> = svg
            .split(['>', '<'])
            .collect::<Vec<_>>()
            .windows(2)
            .filter(|w| w[0].starts_with("tspan ") || w[0].starts_with("text x"))
            .map(|w| w[1])
            .collect();
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
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 40" width="100" height="40" text-anchor="middle" font-family="Helvetica,Arial,sans-serif"><g fill="#111" font-size="14"><text><tspan x="50" y="20">12</tspan></text><text x="10" y="30" text-anchor="start">7</text></g></svg>"##;
        let drawn = pen().draw(svg.as_bytes()).unwrap();
        let found: Vec<(Point, &TextItem)> = drawn
            .frame
            .items()
            .filter_map(|(at, i)| match i {
                FrameItem::Text(t) => Some((*at, t)),
                _ => None,
            })
            .collect();
        let (at, twelve) = found[0];
        assert_eq!(twelve.text, "12");
        let width = twelve.width().to_pt();
        assert!((at.x.to_pt() + width / 2.0 - 50.0).abs() < 1e-9, "centred");
        assert_eq!(at.y, Abs::pt(20.0), "on its baseline");
        assert_eq!(twelve.size, Abs::pt(14.0));
        // DejaVu Sans's digits are 0.636 em wide.
        assert!((width - 2.0 * 0.636 * 14.0).abs() < 0.05, "{width}");
        assert_eq!(found[1].0.x, Abs::pt(10.0), "a start anchor starts there");
    }

    #[test]
    fn anything_outside_the_subset_is_left_to_usvg() {
        let open = r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" width="40" height="40" font-family="Helvetica,Arial,sans-serif">"#;
        let draws = |body: &str| {
            pen()
                .draw(format!("{open}{body}</svg>").as_bytes())
                .is_some()
        };
        assert!(draws(
            r##"<rect fill="#e3bf7e" x="0" y="0" width="40" height="40"/>"##
        ));
        assert!(draws(
            r#"<g font-size="14"><text x="5" y="20">ab</text></g>"#
        ));
        for outside in [
            r#"<image href="x.png" width="4" height="4"/>"#,
            r#"<rect opacity=".5" width="4" height="4"/>"#,
            r#"<rect fill="url(#g)" width="4" height="4"/>"#,
            r#"<style>rect{fill:red}</style>"#,
            r#"<g transform="rotate(30)"><rect width="4" height="4"/></g>"#,
            r#"<g font-size="14"><text x="5" y="20">イ</text></g>"#,
            // A letter the diagrams' font lacks (the bundled subset has no Cyrillic):
            // usvg takes another of typst's fonts for it.
            r#"<g font-size="14"><text x="5" y="20">Ж</text></g>"#,
            r#"<g font-size="14"><text x="5" y="20"> a </text></g>"#,
            r#"<g font-size="14"><text x="5" y="20">a  b</text></g>"#,
            r#"<text x="5" y="20">no size</text>"#,
            format!(
                r#"<g font-size="14"><text x="5" y="20">{}</text></g>"#,
                "a".repeat(70_000)
            )
            .as_str(),
            r#"<path d="M0 0L"/>"#,
            r#"<path d="M0 0L4 4" marker-end="url(#nowhere)"/>"#,
            r#"<rect width="4" height="4"><title>t</title></rect>"#,
        ] {
            assert!(!draws(outside), "{outside}");
        }
        // Not SVG, or a root whose size is not its view box's.
        assert!(pen().draw(b"<html/>").is_none());
        assert!(pen()
            .draw(br#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" width="80" height="80"></svg>"#)
            .is_none());
        assert!(pen().draw(&[0xff, 0xfe]).is_none());
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
