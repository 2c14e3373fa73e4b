//! `Position::gives_check` answers without playing the move (most moves are turned away by
//! where they start and land): over random games from every position of the perft suite, it
//! must say of every legal move whether the position after it is check.

mod common;

use xiangqi_core::Position;

#[test]
fn gives_check_agrees_with_playing_the_move() {
    let cases = common::perft_cases("suite.epd");
    assert!(cases.len() >= 20);
    let mut rng = fastrand::Rng::with_seed(31);
    let (mut moves, mut checks) = (0u64, 0u64);
    for case in &cases {
        for _ in 0..8 {
            let mut pos = Position::from_fen(&case.fen).unwrap();
            for _ in 0..120 {
                let listed = pos.legal_moves();
                if listed.is_empty() {
                    break;
                }
                for &m in listed.iter() {
                    let mut after = pos.clone();
                    after.make_move(m);
                    assert_eq!(pos.gives_check(m), after.is_check(), "{m} in {}", pos.fen());
                    moves += 1;
                    checks += u64::from(after.is_check());
                }
                pos.make_move(listed[rng.usize(..listed.len())]);
            }
        }
    }
    // Enough of both answers that a filter turning checks away would be seen.
    assert!(
        moves > 100_000 && checks > 2_000,
        "{moves} moves, {checks} checks"
    );
}
