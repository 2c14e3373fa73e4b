//! [`VecEnv`]: many games stepped together, in parallel (rayon), writing every result into
//! caller-provided slices: after the first steps have grown each game's move list and history,
//! a step allocates nothing.
//!
//! A step plays one action per game, judges the game by core's [`Game`] under the rules, and
//! resets a game that ended (`terminated`) or reached the ply limit (`truncated`) at once: the
//! observation and mask written are of the new game, and the finished game's last observation
//! goes to `final_obs` (Gymnasium's same-step autoreset).

use crate::encoding::Encoding;
use crate::planes::{PlaneLayout, PlaneValue};
use crate::starts::{start_positions, StartError};
use rayon::prelude::*;
use std::collections::VecDeque;
use std::fmt;
use xiangqi_core::{Color, Game, IllegalMoveReason, Move, MoveList, Position, Rules, Variant};

/// The most games one [`VecEnv`] holds.
pub const MAX_NUM_ENVS: usize = 1 << 22;

/// The seeded generator of a game (the workspace's one generator, `fastrand`'s wyrand), one
/// per game so results do not depend on threads.
type Rng = fastrand::Rng;

/// The generator of game `index` for a batch seeded with `seed`.
fn game_rng(seed: u64, index: usize) -> Rng {
    Rng::with_seed(seed.wrapping_mul(0x1000_0000_01b3) ^ index as u64)
}

/// The settings every game of a [`VecEnv`] shares.
#[derive(Clone, Debug)]
pub struct EnvConfig {
    /// The game: xiangqi or a janggi rule set.
    pub variant: Variant,
    /// The rules the games are judged by.
    pub rules: Rules,
    /// The action encoding (it must [fit](Encoding::fits) the variant).
    pub encoding: Encoding,
    /// The ply count at which a game that goes on is truncated (at least 1).
    pub max_plies: u32,
    /// The positions a game starts from, one drawn at random at each start (each must have a
    /// legal move).
    pub starts: Vec<Position>,
    /// Earlier positions in each observation.
    pub history: usize,
    /// Whether observations end with the repetition plane.
    pub repetitions: bool,
}

impl EnvConfig {
    /// The defaults of a `variant`: its rules and encoding, 400 plies, its start positions
    /// (janggi's sixteen setups), no history, no repetition plane.
    pub fn new(variant: Variant) -> EnvConfig {
        EnvConfig {
            variant,
            rules: variant.default_rules(),
            encoding: Encoding::of_variant(variant),
            max_plies: 400,
            starts: start_positions(variant, None, None)
                .expect("every variant has its own start positions"),
            history: 0,
            repetitions: false,
        }
    }

    /// The plane layout of the observations.
    pub fn layout(&self) -> PlaneLayout {
        PlaneLayout::of(self.variant, &self.rules)
    }

    /// Planes per observation.
    pub fn planes(&self) -> usize {
        self.layout().count(self.history) + usize::from(self.repetitions)
    }

    /// Values per observation: `planes() * 90`.
    pub fn obs_len(&self) -> usize {
        self.planes() * 90
    }
}

/// What a [`VecEnv`] refuses.
#[derive(Clone, Debug, PartialEq)]
pub enum EnvError {
    /// `num_envs` was 0.
    NoGames,
    /// More than [`MAX_NUM_ENVS`] games.
    TooManyGames(usize),
    /// The encoding lacks moves of the variant.
    EncodingMismatch {
        /// The encoding.
        encoding: Encoding,
        /// The variant.
        variant: Variant,
    },
    /// The start positions could not be made, or none were given.
    Starts(Option<StartError>),
    /// Start position `index` has no legal move.
    StartOver(usize),
    /// The games do not fit in memory.
    Memory(usize),
    /// A caller's buffer has the wrong length.
    BufferLength {
        /// The buffer's name (`"obs"`, `"masks"`, `"rewards"`, ...).
        name: &'static str,
        /// The length it must have.
        expected: usize,
        /// The length it has.
        got: usize,
    },
    /// An action is negative or not below the encoding's size.
    OutOfRange {
        /// The game.
        game: usize,
        /// The action.
        action: i64,
        /// The encoding.
        encoding: Encoding,
    },
    /// An action is not a legal move in its game.
    Illegal {
        /// The game.
        game: usize,
        /// The action.
        action: i64,
        /// The game's position, as FEN.
        fen: String,
        /// Why the action's move is illegal, when core can say.
        reason: Option<IllegalMoveReason>,
    },
}

