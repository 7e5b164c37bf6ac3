//! Writes SGF trees as XML Go files that validate against `go.dtd`, the way GoGui does.

use crate::escape;
use crate::point::Point;
use crate::sgf::props::{self, Type};
use crate::sgf::value;
use crate::sgf::{Collection, GameTree, Node, NodeId, ROOT};

/// Root properties that become `Information` children, with their element names.
const INFO: &[(&str, &str)] = &[
    ("AP", "Application"),
    ("PB", "BlackPlayer"),
    ("BR", "BlackRank"),
    ("PW", "WhitePlayer"),
    ("WR", "WhiteRank"),
    ("DT", "Date"),
    ("TM", "Time"),
    ("KM", "Komi"),
    ("RE", "Result"),
    ("HA", "Handicap"),
    ("US", "User"),
    ("AN", "Annotation"),
    ("BT", "BlackTeam"),
    ("WT", "WhiteTeam"),
    ("RO", "Round"),
    ("RU", "Rules"),
    ("SO", "Source"),
];

/// The whole collection as an XML Go document.
pub fn write(collection: &Collection) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<Go>\n");
    for game in &collection.games {
        write_game(game, &mut out);
    }
    out.push_str("</Go>\n");
    out
}

fn is_go(game: &GameTree) -> bool {
    game.root()
        .value("GM")
        .is_none_or(|v| value::parse_number(v) == Some(1))
}

fn size_of(game: &GameTree) -> (u8, bool) {
    match game.root().value("SZ").and_then(value::parse_size) {
        Some((c, r)) => (c.max(r), c == r),
        None => (19, true),
    }
}

enum Step {
    Seq(NodeId, u32),
    Open,
    Close,
}

fn write_game(game: &GameTree, out: &mut String) {
    let (size, square) = size_of(game);
    let go = is_go(game);
    let root = game.root();
    match root.value("GN") {
        Some(gn) => {
            out.push_str("<GoGame name=\"");
            escape::push_attr(out, &value::simple_text(gn));
            out.push_str("\">\n");
        }
        None => out.push_str("<GoGame>\n"),
    }
    out.push_str("<Information>\n");
    for &(id, name) in INFO {
        if id == "AP" {
            if let Some(ap) = root.value("AP") {
                element(name, &value::simple_text(ap), out);
            }
            if square {
                element("BoardSize", &size.to_string(), out);
            }
            continue;
        }
        if let Some(v) = root.value(id) {
            element(name, &value::simple_text(v), out);
        }
    }
    if let Some(cp) = root.value("CP") {
        out.push_str("<Copyright>\n");
        paragraphs(&value::text(cp), out);
        out.push_str("</Copyright>\n");
    }
    out.push_str("</Information>\n<Nodes>\n");
    let mut stack = vec![Step::Seq(ROOT, 0)];
    while let Some(step) = stack.pop() {
        let (mut n, mut number) = match step {
            Step::Open => {
                out.push_str("<Variation>\n");
                continue;
            }
            Step::Close => {
                out.push_str("</Variation>\n");
                continue;
            }
            Step::Seq(n, number) => (n, number),
        };
        loop {
            let node = &game.nodes()[n];
            if node.has("B") || node.has("W") {
                number += 1;
            }
            write_node(node, n == ROOT, number, size, square, go, out);
            let siblings: &[NodeId] = match node.parent {
                Some(p) if game.nodes()[p].children.first() == Some(&n) => {
                    &game.nodes()[p].children[1..]
                }
                _ => &[],
            };
            let next = node.children.first().copied();
            if siblings.is_empty() {
                match next {
                    Some(c) => {
                        n = c;
                        continue;
                    }
                    None => break,
                }
            }
            // Variations are alternatives to the node just written; the main line goes on after them.
            let before = number - u32::from(node.has("B") || node.has("W"));
            if let Some(c) = next {
                stack.push(Step::Seq(c, number));
            }
            for &s in siblings.iter().rev() {
                stack.push(Step::Close);
                stack.push(Step::Seq(s, before));
                stack.push(Step::Open);
            }
            break;
        }
    }
    out.push_str("</Nodes>\n</GoGame>\n");
}

fn write_node(
    node: &Node,
    is_root: bool,
    number: u32,
    size: u8,
    square: bool,
    go: bool,
    out: &mut String,
) {
    // Moves of other games, or unreadable ones, travel as SGF elements.
    let mv = node.props.iter().find(|p| {
        go && (p.id == "B" || p.id == "W")
            && p.value().and_then(|v| value::parse_move(v, size)).is_some()
    });
    let time_id = mv.map(|m| if m.id == "B" { "BL" } else { "WL" });
    let bare = !is_root
        && mv.is_some()
        && node
            .props
            .iter()
            .all(|p| mv.is_some_and(|m| std::ptr::eq(m, p)) || Some(p.id.as_str()) == time_id);
    if let (true, Some(m)) = (bare, mv) {
        move_element(
            m.id.as_str(),
            m.value().unwrap_or(""),
            node,
            number,
            size,
            out,
        );
        return;
    }
    let mut body = String::new();
    if let Some(m) = mv {
        move_element(
            m.id.as_str(),
            m.value().unwrap_or(""),
            node,
            number,
            size,
            &mut body,
        );
    }
    if go {
        stone_elements(node, size, &mut body);
        mark_elements(node, size, &mut body);
    }
    if let Some(c) = node.value("C") {
        body.push_str("<Comment>\n");
        paragraphs(&value::text(c), &mut body);
        body.push_str("</Comment>\n");
    }
    sgf_elements(node, is_root, square, go, mv, time_id, &mut body);
    node_element(node, &body, out);
}

