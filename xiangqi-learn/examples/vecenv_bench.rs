//! Steps `VecEnv(1024)` with random legal actions, for xiangqi and janggi: steps a second
//! without observations or masks, and with uint8 planes and legal-action masks written into
//! caller-provided buffers. Each figure is the best of `--repeats` runs of `--seconds` each,
//! in steps a wall second and (on Linux, from `/proc/self/stat`) steps a CPU second of the
//! process, the figure that holds still on a shared machine.
//!
//! `cargo run --release -p xiangqi-learn --example vecenv_bench -- [--seconds S]
//! [--repeats R] [--num-envs N] [--threads T] [--variant NAME] [--rules NAME]`
//!
//! `--rules` names a rules preset (`axf`, `casual`, ...) in place of each variant's default.

mod common;

use common::cpu_seconds;
use std::time::{Duration, Instant};
use xiangqi_core::{Rules, Variant};
use xiangqi_learn::{EnvConfig, Outputs, VecEnv};

/// Game steps a second (games times batch steps) over `seconds` of random play: per wall
/// second, and per CPU second when it can be measured.
fn rate(
    variant: Variant,
    rules: Option<Rules>,
    num_envs: usize,
    outputs: bool,
    seconds: f64,
) -> (f64, Option<f64>) {
    let mut cfg = EnvConfig::new(variant);
    if let Some(rules) = rules {
        cfg.rules = rules;
    }
    let mut env = VecEnv::new(num_envs, cfg, 1).expect("a valid batch");
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
    let cpu_start = cpu_seconds();
    let start = Instant::now();
    let mut batches = 0u64;
    while start.elapsed() < limit {
        step(&mut env);
        batches += 1;
    }
    let wall = start.elapsed().as_secs_f64();
    let steps = (batches * num_envs as u64) as f64;
    let cpu = cpu_seconds()
        .zip(cpu_start)
        .map(|(end, start)| end - start)
        .filter(|&cpu| cpu > 0.0);
    (steps / wall, cpu.map(|cpu| steps / cpu))
}

fn main() {
    let flags = common::flags(&[
        "seconds", "repeats", "num-envs", "threads", "variant", "rules",
    ]);
    let seconds: f64 = common::flag(&flags, "seconds", 3.0);
    let repeats: usize = common::flag(&flags, "repeats", 3);
    let num_envs: usize = common::flag(&flags, "num-envs", 1024);
    let pool = common::thread_pool(common::flag(&flags, "threads", 0));
    println!(
        "VecEnv({num_envs}), random legal actions, {} threads: best of {repeats} x {seconds} s",
        pool.current_num_threads()
    );
    let variants = match flags.get("variant") {
        None => vec![Variant::Xiangqi, Variant::Janggi],
        Some(name) => match name.parse::<Variant>() {
            Ok(variant) => vec![variant],
            Err(e) => {
                eprintln!("--variant {name:?}: {e}");
                std::process::exit(2);
            }
        },
    };
    let rules = flags.get("rules").map(|name| match Rules::from_name(name) {
        Ok(rules) => rules,
        Err(e) => {
            eprintln!("--rules {name:?}: {e}");
            std::process::exit(2);
        }
    });
    for variant in variants {
        for (label, outputs) in [
            ("no observations, no masks", false),
            ("uint8 planes + masks", true),
        ] {
            let (mut wall, mut cpu) = (0.0f64, 0.0f64);
            for _ in 0..repeats.max(1) {
                let (w, c) = pool.install(|| rate(variant, rules, num_envs, outputs, seconds));
                wall = wall.max(w);
                cpu = cpu.max(c.unwrap_or(0.0));
            }
            println!(
                "  {:8} {:8} {label:28}: {wall:12.0} steps/s wall, {cpu:12.0} per CPU second",
                variant.name(),
                rules.map_or("default", |_| flags["rules"].as_str())
            );
        }
    }
}
