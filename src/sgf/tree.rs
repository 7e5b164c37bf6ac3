//! The SGF game tree in memory: an arena of nodes with ordered properties.
//!
//! Nodes live in one `Vec` and refer to each other by index, so that trees
//! hundreds of thousands of nodes deep are built, walked and dropped without
//! recursion (a `Box` tree would overflow the stack in its `Drop`).

/// Index of a node in its [`GameTree`].
pub type NodeId = usize;

/// A property identifier such as `B` or `AB`; known identifiers are shared static strings.
#[derive(Clone)]
pub struct PropId(IdRepr);

#[derive(Clone)]
enum IdRepr {
    // Known identifiers cost neither an allocation nor a UTF-8 check when read.
    Static(&'static str),
    Heap(Box<str>),
}

macro_rules! interned {
    ($s:expr, $($id:literal)*) => {
        match $s {
            $($id => Some($id),)*
            _ => None,
        }
    };
}

/// The static copy of an FF[1]-FF[4] identifier, if it is one.
fn intern(s: &str) -> Option<&'static str> {
    interned!(s,
        "B" "W" "KO" "MN" "BL" "WL" "OB" "OW" "BM" "TE" "DO" "IT" "AB" "AW" "AE" "PL" "C" "N" "DM" "GB"
        "GW" "HO" "UC" "V" "CR" "MA" "SL" "SQ" "TR" "DD" "VW" "TB" "TW" "AR" "LN" "LB" "AP" "CA" "FF" "GM"
        "ST" "SZ" "GC" "AN" "BR" "BT" "CP" "DT" "EV" "GN" "ON" "OT" "PB" "PC" "PW" "RE" "RO" "RU" "SO" "US"
        "WR" "WT" "HA" "KM" "TM" "FG" "PM" "L" "M" "KI" "BS" "WS" "CH" "SC" "SE" "SI" "ID" "LT" "OM" "OP"
        "OV" "RG" "EL" "EX")
}

impl PropId {
    /// An identifier from its text (normally uppercase ASCII letters).
    pub fn new(s: &str) -> PropId {
        match intern(s) {
            Some(k) => PropId(IdRepr::Static(k)),
            None => PropId(IdRepr::Heap(s.into())),
        }
    }

    /// The identifier as text.
    pub fn as_str(&self) -> &str {
        match &self.0 {
            IdRepr::Static(s) => s,
            IdRepr::Heap(s) => s,
        }
    }
}

impl PartialEq for PropId {
    fn eq(&self, other: &PropId) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for PropId {}

impl std::hash::Hash for PropId {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl PartialEq<str> for PropId {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for PropId {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl std::fmt::Debug for PropId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::fmt::Display for PropId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The raw values of a property; reads like a slice. A single value is kept without a list,
/// which saves an allocation for nearly every property of a game (a move has one value).
#[derive(Clone, Default)]
pub struct Values(ValRepr);

#[derive(Clone, Default)]
enum ValRepr {
    #[default]
    Empty,
    One(String),
    Many(Vec<String>),
}

impl Values {
    /// Appends a value.
    pub fn push(&mut self, v: String) {
        self.0 = match std::mem::take(&mut self.0) {
            ValRepr::Empty => ValRepr::One(v),
            ValRepr::One(a) => ValRepr::Many(vec![a, v]),
            ValRepr::Many(mut list) => {
                list.push(v);
                ValRepr::Many(list)
            }
        };
    }

    /// Appends several values.
    pub fn extend(&mut self, values: impl IntoIterator<Item = String>) {
        for v in values {
            self.push(v);
        }
    }

    /// Keeps the first `n` values.
    pub fn truncate(&mut self, n: usize) {
        let mut list = self.take_vec();
        list.truncate(n);
        *self = Values::from(list);
    }

    /// Keeps the values for which `keep` is true.
    pub fn retain(&mut self, keep: impl FnMut(&String) -> bool) {
        let mut list = self.take_vec();
        list.retain(keep);
        *self = Values::from(list);
    }

