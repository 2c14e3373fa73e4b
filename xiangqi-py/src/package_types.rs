//! The classes the Python package defines on top of this module, which some results are made
//! of: `Outcome` and `Termination` (`xiangqi.outcome`), `IllegalMoveReason`
//! (`xiangqi.legality`), `SquareSet` (`xiangqi.squares`), `EngineBusyError`
//! (`xiangqi.exceptions`) and the board's SVG drawing (`xiangqi.svg`).
//!
//! The package hands them over once, from `xiangqi/__init__.py`, through
//! `_bind_package_types`: the extension never imports the package's modules, so the
//! dependency points one way (the package imports the extension, never the reverse). Importing
//! `xiangqi._xiangqi` runs `xiangqi/__init__.py` first, so they are bound before any call can
//! need them; a call made without them raises `XiangqiError`, never panics.

use crate::errors::XiangqiError;
use pyo3::prelude::*;
use std::sync::Mutex;

/// The package's classes, as bound.
struct PackageTypes {
    outcome: Py<PyAny>,
    termination: Py<PyAny>,
    illegal_move_reason: Py<PyAny>,
    square_set: Py<PyAny>,
    engine_busy_error: Py<PyAny>,
    board_svg: Py<PyAny>,
}

/// Rebinding replaces them (a reloaded package defines new classes).
static TYPES: Mutex<Option<PackageTypes>> = Mutex::new(None);

/// Which of the package's classes.
#[derive(Clone, Copy)]
pub enum PackageType {
    /// `xiangqi.outcome.Outcome`.
    Outcome,
    /// `xiangqi.outcome.Termination`.
    Termination,
    /// `xiangqi.legality.IllegalMoveReason`.
    IllegalMoveReason,
    /// `xiangqi.squares.SquareSet`.
    SquareSet,
    /// `xiangqi.exceptions.EngineBusyError`.
    EngineBusyError,
    /// A callable drawing a board as SVG text (`xiangqi.svg`'s).
    BoardSvg,
}

/// The class (or callable) `which`, as the package bound it.
pub fn get(py: Python<'_>, which: PackageType) -> PyResult<Bound<'_, PyAny>> {
    let types = TYPES
        .lock()
        .map_err(|_| XiangqiError::new_err("the package's types are unreadable"))?;
    let types = types.as_ref().ok_or_else(|| {
        XiangqiError::new_err("xiangqi._xiangqi is used before the xiangqi package bound its types")
    })?;
    let class = match which {
        PackageType::Outcome => &types.outcome,
        PackageType::Termination => &types.termination,
        PackageType::IllegalMoveReason => &types.illegal_move_reason,
        PackageType::SquareSet => &types.square_set,
        PackageType::EngineBusyError => &types.engine_busy_error,
        PackageType::BoardSvg => &types.board_svg,
    };
    Ok(class.bind(py).clone())
}

/// Binds the package's classes (called once by `xiangqi/__init__.py`).
#[pyfunction]
#[pyo3(signature = (*, outcome, termination, illegal_move_reason, square_set, engine_busy_error, board_svg))]
fn _bind_package_types(
    outcome: Py<PyAny>,
    termination: Py<PyAny>,
    illegal_move_reason: Py<PyAny>,
    square_set: Py<PyAny>,
    engine_busy_error: Py<PyAny>,
    board_svg: Py<PyAny>,
) -> PyResult<()> {
    let bound = PackageTypes {
        outcome,
        termination,
        illegal_move_reason,
        square_set,
        engine_busy_error,
        board_svg,
    };
    // The old classes (if any) are dropped after the lock is released: dropping a `Py` with
    // the GIL held may run Python code.
    let old = {
        let mut types = TYPES
            .lock()
            .map_err(|_| XiangqiError::new_err("the package's types are unreadable"))?;
        types.replace(bound)
    };
    drop(old);
    Ok(())
}

/// Adds `_bind_package_types` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_bind_package_types, m)?)?;
    Ok(())
}
