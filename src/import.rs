//! Making a book from a game record: the main line as Go data, a figure every
//! N moves, comments as paragraphs after the figure holding their move, and
//! variations as diagrams based on the game. Knows nothing of the command line.

use crate::format::syntax::{Attribute, Span};
use crate::format::values::Move;
use crate::format::writer::{self, Formatted};
use crate::point::{Color, MAX_SIZE};
use crate::resolve::sgf_data::alternate;
use crate::sgf::{self, GameTree, NodeId};

/// How the book is laid out.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Moves per figure (at least 1).
    pub every: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options { every: 50 }
    }
}

/// The ID of the `::go` element holding the game.
pub const GAME_ID: &str = "game";

/// Writes a book for `game`; `name` (usually the file stem) gives the book ID and,
/// failing game info, the title. Fails only for boards gobook cannot show.
pub fn book_from_game(game: &GameTree, name: &str, opts: &Options) -> Result<String, String> {
    let line = sgf::main_line(game);
    if !(2..=MAX_SIZE).contains(&line.size) {
        return Err(format!(
            "the board is {0}x{0}; gobook shows boards from 2x2 to {MAX_SIZE}x{MAX_SIZE}",
            line.size
        ));
    }
    let every = opts.every.max(1);
    let size = line.size;
    let main = walk(game, crate::sgf::ROOT, size);
    let gm = Numbered::new(&main.moves);
    let total = gm.count();

    let mut out = String::new();
    let title = title(&line.info, name);
    out.push_str("::book(#");
    out.push_str(&book_id(name));
    out.push(')');
    push_attr(&mut out, "title", &title, true);
    out.push_str("\n\n::chapter\n\n::h2 ");
    out.push_str(&safe_value(&title));
    if let Some(summary) = summary(&line.info) {
        out.push_str("\n\n");
        out.push_str(&summary);
    }

    out.push_str("\n\n");
    out.push_str(&go_element(game, &line, gm.first, &gm.moves));
    let first = gm.first.or(line.to_play);

    // Comments before the first move introduce the game.
    let figures = total.div_ceil(every).max(1);
    let figure_of = |number: u32| (number.max(1) - 1) / every;
    let mut per_figure: Vec<(Vec<String>, Vec<Variation>)> =
        (0..figures).map(|_| (Vec::new(), Vec::new())).collect();
    for (k, node) in main.nodes.iter().enumerate() {
        let done = gm.numbered_after(node.moves_before + node.moves);
        if let Some(c) = comment(game, node.id) {
            let number = (node.moves > 0)
                .then(|| gm.last_number_of(node.moves_before + node.moves))
                .flatten();
            if node.moves_before + node.moves == 0 {
                for p in paragraphs(&c, None) {
                    out.push_str("\n\n");
                    out.push_str(&p);
                }
            } else {
                per_figure[figure_of(done) as usize]
                    .0
                    .extend(paragraphs(&c, number));
            }
        }
        // Siblings of the next main-line node replace its move.
        let kids: &[NodeId] = &game.nodes()[node.id].children;
        if kids.len() > 1 && k + 1 < main.nodes.len() {
            let at = done + 1;
            let to_play = gm.to_play_before(at).or(first).unwrap_or(Color::Black);
            for &v in &kids[1..] {
                per_figure[figure_of(at.min(total)) as usize]
                    .1
                    .push(Variation {
                        node: v,
                        at,
                        to_play,
                    });
            }
        }
    }

    let mut next_dia = 1;
    for (f, (comments, variations)) in per_figure.iter().enumerate() {
        let from = f as u32 * every + 1;
        let to = (from + every - 1).min(total);
        out.push_str(&format!("\n\n::fig(#fig{})", f + 1));
        if total > 0 {
            out.push_str(&format!(" at={from} to={to}"));
        }
        for p in comments {
            out.push_str("\n\n");
            out.push_str(p);
        }
        for v in variations {
            write_variation(&mut out, game, size, v, GAME_ID, &mut next_dia);
        }
    }
    out.push('\n');
    // The writer's conventions (blank lines, quoting, one game-info attribute a line)
    // are applied once here, so the book is what `gobook fmt` would make of it.
    match writer::format(&out, false) {
        Formatted::Text(t) => Ok(t),
        Formatted::SyntaxErrors(e) => Err(format!(
            "internal: the book written has syntax errors: {:?}",
            e.first().map(|d| &d.message)
        )),
    }
}

/// The game as gobook Go data: a `::go(#game)` element with the main line's board,
/// setup, moves (`mv`) and game info; and the points of its numbered moves
/// (move `n` is at index `n - 1`).
pub fn game_data(game: &GameTree) -> Result<(String, Vec<crate::point::Point>), String> {
    game_data_to(game, None)
}

