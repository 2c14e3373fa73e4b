//! `Mcts` against facts of the game: mates found and converged on, the verified mates of the
//! shared puzzle set, game ends judged by core's rules, and the search's own contracts (one
//! evaluation per round, reproducible across thread counts, subtrees kept, refused outputs).

use std::convert::Infallible;
use xiangqi_core::{Color, Game, Position, Rules, Variant};
use xiangqi_learn::mcts::file_mirror;
use xiangqi_learn::{Algorithm, Batch, Encoding, EnvConfig, Mcts, MctsConfig, MctsError};

/// Red wins at once three ways: b1b9 mates (the chariot on a8 holds rank 8, the one on b9
/// checks along rank 9), b1f1 and a8f8 leave the general no move (the facing generals close
/// d9), which loses in xiangqi. Every other move wins nothing at once.
const RED_MATES: &str = "4k4/R8/9/9/9/9/9/9/1R7/3K5 w - - 0 1";
/// The same by Black (b8b0, b8f8, a1f1), and Red's mirrored left to right (h1h9, h1d1, i8d8).
const BLACK_MATES: &str = "3k5/1r7/9/9/9/9/9/9/r8/4K4 b - - 0 1";
const RED_MATES_MIRRORED: &str = "4k4/8R/9/9/9/9/9/9/7R1/5K3 w - - 0 1";

/// The moves after which core's rules give the game to the mover.
fn winning_moves(g: &Game) -> Vec<String> {
    let mover = g.position().turn();
    g.position()
        .legal_moves()
        .iter()
        .filter(|&&m| {
            let mut after = g.clone();
            after.push(m).unwrap();
            after.outcome().is_some_and(|o| o.winner == Some(mover))
        })
        .map(|m| m.to_string())
        .collect()
}

fn game(fen: &str) -> Game {
    Game::from_fen(fen, Rules::axf()).unwrap()
}

/// A network that knows nothing: equal logits, value 0.
fn uniform(batch: Batch<'_, f32>) -> Result<(), Infallible> {
    batch.logits.fill(0.0);
    batch.values.fill(0.0);
    Ok(())
}

fn mcts(trees: usize, algorithm: Algorithm, simulations: u32) -> Mcts<f32> {
    Mcts::new(
        trees,
        EnvConfig::new(Variant::Xiangqi),
        MctsConfig::new(algorithm, simulations),
        7,
    )
    .unwrap()
}

/// The move of each tree's chosen action.
fn chosen(m: &Mcts<f32>, roots: &[&Game]) -> Vec<String> {
    let enc = m.env_config().encoding;
    roots
        .iter()
        .zip(m.actions())
        .map(|(g, &a)| {
            let mirror = g.position().turn() == Color::Black;
            enc.decode(a as usize, g.position(), mirror)
                .unwrap()
                .to_string()
        })
        .collect()
}

fn greedy_puct() -> Algorithm {
    match Algorithm::puct() {
        Algorithm::Puct {
            c_init,
            c_base,
            fpu_reduction,
            ..
        } => Algorithm::Puct {
            c_init,
            c_base,
            fpu_reduction,
            dirichlet_alpha: 0.0,
            dirichlet_fraction: 0.0,
            temperature: 0.0,
        },
        _ => unreachable!(),
    }
}

fn greedy_gumbel(max_considered: u32) -> Algorithm {
    match Algorithm::gumbel() {
        Algorithm::Gumbel {
            c_visit, c_scale, ..
        } => Algorithm::Gumbel {
            max_considered,
            c_visit,
            c_scale,
            gumbel_scale: 0.0,
        },
        _ => unreachable!(),
    }
}

#[test]
fn both_algorithms_find_the_only_mate_in_one_for_either_side_and_mirrored() {
    let games: Vec<Game> = [RED_MATES, BLACK_MATES, RED_MATES_MIRRORED]
        .iter()
        .map(|f| game(f))
        .collect();
    let roots: Vec<&Game> = games.iter().collect();
    // Gumbel considers every root move (fewer than 64 here) before halving.
    for algorithm in [
        greedy_puct(),
        greedy_gumbel(64),
        Algorithm::puct(),
        Algorithm::gumbel(),
    ] {
        let mut m = mcts(3, algorithm, 200);
        m.search(&roots, uniform).unwrap();
        if matches!(
            algorithm,
            Algorithm::Gumbel {
                max_considered: 16,
                ..
            }
        ) {
            // 16 considered moves drawn by noise may miss the mate: only check the values.
            continue;
        }
        let expected = [
            ["a8f8", "b1b9", "b1f1"],
            ["a1f1", "b8b0", "b8f8"],
            ["h1d1", "h1h9", "i8d8"],
        ];
        for ((g, mv), expected) in games.iter().zip(chosen(&m, &roots)).zip(expected) {
            let mut wins = winning_moves(g);
            wins.sort();
            assert_eq!(wins, expected, "the rules' immediate wins");
            assert!(wins.contains(&mv), "{algorithm:?}: {mv}");
        }
        // The root is a win for the side to move.
        for v in m.values() {
            assert!(*v > 0.3, "{algorithm:?}: {:?}", m.values());
        }
    }
}

