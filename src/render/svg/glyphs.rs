//! Text as filled glyph outlines, for the print target: typst reads SVG through usvg,
//! which shapes every `<text>` and, for the numerals' emboldening stroke, strokes every
//! glyph to find its bounds. A path of the glyphs' outlines, pushed outwards to make them
//! bold, is the same drawing at a fraction of the cost, and is made once per distinct
//! label for the whole process.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::{Arc, Mutex, OnceLock};

use super::text::push_int;
use ttf_parser::{Face, OutlineBuilder};

/// The diagrams' font: DejaVu Sans cut to Latin (licence in `assets/fonts/`), the one the
/// PNG renderer and the PDF's text on boards use, so the digits look alike everywhere.
pub(crate) const FONT: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-subset.ttf");

/// How far every outline is pushed out, in user units: half the 0.7-unit stroke that made
/// the printed numerals bold before (the bundled sans has no bold face), so DejaVu Sans's
/// stems of 1.3 units at size 14 become 2.0, about those of DejaVu Sans Bold.
const BOLD: f32 = 0.35;

/// The most labels kept: a book has a few thousand distinct ones (move numbers, letters,
/// coordinates); past this, outlines are made each time rather than held without bound.
const CACHE_LIMIT: usize = 16_384;

/// A label's outline at one size: where it starts from its anchor (the middle of its
/// advance, on the baseline) and the rest as relative path commands, in hundredths of a
/// user unit, so placing it costs two numbers.
pub(crate) struct Outline {
    start: (i32, i32),
    rest: String,
}

impl Outline {
    /// Appends the outline anchored at (`x`, `y`) to the path data `d`.
    pub(crate) fn push(&self, d: &mut String, x: i32, y: i32) {
        d.push('M');
        push_hundredths(d, x * 100 + self.start.0);
        separate(d, y * 100 + self.start.1);
        push_hundredths(d, y * 100 + self.start.1);
        d.push_str(&self.rest);
    }
}

/// The outline of `text` set at `size`, condensed to 3/4 of its width or not, emboldened;
/// `None` when the bundled font lacks one of its characters (a CJK label), which is then
/// left to a `<text>`.
pub(crate) fn outline(text: &str, size: i32, condensed: bool) -> Option<Arc<Outline>> {
    type Cache = Mutex<HashMap<(String, i32, bool), Option<Arc<Outline>>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let key = (text.to_string(), size, condensed);
    if let Some(found) = cache.lock().ok().and_then(|c| c.get(&key).cloned()) {
        return found;
    }
    let made = make(text, size, condensed).map(Arc::new);
    if let Ok(mut c) = cache.lock() {
        if c.len() < CACHE_LIMIT {
            c.insert(key, made.clone());
        }
    }
    made
}

/// A text to draw centred on `x`, its baseline at `y`.
pub(crate) struct Placed<'a> {
    /// The middle of the text.
    pub x: i32,
    /// Its baseline.
    pub y: i32,
    /// What it says.
    pub text: &'a str,
    /// Its font size, in user units.
    pub size: i32,
    /// Whether it is condensed to 3/4 of its width (three digits on a stone).
    pub condensed: bool,
}

