//! The engine object the front ends and bindings use: options, a persistent transposition
//! table and move-ordering memory, a stop handle, and `search`.
//!
//! ```
//! use xiangqi_search::{Engine, EngineOptions, Limits};
//! use xiangqi_core::Position;
//!
//! let mut engine = Engine::new(EngineOptions { hash_mb: 4, ..EngineOptions::default() });
//! let limits = Limits { depth: Some(4), ..Limits::default() };
//! let result = engine.search(&Position::startpos(), &[], &limits, &mut |_| {}).unwrap();
//! assert!(Position::startpos().is_legal(result.best_move.unwrap()));
//! ```

use crate::eval::Evaluation;
use crate::levels::{self, Level, Rng};
use crate::params::{self, ParamError, SearchParams};
use crate::rules::Rules;
use crate::score::{Score, Value, INFINITE, MAX_PLY};
use crate::search::history::Histories;
use crate::search::limits::{Limits, ScoreBound, SearchInfo, SearchResult};
use crate::search::time::TimeManager;
use crate::search::tt::{Bound, TranspositionTable};
use crate::search::worker::{reductions, Frame, NodeCounter, Reductions, RootMove, Shared, Worker};
use crate::Instant;
use core::fmt;
use core::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use xiangqi_core::{Game, Move, Position};
use xiangqi_nnue::{NetError, NetGame, Network};

pub use crate::option_bounds::MAX_HASH_MB;
use crate::option_bounds::{check_range, max_hash_mb, EngineError};
/// Most search threads accepted.
pub const MAX_THREADS: usize = 256;
/// Most principal variations accepted.
pub const MAX_MULTIPV: usize = 128;

/// Engine settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// Search threads (Lazy SMP), at least 1.
    pub threads: usize,
    /// Transposition table size in MiB.
    pub hash_mb: usize,
    /// Playing level.
    pub level: Level,
    /// Game-end preset applied inside the search (default: the library's default, `axf`).
    pub rules: Rules,
    /// Principal variations to report (the level may search more internally).
    pub multipv: usize,
    /// Seed of the levels' random move choice; `None` seeds from the clock, so that games
    /// against a weak level vary. Master never uses randomness.
    pub seed: Option<u64>,
    /// The static evaluation the search uses.
    pub evaluation: Evaluation,
    /// Milliseconds kept per move for communication (UCI `Move Overhead`): taken off the clock
    /// (at most a quarter of it) before it is shared out; a fixed move time is spent whole.
    pub move_overhead_ms: u64,
    /// The search's run-time numbers (the shipped constants by default; a tuning run moves
    /// them). Each is clamped into its range ([`params::TUNABLES`]).
    pub search: SearchParams,
}

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions {
            threads: 1,
            hash_mb: 64,
            level: Level::Master,
            rules: Rules::axf(),
            multipv: 1,
            seed: None,
            evaluation: Evaluation::default(),
            move_overhead_ms: params::DEFAULT_MOVE_OVERHEAD_MS,
            search: SearchParams::default(),
        }
    }
}

/// Stops a running search from another thread.
///
/// Setting the flag makes the search return its best move so far (after depth 1 at least).
/// A stop counts only while a search is armed: from the moment [`StopHandle::arm`] is called
/// (or the search starts, which arms it) until the search returns. A stop raised while no search
/// runs is ignored, so it cannot cut the next search short. A caller that hands the engine to
/// another thread to search, and may stop that search before it has begun, calls `arm` first so
/// that such an early stop is not lost.
#[derive(Clone, Debug, Default)]
pub struct StopHandle(Arc<StopState>);

#[derive(Debug, Default)]
struct StopState {
    /// Read by the search threads at every node.
    flag: AtomicBool,
    /// `true` from `arm` (or the search's start) until the search returns; guarded so that a
    /// stop racing with the end of a search cannot leave the flag raised.
    armed: std::sync::Mutex<bool>,
}

