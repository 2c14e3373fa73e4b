//! Training data for the learned evaluation: the engine plays itself at a fixed node count and
//! every position gets the search's score and, once the game ends, its result.
//!
//! A game depends only on the settings and its number: its opening is chosen and its random
//! plies drawn from a generator seeded by both, and a one-thread search at a fixed node count is
//! deterministic. So a run that was stopped resumes by playing the numbers its file lacks, and
//! two machines can share a run by taking different ranges of numbers.

use crate::{Engine, EngineOptions, Evaluation, Level, Limits, Rules, Score};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use xiangqi_core::janggi::Arrangement;
use xiangqi_core::{Color, Game, Position, Variant};
use xiangqi_nnue::data::{
    DataError, DataFile, GameRecord, GameResult, ScoredMove, ADJUDICATED, RECORDED, SCORE_MATE,
    SCORE_MATE_BOUND, SCORE_NONE,
};

/// The balanced openings shipped with the project (`data/openings/balanced.epd`): 60 starts a
/// few plies in, each scored within 60 centipawns by a reference engine.
pub fn balanced_openings() -> Vec<Position> {
    parse_openings(
        include_str!("../../data/openings/balanced.epd"),
        Variant::Xiangqi,
    )
    .expect("the shipped openings are valid")
}

/// The starts of a game: xiangqi's [`balanced_openings`], or for a janggi rule set its sixteen
/// setups (each side's choice of the four horse and elephant arrangements).
pub fn openings_for(variant: Variant) -> Vec<Position> {
    if !variant.is_janggi() {
        return balanced_openings();
    }
    let mut starts = Vec::with_capacity(16);
    for cho in Arrangement::ALL {
        for han in Arrangement::ALL {
            let pos = Position::janggi_start(cho, han);
            let fen = pos.fen();
            starts
                .push(Position::from_fen_variant(&fen, variant).expect("a janggi start is valid"));
        }
    }
    starts
}

/// Reads openings of `variant`: one FEN (or EPD) a line, `#` comments and blank lines skipped.
/// The error names the line.
pub fn parse_openings(text: &str, variant: Variant) -> Result<Vec<Position>, String> {
    let openings: Vec<Position> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .enumerate()
        .map(|(i, line)| {
            // An EPD line has four fields; a FEN line six. Both parse as a FEN with the
            // counters defaulted.
            let fields: Vec<&str> = line.split_whitespace().take(6).collect();
            let fen = if fields.len() >= 6 {
                fields.join(" ")
            } else {
                format!("{} 0 1", fields[..fields.len().min(4)].join(" "))
            };
            Position::from_fen_variant(&fen, variant).map_err(|e| format!("opening {}: {e}", i + 1))
        })
        .collect::<Result<_, _>>()?;
    if openings.is_empty() {
        return Err("no openings".to_owned());
    }
    Ok(openings)
}

/// How the games are played.
#[derive(Clone, Debug, PartialEq)]
pub struct GenConfig {
    /// Nodes searched for each move (one thread, so the game is reproducible).
    pub nodes: u64,
    /// Fewest random plies played after the opening, before the recorded game starts.
    pub min_random_plies: u32,
    /// Most random plies.
    pub max_random_plies: u32,
    /// A start whose score (after the random plies) is larger than this in magnitude is drawn
    /// again: a lost position from move one teaches little.
    pub max_start_score: i32,
    /// A game still going after this many recorded plies is a draw.
    pub max_plies: u32,
    /// A game whose score stays beyond this (in centipawns, both sides agreeing)...
    pub win_score: i32,
    /// ...for this many plies in a row is adjudicated a win.
    pub win_plies: u32,
    /// After this many plies, a game whose score stays within `draw_score`...
    pub draw_after: u32,
    /// ...(centipawns)...
    pub draw_score: i32,
    /// ...for this many plies in a row is adjudicated a draw.
    pub draw_plies: u32,
    /// The game-end rules (repetitions, the no-capture limit).
    pub rules: Rules,
    /// The evaluation the engine plays with.
    pub evaluation: Evaluation,
    /// The transposition table of each game, in MiB.
    pub hash_mb: usize,
    /// The run's seed: with the same seed and settings, game `n` is always the same game.
    pub seed: u64,
    /// Where the games start (an opening is chosen by the game's number and seed; by default
    /// [`balanced_openings`]).
    pub openings: Vec<Position>,
}

impl Default for GenConfig {
    fn default() -> GenConfig {
        GenConfig {
            nodes: 6_000,
            min_random_plies: 2,
            max_random_plies: 6,
            max_start_score: 300,
            max_plies: 400,
            win_score: 1_500,
            win_plies: 6,
            draw_after: 120,
            draw_score: 10,
            draw_plies: 24,
            rules: Rules::axf(),
            evaluation: Evaluation::default(),
            hash_mb: 16,
            seed: 1,
            openings: balanced_openings(),
        }
    }
}

