//! Writes a [`Document`] back as gobook text following the spec's writing
//! conventions, and `format`, which is what `gobook fmt` does to a file.

use crate::diagnostics::{Diagnostic, Diagnostics, Severity};
use crate::format::inline::{self, Inline};
use crate::format::links::{self, Links};
use crate::format::schema::{self, AttrSpec, ElementKind, Host, ValueType};
use crate::format::syntax::{Attribute, Document, Element, Span};
use crate::format::values;

/// Writes the document with the spec's spacing: one empty line before each
/// element, two before headings and includes, three before chapters.
pub fn write(doc: &Document) -> String {
    let mut out = String::with_capacity(
        doc.elements
            .iter()
            .map(|e| e.span.end - e.span.start + 8)
            .sum::<u32>() as usize,
    );
    if doc.bom {
        out.push('\u{feff}');
    }
    for (i, el) in doc.elements.iter().enumerate() {
        if i > 0 {
            let blank = match el.kind {
                ElementKind::Chapter => 3,
                ElementKind::Include => 2,
                k if k.is_heading() => 2,
                _ => 1,
            };
            for _ in 0..=blank {
                out.push('\n');
            }
        }
        write_element(&mut out, el);
    }
    if !doc.elements.is_empty() {
        out.push('\n');
    }
    if doc.crlf {
        out.replace('\n', "\r\n")
    } else {
        out
    }
}

fn write_element(out: &mut String, el: &Element) {
    if !el.explicit {
        push_text(out, el.value_str());
        return;
    }
    out.push_str("::");
    out.push_str(&el.name);
    for l in &el.langs {
        out.push('_');
        out.push_str(l);
    }
    if let Some(id) = &el.id {
        out.push_str("(#");
        out.push_str(&id.name);
        out.push(')');
    }
    let own_line = |a: &Attribute| {
        el.kind == ElementKind::Book
            || (el.kind.is_go_data() && schema::is_game_info(a.base_name()))
    };
    for a in &el.attrs {
        out.push(if a.on_new_line || own_line(a) {
            '\n'
        } else {
            ' '
        });
        write_attr(out, a);
    }
    if let Some(v) = &el.value {
        // The reader skips the spaces before a value but only one tab: a value that
        // begins with a space (it followed a tab) keeps it only behind a tab.
        out.push(if el.value_on_new_line {
            '\n'
        } else if v.raw.starts_with(' ') {
            '\t'
        } else {
            ' '
        });
        push_text(out, &v.raw);
    }
}

/// Writes `name=value`, quoting when the spec's conventions or the value need it.
pub fn write_attr(out: &mut String, a: &Attribute) {
    out.push_str(&a.name);
    out.push('=');
    let needs = a.value.is_empty() && a.quoted
        || a.value.starts_with('"')
        || a.value.contains([' ', '\t', '\n', '\r']);
    if a.quoted || needs || schema::always_quoted(a.base_name()) {
        out.push('"');
        for c in a.value.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\t' => out.push_str("\\t"),
                '\r' => {}
                c => out.push(c),
            }
        }
        out.push('"');
    } else {
        out.push_str(&a.value);
    }
}

fn push_text(out: &mut String, raw: &str) {
    // Line endings are written as LF here and converted once for CRLF files.
    // Stray carriage returns before a line end go too: dropping only one of
    // `\r\r\n` per run would change the file again at every `fmt`.
    if raw.contains('\r') {
        // Text always ends at a line end, so its last line is trimmed as well.
        for (i, line) in raw.split('\n').enumerate() {
            if i > 0 {
                out.push('\n');
            }
            out.push_str(line.trim_end_matches('\r'));
        }
    } else {
        out.push_str(raw);
    }
}

/// What `gobook fmt` produced: the text, or the syntax errors that stop it.
pub enum Formatted {
    /// The formatted text.
    Text(String),
    /// The file has syntax errors; formatting it could lose text.
    SyntaxErrors(Vec<Diagnostic>),
}

/// Formats gobook source: parse, normalize (standard uppercase coordinates, `pl`
/// on Go data that sets a position), and write with the conventions.
pub fn format(src: &str, bom: bool) -> Formatted {
    let parsed = crate::format::parse(src);
    let errors: Vec<_> = parsed
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .cloned()
        .collect();
    if !errors.is_empty() {
        return Formatted::SyntaxErrors(errors);
    }
    let mut doc = parsed.doc;
    doc.bom = bom;
    normalize(&mut doc);
    Formatted::Text(write(&doc))
}

