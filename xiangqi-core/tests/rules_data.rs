//! The shared rule data: AXF and simple repetition rulings, insufficient material.

use xiangqi_core::{fen::parse_fen, Color, Game, Position, RankDialect, Rules, Termination};

fn read(name: &str) -> Vec<Vec<String>> {
    let path = format!("{}/../data/rules/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {path}: {e}"));
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split('\t').map(str::to_owned).collect())
        .collect()
}

/// Plays `moves` from `fen`, asserting that the game is not over before the last move.
fn play(fen: &str, moves: &str, rules: Rules) -> Game {
    let mut game = Game::from_fen(fen, rules).unwrap();
    let moves: Vec<&str> = moves.split_whitespace().collect();
    for (i, text) in moves.iter().enumerate() {
        assert_eq!(
            game.outcome(),
            None,
            "{fen}: the game ended before ply {} ({text})",
            i + 1
        );
        let m = game
            .position()
            .parse_iccs(text, RankDialect::Zero)
            .unwrap_or_else(|e| panic!("{fen}: {text}: {e}"));
        game.push(m).unwrap();
    }
    game
}

fn winner_of(ruling: &str) -> Option<Color> {
    match ruling {
        "red_wins" => Some(Color::Red),
        "black_wins" => Some(Color::Black),
        "draw" => None,
        other => panic!("unknown ruling {other}"),
    }
}

#[test]
fn axf_repetition_rulings() {
    let rows = read("repetition_axf.tsv");
    assert_eq!(rows.len(), 19);
    for row in rows {
        let (fen, moves, ruling, note) = (&row[0], &row[1], &row[2], &row[3]);
        assert_eq!(row[4], "false", "ended_before column");
        let game = play(fen, moves, Rules::axf());
        let outcome = game
            .outcome()
            .unwrap_or_else(|| panic!("{fen}: game not over after the moves ({note})"));
        assert_eq!(
            outcome.winner,
            winner_of(ruling),
            "{fen}: {} ({note})",
            outcome.explain()
        );
        let expected_terminations: &[Termination] = match ruling.as_str() {
            "draw" => &[Termination::Repetition],
            _ => &[Termination::PerpetualCheck, Termination::PerpetualChase],
        };
        assert!(
            expected_terminations.contains(&outcome.termination),
            "{fen}: {outcome:?}"
        );
        let ruling = outcome.ruling.expect("a repetition ruling");
        assert_eq!(ruling.last_ply as usize, game.ply());
        assert!(game.is_repetition(3));
    }
}

/// What the casual and simple presets say about the AXF rows: casual draws every repetition;
/// simple punishes only a side that checks with every move (the rows whose notes say so).
#[test]
fn axf_rows_under_casual_and_simple() {
    let rows = read("repetition_axf.tsv");
    for (i, row) in rows.iter().enumerate() {
        let (fen, moves, note) = (&row[0], &row[1], &row[3]);
        let casual = play(fen, moves, Rules::casual()).outcome().expect("over");
        assert_eq!(casual.termination, Termination::Repetition, "{fen}");
        assert_eq!(casual.winner, None, "{fen}");

        // Rows 3 and 4 (1-based): Black checks with every move, Red does not.
        // Row 9: both sides check with every move.
        let expected = match i + 1 {
            3 | 4 => Some(Color::Red),
            _ => None,
        };
        let simple = play(fen, moves, Rules::simple()).outcome().expect("over");
        assert_eq!(
            simple.winner,
            expected,
            "row {}: {fen}: {} ({note})",
            i + 1,
            simple.explain()
        );
        if expected.is_some() {
            assert_eq!(simple.termination, Termination::PerpetualCheck);
        }
    }
}

#[test]
fn simple_repetition_draws_at_the_listed_ply() {
    let rows = read("repetition_simple.tsv");
    assert_eq!(rows.len(), 5);
    for row in rows {
        let (fen, moves, plies) = (&row[0], &row[1], row[2].parse::<usize>().unwrap());
        let listed: Vec<&str> = moves.split_whitespace().collect();
        assert_eq!(listed.len(), plies);
        for rules in [Rules::simple(), Rules::casual(), Rules::axf()] {
            let game = play(fen, moves, rules);
            let outcome = game
                .outcome()
                .unwrap_or_else(|| panic!("{fen}: no draw after {plies} plies"));
            assert_eq!(outcome.termination, Termination::Repetition, "{fen}");
            assert_eq!(outcome.winner, None);
        }
    }
}

#[test]
fn insufficient_material_per_side() {
    let rows = read("insufficient_material.tsv");
    assert!(rows.len() >= 20);
    for row in rows {
        let fen = &row[0];
        let (red, black) = (row[1] == "true", row[2] == "true");
        // One row has the generals facing, which no legal position allows: judge its board.
        let pos = Position::from_setup(parse_fen(fen).unwrap())
            .or_else(|e| e.ignore(|_| true))
            .unwrap();
        assert_eq!(pos.has_insufficient_material(Color::Red), red, "{fen} red");
        assert_eq!(
            pos.has_insufficient_material(Color::Black),
            black,
            "{fen} black"
        );
        if let Ok(game) = Game::from_fen(fen, Rules::casual()) {
            let drawn =
                game.outcome().map(|o| o.termination) == Some(Termination::InsufficientMaterial);
            assert_eq!(drawn, red && black, "{fen}");
            let off = Game::from_fen(
                fen,
                Rules {
                    insufficient_material: false,
                    ..Rules::casual()
                },
            )
            .unwrap();
            assert_eq!(off.outcome(), None, "{fen}");
        }
    }
}

/// Our own AXF cases (data/rules/axf_general_steps.tsv): what a general's step uncovers. Each
/// row is judged under axf as listed; the casual and simple presets draw every row, since no
/// move in them gives check.
#[test]
fn axf_general_steps() {
    let rows = read("axf_general_steps.tsv");
    assert_eq!(rows.len(), 2);
    for row in rows {
        let (fen, moves, ruling, note) = (&row[0], &row[1], &row[2], &row[3]);
        let outcome = play(fen, moves, Rules::axf()).outcome().expect("over");
        assert_eq!(
            outcome.winner,
            winner_of(ruling),
            "{fen}: {} ({note})",
            outcome.explain()
        );
        let expected = if ruling == "draw" {
            Termination::Repetition
        } else {
            Termination::PerpetualChase
        };
        assert_eq!(outcome.termination, expected, "{fen}");
        for rules in [Rules::casual(), Rules::simple()] {
            let outcome = play(fen, moves, rules).outcome().expect("over");
            assert_eq!(outcome.winner, None, "{fen} under {rules}");
        }
    }
}

/// The ply that reaches the no-capture limit (data/rules/move_limit.tsv): a mate or stalemate
/// on it wins, a repetition completed on it is judged as a repetition, anything else draws.
#[test]
fn the_no_capture_limit_gives_way_to_mate_and_repetition() {
    let rows = read("move_limit.tsv");
    assert_eq!(rows.len(), 4);
    for row in rows {
        let (fen, moves, termination, winner) = (&row[0], &row[1], &row[2], &row[3]);
        let game = play(fen, moves, Rules::axf());
        assert_eq!(game.position().halfmoves(), 120, "{fen}");
        let outcome = game.outcome().unwrap_or_else(|| panic!("{fen}: not over"));
        assert_eq!(
            outcome.termination.name(),
            termination.replace('_', " "),
            "{fen}"
        );
        let expected = match winner.as_str() {
            "red" => Some(Color::Red),
            "black" => Some(Color::Black),
            _ => None,
        };
        assert_eq!(outcome.winner, expected, "{fen}");
    }
}
