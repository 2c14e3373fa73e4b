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
use pyo3::types::PyDict;
use std::sync::Mutex;

/// Which of the package's classes; each is bound under its [`name`](PackageType::name).
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

impl PackageType {
    /// Every one, in binding order.
    const ALL: [PackageType; 6] = [
        PackageType::Outcome,
        PackageType::Termination,
        PackageType::IllegalMoveReason,
        PackageType::SquareSet,
        PackageType::EngineBusyError,
        PackageType::BoardSvg,
    ];

    /// The keyword `_bind_package_types` takes it by.
    const fn name(self) -> &'static str {
        match self {
            PackageType::Outcome => "outcome",
            PackageType::Termination => "termination",
            PackageType::IllegalMoveReason => "illegal_move_reason",
            PackageType::SquareSet => "square_set",
            PackageType::EngineBusyError => "engine_busy_error",
            PackageType::BoardSvg => "board_svg",
        }
    }
}

/// The classes as bound, by `PackageType as usize`. Rebinding replaces them (a reloaded
/// package defines new classes).
static TYPES: Mutex<Option<Vec<Py<PyAny>>>> = Mutex::new(None);

fn unreadable<T>(_: T) -> PyErr {
    XiangqiError::new_err("the package's types are unreadable")
}

/// The class (or callable) `which`, as the package bound it.
pub fn get(py: Python<'_>, which: PackageType) -> PyResult<Bound<'_, PyAny>> {
    let types = TYPES.lock().map_err(unreadable)?;
    let types = types.as_ref().ok_or_else(|| {
        XiangqiError::new_err("xiangqi._xiangqi is used before the xiangqi package bound its types")
    })?;
    Ok(types[which as usize].bind(py).clone())
}

/// Binds the package's classes, each by its keyword (called once by `xiangqi/__init__.py`).
#[pyfunction]
#[pyo3(signature = (**types))]
fn _bind_package_types(types: Option<&Bound<'_, PyDict>>) -> PyResult<()> {
    let names: Vec<&str> = PackageType::ALL.iter().map(|t| t.name()).collect();
    let given = types.map_or(0, |t| t.len());
    let bound = PackageType::ALL
        .iter()
        .map(|t| {
            types
                .and_then(|d| d.get_item(t.name()).ok().flatten())
                .map(Bound::unbind)
                .ok_or_else(|| XiangqiError::new_err(format!("{} is not bound", t.name())))
        })
        .collect::<PyResult<Vec<_>>>()?;
    if given != names.len() {
        return Err(XiangqiError::new_err(format!(
            "the package's types are {}",
            names.join(", ")
        )));
    }
    // The old classes (if any) are dropped after the lock is released: dropping a `Py` may
    // run Python code.
    let old = TYPES.lock().map_err(unreadable)?.replace(bound);
    drop(old);
    Ok(())
}

/// Adds `_bind_package_types` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_bind_package_types, m)?)?;
    Ok(())
}
