//! Resolution: from the syntax tree to what the book means (bases, positions,
//! numbering, languages). This stage knows the spec's rules, not its syntax.

pub mod cache;
pub mod caption;
mod clone;
pub(crate) mod diagram;
pub(crate) mod game_info;
pub mod godata;
pub mod model;
mod prefetch;
pub(crate) mod sgf_data;
pub mod text;
pub(crate) mod text_cache;

use crate::diagnostics::{Code, Diagnostics};
use crate::format::inline::{self, Inline};
use crate::format::links::{self, Links};
use crate::format::schema::{self, ElementKind, ParaKind};
use crate::format::syntax::{last_attr, Attribute, Document, Element, LineIndex, Span};
use crate::format::values;
use diagram::{lang_text, Inherited};
use godata::{GoData, Role};
use model::*;
use std::collections::HashMap;
use std::sync::Arc;

/// A resolved book with the lookups later stages need.
#[derive(Debug, Default)]
pub struct Resolved {
    /// The book.
    pub book: Book,
    /// For each element: its diagram in [`Book::diagrams`], if it is one.
    pub diagram_of_element: Vec<Option<usize>>,
    /// Inline diagrams by the source offset of their `<dia` tag.
    pub inline_diagrams: HashMap<u32, usize>,
    /// The game info each Go data element sets itself, for `#pb#` and the like in text.
    pub game_info: HashMap<usize, game_info::OwnGameInfo>,
    /// Resolved texts, kept between builds with the resolution cache (`text::resolve` uses it).
    pub texts: std::sync::Arc<text_cache::TextCache>,
    /// Per element: its Go data where others may start from it (a base: a game, a diagram a
    /// `var` follows) and of every `::go`, for serve's board editor, which sets `at`/`to` from
    /// the base's moves and opens every `::go`.
    /// Shared with the walk and the cache, not copied.
    pub bases: Vec<Option<std::sync::Arc<GoData>>>,
}

/// Spacing attributes that are inherited until the next chapter (`paraSpacing`)
/// or apply to one paragraph.
const SPACING: &[&str] = &[
    "paraSpacing",
    "spaceBefore",
    "spaceAfter",
    "firstIndent",
    "hangingIndent",
    "rightIndent",
    "leftIndent",
    "blockIndent",
];

/// Resolves a linked document.
pub fn resolve(src: &str, doc: &Document, links: &Links, diags: &mut Diagnostics) -> Resolved {
    resolve_with(src, doc, links, diags, &mut cache::ResolveCache::once())
}

/// Resolves a linked document, reusing what `cache` holds from the last resolution.
pub fn resolve_with(
    src: &str,
    doc: &Document,
    links: &Links,
    diags: &mut Diagnostics,
    cache: &mut cache::ResolveCache,
) -> Resolved {
    cache.begin();
    let r = resolve_inner(src, doc, links, diags, cache);
    cache.end();
    r
}

/// [`resolve_with`] between the cache's `begin` and `end`: the book element, then every
/// element in order.
fn resolve_inner(
    src: &str,
    doc: &Document,
    links: &Links,
    diags: &mut Diagnostics,
    cache: &mut cache::ResolveCache,
) -> Resolved {
    let n = doc.elements.len();
    let mut r = Resolved {
        diagram_of_element: vec![None; n],
        texts: cache.texts.clone(),
        ..Resolved::default()
    };
    let book_el = doc.elements.iter().find(|e| e.kind == ElementKind::Book);
    if let Some(b) = book_el {
        book_attributes(&mut r.book, b);
    }
    r.book.languages = book_languages(doc, book_el);
    prefetch::prefetch(
        src,
        doc,
        links,
        cache,
        Inherited {
            full_width: r.book.full_width,
            show_coords: r.book.show_coords,
        },
    );
    // Room for every diagram at once (an inline one per `<dia`, at most): the list is the
    // largest of the book and would otherwise be copied as it doubles.
    r.book.diagrams.reserve_exact(diagrams_at_most(doc));

    let mut walk = Walk {
        src,
        doc,
        links,
        diags,
        cache,
        lines: LineIndex::new(src),
        r,
        data: vec![None; n],
        keys: vec![None; n],
        may_be_base: may_be_base(doc, links),
        style: ParaStyle::Normal,
        para_spacing: None,
        scratch: Diagnostics::default(),
        clones: Vec::new(),
    };
    for (i, el) in doc.elements.iter().enumerate() {
        walk.element(i, el);
    }
    let keeps = walk.cache.keeps();
    let (mut r, lines, clones) = (walk.r, walk.lines, walk.clones);
    // The bases' Go data serves the preview's board editor, whose cache keeps between
    // builds; a single build would hold a tenth of a big book's memory for nothing.
    if keeps {
        r.bases = walk.data;
    }
    if let Some(last) = r.book.chapters.last_mut() {
        last.blocks.shrink_to_fit();
    }
    fill_clones(&mut r, doc, links, &lines, &clones);
    r.book.diagrams.shrink_to_fit();
    r
}