impl StopState {
    fn armed(&self) -> std::sync::MutexGuard<'_, bool> {
        // The lock guards one bool and no code panics holding it.
        self.armed.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl StopHandle {
    /// Asks the running (or armed) search to stop; does nothing while no search is armed.
    pub fn stop(&self) {
        let armed = self.0.armed();
        if *armed {
            self.0.flag.store(true, Ordering::Relaxed);
        }
    }

    /// `true` when a stop is pending for the armed search.
    pub fn is_stopped(&self) -> bool {
        self.0.flag.load(Ordering::Relaxed)
    }

    /// Withdraws a pending stop (the search, if armed, stays armed).
    pub fn reset(&self) {
        self.0.flag.store(false, Ordering::Relaxed);
    }

    /// Arms the next search: a stop from now on ends it, even one raised before it starts.
    /// Arming an armed handle keeps a pending stop.
    pub fn arm(&self) {
        *self.0.armed() = true;
    }

    /// The search has returned: disarm and withdraw any stop.
    fn disarm(&self) {
        let mut armed = self.0.armed();
        *armed = false;
        self.0.flag.store(false, Ordering::Relaxed);
    }

    /// The flag itself, for a front end that raises it through shared memory (in the
    /// browser, another Web Worker writes 1 to this byte).
    pub fn flag(&self) -> &AtomicBool {
        &self.0.flag
    }
}

/// Why a search could not start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchError {
    /// A move of the game record is not legal where it is played.
    IllegalMove {
        /// Its index in the move list.
        index: usize,
        /// The move.
        mv: Move,
    },
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::IllegalMove { index, mv } => {
                write!(f, "move {} ({mv}) is illegal", index + 1)
            }
        }
    }
}

impl std::error::Error for SearchError {}

/// A xiangqi engine. It is `Send`: bindings may run a search on another thread (and stop it
/// from the first with a [`StopHandle`]). One search runs at a time (`&mut self`).
pub struct Engine {
    options: EngineOptions,
    tt: TranspositionTable,
    histories: Vec<Histories>,
    stop: StopHandle,
    rng: Rng,
    /// The late-move reductions for `options.search`.
    reductions: Box<Reductions>,
}

impl Engine {
    /// An engine with these options. Out-of-range numbers are clamped (the hash to
    /// 1..=[`max_hash_mb`]); when the memory for the table cannot be had, the table is halved
    /// until it can, and [`Engine::options`] tells the size in use. It never aborts over the
    /// size; [`Engine::try_new`] refuses instead.
    pub fn new(options: EngineOptions) -> Engine {
        let mut options = options;
        options.threads = options.threads.clamp(1, MAX_THREADS);
        options.hash_mb = options.hash_mb.clamp(1, max_hash_mb());
        options.multipv = options.multipv.clamp(1, MAX_MULTIPV);
        let tt = loop {
            match TranspositionTable::try_new(options.hash_mb) {
                Ok(tt) => break tt,
                Err(_) if options.hash_mb > 1 => options.hash_mb /= 2,
                Err(_) => break TranspositionTable::minimal(),
            }
        };
        Engine::with_table(options, tt)
    }

    /// An engine with these options, or why not: a number out of range (threads
    /// 1..=[`MAX_THREADS`], hash 1..=[`max_hash_mb`] MiB, multipv 1..=[`MAX_MULTIPV`]) or a
    /// table whose memory cannot be allocated.
    pub fn try_new(options: EngineOptions) -> Result<Engine, EngineError> {
        check_range("threads", options.threads, 1, MAX_THREADS)?;
        check_range("multipv", options.multipv, 1, MAX_MULTIPV)?;
        let tt = try_table(options.hash_mb)?;
        Ok(Engine::with_table(options, tt))
    }

    fn with_table(mut options: EngineOptions, tt: TranspositionTable) -> Engine {
        let seed = options.seed.unwrap_or_else(clock_seed);
        options.search = options.search.clamped();
        Engine {
            tt,
            histories: Vec::new(),
            stop: StopHandle::default(),
            rng: Rng::new(seed),
            reductions: reductions(&options.search),
            options,
        }
    }

    /// The current options.
    pub fn options(&self) -> &EngineOptions {
        &self.options
    }

    /// Sets the number of search threads (clamped to 1..=[`MAX_THREADS`]).
    pub fn set_threads(&mut self, threads: usize) {
        self.options.threads = threads.clamp(1, MAX_THREADS);
    }

    /// Resizes the transposition table (clamped to 1..=[`max_hash_mb`] MiB); it is emptied.
    /// When the memory cannot be had, the previous table is kept, as it was.
    pub fn set_hash_mb(&mut self, mb: usize) {
        let _ = self.try_set_hash_mb(mb.clamp(1, max_hash_mb()));
    }

