//! Arbitrary bytes as a `.gib` janggi record file (cp949 or UTF-8), as the records reader
//! reads it: reading never panics, every game read has legal moves, and a game read writes
//! out as `.gib` and reads back to the same start and moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_core::gib;
use xiangqi_core::pgn::WriteOptions;

fuzz_target!(|data: &[u8]| {
    let Ok(games) = gib::read_bytes(data) else {
        return;
    };
    for game in games.iter().take(16) {
        game.end_position()
            .expect("games are read with legal moves only");
        let _ = game.to_pgn(&WriteOptions::default());
        let written = gib::write(game).expect("a game read from .gib writes as .gib");
        let again = gib::read_str(&written).expect("what is written reads back");
        assert_eq!(again.len(), 1, "{written}");
        assert_eq!(again[0].start, game.start);
        assert_eq!(
            again[0].mainline().collect::<Vec<_>>(),
            game.mainline().collect::<Vec<_>>()
        );
    }
});
