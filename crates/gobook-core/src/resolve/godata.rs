//! Go data: the position and move sequence each `go` element and diagram stands
//! for, built from its base (`at`, `to`, `mv`, `ab`/`aw`/`ae`, `pl`, `koPoint`).

use crate::board::{Board, IllegalMove};
use crate::diagnostics::{Code, Diagnostics};
use crate::format::schema::{DiagramKind, ElementKind};
use crate::format::syntax::{last_attr, Attribute, Span};
use crate::format::values::{self, Move};
use crate::point::{Color, Point};
use crate::resolve::sgf_data;

/// A position and the moves played from it.
#[derive(Clone, Debug)]
pub struct GoData {
    /// The position before the first move (with the player to move and the ko point).
    pub start: Board,
    /// The moves.
    pub moves: Vec<Move>,
    /// The number of the first numbered move.
    pub first_number: u32,
    /// The diagram's view (`vw`), which inline diagrams based on it inherit.
    pub view: Option<(Point, Point)>,
    /// The `at` this data was taken at (its base's numbering).
    pub at: u32,
    /// Positions every [`CHECKPOINT`] moves, made on first use: figures deep into a
    /// long game then replay a few moves instead of the whole game.
    pub checkpoints: std::sync::OnceLock<Vec<Board>>,
    /// The index in `moves` of each numbered move (not a pass), made on first use: every
    /// figure of a long game asks where its moves are, and a scan each time was quadratic.
    numbered: std::sync::OnceLock<Vec<u32>>,
}

/// Moves between two stored positions.
const CHECKPOINT: usize = 16;

/// What kind of element the data belongs to, which decides its defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// `go`.
    Go,
    /// A block diagram.
    Diagram(DiagramKind),
    /// An inline `<dia>`: numbered like a variation.
    Inline,
}

impl Role {
    /// The role of an element kind, if it holds Go data.
    pub fn of(kind: ElementKind) -> Option<Role> {
        match kind {
            ElementKind::Go => Some(Role::Go),
            ElementKind::Diagram(k) => Some(Role::Diagram(k)),
            _ => None,
        }
    }
}

impl GoData {
    /// The number after the last numbered move (the `at` of the final position).
    pub fn end_number(&self) -> u32 {
        self.first_number + self.numbered().len() as u32
    }

    fn numbered(&self) -> &[u32] {
        self.numbered.get_or_init(|| {
            self.moves
                .iter()
                .enumerate()
                .filter(|(_, m)| **m != Move::Pass)
                .map(|(i, _)| i as u32)
                .collect()
        })
    }

    /// The index in `moves` of the move numbered `n` (`moves.len()` for the end).
    fn index_of(&self, n: u32) -> usize {
        n.checked_sub(self.first_number)
            .and_then(|k| self.numbered().get(k as usize))
            .map_or(self.moves.len(), |&i| i as usize)
    }

    /// A position and the moves after it, for data that was not built by [`build`].
    pub fn new(
        start: Board,
        moves: Vec<Move>,
        first_number: u32,
        view: Option<(Point, Point)>,
        at: u32,
    ) -> GoData {
        GoData {
            start,
            moves,
            first_number,
            view,
            at,
            checkpoints: std::sync::OnceLock::new(),
            numbered: std::sync::OnceLock::new(),
        }
    }

    /// The position before the move numbered `at` (passes before it are played).
    fn position_before(&self, at: u32) -> Board {
        let upto = self.index_of(at);
        let cps = self.checkpoints.get_or_init(|| {
            let mut out = Vec::with_capacity(self.moves.len() / CHECKPOINT);
            let mut board = self.start.clone();
            for (i, m) in self.moves.iter().enumerate() {
                if i % CHECKPOINT == 0 && i > 0 {
                    out.push(board.clone());
                }
                play(&mut board, *m);
            }
            out
        });
        // Checkpoint k holds the position before move index (k + 1) * CHECKPOINT.
        let (mut board, from) = match (upto / CHECKPOINT).checked_sub(1).and_then(|k| cps.get(k)) {
            Some(b) => (b.clone(), (upto / CHECKPOINT) * CHECKPOINT),
            None => (self.start.clone(), 0),
        };
        for m in &self.moves[from..upto] {
            play(&mut board, *m);
        }
        board
    }

    /// The moves numbered `at` to `to`, inclusive, with the passes between them.
    pub fn range(&self, at: u32, to: u32) -> Vec<Move> {
        let a = self.index_of(at);
        let b = self.index_of(to + 1);
        // Passes right after `to` belong to the next range, not this one.
        let mut end = b;
        while end > a && self.moves[end - 1] == Move::Pass {
            end -= 1;
        }
        self.moves[a..end.max(a)].to_vec()
    }
}