/// The value of the flag attribute `name` of `el`, if it is given and valid.
fn flag(el: &Element, name: &str) -> Option<bool> {
    el.attr_value(name).and_then(|v| values::parse_flag(v).ok())
}

/// The book element's ID, its texts (title, author, ...) and the settings its chapters inherit.
fn book_attributes(book: &mut Book, b: &Element) {
    book.id = b.id_str().unwrap_or_default().to_string();
    for name in [
        "title",
        "subtitle",
        "author",
        "publisher",
        "copyright",
        "cover",
        "shortTitle",
    ] {
        let t = lang_text(&b.attrs, name);
        if t.is_set() {
            book.info.push((name.to_string(), t));
        }
    }
    book.full_width = flag(b, "fullWidth").unwrap_or(false);
    book.show_coords = flag(b, "showCoords").unwrap_or(false);
}

/// Per element, whether others may start from its Go data: bases, elements with an ID (an
/// inline `<dia base=ID>` names one), and every `::go` (serve's board editor opens each one,
/// also one nothing starts from; a pointer each, the data being the cache's).
fn may_be_base(doc: &Document, links: &Links) -> Vec<bool> {
    let mut may_be_base: Vec<bool> = doc
        .elements
        .iter()
        .map(|e| e.id_str().is_some() || e.kind == ElementKind::Go)
        .collect();
    for &b in links.base.iter().chain(&links.inline_base).flatten() {
        if let Some(m) = may_be_base.get_mut(b) {
            *m = true;
        }
    }
    may_be_base
}

/// The most diagrams the book can have: one per diagram element and one per `<dia` in a paragraph.
fn diagrams_at_most(doc: &Document) -> usize {
    doc.elements
        .iter()
        .map(|e| match e.kind {
            ElementKind::Diagram(_) => 1,
            ElementKind::Paragraph(_) => e
                .value
                .as_ref()
                .map_or(0, |v| v.raw.matches("<dia").count()),
            _ => 0,
        })
        .sum()
}

/// One walk over the elements in order: the book resolved so far, and what the elements
/// that follow start from or inherit.
struct Walk<'a> {
    /// The book's text.
    src: &'a str,
    /// Its syntax tree.
    doc: &'a Document,
    /// Its links.
    links: &'a Links,
    /// Where the problems found go.
    diags: &'a mut Diagnostics,
    /// Go data and diagrams of the last resolution, reused when unchanged.
    cache: &'a mut cache::ResolveCache,
    /// Line starts of `src`, for each diagram's line.
    lines: LineIndex,
    /// What is resolved so far.
    r: Resolved,
    /// Per element: its Go data, kept only where `may_be_base` says others may start from
    /// it (a long game's is kept; a diagram's is not).
    data: Vec<Option<std::sync::Arc<GoData>>>,
    /// Per element: the key of its Go data, which elements based on it include in theirs.
    keys: Vec<Option<cache::Key>>,
    /// Per element: whether others may start from its Go data.
    may_be_base: Vec<bool>,
    /// The paragraph style in force (`style` holds until a heading or the next chapter).
    style: ParaStyle,
    /// The `paraSpacing` in force until the next chapter.
    para_spacing: Option<i64>,
    /// Diagnostics of parsing inline markup, which validation has already reported.
    scratch: Diagnostics,
    /// The clones met (element, kind, chapter, what the chapter sets), filled in at the
    /// end, when the diagrams they repeat (later ones too) exist.
    clones: Vec<(usize, schema::DiagramKind, usize, Inherited)>,
}

impl<'a> Walk<'a> {
    /// A clone `i` of kind `k` in chapter `ch`: an empty board in its place for now.
    fn clone(&mut self, i: usize, k: schema::DiagramKind, ch: usize, inh: Inherited) -> BlockKind {
        let diagrams = &mut self.r.book.diagrams;
        self.r.diagram_of_element[i] = Some(diagrams.len());
        diagrams.push(Arc::new(placeholder(k, self.links.size[i], inh)));
        self.clones.push((i, k, ch, inh));
        BlockKind::Diagram(diagrams.len() - 1)
    }

