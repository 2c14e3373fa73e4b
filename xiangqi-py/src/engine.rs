//! The in-process engine: `xiangqi.engine.Engine` searches with the GIL released.
//!
//! Each `Engine` searches one position at a time; several `Engine`s search in parallel
//! threads. Calls on one engine from several threads are serialized: a second search waits for
//! the first with the GIL released, so the running search (whose `info` callback needs the
//! GIL) can finish. `stop()` and the `level` property never wait. A call that needs the
//! engine from inside its own search (from the `info` callback) raises `EngineBusyError`
//! instead of waiting for itself.
//!
//! The search runs on a helper thread while the calling thread waits, so Ctrl-C stops it.

use crate::board::Board;
use crate::errors::{Count, LimitError, NetError, XiangqiError};
use crate::interrupt::run_interruptible;
use crate::types::Move;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, TryLockError};
use std::thread::ThreadId;
use std::time::Duration;
use xiangqi_core::Move as CoreMove;
use xiangqi_nnue::{NetGame, Network};
use xiangqi_search::params::{ParamError, TUNABLES};
use xiangqi_search::review;
use xiangqi_search::{
    max_hash_mb, Clock, Engine as CoreEngine, EngineError, EngineOptions, Evaluation, Level,
    Limits, Score, SearchInfo, SearchResult, StopHandle, MAX_THREADS,
};

/// The longest time limit a search takes, in seconds (about 31 years): larger limits are cut
/// to it, so that every finite limit works.
pub const MAX_SECONDS: f64 = 1e9;

fn score_tuple(score: Score) -> (&'static str, i32) {
    match score {
        Score::Cp(cp) => ("cp", cp),
        Score::Mate(n) => ("mate", n),
    }
}

