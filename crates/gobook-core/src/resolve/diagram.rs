//! A diagram as the reader sees it: the start position, which moves are drawn
//! as numbered stones, which cannot be drawn (the gaps), marks, labels, and the
//! caption settings with the defaults of fig, dia, var and prb.

use crate::board::Board;
use crate::diagnostics::{Code, Diagnostics};
use crate::format::schema::DiagramKind;
use crate::format::syntax::{last_attr, Attribute, Span};
use crate::format::values::{self, Move};
use crate::point::{Color, Mark, Point};
use crate::resolve::caption::number_ranges;
use crate::resolve::godata::{self, GoData};
use crate::resolve::model::{
    Diagram, DiagramRole, DiagramWidth, Gap, GapsSetting, LangText, MoveInfo,
};
use std::collections::HashMap;

/// Book and chapter settings a diagram inherits.
#[derive(Clone, Copy, Debug, Default)]
pub struct Inherited {
    /// `fullWidth` of the chapter, else the book.
    pub full_width: bool,
    /// `showCoords` of the chapter, else the book.
    pub show_coords: bool,
}

/// Collects a language-specific text attribute (`ca`, `ca_en`, ...).
pub fn lang_text(attrs: &[Attribute], name: &str) -> LangText {
    let mut t = LangText::default();
    for a in attrs {
        if a.name == name {
            t.neutral = Some(a.value.clone());
        } else if a.base_name() == name && a.name.len() > name.len() {
            for l in a.langs() {
                t.by_lang.retain(|(x, _)| x != l);
                t.by_lang.push((l.to_string(), a.value.clone()));
            }
        }
    }
    t
}

/// Assembles a diagram from its Go data and attributes.
pub fn assemble(
    role: DiagramRole,
    attrs: &[Attribute],
    data: &GoData,
    base: Option<&GoData>,
    inh: Inherited,
) -> Diagram {
    let get = |name: &str| last(attrs, name);
    let flag = |name: &str| get(name).and_then(|v| values::parse_flag(v).ok());
    let size = data.start.size();
    let pts = |name: &str| points(attrs, name, size);
    let pairs = |name: &str| {
        get(name)
            .and_then(|v| values::parse_point_pairs(v, size).ok())
            .unwrap_or_default()
    };
    let seqs = |name: &str| {
        get(name)
            .and_then(|v| values::parse_sequences(v, size).ok())
            .unwrap_or_default()
    };

    let mut labels = labels(attrs, size);
    let view = data
        .view
        .unwrap_or((Point::new(0, 0), Point::new(size - 1, size - 1)));
    let walked = walk(data, &labels, view);
    // The gaps line's letters name points of the final figure; the replay, which shows
    // each move where it is played, leaves them out.
    let mut hide_in_replay = pts("hideInReplay");
    hide_in_replay.extend(walked.letters.iter().map(|(p, _)| *p));
    labels.extend(walked.letters);
    let kind = match role {
        DiagramRole::Block(k) => Some(k),
        DiagramRole::Inline => None,
    };
    Diagram {
        id: None,
        role,
        chapter: None,
        element: 0,
        line: 0,
        size,
        view,
        first_number: data.first_number,
        to_play: data.start.to_play(),
        stones: exact(data.start.stones_top_down()),
        moves: walked.moves,
        final_stones: exact(walked.final_stones),
        ko_point: data.start.ko_point(),
        marks: marks(attrs, size),
        labels,
        territory: territory(attrs, size),
        lines: pairs("ln"),
        arrows: pairs("ar"),
        gaps: walked.gaps,
        gaps_setting: gaps_setting(attrs),
        show_from_to: flag("showFromTo"),
        show_to_play: flag("showToPlay").unwrap_or(kind == Some(DiagramKind::Prb)),
        show_coords: flag("showCoords").unwrap_or(inh.show_coords),
        caption: lang_text(attrs, "ca"),
        header: lang_text(attrs, "header"),
        hide_in_replay,
        width: width(get("width"), kind, inh),
        align: get("align").map(str::to_string),
        correct: correct(seqs("correct"), kind, data, base),
        wrong: seqs("wrong"),
        correct_by_lang: seqs_by_lang(attrs, "correct", size),
        wrong_by_lang: seqs_by_lang(attrs, "wrong", size),
        text: None,
    }
}