    /// Element `i`: a chapter starts, or the block it makes goes into the current chapter.
    fn element(&mut self, i: usize, el: &'a Element) {
        match el.kind {
            ElementKind::Chapter => {
                self.chapter(i, el);
                return;
            }
            ElementKind::Book | ElementKind::Comment => return,
            // A misspelt Go element is not shown, but its data is made: what follows starts from it.
            ElementKind::Unknown if !el.kind.checked_as(&el.name).is_go_data() => return,
            _ => {}
        }
        let book = &mut self.r.book;
        if book.chapters.is_empty() {
            // Content before the first chapter (a warning in check) still shows, in a chapter of its own.
            book.chapters.push(Chapter {
                id: None,
                element: i,
                langs: Vec::new(),
                full_width: None,
                show_coords: None,
                short_title: Default::default(),
                blocks: Vec::new(),
            });
        }
        let ch = book.chapters.len() - 1;
        let inh = Inherited {
            full_width: book.chapters[ch].full_width.unwrap_or(book.full_width),
            show_coords: book.chapters[ch].show_coords.unwrap_or(book.show_coords),
        };
        let block_kind = match el.kind.checked_as(&el.name) {
            ElementKind::Diagram(k) if links::is_clone(el) => Some(self.clone(i, k, ch, inh)),
            ElementKind::Go | ElementKind::Diagram(_) => self.go_data(i, el, ch, inh),
            ElementKind::Paragraph(pk) => {
                Some(BlockKind::Paragraph(self.paragraph(i, el, pk, ch, inh)))
            }
            ElementKind::Img => {
                let cover = self.r.book.cover(&self.r.book.languages[0]);
                Some(BlockKind::Image(image(&el.attrs, &cover)))
            }
            ElementKind::Buy => Some(BlockKind::Buy {
                sku: el.attr_value("sku").unwrap_or(&self.r.book.id).to_string(),
            }),
            ElementKind::Include => Some(BlockKind::Include {
                url: el.attr_value("url").unwrap_or("").to_string(),
            }),
            _ => None,
        };
        if let Some(kind) = block_kind {
            self.r.book.chapters[ch].blocks.push(Block {
                element: i,
                langs: el.languages().map(String::from).collect(),
                id: el.id_str().map(String::from),
                kind,
            });
        }
    }

    /// A chapter starts: the last one's blocks are complete, and style and spacing start afresh.
    fn chapter(&mut self, i: usize, el: &Element) {
        if let Some(last) = self.r.book.chapters.last_mut() {
            last.blocks.shrink_to_fit();
        }
        self.r.book.chapters.push(Chapter {
            id: el.id_str().map(String::from),
            element: i,
            langs: el.languages().map(String::from).collect(),
            full_width: flag(el, "fullWidth"),
            show_coords: flag(el, "showCoords"),
            short_title: lang_text(&el.attrs, "shortTitle"),
            blocks: Vec::new(),
        });
        self.style = ParaStyle::Normal;
        self.para_spacing = None;
    }

    /// Go data or a diagram (element `i` in chapter `ch`): made from its text and its
    /// base's key, or taken from the cache; a diagram goes into the book, and the data is
    /// kept when others may start from it.
    fn go_data(&mut self, i: usize, el: &Element, ch: usize, inh: Inherited) -> Option<BlockKind> {
        let role = Role::of(el.kind.checked_as(&el.name)).expect("go data");
        let links = self.links;
        let base = links.base[i].and_then(|b| self.data[b].as_deref());
        if let Some(info) = game_info::own(el) {
            self.r.game_info.insert(i, info);
        }
        let text = self
            .src
            .get(el.span.start as usize..el.span.end as usize)
            .unwrap_or("");
        let key = element_key(
            text,
            links.base[i].and_then(|b| self.keys[b].as_ref()),
            links.size[i],
            inh,
        );
        let place = cache::Placement {
            id: el.id_str(),
            chapter: Some(ch),
            element: i,
            line: self.lines.line(el.span.start),
            text: el.value.as_ref(),
        };
        let (key, gd, dia) =
            self.cache
                .get_or_make(key, el.span.start, place, self.diags, |diags| {
                    make_element(el, role, base, links.size[i], inh, diags)
                });
        self.keys[i] = Some(key);
        let r = &mut self.r;
        let kind = if let Some(d) = dia {
            r.diagram_of_element[i] = Some(r.book.diagrams.len());
            r.book.diagrams.push(d);
            Some(BlockKind::Diagram(r.book.diagrams.len() - 1))
        } else {
            None
        };
        if self.may_be_base[i] {
            self.data[i] = Some(gd);
        }
        kind
    }

