//! Janggi perft against Fairy-Stockfish's counts (`data/perft/janggi.epd`, written by
//! `tools/janggi_perft_data.py`): the start position to depth 4 (1,065,277), the two positions
//! of issue 20, the sixteen start setups, hand-made positions for each rule (bikjang, palace
//! lines, cannons, elephants, soldiers) and positions from random games. Passes are counted and
//! game ends ignored, as Fairy-Stockfish counts.

mod common;

use xiangqi_core::{perft, Move, Position, Variant};

fn cases() -> Vec<common::PerftCase> {
    common::perft_cases("janggi.epd")
}

#[test]
fn janggi_perft_equals_fairy_stockfish() {
    let cases = cases();
    assert!(cases.len() >= 50, "{} positions", cases.len());
    let mut checked = 0;
    for case in &cases {
        let pos = Position::from_fen_variant(&case.fen, Variant::Janggi)
            .unwrap_or_else(|e| panic!("{}: {e}", case.fen));
        assert_eq!(pos.fen(), case.fen, "FEN round trip");
        for &(depth, expected) in &case.counts {
            assert_eq!(
                perft(&pos, depth),
                expected,
                "{} depth {depth} ({})",
                case.fen,
                case.comment
            );
            checked += 1;
        }
    }
    assert!(checked >= 150);
}

#[test]
fn every_generated_move_is_legal_and_unmakes() {
    for case in cases() {
        let mut pos = Position::from_fen_variant(&case.fen, Variant::Janggi).unwrap();
        let before = pos.clone();
        for &m in pos.clone().legal_moves().iter() {
            assert!(pos.is_legal(m), "{m} in {}", case.fen);
            let undo = pos.make_move(m);
            assert!(pos.is_consistent(), "{m} in {}", case.fen);
            pos.unmake_move(m, undo);
            assert_eq!(pos, before);
            assert_eq!(pos.hash(), before.hash());
        }
        // Nothing else is legal.
        let legal = before.legal_moves();
        for from in xiangqi_core::Square::ALL {
            for to in xiangqi_core::Square::ALL {
                let m = Move::new(from, to);
                assert_eq!(
                    before.is_legal(m),
                    legal.contains(&m),
                    "{m} in {}",
                    case.fen
                );
                assert_eq!(
                    before.illegal_reason(m).is_none(),
                    before.is_legal(m),
                    "{m} in {}: {:?}",
                    case.fen,
                    before.illegal_reason(m)
                );
            }
        }
    }
}
