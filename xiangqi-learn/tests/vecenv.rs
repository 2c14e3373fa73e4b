//! `VecEnv` against core's rules: masks, mates, truncation, auto-reset, refused actions, and
//! a batch played side by side with plain `Game`s.

use xiangqi_core::{Color, Game, Move, Position, Square, Termination, Variant};
use xiangqi_learn::{EnvConfig, EnvError, Outputs, VecEnv};

fn config_with_fens(variant: Variant, fens: &[&str]) -> EnvConfig {
    let mut cfg = EnvConfig::new(variant);
    cfg.starts = fens
        .iter()
        .map(|f| Position::from_fen_variant(f, variant).unwrap())
        .collect();
    cfg
}

/// The actions set in game `i`'s mask row.
fn mask_row(out: &Outputs<u8>, width: usize, i: usize) -> Vec<usize> {
    (0..width).filter(|&a| out.masks[i * width + a]).collect()
}

#[test]
fn masks_are_the_legal_moves_of_each_game_through_random_play() {
    for variant in [Variant::Xiangqi, Variant::Janggi] {
        let mut env = VecEnv::new(16, EnvConfig::new(variant), 3).unwrap();
        let width = env.action_size();
        let enc = env.config().encoding;
        let mut out: Outputs<u8> = Outputs::new(&env, true, true);
        let mut actions = vec![0; 16];
        env.reset(&mut out.buffers()).unwrap();
        for _ in 0..300 {
            for i in 0..16 {
                let pos = env.game(i).unwrap().position();
                let mirror = pos.turn() == Color::Black;
                let mut expected: Vec<usize> = pos
                    .legal_moves()
                    .iter()
                    .map(|&m| enc.index(m, mirror).unwrap())
                    .collect();
                expected.sort_unstable();
                assert_eq!(mask_row(&out, width, i), expected, "{}", pos.fen());
                assert_eq!(out.turn[i], pos.turn() == Color::Red);
            }
            env.random_actions(&mut actions).unwrap();
            env.step(&actions, &mut out.buffers()).unwrap();
        }
    }
}

/// Red mates with b1b9: the chariot on a8 holds rank 8, the one on b9 checks along rank 9.
const RED_MATES: &str = "4k4/R8/9/9/9/9/9/9/1R7/3K5 w - - 0 1";
/// The same mate by Black, mirrored: b8b0.
const BLACK_MATES: &str = "3k5/1r7/9/9/9/9/9/9/r8/4K4 b - - 0 1";

#[test]
fn a_mating_move_ends_the_game_with_the_movers_reward_and_resets_it() {
    let cases = [
        (RED_MATES, Move::new(Square::B1, Square::B9), 1),
        (BLACK_MATES, Move::new(Square::B8, Square::B0), -1),
    ];
    for (fen, mate, winner) in cases {
        let mut env = VecEnv::new(1, config_with_fens(Variant::Xiangqi, &[fen]), 0).unwrap();
        let mut out: Outputs<f32> = Outputs::new(&env, true, true);
        env.reset(&mut out.buffers()).unwrap();
        let black = winner == -1;
        let action = env.config().encoding.index(mate, black).unwrap() as i64;
        env.step(&[action], &mut out.buffers()).unwrap();
        assert_eq!(out.rewards[0], 1.0, "{fen}");
        assert!(out.terminated[0] && !out.truncated[0] && out.finished[0]);
        assert_eq!(out.termination[0], Termination::Checkmate.code() as i8);
        assert_eq!(out.winner[0], winner);
        assert_eq!(out.lengths[0], 1);
        // The game was reset to its start; the final observation is of the mated position,
        // whose side to move (the loser) has its general in plane 0.
        assert_eq!(env.game(0).unwrap().position().fen(), fen);
        let mated = out.final_obs[..90].iter().filter(|&&v| v == 1.0).count();
        assert_eq!(mated, 1);
        // In the mated position the winner has moved: the side to move is the loser.
        let red_to_move = out.final_obs[16 * 90 - 180];
        assert_eq!(red_to_move == 1.0, winner == -1);
    }
}

#[test]
fn a_game_reaching_the_ply_limit_is_truncated() {
    let mut cfg = EnvConfig::new(Variant::Xiangqi);
    cfg.max_plies = 3;
    let mut env = VecEnv::new(4, cfg, 9).unwrap();
    let mut out: Outputs<u8> = Outputs::new(&env, false, false);
    let mut actions = vec![0; 4];
    env.reset(&mut out.buffers()).unwrap();
    for ply in 1..=3 {
        env.random_actions(&mut actions).unwrap();
        env.step(&actions, &mut out.buffers()).unwrap();
        let last = ply == 3;
        assert!(out.truncated.iter().all(|&t| t == last), "ply {ply}");
        assert!(out.finished.iter().all(|&t| t == last));
        assert!(out.terminated.iter().all(|&t| !t));
        assert!(out.lengths.iter().all(|&l| l == ply));
    }
    assert!((0..4).all(|i| env.game(i).unwrap().ply() == 0));
}

