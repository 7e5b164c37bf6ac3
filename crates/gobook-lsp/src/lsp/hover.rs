//! Hover: on a diagram, the diagram itself (its SVG as an image) with its caption and gaps
//! line; on a coordinate, the point and what stands there; on a standard text (`#btp#`),
//! its words in the element's language; on an element or attribute name, the reference's
//! meaning of it (the text `docs/format.md` is made of).

use super::locate::{self, Spot};
use super::workspace::{Analysis, File, Workspace};
use crate::format::reference;
use crate::format::schema::{self, AttrSpec, Host, ValueType};
use crate::format::syntax::Element;
use crate::point::{Color, Point};
use crate::resolve::model::Diagram;
use lsp_types::{Hover, HoverContents, HoverParams, MarkupContent, MarkupKind};

/// The width a diagram is shown at in a hover, in CSS pixels.
const HOVER_WIDTH: u32 = 320;

/// Answers `textDocument/hover`.
pub fn hover(ws: &mut Workspace, p: HoverParams) -> Result<Option<Hover>, String> {
    let pos = p.text_document_position_params;
    let Some((a, f, at)) = ws.at(&pos) else {
        return Ok(None);
    };
    Ok(markdown(a, f, at).map(|value| Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value,
        }),
        range: None,
    }))
}

/// The hover text at byte `at` of file `f` of the book `a`, as Markdown.
pub fn markdown(a: &Analysis, f: &File, at: usize) -> Option<String> {
    let (i, spot) = locate::spot(a.doc(f), at)?;
    let el = &a.doc(f).elements[i];
    // Where the element starts in the checked book.
    let start = a.offset_of(f).map(|o| o + el.span.start);
    let checked_el = start.and_then(|s| a.checked.doc.elements.iter().find(|e| e.span.start == s));
    // An included element is read in the language of its `::include` (`::include_ja`).
    let lang = language(a, checked_el.unwrap_or(el));
    let diagram = || {
        let start = start?;
        a.checked
            .resolved
            .book
            .diagrams
            .iter()
            .find(|d| a.checked.doc.elements.get(d.element).map(|e| e.span.start) == Some(start))
            .map(|d| &**d)
    };
    match spot {
        Spot::Name | Spot::Id => {
            let mut out = element_doc(el);
            if let Some(d) = diagram() {
                out.push_str("\n\n");
                out.push_str(&picture(a, d, &lang));
            }
            Some(out)
        }
        Spot::AttrName(n) => attr_doc(el, n),
        Spot::AttrValue(n) => standard_text(&f.text.text, at, &lang)
            .or_else(|| point_doc(el, n, &f.text.text, at, diagram())),
        Spot::Text => standard_text(&f.text.text, at, &lang),
    }
}

/// The language an element is read in: its own, else the book's first.
fn language(a: &Analysis, el: &Element) -> String {
    el.languages()
        .next()
        .map(String::from)
        .or_else(|| a.checked.resolved.book.languages.first().cloned())
        .unwrap_or_else(|| "en".into())
}

/// What the reference says of the element.
fn element_doc(el: &Element) -> String {
    let name = if schema::is_language(&el.name) || !el.explicit {
        "p"
    } else {
        el.name.as_str()
    };
    match reference::ELEMENTS.iter().find(|e| e.name == name) {
        Some(e) => format!(
            "**::{}** — {}\n\n```gobook\n{}\n```",
            e.name, e.what, e.example
        ),
        None => format!("`::{}` is not an element of the gobook format", el.name),
    }
}

/// The diagram drawn as an SVG image (a `data:` URI), its caption and gaps line under it.
fn picture(a: &Analysis, d: &Diagram, lang: &str) -> String {
    use base64::Engine;
    let book = &a.checked.resolved.book;
    let board = crate::layout::diagram::board_diagram(book, d, lang);
    let caption = crate::layout::diagram::caption_text(book, d, lang);
    let opts = crate::render::svg::SvgOptions {
        standalone: true,
        id_prefix: "hover".into(),
        caption: caption.clone(),
        width: Some(HOVER_WIDTH),
        ..Default::default()
    };
    let svg = crate::render::svg::render(&board, &opts);
    let data = base64::engine::general_purpose::STANDARD.encode(svg);
    let alt = caption.first().map_or("diagram", String::as_str);
    // Brackets would end the image's text early: the caption is shown below anyway.
    let alt: String = alt.chars().filter(|c| !matches!(c, '[' | ']')).collect();
    let mut out = format!("![{alt}](data:image/svg+xml;base64,{data})");
    for line in &caption {
        out.push_str("\n\n");
        out.push_str(&crate::escape::text(line));
    }
    out
}

