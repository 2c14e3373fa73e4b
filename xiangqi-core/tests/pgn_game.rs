//! Game records through PGN and back: results, terminations and rulings survive the trip.

use xiangqi_core::pgn::{read_all, PgnGame, PgnResult, WriteOptions};
use xiangqi_core::{Color, Game, Position, RankDialect, Rules, Termination};

fn play(game: &mut Game, moves: &str) {
    for text in moves.split_whitespace() {
        let m = game.position().parse_iccs(text, RankDialect::Zero).unwrap();
        game.push(m).unwrap();
    }
}

#[test]
fn a_perpetual_chase_ruling_round_trips() {
    // The first ruling of data/rules/repetition_axf.tsv: Red's cannon chases the rook: Black wins.
    let start =
        Position::from_fen("2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1")
            .unwrap();
    let mut game = Game::new(start, Rules::axf());
    play(&mut game, "c2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7 b2a2");
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.winner, Some(Color::Black));

    let record = PgnGame::from_game(&game);
    assert_eq!(record.result, PgnResult::BlackWins);
    assert_eq!(record.tag("Termination"), Some(outcome.termination.name()));
    let text = record.to_pgn(&WriteOptions::default()).unwrap();
    assert!(text.contains("0-1"), "{text}");

    let back = read_all(&text).pop().unwrap().unwrap();
    assert_eq!(back.result, PgnResult::BlackWins);
    let replayed = back.to_game(Rules::axf()).unwrap();
    assert_eq!(
        replayed.outcome().map(|o| o.termination),
        Some(outcome.termination)
    );
    assert_eq!(replayed.position(), game.position());
    // Under casual rules the same moves are a plain draw by repetition.
    let casual = back.to_game(Rules::casual()).unwrap();
    assert_eq!(
        casual.outcome().map(|o| (o.termination, o.winner)),
        Some((Termination::Repetition, None))
    );
}

#[test]
fn an_unfinished_game_has_an_unknown_result() {
    let mut game = Game::new(Position::startpos(), Rules::simple());
    play(&mut game, "h2e2 h9g7");
    let record = PgnGame::from_game(&game);
    assert_eq!(record.result, PgnResult::Unknown);
    assert_eq!(record.tag("Result"), Some("*"));
    assert_eq!(record.tag("Termination"), None);
    assert_eq!(record.moves.len(), 2);
}