/// Like [`game_data`], but `mv` stops after the numbered move `last` (when given): a
/// diagram early in a long game then replays only the moves it shows. The points are
/// still those of every numbered move.
pub fn game_data_to(
    game: &GameTree,
    last: Option<u32>,
) -> Result<(String, Vec<crate::point::Point>), String> {
    let line = sgf::main_line(game);
    if !(2..=MAX_SIZE).contains(&line.size) {
        return Err(format!(
            "the board is {0}x{0}; gobook shows boards from 2x2 to {MAX_SIZE}x{MAX_SIZE}",
            line.size
        ));
    }
    // Numbered moves are the SGF moves that are not passes.
    let points: Vec<_> = line.moves.iter().filter_map(|m| m.point).collect();
    // Up to the next numbered move: passes after `last` stay, as the position after it has them.
    let next = last
        .and_then(|n| {
            line.moves
                .iter()
                .enumerate()
                .filter(|(_, m)| m.point.is_some())
                .nth(n as usize)
        })
        .map_or(line.moves.len(), |(i, _)| i + 1);
    let gm = Numbered::new(&line.moves[..next]);
    let end = last
        .and_then(|n| gm.plays.get(n as usize))
        .copied()
        .unwrap_or(gm.moves.len());
    Ok((go_element(game, &line, gm.first, &gm.moves[..end]), points))
}

