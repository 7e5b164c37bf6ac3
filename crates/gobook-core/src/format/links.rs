//! Which element each element refers to: the base of Go data and diagrams,
//! the diagram a paragraph describes, and the board size that follows from them.
//!
//! Part of the format, not of resolution: it reads only IDs and attributes as
//! written, and validation and the writer need it (coordinates depend on the size).
//! The size an `sgf` attribute sets is read with the SGF reader, the one thing
//! the format takes from [`crate::sgf`].

use crate::diagnostics::{Code, Diagnostics};
use crate::format::schema::{DiagramKind, ElementKind};
use crate::format::syntax::{Attribute, Document, Element, Span};
use crate::format::values;
use crate::point::MAX_SIZE;
use crate::sgf;
use std::collections::HashMap;

/// The board size when nothing sets one.
pub const DEFAULT_SIZE: u8 = 19;

/// The references between the elements of a document, by element index.
#[derive(Debug, Default)]
pub struct Links {
    /// For each element: the chapter (index of its `chapter` element) it belongs to.
    pub chapter: Vec<Option<usize>>,
    /// For Go data and diagrams: the element they are based on.
    pub base: Vec<Option<usize>>,
    /// For Go data and diagrams: the board size; for paragraphs, the size of their diagram.
    pub size: Vec<u8>,
    /// For diagrams with `clone`: the diagram they repeat, chains of clones followed to the
    /// original (never a clone itself); `None` where the reference is an error.
    pub clone: Vec<Option<usize>>,
    /// For paragraphs: the diagram they describe (`ref`).
    pub para_ref: Vec<Option<usize>>,
    /// For paragraphs: what an inline `<dia>` without `base` is based on.
    pub inline_base: Vec<Option<usize>>,
    /// For paragraphs and Go data: the Go data whose game info (`#pb#`) the text shows: the
    /// diagram of `ref`, else the nearest earlier `::go` or diagram (a new game's `::go` after
    /// the last diagram is the game the text is about); Go data shows its own.
    pub info_from: Vec<Option<usize>>,
    ids: HashMap<String, Vec<usize>>,
    /// `::include` elements whose file's IDs are in `ids`, standing for those elements.
    includes: Vec<usize>,
}

impl Links {
    /// Finds the element an ID names as seen from element `from`: first in its
    /// chapter, then anywhere in the book.
    pub fn lookup(&self, id: &str, from: usize) -> Option<usize> {
        let cands = self.ids.get(id)?;
        let ch = self.chapter.get(from).copied().flatten();
        cands
            .iter()
            .copied()
            .find(|&c| self.chapter[c] == ch)
            .or_else(|| cands.first().copied())
    }

    /// Like [`Links::lookup`], but only among elements before `from` (no forward references).
    fn lookup_before(&self, id: &str, from: usize) -> Option<usize> {
        let cands = self.ids.get(id)?;
        let ch = self.chapter.get(from).copied().flatten();
        let earlier = || cands.iter().copied().filter(|&c| c < from);
        earlier()
            .rfind(|&c| self.chapter[c] == ch)
            .or_else(|| earlier().next_back())
    }

    /// Every ID with the elements that have it, sorted by ID: what `lookup` decides by,
    /// for the keys of cached pages.
    pub fn ids(&self) -> Vec<(&str, &[usize])> {
        let mut v: Vec<(&str, &[usize])> = self
            .ids
            .iter()
            .map(|(k, e)| (k.as_str(), e.as_slice()))
            .collect();
        v.sort_unstable();
        v
    }

    /// Every ID of the book, in no order (for suggestions).
    pub fn id_names(&self) -> impl Iterator<Item = &str> {
        self.ids.keys().map(String::as_str)
    }

    /// Whether any element has `id`.
    pub fn id_exists(&self, id: &str) -> bool {
        self.ids.contains_key(id)
    }

    /// Whether element `e` is an `::include` standing for the IDs of its file: a link
    /// to one of those leads to the page that includes it, at that ID.
    pub fn is_include(&self, e: usize) -> bool {
        self.includes.contains(&e)
    }
}

/// The IDs an included file gives its elements, by the `url` that includes it.
pub type IncludedIds = [(String, Vec<String>)];

/// Links every element of `doc`, reporting unknown, forward and ill-typed references
/// and IDs given twice in a chapter.
pub fn link(doc: &Document, diags: &mut Diagnostics) -> Links {
    link_with_included(doc, &[], diags)
}

