//! FEN parsing and writing, and the validation of setups.

use proptest::prelude::*;
use xiangqi_core::fen::{parse_fen, FenError, FenField};
use xiangqi_core::{
    Color, Piece, Position, PositionProblem, Rank, Role, Setup, Square, STARTING_FEN,
};

fn problems(fen: &str) -> Vec<PositionProblem> {
    match Position::from_fen(fen) {
        Err(FenError::Illegal(err)) => err.problems().to_vec(),
        other => panic!("expected an illegal position for {fen}, got {other:?}"),
    }
}

fn syntax(fen: &str) -> (FenField, Option<Rank>, String) {
    match Position::from_fen(fen) {
        Err(FenError::Syntax {
            field,
            rank,
            message,
        }) => (field, rank, message),
        other => panic!("expected a syntax error for {fen:?}, got {other:?}"),
    }
}

#[test]
fn canonical_fens_round_trip() {
    let suite = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/perft/suite.epd"
    ))
    .unwrap();
    let openings = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/openings/balanced.epd"
    ))
    .unwrap();
    let fens: Vec<&str> = suite
        .lines()
        .filter_map(|l| l.split(';').next())
        .chain(openings.lines().filter(|l| !l.starts_with('#')))
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    assert!(fens.len() > 60);
    for fen in fens {
        assert_eq!(Position::from_fen(fen).unwrap().fen(), fen);
    }
    assert_eq!(Position::startpos().fen(), STARTING_FEN);
}

#[test]
fn aliases_are_accepted() {
    // E for elephant, H for horse, r for Red to move; missing counters default.
    let pos = Position::from_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r")
        .unwrap();
    assert_eq!(pos.fen(), STARTING_FEN);
    assert_eq!(
        pos.piece_at(Square::B9),
        Some(Piece::new(Color::Black, Role::Horse))
    );
    let pos =
        Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 3 7")
            .unwrap();
    assert_eq!(
        (pos.turn(), pos.halfmoves(), pos.fullmoves()),
        (Color::Black, 3, 7)
    );
}

#[test]
fn syntax_errors_name_field_and_rank() {
    let (field, rank, _) = syntax("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9");
    assert_eq!((field, rank), (FenField::Board, None));
    let (field, rank, message) =
        syntax("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w");
    assert_eq!((field, rank), (FenField::Board, Some(Rank::R0)));
    assert!(message.contains("more than 9"), "{message}");
    let (field, rank, message) =
        syntax("rnbakabnr/9/1c5x1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w");
    assert_eq!((field, rank), (FenField::Board, Some(Rank::R7)));
    assert!(message.contains("'x'"), "{message}");
    let (field, rank, message) =
        syntax("rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w");
    assert_eq!((field, rank), (FenField::Board, Some(Rank::R8)));
    assert!(message.contains("8 points"), "{message}");
    assert_eq!(
        syntax("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x").0,
        FenField::Turn
    );
    assert_eq!(
        syntax("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w KQ - 0 1").0,
        FenField::Unused
    );
    assert_eq!(
        syntax("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1").0,
        FenField::Halfmoves
    );
    assert_eq!(
        syntax("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 -1").0,
        FenField::Fullmoves
    );
    assert_eq!(
        syntax("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 9").0,
        FenField::Trailing
    );
    assert_eq!(syntax("").0, FenField::Board);
    let err = Position::from_fen("rnbakabnr/9/1c5x1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")
        .unwrap_err();
    assert!(err.to_string().contains("rank 7"), "{err}");
}

#[test]
fn every_problem_is_reported() {
    // No red general, two black chariots too many, a red elephant off its points, a black soldier
    // behind its start, a red advisor outside the palace.
    let found = problems("rrrak4/9/p8/9/9/9/4B4/9/9/4A4 w - - 0 1");
    assert!(
        found.contains(&PositionProblem::MissingGeneral(Color::Red)),
        "{found:?}"
    );
    assert!(
        found.contains(&PositionProblem::TooManyPieces {
            color: Color::Black,
            role: Role::Chariot,
            count: 3
        }),
        "{found:?}"
    );
    assert!(found.contains(&PositionProblem::UnreachablePoint(
        Piece::new(Color::Red, Role::Elephant),
        Square::E3
    )));
    assert!(found.contains(&PositionProblem::UnreachablePoint(
        Piece::new(Color::Black, Role::Soldier),
        Square::A7
    )));
    assert!(found.contains(&PositionProblem::UnreachablePoint(
        Piece::new(Color::Red, Role::Advisor),
        Square::E0
    )));
    assert_eq!(found.len(), 5, "{found:?}");
}

#[test]
fn general_problems() {
    assert_eq!(
        problems("3k5/9/9/9/9/9/9/9/9/K8 w - - 0 1"),
        vec![PositionProblem::GeneralOutsidePalace(Square::A0)]
    );
    assert!(
        problems("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1").contains(&PositionProblem::GeneralsFacing)
    );
    // Red to move while Black's general is attacked by a red chariot.
    assert_eq!(
        problems("4k3R/9/9/9/9/9/9/9/9/3K5 w - - 0 1"),
        vec![PositionProblem::OpponentInCheck]
    );
    // Two generals of one side.
    assert!(problems("3k5/4k4/9/9/9/9/9/9/9/3K5 w - - 0 1").contains(
        &PositionProblem::TooManyPieces {
            color: Color::Black,
            role: Role::General,
            count: 2
        }
    ));
}

#[test]
fn tolerable_problems_can_be_ignored() {
    let err = match Position::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1") {
        Err(FenError::Illegal(err)) => err,
        other => panic!("{other:?}"),
    };
    let pos = err.ignore(|_| true).expect("facing generals are tolerable");
    assert!(pos.is_check());
    let err = match Position::from_fen("3k5/9/9/9/9/9/9/9/9/K8 w - - 0 1") {
        Err(FenError::Illegal(err)) => err,
        other => panic!("{other:?}"),
    };
    assert!(
        err.ignore(|_| true).is_err(),
        "a general outside its palace is never accepted"
    );
}

#[test]
fn setup_round_trip_and_mirror() {
    let setup = parse_fen(STARTING_FEN).unwrap();
    assert_eq!(setup, Setup::start());
    let pos = Position::from_fen(
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    )
    .unwrap();
    let mirrored = pos.mirror();
    assert_eq!(mirrored.turn(), Color::Black);
    assert_eq!(mirrored.mirror(), pos);
    // Mirroring keeps the move count: the same game seen from the other side.
    assert_eq!(mirrored.legal_moves().len(), pos.legal_moves().len());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn fen_parser_never_panics(text in "\\PC{0,120}") {
        let _ = Position::from_fen(&text);
    }

    #[test]
    fn fen_like_strings_never_panic(text in "([rnbakcpRNBAKCPEHeh1-9]{0,11}/){0,11}[rnbakcpRNBAKCP1-9]{0,11}( [wbr-]( [-0-9]{1,3}){0,4})?") {
        if let Ok(pos) = Position::from_fen(&text) {
            // Whatever parses round-trips and generates moves without panicking.
            let again = Position::from_fen(&pos.fen()).unwrap();
            prop_assert_eq!(again.fen(), pos.fen());
            let _ = pos.legal_moves();
        }
    }
}
