//! Arbitrary text as a move in every notation, in positions along a fixed game: parsing never
//! panics, and a parsed move is legal and writes back to text that parses to the same move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_core::{Notation, Position};

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let mut pos = Position::startpos();
    // Walk a few plies (chosen by the first byte) so that tandem pieces and crossed soldiers occur.
    for i in 0..(selector % 24) {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play(moves[(usize::from(selector) * 7 + usize::from(i) * 13) % moves.len()]).unwrap();
    }
    let notations = [Notation::Iccs, Notation::IccsOneBased, Notation::Wxf, Notation::Chinese, Notation::ChineseTraditional];
    for notation in notations {
        if let Ok(m) = pos.parse_move(text, notation) {
            assert!(pos.is_legal(m));
            let written = pos.format_move(m, notation).expect("a legal move can be written");
            assert_eq!(pos.parse_move(&written, notation).ok(), Some(m), "{written}");
        }
    }
    if let Ok(m) = pos.parse_any(text) {
        assert!(pos.is_legal(m));
    }
});
