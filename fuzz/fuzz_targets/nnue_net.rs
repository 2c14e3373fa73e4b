//! Arbitrary bytes as an NNUE net file: loading never panics, and a net that loads evaluates
//! positions of its game without panicking (overflow checks are on), the incremental
//! accumulators agreeing with the reference forward pass move by move. The bytes are tried as
//! given and with their last four bytes replaced by the right checksum, so that the fuzzer gets
//! past the checksum to the weights and their range checks.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_core::{Position, Variant};
use xiangqi_nnue::{evaluate_reference, AccumulatorStack, NetGame, Network};

fn fnv1a(bytes: &[u8]) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for &b in bytes {
        h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
    }
    h
}

fn exercise(net: &Network) {
    let (variant, fens): (Variant, &[&str]) = match net.game() {
        NetGame::Xiangqi => (
            Variant::Xiangqi,
            &[
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
                "3k5/4a4/9/9/9/9/9/9/4A4/3AK4 b - - 0 1",
            ],
        ),
        NetGame::Janggi => (
            Variant::Janggi,
            &[
                "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
                "4k4/9/9/9/9/9/9/9/4K4/9 b - - 0 1",
            ],
        ),
    };
    for fen in fens {
        let mut pos = Position::from_fen_variant(fen, variant).expect("a sound FEN");
        let mut stack = AccumulatorStack::new(net, &pos, 16);
        assert_eq!(stack.evaluate(net, &pos), evaluate_reference(net, &pos));
        for ply in 0..8 {
            let moves = pos.legal_moves();
            let Some(&m) = moves.get((ply * 5) % moves.len().max(1)) else {
                break;
            };
            if Position::is_pass(m) {
                stack.push_copy();
            } else {
                let piece = pos.piece_at(m.from()).expect("a move moves a piece");
                stack.push_move(net, &pos, piece, m.from(), m.to(), pos.piece_at(m.to()));
            }
            pos.play(m).expect("generated moves are legal");
            let score = stack.evaluate(net, &pos);
            assert_eq!(score, evaluate_reference(net, &pos));
            assert!((-30_000..=30_000).contains(&score));
        }
    }
}

fuzz_target!(|data: &[u8]| {
    if let Ok(net) = Network::from_bytes(data) {
        // Written back (always in the current version), it reads to the same weights.
        let again = Network::from_bytes(&net.to_bytes()).expect("a written net reads back");
        assert_eq!(again.parts(), net.parts());
        exercise(&net);
    }
    if data.len() > 4 {
        let mut fixed = data.to_vec();
        let at = fixed.len() - 4;
        let checksum = fnv1a(&fixed[..at]);
        fixed[at..].copy_from_slice(&checksum.to_le_bytes());
        if let Ok(net) = Network::from_bytes(&fixed) {
            exercise(&net);
        }
    }
});
