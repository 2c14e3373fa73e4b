//! Steps `VecEnv(1024)` with random legal actions, for xiangqi and janggi: steps a second
//! without observations or masks, and with uint8 planes and legal-action masks written into
//! caller-provided buffers. Each figure is the best of `--repeats` runs of `--seconds` each.
//!
//! `cargo run --release -p xiangqi-learn --example vecenv_bench -- [--seconds S]
//! [--repeats R] [--num-envs N] [--threads T]`

use std::time::{Duration, Instant};
use xiangqi_core::Variant;
use xiangqi_learn::{EnvConfig, Outputs, VecEnv};

/// Game steps a second (games times batch steps) over `seconds` of random play.
fn rate(variant: Variant, num_envs: usize, outputs: bool, seconds: f64) -> f64 {
    let mut env = VecEnv::new(num_envs, EnvConfig::new(variant), 1).expect("a valid batch");
    let mut out: Outputs<u8> = Outputs::new(&env, outputs, outputs);
    let mut actions = vec![0i64; num_envs];
    env.reset(&mut out.buffers())
        .expect("buffers of the batch's size");
    let mut step = |env: &mut VecEnv| {
        env.random_actions(&mut actions).expect("one action a game");
        env.step(&actions, &mut out.buffers())
            .expect("random actions are legal");
    };
    step(&mut env); // warm up
    let limit = Duration::from_secs_f64(seconds);
    let start = Instant::now();
    let mut batches = 0u64;
    while start.elapsed() < limit {
        step(&mut env);
        batches += 1;
    }
    (batches * num_envs as u64) as f64 / start.elapsed().as_secs_f64()
}

fn main() {
    let mut seconds = 3.0;
    let mut repeats = 3;
    let mut num_envs = 1024;
    let mut threads = 0;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().unwrap_or_default();
        match arg.as_str() {
            "--seconds" => seconds = value().parse().unwrap_or(seconds),
            "--repeats" => repeats = value().parse().unwrap_or(repeats),
            "--num-envs" => num_envs = value().parse().unwrap_or(num_envs),
            "--threads" => threads = value().parse().unwrap_or(threads),
            other => {
                eprintln!("unknown argument {other:?}");
                std::process::exit(2);
            }
        }
    }
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool,
        Err(e) => {
            eprintln!("no thread pool: {e}");
            std::process::exit(1);
        }
    };
    println!(
        "VecEnv({num_envs}), random legal actions, {} threads: best of {repeats} x {seconds} s",
        pool.current_num_threads()
    );
    for variant in [Variant::Xiangqi, Variant::Janggi] {
        for (label, outputs) in [
            ("no observations, no masks", false),
            ("uint8 planes + masks", true),
        ] {
            let best = (0..repeats.max(1))
                .map(|_| pool.install(|| rate(variant, num_envs, outputs, seconds)))
                .fold(0.0, f64::max);
            println!("  {:8} {label:28}: {best:12.0} steps/s", variant.name());
        }
    }
}
