//! Arbitrary text as lines of a UCI/UCCI session, parsed as the session parses each command
//! before acting on it (`xiangqi_search::uci::parse`), the variant and position carried from
//! line to line as the session carries them: parsing never panics, and every move it gives
//! (a position's moves, `banmoves`, `go searchmoves`) is legal where it is played.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_core::{Position, Variant};
use xiangqi_search::uci::{parse, Command, Protocol};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut protocol = Protocol::Uci;
    let mut variant = Variant::Xiangqi;
    let mut pos = Position::startpos();
    for line in text.lines().take(32) {
        match parse(line, protocol, variant, &pos) {
            Command::Uci => protocol = Protocol::Uci,
            Command::Ucci => protocol = Protocol::Ucci,
            Command::NewGame => pos = Position::start_of(variant),
            Command::SetOption { name, value } => {
                let name = name.to_ascii_lowercase();
                if name == "uci_variant" || name == "variant" {
                    if let Ok(v) = value.parse::<Variant>() {
                        variant = v;
                        pos = Position::start_of(v);
                    }
                }
            }
            Command::Position(Ok(command)) => {
                assert_eq!(command.start.variant(), variant);
                let mut p = command.start;
                for m in command.moves {
                    p.play(m).expect("a position's moves are legal");
                }
                pos = p;
            }
            Command::BanMoves(moves) => {
                for m in moves.into_iter().flatten() {
                    assert!(pos.is_legal(m));
                }
            }
            Command::Go(Ok((limits, _ponder))) => {
                assert!(limits.search_moves.iter().all(|&m| pos.is_legal(m)));
                assert!(limits.depth.is_none_or(|d| (1..=1000).contains(&d)));
            }
            Command::Perft(Ok(depth)) => assert!(depth <= xiangqi_search::uci::MAX_PERFT_DEPTH),
            Command::Bench(Ok(depth)) => assert!((1..=30).contains(&depth)),
            _ => {}
        }
    }
});
