//! Go data given as SGF text (the `sgf` attribute): the main line's board, setup
//! and moves, with SGF problems placed inside the attribute's value.
//!
//! The SGF acts as the element's base: without `at`, `to` or `mv` the element
//! holds the whole main line; `at`/`to` pick from it and `mv` replaces its moves,
//! exactly as with a `base`; `ab`, `aw`, `ae`, `pl` and `koPoint` apply on top of
//! the SGF's position. The SGF's game info is read by `game_info`, as the element's
//! own game info attributes are.

use crate::board::Board;
use crate::diagnostics::{Code, Diagnostics};
use crate::format::syntax::{Attribute, Span};
use crate::format::values::Move;
use crate::point::{Color, MAX_SIZE};
use crate::sgf;

/// A game's main line in gobook terms.
#[derive(Clone, Debug)]
pub struct SgfGame {
    /// The position before the first move, with the player to move.
    pub start: Board,
    /// The moves, alternating colours (a pass stands in for a missing turn).
    pub moves: Vec<Move>,
    /// Where each move stands in the gobook source.
    pub spans: Vec<Span>,
}

/// Turns SGF moves, which name their colour, into gobook moves, which alternate
/// from the first move's colour: two moves of one colour get a pass between them
/// (passes take no move number, so the numbering stays that of the game).
/// Returns the first player and, per gobook move, the index of its SGF move.
pub fn alternate(moves: &[sgf::Move]) -> (Option<Color>, Vec<(Move, usize)>) {
    let first = moves.first().map(|m| m.color);
    let mut next = first.unwrap_or(Color::Black);
    let mut out = Vec::with_capacity(moves.len());
    for (i, m) in moves.iter().enumerate() {
        if m.color != next {
            out.push((Move::Pass, i));
            next = m.color;
        }
        out.push((m.point.map_or(Move::Pass, Move::Play), i));
        next = next.opponent();
    }
    (first, out)
}

/// Reads the `sgf` attribute of Go data. SGF errors and repairs are reported at
/// their place in the value; `None` when the value is not SGF.
pub fn read(attr: &Attribute, diags: &mut Diagnostics) -> Option<SgfGame> {
    let value = &attr.value;
    // Positions map one to one into the source only when the value has no escapes
    // and decoding did not change the text.
    let exact = (attr.value_span.end - attr.value_span.start) as usize == value.len()
        && sgf::charset::decode(value.as_bytes()).text == value.as_str();
    let at_line_col = |line: usize, col: usize| -> Span {
        if !exact {
            return attr.value_span;
        }
        let off = offset_of(value, line, col);
        let len = value[off..].chars().next().map_or(0, char::len_utf8);
        Span::new(
            attr.value_span.start as usize + off,
            attr.value_span.start as usize + off + len,
        )
    };
    let parsed = match sgf::parse(value.as_bytes()) {
        Ok(p) => p,
        Err(e) => {
            diags.error(
                at_line_col(e.line, e.col),
                Code::SgfSyntax,
                format!("the `sgf` value is not valid SGF: {}", e.message),
            );
            return None;
        }
    };
    for w in &parsed.warnings {
        diags.warning(
            at_line_col(w.line, w.col),
            w.code,
            format!("in the `sgf` value: {}", w.message),
        );
    }
    let Some(game) = parsed.collection.games.first() else {
        diags.error(
            attr.value_span,
            Code::SgfEmpty,
            "the `sgf` value holds no game",
        );
        return None;
    };
    if parsed.collection.games.len() > 1 {
        diags.warning(
            attr.value_span,
            Code::SgfGames,
            "the `sgf` value holds several games; only the first is used",
        );
    }
    let line = sgf::main_line(game);
    if !(2..=MAX_SIZE).contains(&line.size) {
        diags.error(
            attr.value_span,
            Code::SgfSize,
            format!(
                "the SGF board size {} is not supported (2 to {MAX_SIZE})",
                line.size
            ),
        );
        return None;
    }
    // The board is the SGF's: when `sz` differs, Go data reports the mismatch.
    let size = line.size;
    let mut start = setup(game, size);
    let (first, moves) = alternate(&line.moves);
    // The first move decides who starts; PL only counts when there are no moves.
    start.set_to_play(first.or(line.to_play).unwrap_or(Color::Black));
    let positions = move_positions(game, line.size);
    let spans = moves
        .iter()
        .map(|&(_, i)| match positions.get(i) {
            Some(&pos) if exact && positions.len() == line.moves.len() => {
                let len = value
                    .get(pos..)
                    .and_then(|r| r.find(']'))
                    .map_or(1, |k| k + 1);
                Span::new(
                    attr.value_span.start as usize + pos,
                    attr.value_span.start as usize + pos + len,
                )
            }
            _ => attr.value_span,
        })
        .collect();
    Some(SgfGame {
        start,
        moves: moves.into_iter().map(|(m, _)| m).collect(),
        spans,
    })
}

/// The position before the first move: the main line's `AB`, `AW` and `AE`
/// applied in file order (a later `AE` clears an earlier `AB`), up to the first move.
pub fn setup(game: &sgf::GameTree, size: u8) -> Board {
    let mut board =
        Board::new(size).unwrap_or_else(|_| Board::new(19).expect("19 is a valid size"));
    for id in game.main_line_ids() {
        for p in &game.nodes()[id].props {
            let list = || {
                sgf::value::point_list(&p.values, size)
                    .unwrap_or_default()
                    .into_iter()
                    .filter(|q| q.on_board(size))
            };
            match p.id.as_str() {
                "AB" => list().for_each(|q| {
                    board.add_black(q);
                }),
                "AW" => list().for_each(|q| {
                    board.add_white(q);
                }),
                "AE" => list().for_each(|q| {
                    board.remove(q);
                }),
                "B" | "W"
                    if p.value()
                        .and_then(|v| sgf::value::parse_move(v, size))
                        .is_some() =>
                {
                    return board
                }
                _ => {}
            }
        }
    }
    board
}

/// Byte offsets (in the decoded text) of the main line's `B` and `W` properties
/// that [`sgf::main_line`] takes as moves, in order.
fn move_positions(game: &sgf::GameTree, size: u8) -> Vec<usize> {
    let mut out = Vec::new();
    for id in game.main_line_ids() {
        for p in &game.nodes()[id].props {
            if matches!(p.id.as_str(), "B" | "W")
                && p.value()
                    .and_then(|v| sgf::value::parse_move(v, size))
                    .is_some()
            {
                out.push(p.pos as usize);
            }
        }
    }
    out
}

/// The byte offset of 1-based `line` and character column `col` in `text` (clamped).
fn offset_of(text: &str, line: usize, col: usize) -> usize {
    let mut start = 0;
    for _ in 1..line {
        match text[start..].find('\n') {
            Some(k) => start += k + 1,
            None => break,
        }
    }
    let rest = &text[start..];
    let within = rest
        .char_indices()
        .nth(col.saturating_sub(1))
        .map_or(rest.len(), |(k, _)| k);
    start + within
}
