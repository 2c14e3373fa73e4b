//! How a game ended, as core's `Game` rules it. `xiangqi.Termination` (an `enum.IntEnum`) and
//! `xiangqi.Outcome` (a frozen dataclass) are defined in Python (`xiangqi/outcome.py`) so that
//! they iterate, pickle and copy as Python users expect; this module builds them.

use crate::package_types::{self, PackageType};
use crate::types::color_to_py;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use xiangqi_core::{Color, Outcome as CoreOutcome, Termination as CoreTermination, Violation};

/// The termination with this value in words, e.g. `"perpetual check"`.
#[pyfunction]
fn termination_description(value: crate::errors::Int) -> PyResult<&'static str> {
    let value = value.0;
    CoreTermination::ALL
        .iter()
        .find(|&&t| i64::from(t.code()) == value)
        .map(|t| t.name())
        .ok_or_else(|| {
            crate::errors::XiangqiError::new_err(format!("no termination has the value {value}"))
        })
}

/// Every termination as `(value, words)`, in core's order: the table `xiangqi.Termination`
/// must match (its tests compare them).
#[pyfunction]
fn terminations() -> Vec<(u8, &'static str)> {
    CoreTermination::ALL
        .iter()
        .map(|t| (t.code(), t.name()))
        .collect()
}

fn violation_name(v: Violation) -> &'static str {
    match v {
        Violation::None => "none",
        Violation::Chase => "chase",
        Violation::Check => "check",
    }
}

/// The ruling of a repetition as a dict (see `Outcome.ruling` in `xiangqi/outcome.py`).
fn ruling_dict<'py>(
    py: Python<'py>,
    outcome: &CoreOutcome,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let Some(r) = outcome.ruling else {
        return Ok(None);
    };
    let d = PyDict::new(py);
    d.set_item("rule", r.rule.preset_name())?;
    let violations = PyDict::new(py);
    let chased = PyDict::new(py);
    for (name, c) in [("red", Color::Red), ("black", Color::Black)] {
        violations.set_item(name, violation_name(*r.violations.get(c)))?;
        match r.chased.get(c) {
            Some(piece) => chased.set_item(
                name,
                (piece.piece.fen_char().to_string(), piece.square as u32),
            )?,
            None => chased.set_item(name, py.None())?,
        }
    }
    d.set_item("violations", violations)?;
    d.set_item("chased", chased)?;
    d.set_item("loser", r.loser.map(color_to_py))?;
    d.set_item("first_ply", r.first_ply)?;
    d.set_item("last_ply", r.last_ply)?;
    Ok(Some(d))
}

/// A core outcome as a Python `xiangqi.Outcome`.
pub fn outcome_object<'py>(py: Python<'py>, outcome: &CoreOutcome) -> PyResult<Bound<'py, PyAny>> {
    let termination =
        package_types::get(py, PackageType::Termination)?.call1((outcome.termination.code(),))?;
    package_types::get(py, PackageType::Outcome)?.call1((
        termination,
        outcome.winner.map(color_to_py),
        outcome.explain(),
        ruling_dict(py, outcome)?,
        outcome.counted,
    ))
}

/// Adds the outcome helpers to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(termination_description, m)?)?;
    m.add_function(wrap_pyfunction!(terminations, m)?)?;
    Ok(())
}
