//! Arbitrary bytes as an XQF file (the signature given, so the fuzzer starts inside the
//! format): reading never panics, every game read has legal moves and writes out again, as PGN
//! and as XQF, and the XQF written reads back to the same tree.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_core::pgn::WriteOptions;
use xiangqi_core::xqf;

fuzz_target!(|data: &[u8]| {
    let mut file = b"XQ".to_vec();
    file.extend_from_slice(data);
    for bytes in [data, &file[..]] {
        if let Ok(game) = xqf::read(bytes) {
            game.end_position().expect("games are read with legal moves only");
            let _ = game.to_pgn(&WriteOptions::default());
            let written = xqf::write(&game).expect("a legal start position fits XQF");
            let again = xqf::read(&written).expect("what is written reads back");
            assert_eq!(again.start, game.start);
            assert_eq!(again.moves.len(), game.moves.len());
            for (a, b) in again.moves.iter().zip(&game.moves) {
                assert_eq!(a.mv, b.mv);
                assert_eq!(a.variations.len(), b.variations.len());
            }
        }
    }
});