/// A search score in the data's scale.
pub fn data_score(score: Score) -> i16 {
    match score {
        Score::Cp(cp) => cp.clamp(
            -i32::from(SCORE_MATE_BOUND) + 1,
            i32::from(SCORE_MATE_BOUND) - 1,
        ) as i16,
        Score::Mate(n) if n > 0 => SCORE_MATE - n.min(999) as i16,
        Score::Mate(n) => -SCORE_MATE + (-n).min(999) as i16,
    }
}

/// The engine the games are played with.
pub fn engine_for(config: &GenConfig) -> Engine {
    Engine::new(EngineOptions {
        threads: 1,
        hash_mb: config.hash_mb,
        level: Level::Master,
        rules: config.rules,
        multipv: 1,
        seed: Some(config.seed),
        evaluation: config.evaluation.clone(),
        ..EngineOptions::default()
    })
}

fn mix(seed: u64, index: u64, attempt: u64) -> u64 {
    let mut x = seed
        ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15)
        ^ attempt.wrapping_mul(0xd1b5_4a32_d192_ed03);
    x ^= x >> 31;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^ (x >> 29)
}

/// The start of game `index`: an opening and its random plies, drawn again until the
/// position is balanced and not over.
pub(crate) fn start_position(engine: &mut Engine, config: &GenConfig, index: u64) -> Position {
    let mut fallback = None;
    for attempt in 0..64 {
        let mut rng = fastrand::Rng::with_seed(mix(config.seed, index, attempt));
        let opening = &config.openings[rng.usize(..config.openings.len().max(1))];
        let mut pos = opening.clone();
        let plies =
            rng.u32(config.min_random_plies..=config.max_random_plies.max(config.min_random_plies));
        let mut ok = true;
        for _ in 0..plies {
            // No random pass: a start stores no memory of the ply before it.
            let mut moves = pos.legal_moves();
            moves.retain(|m| !Position::is_pass(m));
            if moves.is_empty() {
                ok = false;
                break;
            }
            pos.play(moves[rng.usize(..moves.len())])
                .expect("a legal move plays");
        }
        if !ok || !pos.has_legal_moves() {
            continue;
        }
        engine.new_game();
        let check = engine.search_position(
            &pos,
            &Limits {
                nodes: Some(config.nodes),
                ..Limits::default()
            },
            &mut |_| {},
        );
        let balanced = matches!(check.score, Score::Cp(cp) if cp.abs() <= config.max_start_score);
        if balanced {
            return pos;
        }
        fallback.get_or_insert(pos);
    }
    fallback.unwrap_or_else(|| config.openings[0].clone())
}

/// The rules a game from `start` is judged by: `rules`, except that a janggi start under one of
/// xiangqi's presets takes its variant's own (as the engine's search does).
fn rules_for(rules: Rules, start: &Position) -> Rules {
    if start.variant().is_janggi() && xiangqi_core::rules::PRESETS.contains(&rules) {
        start.variant().default_rules()
    } else {
        rules
    }
}

/// Plays game `index` of the run to its end.
pub fn play_game(engine: &mut Engine, config: &GenConfig, index: u64) -> GameRecord {
    let start = start_position(engine, config, index);
    let (result, termination, moves) =
        play_out(core::slice::from_mut(engine), Color::Red, &start, config);
    GameRecord {
        index,
        start,
        result,
        termination,
        moves,
    }
}

/// Plays a game from `start` to its end (by the rules, or adjudicated by `config`'s
/// thresholds): with one engine, against itself; with two, the first plays `first` (Red or
/// Black) and the second the other side. Every engine starts a new game first.
pub(crate) fn play_out(
    engines: &mut [Engine],
    first: Color,
    start: &Position,
    config: &GenConfig,
) -> (GameResult, u8, Vec<ScoredMove>) {
    for engine in engines.iter_mut() {
        engine.new_game();
    }
    let mut game = Game::new(start.clone(), rules_for(config.rules, start));
    let mut moves = Vec::new();
    let limits = Limits {
        nodes: Some(config.nodes),
        ..Limits::default()
    };
    let (mut win_run, mut draw_run) = (0u32, 0u32);
    let mut last_winner = None;
    let (result, termination) = loop {
        if let Some(outcome) = game.outcome() {
            break (
                GameResult::from_winner(outcome.winner),
                outcome.termination.code(),
            );
        }
        if moves.len() as u32 >= config.max_plies {
            break (GameResult::Draw, ADJUDICATED);
        }
        let turn = game.position().turn();
        let engine = &mut engines[usize::from(turn != first) % engines.len()];
        let found = engine.search_game(&game, &limits, &mut |_| {});
        let Some(mv) = found.best_move else {
            // No legal move: the rules above end such a game first; a draw keeps it harmless.
            break (GameResult::Draw, ADJUDICATED);
        };
        let score = data_score(found.score);
        moves.push(ScoredMove { mv, score });
        // Adjudication looks at the score from Red's side.
        let red_score = if turn == Color::Red {
            i32::from(score)
        } else {
            -i32::from(score)
        };
        if red_score.abs() >= config.win_score {
            let winner = if red_score > 0 {
                Color::Red
            } else {
                Color::Black
            };
            win_run = if last_winner == Some(winner) {
                win_run + 1
            } else {
                1
            };
            last_winner = Some(winner);
        } else {
            win_run = 0;
            last_winner = None;
        }
        if moves.len() as u32 >= config.draw_after && red_score.abs() <= config.draw_score {
            draw_run += 1;
        } else {
            draw_run = 0;
        }
        game.push(mv).expect("the engine plays legal moves");
        if win_run >= config.win_plies {
            break (GameResult::from_winner(last_winner), ADJUDICATED);
        }
        if draw_run >= config.draw_plies {
            break (GameResult::Draw, ADJUDICATED);
        }
    };
    (result, termination, moves)
}

