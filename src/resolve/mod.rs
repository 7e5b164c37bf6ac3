//! Resolution: from the syntax tree to what the book means (bases, positions,
//! numbering, languages). This stage knows the spec's rules, not its syntax.

pub mod caption;
pub mod diagram;
pub mod godata;
pub mod links;
pub mod model;
pub mod sgf_data;
pub mod text;

use crate::diagnostics::Diagnostics;
use crate::format::inline::{self, Inline};
use crate::format::schema::{self, ElementKind, ParaKind};
use crate::format::syntax::{Attribute, Document, Element, LineIndex};
use crate::format::values;
use diagram::{lang_text, Inherited};
use godata::{GoData, Role};
use links::Links;
use model::*;
use std::collections::HashMap;

/// A resolved book with the lookups later stages need.
#[derive(Debug, Default)]
pub struct Resolved {
    /// The book.
    pub book: Book,
    /// For each element: its diagram in [`Book::diagrams`], if it is one.
    pub diagram_of_element: Vec<Option<usize>>,
    /// Inline diagrams by the source offset of their `<dia` tag.
    pub inline_diagrams: HashMap<u32, usize>,
}

/// Spacing attributes that are inherited until the next chapter (`paraSpacing`)
/// or apply to one paragraph.
const SPACING: &[&str] = &["paraSpacing", "spaceBefore", "spaceAfter", "firstIndent", "hangingIndent", "rightIndent", "leftIndent", "blockIndent"];

/// Resolves a linked document.
pub fn resolve(src: &str, doc: &Document, links: &Links, diags: &mut Diagnostics) -> Resolved {
    let n = doc.elements.len();
    let lines = LineIndex::new(src);
    let mut r = Resolved { diagram_of_element: vec![None; n], ..Resolved::default() };
    let mut data: Vec<Option<GoData>> = vec![None; n];
    let book_el = doc.elements.iter().find(|e| e.kind == ElementKind::Book);
    let flag = |el: Option<&Element>, name: &str| el.and_then(|e| e.attr_value(name)).and_then(|v| values::parse_flag(v).ok());
    if let Some(b) = book_el {
        r.book.id = b.id_str().unwrap_or_default().to_string();
        for name in ["title", "subtitle", "author", "publisher", "copyright", "cover"] {
            let t = lang_text(&b.attrs, name);
            if t.is_set() {
                r.book.info.push((name.to_string(), t));
            }
        }
        r.book.full_width = flag(Some(b), "fullWidth").unwrap_or(false);
        r.book.show_coords = flag(Some(b), "showCoords").unwrap_or(false);
    }
    r.book.languages = book_languages(doc, book_el);

    let mut style = "normal".to_string();
    let mut para_spacing: Option<i64> = None;
    let mut scratch = Diagnostics::default();
    for (i, el) in doc.elements.iter().enumerate() {
        match el.kind {
            ElementKind::Chapter => {
                r.book.chapters.push(Chapter {
                    id: el.id_str().map(String::from),
                    element: i,
                    langs: el.languages().map(String::from).collect(),
                    full_width: flag(Some(el), "fullWidth"),
                    show_coords: flag(Some(el), "showCoords"),
                    blocks: Vec::new(),
                });
                style = "normal".into();
                para_spacing = None;
                continue;
            }
            ElementKind::Book | ElementKind::Comment | ElementKind::Unknown => continue,
            _ => {}
        }
        if r.book.chapters.is_empty() {
            // Content before the first chapter (a warning in check) still shows, in a chapter of its own.
            r.book.chapters.push(Chapter { id: None, element: i, langs: Vec::new(), full_width: None, show_coords: None, blocks: Vec::new() });
        }
        let ch = r.book.chapters.len() - 1;
        let inh = Inherited {
            full_width: r.book.chapters[ch].full_width.unwrap_or(r.book.full_width),
            show_coords: r.book.chapters[ch].show_coords.unwrap_or(r.book.show_coords),
        };
        let block_kind = match el.kind {
            ElementKind::Go | ElementKind::Diagram(_) => {
                let role = Role::of(el.kind).expect("go data");
                let base = links.base[i].and_then(|b| data[b].as_ref());
                let gd = godata::build(role, &el.attrs, base, links.size[i], diags);
                let kind = if let ElementKind::Diagram(k) = el.kind {
                    let mut d = diagram::assemble(DiagramRole::Block(k), &el.attrs, &gd, base, inh);
                    d.id = el.id_str().map(String::from);
                    d.chapter = Some(ch);
                    d.element = i;
                    d.line = lines.line_col(src, el.span.start).0;
                    d.text = el.value.clone();
                    r.diagram_of_element[i] = Some(r.book.diagrams.len());
                    r.book.diagrams.push(d);
                    Some(BlockKind::Diagram(r.book.diagrams.len() - 1))
                } else {
                    None
                };
                data[i] = Some(gd);
                kind
            }
            ElementKind::Paragraph(pk) => {
                if let Some(s) = el.attr_value("style") {
                    style = s.to_string();
                } else if matches!(pk, ParaKind::H(_) | ParaKind::S(_)) && style != "text" {
                    style = "normal".into();
                }
                let mut spacing = Vec::new();
                for name in SPACING {
                    if let Some(v) = el.attr_value(name).and_then(|v| values::parse_int(v).ok()) {
                        if *name == "paraSpacing" {
                            para_spacing = Some(v);
                        }
                        spacing.push((name.to_string(), v));
                    } else if *name == "paraSpacing" {
                        if let Some(v) = para_spacing {
                            spacing.push((name.to_string(), v));
                        }
                    }
                }
                let reference = links.para_ref[i].and_then(|d| r.diagram_of_element[d]);
                if let Some(v) = &el.value {
                    let parts = inline::parse(src, v, &mut scratch);
                    inline_diagrams(src, doc, links, i, &parts, &data, inh, ch, &lines, &mut r, diags);
                }
                let heading = matches!(pk, ParaKind::H(_) | ParaKind::S(_));
                Some(BlockKind::Paragraph(Paragraph {
                    kind: pk,
                    style: if heading { "normal".into() } else { style.clone() },
                    hint: flag(Some(el), "hint").unwrap_or(false),
                    boxed: flag(Some(el), "box").unwrap_or(false),
                    keep_with_next: flag(Some(el), "keepWithNext").unwrap_or(heading),
                    align: el.attr_value("align").map(String::from),
                    brk: el.attr_value("break").map(String::from),
                    href: el.attr_value("href").map(String::from),
                    reference,
                    spacing,
                    raw: el.value.clone().unwrap_or(crate::format::syntax::Text { raw: String::new(), span: el.span }),
                }))
            }
            ElementKind::Img => Some(BlockKind::Image(image(&el.attrs))),
            ElementKind::Buy => Some(BlockKind::Buy { sku: el.attr_value("sku").unwrap_or(&r.book.id).to_string() }),
            ElementKind::Include => Some(BlockKind::Include { url: el.attr_value("url").unwrap_or("").to_string() }),
            _ => None,
        };
        if let Some(kind) = block_kind {
            r.book.chapters[ch].blocks.push(Block {
                element: i,
                langs: el.languages().map(String::from).collect(),
                id: el.id_str().map(String::from),
                kind,
            });
        }
    }
    r
}

