//! `MCTS`: batched tree search in Rust (`xiangqi_learn::Mcts`), the caller's network called
//! once per round with numpy arrays. This module converts arguments and arrays; the search is
//! the crate's.

use crate::board::{check_history, encoding_for, parse_variant, Board};
use crate::errors::{limit_error, memory_error, Count, XiangqiError};
use crate::vecenv::{in_pool, thread_pool, VecEnv};
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use xiangqi_core::Game;
use xiangqi_learn::mcts::{Algorithm, Batch, Mcts, MctsConfig, MctsError, MAX_TREES};
use xiangqi_learn::planes::PlaneValue;
use xiangqi_learn::EnvConfig;

/// The trees, in the observation dtype chosen at construction.
enum Trees {
    F32(Mcts<f32>),
    U8(Mcts<u8>),
}

/// Evaluates `$body` with `$m` bound to the trees, whichever their observation dtype.
macro_rules! with_trees {
    ($trees:expr, $m:ident => $body:expr) => {
        match $trees {
            Trees::F32($m) => $body,
            Trees::U8($m) => $body,
        }
    };
}

/// A search error as a Python exception: the evaluator's own exception as raised, the rest as
/// `XiangqiError` (`MemoryError` for a tree that does not fit).
fn search_error(e: MctsError<PyErr>) -> PyErr {
    match e {
        MctsError::Evaluate(e) => e,
        MctsError::Memory(n) => memory_error(&format!("search trees ({n} nodes or trees)")),
        e => XiangqiError::new_err(format!("MCTS: {e}")),
    }
}

fn setting_error(e: MctsError) -> PyErr {
    search_error(e.widen())
}

/// Batched Monte-Carlo tree search: one tree per game, searched together in Rust.
///
/// `MCTS(num_trees, algorithm="puct", simulations=64, variant="xiangqi", encoding=None,
/// history=0, repetitions=False, obs_dtype="float32", max_plies=400, symmetries=False,
/// reuse=True, seed=None, num_threads=None, c_init=1.25, c_base=19652.0, fpu_reduction=0.0,
/// dirichlet_alpha=0.3, dirichlet_fraction=0.25, temperature=1.0, max_considered=16,
/// c_visit=50.0, c_scale=0.1, gumbel_scale=1.0)`.
///
/// `algorithm` is `"puct"` (AlphaZero: PUCT with `c_init`, `c_base` and `fpu_reduction`,
/// Dirichlet noise on the root's priors, the move drawn from the visits with `temperature`, 0
/// for the most visited) or `"gumbel"` (Gumbel MuZero as mctx implements it: Gumbel noise
/// scaled by `gumbel_scale` and sequential halving over `max_considered` root actions, the
/// improved policy with `c_visit` and `c_scale`). The observation settings are `VecEnv`'s, so a
/// network trained on a `VecEnv`'s observations evaluates the leaves; a leaf at `max_plies`
/// counts as a draw. With `symmetries` each leaf is shown mirrored left to right half of the
/// time. With `reuse` a search from a position the tree explored keeps that subtree.
///
/// `search(games, evaluate)` searches from each game (a `VecEnv`'s games, or a sequence of
/// `Board`s, one per tree) and returns `(actions, policy, values, visits)`: the chosen action
/// per tree (int64; -1 for a game already over), the policy targets (float32, one row of
/// `action_size` per tree: the visit shares, or Gumbel's improved policy), the roots' values
/// (float32, side to move's perspective) and the roots' visit counts (uint32 rows).
/// `evaluate(obs, masks)` receives the leaves' observations (`(num_trees, planes, 10, 9)`, the
/// chosen dtype) and legal-action masks (`(num_trees, action_size)`, bool; an all-false row has
/// no leaf this round) and returns `(logits, values)`: array-likes of shape
/// `(num_trees, action_size)` and `(num_trees,)`, values from the side to move's perspective
/// in [-1, 1]. It is called at most `simulations + 1` times a search; an exception it raises
/// ends the search and comes back unchanged. The trees run with the GIL released.
#[pyclass(module = "xiangqi._xiangqi", name = "MCTS", subclass)]
pub struct PyMcts {
    trees: Trees,
    pool: Option<rayon::ThreadPool>,
}