fn go_element(
    game: &GameTree,
    line: &sgf::MainLine,
    first: Option<Color>,
    moves: &[Move],
) -> String {
    let size = line.size;
    let mut out = String::new();
    let out = &mut out;
    out.push_str("::go(#");
    out.push_str(GAME_ID);
    out.push(')');
    if size != 19 {
        push_attr(out, "sz", &size.to_string(), false);
    }
    let mut stones: Vec<_> = crate::resolve::sgf_data::setup(game, size)
        .stones()
        .collect();
    stones.sort_by_key(|(p, _)| (std::cmp::Reverse(p.row), p.col));
    let pts = |c: Color| {
        stones
            .iter()
            .filter(|s| s.1 == c)
            .map(|s| s.0.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let (black, white) = (pts(Color::Black), pts(Color::White));
    if !black.is_empty() {
        push_attr(out, "ab", &black, false);
    }
    if !white.is_empty() {
        push_attr(out, "aw", &white, false);
    }
    let first = first.or(line.to_play);
    if first == Some(Color::White) || (first.is_some() && !stones.is_empty()) {
        push_attr(
            out,
            "pl",
            if first == Some(Color::White) {
                "w"
            } else {
                "b"
            },
            false,
        );
    }
    if !moves.is_empty() {
        push_attr(out, "mv", &moves_text(moves), false);
    }
    let info = &line.info;
    for (n, v) in [
        ("pb", &info.pb),
        ("br", &info.br),
        ("wp", &info.wp),
        ("wr", &info.wr),
        ("km", &info.km),
        ("ha", &info.ha),
        ("re", &info.re),
        ("tm", &info.tm),
        ("dt", &info.dt),
        ("pc", &info.pc),
        ("ev", &info.ev),
        ("ro", &info.ro),
        ("us", &info.us),
        ("an", &info.an),
        ("cp", &info.cp),
        ("so", &info.so),
    ] {
        if let Some(v) = v.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
            push_attr(out, n, v, true);
        }
    }

    std::mem::take(out)
}

/// A variation to draw: its first node, the move it replaces and who plays there.
struct Variation {
    node: NodeId,
    at: u32,
    to_play: Color,
}

/// Writes one variation as a `::dia` based on `base`, its comments, then its own variations.
fn write_variation(
    out: &mut String,
    game: &GameTree,
    size: u8,
    v: &Variation,
    base: &str,
    next: &mut u32,
) {
    let id = format!("dia{next}");
    *next += 1;
    let line = walk(game, v.node, size);
    // The variation's first node is a move node; nodes above it belong to the main line.
    let nm = Numbered::new(&line.moves);
    out.push_str(&format!("\n\n::dia(#{id})"));
    // A variation of a variation goes on with its base's numbering.
    let offset = if base != GAME_ID { v.at - 1 } else { 0 };
    if base != GAME_ID {
        push_attr(out, "base", base, false);
    }
    push_attr(out, "at", &v.at.to_string(), false);
    if offset > 0 {
        push_attr(out, "mn", &v.at.to_string(), false);
    }
    if let Some(first) = nm.first.filter(|c| *c != v.to_play) {
        push_attr(
            out,
            "pl",
            if first == Color::White { "w" } else { "b" },
            false,
        );
    }
    if !nm.moves.is_empty() {
        push_attr(out, "mv", &moves_text(&nm.moves), false);
    }
    let mut subs = Vec::new();
    for (k, node) in line.nodes.iter().enumerate() {
        let done = nm.numbered_after(node.moves_before + node.moves);
        if let Some(c) = comment(game, node.id) {
            let number = (node.moves > 0)
                .then(|| nm.last_number_of(node.moves_before + node.moves))
                .flatten()
                .map(|n| n + offset);
            for p in paragraphs(&c, number) {
                out.push_str("\n\n");
                out.push_str(&p);
            }
        }
        let kids: &[NodeId] = &game.nodes()[node.id].children;
        if kids.len() > 1 && k + 1 < line.nodes.len() {
            let to_play = nm
                .to_play_before(done + 1)
                .unwrap_or_else(|| nm.first.unwrap_or(v.to_play));
            // `at` counts in this diagram's numbering, which starts after `offset`.
            let at = done + 1 + offset;
            subs.extend(kids[1..].iter().map(|&n| Variation {
                node: n,
                at,
                to_play,
            }));
        }
    }
    for s in subs {
        write_variation(out, game, size, &s, &id, next);
    }
}

/// One node along a line, with how many SGF moves came before it and how many it holds.
struct LineNode {
    id: NodeId,
    moves_before: usize,
    moves: usize,
}

/// A line of play: its nodes and SGF moves.
struct Line {
    nodes: Vec<LineNode>,
    moves: Vec<sgf::Move>,
}

/// Follows first children from `from`, collecting moves as [`sgf::main_line`] does.
fn walk(game: &GameTree, from: NodeId, size: u8) -> Line {
    let mut line = Line {
        nodes: Vec::new(),
        moves: Vec::new(),
    };
    let mut id = Some(from);
    while let Some(n) = id {
        let node = &game.nodes()[n];
        let before = line.moves.len();
        for p in &node.props {
            let color = match p.id.as_str() {
                "B" => Color::Black,
                "W" => Color::White,
                _ => continue,
            };
            if let Some(point) = p.value().and_then(|v| sgf::value::parse_move(v, size)) {
                line.moves.push(sgf::Move { color, point });
            }
        }
        line.nodes.push(LineNode {
            id: n,
            moves_before: before,
            moves: line.moves.len() - before,
        });
        id = node.children.first().copied();
    }
    line
}

/// SGF moves turned into gobook moves, with their numbering. The questions asked
/// once per node are answered from tables made once, so a long game costs linear time.
struct Numbered {
    first: Option<Color>,
    moves: Vec<Move>,
    /// `numbered[s]`: how many numbered moves (not passes) the first `s` SGF moves make.
    numbered: Vec<u32>,
    /// Index in `moves` of each numbered move.
    plays: Vec<usize>,
}

impl Numbered {
    fn new(sgf_moves: &[sgf::Move]) -> Numbered {
        let (first, pairs) = alternate(sgf_moves);
        let mut numbered = vec![0u32; sgf_moves.len() + 1];
        let mut plays = Vec::new();
        for (i, &(m, source)) in pairs.iter().enumerate() {
            if m != Move::Pass {
                numbered[source + 1] += 1;
                plays.push(i);
            }
        }
        for s in 1..numbered.len() {
            numbered[s] += numbered[s - 1];
        }
        Numbered {
            first,
            moves: pairs.iter().map(|p| p.0).collect(),
            numbered,
            plays,
        }
    }

    /// How many numbered moves there are.
    fn count(&self) -> u32 {
        self.plays.len() as u32
    }

    /// How many numbered moves the first `sgf_moves` SGF moves make.
    fn numbered_after(&self, sgf_moves: usize) -> u32 {
        self.numbered[sgf_moves.min(self.numbered.len() - 1)]
    }

    /// The number of SGF move `sgf_moves - 1`, if it is numbered (not a pass).
    fn last_number_of(&self, sgf_moves: usize) -> Option<u32> {
        let k = sgf_moves.checked_sub(1)?;
        let numbered = self.numbered_after(k + 1) > self.numbered_after(k);
        numbered.then(|| self.numbered_after(sgf_moves))
    }

    /// Who is to play in the position before move `at` (passes before it played), as gobook sees it.
    fn to_play_before(&self, at: u32) -> Option<Color> {
        let first = self.first?;
        let idx = (at as usize)
            .checked_sub(1)
            .and_then(|k| self.plays.get(k))
            .copied()
            .unwrap_or(self.moves.len());
        Some(if idx % 2 == 0 {
            first
        } else {
            first.opponent()
        })
    }
}

/// The move list in standard coordinates.
fn moves_text(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|m| match m {
            Move::Play(p) => p.to_string(),
            Move::Pass => "Pass".to_string(),
            Move::Tenuki => "Tenuki".to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn push_attr(out: &mut String, name: &str, value: &str, quoted: bool) {
    out.push(' ');
    let a = Attribute {
        name: name.into(),
        value: value.into(),
        quoted,
        on_new_line: false,
        name_span: Span::default(),
        value_span: Span::default(),
    };
    writer::write_attr(out, &a);
}

/// The comment of a node, if it has a non-blank one.
fn comment(game: &GameTree, id: NodeId) -> Option<String> {
    let c = game.nodes()[id].value("C")?;
    let text = sgf::value::text(c);
    (!text.trim().is_empty()).then_some(text)
}

/// The book title: "Black vs White", else the game name, the event, or `name`.
fn title(info: &sgf::GameInfo, name: &str) -> String {
    let clean = |v: &Option<String>| {
        v.as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from)
    };
    match (clean(&info.pb), clean(&info.wp)) {
        (Some(b), Some(w)) => format!("{b} vs {w}"),
        _ => clean(&info.gn)
            .or_else(|| clean(&info.ev))
            .unwrap_or_else(|| name.to_string()),
    }
}

/// A line naming the players, the result and where and when the game was played.
fn summary(info: &sgf::GameInfo) -> Option<String> {
    let clean = |v: &Option<String>| {
        v.as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from)
    };
    let player = |n: &Option<String>, r: &Option<String>| {
        clean(n).map(|n| match clean(r) {
            Some(r) => format!("{n} ({r})"),
            None => n,
        })
    };
    let mut parts = Vec::new();
    for (label, v) in [
        ("Black", player(&info.pb, &info.br)),
        ("White", player(&info.wp, &info.wr)),
        ("Event", clean(&info.ev)),
        ("Date", clean(&info.dt)),
        ("Place", clean(&info.pc)),
        ("Komi", clean(&info.km)),
        ("Result", clean(&info.re)),
    ] {
        if let Some(v) = v {
            parts.push(format!("{label}: {v}."));
        }
    }
    (!parts.is_empty()).then(|| paragraphs(&parts.join(" "), None).join(" "))
}

/// A book ID from a file name: ID characters only, and not only language tags.
fn book_id(name: &str) -> String {
    let id: String = name
        .chars()
        .map(|c| {
            if crate::format::parser::is_id_char(c) {
                c
            } else {
                '-'
            }
        })
        .collect();
    let id = id.trim_matches('-').to_string();
    if id.is_empty() || crate::format::parser::id_is_only_languages(&id) {
        format!("game-{id}").trim_end_matches('-').to_string()
    } else {
        id
    }
}

/// An element value that must not be read as an attribute: a first word like
/// `x=` gets a no-break space before it.
fn safe_value(text: &str) -> String {
    let t = text.trim();
    let first = t.split([' ', '\t']).next().unwrap_or("");
    let looks_like_attr = first.split_once('=').is_some_and(|(n, _)| {
        n.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
            && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    });
    let t = guard_markup(t);
    if looks_like_attr {
        format!("\u{a0}{t}")
    } else {
        t
    }
}

/// Comment text as paragraphs: empty lines split it; a line that would start an
/// element (`::`) is indented by a space, and tags the paragraph reader knows
/// (`<dia`, `<a`, `<img`, `</a>`, `</dia>`) get a space after `<` so they stay text.
/// `number` is the move the comment belongs to, shown in bold before the first paragraph.
fn paragraphs(text: &str, number: Option<u32>) -> Vec<String> {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let mut out: Vec<String> = Vec::new();
    let mut cur: Vec<String> = Vec::new();
    for line in text
        .split('\n')
        .map(str::trim_end)
        .chain(std::iter::once(""))
    {
        if line.trim().is_empty() {
            if !cur.is_empty() {
                out.push(cur.join("\n"));
                cur.clear();
            }
            continue;
        }
        let line = guard_markup(line);
        cur.push(if line.starts_with("::") {
            format!(" {line}")
        } else {
            line
        });
    }
    if let (Some(n), Some(first)) = (number, out.first_mut()) {
        *first = format!("**{n}:** {}", first.trim_start());
    }
    out
}

fn guard_markup(line: &str) -> String {
    let mut s = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(k) = rest.find('<') {
        s.push_str(&rest[..k]);
        s.push('<');
        let after = &rest[k + 1..];
        let tag = ["dia", "a", "img", "/dia>", "/a>"].iter().any(|t| {
            after.starts_with(t)
                && (t.ends_with('>')
                    || matches!(
                        after.as_bytes().get(t.len()),
                        Some(b' ' | b'\t' | b'>' | b'/')
                    ))
        });
        if tag {
            s.push(' ');
        }
        rest = after;
    }
    s.push_str(rest);
    s
}
