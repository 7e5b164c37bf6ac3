//! Which source element each diagram of the served pages comes from, and the position the
//! board editor opens on: made from the checked book at every good rebuild, looked up by the
//! figure's anchor on the page (its ID, else `e` and the element's number: `layout::plan::anchor`;
//! an inline diagram's pop-over: `layout::links::inline_anchor`). Kept compact (points, no text) and
//! made into the editor's JSON only when it asks: a rebuild of a book with thousands of diagrams
//! pays a copy of their stones, not a string per stone. A `::go` draws nothing on a page: where
//! each stands among its chapter's blocks is kept too ([`GoChapter`]), so that the editor can put
//! its control there.

use crate::check::Checked;
use crate::format::schema::{DiagramKind, ElementKind};
use crate::format::syntax::Span;
use crate::format::values::Move;
use crate::point::{Color, Point};
use crate::resolve::godata::GoData;
use crate::resolve::model::{BlockKind, Diagram, DiagramRole};
use serde::Serialize;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::path::PathBuf;
use std::sync::Arc;

/// The diagrams an editor may change, by anchor.
#[derive(Debug, Default)]
pub struct Targets {
    by_anchor: HashMap<String, Target>,
    /// The chapters that hold an editable `::go`.
    go_chapters: Vec<GoChapter>,
    /// The anchors of those chapters' blocks, to their chapter in `go_chapters`.
    chapter_of: HashMap<String, u32>,
}

/// The `::go` elements of one chapter and the blocks around them: the editor puts each one's
/// control before the first of the blocks after it that the page shows (else after the last
/// before it), since the page shows only its language's.
#[derive(Debug, Serialize)]
pub struct GoChapter {
    /// The anchors of the chapter's blocks that have one on a page (paragraphs, diagrams,
    /// images), in order, of every language.
    pub blocks: Vec<String>,
    /// Its `::go` elements, in order.
    pub go: Vec<GoPlace>,
}

/// One `::go` of a [`GoChapter`].
#[derive(Debug, Serialize)]
pub struct GoPlace {
    /// The anchor the editor opens it by.
    pub anchor: String,
    /// Its ID, when it has one: what its control is labelled with.
    pub id: Option<String>,
    /// Its file and line, for the label of one without an ID.
    #[serde(rename = "where")]
    pub place: String,
    /// How many moves it holds.
    pub moves: usize,
    /// How many of the chapter's blocks come before it.
    pub at: usize,
}

/// Where an inline diagram's `<dia` tag stands in its paragraph.
#[derive(Clone, Copy, Debug)]
pub struct InlineAt {
    /// From the paragraph's first byte: the tag while the paragraph is the text built.
    pub offset: u32,
    /// Its place among the paragraph's inline diagrams (`format::inline::diagrams`): the tag
    /// once the text around it changed.
    pub ordinal: u32,
}

/// A file the editor may write: the book or a gobook file it includes.
#[derive(Debug)]
pub struct EditedFile {
    /// Absolute.
    pub path: PathBuf,
    /// Relative to the book's folder (as the build's inputs list it).
    pub rel: PathBuf,
    /// Its name for messages: `rel` as text.
    pub shown: String,
}

/// Where one diagram's element stands, and what the page drew.
#[derive(Clone, Debug)]
pub struct Target {
    /// Its file.
    pub file: Arc<EditedFile>,
    /// The element's place in that file's text, when it was built.
    pub span: Span,
    /// A hash of the element's text when it was built, to find it again when the text before
    /// it changed since (the save itself compares the whole text the editor sends).
    pub source_hash: u64,
    /// An inline diagram: where its tag stands in the paragraph (the element above).
    pub inline: Option<InlineAt>,
    /// What the page drew.
    drawn: Drawn,
}

#[derive(Clone, Debug)]
struct Drawn {
    kind: &'static str,
    size: u8,
    view: (Point, Point),
    first_number: u32,
    to_play: Color,
    stones: Vec<(Point, Color)>,
    /// Point (None: a pass or tenuki), number (None: a pass), colour.
    moves: Vec<(Option<Point>, Option<u32>, Color)>,
    base: Option<Arc<GoData>>,
    /// The anchor of the base when the editor can open it (a `::go`, a diagram).
    base_anchor: Option<String>,
}

