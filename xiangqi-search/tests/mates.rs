//! Mate puzzles from the shared data: the engine must find the listed first move, or another
//! move it proves to mate as fast.

use xiangqi_core::notation::iccs::parse_coords;
use xiangqi_core::{Position, RankDialect};
use xiangqi_search::{Engine, EngineOptions, Limits, Score};

struct Puzzle {
    id: String,
    fen: String,
    mate_in: i32,
    best: Vec<String>,
}

fn puzzles() -> Vec<Puzzle> {
    include_str!("../../data/puzzles/mates.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("id\t") && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Puzzle {
                id: f[0].to_owned(),
                fen: f[1].to_owned(),
                mate_in: f[2].parse().unwrap(),
                best: f[3].split_whitespace().map(str::to_owned).collect(),
            }
        })
        .collect()
}

/// Solves each puzzle within `limits`; returns (solved, total, failures).
fn solve_all(limits: &Limits) -> (usize, usize, Vec<String>) {
    let mut engine = Engine::new(EngineOptions {
        hash_mb: 32,
        ..EngineOptions::default()
    });
    let all = puzzles();
    let mut solved = 0;
    let mut failures = Vec::new();
    for p in &all {
        let pos = Position::from_fen(&p.fen).unwrap();
        for m in &p.best {
            assert!(
                pos.is_legal(parse_coords(m, RankDialect::Zero).unwrap()),
                "{}: listed move {m} illegal",
                p.id
            );
        }
        engine.new_game();
        let result = engine.search_position(&pos, limits, &mut |_| {});
        let mv = result.best_move.expect("a move").to_string();
        let ok = p.best.contains(&mv) || result.score == Score::Mate(p.mate_in);
        if ok {
            solved += 1;
        } else {
            failures.push(format!(
                "{} {} played {mv} score {}",
                p.id, p.fen, result.score
            ));
        }
    }
    (solved, all.len(), failures)
}

#[test]
fn most_mate_puzzles_are_solved_with_a_modest_node_budget() {
    let (solved, total, failures) = solve_all(&Limits {
        nodes: Some(400_000),
        ..Limits::default()
    });
    eprintln!(
        "solved {solved}/{total}; failures:\n{}",
        failures.join("\n")
    );
    assert!(total >= 50, "the puzzle file has {total} puzzles");
    assert!(solved * 100 >= total * 85, "solved {solved}/{total}");
}
