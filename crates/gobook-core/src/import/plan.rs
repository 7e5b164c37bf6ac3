//! Where the figures of a game end, planned as the editor of a printed Go book does:
//! figures of about the target length whose ends move to where the commentary needs
//! a board of its own, never shorter than a minimum except the last.

use super::line::{Line, Numbered};
use super::markup::{self, Markup};
use super::text::comment;
use super::LONG_COMMENT;
use crate::format::values::Move;
use crate::point::Point;
use crate::sgf::GameTree;
use std::collections::BTreeSet;

/// No figure but the last has fewer moves: a figure of two moves is a page of board
/// for almost nothing, so shorter needs are met by reference diagrams instead.
pub const MIN_FIGURE: u32 = 10;

/// The last move of every figure but the last, in order. A figure ends after `every`
/// moves, or earlier where a comment needs a board of its own (a long comment on a
/// move, or markup that clashes with the figure's), but only once it holds half the
/// target length (and at least [`MIN_FIGURE`]); before that, the markup goes into a
/// reference diagram.
pub(super) fn figure_ends(
    game: &GameTree,
    main: &Line,
    gm: &Numbered,
    size: u8,
    every: u32,
) -> BTreeSet<u32> {
    let every = every.max(1);
    let soft = (every / 2).max(MIN_FIGURE).min(every);
    let mut ends = BTreeSet::new();
    let mut from = 1;
    let mut marks = Markup::default();
    let mut wants_end = false;
    for node in &main.nodes {
        let done_before = gm.numbered_after(node.moves_before);
        let done = gm.numbered_after(node.moves_before + node.moves);
        let (m, _) = markup::of_node(game, node.id, size);
        if done > done_before && done_before >= from {
            let len = done_before + 1 - from;
            let needs = wants_end || marks.clashes(&m);
            if done > from + every - 1 || (needs && len >= soft) {
                ends.insert(done_before);
                from = done_before + 1;
                marks = Markup::default();
            }
            wants_end = false;
        }
        if !marks.clashes(&m) {
            marks.merge(&m);
        }
        if node.moves > 0
            && comment(game, node.id).is_some_and(|c| c.chars().count() >= LONG_COMMENT)
        {
            wants_end = true;
        }
    }
    ends
}

/// The points of the numbered moves `from..=to`: the stones a figure of those moves
/// shows with numbers, where no letter or mark may stand.
pub(super) fn numbered_points(gm: &Numbered, from: u32, to: u32) -> BTreeSet<Point> {
    (from..=to)
        .filter_map(|n| gm.plays.get(n.checked_sub(1)? as usize))
        .filter_map(|&i| match gm.moves.get(i) {
            Some(Move::Play(p)) => Some(*p),
            _ => None,
        })
        .collect()
}

/// Whether `m` puts a letter or mark on one of `numbered`, where it would hide a number.
pub(super) fn hides_number(m: &Markup, numbered: &BTreeSet<Point>) -> bool {
    m.points.keys().any(|p| numbered.contains(p))
}