    /// A paragraph (element `i` of kind `pk` in chapter `ch`): its style, spacing and the
    /// diagram it refers to; its inline diagrams go into the book.
    fn paragraph(
        &mut self,
        i: usize,
        el: &Element,
        pk: ParaKind,
        ch: usize,
        inh: Inherited,
    ) -> Paragraph {
        if let Some(s) = el.attr_value("style") {
            // Validation refuses other values; a build never sees them.
            self.style = ParaStyle::parse(s).unwrap_or(ParaStyle::Normal);
        } else if matches!(pk, ParaKind::H(_) | ParaKind::S(_)) && self.style != ParaStyle::Text {
            self.style = ParaStyle::Normal;
        }
        let spacing = self.spacing(el);
        let reference = self.links.para_ref[i].and_then(|d| self.r.diagram_of_element[d]);
        // Only a `<dia` tag makes an inline diagram: most paragraphs need no parse here.
        if let Some(v) = el.value.as_ref().filter(|v| v.raw.contains("<dia")) {
            let parts = inline::parse(v, &mut self.scratch);
            let mut cx = InlineCx {
                src: self.src,
                doc: self.doc,
                links: self.links,
                para: i,
                data: &self.data,
                keys: &self.keys,
                inh,
                ch,
                lines: &self.lines,
            };
            inline_diagrams(&mut cx, &parts, &mut self.r, self.diags, self.cache);
        }
        let heading = matches!(pk, ParaKind::H(_) | ParaKind::S(_));
        Paragraph {
            kind: pk,
            style: if heading {
                ParaStyle::Normal
            } else {
                self.style
            },
            hint: flag(el, "hint").unwrap_or(false),
            boxed: flag(el, "box").unwrap_or(false),
            keep_with_next: flag(el, "keepWithNext").unwrap_or(heading),
            align: el.attr_value("align").map(String::from),
            brk: el.attr_value("break").map(String::from),
            href: el.attr_value("href").map(String::from),
            reference,
            spacing,
            raw: el.value.clone().unwrap_or(crate::format::syntax::Text {
                raw: String::new(),
                span: el.span,
            }),
        }
    }

    /// A paragraph's spacing attributes, with the `paraSpacing` in force when it sets none
    /// (one it sets holds until the next chapter).
    fn spacing(&mut self, el: &Element) -> Vec<(String, i64)> {
        let mut spacing = Vec::new();
        for name in SPACING {
            if let Some(v) = el.attr_value(name).and_then(|v| values::parse_int(v).ok()) {
                if *name == "paraSpacing" {
                    self.para_spacing = Some(v);
                }
                spacing.push((name.to_string(), v));
            } else if *name == "paraSpacing" {
                if let Some(v) = self.para_spacing {
                    spacing.push((name.to_string(), v));
                }
            }
        }
        spacing
    }
}

/// An empty board standing for a clone until [`fill_clones`] copies its original in; a
/// clone whose reference is an error (reported by the links) stays empty.
fn placeholder(kind: schema::DiagramKind, size: u8, inh: Inherited) -> Diagram {
    let role = Role::of(ElementKind::Diagram(kind)).expect("a diagram is Go data");
    let gd = godata::build(role, &[], None, size, &mut Diagnostics::default());
    diagram::assemble(DiagramRole::Block(kind), &[], &gd, None, inh)
}

/// Copies each clone's original into the clone's place, with what the clone sets itself.
fn fill_clones(
    r: &mut Resolved,
    doc: &Document,
    links: &Links,
    lines: &LineIndex,
    clones: &[(usize, schema::DiagramKind, usize, Inherited)],
) {
    for &(i, kind, ch, inh) in clones {
        let el = &doc.elements[i];
        let (Some(at), Some(o)) = (r.diagram_of_element[i], links.clone[i]) else {
            continue;
        };
        let Some(orig) = r.diagram_of_element[o] else {
            continue;
        };
        let mut d = clone::repeat(&r.book.diagrams[orig], &doc.elements[o], el, kind, inh);
        d.id = el.id_str().map(String::from);
        d.chapter = Some(ch);
        d.element = i;
        d.line = lines.line(el.span.start);
        r.book.diagrams[at] = Arc::new(d);
    }
}

