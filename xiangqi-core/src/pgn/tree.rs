//! A record as a tree of nodes, shaped like python-chess's `GameNode`.
//!
//! The root stands for the start position; every other node for a move, played from its
//! parent's position. A node's [`variations`](GameTree::variations) are its children, the first
//! one the main line. Nodes live in one arena and are named by [`NodeId`]s, so a tree of any
//! depth is built, walked and dropped without recursion.
//!
//! [`PgnGame`] holds the same record as nested lines (the main line, each move with the lines
//! that could have been played instead); [`GameTree::from_record`] and [`GameTree::to_record`]
//! turn one into the other.
//!
//! ```
//! use xiangqi_core::pgn::{GameTree, PgnReader};
//!
//! let text = "[Format \"WXF\"]\n\n1. C2=5 (1. H2+3 {the horse}) H8+7 2. H2+3 *\n";
//! let record = PgnReader::new(text.as_bytes()).next().unwrap().unwrap();
//! let mut tree = GameTree::from_record(&record);
//! let root = tree.root();
//! assert_eq!(tree.variations(root).len(), 2);
//! let horse = tree.variations(root)[1];
//! assert_eq!(tree.comment(horse), Some("the horse"));
//! tree.promote_to_main(horse);
//! let moves: Vec<String> = tree.mainline_moves(root).map(|m| m.to_string()).collect();
//! assert_eq!(moves, ["h0g2"]);
//! let end = tree.end(tree.variations(root)[1]);
//! assert_eq!(tree.ply(end), 3);
//! assert_eq!(tree.to_record().moves.len(), 1);
//! ```

use super::{PgnGame, PgnMove, PgnResult, Variation};
use crate::moves::Move;
use crate::position::{IllegalMove, Position};

/// A node of a [`GameTree`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(u32);

impl NodeId {
    /// The node's index in its tree's arena.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Node {
    mv: Option<Move>,
    parent: Option<NodeId>,
    children: Vec<NodeId>,
    comment: Option<String>,
    starting_comment: Option<String>,
    nags: Vec<u8>,
}

impl Node {
    fn new(mv: Option<Move>, parent: Option<NodeId>) -> Node {
        Node {
            mv,
            parent,
            children: Vec::new(),
            comment: None,
            starting_comment: None,
            nags: Vec::new(),
        }
    }
}

/// A game record as a tree of moves: tags, start position, result and the nodes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameTree {
    /// The tag pairs in order.
    pub tags: Vec<(String, String)>,
    /// The position of the root.
    pub start: Position,
    /// The result.
    pub result: PgnResult,
    nodes: Vec<Node>,
}

impl Default for GameTree {
    fn default() -> GameTree {
        GameTree::new(Position::startpos())
    }
}

impl GameTree {
    /// A tree of only its root, at `start`.
    pub fn new(start: Position) -> GameTree {
        GameTree {
            tags: Vec::new(),
            start,
            result: PgnResult::Unknown,
            nodes: vec![Node::new(None, None)],
        }
    }

    /// The root: the start position, before any move.
    pub const fn root(&self) -> NodeId {
        NodeId(0)
    }

    /// The node whose [`index`](NodeId::index) is `index`, if the tree has one (a removed
    /// node keeps its index): the checked way back from an index kept outside the tree.
    pub fn node_at(&self, index: usize) -> Option<NodeId> {
        (index < self.nodes.len()).then_some(NodeId(index as u32))
    }

    fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.index()]
    }

    fn node_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id.index()]
    }

    /// The move that leads to the node (`None` for the root).
    ///
    /// # Panics
    ///
    /// Every method taking a [`NodeId`] panics when it is not a node of this tree.
    pub fn move_at(&self, id: NodeId) -> Option<Move> {
        self.node(id).mv
    }

    /// The node's parent (`None` for the root).
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).parent
    }

    /// The node's children, the main line first.
    pub fn variations(&self, id: NodeId) -> &[NodeId] {
        &self.node(id).children
    }

    /// The comment after the node's move (for the root: before the first move).
    pub fn comment(&self, id: NodeId) -> Option<&str> {
        self.node(id).comment.as_deref()
    }

    /// Sets the comment after the node's move.
    pub fn set_comment(&mut self, id: NodeId, comment: Option<String>) {
        self.node_mut(id).comment = comment;
    }

    /// The comment before the node's move, written when the move starts a variation.
    pub fn starting_comment(&self, id: NodeId) -> Option<&str> {
        self.node(id).starting_comment.as_deref()
    }

    /// Sets the comment before the node's move.
    pub fn set_starting_comment(&mut self, id: NodeId, comment: Option<String>) {
        self.node_mut(id).starting_comment = comment;
    }

    /// The numeric annotation glyphs of the node's move.
    pub fn nags(&self, id: NodeId) -> &[u8] {
        &self.node(id).nags
    }

    /// The NAGs, to change.
    pub fn nags_mut(&mut self, id: NodeId) -> &mut Vec<u8> {
        &mut self.node_mut(id).nags
    }

    /// How many moves lead from the root to the node.
    pub fn ply(&self, id: NodeId) -> usize {
        core::iter::successors(self.parent(id), |&p| self.parent(p)).count()
    }

    /// The moves from the root to the node, in order.
    pub fn moves_to(&self, id: NodeId) -> Vec<Move> {
        let mut moves: Vec<Move> = core::iter::successors(Some(id), |&n| self.parent(n))
            .filter_map(|n| self.move_at(n))
            .collect();
        moves.reverse();
        moves
    }

    /// The position at the node (replayed from the root).
    pub fn position(&self, id: NodeId) -> Position {
        let mut pos = self.start.clone();
        for m in self.moves_to(id) {
            pos.make_move(m);
        }
        pos
    }

    /// `true` when the node lies on the main line of its parent (the root is).
    pub fn is_main_variation(&self, id: NodeId) -> bool {
        self.parent(id)
            .is_none_or(|p| self.variations(p).first() == Some(&id))
    }

    /// `true` when every node from the root to this one is the first child of its parent.
    pub fn is_mainline(&self, id: NodeId) -> bool {
        core::iter::successors(Some(id), |&n| self.parent(n)).all(|n| self.is_main_variation(n))
    }

    /// The child reached by `mv`, if there is one.
    pub fn variation(&self, id: NodeId, mv: Move) -> Option<NodeId> {
        self.variations(id)
            .iter()
            .copied()
            .find(|&c| self.move_at(c) == Some(mv))
    }

    /// Adds `mv` as the node's last child (or returns the child it already has for `mv`). The
    /// move must be legal at the node.
    pub fn add_variation(&mut self, id: NodeId, mv: Move) -> Result<NodeId, IllegalMove> {
        if let Some(child) = self.variation(id, mv) {
            return Ok(child);
        }
        if !self.position(id).is_legal(mv) {
            return Err(IllegalMove { mv });
        }
        Ok(self.push_child(id, mv))
    }

    /// Adds `mv` as the node's first child, the new main line.
    pub fn add_main_variation(&mut self, id: NodeId, mv: Move) -> Result<NodeId, IllegalMove> {
        let child = self.add_variation(id, mv)?;
        self.promote_to_main(child);
        Ok(child)
    }

    /// Adds a child without checking the move (the caller knows it is legal).
    pub(crate) fn push_child(&mut self, id: NodeId, mv: Move) -> NodeId {
        let child = NodeId(self.nodes.len() as u32);
        self.nodes.push(Node::new(Some(mv), Some(id)));
        self.node_mut(id).children.push(child);
        child
    }

    /// Makes the node the first child of its parent, the others moving down one place.
    pub fn promote_to_main(&mut self, id: NodeId) {
        if let Some(parent) = self.parent(id) {
            let children = &mut self.node_mut(parent).children;
            if let Some(k) = children.iter().position(|&c| c == id) {
                children[..=k].rotate_right(1);
            }
        }
    }

    /// Moves the node one place up among its parent's children.
    pub fn promote(&mut self, id: NodeId) {
        if let Some(parent) = self.parent(id) {
            let children = &mut self.node_mut(parent).children;
            if let Some(k) = children.iter().position(|&c| c == id).filter(|&k| k > 0) {
                children.swap(k - 1, k);
            }
        }
    }

    /// Moves the node one place down among its parent's children.
    pub fn demote(&mut self, id: NodeId) {
        if let Some(parent) = self.parent(id) {
            let children = &mut self.node_mut(parent).children;
            if let Some(k) = children
                .iter()
                .position(|&c| c == id)
                .filter(|&k| k + 1 < children.len())
            {
                children.swap(k, k + 1);
            }
        }
    }

    /// Takes the node (and all below it) out of the tree. Its id must not be used again.
    pub fn remove_variation(&mut self, id: NodeId) {
        if let Some(parent) = self.parent(id) {
            self.node_mut(parent).children.retain(|&c| c != id);
        }
    }

    /// The nodes of the main line that follows the node (the node itself not included).
    pub fn mainline(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        core::iter::successors(self.variations(id).first().copied(), |&n| {
            self.variations(n).first().copied()
        })
    }

    /// The moves of the main line that follows the node.
    pub fn mainline_moves(&self, id: NodeId) -> impl Iterator<Item = Move> + '_ {
        self.mainline(id).filter_map(|n| self.move_at(n))
    }

    /// The last node of the main line that follows the node (the node itself if it has none).
    pub fn end(&self, id: NodeId) -> NodeId {
        self.mainline(id).last().unwrap_or(id)
    }

    /// Every node of the tree, the root first, in pre-order (a node, then its children's
    /// subtrees in order).
    pub fn nodes(&self) -> impl Iterator<Item = NodeId> + '_ {
        let mut stack = vec![self.root()];
        core::iter::from_fn(move || {
            let node = stack.pop()?;
            stack.extend(self.variations(node).iter().rev());
            Some(node)
        })
    }

    /// How many nodes the tree holds, the root included (removed ones too).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// `true` when the tree holds only its root.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    /// The tree of a record (whose moves are taken as legal, as the reader makes them).
    pub fn from_record(record: &PgnGame) -> GameTree {
        let mut tree = GameTree::new(record.start.clone());
        tree.tags = record.tags.clone();
        tree.result = record.result;
        tree.nodes[0].comment = record.comment.clone();
        // Lines to add, in order: (moves, parent node, comment before the line). Breadth first,
        // so that each node's children come in the order of the record.
        let mut queue: std::collections::VecDeque<(&[PgnMove], NodeId, Option<&String>)> =
            std::collections::VecDeque::new();
        queue.push_back((&record.moves, tree.root(), None));
        while let Some((moves, mut parent, mut starting)) = queue.pop_front() {
            for m in moves {
                let node = tree.push_child(parent, m.mv);
                let n = tree.node_mut(node);
                n.comment = m.comment.clone();
                n.nags = m.nags.clone();
                n.starting_comment = starting.take().cloned();
                for variation in &m.variations {
                    if !variation.moves.is_empty() {
                        queue.push_back((&variation.moves, parent, variation.comment.as_ref()));
                    }
                }
                parent = node;
            }
        }
        tree
    }

    /// The record of the tree: its main line, each move with the lines of its siblings.
    pub fn to_record(&self) -> PgnGame {
        let mut record = PgnGame::new(self.start.clone());
        record.tags = self.tags.clone();
        record.result = self.result;
        record.comment = self.nodes[0].comment.clone();
        // Every line starts at a node; its variations are lines found later, so building the
        // lines in reverse order of discovery finds each one's variations already built.
        struct Line {
            moves: Vec<PgnMove>,
            starting: Option<String>,
            /// (index of the move in `moves`, index of the line that is a variation of it).
            variations: Vec<(usize, usize)>,
        }
        let mut starts: Vec<NodeId> = Vec::new();
        let mut lines: Vec<Option<Line>> = Vec::new();
        if let Some(&first) = self.variations(self.root()).first() {
            starts.push(first);
        }
        let mut i = 0;
        while i < starts.len() {
            let mut line = Line {
                moves: Vec::new(),
                starting: self.node(starts[i]).starting_comment.clone(),
                variations: Vec::new(),
            };
            let mut at = Some(starts[i]);
            let mut first = true;
            while let Some(n) = at {
                let node = self.node(n);
                let Some(mv) = node.mv else { break };
                if !first || self.is_main_variation(n) {
                    let parent = node.parent.unwrap_or(NodeId(0));
                    for &sibling in &self.variations(parent)[1..] {
                        line.variations.push((line.moves.len(), starts.len()));
                        starts.push(sibling);
                    }
                }
                first = false;
                line.moves.push(PgnMove {
                    mv,
                    nags: node.nags.clone(),
                    comment: node.comment.clone(),
                    variations: Vec::new(),
                });
                at = node.children.first().copied();
            }
            lines.push(Some(line));
            i += 1;
        }
        for k in (0..lines.len()).rev() {
            let Some(mut line) = lines[k].take() else {
                continue;
            };
            for &(move_index, child) in &line.variations {
                if let Some(child) = lines[child].take() {
                    line.moves[move_index].variations.push(Variation {
                        comment: child.starting,
                        moves: child.moves,
                    });
                }
            }
            if k == 0 {
                record.moves = line.moves;
            } else {
                lines[k] = Some(Line {
                    variations: Vec::new(),
                    ..line
                });
            }
        }
        record
    }
}

impl From<&PgnGame> for GameTree {
    fn from(record: &PgnGame) -> GameTree {
        GameTree::from_record(record)
    }
}

impl PgnGame {
    /// The record as a [`GameTree`].
    pub fn tree(&self) -> GameTree {
        GameTree::from_record(self)
    }
}