#[test]
fn puct_visits_converge_on_the_wins_as_the_simulations_grow() {
    let g = game(RED_MATES);
    let wins: Vec<usize> = g
        .position()
        .legal_moves()
        .iter()
        .filter(|m| winning_moves(&g).contains(&m.to_string()))
        .map(|&m| Encoding::Shapes2086.index(m, false).unwrap())
        .collect();
    assert_eq!(wins.len(), 3);
    let mut shares = Vec::new();
    for sims in [50, 200, 800, 3200] {
        let mut m = mcts(1, greedy_puct(), sims);
        m.search(&[&g], uniform).unwrap();
        let visits = m.visits();
        let total: u32 = visits.iter().sum();
        assert_eq!(total, sims, "each simulation visits one root move");
        let won: u32 = wins.iter().map(|&a| visits[a]).sum();
        shares.push(won as f64 / total as f64);
        let policy: f32 = wins.iter().map(|&a| m.policy()[a]).sum();
        assert!((policy as f64 - shares.last().unwrap()).abs() < 1e-5);
    }
    assert!(shares.windows(2).all(|w| w[1] > w[0]), "{shares:?}");
    assert!(shares[3] > 0.9, "{shares:?}");
}

#[test]
fn gumbel_puts_its_improved_policy_on_the_wins() {
    let g = game(RED_MATES);
    let mut m = mcts(1, greedy_gumbel(64), 64);
    m.search(&[&g], uniform).unwrap();
    let policy = m.policy();
    let sum: f32 = policy.iter().sum();
    assert!((sum - 1.0).abs() < 1e-4);
    let wins = winning_moves(&g);
    let on_wins: f32 = g
        .position()
        .legal_moves()
        .iter()
        .filter(|m| wins.contains(&m.to_string()))
        .map(|&m| policy[Encoding::Shapes2086.index(m, false).unwrap()])
        .sum();
    assert!(on_wins > 0.9, "{on_wins}");
    assert!(wins.contains(&chosen(&m, &[&g])[0]));
}

/// The verified mates in three of the shared puzzle set (found by Fairy-Stockfish): PUCT with
/// no knowledge at all (equal logits, value 0) settles on a listed first move once the game ends
/// it reaches have proved the mate (the longest needs about 400,000 simulations).
#[test]
fn puct_finds_the_first_move_of_the_verified_mates_in_three() {
    let Ok(text) = std::fs::read_to_string("../../shared/puzzles/mates.tsv")
        .or_else(|_| std::fs::read_to_string("../shared/puzzles/mates.tsv"))
    else {
        eprintln!("skipped: ../shared/puzzles/mates.tsv is not here");
        return;
    };
    let mut checked = 0;
    for line in text.lines().skip(2) {
        let f: Vec<&str> = line.split('\t').collect();
        if f[2] != "3" {
            continue;
        }
        let g = game(f[1]);
        let mut m = mcts(1, greedy_puct(), 500_000);
        m.search(&[&g], uniform).unwrap();
        let best = chosen(&m, &[&g]).remove(0);
        let listed: Vec<&str> = f[3].split(' ').collect();
        assert!(
            listed.contains(&best.as_str()),
            "{}: {best} not in {listed:?}",
            f[0]
        );
        let visits = m.visits();
        let share = visits[m.actions()[0] as usize] as f64 / visits.iter().sum::<u32>() as f64;
        assert!(share > 0.6, "{}: {share}", f[0]);
        checked += 1;
    }
    assert_eq!(checked, 3);
}

