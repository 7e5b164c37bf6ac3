//! A [`Drawing`] written as SVG text. The bytes are fixed by the model: integer
//! coordinates where the model has them, relative path commands as the writers chose
//! them, one group per colour; the same drawing always gives the same bytes.

use super::drawing::{Attrs, Drawing, Group, Item, Marker, Path, Seg, Text, Transform};
use super::style::{self, Palette};
use super::text::push_int;
use crate::escape::{push_attr, push_text};
use std::fmt::Write;

/// `drawing` as an SVG document.
pub fn to_svg(drawing: &Drawing) -> String {
    let mut out = root_element(drawing);
    let screen = !drawing.print;
    if let (true, Some((title, desc))) = (screen, &drawing.title) {
        out.push_str("<title>");
        push_text(&mut out, title);
        out.push_str("</title><desc>");
        push_text(&mut out, desc);
        out.push_str("</desc>");
    }
    if drawing.standalone && screen {
        let mut used = 0;
        classes_used(&drawing.items, &drawing.palette, &mut used);
        out.push_str("<style>");
        style::standalone_css(&mut out, &drawing.palette, used, drawing.has_text);
        out.push_str("</style>");
    }
    let writer = Writer {
        palette: &drawing.palette,
        print: drawing.print,
    };
    let mut defs = false;
    for item in &drawing.items {
        // The markers go first, in one `defs`.
        match (item, defs) {
            (Item::Marker(_), false) => {
                out.push_str("<defs>");
                defs = true;
            }
            (Item::Marker(_), true) => {}
            (_, true) => {
                out.push_str("</defs>");
                defs = false;
            }
            (_, false) => {}
        }
        writer.item(&mut out, item);
    }
    if defs {
        out.push_str("</defs>");
    }
    out.push_str("</svg>");
    out
}

