//! The small value types: squares (plain ints 0..89), colours (bools), `Move` and `Piece`.
//!
//! As in python-chess, a square is an `int` (`rank * 9 + file`, so `a0` = 0, `i9` = 89), a colour
//! is a `bool` (`RED = True`), and a piece type is an `int` 1..7.

use crate::errors::{move_parse_error, Count, Int, XiangqiError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use xiangqi_core::notation::iccs::{parse_coords, write_coords};
use xiangqi_core::{Color, Move as CoreMove, Piece as CorePiece, RankDialect, Role, Square};

/// A colour as Python sees it: `True` for Red.
pub fn color_to_py(color: Color) -> bool {
    color == Color::Red
}

/// A Python colour (`True` = Red) as a core colour.
pub fn color_from_py(red: bool) -> Color {
    if red {
        Color::Red
    } else {
        Color::Black
    }
}

/// A Python square index as a core square.
pub fn square_from_py(index: i64) -> PyResult<Square> {
    u32::try_from(index)
        .ok()
        .and_then(Square::new)
        .ok_or_else(|| XiangqiError::new_err(format!("square index out of range 0..89: {index}")))
}

/// The dialect named by a rank base: 0 for ICCS (`h2e2`), 1 for Fairy-Stockfish's UCI (`h3e3`).
pub fn dialect(rank_base: u8) -> PyResult<RankDialect> {
    match rank_base {
        0 => Ok(RankDialect::Zero),
        1 => Ok(RankDialect::One),
        _ => Err(XiangqiError::new_err(format!(
            "rank_base must be 0 (ICCS, h2e2) or 1 (ranks 1..10, h3e3), not {rank_base}"
        ))),
    }
}

/// The piece type number (1..7) of a role.
pub fn role_to_py(role: Role) -> u8 {
    role.index() as u8 + 1
}

/// A role from its piece type number (1..7).
pub fn role_from_py(piece_type: i64) -> PyResult<Role> {
    usize::try_from(piece_type - 1)
        .ok()
        .and_then(Role::from_index)
        .ok_or_else(|| XiangqiError::new_err(format!("piece type out of range 1..7: {piece_type}")))
}

/// A move from one point to another. Moves carry no piece; a board knows what stands on
/// `from_square`. `Move.null()` (`0000`) is falsy.
#[pyclass(module = "xiangqi", frozen, eq, hash, ord, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) inner: CoreMove,
}

impl PartialOrd for Move {
    fn partial_cmp(&self, other: &Move) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Move {
    /// By origin, then destination (square indices), so sorted moves read piece by piece.
    fn cmp(&self, other: &Move) -> std::cmp::Ordering {
        (self.inner.from(), self.inner.to()).cmp(&(other.inner.from(), other.inner.to()))
    }
}

impl Move {
    /// Wraps a core move.
    pub fn wrap(inner: CoreMove) -> Move {
        Move { inner }
    }

    /// The Python object of a core move. `Move`s are immutable and compared by value, so, as
    /// CPython does for small integers, every move value has one object, made the first time
    /// any move is turned into an object (8,100 of them, about a millisecond) and shared
    /// after that: a move list costs a reference count per move instead of an allocation.
    /// Those objects are left out of the cyclic garbage collector's lists (a `Move` holds no
    /// reference, so it is never part of a cycle; `pyo3` registers every class with it).
    pub fn object(py: Python<'_>, inner: CoreMove) -> PyResult<Bound<'_, Move>> {
        static OBJECTS: PyOnceLock<Box<[Py<Move>]>> = PyOnceLock::new();
        let objects = OBJECTS.get_or_try_init(py, || {
            let mut objects = Vec::with_capacity(Square::ALL.len() * Square::ALL.len());
            for from in Square::ALL {
                for to in Square::ALL {
                    let object = Bound::new(py, Move::wrap(CoreMove::new(from, to)))?;
                    // SAFETY: the object was just made and is alive; an object of a collected
                    // type may be untracked at any time (its deallocation untracks it only
                    // when it is tracked).
                    unsafe { pyo3::ffi::PyObject_GC_UnTrack(object.as_ptr().cast()) };
                    objects.push(object.unbind());
                }
            }
            PyResult::Ok(objects.into_boxed_slice())
        })?;
        let index = inner.from().index() * Square::ALL.len() + inner.to().index();
        Ok(objects[index].bind(py).clone())
    }
}

#[pymethods]
impl Move {
    #[new]
    fn py_new(from_square: Int, to_square: Int) -> PyResult<Move> {
        Ok(Move::wrap(CoreMove::new(
            square_from_py(from_square.0)?,
            square_from_py(to_square.0)?,
        )))
    }

    /// The null move (`0000`), which is falsy.
    #[staticmethod]
    fn null() -> Move {
        Move::wrap(CoreMove::NULL)
    }

    /// Parses coordinates such as `h2e2` (ICCS, ranks 0..9), or `h3e3` with `rank_base=1`.
    /// `0000` is the null move. Raises `InvalidMoveError` on bad syntax.
    #[staticmethod]
    #[pyo3(signature = (text, rank_base = Count(0)), text_signature = "(text, rank_base=0)")]
    fn from_uci(text: &str, rank_base: Count<u8>) -> PyResult<Move> {
        parse_coords(text, dialect(rank_base.0)?)
            .map(Move::wrap)
            .map_err(move_parse_error)
    }

