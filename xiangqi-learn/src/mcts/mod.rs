//! Batched Monte-Carlo tree search for AlphaZero- and Gumbel-MuZero-style training: many trees
//! searched together, their leaves evaluated by the caller's network once per round, one batch
//! for all trees.
//!
//! [`Mcts`] holds one tree per game. [`Mcts::search`] runs the simulations: each round every
//! tree descends to one leaf, the leaves' observations and legal-action masks are written into
//! one batch, the caller's `evaluate` fills policy logits and values for it, and every tree
//! expands its leaf and backs the value up. Game ends are judged by core's [`Game`] under the
//! game's rules (checkmate, stalemate, perpetual check and chase, janggi's counting), exactly as
//! [`VecEnv`](crate::VecEnv) judges them.
//!
//! Two algorithms:
//!
//! - [`Algorithm::Puct`], AlphaZero's: PUCT selection (`c = c_init + ln((N + c_base + 1) /
//!   c_base)`), Dirichlet noise on the root's priors, the move drawn from the visit counts with a
//!   temperature, and the visit distribution as the policy target.
//! - [`Algorithm::Gumbel`], Gumbel MuZero's (Danihelka et al., 2022, as DeepMind's mctx
//!   implements it): Gumbel noise and sequential halving over the `max_considered` best root
//!   actions, the deterministic interior selection by the improved policy, and that policy,
//!   `softmax(logits + sigma(completed Q))`, as the policy target.
//!
//! Observations, masks and actions follow [`VecEnv`](crate::VecEnv): the planes of
//! [`PlaneLayout::write`](crate::PlaneLayout::write) and the actions of the [`Encoding`], both
//! from the side to move's perspective. Values are from the side to move's perspective, in
//! [-1, 1] (a win for the player to move is 1). With `symmetries` each leaf is shown to the
//! network mirrored left to right half of the time (both games' rules are symmetric that way),
//! its logits mapped back; the trees never see the difference.
//!
//! A search starting from a position the tree already holds (the game went on by moves the tree
//! explored, or stands where it stood) keeps that subtree when `reuse` is set.
//!
//! Each tree has its own generator seeded from the search's seed and its index, so results do
//! not depend on the number of threads. The trees run on rayon's current thread pool.

mod noise;
mod tree;

use crate::encoding::Encoding;
use crate::planes::PlaneValue;
use crate::vecenv::EnvConfig;
use rayon::prelude::*;
use std::fmt;
use tree::Tree;
use xiangqi_core::Game;

/// How a search picks its moves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Algorithm {
    /// AlphaZero's PUCT.
    Puct {
        /// The exploration constant's base value (AlphaZero: 1.25).
        c_init: f32,
        /// The visit count over which exploration grows by one (AlphaZero: 19652).
        c_base: f32,
        /// How much below its parent's value an unvisited move is valued (0: the parent's
        /// value).
        fpu_reduction: f32,
        /// Dirichlet noise's concentration at the root (AlphaZero: 0.3 for chess); 0 for none.
        dirichlet_alpha: f32,
        /// The share of the root's priors replaced by the noise (AlphaZero: 0.25); 0 for none.
        dirichlet_fraction: f32,
        /// The move's temperature: 0 plays the most visited move, 1 draws one in proportion to
        /// the visits, `t` in proportion to visits^(1/t).
        temperature: f32,
    },
    /// Gumbel MuZero.
    Gumbel {
        /// How many root actions sequential halving starts from (mctx: 16).
        max_considered: u32,
        /// `c_visit` of the sigma transform of Q (mctx: 50).
        c_visit: f32,
        /// `c_scale` of the sigma transform of Q (mctx: 0.1, with Q rescaled to [0, 1]).
        c_scale: f32,
        /// The scale of the root's Gumbel noise: 1 for training, 0 to play the best action.
        gumbel_scale: f32,
    },
}

impl Algorithm {
    /// AlphaZero's settings: c 1.25 and 19652, no first-play reduction, Dirichlet(0.3) noise
    /// on a quarter of the root's priors, temperature 1.
    pub const fn puct() -> Algorithm {
        Algorithm::Puct {
            c_init: 1.25,
            c_base: 19652.0,
            fpu_reduction: 0.0,
            dirichlet_alpha: 0.3,
            dirichlet_fraction: 0.25,
            temperature: 1.0,
        }
    }

