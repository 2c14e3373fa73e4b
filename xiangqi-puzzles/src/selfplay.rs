//! Engine games to mine: two levels play each other at their own caps, with seeded random
//! choice, and the games are written as PGN.

use xiangqi_core::pgn::{PgnGame, PgnResult};
use xiangqi_core::{Color, Game, Position, Rules};
use xiangqi_search::{Engine, EngineOptions, Level, Limits};

/// How to play the games.
#[derive(Clone, Debug)]
pub struct SelfplayConfig {
    /// Red's level.
    pub red: Level,
    /// Black's level.
    pub black: Level,
    /// Node cap per move on top of the levels' own caps (Master has none of its own).
    pub nodes: u64,
    /// Games end as drawn after this many plies.
    pub max_plies: usize,
    /// Seed of the first game; game `i` uses `seed + i`.
    pub seed: u64,
}

impl Default for SelfplayConfig {
    fn default() -> SelfplayConfig {
        SelfplayConfig {
            red: Level::Beginner,
            black: Level::Club,
            nodes: 20_000,
            max_plies: 300,
            seed: 1,
        }
    }
}

/// Plays game number `index` and returns its record (tags `Event`, `Round`, `Red`, `Black`,
/// `Result`, `Termination`).
pub fn play_game(config: &SelfplayConfig, index: u64) -> PgnGame {
    let seed = config.seed.wrapping_add(index);
    let engine_for = |level: Level, salt: u64| {
        Engine::new(EngineOptions {
            level,
            hash_mb: 8,
            seed: Some(seed.wrapping_mul(2).wrapping_add(salt)),
            evaluation: crate::puzzle_evaluation(),
            ..EngineOptions::default()
        })
    };
    let mut red = engine_for(config.red, 0);
    let mut black = engine_for(config.black, 1);
    let mut game = Game::new(Position::startpos(), Rules::simple());
    let limits = Limits {
        nodes: Some(config.nodes),
        ..Limits::default()
    };
    while game.outcome().is_none() && game.ply() < config.max_plies {
        let engine = if game.position().turn() == Color::Red {
            &mut red
        } else {
            &mut black
        };
        let result = engine.search_game(&game, &limits, &mut |_| {});
        let Some(mv) = result.best_move else { break };
        if game.push(mv).is_err() {
            break;
        }
    }
    let moves: Vec<_> = game.moves().collect();
    let mut record = PgnGame::from_moves(Position::startpos(), moves).unwrap_or_default();
    let (result, why) = match game.outcome() {
        Some(o) => (
            match o.winner {
                Some(Color::Red) => PgnResult::RedWins,
                Some(Color::Black) => PgnResult::BlackWins,
                None => PgnResult::Draw,
            },
            format!("{:?}", o.termination),
        ),
        None => (PgnResult::Draw, "move limit".to_owned()),
    };
    record.result = result;
    record.set_tag("Game", "Chinese Chess");
    record.set_tag("Event", "xiangqi engine game");
    record.set_tag("Round", (index + 1).to_string());
    record.set_tag("Red", config.red.name());
    record.set_tag("Black", config.black.name());
    record.set_tag("Result", result.as_str());
    record.set_tag("Termination", why);
    record
}
