//! `xiangqi puzzles`: mine game records for puzzles, verify a puzzle file, screen it by an
//! independent engine's second lines, play engine games.

use crate::args;
use std::path::PathBuf;
use xiangqi_puzzles::judge::Budget;
use xiangqi_puzzles::mine::{self, MineConfig};
use xiangqi_puzzles::record::{self, PuzzleRecord};
use xiangqi_puzzles::second_line;
use xiangqi_puzzles::selfplay::{self, SelfplayConfig};
use xiangqi_puzzles::verify;
use xiangqi_search::Level;

pub const USAGE: &str = "usage:
  xiangqi puzzles mine --pgn FILE|DIR --out FILE [--threads N] [--depth D | --nodes N]
                       [--scan-nodes N] [--skip-plies N] [--label NAME] [--licence TEXT] [--max-games N]
                       [--root DIR]
      find positions with exactly one winning move; appends to FILE, resumes from FILE.done
  xiangqi puzzles verify FILE... [--depth D | --nodes N] [--threads N] [--every K] [--keep OUT]
      re-check puzzle files; names every puzzle that fails and why (--keep writes the ones
      that pass, de-duplicated, themes and level worked out again, with the shipped header)
  xiangqi puzzles screen FILE... --lines LINES [--keep OUT]
      judge each puzzle by an independent engine's two best lines at its start position
      (LINES as written by tools/puzzle_second_lines.py); names every ambiguous puzzle and
      every one without a line (--keep writes the unambiguous ones, de-duplicated, with the
      shipped header)
  xiangqi puzzles games --out FILE [--red LEVEL] [--black LEVEL] [--games N] [--nodes N]
                        [--seed S] [--threads N]
      play engine games (default Beginner vs Club) to mine
  xiangqi puzzles judge FEN [--nodes N | --depth D]
      the two best lines of a position, the verdict and the solution";

pub fn command(args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str) {
        Some("mine") => mine_command(&args[1..]),
        Some("verify") => verify_command(&args[1..]),
        Some("screen") => screen_command(&args[1..]),
        Some("games") => games_command(&args[1..]),
        Some("judge") => judge_command(&args[1..]),
        _ => Err(USAGE.to_owned()),
    }
}

fn mine_command(args: &[String]) -> Result<(), String> {
    let mut config = MineConfig::default();
    let mut pgn = None;
    let mut out = None;
    let mut licence_given = false;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--pgn" => pgn = it.next().map(PathBuf::from),
            "--out" => out = it.next().map(PathBuf::from),
            "--threads" => config.threads = args::number(&mut it, "--threads")?,
            "--nodes" => config.verify = Budget::nodes(args::number(&mut it, "--nodes")?),
            "--depth" => config.verify = Budget::depth(args::number(&mut it, "--depth")?),
            "--scan-nodes" => config.scan = Budget::nodes(args::number(&mut it, "--scan-nodes")?),
            "--skip-plies" => config.skip_plies = args::number(&mut it, "--skip-plies")?,
            "--max-games" => config.max_games = Some(args::number(&mut it, "--max-games")?),
            "--root" => config.root = it.next().map(PathBuf::from),
            "--label" => config.label = it.next().cloned().ok_or("--label needs a value")?,
            "--licence" => {
                config.licence = it.next().cloned().ok_or("--licence needs a value")?;
                licence_given = true;
            }
            other => return Err(format!("unknown option {other:?}\n{USAGE}")),
        }
    }
    let pgn = pgn.ok_or_else(|| format!("--pgn is needed\n{USAGE}"))?;
    let out = out.ok_or_else(|| format!("--out is needed\n{USAGE}"))?;
    if !licence_given && pgn.to_string_lossy().to_lowercase().contains("ccpd") {
        config.licence = "CC BY 4.0".into();
        if config.label.is_empty() {
            config.label = "CCPD".into();
        }
    }
    let stats = mine::mine(&pgn, &out, &config).map_err(|e| e.to_string())?;
    println!("{}", stats.line());
    for (reason, n) in &stats.skipped {
        println!("skipped {reason} {n}");
    }
    for (reason, n) in &stats.rejected {
        println!("rejected {reason} {n}");
    }
    Ok(())
}