/// Collects the root games: a `VecEnv`'s games or a sequence of `Board`s.
enum Roots<'py> {
    Env(PyRef<'py, VecEnv>),
    Boards(Vec<PyRef<'py, Board>>),
}

impl<'py> Roots<'py> {
    fn of(games: &Bound<'py, PyAny>) -> PyResult<Roots<'py>> {
        if let Ok(env) = games.cast::<VecEnv>() {
            return Ok(Roots::Env(env.try_borrow()?));
        }
        let mut boards = Vec::new();
        for item in games.try_iter().map_err(|_| {
            XiangqiError::new_err("MCTS.search: games must be a VecEnv or a sequence of Boards")
        })? {
            let item = item?;
            let board = item.cast::<Board>().map_err(|_| {
                XiangqiError::new_err(format!(
                    "MCTS.search: games must be a VecEnv or a sequence of Boards, not {}",
                    item.get_type()
                        .name()
                        .map(|n| n.to_string())
                        .unwrap_or_default()
                ))
            })?;
            boards.push(board.try_borrow()?);
        }
        Ok(Roots::Boards(boards))
    }

    /// The root games; `FenError` when a board is being set up.
    fn games(&self) -> PyResult<Vec<&Game>> {
        match self {
            Roots::Env(env) => Ok(env.games().collect()),
            Roots::Boards(b) => b.iter().map(|b| b.game()).collect(),
        }
    }
}

/// Calls the Python evaluator on one batch and copies its answer into the batch.
fn call_evaluate<O: PlaneValue + numpy::Element>(
    evaluate: &Py<PyAny>,
    planes: usize,
    batch: Batch<'_, O>,
) -> PyResult<()> {
    Python::attach(|py| {
        let rows = batch.rows;
        let actions = batch.masks.len() / rows;
        let obs = PyArray1::from_slice(py, batch.obs).reshape([rows, planes, 10, 9])?;
        let masks = PyArray1::from_slice(py, batch.masks).reshape([rows, actions])?;
        let answer = evaluate.bind(py).call1((obs, masks))?;
        let answer = answer.cast::<PyTuple>().map_err(|_| {
            XiangqiError::new_err("MCTS.search: evaluate must return (logits, values)")
        })?;
        if answer.len() != 2 {
            return Err(XiangqiError::new_err(
                "MCTS.search: evaluate must return (logits, values)",
            ));
        }
        let np = py.import("numpy")?;
        // Each answer as contiguous float32 of the expected shape, copied into the batch.
        let copy = |x: Bound<'_, PyAny>, what: &str, shape: &[usize], out: &mut [f32]| {
            let array = np
                .call_method1("ascontiguousarray", (x, numpy::dtype::<f32>(py)))
                .map_err(|e| {
                    XiangqiError::new_err(format!("MCTS.search: {what} must be numbers ({e})"))
                })?;
            let size: usize = array.getattr("size")?.extract()?;
            let got: Vec<usize> = array.getattr("shape")?.extract()?;
            let flat_values = what == "values" && size == rows;
            if got != shape && !flat_values {
                return Err(XiangqiError::new_err(format!(
                    "MCTS.search: {what} must have shape {shape:?}, not {got:?}"
                )));
            }
            let array = array.call_method1("reshape", (size,))?;
            let array = array.cast_into::<PyArray1<f32>>()?;
            out.copy_from_slice(array.try_readonly()?.as_slice()?);
            Ok::<(), PyErr>(())
        };
        copy(
            answer.get_item(0)?,
            "logits",
            &[rows, actions],
            batch.logits,
        )?;
        copy(answer.get_item(1)?, "values", &[rows], batch.values)?;
        Ok(())
    })
}

/// The search's results as numpy arrays.
type Results<'py> = (
    Bound<'py, PyArray1<i64>>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<f32>>,
    Bound<'py, PyArray2<u32>>,
);

fn results<'py, O: PlaneValue + Sync>(py: Python<'py>, m: &Mcts<O>) -> PyResult<Results<'py>> {
    let (n, a) = (m.trees(), m.action_size());
    Ok((
        PyArray1::from_slice(py, m.actions()),
        PyArray1::from_slice(py, m.policy()).reshape([n, a])?,
        PyArray1::from_slice(py, m.values()),
        PyArray1::from_slice(py, m.visits()).reshape([n, a])?,
    ))
}