/// Writes `texts` as one filled path of gobook's `class`; a text the bundled font cannot
/// draw becomes a `<text>` in the diagrams' font, as the screen target writes it, so
/// the PDF's fonts draw it.
pub(crate) fn write_outlined<'a>(
    out: &mut String,
    class: &str,
    texts: impl IntoIterator<Item = Placed<'a>>,
) {
    let mut d = String::new();
    let mut rest = Vec::new();
    for t in texts {
        match outline(t.text, t.size, t.condensed) {
            Some(o) => o.push(&mut d, t.x, t.y),
            None => rest.push(t),
        }
    }
    if !d.is_empty() {
        out.push_str(r#"<path class=""#);
        out.push_str(class);
        out.push_str(r#"" d=""#);
        out.push_str(&d);
        out.push_str(r#""/>"#);
    }
    if rest.is_empty() {
        return;
    }
    out.push_str(r#"<g class=""#);
    out.push_str(class);
    out.push_str(r#"" text-anchor="middle" font-family=""#);
    out.push_str(super::style::FONT);
    out.push_str(r#"">"#);
    for t in rest {
        let squeeze = if t.condensed { " scale(.75 1)" } else { "" };
        let _ = write!(
            out,
            r#"<text transform="translate({} {}){squeeze}" font-size="{}">"#,
            t.x, t.y, t.size
        );
        crate::escape::push_text(out, t.text);
        out.push_str("</text>");
    }
    out.push_str("</g>");
}

/// The bundled font, parsed once.
fn face() -> Option<&'static Face<'static>> {
    static FACE: OnceLock<Option<Face<'static>>> = OnceLock::new();
    FACE.get_or_init(|| Face::parse(FONT, 0).ok()).as_ref()
}

/// The contours of one glyph run in font units: each a list of points and the segments
/// through them (1 point for a line, 2 for a quadratic, 3 for a cubic curve).
#[derive(Default)]
struct Contours {
    list: Vec<(Vec<(f32, f32)>, Vec<u8>)>,
    /// Where the current glyph is set along the line, in font units.
    pen: f32,
}

impl Contours {
    fn push(&mut self, pts: &[(f32, f32)]) {
        if let Some((points, segs)) = self.list.last_mut() {
            points.extend(pts.iter().map(|&(x, y)| (x + self.pen, y)));
            segs.push(pts.len() as u8);
        }
    }
}

impl OutlineBuilder for Contours {
    fn move_to(&mut self, x: f32, y: f32) {
        self.list.push((vec![(x + self.pen, y)], Vec::new()));
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.push(&[(x, y)]);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.push(&[(x1, y1), (x, y)]);
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.push(&[(x1, y1), (x2, y2), (x, y)]);
    }
    fn close(&mut self) {}
}

/// Makes [`outline`]'s outline, uncached.
fn make(text: &str, size: i32, condensed: bool) -> Option<Outline> {
    let face = face()?;
    let mut contours = Contours::default();
    for c in text.chars() {
        let glyph = face.glyph_index(c)?;
        // A glyph without an outline (a space) only advances.
        let _ = face.outline_glyph(glyph, &mut contours);
        contours.pen += f32::from(face.glyph_hor_advance(glyph).unwrap_or(0));
    }
    let scale = size as f32 / f32::from(face.units_per_em().max(1));
    let strength = BOLD / scale;
    let clockwise = signed_area(&contours.list) < 0.0;
    for (points, _) in &mut contours.list {
        embolden(points, strength, clockwise);
    }
    let squeeze = if condensed { 0.75 } else { 1.0 };
    let middle = contours.pen / 2.0;
    let at = |(x, y): (f32, f32)| {
        (
            ((x - middle) * scale * squeeze * 100.0).round() as i32,
            (-y * scale * 100.0).round() as i32,
        )
    };
    Some(write(&contours.list, at))
}

/// The outline as relative path data from its first point, each point placed by `at`:
/// a command letter only where it changes, straight lines along an axis as `h` or `v`.
fn write(list: &[(Vec<(f32, f32)>, Vec<u8>)], at: impl Fn((f32, f32)) -> (i32, i32)) -> Outline {
    let mut rest = String::new();
    let mut start = None;
    let mut cur = (0, 0);
    let mut last = 'M';
    let mut command = |rest: &mut String, c: char| {
        if c != last {
            rest.push(c);
            last = c;
        }
    };
    for (points, segs) in list {
        let first = at(points[0]);
        match start {
            None => start = Some(first),
            Some(_) => {
                command(&mut rest, 'm');
                push_pair(&mut rest, first, cur);
            }
        }
        cur = first;
        let mut i = 1;
        for (k, &n) in segs.iter().enumerate() {
            let n = usize::from(n);
            let end = at(points[i + n - 1]);
            i += n;
            if n == 1 {
                // A line back to the start, or of no length, is what `z` draws or nothing.
                if end == cur || (k + 1 == segs.len() && end == first) {
                    continue;
                }
                let (dx, dy) = (end.0 - cur.0, end.1 - cur.1);
                let (c, v) = match (dx, dy) {
                    (_, 0) => ('h', dx),
                    (0, _) => ('v', dy),
                    _ => ('l', 0),
                };
                command(&mut rest, c);
                if c == 'l' {
                    push_pair(&mut rest, end, cur);
                } else {
                    separate(&mut rest, v);
                    push_hundredths(&mut rest, v);
                }
            } else {
                command(&mut rest, if n == 2 { 'q' } else { 'c' });
                for j in i - n..i {
                    push_pair(&mut rest, at(points[j]), cur);
                }
            }
            cur = end;
        }
        command(&mut rest, 'z');
        cur = first;
    }
    Outline {
        start: start.unwrap_or((0, 0)),
        rest,
    }
}

/// Appends `p` relative to `from`, in hundredths, after what came before.
fn push_pair(d: &mut String, p: (i32, i32), from: (i32, i32)) {
    for v in [p.0 - from.0, p.1 - from.1] {
        separate(d, v);
        push_hundredths(d, v);
    }
}

/// A space before a number that would otherwise run into the one before it.
fn separate(d: &mut String, next: i32) {
    if next >= 0 && d.ends_with(|c: char| c.is_ascii_digit()) {
        d.push(' ');
    }
}

/// Appends `v` hundredths as a decimal number, without trailing zeros (`-1.5`, `12`).
fn push_hundredths(d: &mut String, v: i32) {
    if v < 0 {
        d.push('-');
    }
    let a = v.unsigned_abs();
    push_int(d, (a / 100) as i32);
    let frac = a % 100;
    if frac != 0 {
        d.push('.');
        if frac % 10 == 0 {
            push_int(d, (frac / 10) as i32);
        } else {
            if frac < 10 {
                d.push('0');
            }
            push_int(d, frac as i32);
        }
    }
}

/// Twice the signed area of all contours: negative when the filled outlines run clockwise
/// (TrueType's rule, y up), so the way out of the ink is known.
fn signed_area(list: &[(Vec<(f32, f32)>, Vec<u8>)]) -> f32 {
    list.iter()
        .flat_map(|(pts, _)| {
            pts.iter()
                .zip(pts.iter().cycle().skip(1))
                .map(|(a, b)| a.0 * b.1 - b.0 * a.1)
        })
        .sum()
}

/// Pushes a closed contour's points `s` font units out of the ink, as FreeType's
/// `FT_Outline_EmboldenXY` does: each point moves along the bisector of its two edges'
/// normals so that both edges move by `s`, less where its edges are shorter than the
/// move (a point would overtake its neighbour), not at all at a near hairpin turn. Holes
/// run the other way, so they shrink. The control points of curves move with the polygon
/// they make, which keeps a curve's offset within a hair of the true one at this strength.
fn embolden(points: &mut [(f32, f32)], s: f32, clockwise: bool) {
    let n = points.len();
    let normal = |(x, y): (f32, f32)| if clockwise { (-y, x) } else { (y, -x) };
    let shifts: Vec<(f32, f32)> = (0..n)
        .map(|i| {
            let p = points[i];
            let neighbour = |step: usize| {
                (1..n)
                    .map(|k| points[(i + k * step) % n])
                    .find(|&q| q != p)
            };
            let (Some(prev), Some(next)) = (neighbour(n - 1), neighbour(1)) else {
                return (0.0, 0.0);
            };
            let unit = |a: (f32, f32), b: (f32, f32)| {
                let (dx, dy) = (b.0 - a.0, b.1 - a.1);
                let len = dx.hypot(dy);
                ((dx / len, dy / len), len)
            };
            let ((a, la), (b, lb)) = (unit(prev, p), unit(p, next));
            let d = a.0 * b.0 + a.1 * b.1;
            if d <= -0.9375 {
                return (0.0, 0.0);
            }
            let (na, nb) = (normal(a), normal(b));
            let bisector = (na.0 + nb.0, na.1 + nb.1);
            let turn = a.0 * b.1 - a.1 * b.0;
            let q = if clockwise { turn } else { -turn };
            let l = la.min(lb);
            let k = if s * q <= l * (1.0 + d) {
                s / (1.0 + d)
            } else {
                l / q
            };
            (bisector.0 * k, bisector.1 * k)
        })
        .collect();
    for (p, (dx, dy)) in points.iter_mut().zip(shifts) {
        p.0 += dx;
        p.1 += dy;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The points of path data `d` with absolute positions, as [`write`] writes it (M,
    /// then relative m, l, h, v, q, c and z; a command letter only where it changes).
    fn points(d: &str) -> Vec<(f32, f32)> {
        let mut tokens: Vec<Result<char, f32>> = Vec::new();
        let mut num = String::new();
        for c in d.chars().chain([' ']) {
            let starts_new = c == '-' || !(c.is_ascii_digit() || c == '.');
            if starts_new && !num.is_empty() {
                tokens.push(Err(num.parse().unwrap()));
                num.clear();
            }
            if c.is_ascii_digit() || c == '.' || c == '-' {
                num.push(c);
            } else if c.is_ascii_alphabetic() {
                tokens.push(Ok(c));
            }
        }
        let (mut out, mut cur, mut start, mut cmd) = (Vec::new(), (0.0, 0.0), (0.0, 0.0), 'M');
        let mut i = 0;
        while i < tokens.len() {
            if let Ok(c) = tokens[i] {
                cmd = c;
                i += 1;
                if c == 'z' {
                    cur = start;
                }
                continue;
            }
            let arity = match cmd {
                'h' | 'v' => 1,
                'q' => 4,
                'c' => 6,
                _ => 2,
            };
            let n: Vec<f32> = tokens[i..i + arity].iter().map(|t| t.unwrap_err()).collect();
            i += arity;
            let base = if cmd == 'M' { (0.0, 0.0) } else { cur };
            match cmd {
                'h' => out.push((base.0 + n[0], base.1)),
                'v' => out.push((base.0, base.1 + n[0])),
                _ => out.extend(n.chunks(2).map(|p| (base.0 + p[0], base.1 + p[1]))),
            }
            cur = *out.last().unwrap();
            if matches!(cmd, 'M' | 'm') {
                start = cur;
                cmd = if cmd == 'M' { 'L' } else { 'l' };
            }
        }
        out
    }

    fn bounds(pts: &[(f32, f32)]) -> (f32, f32, f32, f32) {
        pts.iter().fold(
            (f32::MAX, f32::MAX, f32::MIN, f32::MIN),
            |(a, b, c, d), &(x, y)| (a.min(x), b.min(y), c.max(x), d.max(y)),
        )
    }

    fn placed(text: &str, size: i32, condensed: bool) -> String {
        let mut d = String::new();
        outline(text, size, condensed).unwrap().push(&mut d, 0, 0);
        d
    }

    #[test]
    fn numbers_are_written_short_and_exact() {
        for (v, s) in [(0, "0"), (150, "1.5"), (-5, "-0.05"), (1234, "12.34"), (-1200, "-12")] {
            let mut d = String::new();
            push_hundredths(&mut d, v);
            assert_eq!(d, s);
        }
    }

    #[test]
    fn a_label_is_centred_on_its_anchor_above_the_baseline_and_bold() {
        // Digits of DejaVu Sans are 0.729 em tall: 10.2 units at 14, and 0.35 more each side.
        let (x0, _, x1, _) = bounds(&points(&placed("88", 14, false)));
        assert!((x0 + x1).abs() < 0.3, "centred: {x0}..{x1}");
        // "1" stands on the baseline and reaches up 0.729 em (10.2 units at 14).
        let (_, y0, _, y1) = bounds(&points(&placed("11", 14, false)));
        assert!((y1 - 0.35).abs() < 0.05, "on the baseline: {y1}");
        assert!((-y0 - (0.729 * 14.0 + 0.35)).abs() < 0.1, "height: {y0}");
        // Bold: the plain outline grows by 0.7 units in width.
        let plain = {
            let face = face().unwrap();
            let mut c = Contours::default();
            face.outline_glyph(face.glyph_index('8').unwrap(), &mut c);
            let all: Vec<(f32, f32)> = c.list.iter().flat_map(|(p, _)| p.clone()).collect();
            let (a, _, b, _) = bounds(&all);
            (b - a) * 14.0 / 2048.0
        };
        let (x0, _, x1, _) = bounds(&points(&placed("8", 14, false)));
        assert!(((x1 - x0) - plain - 0.7).abs() < 0.1, "{} against {plain}", x1 - x0);
    }

    #[test]
    fn three_digits_condensed_fit_inside_a_stone() {
        let (x0, _, x1, _) = bounds(&points(&placed("188", 14, true)));
        assert!(x1 - x0 < 21.0 && x1 - x0 > 18.0, "{x0}..{x1}");
        let (x0, _, x1, _) = bounds(&points(&placed("888", 14, true)));
        assert!((x0 + x1).abs() < 0.3, "centred: {x0}..{x1}");
        assert!(-x0 < 10.5 && x1 < 10.5, "inside the stone's colour: {x0}..{x1}");
    }

    #[test]
    fn holes_shrink_while_the_ink_grows() {
        // The counter of an "o": its inner contour is narrower emboldened than plain.
        let face = face().unwrap();
        let mut c = Contours::default();
        face.outline_glyph(face.glyph_index('o').unwrap(), &mut c);
        let inner = |list: &[(Vec<(f32, f32)>, Vec<u8>)]| {
            list.iter()
                .map(|(p, _)| bounds(p))
                .map(|(a, _, b, _)| b - a)
                .fold(f32::MAX, f32::min)
        };
        let before = inner(&c.list);
        let cw = signed_area(&c.list) < 0.0;
        for (p, _) in &mut c.list {
            embolden(p, 50.0, cw);
        }
        assert!((before - inner(&c.list) - 100.0).abs() < 5.0);
    }

    #[test]
    fn characters_the_font_lacks_have_no_outline() {
        assert!(outline("黒", 14, false).is_none());
        assert!(outline("A", 10, false).is_some());
        assert!(Arc::ptr_eq(
            &outline("123", 14, true).unwrap(),
            &outline("123", 14, true).unwrap()
        ));
    }
}
