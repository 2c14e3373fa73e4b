//! Simulations a second of batched tree search with a trivial network (equal logits, value 0):
//! the search's own cost, which a real network adds its evaluation time to. `--trees` games
//! (the start position played on by each search's move, so the trees grow and get reused),
//! `--simulations` per search, PUCT and Gumbel, xiangqi and janggi, uint8 planes. Each figure
//! is the best of `--repeats` runs of `--seconds`, per wall second and (on Linux) per CPU
//! second of the process.
//!
//! `cargo run --release -p xiangqi-learn --example mcts_bench -- [--seconds S] [--repeats R]
//! [--trees N] [--simulations K] [--threads T]`

mod common;

use common::cpu_seconds;
use std::convert::Infallible;
use std::time::{Duration, Instant};
use xiangqi_core::{Color, Game, Variant};
use xiangqi_learn::{Algorithm, Batch, EnvConfig, Mcts, MctsConfig};

fn trivial(batch: Batch<'_, u8>) -> Result<(), Infallible> {
    batch.logits.fill(0.0);
    batch.values.fill(0.0);
    Ok(())
}

/// Simulations a second (trees times simulations) over `seconds` of searches, each followed
/// by its move (a game that ends starts again).
fn rate(
    variant: Variant,
    algorithm: Algorithm,
    trees: usize,
    simulations: u32,
    seconds: f64,
) -> (f64, Option<f64>) {
    let env = EnvConfig::new(variant);
    let enc = env.encoding;
    let cfg = MctsConfig::new(algorithm, simulations);
    let mut mcts: Mcts<u8> = Mcts::new(trees, env, cfg, 1).expect("a valid search");
    let start = Game::of_variant(variant, None).expect("the start position");
    let mut games: Vec<Game> = vec![start.clone(); trees];
    let limit = Duration::from_secs_f64(seconds);
    let cpu_start = cpu_seconds();
    let begin = Instant::now();
    let mut searches = 0u64;
    while begin.elapsed() < limit {
        let roots: Vec<&Game> = games.iter().collect();
        mcts.search(&roots, trivial).expect("the trivial network");
        for (g, &a) in games.iter_mut().zip(mcts.actions()) {
            let mirror = g.position().turn() == Color::Black;
            match enc.decode(a as usize, g.position(), mirror) {
                Some(m)
                    if a >= 0 && g.push(m).is_ok() && g.outcome().is_none() && g.ply() < 200 => {}
                _ => *g = start.clone(),
            }
        }
        searches += 1;
    }
    let wall = begin.elapsed().as_secs_f64();
    let sims = (searches * trees as u64 * simulations as u64) as f64;
    let cpu = cpu_seconds()
        .zip(cpu_start)
        .map(|(end, start)| end - start)
        .filter(|&cpu| cpu > 0.0);
    (sims / wall, cpu.map(|cpu| sims / cpu))
}

fn main() {
    let flags = common::flags(&["seconds", "repeats", "trees", "simulations", "threads"]);
    let seconds: f64 = common::flag(&flags, "seconds", 3.0);
    let repeats: usize = common::flag(&flags, "repeats", 3);
    let trees: usize = common::flag(&flags, "trees", 256);
    let simulations: u32 = common::flag(&flags, "simulations", 64);
    let pool = common::thread_pool(common::flag(&flags, "threads", 0));
    println!(
        "Mcts({trees} trees, {simulations} simulations), trivial network, {} threads: best of {repeats} x {seconds} s",
        pool.current_num_threads()
    );
    for variant in [Variant::Xiangqi, Variant::Janggi] {
        for algorithm in [Algorithm::puct(), Algorithm::gumbel()] {
            let (mut wall, mut cpu) = (0.0f64, 0.0f64);
            for _ in 0..repeats.max(1) {
                let (w, c) = pool.install(|| rate(variant, algorithm, trees, simulations, seconds));
                wall = wall.max(w);
                cpu = cpu.max(c.unwrap_or(0.0));
            }
            println!(
                "  {:8} {:6}: {wall:12.0} simulations/s wall, {cpu:12.0} per CPU second",
                variant.name(),
                algorithm.name()
            );
        }
    }
}