fn run<'py, O: PlaneValue + Sync + numpy::Element>(
    py: Python<'py>,
    m: &mut Mcts<O>,
    pool: &Option<rayon::ThreadPool>,
    roots: &[&Game],
    evaluate: &Py<PyAny>,
) -> PyResult<Results<'py>> {
    let planes = m.env_config().planes();
    py.detach(|| {
        in_pool(pool, || {
            m.search(roots, |batch| call_evaluate(evaluate, planes, batch))
        })
    })
    .map_err(search_error)?;
    results(py, m)
}

fn float_setting(value: f64, name: &str) -> PyResult<f32> {
    if value.is_finite() && value >= 0.0 && value <= f32::MAX as f64 {
        Ok(value as f32)
    } else {
        Err(XiangqiError::new_err(format!(
            "MCTS: {name} must be a finite number, not negative (got {value})"
        )))
    }
}

#[pymethods]
impl PyMcts {
    #[new]
    #[pyo3(
        signature = (
            num_trees, algorithm = "puct", simulations = Count(64), variant = "xiangqi",
            encoding = None, history = Count(0), repetitions = false, obs_dtype = "float32",
            max_plies = Count(400), symmetries = false, reuse = true, seed = None,
            num_threads = None, c_init = 1.25, c_base = 19652.0, fpu_reduction = 0.0,
            dirichlet_alpha = 0.3, dirichlet_fraction = 0.25, temperature = 1.0,
            max_considered = Count(16), c_visit = 50.0, c_scale = 0.1, gumbel_scale = 1.0
        ),
        text_signature = "(num_trees, algorithm='puct', simulations=64, variant='xiangqi', encoding=None, history=0, repetitions=False, obs_dtype='float32', max_plies=400, symmetries=False, reuse=True, seed=None, num_threads=None, c_init=1.25, c_base=19652.0, fpu_reduction=0.0, dirichlet_alpha=0.3, dirichlet_fraction=0.25, temperature=1.0, max_considered=16, c_visit=50.0, c_scale=0.1, gumbel_scale=1.0)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn py_new(
        num_trees: Count<usize>,
        algorithm: &str,
        simulations: Count<u32>,
        variant: &str,
        encoding: Option<&str>,
        history: Count<u64>,
        repetitions: bool,
        obs_dtype: &str,
        max_plies: Count<u32>,
        symmetries: bool,
        reuse: bool,
        seed: Option<Count<u64>>,
        num_threads: Option<Count<usize>>,
        c_init: f64,
        c_base: f64,
        fpu_reduction: f64,
        dirichlet_alpha: f64,
        dirichlet_fraction: f64,
        temperature: f64,
        max_considered: Count<u32>,
        c_visit: f64,
        c_scale: f64,
        gumbel_scale: f64,
    ) -> PyResult<PyMcts> {
        if num_trees.0 > MAX_TREES {
            return Err(limit_error("num_trees", num_trees.0, MAX_TREES));
        }
        let variant = parse_variant(variant)?;
        let mut env = EnvConfig::new(variant);
        env.encoding = encoding_for(encoding, variant)?;
        env.history = check_history(history.0)?;
        env.repetitions = repetitions;
        env.max_plies = max_plies.0.max(1);
        // Every setting is checked, whichever algorithm reads it.
        let puct = Algorithm::Puct {
            c_init: float_setting(c_init, "c_init")?,
            c_base: float_setting(c_base, "c_base")?,
            fpu_reduction: float_setting(fpu_reduction, "fpu_reduction")?,
            dirichlet_alpha: float_setting(dirichlet_alpha, "dirichlet_alpha")?,
            dirichlet_fraction: float_setting(dirichlet_fraction, "dirichlet_fraction")?,
            temperature: float_setting(temperature, "temperature")?,
        };
        let gumbel = Algorithm::Gumbel {
            max_considered: max_considered.0,
            c_visit: float_setting(c_visit, "c_visit")?,
            c_scale: float_setting(c_scale, "c_scale")?,
            gumbel_scale: float_setting(gumbel_scale, "gumbel_scale")?,
        };
        if max_considered.0 == 0 {
            return Err(XiangqiError::new_err(
                "MCTS: max_considered must be at least 1",
            ));
        }
        let algorithm = match algorithm {
            "puct" => puct,
            "gumbel" => gumbel,
            other => {
                return Err(XiangqiError::new_err(format!(
                    "MCTS: algorithm must be \"puct\" or \"gumbel\", not {other:?}"
                )))
            }
        };
        let cfg = MctsConfig {
            algorithm,
            simulations: simulations.0,
            symmetries,
            reuse,
        };
        let seed = seed.map_or(0, |s| s.0);
        let n = num_trees.0;
        let trees = match obs_dtype {
            "float32" | "float" | "f4" => {
                Trees::F32(Mcts::new(n, env, cfg, seed).map_err(setting_error)?)
            }
            "uint8" | "u1" => Trees::U8(Mcts::new(n, env, cfg, seed).map_err(setting_error)?),
            other => {
                return Err(XiangqiError::new_err(format!(
                    "obs_dtype must be \"float32\" or \"uint8\", not {other:?}"
                )))
            }
        };
        let pool = thread_pool(num_threads.map(|n| n.0))?;
        Ok(PyMcts { trees, pool })
    }

    /// Searches from `games` (a `VecEnv` or a sequence of `Board`s, one per tree) with
    /// `evaluate(obs, masks) -> (logits, values)`; returns `(actions, policy, values, visits)`.
    fn search<'py>(
        &mut self,
        py: Python<'py>,
        games: &Bound<'py, PyAny>,
        evaluate: Py<PyAny>,
    ) -> PyResult<Results<'py>> {
        if !evaluate.bind(py).is_callable() {
            return Err(XiangqiError::new_err(
                "MCTS.search: evaluate must be callable as evaluate(obs, masks)",
            ));
        }
        let roots = Roots::of(games)?;
        let games = roots.games()?;
        with_trees!(&mut self.trees, m => run(py, m, &self.pool, &games, &evaluate))
    }

    /// Drops every tree: the next search starts afresh.
    fn clear(&mut self) {
        with_trees!(&mut self.trees, m => m.clear())
    }

    /// How many trees.
    #[getter]
    fn num_trees(&self) -> usize {
        with_trees!(&self.trees, m => m.trees())
    }

    /// Actions per policy row.
    #[getter]
    fn action_size(&self) -> usize {
        with_trees!(&self.trees, m => m.action_size())
    }

    /// The algorithm, `"puct"` or `"gumbel"`.
    #[getter]
    fn algorithm(&self) -> &'static str {
        self.config().algorithm.name()
    }

    /// Simulations per tree and search.
    #[getter]
    fn simulations(&self) -> u32 {
        self.config().simulations
    }

    /// The shape of one observation, `(planes, 10, 9)`.
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        let env = with_trees!(&self.trees, m => m.env_config());
        (env.planes(), 10, 9)
    }

    /// How many nodes each tree holds now.
    fn tree_sizes(&self) -> Vec<usize> {
        with_trees!(&self.trees, m => (0..m.trees()).map(|i| m.tree_size(i).unwrap_or(0)).collect())
    }

    fn __repr__(&self) -> String {
        format!(
            "MCTS({}, algorithm={:?}, simulations={})",
            self.num_trees(),
            self.algorithm(),
            self.simulations()
        )
    }
}

impl PyMcts {
    fn config(&self) -> &MctsConfig {
        with_trees!(&self.trees, m => m.config())
    }
}

/// The file mirror of an encoding's actions (`xiangqi_learn::mcts::file_mirror`), as int64.
#[pyfunction]
#[pyo3(signature = (encoding = "2086"))]
fn file_mirror<'py>(py: Python<'py>, encoding: &str) -> PyResult<Bound<'py, PyArray1<i64>>> {
    let enc = crate::board::parse_encoding(encoding)?;
    let table: Vec<i64> = xiangqi_learn::mcts::file_mirror(enc)
        .into_iter()
        .map(i64::from)
        .collect();
    Ok(PyArray1::from_vec(py, table))
}

/// Adds `MCTS` and `file_mirror` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyMcts>()?;
    m.add_function(wrap_pyfunction!(file_mirror, m)?)?;
    Ok(())
}
