//! Game records and adjudication: every termination, every preset, undo.

use proptest::prelude::*;
use xiangqi_core::{
    Color, Game, Move, Position, RankDialect, RepetitionRule, Rules, Termination, Violation,
};

fn mv(game: &Game, text: &str) -> Move {
    game.position()
        .parse_iccs(text, RankDialect::Zero)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn push_all(game: &mut Game, moves: &str) {
    for text in moves.split_whitespace() {
        let m = mv(game, text);
        game.push(m).unwrap();
    }
}

// Two chariots against a bare general: b0-b9 mates (e8 covered by a8, d9 and f9 by b9).
const MATE_IN_ONE: &str = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1";

#[test]
fn checkmate_wins() {
    for rules in [Rules::casual(), Rules::simple(), Rules::axf()] {
        let mut game = Game::from_fen(MATE_IN_ONE, rules).unwrap();
        assert_eq!(game.outcome(), None);
        push_all(&mut game, "b0b9");
        let outcome = game.outcome().unwrap();
        assert_eq!(outcome.termination, Termination::Checkmate);
        assert_eq!(outcome.winner, Some(Color::Red));
        assert_eq!(outcome.result(), "1-0");
        assert!(outcome.explain().contains("Red wins by checkmate"));
        assert!(game.records()[0].gave_check);
    }
}

#[test]
fn stalemate_is_a_loss_for_the_side_that_cannot_move() {
    // Black's general on e9 is not in check, but e8 is covered by the chariot on a8, d9 by the
    // red general along the open d file, and f9 by the chariot arriving on f0.
    let mut game = Game::from_fen("4k4/R8/9/9/9/9/9/9/9/3K3R1 w - - 0 1", Rules::casual()).unwrap();
    push_all(&mut game, "h0f0");
    assert!(!game.position().is_check());
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.termination, Termination::Stalemate);
    assert_eq!(outcome.winner, Some(Color::Red));
    assert!(outcome.explain().contains("Black has no legal move"));
}

#[test]
fn no_capture_limit_draws_at_120_plies() {
    let fen = "4k4/9/9/9/9/9/9/9/9/3K1R3 w - - 118 80";
    let mut game = Game::from_fen(fen, Rules::axf()).unwrap();
    push_all(&mut game, "f0f1");
    assert_eq!(game.position().halfmoves(), 119);
    assert_eq!(game.outcome(), None);
    push_all(&mut game, "e9e8");
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.termination, Termination::MoveLimit);
    assert_eq!(outcome.winner, None);
    assert_eq!(outcome.result(), "1/2-1/2");

    // Switched off, or raised, the game goes on.
    game.set_rules(Rules {
        no_capture_limit: None,
        ..Rules::axf()
    });
    assert_eq!(game.outcome(), None);
    game.set_rules(Rules {
        no_capture_limit: Some(121),
        ..Rules::axf()
    });
    assert_eq!(game.outcome(), None);
    game.set_rules(Rules {
        no_capture_limit: Some(100),
        ..Rules::axf()
    });
    assert_eq!(game.outcome().unwrap().termination, Termination::MoveLimit);
}

#[test]
fn a_mate_on_the_120th_ply_wins() {
    let fen = MATE_IN_ONE.replace(" 0 1", " 119 90");
    let mut game = Game::from_fen(&fen, Rules::casual()).unwrap();
    push_all(&mut game, "b0b9");
    assert_eq!(game.position().halfmoves(), 120);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.termination, Termination::Checkmate);
    assert_eq!(outcome.winner, Some(Color::Red));
}

#[test]
fn captures_reset_the_no_capture_count() {
    // The chariot takes the soldier on the 120th ply: the count restarts.
    let mut game =
        Game::from_fen("4k4/9/9/9/9/5p3/9/9/9/3K1R3 w - - 119 80", Rules::casual()).unwrap();
    push_all(&mut game, "f0f4");
    assert_eq!(
        game.records()[0].captured.map(|p| p.role),
        Some(xiangqi_core::Role::Soldier)
    );
    assert_eq!(game.position().halfmoves(), 0);
    assert_eq!(game.outcome(), None);
}