/// The value of attribute `name`: the last one given wins.
pub(super) fn last<'a>(attrs: &'a [Attribute], name: &str) -> Option<&'a str> {
    last_attr(attrs, name).map(|a| a.value.as_str())
}

/// The points attribute `name` lists; none where it is missing or (refused by
/// validation) malformed.
fn points(attrs: &[Attribute], name: &str, size: u8) -> Vec<Point> {
    last(attrs, name)
        .and_then(|v| values::parse_points(v, size).ok())
        .unwrap_or_default()
}

/// The diagram's own labels: one-letter attributes (`a="C3 D4"`) and point attributes
/// (`C3="x"`), in the order given; a later label on a point replaces the earlier one.
fn labels(attrs: &[Attribute], size: u8) -> Vec<(Point, String)> {
    let mut labels: Vec<(Point, String)> = Vec::new();
    for a in attrs {
        let n = a.name.as_str();
        if n.len() == 1 && n.as_bytes()[0].is_ascii_alphabetic() {
            for p in values::parse_points(&a.value, size).unwrap_or_default() {
                labels.retain(|(q, _)| *q != p);
                labels.push((p, n.to_string()));
            }
        } else if crate::format::schema::is_point_name(n) {
            if let Some(p) = Point::parse_standard(n).filter(|p| p.on_board(size)) {
                labels.retain(|(q, _)| *q != p);
                labels.push((p, a.value.clone()));
            }
        }
    }
    labels
}

/// The marks of `tr`, `sq`, `cr`, `ma` and `rg`, grouped by kind in that order.
fn marks(attrs: &[Attribute], size: u8) -> Vec<(Point, Mark)> {
    let mut marks = Vec::new();
    for (name, mark) in [
        ("tr", Mark::Triangle),
        ("sq", Mark::Square),
        ("cr", Mark::Circle),
        ("ma", Mark::Cross),
        ("rg", Mark::Diamond),
    ] {
        marks.extend(points(attrs, name, size).into_iter().map(|p| (p, mark)));
    }
    marks
}

/// The territory of `tb` (Black's) then `tw` (White's).
fn territory(attrs: &[Attribute], size: u8) -> Vec<(Point, Color)> {
    let mut territory: Vec<(Point, Color)> = points(attrs, "tb", size)
        .into_iter()
        .map(|p| (p, Color::Black))
        .collect();
    territory.extend(
        points(attrs, "tw", size)
            .into_iter()
            .map(|p| (p, Color::White)),
    );
    territory
}

/// What `gaps` asks for: the line gobook writes (`auto`, also when missing), none, or
/// the author's text. A language's own value (`gaps_de`) is chosen per language, `auto` and `none` included,
/// the neutral value (or its default, `auto`) serving every other language.
fn gaps_setting(attrs: &[Attribute]) -> GapsSetting {
    let text = lang_text(attrs, "gaps");
    if !text.by_lang.is_empty() {
        return GapsSetting::Text(text);
    }
    match last(attrs, "gaps") {
        None | Some("auto") => GapsSetting::Auto,
        Some("none") => GapsSetting::None,
        Some(_) => GapsSetting::Text(text),
    }
}

/// The diagram's width: `width` if given, else full for fig and prb (and for every
/// block diagram under `fullWidth`), else that of a dia.
pub(super) fn width(
    given: Option<&str>,
    kind: Option<DiagramKind>,
    inh: Inherited,
) -> DiagramWidth {
    // Validation refuses other values; a build never sees them.
    given.and_then(DiagramWidth::parse).unwrap_or(match kind {
        Some(DiagramKind::Fig) | Some(DiagramKind::Prb) => DiagramWidth::Full,
        _ if inh.full_width && kind.is_some() => DiagramWidth::Full,
        _ => DiagramWidth::Dia,
    })
}