/// What the reference says of attribute `n` of `el`.
fn attr_doc(el: &Element, n: usize) -> Option<String> {
    let a = &el.attrs[n];
    let base = a.base_name();
    let host = Host::Element(el.kind);
    match schema::attr_spec(host, base) {
        AttrSpec::Label => {
            return Some(format!(
                "**{base}** — a letter drawn on the points listed, such as `{base}=C3D4`"
            ))
        }
        AttrSpec::PointText => return Some(format!("**{base}** — text drawn on the point {base}")),
        _ => {}
    }
    let groups = schema::groups_of(host);
    let doc = reference::ATTRIBUTES
        .iter()
        .find(|d| d.name == base && groups.contains(&d.group))
        .or_else(|| reference::ATTRIBUTES.iter().find(|d| d.name == base))?;
    let mut out = format!("**{}** ({}) — {}", doc.name, doc.group.title(), doc.what);
    if !doc.default.is_empty() {
        out.push_str(&format!("\n\nDefault: `{}`", doc.default));
    }
    out.push_str(&format!("\n\n```gobook\n{}\n```", doc.example));
    Some(out)
}

/// The standard text (`#btp#`) around byte `at`, in `lang`.
fn standard_text(text: &str, at: usize, lang: &str) -> Option<String> {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    let line = &text[line_start..line_end];
    let here = at - line_start;
    // The `#...#` pair around the place: the last `#` before it, the first after.
    let open = line[..here.min(line.len())]
        .rfind('#')
        .or_else(|| line[here..].starts_with('#').then_some(here))?;
    let close = open + 1 + line[open + 1..].find('#')?;
    if close < here {
        return None;
    }
    let code = &line[open + 1..close];
    let words = crate::i18n::standard_text(code, lang)?;
    Some(format!(
        "`#{code}#` — standard text, in {}: **{}**",
        crate::i18n::language_name(lang),
        crate::escape::text(&words)
    ))
}

/// The coordinate at byte `at` in the value of attribute `n` (a point list, moves, a
/// view), and what stands there in the element's diagram.
fn point_doc(el: &Element, n: usize, text: &str, at: usize, d: Option<&Diagram>) -> Option<String> {
    let a = &el.attrs[n];
    let takes_points = match schema::attr_spec(Host::Element(el.kind), a.base_name()) {
        AttrSpec::Known { ty, .. } => matches!(
            ty,
            ValueType::PointList
                | ValueType::Point
                | ValueType::Moves
                | ValueType::View
                | ValueType::PointPairs
                | ValueType::Sequences
        ),
        AttrSpec::Label => true,
        _ => false,
    };
    if !takes_points {
        return None;
    }
    let (s, e) = coordinate_at(text, at)?;
    let p = Point::parse_standard(&text[s..e].to_ascii_uppercase())?;
    let mut out = format!(
        "**{p}**: column {}, row {}",
        p.column_letter(),
        p.row as u32 + 1
    );
    if let Some(d) = d {
        out.push_str(&format!("\n\n{}", what_stands(d, p)));
    }
    Some(out)
}

/// The byte range of a coordinate (`Q16`) around `at`: a column letter and its digits.
fn coordinate_at(text: &str, at: usize) -> Option<(usize, usize)> {
    let b = text.as_bytes();
    let mut s = at.min(b.len());
    // On the letter itself, or in its digits.
    if s < b.len() && b[s].is_ascii_alphabetic() {
        s += 1;
    }
    while s > 0 && b[s - 1].is_ascii_digit() {
        s -= 1;
    }
    if s == 0 || !b[s - 1].is_ascii_alphabetic() {
        return None;
    }
    let start = s - 1;
    let mut end = s;
    while end < b.len() && b[end].is_ascii_digit() {
        end += 1;
    }
    (end > s).then_some((start, end))
}

/// What a diagram shows on point `p`: the move played there, the stone before and after.
fn what_stands(d: &Diagram, p: Point) -> String {
    let colour = |c: Color| if c == Color::Black { "black" } else { "white" };
    let mut lines = Vec::new();
    for m in d.moves.iter().filter(|m| m.point == Some(p)) {
        let n = m.number.map_or(String::new(), |n| format!(" {n}"));
        lines.push(format!("{} plays move{n} here", capital(colour(m.color))));
    }
    let before = d.stones.iter().find(|(q, _)| *q == p).map(|s| s.1);
    let after = d.final_stones.iter().find(|(q, _)| *q == p).map(|s| s.1);
    if let Some(c) = before {
        lines.push(format!(
            "a {} stone stands here before the moves",
            colour(c)
        ));
    }
    lines.push(match after {
        Some(c) => format!("after the moves: a {} stone", colour(c)),
        None => "after the moves: empty".into(),
    });
    lines.join("  \n")
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