impl fmt::Display for EnvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EnvError::NoGames => f.write_str("num_envs must be at least 1"),
            EnvError::TooManyGames(n) => {
                write!(f, "num_envs is {n}, more than the {MAX_NUM_ENVS} allowed")
            }
            EnvError::EncodingMismatch { encoding, variant } => write!(
                f,
                "the {:?} encoding is not for {variant} games: use encoding={:?}",
                encoding.name(),
                Encoding::of_variant(*variant).name()
            ),
            EnvError::Starts(Some(e)) => write!(f, "{e}"),
            EnvError::Starts(None) => f.write_str("fens must not be empty"),
            EnvError::StartOver(i) => write!(
                f,
                "start position {i} has no legal move (the game is already over)"
            ),
            EnvError::Memory(n) => write!(f, "{n} games do not fit in memory"),
            EnvError::BufferLength {
                name,
                expected,
                got,
            } => write!(f, "the {name} buffer has {got} values, not {expected}"),
            EnvError::OutOfRange {
                game,
                action,
                encoding,
            } => write!(
                f,
                "action {action} of game {game} is out of range: the {} encoding has actions \
                 0..{}",
                encoding.name(),
                encoding.size() - 1
            ),
            EnvError::Illegal {
                game,
                action,
                fen,
                reason,
            } => {
                write!(
                    f,
                    "action {action} is not a legal move in game {game} ({fen})"
                )?;
                match reason {
                    Some(r) => write!(f, ": {r}"),
                    None => Ok(()),
                }
            }
        }
    }
}

impl std::error::Error for EnvError {}

/// Where a step's (or reset's) results go, one entry (or row) per game. `O` is the
/// observations' element type, `f32` or `u8` ([`PlaneValue`]).
///
/// Observations are `num_envs * obs_len` values (game-major; see [`EnvConfig::obs_len`]),
/// masks `num_envs * action_size`; every other buffer has `num_envs` entries. `None` skips
/// that output.
#[derive(Debug)]
pub struct Buffers<'a, O> {
    /// The observations of the current positions (of the new games where one finished).
    pub obs: Option<&'a mut [O]>,
    /// The finished games' last observations, in the rows where `finished` is true (other rows
    /// keep what they held).
    pub final_obs: Option<&'a mut [O]>,
    /// The legal-action masks of the current positions.
    pub masks: Option<&'a mut [bool]>,
    /// The reward of the side that just moved: +1 when its move won, -1 when it lost, else 0.
    pub rewards: &'a mut [f32],
    /// Whether the game ended by the rules.
    pub terminated: &'a mut [bool],
    /// Whether the game reached the ply limit without ending.
    pub truncated: &'a mut [bool],
    /// `terminated || truncated`: the game was reset.
    pub finished: &'a mut [bool],
    /// How the game ended ([`xiangqi_core::Termination::code`]), 0 while it goes on.
    pub termination: &'a mut [i8],
    /// The winner of a finished game: 1 Red (Cho), -1 Black (Han), 0 a draw or none.
    pub winner: &'a mut [i8],
    /// The plies of the game (of the finished one where `finished`).
    pub lengths: &'a mut [u32],
    /// Whether Red (Cho) is to move in the current position.
    pub turn: &'a mut [bool],
}

