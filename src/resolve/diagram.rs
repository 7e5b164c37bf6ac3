//! A diagram as the reader sees it: the start position, which moves are drawn
//! as numbered stones, which cannot be drawn (the gaps), marks, labels, and the
//! caption settings with the defaults of fig, dia, var and prb.

use crate::format::schema::DiagramKind;
use crate::format::syntax::Attribute;
use crate::format::values::{self, Move};
use crate::point::{Color, Mark, Point};
use crate::resolve::godata::{self, GoData};
use crate::resolve::model::{Diagram, DiagramRole, Gap, GapsSetting, LangText, MoveInfo};
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
    let get = |name: &str| {
        attrs
            .iter()
            .rev()
            .find(|a| a.name == name)
            .map(|a| a.value.as_str())
    };
    let flag = |name: &str| get(name).and_then(|v| values::parse_flag(v).ok());
    let size = data.start.size();
    let pts = |name: &str| {
        get(name)
            .and_then(|v| values::parse_points(v, size).ok())
            .unwrap_or_default()
    };
    let pairs = |name: &str| {
        get(name)
            .and_then(|v| values::parse_point_pairs(v, size).ok())
            .unwrap_or_default()
    };

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
    let mut marks = Vec::new();
    for (name, mark) in [
        ("tr", Mark::Triangle),
        ("sq", Mark::Square),
        ("cr", Mark::Circle),
        ("ma", Mark::Cross),
        ("rg", Mark::Diamond),
    ] {
        marks.extend(pts(name).into_iter().map(|p| (p, mark)));
    }
    let mut territory: Vec<(Point, Color)> =
        pts("tb").into_iter().map(|p| (p, Color::Black)).collect();
    territory.extend(pts("tw").into_iter().map(|p| (p, Color::White)));

    let (moves, gaps, final_stones) = walk(data, &labels);
    let caption = lang_text(attrs, "ca");
    let kind = match role {
        DiagramRole::Block(k) => Some(k),
        DiagramRole::Inline => None,
    };
    let gaps_setting = match get("gaps") {
        None | Some("auto") => GapsSetting::Auto,
        Some("none") => GapsSetting::None,
        Some(_) => GapsSetting::Text(lang_text(attrs, "gaps")),
    };
    let gaps_setting = match gaps_setting {
        GapsSetting::Auto
            if lang_text(attrs, "gaps")
                .by_lang
                .iter()
                .any(|(_, v)| v != "auto") =>
        {
            GapsSetting::Text(lang_text(attrs, "gaps"))
        }
        g => g,
    };
    let width = get("width").map(str::to_string).unwrap_or_else(|| {
        match kind {
            Some(DiagramKind::Fig) | Some(DiagramKind::Prb) => "full",
            _ if inh.full_width && kind.is_some() => "full",
            _ => "dia",
        }
        .to_string()
    });
    let seqs = |name: &str| {
        get(name)
            .and_then(|v| values::parse_sequences(v, size).ok())
            .unwrap_or_default()
    };
    let mut correct = seqs("correct");
    if kind == Some(DiagramKind::Prb) && correct.is_empty() && data.moves.is_empty() {
        // The spec's default: the base's own continuation is the answer.
        if let Some(b) = base {
            let rest = b.range(data.at, b.end_number().saturating_sub(1));
            if !rest.is_empty() {
                correct.push(rest.into_iter().map(|m| (m, None)).collect());
            }
        }
    }
    Diagram {
        id: None,
        role,
        chapter: None,
        element: 0,
        line: 0,
        size,
        view: data
            .view
            .unwrap_or((Point::new(0, 0), Point::new(size - 1, size - 1))),
        first_number: data.first_number,
        to_play: data.start.to_play(),
        stones: exact(data.start.stones_top_down()),
        moves,
        final_stones: exact(final_stones),
        ko_point: data.start.ko_point(),
        marks,
        labels,
        territory,
        lines: pairs("ln"),
        arrows: pairs("ar"),
        gaps,
        gaps_setting,
        show_from_to: flag("showFromTo")
            .unwrap_or(kind == Some(DiagramKind::Fig) && !caption.is_set()),
        show_to_play: flag("showToPlay").unwrap_or(kind == Some(DiagramKind::Prb)),
        show_coords: flag("showCoords").unwrap_or(inh.show_coords),
        caption,
        width,
        align: get("align").map(str::to_string),
        correct,
        wrong: seqs("wrong"),
        correct_by_lang: seqs_by_lang(attrs, "correct", size),
        wrong_by_lang: seqs_by_lang(attrs, "wrong", size),
        text: None,
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

/// A gap in the making, with the move that orders it.
struct Pending {
    first: usize,
    gap: Gap,
}

/// The two points of a ko.
type KoPoints = (Point, Point);

/// A move that recaptured a ko without a stone of its own on the figure: its index, its
/// label and the gap line it would get alone.
type HiddenCapture = (usize, String, Gap);
/// Plays the sequence on the drawing: the figure convention keeps captured stones
/// drawn, so a move on a drawn point cannot be shown and becomes a gap.
fn walk(
    data: &GoData,
    labels: &[(Point, String)],
) -> (Vec<MoveInfo>, Vec<Gap>, Vec<(Point, Color)>) {
    let mut board = data.start.clone();
    let size = board.size() as usize;
    // One cell a point, indexed like the board: no hashing on the hot path of every move.
    let mut drawn = vec![Drawn::Empty; size * size];
    let cell = |p: Point| p.row as usize * size + p.col as usize;
    for (p, _) in board.stones() {
        drawn[cell(p)] = Drawn::Start(labels.iter().position(|(q, _)| *q == p));
    }
    let mut infos = Vec::with_capacity(data.moves.len());
    let mut pending: Vec<Pending> = Vec::new();
    // Moves on one drawn stone, grouped: target point -> index into `pending`.
    let mut at_groups: HashMap<Point, usize> = HashMap::new();
    // Hidden ko captures per ko (the two points), with the gap each would get alone.
    let mut kos: Vec<(KoPoints, Vec<HiddenCapture>)> = Vec::new();
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
                let n = number.to_string();
                number += 1;
                board.pass();
                pending.push(Pending {
                    first: i,
                    gap: Gap::Elsewhere(n.clone()),
                });
                infos.push(MoveInfo {
                    number: Some(number - 1),
                    point: None,
                    color,
                    shown: false,
                    captures: Box::default(),
                });
            }
            Move::Play(p) => {
                let n = number;
                number += 1;
                let captures = match godata::play(&mut board, *m) {
                    Some(Ok(o)) => o.captured.into_boxed_slice(),
                    _ => Box::default(),
                };
                let text = n.to_string();
                let mut info = MoveInfo {
                    number: Some(n),
                    point: Some(p),
                    color,
                    shown: false,
                    captures,
                };
                let at = cell(p);
                let alone = match drawn.get(at).copied().unwrap_or(Drawn::Empty) {
                    Drawn::Empty => {
                        if let Some(d) = drawn.get_mut(at) {
                            *d = Drawn::Numbered(n);
                        }
                        info.shown = true;
                        None
                    }
                    Drawn::Numbered(target) => Some(Gap::At {
                        moves: vec![text.clone()],
                        target: target.to_string(),
                    }),
                    Drawn::Start(Some(l)) => Some(Gap::At {
                        moves: vec![text.clone()],
                        target: labels[l].1.clone(),
                    }),
                    Drawn::Start(None) if !info.captures.is_empty() => {
                        Some(Gap::Takes(text.clone()))
                    }
                    Drawn::Start(None) => Some(Gap::Connects(text.clone())),
                };
                if let Some(gap) = alone {
                    let ko_capture = info.captures.len() == 1 && board.ko_point().is_some();
                    if ko_capture {
                        let q = info.captures[0];
                        let key = if p < q { (p, q) } else { (q, p) };
                        match kos.iter_mut().find(|(k, _)| *k == key) {
                            Some((_, v)) => v.push((i, text, gap)),
                            None => kos.push((key, vec![(i, text, gap)])),
                        }
                    } else {
                        add_gap(&mut pending, &mut at_groups, i, p, gap);
                    }
                }
                infos.push(info);
            }
        }
    }
    for (_, captures) in kos {
        if captures.len() >= 2 {
            let first = captures[0].0;
            pending.push(Pending {
                first,
                gap: Gap::Ko(captures.into_iter().map(|c| c.1).collect()),
            });
        } else {
            for (i, _, gap) in captures {
                let p = data.moves.get(i).and_then(|m| {
                    if let Move::Play(p) = m {
                        Some(*p)
                    } else {
                        None
                    }
                });
                add_gap(
                    &mut pending,
                    &mut at_groups,
                    i,
                    p.unwrap_or(Point::new(0, 0)),
                    gap,
                );
            }
        }
    }
    pending.sort_by_key(|g| g.first);
    let finals = board.stones_top_down();
    (infos, pending.into_iter().map(|p| p.gap).collect(), finals)
}

fn add_gap(
    pending: &mut Vec<Pending>,
    groups: &mut HashMap<Point, usize>,
    i: usize,
    p: Point,
    gap: Gap,
) {
    if let Gap::At { moves, .. } = &gap {
        if let Some(&k) = groups.get(&p) {
            if let Gap::At {
                moves: existing, ..
            } = &mut pending[k].gap
            {
                existing.extend(moves.iter().cloned());
                return;
            }
        }
        groups.insert(p, pending.len());
    }
    pending.push(Pending { first: i, gap });
}
