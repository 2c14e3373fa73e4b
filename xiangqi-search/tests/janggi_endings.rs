//! The search judges janggi's game ends as Fairy-Stockfish does: every row of
//! `data/rules/janggi_endings.tsv` (pyffish's verdicts, written by
//! `tools/janggi_endings_data.py`).
//!
//! - The last move of a row, searched alone from the position before it (`search_moves`), scores
//!   as the ending pyffish names: a win for the side that plays it is a mate in one
//!   (`Score::Mate(1)`), a loss `Score::Mate(-1)`, a draw `Score::Cp(0)`.
//! - At the end of a row whose game is over `Engine::search_game` offers no move and names
//!   pyffish's ending (`SearchResult::outcome`); where the game goes on, it plays a legal move.

mod common;

use common::within;
use xiangqi_core::{Color, Game, Iccs, Move, Variant};
use xiangqi_search::review::{review_position, MATE_CP};
use xiangqi_search::{Engine, EngineOptions, Limits, Score};

struct Case {
    line: usize,
    variant: Variant,
    fen: String,
    moves: Vec<String>,
    termination: String,
    winner: String,
}

fn cases() -> Vec<Case> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/rules/janggi_endings.tsv"
    );
    let text = std::fs::read_to_string(path).expect("read data/rules/janggi_endings.tsv");
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.starts_with("variant\t") && !l.is_empty())
        .map(|(number, line)| {
            let f: Vec<&str> = line.split('\t').collect();
            Case {
                line: number + 1,
                variant: f[0].parse().expect("a janggi variant"),
                fen: f[1].to_owned(),
                moves: if f[2] == "-" {
                    Vec::new()
                } else {
                    f[2].split(' ').map(str::to_owned).collect()
                },
                termination: f[3].to_owned(),
                winner: f[4].to_owned(),
            }
        })
        .collect()
}

fn color(name: &str) -> Option<Color> {
    match name {
        "red" => Some(Color::Red),
        "black" => Some(Color::Black),
        _ => None,
    }
}

/// Every row but the last move played into a game, and that move.
fn before_last(case: &Case) -> (Game, Option<Move>) {
    let mut game = Game::of_variant(case.variant, Some(&case.fen)).unwrap();
    let mut last = None;
    for (i, text) in case.moves.iter().enumerate() {
        let m = text
            .parse::<Iccs>()
            .and_then(|iccs| iccs.to_move(game.position()))
            .unwrap_or_else(|e| panic!("line {}: {text}: {e}", case.line));
        if i + 1 == case.moves.len() {
            last = Some(m);
        } else {
            game.push(m).unwrap();
        }
    }
    (game, last)
}

/// The last move of every row, searched alone from the position before it, scored as pyffish's
/// ending: a win in one for the side that plays it (`Score::Mate(1)`), a loss (`Mate(-1)`) or
/// a draw (`Cp(0)`). In the janggimodern back-and-forth rows the last move loses for the side
/// that plays it.
#[test]
fn the_search_scores_every_janggi_ending_as_fairy_stockfish_does() {
    let (failures, checked) = within(600, || {
        let mut engine = Engine::new(EngineOptions {
            hash_mb: 8,
            seed: Some(1),
            ..EngineOptions::default()
        });
        let mut failures = Vec::new();
        let mut checked = 0;
        for case in cases() {
            if case.termination == "none" {
                continue;
            }
            let at = format!(
                "line {} ({} {} {:?})",
                case.line, case.variant, case.fen, case.moves
            );
            let (game, Some(last)) = before_last(&case) else {
                continue;
            };
            let mover = game.position().turn();
            let limits = Limits {
                depth: Some(2),
                search_moves: vec![last],
                ..Limits::default()
            };
            engine.new_game();
            let result = engine.search_game(&game, &limits, &mut |_| {});
            let expected = match color(&case.winner) {
                Some(w) if w == mover => Score::Mate(1),
                Some(_) => Score::Mate(-1),
                None => Score::Cp(0),
            };
            if result.score != expected || result.best_move != Some(last) {
                failures.push(format!(
                    "{at}: {} by {}: the last move scores {:?} (move {:?}), expected {expected:?}",
                    case.termination, case.winner, result.score, result.best_move
                ));
            }
            checked += 1;
        }
        (failures, checked)
    });
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(checked >= 280, "{checked} rows");
}

/// At the end of every row whose game is over the engine offers no move and names pyffish's
/// ending and winner; where the game goes on, it offers a legal move and no outcome.
#[test]
fn the_engine_offers_no_move_in_a_finished_janggi_game() {
    let failures = within(600, || {
        let mut engine = Engine::new(EngineOptions {
            hash_mb: 8,
            seed: Some(1),
            ..EngineOptions::default()
        });
        let mut failures = Vec::new();
        for case in cases() {
            let (mut game, last) = before_last(&case);
            if let Some(last) = last {
                game.push(last).unwrap();
            }
            engine.new_game();
            let limits = Limits {
                depth: Some(1),
                ..Limits::default()
            };
            let result = engine.search_game(&game, &limits, &mut |_| {});
            let ending = result.outcome.map(|o| {
                let name = o.termination.name().replace(' ', "_");
                let winner = match o.winner {
                    Some(Color::Red) => "red",
                    Some(Color::Black) => "black",
                    None => "draw",
                };
                (name, winner.to_owned())
            });
            let expected = (case.termination != "none")
                .then(|| (case.termination.clone(), case.winner.clone()));
            let legal = result
                .best_move
                .is_none_or(|m| game.position().legal_moves().contains(&m));
            if ending != expected || result.best_move.is_some() != expected.is_none() || !legal {
                failures.push(format!(
                    "line {} ({} {}): {} by {}: at the end the engine offers {:?} (score {:?}, outcome {:?})",
                    case.line,
                    case.variant,
                    case.fen,
                    case.termination,
                    case.winner,
                    result.best_move,
                    result.score,
                    result.outcome
                ));
            }
        }
        failures
    });
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The review scores the end of every row as pyffish's verdict from the side to move's view:
/// `MATE_CP` where it has won (counting, the opponent's perpetual check or shuttling), `-MATE_CP`
/// where it has lost, 0 for a draw; where the game goes on, a searched score inside the mate
/// scale and a best move.
#[test]
fn the_review_scores_every_janggi_ending_as_fairy_stockfish_does() {
    let failures = within(600, || {
        let mut engine = Engine::new(EngineOptions {
            hash_mb: 8,
            seed: Some(1),
            ..EngineOptions::default()
        });
        let limits = Limits {
            depth: Some(1),
            ..Limits::default()
        };
        let mut failures = Vec::new();
        for case in cases() {
            let (mut game, last) = before_last(&case);
            if let Some(last) = last {
                game.push(last).unwrap();
            }
            let review = review_position(&mut engine, &game, &limits);
            let turn = game.position().turn();
            let right = match (case.termination.as_str(), color(&case.winner)) {
                ("none", _) => review.cp.abs() < MATE_CP && review.best_move.is_some(),
                (_, None) => review.cp == 0 && review.best_move.is_none(),
                (_, Some(w)) if w == turn => review.cp == MATE_CP,
                (_, Some(_)) => review.cp == -MATE_CP,
            };
            if !right {
                failures.push(format!(
                    "line {} ({} {}): {} by {}: reviewed as {} ({:?})",
                    case.line,
                    case.variant,
                    case.fen,
                    case.termination,
                    case.winner,
                    review.cp,
                    review.outcome
                ));
            }
        }
        failures
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