#[test]
fn a_finished_game_gets_no_action_and_its_result_as_value() {
    // Red has just mated: Black to move is lost.
    let mut g = game(RED_MATES);
    let mate = g
        .position()
        .legal_moves()
        .iter()
        .copied()
        .find(|m| m.to_string() == "b1b9")
        .unwrap();
    g.push(mate).unwrap();
    let mut calls = 0;
    let mut m = mcts(1, Algorithm::puct(), 10);
    m.search(&[&g], |b: Batch<'_, f32>| {
        calls += 1;
        uniform(b)
    })
    .unwrap();
    assert_eq!(calls, 0, "nothing to evaluate");
    assert_eq!(m.actions(), [-1]);
    assert_eq!(m.values(), [-1.0]);
    assert!(m.policy().iter().all(|&p| p == 0.0));
}

#[test]
fn the_network_is_called_once_per_round_with_masks_of_the_leaves_legal_moves() {
    let start = Game::of_variant(Variant::Xiangqi, None).unwrap();
    let other = game(RED_MATES);
    let roots = [&start, &other];
    for symmetries in [false, true] {
        let mut cfg = MctsConfig::new(Algorithm::gumbel(), 24);
        cfg.symmetries = symmetries;
        let env = EnvConfig::new(Variant::Xiangqi);
        let obs_len = env.obs_len();
        let enc = env.encoding;
        let mut m: Mcts<u8> = Mcts::new(2, env, cfg, 1).unwrap();
        let mut calls = 0;
        m.search(&roots, |b: Batch<'_, u8>| {
            calls += 1;
            for row in 0..b.rows {
                let obs = &b.obs[row * obs_len..(row + 1) * obs_len];
                let mask = &b.masks[row * enc.size()..(row + 1) * enc.size()];
                let actions: Vec<usize> = (0..enc.size()).filter(|&a| mask[a]).collect();
                // Every masked action starts on a point of one of the mover's pieces, as the
                // planes show it (own pieces on planes 0..7), so planes and mask agree.
                for a in actions {
                    let m = enc.action_move(a, false).unwrap();
                    let from = m.from().index();
                    assert!((0..7).any(|p| obs[p * 90 + from] == 1), "action {a}");
                }
            }
            b.logits.fill(0.0);
            b.values.fill(0.0);
            Ok::<(), Infallible>(())
        })
        .unwrap();
        assert!(calls <= 25, "{calls} calls for 24 simulations");
        assert!(calls >= 2);
    }
}

#[test]
fn results_do_not_depend_on_the_thread_count() {
    let start = Game::of_variant(Variant::Xiangqi, None).unwrap();
    let games: Vec<Game> = (0..8).map(|_| start.clone()).collect();
    let roots: Vec<&Game> = games.iter().collect();
    // A network that depends on the position, so the trees differ.
    let net = |b: Batch<'_, f32>| {
        let len = b.obs.len() / b.rows;
        for row in 0..b.rows {
            let obs = &b.obs[row * len..(row + 1) * len];
            let s: f32 = obs
                .iter()
                .enumerate()
                .map(|(i, v)| v * (i % 13) as f32)
                .sum();
            b.values[row] = (s * 0.001).sin();
            for (a, l) in b.logits[row * 2086..(row + 1) * 2086]
                .iter_mut()
                .enumerate()
            {
                *l = ((a as f32 + s) * 0.37).sin();
            }
        }
        Ok::<(), Infallible>(())
    };
    let mut results = Vec::new();
    for threads in [1, 2] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        for algorithm in [Algorithm::puct(), Algorithm::gumbel()] {
            let mut cfg = MctsConfig::new(algorithm, 40);
            cfg.symmetries = true;
            let mut m: Mcts<f32> = Mcts::new(8, EnvConfig::new(Variant::Xiangqi), cfg, 11).unwrap();
            pool.install(|| m.search(&roots, net)).unwrap();
            results.push((
                m.actions().to_vec(),
                m.policy().to_vec(),
                m.values().to_vec(),
            ));
        }
    }
    assert_eq!(results[0], results[2]);
    assert_eq!(results[1], results[3]);
    // The trees' own noise makes the eight identical roots differ.
    assert!(results[0].0.iter().any(|&a| a != results[0].0[0]));
}

