//! `VecEnv`: many games stepped together in Rust, in parallel, with the GIL released. The
//! stepping is `xiangqi_learn::VecEnv`'s; this module holds the numpy arrays it writes into.
//!
//! Every output lives in a numpy array allocated once; `step` overwrites them in place and
//! returns the same arrays, so a training loop allocates nothing per step.

use crate::board::{check_history, encoding_for, parse_rules, parse_variant, Board};
use crate::errors::{limit_error, memory_error, Count, XiangqiError};
use crate::starts::start_positions;
use crate::types::Move as PyMove;
use numpy::{Element, PyArray1, PyArray2, PyArray4, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use xiangqi_core::Variant;
use xiangqi_learn::planes::PlaneValue;
use xiangqi_learn::{Buffers, EnvConfig, EnvError, VecEnv as Batch, MAX_NUM_ENVS};

/// The most threads a `VecEnv`'s own pool may have.
pub const MAX_THREADS: usize = 1024;

/// A zeroed numpy array, or `MemoryError` when it does not fit (numpy's own error).
fn zeros<T: Element, D: numpy::ndarray::Dimension>(
    py: Python<'_>,
    shape: &[usize],
) -> PyResult<Py<numpy::PyArray<T, D>>> {
    let np = py.import("numpy")?;
    let array = np.call_method1("zeros", (shape.to_vec(), numpy::dtype::<T>(py)))?;
    Ok(array.cast_into::<numpy::PyArray<T, D>>()?.unbind())
}

/// A refused batch or step as the matching exception: `IllegalMoveError` (with its reason) for
/// an illegal action, `MemoryError` for a batch too large, else `XiangqiError`; step errors
/// carry the `VecEnv.step: ` prefix.
fn env_error(e: EnvError) -> PyErr {
    match e {
        EnvError::Illegal { reason, .. } => {
            crate::errors::illegal_move_error(format!("VecEnv.step: {e}"), reason)
        }
        EnvError::OutOfRange { .. } => XiangqiError::new_err(format!("VecEnv.step: {e}")),
        EnvError::Memory(n) => memory_error(&format!("{n} games")),
        e => XiangqiError::new_err(e.to_string()),
    }
}

/// The observation buffer, in the dtype chosen at construction.
enum ObsBuffer {
    None,
    /// The observations and the finished games' last observations.
    F32(Py<PyArray4<f32>>, Py<PyArray4<f32>>),
    U8(Py<PyArray4<u8>>, Py<PyArray4<u8>>),
}

/// A batch of xiangqi or janggi games stepped together in Rust.
///
/// `VecEnv(num_envs, rules=None, encoding=None, seed=None, max_plies=400,
/// observations=True, obs_dtype="float32", masks=True, fens=None, num_threads=None,
/// history=0, repetitions=False, variant="xiangqi", setup=None)`.
///
/// `variant` is `"xiangqi"` or a janggi rule set (`"janggi"`, `"janggitraditional"`,
/// `"janggimodern"`, `"janggicasual"`); `rules` default to the variant's (`"axf"` for
/// xiangqi) and `encoding` to its encoding (`"2086"`, or `"janggi"`, where the pass is the last
/// action). A janggi game starts from one of the sixteen setups: `setup="random"` (the
/// default; each game draws one of the sixteen at each start with its own generator) or a
/// `(cho, han)` pair of arrangement names for all games; `fens` replaces the setups.
///
/// Actions are indices in `encoding` from the side to move's perspective (Black mirrored, see
/// `xiangqi.encoding`). Observations are `Board.planes(history, repetitions=...)` of each game
/// (16 planes without history for xiangqi, 19 for janggi; side to move's perspective), shape
/// `(num_envs, planes, 10, 9)`. Rewards are from the side that just moved: +1 when its move
/// won, -1 when it lost (a perpetual check or chase under the `simple` and `axf` rules; in
/// janggi also a bikjang, double pass or limit that counting gives to the other side), 0
/// otherwise. Games are judged by core's `Game` under `rules`, exactly as `Board.outcome()`
/// judges them; `infos["termination"]` holds the `Termination` value.
/// A game that ends (`terminated`) or reaches `max_plies` (`truncated`) is reset at once: the
/// observation and mask returned are of the new game, `infos["episode_length"]` tells how long
/// the finished one was, and `infos["final_obs"]` holds the finished game's last observation
/// in the rows where `infos["_final_obs"]` is true (Gymnasium's same-step autoreset). Each step
/// writes into the same preallocated arrays; copy what you keep.
#[pyclass(module = "xiangqi._xiangqi", name = "VecEnv", subclass)]
pub struct VecEnv {
    inner: Batch,
    obs: ObsBuffer,
    finished: Py<PyArray1<bool>>,
    masks: Option<Py<PyArray2<bool>>>,
    rewards: Py<PyArray1<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    termination: Py<PyArray1<i8>>,
    winner: Py<PyArray1<i8>>,
    lengths: Py<PyArray1<u32>>,
    turn: Py<PyArray1<bool>>,
    actions: Py<PyArray1<i64>>,
    pool: Option<rayon::ThreadPool>,
}

/// A pool of its own of `num_threads` threads (at most [`MAX_THREADS`]), or `None` for rayon's
/// global one.
pub(crate) fn thread_pool(num_threads: Option<usize>) -> PyResult<Option<rayon::ThreadPool>> {
    match num_threads {
        None => Ok(None),
        Some(n) if n > MAX_THREADS => Err(limit_error("num_threads", n, MAX_THREADS)),
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map(Some)
            .map_err(|e| XiangqiError::new_err(e.to_string())),
    }
}

/// Runs `f` on a worker of the env's own thread pool, or of rayon's global one: the calling
/// (Python) thread hands the whole call over once, instead of once for each parallel pass
/// inside it, and the worker that runs `f` takes part in those passes.
pub(crate) fn in_pool<R: Send>(
    pool: &Option<rayon::ThreadPool>,
    f: impl FnOnce() -> R + Send,
) -> R {
    match pool {
        Some(pool) => pool.install(f),
        None => rayon::scope(|_| f()),
    }
}

/// Resets (no `actions`) or steps `inner` with the outputs bound, the GIL released.
fn run<O: PlaneValue>(
    py: Python<'_>,
    inner: &mut Batch,
    pool: &Option<rayon::ThreadPool>,
    actions: Option<&[i64]>,
    out: &mut Buffers<'_, O>,
) -> PyResult<()> {
    py.detach(|| {
        in_pool(pool, || match actions {
            Some(actions) => inner.step(actions, out),
            None => inner.reset(out),
        })
    })
    .map_err(env_error)
}

impl VecEnv {
    /// The games, in order.
    pub(crate) fn games(&self) -> impl Iterator<Item = &xiangqi_core::Game> {
        self.inner.games()
    }

    /// Resets (no `actions`) or steps every game, writing into the env's arrays.
    fn for_each_game(&mut self, py: Python<'_>, actions: Option<&[i64]>) -> PyResult<()> {
        let rewards = self.rewards.bind(py).clone();
        let terminated = self.terminated.bind(py).clone();
        let truncated = self.truncated.bind(py).clone();
        let termination = self.termination.bind(py).clone();
        let winner = self.winner.bind(py).clone();
        let lengths = self.lengths.bind(py).clone();
        let turn = self.turn.bind(py).clone();
        let finished = self.finished.bind(py).clone();
        let masks = self.masks.as_ref().map(|m| m.bind(py).clone());
        let mut rw_rewards = rewards.try_readwrite()?;
        let mut rw_terminated = terminated.try_readwrite()?;
        let mut rw_truncated = truncated.try_readwrite()?;
        let mut rw_termination = termination.try_readwrite()?;
        let mut rw_winner = winner.try_readwrite()?;
        let mut rw_lengths = lengths.try_readwrite()?;
        let mut rw_turn = turn.try_readwrite()?;
        let mut rw_finished = finished.try_readwrite()?;
        let mut rw_masks = match &masks {
            Some(m) => Some(m.try_readwrite()?),
            None => None,
        };
        let mask_slice = match &mut rw_masks {
            Some(m) => Some(m.as_slice_mut()?),
            None => None,
        };
        macro_rules! buffers {
            ($obs:expr, $final_obs:expr) => {
                Buffers {
                    obs: $obs,
                    final_obs: $final_obs,
                    masks: mask_slice,
                    rewards: rw_rewards.as_slice_mut()?,
                    terminated: rw_terminated.as_slice_mut()?,
                    truncated: rw_truncated.as_slice_mut()?,
                    finished: rw_finished.as_slice_mut()?,
                    termination: rw_termination.as_slice_mut()?,
                    winner: rw_winner.as_slice_mut()?,
                    lengths: rw_lengths.as_slice_mut()?,
                    turn: rw_turn.as_slice_mut()?,
                }
            };
        }
        let (inner, pool) = (&mut self.inner, &self.pool);
        // The games with observation buffers of either element type, f32 or u8.
        macro_rules! with_observations {
            ($obs:expr, $last:expr) => {{
                let (obs, last) = ($obs.bind(py).clone(), $last.bind(py).clone());
                let (mut rw, mut rw_last) = (obs.try_readwrite()?, last.try_readwrite()?);
                let mut out = buffers!(Some(rw.as_slice_mut()?), Some(rw_last.as_slice_mut()?));
                run(py, inner, pool, actions, &mut out)
            }};
        }
        match &self.obs {
            ObsBuffer::None => {
                let mut out: Buffers<'_, f32> = buffers!(None, None);
                run(py, inner, pool, actions, &mut out)
            }
            ObsBuffer::F32(obs, last) => with_observations!(obs, last),
            ObsBuffer::U8(obs, last) => with_observations!(obs, last),
        }
    }

    fn obs_object(&self, py: Python<'_>) -> Py<PyAny> {
        match &self.obs {
            ObsBuffer::None => py.None(),
            ObsBuffer::F32(a, _) => a.clone_ref(py).into_any(),
            ObsBuffer::U8(a, _) => a.clone_ref(py).into_any(),
        }
    }

    fn final_obs_object(&self, py: Python<'_>) -> Py<PyAny> {
        match &self.obs {
            ObsBuffer::None => py.None(),
            ObsBuffer::F32(_, a) => a.clone_ref(py).into_any(),
            ObsBuffer::U8(_, a) => a.clone_ref(py).into_any(),
        }
    }

    /// The actions as a contiguous int64 array: integer arrays and sequences of any layout are
    /// accepted (copied when needed); floats, other types and the wrong length are refused.
    fn action_array<'py>(
        &self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let np = py.import("numpy")?;
        let array = np.call_method1("asarray", (actions,)).map_err(|e| {
            XiangqiError::new_err(format!("VecEnv.step: actions must be integers ({e})"))
        })?;
        let dtype = array.getattr("dtype")?;
        let kind: String = dtype.getattr("kind")?.extract()?;
        let ndim: usize = array.getattr("ndim")?.extract()?;
        let size: usize = array.getattr("size")?.extract()?;
        if size > 0 && !matches!(kind.as_str(), "i" | "u") {
            let first = array.call_method0("ravel")?.get_item(0)?;
            let dtype_name: String = dtype.str()?.extract()?;
            return Err(XiangqiError::new_err(format!(
                "VecEnv.step: actions must be integers, not {dtype_name} (game 0's is {})",
                first.repr()?
            )));
        }
        if ndim != 1 || size != self.inner.num_envs() {
            let shape = array.getattr("shape")?.repr()?.to_string();
            return Err(XiangqiError::new_err(format!(
                "VecEnv.step: expected {} actions (one per game), got an array of shape {shape}",
                self.inner.num_envs()
            )));
        }
        if kind == "u" {
            let largest: u64 = array.call_method0("max")?.extract()?;
            if largest > i64::MAX as u64 {
                return Err(XiangqiError::new_err(format!(
                    "VecEnv.step: action {largest} is out of range"
                )));
            }
        }
        let contiguous = np.call_method1("ascontiguousarray", (array, numpy::dtype::<i64>(py)))?;
        Ok(contiguous.cast_into::<PyArray1<i64>>()?)
    }

    fn infos<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let infos = PyDict::new(py);
        if let Some(masks) = &self.masks {
            infos.set_item("action_mask", masks.bind(py))?;
        }
        infos.set_item("termination", self.termination.bind(py))?;
        infos.set_item("winner", self.winner.bind(py))?;
        infos.set_item("episode_length", self.lengths.bind(py))?;
        infos.set_item("turn", self.turn.bind(py))?;
        let finished = self.finished.bind(py);
        if !matches!(self.obs, ObsBuffer::None) {
            infos.set_item("final_obs", self.final_obs_object(py))?;
            infos.set_item("_final_obs", finished)?;
        }
        let final_info = PyDict::new(py);
        for (key, value) in [
            ("termination", self.termination.bind(py).as_any()),
            ("winner", self.winner.bind(py).as_any()),
            ("episode_length", self.lengths.bind(py).as_any()),
        ] {
            final_info.set_item(key, value)?;
            final_info.set_item(format!("_{key}"), finished)?;
        }
        infos.set_item("final_info", final_info)?;
        infos.set_item("_final_info", finished)?;
        Ok(infos)
    }
}