    /// Resizes the transposition table, emptying it, or says why not (a size outside
    /// 1..=[`max_hash_mb`] MiB, or memory that cannot be allocated); on an error the previous
    /// table and its contents are kept.
    pub fn try_set_hash_mb(&mut self, mb: usize) -> Result<(), EngineError> {
        self.tt = try_table(mb)?;
        self.options.hash_mb = mb;
        Ok(())
    }

    /// Sets the playing level.
    pub fn set_level(&mut self, level: Level) {
        self.options.level = level;
    }

    /// Sets the static evaluation; the transposition table is cleared, since its entries hold
    /// the old evaluation's values.
    pub fn set_evaluation(&mut self, evaluation: Evaluation) {
        if evaluation != self.options.evaluation {
            self.options.evaluation = evaluation;
            self.tt.clear();
        }
    }

    /// Evaluates with the net in a net file's `bytes`, for the game its header names: the other
    /// game's net is kept. A file that is not a sound net (cut short, damaged, of an unknown
    /// architecture, with weights that could overflow) is refused and the evaluation stays as
    /// it was. Returns the net's game.
    pub fn load_net(&mut self, bytes: &[u8]) -> Result<NetGame, NetError> {
        let net = Network::from_bytes(bytes)?;
        let game = net.game();
        self.set_evaluation(self.options.evaluation.with_net(Arc::new(net)));
        Ok(game)
    }

    /// Like [`Engine::load_net`] for a net meant for `game`: a net of the other game is
    /// refused too ([`NetError::Game`]).
    pub fn load_net_for(&mut self, bytes: &[u8], game: NetGame) -> Result<(), NetError> {
        let net = Network::from_bytes_for(bytes, game)?;
        self.set_evaluation(self.options.evaluation.with_net(Arc::new(net)));
        Ok(())
    }

    /// Sets the game-end preset used inside the search.
    pub fn set_rules(&mut self, rules: Rules) {
        self.options.rules = rules;
    }

    /// Sets how many principal variations are reported (clamped to 1..=[`MAX_MULTIPV`]).
    pub fn set_multipv(&mut self, multipv: usize) {
        self.options.multipv = multipv.clamp(1, MAX_MULTIPV);
    }

    /// Sets the milliseconds kept per move for communication (clamped to
    /// 0..=[`params::MAX_MOVE_OVERHEAD_MS`]).
    pub fn set_move_overhead_ms(&mut self, ms: u64) {
        self.options.move_overhead_ms = ms.min(params::MAX_MOVE_OVERHEAD_MS);
    }

    /// Sets the run-time search number `name` (a name of [`params::TUNABLES`], any case) to
    /// `value`, or says why not (an unknown name, a value outside its range); on an error the
    /// numbers stay as they were.
    pub fn set_search_param(&mut self, name: &str, value: i64) -> Result<(), ParamError> {
        self.options.search.set(name, value)?;
        self.reductions = reductions(&self.options.search);
        Ok(())
    }

    /// Sets all run-time search numbers at once, each clamped into its range.
    pub fn set_search_params(&mut self, search: SearchParams) {
        self.options.search = search.clamped();
        self.reductions = reductions(&self.options.search);
    }

    /// Reseeds the levels' random choice (`None`: from the clock, so games vary).
    pub fn set_seed(&mut self, seed: Option<u64>) {
        self.options.seed = seed;
        self.rng = Rng::new(seed.unwrap_or_else(clock_seed));
    }

    /// Forgets everything learned: a new game starts.
    pub fn new_game(&mut self) {
        self.tt.clear();
        for h in &mut self.histories {
            h.clear();
        }
        if let Some(seed) = self.options.seed {
            self.rng = Rng::new(seed);
        }
    }

    /// A handle that stops the running search from another thread.
    pub fn stop_handle(&self) -> StopHandle {
        self.stop.clone()
    }