    /// The point the piece leaves.
    #[getter(from_square)]
    fn origin(&self) -> u8 {
        self.inner.from() as u8
    }

    /// The point the piece arrives on.
    #[getter(to_square)]
    fn target(&self) -> u8 {
        self.inner.to() as u8
    }

    /// The coordinates, `h2e2` (or `h3e3` with `rank_base=1`); `0000` for the null move.
    #[pyo3(signature = (rank_base = Count(0)), text_signature = "($self, rank_base=0)")]
    pub fn uci(&self, rank_base: Count<u8>) -> PyResult<String> {
        let rank_base = rank_base.0;
        Ok(write_coords(self.inner, dialect(rank_base)?))
    }

    /// The same move with the ranks mirrored (as the other side sees it).
    fn mirror(&self) -> Move {
        Move::wrap(self.inner.flip_rank())
    }

    fn __bool__(&self) -> bool {
        !self.inner.is_null()
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Move.from_uci('{}')", self.__str__())
    }

    fn __reduce__(slf: &Bound<'_, Self>) -> PyResult<(Py<PyAny>, (u8, u8))> {
        let this = slf.get();
        Ok((
            slf.get_type().into_any().unbind(),
            (this.origin(), this.target()),
        ))
    }
}

/// A piece: a piece type (1 = general .. 7 = soldier) of a colour (`True` = Red).
#[pyclass(module = "xiangqi", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    pub(crate) inner: CorePiece,
}

impl Piece {
    /// Wraps a core piece.
    pub fn wrap(inner: CorePiece) -> Piece {
        Piece { inner }
    }
}

#[pymethods]
impl Piece {
    #[new]
    fn py_new(piece_type: Int, color: bool) -> PyResult<Piece> {
        Ok(Piece::wrap(CorePiece::new(
            color_from_py(color),
            role_from_py(piece_type.0)?,
        )))
    }

    /// Parses a FEN letter (K A B N R C P, also E and H; upper case for Red).
    #[staticmethod]
    fn from_symbol(symbol: &str) -> PyResult<Piece> {
        let mut chars = symbol.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => CorePiece::from_fen_char(c)
                .map(Piece::wrap)
                .ok_or_else(|| XiangqiError::new_err(format!("not a piece letter: {symbol:?}"))),
            _ => Err(XiangqiError::new_err(format!(
                "expected one piece letter, got {symbol:?}"
            ))),
        }
    }

    /// The piece type, 1 (general) .. 7 (soldier).
    #[getter]
    fn piece_type(&self) -> u8 {
        role_to_py(self.inner.role)
    }

    /// The colour, `True` for Red.
    #[getter]
    fn color(&self) -> bool {
        color_to_py(self.inner.color)
    }

    /// The FEN letter: K A B N R C P, upper case for Red.
    fn symbol(&self) -> String {
        self.inner.fen_char().to_string()
    }

    /// The display letter: K A E H R C P, upper case for Red.
    fn letter(&self) -> String {
        self.inner.letter().to_string()
    }

    /// The Chinese character, traditional (帥仕相傌俥炮兵 / 將士象馬車砲卒) or simplified.
    #[pyo3(signature = (traditional = true))]
    fn chinese(&self, traditional: bool) -> String {
        self.inner.chinese_char(traditional).to_string()
    }

    /// The piece as one character, as python-chess's `unicode_symbol`: the Chinese character
    /// of a xiangqi board, traditional (帥仕相傌俥炮兵 / 將士象馬車砲卒); `invert_color` gives
    /// the other side's character.
    #[pyo3(signature = (*, invert_color = false))]
    fn unicode_symbol(&self, invert_color: bool) -> String {
        let mut piece = self.inner;
        if invert_color {
            piece.color = !piece.color;
        }
        piece.chinese_char(true).to_string()
    }

    /// The piece type's English name, e.g. `"chariot"`.
    fn name(&self) -> &'static str {
        self.inner.role.name()
    }

    fn __str__(&self) -> String {
        self.symbol()
    }

    fn __repr__(&self) -> String {
        format!("Piece.from_symbol('{}')", self.symbol())
    }

    fn __reduce__(slf: &Bound<'_, Self>) -> PyResult<(Py<PyAny>, (u8, bool))> {
        let this = slf.get();
        Ok((
            slf.get_type().into_any().unbind(),
            (this.piece_type(), this.color()),
        ))
    }
}

/// The ICCS name of a square, e.g. `square_name(4) == "e0"`.
#[pyfunction]
pub fn square_name(square: Int) -> PyResult<String> {
    Ok(square_from_py(square.0)?.name())
}

/// The square named `name` (`"e0"`); raises `XiangqiError` for a bad name.
#[pyfunction]
pub fn parse_square(name: &str) -> PyResult<u8> {
    name.parse::<Square>()
        .map(|sq| sq as u8)
        .map_err(|_| XiangqiError::new_err(format!("not a square name: {name:?}")))
}

/// Adds the types and functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Move>()?;
    m.add_class::<Piece>()?;
    m.add_function(wrap_pyfunction!(square_name, m)?)?;
    m.add_function(wrap_pyfunction!(parse_square, m)?)?;
    Ok(())
}
