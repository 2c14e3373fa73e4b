//! Janggi against Fairy-Stockfish: the positions of random games from all sixteen setups, with
//! what pyffish said of each (`data/rules/janggi_pyffish.txt`, written by
//! `tools/janggi_differential_data.py`): the legal moves (their number and a digest of their
//! texts), check, `is_immediate_game_end` (two passes, bikjang twice) and
//! `is_optional_game_end` (repetition, perpetual check, the no-capture limit; counting) with
//! the result. Our `Game` must agree at every position, and `Position::gives_check` with the
//! check pyffish reports after each move played.

use xiangqi_core::{Color, Game, Move, Position, Square, Termination, Variant};

/// A move in Fairy-Stockfish's text: ranks 1..10, the pass as the general's point twice.
fn fsf_text(m: Move) -> String {
    let point = |sq: Square| format!("{}{}", sq.file().char(), sq.rank().index() + 1);
    format!("{}{}", point(m.from()), point(m.to()))
}

fn parse_fsf(text: &str) -> Move {
    let split = text[1..].find(|c: char| c.is_ascii_alphabetic()).unwrap() + 1;
    let point = |s: &str| {
        let file = s.as_bytes()[0] - b'a';
        let rank: u8 = s[1..].parse().unwrap();
        Square::new(u32::from((rank - 1) * 9 + file)).unwrap()
    };
    Move::new(point(&text[..split]), point(&text[split..]))
}

fn digest(pos: &Position) -> (usize, String) {
    let mut texts: Vec<String> = pos.legal_moves().iter().map(|&m| fsf_text(m)).collect();
    texts.sort();
    let mut h: u64 = 0xCBF2_9CE4_8422_2325;
    for byte in texts.join(" ").bytes() {
        h = (h ^ u64::from(byte)).wrapping_mul(0x100_0000_01B3);
    }
    (texts.len(), format!("{h:016x}"))
}

/// The winner a pyffish value names, seen from the side to move.
fn winner(value: i32, turn: Color) -> Option<Color> {
    match value.signum() {
        1 => Some(turn),
        -1 => Some(!turn),
        _ => None,
    }
}

#[test]
fn janggi_agrees_with_pyffish() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/rules/janggi_pyffish.txt"
    );
    let text = std::fs::read_to_string(path).expect("read data/rules/janggi_pyffish.txt");
    let mut game: Option<Game> = None;
    let (mut positions, mut setups, mut immediate, mut optional, mut mates) = (0, 0, 0, 0, 0);
    let mut seen = std::collections::HashSet::new();
    for (number, line) in text.lines().enumerate() {
        let at = format!("line {}", number + 1);
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix("game ") {
            let (variant, fen) = rest.split_once(' ').unwrap();
            let variant: Variant = variant.parse().unwrap();
            game = Some(Game::of_variant(variant, Some(fen)).unwrap());
            if variant == Variant::Janggi {
                seen.insert(fen.split(' ').next().unwrap().to_owned());
            }
            continue;
        }
        let game = game.as_mut().expect("a game line first");
        let f: Vec<&str> = line.split(' ').collect();
        let pos = game.position();
        let turn = pos.turn();
        let (count, hash) = digest(pos);
        let fen = pos.fen();
        assert_eq!(
            (count.to_string(), hash.as_str()),
            (f[0].to_owned(), f[1]),
            "{at}: legal moves of {fen} ({:?})",
            game.moves().map(fsf_text).collect::<Vec<_>>()
        );
        assert_eq!(pos.is_check(), f[2] == "1", "{at}: check in {fen}");
        let outcome = game.outcome();
        let value = |i: usize| f[i].parse::<i32>().unwrap();
        if f[3] == "1" {
            immediate += 1;
            let o = outcome.unwrap_or_else(|| panic!("{at}: {fen} ended at once"));
            assert!(
                matches!(
                    o.termination,
                    Termination::Bikjang | Termination::DoublePass
                ),
                "{at}: {o:?}"
            );
            assert_eq!(o.winner, winner(value(4), turn), "{at}: {o:?}");
        } else if f[5] == "1" {
            optional += 1;
            let o = outcome.unwrap_or_else(|| panic!("{at}: {fen} ended by a rule"));
            assert!(
                matches!(
                    o.termination,
                    Termination::Repetition | Termination::PerpetualCheck | Termination::MoveLimit
                ),
                "{at}: {o:?}"
            );
            assert_eq!(o.winner, winner(value(6), turn), "{at}: {o:?}");
        } else if count == 0 {
            mates += 1;
            let o = outcome.unwrap();
            assert_eq!(
                (o.termination, o.winner),
                (Termination::Checkmate, Some(!turn)),
                "{at}"
            );
        } else {
            assert_eq!(outcome, None, "{at}: {fen}");
        }
        positions += 1;
        if f[7] != "-" {
            let m = parse_fsf(f[7]);
            let gives_check = game.position().gives_check(m);
            game.push(m)
                .unwrap_or_else(|e| panic!("{at}: {e} in {fen}"));
            // The next line's check is pyffish's gives_check of this move.
            assert_eq!(
                gives_check,
                game.position().is_check(),
                "{at}: gives_check {} in {fen}",
                f[7]
            );
        }
    }
    setups += seen.len();
    println!(
        "{positions} positions, {immediate} immediate ends, {optional} rule ends, {mates} mates"
    );
    assert!(positions >= 10_000, "{positions} positions");
    assert_eq!(setups, 16, "every setup");
    assert!(
        immediate >= 20 && optional >= 20 && mates >= 5,
        "{immediate} {optional} {mates}"
    );
}
