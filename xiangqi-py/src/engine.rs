//! The in-process engine: `xiangqi.engine.Engine` searches with the GIL released.
//!
//! The engine sits behind a mutex so that `stop()` (and any other method) can be called from
//! another Python thread while a search runs; each `Engine` searches one position at a time,
//! several `Engine`s search in parallel threads.

use crate::board::Board;
use crate::errors::XiangqiError;
use crate::types::Move;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::Mutex;
use std::time::Duration;
use xiangqi_core::Move as CoreMove;
use xiangqi_search::{
    Engine as CoreEngine, EngineOptions, Level, Limits, Score, SearchInfo, SearchResult, StopHandle,
};

fn score_tuple(score: Score) -> (&'static str, i32) {
    match score {
        Score::Cp(cp) => ("cp", cp),
        Score::Mate(n) => ("mate", n),
    }
}

fn moves(pv: &[CoreMove]) -> Vec<Move> {
    pv.iter().map(|&m| Move::wrap(m)).collect()
}

fn info_dict<'py>(py: Python<'py>, info: &SearchInfo) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("depth", info.depth)?;
    d.set_item("seldepth", info.seldepth)?;
    d.set_item("multipv", info.multipv)?;
    d.set_item("score", score_tuple(info.score))?;
    d.set_item(
        "bound",
        match info.bound {
            xiangqi_search::ScoreBound::Exact => "exact",
            xiangqi_search::ScoreBound::Lower => "lower",
            xiangqi_search::ScoreBound::Upper => "upper",
        },
    )?;
    d.set_item("nodes", info.nodes)?;
    d.set_item("nps", info.nps)?;
    d.set_item("time", info.time.as_secs_f64())?;
    d.set_item("hashfull", info.hashfull)?;
    d.set_item("pv", moves(&info.pv))?;
    Ok(d)
}

fn result_dict<'py>(py: Python<'py>, r: &SearchResult) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("move", r.best_move.map(Move::wrap))?;
    d.set_item("ponder", r.ponder.map(Move::wrap))?;
    d.set_item("score", score_tuple(r.score))?;
    d.set_item("pv", moves(&r.pv))?;
    d.set_item("depth", r.depth)?;
    d.set_item("seldepth", r.seldepth)?;
    d.set_item("nodes", r.nodes)?;
    d.set_item("time", r.time.as_secs_f64())?;
    Ok(d)
}

/// The engine (private; `xiangqi.engine.Engine` wraps it).
#[pyclass(module = "xiangqi._xiangqi", name = "_Engine", frozen)]
pub struct Engine {
    engine: Mutex<CoreEngine>,
    stop: StopHandle,
}

fn parse_level(level: &str) -> PyResult<Level> {
    level
        .parse::<Level>()
        .map_err(|e| XiangqiError::new_err(e.to_string()))
}

fn parse_rules(rules: &str) -> PyResult<xiangqi_core::Rules> {
    rules
        .parse::<xiangqi_core::Rules>()
        .map_err(|e| XiangqiError::new_err(e.to_string()))
}

impl Engine {
    fn lock(&self) -> PyResult<std::sync::MutexGuard<'_, CoreEngine>> {
        self.engine
            .lock()
            .map_err(|_| XiangqiError::new_err("the engine failed in an earlier search"))
    }
}

#[pymethods]
impl Engine {
    #[new]
    #[pyo3(signature = (level = "master", threads = 1, hash_mb = 64, rules = "casual", seed = None))]
    fn py_new(
        level: &str,
        threads: usize,
        hash_mb: usize,
        rules: &str,
        seed: Option<u64>,
    ) -> PyResult<Engine> {
        let options = EngineOptions {
            threads,
            hash_mb,
            level: parse_level(level)?,
            rules: parse_rules(rules)?,
            multipv: 1,
            seed,
        };
        let engine = CoreEngine::new(options);
        let stop = engine.stop_handle();
        Ok(Engine {
            engine: Mutex::new(engine),
            stop,
        })
    }