fn verify_command(args: &[String]) -> Result<(), String> {
    let mut files = Vec::new();
    let mut budget = Budget::nodes(400_000);
    let mut threads = 1;
    let mut every = 1usize;
    let mut keep = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--nodes" => budget = Budget::nodes(args::number(&mut it, "--nodes")?),
            "--depth" => budget = Budget::depth(args::number(&mut it, "--depth")?),
            "--threads" => threads = args::number(&mut it, "--threads")?,
            "--every" => every = args::number::<usize>(&mut it, "--every")?.max(1),
            "--keep" => keep = it.next().map(PathBuf::from),
            other if other.starts_with("--") => {
                return Err(format!("unknown option {other:?}\n{USAGE}"))
            }
            file => files.push(PathBuf::from(file)),
        }
    }
    if files.is_empty() {
        return Err(format!("a puzzle file is needed\n{USAGE}"));
    }
    let mut puzzles: Vec<PuzzleRecord> = Vec::new();
    let mut bad = 0usize;
    let mut ids = std::collections::HashSet::new();
    for file in &files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
        let (_, rows) = record::read_file(&text);
        for (line, row) in rows {
            match row {
                Ok(p) => {
                    if ids.insert(p.id.clone()) {
                        puzzles.push(p);
                    } else if keep.is_none() {
                        println!("{}:{line}: {}: duplicate id", file.display(), p.id);
                        bad += 1;
                    }
                }
                Err(why) => {
                    println!("{}:{line}: malformed row: {why}", file.display());
                    bad += 1;
                }
            }
        }
    }
    let chosen: Vec<PuzzleRecord> = puzzles.into_iter().step_by(every).collect();
    let total = chosen.len();
    let done = std::sync::atomic::AtomicUsize::new(0);
    let results = verify::verify_all(&chosen, budget, threads, keep.is_some(), &|_| {
        let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        if n % 50 == 0 {
            eprintln!("verified {n}/{total}");
        }
    });
    let mut passed = Vec::new();
    for (p, r) in chosen.iter().zip(&results) {
        match r {
            Ok(fresh) => passed.push(fresh.clone()),
            Err(why) => {
                println!("{}: {why}", p.id);
                bad += 1;
            }
        }
    }
    println!(
        "checked {total} puzzles with {budget}: {} pass, {} fail",
        passed.len(),
        total - passed.len()
    );
    if let Some(out) = keep {
        let mut f = std::fs::File::create(&out).map_err(|e| format!("{}: {e}", out.display()))?;
        record::write_file(&mut f, record::SHIPPED_COMMENTS, &passed).map_err(|e| e.to_string())?;
        println!("wrote {} puzzles to {}", passed.len(), out.display());
        return Ok(());
    }
    if bad > 0 {
        Err(format!("{bad} failures"))
    } else {
        Ok(())
    }
}

/// Reads puzzle files, de-duplicated by id, failing on a malformed row.
fn read_puzzles(files: &[PathBuf]) -> Result<Vec<PuzzleRecord>, String> {
    let mut puzzles = Vec::new();
    let mut ids = std::collections::HashSet::new();
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
        let (_, rows) = record::read_file(&text);
        for (line, row) in rows {
            let p =
                row.map_err(|why| format!("{}:{line}: malformed row: {why}", file.display()))?;
            if ids.insert(p.id.clone()) {
                puzzles.push(p);
            }
        }
    }
    Ok(puzzles)
}

fn screen_command(args: &[String]) -> Result<(), String> {
    let mut files = Vec::new();
    let mut lines_file = None;
    let mut keep = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--lines" => lines_file = it.next().map(PathBuf::from),
            "--keep" => keep = it.next().map(PathBuf::from),
            other if other.starts_with("--") => {
                return Err(format!("unknown option {other:?}\n{USAGE}"))
            }
            file => files.push(PathBuf::from(file)),
        }
    }
    let lines_file = lines_file.ok_or_else(|| format!("--lines is needed\n{USAGE}"))?;
    if files.is_empty() {
        return Err(format!("a puzzle file is needed\n{USAGE}"));
    }
    let puzzles = read_puzzles(&files)?;
    let text = std::fs::read_to_string(&lines_file)
        .map_err(|e| format!("{}: {e}", lines_file.display()))?;
    let (_, rows) = second_line::read_file(&text);
    let mut lines = Vec::new();
    for (line, row) in rows {
        lines.push(row.map_err(|why| format!("{}:{line}: {why}", lines_file.display()))?);
    }
    let screening = second_line::screen(&puzzles, &lines);
    for (p, why) in &screening.ambiguous {
        println!("{}: ambiguous: {why}", p.id);
    }
    for p in &screening.unrecorded {
        println!("{}: no line for its start position", p.id);
    }
    let judged = screening.unambiguous.len() + screening.ambiguous.len();
    println!(
        "screened {} puzzles: {} unambiguous ({:.1}% of the {judged} judged), {} ambiguous, {} without a line",
        puzzles.len(),
        screening.unambiguous.len(),
        100.0 * screening.unambiguous.len() as f64 / judged.max(1) as f64,
        screening.ambiguous.len(),
        screening.unrecorded.len()
    );
    if let Some(out) = keep {
        let mut f = std::fs::File::create(&out).map_err(|e| format!("{}: {e}", out.display()))?;
        record::write_file(&mut f, record::SHIPPED_COMMENTS, &screening.unambiguous)
            .map_err(|e| e.to_string())?;
        println!(
            "wrote {} puzzles to {}",
            screening.unambiguous.len(),
            out.display()
        );
    }
    Ok(())
}

