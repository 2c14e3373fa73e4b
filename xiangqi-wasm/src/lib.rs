//! The xiangqi rules and engine for the browser, through wasm-bindgen.
//!
//! Two classes: [`JsGame`] (JavaScript `Game`), a game of xiangqi under the play page's rules
//! ([`xiangqi_core::Rules::simple`]) or of janggi under its own, with moves, notation, outcome
//! and PGN from the core; and
//! [`JsEngine`] (JavaScript `Engine`), the search of `xiangqi-search` at one of its levels. The
//! logic is plain Rust in [`play`], tested natively; this layer only converts types. Errors
//! reach JavaScript as thrown `Error`s with the core's message.
//!
//! Built twice: single-thread for `wasm32-unknown-unknown` on stable, and threaded (feature
//! `threads`, nightly with atomics and shared memory), where `initThreadPool(n)` starts the
//! Web Workers of the engine's helper threads.

pub mod play;

use js_sys::{Array, Function, Object, Reflect};
use play::{AnalysisLine, AnalysisRequest, BestMove, MoveRequest, PlayEngine, PlayGame};
use wasm_bindgen::prelude::*;
use xiangqi_search::Score;

#[cfg(feature = "threads")]
pub use wasm_bindgen_rayon::init_thread_pool;

fn error(message: impl AsRef<str>) -> JsError {
    JsError::new(message.as_ref())
}

fn set(object: &Object, key: &str, value: impl Into<JsValue>) {
    // Setting a property of a plain fresh object cannot fail.
    let _ = Reflect::set(object, &JsValue::from_str(key), &value.into());
}

fn strings(items: Vec<String>) -> Array {
    items.into_iter().map(JsValue::from).collect()
}

/// Counting points given in half points, as `{red, black}` in points (`73.5`).
fn points_object(cho: u32, han: u32) -> JsValue {
    let object = Object::new();
    set(&object, "red", f64::from(cho) / 2.0);
    set(&object, "black", f64::from(han) / 2.0);
    object.into()
}

/// A game under the play page's rules (JavaScript `Game`).
#[wasm_bindgen(js_name = Game)]
pub struct JsGame {
    inner: PlayGame,
    tags: Vec<(String, String)>,
}

#[wasm_bindgen(js_class = Game)]
impl JsGame {
    /// A game from `fen`, or the start position when it is omitted, of `variant` (`"xiangqi"`
    /// when omitted, `"janggi"`); throws on a bad FEN or an unknown variant.
    #[wasm_bindgen(constructor)]
    pub fn new(fen: Option<String>, variant: Option<String>) -> Result<JsGame, JsError> {
        let variant = play::parse_variant(variant.as_deref()).map_err(error)?;
        PlayGame::of_variant(fen.as_deref(), variant)
            .map(|inner| JsGame {
                inner,
                tags: Vec::new(),
            })
            .map_err(error)
    }

    /// A janggi game from the start position of Cho's and Han's arrangements of horses and
    /// elephants (`"마상상마"` or `"masangsangma"`, ...: `tables().arrangements`); throws on an
    /// unknown name.
    pub fn janggi(cho: &str, han: &str) -> Result<JsGame, JsError> {
        PlayGame::janggi(cho, han)
            .map(|inner| JsGame {
                inner,
                tags: Vec::new(),
            })
            .map_err(error)
    }

    /// The game's variant: `"xiangqi"` or `"janggi"`.
    pub fn variant(&self) -> String {
        self.inner.variant().to_owned()
    }

    /// Janggi: the pass of the side to move in ICCS (its general's point twice, `"e1e1"`)
    /// when passing is legal now, else `undefined` (always in xiangqi).
    #[wasm_bindgen(js_name = passMove)]
    pub fn pass_move(&self) -> Option<String> {
        self.inner.pass_move()
    }

    /// Janggi: each side's counting points now, `{red, black}` (Cho, Han; Han's 1.5
    /// included), or `null` in xiangqi.
    pub fn points(&self) -> JsValue {
        self.inner
            .points()
            .map_or(JsValue::NULL, |(cho, han)| points_object(cho, han))
    }

