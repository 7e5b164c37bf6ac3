//! Reads XML Go files into SGF trees, leniently (Jago's and GoGui's deviations from the DTD included).

use super::{at_to_point, Parsed, XmlError};
use crate::diagnostics::Code;
use crate::sgf::value;
use crate::sgf::{Collection, GameTree, NodeId, Warning, ROOT};
use quick_xml::events::{BytesRef, BytesStart, Event};
use quick_xml::Reader;

/// Information elements and the SGF properties they hold.
const INFO: &[(&str, &str)] = &[
    ("Application", "AP"),
    ("BoardSize", "SZ"),
    ("BlackPlayer", "PB"),
    ("BlackRank", "BR"),
    ("WhitePlayer", "PW"),
    ("WhiteRank", "WR"),
    ("Date", "DT"),
    ("Time", "TM"),
    ("Komi", "KM"),
    ("Result", "RE"),
    ("Handicap", "HA"),
    ("User", "US"),
    ("Copyright", "CP"),
    ("Annotation", "AN"),
    ("BlackTeam", "BT"),
    ("WhiteTeam", "WT"),
    ("Round", "RO"),
    ("Rules", "RU"),
    ("Source", "SO"),
];

/// Where text goes while it is read.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Sink {
    None,
    Info,
    Para,
    CommentDirect,
    Arg,
    At,
}

/// One open element.
struct Open {
    name: String,
    /// For `Nodes` and `Variation`: the last node of this sequence.
    cur: Option<NodeId>,
    /// For `Variation`: the node its first node hangs from.
    parent: Option<NodeId>,
    /// For a move or stone element: its SGF identifier.
    prop: Option<&'static str>,
}

struct State {
    games: Vec<GameTree>,
    game: GameTree,
    root_used: bool,
    size: u8,
    stack: Vec<Open>,
    /// The node that Node-level content goes into.
    node: Option<NodeId>,
    text: String,
    paras: Vec<String>,
    args: Vec<String>,
    sgf_type: Option<String>,
    info_prop: Option<&'static str>,
    sink: Sink,
    warnings: Vec<(usize, String)>,
}

/// Reads an XML Go document (UTF-8) into SGF game trees.
pub fn read(bytes: &[u8]) -> Result<Parsed, XmlError> {
    let decoded = crate::sgf::charset::decode_xml(bytes);
    let text: &str = &decoded;
    let mut reader = Reader::from_str(text);
    let mut st = State::new();
    let mut saw_go = false;
    loop {
        let pos = reader.buffer_position() as usize;
        let ev = reader.read_event().map_err(|e| {
            let at = reader.error_position() as usize;
            let (line, col) = line_col(text, at);
            XmlError {
                line,
                col,
                message: format!("not well-formed XML: {e}"),
            }
        })?;
        match ev {
            Event::Start(e) => {
                saw_go |= e.name().as_ref() == b"Go";
                st.start(&e, pos, false);
            }
            Event::Empty(e) => {
                saw_go |= e.name().as_ref() == b"Go";
                st.start(&e, pos, true);
                st.end(pos);
            }
            Event::End(_) => st.end(pos),
            Event::Text(t) if st.sink != Sink::None => {
                let s = t
                    .xml10_content()
                    .map_err(|e| err(text, pos, e.to_string()))?;
                st.push_text(&s, pos);
            }
            Event::CData(t) if st.sink != Sink::None => {
                st.push_text(&String::from_utf8_lossy(&t), pos);
            }
            Event::GeneralRef(r) if st.sink != Sink::None => st.push_entity(&r, pos),
            Event::Eof => break,
            _ => {}
        }
    }
    check_complete(&st, text, saw_go)?;
    let warnings = located(text, st.warnings);
    Ok(Parsed {
        collection: Collection { games: st.games },
        warnings,
    })
}