#[pymethods]
impl VecEnv {
    #[new]
    #[pyo3(
        signature = (
            num_envs, rules = None, encoding = None, seed = None, max_plies = Count(400),
            observations = true, obs_dtype = "float32", masks = true, fens = None, num_threads = None,
            history = Count(0), repetitions = false, variant = "xiangqi", setup = None
        ),
        text_signature = "(num_envs, rules=None, encoding=None, seed=None, max_plies=400, observations=True, obs_dtype='float32', masks=True, fens=None, num_threads=None, history=0, repetitions=False, variant='xiangqi', setup=None)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn py_new(
        py: Python<'_>,
        num_envs: Count<usize>,
        rules: Option<&str>,
        encoding: Option<&str>,
        seed: Option<Count<u64>>,
        max_plies: Count<u32>,
        observations: bool,
        obs_dtype: &str,
        masks: bool,
        fens: Option<Vec<String>>,
        num_threads: Option<Count<usize>>,
        history: Count<u64>,
        repetitions: bool,
        variant: &str,
        setup: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<VecEnv> {
        let (num_envs, seed, max_plies) = (num_envs.0, seed.map(|s| s.0), max_plies.0);
        let (num_threads, history) = (num_threads.map(|n| n.0), history.0);
        if num_envs == 0 {
            return Err(XiangqiError::new_err("num_envs must be at least 1"));
        }
        if num_envs > MAX_NUM_ENVS {
            return Err(limit_error("num_envs", num_envs, MAX_NUM_ENVS));
        }
        let history = check_history(history)?;
        let variant = parse_variant(variant)?;
        let parsed_rules = match rules {
            Some(rules) => parse_rules(rules)?,
            None => variant.default_rules(),
        };
        let encoding = encoding_for(encoding, variant)?;
        let starts = start_positions(variant, fens.as_deref(), setup)?;
        if let Some(over) = starts.iter().position(|p| !p.has_legal_moves()) {
            return Err(env_error(EnvError::StartOver(over)));
        }
        let pool = thread_pool(num_threads)?;
        let cfg = EnvConfig {
            variant,
            rules: parsed_rules,
            encoding,
            max_plies,
            starts,
            history,
            repetitions,
        };
        let inner = Batch::new(num_envs, cfg, seed.unwrap_or(0)).map_err(env_error)?;
        let cfg = inner.config();
        let shape = [num_envs, cfg.planes(), 10, 9];
        let obs = match (observations, obs_dtype) {
            (false, _) => ObsBuffer::None,
            (true, "float32" | "float" | "f4") => {
                ObsBuffer::F32(zeros(py, &shape)?, zeros(py, &shape)?)
            }
            (true, "uint8" | "u1") => ObsBuffer::U8(zeros(py, &shape)?, zeros(py, &shape)?),
            (true, other) => {
                return Err(XiangqiError::new_err(format!(
                    "obs_dtype must be \"float32\" or \"uint8\", not {other:?}"
                )))
            }
        };
        let n = [num_envs];
        let mut env = VecEnv {
            inner,
            obs,
            finished: zeros(py, &n)?,
            masks: if masks {
                Some(zeros(py, &[num_envs, encoding.size()])?)
            } else {
                None
            },
            rewards: zeros(py, &n)?,
            terminated: zeros(py, &n)?,
            truncated: zeros(py, &n)?,
            termination: zeros(py, &n)?,
            winner: zeros(py, &n)?,
            lengths: zeros(py, &n)?,
            turn: zeros(py, &n)?,
            actions: zeros(py, &n)?,
            pool,
        };
        env.for_each_game(py, None)?;
        Ok(env)
    }

