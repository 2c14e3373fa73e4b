//! `xiangqi nnue`: training data for the learned evaluation, and training.

use crate::args;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;
use xiangqi_core::pgn::PgnResult;
use xiangqi_core::{Position, Variant};
use xiangqi_nnue::data::{DataFile, DataReader, GameResult, ADJUDICATED};
use xiangqi_nnue::train::{fit_score_scale, Dataset, Filter, TrainConfig, Trainer};
use xiangqi_nnue::NetGame;
use xiangqi_search::datagen::{self, GenConfig, GenProgress};
use xiangqi_search::{Evaluation, Rules};

/// The usage of `xiangqi nnue`.
pub const USAGE: &str = "usage:
  xiangqi nnue gen [--out FILE] [--games N] [--nodes N] [--threads N] [--seed N]
                   [--variant NAME] [--openings FILE] [--random-plies MIN-MAX]
                   [--rules casual|simple|axf]
                   [--eval nnue|classical] [--eval-file NET] [--ray [ADDRESS]]
      the engine plays itself at a fixed node count; every position is written with the search's
      score and the game's result (about 4.5 bytes a position). Resumable: run the same command
      again and it plays the games the file lacks; a larger --games appends more.
      Defaults: --out $XDG_CACHE_HOME/xiangqi/nnue/selfplay-SEED.bin (~/.cache when unset),
      --games 10000, --nodes 6000, --threads all cores, --seed 1, the balanced openings,
      --random-plies 2-6, --rules axf, the shipped net. --variant janggi (or another janggi
      rule set) plays janggi from its sixteen setups under that rule set's own game ends.
      With --ray the games are Ray tasks (python -m xiangqi.nnue gen, the Python package with
      its ray extra; $XIANGQI_PYTHON).
  xiangqi nnue train DATA... [--out DIR] [--hidden N] [--epochs N] [--batch N] [--lr X]
                   [--lambda X] [--scale K|auto] [--wd X] [--seed N] [--threads N] [--resume]
                   [--validation-every N] [--min-ply N] [--max-score N] [--no-mirror]
                   [--game xiangqi|janggi] [--init NET] [--buckets 1|8] [--generals]
                   [--symmetric]
      trains a net on data files from `nnue gen` and writes DIR/net.nnue (quantized, for
      EvalFile) and DIR/checkpoint.bin after every epoch; --resume continues from the
      checkpoint. --scale auto fits the centipawns-to-win-chance scale to the data's results.
      Defaults: --out $XDG_CACHE_HOME/xiangqi/nnue/train-SEED, --hidden 256, --epochs 30,
      --batch 16384, --lr 0.001 (cosine to 5%), --lambda 0.75, --scale 400, --wd 0.01,
      --validation-every 20 (games numbered a multiple of it are held out), --game xiangqi
      (a janggi net learns from the janggi games of the files; the other games are left out).
      --init NET starts from a net's weights (to train it further on new data). --buckets 8
      gives the net eight output layers chosen by the pieces on the board (architecture 2;
      from a one-layer --init net, each starts as its copy). --generals (with --buckets 8)
      gives each side's view six blocks of inputs chosen by where its general stands
      (architecture 3); from an --init net without them, every block starts as its inputs.
      --symmetric ties the hidden units in twins that see the board mirrored left-right, so
      the net scores a position and its mirror alike; an --init net that is not symmetric
      becomes one of twice its size that scores the average of the two.
  xiangqi nnue score RECORDS [--out FILE] [--nodes N] [--threads N] [--eval ...] [--eval-file NET]
      scores every position of recorded games (a PGN/XQF/DhtmlXQ file or folder, any encoding)
      with a search of N nodes (default 1500) and writes them with the games' results in the
      data format (games without a result are left out). Resumable like gen.
      Default --out: $XDG_CACHE_HOME/xiangqi/nnue/records-NODES.bin.
  xiangqi nnue stats DATA...
      games, positions, results and how the games ended.";