/// The errors of a document read to its end: an element left open, no `<Go>`, no game.
fn check_complete(st: &State, text: &str, saw_go: bool) -> Result<(), XmlError> {
    if let Some(open) = st.stack.last() {
        return Err(err(
            text,
            text.len(),
            format!("not well-formed XML: the file ends inside <{}>", open.name),
        ));
    }
    if !saw_go {
        return Err(XmlError {
            line: 1,
            col: 1,
            message: "no <Go> element: not an XML Go file".into(),
        });
    }
    // As an SGF file must hold a game tree, so must this: no games would be written as no SGF.
    if st.games.is_empty() {
        return Err(XmlError {
            line: 1,
            col: 1,
            message: "no <GoGame> element in <Go>: the file holds no game".into(),
        });
    }
    Ok(())
}

/// The warnings found at byte offsets, in the order of the file, with their lines and columns.
fn located(text: &str, mut found: Vec<(usize, String)>) -> Vec<Warning> {
    found.sort_by_key(|w| w.0);
    // One cursor walks the text once: the offsets are sorted.
    let mut cursor = crate::sgf::position::Cursor::default();
    found
        .into_iter()
        .map(|(pos, message)| {
            let (line, col) = cursor.advance(text, pos);
            Warning {
                line,
                col,
                code: Code::XmlRepair,
                message,
            }
        })
        .collect()
}

fn err(text: &str, pos: usize, message: String) -> XmlError {
    let (line, col) = line_col(text, pos);
    XmlError { line, col, message }
}

fn line_col(text: &str, pos: usize) -> (usize, usize) {
    crate::sgf::position::Cursor::default().advance(text, pos)
}

fn attr(e: &BytesStart, name: &str) -> Option<String> {
    e.attributes()
        .flatten()
        .find(|a| a.key.as_ref() == name.as_bytes())
        .and_then(|a| {
            a.normalized_value(quick_xml::XmlVersion::Implicit1_0)
                .ok()
                .map(|v| v.into_owned())
        })
}

impl State {
    /// The state before the first element: no game, a 19x19 board.
    fn new() -> State {
        State {
            games: Vec::new(),
            game: GameTree::new(),
            root_used: false,
            size: 19,
            stack: Vec::new(),
            node: None,
            text: String::new(),
            paras: Vec::new(),
            args: Vec::new(),
            sgf_type: None,
            info_prop: None,
            sink: Sink::None,
            warnings: Vec::new(),
        }
    }

    fn parent_name(&self) -> &str {
        self.stack.last().map_or("", |o| o.name.as_str())
    }

    /// Whether a `<GoGame>` is open.
    fn in_game(&self) -> bool {
        self.stack.iter().any(|o| o.name == "GoGame")
    }

    /// Starts an empty game. Every node ID held (the current node, the open sequences' last
    /// nodes and variations' parents) belonged to the game before and is forgotten.
    fn fresh_game(&mut self) {
        self.game = GameTree::new();
        self.node = None;
        self.root_used = false;
        self.size = 19;
        for o in &mut self.stack {
            o.cur = None;
            o.parent = None;
        }
    }

    /// A new node in the innermost sequence (`Nodes` or `Variation`).
    fn new_node(&mut self) -> NodeId {
        let seq = self
            .stack
            .iter()
            .rposition(|o| o.name == "Nodes" || o.name == "Variation");
        let id = if !self.root_used {
            self.root_used = true;
            ROOT
        } else {
            let (cur, parent) =
                seq.map_or((None, None), |i| (self.stack[i].cur, self.stack[i].parent));
            let hang = cur.or(parent).unwrap_or(ROOT);
            self.game.add_child(hang)
        };
        if let Some(i) = seq {
            self.stack[i].cur = Some(id);
        }
        id
    }

    fn push_prop(&mut self, node: NodeId, id: &str, value: String) {
        let n = self.game.node_mut(node);
        match n.props.iter_mut().find(|p| p.id == id) {
            Some(p) => p.values.push(value),
            None => n.props.push(crate::sgf::Property::new(id, vec![value])),
        }
    }