#[test]
fn insufficient_material_after_a_capture() {
    // The red elephant takes Black's last soldier: only generals and an elephant remain.
    let mut game =
        Game::from_fen("4k4/9/9/9/9/2p6/9/4B4/9/3K5 w - - 0 1", Rules::simple()).unwrap();
    assert_eq!(game.outcome(), None);
    push_all(&mut game, "e2c4");
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.termination, Termination::InsufficientMaterial);
    assert_eq!(outcome.winner, None);
    game.set_rules(Rules {
        insufficient_material: false,
        ..Rules::simple()
    });
    assert_eq!(game.outcome(), None);
}

#[test]
fn resignation_agreement_and_time() {
    let mut game = Game::default();
    push_all(&mut game, "h2e2 h9g7");
    game.resign(Color::Black).unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(
        (outcome.termination, outcome.winner),
        (Termination::Resignation, Some(Color::Red))
    );
    assert_eq!(outcome.to_string(), "Red wins: Black resigned.");
    // The game is over: no second result.
    assert_eq!(game.agree_draw().unwrap_err().outcome, outcome);
    // Taking back the last move withdraws the resignation made after it.
    game.pop();
    assert_eq!(game.outcome(), None);

    game.agree_draw().unwrap();
    assert_eq!(game.outcome().unwrap().termination, Termination::Agreement);
    assert_eq!(game.outcome().unwrap().result(), "1/2-1/2");
    game.pop();

    game.flag(Color::Red).unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(
        (outcome.termination, outcome.winner),
        (Termination::Time, Some(Color::Black))
    );
    assert_eq!(outcome.result(), "0-1");
}

#[test]
fn time_loss_stands_against_insufficient_material() {
    // Black has only its general, yet Red running out of time loses.
    let mut game = Game::from_fen("4k4/9/9/9/9/9/9/9/9/3K1R3 w - - 0 1", Rules::axf()).unwrap();
    game.flag(Color::Red).unwrap();
    assert_eq!(game.outcome().unwrap().winner, Some(Color::Black));
}

#[test]
fn a_finished_game_refuses_resignation() {
    let mut game = Game::from_fen(MATE_IN_ONE, Rules::axf()).unwrap();
    push_all(&mut game, "b0b9");
    let err = game.resign(Color::Red).unwrap_err();
    assert_eq!(err.outcome.termination, Termination::Checkmate);
    assert!(err.to_string().contains("already over"));
}

#[test]
fn repetition_counts_positions_whatever_the_route() {
    let mut game = Game::new(Position::startpos(), Rules::casual());
    assert_eq!(game.repetition_count(), 1);
    push_all(&mut game, "h0g2 h9g7 g2h0 g7h9");
    assert_eq!(game.repetition_count(), 2);
    assert!(game.is_repetition(2) && !game.is_repetition(3));
    // The position after ply 1 again (Black to move): its second occurrence.
    push_all(&mut game, "h0g2");
    assert_eq!(game.repetition_count(), 2);
    // Black's horse comes home through i7 this time; new positions until the start returns.
    for (text, count) in [("h9i7", 1), ("g2h0", 1)] {
        push_all(&mut game, text);
        assert_eq!(game.repetition_count(), count);
        assert_eq!(game.outcome(), None);
    }
    push_all(&mut game, "i7h9");
    assert_eq!(game.repetition_count(), 3);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.termination, Termination::Repetition);
    let ruling = outcome.ruling.unwrap();
    // The start position occurred at plies 0, 4 and 8: the cycle is plies 1 to 8.
    assert_eq!((ruling.first_ply, ruling.last_ply), (1, 8));
    assert!(
        outcome.explain().contains("plies 1 to 8"),
        "{}",
        outcome.explain()
    );
}

