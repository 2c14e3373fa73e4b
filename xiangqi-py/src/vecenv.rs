//! `VecEnv`: many games stepped together in Rust, in parallel, with the GIL released.
//!
//! Every output lives in a numpy array allocated once; `step` overwrites them in place and
//! returns the same arrays, so a training loop allocates nothing per step.

use crate::board::{parse_encoding, parse_rules, Board};
use crate::encoding::{self, Encoding, PlaneValue};
use crate::errors::{fen_error, IllegalMoveError, XiangqiError};
use crate::outcome::Termination;
use crate::types::Move as PyMove;
use numpy::{AllowTypeChange, PyArray1, PyArray2, PyArray4, PyArrayLike1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rayon::prelude::*;
use xiangqi_core::{Color, Game, Move, MoveList, Position, Rules};

/// The seeded generator of a game (the workspace's one generator, `fastrand`'s wyrand), one
/// per game so results do not depend on threads.
type Rng = fastrand::Rng;

/// One game of the batch.
#[derive(Clone)]
struct Slot {
    game: Game,
    legal: MoveList,
    rng: Rng,
}

impl Slot {
    fn reset(&mut self, starts: &[Position], rules: Rules) {
        let i = if starts.len() > 1 {
            self.rng.usize(..starts.len())
        } else {
            0
        };
        self.game = Game::new(starts[i].clone(), rules);
        self.legal.clear();
        self.game.position().legal_moves_into(&mut self.legal);
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
    rules: Rules,
    max_plies: u32,
    starts: Vec<Position>,
}

fn observe<O: PlaneValue>(slot: &Slot, cfg: &Config, i: usize, out: &Outputs<O>) {
    let pos = slot.pos();
    let mirror = pos.turn() == Color::Black;
    if let Some(obs) = &out.obs {
        // SAFETY: game `i` is handled by exactly one task (see `Rows`).
        let row = unsafe { obs.row(i) };
        encoding::write_planes(&[pos], 0, pos.turn(), mirror, row);
    }
    if let Some(masks) = &out.masks {
        // SAFETY: as above.
        let row = unsafe { masks.row(i) };
        row.fill(false);
        for &m in slot.legal.iter() {
            if let Some(a) = cfg.encoding.index(m, mirror) {
                row[a] = true;
            }
        }
    }
    // SAFETY: as above.
    unsafe { out.turn.row(i)[0] = pos.turn() == Color::Red };
}

/// Plays `m` in game `i` and writes its results; resets the game when it ends.
fn step_one<O: PlaneValue>(slot: &mut Slot, m: Move, cfg: &Config, i: usize, out: &Outputs<O>) {
    let mover = slot.pos().turn();
    slot.game.push_unchecked(m);
    slot.legal.clear();
    slot.game.position().legal_moves_into(&mut slot.legal);
    let outcome = slot.game.outcome();
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
    if outcome.is_some() || truncated {
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
    }
    observe(slot, cfg, i, out);
}

/// The observation buffer, in the dtype chosen at construction.
enum ObsBuffer {
    None,
    F32(Py<PyArray4<f32>>),
    U8(Py<PyArray4<u8>>),
}

/// A batch of xiangqi games stepped together in Rust.
///
/// `VecEnv(num_envs, rules="casual", encoding="2086", seed=None, max_plies=400,
/// observations=True, obs_dtype="float32", masks=True, fens=None, num_threads=None)`.
///
/// Actions are indices in `encoding` from the side to move's perspective (Black mirrored, see
/// `xiangqi.encoding`). Observations are `Board.planes()` of each game (16 planes, side to
/// move's perspective), shape `(num_envs, 16, 10, 9)`. Rewards are from the side that just
/// moved: +1 when its move won, -1 when it lost (a perpetual check or chase under the `simple`
/// and `axf` rules), 0 otherwise. Games are judged by core's `Game` under `rules`, exactly as
/// `Board.outcome()` judges them; `infos["termination"]` holds the `Termination` value.
/// A game that ends (`terminated`) or reaches `max_plies` (`truncated`) is reset at once: the
/// observation and mask returned are of the new game, `infos["episode_length"]` tells how long
/// the finished one was. Each step writes into the same preallocated arrays; copy what you keep.
#[pyclass(module = "xiangqi")]
pub struct VecEnv {
    slots: Vec<Slot>,
    cfg: Config,
    obs: ObsBuffer,
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
        let masks = self.masks.as_ref().map(|m| m.bind(py).clone());
        let mut rw_rewards = rewards.try_readwrite()?;
        let mut rw_terminated = terminated.try_readwrite()?;
        let mut rw_truncated = truncated.try_readwrite()?;
        let mut rw_termination = termination.try_readwrite()?;
        let mut rw_winner = winner.try_readwrite()?;
        let mut rw_lengths = lengths.try_readwrite()?;
        let mut rw_turn = turn.try_readwrite()?;
        let mut rw_masks = match &masks {
            Some(m) => Some(m.try_readwrite()?),
            None => None,
        };
        let mask_rows = match &mut rw_masks {
            Some(m) => Some(Rows::of(m.as_slice_mut()?, masks_width)),
            None => None,
        };
        macro_rules! outputs {
            ($obs:expr) => {
                Outputs {
                    obs: $obs,
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
        let planes = encoding::plane_count(0) * 90;
        match &self.obs {
            ObsBuffer::None => {
                let out: Outputs<f32> = outputs!(None);
                self.run_games(py, moves, &out);
            }
            ObsBuffer::F32(obs) => {
                let obs = obs.bind(py).clone();
                let mut rw = obs.try_readwrite()?;
                let out = outputs!(Some(Rows::of(rw.as_slice_mut()?, planes)));
                self.run_games(py, moves, &out);
            }
            ObsBuffer::U8(obs) => {
                let obs = obs.bind(py).clone();
                let mut rw = obs.try_readwrite()?;
                let out = outputs!(Some(Rows::of(rw.as_slice_mut()?, planes)));
                self.run_games(py, moves, &out);
            }
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
            ObsBuffer::F32(a) => a.clone_ref(py).into_any(),
            ObsBuffer::U8(a) => a.clone_ref(py).into_any(),
        }
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
        Ok(infos)
    }
}

#[pymethods]
impl VecEnv {
    #[new]
    #[pyo3(signature = (
        num_envs, rules = "casual", encoding = "2086", seed = None, max_plies = 400,
        observations = true, obs_dtype = "float32", masks = true, fens = None, num_threads = None
    ))]
    #[allow(clippy::too_many_arguments)]
    fn py_new(
        py: Python<'_>,
        num_envs: usize,
        rules: &str,
        encoding: &str,
        seed: Option<u64>,
        max_plies: u32,
        observations: bool,
        obs_dtype: &str,
        masks: bool,
        fens: Option<Vec<String>>,
        num_threads: Option<usize>,
    ) -> PyResult<VecEnv> {
        if num_envs == 0 {
            return Err(XiangqiError::new_err("num_envs must be at least 1"));
        }
        let parsed_rules = parse_rules(rules)?;
        let encoding = parse_encoding(encoding)?;
        let starts = match fens {
            None => vec![Position::startpos()],
            Some(fens) if fens.is_empty() => {
                return Err(XiangqiError::new_err("fens must not be empty"))
            }
            Some(fens) => fens
                .iter()
                .map(|f| Position::from_fen(f).map_err(fen_error))
                .collect::<PyResult<Vec<_>>>()?,
        };
        if let Some(over) = starts.iter().position(|p| !p.has_legal_moves()) {
            return Err(XiangqiError::new_err(format!(
                "start position {over} has no legal move (the game is already over)"
            )));
        }
        let pool = match num_threads {
            None => None,
            Some(n) => Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(n)
                    .build()
                    .map_err(|e| XiangqiError::new_err(e.to_string()))?,
            ),
        };
        let seed = seed.unwrap_or(0);
        let slots = (0..num_envs)
            .map(|i| Slot {
                game: Game::new(starts[0].clone(), parsed_rules),
                legal: MoveList::new(),
                rng: Rng::with_seed(seed.wrapping_mul(0x1000_0000_01b3) ^ i as u64),
            })
            .collect();
        let planes = encoding::plane_count(0);
        let obs = match (observations, obs_dtype) {
            (false, _) => ObsBuffer::None,
            (true, "float32" | "float" | "f4") => {
                ObsBuffer::F32(PyArray4::zeros(py, [num_envs, planes, 10, 9], false).unbind())
            }
            (true, "uint8" | "u1") => {
                ObsBuffer::U8(PyArray4::zeros(py, [num_envs, planes, 10, 9], false).unbind())
            }
            (true, other) => {
                return Err(XiangqiError::new_err(format!(
                    "obs_dtype must be \"float32\" or \"uint8\", not {other:?}"
                )))
            }
        };
        let mut env = VecEnv {
            slots,
            cfg: Config {
                encoding,
                rules: parsed_rules,
                max_plies: max_plies.max(1),
                starts,
            },
            obs,
            masks: masks.then(|| PyArray2::zeros(py, [num_envs, encoding.size()], false).unbind()),
            rewards: PyArray1::zeros(py, num_envs, false).unbind(),
            terminated: PyArray1::zeros(py, num_envs, false).unbind(),
            truncated: PyArray1::zeros(py, num_envs, false).unbind(),
            termination: PyArray1::zeros(py, num_envs, false).unbind(),
            winner: PyArray1::zeros(py, num_envs, false).unbind(),
            lengths: PyArray1::zeros(py, num_envs, false).unbind(),
            turn: PyArray1::zeros(py, num_envs, false).unbind(),
            actions: PyArray1::zeros(py, num_envs, false).unbind(),
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

    /// The action encoding, `"2086"` or `"8100"`.
    #[getter]
    fn encoding(&self) -> &'static str {
        self.cfg.encoding.name()
    }

    /// The rules the games are judged by.
    #[getter]
    fn rules(&self) -> String {
        self.cfg.rules.to_string()
    }

    /// The shape of one game's observation, `(16, 10, 9)`, or `None` without observations.
    #[getter]
    fn observation_shape(&self) -> Option<(usize, usize, usize)> {
        match self.obs {
            ObsBuffer::None => None,
            _ => Some((encoding::plane_count(0), 10, 9)),
        }
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
        seed: Option<u64>,
    ) -> PyResult<(Py<PyAny>, Bound<'py, PyDict>)> {
        if let Some(seed) = seed {
            for (i, slot) in self.slots.iter_mut().enumerate() {
                slot.rng = Rng::with_seed(seed.wrapping_mul(0x1000_0000_01b3) ^ i as u64);
            }
        }
        self.for_each_game(py, None)?;
        Ok((self.obs_object(py), self.infos(py)?))
    }

    /// Plays one action per game. Raises `IllegalMoveError` (changing nothing) when an action is
    /// out of range or not legal in its game. Returns `(obs, rewards, terminated, truncated,
    /// infos)`, the same arrays on every call.
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyArrayLike1<'py, i64, AllowTypeChange>,
    ) -> PyResult<(
        Py<PyAny>,
        Py<PyAny>,
        Py<PyAny>,
        Py<PyAny>,
        Bound<'py, PyDict>,
    )> {
        let actions = actions.as_slice()?;
        if actions.len() != self.slots.len() {
            return Err(XiangqiError::new_err(format!(
                "expected {} actions, got {}",
                self.slots.len(),
                actions.len()
            )));
        }
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
                            .and_then(|a| enc.action_move(a, mirror))
                            .filter(|&m| slot.pos().is_legal(m))
                            .ok_or((i, a))
                    })
                    .collect()
            })
        });
        let moves = decoded.map_err(|(i, a)| {
            IllegalMoveError::new_err(format!(
                "action {a} is not a legal move in game {i} ({})",
                self.slots[i].pos().fen()
            ))
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
    fn board(&self, index: usize) -> PyResult<Board> {
        let slot = self
            .slots
            .get(index)
            .ok_or_else(|| pyo3::exceptions::PyIndexError::new_err("game index out of range"))?;
        Ok(Board::from_game(slot.game.clone()))
    }

    /// The legal moves of game `index`.
    fn legal_moves(&self, index: usize) -> PyResult<Vec<PyMove>> {
        let slot = self
            .slots
            .get(index)
            .ok_or_else(|| pyo3::exceptions::PyIndexError::new_err("game index out of range"))?;
        Ok(slot.legal.iter().map(|&m| PyMove::wrap(m)).collect())
    }

    fn __len__(&self) -> usize {
        self.slots.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "VecEnv(num_envs={}, rules={:?}, encoding={:?})",
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