    /// A game read from pasted text: a FEN, a PGN record (moves in ICCS, WXF, Chinese or
    /// Vietnamese) or a DhtmlXQ record; throws saying why it cannot be read.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(text: &str) -> Result<JsGame, JsError> {
        PlayGame::from_record(text)
            .map(|(inner, tags)| JsGame { inner, tags })
            .map_err(error)
    }

    /// The tags of the record the game was read from (`{}` for a game made otherwise).
    pub fn tags(&self) -> JsValue {
        let object = Object::new();
        for (name, value) in &self.tags {
            set(&object, name, value.as_str());
        }
        object.into()
    }

    /// The current FEN.
    pub fn fen(&self) -> String {
        self.inner.fen()
    }

    /// The FEN of the start position.
    #[wasm_bindgen(js_name = startFen)]
    pub fn start_fen(&self) -> String {
        self.inner.start_fen()
    }

    /// `"red"` or `"black"`: the side to move.
    pub fn turn(&self) -> String {
        self.inner.turn().to_owned()
    }

    /// The 90 points (index `file + 9 * rank`): FEN letter of the piece, or `""`.
    pub fn board(&self) -> Array {
        strings(self.inner.board())
    }

    /// The legal moves in ICCS (none once the game is over).
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Array {
        strings(self.inner.legal_moves())
    }

    /// Plays a move in ICCS; throws when it is malformed or illegal, or the game is over.
    pub fn play(&mut self, iccs: &str) -> Result<(), JsError> {
        self.inner.play(iccs).map_err(error)
    }

    /// `color` (`"red"` or `"black"`) resigns: the other side wins. Throws when the game is
    /// already over; taking back the move before it withdraws the resignation.
    pub fn resign(&mut self, color: &str) -> Result<(), JsError> {
        self.inner.resign(color).map_err(error)
    }

    /// The players agree a draw; throws when the game is already over.
    #[wasm_bindgen(js_name = agreeDraw)]
    pub fn agree_draw(&mut self) -> Result<(), JsError> {
        self.inner.agree_draw().map_err(error)
    }

    /// `color` ran out of time: the other side wins; throws when the game is already over.
    pub fn flag(&mut self, color: &str) -> Result<(), JsError> {
        self.inner.flag(color).map_err(error)
    }

    /// Takes the last move back; `false` when there is none.
    pub fn undo(&mut self) -> bool {
        self.inner.undo()
    }

    /// Moves played since the start position.
    pub fn ply(&self) -> u32 {
        self.inner.ply() as u32
    }

    /// The moves played, in ICCS.
    pub fn moves(&self) -> Array {
        strings(self.inner.moves())
    }

    /// `true` when the side to move is in check.
    #[wasm_bindgen(js_name = inCheck)]
    pub fn in_check(&self) -> bool {
        self.inner.in_check()
    }

    /// The point of the general of `color` (`"red"` or `"black"`).
    #[wasm_bindgen(js_name = generalSquare)]
    pub fn general_square(&self, color: &str) -> Result<String, JsError> {
        self.inner.general_square(color).map_err(error)
    }

    /// The last move in ICCS, or `undefined`.
    #[wasm_bindgen(js_name = lastMove)]
    pub fn last_move(&self) -> Option<String> {
        self.inner.last_move()
    }

    /// Move `index` (0-based) in `notation`: `"chinese"`, `"wxf"`, `"iccs"`, or for janggi
    /// `"korean"` (`"79졸78"`, the pass `"한수쉼"`).
    #[wasm_bindgen(js_name = moveText)]
    pub fn move_text(&self, index: u32, notation: &str) -> Result<String, JsError> {
        self.inner
            .move_text(index as usize, notation)
            .map_err(error)
    }

    /// `null` while the game goes on, else `{result, winner, termination, reason, points}`;
    /// `points` is `{red, black}` when janggi counting decided the game, else `null`.
    pub fn outcome(&self) -> JsValue {
        let Some(o) = self.inner.outcome() else {
            return JsValue::NULL;
        };
        let object = Object::new();
        set(&object, "result", o.result);
        set(
            &object,
            "winner",
            o.winner.map_or(JsValue::NULL, JsValue::from_str),
        );
        set(&object, "termination", o.termination);
        set(&object, "reason", o.reason);
        set(
            &object,
            "points",
            o.counted
                .map_or(JsValue::NULL, |(cho, han)| points_object(cho, han)),
        );
        object.into()
    }

    /// The game in PGN with `tags` (an object of tag names and values) and the moves in
    /// `notation` (`"iccs"`, `"wxf"` or `"chinese"`).
    pub fn pgn(&self, tags: JsValue, notation: &str) -> Result<String, JsError> {
        let mut pairs = Vec::new();
        if tags.is_object() {
            for entry in Object::entries(&Object::from(tags)).iter() {
                let entry = Array::from(&entry);
                let name = entry.get(0).as_string().unwrap_or_default();
                let value = entry.get(1);
                let value = value
                    .as_string()
                    .or_else(|| value.as_f64().map(|n| n.to_string()))
                    .unwrap_or_default();
                pairs.push((name, value));
            }
        }
        self.inner.pgn(&pairs, notation).map_err(error)
    }
}