/// Runs `xiangqi nnue ARGS`.
pub fn command(args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str) {
        Some("gen") => gen_command(&args[1..]),
        Some("train") => train_command(&args[1..]),
        Some("stats") => stats_command(&args[1..]),
        Some("score") => score_command(&args[1..]),
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

/// Reads `--eval nnue|classical` or `--eval-file NET` at `arg` (its value from `it`); `false`
/// when `arg` is neither.
pub fn eval_option<'a>(
    arg: &str,
    it: &mut impl Iterator<Item = &'a String>,
    evaluation: &mut Evaluation,
) -> Result<bool, String> {
    match arg {
        "--eval" => match it.next().map(String::as_str) {
            Some("classical") => *evaluation = Evaluation::Classical,
            Some("nnue") => {
                if evaluation.net().is_none() {
                    *evaluation = Evaluation::default_nnue();
                }
            }
            other => return Err(format!("--eval needs nnue or classical, not {other:?}")),
        },
        "--eval-file" => {
            let path = it.next().ok_or("--eval-file needs a net file")?;
            let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
            let net =
                xiangqi_nnue::Network::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?;
            // A net of each game may be given: the second keeps the first.
            *evaluation = evaluation.with_net(std::sync::Arc::new(net));
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// `FILE: N games, M positions` for a training-data file.
fn data_summary(path: &std::path::Path, data: &DataFile) -> String {
    format!(
        "{}: {} games, {} positions",
        path.display(),
        data.games(),
        data.positions()
    )
}

/// Threads by default: one per core.
pub fn every_core() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

pub fn format_duration(seconds: f64) -> String {
    let s = seconds.max(0.0) as u64;
    format!("{}h{:02}m{:02}s", s / 3600, s / 60 % 60, s % 60)
}

fn gen_command(args: &[String]) -> Result<(), String> {
    if args.iter().any(|a| a == "--ray") {
        return gen_on_ray(args);
    }
    let mut config = GenConfig::default();
    let mut out = None;
    let mut games = 10_000u64;
    let mut threads = every_core();
    let mut openings_text = None;
    let mut variant = Variant::Xiangqi;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            a if eval_option(a, &mut it, &mut config.evaluation)? => {}
            "--out" => out = Some(PathBuf::from(args::value(&mut it, "--out")?)),
            "--games" => games = args::number(&mut it, "--games")?,
            "--variant" => {
                let name = args::value(&mut it, "--variant")?;
                variant = Variant::from_name(name).ok_or_else(|| {
                    format!("unknown variant {name:?} (xiangqi, janggi, janggitraditional, janggimodern, janggicasual)")
                })?;
            }
            "--nodes" => {
                config.nodes = args::number(&mut it, "--nodes")?;
                if config.nodes == 0 {
                    return Err("--nodes must be at least 1".to_owned());
                }
            }
            "--threads" => {
                threads = args::number(&mut it, "--threads")?;
                if !(1..=xiangqi_search::MAX_THREADS).contains(&threads) {
                    return Err(format!(
                        "--threads must be 1..={}",
                        xiangqi_search::MAX_THREADS
                    ));
                }
            }
            "--seed" => config.seed = args::number(&mut it, "--seed")?,
            "--openings" => {
                let path = it.next().ok_or("--openings needs a file")?;
                openings_text =
                    Some(std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?);
            }
            "--random-plies" => {
                let value = it.next().ok_or("--random-plies needs MIN-MAX")?;
                let (lo, hi) = value.split_once('-').unwrap_or((value, value));
                let (lo, hi): (u32, u32) = (
                    lo.parse()
                        .map_err(|_| format!("bad --random-plies {value:?}"))?,
                    hi.parse()
                        .map_err(|_| format!("bad --random-plies {value:?}"))?,
                );
                if lo > hi || hi > 100 {
                    return Err(format!(
                        "bad --random-plies {value:?} (MIN-MAX, at most 100)"
                    ));
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
    config.openings = match openings_text {
        Some(text) => datagen::parse_openings(&text, variant)?,
        None => datagen::openings_for(variant),
    };
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
        "{} already; playing up to game {games} at {} nodes on {threads} threads",
        data_summary(&out, &data),
        config.nodes
    );
    let stop = AtomicBool::new(false);
    let mut last = Instant::now();
    let mut report = |p: &GenProgress| {
        if last.elapsed().as_secs_f64() < 10.0 && p.games < p.target_games {
            return;
        }
        last = Instant::now();
        let eta = p
            .eta_seconds()
            .map_or_else(|| "?".to_owned(), format_duration);
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
    eprintln!("{}", data_summary(&out, &data));
    Ok(())
}

/// `gen --ray`: the games as Ray tasks, by the Python package's `xiangqi.nnue` (the same games
/// and file), with `$XIANGQI_PYTHON` (default `python3`).
fn gen_on_ray(args: &[String]) -> Result<(), String> {
    let python = std::env::var("XIANGQI_PYTHON").unwrap_or_else(|_| "python3".to_owned());
    let mut forwarded: Vec<String> = Vec::new();
    let mut has_out = false;
    let mut seed = "1".to_owned();
    let mut it = args.iter().peekable();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--threads" => {
                let n = args::value(&mut it, "--threads")?;
                forwarded.extend(["--workers".to_owned(), n.clone()]);
            }
            "--ray" => {
                forwarded.push("--ray".to_owned());
                if let Some(address) = it.next_if(|a| !a.starts_with("--")) {
                    forwarded.push(address.clone());
                }
            }
            "--openings" => return Err("--openings is not available with --ray".to_owned()),
            other => {
                has_out |= other == "--out";
                if other == "--seed" {
                    seed = it.peek().map_or(seed, |s| (*s).clone());
                }
                forwarded.push(other.to_owned());
            }
        }
    }
    if !has_out {
        let dir = cache_dir();
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        forwarded.push("--out".to_owned());
        forwarded.push(
            dir.join(format!("selfplay-{seed}.bin"))
                .display()
                .to_string(),
        );
    }
    let status = std::process::Command::new(&python)
        .args(["-m", "xiangqi.nnue", "gen"])
        .args(&forwarded)
        .status()
        .map_err(|e| {
            format!("{python}: {e} (--ray needs the Python package: pip install 'xiangqi[ray]')")
        })?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{python} -m xiangqi.nnue gen ended with {status}"))
    }
}

fn train_command(args: &[String]) -> Result<(), String> {
    let mut config = TrainConfig::default();
    let mut filter = Filter::default();
    let mut data = Vec::new();
    let mut out = None;
    let mut resume = false;
    let mut fit_scale = false;
    let mut validation_every = 20u64;
    let mut threads = None;
    let mut init = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--out" => out = Some(PathBuf::from(args::value(&mut it, "--out")?)),
            "--init" => init = Some(PathBuf::from(args::value(&mut it, "--init")?)),
            "--hidden" => config.hidden = args::number(&mut it, "--hidden")?,
            "--buckets" => config.buckets = args::number(&mut it, "--buckets")?,
            "--generals" => config.generals = true,
            "--symmetric" => config.symmetric = true,
            "--epochs" => config.epochs = args::number(&mut it, "--epochs")?,
            "--batch" => config.batch_size = args::number(&mut it, "--batch")?,
            "--lr" => config.lr = args::number(&mut it, "--lr")?,
            "--lambda" => {
                config.lambda = args::number(&mut it, "--lambda")?;
                if !(0.0..=1.0).contains(&config.lambda) {
                    return Err("--lambda must be between 0 and 1".to_owned());
                }
            }
            "--scale" => {
                let value = args::value(&mut it, "--scale")?;
                if value == "auto" {
                    fit_scale = true;
                } else {
                    config.score_scale = args::parse_number("--scale", value)?;
                }
            }
            "--wd" => config.weight_decay = args::number(&mut it, "--wd")?,
            "--seed" => config.seed = args::number(&mut it, "--seed")?,
            "--threads" => threads = Some(args::number::<usize>(&mut it, "--threads")?),
            "--resume" => resume = true,
            "--no-mirror" => config.mirror = false,
            "--validation-every" => validation_every = args::number(&mut it, "--validation-every")?,
            "--min-ply" => filter.min_ply = args::number(&mut it, "--min-ply")?,
            "--max-score" => filter.max_score = args::number(&mut it, "--max-score")?,
            "--game" => {
                let name = args::value(&mut it, "--game")?;
                config.game = match name.as_str() {
                    "xiangqi" => NetGame::Xiangqi,
                    "janggi" => NetGame::Janggi,
                    _ => return Err(format!("--game must be xiangqi or janggi, not {name:?}")),
                };
                filter.game = config.game;
            }
            other if other.starts_with("--") => {
                return Err(format!("unknown option {other:?}\n{USAGE}"))
            }
            path => data.push(PathBuf::from(path)),
        }
    }
    if data.is_empty() {
        return Err(format!("nnue train needs data files\n{USAGE}"));
    }
    if config.score_scale.is_nan() || config.score_scale <= 0.0 {
        return Err("--scale must be positive".to_owned());
    }
    if let Some(n) = threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n.max(1))
            .build_global()
            .map_err(|e| e.to_string())?;
    }
    let out = out.unwrap_or_else(|| cache_dir().join(format!("train-{}", config.seed)));
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let started = Instant::now();
    let paths: Vec<&std::path::Path> = data.iter().map(PathBuf::as_path).collect();
    let set = Dataset::load(&paths, &filter, validation_every).map_err(|e| e.to_string())?;
    for (path, offset) in &set.damaged_tails {
        eprintln!(
            "{}: the whole games end at byte {offset}; the damaged rest is left out",
            path.display()
        );
    }
    eprintln!(
        "{} games ({} of another game left out): {} training positions, {} validation positions ({:.1} s)",
        set.games,
        set.other_game,
        set.train.len(),
        set.validation.len(),
        started.elapsed().as_secs_f64()
    );
    if set.train.is_empty() {
        return Err("no training positions in the data".to_owned());
    }
    if fit_scale {
        config.score_scale = fit_score_scale(&set.train);
        eprintln!(
            "score scale fitted to the results: {:.0}",
            config.score_scale
        );
    }
    // A net to start from must be of the game learned; its size replaces --hidden.
    let init = match init {
        Some(path) => {
            let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let net = xiangqi_nnue::Network::from_bytes(&bytes)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            if net.game() != config.game {
                return Err(format!(
                    "{} is a {} net; add --game {}",
                    path.display(),
                    net.game(),
                    net.game()
                ));
            }
            // A checkpoint of a run from this net has the size the net gives.
            config.hidden = Trainer::hidden_from(&net, &config);
            Some(net)
        }
        None => None,
    };
    let checkpoint = out.join("checkpoint.bin");
    let mut trainer = if resume && checkpoint.exists() {
        let t = Trainer::load_checkpoint(&checkpoint, config.clone()).map_err(|e| e.to_string())?;
        eprintln!("resuming after epoch {}", t.epoch);
        t
    } else if let Some(net) = &init {
        eprintln!("starting from {} ({})", net.description(), net.hidden());
        Trainer::from_net(net, config.clone()).map_err(|e| e.to_string())?
    } else {
        Trainer::new(config.clone()).map_err(|e| e.to_string())?
    };
    eprintln!(
        "epoch 0: validation loss {:.6}",
        trainer.loss(&set.validation)
    );
    while trainer.epoch < config.epochs {
        let mut last = Instant::now();
        let epoch = trainer.epoch + 1;
        let report = trainer.train_epoch(&set.train, &set.validation, &mut |done, total| {
            if last.elapsed().as_secs_f64() >= 10.0 {
                last = Instant::now();
                eprintln!("epoch {epoch}: batch {done}/{total}");
            }
        });
        trainer
            .save_checkpoint(&checkpoint)
            .map_err(|e| e.to_string())?;
        let shape = trainer.config();
        let description = format!(
            "{} h{} b{}{} e{} s{}",
            shape.game,
            shape.hidden,
            shape.buckets,
            if shape.generals {
                " g6"
            } else if shape.symmetric {
                " sym"
            } else {
                ""
            },
            report.epoch,
            shape.seed
        );
        let net = trainer.quantize(&description).map_err(|e| e.to_string())?;
        let net_path = out.join("net.nnue");
        std::fs::write(&net_path, net.to_bytes())
            .map_err(|e| format!("{}: {e}", net_path.display()))?;
        eprintln!(
            "epoch {}: train loss {:.6} validation loss {:.6} lr {:.6} {:.0} positions/s",
            report.epoch,
            report.train_loss,
            report.validation_loss,
            report.lr,
            report.positions_per_second
        );
    }
    eprintln!("{}: net {}", out.display(), out.join("net.nnue").display());
    Ok(())
}