#[test]
fn perpetual_check_loses_under_simple_and_axf_but_draws_under_casual() {
    // Row 4 of the AXF data: Black's soldier checks with every move.
    let fen = "3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1";
    let moves = "f1e1 f2e2 e1f1 e2f2 f1e1 f2e2 e1f1 e2f2";
    for (rules, winner, termination) in [
        (Rules::casual(), None, Termination::Repetition),
        (
            Rules::simple(),
            Some(Color::Red),
            Termination::PerpetualCheck,
        ),
        (Rules::axf(), Some(Color::Red), Termination::PerpetualCheck),
    ] {
        let mut game = Game::from_fen(fen, rules).unwrap();
        push_all(&mut game, moves);
        let outcome = game.outcome().unwrap();
        assert_eq!(
            (outcome.termination, outcome.winner),
            (termination, winner),
            "{}",
            rules
        );
        let ruling = outcome.ruling.unwrap();
        assert_eq!(ruling.rule, rules.repetition);
        if rules.repetition != RepetitionRule::ThreefoldDraw {
            assert_eq!(ruling.violations.black, Violation::Check);
            assert!(outcome
                .explain()
                .contains("Black gave check with every move"));
        }
    }
}

#[test]
fn explanation_names_the_chased_piece_and_its_point() {
    // Row 8 of the AXF data: the black chariot chases the red cannon between a1 and c1.
    let mut game = Game::from_fen("4k4/9/9/c1c6/9/r8/9/9/C8/3K5 w - - 0 1", Rules::axf()).unwrap();
    push_all(&mut game, "a1c1 a4c4 c1a1 c4a4 a1c1 a4c4 c1a1 c4a4");
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.termination, Termination::PerpetualChase);
    let ruling = outcome.ruling.unwrap();
    let chased = ruling.chased.black.unwrap();
    assert_eq!(chased.square.name(), "a1");
    assert_eq!(chased.piece.role, xiangqi_core::Role::Cannon);
    let text = outcome.explain();
    assert!(text.contains("Black chased Red's cannon on a1"), "{text}");
    assert!(text.contains("Red wins"), "{text}");
    assert!(text.contains("plies 1 to 8"), "{text}");
    // The cannon is one piece wherever it stands: its id follows it.
    let id = game.piece_id(xiangqi_core::Square::A1).unwrap();
    assert!(game.records()[1].chased.contains(id));
    assert!(game.records()[3].chased.contains(id));
}

#[test]
fn pop_restores_outcome_records_and_hashes() {
    let fen = "4k4/9/9/c1c6/9/r8/9/9/C8/3K5 w - - 0 1";
    let mut game = Game::from_fen(fen, Rules::axf()).unwrap();
    push_all(&mut game, "a1c1 a4c4 c1a1 c4a4 a1c1 a4c4 c1a1");
    let before = game.clone();
    push_all(&mut game, "c4a4");
    assert!(game.outcome().is_some());
    assert_eq!(game.pop().map(|m| m.to_string()), Some("c4a4".to_owned()));
    assert_eq!(game, before);
    assert_eq!(game.outcome(), None);
    assert_eq!(game.repetition_count(), 2);
    assert_eq!(game.hash_at(game.ply()), Some(game.position().hash()));
    while game.pop().is_some() {}
    assert_eq!(game, Game::from_fen(fen, Rules::axf()).unwrap());
    assert_eq!(game.pop(), None);
}

#[test]
fn changing_the_rules_recomputes_chases() {
    let fen = "4k4/9/9/c1c6/9/r8/9/9/C8/3K5 w - - 0 1";
    let moves = "a1c1 a4c4 c1a1 c4a4 a1c1 a4c4 c1a1 c4a4";
    let mut axf = Game::from_fen(fen, Rules::axf()).unwrap();
    push_all(&mut axf, moves);
    let mut casual = Game::from_fen(fen, Rules::casual()).unwrap();
    push_all(&mut casual, moves);
    assert!(casual.records().iter().all(|r| r.chased.is_empty()));
    assert_eq!(casual.outcome().unwrap().winner, None);
    casual.set_rules(Rules::axf());
    assert_eq!(casual, axf);
    axf.set_rules(Rules::casual());
    assert!(axf.records().iter().all(|r| r.chased.is_empty()));
}

#[test]
fn illegal_moves_are_refused() {
    let mut game = Game::default();
    let bad = Move::new(xiangqi_core::Square::A0, xiangqi_core::Square::A5);
    assert_eq!(game.push(bad).unwrap_err().mv, bad);
    assert_eq!(game.ply(), 0);
    assert_eq!(game, Game::default());
}