    /// The values as a list, leaving this empty.
    pub fn take_vec(&mut self) -> Vec<String> {
        match std::mem::take(&mut self.0) {
            ValRepr::Empty => Vec::new(),
            ValRepr::One(v) => vec![v],
            ValRepr::Many(list) => list,
        }
    }
}

impl From<Vec<String>> for Values {
    fn from(mut list: Vec<String>) -> Values {
        Values(match list.len() {
            0 => ValRepr::Empty,
            1 => ValRepr::One(list.pop().unwrap_or_default()),
            _ => ValRepr::Many(list),
        })
    }
}

impl std::ops::Deref for Values {
    type Target = [String];
    fn deref(&self) -> &[String] {
        match &self.0 {
            ValRepr::Empty => &[],
            ValRepr::One(v) => std::slice::from_ref(v),
            ValRepr::Many(list) => list,
        }
    }
}

impl std::ops::DerefMut for Values {
    fn deref_mut(&mut self) -> &mut [String] {
        match &mut self.0 {
            ValRepr::Empty => &mut [],
            ValRepr::One(v) => std::slice::from_mut(v),
            ValRepr::Many(list) => list,
        }
    }
}

impl IntoIterator for Values {
    type Item = String;
    type IntoIter = std::vec::IntoIter<String>;
    fn into_iter(mut self) -> Self::IntoIter {
        self.take_vec().into_iter()
    }
}

impl<'a> IntoIterator for &'a Values {
    type Item = &'a String;
    type IntoIter = std::slice::Iter<'a, String>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut Values {
    type Item = &'a mut String;
    type IntoIter = std::slice::IterMut<'a, String>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl PartialEq for Values {
    fn eq(&self, other: &Values) -> bool {
        self[..] == other[..]
    }
}

impl Eq for Values {}

impl std::fmt::Debug for Values {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// One property: identifier and its raw values (escapes kept, as in the file but decoded to UTF-8).
#[derive(Clone, Debug)]
pub struct Property {
    /// The identifier, e.g. `AB`.
    pub id: PropId,
    /// Raw values between `[` and `]`, escapes kept; see [`super::value`] to read them.
    pub values: Values,
    /// Byte offset of the identifier in the decoded text (0 when not read from a file), for warnings.
    pub pos: u32,
}

impl PartialEq for Property {
    /// Where a property stood in the file is not part of its meaning.
    fn eq(&self, other: &Property) -> bool {
        self.id == other.id && self.values == other.values
    }
}

impl Eq for Property {}

impl Property {
    /// A property with the given raw values.
    pub fn new(id: &str, values: Vec<String>) -> Property {
        Property {
            id: PropId::new(id),
            values: values.into(),
            pos: 0,
        }
    }

    /// The first raw value, if any.
    pub fn value(&self) -> Option<&str> {
        self.values.first().map(String::as_str)
    }
}

/// The children of a node, in order; reads like a slice. Most nodes have one child, kept inline.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Children(ChildRepr);

#[derive(Clone, Debug, Default, PartialEq, Eq)]
enum ChildRepr {
    #[default]
    None,
    // A game's main line is a long chain of only children: no allocation for those.
    One(NodeId),
    Many(Vec<NodeId>),
}

impl Children {
    /// Appends a child.
    pub fn push(&mut self, id: NodeId) {
        self.0 = match std::mem::take(&mut self.0) {
            ChildRepr::None => ChildRepr::One(id),
            ChildRepr::One(a) => ChildRepr::Many(vec![a, id]),
            ChildRepr::Many(mut v) => {
                v.push(id);
                ChildRepr::Many(v)
            }
        };
    }
}

impl std::ops::Deref for Children {
    type Target = [NodeId];
    fn deref(&self) -> &[NodeId] {
        match &self.0 {
            ChildRepr::None => &[],
            ChildRepr::One(id) => std::slice::from_ref(id),
            ChildRepr::Many(v) => v,
        }
    }
}

impl<'a> IntoIterator for &'a Children {
    type Item = &'a NodeId;
    type IntoIter = std::slice::Iter<'a, NodeId>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// A node: an ordered list of properties plus its place in the tree.
#[derive(Clone, Debug, Default)]
pub struct Node {
    /// Properties in file order.
    pub props: Vec<Property>,
    /// The parent node; `None` for the root.
    pub parent: Option<NodeId>,
    /// Children in order: the first is the main line, the others are variations.
    pub children: Children,
}

impl Node {
    /// The property with this identifier, if present.
    pub fn get(&self, id: &str) -> Option<&Property> {
        self.props.iter().find(|p| p.id == id)
    }