/// The root element's start tag of `drawing`'s SVG (`<svg ...>`): its size and view box.
pub fn root_element(drawing: &Drawing) -> String {
    let mut out = String::with_capacity(4096);
    let screen = !drawing.print;
    out.push_str(r#"<svg xmlns="http://www.w3.org/2000/svg""#);
    if screen {
        let _ = write!(out, r#" class="{}""#, style::ROOT);
    }
    let [x, y, w, h] = drawing.view_box;
    let _ = write!(out, r#" viewBox="{x} {y} {w} {h}""#);
    match drawing.shown {
        None => out.push_str(r#" width="100%""#),
        Some((sw, sh)) => {
            let _ = write!(out, r#" width="{sw}" height="{sh}""#);
        }
    }
    if screen && drawing.image_role {
        out.push_str(r#" role="img""#);
    }
    if drawing.has_text {
        out.push_str(r#" text-anchor="middle" font-family=""#);
        out.push_str(style::FONT);
        out.push('"');
    }
    out.push('>');
    out
}

/// The classes of [`style`] that `items` use, as bits (see [`style::paints`]).
fn classes_used(items: &[Item], palette: &Palette, used: &mut u32) {
    let bit = |attrs: &Attrs| match attrs.class.and_then(|c| style::paints(c, palette)) {
        Some((k, ..)) => 1 << k,
        None => 0,
    };
    for item in items {
        match item {
            Item::Marker(m) => *used |= bit(&m.path.attrs),
            Item::Rect { class, .. } => *used |= bit(&Attrs::class(class)),
            Item::Path(p) => *used |= bit(&p.attrs),
            Item::Group(g) => {
                *used |= bit(&g.attrs);
                classes_used(&g.items, palette, used);
            }
            Item::Link { items, .. } => classes_used(items, palette, used),
            Item::Circle { .. } | Item::Text(_) | Item::Lines(_) => {}
        }
    }
}

/// Writes items for a screen or for print.
struct Writer<'p> {
    palette: &'p Palette,
    print: bool,
}

impl Writer<'_> {
    fn item(&self, out: &mut String, item: &Item) {
        match item {
            Item::Marker(m) => self.marker(out, m),
            Item::Rect { class, rect } => {
                out.push_str("<rect");
                self.attrs(out, &Attrs::class(class));
                let [x, y, w, h] = rect;
                let _ = write!(out, r#" x="{x}" y="{y}" width="{w}" height="{h}"/>"#);
            }
            Item::Circle { centre, r } => {
                out.push_str(r#"<circle cx=""#);
                push_int(out, centre.0);
                out.push_str(r#"" cy=""#);
                push_int(out, centre.1);
                out.push_str(r#"" r=""#);
                push_num(out, *r);
                out.push_str(r#""/>"#);
            }
            Item::Path(p) => self.path(out, p),
            Item::Group(g) => self.group(out, g),
            Item::Text(t) => text(out, t, "text"),
            Item::Lines(lines) => {
                out.push_str("<text>");
                for t in lines {
                    text(out, t, "tspan");
                }
                out.push_str("</text>");
            }
            Item::Link { href, title, items } => {
                out.push_str(r#"<a href=""#);
                push_attr(out, href);
                out.push_str(r#""><title>"#);
                push_text(out, title);
                out.push_str("</title>");
                for item in items {
                    self.item(out, item);
                }
                out.push_str("</a>");
            }
        }
    }

    fn marker(&self, out: &mut String, m: &Marker) {
        out.push_str(r#"<marker id=""#);
        out.push_str(&m.id);
        out.push_str(r#"" markerWidth=""#);
        push_num(out, m.size.0);
        out.push_str(r#"" markerHeight=""#);
        push_num(out, m.size.1);
        out.push_str(r#"" refX=""#);
        push_num(out, m.refer.0);
        out.push_str(r#"" refY=""#);
        push_num(out, m.refer.1);
        out.push_str(r#"" orient="auto">"#);
        self.path(out, &m.path);
        out.push_str("</marker>");
    }

    fn group(&self, out: &mut String, g: &Group) {
        out.push_str("<g");
        self.attrs(out, &g.attrs);
        out.push('>');
        for item in &g.items {
            self.item(out, item);
        }
        out.push_str("</g>");
    }

    fn path(&self, out: &mut String, p: &Path) {
        out.push_str("<path");
        self.attrs(out, &p.attrs);
        out.push_str(r#" d=""#);
        push_path(out, &p.d);
        out.push_str(r#""/>"#);
    }

    /// The attributes of an element, each with its space before it: the class and its
    /// paint (on a screen), or the paint alone and print's bold stroke.
    fn attrs(&self, out: &mut String, a: &Attrs) {
        if let Some(class) = a.class {
            let paints = style::paints(class, self.palette);
            if !self.print || paints.is_none() {
                let _ = write!(out, r#" class="{class}""#);
            }
            if let Some((_, fill, stroke, bold)) = paints {
                for (name, paint) in [("fill", fill), ("stroke", stroke)] {
                    if let Some(paint) = paint {
                        let _ = write!(out, r#" {name}="{paint}""#);
                    }
                }
                if let (true, true, Some(fill)) = (self.print, bold, fill) {
                    let _ = write!(out, r#" stroke="{fill}" stroke-width=""#);
                    push_num(out, style::BOLD_STROKE);
                    out.push_str(r#"" stroke-linejoin="round""#);
                }
            }
        }
        if let Some(fill) = a.fill {
            let _ = write!(out, r#" fill="{fill}""#);
        }
        if let Some(stroke) = a.stroke {
            let _ = write!(out, r#" stroke="{stroke}""#);
        }
        if a.round_caps {
            out.push_str(r#" stroke-linecap="round""#);
        }
        if let Some(w) = a.stroke_width {
            out.push_str(r#" stroke-width=""#);
            push_num(out, w);
            out.push('"');
        }
        if let Some(size) = a.font_size {
            let _ = write!(out, r#" font-size="{size}""#);
        }
        match a.transform {
            Some(Transform::Scale(s)) => {
                out.push_str(r#" transform="scale("#);
                push_num(out, s);
                out.push_str(r#")""#);
            }
            Some(Transform::Scale2(sx, sy)) => {
                out.push_str(r#" transform="scale("#);
                push_num(out, sx);
                out.push(' ');
                push_num(out, sy);
                out.push_str(r#")""#);
            }
            None => {}
        }
        if let Some(id) = &a.marker_end {
            let _ = write!(out, r#" marker-end="url(#{id})""#);
        }
    }
}

/// `<text x=".." y="..">..</text>` (or a `tspan`).
fn text(out: &mut String, t: &Text, element: &str) {
    out.push('<');
    out.push_str(element);
    out.push_str(r#" x=""#);
    push_int(out, t.at.0);
    out.push_str(r#"" y=""#);
    push_int(out, t.at.1);
    out.push_str(r#"">"#);
    push_text(out, &t.text);
    out.push_str("</");
    out.push_str(element);
    out.push('>');
}

/// A number as the drawings write it: integers as integers, others at their shortest
/// with no leading zero (`.01`, `.9583`).
pub(crate) fn push_num(out: &mut String, n: f64) {
    if n.fract() == 0.0 && n.abs() < 1e9 {
        push_int(out, n as i32);
        return;
    }
    let s = n.to_string();
    match (s.strip_prefix("0."), s.strip_prefix("-0.")) {
        (Some(rest), _) => {
            out.push('.');
            out.push_str(rest);
        }
        (_, Some(rest)) => {
            out.push_str("-.");
            out.push_str(rest);
        }
        _ => out.push_str(&s),
    }
}

/// Path data: absolute commands' numbers apart by a space, relative ones' run together
/// where a minus sign parts them (`l7 7-7 7`).
fn push_path(out: &mut String, d: &[Seg]) {
    let nums = |out: &mut String, rel: bool, ns: &[f64]| {
        for (i, n) in ns.iter().enumerate() {
            if i > 0 && !(rel && *n < 0.0) {
                out.push(' ');
            }
            push_num(out, *n);
        }
    };
    for seg in d {
        let letter = |out: &mut String, rel: bool, upper: char| {
            out.push(if rel {
                upper.to_ascii_lowercase()
            } else {
                upper
            });
        };
        match *seg {
            Seg::Move { rel, to } => {
                letter(out, rel, 'M');
                nums(out, rel, &[to.0, to.1]);
            }
            Seg::Line { rel, to, implicit } => {
                if implicit {
                    if !(rel && to.0 < 0.0) {
                        out.push(' ');
                    }
                } else {
                    letter(out, rel, 'L');
                }
                nums(out, rel, &[to.0, to.1]);
            }
            Seg::Horizontal { rel, x } => {
                letter(out, rel, 'H');
                push_num(out, x);
            }
            Seg::Vertical { rel, y } => {
                letter(out, rel, 'V');
                push_num(out, y);
            }
            Seg::HalfCircle { r, by } => {
                out.push('a');
                nums(out, true, &[r, r, 0.0, 1.0, 0.0, by.0, by.1]);
            }
            Seg::Close { upper } => out.push(if upper { 'Z' } else { 'z' }),
        }
    }
}
