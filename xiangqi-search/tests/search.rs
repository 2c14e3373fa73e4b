//! Search behaviour: determinism, legality over self-play, rules inside the search, limits.

mod common;

use common::within;
use std::time::{Duration, Instant};
use xiangqi_core::{Color, Move, Position};
use xiangqi_search::{Engine, EngineOptions, Level, Limits, Rules, Score};

fn engine(level: Level, seed: u64) -> Engine {
    Engine::new(EngineOptions {
        hash_mb: 8,
        level,
        seed: Some(seed),
        ..EngineOptions::default()
    })
}

#[test]
fn one_thread_with_a_node_limit_is_deterministic() {
    let start = Position::startpos();
    let limits = Limits {
        nodes: Some(60_000),
        ..Limits::default()
    };
    let run = |e: &mut Engine| e.search(&start, &[], &limits, &mut |_| {}).unwrap();
    let mut a = engine(Level::Master, 1);
    let mut b = engine(Level::Master, 2);
    let (ra, rb) = (run(&mut a), run(&mut b));
    assert_eq!(ra.best_move, rb.best_move);
    assert_eq!(ra.nodes, 60_000);
    assert_eq!(ra.nodes, rb.nodes);
    assert_eq!(ra.pv, rb.pv);
    // After new_game the engine behaves as a fresh one.
    let key = |r: &xiangqi_search::SearchResult| (r.best_move, r.nodes, r.score, r.pv.clone());
    run(&mut a);
    a.new_game();
    assert_eq!(key(&run(&mut a)), key(&ra));
}

#[test]
fn levels_with_a_seed_are_reproducible() {
    let start = Position::startpos();
    let limits = Limits::default();
    let mut a = engine(Level::Casual, 9);
    let mut b = engine(Level::Casual, 9);
    for _ in 0..3 {
        let ra = a.search(&start, &[], &limits, &mut |_| {}).unwrap();
        let rb = b.search(&start, &[], &limits, &mut |_| {}).unwrap();
        assert_eq!(ra.best_move, rb.best_move);
    }
}

/// Plays a game between two engines from `start`; checks every move and returns the moves.
fn self_play(
    red: &mut Engine,
    black: &mut Engine,
    start: &Position,
    limits: &Limits,
    max_plies: usize,
) -> Vec<Move> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for _ in 0..max_plies {
        if !pos.has_legal_moves() || pos.halfmoves() >= 120 {
            break;
        }
        let e = if pos.turn() == Color::Red {
            &mut *red
        } else {
            &mut *black
        };
        let result = e.search(start, &moves, limits, &mut |_| {}).unwrap();
        let m = result.best_move.expect("a legal move exists");
        assert!(pos.is_legal(m), "illegal {m} in {}", pos.fen());
        pos.play(m).unwrap();
        moves.push(m);
    }
    moves
}

#[test]
fn fast_self_play_games_are_legal() {
    let openings: Vec<&str> = include_str!("../../data/openings/balanced.epd")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    let limits = Limits {
        nodes: Some(1_500),
        ..Limits::default()
    };
    let levels = [Level::Beginner, Level::Casual, Level::Club, Level::Master];
    for (i, fen) in openings.iter().enumerate().take(24) {
        let start = Position::from_fen(fen).unwrap();
        let mut red = engine(levels[i % 4], i as u64);
        let mut black = engine(levels[(i / 4) % 4], 1000 + i as u64);
        let moves = self_play(&mut red, &mut black, &start, &limits, 300);
        assert!(!moves.is_empty());
    }
}

#[test]
fn a_mate_in_one_is_found_and_scored() {
    // Black's general on d9 cannot leave rank 9 (the chariot on a8 holds rank 8): b0b9 mates.
    let pos = Position::from_fen("3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1").unwrap();
    let mut e = engine(Level::Master, 0);
    let r = e.search_position(
        &pos,
        &Limits {
            depth: Some(6),
            ..Limits::default()
        },
        &mut |_| {},
    );
    assert_eq!(r.score, Score::Mate(1));
    let mut p = pos.clone();
    p.play(r.best_move.unwrap()).unwrap();
    assert!(p.is_checkmate());
}

