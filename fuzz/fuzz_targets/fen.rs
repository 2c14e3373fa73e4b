//! Arbitrary bytes as a FEN: parsing never panics, and whatever parses round-trips and yields
//! moves that are all legal.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_core::Position;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(pos) = Position::from_fen(text) else { return };
    let again = Position::from_fen(&pos.fen()).expect("a written FEN parses");
    assert_eq!(again, pos);
    for &m in pos.legal_moves().iter() {
        let mut next = pos.clone();
        next.play(m).expect("generated moves are legal");
        assert!(!next.is_attacked(next.general(pos.turn()), next.turn()));
    }
});
