//! Move counters at the edges of their range: FEN values that would wrap are refused, and the
//! no-capture clock saturates, so a game at its limit stays over.

use xiangqi_core::{FenError, FenField, Game, Move, Position, Rules, Square, MAX_FULLMOVES};

// Generals and a chariot each: enough material that the game is not drawn for lack of it.
const BOARD: &str = "3k5/9/9/9/9/9/9/9/9/R3K4";

#[test]
fn a_move_number_that_would_wrap_is_refused() {
    for number in [
        "4294967295",
        "1000000001",
        "4294967296",
        "99999999999999999999",
    ] {
        let err = Position::from_fen(&format!("{BOARD} b - - 0 {number}")).unwrap_err();
        assert!(
            matches!(
                err,
                FenError::Syntax {
                    field: FenField::Fullmoves,
                    ..
                }
            ),
            "{err}"
        );
        assert!(err.to_string().contains(number), "{err}");
        assert!(err.to_string().contains("too large"), "{err}");
        assert!(err.to_string().contains("1000000000"), "{err}");
    }
    // The no-capture counter likewise (it saturates in play, but a FEN beyond u32 is refused).
    let err = Position::from_fen(&format!("{BOARD} b - - 4294967296 1")).unwrap_err();
    assert!(
        matches!(
            err,
            FenError::Syntax {
                field: FenField::Halfmoves,
                ..
            }
        ),
        "{err}"
    );
    assert!(err.to_string().contains("too large"), "{err}");
    // Not a number at all.
    let err = Position::from_fen(&format!("{BOARD} b - - 0 -3")).unwrap_err();
    assert!(
        err.to_string().contains("not a non-negative number"),
        "{err}"
    );
}

#[test]
fn the_largest_move_number_counts_on_exactly() {
    let mut pos = Position::from_fen(&format!("{BOARD} b - - 0 {MAX_FULLMOVES}")).unwrap();
    assert_eq!(pos.ply(), 2 * (u64::from(MAX_FULLMOVES) - 1) + 1);
    let m = Move::new(Square::D9, Square::D8);
    let undo = pos.play(m).unwrap();
    assert_eq!(pos.fullmoves(), MAX_FULLMOVES + 1);
    assert_eq!(pos.ply(), 2 * u64::from(MAX_FULLMOVES));
    pos.unmake_move(m, undo);
    assert_eq!(pos.fullmoves(), MAX_FULLMOVES);
    assert!(pos.fen().ends_with(&format!(" {MAX_FULLMOVES}")));
}

#[test]
fn a_no_capture_clock_at_its_maximum_saturates_and_the_game_stays_over() {
    let fen = format!("{BOARD} w - - {} 1", u32::MAX);
    let mut pos = Position::from_fen(&fen).unwrap();
    let m = Move::new(Square::A0, Square::A1);
    let undo = pos.play(m).unwrap();
    assert_eq!(pos.halfmoves(), u32::MAX);
    pos.unmake_move(m, undo);
    assert_eq!(pos.fen(), Position::from_fen(&fen).unwrap().fen());
    let null = pos.make_null_move();
    assert_eq!(pos.halfmoves(), u32::MAX);
    pos.unmake_null_move(null);

    let start = Position::from_fen(&fen).unwrap();
    let mut game = Game::new(start, Rules::axf());
    let over = game.outcome().expect("the no-capture limit is long passed");
    assert_eq!(over.termination, xiangqi_core::Termination::MoveLimit);
    game.push_unchecked(m);
    assert_eq!(game.position().halfmoves(), u32::MAX);
    assert_eq!(
        game.outcome().map(|o| o.termination),
        Some(xiangqi_core::Termination::MoveLimit)
    );
}