/// [`link`], knowing the IDs of the files the book includes (read by the caller, which
/// may read files): links to them are valid and lead to the including page.
pub fn link_with_included(
    doc: &Document,
    included: &IncludedIds,
    diags: &mut Diagnostics,
) -> Links {
    let n = doc.elements.len();
    let mut l = Links {
        chapter: vec![None; n],
        base: vec![None; n],
        size: vec![DEFAULT_SIZE; n],
        clone: vec![None; n],
        para_ref: vec![None; n],
        inline_base: vec![None; n],
        info_from: vec![None; n],
        ids: HashMap::new(),
        includes: Vec::new(),
    };
    chapters_and_ids(doc, &mut l, diags);
    // After the book's own: an ID of the book wins over one of an included file.
    included_ids(doc, included, &mut l);

    let mut stamp = vec![usize::MAX; n];
    for i in 0..n {
        l.clone[i] = clone_target(doc, &l, i, &mut stamp, diags);
    }

    let mut last = Last::default();
    for (i, el) in doc.elements.iter().enumerate() {
        if el.kind == ElementKind::Chapter {
            last = Last::default();
        }
        if is_clone(el) {
            link_clone(doc, &mut l, i);
            last.shown = Some(i);
            continue;
        }
        // A misspelt Go element (`::diagram`) is linked as the one meant, so that what follows
        // it starts from its position (see `ElementKind::checked_as`).
        let kind = el.kind.checked_as(&el.name);
        match kind {
            ElementKind::Go | ElementKind::Diagram(_) => {
                link_go(doc, &mut l, i, kind, last, diags);
                if kind == ElementKind::Go {
                    last.go = Some(i);
                } else {
                    last.dia = Some(i);
                    last.shown = Some(i);
                }
            }
            ElementKind::Paragraph(_) => link_paragraph(doc, &mut l, i, last, diags),
            _ => {}
        }
    }
    l
}

/// The last Go element and the last diagram so far in the chapter: what an element
/// without `base` (or a paragraph without `ref`) follows.
#[derive(Clone, Copy, Default)]
struct Last {
    /// The last `::go`.
    go: Option<usize>,
    /// The last diagram (`fig`, `dia`, `var`, `prb`) made: what a `var` starts from.
    dia: Option<usize>,
    /// The last diagram shown, a clone too: what text describes by default (a clone has no
    /// position of its own, so a `var` does not start from it).
    shown: Option<usize>,
}

/// Each element's chapter, and the elements of each ID; an ID given twice in a chapter
/// is an error.
fn chapters_and_ids(doc: &Document, l: &mut Links, diags: &mut Diagnostics) {
    let mut ch = None;
    for (i, el) in doc.elements.iter().enumerate() {
        if el.kind == ElementKind::Chapter {
            ch = Some(i);
        }
        l.chapter[i] = ch;
        if let Some(id) = &el.id {
            let same = l.ids.entry(id.name.clone()).or_default();
            if same.iter().any(|&p| l.chapter[p] == ch && ch.is_some()) {
                diags.error(
                    id.span,
                    Code::DuplicateId,
                    format!("the ID `{}` is used twice in this chapter", id.name),
                );
            }
            same.push(i);
        }
    }
}

/// The IDs of each included file, as elements of its `::include`.
fn included_ids(doc: &Document, included: &IncludedIds, l: &mut Links) {
    for (i, el) in doc.elements.iter().enumerate() {
        if el.kind != ElementKind::Include {
            continue;
        }
        let Some((_, ids)) = el
            .attr("url")
            .and_then(|u| included.iter().find(|(url, _)| *url == u.value))
        else {
            continue;
        };
        for id in ids {
            l.ids.entry(id.clone()).or_default().push(i);
        }
        l.includes.push(i);
    }
}

/// A clone `i`: the board size and game info of the diagram it repeats.
fn link_clone(doc: &Document, l: &mut Links, i: usize) {
    l.size[i] = l.clone[i].map_or(DEFAULT_SIZE, |o| {
        if o < i {
            l.size[o]
        } else {
            own_size(&doc.elements[o]).unwrap_or(DEFAULT_SIZE)
        }
    });
    l.info_from[i] = l.clone[i];
}

