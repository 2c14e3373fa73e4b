//! `xq_engine`: the search engine, with levels, limits, an info callback and a stop that works
//! from any thread.

use crate::game::{
    move_from, rules_from, variant_from, xq_game, xq_move, xq_rules, xq_variant, XQ_RULES_AXF,
};
use crate::status::xq_status;
use crate::util::{c_str, from_ptr, guard, write_out};
use std::ffi::{c_char, c_void};
use std::sync::Mutex;
use std::time::Duration;
use xiangqi_search::{
    Clock, Engine, EngineError, EngineOptions, Evaluation, Level, Limits, NetGame, Score,
    SearchInfo, StopHandle,
};

/// A playing level.
pub type xq_level = u32;
/// Knows the moves, drops pieces to simple tactics.
pub const XQ_LEVEL_BEGINNER: xq_level = 0;
/// Sees direct threats, little more.
pub const XQ_LEVEL_CASUAL: xq_level = 1;
/// A sound player who sometimes slips.
pub const XQ_LEVEL_CLUB: xq_level = 2;
/// Tactically sharp, hard to surprise.
pub const XQ_LEVEL_STRONG: xq_level = 3;
/// The engine at full strength.
pub const XQ_LEVEL_MASTER: xq_level = 4;

/// Which static evaluation an engine uses.
pub type xq_evaluation = u32;
/// The learned evaluation with the net built into the library (the default).
pub const XQ_EVALUATION_NNUE: xq_evaluation = 0;
/// The hand-written evaluation.
pub const XQ_EVALUATION_CLASSICAL: xq_evaluation = 1;

/// The most moves of a principal variation stored in an `xq_search_result`.
pub const XQ_MAX_PV: usize = 64;

/// Engine settings. Start from `xq_engine_options_default`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct xq_engine_options {
    /// Search threads (at least 1).
    pub threads: u32,
    /// Transposition table size in MiB, 1 to `xq_engine_max_hash_mb()`.
    pub hash_mb: u32,
    /// Playing level (`XQ_LEVEL_*`).
    pub level: xq_level,
    /// Game-end rules applied inside the search (`XQ_RULES_*`).
    pub rules: xq_rules,
    /// Principal variations to report (at least 1).
    pub multipv: u32,
    /// Seed of the weaker levels' random move choice; 0 seeds from the clock.
    pub seed: u64,
}

/// Search limits; a field left 0 is not used. With no limit at all the search runs until
/// `xq_engine_stop` (infinite analysis).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct xq_limits {
    /// Maximum depth in plies.
    pub depth: u32,
    /// Maximum nodes.
    pub nodes: u64,
    /// Time for this move in milliseconds.
    pub movetime_ms: u64,
    /// Red's remaining clock time in milliseconds (clock play needs the side to move's time).
    pub red_time_ms: u64,
    /// Black's remaining clock time in milliseconds.
    pub black_time_ms: u64,
    /// Red's increment per move in milliseconds.
    pub red_increment_ms: u64,
    /// Black's increment per move in milliseconds.
    pub black_increment_ms: u64,
    /// Moves until the next time control.
    pub moves_to_go: u32,
    /// Look for a mate in this many moves (0: no mate search): the search goes no deeper than
    /// a mate that long needs and stops once it has found one (added in ABI version 2).
    pub mate: u32,
}

/// What a search reports after each completed iteration (and each MultiPV line).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct xq_search_info {
    /// Depth completed.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Which principal variation this is (1 = best).
    pub multipv: u32,
    /// `true` when `score` is a mate distance, `false` for centipawns.
    pub is_mate: bool,
    /// Centipawns from the side to move's view, or moves to mate (negative: being mated).
    pub score: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// Transposition table use in permille.
    pub hashfull: u32,
    /// The principal variation (valid during the callback only).
    pub pv: *const xq_move,
    /// Its length.
    pub pv_len: usize,
}

/// The result of a search.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct xq_search_result {
    /// The move to play.
    pub best_move: xq_move,
    /// The expected reply (0 when unknown).
    pub ponder: xq_move,
    /// `true` when `score` is a mate distance.
    pub is_mate: bool,
    /// Centipawns from the side to move's view, or moves to mate (negative: being mated).
    pub score: i32,
    /// Depth completed.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds used.
    pub time_ms: u64,
    /// The principal variation (its first `pv_len` moves).
    pub pv: [xq_move; XQ_MAX_PV],
    /// Length of `pv`.
    pub pv_len: usize,
}