#[test]
fn perpetual_check_is_scored_by_the_preset() {
    // Black threatens b1b0 mate; Red's only resource is to check forever with the chariot
    // (a7d7+ Kd9e9, d7e7+ Ke9d9, ...). Under `casual` that repetition is a draw; under
    // `simple` perpetual check loses, so Red is lost.
    let pos = Position::from_fen("3k1a3/9/R8/9/9/9/9/9/1r2A2r1/4K4 w - - 0 1").unwrap();
    let limits = Limits {
        depth: Some(12),
        ..Limits::default()
    };
    let mut casual = Engine::new(EngineOptions {
        hash_mb: 4,
        rules: Rules::casual(),
        ..EngineOptions::default()
    });
    let r = casual.search_position(&pos, &limits, &mut |_| {});
    assert_eq!(r.score, Score::Cp(0), "casual: {:?}", r);
    let mut simple = Engine::new(EngineOptions {
        hash_mb: 4,
        rules: Rules::simple(),
        ..EngineOptions::default()
    });
    let r = simple.search_position(&pos, &limits, &mut |_| {});
    assert!(
        matches!(r.score, Score::Mate(n) if n < 0),
        "simple: {:?}",
        r
    );
}

#[test]
fn repetition_in_the_game_history_counts() {
    // The same position after Red has already checked once around the cycle: the earlier
    // positions come from the game record, and Red to move must still see the perpetual as
    // lost under `simple`, drawn under `casual`.
    let start = Position::from_fen("3k1a3/9/R8/9/9/9/9/9/1r2A2r1/4K4 w - - 0 1").unwrap();
    let moves: Vec<Move> = ["a7d7", "d9e9", "d7e7", "e9d9"]
        .iter()
        .map(|m| {
            xiangqi_core::notation::iccs::parse_coords(m, xiangqi_core::RankDialect::Zero).unwrap()
        })
        .collect();
    let limits = Limits {
        depth: Some(8),
        ..Limits::default()
    };
    let mut e = Engine::new(EngineOptions {
        hash_mb: 4,
        ..EngineOptions::default()
    });
    let r = e.search(&start, &moves, &limits, &mut |_| {}).unwrap();
    assert!(matches!(r.score, Score::Mate(n) if n < 0), "{:?}", r);
    let mut e = Engine::new(EngineOptions {
        hash_mb: 4,
        rules: Rules::casual(),
        ..EngineOptions::default()
    });
    let r = e.search(&start, &moves, &limits, &mut |_| {}).unwrap();
    assert_eq!(r.score, Score::Cp(0), "{:?}", r);
}

#[test]
fn stop_handle_and_movetime_end_searches() {
    let mut e = engine(Level::Master, 0);
    let start = Instant::now();
    let r = e.search_position(
        &Position::startpos(),
        &Limits {
            movetime: Some(Duration::from_millis(200)),
            ..Limits::default()
        },
        &mut |_| {},
    );
    assert!(r.best_move.is_some());
    assert!(start.elapsed() < Duration::from_millis(1500));
    let handle = e.stop_handle();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        handle.stop();
    });
    let start = Instant::now();
    // Within a deadline: a stop that is lost fails the test instead of hanging it.
    let (r, mut e) = within(60, move || {
        let r = e.search_position(
            &Position::startpos(),
            &Limits {
                infinite: true,
                ..Limits::default()
            },
            &mut |_| {},
        );
        (r, e)
    });
    stopper.join().unwrap();
    assert!(r.best_move.is_some());
    assert!(start.elapsed() < Duration::from_secs(5));
    // The stop was consumed: the next search runs normally.
    let r = e.search_position(
        &Position::startpos(),
        &Limits {
            depth: Some(4),
            ..Limits::default()
        },
        &mut |_| {},
    );
    assert_eq!(r.depth, 4);
}

#[test]
fn rules_preset_names() {
    assert_eq!("simple".parse::<Rules>().unwrap(), Rules::simple());
    assert!("fide".parse::<Rules>().is_err());
}

/// Plays a record's moves but the last, then lets the engine search only that last move: the
/// position after it repeats, and the search must judge the cycle as the ruling says.
fn judged_by_search(fen: &str, moves: &str, rules: Rules) -> Score {
    let start = Position::from_fen(fen).unwrap();
    let moves: Vec<Move> = moves
        .split_whitespace()
        .map(|m| {
            xiangqi_core::notation::iccs::parse_coords(m, xiangqi_core::RankDialect::Zero).unwrap()
        })
        .collect();
    let (last, before) = moves.split_last().unwrap();
    let mut e = Engine::new(EngineOptions {
        hash_mb: 1,
        rules,
        ..EngineOptions::default()
    });
    let limits = Limits {
        depth: Some(1),
        search_moves: vec![*last],
        ..Limits::default()
    };
    let r = e.search(&start, before, &limits, &mut |_| {}).unwrap();
    assert_eq!(r.best_move, Some(*last));
    r.score
}

