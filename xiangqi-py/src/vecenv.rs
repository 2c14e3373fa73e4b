//! `VecEnv`: many games stepped together in Rust, in parallel, with the GIL released.
//!
//! Every output lives in a numpy array allocated once; `step` overwrites them in place and
//! returns the same arrays, so a training loop allocates nothing per step.

use crate::board::{check_history, encoding_for, parse_rules, parse_variant, Board};
use crate::encoding::{Encoding, PlaneLayout, PlaneValue};
use crate::errors::{limit_error, memory_error, Count, XiangqiError};
use crate::outcome::Termination;
use crate::starts::start_positions;
use crate::types::Move as PyMove;
use numpy::{Element, PyArray1, PyArray2, PyArray4, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rayon::prelude::*;
use std::collections::VecDeque;
use xiangqi_core::{Color, Game, Move, MoveList, Position, Rules, Variant};

/// The most games one `VecEnv` holds.
pub const MAX_NUM_ENVS: usize = 1 << 22;
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

/// The seeded generator of a game (the workspace's one generator, `fastrand`'s wyrand), one
/// per game so results do not depend on threads.
type Rng = fastrand::Rng;

/// One game of the batch.
#[derive(Clone)]
struct Slot {
    game: Game,
    legal: MoveList,
    rng: Rng,
    /// The positions before the current one, newest first (as many as the history planes need).
    earlier: VecDeque<Position>,
}

impl Slot {
    fn reset(&mut self, starts: &[Position], rules: Rules) {
        self.earlier.clear();
        let i = if starts.len() > 1 {
            self.rng.usize(..starts.len())
        } else {
            0
        };
        self.game.restart(starts[i].clone(), rules);
        self.legal.clear();
        self.game.legal_moves_into(&mut self.legal);
    }

    fn pos(&self) -> &Position {
        self.game.position()
    }
}

/// A raw pointer that may cross threads: each game writes only its own rows.
#[derive(Clone, Copy)]
struct Rows<T>(*mut T, usize);

// SAFETY: a `Rows` is only used inside one `step`/`reset`, where game `i` touches only
// `[i * width, (i + 1) * width)`, so no two threads write the same element; the arrays outlive
// the call because the `VecEnv` owns them.
unsafe impl<T: Send> Send for Rows<T> {}
// SAFETY: as above; shared use never yields overlapping `&mut` rows.
unsafe impl<T: Send> Sync for Rows<T> {}

impl<T> Rows<T> {
    fn of(slice: &mut [T], width: usize) -> Rows<T> {
        Rows(slice.as_mut_ptr(), width)
    }

    /// # Safety
    /// `i` must be below the number of rows, and no other live reference may cover row `i`.
    #[allow(clippy::mut_from_ref)]
    unsafe fn row(&self, i: usize) -> &mut [T] {
        // SAFETY: the caller guarantees `i` is in range and row `i` is not borrowed elsewhere.
        unsafe { std::slice::from_raw_parts_mut(self.0.add(i * self.1), self.1) }
    }
}

/// Where one step's results go, one row per game.
struct Outputs<O> {
    obs: Option<Rows<O>>,
    final_obs: Option<Rows<O>>,
    finished: Rows<bool>,
    masks: Option<Rows<bool>>,
    rewards: Rows<f32>,
    terminated: Rows<bool>,
    truncated: Rows<bool>,
    termination: Rows<i8>,
    winner: Rows<i8>,
    lengths: Rows<u32>,
    turn: Rows<bool>,
}

/// Settings shared by every game.
struct Config {
    encoding: Encoding,
    variant: Variant,
    planes: PlaneLayout,
    rules: Rules,
    max_plies: u32,
    starts: Vec<Position>,
    /// Earlier positions in each observation.
    history: usize,
    /// Whether observations end with the repetition plane.
    repetitions: bool,
}

impl Config {
    /// Planes per observation.
    fn planes(&self) -> usize {
        self.planes.count(self.history) + usize::from(self.repetitions)
    }
}

/// Writes the observation of `slot`'s current position into `row`.
fn write_observation<O: PlaneValue>(slot: &Slot, cfg: &Config, row: &mut [O]) {
    let pos = slot.pos();
    let mirror = pos.turn() == Color::Black;
    let repeated = cfg
        .repetitions
        .then(|| slot.game.repetition_count().saturating_sub(1));
    if cfg.history == 0 {
        // Without history no list is needed (nor allocated at every step).
        cfg.planes
            .write(&[pos], 0, pos.turn(), mirror, repeated, row);
        return;
    }
    let mut positions: Vec<&Position> = Vec::with_capacity(cfg.history + 1);
    positions.push(pos);
    positions.extend(slot.earlier.iter().take(cfg.history));
    cfg.planes
        .write(&positions, cfg.history, pos.turn(), mirror, repeated, row);
}

fn observe<O: PlaneValue>(slot: &Slot, cfg: &Config, i: usize, out: &Outputs<O>) {
    let pos = slot.pos();
    let mirror = pos.turn() == Color::Black;
    if let Some(obs) = &out.obs {
        // SAFETY: game `i` is handled by exactly one task (see `Rows`).
        let row = unsafe { obs.row(i) };
        write_observation(slot, cfg, row);
    }
    if let Some(masks) = &out.masks {
        // SAFETY: as above.
        let row = unsafe { masks.row(i) };
        row.fill(false);
        cfg.encoding.mark(&slot.legal, mirror, row);
    }
    // SAFETY: as above.
    unsafe { out.turn.row(i)[0] = pos.turn() == Color::Red };
}

/// Plays `m` in game `i` and writes its results; resets the game when it ends.
fn step_one<O: PlaneValue>(slot: &mut Slot, m: Move, cfg: &Config, i: usize, out: &Outputs<O>) {
    let mover = slot.pos().turn();
    if cfg.history > 0 {
        slot.earlier.push_front(slot.pos().clone());
        slot.earlier.truncate(cfg.history);
    }
    slot.game.push_unchecked(m);
    slot.legal.clear();
    slot.game.legal_moves_into(&mut slot.legal);
    let outcome = slot.game.outcome_given_moves(!slot.legal.is_empty());
    let (reward, winner) = match outcome.and_then(|o| o.winner) {
        Some(w) => (
            if w == mover { 1.0 } else { -1.0 },
            if w == Color::Red { 1 } else { -1 },
        ),
        None => (0.0, 0),
    };
    let plies = slot.game.ply() as u32;
    let truncated = outcome.is_none() && plies >= cfg.max_plies;
    // SAFETY: game `i` is handled by exactly one task (see `Rows`).
    unsafe {
        out.rewards.row(i)[0] = reward;
        out.terminated.row(i)[0] = outcome.is_some();
        out.truncated.row(i)[0] = truncated;
        out.termination.row(i)[0] =
            outcome.map_or(0, |o| Termination::from_core(o.termination) as i8);
        out.winner.row(i)[0] = winner;
        out.lengths.row(i)[0] = plies;
    }
    let finished = outcome.is_some() || truncated;
    // SAFETY: as above.
    unsafe { out.finished.row(i)[0] = finished };
    if finished {
        if let Some(final_obs) = &out.final_obs {
            // SAFETY: as above.
            write_observation(slot, cfg, unsafe { final_obs.row(i) });
        }
        slot.reset(&cfg.starts, cfg.rules);
    }
    observe(slot, cfg, i, out);
}

fn reset_one<O: PlaneValue>(slot: &mut Slot, cfg: &Config, i: usize, out: &Outputs<O>) {
    slot.reset(&cfg.starts, cfg.rules);
    // SAFETY: game `i` is handled by exactly one task (see `Rows`).
    unsafe {
        out.rewards.row(i)[0] = 0.0;
        out.terminated.row(i)[0] = false;
        out.truncated.row(i)[0] = false;
        out.termination.row(i)[0] = 0;
        out.winner.row(i)[0] = 0;
        out.lengths.row(i)[0] = 0;
        out.finished.row(i)[0] = false;
    }
    observe(slot, cfg, i, out);
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
    slots: Vec<Slot>,
    cfg: Config,
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

/// Runs `f` in the env's own thread pool, or rayon's global one.
fn in_pool<R: Send>(pool: &Option<rayon::ThreadPool>, f: impl FnOnce() -> R + Send) -> R {
    match pool {
        Some(pool) => pool.install(f),
        None => f(),
    }
}

impl VecEnv {
    /// Runs `f` on every game in parallel with the outputs bound, the GIL released.
    fn for_each_game(&mut self, py: Python<'_>, moves: Option<&[Move]>) -> PyResult<()> {
        let n = self.slots.len();
        let masks_width = self.cfg.encoding.size();
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
        let mask_rows = match &mut rw_masks {
            Some(m) => Some(Rows::of(m.as_slice_mut()?, masks_width)),
            None => None,
        };
        macro_rules! outputs {
            ($obs:expr, $final_obs:expr) => {
                Outputs {
                    obs: $obs,
                    final_obs: $final_obs,
                    finished: Rows::of(rw_finished.as_slice_mut()?, 1),
                    masks: mask_rows,
                    rewards: Rows::of(rw_rewards.as_slice_mut()?, 1),
                    terminated: Rows::of(rw_terminated.as_slice_mut()?, 1),
                    truncated: Rows::of(rw_truncated.as_slice_mut()?, 1),
                    termination: Rows::of(rw_termination.as_slice_mut()?, 1),
                    winner: Rows::of(rw_winner.as_slice_mut()?, 1),
                    lengths: Rows::of(rw_lengths.as_slice_mut()?, 1),
                    turn: Rows::of(rw_turn.as_slice_mut()?, 1),
                }
            };
        }
        let planes = self.cfg.planes() * 90;
        // The games with observation buffers of either element type, f32 or u8.
        macro_rules! with_observations {
            ($obs:expr, $last:expr) => {{
                let (obs, last) = ($obs.bind(py).clone(), $last.bind(py).clone());
                let (mut rw, mut rw_last) = (obs.try_readwrite()?, last.try_readwrite()?);
                let out = outputs!(
                    Some(Rows::of(rw.as_slice_mut()?, planes)),
                    Some(Rows::of(rw_last.as_slice_mut()?, planes))
                );
                self.run_games(py, moves, &out);
            }};
        }
        match &self.obs {
            ObsBuffer::None => {
                let out: Outputs<f32> = outputs!(None, None);
                self.run_games(py, moves, &out);
            }
            ObsBuffer::F32(obs, last) => with_observations!(obs, last),
            ObsBuffer::U8(obs, last) => with_observations!(obs, last),
        }
        debug_assert_eq!(n, self.slots.len());
        Ok(())
    }

    fn run_games<O: PlaneValue>(
        &mut self,
        py: Python<'_>,
        moves: Option<&[Move]>,
        out: &Outputs<O>,
    ) {
        let slots = &mut self.slots;
        let cfg = &self.cfg;
        let pool = &self.pool;
        py.detach(|| {
            in_pool(pool, move || match moves {
                Some(moves) => slots
                    .par_iter_mut()
                    .with_min_len(64)
                    .enumerate()
                    .for_each(|(i, slot)| step_one(slot, moves[i], cfg, i, out)),
                None => slots
                    .par_iter_mut()
                    .with_min_len(64)
                    .enumerate()
                    .for_each(|(i, slot)| reset_one(slot, cfg, i, out)),
            })
        });
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
        if ndim != 1 || size != self.slots.len() {
            let shape = array.getattr("shape")?.repr()?.to_string();
            return Err(XiangqiError::new_err(format!(
                "VecEnv.step: expected {} actions (one per game), got an array of shape {shape}",
                self.slots.len()
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
            return Err(XiangqiError::new_err(format!(
                "start position {over} has no legal move (the game is already over)"
            )));
        }
        let pool = match num_threads {
            None => None,
            Some(n) if n > MAX_THREADS => return Err(limit_error("num_threads", n, MAX_THREADS)),
            Some(n) => Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(n)
                    .build()
                    .map_err(|e| XiangqiError::new_err(e.to_string()))?,
            ),
        };
        let seed = seed.unwrap_or(0);
        let mut slots: Vec<Slot> = Vec::new();
        slots
            .try_reserve_exact(num_envs)
            .map_err(|_| memory_error(&format!("{num_envs} games")))?;
        slots.extend((0..num_envs).map(|i| Slot {
            game: Game::new(starts[0].clone(), parsed_rules),
            legal: MoveList::new(),
            rng: Rng::with_seed(seed.wrapping_mul(0x1000_0000_01b3) ^ i as u64),
            earlier: VecDeque::new(),
        }));
        let cfg = Config {
            encoding,
            variant,
            planes: PlaneLayout::of(variant, &parsed_rules),
            rules: parsed_rules,
            max_plies: max_plies.max(1),
            starts,
            history,
            repetitions,
        };
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
            slots,
            cfg,
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
        self.slots.len()
    }

    /// How many actions the encoding has.
    #[getter]
    fn action_size(&self) -> usize {
        self.cfg.encoding.size()
    }

    /// The action encoding, `"2086"`, `"8100"` or `"janggi"`.
    #[getter]
    fn encoding(&self) -> &'static str {
        self.cfg.encoding.name()
    }

    /// The game: `"xiangqi"` or a janggi rule set.
    #[getter]
    fn variant(&self) -> &'static str {
        self.cfg.variant.name()
    }

    /// The rules the games are judged by.
    #[getter]
    fn rules(&self) -> String {
        self.cfg.rules.to_string()
    }

    /// The shape of one game's observation, `(16, 10, 9)` without history (janggi:
    /// `(19, 10, 9)`), or `None` without observations.
    #[getter]
    fn observation_shape(&self) -> Option<(usize, usize, usize)> {
        match self.obs {
            ObsBuffer::None => None,
            _ => Some((self.cfg.planes(), 10, 9)),
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
        self.cfg.history
    }

    /// Whether observations end with the repetition plane.
    #[getter]
    fn repetitions(&self) -> bool {
        self.cfg.repetitions
    }

    /// The ply limit after which a game is truncated.
    #[getter]
    fn max_plies(&self) -> u32 {
        self.cfg.max_plies
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
            for (i, slot) in self.slots.iter_mut().enumerate() {
                slot.rng = Rng::with_seed(seed.wrapping_mul(0x1000_0000_01b3) ^ i as u64);
            }
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
        let actions = actions.as_slice()?;
        let enc = self.cfg.encoding;
        let slots = &self.slots;
        let pool = &self.pool;
        let decoded: Result<Vec<Move>, (usize, i64)> = py.detach(|| {
            in_pool(pool, || {
                slots
                    .par_iter()
                    .with_min_len(256)
                    .zip(actions.par_iter())
                    .enumerate()
                    .map(|(i, (slot, &a))| {
                        let mirror = slot.pos().turn() == Color::Black;
                        usize::try_from(a)
                            .ok()
                            .and_then(|a| enc.decode(a, slot.pos(), mirror))
                            // The game's legal moves are listed already (the mask's list).
                            .filter(|m| slot.legal.contains(m))
                            .ok_or((i, a))
                    })
                    .collect()
            })
        });
        let moves = decoded.map_err(|(i, a)| {
            let size = enc.size();
            if a < 0 || a as u64 >= size as u64 {
                XiangqiError::new_err(format!(
                    "VecEnv.step: action {a} of game {i} is out of range: the {} encoding has \
                     actions 0..{}",
                    enc.name(),
                    size - 1
                ))
            } else {
                let pos = self.slots[i].pos();
                let mirror = pos.turn() == Color::Black;
                let m = usize::try_from(a)
                    .ok()
                    .and_then(|a| enc.decode(a, pos, mirror));
                let reason = m.and_then(|m| pos.illegal_reason(m));
                let why = reason.map_or(String::new(), |r| format!(": {r}"));
                crate::errors::illegal_move_error(
                    format!(
                        "VecEnv.step: action {a} is not a legal move in game {i} ({}){why}",
                        pos.fen()
                    ),
                    reason,
                )
            }
        })?;
        self.for_each_game(py, Some(&moves))?;
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
        let enc = self.cfg.encoding;
        let actions = self.actions.bind(py).clone();
        {
            let mut rw = actions.try_readwrite()?;
            let out = rw.as_slice_mut()?;
            let slots = &mut self.slots;
            let pool = &self.pool;
            py.detach(|| {
                in_pool(pool, move || {
                    slots
                        .par_iter_mut()
                        .with_min_len(256)
                        .zip(out.par_iter_mut())
                        .for_each(|(slot, a)| {
                            let mirror = slot.pos().turn() == Color::Black;
                            *a = match slot.legal.len() {
                                0 => -1,
                                n => {
                                    let m = slot.legal[slot.rng.usize(..n)];
                                    enc.index(m, mirror).map_or(-1, |i| i as i64)
                                }
                            };
                        })
                })
            });
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
        self.slots.iter().map(|s| s.pos().fen()).collect()
    }

    /// Game `index` as a `Board` (a copy, with its moves and rules).
    fn board(&self, index: Count<usize>) -> PyResult<Board> {
        let slot = self
            .slots
            .get(index.0)
            .ok_or_else(|| pyo3::exceptions::PyIndexError::new_err("game index out of range"))?;
        Ok(Board::from_game(slot.game.clone()))
    }

    /// The legal moves of game `index`.
    fn legal_moves(&self, index: Count<usize>) -> PyResult<Vec<PyMove>> {
        let slot = self
            .slots
            .get(index.0)
            .ok_or_else(|| pyo3::exceptions::PyIndexError::new_err("game index out of range"))?;
        Ok(slot.legal.iter().map(|&m| PyMove::wrap(m)).collect())
    }

    fn __len__(&self) -> usize {
        self.slots.len()
    }

    fn __repr__(&self) -> String {
        let variant = match self.cfg.variant {
            Variant::Xiangqi => String::new(),
            v => format!(", variant={:?}", v.name()),
        };
        format!(
            "VecEnv(num_envs={}, rules={:?}, encoding={:?}{variant})",
            self.slots.len(),
            self.cfg.rules.to_string(),
            self.cfg.encoding.name()
        )
    }
}

/// Adds `VecEnv` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<VecEnv>()?;
    Ok(())
}