/// The page's verdict on a move (the rule of `xiangqi_search::review`, as Python's
/// `xiangqi.analyse` judges): `before` is the score of the position before the move from the
/// mover's side, `after` that of the position after it from the opponent's side, in the
/// engine's numbers (centipawns; a mate ±100000 less the moves to it). Returns `{drop,
/// judgement, symbol, nag}`: `judgement` is `good`, `dubious`, `mistake` or `blunder`,
/// `symbol` `""`, `?!`, `?` or `??`.
#[wasm_bindgen(js_name = judgeMove)]
pub fn judge_move(before: f64, after: f64, played_best: bool) -> JsValue {
    let clamp = |x: f64| {
        if x.is_finite() {
            x.clamp(-1e9, 1e9) as i32
        } else {
            0
        }
    };
    let (drop, judgement) = play::judge_move(clamp(before), clamp(after), played_best);
    let object = Object::new();
    set(&object, "drop", drop);
    set(&object, "judgement", judgement.name());
    set(&object, "symbol", judgement.symbol());
    set(&object, "nag", judgement.nag());
    object.into()
}

/// The expected score (0 to 1) of a side `cp` centipawns ahead (the curve of [`judge_move`]).
#[wasm_bindgen(js_name = expectedScore)]
pub fn expected_score(cp: f64) -> f64 {
    let cp = if cp.is_finite() {
        cp.clamp(-1e9, 1e9) as i32
    } else {
        0
    };
    xiangqi_search::review::expected_score(cp)
}

/// The ICCS name of the point with board index `index` (`file + 9 * rank`).
#[wasm_bindgen(js_name = squareName)]
pub fn square_name(index: u32) -> Result<String, JsError> {
    play::square_name(index).map_err(error)
}

/// The board index of an ICCS point name.
#[wasm_bindgen(js_name = squareIndex)]
pub fn square_index(name: &str) -> Result<u32, JsError> {
    play::square_index(name).map_err(error)
}

