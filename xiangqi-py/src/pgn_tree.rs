//! Core's game tree (`xiangqi_core::pgn::GameTree`) for `xiangqi.pgn`: its `GameNode`s are
//! views of one of these, each naming its node by index, so that the tree's rules (a variation
//! must be legal where it is added, promotion and removal, the record written from the tree)
//! are core's and no second tree is kept in Python.

use crate::errors::{fen_error, illegal_move, XiangqiError};
use crate::pgn::{record_dict, record_from_dict};
use crate::types::Move;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use xiangqi_core::pgn::{GameTree, NodeId};
use xiangqi_core::Position;

/// A game's tree of moves; nodes are named by index, the root `0`.
#[pyclass(module = "xiangqi", name = "_GameTree")]
pub struct PyGameTree {
    tree: GameTree,
}

impl PyGameTree {
    fn node(&self, index: u32) -> PyResult<NodeId> {
        self.tree
            .node_at(index as usize)
            .ok_or_else(|| XiangqiError::new_err(format!("no node {index} in this game")))
    }

    fn index(id: NodeId) -> u32 {
        // Every id comes from this tree, whose size is an u32.
        id.index() as u32
    }

    fn indices(ids: impl IntoIterator<Item = NodeId>) -> Vec<u32> {
        ids.into_iter().map(Self::index).collect()
    }

    /// Every move of the tree legal where it stands (a record dict may come from anywhere).
    fn check_moves(&self) -> PyResult<()> {
        let mut stack: Vec<(NodeId, Position)> = vec![(self.tree.root(), self.tree.start.clone())];
        while let Some((id, pos)) = stack.pop() {
            for &child in self.tree.variations(id) {
                let Some(mv) = self.tree.move_at(child) else {
                    continue;
                };
                let mut next = pos.clone();
                next.play(mv).map_err(|e| illegal_move(e, &pos))?;
                stack.push((child, next));
            }
        }
        Ok(())
    }
}

fn nags_from(nags: Vec<i64>) -> PyResult<Vec<u8>> {
    nags.into_iter()
        .map(|n| {
            u8::try_from(n).map_err(|_| XiangqiError::new_err(format!("a NAG is 0..=255, not {n}")))
        })
        .collect()
}

#[pymethods]
impl PyGameTree {
    /// A tree of only its root, at `fen`.
    #[new]
    fn new(fen: &str) -> PyResult<PyGameTree> {
        let start = Position::from_fen(fen).map_err(fen_error)?;
        Ok(PyGameTree {
            tree: GameTree::new(start),
        })
    }

    /// The tree of a record dict (see `xiangqi._xiangqi.pgn_read`), every move checked.
    #[staticmethod]
    fn from_record(record: &Bound<'_, PyAny>) -> PyResult<PyGameTree> {
        let tree = PyGameTree {
            tree: GameTree::from_record(&record_from_dict(record)?),
        };
        tree.check_moves()?;
        Ok(tree)
    }

    /// The record dict of the tree (its moves, comments, NAGs and variations; the start FEN).
    fn record<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        record_dict(py, &self.tree.to_record())
    }

    /// The node's children, the main line first.
    fn children(&self, node: u32) -> PyResult<Vec<u32>> {
        Ok(Self::indices(
            self.tree.variations(self.node(node)?).iter().copied(),
        ))
    }

    /// The node's parent (`None` for the root).
    fn parent(&self, node: u32) -> PyResult<Option<u32>> {
        Ok(self.tree.parent(self.node(node)?).map(Self::index))
    }

    /// The move that leads to the node (`None` for the root).
    fn move_at(&self, node: u32) -> PyResult<Option<Move>> {
        Ok(self.tree.move_at(self.node(node)?).map(Move::wrap))
    }

    fn comment(&self, node: u32) -> PyResult<Option<String>> {
        Ok(self.tree.comment(self.node(node)?).map(str::to_owned))
    }

    fn set_comment(&mut self, node: u32, comment: Option<String>) -> PyResult<()> {
        let id = self.node(node)?;
        self.tree.set_comment(id, comment);
        Ok(())
    }

    fn starting_comment(&self, node: u32) -> PyResult<Option<String>> {
        Ok(self
            .tree
            .starting_comment(self.node(node)?)
            .map(str::to_owned))
    }

    fn set_starting_comment(&mut self, node: u32, comment: Option<String>) -> PyResult<()> {
        let id = self.node(node)?;
        self.tree.set_starting_comment(id, comment);
        Ok(())
    }

    fn nags(&self, node: u32) -> PyResult<Vec<u8>> {
        Ok(self.tree.nags(self.node(node)?).to_vec())
    }

    fn set_nags(&mut self, node: u32, nags: Vec<i64>) -> PyResult<()> {
        let id = self.node(node)?;
        *self.tree.nags_mut(id) = nags_from(nags)?;
        Ok(())
    }

    /// How many moves lead from the root to the node.
    fn ply(&self, node: u32) -> PyResult<usize> {
        Ok(self.tree.ply(self.node(node)?))
    }

    /// The moves from the root to the node.
    fn moves_to(&self, node: u32) -> PyResult<Vec<Move>> {
        Ok(self
            .tree
            .moves_to(self.node(node)?)
            .into_iter()
            .map(Move::wrap)
            .collect())
    }

    fn is_main_variation(&self, node: u32) -> PyResult<bool> {
        Ok(self.tree.is_main_variation(self.node(node)?))
    }

    fn is_mainline(&self, node: u32) -> PyResult<bool> {
        Ok(self.tree.is_mainline(self.node(node)?))
    }

    /// The nodes of the main line after the node.
    fn mainline(&self, node: u32) -> PyResult<Vec<u32>> {
        Ok(Self::indices(self.tree.mainline(self.node(node)?)))
    }

    /// The moves of the main line after the node.
    fn mainline_moves(&self, node: u32) -> PyResult<Vec<Move>> {
        Ok(self
            .tree
            .mainline_moves(self.node(node)?)
            .map(Move::wrap)
            .collect())
    }

    /// The last node of the main line from the node.
    fn end(&self, node: u32) -> PyResult<u32> {
        Ok(Self::index(self.tree.end(self.node(node)?)))
    }

    /// Adds `mv` as the node's last child (the child it has for `mv` when it has one);
    /// `IllegalMoveError` with the reason when the move is not legal there.
    fn add_variation(&mut self, node: u32, mv: Move) -> PyResult<u32> {
        let id = self.node(node)?;
        match self.tree.add_variation(id, mv.inner) {
            Ok(child) => Ok(Self::index(child)),
            Err(e) => Err(illegal_move(e, &self.tree.position(id))),
        }
    }

    fn promote_to_main(&mut self, node: u32) -> PyResult<()> {
        let id = self.node(node)?;
        self.tree.promote_to_main(id);
        Ok(())
    }

    fn promote(&mut self, node: u32) -> PyResult<()> {
        let id = self.node(node)?;
        self.tree.promote(id);
        Ok(())
    }

    fn demote(&mut self, node: u32) -> PyResult<()> {
        let id = self.node(node)?;
        self.tree.demote(id);
        Ok(())
    }

    /// Takes the node and everything below it out of the tree.
    fn remove_variation(&mut self, node: u32) -> PyResult<()> {
        let id = self.node(node)?;
        self.tree.remove_variation(id);
        Ok(())
    }
}

/// Adds `_GameTree` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGameTree>()
}