/// How a run is going, for a progress line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GenProgress {
    /// Games in the file now.
    pub games: u64,
    /// Games the run is to reach.
    pub target_games: u64,
    /// Positions in the file now.
    pub positions: u64,
    /// Positions written by this run so far.
    pub new_positions: u64,
    /// Seconds since this run started.
    pub seconds: f64,
}

impl GenProgress {
    /// New positions a second.
    pub fn rate(&self) -> f64 {
        self.new_positions as f64 / self.seconds.max(1e-9)
    }

    /// Estimated seconds left, from the positions a game has had so far.
    pub fn eta_seconds(&self) -> Option<f64> {
        let left = self.target_games.saturating_sub(self.games);
        if self.games == 0 || self.new_positions == 0 {
            return None;
        }
        let per_game = self.positions as f64 / self.games as f64;
        Some(left as f64 * per_game / self.rate())
    }
}

/// Plays the games numbered `0..games` that `data` does not hold yet on `threads` threads,
/// appending each to `data` as it ends (in the order they end). `progress` is called after
/// each game; `stop` ends the run after the games in play.
pub fn run(
    config: &GenConfig,
    data: &mut DataFile,
    games: u64,
    threads: usize,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(&GenProgress),
) -> Result<(), DataError> {
    let todo: Vec<u64> = (0..games).filter(|&i| !data.contains(i)).collect();
    run_jobs(
        &todo,
        games,
        || engine_for(config),
        |engine, index| Some(play_game(engine, config, index)),
        data,
        threads,
        stop,
        progress,
    )
}

/// Runs `job` for every number of `todo` on `threads` threads, each with its own engine from
/// `new_engine`, appending the records to `data` as they come (a job may give none).
#[allow(clippy::too_many_arguments)]
pub fn run_jobs<E, F>(
    todo: &[u64],
    target_games: u64,
    new_engine: E,
    job: F,
    data: &mut DataFile,
    threads: usize,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(&GenProgress),
) -> Result<(), DataError>
where
    E: Fn() -> Engine + Sync,
    F: Fn(&mut Engine, u64) -> Option<GameRecord> + Sync,
{
    let next = AtomicU64::new(0);
    let started = crate::Instant::now();
    let mut new_positions = 0;
    let (send, receive) = mpsc::channel::<GameRecord>();
    std::thread::scope(|scope| -> Result<(), DataError> {
        for _ in 0..threads.max(1) {
            let send = send.clone();
            let (next, new_engine, job) = (&next, &new_engine, &job);
            scope.spawn(move || {
                let mut engine = new_engine();
                loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let slot = next.fetch_add(1, Ordering::Relaxed) as usize;
                    let Some(&index) = todo.get(slot) else { break };
                    if let Some(record) = job(&mut engine, index) {
                        if send.send(record).is_err() {
                            break;
                        }
                    }
                }
            });
        }
        drop(send);
        let mut failure = None;
        for record in receive {
            if failure.is_some() {
                continue;
            }
            if let Err(e) = data.append(&record) {
                stop.store(true, Ordering::Relaxed);
                failure = Some(e);
                continue;
            }
            new_positions += record.moves.len() as u64;
            progress(&GenProgress {
                games: data.games(),
                target_games,
                positions: data.positions(),
                new_positions,
                seconds: started.elapsed().as_secs_f64(),
            });
        }
        failure.map_or(Ok(()), Err)
    })
}

/// Scores every position of a recorded game (its main line) with a search of `nodes` nodes,
/// which sees the game's history for repetitions. `None` when the game's result is unknown.
pub fn score_game(
    engine: &mut Engine,
    start: &Position,
    moves: &[xiangqi_core::Move],
    result: Option<GameResult>,
    nodes: u64,
    index: u64,
) -> Option<GameRecord> {
    let result = result?;
    engine.new_game();
    let mut game = Game::new(start.clone(), rules_for(engine.options().rules, start));
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let mut scored = Vec::with_capacity(moves.len());
    for &mv in moves {
        if game.outcome().is_some() {
            break;
        }
        let found = engine.search_game(&game, &limits, &mut |_| {});
        if game.push(mv).is_err() {
            break;
        }
        scored.push(ScoredMove {
            mv,
            score: data_score(found.score),
        });
    }
    Some(GameRecord {
        index,
        start: start.clone(),
        result,
        termination: RECORDED,
        moves: scored,
    })
}

/// `true` when a stored score may be learned from: scored, and not a mate.
pub fn is_trainable_score(score: i16) -> bool {
    score != SCORE_NONE && score.unsigned_abs() < SCORE_MATE_BOUND as u16
}