/// A small deterministic generator, so each proptest case is one seed.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn push_then_pop_returns_to_a_fresh_game(seed in 1u64.., plies in 0usize..160, preset in 0usize..3) {
        let rules = xiangqi_core::rules::PRESETS[preset];
        let mut game = Game::new(Position::startpos(), rules);
        let mut state = seed;
        let mut outcomes = vec![game.outcome()];
        for _ in 0..plies {
            let moves = game.position().legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[(next(&mut state) % moves.len() as u64) as usize];
            game.push(m).unwrap();
            prop_assert_eq!(game.hash_at(game.ply()), Some(game.position().hash()));
            prop_assert!(game.position().is_consistent());
            outcomes.push(game.outcome());
        }
        while let Some(outcome) = outcomes.pop() {
            prop_assert_eq!(game.outcome(), outcome);
            game.pop();
        }
        prop_assert_eq!(game, Game::new(Position::startpos(), rules));
    }
}

/// How often the current position of `moves` played from `start` has occurred, counted the
/// plain way: the positions since the last capture with the same key, this one included.
fn naive_repetitions(start: &Position, moves: &[Move]) -> u32 {
    let mut pos = start.clone();
    let mut keys = vec![pos.hash()];
    for &m in moves {
        pos.make_move(m);
        keys.push(pos.hash());
    }
    let window = (pos.halfmoves() as usize).min(moves.len());
    let current = pos.hash();
    keys[moves.len() - window..]
        .iter()
        .filter(|&&k| k == current)
        .count() as u32
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Repetition counts under moves and take-backs in positions with few pieces (where
    /// positions repeat often and captures end the window), xiangqi and janggi, against a
    /// plain count over the replayed positions.
    #[test]
    fn repetition_counts_survive_moves_and_take_backs(seed in 1u64.., plies in 0usize..300, which in 0usize..3) {
        let fen = [
            "3k5/9/9/9/2r6/6R2/9/9/4A4/4K4 w - - 0 1",
            "4k4/9/9/2h6/9/2R3c2/9/9/9/3K5 b - - 5 1",
            "4k4/9/2c6/9/9/9/9/2R1C4/9/3K5 w - - 0 1",
        ][which];
        for variant in [xiangqi_core::Variant::Xiangqi, xiangqi_core::Variant::Janggi] {
            let start = if variant == xiangqi_core::Variant::Xiangqi {
                Position::from_fen(fen).unwrap()
            } else {
                Position::from_fen_variant("4k4/9/9/9/2r6/6R2/9/9/4A4/4K4 w - - 0 1", variant).unwrap()
            };
            let mut game = Game::new(start.clone(), variant.default_rules());
            let mut state = seed;
            let mut moves: Vec<Move> = Vec::new();
            for _ in 0..plies {
                let legal = game.position().legal_moves();
                if next(&mut state) % 4 == 0 || legal.is_empty() {
                    if game.pop().is_some() {
                        moves.pop();
                    }
                } else {
                    let m = legal[(next(&mut state) % legal.len() as u64) as usize];
                    game.push(m).unwrap();
                    moves.push(m);
                }
                prop_assert_eq!(game.repetition_count(), naive_repetitions(&start, &moves));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Whatever `chased_by` names is an enemy piece, not the general, that some piece of the
    /// mover other than its general and soldiers attacks after the move.
    #[test]
    fn chased_pieces_are_attacked_enemy_pieces(seed in 1u64.., plies in 0usize..120) {
        let mut pos = Position::startpos();
        let mut state = seed;
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let us = pos.turn();
            for &m in moves.iter() {
                let chased = pos.chased_by(m);
                let after = pos.after(m).unwrap();
                let chasers = after.by_color(us)
                    - after.pieces(us, xiangqi_core::Role::General)
                    - after.pieces(us, xiangqi_core::Role::Soldier);
                for sq in chased {
                    let piece = after.piece_at(sq).unwrap();
                    prop_assert_eq!(piece.color, !us);
                    prop_assert!(piece.role != xiangqi_core::Role::General);
                    prop_assert!((after.attackers(sq, us) & chasers).any());
                }
            }
            let m = moves[(next(&mut state) % moves.len() as u64) as usize];
            pos.make_move(m);
        }
    }
}

/// The chase sets a game fills only when a position repeats rule every repetition as chase
/// sets computed for every ply (`fill_chases` over the whole game) do. The games start from
/// the AXF rulings data (data/rules/repetition_axf.tsv): a random number of the data's moves,
/// then random moves that often take the last move back, so that positions repeat.
#[test]
fn chases_filled_at_repetitions_rule_as_chases_filled_every_ply() {
    use xiangqi_core::{fill_chases, judge_cycle, PieceSet};
    let path = format!(
        "{}/../data/rules/repetition_axf.tsv",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {path}: {e}"));
    let rows: Vec<(Position, Vec<&str>)> = text
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let mut fields = l.split('\t');
            let fen = fields.next().unwrap();
            let moves = fields.next().unwrap().split_whitespace().collect();
            (Position::from_fen(fen).unwrap(), moves)
        })
        .collect();
    let mut rng = fastrand::Rng::with_seed(22);
    let (mut rulings, mut chases) = (0, 0);
    for game_index in 0..1500 {
        let (start, data_moves) = &rows[game_index % rows.len()];
        let mut game = Game::new(start.clone(), Rules::axf());
        let mut ids = [u8::MAX; 90];
        for (id, sq) in start.occupied().enumerate() {
            ids[sq.index()] = id as u8;
        }
        let prefix = rng.usize(..=data_moves.len());
        for ply in 0..prefix + 120 {
            let legal = game.position().legal_moves();
            if legal.is_empty() {
                break;
            }
            let back = game
                .records()
                .len()
                .checked_sub(2)
                .map(|i| game.records()[i].mv)
                .map(|m| Move::new(m.to(), m.from()))
                .filter(|m| legal.contains(m));
            let m = match (data_moves[..prefix].get(ply), back) {
                (Some(text), _) => mv(&game, text),
                (None, Some(m)) if rng.u8(..10) < 7 => m,
                _ => legal[rng.usize(..legal.len())],
            };
            game.push(m).unwrap();
            let Some(outcome) = game.outcome() else {
                continue;
            };
            if let Some(ruling) = outcome.ruling {
                let mut every_ply = game.records().to_vec();
                for record in &mut every_ply {
                    record.chased = PieceSet::EMPTY;
                }
                assert_eq!(fill_chases(start, &ids, &mut every_ply), every_ply.len());
                let cycle = &every_ply[ruling.first_ply as usize - 1..ruling.last_ply as usize];
                let verdict = judge_cycle(cycle, RepetitionRule::Axf);
                assert_eq!(verdict.violations, ruling.violations, "game {game_index}");
                assert_eq!(verdict.loser, ruling.loser, "game {game_index}");
                assert_eq!(verdict.outcome().termination, outcome.termination);
                rulings += 1;
                chases += usize::from(outcome.termination == Termination::PerpetualChase);
            }
            break;
        }
    }
    assert!(
        rulings > 500 && chases > 50,
        "{rulings} rulings, {chases} perpetual chases"
    );
}

/// Random games judged by `outcome` and by `outcome_given_moves` alike at every ply, their
/// moves listed by `Game::legal_moves_into` as by the position's, each
/// played in one `Game` restarted between games, which must equal a new one.
#[test]
fn outcome_given_moves_and_restart_agree_with_outcome_and_new() {
    let mut rng = fastrand::Rng::with_seed(22);
    let start = Position::startpos();
    let rules = [Rules::axf(), Rules::casual(), Rules::simple()];
    let mut game = Game::new(start.clone(), Rules::axf());
    for index in 0..60 {
        let rules = rules[index % rules.len()];
        game.restart(start.clone(), rules);
        assert_eq!(game, Game::new(start.clone(), rules));
        for _ in 0..300 {
            let legal = game.position().legal_moves();
            let mut listed = xiangqi_core::MoveList::new();
            game.legal_moves_into(&mut listed);
            assert_eq!(&listed[..], &legal[..]);
            let outcome = game.outcome();
            assert_eq!(game.outcome_given_moves(!legal.is_empty()), outcome);
            if outcome.is_some() {
                break;
            }
            game.push(legal[rng.usize(..legal.len())]).unwrap();
        }
    }
}