/// What the page drew, in standard coordinates, as the editor's script reads it: the editor
/// works on the author's attributes and shows them over this.
#[derive(Debug, Serialize)]
pub struct Position {
    /// The element's name: fig, dia, var, prb, go (an inline diagram: dia).
    pub kind: &'static str,
    /// Whether it is an inline diagram, a `<dia>` in a paragraph's text.
    pub inline: bool,
    /// Board size.
    pub size: u8,
    /// The view drawn: lower-left and upper-right corners.
    pub view: [String; 2],
    /// The number of the first move.
    pub first_number: u32,
    /// Who plays first: "b" or "w".
    pub to_play: &'static str,
    /// The stones before the sequence, with "b" or "w".
    pub stones: Vec<(String, &'static str)>,
    /// The sequence: a point, `Pass` or `Tenuki`, and a colour.
    pub moves: Vec<(String, &'static str)>,
    /// The Go data the diagram is based on, when it has one: `at` and `to` count its moves.
    pub base: Option<Base>,
    /// The anchor to open the base in the editor with, when it can.
    pub base_anchor: Option<String>,
}

/// A base's position and moves, for setting `at` and `to`.
#[derive(Debug, Serialize)]
pub struct Base {
    /// The stones before its first move.
    pub stones: Vec<(String, &'static str)>,
    /// Who plays its first move.
    pub to_play: &'static str,
    /// The number of its first move (a pass takes none).
    pub first_number: u32,
    /// Its moves: points, `Pass`, `Tenuki`.
    pub moves: Vec<String>,
}

fn stones(s: impl Iterator<Item = (Point, Color)>) -> Vec<(String, &'static str)> {
    s.map(|(p, c)| (p.to_string(), c.letter())).collect()
}

impl Base {
    fn of(g: &GoData) -> Base {
        Base {
            stones: stones(g.start.stones()),
            to_play: g.start.to_play().letter(),
            first_number: g.first_number,
            moves: g
                .moves
                .iter()
                .map(|m| match m {
                    Move::Play(p) => p.to_string(),
                    Move::Pass => "Pass".into(),
                    Move::Tenuki => "Tenuki".into(),
                })
                .collect(),
        }
    }
}

/// The inline diagrams' tags of a paragraph: their attributes and spans.
type InlineTags = Vec<(Vec<crate::format::syntax::Attribute>, Span)>;

/// The hash [`Target::source_hash`] keeps of an element's text.
pub fn text_hash(text: &str) -> u64 {
    let mut h = rustc_hash::FxHasher::default();
    text.hash(&mut h);
    h.finish()
}

impl Target {
    /// The board size.
    pub fn size(&self) -> u8 {
        self.drawn.size
    }

    /// The element's name: fig, dia, var, prb, go (an inline diagram: dia).
    pub fn kind(&self) -> &'static str {
        self.drawn.kind
    }

    /// What the page drew, for the editor.
    pub fn position(&self) -> Position {
        let d = &self.drawn;
        Position {
            kind: d.kind,
            inline: self.inline.is_some(),
            size: d.size,
            view: [d.view.0.to_string(), d.view.1.to_string()],
            first_number: d.first_number,
            to_play: d.to_play.letter(),
            stones: stones(d.stones.iter().copied()),
            moves: d
                .moves
                .iter()
                .map(|&(p, n, c)| {
                    // As `mv` writes it: a point, `Pass` (no number) or `Tenuki` (a number, no stone).
                    let token = match (p, n) {
                        (Some(p), _) => p.to_string(),
                        (None, None) => "Pass".into(),
                        (None, Some(_)) => "Tenuki".into(),
                    };
                    (token, c.letter())
                })
                .collect(),
            base: d.base.as_deref().map(Base::of),
            base_anchor: d.base_anchor.clone(),
        }
    }
}

/// The element name of a diagram kind, as the editor shows it; None for other elements.
fn kind_name(kind: ElementKind) -> Option<&'static str> {
    match kind {
        ElementKind::Diagram(DiagramKind::Fig) => Some("fig"),
        ElementKind::Diagram(DiagramKind::Dia) => Some("dia"),
        ElementKind::Diagram(DiagramKind::Var) => Some("var"),
        ElementKind::Diagram(DiagramKind::Prb) => Some("prb"),
        _ => None,
    }
}

/// What the editor shows of a `::go`: its position and moves, the whole board.
fn go_drawn(g: &GoData, size: u8, base: Option<Arc<GoData>>) -> Drawn {
    let mut colour = g.start.to_play();
    let mut n = g.first_number;
    let moves = g
        .moves
        .iter()
        .map(|m| {
            let (point, number) = match m {
                Move::Play(p) => (Some(*p), Some(n)),
                Move::Tenuki => (None, Some(n)),
                Move::Pass => (None, None),
            };
            if number.is_some() {
                n += 1;
            }
            let c = colour;
            colour = colour.opponent();
            (point, number, c)
        })
        .collect();
    Drawn {
        kind: "go",
        size,
        view: (Point::new(0, 0), Point::new(size - 1, size - 1)),
        first_number: g.first_number,
        to_play: g.start.to_play(),
        stones: g.start.stones().collect(),
        moves,
        base,
        base_anchor: None,
    }
}

fn drawn(kind: &'static str, d: &Diagram, base: Option<Arc<GoData>>) -> Drawn {
    Drawn {
        kind,
        size: d.size,
        view: d.view,
        first_number: d.first_number,
        to_play: d.to_play,
        stones: d.stones.clone(),
        moves: d
            .moves
            .iter()
            .map(|m| (m.point, m.number, m.color))
            .collect(),
        base,
        base_anchor: None,
    }
}

/// Where the checked book's elements stand in the files the editor may write.
struct Places<'a> {
    checked: &'a Checked,
    /// The book's file (None: outside its folder).
    book_file: Option<Arc<EditedFile>>,
    /// Each included file of `checked.included` the editor may write.
    included: Vec<Option<Arc<EditedFile>>>,
}