#[test]
fn a_search_after_a_move_the_tree_explored_keeps_that_subtree() {
    let mut g = Game::of_variant(Variant::Xiangqi, None).unwrap();
    let mut m = mcts(1, greedy_puct(), 100);
    m.search(&[&g], uniform).unwrap();
    let action = m.actions()[0] as usize;
    let kept = m.visits()[action];
    assert!(kept > 1);
    let mv = Encoding::Shapes2086
        .decode(action, g.position(), false)
        .unwrap();
    g.push(mv).unwrap();
    m.search(&[&g], uniform).unwrap();
    // The child's visits (less its own expansion) plus the new simulations.
    let total: u32 = m.visits().iter().sum();
    assert_eq!(total, kept - 1 + 100);
    // Without reuse the tree starts afresh.
    let mut cfg = m.config().clone();
    cfg.reuse = false;
    m.set_config(cfg).unwrap();
    m.search(&[&g], uniform).unwrap();
    assert_eq!(m.visits().iter().sum::<u32>(), 100);
    // A game the tree never saw is searched afresh too.
    let other = game(RED_MATES);
    let mut cfg = m.config().clone();
    cfg.reuse = true;
    m.set_config(cfg).unwrap();
    m.search(&[&other], uniform).unwrap();
    assert_eq!(m.visits().iter().sum::<u32>(), 100);
}

#[test]
fn janggi_trees_search_with_the_pass() {
    let g = Game::of_variant(Variant::Janggi, None).unwrap();
    let env = EnvConfig::new(Variant::Janggi);
    let mut m: Mcts<f32> = Mcts::new(1, env, MctsConfig::new(Algorithm::gumbel(), 32), 3).unwrap();
    m.search(&[&g], uniform).unwrap();
    let a = m.actions()[0];
    assert!(a >= 0 && (a as usize) < Encoding::Janggi.size());
    assert!(Encoding::Janggi
        .decode(a as usize, g.position(), false)
        .is_some());
    // A xiangqi game is refused by a janggi search.
    let x = Game::of_variant(Variant::Xiangqi, None).unwrap();
    assert_eq!(
        m.search(&[&x], uniform),
        Err(MctsError::Variant { game: 0 })
    );
}

#[test]
fn bad_network_outputs_and_settings_are_refused() {
    let g = Game::of_variant(Variant::Xiangqi, None).unwrap();
    let mut m = mcts(1, Algorithm::puct(), 8);
    let nan_value = |b: Batch<'_, f32>| {
        b.logits.fill(0.0);
        b.values.fill(f32::NAN);
        Ok::<(), Infallible>(())
    };
    assert_eq!(
        m.search(&[&g], nan_value),
        Err(MctsError::NotFinite {
            row: 0,
            what: "value"
        })
    );
    // Logits left unwritten are caught.
    let no_logits = |b: Batch<'_, f32>| {
        b.values.fill(0.0);
        Ok::<(), Infallible>(())
    };
    assert_eq!(
        m.search(&[&g], no_logits),
        Err(MctsError::NotFinite {
            row: 0,
            what: "logit"
        })
    );
    // The evaluator's own error comes back, and the next search works.
    assert_eq!(
        m.search(&[&g], |_b: Batch<'_, f32>| Err("no network")),
        Err(MctsError::Evaluate("no network"))
    );
    m.search(&[&g], uniform).unwrap();
    assert!(m.actions()[0] >= 0);
    assert_eq!(
        m.search(&[&g, &g], uniform),
        Err(MctsError::RootCount {
            expected: 1,
            got: 2
        })
    );
    let env = EnvConfig::new(Variant::Xiangqi);
    assert!(matches!(
        Mcts::<f32>::new(0, env.clone(), MctsConfig::new(Algorithm::puct(), 8), 0),
        Err(MctsError::TreeCount(0))
    ));
    let bad = Algorithm::Puct {
        c_init: f32::NAN,
        c_base: 19652.0,
        fpu_reduction: 0.0,
        dirichlet_alpha: 0.3,
        dirichlet_fraction: 0.25,
        temperature: 1.0,
    };
    assert!(matches!(
        Mcts::<f32>::new(1, env, MctsConfig::new(bad, 8), 0),
        Err(MctsError::Setting("c_init"))
    ));
}

#[test]
fn the_file_mirror_is_an_involution_matching_the_mirrored_moves() {
    for enc in Encoding::ALL {
        let mirror = file_mirror(enc);
        assert_eq!(mirror.len(), enc.size());
        for (a, &b) in mirror.iter().enumerate() {
            assert_eq!(mirror[b as usize] as usize, a, "{enc:?}");
        }
    }
    let pos = Position::startpos();
    let mirror = file_mirror(Encoding::Shapes2086);
    for &m in pos.legal_moves().iter() {
        let a = Encoding::Shapes2086.index(m, false).unwrap();
        let b = Encoding::Shapes2086.index(m.flip_file(), false).unwrap();
        assert_eq!(mirror[a] as usize, b);
    }
}