    /// How many games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.inner.num_envs()
    }

    /// How many actions the encoding has.
    #[getter]
    fn action_size(&self) -> usize {
        self.inner.config().encoding.size()
    }

    /// The action encoding, `"2086"`, `"8100"` or `"janggi"`.
    #[getter]
    fn encoding(&self) -> &'static str {
        self.inner.config().encoding.name()
    }

    /// The game: `"xiangqi"` or a janggi rule set.
    #[getter]
    fn variant(&self) -> &'static str {
        self.inner.config().variant.name()
    }

    /// The rules the games are judged by.
    #[getter]
    fn rules(&self) -> String {
        self.inner.config().rules.to_string()
    }

    /// The shape of one game's observation, `(16, 10, 9)` without history (janggi:
    /// `(19, 10, 9)`), or `None` without observations.
    #[getter]
    fn observation_shape(&self) -> Option<(usize, usize, usize)> {
        match self.obs {
            ObsBuffer::None => None,
            _ => Some((self.inner.config().planes(), 10, 9)),
        }
    }

    /// The observations' dtype name, `"float32"` or `"uint8"`, or `None` without observations.
    #[getter]
    fn obs_dtype(&self) -> Option<&'static str> {
        match self.obs {
            ObsBuffer::None => None,
            ObsBuffer::F32(..) => Some("float32"),
            ObsBuffer::U8(..) => Some("uint8"),
        }
    }

    /// Earlier positions in each observation.
    #[getter]
    fn history(&self) -> usize {
        self.inner.config().history
    }

    /// Whether observations end with the repetition plane.
    #[getter]
    fn repetitions(&self) -> bool {
        self.inner.config().repetitions
    }

    /// The ply limit after which a game is truncated.
    #[getter]
    fn max_plies(&self) -> u32 {
        self.inner.config().max_plies
    }

    /// Starts every game again; with `seed`, reseeds each game's generator first.
    /// Returns `(obs, infos)`.
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<Count<u64>>,
    ) -> PyResult<(Py<PyAny>, Bound<'py, PyDict>)> {
        if let Some(Count(seed)) = seed {
            self.inner.reseed(seed);
        }
        self.for_each_game(py, None)?;
        Ok((self.obs_object(py), self.infos(py)?))
    }

    /// Plays one action per game. Raises `IllegalMoveError` (changing nothing) when an action is
    /// not legal in its game, `XiangqiError` when it is out of the encoding's range or not an
    /// integer (floats are refused, never truncated); both name the game and the value. Any
    /// integer array or sequence is accepted. Returns `(obs, rewards, terminated, truncated,
    /// infos)`, the same arrays on every call.
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<(
        Py<PyAny>,
        Py<PyAny>,
        Py<PyAny>,
        Py<PyAny>,
        Bound<'py, PyDict>,
    )> {
        let actions = self.action_array(py, actions)?;
        let actions = actions.try_readonly()?;
        self.for_each_game(py, Some(actions.as_slice()?))?;
        Ok((
            self.obs_object(py),
            self.rewards.clone_ref(py).into_any(),
            self.terminated.clone_ref(py).into_any(),
            self.truncated.clone_ref(py).into_any(),
            self.infos(py)?,
        ))
    }

    /// A uniformly random legal action for each game (each game has its own seeded generator).
    /// Returns the same int64 array on every call.
    fn random_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let actions = self.actions.bind(py).clone();
        {
            let mut rw = actions.try_readwrite()?;
            let out = rw.as_slice_mut()?;
            let (inner, pool) = (&mut self.inner, &self.pool);
            py.detach(|| in_pool(pool, || inner.random_actions(out)))
                .map_err(env_error)?;
        }
        Ok(actions)
    }

    /// The legal-action masks, shape `(num_envs, action_size)` (the array `step` updates).
    fn action_masks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<bool>>> {
        self.masks
            .as_ref()
            .map(|m| m.bind(py).clone())
            .ok_or_else(|| XiangqiError::new_err("this VecEnv was made with masks=False"))
    }

    /// The current observations (the array `step` updates), or `None`.
    fn observations(&self, py: Python<'_>) -> Py<PyAny> {
        self.obs_object(py)
    }

    /// The FEN of each game.
    fn fens(&self) -> Vec<String> {
        (0..self.inner.num_envs())
            .filter_map(|i| self.inner.game(i))
            .map(|g| g.position().fen())
            .collect()
    }

    /// Game `index` as a `Board` (a copy, with its moves and rules).
    fn board(&self, index: Count<usize>) -> PyResult<Board> {
        let game = self
            .inner
            .game(index.0)
            .ok_or_else(|| pyo3::exceptions::PyIndexError::new_err("game index out of range"))?;
        Ok(Board::from_game(game.clone()))
    }

    /// The legal moves of game `index`.
    fn legal_moves(&self, index: Count<usize>) -> PyResult<Vec<PyMove>> {
        let legal = self
            .inner
            .legal_moves(index.0)
            .ok_or_else(|| pyo3::exceptions::PyIndexError::new_err("game index out of range"))?;
        Ok(legal.iter().map(|&m| PyMove::wrap(m)).collect())
    }

    fn __len__(&self) -> usize {
        self.inner.num_envs()
    }

    fn __repr__(&self) -> String {
        let variant = match self.inner.config().variant {
            Variant::Xiangqi => String::new(),
            v => format!(", variant={:?}", v.name()),
        };
        format!(
            "VecEnv(num_envs={}, rules={:?}, encoding={:?}{variant})",
            self.inner.num_envs(),
            self.inner.config().rules.to_string(),
            self.inner.config().encoding.name()
        )
    }
}

/// Adds `VecEnv` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<VecEnv>()?;
    Ok(())
}
