//! `Position::gives_check` answers without playing the move (most moves are turned away by
//! where they start and land), and `Position::quiet_checks_into` lists the quiet checks without
//! trying every quiet move: over random games from every position of the perft suites (xiangqi
//! and janggi), `gives_check` must say of every legal move whether the position after it is
//! check, and the quiet checks must be exactly the legal non-captures after which it is.

mod common;

use std::collections::BTreeSet;
use xiangqi_core::{Move, MoveList, Position, Variant};

/// Moves and checks seen, quiet checks among them.
#[derive(Default)]
struct Seen {
    moves: u64,
    checks: u64,
    quiet_checks: u64,
}

fn walk_random_games(suite: &str, variant: Variant, seed: u64) -> Seen {
    let cases = common::perft_cases(suite);
    assert!(cases.len() >= 3, "{suite}");
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut seen = Seen::default();
    for case in &cases {
        for _ in 0..8 {
            let mut pos = Position::from_fen_variant(&case.fen, variant).unwrap();
            for _ in 0..120 {
                let listed = pos.legal_moves();
                if listed.is_empty() {
                    break;
                }
                let mut expected = BTreeSet::new();
                for &m in listed.iter() {
                    let mut after = pos.clone();
                    after.make_move(m);
                    assert_eq!(pos.gives_check(m), after.is_check(), "{m} in {}", pos.fen());
                    seen.moves += 1;
                    if after.is_check() {
                        seen.checks += 1;
                        if pos.piece_at(m.to()).is_none() && m.from() != m.to() {
                            expected.insert(m);
                        }
                    }
                }
                let mut quiet_checks = MoveList::new();
                pos.quiet_checks_into(&mut quiet_checks);
                let listed_checks: BTreeSet<Move> = quiet_checks.iter().copied().collect();
                assert_eq!(listed_checks.len(), quiet_checks.len(), "{}", pos.fen());
                assert_eq!(listed_checks, expected, "quiet checks in {}", pos.fen());
                seen.quiet_checks += expected.len() as u64;
                pos.make_move(listed[rng.usize(..listed.len())]);
            }
        }
    }
    seen
}

/// Enough of each answer that a filter turning checks away would be seen.
fn assert_enough(seen: &Seen, moves: u64, checks: u64, quiet_checks: u64) {
    assert!(
        seen.moves > moves && seen.checks > checks && seen.quiet_checks > quiet_checks,
        "{} moves, {} checks, {} quiet",
        seen.moves,
        seen.checks,
        seen.quiet_checks
    );
}

#[test]
fn xiangqi_checks_agree_with_playing_the_move() {
    let seen = walk_random_games("suite.epd", Variant::Xiangqi, 31);
    assert_enough(&seen, 100_000, 2_000, 1_000);
}

#[test]
fn janggi_checks_agree_with_playing_the_move() {
    let seen = walk_random_games("janggi.epd", Variant::Janggi, 32);
    assert_enough(&seen, 20_000, 200, 100);
}
