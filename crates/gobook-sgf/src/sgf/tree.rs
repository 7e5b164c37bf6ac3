//! The SGF game tree in memory: an arena of nodes with ordered properties.
//!
//! Nodes live in one `Vec` and refer to each other by index, so that trees
//! hundreds of thousands of nodes deep are built, walked and dropped without
//! recursion (a `Box` tree would overflow the stack in its `Drop`).

use super::property::{PropId, Property};
use smallvec::SmallVec;

/// Index of a node in its [`GameTree`].
pub type NodeId = usize;

/// The properties of a node, in file order. Most nodes hold one property (a move), kept
/// without a list of its own.
pub type Props = SmallVec<[Property; 1]>;

/// A node: an ordered list of properties plus its place in the tree.
#[derive(Clone, Debug, Default)]
pub struct Node {
    /// Properties in file order.
    pub props: Props,
    /// The parent node; `None` for the root.
    pub parent: Option<NodeId>,
    /// Children in order: the first is the main line, the others are variations.
    pub children: Vec<NodeId>,
}

impl Node {
    /// The property with this identifier, if present.
    pub fn get(&self, id: &str) -> Option<&Property> {
        let i = self.position(id)?;
        self.props.get(i)
    }

    /// Where the property with this identifier is in the list. A table identifier is looked
    /// up once and then compared as an index, not looked up again for every property.
    fn position(&self, id: &str) -> Option<usize> {
        match super::props::index(id) {
            Some(k) => {
                let want = PropId::known(k);
                self.props.iter().position(|p| p.id == want)
            }
            None => self.props.iter().position(|p| p.id == id),
        }
    }

    /// The first raw value of a property.
    pub fn value(&self, id: &str) -> Option<&str> {
        self.get(id).and_then(Property::value)
    }

    /// Whether the node has a property with this identifier.
    pub fn has(&self, id: &str) -> bool {
        self.position(id).is_some()
    }

    /// Sets (replaces or appends) a property.
    pub fn set(&mut self, id: &str, values: Vec<String>) {
        match self.position(id) {
            Some(i) => self.props[i].values = values.into(),
            None => self.props.push(Property::new(id, values)),
        }
    }

    /// Removes a property, returning it.
    pub fn remove(&mut self, id: &str) -> Option<Property> {
        let i = self.position(id)?;
        Some(self.props.remove(i))
    }
}

/// One game: an arena of nodes whose root is node 0.
#[derive(Clone, Debug)]
pub struct GameTree {
    /// All nodes; index 0 is the root. Read with [`Self::nodes`], change with [`Self::node_mut`].
    nodes: Vec<Node>,
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
        self.node_mut(ROOT)
    }

    /// All nodes, by id; index 0 is the root.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// How many nodes the tree has.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree has no node at all; never true, as every tree has its root.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// A node, to change; panics if `id` is not a node of this tree, like indexing a slice.
    pub fn node_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id]
    }

    /// Appends a new empty node as the last child of `parent` and returns it.
    pub fn add_child(&mut self, parent: NodeId) -> NodeId {
        let id = self.nodes.len();
        self.nodes.push(Node {
            props: Props::new(),
            parent: Some(parent),
            children: Vec::new(),
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
            props: Props::new(),
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
