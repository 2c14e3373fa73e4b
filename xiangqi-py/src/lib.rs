//! The compiled half of the `xiangqi` Python package, imported as `xiangqi._xiangqi`.
//!
//! It only converts types and maps errors: the rules live in `xiangqi-core`, the engine in
//! `xiangqi-search`. The Python package (`python/xiangqi/`) chooses the public names and adds
//! what is better written in Python (SVG drawing, the Gymnasium and PettingZoo adapters).
//! Results made of the package's Python classes (`Outcome`, `SquareSet`, ...) use the classes
//! the package binds at import (`package_types`): this module never imports the package back.
//!
//! Where things are: `board.rs` (`Board`, a view of core's `Game`), `types.rs` (moves, pieces,
//! squares), `engine.rs`, `vecenv.rs` (batched games), `mcts.rs` (batched tree search), `encoding.rs` (action indexings and
//! observation arrays), `pgn.rs` and `pgn_tree.rs` (records), `outcome.rs`, `review.rs`,
//! `nnue.rs`, `perft.rs`, `tables.rs` (Rust's tables for Python), `errors.rs` (the exception
//! hierarchy), `interrupt.rs` (Ctrl-C during long calls).

mod board;
mod encoding;
mod engine;
mod errors;
mod interrupt;
mod mcts;
mod nnue;
mod outcome;
mod package_types;
mod perft;
mod pgn;
mod pgn_tree;
mod review;
mod starts;
mod tables;
mod types;
mod vecenv;

use pyo3::prelude::*;

/// The module.
#[pymodule]
fn _xiangqi(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("STARTING_FEN", xiangqi_core::STARTING_FEN)?;
    errors::register(m)?;
    types::register(m)?;
    board::register(m)?;
    encoding_py::register(m)?;
    vecenv::register(m)?;
    mcts::register(m)?;
    starts::register(m)?;
    pgn::register(m)?;
    pgn_tree::register(m)?;
    outcome::register(m)?;
    engine::register(m)?;
    nnue::register(m)?;
    review::register(m)?;
    tables::register(m)?;
    package_types::register(m)?;
    Ok(())
}

/// The `encoding` functions as Python sees them.
mod encoding_py {
    use crate::board::{parse_encoding, parse_variant, Perspective};
    use crate::encoding::Encoding;
    use crate::errors::XiangqiError;
    use crate::types::{color_from_py, Move};
    use pyo3::prelude::*;
    use xiangqi_core::janggi::Arrangement;
    use xiangqi_core::Color;

    /// The encoding a `variant` game uses unless told otherwise: `"2086"` for xiangqi,
    /// `"janggi"` for the janggi variants.
    #[pyfunction]
    fn default_encoding(variant: &str) -> PyResult<&'static str> {
        Ok(Encoding::of_variant(parse_variant(variant)?).name())
    }

    /// How many actions an encoding has: 2086, 8100, or 2451 for `"janggi"`.
    #[pyfunction]
    #[pyo3(signature = (encoding = "2086"))]
    fn action_size(encoding: &str) -> PyResult<usize> {
        Ok(parse_encoding(encoding)?.size())
    }

    /// The action index of `move` made by `turn`, the side that plays it (Black's moves are
    /// mirrored; pass `turn=RED` for absolute coordinates). `turn` is required: guessing Red
    /// would index Black's moves wrongly without a word.
    #[pyfunction]
    #[pyo3(signature = (r#move, encoding = "2086", *, turn))]
    fn move_to_index(r#move: &Move, encoding: &str, turn: bool) -> PyResult<usize> {
        let m = r#move;
        let enc = parse_encoding(encoding)?;
        let mirror = Perspective::SideToMove.mirror(color_from_py(turn));
        enc.index(m.inner, mirror).ok_or_else(|| {
            XiangqiError::new_err(format!(
                "{} has no index in the {} encoding",
                m.inner,
                enc.name()
            ))
        })
    }

    /// The move of action `index` for `turn` (the inverse of `move_to_index`; `turn` is
    /// required too). The janggi pass, whose point is the general's, is `Move.null()` (`0000`,
    /// which `Board.push_uci` reads as the pass); `Board.action_to_move` gives the board's own.
    #[pyfunction]
    #[pyo3(signature = (index, encoding = "2086", *, turn))]
    fn index_to_move(index: crate::errors::Int, encoding: &str, turn: bool) -> PyResult<Move> {
        let index = index.0;
        let enc = parse_encoding(encoding)?;
        let mirror = color_from_py(turn) == Color::Black;
        usize::try_from(index)
            .ok()
            .and_then(|i| enc.action_move(i, mirror))
            .map(Move::wrap)
            .ok_or_else(|| {
                XiangqiError::new_err(format!(
                    "action {index} out of range for the {} encoding",
                    enc.name()
                ))
            })
    }

    pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
        m.add_function(wrap_pyfunction!(action_size, m)?)?;
        m.add_function(wrap_pyfunction!(move_to_index, m)?)?;
        m.add_function(wrap_pyfunction!(index_to_move, m)?)?;
        m.add_function(wrap_pyfunction!(default_encoding, m)?)?;
        m.add(
            "JANGGI_PASS_ACTION",
            Encoding::Janggi.pass_action().expect("janggi has a pass"),
        )?;
        let names: Vec<&str> = Arrangement::ALL.iter().map(|a| a.name()).collect();
        m.add(
            "JANGGI_ARRANGEMENTS",
            pyo3::types::PyTuple::new(m.py(), names)?,
        )?;
        Ok(())
    }
}