    /// Searches the position reached by playing `moves` from `start` (the moves give the
    /// repetition history, which the rules need), within `limits`. `info` is called on the
    /// calling thread after each completed iteration.
    pub fn search(
        &mut self,
        start: &Position,
        moves: &[Move],
        limits: &Limits,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> Result<SearchResult, SearchError> {
        let started = Instant::now();
        let (root, frames) = replay(start, moves)?;
        Ok(self.run(&root, &frames, limits, info, started))
    }

    /// Searches the current position of a game, judging repetitions by the game's own rules
    /// (for this search; the engine's option is left as it was). A game its rules have already
    /// ended ([`Game::outcome`]) is not searched: the result offers no move and carries that
    /// outcome ([`SearchResult::outcome`]).
    pub fn search_game(
        &mut self,
        game: &Game,
        limits: &Limits,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let started = Instant::now();
        if let Some(outcome) = game.outcome() {
            let lost = outcome.winner.is_some_and(|w| w != game.position().turn());
            return SearchResult::no_move(lost, started, Some(outcome));
        }
        let moves: Vec<Move> = game.moves().collect();
        let saved = self.options.rules;
        self.options.rules = game.rules();
        // A game only holds legal moves, so the replay cannot fail.
        let result = match replay(game.start(), &moves) {
            Ok((root, frames)) => self.run(&root, &frames, limits, info, started),
            Err(_) => self.search_position(game.position(), limits, info),
        };
        self.options.rules = saved;
        result
    }

    /// Searches a position without game history.
    pub fn search_position(
        &mut self,
        position: &Position,
        limits: &Limits,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let started = Instant::now();
        let frames = [root_frame(position, 0)];
        self.run(position, &frames, limits, info, started)
    }

    /// The rules a search of `root` is judged by: the engine's, except that a janggi position
    /// under one of xiangqi's presets (an engine never told otherwise) takes its variant's.
    fn rules_for(&self, root: &Position) -> Rules {
        let rules = self.options.rules;
        let xiangqi_preset = xiangqi_core::rules::PRESETS.contains(&rules);
        if root.variant().is_janggi() && xiangqi_preset {
            root.variant().default_rules()
        } else {
            rules
        }
    }

    fn run(
        &mut self,
        root: &Position,
        frames: &[Frame],
        limits: &Limits,
        info: &mut dyn FnMut(&SearchInfo),
        started: Instant,
    ) -> SearchResult {
        self.stop.arm();
        let level = self.options.level.params();
        let mut root_moves: Vec<RootMove> = root
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| limits.search_moves.is_empty() || limits.search_moves.contains(m))
            .filter(|m| !limits.ban_moves.contains(m))
            .map(RootMove::new)
            .collect();
        if root_moves.is_empty() {
            if limits.infinite {
                // An infinite search answers only when told to stop, also with no move to
                // search: a UCI GUI sends `stop` and waits for that answer.
                while !self.stop.is_stopped() {
                    pause();
                }
            }
            self.stop.disarm();
            return SearchResult::no_move(!root.has_legal_moves(), started, None);
        }
        // Captures first, for a sensible order before depth 1 sorts them.
        root_moves.sort_by_key(|rm| {
            let capture = (rm.mv.from() != rm.mv.to()).then(|| root.piece_at(rm.mv.to()));
            std::cmp::Reverse(capture.flatten().map_or(0, |p| p.role.index() + 1))
        });

        let depth_cap = min_option(
            min_option(limits.depth, level.depth),
            limits.mate.map(Limits::mate_depth),
        )
        .map(|d| d.clamp(1, (MAX_PLY - 10) as u32) as i32);
        let node_cap = min_option(limits.nodes, level.nodes);
        let (max_depth, node_limit) = if limits.infinite && self.options.level == Level::Master {
            ((MAX_PLY - 10) as i32, None)
        } else {
            (depth_cap.unwrap_or((MAX_PLY - 10) as i32), node_cap)
        };
        let multipv = self
            .options
            .multipv
            .max(level.multipv)
            .min(root_moves.len());
        let threads = self.options.threads;
        while self.histories.len() < threads {
            self.histories.push(Histories::new());
        }
        self.tt.new_search();

        let shared = Shared {
            tt: &self.tt,
            user_stop: &self.stop.0.flag,
            helpers_stop: AtomicBool::new(false),
            counters: (0..threads).map(|_| NodeCounter::default()).collect(),
            node_limit,
            time: TimeManager::new(
                limits,
                root.turn(),
                started,
                Duration::from_millis(self.options.move_overhead_ms),
            ),
            rules: self.rules_for(root),
            max_depth,
            mate_moves: limits.mate,
            net: self.options.evaluation.net_for(root.variant()),
            params: self.options.search,
            reductions: &self.reductions,
        };
        let reported_lines = self.options.multipv.min(multipv);
        let (main_hist, helper_hists) = self.histories.split_at_mut(1);
        let helpers: Vec<Helper<'_>> = helper_hists
            .iter_mut()
            .take(threads - 1)
            .enumerate()
            .map(|(i, hist)| {
                let shared = &shared;
                let root_moves = root_moves.clone();
                Box::new(move || {
                    let mut worker = Worker::new(i + 1, shared, hist, root, frames, root_moves);
                    worker.iterate(multipv, &mut |_, _| {});
                }) as Helper<'_>
            })
            .collect();
        let main_result = with_helpers(helpers, || {
            let mut main = Worker::new(0, &shared, &mut main_hist[0], root, frames, root_moves);
            main.iterate(multipv, &mut |worker, lines| {
                for line in 0..(lines as usize).min(reported_lines) {
                    info(&line_info(&shared, worker, line, started));
                }
            });
            if limits.infinite {
                // An infinite search answers only when told to stop.
                while !shared.user_stop.load(Ordering::Relaxed) {
                    pause();
                }
            }
            shared.helpers_stop.store(true, Ordering::Relaxed);
            let aborted_best = main.root_moves[0].clone();
            (
                main.completed,
                main.completed_depth,
                aborted_best,
                main.stopped,
            )
        });
        let (completed, completed_depth, aborted_best, stopped) = main_result;
        let nodes = shared.total_nodes();
        drop(shared);
        self.stop.disarm();

        // The lines of the last completed iteration; after an interrupted one, a move that
        // already beat the previous best there is trusted.
        let mut lines = completed;
        if stopped
            && multipv == 1
            && aborted_best.mv != lines[0].mv
            && aborted_best.score > -INFINITE
            && aborted_best.bound != Bound::Upper
        {
            lines.insert(0, aborted_best);
        }
        let chosen = if level.temperature > 0 {
            let count = multipv.min(lines.len());
            let scores: Vec<Value> = lines[..count].iter().map(|l| l.score).collect();
            levels::choose(&scores, level.temperature, level.margin, &mut self.rng)
        } else {
            0
        };
        let line = &lines[chosen];
        SearchResult {
            best_move: Some(line.mv),
            ponder: line.pv.get(1).copied(),
            score: Score::from_value(line.score.clamp(-INFINITE + 1, INFINITE - 1)),
            pv: line.pv.clone(),
            depth: completed_depth.max(0) as u32,
            seldepth: line.seldepth,
            nodes,
            time: started.elapsed(),
            outcome: None,
        }
    }
}