/// Called by `xq_engine_search`, on the searching thread, after each completed iteration.
/// `user` is the pointer given to the search.
pub type xq_info_callback =
    Option<unsafe extern "C" fn(info: *const xq_search_info, user: *mut c_void)>;

/// A search engine. Owned by the caller (a Box behind the pointer) from `xq_engine_new` until
/// `xq_engine_free`. `xq_engine_stop` may be called from any thread at any time, also from the
/// info callback; other calls are serialised by an internal lock (a second search waits for the
/// first), except that a call made from inside the engine's own info callback, on the searching
/// thread, returns `XQ_STATUS_BUSY` instead of waiting for itself.
pub struct xq_engine {
    engine: Mutex<Engine>,
    stop: StopHandle,
}

thread_local! {
    /// The engines this thread is searching with now (their addresses), to refuse a call from
    /// inside an engine's own callback that would wait on the lock this thread holds.
    static SEARCHING: std::cell::RefCell<Vec<usize>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// `true` when this thread is inside a search on `engine`.
fn searching_here(engine: &xq_engine) -> bool {
    let key = engine as *const xq_engine as usize;
    SEARCHING.with(|s| s.borrow().contains(&key))
}

/// The engine, locked: `Busy` from inside its own callback (where the lock is this thread's
/// already), `Internal` when a panic poisoned it.
fn lock_idle(engine: &xq_engine) -> Result<std::sync::MutexGuard<'_, Engine>, xq_status> {
    if searching_here(engine) {
        return Err(xq_status::Busy);
    }
    engine.engine.lock().map_err(|_| xq_status::Internal)
}

/// Marks this thread as searching with an engine until dropped.
struct SearchingMark(usize);

impl SearchingMark {
    fn new(engine: &xq_engine) -> SearchingMark {
        let key = engine as *const xq_engine as usize;
        SEARCHING.with(|s| s.borrow_mut().push(key));
        SearchingMark(key)
    }
}

impl Drop for SearchingMark {
    fn drop(&mut self) {
        SEARCHING.with(|s| {
            let mut s = s.borrow_mut();
            if let Some(i) = s.iter().rposition(|&k| k == self.0) {
                s.remove(i);
            }
        });
    }
}

/// The status of an engine error.
fn engine_status(e: &EngineError) -> xq_status {
    match e {
        EngineError::HashTooLarge { .. } | EngineError::OutOfMemory { .. } => {
            xq_status::OutOfMemory
        }
        EngineError::OutOfRange { .. } => xq_status::InvalidArgument,
    }
}

/// The largest `hash_mb` this machine accepts: 65536, or less when the machine (or its memory
/// limit) has less memory.
#[no_mangle]
pub extern "C" fn xq_engine_max_hash_mb() -> u32 {
    u32::try_from(xiangqi_search::max_hash_mb()).unwrap_or(u32::MAX)
}

/// The level's name and description as C strings, built once from the search crate's table.
fn level_texts(level: xq_level) -> Option<&'static (std::ffi::CString, std::ffi::CString)> {
    static TEXTS: std::sync::OnceLock<Vec<(std::ffi::CString, std::ffi::CString)>> =
        std::sync::OnceLock::new();
    let texts = TEXTS.get_or_init(|| {
        Level::ALL
            .iter()
            .map(|l| {
                let text = |s: &str| std::ffi::CString::new(s).expect("the table has no NUL");
                (text(&l.name().to_lowercase()), text(l.description()))
            })
            .collect()
    });
    texts.get(usize::try_from(level).ok()?)
}

/// The name of a level (`"beginner"` .. `"master"`, as Python's `xiangqi.engine.LEVELS` and the
/// page name them), from the search crate's table; `""` for an unknown level. Static, never NULL.
#[no_mangle]
pub extern "C" fn xq_level_name(level: xq_level) -> *const c_char {
    level_texts(level).map_or(c"".as_ptr(), |(name, _)| name.as_ptr())
}

/// One line saying how a level plays (English), from the search crate's table; `""` for an
/// unknown level. Static, never NULL.
#[no_mangle]
pub extern "C" fn xq_level_description(level: xq_level) -> *const c_char {
    level_texts(level).map_or(c"".as_ptr(), |(_, description)| description.as_ptr())
}