/// Plays one move on a board, ignoring illegal moves (reported when the data was built).
pub fn play(board: &mut Board, m: Move) -> Option<Result<crate::board::MoveOutcome, IllegalMove>> {
    match m {
        Move::Play(p) => {
            let color = board.to_play();
            let r = board.play(color, p);
            if r.is_err() {
                // Keep the colours alternating after a refused move, as the author wrote them.
                board.set_to_play(color.opponent());
            }
            Some(r)
        }
        Move::Pass | Move::Tenuki => {
            board.pass();
            None
        }
    }
}

/// Builds the Go data of one element from its attributes and its base.
pub fn build(
    role: Role,
    attrs: &[Attribute],
    base: Option<&GoData>,
    size: u8,
    diags: &mut Diagnostics,
) -> GoData {
    let get = |name: &str| last_attr(attrs, name);
    // An `sgf` value is the element's base (see `sgf_data`); links gave it no other.
    let sgf_data = get("sgf").and_then(|a| sgf_data::read(a, diags).map(|g| (a, g)));
    let sgf_base = sgf_data
        .as_ref()
        .map(|(_, g)| GoData::new(g.start.clone(), g.moves.clone(), 1, None, 1));
    if let Some((_, g)) = &sgf_data {
        check_moves(&g.start, &g.moves, &g.spans, 1, "move", diags);
    }
    let base = if get("sgf").is_some() {
        sgf_base.as_ref()
    } else {
        base
    };
    let base_start = base.map(|b| b.first_number).unwrap_or(1);
    let at = int(attrs, "at").unwrap_or(base_start);
    let mut start = start_position(attrs, base, at, size, diags);
    set_up(&mut start, attrs, size);
    let (moves, spans) = own_moves(attrs, base, sgf_base.as_ref(), at, size, diags);
    if let (Some(mv), Some((_, g))) = (get("mv"), &sgf_data) {
        if !g.moves.is_empty() && get("at").is_none() {
            diags.warning(
                mv.name_span,
                Code::SgfMovesUnused,
                format!(
                    "`mv` replaces the {} moves of the `sgf` value",
                    g.moves.len()
                ),
            );
        }
    }

    let first_number = int(attrs, "mn").unwrap_or(match role {
        Role::Diagram(DiagramKind::Dia) | Role::Diagram(DiagramKind::Prb) => 1,
        Role::Go if base.is_none() => 1,
        _ => at,
    });

    // Own moves are checked against the rules; ranges were checked in their base.
    if !spans.is_empty() {
        check_moves(&start, &moves, &spans, first_number, "move", diags);
    }

    // `vw` defaults to the whole board; only an inline diagram takes the view of the
    // diagram it is based on (the spec). On `::go` it has no effect (validation warns).
    let own_view = get("vw").and_then(|a| values::parse_view(&a.value, size).ok());
    let view = match role {
        Role::Go => None,
        Role::Inline => own_view.or(base.and_then(|b| b.view)),
        Role::Diagram(_) => own_view,
    };
    GoData::new(start, moves, first_number, view, at)
}

/// The number attribute `name`, if valid. Values that fail their type check were
/// reported by validation; they count as absent here.
fn int(attrs: &[Attribute], name: &str) -> Option<u32> {
    last_attr(attrs, name)
        .and_then(|a| values::parse_int(&a.value).ok())
        .filter(|v| (1..=u32::MAX as i64 / 2).contains(v))
        .map(|v| v as u32)
}

/// The position the element starts from: its base's before the move numbered `at`, or an
/// empty board of `size`; an `at` out of the base's range and an `sz` unlike the base's
/// are errors.
fn start_position(
    attrs: &[Attribute],
    base: Option<&GoData>,
    at: u32,
    size: u8,
    diags: &mut Diagnostics,
) -> Board {
    let get = |name: &str| last_attr(attrs, name);
    let at_attr = get("at").filter(|_| int(attrs, "at").is_some());
    let mut start = match base {
        Some(b) => {
            let end = b.end_number();
            if at < b.first_number || at > end {
                if let Some(a) = at_attr {
                    diags.error(
                        a.value_span,
                        Code::AtOutOfRange,
                        format!(
                            "`at={at}` is outside the base's moves: it can be {} to {end}",
                            b.first_number
                        ),
                    );
                }
            }
            b.position_before(at.clamp(b.first_number, end))
        }
        None => {
            if let Some(a) = at_attr.filter(|_| at != 1) {
                diags.error(
                    a.value_span,
                    Code::AtWithoutBase,
                    format!("`at={at}` needs a base with moves to take the position from"),
                );
            }
            Board::new(size).unwrap_or_else(|_| Board::new(19).expect("19 is a valid size"))
        }
    };
    if start.size() != size {
        // `sz` on an element with a base of another size: the element's own size wins.
        if let Some(a) = get("sz") {
            diags.error(
                a.value_span,
                Code::SizeMismatch,
                if get("base").is_some() {
                    format!(
                        "`sz={size}` differs from the base's board size {}; remove `sz` or `base`",
                        start.size()
                    )
                } else {
                    format!(
                        "`sz={size}` differs from the board size {} of the Go data this element starts \
                         from by default (the chapter's most recent); add `base=none` for a board of its own",
                        start.size()
                    )
                },
            );
        }
        start = Board::new(size).unwrap_or_else(|_| Board::new(19).expect("19 is a valid size"));
    }
    start
}

