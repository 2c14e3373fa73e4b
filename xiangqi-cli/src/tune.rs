//! `xiangqi tune`: the search's run-time numbers, and an SPSA run that tunes them.

use crate::args;
use crate::nnue::{cache_dir, eval_option, every_core, format_duration};
use std::path::{Path, PathBuf};
use std::time::Instant;
use xiangqi_search::params::{SearchParams, TUNABLES};
use xiangqi_search::tune::{self, PairEngines, SpsaConfig, SpsaState};

/// The usage of `xiangqi tune`.
pub const USAGE: &str = "usage:
  xiangqi tune params
      the search's run-time numbers, one a line as SPSA tools take them:
      NAME, int, default, min, max, c_end, r_end. Each is a UCI option of its name
      (setoption name RFP_MARGIN value 140), not shown in the option list.
  xiangqi tune spsa [--iterations N] [--nodes N] [--pairs N] [--threads N] [--seed N]
                    [--only NAME,NAME...] [--r-end X] [--state FILE]
                    [--eval nnue|classical] [--eval-file NET]
      tunes them by SPSA: each iteration plays --pairs game pairs (the balanced openings and
      2-6 random plies, both colours, AXF rules, adjudicated like nnue gen) at --nodes a move
      between the numbers moved up and moved down by a random step, and moves them toward the
      side that scored more. The state is written to FILE after every iteration; run the same
      command again to go on from it. At the end (and every 10 iterations) it prints the values
      as NAME value lines. Defaults: --iterations 2000, --nodes 10000, --pairs and --threads
      the cores, --seed 1, every number, --r-end 0.002,
      --state $XDG_CACHE_HOME/xiangqi/tune/spsa-SEED.txt.";

/// Runs `xiangqi tune ARGS`.
pub fn command(args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str) {
        Some("params") if args.len() == 1 => {
            let r_end = SpsaConfig::default().r_end;
            for t in TUNABLES {
                out!(
                    "{}, int, {}, {}, {}, {}, {}",
                    t.name,
                    t.default,
                    t.min,
                    t.max,
                    t.step,
                    r_end
                );
            }
            Ok(())
        }
        Some("spsa") => spsa_command(&args[1..]),
        _ => Err(USAGE.to_owned()),
    }
}

fn spsa_command(args: &[String]) -> Result<(), String> {
    let mut config = SpsaConfig::default();
    let mut threads = every_core();
    let mut pairs = None;
    let mut state_path = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            a if eval_option(a, &mut it, &mut config.games.evaluation)? => {}
            "--iterations" => config.iterations = positive(&mut it, "--iterations")?,
            "--nodes" => config.games.nodes = positive(&mut it, "--nodes")?,
            "--pairs" => pairs = Some(positive(&mut it, "--pairs")?),
            "--threads" => {
                threads = positive(&mut it, "--threads")?;
                if threads > xiangqi_search::MAX_THREADS {
                    return Err(format!(
                        "--threads must be 1..={}",
                        xiangqi_search::MAX_THREADS
                    ));
                }
            }
            "--seed" => config.games.seed = args::number(&mut it, "--seed")?,
            "--r-end" => {
                let r: f64 = args::number(&mut it, "--r-end")?;
                if !(r > 0.0 && r.is_finite()) {
                    return Err(format!("--r-end must be above 0, not {r}"));
                }
                config.r_end = r;
            }
            "--only" => {
                let names = args::value(&mut it, "--only")?;
                config.tunables = names
                    .split(',')
                    .map(|name| {
                        TUNABLES
                            .iter()
                            .find(|t| t.name.eq_ignore_ascii_case(name.trim()))
                            .copied()
                            .ok_or_else(|| {
                                format!("--only: no run-time number is named {name:?} (see `xiangqi tune params`)")
                            })
                    })
                    .collect::<Result<_, _>>()?;
            }
            "--state" => state_path = Some(PathBuf::from(args::value(&mut it, "--state")?)),
            other => return Err(format!("unknown option {other:?}\n{USAGE}")),
        }
    }
    config.pairs = pairs.unwrap_or(threads);
    let threads = threads.min(config.pairs);
    let state_path = match state_path {
        Some(path) => path,
        None => {
            let dir = cache_dir().with_file_name("tune");
            std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            dir.join(format!("spsa-{}.txt", config.games.seed))
        }
    };
    let mut state = match std::fs::read_to_string(&state_path) {
        Ok(text) => SpsaState::parse(&text, &config)
            .map_err(|e| format!("{}: {e}", state_path.display()))?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => SpsaState::new(&config),
        Err(e) => return Err(format!("{}: {e}", state_path.display())),
    };
    eprintln!(
        "tuning {} numbers: iteration {} of {}, {} game pairs an iteration at {} nodes a move on {threads} threads; state in {}",
        config.tunables.len(),
        state.iteration,
        config.iterations,
        config.pairs,
        config.games.nodes,
        state_path.display()
    );
    let mut engines: Vec<PairEngines> = (0..threads).map(|_| PairEngines::new(&config)).collect();
    let started = Instant::now();
    let first = state.iteration;
    while state.iteration < config.iterations {
        tune::iterate(&config, &mut state, &mut engines, SearchParams::default());
        save(&state_path, &state.to_text(&config))?;
        let done = state.iteration - first;
        if state.iteration % 10 == 0 || state.iteration == config.iterations {
            let per = started.elapsed().as_secs_f64() / done as f64;
            eprintln!(
                "iteration {}/{} games {} plus side {:+.1} elapsed {} eta {}",
                state.iteration,
                config.iterations,
                state.games,
                state.plus_surplus,
                format_duration(started.elapsed().as_secs_f64()),
                format_duration(per * (config.iterations - state.iteration) as f64)
            );
            eprintln!("{}", values_line(&config, &state));
        }
    }
    let tuned = state.params(&config, SearchParams::default());
    for t in &config.tunables {
        out!("{} {}", t.name, tuned.get(t.name).unwrap_or(t.default));
    }
    Ok(())
}

/// The values now, rounded, with their defaults: `NAME value (default)`.
fn values_line(config: &SpsaConfig, state: &SpsaState) -> String {
    config
        .tunables
        .iter()
        .zip(&state.theta)
        .map(|(t, v)| format!("{} {:.1} ({})", t.name, v, t.default))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A number of at least 1 after option `name`.
fn positive<'a, T: std::str::FromStr + PartialOrd + From<u8>>(
    it: &mut impl Iterator<Item = &'a String>,
    name: &str,
) -> Result<T, String> {
    let n: T = args::number(it, name)?;
    if n < T::from(1) {
        return Err(format!("{name} must be at least 1"));
    }
    Ok(n)
}

/// Writes `text` to `path` whole: to a file beside it, then renamed over it, so a run stopped
/// mid-write keeps the last state.
fn save(path: &Path, text: &str) -> Result<(), String> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".part");
    let temporary = PathBuf::from(temporary);
    std::fs::write(&temporary, text)
        .and_then(|()| std::fs::rename(&temporary, path))
        .map_err(|e| format!("{}: {e}", path.display()))
}
