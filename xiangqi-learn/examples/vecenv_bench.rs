//! Steps `VecEnv(1024)` with random legal actions, for xiangqi and janggi: steps a second
//! without observations or masks, and with uint8 planes and legal-action masks written into
//! caller-provided buffers. Each figure is the best of `--repeats` runs of `--seconds` each,
//! in steps a wall second and (on Linux, from `/proc/self/stat`) steps a CPU second of the
//! process, the figure that holds still on a shared machine.
//!
//! `cargo run --release -p xiangqi-learn --example vecenv_bench -- [--seconds S]
//! [--repeats R] [--num-envs N] [--threads T]`

use std::time::{Duration, Instant};
use xiangqi_core::Variant;
use xiangqi_learn::{EnvConfig, Outputs, VecEnv};

/// The process's CPU seconds (user and system, all threads), where Linux tells them: fields 14
/// and 15 of `/proc/self/stat`, in clock ticks of 1/100 s.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i)?.parse::<f64>().ok();
    Some((ticks(11)? + ticks(12)?) / 100.0)
}

/// Game steps a second (games times batch steps) over `seconds` of random play: per wall
/// second, and per CPU second when it can be measured.
fn rate(variant: Variant, num_envs: usize, outputs: bool, seconds: f64) -> (f64, Option<f64>) {
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
            let (mut wall, mut cpu) = (0.0f64, 0.0f64);
            for _ in 0..repeats.max(1) {
                let (w, c) = pool.install(|| rate(variant, num_envs, outputs, seconds));
                wall = wall.max(w);
                cpu = cpu.max(c.unwrap_or(0.0));
            }
            println!(
                "  {:8} {label:28}: {wall:12.0} steps/s wall, {cpu:12.0} per CPU second",
                variant.name()
            );
        }
    }
}