    /// mctx's settings: 16 considered actions, c_visit 50, c_scale 0.1, Gumbel scale 1.
    pub const fn gumbel() -> Algorithm {
        Algorithm::Gumbel {
            max_considered: 16,
            c_visit: 50.0,
            c_scale: 0.1,
            gumbel_scale: 1.0,
        }
    }

    /// Parses `"puct"` or `"gumbel"` into its default settings.
    pub fn parse(name: &str) -> Option<Algorithm> {
        match name {
            "puct" => Some(Algorithm::puct()),
            "gumbel" => Some(Algorithm::gumbel()),
            _ => None,
        }
    }

    /// The name, `"puct"` or `"gumbel"`.
    pub fn name(&self) -> &'static str {
        match self {
            Algorithm::Puct { .. } => "puct",
            Algorithm::Gumbel { .. } => "gumbel",
        }
    }
}

/// A search's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// The algorithm and its constants.
    pub algorithm: Algorithm,
    /// Simulations per tree and search (each adds one leaf or revisits a game end).
    pub simulations: u32,
    /// Show each leaf mirrored left to right half of the time.
    pub symmetries: bool,
    /// Keep the subtree of the position a search starts from.
    pub reuse: bool,
}

impl MctsConfig {
    /// `simulations` simulations of `algorithm`, no symmetries, subtrees reused.
    pub fn new(algorithm: Algorithm, simulations: u32) -> MctsConfig {
        MctsConfig {
            algorithm,
            simulations,
            symmetries: false,
            reuse: true,
        }
    }
}

/// The most trees one [`Mcts`] holds.
pub const MAX_TREES: usize = 1 << 20;

/// The most simulations one search runs.
pub const MAX_SIMULATIONS: u32 = 1 << 20;

/// What a search refuses, or its evaluator's error `E`.
#[derive(Clone, Debug, PartialEq)]
pub enum MctsError<E = std::convert::Infallible> {
    /// No trees, or more than [`MAX_TREES`].
    TreeCount(usize),
    /// More than [`MAX_SIMULATIONS`] simulations.
    Simulations(u32),
    /// A constant of the algorithm is out of its range (its name): every constant is finite
    /// and not negative, `c_base` above 0, `dirichlet_fraction` at most 1, `max_considered`
    /// at least 1.
    Setting(&'static str),
    /// The encoding lacks moves of the configuration's variant.
    EncodingMismatch,
    /// `roots` does not hold one game per tree.
    RootCount {
        /// The trees.
        expected: usize,
        /// The games given.
        got: usize,
    },
    /// Root `game` is of another variant than the configuration's.
    Variant {
        /// The game's index.
        game: usize,
    },
    /// The evaluator wrote a logit of a legal action, or a value, that is not a finite number.
    NotFinite {
        /// The batch row (the tree).
        row: usize,
        /// `"logit"` or `"value"`.
        what: &'static str,
    },
    /// The trees do not fit in memory: the node count of a tree that cannot grow, or the number
    /// of trees whose buffers cannot be allocated.
    Memory(usize),
    /// The evaluator failed.
    Evaluate(E),
}

impl<E: fmt::Display> fmt::Display for MctsError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MctsError::TreeCount(n) => {
                write!(f, "{n} trees: a search needs 1 to {MAX_TREES}")
            }
            MctsError::Simulations(n) => {
                write!(f, "{n} simulations: at most {MAX_SIMULATIONS}")
            }
            MctsError::Setting(name) => write!(f, "{name} is out of its range"),
            MctsError::EncodingMismatch => {
                write!(f, "the encoding lacks moves of the variant")
            }
            MctsError::RootCount { expected, got } => {
                write!(f, "expected {expected} games (one per tree), got {got}")
            }
            MctsError::Variant { game } => {
                write!(f, "game {game} is of another variant than the search's")
            }
            MctsError::NotFinite { row, what } => {
                write!(
                    f,
                    "the network's {what} in row {row} is not a finite number"
                )
            }
            MctsError::Memory(n) => write!(f, "{n} nodes or trees do not fit in memory"),
            MctsError::Evaluate(e) => write!(f, "the evaluator failed: {e}"),
        }
    }
}

impl<E: fmt::Debug + fmt::Display> std::error::Error for MctsError<E> {}