/// The tables the page reads from the Rust crates instead of keeping copies: `{levels: [{name,
/// description, thinkMs}], terminations: [{code, name}], pieceValues: {role: centipawns},
/// mateCp, nullMove, arrangements: [{name, korean}], variants: [name]}` (`arrangements`:
/// janggi's four setups of horses and elephants).
#[wasm_bindgen]
pub fn tables() -> JsValue {
    let t = play::tables();
    let levels: Array = t
        .levels
        .iter()
        .map(|l| {
            let row = Object::new();
            set(&row, "name", l.name.as_str());
            set(&row, "description", l.description);
            set(&row, "thinkMs", l.think_ms);
            JsValue::from(row)
        })
        .collect();
    let terminations: Array = t
        .terminations
        .iter()
        .map(|&(code, name)| {
            let row = Object::new();
            set(&row, "code", code);
            set(&row, "name", name);
            JsValue::from(row)
        })
        .collect();
    let values = Object::new();
    for &(role, value) in &t.piece_values {
        set(&values, role, value);
    }
    let object = Object::new();
    set(&object, "levels", levels);
    set(&object, "terminations", terminations);
    set(&object, "pieceValues", values);
    let arrangements: Array = t
        .arrangements
        .iter()
        .map(|&(name, korean)| {
            let row = Object::new();
            set(&row, "name", name);
            set(&row, "korean", korean);
            JsValue::from(row)
        })
        .collect();
    let variants: Array = t.variants.iter().map(|&v| JsValue::from(v)).collect();
    set(&object, "mateCp", t.mate_cp);
    set(&object, "nullMove", t.null_move);
    set(&object, "arrangements", arrangements);
    set(&object, "variants", variants);
    object.into()
}

/// The puzzles of a puzzle file's text, read by the one reader the CLI and Python use:
/// `{ puzzles, errors }`, each puzzle `{ id, fen, moves, themes, level, daily, source,
/// mateIn }` (`moves` the line in ICCS, solver first; `mateIn` the `mate-in-N` theme's N or
/// `undefined`), each error a malformed row's `line N: why`.
#[wasm_bindgen(js_name = readPuzzles)]
pub fn read_puzzles(text: &str) -> JsValue {
    let (puzzles, errors) = play::read_puzzles(text);
    let list: Array = puzzles
        .into_iter()
        .map(|p| {
            let row = Object::new();
            set(&row, "mateIn", p.mate_in());
            set(&row, "level", p.level.name().to_lowercase());
            set(&row, "daily", p.daily);
            set(&row, "id", p.id);
            set(&row, "fen", p.fen);
            set(&row, "moves", strings(p.moves));
            set(&row, "themes", strings(p.themes));
            set(&row, "source", p.source);
            JsValue::from(row)
        })
        .collect();
    let object = Object::new();
    set(&object, "puzzles", list);
    set(&object, "errors", strings(errors));
    object.into()
}

/// Which of `pool` daily puzzles is the daily puzzle of `date` (`YYYY-MM-DD`), as Python's
/// `xiangqi.puzzles.daily_puzzle` chooses; `undefined` for an empty pool or a text that is no
/// date.
#[wasm_bindgen(js_name = dailyPuzzleIndex)]
pub fn daily_puzzle_index(date: &str, pool: u32) -> Option<u32> {
    play::daily_puzzle_index(date, pool as usize).map(|i| i as u32)
}

/// `true` in the threaded build.
#[wasm_bindgen(js_name = hasThreads)]
pub fn has_threads() -> bool {
    cfg!(feature = "threads")
}

/// The engine (JavaScript `Engine`), run inside a Web Worker.
#[wasm_bindgen(js_name = Engine)]
pub struct JsEngine {
    inner: PlayEngine,
}

fn score_fields(object: &Object, score: Score) {
    let mate = match score {
        Score::Mate(n) => JsValue::from(n),
        Score::Cp(_) => JsValue::NULL,
    };
    set(object, "score", f64::from(play::page_score(score)));
    set(object, "mate", mate);
}

fn line_object(line: &AnalysisLine) -> JsValue {
    let object = Object::new();
    set(&object, "multipv", line.multipv);
    set(&object, "depth", line.depth);
    score_fields(&object, line.score);
    set(&object, "pv", strings(line.pv.clone()));
    set(&object, "nodes", line.nodes as f64);
    set(&object, "timeMs", line.time.as_secs_f64() * 1000.0);
    object.into()
}