/// A `::go` made a target: its element, anchor, file's name and number of moves.
type GoTarget = (usize, String, String, usize);

impl Places<'_> {
    /// The file and place of element `i`, and its text's hash.
    fn place(&self, i: usize) -> Option<(Arc<EditedFile>, Span, u64)> {
        let checked = self.checked;
        let el = checked.doc.elements.get(i)?;
        let (file, span) = match checked.included.iter().position(|f| f.holds(el.span.start)) {
            Some(k) => (
                self.included[k].clone()?,
                checked.included[k].local(el.span),
            ),
            None => (self.book_file.clone()?, el.span),
        };
        let source = &checked.src[el.span.start as usize..el.span.end as usize];
        Some((file, span, text_hash(source)))
    }

    /// The Go data linked as base `b` of an element that has no `sgf` of its own (an `sgf`
    /// value is its own base, not the linked one), and its anchor when the editor can open it too.
    fn base_at(&self, b: Option<usize>, own_sgf: bool) -> (Option<Arc<GoData>>, Option<String>) {
        let Some(b) = b.filter(|_| !own_sgf) else {
            return (None, None);
        };
        let elements = &self.checked.doc.elements;
        let data = self.checked.resolved.bases.get(b).cloned().flatten();
        let opens = data.is_some() && elements[b].attr("sgf").is_none();
        let anchor = opens.then(|| crate::layout::plan::anchor(elements[b].id_str(), b));
        (data, anchor)
    }

    /// [`Places::base_at`] of element `i`'s linked base.
    fn base_of(&self, i: usize) -> (Option<Arc<GoData>>, Option<String>) {
        self.base_at(
            self.checked.links.base.get(i).copied().flatten(),
            self.checked.doc.elements[i].attr("sgf").is_some(),
        )
    }

    /// The block diagrams' targets, by their anchors.
    fn block_diagrams(&self, by_anchor: &mut HashMap<String, Target>) {
        let elements = &self.checked.doc.elements;
        for d in &self.checked.resolved.book.diagrams {
            let Some(kind) = elements.get(d.element).and_then(|e| kind_name(e.kind)) else {
                continue;
            };
            let Some((file, span, source_hash)) = self
                .place(d.element)
                .filter(|_| d.role != DiagramRole::Inline)
            else {
                continue;
            };
            let (base, base_anchor) = self.base_of(d.element);
            let anchor = crate::layout::plan::anchor(d.id.as_deref(), d.element);
            let drawn = Drawn {
                base_anchor,
                ..drawn(kind, d, base)
            };
            let inline = None;
            by_anchor.insert(
                anchor,
                Target {
                    file,
                    span,
                    source_hash,
                    inline,
                    drawn,
                },
            );
        }
    }

    /// The inline diagrams' targets, by their pop-overs' anchors, a paragraph at a time (the
    /// resolver makes them in the book's order).
    fn inline_diagrams(&self, by_anchor: &mut HashMap<String, Target>) {
        let checked = self.checked;
        let elements = &checked.doc.elements;
        let mut tags: Vec<(usize, u32)> = checked
            .resolved
            .inline_diagrams
            .iter()
            .map(|(&tag, &d)| (d, tag))
            .collect();
        tags.sort_unstable();
        let mut parsed: Option<(usize, InlineTags)> = None;
        for (di, tag) in tags {
            let Some(d) = checked.resolved.book.diagrams.get(di) else {
                continue;
            };
            let (i, Some(value)) = (
                d.element,
                elements.get(d.element).and_then(|e| e.value.as_ref()),
            ) else {
                continue;
            };
            if parsed.as_ref().is_none_or(|(p, _)| *p != i) {
                parsed = Some((i, crate::format::inline::diagrams(value)));
            }
            let tags_here = parsed.as_ref().map_or(&[][..], |(_, t)| t.as_slice());
            let Some(ordinal) = tags_here.iter().position(|(_, s)| s.start == tag) else {
                continue;
            };
            let Some((file, span, source_hash)) = self.place(i) else {
                continue;
            };
            let attrs = &tags_here[ordinal].0;
            let own = |name: &str| {
                attrs
                    .iter()
                    .find(|a| a.name == name)
                    .map(|a| a.value.as_str())
            };
            let b =
                crate::format::links::inline_dia_base(&checked.doc, &checked.links, i, own("base"));
            let (base, base_anchor) = self.base_at(b, own("sgf").is_some());
            let drawn = Drawn {
                base_anchor,
                ..drawn("dia", d, base)
            };
            let inline = Some(InlineAt {
                offset: tag - elements[i].span.start,
                ordinal: ordinal as u32,
            });
            let anchor = crate::layout::links::inline_anchor(di);
            by_anchor.insert(
                anchor,
                Target {
                    file,
                    span,
                    source_hash,
                    inline,
                    drawn,
                },
            );
        }
    }

    /// The targets of the `::go` elements without an `sgf` file, by their anchors; and each
    /// of them for [`go_chapters`].
    fn go_data(&self, by_anchor: &mut HashMap<String, Target>) -> Vec<GoTarget> {
        let checked = self.checked;
        let elements = &checked.doc.elements;
        let mut go = Vec::new();
        for (i, g) in checked.resolved.bases.iter().enumerate() {
            let Some(g) = g.as_ref().filter(|_| {
                elements[i].kind == ElementKind::Go && elements[i].attr("sgf").is_none()
            }) else {
                continue;
            };
            let Some((file, span, source_hash)) = self.place(i) else {
                continue;
            };
            let (base, base_anchor) = self.base_of(i);
            let drawn = Drawn {
                base_anchor,
                ..go_drawn(g, checked.links.size[i], base)
            };
            let anchor = crate::layout::plan::anchor(elements[i].id_str(), i);
            go.push((i, anchor.clone(), file.shown.clone(), g.moves.len()));
            let inline = None;
            by_anchor.insert(
                anchor,
                Target {
                    file,
                    span,
                    source_hash,
                    inline,
                    drawn,
                },
            );
        }
        go
    }
}