/// The time a level thinks per move when a game has no clock, in milliseconds (the search
/// crate's `Level::think_time`, which the page and the terminal game use); 0 for an unknown
/// level.
#[no_mangle]
pub extern "C" fn xq_level_think_ms(level: xq_level) -> u32 {
    level_from(level).map_or(0, |l| {
        u32::try_from(l.think_time().as_millis()).unwrap_or(u32::MAX)
    })
}

fn level_from(level: xq_level) -> Result<Level, xq_status> {
    Level::ALL
        .get(level as usize)
        .copied()
        .ok_or(xq_status::InvalidArgument)
}

fn score_parts(score: Score) -> (bool, i32) {
    match score {
        Score::Cp(cp) => (false, cp),
        Score::Mate(n) => (true, n),
    }
}

fn millis(ms: u64) -> Duration {
    Duration::from_millis(ms)
}

/// The default options: 1 thread, 64 MiB, Master, axf rules (the library default), one line,
/// clock seed.
///
/// # Safety
/// `out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn xq_engine_options_default(out: *mut xq_engine_options) -> xq_status {
    guard(|| {
        let options = xq_engine_options {
            threads: 1,
            hash_mb: 64,
            level: XQ_LEVEL_MASTER,
            rules: XQ_RULES_AXF,
            multipv: 1,
            seed: 0,
        };
        // SAFETY: write_out checks NULL.
        unsafe { write_out(out, options) }
    })
}

/// A new engine. `options` NULL means the defaults. Out-of-range thread and multipv numbers are
/// clamped (a hash of 0 counts as 1); an unknown level or rules value gives
/// `XQ_STATUS_INVALID_ARGUMENT`; a `hash_mb` above `xq_engine_max_hash_mb()`, or one whose memory
/// cannot be allocated, gives `XQ_STATUS_OUT_OF_MEMORY` (and no engine).
///
/// # Safety
/// `options` NULL or valid for a read; `out` NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn xq_engine_new(
    options: *const xq_engine_options,
    out: *mut *mut xq_engine,
) -> xq_status {
    guard(|| {
        let mut defaults = EngineOptions::default();
        // SAFETY: the caller guarantees options is NULL or valid.
        if let Some(o) = unsafe { options.as_ref() } {
            defaults.threads = (o.threads as usize).clamp(1, xiangqi_search::MAX_THREADS);
            defaults.hash_mb = o.hash_mb.max(1) as usize;
            defaults.level = level_from(o.level)?;
            defaults.rules = rules_from(o.rules)?;
            defaults.multipv = (o.multipv as usize).clamp(1, xiangqi_search::MAX_MULTIPV);
            defaults.seed = (o.seed != 0).then_some(o.seed);
        }
        if out.is_null() {
            return Err(xq_status::NullArgument);
        }
        let engine = Engine::try_new(defaults).map_err(|e| engine_status(&e))?;
        let stop = engine.stop_handle();
        let handle = Box::into_raw(Box::new(xq_engine {
            engine: Mutex::new(engine),
            stop,
        }));
        // SAFETY: out checked non-NULL above.
        unsafe { write_out(out, handle) }
    })
}

/// Frees an engine. NULL is harmless. No search may be running on it.
///
/// # Safety
/// `engine` must be NULL or a pointer from `xq_engine_new` not freed yet.
#[no_mangle]
pub unsafe extern "C" fn xq_engine_free(engine: *mut xq_engine) {
    if !engine.is_null() {
        // SAFETY: the caller guarantees the pointer came from Box::into_raw and is freed once.
        let _ = std::panic::catch_unwind(|| drop(unsafe { Box::from_raw(engine) }));
    }
}

/// Forgets what the engine learned (hash table, histories): call it between games.
/// `XQ_STATUS_BUSY` when called from inside this engine's info callback.
///
/// # Safety
/// `engine` NULL or live.
#[no_mangle]
pub unsafe extern "C" fn xq_engine_new_game(engine: *const xq_engine) -> xq_status {
    guard(|| {
        // SAFETY: the caller guarantees engine is NULL or live.
        let engine = unsafe { from_ptr(engine) }?;
        lock_idle(engine)?.new_game();
        Ok(())
    })
}