/// The setup stones of a node (`AB`, `AW`, `AE`) as `AddBlack`, `AddWhite` and `Delete`.
fn stone_elements(node: &Node, size: u8, body: &mut String) {
    for p in &node.props {
        let id = p.id.as_str();
        let element = match id {
            "AB" => "AddBlack",
            "AW" => "AddWhite",
            "AE" => "Delete",
            _ => continue,
        };
        for pt in points(&p.values, size) {
            body.push_str(&format!(
                "<{element} at=\"{}\"/>\n",
                crate::xml::point_to_at(pt, size)
            ));
        }
    }
}

/// The marks of a node (`MA`, `CR`, `SQ`, `TR`, `TB`, `TW`, `LB`) as `Mark` elements.
fn mark_elements(node: &Node, size: u8, body: &mut String) {
    for p in &node.props {
        let attr = match p.id.as_str() {
            "MA" => "",
            "CR" => " type=\"circle\"",
            "SQ" => " type=\"square\"",
            "TR" => " type=\"triangle\"",
            "TB" => " territory=\"black\"",
            "TW" => " territory=\"white\"",
            "LB" => {
                for v in &p.values {
                    if let Some((pt, label)) = value::split_compose(v)
                        .and_then(|(a, b)| Some((value::parse_point(a, size)?, b)))
                    {
                        body.push_str(&format!(
                            "<Mark at=\"{}\" label=\"",
                            crate::xml::point_to_at(pt, size)
                        ));
                        escape::push_attr(body, &value::simple_text(label));
                        body.push_str("\"/>\n");
                    }
                }
                continue;
            }
            _ => continue,
        };
        for pt in points(&p.values, size) {
            body.push_str(&format!(
                "<Mark at=\"{}\"{attr}/>\n",
                crate::xml::point_to_at(pt, size)
            ));
        }
    }
}

/// The properties of a node that have no element of their own, as `SGF` elements (their
/// values as `Arg`s), so that nothing of the game is lost.
fn sgf_elements(
    node: &Node,
    is_root: bool,
    square: bool,
    go: bool,
    mv: Option<&crate::sgf::Property>,
    time_id: Option<&str>,
    body: &mut String,
) {
    for p in &node.props {
        let own = match p.id.as_str() {
            "B" | "W" => mv.is_some_and(|m| std::ptr::eq(m, p)),
            "AB" | "AW" | "AE" | "MA" | "CR" | "SQ" | "TR" | "TB" | "TW" | "LB" => go,
            _ => handled(p.id.as_str(), is_root, square, mv.is_some(), time_id),
        };
        if own || (is_root && p.id == "GM" && p.value() == Some("1")) {
            continue;
        }
        body.push_str("<SGF type=\"");
        escape::push_attr(body, p.id.as_str());
        body.push_str("\">");
        let ty = props::info(p.id.as_str()).ty;
        for v in &p.values {
            body.push_str("<Arg>");
            // Text travels as text; everything else as the raw SGF value, escapes and all.
            let shown = match ty {
                Type::Text => value::text(v),
                Type::SimpleText => value::simple_text(v),
                _ => v.to_string(),
            };
            escape::push_text(body, &shown);
            body.push_str("</Arg>");
        }
        body.push_str("</SGF>\n");
    }
}

/// The `Node` element around its content (`body`), with the node's name.
fn node_element(node: &Node, body: &str, out: &mut String) {
    out.push_str("<Node");
    if let Some(name) = node.value("N") {
        out.push_str(" name=\"");
        escape::push_attr(out, &value::simple_text(name));
        out.push('"');
    }
    if body.is_empty() {
        out.push_str("/>\n");
    } else {
        out.push_str(">\n");
        out.push_str(body);
        out.push_str("</Node>\n");
    }
}

/// Whether a property already has its own element or attribute in this node.
fn handled(id: &str, is_root: bool, square: bool, has_move: bool, time_id: Option<&str>) -> bool {
    if matches!(id, "C" | "N") {
        return true;
    }
    if has_move && Some(id) == time_id {
        return true;
    }
    if is_root {
        // FF and CA describe the SGF text itself; GM[1] is what a Go file is anyway.
        if matches!(id, "FF" | "CA" | "GN" | "CP") || (id == "SZ" && square) {
            return true;
        }
        if INFO.iter().any(|&(i, _)| i == id) {
            return true;
        }
    }
    false
}

fn move_element(id: &str, raw: &str, node: &Node, number: u32, size: u8, out: &mut String) {
    let name = if id == "B" { "Black" } else { "White" };
    let at = match value::parse_move(raw, size) {
        Some(Some(p)) => crate::xml::point_to_at(p, size),
        _ => String::new(),
    };
    out.push_str(&format!("<{name} number=\"{number}\" at=\"{at}\""));
    let time = if id == "B" { "BL" } else { "WL" };
    if let Some(t) = node.value(time) {
        out.push_str(" timeleft=\"");
        escape::push_attr(out, t);
        out.push('"');
    }
    out.push_str("/>\n");
}

fn points(values: &[crate::sgf::RawValue], size: u8) -> Vec<Point> {
    value::point_list(values, size).unwrap_or_else(|| {
        values
            .iter()
            .filter_map(|v| value::parse_point(v, size))
            .collect()
    })
}

fn element(name: &str, text: &str, out: &mut String) {
    out.push('<');
    out.push_str(name);
    out.push('>');
    escape::push_text(out, text);
    out.push_str("</");
    out.push_str(name);
    out.push_str(">\n");
}

/// One `P` per line, as GoGui does, so that line breaks survive the round trip.
fn paragraphs(text: &str, out: &mut String) {
    for line in text.split('\n') {
        if line.is_empty() {
            out.push_str("<P/>\n");
        } else {
            out.push_str("<P>");
            escape::push_text(out, line);
            out.push_str("</P>\n");
        }
    }
}