/// A problem's correct answers: those of `correct`, else (a prb with no answer and no
/// moves of its own) the base's continuation from the problem's move.
fn correct(
    mut correct: Vec<values::Sequence>,
    kind: Option<DiagramKind>,
    data: &GoData,
    base: Option<&GoData>,
) -> Vec<values::Sequence> {
    if kind == Some(DiagramKind::Prb) && correct.is_empty() && data.moves.is_empty() {
        // The spec's default: the base's own continuation is the answer.
        if let Some(b) = base {
            let rest = b.range(data.at, b.end_number().saturating_sub(1));
            if !rest.is_empty() {
                correct.push(rest.into_iter().map(|m| (m, None)).collect());
            }
        }
    }
    correct
}

/// Checks what only the assembled diagram shows. Moves outside its view are a warning
/// (at `vw`, or at the inline tag that inherits it), since a reader could not find
/// them on the board; a problem's answers (`correct`, `wrong`, `correct_en` ...) are
/// played move by move from the problem's position, each illegal move an error at its
/// place in the value.
pub fn check(attrs: &[Attribute], data: &GoData, d: &Diagram, at: Span, diags: &mut Diagnostics) {
    let outside = d.gaps.iter().find_map(|g| match g {
        Gap::Outside(ns) => Some(ns.as_slice()),
        _ => None,
    });
    if let Some(ns) = outside.filter(|ns| !ns.is_empty()) {
        let (moves, are, them) = if ns.len() == 1 {
            ("move", "is", "it")
        } else {
            ("moves", "are", "them")
        };
        let (span, view, fix) = match attrs.iter().rev().find(|a| a.name == "vw") {
            Some(a) => (
                Span::new(a.name_span.start as usize, a.value_span.end as usize),
                format!("its view `vw={}`", a.value),
                "widen `vw`, or remove it to show the whole board".to_string(),
            ),
            None => (
                at,
                format!(
                    "the view `vw={}{}` it takes from its base",
                    d.view.0, d.view.1
                ),
                format!("give it a `vw` of its own that holds {them}"),
            ),
        };
        let what = match d.role {
            DiagramRole::Block(DiagramKind::Fig) => "figure",
            DiagramRole::Block(DiagramKind::Prb) => "problem",
            DiagramRole::Inline => "inline diagram",
            DiagramRole::Block(_) => "diagram",
        };
        let listed = if d.gaps_setting == GapsSetting::Auto {
            format!("the line under it lists {them} as outside the diagram")
        } else {
            format!("`gaps` is set, so nothing under it names {them}")
        };
        diags.warning(
            span,
            Code::MovesOutsideView,
            format!(
                "{moves} {} of this {what} {are} outside {view}; {fix} ({listed})",
                number_ranges(ns, ", ", "-"),
            ),
        );
    }
    letters_on_numbers(attrs, d, diags);
    if d.role == DiagramRole::Block(DiagramKind::Prb) {
        check_answers(attrs, data, d.size, diags);
    }
}

/// Whether a point list (`C4C5`, `C4 C5`) names `point` (`C4`, not in `C14` or `C45`).
fn names_point(list: &str, point: &str) -> bool {
    let list = list.to_ascii_uppercase();
    list.match_indices(point).any(|(i, _)| {
        let before = list[..i].chars().next_back();
        let after = list[i + point.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_alphabetic())
            && !after.is_some_and(|c| c.is_ascii_digit())
    })
}