impl Targets {
    /// The targets of every block and inline diagram of `checked` and of every `::go`, the book
    /// being `book` (absolute) and its included gobook files in `checked.included`; those of
    /// standard chapters are left out.
    pub fn of(checked: &Checked, book: &std::path::Path, book_dir: &std::path::Path) -> Targets {
        let file = |path: PathBuf| -> Option<Arc<EditedFile>> {
            // A file outside the book's folder is none the book reads: not editable.
            let rel = path.strip_prefix(book_dir).ok()?.to_path_buf();
            let shown = rel.display().to_string();
            Some(Arc::new(EditedFile { path, rel, shown }))
        };
        let places = Places {
            checked,
            book_file: file(book.to_path_buf()),
            included: checked
                .included
                .iter()
                .map(|f| file(PathBuf::from(&f.name)).filter(|_| !f.name.starts_with("<standard>")))
                .collect(),
        };
        let mut by_anchor = HashMap::new();
        places.block_diagrams(&mut by_anchor);
        places.inline_diagrams(&mut by_anchor);
        let go = places.go_data(&mut by_anchor);
        let (go_chapters, chapter_of) = go_chapters(checked, go);
        Targets {
            by_anchor,
            go_chapters,
            chapter_of,
        }
    }

    /// The chapter of the first of `anchors` (those of a page's blocks) that holds an editable
    /// `::go`: where its `::go` elements stand among its blocks.
    pub fn go_near<'a>(&self, mut anchors: impl Iterator<Item = &'a str>) -> Option<&GoChapter> {
        anchors.find_map(|a| {
            let ch = *self.chapter_of.get(a)?;
            self.go_chapters.get(ch as usize)
        })
    }

    /// Whether any `::go` may be edited: then every page of the book gets the editor.
    pub fn has_go(&self) -> bool {
        !self.go_chapters.is_empty()
    }

    /// The diagram drawn at `anchor`.
    pub fn get(&self, anchor: &str) -> Option<&Target> {
        self.by_anchor.get(anchor)
    }

    /// How many diagrams may be edited.
    pub fn len(&self) -> usize {
        self.by_anchor.len()
    }

    /// Whether none may.
    pub fn is_empty(&self) -> bool {
        self.by_anchor.is_empty()
    }
}

