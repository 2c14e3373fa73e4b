//! `Outcome` and `Termination`: how a game ended, as core's `Game` rules it.

use crate::types::color_to_py;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use xiangqi_core::{Color, Outcome as CoreOutcome, Termination as CoreTermination, Violation};

/// Why a game ended. The values are stable (they are also `VecEnv`'s `termination` codes).
#[pyclass(module = "xiangqi", eq, eq_int, frozen, hash, from_py_object)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(non_camel_case_types, clippy::upper_case_acronyms)]
pub enum Termination {
    /// The side to move is in check with no legal move: it loses.
    CHECKMATE = 1,
    /// The side to move has no legal move and is not in check: in xiangqi it loses too.
    STALEMATE = 2,
    /// Threefold repetition where one side checked with every move: that side loses.
    PERPETUAL_CHECK = 3,
    /// Threefold repetition where one side chased one piece with every move (axf): it loses.
    PERPETUAL_CHASE = 4,
    /// Threefold repetition with no penalty: a draw.
    REPETITION = 5,
    /// The no-capture limit: a draw.
    MOVE_LIMIT = 6,
    /// Neither side can mate: a draw.
    INSUFFICIENT_MATERIAL = 7,
    /// A player resigned.
    RESIGNATION = 8,
    /// The players agreed a draw.
    AGREEMENT = 9,
    /// A player ran out of time.
    TIME = 10,
}

impl Termination {
    /// The Python value of a core termination.
    pub fn from_core(t: CoreTermination) -> Termination {
        match t {
            CoreTermination::Checkmate => Termination::CHECKMATE,
            CoreTermination::Stalemate => Termination::STALEMATE,
            CoreTermination::PerpetualCheck => Termination::PERPETUAL_CHECK,
            CoreTermination::PerpetualChase => Termination::PERPETUAL_CHASE,
            CoreTermination::Repetition => Termination::REPETITION,
            CoreTermination::MoveLimit => Termination::MOVE_LIMIT,
            CoreTermination::InsufficientMaterial => Termination::INSUFFICIENT_MATERIAL,
            CoreTermination::Resignation => Termination::RESIGNATION,
            CoreTermination::Agreement => Termination::AGREEMENT,
            CoreTermination::Time => Termination::TIME,
        }
    }

    fn core(self) -> CoreTermination {
        match self {
            Termination::CHECKMATE => CoreTermination::Checkmate,
            Termination::STALEMATE => CoreTermination::Stalemate,
            Termination::PERPETUAL_CHECK => CoreTermination::PerpetualCheck,
            Termination::PERPETUAL_CHASE => CoreTermination::PerpetualChase,
            Termination::REPETITION => CoreTermination::Repetition,
            Termination::MOVE_LIMIT => CoreTermination::MoveLimit,
            Termination::INSUFFICIENT_MATERIAL => CoreTermination::InsufficientMaterial,
            Termination::RESIGNATION => CoreTermination::Resignation,
            Termination::AGREEMENT => CoreTermination::Agreement,
            Termination::TIME => CoreTermination::Time,
        }
    }
}

#[pymethods]
impl Termination {
    /// The member's name, e.g. `"PERPETUAL_CHECK"`.
    #[getter]
    fn name(&self) -> String {
        format!("{self:?}")
    }

    /// The member's number.
    #[getter]
    fn value(&self) -> i32 {
        *self as i32
    }

    /// In words, e.g. `"perpetual check"`.
    fn description(&self) -> &'static str {
        self.core().name()
    }

    fn __str__(&self) -> String {
        format!("Termination.{self:?}")
    }
}

fn violation_name(v: Violation) -> &'static str {
    match v {
        Violation::None => "none",
        Violation::Chase => "chase",
        Violation::Check => "check",
    }
}

/// How a game ended: `termination`, `winner` (`RED`, `BLACK`, or `None` for a draw) and
/// `reason` (the ruling in words: the rule, the side, for repetitions the chased piece and its
/// point and the cycle). `ruling` holds a repetition ruling's reasons as data.
#[pyclass(module = "xiangqi", frozen)]
pub struct Outcome {
    inner: CoreOutcome,
}

impl Outcome {
    /// Wraps a core outcome.
    pub fn wrap(inner: CoreOutcome) -> Outcome {
        Outcome { inner }
    }
}

#[pymethods]
impl Outcome {
    /// Why the game ended.
    #[getter]
    fn termination(&self) -> Termination {
        Termination::from_core(self.inner.termination)
    }

    /// The winner (`True` = Red), or `None` for a draw.
    #[getter]
    fn winner(&self) -> Option<bool> {
        self.inner.winner.map(color_to_py)
    }

    /// The ruling explained in words.
    #[getter]
    fn reason(&self) -> String {
        self.inner.explain()
    }

    /// For a repetition: `rule`, `violations` (per side: "none", "chase" or "check"), `loser`,
    /// `chased` (per side: (piece symbol, square) or None), `first_ply` and `last_ply` of the
    /// cycle. `None` for other endings.
    #[getter]
    fn ruling<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(r) = self.inner.ruling else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        d.set_item("rule", r.rule.preset_name())?;
        let per_side = |f: &dyn Fn(Color) -> Py<PyAny>| -> PyResult<Bound<'py, PyDict>> {
            let side = PyDict::new(py);
            side.set_item("red", f(Color::Red))?;
            side.set_item("black", f(Color::Black))?;
            Ok(side)
        };
        d.set_item(
            "violations",
            per_side(&|c| {
                violation_name(*r.violations.get(c))
                    .into_pyobject(py)
                    .map(|o| o.into_any().unbind())
                    .unwrap_or_else(|_| py.None())
            })?,
        )?;
        d.set_item(
            "chased",
            per_side(&|c| match r.chased.get(c) {
                Some(chased) => (chased.piece.fen_char().to_string(), chased.square as u32)
                    .into_pyobject(py)
                    .map(|o| o.into_any().unbind())
                    .unwrap_or_else(|_| py.None()),
                None => py.None(),
            })?,
        )?;
        d.set_item("loser", r.loser.map(color_to_py))?;
        d.set_item("first_ply", r.first_ply)?;
        d.set_item("last_ply", r.last_ply)?;
        Ok(Some(d))
    }

    /// `"1-0"`, `"0-1"` or `"1/2-1/2"`.
    fn result(&self) -> &'static str {
        self.inner.result()
    }

    /// `True` for a draw.
    fn is_draw(&self) -> bool {
        self.inner.is_draw()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<Outcome>() {
            Ok(o) => {
                let o = o.get();
                o.inner.termination == self.inner.termination && o.inner.winner == self.inner.winner
            }
            Err(_) => false,
        }
    }

    fn __repr__(&self) -> String {
        let winner = match self.inner.winner {
            Some(Color::Red) => "RED",
            Some(Color::Black) => "BLACK",
            None => "None",
        };
        format!(
            "Outcome(termination=Termination.{:?}, winner={winner}, reason={:?})",
            self.termination(),
            self.reason()
        )
    }
}

/// Adds the outcome types to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Termination>()?;
    m.add_class::<Outcome>()?;
    Ok(())
}