impl MctsError {
    /// The same error for an evaluator with the error type `E` (a setting error raised before
    /// any evaluation).
    pub fn widen<E>(self) -> MctsError<E> {
        match self {
            MctsError::TreeCount(n) => MctsError::TreeCount(n),
            MctsError::Simulations(n) => MctsError::Simulations(n),
            MctsError::Setting(s) => MctsError::Setting(s),
            MctsError::EncodingMismatch => MctsError::EncodingMismatch,
            MctsError::RootCount { expected, got } => MctsError::RootCount { expected, got },
            MctsError::Variant { game } => MctsError::Variant { game },
            MctsError::NotFinite { row, what } => MctsError::NotFinite { row, what },
            MctsError::Memory(n) => MctsError::Memory(n),
            MctsError::Evaluate(e) => match e {},
        }
    }
}

/// One round's batch, a row per tree: the caller's network reads `obs` (`obs_len` values a row)
/// and `masks` (`action_size` a row) and writes `logits` (`action_size` a row) and `values`
/// (one a row, from the side to move's perspective). Rows whose mask is all false have no leaf
/// this round (their tree reached a game end); what is written there is ignored. Only the
/// logits of legal actions are read; the others may hold anything.
pub struct Batch<'a, O> {
    /// The observations, `rows * obs_len` values.
    pub obs: &'a [O],
    /// The legal-action masks, `rows * action_size`.
    pub masks: &'a [bool],
    /// The policy logits to write, `rows * action_size`.
    pub logits: &'a mut [f32],
    /// The values to write, `rows`.
    pub values: &'a mut [f32],
    /// How many rows: the number of trees.
    pub rows: usize,
}

/// The settings the trees read during a search.
pub(crate) struct Shared {
    pub env: EnvConfig,
    pub cfg: MctsConfig,
    pub obs_len: usize,
    pub actions: usize,
}

/// Many search trees, one per game, searched together. See the [module](self) documentation.
pub struct Mcts<O> {
    trees: Vec<Tree>,
    shared: Shared,
    /// The round's batch.
    batch_obs: Vec<O>,
    batch_masks: Vec<bool>,
    batch_logits: Vec<f32>,
    batch_values: Vec<f32>,
    /// This search's results: the action, policy row, root value and visit row of each tree.
    out_actions: Vec<i64>,
    out_policy: Vec<f32>,
    out_values: Vec<f32>,
    out_visits: Vec<u32>,
    seed: u64,
    searches: u64,
}

/// An empty vector with room for `len` values, or [`MctsError::Memory`] (naming the `trees`)
/// when they do not fit.
fn reserved<T>(len: usize, trees: usize) -> Result<Vec<T>, MctsError> {
    let mut v = Vec::new();
    v.try_reserve_exact(len)
        .map_err(|_| MctsError::Memory(trees))?;
    Ok(v)
}

/// Checks that a constant is finite and not negative.
fn setting(value: f32, name: &'static str) -> Result<(), MctsError> {
    if value.is_finite() && value >= 0.0 {
        Ok(())
    } else {
        Err(MctsError::Setting(name))
    }
}

/// Checks a configuration.
fn validate(env: &EnvConfig, cfg: &MctsConfig) -> Result<(), MctsError> {
    if cfg.simulations > MAX_SIMULATIONS {
        return Err(MctsError::Simulations(cfg.simulations));
    }
    if !env.encoding.fits(env.variant) {
        return Err(MctsError::EncodingMismatch);
    }
    match cfg.algorithm {
        Algorithm::Puct {
            c_init,
            c_base,
            fpu_reduction,
            dirichlet_alpha,
            dirichlet_fraction,
            temperature,
        } => {
            setting(c_init, "c_init")?;
            setting(c_base, "c_base")?;
            if c_base == 0.0 {
                return Err(MctsError::Setting("c_base"));
            }
            setting(fpu_reduction, "fpu_reduction")?;
            setting(dirichlet_alpha, "dirichlet_alpha")?;
            setting(dirichlet_fraction, "dirichlet_fraction")?;
            if dirichlet_fraction > 1.0 {
                return Err(MctsError::Setting("dirichlet_fraction"));
            }
            setting(temperature, "temperature")?;
        }
        Algorithm::Gumbel {
            max_considered,
            c_visit,
            c_scale,
            gumbel_scale,
        } => {
            if max_considered == 0 {
                return Err(MctsError::Setting("max_considered"));
            }
            setting(c_visit, "c_visit")?;
            setting(c_scale, "c_scale")?;
            setting(gumbel_scale, "gumbel_scale")?;
        }
    }
    Ok(())
}