fn line_info(
    shared: &Shared<'_>,
    worker: &Worker<'_>,
    line: usize,
    started: Instant,
) -> SearchInfo {
    let rm = &worker.root_moves[line];
    let nodes = shared.total_nodes();
    let time = started.elapsed();
    let millis = time.as_millis().max(1) as u64;
    SearchInfo {
        depth: worker.completed_depth.max(1) as u32,
        seldepth: rm.seldepth,
        multipv: line as u32 + 1,
        score: Score::from_value(rm.score),
        bound: match rm.bound {
            Bound::Lower => ScoreBound::Lower,
            Bound::Upper => ScoreBound::Upper,
            _ => ScoreBound::Exact,
        },
        nodes,
        nps: nodes * 1000 / millis,
        time,
        hashfull: shared.tt.hashfull(),
        pv: rm.pv.clone(),
    }
}

/// A table of `mb` MiB, checked against the machine's maximum.
fn try_table(mb: usize) -> Result<TranspositionTable, EngineError> {
    let max_mb = max_hash_mb();
    if mb > max_mb {
        return Err(EngineError::HashTooLarge {
            requested_mb: mb,
            max_mb,
        });
    }
    check_range("hash_mb", mb, 1, max_mb)?;
    TranspositionTable::try_new(mb).map_err(|_| EngineError::OutOfMemory { requested_mb: mb })
}

fn min_option<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, None) => a,
        (None, b) => b,
    }
}

fn root_frame(pos: &Position, reversible: u32) -> Frame {
    Frame {
        mv: Move::NULL,
        piece: None,
        hash: pos.hash(),
        in_check: pos.is_check(),
        reversible,
        piece_to: None,
        psq: (0, 0),
        static_eval: 0,
    }
}

