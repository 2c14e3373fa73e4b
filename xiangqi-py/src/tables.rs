//! The tables the Rust crates own, as the Python package sees them: the null move's text, the
//! piece values, the mate-score scales and the mate-search depth, the illegal-move reasons.
//! Each is read from its Rust home; `python-tests/test_tables.py` compares the Python names
//! built on them with these.

use pyo3::prelude::*;
use xiangqi_core::{IllegalMoveReason, Move, Role};
use xiangqi_search::{uci, Limits, MATE_CP};

/// The depth in plies a search for a mate in `moves` moves needs (the Rust search's one
/// formula, also what an external engine without a mate search is given).
#[pyfunction]
fn mate_depth(moves: u32) -> u32 {
    Limits::mate_depth(moves)
}

/// Adds the tables to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("NULL_MOVE", Move::NULL.to_string())?;
    let values: Vec<(&str, i32)> = Role::ALL.iter().map(|r| (r.name(), r.value())).collect();
    m.add("PIECE_VALUES", values)?;
    m.add("MATE_CP", MATE_CP)?;
    m.add("UCCI_MATE", uci::UCCI_MATE)?;
    let reasons: Vec<(u8, &str)> = IllegalMoveReason::ALL
        .iter()
        .map(|r| (r.code(), r.message()))
        .collect();
    m.add("ILLEGAL_REASONS", reasons)?;
    m.add_function(wrap_pyfunction!(mate_depth, m)?)?;
    Ok(())
}