fn games_command(args: &[String]) -> Result<(), String> {
    let mut config = SelfplayConfig::default();
    let mut games = 10u64;
    let mut threads = 1usize;
    let mut out = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--red" => config.red = level(it.next())?,
            "--black" => config.black = level(it.next())?,
            "--games" => games = args::number(&mut it, "--games")?,
            "--nodes" => config.nodes = args::number(&mut it, "--nodes")?,
            "--seed" => config.seed = args::number(&mut it, "--seed")?,
            "--threads" => threads = args::number(&mut it, "--threads")?,
            "--out" => out = it.next().map(PathBuf::from),
            other => return Err(format!("unknown option {other:?}\n{USAGE}")),
        }
    }
    let out = out.ok_or_else(|| format!("--out is needed\n{USAGE}"))?;
    let next = std::sync::atomic::AtomicU64::new(0);
    let records = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if i >= games {
                    break;
                }
                let game = selfplay::play_game(&config, i);
                if let Ok(mut r) = records.lock() {
                    r.push((i, game));
                }
            });
        }
    });
    let mut records = records
        .into_inner()
        .map_err(|_| "a game failed".to_owned())?;
    records.sort_by_key(|(i, _)| *i);
    let mut text = String::new();
    for (_, game) in &records {
        let pgn = game
            .to_pgn(&xiangqi_core::pgn::WriteOptions::default())
            .map_err(|e| e.to_string())?;
        text.push_str(&pgn);
        text.push('\n');
    }
    std::fs::write(&out, text).map_err(|e| format!("{}: {e}", out.display()))?;
    println!("wrote {} games to {}", records.len(), out.display());
    Ok(())
}

fn level(value: Option<&String>) -> Result<Level, String> {
    value
        .ok_or("a level is needed")?
        .parse()
        .map_err(|e: xiangqi_search::UnknownLevel| e.to_string())
}

fn judge_command(args: &[String]) -> Result<(), String> {
    let fen = args
        .first()
        .ok_or_else(|| format!("a FEN is needed\n{USAGE}"))?;
    let mut budget = Budget::nodes(60_000);
    let mut it = args[1..].iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--nodes" => budget = Budget::nodes(args::number(&mut it, "--nodes")?),
            "--depth" => budget = Budget::depth(args::number(&mut it, "--depth")?),
            other => return Err(format!("unknown option {other:?}\n{USAGE}")),
        }
    }
    let pos = xiangqi_core::Position::from_fen(fen).map_err(|e| e.to_string())?;
    let mut judge = xiangqi_puzzles::Judge::new(16);
    let lines = judge.lines(&pos, budget, 2);
    for (i, line) in lines.iter().enumerate() {
        let pv: Vec<String> = line.pv.iter().map(|m| m.to_string()).collect();
        println!("line {} {} pv {}", i + 1, line.score, pv.join(" "));
    }
    println!("verdict {:?}", xiangqi_puzzles::Judge::verdict(&lines));
    match judge.solve(&pos, budget) {
        Ok(s) => {
            let moves: Vec<String> = s.moves.iter().map(|m| m.to_string()).collect();
            println!(
                "solution {} (mate {:?}, gain {})",
                moves.join(" "),
                s.mate,
                s.gain
            );
            println!(
                "level {}",
                judge
                    .grade(&pos, s.moves[0], s.mate.is_some())
                    .name()
                    .to_lowercase()
            );
        }
        Err(r) => println!("rejected {}", r.name()),
    }
    Ok(())
}
