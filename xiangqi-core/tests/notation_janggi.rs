//! Janggi notations against Fairy-Stockfish: every legal move of 1,539 positions of random
//! games (`data/notation/janggi_fsf.txt`, written by `tools/janggi_notation_data.py` with
//! pyffish's `get_san(..., NOTATION_JANGGI)`) is written as Fairy-Stockfish writes it and read
//! back; the Korean text of each has the same points with the piece's Korean name between
//! them, and reads back to the same move.

use xiangqi_core::notation::korean::korean_name;
use xiangqi_core::notation::Notation;
use xiangqi_core::{Move, Position, Square, Variant};

/// A move in Fairy-Stockfish's coordinates: ranks 1..10.
fn parse_fsf(text: &str) -> Move {
    let split = text[1..].find(|c: char| c.is_ascii_alphabetic()).unwrap() + 1;
    let point = |s: &str| {
        let file = u32::from(s.as_bytes()[0] - b'a');
        let rank: u32 = s[1..].parse().unwrap();
        Square::new((rank - 1) * 9 + file).unwrap()
    };
    Move::new(point(&text[..split]), point(&text[split..]))
}

#[test]
fn janggi_notations_agree_with_fairy_stockfish() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/notation/janggi_fsf.txt"
    );
    let text = std::fs::read_to_string(path).expect("read data/notation/janggi_fsf.txt");
    let (mut positions, mut moves, mut passes, mut captures) = (0, 0, 0, 0);
    for (number, line) in text.lines().enumerate() {
        if line.starts_with('#') {
            continue;
        }
        let at = format!("line {}", number + 1);
        let (game, pairs) = line.split_once('\t').unwrap();
        let (variant, fen) = game.split_once(' ').unwrap();
        let variant: Variant = variant.parse().unwrap();
        let pos = Position::from_fen_variant(fen, variant).unwrap();
        let legal = pos.legal_moves();
        let mut seen = 0;
        for pair in pairs.split(' ') {
            let (coords, expected) = pair.split_once('=').unwrap();
            let m = parse_fsf(coords);
            assert!(legal.contains(&m), "{at}: {coords} is legal in {fen}");
            seen += 1;
            let written = pos.format_move(m, Notation::KoreanFsf).unwrap();
            assert_eq!(written, expected, "{at}: {coords} in {fen}");
            assert_eq!(pos.parse_move(expected, Notation::KoreanFsf), Ok(m), "{at}");
            assert_eq!(pos.parse_any(expected), Ok(m), "{at}");
            let korean = pos.format_move(m, Notation::Korean).unwrap();
            if m.from() == m.to() {
                passes += 1;
                assert_eq!(korean, "한수쉼", "{at}");
            } else {
                let piece = pos.piece_at(m.from()).unwrap();
                let digits: String = expected.chars().filter(char::is_ascii_digit).collect();
                let name = korean_name(piece.color, piece.role);
                assert_eq!(
                    korean,
                    format!("{}{name}{}", &digits[..2], &digits[2..]),
                    "{at}"
                );
                captures += usize::from(expected.contains('x'));
            }
            assert_eq!(
                pos.parse_move(&korean, Notation::Korean),
                Ok(m),
                "{at}: {korean}"
            );
            assert_eq!(pos.parse_any(&korean), Ok(m), "{at}: {korean}");
            moves += 1;
        }
        assert_eq!(seen, legal.len(), "{at}: every legal move listed");
        positions += 1;
    }
    assert!(positions >= 1_000 && moves >= 20_000, "{positions} {moves}");
    assert!(passes >= 500 && captures >= 500, "{passes} {captures}");
}