    fn point_value(&mut self, at: &str, pos: usize, pass_ok: bool) -> Option<String> {
        if at.trim().is_empty() && pass_ok {
            return Some(String::new());
        }
        match at_to_point(at).filter(|p| p.on_board(self.size)) {
            Some(p) => Some(value::point_raw(p, self.size)),
            None => {
                self.warnings
                    .push((pos, format!("unreadable point '{at}' (ignored)")));
                None
            }
        }
    }

    fn start(&mut self, e: &BytesStart, pos: usize, _empty: bool) {
        let name = String::from_utf8_lossy(e.name().as_ref()).into_owned();
        let parent = self.parent_name().to_string();
        let mut open = Open {
            name: name.clone(),
            cur: None,
            parent: None,
            prop: None,
        };
        match (parent.as_str(), name.as_str()) {
            ("", "Go") => {}
            // A game inside another game (under a `<Go>` nested in it) is not one: it would cut the outer game in two.
            ("Go", "GoGame") if !self.in_game() => self.start_game(e),
            ("GoGame", "Information") => {}
            ("Information", field) => self.start_info(field, pos),
            ("Copyright", "P") | ("Comment", "P") => {
                self.sink = Sink::Para;
                self.text.clear();
            }
            ("GoGame", "Nodes") => {}
            ("Nodes" | "Variation", "Variation") => {
                // A variation is an alternative to the last node of the enclosing sequence.
                let cur = self.stack.last().and_then(|o| o.cur);
                open.parent = cur.and_then(|c| self.game.nodes()[c].parent);
            }
            ("Nodes" | "Variation", "Node") => {
                let id = self.new_node();
                self.node = Some(id);
                if let Some(n) = attr(e, "name") {
                    self.push_prop(id, "N", value::escape_text(&n));
                }
            }
            ("Nodes" | "Variation" | "Node", "Black" | "White") => {
                open.prop = self.start_move(e, &parent, &name, pos);
            }
            ("Node", "AddBlack" | "AddWhite" | "Delete" | "Mark") => {
                open.prop = self.start_stones(e, &name, pos);
            }
            ("Black" | "White" | "AddBlack" | "AddWhite" | "Delete" | "Mark", "at") => {
                self.sink = Sink::At;
                self.text.clear();
            }
            ("Node", "BlackToPlay") => self.push_prop(self.node.unwrap_or(ROOT), "PL", "B".into()),
            ("Node", "WhiteToPlay") => self.push_prop(self.node.unwrap_or(ROOT), "PL", "W".into()),
            ("Nodes" | "Variation" | "Node" | "GoGame", "Comment") => self.start_comment(&parent),
            ("Node", "SGF") => {
                self.sgf_type = attr(e, "type");
                self.args.clear();
            }
            ("SGF", "Arg") => {
                self.sink = Sink::Arg;
                self.text.clear();
            }
            _ => self.unknown(&name, pos),
        }
        self.stack.push(open);
    }

    /// `<GoGame>`: a fresh game, its name as `GN`.
    fn start_game(&mut self, e: &BytesStart) {
        self.fresh_game();
        if let Some(n) = attr(e, "name") {
            self.game.root_mut().props.push(crate::sgf::Property::new(
                "GN",
                vec![value::escape_text(&n)],
            ));
        }
    }

    /// An element of `<Information>`: its text, read until its end, is the value of the
    /// property [`INFO`] names.
    fn start_info(&mut self, field: &str, pos: usize) {
        match INFO.iter().find(|(n, _)| *n == field) {
            Some(&(_, id)) => {
                self.info_prop = Some(id);
                // The copyright's text is in paragraphs, which collect it themselves.
                self.sink = if id == "CP" { Sink::None } else { Sink::Info };
                self.text.clear();
                self.paras.clear();
            }
            None => self.unknown(field, pos),
        }
    }

