//! A problem file whose answer tree says nothing right: no line is marked correct, or
//! there is no answer at all. A `::prb` would have no solution (and `gobook check` would
//! warn about what the importer wrote), and calling every line wrong would be a guess;
//! so the position is a `::dia` that says who is to play, and each line of the file is a
//! `::var` of it with its comments: what the file shows, neither right nor wrong.

use super::line::{moves_text, Numbered};
use super::text::{comment, push_attr, AsWritten};
use crate::i18n;
use crate::point::Color;
use crate::sgf::{GameTree, NodeId};

/// What the command says of such a file: that it has no answer at all (`none`), or none
/// marked right, what it became, and how to make it a problem.
pub(super) fn note(none: bool) -> String {
    let what = if none {
        "no answer in the file: written as a diagram (`::dia`) that says who is to play"
    } else {
        "no line of the tree is marked correct: written as a diagram (`::dia`) with each line as a variation (`::var`), neither right nor wrong"
    };
    format!("{what}; make it a `::prb` with `correct=` to ask it")
}

/// The lines of the answer tree (node IDs, root to leaf) as `::var`s based on the
/// problem's diagram `base`, numbered from 1, shown over `view`; `to_play` moves first
/// unless the line starts with the other colour.
pub(super) fn variations(
    game: &GameTree,
    lines: &[Vec<NodeId>],
    base: &str,
    view: Option<&str>,
    to_play: Color,
) -> String {
    let size = game.board_size();
    let words = AsWritten { size, lang: "en" };
    let mut out = String::new();
    // One diagram per line of play: lines that differ only in the comments after their last
    // move (`(;W[fb](;C[x])(;C[y]))`) are one diagram with each line's comments.
    let mut shown: Vec<(Vec<crate::sgf::Move>, Vec<String>)> = Vec::new();
    for line in lines {
        let moves: Vec<crate::sgf::Move> = line
            .iter()
            .filter_map(|&n| node_move(game, n, size))
            .collect();
        if moves.is_empty() {
            // No move: its comments speak of the position itself.
            for c in line.iter().filter_map(|&n| comment(game, n)) {
                for p in words.paragraphs(&c, None) {
                    out.push_str("\n\n");
                    out.push_str(&p);
                }
            }
            continue;
        }
        let nm = Numbered::new(&moves);
        // Each move's comment after the board, named by the number it shows.
        let mut paras = Vec::new();
        let mut done = 0;
        for &n in line {
            let moves = usize::from(node_move(game, n, size).is_some());
            done += moves;
            let Some(c) = comment(game, n) else { continue };
            let number = (moves > 0).then(|| nm.last_number_of(done)).flatten();
            let prefix = number.map(|m| i18n::move_comment(m, "en"));
            paras.extend(words.paragraphs(&c, prefix.as_deref()));
        }
        match shown.iter_mut().find(|(m, _)| *m == moves) {
            Some((_, said)) => {
                for p in paras {
                    if !said.contains(&p) {
                        said.push(p);
                    }
                }
            }
            None => shown.push((moves, paras)),
        }
    }
    for (k, (moves, paras)) in (1u32..).zip(shown.iter()) {
        let nm = Numbered::new(moves);
        out.push_str(&format!("\n\n::var(#{base}-v{k})"));
        push_attr(&mut out, "base", base, false);
        push_attr(&mut out, "at", "1", false);
        if let Some(first) = nm.first.filter(|c| *c != to_play) {
            let pl = if first == Color::White { "w" } else { "b" };
            push_attr(&mut out, "pl", pl, false);
        }
        push_attr(&mut out, "mv", &moves_text(&nm.moves), false);
        push_attr(
            &mut out,
            "ca",
            &i18n::variation_caption(k, None, "en"),
            true,
        );
        if let Some(v) = view {
            push_attr(&mut out, "vw", v, false);
        }
        for p in paras {
            out.push_str("\n\n");
            out.push_str(p);
        }
    }
    out
}

/// The move of node `n`, if it has one (the first of B and W).
fn node_move(game: &GameTree, n: NodeId, size: u8) -> Option<crate::sgf::Move> {
    game.nodes()[n].props.iter().find_map(|p| {
        let color = match p.id.as_str() {
            "B" => Color::Black,
            "W" => Color::White,
            _ => return None,
        };
        let point = crate::sgf::value::parse_move(p.value()?, size)?;
        Some(crate::sgf::Move { color, point })
    })
}