/// Builds an image from `url`, `scale`, `ca`, `border`, ... (block or inline); without
/// `url` it shows `cover`, the book's cover, as the spec says.
pub fn image(attrs: &[Attribute], cover: &str) -> Image {
    let get = |n: &str| {
        attrs
            .iter()
            .rev()
            .find(|a| a.name == n)
            .map(|a| a.value.as_str())
    };
    let url = get("url").unwrap_or(cover).to_string();
    let jpg = {
        let u = url.to_ascii_lowercase();
        u.ends_with(".jpg") || u.ends_with(".jpeg")
    };
    let flag = |n: &str, d: bool| get(n).and_then(|v| values::parse_flag(v).ok()).unwrap_or(d);
    Image {
        scale: get("scale")
            .and_then(|v| values::parse_float(v).ok())
            .map(model::Real),
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

/// The book's languages: its own tags; else English, the spec's default, followed by
/// the languages its elements use. The first is the book's own: untagged text is in it.
fn book_languages(doc: &Document, book: Option<&Element>) -> Vec<String> {
    let mut langs: Vec<String> = book
        .map(|b| {
            b.langs
                .iter()
                .filter(|l| schema::is_language(l) && *l != "ui")
                .cloned()
                .collect()
        })
        .unwrap_or_default();
    if langs.is_empty() {
        langs.push("en".into());
        for el in &doc.elements {
            for l in el.languages() {
                if schema::is_language(l) && l != "ui" && !langs.iter().any(|x| x == l) {
                    langs.push(l.to_string());
                }
            }
        }
    }
    langs
}

/// What inline diagrams of one paragraph need to know.
struct InlineCx<'a> {
    src: &'a str,
    doc: &'a Document,
    links: &'a Links,
    para: usize,
    data: &'a [Option<std::sync::Arc<GoData>>],
    keys: &'a [Option<cache::Key>],
    inh: Inherited,
    ch: usize,
    lines: &'a LineIndex,
}

fn inline_diagrams(
    cx: &mut InlineCx,
    parts: &[Inline],
    r: &mut Resolved,
    diags: &mut Diagnostics,
    cache: &mut cache::ResolveCache,
) {
    for part in parts {
        let Inline::Dia {
            attrs,
            content,
            span,
        } = part
        else {
            // The diagrams in a styled run are the paragraph's too.
            if let Inline::Style { content, .. } = part {
                inline_diagrams(cx, content, r, diags, cache);
            }
            continue;
        };
        let base_idx = links::inline_dia_base(
            cx.doc,
            cx.links,
            cx.para,
            attrs
                .iter()
                .find(|a| a.name == "base")
                .map(|a| a.value.as_str()),
        );
        let base = base_idx.and_then(|b| cx.data[b].as_deref());
        let size = inline_size(attrs, base);
        let key = inline_key(
            cx.src,
            attrs,
            *span,
            base_idx.and_then(|b| cx.keys[b].as_ref()),
            size,
            cx.inh,
        );
        let place = cache::Placement {
            id: None,
            chapter: Some(cx.ch),
            element: cx.para,
            line: cx.lines.line(span.start),
            text: None,
        };
        let (_, _, d) = cache.get_or_make(key, span.start, place, diags, |diags| {
            make_inline(attrs, base, size, cx.inh, *span, diags)
        });
        if let Some(d) = d {
            r.inline_diagrams.insert(span.start, r.book.diagrams.len());
            r.book.diagrams.push(d);
        }
        inline_diagrams(cx, content, r, diags, cache);
    }
}

/// The Go data of a Go element, and its diagram if it is one.
fn make_element(
    el: &Element,
    role: Role,
    base: Option<&GoData>,
    size: u8,
    inh: Inherited,
    diags: &mut Diagnostics,
) -> (GoData, Option<Diagram>) {
    let gd = godata::build(role, &el.attrs, base, size, diags);
    let dia = match el.kind {
        ElementKind::Diagram(k) => Some(diagram::assemble(
            DiagramRole::Block(k),
            &el.attrs,
            &gd,
            base,
            inh,
        )),
        _ => None,
    };
    if let (Some(d), Some(b)) = (&dia, base) {
        mark_before_move(&el.attrs, d, b, diags);
    }
    if let Some(d) = &dia {
        let name = el.span.start as usize..el.span.start as usize + 2 + el.name.len();
        diagram::check(&el.attrs, &gd, d, Span::new(name.start, name.end), diags);
    }
    (gd, dia)
}

/// A mark on an empty point that the base's next move fills: `at=N` shows the position
/// *before* move N, so `at=51 tr=Q16` with move 51 at Q16 puts the triangle beside no
/// stone; the author almost always meant the stone of move 51, which `at=52` shows. Not
/// when other empty points are marked too: then marking empty points is meant.
fn mark_before_move(attrs: &[Attribute], d: &Diagram, base: &GoData, diags: &mut Diagnostics) {
    let Some(at) = attrs
        .iter()
        .rev()
        .find(|a| a.name == "at")
        .and_then(|a| values::parse_int(&a.value).ok())
        .and_then(|v| u32::try_from(v).ok())
    else {
        return;
    };
    if !d.moves.is_empty() || at >= base.end_number() {
        return;
    }
    let Some(values::Move::Play(next)) = base
        .range(at, at)
        .into_iter()
        .find(|m| *m != values::Move::Pass)
    else {
        return;
    };
    let Some((_, mark)) = d.marks.iter().find(|(p, _)| *p == next) else {
        return;
    };
    if d.final_stones.iter().any(|(p, _)| *p == next) {
        return;
    }
    // Marks on other empty points too: the diagram marks empty points on purpose (an
    // area, the points an SGF node marked), and the one the next move fills is among them.
    let empty = |p: &crate::point::Point| !d.final_stones.iter().any(|(q, _)| q == p);
    if d.marks.iter().any(|(p, _)| *p != next && empty(p)) {
        return;
    }
    let attr_name = match mark {
        crate::point::Mark::Triangle => "tr",
        crate::point::Mark::Square => "sq",
        crate::point::Mark::Circle => "cr",
        crate::point::Mark::Cross => "ma",
        crate::point::Mark::Diamond => "rg",
    };
    let Some(a) = last_attr(attrs, attr_name) else {
        return;
    };
    diags.warning(
        a.value_span,
        Code::MarkBeforeMove,
        format!(
            "the {} at {next} marks an empty point: `at={at}` shows the position before move {at}, \
             which is played there; to mark the stone of move {at}, write `at={}`",
            mark.name(),
            at + 1
        ),
    );
}

/// The Go data and diagram of an inline diagram.
fn make_inline(
    attrs: &[Attribute],
    base: Option<&GoData>,
    size: u8,
    inh: Inherited,
    tag: Span,
    diags: &mut Diagnostics,
) -> (GoData, Option<Diagram>) {
    let gd = godata::build(Role::Inline, attrs, base, size, diags);
    let d = diagram::assemble(DiagramRole::Inline, attrs, &gd, base, inh);
    // `<dia`: where a warning about the view it inherits points.
    let open = Span::new(tag.start as usize, tag.start as usize + 4);
    diagram::check(attrs, &gd, &d, open, diags);
    (gd, Some(d))
}

/// The cache key of a Go element: its text, its base's key, and what it inherits.
fn element_key(text: &str, base_key: Option<&cache::Key>, size: u8, inh: Inherited) -> cache::Key {
    cache::Key::new(false, text, base_key, size, inh.full_width, inh.show_coords)
}

/// The board size of an inline diagram: its `sz`, else its base's.
fn inline_size(attrs: &[Attribute], base: Option<&GoData>) -> u8 {
    attrs
        .iter()
        .find(|a| a.name == "sz")
        .and_then(|a| values::parse_int(&a.value).ok())
        .filter(|v| (2..=25).contains(v))
        .map(|v| v as u8)
        .or(base.map(|b| b.start.size()))
        .unwrap_or(links::DEFAULT_SIZE)
}

/// The cache key of an inline diagram: the tag itself, without the text it wraps, decides it.
fn inline_key(
    src: &str,
    attrs: &[Attribute],
    span: crate::format::syntax::Span,
    base_key: Option<&cache::Key>,
    size: u8,
    inh: Inherited,
) -> cache::Key {
    let tag_end = attrs.last().map(|a| a.value_span.end).unwrap_or(span.start);
    let tag = src.get(span.start as usize..tag_end as usize).unwrap_or("");
    cache::Key::new(true, tag, base_key, size, inh.full_width, inh.show_coords)
}

/// Whether an element tagged with `langs` shows in `lang` (`ui` shows everywhere).
pub fn shows_in(langs: &[String], lang: &str) -> bool {
    langs.is_empty() || langs.iter().any(|l| l == lang || l == "ui")
}