/// A letter the book puts by hand on a point where this diagram draws a numbered stone
/// is a warning at its attribute: the number is what the commentary names, so the
/// letter only shows as a small badge beside it (#33).
fn letters_on_numbers(attrs: &[Attribute], d: &Diagram, diags: &mut Diagnostics) {
    for (p, letter) in &d.labels {
        let Some(m) = d
            .moves
            .iter()
            .find(|m| m.shown && m.point == Some(*p) && m.number.is_some())
        else {
            continue;
        };
        let point = p.to_string();
        let Some(a) = attrs
            .iter()
            .rev()
            .find(|a| a.name == *letter && names_point(&a.value, &point))
        else {
            continue;
        };
        diags.warning(
            Span::new(a.name_span.start as usize, a.value_span.end as usize),
            Code::LetterOnNumberedStone,
            format!(
                "the letter {letter} at {point} stands on move {}, which this diagram numbers there, so it shows only as a small badge beside the number; name the stone by its number, or put the letter on a diagram where {point} is empty",
                m.number.unwrap_or_default()
            ),
        );
    }
}

/// Plays each answer of a problem from its position (after its own moves).
fn check_answers(attrs: &[Attribute], data: &GoData, size: u8, diags: &mut Diagnostics) {
    let mut start = data.start.clone();
    for m in &data.moves {
        godata::play(&mut start, *m);
    }
    for a in attrs
        .iter()
        .filter(|a| matches!(a.base_name(), "correct" | "wrong"))
    {
        // A value that does not parse was reported by validation.
        let Ok(seqs) = values::sequence_tokens(&a.value, size) else {
            continue;
        };
        // Escapes in a quoted value shift positions: then the whole value is the place.
        let exact = (a.value_span.end - a.value_span.start) as usize == a.value.len();
        // The lines of a tree share their moves before a branch: a move is reported once.
        let mut found = Diagnostics::default();
        for seq in seqs {
            let moves: Vec<Move> = seq.iter().map(|t| t.mv).collect();
            let spans: Vec<Span> = seq
                .iter()
                .map(|t| {
                    let from = a.value_span.start as usize;
                    if exact {
                        Span::new(from + t.range.start, from + t.range.end)
                    } else {
                        a.value_span
                    }
                })
                .collect();
            godata::check_moves(&start, &moves, &spans, 1, "answer move", &mut found);
        }
        let mut seen = std::collections::HashSet::new();
        let once = found
            .into_vec()
            .into_iter()
            .filter(|d| seen.insert((d.span.start, d.span.end, d.message.clone())));
        diags.extend(once);
    }
}

/// The sequences given for single languages (`correct_ja`, `wrong_en_fr`), as [`lang_text`] collects text.
fn seqs_by_lang(attrs: &[Attribute], name: &str, size: u8) -> Vec<(String, Vec<values::Sequence>)> {
    lang_text(attrs, name)
        .by_lang
        .into_iter()
        .filter_map(|(l, v)| Some((l, values::parse_sequences(&v, size).ok()?)))
        .collect()
}

/// A list without room to spare: positions are made with room for half the board, and a
/// book holds two per diagram for the whole build.
fn exact<T>(mut v: Vec<T>) -> Vec<T> {
    v.shrink_to_fit();
    v
}

/// What a point of the drawing shows.
#[derive(Clone, Copy, PartialEq)]
enum Drawn {
    /// Nothing yet.
    Empty,
    /// A stone of the start position, maybe lettered (index into the labels).
    Start(Option<usize>),
    /// A stone numbered in this diagram.
    Numbered(u32),
}

/// What each point of the drawing shows: one cell a point, indexed like the board, so
/// that no hashing is on the hot path of every move.
struct Drawing {
    cells: Vec<Drawn>,
    size: usize,
}

impl Drawing {
    /// The drawing of the start position: its stones, each with its label if it has one.
    fn new(board: &Board, labels: &[(Point, String)]) -> Drawing {
        let size = board.size() as usize;
        let mut drawing = Drawing {
            cells: vec![Drawn::Empty; size * size],
            size,
        };
        for (p, _) in board.stones() {
            let at = drawing.cell(p);
            drawing.cells[at] = Drawn::Start(labels.iter().position(|(q, _)| *q == p));
        }
        drawing
    }

    /// The index of `p`'s cell.
    fn cell(&self, p: Point) -> usize {
        p.row as usize * self.size + p.col as usize
    }

