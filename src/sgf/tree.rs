//! The SGF game tree in memory: an arena of nodes with ordered properties.
//!
//! Nodes live in one `Vec` and refer to each other by index, so that trees
//! hundreds of thousands of nodes deep are built, walked and dropped without
//! recursion (a `Box` tree would overflow the stack in its `Drop`).

use super::property::{PropId, Property, RawValue, Values};
use smallvec::SmallVec;

/// Index of a node in its [`GameTree`].
pub type NodeId = usize;

/// The properties of a node, in file order; a node with one property (a move) needs no allocation.
pub type Props = SmallVec<[Property; 1]>;

/// The children of a node, in order; reads like a slice. Most nodes have one child, kept inline.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Children(ChildRepr);

#[derive(Clone, Debug, Default, PartialEq, Eq)]
enum ChildRepr {
    #[default]
    None,
    // A game's main line is a long chain of only children: no allocation for those.
    One(NodeId),
    // Boxed to keep every node small: the extra allocation falls only on the few branching nodes.
    #[allow(clippy::box_collection)]
    Many(Box<Vec<NodeId>>),
}

impl Children {
    /// Appends a child.
    #[inline(always)]
    pub fn push(&mut self, id: NodeId) {
        match &mut self.0 {
            ChildRepr::None => self.0 = ChildRepr::One(id),
            ChildRepr::One(a) => self.0 = ChildRepr::Many(Box::new(vec![*a, id])),
            ChildRepr::Many(v) => v.push(id),
        }
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
    pub props: Props,
    /// The parent node; `None` for the root.
    pub parent: Option<NodeId>,
    /// Children in order: the first is the main line, the others are variations.
    pub children: Children,
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
    /// Every node that may own memory (some more than once): only these are dropped one by
    /// one. Nearly every node of a game is a lone move that owns nothing, and walking them
    /// all through the generic drop code cost a tenth of reading a file.
    heavy: Vec<NodeId>,
}

/// The root node's index.
pub const ROOT: NodeId = 0;

impl Node {
    /// Whether dropping the node frees nothing: one table property with at most one short
    /// value, and at most one child, which is what nearly every node of a game is (a move).
    #[inline]
    fn owns_nothing(&self) -> bool {
        !self.props.spilled()
            && self
                .props
                .iter()
                .all(|p| p.id.is_known() && !p.values.owns_heap())
            && !matches!(self.children.0, ChildRepr::Many(_))
    }
}

impl Drop for GameTree {
    /// Drops only the nodes that may own memory (see [`GameTree::heavy`]) and forgets the rest.
    fn drop(&mut self) {
        for &id in &self.heavy {
            if let Some(node) = self.nodes.get_mut(id) {
                node.props = Props::new();
                node.children = Children::default();
            }
        }
        // Every way to change a node marks it; the tests and fuzzers (debug builds) check it.
        debug_assert!(
            self.nodes.iter().all(Node::owns_nothing),
            "a node that owns memory was not marked heavy"
        );
        // SAFETY: shortening a `Vec` is always sound (the elements are forgotten, not read);
        // the nodes forgotten here own nothing, so nothing leaks.
        unsafe { self.nodes.set_len(0) }
    }
}

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
            heavy: Vec::new(),
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

    /// Whether the tree has no node at all (only while a reader builds it).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// A node, to change; panics if `id` is not a node of this tree, like indexing a slice.
    pub fn node_mut(&mut self, id: NodeId) -> &mut Node {
        self.heavy.push(id);
        &mut self.nodes[id]
    }

    /// A tree without even a root, with room for `nodes` nodes.
    pub(crate) fn with_capacity(nodes: usize) -> GameTree {
        GameTree {
            nodes: Vec::with_capacity(nodes),
            // About a third of a game's nodes own memory, noted once by the reader and once by the repairs.
            heavy: Vec::with_capacity(nodes - nodes / 3),
        }
    }

    /// Appends a property to a node, as a reader does; `lone` says that the node holds only
    /// the move [`Self::push_node`] wrote. The node is noted once, at its first property
    /// from here: that one may hold a long value, and the next moves the list to the heap.
    #[inline(always)]
    pub(crate) fn push_prop(&mut self, id: NodeId, prop: Property, room: usize, lone: bool) {
        let Some(node) = self.nodes.get_mut(id) else {
            return;
        };
        match node.props.len() {
            0 => self.heavy.push(id),
            1 => {
                node.props.reserve(room);
                if lone {
                    self.heavy.push(id);
                }
            }
            _ => {}
        }
        node.props.push(prop);
    }

    /// A node to change without noting it again: one whose properties came from
    /// [`Self::push_prop`] (noted then), or one the change leaves owning nothing, such as
    /// a lone move or an empty node. Debug builds check this when the tree is dropped.
    pub(crate) fn node_mut_noted(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id]
    }

    /// Gives back what a generous first guess at the number of nodes reserved.
    pub(crate) fn shrink(&mut self) {
        if self.nodes.capacity() > 2 * self.nodes.len() {
            self.nodes.shrink_to_fit();
        }
    }

    /// Records `child` as the last child of `parent`.
    #[inline(always)]
    fn link(&mut self, parent: NodeId, child: NodeId) {
        let kids = &mut self.nodes[parent].children;
        kids.push(child);
        if kids.len() == 2 {
            // The children moved to a list of their own.
            self.heavy.push(parent);
        }
    }

    /// Appends a new empty node as the last child of `parent` and returns it.
    pub fn add_child(&mut self, parent: NodeId) -> NodeId {
        self.push_node(Some(parent), None)
    }

    /// Appends a node below `parent` (none for the root) holding nothing or one move, and
    /// returns it. The move is `B` or `W` (a table index), its two-letter point and the byte
    /// offset of its identifier: the bulk of every game, so the node is written in place.
    /// Such a node owns no memory (the point is kept inline), so it is not noted as heavy.
    #[inline(always)]
    pub(crate) fn push_node(
        &mut self,
        parent: Option<NodeId>,
        mv: Option<(u8, &str, u32)>,
    ) -> NodeId {
        use std::ptr::addr_of_mut;
        debug_assert!(mv.is_none_or(|(color, point, _)| point.len() == 2
            && (color == super::props::B || color == super::props::W)));
        let id = self.nodes.len();
        self.nodes.reserve(1);
        let node = self.nodes.spare_capacity_mut()[0].as_mut_ptr();
        // A node built whole and then moved into the list is stored in small parts and loaded
        // in large ones, which stalled the processor on every move; it is written field by field
        // where it belongs instead.
        // SAFETY: `node` points at the list's first free slot (reserved above); every field of
        // the node, and of the inline property when there is one, is written before a length
        // covers it.
        unsafe {
            addr_of_mut!((*node).parent).write(parent);
            addr_of_mut!((*node).children).write(Children(ChildRepr::None));
            let props = addr_of_mut!((*node).props);
            props.write(Props::new());
            if let Some((color, point, pos)) = mv {
                let prop = (*props).as_mut_ptr();
                addr_of_mut!((*prop).id).write(PropId::known(color));
                addr_of_mut!((*prop).values).write(Values::from(RawValue::from(point)));
                addr_of_mut!((*prop).pos).write(pos);
                (*props).set_len(1);
            }
            self.nodes.set_len(id + 1);
        }
        if let Some(p) = parent {
            self.link(p, id);
        }
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
        // It may have taken a list of children; its properties will be set.
        self.heavy.push(id);
        self.link(node, id);
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