/// The chapters of `checked` that hold the editable `::go` elements `go` (element, anchor, file,
/// moves; in the book's order), each with its blocks' anchors, and those anchors to the chapter.
fn go_chapters(
    checked: &Checked,
    go: Vec<(usize, String, String, usize)>,
) -> (Vec<GoChapter>, HashMap<String, u32>) {
    let chapters = &checked.resolved.book.chapters;
    let elements = &checked.doc.elements;
    let mut lines = Lines::new(checked);
    let mut out: Vec<GoChapter> = Vec::new();
    let mut chapter_of = HashMap::new();
    let mut last = None;
    let mut block_elements: Vec<usize> = Vec::new();
    for (i, anchor, file, moves) in go {
        // The last chapter that starts at or before it (content before the first `::chapter`
        // makes a chapter of its own, starting there).
        let Some(ch) = chapters.partition_point(|c| c.element <= i).checked_sub(1) else {
            continue;
        };
        if last != Some(ch) {
            last = Some(ch);
            // The blocks with an anchor on a page (a buy button and an include have none).
            let anchored = chapters[ch].blocks.iter().filter(|b| {
                matches!(
                    b.kind,
                    BlockKind::Paragraph(_) | BlockKind::Diagram(_) | BlockKind::Image(_)
                )
            });
            block_elements = anchored.clone().map(|b| b.element).collect();
            let blocks: Vec<String> = anchored
                .map(|b| crate::layout::plan::anchor(b.id.as_deref(), b.element))
                .collect();
            for b in &blocks {
                chapter_of.entry(b.clone()).or_insert(out.len() as u32);
            }
            out.push(GoChapter {
                blocks,
                go: Vec::new(),
            });
        }
        // The walk keeps the elements' order: the blocks before it are those of lower index.
        let at = block_elements.partition_point(|&e| e < i);
        let line = lines.line(elements[i].span.start);
        if let Some(c) = out.last_mut() {
            c.go.push(GoPlace {
                anchor,
                id: elements[i].id_str().map(String::from),
                place: format!("{file}:{line}"),
                moves,
                at,
            });
        }
    }
    (out, chapter_of)
}

/// Lines of places in the book's source text, each in its own file (the book's, or the
/// included file that holds it), counted on from the last asked in the same file.
struct Lines<'a> {
    checked: &'a Checked,
    /// Per file (its start in the source): the last place asked and its line.
    last: HashMap<u32, (u32, usize)>,
}

impl<'a> Lines<'a> {
    fn new(checked: &'a Checked) -> Lines<'a> {
        Lines {
            checked,
            last: HashMap::new(),
        }
    }

    /// The 1-based line of byte `at` of the source in its file.
    fn line(&mut self, at: u32) -> usize {
        let start = self
            .checked
            .included
            .iter()
            .find(|f| f.holds(at))
            .map_or(0, |f| f.start);
        let (from, line) = match self.last.get(&start) {
            Some(&(p, l)) if p <= at => (p, l),
            _ => (start, 1),
        };
        let src = &self.checked.src;
        let line = line + src[from as usize..at as usize].matches('\n').count();
        self.last.insert(start, (at, line));
        line
    }
}