#[test]
fn refused_actions_name_the_first_bad_game_and_change_nothing() {
    let mut env = VecEnv::new(3, EnvConfig::new(Variant::Xiangqi), 0).unwrap();
    let mut out: Outputs<u8> = Outputs::new(&env, true, true);
    env.reset(&mut out.buffers()).unwrap();
    let enc = env.config().encoding;
    let good = enc.index(Move::new(Square::H2, Square::E2), false).unwrap() as i64;
    // a0b0: the chariot onto its own horse.
    let own = enc.index(Move::new(Square::A0, Square::B0), false).unwrap() as i64;
    let err = env.step(&[good, own, -1], &mut out.buffers()).unwrap_err();
    assert!(
        matches!(err, EnvError::Illegal { game: 1, action, .. } if action == own),
        "{err}"
    );
    let err = env
        .step(&[good, good, 2086], &mut out.buffers())
        .unwrap_err();
    assert!(
        matches!(
            err,
            EnvError::OutOfRange {
                game: 2,
                action: 2086,
                ..
            }
        ),
        "{err}"
    );
    assert!((0..3).all(|i| env.game(i).unwrap().ply() == 0));
    let err = env.step(&[good, good], &mut out.buffers()).unwrap_err();
    assert!(matches!(
        err,
        EnvError::BufferLength {
            name: "actions",
            expected: 3,
            got: 2
        }
    ));
    let mut short = vec![0.0f32; 2];
    let mut b = out.buffers();
    b.rewards = &mut short;
    let err = env.step(&[good; 3], &mut b).unwrap_err();
    assert!(matches!(
        err,
        EnvError::BufferLength {
            name: "rewards",
            ..
        }
    ));
    env.step(&[good; 3], &mut out.buffers()).unwrap();
    assert!((0..3).all(|i| env.game(i).unwrap().ply() == 1));
}

#[test]
fn the_batch_plays_as_plain_games_judged_by_core() {
    // The same random legal moves played in plain `Game`s, judged by `Game::outcome`.
    for variant in [Variant::Xiangqi, Variant::Janggi] {
        let mut cfg = EnvConfig::new(variant);
        cfg.max_plies = 150;
        let n = 8;
        let mut env = VecEnv::new(n, cfg.clone(), 11).unwrap();
        let mut out: Outputs<u8> = Outputs::new(&env, false, false);
        let mut actions = vec![0; n];
        env.reset(&mut out.buffers()).unwrap();
        let mut games: Vec<Game> = (0..n).map(|i| env.game(i).unwrap().clone()).collect();
        let mut expected = vec![(0.0f32, 0i8, 0u32); n];
        let mut ended = 0;
        for _ in 0..1500 {
            env.random_actions(&mut actions).unwrap();
            for (i, game) in games.iter_mut().enumerate() {
                let pos = game.position();
                let mirror = pos.turn() == Color::Black;
                let m = cfg
                    .encoding
                    .decode(actions[i] as usize, pos, mirror)
                    .unwrap();
                let mover = pos.turn();
                game.push(m).unwrap();
                expected[i] = match game.outcome() {
                    Some(o) => (
                        o.winner
                            .map_or(0.0, |w| if w == mover { 1.0 } else { -1.0 }),
                        o.termination.code() as i8,
                        game.ply() as u32,
                    ),
                    None => (0.0, 0, game.ply() as u32),
                };
            }
            env.step(&actions, &mut out.buffers()).unwrap();
            for (i, game) in games.iter_mut().enumerate() {
                let (reward, code, plies) = expected[i];
                assert_eq!(out.rewards[i], reward);
                assert_eq!(out.termination[i], code);
                assert_eq!(out.terminated[i], code != 0);
                assert_eq!(out.lengths[i], plies);
                assert_eq!(out.truncated[i], code == 0 && plies >= 150);
                if out.finished[i] {
                    ended += 1;
                    *game = env.game(i).unwrap().clone();
                } else {
                    assert_eq!(game.position().fen(), env.game(i).unwrap().position().fen());
                }
            }
        }
        assert!(ended >= n, "{variant}: {ended} games ended");
    }
}