#[test]
fn axf_rulings_are_applied_inside_the_search() {
    let data = include_str!("../../data/rules/repetition_axf.tsv");
    let mut checked = 0;
    for line in data.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let f: Vec<&str> = line.split('\t').collect();
        let (fen, moves, ruling) = (f[0], f[1], f[2]);
        let start = Position::from_fen(fen).unwrap();
        // The side that plays the last move.
        let last_mover = if moves.split_whitespace().count() % 2 == 1 {
            start.turn()
        } else {
            !start.turn()
        };
        let expected = match ruling {
            "draw" => Score::Cp(0),
            "red_wins" if last_mover == Color::Red => Score::Mate(1),
            "black_wins" if last_mover == Color::Black => Score::Mate(1),
            _ => Score::Mate(-1),
        };
        assert_eq!(
            judged_by_search(fen, moves, Rules::axf()),
            expected,
            "{line}"
        );
        checked += 1;
    }
    assert!(checked >= 15);
}

#[test]
fn simple_rulings_are_applied_inside_the_search() {
    let data = include_str!("../../data/rules/repetition_simple.tsv");
    for line in data.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let f: Vec<&str> = line.split('\t').collect();
        // Every row of this file is a plain repetition: a draw under `simple` and `casual`.
        assert_eq!(
            judged_by_search(f[0], f[1], Rules::simple()),
            Score::Cp(0),
            "{line}"
        );
        assert_eq!(
            judged_by_search(f[0], f[1], Rules::casual()),
            Score::Cp(0),
            "{line}"
        );
    }
}

/// The ply that reaches the no-capture limit (data/rules/move_limit.tsv): the search judges
/// each row's last move as the game does (a mate or stalemate on it wins, a repetition
/// completed on it is a repetition, anything else draws), and, free to choose, plays a move
/// that ends the game in its favour where one exists.
#[test]
fn the_search_judges_the_no_capture_limit_as_the_game_does() {
    let data = include_str!("../../data/rules/move_limit.tsv");
    let mut winning_rows = 0;
    for line in data.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let f: Vec<&str> = line.split('\t').collect();
        let (fen, moves, winner) = (f[0], f[1], f[3]);
        let start = Position::from_fen(fen).unwrap();
        let moves: Vec<Move> = moves
            .split_whitespace()
            .map(|m| {
                xiangqi_core::notation::iccs::parse_coords(m, xiangqi_core::RankDialect::Zero)
                    .unwrap()
            })
            .collect();
        let mut game = xiangqi_core::Game::new(start.clone(), Rules::axf());
        for &m in &moves[..moves.len() - 1] {
            game.push(m).unwrap();
        }
        let mover = game.position().turn();
        let expected = match winner {
            "draw" => Score::Cp(0),
            w if (w == "red") == (mover == Color::Red) => Score::Mate(1),
            _ => Score::Mate(-1),
        };
        assert_eq!(
            judged_by_search(f[0], f[1], Rules::axf()),
            expected,
            "{line}"
        );
        if expected == Score::Mate(1) && moves.len() == 1 {
            // Every move reaches the limit; only the mating ones win.
            let mut e = engine(Level::Master, 1);
            let limits = Limits {
                depth: Some(4),
                ..Limits::default()
            };
            let r = e.search_game(&game, &limits, &mut |_| {});
            assert_eq!(r.score, Score::Mate(1), "{line}");
            game.push(r.best_move.unwrap()).unwrap();
            let outcome = game.outcome().unwrap();
            assert_eq!(outcome.winner, Some(mover), "{line}: {outcome}");
            winning_rows += 1;
        }
    }
    assert_eq!(winning_rows, 2);
}

/// `Limits::mate`: the search stops at the mate asked for, no deeper than it needs.
#[test]
fn a_mate_search_stops_at_the_mate() {
    // Red mates in one with a1a9 (data of the C engine test: e8 is covered by the horse on
    // f6, d9 by the flying general, f9 by the chariot once the general leaves e9).
    let pos = Position::from_fen("4k4/9/9/5N3/9/9/9/9/R8/3K5 w - - 0 1").unwrap();
    let mut e = engine(Level::Master, 1);
    let limits = Limits {
        mate: Some(1),
        ..Limits::default()
    };
    let r = e.search_position(&pos, &limits, &mut |_| {});
    assert_eq!(r.score, Score::Mate(1));
    assert!(r.depth <= Limits::mate_depth(1), "{}", r.depth);
    // Asked for a mate in two, it still reports the mate in one it finds on the way.
    let limits = Limits {
        mate: Some(2),
        ..Limits::default()
    };
    let r = e.search_position(&pos, &limits, &mut |_| {});
    assert_eq!(r.score, Score::Mate(1));
    assert!(r.depth <= Limits::mate_depth(2));
}
