//! JSON through serde (feature `serde`): vocabulary types, moves and positions (as FEN).
#![cfg(feature = "serde")]

use xiangqi_core::{Color, Move, Piece, Position, Role, Square};

#[test]
fn vocabulary_types_as_json() {
    assert_eq!(serde_json::to_string(&Color::Red).unwrap(), "\"red\"");
    assert_eq!(serde_json::to_string(&Role::Cannon).unwrap(), "\"cannon\"");
    assert_eq!(serde_json::to_string(&Square::E0).unwrap(), "\"e0\"");
    assert_eq!(
        serde_json::to_string(&Move::new(Square::H2, Square::E2)).unwrap(),
        "\"h2e2\""
    );
    let piece = Piece::new(Color::Black, Role::Horse);
    let json = serde_json::to_string(&piece).unwrap();
    assert_eq!(json, r#"{"color":"black","role":"horse"}"#);
    assert_eq!(serde_json::from_str::<Piece>(&json).unwrap(), piece);
    assert_eq!(
        serde_json::from_str::<Move>("\"b0c2\"").unwrap(),
        Move::new(Square::B0, Square::C2)
    );
    assert!(serde_json::from_str::<Move>("\"z9z9\"").is_err());
    assert!(serde_json::from_str::<Square>("\"j0\"").is_err());
}

#[test]
fn positions_as_fen_strings() {
    let pos = Position::startpos();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(json, format!("\"{}\"", xiangqi_core::STARTING_FEN));
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
    assert!(serde_json::from_str::<Position>("\"4k4/9/9/9/9/9/9/9/9/4K4 w\"").is_err());
}

#[test]
fn janggi_positions_carry_their_variant() {
    use xiangqi_core::{Game, Variant};
    let pos = Position::start_of(Variant::Janggi);
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(
        json,
        "\"janggi rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1\""
    );
    let back: Position = serde_json::from_str(&json).unwrap();
    assert_eq!(back, pos);
    assert!(serde_json::from_str::<Position>("\"shogi 9/9 w\"").is_err());
    let mut game = Game::of_variant(Variant::JanggiModern, None).unwrap();
    game.push(game.position().pass_move()).unwrap();
    let back: Game = serde_json::from_str(&serde_json::to_string(&game).unwrap()).unwrap();
    assert_eq!(back, game);
}
