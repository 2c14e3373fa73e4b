//! Where a learning environment's games start, for `VecEnv` and (through `start_fens`) the
//! Gymnasium and PettingZoo environments: the positions given, xiangqi's start position, or
//! janggi's sixteen setups.

use crate::errors::{fen_error, XiangqiError};
use pyo3::prelude::*;
use xiangqi_core::{Position, Variant};
use xiangqi_learn::{Setup, StartError};

/// The `setup` argument: `"random"` or a `(cho, han)` pair of arrangement names.
enum SetupArg {
    /// `"random"`.
    Name(String),
    /// Cho's and Han's arrangements.
    Pair(String, String),
}

/// Reads `setup`: a string, or a tuple or list of two strings; else `XiangqiError`.
fn parse_setup(setup: &Bound<'_, PyAny>) -> PyResult<SetupArg> {
    if let Ok(name) = setup.extract::<String>() {
        return Ok(SetupArg::Name(name));
    }
    match setup.extract::<Vec<String>>() {
        Ok(pair) if pair.len() == 2 => Ok(SetupArg::Pair(pair[0].clone(), pair[1].clone())),
        _ => Err(XiangqiError::new_err(format!(
            "setup must be \"random\" or a (cho, han) pair of arrangement names, not {}",
            setup.repr()?
        ))),
    }
}

/// The positions the games of a `variant` environment start from, one drawn for each game:
/// `fens` when given (not empty), else xiangqi's start position or janggi's setups (`setup`:
/// `None` or `"random"` for the sixteen, or one `(cho, han)` pair), as
/// [`xiangqi_learn::start_positions`] makes them. `XiangqiError` for both given, a setup for
/// xiangqi or an unknown arrangement; `FenError` for a bad FEN.
pub fn start_positions(
    variant: Variant,
    fens: Option<&[String]>,
    setup: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<Position>> {
    let setup = setup.map(parse_setup).transpose()?;
    let setup = setup.as_ref().map(|s| match s {
        SetupArg::Name(name) => Setup::Named(name),
        SetupArg::Pair(cho, han) => Setup::Pair(cho, han),
    });
    xiangqi_learn::start_positions(variant, fens, setup).map_err(|e| match e {
        StartError::Fen(e) => fen_error(e),
        e => XiangqiError::new_err(e.to_string()),
    })
}

/// `_start_fens(variant, fen=None, setup=None)`: the FENs of [`start_positions`] (`fen`, one
/// position, as `fens`), for the environments written in Python.
#[pyfunction]
#[pyo3(name = "_start_fens", signature = (variant, fen = None, setup = None))]
fn start_fens(
    variant: &str,
    fen: Option<String>,
    setup: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<String>> {
    let variant = crate::board::parse_variant(variant)?;
    let fens = fen.map(|f| vec![f]);
    let starts = start_positions(variant, fens.as_deref(), setup)?;
    Ok(starts.iter().map(Position::fen).collect())
}

/// Adds `_start_fens` to the module.
/// The balanced openings shipped with the project (`data/openings/balanced.epd`, compiled into
/// the engine for self-play), as FENs: the default openings of matches and self-play.
#[pyfunction]
fn balanced_openings() -> Vec<String> {
    xiangqi_search::datagen::balanced_openings()
        .iter()
        .map(|p| p.fen())
        .collect()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(start_fens, m)?)?;
    m.add_function(wrap_pyfunction!(balanced_openings, m)?)?;
    Ok(())
}