impl<O: PlaneValue + Sync> Mcts<O> {
    /// `trees` trees for games under `env` (its encoding, planes, history, repetition plane and
    /// ply limit; a leaf at the ply limit counts as a draw), searched as `cfg` says, seeded from
    /// `seed`.
    pub fn new(
        trees: usize,
        env: EnvConfig,
        cfg: MctsConfig,
        seed: u64,
    ) -> Result<Mcts<O>, MctsError> {
        if trees == 0 || trees > MAX_TREES {
            return Err(MctsError::TreeCount(trees));
        }
        validate(&env, &cfg)?;
        let obs_len = env.obs_len();
        let actions = env.encoding.size();
        let rows = |width: usize| trees.checked_mul(width).ok_or(MctsError::Memory(trees));
        // Every buffer is reserved before any is written, so a batch too large for memory is
        // refused before it occupies any.
        let mut tree_list = reserved(trees, trees)?;
        let mut batch_obs = reserved(rows(obs_len)?, trees)?;
        let mut batch_masks = reserved(rows(actions)?, trees)?;
        let mut batch_logits = reserved(rows(actions)?, trees)?;
        let mut out_policy = reserved(rows(actions)?, trees)?;
        let mut out_visits = reserved(rows(actions)?, trees)?;
        tree_list.extend((0..trees).map(|_| Tree::new(&env)));
        batch_obs.resize(trees * obs_len, O::default());
        batch_masks.resize(trees * actions, false);
        batch_logits.resize(trees * actions, 0.0);
        out_policy.resize(trees * actions, 0.0);
        out_visits.resize(trees * actions, 0);
        Ok(Mcts {
            trees: tree_list,
            batch_obs,
            batch_masks,
            batch_logits,
            batch_values: vec![0.0; trees],
            out_actions: vec![-1; trees],
            out_policy,
            out_values: vec![0.0; trees],
            out_visits,
            shared: Shared {
                env,
                cfg,
                obs_len,
                actions,
            },
            seed,
            searches: 0,
        })
    }

    /// How many trees.
    pub fn trees(&self) -> usize {
        self.trees.len()
    }

    /// Actions per policy row.
    pub fn action_size(&self) -> usize {
        self.shared.actions
    }

    /// Values per observation row.
    pub fn obs_len(&self) -> usize {
        self.shared.obs_len
    }

    /// The environment settings.
    pub fn env_config(&self) -> &EnvConfig {
        &self.shared.env
    }

    /// The search settings.
    pub fn config(&self) -> &MctsConfig {
        &self.shared.cfg
    }

    /// Changes the search settings for the next searches (the trees are kept).
    pub fn set_config(&mut self, cfg: MctsConfig) -> Result<(), MctsError> {
        validate(&self.shared.env, &cfg)?;
        self.shared.cfg = cfg;
        Ok(())
    }

    /// Drops every tree (the next search starts afresh).
    pub fn clear(&mut self) {
        for t in &mut self.trees {
            t.clear();
        }
    }

