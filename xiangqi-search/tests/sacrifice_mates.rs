//! Mates that begin with a quiet move or a check onto a defended point: a search that prunes
//! checks losing material by exchange, or that cannot see a quiet move's mating threat, finds
//! them late or never.

use xiangqi_core::Position;
use xiangqi_search::{Engine, EngineOptions, Limits, Score};

#[test]
fn sacrificial_mates_are_found_with_a_small_node_budget() {
    let mut engine = Engine::new(EngineOptions {
        hash_mb: 16,
        ..EngineOptions::default()
    });
    let mut failures = Vec::new();
    let data = include_str!("data/sacrifice_mates.tsv");
    let rows: Vec<&str> = data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    assert_eq!(rows.len(), 7);
    for row in rows {
        let f: Vec<&str> = row.split('\t').collect();
        let pos = Position::from_fen(f[0]).unwrap();
        let mate_in: i32 = f[1].parse().unwrap();
        engine.new_game();
        let result = engine.search_position(
            &pos,
            &Limits {
                nodes: Some(150_000),
                ..Limits::default()
            },
            &mut |_| {},
        );
        match result.score {
            Score::Mate(n) if (1..=mate_in).contains(&n) => {}
            score => failures.push(format!(
                "{}: expected a mate in {mate_in} or less ({}), got {score} with {:?}",
                f[0],
                f[2],
                result.best_move.map(|m| m.to_string())
            )),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
