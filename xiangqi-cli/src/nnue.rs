//! `xiangqi nnue`: training data for the learned evaluation, and training.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;
use xiangqi_core::Position;
use xiangqi_nnue::data::DataFile;
use xiangqi_search::datagen::{self, GenConfig, GenProgress};
use xiangqi_search::Rules;

/// The usage of `xiangqi nnue`.
pub const USAGE: &str = "usage:
  xiangqi nnue gen [--out FILE] [--games N] [--nodes N] [--threads N] [--seed N]
                   [--openings FILE] [--random-plies MIN-MAX] [--rules casual|simple|axf]
      the engine plays itself at a fixed node count; every position is written with the search's
      score and the game's result (about 4.5 bytes a position). Resumable: run the same command
      again and it plays the games the file lacks; a larger --games appends more.
      Defaults: --out $XDG_CACHE_HOME/xiangqi/nnue/selfplay-SEED.bin (~/.cache when unset),
      --games 10000, --nodes 6000, --threads all cores, --seed 1, the balanced openings,
      --random-plies 2-6, --rules axf.";

/// The balanced openings shipped with the project.
const BALANCED_OPENINGS: &str = include_str!("../../data/openings/balanced.epd");

/// Runs `xiangqi nnue ARGS`.
pub fn command(args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str) {
        Some("gen") => gen_command(&args[1..]),
        Some(other) => Err(format!("unknown nnue command {other:?}\n{USAGE}")),
        None => Err(USAGE.to_owned()),
    }
}

/// The folder for large generated data: `$XDG_CACHE_HOME/xiangqi/nnue`, else
/// `~/.cache/xiangqi/nnue`.
pub fn cache_dir() -> PathBuf {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
        .unwrap_or_else(|| PathBuf::from(".cache"));
    base.join("xiangqi").join("nnue")
}

/// Reads openings: one FEN (or EPD) a line, `#` comments and blank lines skipped.
fn parse_openings(text: &str) -> Result<Vec<Position>, String> {
    let openings: Vec<Position> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .enumerate()
        .map(|(i, line)| {
            // An EPD line has four fields; a FEN line six. Both parse as a FEN with the
            // counters defaulted.
            let fields: Vec<&str> = line.split_whitespace().take(6).collect();
            let fen = if fields.len() >= 6 {
                fields.join(" ")
            } else {
                format!("{} 0 1", fields.iter().take(4).copied().collect::<Vec<_>>().join(" "))
            };
            Position::from_fen(&fen).map_err(|e| format!("opening {}: {e}", i + 1))
        })
        .collect::<Result<_, _>>()?;
    if openings.is_empty() {
        return Err("no openings".to_owned());
    }
    Ok(openings)
}

fn parse_number<T: std::str::FromStr>(name: &str, value: Option<&String>) -> Result<T, String> {
    value
        .ok_or_else(|| format!("{name} needs a value"))?
        .parse()
        .map_err(|_| format!("{name} needs a number, not {:?}", value.unwrap()))
}

fn format_duration(seconds: f64) -> String {
    let s = seconds.max(0.0) as u64;
    format!("{}h{:02}m{:02}s", s / 3600, s / 60 % 60, s % 60)
}

fn gen_command(args: &[String]) -> Result<(), String> {
    let mut config = GenConfig::default();
    let mut out = None;
    let mut games = 10_000u64;
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut openings_text = BALANCED_OPENINGS.to_owned();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--out" => out = Some(PathBuf::from(it.next().ok_or("--out needs a file")?)),
            "--games" => games = parse_number("--games", it.next())?,
            "--nodes" => {
                config.nodes = parse_number("--nodes", it.next())?;
                if config.nodes == 0 {
                    return Err("--nodes must be at least 1".to_owned());
                }
            }
            "--threads" => {
                threads = parse_number("--threads", it.next())?;
                if !(1..=xiangqi_search::MAX_THREADS).contains(&threads) {
                    return Err(format!("--threads must be 1..={}", xiangqi_search::MAX_THREADS));
                }
            }
            "--seed" => config.seed = parse_number("--seed", it.next())?,
            "--openings" => {
                let path = it.next().ok_or("--openings needs a file")?;
                openings_text =
                    std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            }
            "--random-plies" => {
                let value = it.next().ok_or("--random-plies needs MIN-MAX")?;
                let (lo, hi) = value.split_once('-').unwrap_or((value, value));
                let (lo, hi): (u32, u32) = (
                    lo.parse().map_err(|_| format!("bad --random-plies {value:?}"))?,
                    hi.parse().map_err(|_| format!("bad --random-plies {value:?}"))?,
                );
                if lo > hi || hi > 100 {
                    return Err(format!("bad --random-plies {value:?} (MIN-MAX, at most 100)"));
                }
                (config.min_random_plies, config.max_random_plies) = (lo, hi);
            }
            "--rules" => {
                let name = it.next().ok_or("--rules needs a preset")?;
                config.rules = name.parse::<Rules>().map_err(|e| e.to_string())?;
            }
            other => return Err(format!("unknown option {other:?}\n{USAGE}")),
        }
    }
    config.openings = parse_openings(&openings_text)?;
    let out = match out {
        Some(path) => path,
        None => {
            let dir = cache_dir();
            std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            dir.join(format!("selfplay-{}.bin", config.seed))
        }
    };
    let mut data = DataFile::open(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    eprintln!(
        "{}: {} games, {} positions already; playing up to game {games} at {} nodes on {threads} threads",
        out.display(),
        data.games(),
        data.positions(),
        config.nodes
    );
    let stop = AtomicBool::new(false);
    let mut last = Instant::now();
    let mut report = |p: &GenProgress| {
        if last.elapsed().as_secs_f64() < 10.0 && p.games < p.target_games {
            return;
        }
        last = Instant::now();
        let eta = p.eta_seconds().map_or_else(|| "?".to_owned(), format_duration);
        eprintln!(
            "games {}/{} positions {} ({:.0} positions/s) elapsed {} eta {eta}",
            p.games,
            p.target_games,
            p.positions,
            p.rate(),
            format_duration(p.seconds)
        );
    };
    datagen::run(&config, &mut data, games, threads, &stop, &mut report)
        .map_err(|e| format!("{}: {e}", out.display()))?;
    eprintln!("{}: {} games, {} positions", out.display(), data.games(), data.positions());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_openings_parse() {
        assert_eq!(parse_openings(BALANCED_OPENINGS).unwrap().len(), 60);
    }
}