fn best_move_object(answer: &BestMove) -> JsValue {
    let object = Object::new();
    set(
        &object,
        "move",
        answer
            .mv
            .as_deref()
            .map_or(JsValue::NULL, JsValue::from_str),
    );
    score_fields(&object, answer.score);
    set(&object, "depth", answer.depth);
    set(&object, "nodes", answer.nodes as f64);
    set(&object, "timeMs", answer.time.as_secs_f64() * 1000.0);
    object.into()
}

#[wasm_bindgen(js_class = Engine)]
impl JsEngine {
    /// An engine on `threads` search threads (the threaded build's pool must hold at least
    /// `threads - 1`) with a `hash_mb` MiB table (0: the page's default).
    #[wasm_bindgen(constructor)]
    pub fn new(threads: u32, hash_mb: u32) -> JsEngine {
        let hash_mb = if hash_mb == 0 {
            play::PAGE_HASH_MB
        } else {
            hash_mb as usize
        };
        let threads = if cfg!(feature = "threads") {
            threads.max(1) as usize
        } else {
            1
        };
        JsEngine {
            inner: PlayEngine::new(threads, hash_mb),
        }
    }

    /// Search threads in use.
    pub fn threads(&self) -> u32 {
        self.inner.threads() as u32
    }

    /// The address in the module's memory of the stop flag (a byte: write 1 to stop the
    /// running search). Only useful with shared memory, from another worker.
    #[wasm_bindgen(js_name = stopFlagAddress)]
    pub fn stop_flag_address(&mut self) -> u32 {
        let handle = self.inner.engine().stop_handle();
        handle.flag() as *const _ as usize as u32
    }

    /// Withdraws a pending stop.
    #[wasm_bindgen(js_name = resetStop)]
    pub fn reset_stop(&mut self) {
        self.inner.engine().stop_handle().reset();
    }

    /// Forgets the previous game.
    #[wasm_bindgen(js_name = newGame)]
    pub fn new_game(&mut self) {
        self.inner.new_game();
    }

    /// Analysis at full strength: game start `fen` (empty: the start position), `moves` since
    /// (ICCS; a janggi pass as the general's point twice), `multipv` lines, limits `nodes`, `depth`, `movetime_ms` (0: none of that
    /// limit), or `infinite` (until stopped). `on_line` (or `null`) is called with each line of
    /// each iteration, `{multipv, depth, score, mate, pv, nodes, timeMs}` (`score` from the
    /// side to move's view, in the engine's numbers). `variant` is the game's (`"xiangqi"`
    /// when omitted, `"janggi"`). Returns the best line in that shape, or `null` when the side
    /// to move has no move.
    #[allow(clippy::too_many_arguments)]
    pub fn analyse(
        &mut self,
        fen: &str,
        moves: Vec<String>,
        multipv: u32,
        nodes: f64,
        depth: u32,
        movetime_ms: u32,
        infinite: bool,
        on_line: Option<Function>,
        variant: Option<String>,
    ) -> Result<JsValue, JsError> {
        let request = AnalysisRequest {
            variant: play::parse_variant(variant.as_deref()).map_err(error)?,
            fen,
            moves: &moves,
            multipv: multipv.max(1) as usize,
            nodes: (nodes.is_finite() && nodes >= 1.0).then_some(nodes as u64),
            depth: (depth > 0).then_some(depth),
            movetime_ms: (movetime_ms > 0).then_some(movetime_ms),
            infinite,
        };
        let mut report = |line: &AnalysisLine| {
            if let Some(f) = &on_line {
                // A callback that throws only loses that report.
                let _ = f.call1(&JsValue::NULL, &line_object(line));
            }
        };
        let best = self.inner.analyse(&request, &mut report).map_err(error)?;
        Ok(best.as_ref().map_or(JsValue::NULL, line_object))
    }