/// One reviewed position for Python: `(score, depth, best move in ICCS)`.
type ReviewRow = ((&'static str, i32), u32, Option<String>);

/// A review row's score: the search's, or where the rules have already ended the game
/// `("won", 0)` (the side to move has won: janggi counting, the opponent's perpetual check),
/// `("mate", 0)` (lost) or `("cp", 0)` (drawn).
fn review_score(r: &review::PositionReview) -> (&'static str, i32) {
    match r.outcome {
        Some(_) if r.cp > 0 => ("won", 0),
        Some(_) if r.cp < 0 => ("mate", 0),
        Some(_) => ("cp", 0),
        None => score_tuple(r.score),
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

/// A number of seconds as a duration: `what` names it in the error for NaN or a negative
/// number; huge numbers are cut to `MAX_SECONDS`.
pub fn seconds(what: &str, value: f64) -> PyResult<Duration> {
    if value.is_nan() || value < 0.0 {
        return Err(XiangqiError::new_err(format!(
            "{what} must be a non-negative number of seconds, not {value}"
        )));
    }
    Ok(Duration::from_secs_f64(value.min(MAX_SECONDS)))
}

/// `xiangqi.exceptions.EngineBusyError` with `message`.
fn busy_error(py: Python<'_>, message: &str) -> PyErr {
    match crate::package_types::get(py, crate::package_types::PackageType::EngineBusyError)
        .and_then(|cls| cls.call1((message,)))
    {
        Ok(err) => PyErr::from_value(err),
        Err(e) => e,
    }
}

/// The engine (private; `xiangqi.engine.Engine` wraps it).
#[pyclass(module = "xiangqi._xiangqi", name = "_Engine", frozen)]
pub struct Engine {
    engine: Mutex<CoreEngine>,
    stop: StopHandle,
    /// The level, readable while a search holds `engine`.
    level: Mutex<Level>,
    /// The threads inside a search of this engine: the caller and the helper that searches.
    searchers: Mutex<Vec<ThreadId>>,
    /// `true` while a search runs: `stop()` outside a search does nothing.
    searching: AtomicBool,
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

/// An engine that could not be made: `LimitError` for a number out of range (the largest hash
/// table depends on the machine's memory), `MemoryError` for a table that cannot be allocated.
fn engine_error(err: EngineError) -> PyErr {
    match err {
        EngineError::OutOfMemory { .. } => {
            pyo3::exceptions::PyMemoryError::new_err(err.to_string())
        }
        _ => LimitError::new_err(err.to_string()),
    }
}

impl Engine {
    fn inside_own_search(&self) -> bool {
        let me = std::thread::current().id();
        self.searchers
            .lock()
            .map(|s| s.contains(&me))
            .unwrap_or(false)
    }

    /// The engine, once no other call uses it. Waits with the GIL released; raises
    /// `EngineBusyError` when called from inside this engine's own search.
    fn lock(&self, py: Python<'_>, doing: &str) -> PyResult<MutexGuard<'_, CoreEngine>> {
        loop {
            match self.engine.try_lock() {
                Ok(guard) => return Ok(guard),
                Err(TryLockError::Poisoned(_)) => {
                    return Err(XiangqiError::new_err(
                        "the engine failed in an earlier search",
                    ))
                }
                Err(TryLockError::WouldBlock) => {
                    if self.inside_own_search() {
                        return Err(busy_error(
                            py,
                            &format!("cannot {doing} from inside this engine's own search"),
                        ));
                    }
                    py.detach(|| drop(self.engine.lock()));
                }
            }
        }
    }
}

impl Engine {
    /// Runs `body` on the engine as one search, the way `search` and `review` both run: the
    /// engine locked, this thread and the helper registered as its searchers (so a call from
    /// inside raises `EngineBusyError`), `searching` set for `stop()`, a stop from before the
    /// call forgotten, and `body` on a helper thread while this one waits with the GIL released
    /// and turns Ctrl-C into a stop (`KeyboardInterrupt` raised after). `body` gets the engine,
    /// the stop handle and a test of whether it was stopped or interrupted.
    fn run_search<R: Send>(
        &self,
        py: Python<'_>,
        doing: &str,
        body: impl FnOnce(&mut CoreEngine, &StopHandle, &(dyn Fn() -> bool + Sync)) -> R + Send,
    ) -> PyResult<R> {
        let mut guard = self.lock(py, doing)?;
        let engine: &mut CoreEngine = &mut guard;
        let stop = self.stop.clone();
        let cancelled = AtomicBool::new(false);
        let _caller = Searcher::enter(&self.searchers);
        self.searching.store(true, Ordering::SeqCst);
        // A stop that arrived between two searches belongs to neither.
        self.stop.reset();
        let searchers = &self.searchers;
        let cancel = || {
            cancelled.store(true, Ordering::SeqCst);
            stop.stop();
        };
        let outcome = run_interruptible(py, &cancel, || {
            let _helper = Searcher::enter(searchers);
            let halted = || cancelled.load(Ordering::SeqCst) || stop.is_stopped();
            body(engine, &stop, &halted)
        });
        self.searching.store(false, Ordering::SeqCst);
        outcome
    }
}

/// Removes the calling thread from an engine's searchers when dropped.
struct Searcher<'a>(&'a Mutex<Vec<ThreadId>>);

impl<'a> Searcher<'a> {
    fn enter(list: &'a Mutex<Vec<ThreadId>>) -> Searcher<'a> {
        if let Ok(mut l) = list.lock() {
            l.push(std::thread::current().id());
        }
        Searcher(list)
    }
}

impl Drop for Searcher<'_> {
    fn drop(&mut self) {
        let me = std::thread::current().id();
        if let Ok(mut l) = self.0.lock() {
            l.retain(|&t| t != me);
        }
    }
}

#[pymethods]
impl Engine {
    #[new]
    #[pyo3(
        signature = (level = "master", threads = Count(1), hash_mb = Count(64), rules = "axf", seed = None, evaluation = None, eval_file = None),
        text_signature = "(level='master', threads=1, hash_mb=64, rules='axf', seed=None, evaluation=None, eval_file=None)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn py_new(
        py: Python<'_>,
        level: &str,
        threads: Count<usize>,
        hash_mb: Count<usize>,
        rules: &str,
        seed: Option<Count<u64>>,
        evaluation: Option<&str>,
        eval_file: Option<std::path::PathBuf>,
    ) -> PyResult<Engine> {
        let (threads, hash_mb, seed) = (threads.0, hash_mb.0, seed.map(|s| s.0));
        let level = parse_level(level)?;
        let rules = parse_rules(rules)?;
        let evaluation = parse_evaluation(evaluation, eval_file.as_deref())?;
        let options = EngineOptions {
            threads,
            hash_mb,
            level,
            rules,
            multipv: 1,
            seed,
            evaluation,
            ..EngineOptions::default()
        };
        let engine = py
            .detach(|| CoreEngine::try_new(options))
            .map_err(engine_error)?;
        let stop = engine.stop_handle();
        Ok(Engine {
            engine: Mutex::new(engine),
            stop,
            level: Mutex::new(level),
            searchers: Mutex::new(Vec::new()),
            searching: AtomicBool::new(false),
        })
    }

    /// The level's name, in lower case (readable during a search).
    #[getter]
    fn level(&self) -> String {
        let level = self.level.lock().map_or(Level::Master, |l| *l);
        level.name().to_lowercase()
    }

    /// Changes the level.
    fn set_level(&self, py: Python<'_>, level: &str) -> PyResult<()> {
        let level = parse_level(level)?;
        self.lock(py, "change the level")?.set_level(level);
        if let Ok(mut l) = self.level.lock() {
            *l = level;
        }
        Ok(())
    }

    /// Changes the rule preset applied inside the search.
    fn set_rules(&self, py: Python<'_>, rules: &str) -> PyResult<()> {
        let rules = parse_rules(rules)?;
        self.lock(py, "change the rules")?.set_rules(rules);
        Ok(())
    }

    /// Changes the static evaluation: `"nnue"` (with `eval_file`, else the shipped nets) or
    /// `"classical"`. A net file serves the game its header names and the other game's net is
    /// kept; a file that cannot be used raises `NetError` and the evaluation stays as it was.
    #[pyo3(signature = (evaluation, eval_file = None))]
    fn set_evaluation(
        &self,
        py: Python<'_>,
        evaluation: &str,
        eval_file: Option<std::path::PathBuf>,
    ) -> PyResult<()> {
        let mut engine = self.lock(py, "change the evaluation")?;
        let evaluation = match (evaluation.to_ascii_lowercase().as_str(), eval_file) {
            ("nnue", Some(path)) => engine
                .options()
                .evaluation
                .with_net(std::sync::Arc::new(read_net(&path, None)?)),
            (_, eval_file) => parse_evaluation(Some(evaluation), eval_file.as_deref())?,
        };
        engine.set_evaluation(evaluation);
        Ok(())
    }

    /// Evaluates with the net file at `path` for the game its header names, keeping the other
    /// game's net; with `variant`, a net of another game than the variant's is refused too.
    /// `NetError` when the file cannot be used (the evaluation stays as it was).
    #[pyo3(signature = (path, variant = None))]
    fn load_net(
        &self,
        py: Python<'_>,
        path: std::path::PathBuf,
        variant: Option<&str>,
    ) -> PyResult<()> {
        let game = variant
            .map(|v| crate::board::parse_variant(v).map(NetGame::of))
            .transpose()?;
        let net = read_net(&path, game)?;
        let mut engine = self.lock(py, "load a net")?;
        let evaluation = engine
            .options()
            .evaluation
            .with_net(std::sync::Arc::new(net));
        engine.set_evaluation(evaluation);
        Ok(())
    }

    /// `"nnue"` or `"classical"`.
    #[getter]
    fn evaluation(&self, py: Python<'_>) -> PyResult<&'static str> {
        Ok(self
            .lock(py, "read the evaluation")?
            .options()
            .evaluation
            .name())
    }

    /// Sets the number of search threads (1..=`MAX_THREADS`; `LimitError` outside).
    fn set_threads(&self, py: Python<'_>, threads: Count<usize>) -> PyResult<()> {
        if !(1..=MAX_THREADS).contains(&threads.0) {
            return Err(LimitError::new_err(format!(
                "threads must be 1..={MAX_THREADS}, not {}",
                threads.0
            )));
        }
        self.lock(py, "change the threads")?.set_threads(threads.0);
        Ok(())
    }

    /// Resizes the transposition table, emptying it (`LimitError` beyond `MAX_HASH_MB`,
    /// `MemoryError` when it does not fit; the old table is kept then).
    fn set_hash_mb(&self, py: Python<'_>, hash_mb: Count<usize>) -> PyResult<()> {
        let mut guard = self.lock(py, "resize the hash")?;
        let engine: &mut CoreEngine = &mut guard;
        py.detach(|| engine.try_set_hash_mb(hash_mb.0))
            .map_err(engine_error)
    }

    /// Reseeds the weaker levels' random choice (`None`: from the clock).
    #[pyo3(signature = (seed))]
    fn set_seed(&self, py: Python<'_>, seed: Option<Count<u64>>) -> PyResult<()> {
        self.lock(py, "reseed")?.set_seed(seed.map(|s| s.0));
        Ok(())
    }

    /// Sets the run-time search number `name` (any case; `search_params()` lists them) to
    /// `value`: `LimitError` outside its range, `XiangqiError` for an unknown name; the numbers
    /// are unchanged after an error.
    fn set_search_param(&self, py: Python<'_>, name: &str, value: i64) -> PyResult<()> {
        self.lock(py, "set a search number")?
            .set_search_param(name, value)
            .map_err(|e| match e {
                ParamError::OutOfRange { .. } => LimitError::new_err(e.to_string()),
                ParamError::Unknown(_) => XiangqiError::new_err(e.to_string()),
            })
    }

    /// The run-time search numbers in use, by name.
    fn search_param_values(&self, py: Python<'_>) -> PyResult<Vec<(&'static str, i32)>> {
        let guard = self.lock(py, "read the search numbers")?;
        let search = guard.options().search;
        Ok(TUNABLES
            .iter()
            .map(|t| (t.name, search.get(t.name).unwrap_or(t.default)))
            .collect())
    }

    /// The options in use: `(threads, hash_mb, level, rules, seed)`.
    #[getter]
    fn options(&self, py: Python<'_>) -> PyResult<(usize, usize, String, String, Option<u64>)> {
        let guard = self.lock(py, "read the options")?;
        let o = guard.options();
        Ok((
            o.threads,
            o.hash_mb,
            o.level.name().to_lowercase(),
            o.rules.name().to_owned(),
            o.seed,
        ))
    }

    /// Forgets the transposition table and history: a new game starts.
    fn new_game(&self, py: Python<'_>) -> PyResult<()> {
        let mut guard = self.lock(py, "start a new game")?;
        let engine: &mut CoreEngine = &mut guard;
        py.detach(|| engine.new_game());
        Ok(())
    }

    /// Stops the running search (from any thread); it returns its best move so far. Does
    /// nothing while no search runs.
    fn stop(&self) {
        if self.searching.load(Ordering::SeqCst) {
            self.stop.stop();
        }
    }

    /// `True` while a search runs.
    #[getter]
    fn searching(&self) -> bool {
        self.searching.load(Ordering::SeqCst)
    }

    /// Searches the board's position (with its move history, for the repetition rules).
    /// Returns `(result, lines)`: the result dict, and the last info dict of each principal
    /// variation, best first. `info` is called with each info dict as the search deepens.
    /// `clock` is `(red_time, black_time, red_increment, black_increment, moves_to_go)` in
    /// seconds: the engine shares its time out as over UCI. `mate` stops the search once a mate
    /// in that many moves is found. `rules`, when given, become the engine's rules for this and
    /// later searches (set under the same lock, so another thread's call cannot slip between).
    #[pyo3(
        signature = (board, depth = None, nodes = None, time = None, multipv = Count(1), info = None, clock = None, mate = None, rules = None),
        text_signature = "($self, board, depth=None, nodes=None, time=None, multipv=1, info=None, clock=None, mate=None, rules=None)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn search<'py>(
        &self,
        py: Python<'py>,
        board: PyRef<'_, Board>,
        depth: Option<Count<u32>>,
        nodes: Option<Count<u64>>,
        time: Option<f64>,
        multipv: Count<usize>,
        info: Option<Py<PyAny>>,
        clock: Option<(f64, f64, f64, f64, Option<u32>)>,
        mate: Option<u32>,
        rules: Option<&str>,
    ) -> PyResult<(Bound<'py, PyDict>, Vec<Bound<'py, PyDict>>)> {
        let (depth, nodes, multipv) = (depth.map(|d| d.0), nodes.map(|n| n.0), multipv.0);
        let game = board.game()?;
        let start = game.start().clone();
        let history: Vec<CoreMove> = game.moves().collect();
        drop(board);
        let rules = rules.map(parse_rules).transpose()?;
        let movetime = time.map(|t| seconds("time", t)).transpose()?;
        let clock = match clock {
            None => None,
            Some((red, black, red_inc, black_inc, moves_to_go)) => Some(Clock {
                red_time: seconds("red_clock", red)?,
                black_time: seconds("black_clock", black)?,
                red_increment: seconds("red_inc", red_inc)?,
                black_increment: seconds("black_inc", black_inc)?,
                moves_to_go: moves_to_go.filter(|&n| n > 0),
            }),
        };
        let infinite = depth.is_none()
            && nodes.is_none()
            && movetime.is_none()
            && clock.is_none()
            && mate.is_none();
        let limits = Limits {
            depth,
            nodes,
            movetime,
            clock,
            infinite,
            mate,
            ..Limits::default()
        };
        let mut lines: Vec<SearchInfo> = Vec::new();
        let mut callback_error: Option<PyErr> = None;
        let outcome = self.run_search(py, "search", |engine, stop, _| {
            if let Some(rules) = rules {
                engine.set_rules(rules);
            }
            engine.set_multipv(multipv.max(1));
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
        let result = outcome?;
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

    /// Reviews every position of the board's game from its start position
    /// (`xiangqi_search::review::review_game`, the one review every front end uses): a search
    /// within `depth`, `nodes` or `time` (seconds) each, under the board's rules, and a position
    /// the rules have already ended scored by its outcome. One `(score, depth, best)` a
    /// position, the start first: `score` from the side to move's view as `("cp", n)` or
    /// `("mate", n)` (a game over there: `("mate", 0)` lost, `("won", 0)` won, `("cp", 0)`
    /// drawn), `best` the engine's move in ICCS, `None` where the game is over.
    #[pyo3(signature = (board, depth = None, nodes = None, time = None))]
    fn review(
        &self,
        py: Python<'_>,
        board: PyRef<'_, Board>,
        depth: Option<Count<u32>>,
        nodes: Option<Count<u64>>,
        time: Option<f64>,
    ) -> PyResult<Vec<ReviewRow>> {
        let game = board.game()?.clone();
        drop(board);
        let movetime = time.map(|t| seconds("time", t)).transpose()?;
        if depth.is_none() && nodes.is_none() && movetime.is_none() {
            return Err(LimitError::new_err(
                "a review needs a limit a position: depth, nodes or time",
            ));
        }
        let limits = Limits {
            depth: depth.map(|d| d.0),
            nodes: nodes.map(|n| n.0),
            movetime,
            ..Limits::default()
        };
        let reviews = self.run_search(py, "review", |engine, _, halted| {
            // Interrupted (Ctrl-C) or stopped (`stop()` from another thread): no more positions.
            review::review_game(engine, &game, &limits, &mut |_, _| !halted())
        });
        Ok(reviews?
            .iter()
            .map(|r| (review_score(r), r.depth, r.best_move.map(|m| m.iccs())))
            .collect())
    }
}

/// An evaluation by name, with a net file for `nnue` (else the shipped net); no name is the
/// engine's default (`nnue` when a file is given).
pub(crate) fn parse_evaluation(
    name: Option<&str>,
    eval_file: Option<&std::path::Path>,
) -> PyResult<Evaluation> {
    let name = match (name, eval_file) {
        (Some(name), _) => name.to_ascii_lowercase(),
        (None, Some(_)) => "nnue".to_owned(),
        (None, None) => return Ok(Evaluation::default()),
    };
    match (name.as_str(), eval_file) {
        ("classical", None) => Ok(Evaluation::Classical),
        ("classical", Some(_)) => Err(XiangqiError::new_err(
            "eval_file goes with evaluation=\"nnue\", not \"classical\"",
        )),
        ("nnue", None) => Ok(Evaluation::default_nnue()),
        ("nnue", Some(path)) => Ok(Evaluation::nnue(std::sync::Arc::new(read_net(path, None)?))),
        _ => Err(XiangqiError::new_err(format!(
            "evaluation must be \"nnue\" or \"classical\", not {name:?}"
        ))),
    }
}

/// Reads and checks the net file at `path`, for `game` when given (a net of the other game is
/// refused): `NetError` naming the file and the reason.
fn read_net(path: &std::path::Path, game: Option<NetGame>) -> PyResult<Network> {
    let bytes =
        std::fs::read(path).map_err(|e| NetError::new_err(format!("{}: {e}", path.display())))?;
    match game {
        None => Network::from_bytes(&bytes),
        Some(game) => Network::from_bytes_for(&bytes, game),
    }
    .map_err(|e| NetError::new_err(format!("{}: {e}", path.display())))
}

/// The static evaluation of the board's position in centipawns for the side to move (no
/// search), by the shipped net, a net file, or the classical evaluation.
#[pyfunction]
#[pyo3(signature = (board, evaluation = None, eval_file = None))]
fn evaluate(
    board: PyRef<'_, Board>,
    evaluation: Option<&str>,
    eval_file: Option<std::path::PathBuf>,
) -> PyResult<i32> {
    let evaluation = parse_evaluation(evaluation, eval_file.as_deref())?;
    Ok(xiangqi_search::eval::evaluate_by(
        &evaluation,
        board.game()?.position(),
    ))
}

/// The level names, weakest first, with their descriptions.
#[pyfunction]
fn engine_levels() -> Vec<(String, &'static str)> {
    Level::ALL
        .iter()
        .map(|l| (l.name().to_lowercase(), l.description()))
        .collect()
}

/// The run-time search numbers: `(name, default, min, max, step)` each, `step` being a tuning
/// run's perturbation at its end.
#[pyfunction]
fn search_params() -> Vec<(&'static str, i32, i32, i32, i32)> {
    TUNABLES
        .iter()
        .map(|t| (t.name, t.default, t.min, t.max, t.step))
        .collect()
}

/// The engine's name and author, as it gives them over UCI (`id name`, `id author`).
#[pyfunction]
fn engine_id() -> (&'static str, &'static str) {
    (
        xiangqi_search::uci::ENGINE_NAME,
        xiangqi_search::uci::ENGINE_AUTHOR,
    )
}

/// Adds the engine to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Engine>()?;
    m.add_function(wrap_pyfunction!(engine_levels, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate, m)?)?;
    m.add("DEFAULT_EVALUATION", Evaluation::default().name())?;
    m.add_function(wrap_pyfunction!(engine_id, m)?)?;
    m.add_function(wrap_pyfunction!(search_params, m)?)?;
    m.add("MAX_HASH_MB", max_hash_mb())?;
    m.add("MAX_THREADS", MAX_THREADS)?;
    m.add("MAX_SECONDS", MAX_SECONDS)?;
    Ok(())
}
