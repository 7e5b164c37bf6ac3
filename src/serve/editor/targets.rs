//! Which source element each diagram of the served pages comes from, and the position the
//! board editor opens on: made from the checked book at every good rebuild, looked up by the
//! figure's anchor on the page (its ID, else `e` and the element's number: `layout::plan::anchor`).
//! Kept compact (points, no text) and made into the editor's JSON only when it asks: a rebuild
//! of a book with thousands of diagrams pays a copy of their stones, not a string per stone.

use crate::check::Checked;
use crate::format::schema::{DiagramKind, ElementKind};
use crate::format::syntax::Span;
use crate::format::values::Move;
use crate::point::{Color, Point};
use crate::resolve::godata::GoData;
use crate::resolve::model::{Diagram, DiagramRole};
use serde::Serialize;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::path::PathBuf;
use std::sync::Arc;

/// The diagrams an editor may change, by anchor.
#[derive(Debug, Default)]
pub struct Targets {
    by_anchor: HashMap<String, Target>,
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
    /// The element's name: fig, dia, var, prb.
    pub kind: &'static str,
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

    /// What the page drew, for the editor.
    pub fn position(&self) -> Position {
        let d = &self.drawn;
        Position {
            kind: d.kind,
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

impl Targets {
    /// The targets of every block diagram of `checked`, and of every `::go` others are based
    /// on (the editor opens one from a diagram based on it), the book being `book` (absolute) and
    /// its included gobook files in `checked.included`; those of standard chapters are left out.
    pub fn of(checked: &Checked, book: &std::path::Path, book_dir: &std::path::Path) -> Targets {
        let file = |path: PathBuf| -> Option<Arc<EditedFile>> {
            // A file outside the book's folder is none the book reads: not editable.
            let rel = path.strip_prefix(book_dir).ok()?.to_path_buf();
            let shown = rel.display().to_string();
            Some(Arc::new(EditedFile { path, rel, shown }))
        };
        let book_file = file(book.to_path_buf());
        let included: Vec<_> = checked
            .included
            .iter()
            .map(|f| file(PathBuf::from(&f.name)).filter(|_| !f.name.starts_with("<standard>")))
            .collect();
        let elements = &checked.doc.elements;
        // The file and place of element `i`, and its text's hash.
        let place = |i: usize| -> Option<(Arc<EditedFile>, Span, u64)> {
            let el = elements.get(i)?;
            let (file, span) = match checked.included.iter().position(|f| f.holds(el.span.start)) {
                Some(k) => (included[k].clone()?, checked.included[k].local(el.span)),
                None => (book_file.clone()?, el.span),
            };
            let source = &checked.src[el.span.start as usize..el.span.end as usize];
            Some((file, span, text_hash(source)))
        };
        // The Go data element `i` is based on (an `sgf` value is its own base, not the linked
        // one), and its anchor when the editor can open it too.
        let base_of = |i: usize| -> (Option<Arc<GoData>>, Option<String>) {
            if elements[i].attr("sgf").is_some() {
                return (None, None);
            }
            let Some(b) = checked.links.base.get(i).copied().flatten() else {
                return (None, None);
            };
            let data = checked.resolved.bases.get(b).cloned().flatten();
            let opens = data.is_some() && elements[b].attr("sgf").is_none();
            let anchor = opens.then(|| crate::layout::plan::anchor(elements[b].id_str(), b));
            (data, anchor)
        };
        let mut by_anchor = HashMap::new();
        for d in &checked.resolved.book.diagrams {
            let Some(kind) = elements.get(d.element).and_then(|e| kind_name(e.kind)) else {
                continue;
            };
            let Some((file, span, source_hash)) =
                place(d.element).filter(|_| d.role != DiagramRole::Inline)
            else {
                continue;
            };
            let (base, base_anchor) = base_of(d.element);
            let anchor = crate::layout::plan::anchor(d.id.as_deref(), d.element);
            let drawn = Drawn {
                base_anchor,
                ..drawn(kind, d, base)
            };
            by_anchor.insert(
                anchor,
                Target {
                    file,
                    span,
                    source_hash,
                    drawn,
                },
            );
        }
        for (i, g) in checked.resolved.bases.iter().enumerate() {
            let Some(g) = g.as_ref().filter(|_| {
                elements[i].kind == ElementKind::Go && elements[i].attr("sgf").is_none()
            }) else {
                continue;
            };
            let Some((file, span, source_hash)) = place(i) else {
                continue;
            };
            let (base, base_anchor) = base_of(i);
            let drawn = Drawn {
                base_anchor,
                ..go_drawn(g, checked.links.size[i], base)
            };
            let anchor = crate::layout::plan::anchor(elements[i].id_str(), i);
            by_anchor.insert(
                anchor,
                Target {
                    file,
                    span,
                    source_hash,
                    drawn,
                },
            );
        }
        Targets { by_anchor }
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