/// Buffers owned together, made once for a [`VecEnv`] and lent to each step with
/// [`Outputs::buffers`].
#[derive(Clone, Debug, Default)]
pub struct Outputs<O> {
    /// See [`Buffers::obs`]; empty when the outputs were made without observations.
    pub obs: Vec<O>,
    /// See [`Buffers::final_obs`]; empty without observations.
    pub final_obs: Vec<O>,
    /// See [`Buffers::masks`]; empty without masks.
    pub masks: Vec<bool>,
    /// See [`Buffers::rewards`].
    pub rewards: Vec<f32>,
    /// See [`Buffers::terminated`].
    pub terminated: Vec<bool>,
    /// See [`Buffers::truncated`].
    pub truncated: Vec<bool>,
    /// See [`Buffers::finished`].
    pub finished: Vec<bool>,
    /// See [`Buffers::termination`].
    pub termination: Vec<i8>,
    /// See [`Buffers::winner`].
    pub winner: Vec<i8>,
    /// See [`Buffers::lengths`].
    pub lengths: Vec<u32>,
    /// See [`Buffers::turn`].
    pub turn: Vec<bool>,
}

impl<O: PlaneValue> Outputs<O> {
    /// Zeroed buffers for `env`, with or without observations and masks.
    pub fn new(env: &VecEnv, observations: bool, masks: bool) -> Outputs<O> {
        let n = env.num_envs();
        let obs = if observations {
            n * env.config().obs_len()
        } else {
            0
        };
        Outputs {
            obs: vec![O::default(); obs],
            final_obs: vec![O::default(); obs],
            masks: vec![false; if masks { n * env.action_size() } else { 0 }],
            rewards: vec![0.0; n],
            terminated: vec![false; n],
            truncated: vec![false; n],
            finished: vec![false; n],
            termination: vec![0; n],
            winner: vec![0; n],
            lengths: vec![0; n],
            turn: vec![false; n],
        }
    }

    /// The buffers, borrowed for one step.
    pub fn buffers(&mut self) -> Buffers<'_, O> {
        Buffers {
            obs: if self.obs.is_empty() {
                None
            } else {
                Some(&mut self.obs)
            },
            final_obs: if self.final_obs.is_empty() {
                None
            } else {
                Some(&mut self.final_obs)
            },
            masks: if self.masks.is_empty() {
                None
            } else {
                Some(&mut self.masks)
            },
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
            finished: &mut self.finished,
            termination: &mut self.termination,
            winner: &mut self.winner,
            lengths: &mut self.lengths,
            turn: &mut self.turn,
        }
    }
}

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
// `[i * width, (i + 1) * width)`, so no two threads write the same element; the slices it
// points into are borrowed mutably for the whole call.
unsafe impl<T: Send> Send for Rows<T> {}
// SAFETY: as above; shared use never yields overlapping `&mut` rows.
unsafe impl<T: Send> Sync for Rows<T> {}

impl<T> Rows<T> {
    /// The rows of `slice`, `width` values each, after checking that it holds `n` rows.
    fn of(
        slice: &mut [T],
        n: usize,
        width: usize,
        name: &'static str,
    ) -> Result<Rows<T>, EnvError> {
        if slice.len() != n * width {
            return Err(EnvError::BufferLength {
                name,
                expected: n * width,
                got: slice.len(),
            });
        }
        Ok(Rows(slice.as_mut_ptr(), width))
    }

    /// # Safety
    /// `i` must be below the number of rows, and no other live reference may cover row `i`.
    #[allow(clippy::mut_from_ref)]
    unsafe fn row(&self, i: usize) -> &mut [T] {
        // SAFETY: the caller guarantees `i` is in range and row `i` is not borrowed elsewhere.
        unsafe { std::slice::from_raw_parts_mut(self.0.add(i * self.1), self.1) }
    }

    /// # Safety
    /// As [`Rows::row`]; the rows are one value wide.
    unsafe fn set(&self, i: usize, value: T) {
        // SAFETY: as `row`.
        unsafe { *self.0.add(i) = value };
    }
}

/// The rows of a step's outputs, checked against the batch's sizes.
struct Out<O> {
    obs: Option<Rows<O>>,
    final_obs: Option<Rows<O>>,
    masks: Option<Rows<bool>>,
    rewards: Rows<f32>,
    terminated: Rows<bool>,
    truncated: Rows<bool>,
    finished: Rows<bool>,
    termination: Rows<i8>,
    winner: Rows<i8>,
    lengths: Rows<u32>,
    turn: Rows<bool>,
}

