//! The shared perft suite: every position at every listed depth up to 4 (5 and the start
//! position's 6 with `--ignored`).

mod common;

use xiangqi_core::{perft, Position};

fn suite() -> Vec<common::PerftCase> {
    common::perft_cases("suite.epd")
}

fn check(max_depth: u32, min_depth: u32) {
    let cases = suite();
    assert!(cases.len() >= 20, "the suite has {} positions", cases.len());
    let mut checked = 0;
    for case in &cases {
        let pos = Position::from_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.fen));
        for &(depth, expected) in &case.counts {
            if depth >= min_depth && depth <= max_depth {
                assert_eq!(perft(&pos, depth), expected, "{} depth {depth}", case.fen);
                checked += 1;
            }
        }
    }
    assert!(checked > 0);
}

#[test]
fn suite_up_to_depth_4() {
    check(4, 1);
}

#[test]
#[ignore = "slow: depth 5 of every position and depth 6 of the start position"]
fn suite_depth_5_and_6() {
    check(6, 5);
}