    /// `<Black>` or `<White>`: a move, in the current node (inside `<Node>`) or a node of its
    /// own (directly in a sequence, as GoGui writes them). Returns the property still waiting
    /// for its point from an `<at>` element, if the `at` attribute gave none.
    fn start_move(
        &mut self,
        e: &BytesStart,
        parent: &str,
        name: &str,
        pos: usize,
    ) -> Option<&'static str> {
        let id = if parent == "Node" {
            self.node.unwrap_or(ROOT)
        } else {
            self.new_node()
        };
        if parent != "Node" {
            self.node = Some(id);
        }
        let (prop, time) = if name == "Black" {
            ("B", "BL")
        } else {
            ("W", "WL")
        };
        let mut waiting = Some(prop);
        if let Some(at) = attr(e, "at") {
            if let Some(v) = self.point_value(&at, pos, true) {
                self.push_prop(id, prop, v);
                waiting = None;
            }
        }
        if let Some(t) = attr(e, "timeleft") {
            self.push_prop(id, time, t);
        }
        waiting
    }

    /// `<AddBlack>`, `<AddWhite>`, `<Delete>` or `<Mark>` in a node. Returns the property
    /// still waiting for its point from an `<at>` element, if there is no `at` attribute.
    fn start_stones(&mut self, e: &BytesStart, name: &str, pos: usize) -> Option<&'static str> {
        let node = self.node.unwrap_or(ROOT);
        let prop: &'static str = match name {
            "AddBlack" => "AB",
            "AddWhite" => "AW",
            "Delete" => "AE",
            _ => mark_prop(e),
        };
        let Some(at) = attr(e, "at") else {
            return Some(prop);
        };
        if let Some(v) = self.point_value(&at, pos, false) {
            let v = match attr(e, "label") {
                Some(l) => format!("{v}:{}", value::escape_compose_part(&l)),
                None => v,
            };
            self.push_prop(node, prop, v);
        }
        None
    }

    /// `<Comment>`: its text goes to the current node, read until its end.
    fn start_comment(&mut self, parent: &str) {
        if parent != "Node" {
            // A comment directly in a sequence belongs to its last node (or a new root).
            let cur = self.stack.iter().rev().find_map(|o| o.cur);
            let id = match cur {
                Some(c) if self.root_used => c,
                _ => self.new_node(),
            };
            self.node = Some(id);
        }
        self.paras.clear();
        self.text.clear();
        self.sink = Sink::CommentDirect;
    }

    /// Adds the character an entity or character reference (`&amp;`, `&#233;`) stands for;
    /// an entity the XML standard does not define is left out with a warning.
    fn push_entity(&mut self, r: &BytesRef, pos: usize) {
        match super::entity_text(r) {
            Some(c) => self.push_text(&c, pos),
            None => self
                .warnings
                .push((pos, "unknown entity reference (ignored)".into())),
        }
    }

    /// Adds text read from the file; control characters (written as character
    /// references, which XML 1.0 forbids too) are left out with a warning.
    fn push_text(&mut self, s: &str, pos: usize) {
        if let Some(c) = s.chars().find(|&c| crate::chars::is_forbidden(c)) {
            self.warnings.push((
                pos,
                format!(
                    "control character {} in the text (removed)",
                    crate::chars::describe(c)
                ),
            ));
        }
        self.text.push_str(&crate::chars::strip(s));
    }

    fn unknown(&mut self, name: &str, pos: usize) {
        self.warnings
            .push((pos, format!("unknown element <{name}> (ignored)")));
    }

    fn end(&mut self, pos: usize) {
        let Some(open) = self.stack.pop() else { return };
        let parent = self.parent_name().to_string();
        match (parent.as_str(), open.name.as_str()) {
            ("Go", "GoGame") if !self.in_game() => {
                let game = std::mem::take(&mut self.game);
                self.games.push(game);
                // What stands after the game (unknown elements) must not reach into it.
                self.fresh_game();
            }
            ("Information", _) => self.end_info(),
            ("Copyright" | "Comment", "P") => self.end_paragraph(&parent),
            (_, "Comment") => self.end_comment(),
            (_, "at") => self.end_at(pos),
            ("SGF", "Arg") => {
                self.args.push(std::mem::take(&mut self.text));
                self.sink = Sink::None;
            }
            (_, "SGF") => self.end_sgf(pos),
            (_, "Node") => {}
            (_, "Black" | "White") if parent != "Node" => {}
            _ => {}
        }
    }
    /// The end of an `<Information>` element: its text becomes a root property; `SZ` also
    /// sets the board size the points that follow are read on.
    fn end_info(&mut self) {
        if let Some(id) = self.info_prop.take() {
            let text = if id == "CP" {
                self.paras.join("\n")
            } else {
                self.text.trim().to_string()
            };
            if id == "SZ" {
                self.size = text
                    .parse()
                    .ok()
                    .filter(|&s| s > 0 && s <= 52)
                    .unwrap_or(19);
            }
            if !text.is_empty() {
                self.game
                    .root_mut()
                    .set(id, vec![value::escape_text(&text)]);
            }
        }
        self.sink = Sink::None;
    }

    /// The end of a `<P>` in a copyright or comment: one paragraph of it.
    fn end_paragraph(&mut self, parent: &str) {
        // Line breaks inside a paragraph are layout, not content.
        let p: String = self
            .text
            .chars()
            .filter(|&c| c != '\n' && c != '\r')
            .collect();
        self.paras.push(p);
        self.text.clear();
        self.sink = if parent == "Comment" {
            Sink::CommentDirect
        } else {
            Sink::None
        };
    }

    /// The end of a `<Comment>`: its paragraphs (or its text, without any) become the
    /// current node's `C`.
    fn end_comment(&mut self) {
        let mut body = self.paras.join("\n");
        if self.paras.is_empty() {
            body = self.text.trim().to_string();
        }
        let node = self.node.unwrap_or(ROOT);
        if !body.is_empty() {
            self.push_prop(node, "C", value::escape_text(&body));
        }
        self.text.clear();
        self.paras.clear();
        self.sink = Sink::None;
    }

    /// The end of an `<at>`: its text is the point of the move or stone element around it.
    fn end_at(&mut self, pos: usize) {
        let at = std::mem::take(&mut self.text);
        self.sink = Sink::None;
        let grand = self.stack.last().and_then(|o| o.prop);
        if let Some(prop) = grand {
            let pass_ok = prop == "B" || prop == "W";
            if let Some(v) = self.point_value(&at, pos, pass_ok) {
                let node = self.node.unwrap_or(ROOT);
                self.push_prop(node, prop, v);
            }
        }
    }

    /// The end of an `<SGF>`: a property of any identifier, its values from the `<Arg>`
    /// elements (text escaped as SGF text).
    fn end_sgf(&mut self, pos: usize) {
        let node = self.node.unwrap_or(ROOT);
        match self.sgf_type.take() {
            Some(t) if !t.is_empty() && t.bytes().all(|b| b.is_ascii_uppercase()) => {
                let ty = crate::sgf::props::info(&t).ty;
                let args = std::mem::take(&mut self.args);
                let values: Vec<String> = if args.is_empty() {
                    vec![String::new()]
                } else {
                    args
                };
                for a in values {
                    let v = match ty {
                        crate::sgf::props::Type::Text | crate::sgf::props::Type::SimpleText => {
                            value::escape_text(&a)
                        }
                        _ => a,
                    };
                    self.push_prop(node, &t, v);
                }
            }
            t => self.warnings.push((
                pos,
                format!(
                    "SGF element with an unusable type {:?} (ignored)",
                    t.unwrap_or_default()
                ),
            )),
        }
    }
}

/// The SGF property of a `<Mark>`: a label, a shape (`type`), territory, or a plain mark.
fn mark_prop(e: &BytesStart) -> &'static str {
    match (
        attr(e, "type").as_deref(),
        attr(e, "territory").as_deref(),
        attr(e, "label"),
    ) {
        (_, _, Some(_)) => "LB",
        (Some("circle"), _, _) => "CR",
        (Some("square"), _, _) => "SQ",
        (Some("triangle"), _, _) => "TR",
        (_, Some("black"), _) => "TB",
        (_, Some("white"), _) => "TW",
        _ => "MA",
    }
}
