//! Writes game trees as FF[4] SGF in UTF-8, with uncompressed point lists.

use super::props::{self, Type};
use super::tree::{Collection, GameTree, NodeId, ROOT};
use super::value;

/// Lines are broken between nodes once they grow past this many bytes.
const LINE: usize = 78;

/// The whole collection as SGF text.
pub fn write(collection: &Collection) -> String {
    let mut out = String::new();
    for game in &collection.games {
        write_game(game, &mut out);
        out.push('\n');
    }
    out
}

enum Step {
    Var(NodeId),
    Close,
}

/// Appends one game tree; iterative, so any depth is fine.
pub fn write_game(game: &GameTree, out: &mut String) {
    let mut line_start = out.len();
    let go = is_go(game);
    let mut stack = vec![Step::Var(ROOT)];
    while let Some(step) = stack.pop() {
        let mut n = match step {
            Step::Close => {
                out.push(')');
                continue;
            }
            Step::Var(n) => n,
        };
        if n != ROOT && !out.ends_with('\n') {
            out.push('\n');
            line_start = out.len();
        }
        out.push('(');
        loop {
            write_node(game, n, go, out);
            if out.len() - line_start > LINE {
                out.push('\n');
                line_start = out.len();
            }
            let children = &game.nodes()[n].children;
            match children.len() {
                0 => {
                    out.push(')');
                    break;
                }
                1 => n = children[0],
                _ => {
                    stack.push(Step::Close);
                    stack.extend(children.iter().rev().map(|&c| Step::Var(c)));
                    break;
                }
            }
        }
    }
}

/// Whether point lists are written uncompressed: for Go, where the points are known to be on the board.
fn is_go(game: &GameTree) -> bool {
    game.root()
        .value("GM")
        .is_none_or(|v| value::parse_number(v) == Some(1))
}

fn write_node(game: &GameTree, n: NodeId, go: bool, out: &mut String) {
    out.push(';');
    let node = &game.nodes()[n];
    if n == ROOT {
        // Whatever the tree says, this text is FF[4] in UTF-8.
        out.push_str("FF[4]CA[UTF-8]");
    }
    for p in &node.props {
        let id = p.id.as_str();
        if n == ROOT && (id == "FF" || id == "CA") {
            continue;
        }
        out.push_str(id);
        let points = go && props::info(id).ty == Type::Point;
        if p.values.is_empty() {
            out.push_str("[]");
        }
        for v in &p.values {
            match points.then(|| value::expand_rect(v)).flatten() {
                Some(list) => {
                    for pt in list {
                        out.push('[');
                        out.push_str(&pt);
                        out.push(']');
                    }
                }
                None => {
                    out.push('[');
                    push_raw(v, out);
                    out.push(']');
                }
            }
        }
    }
}

/// Writes a raw value, escaping any `]` or trailing `\` a hand-built value may carry unescaped.
fn push_raw(v: &str, out: &mut String) {
    let b = v.as_bytes();
    if !b.contains(&b']') && !b.ends_with(b"\\") {
        out.push_str(v);
        return;
    }
    let mut chars = v.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(next) => {
                    out.push('\\');
                    out.push(next);
                }
                None => out.push_str("\\\\"),
            },
            ']' => out.push_str("\\]"),
            c => out.push(c),
        }
    }
}