/// Applies the writing conventions that change values: standard uppercase
/// coordinates, and `pl` written on Go data that sets up its own position.
pub fn normalize(doc: &mut Document) {
    let mut scratch = Diagnostics::default();
    let links = links::link(doc, &mut scratch);
    let snapshot = doc.clone();
    for (i, el) in doc.elements.iter_mut().enumerate() {
        let size = links.size[i];
        for a in &mut el.attrs {
            if let Some(v) = normalized_value(Host::Element(el.kind), a, size) {
                a.value = v;
            }
        }
        if el.kind.is_go_data()
            && links.base[i].is_none()
            && el.attr("pl").is_none()
            && el.attr("sgf").is_none()
            && (el.attr("ab").is_some() || el.attr("aw").is_some())
        {
            let after = el
                .attrs
                .iter()
                .rposition(|a| a.name == "ab" || a.name == "aw")
                .map_or(0, |p| p + 1);
            el.attrs.insert(
                after,
                Attribute {
                    name: "pl".into(),
                    value: "b".into(),
                    quoted: false,
                    on_new_line: false,
                    name_span: Span::default(),
                    value_span: Span::default(),
                },
            );
        }
        if let Some(text) = &mut el.value {
            if matches!(
                el.kind,
                ElementKind::Comment | ElementKind::Unknown | ElementKind::Go
            ) {
                continue;
            }
            let parts = inline::parse(text, &mut scratch);
            let mut edits = Vec::new();
            inline_edits(&snapshot, &links, i, &parts, &mut edits);
            if !edits.is_empty() {
                text.raw = apply_edits(&text.raw, text.span.start, &edits);
            }
        }
    }
}

fn normalized_value(host: Host, a: &Attribute, size: u8) -> Option<String> {
    let ty = match schema::attr_spec(host, a.base_name()) {
        AttrSpec::Label => ValueType::PointList,
        AttrSpec::Known { ty, .. } => ty,
        _ => return None,
    };
    let v = &a.value;
    let new = match ty {
        ValueType::Point | ValueType::PointList | ValueType::PointPairs | ValueType::View => {
            values::normalize_points(v, size, false)
        }
        ValueType::Moves => values::normalize_points(v, size, true),
        ValueType::Sequences => values::normalize_sequences(v, size),
        _ => None,
    }?;
    (new != *v).then_some(new)
}

fn inline_edits(
    doc: &Document,
    links: &Links,
    para: usize,
    parts: &[Inline],
    edits: &mut Vec<(Span, String)>,
) {
    for part in parts {
        if let Inline::Dia { attrs, content, .. } = part {
            let base = links::inline_dia_base(
                doc,
                links,
                para,
                attrs
                    .iter()
                    .find(|a| a.name == "base")
                    .map(|a| a.value.as_str()),
            );
            let size = base.map(|b| links.size[b]).unwrap_or(links::DEFAULT_SIZE);
            for a in attrs {
                let raw_len = (a.value_span.end - a.value_span.start) as usize;
                // Only values written without escapes map back to their source text one to one.
                if raw_len != a.value.len() {
                    continue;
                }
                if let Some(v) = normalized_value(Host::InlineDia, a, size) {
                    edits.push((a.value_span, v));
                }
            }
            inline_edits(doc, links, para, content, edits);
        } else if let Inline::Style { content, .. } = part {
            inline_edits(doc, links, para, content, edits);
        }
    }
}

fn apply_edits(raw: &str, base: u32, edits: &[(Span, String)]) -> String {
    let mut sorted: Vec<&(Span, String)> = edits.iter().collect();
    sorted.sort_by_key(|(s, _)| s.start);
    let mut out = String::with_capacity(raw.len());
    let mut last = 0usize;
    for (span, new) in sorted {
        let (a, b) = ((span.start - base) as usize, (span.end - base) as usize);
        if a < last || b > raw.len() {
            continue;
        }
        out.push_str(&raw[last..a]);
        out.push_str(new);
        last = b;
    }
    out.push_str(&raw[last..]);
    out
}