    /// Draws move `n` on `p` if nothing is drawn there yet (the figure convention keeps
    /// what is drawn, captured or not); returns what the point showed before.
    fn number(&mut self, p: Point, n: u32) -> Drawn {
        let at = self.cell(p);
        let was = self.cells.get(at).copied().unwrap_or(Drawn::Empty);
        if was == Drawn::Empty {
            if let Some(d) = self.cells.get_mut(at) {
                *d = Drawn::Numbered(n);
            }
        }
        was
    }
}

/// An entry of the gaps line in the making: the move that orders it and the point it
/// names (kos keep their two points together).
struct Pending {
    first: usize,
    point: Option<Point>,
    gap: Gap,
}

/// What playing a diagram's moves on its drawing gives.
struct Walked {
    moves: Vec<MoveInfo>,
    gaps: Vec<Gap>,
    final_stones: Vec<(Point, Color)>,
    /// Letters put on points the gaps line names that show neither number nor letter.
    letters: Vec<(Point, String)>,
}

/// The running state of [`walk`]: the entries so far and the letters handed out.
struct Gaps<'a> {
    pending: Vec<Pending>,
    /// Entries naming one point, grouped: point -> index into `pending`.
    at_point: HashMap<Point, usize>,
    /// The letters the diagram's own labels use, which a gap letter must not repeat.
    labels: &'a [(Point, String)],
    letters: Vec<(Point, String)>,
}

impl Gaps<'_> {
    /// Adds move `text` (index `i`) to the entry of the moves played on `p`, where the
    /// board shows `target`.
    fn at(&mut self, i: usize, p: Point, text: String, target: String) {
        if let Some(&k) = self.at_point.get(&p) {
            if let Gap::At { moves, .. } = &mut self.pending[k].gap {
                moves.push(text);
                return;
            }
        }
        self.at_point.insert(p, self.pending.len());
        self.pending.push(Pending {
            first: i,
            point: Some(p),
            gap: Gap::At {
                moves: vec![text],
                target,
            },
        });
    }

    /// Adds move `n` (index `i`), played on `p` where the drawing shows `was`, to the
    /// line, named by what the point shows.
    fn covered(&mut self, i: usize, p: Point, n: u32, was: Drawn) {
        // What the point shows: a number, the diagram's letter, or one given to an
        // earlier move of this line.
        let shows = match was {
            Drawn::Numbered(t) => Some(t.to_string()),
            Drawn::Start(Some(l)) => Some(self.labels[l].1.clone()),
            _ => self.letter_at(p),
        };
        // A stone that shows neither gets a letter, even where a move fills the point of
        // a stone just taken: every entry names a place (#33).
        let target = shows.unwrap_or_else(|| self.letter(p));
        self.at(i, p, n.to_string(), target);
    }

    /// The finished line with the letters it put on the board. `outside` numbers the
    /// moves outside the view (the first of them the move at index `outside_first`);
    /// `ko_partner` pairs the two points of each ko, whose entries stand together.
    fn finish(
        self,
        outside: Vec<u32>,
        outside_first: usize,
        ko_partner: &HashMap<Point, Point>,
    ) -> (Vec<Gap>, Vec<(Point, String)>) {
        let mut pending = self.pending;
        if !outside.is_empty() {
            pending.push(Pending {
                first: outside_first,
                point: None,
                gap: Gap::Outside(outside),
            });
        }
        // In move order, except that the entries of one ko's two points stand together.
        let first_at: HashMap<Point, usize> = self
            .at_point
            .iter()
            .map(|(p, &k)| (*p, pending[k].first))
            .collect();
        let key = |g: &Pending| {
            let Some(p) = g.point else {
                return (g.first, g.first);
            };
            let cluster = [Some(&p), ko_partner.get(&p)]
                .into_iter()
                .flatten()
                .filter_map(|q| first_at.get(q))
                .fold(g.first, |a, &f| a.min(f));
            (cluster, g.first)
        };
        pending.sort_by_key(key);
        (pending.into_iter().map(|p| p.gap).collect(), self.letters)
    }

    /// The letter this line already put on `p`, if any.
    fn letter_at(&self, p: Point) -> Option<String> {
        self.letters
            .iter()
            .find(|(q, _)| *q == p)
            .map(|(_, l)| l.clone())
    }

    /// The letter for `p`, a point that shows a stone without number or letter: the next
    /// lowercase letter the diagram does not use, put on the board. With all 26 in use the
    /// point is named by its coordinate.
    fn letter(&mut self, p: Point) -> String {
        if let Some(l) = self.letter_at(p) {
            return l;
        }
        let used = |l: &str| {
            self.labels.iter().any(|(_, x)| x == l) || self.letters.iter().any(|(_, x)| x == l)
        };
        let free = (b'a'..=b'z')
            .map(|c| (c as char).to_string())
            .find(|l| !used(l));
        match free {
            Some(l) => {
                self.letters.push((p, l.clone()));
                l
            }
            None => p.to_string(),
        }
    }
}

