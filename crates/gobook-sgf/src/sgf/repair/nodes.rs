//! What a node holds together: annotations that need a move or exclude each other, and
//! nodes that mix setup and a move, or hold both moves, split in two.

use crate::diagnostics::Code;
use crate::sgf::props::Kind;
use crate::sgf::tree::{GameTree, NodeId, Props};

pub(super) fn check_annotations(list: &mut Props, warn: &mut dyn FnMut(usize, Code, String)) {
    let has_move = list.iter().any(|p| p.id == "B" || p.id == "W");
    if !has_move {
        list.retain(|p| {
            let orphan = matches!(p.id.as_str(), "BM" | "TE" | "DO" | "IT");
            if orphan {
                warn(
                    p.pos as usize,
                    Code::SgfAnnotation,
                    format!(
                        "move annotation {} without a move in the node (deleted)",
                        p.id
                    ),
                );
            }
            !orphan
        });
    }
    // GB, GW, DM and UC exclude each other: the first one stays.
    let mut seen = false;
    list.retain(|p| {
        if !matches!(p.id.as_str(), "GB" | "GW" | "DM" | "UC") {
            return true;
        }
        if seen {
            warn(
                p.pos as usize,
                Code::SgfAnnotation,
                format!(
                    "annotation {} contradicts an earlier one in the node (deleted)",
                    p.id
                ),
            );
            return false;
        }
        seen = true;
        true
    });
}

/// Old files mix setup and moves in one node, or put both moves in one: split such nodes.
pub(super) fn split(game: &mut GameTree, id: NodeId, warn: &mut dyn FnMut(usize, Code, String)) {
    let node = &game.nodes()[id];
    let has_move = node.props.iter().any(|p| p.id == "B" || p.id == "W");
    let has_setup = node.props.iter().any(|p| p.id.info().kind == Kind::Setup);
    let mut move_node = id;
    if has_move && has_setup {
        let props = std::mem::take(&mut game.node_mut(id).props);
        let (first, second): (Props, Props) = props.into_iter().partition(|p| {
            matches!(p.id.info().kind, Kind::Setup | Kind::Root | Kind::GameInfo) || p.id == "N"
        });
        let pos = second
            .iter()
            .find(|p| p.id == "B" || p.id == "W")
            .map_or(0, |p| p.pos as usize);
        warn(
            pos,
            Code::SgfSplitNode,
            "setup and move properties mixed in one node (split into two nodes)".into(),
        );
        game.node_mut(id).props = first;
        move_node = game.insert_below(id);
        game.node_mut(move_node).props = second;
    }
    let node = &game.nodes()[move_node];
    let b = node.props.iter().position(|p| p.id == "B");
    let w = node.props.iter().position(|p| p.id == "W");
    if let (Some(b), Some(w)) = (b, w) {
        // The later move and its own clock go to a new node.
        let (second_id, clock) = if b < w {
            ("W", ["WL", "OW"])
        } else {
            ("B", ["BL", "OB"])
        };
        let props = std::mem::take(&mut game.node_mut(move_node).props);
        let (second, first): (Props, Props) = props
            .into_iter()
            .partition(|p| p.id == second_id || clock.contains(&p.id.as_str()));
        let pos = second.first().map_or(0, |p| p.pos as usize);
        warn(
            pos,
            Code::SgfSplitNode,
            "black and white move in one node (split into two nodes)".into(),
        );
        game.node_mut(move_node).props = first;
        let below = game.insert_below(move_node);
        game.node_mut(below).props = second;
    }
}
