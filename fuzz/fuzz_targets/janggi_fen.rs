//! Arbitrary bytes as a janggi FEN, read under each of janggi's rule sets (the first byte
//! chooses which): parsing never panics, whatever parses writes a FEN that reads back to the
//! same position, and every move generated (the pass included) plays and leaves the mover's
//! general safe (but the pass under bikjang, which ends the game).
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_core::{Position, Variant};

const JANGGI: [Variant; 4] = [
    Variant::Janggi,
    Variant::JanggiTraditional,
    Variant::JanggiModern,
    Variant::JanggiCasual,
];

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let variant = JANGGI[usize::from(selector) % JANGGI.len()];
    let Ok(pos) = Position::from_fen_variant(text, variant) else {
        return;
    };
    assert_eq!(pos.variant(), variant);
    let again = Position::from_fen_variant(&pos.fen(), variant).expect("a written FEN parses");
    assert_eq!(again, pos);
    let _ = pos.janggi_ending();
    let _ = pos.is_bikjang();
    let _ = xiangqi_core::janggi::counting_winner(&pos);
    for &m in pos.legal_moves().iter() {
        assert!(pos.is_legal(m));
        let mut next = pos.clone();
        next.play(m).expect("generated moves are legal");
        // Under bikjang the pass stays legal even in check (it ends the game); every other
        // move leaves the mover's general unattacked.
        if !(Position::is_pass(m) && pos.is_bikjang()) {
            assert!(!next.is_attacked(next.general(pos.turn()), next.turn()));
        }
    }
});