    /// The first raw value of a property.
    pub fn value(&self, id: &str) -> Option<&str> {
        self.get(id).and_then(Property::value)
    }

    /// Whether the node has a property with this identifier.
    pub fn has(&self, id: &str) -> bool {
        self.props.iter().any(|p| p.id == id)
    }

    /// Sets (replaces or appends) a property.
    pub fn set(&mut self, id: &str, values: Vec<String>) {
        match self.props.iter_mut().find(|p| p.id == id) {
            Some(p) => p.values = values.into(),
            None => self.props.push(Property::new(id, values)),
        }
    }

    /// Removes a property, returning it.
    pub fn remove(&mut self, id: &str) -> Option<Property> {
        let i = self.props.iter().position(|p| p.id == id)?;
        Some(self.props.remove(i))
    }
}

/// One game: an arena of nodes whose root is node 0.
#[derive(Clone, Debug)]
pub struct GameTree {
    /// All nodes; index 0 is the root.
    pub nodes: Vec<Node>,
}

/// The root node's index.
pub const ROOT: NodeId = 0;

impl Default for GameTree {
    fn default() -> Self {
        GameTree::new()
    }
}

impl GameTree {
    /// A tree with an empty root node.
    pub fn new() -> GameTree {
        GameTree {
            nodes: vec![Node::default()],
        }
    }

    /// The root node.
    pub fn root(&self) -> &Node {
        &self.nodes[ROOT]
    }

    /// The root node, mutable.
    pub fn root_mut(&mut self) -> &mut Node {
        &mut self.nodes[ROOT]
    }

    /// Appends a new empty node as the last child of `parent` and returns it.
    pub fn add_child(&mut self, parent: NodeId) -> NodeId {
        let id = self.nodes.len();
        self.nodes.push(Node {
            props: Vec::new(),
            parent: Some(parent),
            children: Children::default(),
        });
        self.nodes[parent].children.push(id);
        id
    }

    /// Inserts a new node between `node` and its children and returns it.
    pub fn insert_below(&mut self, node: NodeId) -> NodeId {
        let id = self.nodes.len();
        let children = std::mem::take(&mut self.nodes[node].children);
        for &c in &children {
            self.nodes[c].parent = Some(id);
        }
        self.nodes.push(Node {
            props: Vec::new(),
            parent: Some(node),
            children,
        });
        self.nodes[node].children.push(id);
        id
    }

    /// Node ids in preorder (node, then its children's subtrees in order), iteratively.
    pub fn preorder(&self) -> Vec<NodeId> {
        let mut out = Vec::with_capacity(self.nodes.len());
        let mut stack = vec![ROOT];
        while let Some(n) = stack.pop() {
            out.push(n);
            stack.extend(self.nodes[n].children.iter().rev());
        }
        out
    }

    /// The main line: root, first child, its first child, ...
    pub fn main_line_ids(&self) -> Vec<NodeId> {
        let mut out = vec![ROOT];
        let mut n = ROOT;
        while let Some(&c) = self.nodes[n].children.first() {
            out.push(c);
            n = c;
        }
        out
    }

    /// Board size from the root's `SZ` (square boards; 19 when missing or unreadable).
    pub fn board_size(&self) -> u8 {
        self.root()
            .value("SZ")
            .and_then(super::value::parse_size)
            .map(|(c, _)| c)
            .unwrap_or(19)
    }
}

impl PartialEq for GameTree {
    /// Trees are equal when they have the same shape and properties, whatever the arena order.
    fn eq(&self, other: &GameTree) -> bool {
        let mut stack = vec![(ROOT, ROOT)];
        while let Some((a, b)) = stack.pop() {
            let (na, nb) = match (self.nodes.get(a), other.nodes.get(b)) {
                (Some(x), Some(y)) => (x, y),
                _ => return false,
            };
            if na.props != nb.props || na.children.len() != nb.children.len() {
                return false;
            }
            stack.extend(na.children.iter().copied().zip(nb.children.iter().copied()));
        }
        true
    }
}

/// All games of a file, in order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Collection {
    /// The game trees.
    pub games: Vec<GameTree>,
}