    /// Searches from `roots` (one game per tree) and writes the results that
    /// [`Mcts::actions`], [`Mcts::policy`], [`Mcts::values`] and [`Mcts::visits`] return.
    /// `evaluate` is called once for the roots that need an evaluation, then once per
    /// simulation round that reached a new leaf (at most `simulations + 1` calls).
    ///
    /// After an error the trees are dropped (the next search starts afresh).
    pub fn search<E: Send>(
        &mut self,
        roots: &[&Game],
        evaluate: impl FnMut(Batch<'_, O>) -> Result<(), E>,
    ) -> Result<(), MctsError<E>> {
        let result = self.search_trees(roots, evaluate);
        if result.is_err() {
            self.clear();
        }
        result
    }

    fn search_trees<E: Send>(
        &mut self,
        roots: &[&Game],
        mut evaluate: impl FnMut(Batch<'_, O>) -> Result<(), E>,
    ) -> Result<(), MctsError<E>> {
        if roots.len() != self.trees.len() {
            return Err(MctsError::RootCount {
                expected: self.trees.len(),
                got: roots.len(),
            });
        }
        if let Some(game) = roots
            .iter()
            .position(|g| g.position().variant().is_janggi() != self.shared.env.variant.is_janggi())
        {
            return Err(MctsError::Variant { game });
        }
        let search = self.searches;
        self.searches += 1;
        let (seed, sh) = (self.seed, &self.shared);
        self.trees
            .par_iter_mut()
            .zip(roots.par_iter())
            .enumerate()
            .for_each(|(i, (tree, root))| tree.start(root, sh, seed, search, i));
        // The roots' own evaluation, then one round per simulation.
        self.round(true, &mut evaluate)?;
        let sh = &self.shared;
        self.trees.par_iter_mut().for_each(|t| t.begin(sh));
        for _ in 0..self.shared.cfg.simulations {
            self.round(false, &mut evaluate)?;
        }
        let (a, sh) = (self.shared.actions, &self.shared);
        self.trees
            .par_iter_mut()
            .zip(self.out_actions.par_iter_mut())
            .zip(self.out_policy.par_chunks_mut(a))
            .zip(self.out_values.par_iter_mut())
            .zip(self.out_visits.par_chunks_mut(a))
            .for_each(|((((t, action), policy), value), visits)| {
                t.finish(sh, action, policy, value, visits)
            });
        Ok(())
    }

    /// One round: every tree descends to a leaf (with `roots_only`, only fresh roots are
    /// evaluated); the new leaves are evaluated and expanded.
    fn round<E: Send>(
        &mut self,
        roots_only: bool,
        evaluate: &mut impl FnMut(Batch<'_, O>) -> Result<(), E>,
    ) -> Result<(), MctsError<E>> {
        let sh = &self.shared;
        let pending = self
            .trees
            .par_iter_mut()
            .zip(self.batch_obs.par_chunks_mut(sh.obs_len.max(1)))
            .zip(self.batch_masks.par_chunks_mut(sh.actions))
            .map(|((t, obs), mask)| t.select(sh, roots_only, obs, mask))
            .try_fold(|| 0usize, |n, r| r.map(|needs| n + usize::from(needs)))
            .try_reduce(|| 0, |a, b| Ok(a + b))
            .map_err(|n| MctsError::Memory(n))?;
        if pending == 0 {
            return Ok(());
        }
        self.batch_logits.fill(f32::NAN);
        self.batch_values.fill(f32::NAN);
        evaluate(Batch {
            obs: &self.batch_obs,
            masks: &self.batch_masks,
            logits: &mut self.batch_logits,
            values: &mut self.batch_values,
            rows: self.trees.len(),
        })
        .map_err(MctsError::Evaluate)?;
        let sh = &self.shared;
        self.trees
            .par_iter_mut()
            .zip(self.batch_logits.par_chunks(sh.actions))
            .zip(self.batch_values.par_iter())
            .enumerate()
            .try_for_each(|(row, ((t, logits), &value))| t.absorb(sh, row, logits, value))
    }

    /// The action each tree chose in the last search (-1 for a game already over).
    pub fn actions(&self) -> &[i64] {
        &self.out_actions
    }

    /// The policy targets of the last search, a row of `action_size` per tree: the visit
    /// distribution (PUCT) or the improved policy (Gumbel); zero for a game already over.
    pub fn policy(&self) -> &[f32] {
        &self.out_policy
    }

    /// Each root's value after the last search (its mean over the simulations; the result for
    /// a game already over), from the side to move's perspective.
    pub fn values(&self) -> &[f32] {
        &self.out_values
    }

    /// The visit counts of the root's actions after the last search, a row per tree (reused
    /// visits included).
    pub fn visits(&self) -> &[u32] {
        &self.out_visits
    }

    /// How many nodes tree `index` holds (`None` out of range).
    pub fn tree_size(&self, index: usize) -> Option<usize> {
        self.trees.get(index).map(|t| t.len())
    }
}

/// The file-mirror of every action of `encoding`: `mirror[a]` is the action of the move `a`
/// mirrored left to right (a0 <-> i0; the pass stays the pass). Training data can be doubled
/// with it: a position's planes mirrored by file go with `policy[mirror]`.
pub fn file_mirror(encoding: Encoding) -> Vec<u32> {
    use xiangqi_core::Square;
    (0..encoding.size())
        .map(|a| match encoding.action_move(a, false) {
            Some(m) if m.is_null() => a as u32,
            Some(m) => encoding
                .index(m.flip_file(), false)
                .expect("the encodings are symmetric left to right") as u32,
            // 8100's pairs of a point with itself, which are no move.
            None => (Square::ALL[a / 90].flip_file().index() * 91) as u32,
        })
        .collect()
}
