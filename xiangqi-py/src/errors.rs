//! The Python exception hierarchy and the one place where core errors become Python errors.
//!
//! Every exception derives from `XiangqiError`, itself a `ValueError`, so code written for
//! python-chess (which raises `ValueError` subclasses) keeps working.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use xiangqi_core::{FenError as CoreFenError, IllegalMove, MoveParseError};

create_exception!(
    xiangqi,
    XiangqiError,
    PyValueError,
    "Base class of every error the xiangqi package raises (a ValueError)."
);
create_exception!(
    xiangqi,
    FenError,
    XiangqiError,
    "A FEN could not be parsed, or describes an illegal position."
);
create_exception!(
    xiangqi,
    InvalidMoveError,
    XiangqiError,
    "A move text is not a move in the given notation (syntax error)."
);
create_exception!(
    xiangqi,
    IllegalMoveError,
    XiangqiError,
    "A move is well formed but not legal in the position."
);
create_exception!(
    xiangqi,
    AmbiguousMoveError,
    XiangqiError,
    "A move text fits more than one legal move."
);
create_exception!(
    xiangqi,
    PgnError,
    XiangqiError,
    "A PGN record is malformed (the message gives the line and column)."
);

create_exception!(
    xiangqi,
    LimitError,
    XiangqiError,
    "A size or number beyond what the package accepts (the message names the limit)."
);

create_exception!(
    xiangqi,
    NetError,
    XiangqiError,
    "A net file for the learned evaluation cannot be used: unreadable, not a net, damaged or of another architecture."
);

/// Adds the exception classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("XiangqiError", py.get_type::<XiangqiError>())?;
    m.add("FenError", py.get_type::<FenError>())?;
    m.add("InvalidMoveError", py.get_type::<InvalidMoveError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("AmbiguousMoveError", py.get_type::<AmbiguousMoveError>())?;
    m.add("PgnError", py.get_type::<PgnError>())?;
    m.add("LimitError", py.get_type::<LimitError>())?;
    m.add("NetError", py.get_type::<NetError>())?;
    Ok(())
}

/// A FEN error as `FenError`.
pub fn fen_error(err: CoreFenError) -> PyErr {
    FenError::new_err(err.to_string())
}

/// A move-parse error as the matching exception (invalid, illegal or ambiguous).
pub fn move_parse_error(err: MoveParseError) -> PyErr {
    let text = err.to_string();
    match err {
        MoveParseError::Invalid { .. } => InvalidMoveError::new_err(text),
        MoveParseError::Illegal { .. } => IllegalMoveError::new_err(text),
        MoveParseError::Ambiguous { .. } => AmbiguousMoveError::new_err(text),
    }
}

/// An illegal move given as a `Move` as `IllegalMoveError`.
pub fn illegal_move(err: IllegalMove, fen: &str) -> PyErr {
    IllegalMoveError::new_err(format!("illegal move {} in {fen}", err.mv))
}

/// `LimitError` for `value` of `what` above `max`.
pub fn limit_error(
    what: &str,
    value: impl std::fmt::Display,
    max: impl std::fmt::Display,
) -> PyErr {
    LimitError::new_err(format!("{what} must be at most {max}, not {value}"))
}

/// A failed allocation of `what` as `MemoryError`.
pub fn memory_error(what: &str) -> PyErr {
    pyo3::exceptions::PyMemoryError::new_err(format!("not enough memory for {what}"))
}