/// Sets the engine's evaluation (`XQ_EVALUATION_*`); the hash table is cleared.
/// `XQ_STATUS_INVALID_ARGUMENT` for an unknown value, `XQ_STATUS_BUSY` from inside this
/// engine's info callback.
///
/// # Safety
/// `engine` NULL or live.
#[no_mangle]
pub unsafe extern "C" fn xq_engine_set_evaluation(
    engine: *const xq_engine,
    evaluation: xq_evaluation,
) -> xq_status {
    guard(|| {
        let evaluation = match evaluation {
            XQ_EVALUATION_NNUE => Evaluation::default_nnue(),
            XQ_EVALUATION_CLASSICAL => Evaluation::Classical,
            _ => return Err(xq_status::InvalidArgument),
        };
        // SAFETY: the caller guarantees engine is NULL or live.
        let engine = unsafe { from_ptr(engine) }?;
        set_evaluation(engine, evaluation)
    })
}

/// Makes the engine evaluate with the net in `bytes[0..len]` (a net file's contents, copied)
/// for the game the net's header names; the other game's net is kept.
/// `XQ_STATUS_INVALID_NET` when it is not a usable net (the engine keeps its evaluation).
///
/// # Safety
/// `engine` NULL or live; `bytes` NULL or valid for `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn xq_engine_load_net(
    engine: *const xq_engine,
    bytes: *const u8,
    len: usize,
) -> xq_status {
    guard(|| {
        // SAFETY: the caller guarantees engine is NULL or live.
        let engine = unsafe { from_ptr(engine) }?;
        if bytes.is_null() {
            return Err(xq_status::NullArgument);
        }
        // SAFETY: the caller guarantees bytes is valid for len bytes.
        let data = unsafe { std::slice::from_raw_parts(bytes, len) };
        load_net(engine, data, None)
    })
}

/// Makes the engine evaluate with the net file at `path` (UTF-8) for the game the net's header
/// names; the other game's net is kept. `XQ_STATUS_INVALID_NET` when the file cannot be read
/// or is not a usable net (the engine keeps its evaluation).
///
/// # Safety
/// `engine` NULL or live; `path` NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn xq_engine_load_net_file(
    engine: *const xq_engine,
    path: *const c_char,
) -> xq_status {
    guard(|| {
        // SAFETY: the caller guarantees engine is NULL or live.
        let engine = unsafe { from_ptr(engine) }?;
        // SAFETY: the caller guarantees path is NULL or NUL-terminated.
        let path = unsafe { c_str(path) }?;
        let data = std::fs::read(path).map_err(|_| xq_status::InvalidNet)?;
        load_net(engine, &data, None)
    })
}

/// Like `xq_engine_load_net_file` for a net meant for `variant`'s game (an `XQ_VARIANT_*`
/// value): a net of the other game is refused too, with `XQ_STATUS_INVALID_NET`.
/// `XQ_STATUS_INVALID_ARGUMENT` for an unknown variant.
///
/// # Safety
/// `engine` NULL or live; `path` NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn xq_engine_load_net_file_for(
    engine: *const xq_engine,
    path: *const c_char,
    variant: xq_variant,
) -> xq_status {
    guard(|| {
        // SAFETY: the caller guarantees engine is NULL or live.
        let engine = unsafe { from_ptr(engine) }?;
        // SAFETY: the caller guarantees path is NULL or NUL-terminated.
        let path = unsafe { c_str(path) }?;
        let game = NetGame::of(variant_from(variant)?);
        let data = std::fs::read(path).map_err(|_| xq_status::InvalidNet)?;
        load_net(engine, &data, Some(game))
    })
}

fn load_net(engine: &xq_engine, data: &[u8], game: Option<NetGame>) -> Result<(), xq_status> {
    let mut engine = lock_idle(engine)?;
    match game {
        None => engine.load_net(data).map(|_| ()),
        Some(game) => engine.load_net_for(data, game),
    }
    .map_err(|_| xq_status::InvalidNet)
}

fn set_evaluation(engine: &xq_engine, evaluation: Evaluation) -> Result<(), xq_status> {
    lock_idle(engine)?.set_evaluation(evaluation);
    Ok(())
}

/// Asks a running search on this engine to stop (it returns its best move so far). Callable
/// from any thread at any time, also from the search's info callback. A stop raised while no
/// search runs has no effect: it does not shorten the next search.
///
/// # Safety
/// `engine` NULL or live.
#[no_mangle]
pub unsafe extern "C" fn xq_engine_stop(engine: *const xq_engine) -> xq_status {
    guard(|| {
        // SAFETY: the caller guarantees engine is NULL or live.
        let engine = unsafe { from_ptr(engine) }?;
        engine.stop.stop();
        Ok(())
    })
}