/// Plays the sequence on the drawing: the figure convention keeps captured stones
/// drawn, so a move on a drawn point cannot be shown and becomes a gap, named by what
/// the point shows ("12 at 7", "12 at A"). On a stone that shows neither number nor
/// letter it is "9: connects" when it fills the point of the latest capture of one
/// stone (a ko, mostly) and joins its own stones, which says where without a letter;
/// else the stone gets a letter ("204 at a"). Moves outside `view` are listed together
/// ("1–3, 5: outside the diagram").
fn walk(data: &GoData, labels: &[(Point, String)], view: (Point, Point)) -> Walked {
    let mut board = data.start.clone();
    let mut drawing = Drawing::new(&board, labels);
    let in_view = |p: Point| {
        (view.0.col..=view.1.col).contains(&p.col) && (view.0.row..=view.1.row).contains(&p.row)
    };
    let mut infos = Vec::with_capacity(data.moves.len());
    let mut gaps = Gaps {
        pending: Vec::new(),
        at_point: HashMap::new(),
        labels,
        letters: Vec::new(),
    };
    let mut outside: Vec<u32> = Vec::new();
    let mut outside_first = usize::MAX;
    // The two points of each ko fought here, both ways: their entries stay together.
    let mut ko_partner: HashMap<Point, Point> = HashMap::new();
    let mut number = data.first_number;
    for (i, m) in data.moves.iter().enumerate() {
        let color = board.to_play();
        match *m {
            Move::Pass => {
                board.pass();
                infos.push(MoveInfo {
                    number: None,
                    point: None,
                    color,
                    shown: false,
                    captures: Box::default(),
                });
            }
            Move::Tenuki => {
                let n = number;
                number += 1;
                board.pass();
                gaps.pending.push(Pending {
                    first: i,
                    point: None,
                    gap: Gap::Elsewhere(n.to_string()),
                });
                infos.push(MoveInfo {
                    number: Some(n),
                    point: None,
                    color,
                    shown: false,
                    captures: Box::default(),
                });
            }
            Move::Play(p) => {
                let n = number;
                number += 1;
                let captures: Box<[Point]> = match godata::play(&mut board, *m) {
                    Some(Ok(o)) => o.captured.into_boxed_slice(),
                    _ => Box::default(),
                };
                let was = drawing.number(p, n);
                let shown = was == Drawn::Empty;
                if !in_view(p) {
                    outside.push(n);
                    outside_first = outside_first.min(i);
                } else if !shown {
                    gaps.covered(i, p, n, was);
                }
                if let [q] = *captures {
                    if board.ko_point().is_some() {
                        ko_partner.insert(p, q);
                        ko_partner.insert(q, p);
                    }
                }
                infos.push(MoveInfo {
                    number: Some(n),
                    point: Some(p),
                    color,
                    shown,
                    captures,
                });
            }
        }
    }
    let (gaps, letters) = gaps.finish(outside, outside_first, &ko_partner);
    Walked {
        moves: infos,
        gaps,
        final_stones: board.stones_top_down(),
        letters,
    }
}
