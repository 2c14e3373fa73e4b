//! Arbitrary bytes as a DhtmlXQ page (decoded as the readers decode files): reading never
//! panics, every game read has legal moves, and what is read writes out and reads back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_core::{dhtmlxq, encoding};

fuzz_target!(|data: &[u8]| {
    let decoded = encoding::decode(data, encoding::TextEncoding::Auto);
    for game in dhtmlxq::read_all(&decoded.text).into_iter().take(16).flatten() {
        game.end_position().expect("games are read with legal moves only");
        let written = dhtmlxq::write(&game).expect("legal games write");
        let again = dhtmlxq::read(&written).expect("what is written reads back");
        assert_eq!(again.mainline().collect::<Vec<_>>(), game.mainline().collect::<Vec<_>>());
    }
});