    /// The level's name, in lower case.
    #[getter]
    fn level(&self) -> PyResult<String> {
        Ok(self.lock()?.options().level.name().to_lowercase())
    }

    /// Changes the level.
    fn set_level(&self, level: &str) -> PyResult<()> {
        let level = parse_level(level)?;
        self.lock()?.set_level(level);
        Ok(())
    }

    /// Changes the rule preset applied inside the search.
    fn set_rules(&self, rules: &str) -> PyResult<()> {
        let rules = parse_rules(rules)?;
        self.lock()?.set_rules(rules);
        Ok(())
    }

    /// Forgets the transposition table and history: a new game starts.
    fn new_game(&self, py: Python<'_>) -> PyResult<()> {
        let mut guard = self.lock()?;
        let engine: &mut CoreEngine = &mut guard;
        py.detach(|| engine.new_game());
        Ok(())
    }

    /// Stops the running search (from any thread); it returns its best move so far.
    fn stop(&self) {
        self.stop.stop();
    }

    /// Searches the board's position (with its move history, for the repetition rules).
    /// Returns `(result, lines)`: the result dict, and the last info dict of each principal
    /// variation, best first. `info` is called with each info dict as the search deepens.
    #[pyo3(signature = (board, depth = None, nodes = None, time = None, multipv = 1, info = None))]
    #[allow(clippy::too_many_arguments)]
    fn search<'py>(
        &self,
        py: Python<'py>,
        board: PyRef<'_, Board>,
        depth: Option<u32>,
        nodes: Option<u64>,
        time: Option<f64>,
        multipv: usize,
        info: Option<Py<PyAny>>,
    ) -> PyResult<(Bound<'py, PyDict>, Vec<Bound<'py, PyDict>>)> {
        let start = board.line.root();
        let history: Vec<CoreMove> = board.line.moves();
        drop(board);
        let movetime = match time {
            Some(t) if !(t.is_finite() && t >= 0.0) => {
                return Err(XiangqiError::new_err(format!(
                    "time must be a non-negative number of seconds, not {t}"
                )))
            }
            Some(t) => Some(Duration::from_secs_f64(t)),
            None => None,
        };
        let infinite = depth.is_none() && nodes.is_none() && movetime.is_none();
        let limits = Limits {
            depth,
            nodes,
            movetime,
            infinite,
            ..Limits::default()
        };
        let mut guard = self.lock()?;
        let engine: &mut CoreEngine = &mut guard;
        engine.set_multipv(multipv.max(1));
        let mut lines: Vec<SearchInfo> = Vec::new();
        let mut callback_error: Option<PyErr> = None;
        let stop = self.stop.clone();
        let result = py.detach(|| {
            let mut on_info = |i: &SearchInfo| {
                let slot = (i.multipv as usize).saturating_sub(1);
                if lines.len() <= slot {
                    lines.resize(slot + 1, i.clone());
                }
                lines[slot] = i.clone();
                if let (Some(cb), None) = (&info, &callback_error) {
                    Python::attach(|py| {
                        let outcome = info_dict(py, i).and_then(|d| cb.call1(py, (d,)));
                        if let Err(e) = outcome {
                            callback_error = Some(e);
                            stop.stop();
                        }
                    });
                }
            };
            engine.search(&start, &history, &limits, &mut on_info)
        });
        if let Some(e) = callback_error {
            return Err(e);
        }
        let result = result.map_err(|e| XiangqiError::new_err(e.to_string()))?;
        let lines = lines
            .iter()
            .map(|i| info_dict(py, i))
            .collect::<PyResult<Vec<_>>>()?;
        Ok((result_dict(py, &result)?, lines))
    }
}

/// The level names, weakest first, with their descriptions.
#[pyfunction]
fn engine_levels() -> Vec<(String, &'static str)> {
    Level::ALL
        .iter()
        .map(|l| (l.name().to_lowercase(), l.description()))
        .collect()
}

/// Adds the engine to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Engine>()?;
    m.add_function(wrap_pyfunction!(engine_levels, m)?)?;
    Ok(())
}