impl<O> Out<O> {
    fn of(
        b: &mut Buffers<'_, O>,
        n: usize,
        obs_len: usize,
        actions: usize,
    ) -> Result<Out<O>, EnvError> {
        let opt = |s: &mut Option<&mut [O]>, name| match s {
            Some(s) => Rows::of(s, n, obs_len, name).map(Some),
            None => Ok(None),
        };
        Ok(Out {
            obs: opt(&mut b.obs, "obs")?,
            final_obs: opt(&mut b.final_obs, "final_obs")?,
            masks: match &mut b.masks {
                Some(s) => Some(Rows::of(s, n, actions, "masks")?),
                None => None,
            },
            rewards: Rows::of(&mut *b.rewards, n, 1, "rewards")?,
            terminated: Rows::of(&mut *b.terminated, n, 1, "terminated")?,
            truncated: Rows::of(&mut *b.truncated, n, 1, "truncated")?,
            finished: Rows::of(&mut *b.finished, n, 1, "finished")?,
            termination: Rows::of(&mut *b.termination, n, 1, "termination")?,
            winner: Rows::of(&mut *b.winner, n, 1, "winner")?,
            lengths: Rows::of(&mut *b.lengths, n, 1, "lengths")?,
            turn: Rows::of(&mut *b.turn, n, 1, "turn")?,
        })
    }
}

/// The settings in the form the stepping loop reads them.
struct Shared {
    cfg: EnvConfig,
    layout: PlaneLayout,
}

/// Writes the observation of `slot`'s current position into `row`.
fn write_observation<O: PlaneValue>(slot: &Slot, sh: &Shared, row: &mut [O]) {
    let pos = slot.pos();
    let mirror = pos.turn() == Color::Black;
    let repeated = sh
        .cfg
        .repetitions
        .then(|| slot.game.repetition_count().saturating_sub(1));
    sh.layout.write(
        pos,
        &slot.earlier,
        sh.cfg.history,
        pos.turn(),
        mirror,
        repeated,
        row,
    );
}

fn observe<O: PlaneValue>(slot: &Slot, sh: &Shared, i: usize, out: &Out<O>) {
    let pos = slot.pos();
    let mirror = pos.turn() == Color::Black;
    if let Some(obs) = &out.obs {
        // SAFETY: game `i` is handled by exactly one task (see `Rows`).
        write_observation(slot, sh, unsafe { obs.row(i) });
    }
    if let Some(masks) = &out.masks {
        // SAFETY: as above.
        let row = unsafe { masks.row(i) };
        row.fill(false);
        sh.cfg.encoding.mark(&slot.legal, mirror, row);
    }
    // SAFETY: as above.
    unsafe { out.turn.set(i, pos.turn() == Color::Red) };
}

