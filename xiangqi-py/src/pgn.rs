//! PGN records as plain Python data: the `xiangqi.pgn` module builds its `Game` from these.

use crate::board::{parse_notation, Board};
use crate::errors::{fen_error, XiangqiError};
use crate::types::Move;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use xiangqi_core::notation::ChineseStyle;
use xiangqi_core::pgn::{read_all, MoveFormat, PgnGame, PgnMove, PgnResult, WriteOptions};
use xiangqi_core::{Notation, Position};

fn game_dict<'py>(py: Python<'py>, game: &PgnGame) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("headers", game.tags.clone())?;
    d.set_item("fen", game.start.fen())?;
    d.set_item(
        "moves",
        game.moves
            .iter()
            .map(|m| Move::wrap(m.mv))
            .collect::<Vec<_>>(),
    )?;
    d.set_item(
        "comments",
        game.moves
            .iter()
            .map(|m| m.comment.clone())
            .collect::<Vec<_>>(),
    )?;
    d.set_item(
        "nags",
        game.moves
            .iter()
            .map(|m| m.nags.clone())
            .collect::<Vec<_>>(),
    )?;
    d.set_item("comment", game.comment.clone())?;
    d.set_item("result", game.result.as_str())?;
    Ok(d)
}

/// Reads every record of a PGN text. Each item is a dict (`headers` as (name, value) pairs,
/// `fen`, `moves`, `comments`, `nags`, `comment`, `result`) or, for a malformed record, the
/// error message (with line and column) as a string. Variations are not kept.
#[pyfunction]
pub fn pgn_read(py: Python<'_>, text: &str) -> PyResult<Vec<Py<PyAny>>> {
    let records = py.detach(|| read_all(text));
    records
        .into_iter()
        .map(|r| match r {
            Ok(game) => Ok(game_dict(py, &game)?.into_any().unbind()),
            Err(e) => Ok(e.to_string().into_pyobject(py)?.into_any().unbind()),
        })
        .collect()
}

/// The record of a board's game: its root, its moves and, when the game is over, its result
/// with a `Termination` tag and the ruling's explanation as the final comment.
#[pyfunction]
pub fn pgn_from_board<'py>(
    py: Python<'py>,
    board: PyRef<'_, Board>,
) -> PyResult<Bound<'py, PyDict>> {
    game_dict(py, &PgnGame::from_game(&board.line.game))
}

/// Writes a record as PGN. `notation` is `"iccs"`, `"wxf"`, `"chinese"` or
/// `"chinese-traditional"`; the moves must be legal from `fen`.
#[pyfunction]
#[pyo3(signature = (headers, fen, moves, comments, nags, comment, result, notation = "iccs", line_width = 80))]
#[allow(clippy::too_many_arguments)]
pub fn pgn_write(
    headers: Vec<(String, String)>,
    fen: &str,
    moves: Vec<Move>,
    comments: Vec<Option<String>>,
    nags: Vec<Vec<u8>>,
    comment: Option<String>,
    result: &str,
    notation: &str,
    line_width: usize,
) -> PyResult<String> {
    let start = Position::from_fen(fen).map_err(fen_error)?;
    let mut game = PgnGame::new(start);
    game.tags = headers;
    game.comment = comment;
    game.result = PgnResult::parse(result).ok_or_else(|| {
        XiangqiError::new_err(format!(
            "result must be 1-0, 0-1, 1/2-1/2 or *, not {result:?}"
        ))
    })?;
    for (i, m) in moves.iter().enumerate() {
        let mut pm = PgnMove::new(m.inner);
        pm.comment = comments.get(i).cloned().flatten();
        pm.nags = nags.get(i).cloned().unwrap_or_default();
        game.moves.push(pm);
    }
    let (format, chinese) = match parse_notation(notation)? {
        Notation::Iccs | Notation::IccsOneBased => (MoveFormat::Iccs, ChineseStyle::SIMPLIFIED),
        Notation::Wxf => (MoveFormat::Wxf, ChineseStyle::SIMPLIFIED),
        Notation::Chinese => (MoveFormat::Chinese, ChineseStyle::SIMPLIFIED),
        Notation::ChineseTraditional => (MoveFormat::Chinese, ChineseStyle::TRADITIONAL),
    };
    let options = WriteOptions {
        format,
        chinese,
        line_width,
        ..WriteOptions::default()
    };
    game.to_pgn(&options)
        .map_err(|e| crate::errors::IllegalMoveError::new_err(e.to_string()))
}

/// Adds the PGN functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(pgn_read, m)?)?;
    m.add_function(wrap_pyfunction!(pgn_write, m)?)?;
    m.add_function(wrap_pyfunction!(pgn_from_board, m)?)?;
    Ok(())
}