/// Plays the game record, keeping a frame per position since the last capture.
fn replay(start: &Position, moves: &[Move]) -> Result<(Position, Vec<Frame>), SearchError> {
    let mut pos = start.clone();
    let mut frames = vec![root_frame(&pos, 0)];
    for (index, &mv) in moves.iter().enumerate() {
        let piece = pos.piece_at(mv.from());
        let undo = pos
            .play(mv)
            .map_err(|_| SearchError::IllegalMove { index, mv })?;
        if undo.captured.is_some() {
            frames.clear();
            frames.push(root_frame(&pos, 0));
        } else {
            let reversible = frames.last().map_or(0, |f| f.reversible + 1);
            frames.push(Frame {
                mv,
                piece,
                ..root_frame(&pos, reversible)
            });
        }
    }
    Ok((pos, frames))
}

/// A helper thread's search.
type Helper<'a> = Box<dyn FnOnce() + Send + 'a>;

/// Runs `main` on this thread while the helpers run on their own threads, and returns when all
/// have finished. A helper that cannot start only costs speed.
#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
fn with_helpers<R>(helpers: Vec<Helper<'_>>, main: impl FnOnce() -> R) -> R {
    std::thread::scope(|scope| {
        for (i, helper) in helpers.into_iter().enumerate() {
            let builder = std::thread::Builder::new()
                .name(format!("search-{}", i + 1))
                .stack_size(8 << 20);
            drop(builder.spawn_scoped(scope, helper));
        }
        main()
    })
}

/// In browsers the helpers run on the rayon pool that wasm-bindgen-rayon starts (std::thread
/// cannot spawn there); without atomics there are no threads and the helpers are dropped.
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
fn with_helpers<R>(helpers: Vec<Helper<'_>>, main: impl FnOnce() -> R) -> R {
    #[cfg(target_feature = "atomics")]
    if !helpers.is_empty() {
        return rayon::in_place_scope(|scope| {
            for helper in helpers {
                scope.spawn(move |_| helper());
            }
            main()
        });
    }
    drop(helpers);
    main()
}

/// Waits a little while an infinite search waits for its stop.
fn pause() {
    #[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
    std::thread::sleep(std::time::Duration::from_millis(2));
    #[cfg(all(target_family = "wasm", target_os = "unknown"))]
    std::hint::spin_loop();
}

