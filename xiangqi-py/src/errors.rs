//! The Python exception hierarchy and the one place where core errors become Python errors.
//!
//! Every exception derives from `XiangqiError`, itself a `ValueError`, so code written for
//! python-chess (which raises `ValueError` subclasses) keeps working.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use xiangqi_core::{
    FenError as CoreFenError, IllegalMove, IllegalMoveReason, MoveParseError, Position,
    PositionError,
};

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
/// The illegal-move reason with this code in words, e.g. `"the path is blocked"`.
#[pyfunction]
fn illegal_reason_description(code: Int) -> PyResult<&'static str> {
    let code = code.0;
    u8::try_from(code)
        .ok()
        .and_then(IllegalMoveReason::from_code)
        .map(IllegalMoveReason::message)
        .ok_or_else(|| XiangqiError::new_err(format!("no illegal-move reason has the code {code}")))
}

/// Every illegal-move reason as `(code, Rust name, words)`, in core's order: the table
/// `xiangqi.IllegalMoveReason` must match (its tests compare them).
#[pyfunction]
fn illegal_reasons() -> Vec<(u8, String, &'static str)> {
    IllegalMoveReason::ALL
        .iter()
        .map(|r| (r.code(), format!("{r:?}"), r.message()))
        .collect()
}

/// Adds the exception classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_function(wrap_pyfunction!(illegal_reason_description, m)?)?;
    m.add_function(wrap_pyfunction!(illegal_reasons, m)?)?;
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

/// `FenError` for asking the rules of a board being set up (`err` says why its pieces are not
/// a legal position yet): the problems, then how to finish the position.
pub fn setting_up_error(err: &PositionError) -> PyErr {
    FenError::new_err(format!(
        "{err}. The board is being set up: set up both generals, each in its palace, and the \
         other pieces where the rules allow them, the side not to move not in check \
         (set_piece_at, set_piece_map, set_fen), before playing or asking the rules; \
         board.status() lists the problems"
    ))
}

/// A move-parse error as the matching exception (invalid, illegal or ambiguous); an illegal
/// one carries its `IllegalMoveReason` as `reason`.
pub fn move_parse_error(err: MoveParseError) -> PyErr {
    let text = err.to_string();
    match err {
        MoveParseError::Invalid { .. } => InvalidMoveError::new_err(text),
        MoveParseError::Illegal { reason, .. } => {
            // The core words the reason with the reason's own message.
            let reason = IllegalMoveReason::ALL
                .into_iter()
                .find(|r| r.message() == reason);
            illegal_move_error(text, reason)
        }
        MoveParseError::Ambiguous { .. } => AmbiguousMoveError::new_err(text),
    }
}

/// `IllegalMoveError` with `message` and its `reason` attribute (`None` when not known).
pub fn illegal_move_error(message: String, reason: Option<IllegalMoveReason>) -> PyErr {
    let err = IllegalMoveError::new_err(message);
    if let Some(reason) = reason {
        Python::attach(|py| {
            if let Ok(value) = reason_object(py, reason) {
                let _ = err.value(py).setattr("reason", value);
            }
        });
    }
    err
}

/// `xiangqi.legality.IllegalMoveReason(code)`.
pub fn reason_object(py: Python<'_>, reason: IllegalMoveReason) -> PyResult<Bound<'_, PyAny>> {
    crate::package_types::get(py, crate::package_types::PackageType::IllegalMoveReason)?
        .call1((reason.code(),))
}

/// An illegal move given as a `Move` as `IllegalMoveError`, with why (in the message and as
/// `reason`).
pub fn illegal_move(err: IllegalMove, pos: &Position) -> PyErr {
    let reason = pos.illegal_reason(err.mv);
    let why = reason.map_or(String::new(), |r| format!(": {r}"));
    illegal_move_error(
        format!("illegal move {} in {}{why}", err.mv, pos.fen()),
        reason,
    )
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

/// The unsigned integer types a [`Count`] can hold.
pub trait CountType: TryFrom<i128> + Copy + std::fmt::Display {
    /// The largest value.
    const MAX: Self;
}

macro_rules! count_types {
    ($($t:ty),*) => {$(
        impl CountType for $t {
            const MAX: Self = <$t>::MAX;
        }
    )*};
}
count_types!(u8, u16, u32, u64, usize);

/// A whole-number argument (a count, size, depth, index or seed) taken from any Python int:
/// a negative one raises `XiangqiError` and one beyond the Rust type `LimitError`, never
/// `OverflowError` (PyO3 adds the argument's name as a note). Not an int: `TypeError`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count<T>(pub T);

impl<'a, 'py, T: CountType> FromPyObject<'a, 'py> for Count<T> {
    type Error = PyErr;

    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let py = obj.py();
        let value = match obj.extract::<i128>() {
            Ok(value) => value,
            Err(e) if e.is_instance_of::<pyo3::exceptions::PyOverflowError>(py) => {
                let text = obj.str().map(|s| s.to_string()).unwrap_or_default();
                return Err(if text.starts_with('-') {
                    XiangqiError::new_err(format!("a count or size cannot be negative, not {text}"))
                } else {
                    limit_error("a count or size", text, T::MAX)
                });
            }
            Err(e) => return Err(e),
        };
        if value < 0 {
            return Err(XiangqiError::new_err(format!(
                "a count or size cannot be negative, not {value}"
            )));
        }
        T::try_from(value)
            .map(Count)
            .map_err(|_| limit_error("a count or size", value, T::MAX))
    }
}

/// A whole-number argument that may be negative (a square, a piece type, a code): one beyond
/// 64 bits raises `XiangqiError`, never `OverflowError`; the function then checks its range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Int(pub i64);

impl<'a, 'py> FromPyObject<'a, 'py> for Int {
    type Error = PyErr;

    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let py = obj.py();
        let out_of_range = || {
            let text = obj.str().map(|s| s.to_string()).unwrap_or_default();
            XiangqiError::new_err(format!("{text} is out of range"))
        };
        match obj.extract::<i128>() {
            Ok(value) => i64::try_from(value).map(Int).map_err(|_| out_of_range()),
            Err(e) if e.is_instance_of::<pyo3::exceptions::PyOverflowError>(py) => {
                Err(out_of_range())
            }
            Err(e) => Err(e),
        }
    }
}