/// The element's own changes to its start position: stones removed and added (`ae`,
/// `ab`, `aw`), the player to move (`pl`) and the ko point (`koPoint`).
fn set_up(start: &mut Board, attrs: &[Attribute], size: u8) {
    let pts = |name: &str| {
        last_attr(attrs, name)
            .and_then(|a| values::parse_points(&a.value, size).ok())
            .unwrap_or_default()
    };
    for p in pts("ae") {
        start.remove(p);
    }
    for p in pts("ab") {
        start.add_black(p);
    }
    for p in pts("aw") {
        start.add_white(p);
    }
    if let Some(pl) = last_attr(attrs, "pl") {
        start.set_to_play(if pl.value == "w" {
            Color::White
        } else {
            Color::Black
        });
    }
    if let Some(k) =
        last_attr(attrs, "koPoint").and_then(|a| values::parse_point(&a.value, size).ok())
    {
        start.set_ko_point(Some(k));
    }
}

/// The element's moves and, for moves it writes itself (`mv`), each one's place in the
/// source; `to` takes them from the base, and an `sgf` value alone gives its main line
/// from `at` on.
fn own_moves(
    attrs: &[Attribute],
    base: Option<&GoData>,
    sgf_base: Option<&GoData>,
    at: u32,
    size: u8,
    diags: &mut Diagnostics,
) -> (Vec<Move>, Vec<Span>) {
    if let Some(mv) = last_attr(attrs, "mv") {
        let toks = values::tokens(&mv.value, size, true).unwrap_or_default();
        let exact = (mv.value_span.end - mv.value_span.start) as usize == mv.value.len();
        let spans = toks
            .iter()
            .map(|t| {
                if exact {
                    Span::new(
                        mv.value_span.start as usize + t.range.start,
                        mv.value_span.start as usize + t.range.end,
                    )
                } else {
                    mv.value_span
                }
            })
            .collect();
        (toks.into_iter().map(|t| t.mv).collect(), spans)
    } else if let Some(to_attr) = last_attr(attrs, "to") {
        let to = int(attrs, "to").unwrap_or(at);
        match base {
            Some(b) if to >= at && to < b.end_number() => (b.range(at, to), Vec::new()),
            Some(b) => {
                diags.error(
                    to_attr.value_span,
                    Code::ToOutOfRange,
                    format!(
                        "`to={to}` must be from `at` ({at}) to the base's last move ({})",
                        b.end_number().saturating_sub(1)
                    ),
                );
                (Vec::new(), Vec::new())
            }
            None => {
                diags.error(
                    to_attr.value_span,
                    Code::ToWithoutBase,
                    "`to` takes moves from a base, and this element has none",
                );
                (Vec::new(), Vec::new())
            }
        }
    } else if let Some(b) = sgf_base {
        // Nothing picks from the SGF: the element holds its main line from `at` on.
        (b.moves[b.index_of(at)..].to_vec(), Vec::new())
    } else {
        (Vec::new(), Vec::new())
    }
}

/// Reports each move that breaks the rules, at its place in the source; `what` names
/// the moves in the message ("move", "answer move").
pub(super) fn check_moves(
    start: &Board,
    moves: &[Move],
    spans: &[Span],
    first_number: u32,
    what: &str,
    diags: &mut Diagnostics,
) {
    let mut board = start.clone();
    let mut number = first_number;
    for (m, span) in moves.iter().zip(spans) {
        if let Some(Err(e)) = play(&mut board, *m) {
            let p = e.point();
            let why = match e {
                IllegalMove::Occupied(_) => "the point is already occupied",
                IllegalMove::Suicide(_) => "it would be suicide",
                IllegalMove::Ko(_) => "it retakes a ko at once",
                _ => "it is off the board",
            };
            diags.error(
                *span,
                Code::IllegalMove,
                format!("{what} {number} at {p} is illegal: {why}"),
            );
        }
        if *m != Move::Pass {
            number += 1;
        }
    }
}
