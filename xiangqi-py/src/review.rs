//! The move judgement of `xiangqi_search::review` (the same rule the play page uses):
//! `expected_score` and `judge_move` for `xiangqi.analyse`.

use crate::errors::XiangqiError;
use pyo3::prelude::*;
use xiangqi_search::review::{self, Judgement};
use xiangqi_search::Score;

/// The expected score (0 to 1) of a side `cp` centipawns ahead: `1 / (1 + 10 ** (-cp / 400))`,
/// `cp` clamped to ±4000.
#[pyfunction]
fn expected_score(cp: i64) -> f64 {
    review::expected_score(cp.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32)
}

/// Judges a move: `before` is the score in centipawns of the position before it from the
/// mover's side, `after` that of the position after it from the opponent's side (mates as
/// `MATE_CP` less the moves to it), `played_best` whether it is the engine's best move.
/// Returns `(drop, nag)`: the mover's expected score given away and the NAG it earns (0, or 6
/// `?!`, 2 `?`, 4 `??`) by `thresholds` (rising drops within (0, 1); default `THRESHOLDS`).
#[pyfunction]
#[pyo3(signature = (before, after, played_best, thresholds = None))]
fn judge_move(
    before: i64,
    after: i64,
    played_best: bool,
    thresholds: Option<(f64, f64, f64)>,
) -> PyResult<(f64, u8)> {
    let thresholds = match thresholds {
        None => review::THRESHOLDS,
        Some((a, b, c)) if 0.0 < a && a <= b && b <= c && c < 1.0 => [a, b, c],
        Some(t) => {
            return Err(XiangqiError::new_err(format!(
                "thresholds rise within (0, 1): {t:?}"
            )))
        }
    };
    let clamp = |cp: i64| Score::Cp(cp.clamp(-i64::from(i32::MAX), i64::from(i32::MAX)) as i32);
    let verdict = review::judge_move_with(clamp(before), clamp(after), played_best, thresholds);
    Ok((verdict.drop, verdict.judgement.nag()))
}

/// The NAG's mark: `""`, `"?!"`, `"?"` or `"??"`.
#[pyfunction]
fn nag_symbol(nag: u8) -> &'static str {
    [Judgement::Dubious, Judgement::Mistake, Judgement::Blunder]
        .into_iter()
        .find(|j| j.nag() == nag)
        .map_or("", Judgement::symbol)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add(
        "THRESHOLDS",
        (
            review::THRESHOLDS[0],
            review::THRESHOLDS[1],
            review::THRESHOLDS[2],
        ),
    )?;
    m.add_function(wrap_pyfunction!(expected_score, m)?)?;
    m.add_function(wrap_pyfunction!(judge_move, m)?)?;
    m.add_function(wrap_pyfunction!(nag_symbol, m)?)?;
    Ok(())
}
