//! The shared perft suite: every position at every listed depth up to 4 (5 and the start
//! position's 6 with `--ignored`).

use xiangqi_core::{perft, Position};

struct Case {
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn suite() -> Vec<Case> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/perft/suite.epd");
    let text = std::fs::read_to_string(path).expect("read data/perft/suite.epd");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim().to_owned();
            let counts = parts
                .map(|p| {
                    let (d, n) = p.trim().split_once(' ').expect("Dn count");
                    (
                        d.trim_start_matches('D').parse().unwrap(),
                        n.parse().unwrap(),
                    )
                })
                .collect();
            Case { fen, counts }
        })
        .collect()
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
