//! Arbitrary bytes as a PGN file (any encoding: UTF-8, UTF-16, GBK, Big5): reading never panics, every game read has
//! legal moves, and what is read writes out again.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_core::pgn::{PgnReader, WriteOptions};

fuzz_target!(|data: &[u8]| {
    for game in PgnReader::new(data).take(64).flatten() {
        game.end_position().expect("games are read with legal moves only");
        let _ = game.to_pgn(&WriteOptions::default());
    }
});
