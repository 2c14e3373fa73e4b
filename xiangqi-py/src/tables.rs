//! The tables the Rust crates own, as the Python package sees them: the null move's text, the
//! piece values, the mate-score scales and the mate-search depth, the terminations and the
//! illegal-move reasons (code and words, which `xiangqi.Termination` and
//! `xiangqi.IllegalMoveReason` name); and
//! the puzzle file's reader and daily rule.
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

/// One puzzle row as Python's `Puzzle` takes it: id, fen, moves, themes, level, daily, source.
type PuzzleRow = (
    String,
    String,
    Vec<String>,
    Vec<String>,
    String,
    bool,
    String,
);

fn puzzle_row(r: xiangqi_puzzles::record::PuzzleRecord) -> PuzzleRow {
    (
        r.id,
        r.fen,
        r.moves,
        r.themes,
        r.level.name().to_lowercase(),
        r.daily,
        r.source,
    )
}

/// The puzzles of a puzzle file's text, by the Rust reader (columns found by name); raises
/// `ValueError` naming the line of the first malformed row.
#[pyfunction]
fn puzzles_read(text: &str) -> PyResult<Vec<PuzzleRow>> {
    let (_, rows) = xiangqi_puzzles::record::read_file(text);
    rows.into_iter()
        .map(|(line, row)| {
            row.map(puzzle_row)
                .map_err(|e| pyo3::exceptions::PyValueError::new_err(format!("line {line}: {e}")))
        })
        .collect()
}

/// One data row (tab-separated, in the file's column order); raises `ValueError` when
/// malformed.
#[pyfunction]
fn puzzle_from_row(row: &str) -> PyResult<PuzzleRow> {
    xiangqi_puzzles::record::PuzzleRecord::from_row(row.trim_end_matches(['\r', '\n']))
        .map(puzzle_row)
        .map_err(pyo3::exceptions::PyValueError::new_err)
}

/// Which of `pool` daily puzzles is the one of day number `day` (`date.toordinal()`).
#[pyfunction]
fn puzzles_daily_index(day: i64, pool: usize) -> PyResult<usize> {
    xiangqi_puzzles::record::daily_index(day, pool)
        .ok_or_else(|| pyo3::exceptions::PyValueError::new_err("no daily-suitable puzzle"))
}

/// The day number of a `YYYY-MM-DD` date (`date.toordinal()`), as the page computes it from
/// the date it shows; `None` for a text that is no date.
#[pyfunction]
fn puzzles_day_number(date: &str) -> Option<i64> {
    xiangqi_puzzles::record::day_number(date)
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
    let terminations: Vec<(u8, &str)> = xiangqi_core::Termination::ALL
        .iter()
        .map(|t| (t.code(), t.name()))
        .collect();
    m.add("TERMINATIONS", terminations)?;
    m.add_function(wrap_pyfunction!(mate_depth, m)?)?;
    m.add("PUZZLE_COLUMNS", xiangqi_puzzles::record::COLUMNS.to_vec())?;
    m.add_function(wrap_pyfunction!(puzzles_read, m)?)?;
    m.add_function(wrap_pyfunction!(puzzle_from_row, m)?)?;
    m.add_function(wrap_pyfunction!(puzzles_daily_index, m)?)?;
    m.add_function(wrap_pyfunction!(puzzles_day_number, m)?)?;
    Ok(())
}