/// Builds an image from `url`, `scale`, `ca`, `border`, ... (block or inline).
pub fn image(attrs: &[Attribute]) -> Image {
    let get = |n: &str| attrs.iter().rev().find(|a| a.name == n).map(|a| a.value.as_str());
    let url = get("url").unwrap_or("").to_string();
    let jpg = {
        let u = url.to_ascii_lowercase();
        u.ends_with(".jpg") || u.ends_with(".jpeg")
    };
    let flag = |n: &str, d: bool| get(n).and_then(|v| values::parse_flag(v).ok()).unwrap_or(d);
    Image {
        scale: get("scale").and_then(|v| values::parse_float(v).ok()),
        caption: lang_text(attrs, "ca"),
        border: flag("border", jpg),
        shadow: flag("shadow", jpg),
        fill: flag("fill", false),
        width: get("width").map(String::from),
        align: get("align").map(String::from),
        href: get("href").map(String::from),
        url,
    }
}

/// The book's languages: its own tags, else those its elements use, else English.
fn book_languages(doc: &Document, book: Option<&Element>) -> Vec<String> {
    let mut langs: Vec<String> = book.map(|b| b.langs.iter().filter(|l| schema::is_language(l) && *l != "ui").cloned().collect()).unwrap_or_default();
    if langs.is_empty() {
        for el in &doc.elements {
            for l in el.languages() {
                if schema::is_language(l) && l != "ui" && !langs.iter().any(|x| x == l) {
                    langs.push(l.to_string());
                }
            }
        }
    }
    if langs.is_empty() {
        langs.push("en".into());
    }
    langs
}

#[allow(clippy::too_many_arguments)]
fn inline_diagrams(
    src: &str,
    doc: &Document,
    links: &Links,
    para: usize,
    parts: &[Inline],
    data: &[Option<GoData>],
    inh: Inherited,
    ch: usize,
    lines: &LineIndex,
    r: &mut Resolved,
    diags: &mut Diagnostics,
) {
    for part in parts {
        let Inline::Dia { attrs, content, span } = part else { continue };
        let base_idx = links::inline_dia_base(doc, links, para, attrs.iter().find(|a| a.name == "base").map(|a| a.value.as_str()));
        let base = base_idx.and_then(|b| data[b].as_ref());
        let size = attrs
            .iter()
            .find(|a| a.name == "sz")
            .and_then(|a| values::parse_int(&a.value).ok())
            .filter(|v| (2..=25).contains(v))
            .map(|v| v as u8)
            .or(base.map(|b| b.start.size()))
            .unwrap_or(links::DEFAULT_SIZE);
        let gd = godata::build(Role::Inline, attrs, base, size, diags);
        let mut d = diagram::assemble(DiagramRole::Inline, attrs, &gd, base, inh);
        d.chapter = Some(ch);
        d.element = para;
        d.line = lines.line_col(src, span.start).0;
        r.inline_diagrams.insert(span.start, r.book.diagrams.len());
        r.book.diagrams.push(d);
        inline_diagrams(src, doc, links, para, content, data, inh, ch, lines, r, diags);
    }
}

/// Whether an element tagged with `langs` shows in `lang` (`ui` shows everywhere).
pub fn shows_in(langs: &[String], lang: &str) -> bool {
    langs.is_empty() || langs.iter().any(|l| l == lang || l == "ui")
}