fn score_command(args: &[String]) -> Result<(), String> {
    let mut source = None;
    let mut out = None;
    let mut nodes = 1_500u64;
    let mut threads = every_core();
    let mut config = GenConfig::default();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            a if eval_option(a, &mut it, &mut config.evaluation)? => {}
            "--out" => out = Some(PathBuf::from(args::value(&mut it, "--out")?)),
            "--nodes" => nodes = args::number(&mut it, "--nodes")?,
            "--threads" => threads = args::number(&mut it, "--threads")?,
            other if other.starts_with("--") => {
                return Err(format!("unknown option {other:?}\n{USAGE}"))
            }
            path => source = Some(PathBuf::from(path)),
        }
    }
    let source = source.ok_or_else(|| format!("nnue score needs a file or folder\n{USAGE}"))?;
    if nodes == 0 || !(1..=xiangqi_search::MAX_THREADS).contains(&threads) {
        return Err("--nodes must be at least 1 and --threads 1..=256".to_owned());
    }
    let files = xiangqi_records::read_path(&source, &xiangqi_records::ReadOptions::default())
        .map_err(|e| format!("{}: {e}", source.display()))?;
    let games: Vec<(Position, Vec<xiangqi_core::Move>, Option<GameResult>)> = files
        .iter()
        .flat_map(|f| f.games.iter())
        .filter_map(|g| g.as_ref().ok())
        .map(|g| {
            let result = match g.result {
                PgnResult::RedWins => Some(GameResult::RedWin),
                PgnResult::BlackWins => Some(GameResult::BlackWin),
                PgnResult::Draw => Some(GameResult::Draw),
                PgnResult::Unknown => None,
            };
            (
                g.start.clone(),
                g.moves.iter().map(|m| m.mv).collect(),
                result,
            )
        })
        .collect();
    let out = match out {
        Some(path) => path,
        None => {
            let dir = cache_dir();
            std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            dir.join(format!("records-{nodes}.bin"))
        }
    };
    let mut data = DataFile::open(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let todo: Vec<u64> = (0..games.len() as u64)
        .filter(|&i| !data.contains(i) && games[i as usize].2.is_some())
        .collect();
    eprintln!(
        "{}: {} records read, {} with a result left to score at {nodes} nodes on {threads} threads",
        source.display(),
        games.len(),
        todo.len()
    );
    let stop = AtomicBool::new(false);
    let mut last = Instant::now();
    let target = data.games() + todo.len() as u64;
    datagen::run_jobs(
        &todo,
        target,
        || datagen::engine_for(&config),
        |engine, index| {
            let (start, moves, result) = &games[index as usize];
            datagen::score_game(engine, start, moves, *result, nodes, index)
        },
        &mut data,
        threads,
        &stop,
        &mut |p| {
            if last.elapsed().as_secs_f64() >= 10.0 || p.games >= p.target_games {
                last = Instant::now();
                let eta = p
                    .eta_seconds()
                    .map_or_else(|| "?".to_owned(), format_duration);
                eprintln!(
                    "games {}/{} positions {} ({:.0} positions/s) eta {eta}",
                    p.games,
                    p.target_games,
                    p.positions,
                    p.rate()
                );
            }
        },
    )
    .map_err(|e| format!("{}: {e}", out.display()))?;
    eprintln!("{}", data_summary(&out, &data));
    Ok(())
}

