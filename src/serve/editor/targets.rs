//! Which source element each diagram of the served pages comes from, and the position the
//! board editor opens on: made from the checked book at every good rebuild, looked up by the
//! figure's anchor on the page (its ID, else `e` and the element's number: `layout::plan::anchor`).

use crate::check::Checked;
use crate::format::syntax::Span;
use crate::resolve::model::{Diagram, DiagramRole};
use serde::Serialize;
use std::collections::HashMap;
use std::path::PathBuf;

/// The diagrams an editor may change, by anchor.
#[derive(Debug, Default)]
pub struct Targets {
    by_anchor: HashMap<String, Target>,
}

/// Where one diagram's element stands, and what the editor opens on.
#[derive(Clone, Debug)]
pub struct Target {
    /// The file, absolute: the book or a gobook file it includes.
    pub file: PathBuf,
    /// The file relative to the book's folder (as the build's inputs list it).
    pub rel: PathBuf,
    /// Its name for messages: `rel` as text.
    pub shown: String,
    /// The element's place in that file's text, when it was built.
    pub span: Span,
    /// The element's text, when it was built.
    pub source: String,
    /// The position drawn on the page, as the editor's script reads it.
    pub position: Position,
}

/// What the page drew, in standard coordinates: the editor works on the author's attributes
/// and shows them over this.
#[derive(Clone, Debug, Serialize)]
pub struct Position {
    /// The element's name: fig, dia, var, prb.
    pub kind: String,
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
}

/// A base's position and moves, for setting `at` and `to`.
#[derive(Clone, Debug, Serialize)]
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

impl Base {
    fn of(g: &crate::resolve::godata::GoData) -> Base {
        use crate::format::values::Move;
        Base {
            stones: g
                .start
                .stones()
                .map(|(p, c)| (p.to_string(), c.letter()))
                .collect(),
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

impl Targets {
    /// The targets of every block diagram of `checked`, the book being `book` (absolute) and its
    /// included gobook files in `checked.included`; diagrams of standard chapters are left out.
    pub fn of(checked: &Checked, book: &std::path::Path, book_dir: &std::path::Path) -> Targets {
        let mut by_anchor = HashMap::new();
        for d in &checked.resolved.book.diagrams {
            if d.role == DiagramRole::Inline {
                continue;
            }
            let Some(el) = checked.doc.elements.get(d.element) else {
                continue;
            };
            let (file, span) = match checked.included.iter().find(|f| f.holds(el.span.start)) {
                Some(f) if f.name.starts_with("<standard>") => continue,
                Some(f) => (PathBuf::from(&f.name), f.local(el.span)),
                None => (book.to_path_buf(), el.span),
            };
            // A file outside the book's folder is none the book reads: not editable.
            let Ok(rel) = file.strip_prefix(book_dir).map(PathBuf::from) else {
                continue;
            };
            let shown = rel.display().to_string();
            let anchor = crate::layout::plan::anchor(d.id.as_deref(), d.element);
            let mut position = position(&el.name, d);
            // An `sgf` value is the element's own base: its moves are not the linked base's.
            if el.attr("sgf").is_none() {
                let base = checked.links.base.get(d.element).copied().flatten();
                let data = base.and_then(|b| checked.resolved.bases.get(b)?.as_deref());
                position.base = data.map(Base::of);
            }
            let source = checked.src[el.span.start as usize..el.span.end as usize].to_string();
            by_anchor.insert(
                anchor,
                Target {
                    file,
                    rel,
                    shown,
                    span,
                    source,
                    position,
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

fn position(kind: &str, d: &Diagram) -> Position {
    Position {
        kind: kind.to_string(),
        size: d.size,
        view: [d.view.0.to_string(), d.view.1.to_string()],
        first_number: d.first_number,
        to_play: d.to_play.letter(),
        stones: d
            .stones
            .iter()
            .map(|(p, c)| (p.to_string(), c.letter()))
            .collect(),
        moves: d
            .moves
            .iter()
            .map(|m| (move_token(m), m.color.letter()))
            .collect(),
        base: None,
    }
}

/// A move as `mv` writes it: a point, `Pass` (no number) or `Tenuki` (a number, no stone).
fn move_token(m: &crate::resolve::model::MoveInfo) -> String {
    match (m.point, m.number) {
        (Some(p), _) => p.to_string(),
        (None, None) => "Pass".into(),
        (None, Some(_)) => "Tenuki".into(),
    }
}