/// Searches the game's current position (its moves give the repetition history) within
/// `limits` (NULL: until stopped). `callback` (may be NULL) receives progress with `user`.
/// `XQ_STATUS_NO_MOVE` when the side to move has no legal move. Called from inside this
/// engine's own info callback it returns `XQ_STATUS_BUSY` at once (a search of another engine
/// may run there). Limits of any size are accepted: huge times saturate, they never wrap.
///
/// # Safety
/// `engine` and `game` NULL or live (the game not modified during the search); `limits` NULL or
/// valid; `callback` NULL or a function safe to call with the given `user`; `out` NULL or valid
/// for a write.
#[no_mangle]
pub unsafe extern "C" fn xq_engine_search(
    engine: *const xq_engine,
    game: *const xq_game,
    limits: *const xq_limits,
    callback: xq_info_callback,
    user: *mut c_void,
    out: *mut xq_search_result,
) -> xq_status {
    guard(|| {
        // SAFETY: the caller guarantees engine and game are NULL or live.
        let (engine, game) = unsafe { (from_ptr(engine)?, from_ptr(game)?) };
        if out.is_null() {
            return Err(xq_status::NullArgument);
        }
        // SAFETY: the caller guarantees limits is NULL or valid.
        let l = unsafe { limits.as_ref() }.copied().unwrap_or_default();
        let mut limits = Limits {
            depth: (l.depth > 0).then_some(l.depth),
            nodes: (l.nodes > 0).then_some(l.nodes),
            movetime: (l.movetime_ms > 0).then(|| millis(l.movetime_ms)),
            mate: (l.mate > 0).then_some(l.mate),
            ..Limits::default()
        };
        if l.red_time_ms > 0 || l.black_time_ms > 0 {
            limits.clock = Some(Clock {
                red_time: millis(l.red_time_ms),
                black_time: millis(l.black_time_ms),
                red_increment: millis(l.red_increment_ms),
                black_increment: millis(l.black_increment_ms),
                moves_to_go: (l.moves_to_go > 0).then_some(l.moves_to_go),
            });
        }
        limits.infinite = limits.depth.is_none()
            && limits.nodes.is_none()
            && limits.movetime.is_none()
            && limits.clock.is_none()
            && limits.mate.is_none();
        let game = game.game();
        let moves: Vec<_> = game.moves().collect();
        let mut report = |info: &SearchInfo| {
            if let Some(cb) = callback {
                let pv: Vec<xq_move> = info.pv.iter().map(|m| m.to_u16()).collect();
                let (is_mate, score) = score_parts(info.score);
                let c_info = xq_search_info {
                    depth: info.depth,
                    seldepth: info.seldepth,
                    multipv: info.multipv,
                    is_mate,
                    score,
                    nodes: info.nodes,
                    nps: info.nps,
                    time_ms: info.time.as_millis() as u64,
                    hashfull: info.hashfull,
                    pv: pv.as_ptr(),
                    pv_len: pv.len(),
                };
                // SAFETY: the caller guarantees the callback may be called with `user`; c_info
                // and pv live across the call.
                unsafe { cb(&c_info, user) };
            }
        };
        let mut locked = lock_idle(engine)?;
        let _mark = SearchingMark::new(engine);
        let engine = &mut *locked;
        let result = engine
            .search(game.start(), &moves, &limits, &mut report)
            .map_err(|_| xq_status::Internal)?;
        let best = result.best_move.ok_or(xq_status::NoMove)?;
        let (is_mate, score) = score_parts(result.score);
        let mut c_result = xq_search_result {
            best_move: best.to_u16(),
            ponder: result.ponder.map_or(0, |m| m.to_u16()),
            is_mate,
            score,
            depth: result.depth,
            seldepth: result.seldepth,
            nodes: result.nodes,
            time_ms: result.time.as_millis() as u64,
            pv: [0; XQ_MAX_PV],
            pv_len: result.pv.len().min(XQ_MAX_PV),
        };
        for (slot, m) in c_result.pv.iter_mut().zip(&result.pv) {
            *slot = m.to_u16();
        }
        // SAFETY: out checked non-NULL above.
        unsafe { write_out(out, c_result) }
    })
}

/// Checks that a move value is well formed (both squares below 90).
#[no_mangle]
pub extern "C" fn xq_move_is_valid(mv: xq_move) -> bool {
    move_from(mv).is_ok()
}