fn stats_command(args: &[String]) -> Result<(), String> {
    if args.is_empty() {
        return Err(format!("nnue stats needs data files\n{USAGE}"));
    }
    let (mut games, mut positions, mut results, mut adjudicated) = (0u64, 0u64, [0u64; 3], 0u64);
    let mut terminations = std::collections::BTreeMap::new();
    let mut damaged = Vec::new();
    for path in args {
        let mut reader =
            DataReader::open(std::path::Path::new(path)).map_err(|e| format!("{path}: {e}"))?;
        while let Some(record) = reader
            .next_whole_game()
            .map_err(|e| format!("{path}: {e}"))?
        {
            games += 1;
            positions += record.moves.len() as u64;
            results[match record.result {
                GameResult::RedWin => 0,
                GameResult::Draw => 1,
                GameResult::BlackWin => 2,
            }] += 1;
            if record.termination == ADJUDICATED {
                adjudicated += 1;
            } else {
                *terminations.entry(record.termination).or_insert(0u64) += 1;
            }
        }
        if let Some((offset, reason)) = reader.damaged_tail() {
            damaged.push((path, offset, reason));
        }
    }
    for (path, offset, reason) in &damaged {
        eprintln!("{path}: the whole games end at byte {offset}; the rest ({reason}) is left out");
    }
    println!(
        "games {games} positions {positions} ({:.1} a game)",
        positions as f64 / games.max(1) as f64
    );
    println!(
        "red wins {} draws {} black wins {}",
        results[0], results[1], results[2]
    );
    println!("adjudicated {adjudicated}");
    for (code, count) in terminations {
        let name = xiangqi_core::Termination::ALL
            .iter()
            .find(|t| t.code() == code)
            .map_or_else(|| format!("code {code}"), |t| format!("{t:?}"));
        println!("{name} {count}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_openings_parse() {
        assert_eq!(datagen::balanced_openings().len(), 60);
        assert!(datagen::parse_openings("# only a comment\n", Variant::Xiangqi).is_err());
        assert!(datagen::parse_openings("9/9/9 w", Variant::Xiangqi)
            .unwrap_err()
            .contains("opening 1"));
    }
}