fn clock_seed() -> u64 {
    crate::SystemTime::now()
        .duration_since(crate::UNIX_EPOCH)
        .map_or(0x5eed, |d| d.as_nanos() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_is_send() {
        fn assert_send<T: Send>() {}
        assert_send::<Engine>();
        assert_send::<StopHandle>();
    }

    #[test]
    fn a_huge_hash_is_refused_and_the_old_table_kept() {
        let mut engine = Engine::try_new(EngineOptions {
            hash_mb: 2,
            ..EngineOptions::default()
        })
        .unwrap();
        let err = engine.try_set_hash_mb(999_999_999).unwrap_err();
        assert!(matches!(
            err,
            EngineError::HashTooLarge {
                requested_mb: 999_999_999,
                ..
            }
        ));
        assert_eq!(engine.options().hash_mb, 2);
        assert_eq!(engine.tt.buckets_len(), 2 * (1 << 20) / 64);
        assert!(engine.try_set_hash_mb(0).is_err());
        for mb in [usize::MAX, max_hash_mb() + 1] {
            let err = Engine::try_new(EngineOptions {
                hash_mb: mb,
                ..EngineOptions::default()
            })
            .err()
            .unwrap();
            assert!(matches!(err, EngineError::HashTooLarge { .. }), "{err}");
        }
        let err = Engine::try_new(EngineOptions {
            threads: 100_000,
            ..EngineOptions::default()
        })
        .err()
        .unwrap();
        assert!(matches!(
            err,
            EngineError::OutOfRange {
                option: "threads",
                ..
            }
        ));
        // The lenient setter clamps instead; a table too large to allocate keeps the old one.
        engine.set_hash_mb(0);
        assert_eq!(engine.options().hash_mb, 1);
    }

    #[test]
    fn search_numbers_reach_the_search_and_bad_ones_are_refused_or_clamped() {
        let nodes = |engine: &mut Engine| {
            engine.new_game();
            let limits = Limits {
                depth: Some(7),
                ..Limits::default()
            };
            engine
                .search_position(&Position::startpos(), &limits, &mut |_| {})
                .nodes
        };
        let options = EngineOptions {
            hash_mb: 4,
            ..EngineOptions::default()
        };
        let mut engine = Engine::new(options.clone());
        let shipped = nodes(&mut engine);
        assert!(matches!(
            engine.set_search_param("LMR_BASE", 1_000),
            Err(ParamError::OutOfRange { .. })
        ));
        assert!(engine.set_search_param("NO_SUCH", 1).is_err());
        assert_eq!(engine.options().search, SearchParams::default());
        assert_eq!(nodes(&mut engine), shipped);
        // More reduction (the table is rebuilt), fewer nodes.
        engine.set_search_param("lmr_base", 200).unwrap();
        assert_eq!(engine.options().search.lmr_base, 200);
        assert!(nodes(&mut engine) < shipped);
        // Options out of range are clamped when the engine is made, as the setter does.
        let search = SearchParams {
            lmr_base: 10_000,
            ..SearchParams::default()
        };
        let mut clamped = Engine::new(EngineOptions { search, ..options });
        assert_eq!(clamped.options().search.lmr_base, 200);
        clamped.set_search_params(SearchParams::default());
        assert_eq!(nodes(&mut clamped), shipped);
    }

    #[test]
    fn a_stop_while_idle_does_not_cut_the_next_search() {
        let mut engine = Engine::new(EngineOptions {
            hash_mb: 1,
            ..EngineOptions::default()
        });
        let limits = Limits {
            depth: Some(4),
            ..Limits::default()
        };
        engine.stop_handle().stop();
        let result = engine.search_position(&Position::startpos(), &limits, &mut |_| {});
        assert_eq!(result.depth, 4);
        // Armed first, a stop raised before the search starts does count.
        engine.stop_handle().arm();
        engine.stop_handle().stop();
        let result = engine.search_position(&Position::startpos(), &limits, &mut |_| {});
        assert!(result.depth < 4, "{}", result.depth);
        // And it is gone once that search returned.
        assert!(!engine.stop_handle().is_stopped());
        let result = engine.search_position(&Position::startpos(), &limits, &mut |_| {});
        assert_eq!(result.depth, 4);
    }

    #[test]
    fn a_lost_position_has_no_move() {
        // Black is checkmated: the red chariot on e8 is protected by the soldier on e7... use a
        // plain back-rank mate: red chariots on d9 and f8 with the general facing files closed.
        let pos = Position::from_fen("3Rk4/5R3/9/9/9/9/9/9/9/3K5 b - - 0 1").unwrap();
        assert!(pos.is_checkmate());
        let mut engine = Engine::new(EngineOptions {
            hash_mb: 1,
            ..EngineOptions::default()
        });
        let result = engine.search_position(
            &pos,
            &Limits {
                depth: Some(3),
                ..Limits::default()
            },
            &mut |_| {},
        );
        assert_eq!(result.best_move, None);
        assert_eq!(result.score, Score::Mate(0));
    }

    #[test]
    fn an_infinite_search_with_no_move_answers_only_when_stopped() {
        let pos = Position::from_fen("3Rk4/5R3/9/9/9/9/9/9/9/3K5 b - - 0 1").unwrap();
        let mut engine = Engine::new(EngineOptions {
            hash_mb: 1,
            ..EngineOptions::default()
        });
        let stop = engine.stop_handle();
        let done = AtomicBool::new(false);
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        // Armed first, as front ends do, so that the stop counts however late the thread starts.
        stop.arm();
        let result = std::thread::scope(|scope| {
            let search = scope.spawn(|| {
                let result = engine.search_position(&pos, &limits, &mut |_| {});
                done.store(true, Ordering::SeqCst);
                result
            });
            std::thread::sleep(std::time::Duration::from_millis(300));
            let answered_early = done.load(Ordering::SeqCst);
            stop.stop();
            let result = search.join().unwrap();
            assert!(!answered_early, "answered before its stop");
            result
        });
        assert_eq!((result.best_move, result.score), (None, Score::Mate(0)));
        // The stop is spent: the next search runs to its depth.
        let next = engine.search_position(
            &Position::startpos(),
            &Limits {
                depth: Some(3),
                ..Limits::default()
            },
            &mut |_| {},
        );
        assert_eq!(next.depth, 3);
    }

    #[test]
    fn illegal_history_is_reported() {
        let mut engine = Engine::new(EngineOptions {
            hash_mb: 1,
            ..EngineOptions::default()
        });
        let bad = Move::new(xiangqi_core::Square::A0, xiangqi_core::Square::A9);
        let err = engine
            .search(
                &Position::startpos(),
                &[bad],
                &Limits::default(),
                &mut |_| {},
            )
            .unwrap_err();
        assert_eq!(err, SearchError::IllegalMove { index: 0, mv: bad });
    }
}