/// A Go element or diagram `i` (linked as `kind`): its base (`base`, else the last one
/// before it, none with `sgf`) and its board size.
fn link_go(
    doc: &Document,
    l: &mut Links,
    i: usize,
    kind: ElementKind,
    last: Last,
    diags: &mut Diagnostics,
) {
    let el = &doc.elements[i];
    let default = if kind == ElementKind::Diagram(DiagramKind::Var) {
        last.dia
    } else {
        last.go
    };
    let base = match el.attr("base") {
        Some(a) if a.value == "none" => None,
        // The SGF is the element's base: another one would be ignored.
        Some(a) if el.attr("sgf").is_some() => {
            diags.warning(
                a.name_span,
                Code::SgfAndBase,
                "`sgf` gives the position and moves, so `base` is ignored",
            );
            None
        }
        Some(a) => resolve_base(doc, l, i, &a.value, a.value_span, diags),
        None if el.attr("sgf").is_some() => None,
        None => default,
    };
    l.base[i] = base;
    l.info_from[i] = Some(i);
    l.size[i] = own_size(el).unwrap_or_else(|| base.map(|b| l.size[b]).unwrap_or(DEFAULT_SIZE));
}

/// A paragraph `i`: the diagram it refers to (`ref`, else the last diagram), the base of
/// its inline diagrams, where its game info comes from, and its board size.
fn link_paragraph(doc: &Document, l: &mut Links, i: usize, last: Last, diags: &mut Diagnostics) {
    let el = &doc.elements[i];
    let r = match el.attr("ref") {
        Some(a) if a.value == "none" => None,
        Some(a) => paragraph_ref(doc, l, i, a, diags),
        None => last.shown,
    };
    l.para_ref[i] = r;
    // What the text describes may be a clone, which has no position of its own: its
    // inline diagrams and game info come from the diagram it repeats.
    let at = r.and_then(|r| positioned(doc, l, r, i, last));
    l.inline_base[i] = at.or(last.go);
    l.info_from[i] = if el.attr("ref").is_some() {
        at.or(last.go)
    } else {
        last.shown
            .max(last.go)
            .and_then(|e| positioned(doc, l, e, i, last))
    };
    if let Some(b) = l.inline_base[i] {
        l.size[i] = l.size[b];
    }
}

/// The diagram a paragraph's `ref` names; an error when it names no element or one
/// that is no diagram.
fn paragraph_ref(
    doc: &Document,
    l: &Links,
    i: usize,
    a: &Attribute,
    diags: &mut Diagnostics,
) -> Option<usize> {
    match l.lookup(&a.value, i) {
        Some(t) if matches!(doc.elements[t].kind, ElementKind::Diagram(_)) => Some(t),
        Some(_) => {
            diags.error(
                a.value_span,
                Code::BadReference,
                format!(
                    "`ref={}` must name a diagram (fig, dia, var or prb)",
                    a.value
                ),
            );
            None
        }
        None => {
            unknown_id(l, &a.value, a.value_span, diags);
            None
        }
    }
}

/// Whether `el` has a position of its own, which other elements can start from: Go data or
/// a diagram, but not a clone (its board is copied from the diagram it repeats).
pub fn has_position(el: &Element) -> bool {
    el.kind.is_go_data() && !is_clone(el)
}

/// The element with a position that stands for `e` as seen from element `i`: `e` itself,
/// or for a clone the diagram it repeats, when that comes before `i` (it is made by then),
/// else the last element before `i` with a position.
fn positioned(doc: &Document, l: &Links, e: usize, i: usize, last: Last) -> Option<usize> {
    if !is_clone(&doc.elements[e]) {
        return Some(e);
    }
    l.clone[e].filter(|&o| o < i).or(last.dia.max(last.go))
}

/// The attributes a clone gives itself; any other a diagram takes is the original's business
/// (its board, marks, moves, answers and game info), ignored on a clone with a warning.
pub const CLONE_ATTRIBUTES: &[&str] = &[
    "clone",
    "ca",
    "header",
    "width",
    "align",
    "break",
    "href",
    "showToPlay",
    "showFromTo",
    "showCoords",
];

/// Whether `el` is a diagram that repeats another (`clone=ID`, not `none`).
pub fn is_clone(el: &Element) -> bool {
    matches!(el.kind, ElementKind::Diagram(_))
        && el.attr("clone").is_some_and(|a| a.value != "none")
}