/// Plays `m` in game `i` and writes its results; resets the game when it ends.
fn step_one<O: PlaneValue>(slot: &mut Slot, m: Move, sh: &Shared, i: usize, out: &Out<O>) {
    let cfg = &sh.cfg;
    let mover = slot.pos().turn();
    if cfg.history > 0 {
        if slot.earlier.len() == cfg.history {
            slot.earlier.pop_back();
        }
        slot.earlier.push_front(slot.pos().clone());
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
    let finished = outcome.is_some() || truncated;
    // SAFETY: game `i` is handled by exactly one task (see `Rows`).
    unsafe {
        out.rewards.set(i, reward);
        out.terminated.set(i, outcome.is_some());
        out.truncated.set(i, truncated);
        out.termination
            .set(i, outcome.map_or(0, |o| o.termination.code() as i8));
        out.winner.set(i, winner);
        out.lengths.set(i, plies);
        out.finished.set(i, finished);
    }
    if finished {
        if let Some(final_obs) = &out.final_obs {
            // SAFETY: as above.
            write_observation(slot, sh, unsafe { final_obs.row(i) });
        }
        slot.reset(&cfg.starts, cfg.rules);
    }
    observe(slot, sh, i, out);
}

fn reset_one<O: PlaneValue>(slot: &mut Slot, sh: &Shared, i: usize, out: &Out<O>) {
    slot.reset(&sh.cfg.starts, sh.cfg.rules);
    // SAFETY: game `i` is handled by exactly one task (see `Rows`).
    unsafe {
        out.rewards.set(i, 0.0);
        out.terminated.set(i, false);
        out.truncated.set(i, false);
        out.termination.set(i, 0);
        out.winner.set(i, 0);
        out.lengths.set(i, 0);
        out.finished.set(i, false);
    }
    observe(slot, sh, i, out);
}

/// A batch of xiangqi or janggi games stepped together.
///
/// Actions are indices in the configuration's encoding from the side to move's perspective
/// (Black's moves mirrored, see [`crate::encoding`]); observations are the planes of
/// [`PlaneLayout::write`] from the side to move's perspective. The work runs on rayon's current
/// thread pool (wrap calls in `ThreadPool::install` for another).
pub struct VecEnv {
    slots: Vec<Slot>,
    shared: Shared,
    /// The moves of the step being played, one per game (kept to spare an allocation a step).
    moves: Vec<Move>,
}

impl VecEnv {
    /// `num_envs` games under `cfg`, each with its own generator seeded from `seed` and its
    /// index. The games stand at a start position; call [`VecEnv::reset`] to draw one for each
    /// and write the first observations.
    pub fn new(num_envs: usize, mut cfg: EnvConfig, seed: u64) -> Result<VecEnv, EnvError> {
        if num_envs == 0 {
            return Err(EnvError::NoGames);
        }
        if num_envs > MAX_NUM_ENVS {
            return Err(EnvError::TooManyGames(num_envs));
        }
        if !cfg.encoding.fits(cfg.variant) {
            return Err(EnvError::EncodingMismatch {
                encoding: cfg.encoding,
                variant: cfg.variant,
            });
        }
        if cfg.starts.is_empty() {
            return Err(EnvError::Starts(None));
        }
        if let Some(over) = cfg.starts.iter().position(|p| !p.has_legal_moves()) {
            return Err(EnvError::StartOver(over));
        }
        cfg.max_plies = cfg.max_plies.max(1);
        let mut slots: Vec<Slot> = Vec::new();
        slots
            .try_reserve_exact(num_envs)
            .map_err(|_| EnvError::Memory(num_envs))?;
        slots.extend((0..num_envs).map(|i| Slot {
            game: Game::new(cfg.starts[0].clone(), cfg.rules),
            legal: MoveList::new(),
            rng: game_rng(seed, i),
            earlier: VecDeque::with_capacity(cfg.history),
        }));
        for slot in &mut slots {
            slot.game.legal_moves_into(&mut slot.legal);
        }
        let mut moves = Vec::new();
        moves
            .try_reserve_exact(num_envs)
            .map_err(|_| EnvError::Memory(num_envs))?;
        moves.resize(num_envs, Move::NULL);
        Ok(VecEnv {
            slots,
            shared: Shared {
                layout: cfg.layout(),
                cfg,
            },
            moves,
        })
    }

    /// How many games.
    pub fn num_envs(&self) -> usize {
        self.slots.len()
    }

    /// The settings.
    pub fn config(&self) -> &EnvConfig {
        &self.shared.cfg
    }

    /// How many actions the encoding has (a mask row's length).
    pub fn action_size(&self) -> usize {
        self.shared.cfg.encoding.size()
    }

    /// Game `index`, or `None` out of range.
    pub fn game(&self, index: usize) -> Option<&Game> {
        self.slots.get(index).map(|s| &s.game)
    }

    /// Every game, in order (the roots of a batched search, say).
    pub fn games(&self) -> impl ExactSizeIterator<Item = &Game> {
        self.slots.iter().map(|s| &s.game)
    }

    /// The legal moves of game `index`, or `None` out of range.
    pub fn legal_moves(&self, index: usize) -> Option<&[Move]> {
        self.slots.get(index).map(|s| &s.legal[..])
    }

    /// Reseeds each game's generator (as [`VecEnv::new`] seeds it); the games go on.
    pub fn reseed(&mut self, seed: u64) {
        for (i, slot) in self.slots.iter_mut().enumerate() {
            slot.rng = game_rng(seed, i);
        }
    }

    /// Starts every game again and writes the first observations and masks (rewards, flags,
    /// terminations, winners and lengths zero).
    pub fn reset<O: PlaneValue>(&mut self, out: &mut Buffers<'_, O>) -> Result<(), EnvError> {
        let out = self.outputs(out)?;
        let sh = &self.shared;
        self.slots
            .par_iter_mut()
            .with_min_len(64)
            .enumerate()
            .for_each(|(i, slot)| reset_one(slot, sh, i, &out));
        Ok(())
    }

    /// Plays one action per game (`actions[i]` for game `i`) and writes the results. An action
    /// out of the encoding's range or not legal in its game is refused before any game moves
    /// (the error names the first such game).
    pub fn step<O: PlaneValue>(
        &mut self,
        actions: &[i64],
        out: &mut Buffers<'_, O>,
    ) -> Result<(), EnvError> {
        if actions.len() != self.slots.len() {
            return Err(EnvError::BufferLength {
                name: "actions",
                expected: self.slots.len(),
                got: actions.len(),
            });
        }
        let out = self.outputs(out)?;
        let enc = self.shared.cfg.encoding;
        let decode = |slot: &Slot, a: i64| {
            let mirror = slot.pos().turn() == Color::Black;
            usize::try_from(a)
                .ok()
                .and_then(|a| enc.decode(a, slot.pos(), mirror))
                // The game's legal moves are listed already (the mask's list).
                .filter(|m| slot.legal.contains(m))
        };
        let all_legal = self
            .slots
            .par_iter()
            .with_min_len(128)
            .zip(actions.par_iter())
            .zip(self.moves.par_iter_mut())
            .all(|((slot, &a), m)| match decode(slot, a) {
                Some(legal) => {
                    *m = legal;
                    true
                }
                None => false,
            });
        if !all_legal {
            let (i, &a) = actions
                .iter()
                .enumerate()
                .find(|&(i, &a)| decode(&self.slots[i], a).is_none())
                .expect("some action was refused");
            return Err(self.action_error(i, a));
        }
        let sh = &self.shared;
        let moves = &self.moves;
        self.slots
            .par_iter_mut()
            .with_min_len(64)
            .enumerate()
            .for_each(|(i, slot)| step_one(slot, moves[i], sh, i, &out));
        Ok(())
    }

    /// Writes a uniformly random legal action for each game into `actions` (each game draws
    /// with its own seeded generator).
    pub fn random_actions(&mut self, actions: &mut [i64]) -> Result<(), EnvError> {
        if actions.len() != self.slots.len() {
            return Err(EnvError::BufferLength {
                name: "actions",
                expected: self.slots.len(),
                got: actions.len(),
            });
        }
        let enc = self.shared.cfg.encoding;
        self.slots
            .par_iter_mut()
            .with_min_len(128)
            .zip(actions.par_iter_mut())
            .for_each(|(slot, a)| {
                let mirror = slot.pos().turn() == Color::Black;
                *a = match slot.legal.len() {
                    0 => -1,
                    n => {
                        let m = slot.legal[slot.rng.usize(..n)];
                        enc.index(m, mirror).map_or(-1, |i| i as i64)
                    }
                };
            });
        Ok(())
    }

    /// The error for action `a` of game `i`, refused.
    fn action_error(&self, i: usize, a: i64) -> EnvError {
        let enc = self.shared.cfg.encoding;
        if a < 0 || a as u64 >= enc.size() as u64 {
            return EnvError::OutOfRange {
                game: i,
                action: a,
                encoding: enc,
            };
        }
        let pos = self.slots[i].pos();
        let mirror = pos.turn() == Color::Black;
        let reason = enc
            .decode(a as usize, pos, mirror)
            .and_then(|m| pos.illegal_reason(m));
        EnvError::Illegal {
            game: i,
            action: a,
            fen: pos.fen(),
            reason,
        }
    }

    fn outputs<O>(&self, b: &mut Buffers<'_, O>) -> Result<Out<O>, EnvError> {
        Out::of(
            b,
            self.slots.len(),
            self.shared.cfg.obs_len(),
            self.action_size(),
        )
    }
}
