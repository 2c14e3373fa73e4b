//! Arbitrary bytes as an XQF file (the signature given, so the fuzzer starts inside the
//! format): reading never panics, and every game read has legal moves and writes out again.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_core::pgn::WriteOptions;

fuzz_target!(|data: &[u8]| {
    let mut file = b"XQ".to_vec();
    file.extend_from_slice(data);
    for bytes in [data, &file[..]] {
        if let Ok(game) = xiangqi_core::xqf::read(bytes) {
            game.end_position().expect("games are read with legal moves only");
            let _ = game.to_pgn(&WriteOptions::default());
        }
    }
});
