//! Games, records, rules and outcomes through serde (JSON).
#![cfg(feature = "serde")]

use xiangqi_core::{Game, Outcome, PlyRecord, RankDialect, Rules};

#[test]
fn game_round_trips_through_json() {
    let fen = "4k4/9/9/c1c6/9/r8/9/9/C8/3K5 w - - 0 1";
    let mut game = Game::from_fen(fen, Rules::axf()).unwrap();
    for text in "a1c1 a4c4 c1a1 c4a4 a1c1 a4c4 c1a1 c4a4".split_whitespace() {
        let m = game.position().parse_iccs(text, RankDialect::Zero).unwrap();
        game.push(m).unwrap();
    }
    let json = serde_json::to_string(&game).unwrap();
    assert!(json.contains("\"moves\":[\"a1c1\",\"a4c4\""), "{json}");
    let back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);

    let outcome = game.outcome().unwrap();
    let json = serde_json::to_string(&outcome).unwrap();
    assert!(
        json.contains("\"termination\":\"perpetual_chase\""),
        "{json}"
    );
    assert_eq!(serde_json::from_str::<Outcome>(&json).unwrap(), outcome);

    let records = serde_json::to_string(game.records()).unwrap();
    assert!(records.contains("\"move\":\"a4c4\""), "{records}");
    assert_eq!(
        serde_json::from_str::<Vec<PlyRecord>>(&records).unwrap(),
        game.records()
    );

    assert_eq!(
        serde_json::from_str::<Rules>(&serde_json::to_string(&Rules::simple()).unwrap()).unwrap(),
        Rules::simple()
    );
}

#[test]
fn declared_results_survive_and_bad_games_are_refused() {
    let mut game = Game::default();
    game.resign(xiangqi_core::Color::Red).unwrap();
    let back: Game = serde_json::from_str(&serde_json::to_string(&game).unwrap()).unwrap();
    assert_eq!(back.outcome(), game.outcome());

    let illegal = r#"{"start":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1","moves":["a0a5"],"rules":{"repetition":"axf","no_capture_limit":120,"insufficient_material":true}}"#;
    assert!(serde_json::from_str::<Game>(illegal).is_err());
}
