//! Where a learning environment's games start, for `VecEnv` and (through `start_fens`) the
//! Gymnasium and PettingZoo environments: the positions given, xiangqi's start position, or
//! janggi's sixteen setups.

use crate::board::janggi_start;
use crate::errors::{fen_error, XiangqiError};
use pyo3::prelude::*;
use xiangqi_core::janggi::Arrangement;
use xiangqi_core::{Position, Variant};

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
/// `None` or `"random"` for the sixteen, or one `(cho, han)` pair). `XiangqiError` for both
/// given, a setup for xiangqi or an unknown arrangement; `FenError` for a bad FEN.
pub fn start_positions(
    variant: Variant,
    fens: Option<&[String]>,
    setup: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<Position>> {
    let setup = setup.map(parse_setup).transpose()?;
    match (fens, setup) {
        (Some(_), Some(_)) => Err(XiangqiError::new_err(
            "give start positions (fen) or a setup, not both: positions replace the janggi setups",
        )),
        (Some([]), None) => Err(XiangqiError::new_err("fens must not be empty")),
        (Some(fens), None) => fens
            .iter()
            .map(|f| Position::from_fen_variant(f, variant).map_err(fen_error))
            .collect(),
        (None, None) if !variant.is_janggi() => Ok(vec![Position::startpos()]),
        (None, Some(_)) if !variant.is_janggi() => Err(XiangqiError::new_err(
            "setup is for janggi (variant=\"janggi\", ...): xiangqi has one start position",
        )),
        (None, None) => setup_positions(variant, "random"),
        (None, Some(SetupArg::Name(name))) => setup_positions(variant, &name),
        (None, Some(SetupArg::Pair(cho, han))) => Ok(vec![janggi_start(&cho, &han, variant)?]),
    }
}

/// Janggi's sixteen setups for `"random"`; else `XiangqiError`.
fn setup_positions(variant: Variant, name: &str) -> PyResult<Vec<Position>> {
    if name != "random" {
        return Err(XiangqiError::new_err(format!(
            "setup must be \"random\" or a (cho, han) pair of arrangements, not {name:?}"
        )));
    }
    let mut starts = Vec::with_capacity(16);
    for cho in Arrangement::ALL {
        for han in Arrangement::ALL {
            starts.push(janggi_start(cho.name(), han.name(), variant)?);
        }
    }
    Ok(starts)
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
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(start_fens, m)?)?;
    Ok(())
}
