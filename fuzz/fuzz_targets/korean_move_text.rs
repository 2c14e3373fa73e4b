//! Arbitrary text as a janggi move in Korean notation (`79졸78`, `한수쉼`), in Fairy-Stockfish's
//! (`H02-83`) and through `parse_any`, in positions along a game from one of the sixteen
//! setups: parsing never panics, and a parsed move is legal and writes back to text that parses
//! to the same move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_core::janggi::Arrangement;
use xiangqi_core::{Notation, Position};

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let cho = Arrangement::ALL[usize::from(selector) % 4];
    let han = Arrangement::ALL[usize::from(selector / 4) % 4];
    let mut pos = Position::janggi_start(cho, han);
    // Walk a few plies (chosen by the first byte) so that palace moves, captures and passes occur.
    for i in 0..(selector % 32) {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play(moves[(usize::from(selector) * 7 + usize::from(i) * 13) % moves.len()])
            .unwrap();
    }
    for notation in [Notation::Korean, Notation::KoreanFsf] {
        if let Ok(m) = pos.parse_move(text, notation) {
            assert!(pos.is_legal(m));
            let written = pos
                .format_move(m, notation)
                .expect("a legal move can be written");
            assert_eq!(
                pos.parse_move(&written, notation).ok(),
                Some(m),
                "{written}"
            );
        }
    }
    if let Ok(m) = pos.parse_any(text) {
        assert!(pos.is_legal(m));
    }
});