    /// One position of a game under review (core's `review_position`, the review Python's
    /// analysis uses too): the game from `fen` (empty: the start position) through `moves`
    /// (ICCS) under the page's rules for `variant`, searched at full strength within `nodes`.
    /// Returns `{score, mate, pv, depth}`: `score` from the side to move's view on the mate
    /// scale (a game the rules have ended there: -mateCp lost, mateCp won, 0 drawn, with
    /// `mate` 0 for a win or loss and `pv` empty), `pv` the best move alone.
    #[wasm_bindgen(js_name = reviewPosition)]
    pub fn review_position(
        &mut self,
        fen: &str,
        moves: Vec<String>,
        nodes: f64,
        variant: Option<String>,
    ) -> Result<JsValue, JsError> {
        let variant = play::parse_variant(variant.as_deref()).map_err(error)?;
        let nodes = if nodes.is_finite() && nodes >= 1.0 {
            nodes as u64
        } else {
            1
        };
        let review = self
            .inner
            .review_position(variant, fen, &moves, nodes)
            .map_err(error)?;
        let object = Object::new();
        let mate = match (review.score, review.outcome) {
            (_, Some(outcome)) if outcome.winner.is_some() => JsValue::from(0),
            (Score::Mate(n), None) => JsValue::from(n),
            _ => JsValue::NULL,
        };
        set(&object, "score", f64::from(review.cp));
        set(&object, "mate", mate);
        set(&object, "depth", review.depth);
        set(
            &object,
            "pv",
            strings(
                review
                    .best_move
                    .map(xiangqi_core::Move::iccs)
                    .into_iter()
                    .collect(),
            ),
        );
        Ok(object.into())
    }

    /// The engine's move: game start `fen` (empty: the start position), `moves` since (ICCS),
    /// `level` (`beginner` .. `master`), `seed` of the level's choice (a negative or non-finite
    /// number: none), time budget `movetime_ms` (0: the page's default), `variant` the game's
    /// (`"xiangqi"` when omitted, `"janggi"`: the engine then plays janggi at the same levels).
    /// Returns `{move, score, mate, depth, nodes, timeMs}`; `move` is `null` when there is
    /// none, and a janggi pass is the general's point twice (`"e1e1"`).
    #[wasm_bindgen(js_name = bestMove)]
    pub fn best_move(
        &mut self,
        fen: &str,
        moves: Vec<String>,
        level: &str,
        seed: f64,
        movetime_ms: u32,
        variant: Option<String>,
    ) -> Result<JsValue, JsError> {
        let request = MoveRequest {
            variant: play::parse_variant(variant.as_deref()).map_err(error)?,
            fen,
            moves: &moves,
            level,
            seed: (seed.is_finite() && seed >= 0.0).then_some(seed as u64),
            movetime_ms: if movetime_ms == 0 {
                play::MASTER_MOVETIME_MS
            } else {
                movetime_ms
            },
        };
        self.inner
            .best_move(&request)
            .map(|answer| best_move_object(&answer))
            .map_err(error)
    }
}

/// `xiangqi bench` in the browser: the same positions, depth (0: the default) and table on
/// `threads` search threads (1 in the single-thread build). Returns `{nodes, ms, nps, threads}`;
/// with one thread `nodes` is the bench signature, as natively.
#[wasm_bindgen]
pub fn bench(depth: u32, threads: u32) -> JsValue {
    let depth = if depth == 0 {
        xiangqi_search::bench::BENCH_DEPTH
    } else {
        depth
    };
    let threads = if cfg!(feature = "threads") {
        threads.max(1)
    } else {
        1
    };
    let report = xiangqi_search::bench::run_bench_threads(depth, threads as usize, |_, _, _| {});
    let object = Object::new();
    set(&object, "nodes", report.nodes as f64);
    set(&object, "ms", report.time.as_secs_f64() * 1000.0);
    set(&object, "nps", report.nps as f64);
    set(&object, "threads", threads);
    object.into()
}

/// The module's memory (shared in the threaded build, where another worker may write the
/// engine's stop flag into it).
#[wasm_bindgen(js_name = wasmMemory)]
pub fn wasm_memory() -> JsValue {
    wasm_bindgen::memory()
}