/// The original diagram element `i` repeats, following clones of clones; reports an unknown
/// ID, an element that is no diagram, and a chain that comes back on itself. `stamp` marks
/// the elements this walk has seen (by `i`), so a walk costs its length and no set.
fn clone_target(
    doc: &Document,
    l: &Links,
    i: usize,
    stamp: &mut [usize],
    diags: &mut Diagnostics,
) -> Option<usize> {
    let el = &doc.elements[i];
    if !is_clone(el) {
        return None;
    }
    let a = el.attr("clone")?;
    let Some(first) = l.lookup(&a.value, i) else {
        unknown_id(l, &a.value, a.value_span, diags);
        return None;
    };
    let name = |e: &Element| {
        e.id_str()
            .map_or("this diagram".to_string(), |n| format!("`{n}`"))
    };
    let mut chain = vec![name(el)];
    stamp[i] = i;
    let mut cur = first;
    loop {
        let target = &doc.elements[cur];
        if !matches!(target.kind, ElementKind::Diagram(_)) {
            // A link in the chain other than the first reports this itself.
            if cur == first {
                diags.error(
                    a.value_span,
                    Code::BadReference,
                    format!(
                        "`clone={}` must name a diagram (fig, dia, var or prb)",
                        a.value
                    ),
                );
            }
            return None;
        }
        if stamp[cur] == i {
            let what = if cur == i && chain.len() == 1 {
                format!(
                    "`clone={}` names this diagram itself; name the diagram to repeat{}",
                    a.value,
                    crate::suggest::hint(&a.value, l.id_names().filter(|n| *n != a.value))
                )
            } else {
                chain.push(name(target));
                format!(
                    "the clones go round in a circle ({}): none of them names a diagram to repeat; let one name the original",
                    chain.join(" -> ")
                )
            };
            diags.error(a.value_span, Code::CloneCycle, what);
            return None;
        }
        stamp[cur] = i;
        let Some(next) = target.attr("clone").filter(|_| is_clone(target)) else {
            return Some(cur);
        };
        chain.push(name(target));
        // An unknown ID further on is reported at its own attribute.
        cur = l.lookup(&next.value, cur)?;
    }
}

/// The size an element sets itself: `sz`, else the board of its `sgf`.
fn own_size(el: &Element) -> Option<u8> {
    let sz = el.attr_value("sz").and_then(|s| values::parse_int(s).ok());
    match sz {
        Some(v) => (2..=MAX_SIZE as i64).contains(&v).then_some(v as u8),
        None => sgf_size(el.attr_value("sgf")?),
    }
}

/// The board size an `sgf` value sets, if it reads as SGF with a supported size.
fn sgf_size(value: &str) -> Option<u8> {
    let parsed = sgf::parse(value.as_bytes()).ok()?;
    let size = sgf::main_line(parsed.collection.games.first()?).size;
    (2..=MAX_SIZE).contains(&size).then_some(size)
}

/// The base an element's `base=ID` names, reporting what it cannot be: an unknown ID, an
/// element defined later, one that is no Go data, or a clone (no position of its own).
fn resolve_base(
    doc: &Document,
    l: &Links,
    i: usize,
    id: &str,
    span: Span,
    diags: &mut Diagnostics,
) -> Option<usize> {
    match l.lookup_before(id, i) {
        Some(t) if has_position(&doc.elements[t]) => Some(t),
        Some(t) if is_clone(&doc.elements[t]) => {
            diags.error(
                span,
                Code::BadReference,
                format!("`base={id}` names a clone, which has no position of its own; name the diagram it repeats"),
            );
            None
        }
        Some(_) => {
            diags.error(
                span,
                Code::BadReference,
                format!("`base={id}` must name Go data or a diagram"),
            );
            None
        }
        None if l.id_exists(id) => {
            diags.error(span, Code::ForwardReference, format!("`base={id}` names an element defined later; a base must come before the element that uses it"));
            None
        }
        None => {
            unknown_id(l, id, span, diags);
            None
        }
    }
}

/// The error for an `id` that names no element (`base`, `ref`, `clone`), with the ID it may
/// stand for.
fn unknown_id(l: &Links, id: &str, span: Span, diags: &mut Diagnostics) {
    diags.error(
        span,
        Code::UnknownId,
        format!(
            "no element has the ID `{id}`{}",
            crate::suggest::hint(id, l.id_names())
        ),
    );
}

/// Inline diagrams resolve their base through this, given the paragraph they sit in.
pub fn inline_dia_base(
    doc: &Document,
    l: &Links,
    para: usize,
    base_attr: Option<&str>,
) -> Option<usize> {
    match base_attr {
        Some("none") => None,
        Some(id) => l
            .lookup_before(id, para)
            .filter(|&t| has_position(&doc.elements[t])),
        None => l.inline_base.get(para).copied().flatten(),
    }
}

/// Reports what is wrong with the `base` of an inline `<dia>` in paragraph `para`, as for
/// an element's (an unknown ID, a later element, no Go data, a clone): [`inline_dia_base`]
/// draws such a diagram on an empty board.
pub fn check_inline_base(
    doc: &Document,
    l: &Links,
    para: usize,
    base: &Attribute,
    diags: &mut Diagnostics,
) {
    if base.value != "none" {
        resolve_base(doc, l, para, &base.value, base.value_span, diags);
    }
}
