//! Mining a collection of games for puzzles: a cheap pass over every position, a deep
//! multi-PV verification of the candidates, resumable output.
//!
//! Each position of each game's main line (after the first [`MineConfig::skip_plies`]) is
//! searched with the small [`MineConfig::scan`] budget. A position is a candidate when the
//! side to move now has a mate that was not already forced before the opponent's last move, or
//! a clear gain (at least [`crate::judge::WIN_CP`]) that it did not have before that move. Candidates go to [`Judge::solve`] with the
//! larger [`MineConfig::verify`] budget; trivial ones are dropped, the rest graded, tagged,
//! de-duplicated and appended to the output file at once.
//!
//! Candidates turned down are listed in `OUT.rejected` (source, reason, FEN). Every finished
//! game is listed in `OUT.done` (its key, and the reason when it was skipped),
//! so a run that is interrupted resumes where it stopped when started again with the same
//! output.

use crate::input::{self, GameEntry};
use crate::judge::{Budget, Judge, Rejection, Solution, WIN_CP};
use crate::record::{self, PuzzleRecord};
use crate::themes;
use std::collections::{BTreeMap, HashSet, VecDeque};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Instant;
use xiangqi_core::pgn::PgnGame;
use xiangqi_core::{Move, Position};
use xiangqi_search::{Level, Score};

/// How to mine.
#[derive(Clone, Debug)]
pub struct MineConfig {
    /// Worker threads (each searches one game at a time, one search thread).
    pub threads: usize,
    /// The budget of the first pass over every position.
    pub scan: Budget,
    /// The budget of the candidates' verification and of the solution line.
    pub verify: Budget,
    /// Positions before this ply are not looked at (the opening book part of a game).
    pub skip_plies: usize,
    /// Names the collection in the `source` column (for example `CCPD`).
    pub label: String,
    /// The collection's licence, written in the `source` column.
    pub licence: String,
    /// Game keys in the `source` column are paths relative to this folder (default: the input
    /// folder, or the input file's folder).
    pub root: Option<PathBuf>,
    /// Stop after this many games have been looked at in this run.
    pub max_games: Option<usize>,
    /// The budget of a quick two-line look at each candidate before the verification: a
    /// candidate whose second move clearly wins too, or whose best move clearly does not, is
    /// dropped there.
    pub prefilter: Budget,
    /// Transposition table per worker, MiB.
    pub hash_mb: usize,
    /// Print a progress line.
    pub progress: bool,
}

impl Default for MineConfig {
    fn default() -> MineConfig {
        MineConfig {
            threads: 1,
            scan: Budget::nodes(2_500),
            verify: Budget::nodes(120_000),
            skip_plies: 8,
            label: String::new(),
            licence: "unknown licence".into(),
            max_games: None,
            root: None,
            prefilter: Budget::nodes(12_000),
            hash_mb: 16,
            progress: true,
        }
    }
}

/// What one game gave.
#[derive(Debug, Default)]
pub struct GameReport {
    /// Positions scanned.
    pub positions: usize,
    /// Candidates verified.
    pub candidates: usize,
    /// The puzzles found.
    pub puzzles: Vec<PuzzleRecord>,
    /// Candidates turned down, by reason.
    pub rejected: Vec<&'static str>,
    /// One line per candidate turned down: source, reason, FEN.
    pub log: Vec<String>,
}

impl GameReport {
    /// Records a candidate turned down for `why`, its log reason written with `prefix`.
    fn reject(&mut self, why: Rejection, prefix: &str, source: &str, pos: &Position) {
        self.rejected.push(why.name());
        self.log
            .push(format!("{source}\t{prefix}{}\t{}", why.name(), pos.fen()));
    }
}

/// The totals of a run.
#[derive(Debug, Default, Clone)]
pub struct MineStats {
    /// Games mined in this run.
    pub games: usize,
    /// Games skipped in this run, by reason.
    pub skipped: BTreeMap<String, usize>,
    /// Games already done by an earlier run.
    pub resumed: usize,
    /// Positions scanned.
    pub positions: usize,
    /// Candidates verified.
    pub candidates: usize,
    /// Candidates turned down, by reason.
    pub rejected: BTreeMap<String, usize>,
    /// Puzzles written in this run.
    pub puzzles: usize,
    /// Puzzles dropped as duplicates.
    pub duplicates: usize,
    /// Seconds this run took.
    pub seconds: f64,
}

impl MineStats {
    /// A one-line summary.
    pub fn line(&self) -> String {
        let per_min = self.puzzles as f64 * 60.0 / self.seconds.max(1e-3);
        let rejected: Vec<String> = self
            .rejected
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect();
        format!(
            "games {} (skipped {}, done before {}) positions {} candidates {} puzzles {} ({:.1}/min) duplicates {} time {:.0}s; rejected: {}",
            self.games,
            self.skipped.values().sum::<usize>(),
            self.resumed,
            self.positions,
            self.candidates,
            self.puzzles,
            per_min,
            self.duplicates,
            self.seconds,
            rejected.join(", ")
        )
    }
}

fn wins(score: Score) -> bool {
    match score {
        Score::Mate(n) => n > 0,
        Score::Cp(cp) => cp >= WIN_CP,
    }
}

fn lost(score: Score) -> bool {
    match score {
        Score::Mate(n) => n < 0,
        Score::Cp(cp) => cp <= -WIN_CP,
    }
}

/// A quick two-line search: `Err` when the second move clearly wins too (by at least
/// [`WIN_CP`] plus a margin, or a mate) or the best move is clearly short of a win.
pub fn prefilter(judge: &mut Judge, pos: &Position, budget: Budget) -> Result<(), Rejection> {
    let lines = judge.lines(pos, budget, 2);
    let margin = 100;
    let Some(best) = lines.first() else {
        return Err(Rejection::NotWinning);
    };
    if best.score.sort_key() < i64::from(WIN_CP - margin) {
        return Err(Rejection::NotWinning);
    }
    match lines.get(1).map(|l| l.score) {
        Some(Score::Mate(n)) if n > 0 => Err(Rejection::NotUnique),
        Some(s) if s.sort_key() >= i64::from(WIN_CP + margin) => Err(Rejection::NotUnique),
        _ => Ok(()),
    }
}

/// The puzzle a position gives, if any: solved, graded, tagged.
pub fn puzzle_at(
    judge: &mut Judge,
    pos: &Position,
    budget: Budget,
    source: &str,
) -> Result<PuzzleRecord, Rejection> {
    let solution = judge.solve(pos, budget)?;
    let level = judge.grade(pos, solution.moves[0], solution.mate.is_some());
    if is_trivial(pos, &solution, level) {
        return Err(Rejection::Trivial);
    }
    Ok(make_record(pos, &solution, level, source))
}

/// A mate in one, or taking a piece with no further move, that Beginner finds.
pub fn is_trivial(pos: &Position, solution: &Solution, level: Level) -> bool {
    if level != Level::Beginner {
        return false;
    }
    match solution.mate {
        Some(1) => true,
        Some(_) => false,
        None => pos.piece_at(solution.moves[0].to()).is_some(),
    }
}

/// The record of a solved position.
pub fn make_record(
    pos: &Position,
    solution: &Solution,
    level: Level,
    source: &str,
) -> PuzzleRecord {
    PuzzleRecord {
        id: record::id_of(pos),
        fen: pos.fen(),
        moves: solution.moves.iter().map(Move::to_string).collect(),
        themes: themes::themes(pos, solution),
        level,
        daily: record::is_daily(level, solution.moves.len()),
        source: source.to_owned(),
    }
}

/// Mines one game.
pub fn mine_game(
    judge: &mut Judge,
    game: &PgnGame,
    source_of: &dyn Fn(usize) -> String,
    config: &MineConfig,
    seen: &Mutex<HashSet<String>>,
) -> GameReport {
    let mut report = GameReport::default();
    let mut pos = game.start.clone();
    let mut prev: Option<Score> = None;
    let mut covered: HashSet<u64> = HashSet::new();
    for (ply, m) in game.mainline().enumerate() {
        if ply >= config.skip_plies && !covered.contains(&pos.hash()) {
            report.positions += 1;
            if let Some(fast) = judge.best(&pos, config.scan) {
                // A gain must come from the opponent's last move (it was not lost before it);
                // a mate may also finish an attack, unless the mate was already forced.
                let was_mated = matches!(prev, Some(Score::Mate(n)) if n < 0);
                let candidate = match fast.score {
                    Score::Mate(n) => n > 0 && !was_mated,
                    _ => wins(fast.score) && !prev.is_some_and(lost),
                };
                if candidate {
                    report.candidates += 1;
                    let id = record::id_of(&pos);
                    let known = seen.lock().map(|s| s.contains(&id)).unwrap_or(false);
                    let quick = if known {
                        Err(Rejection::NotUnique)
                    } else {
                        prefilter(judge, &pos, config.prefilter)
                    };
                    if let Err(r) = quick {
                        if !known {
                            report.reject(r, "quick-", &source_of(ply), &pos);
                        }
                    } else {
                        match puzzle_at(judge, &pos, config.verify, &source_of(ply)) {
                            Ok(p) => {
                                // Later positions of the same line are not puzzles of their own.
                                let mut cur = pos.clone();
                                for text in &p.moves {
                                    if let Ok(mv) =
                                        cur.parse_move(text, xiangqi_core::Notation::Iccs)
                                    {
                                        let _ = cur.play(mv);
                                        covered.insert(cur.hash());
                                    }
                                }
                                report.puzzles.push(p);
                            }
                            Err(r) => report.reject(r, "", &source_of(ply), &pos),
                        }
                    }
                }
                prev = Some(fast.score);
            } else {
                prev = None;
            }
        } else {
            prev = None;
        }
        if pos.play(m).is_err() {
            break;
        }
    }
    report
}

/// The comment lines a mined file starts with.
pub fn file_comments(config: &MineConfig, input: &Path) -> Vec<String> {
    vec![
        format!(
            "Puzzles mined from {} ({}), scan {}, verification {}.",
            input.display(),
            config.licence,
            config.scan,
            config.verify
        ),
        "Columns: id fen moves themes level daily source; see data/puzzles/README.md.".into(),
    ]
}

enum Message {
    Done(String, Result<GameReport, String>),
}

/// Mines every game under `input` into `out` (appending; resuming from `out.done`).
pub fn mine(input: &Path, out: &Path, config: &MineConfig) -> std::io::Result<MineStats> {
    let started = Instant::now();
    let files = input::list_files(input)?;
    let root: PathBuf = if let Some(root) = &config.root {
        root.clone()
    } else if input.is_file() {
        input.parent().map(Path::to_path_buf).unwrap_or_default()
    } else {
        input.to_path_buf()
    };
    let done_path = PathBuf::from(format!("{}.done", out.display()));
    let mut done: HashSet<String> = HashSet::new();
    if let Ok(text) = std::fs::read_to_string(&done_path) {
        for line in text.lines() {
            if let Some(key) = line.split('\t').next() {
                done.insert(key.to_owned());
            }
        }
    }
    let mut seen: HashSet<String> = HashSet::new();
    let fresh = !out.exists() || std::fs::metadata(out)?.len() == 0;
    if !fresh {
        let (_, rows) = record::read_file(&std::fs::read_to_string(out)?);
        for row in rows.into_iter().filter_map(|(_, r)| r.ok()) {
            seen.insert(row.id);
        }
    }
    let mut out_file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(out)?;
    if fresh {
        for c in file_comments(config, input) {
            writeln!(out_file, "# {c}")?;
        }
        writeln!(out_file, "{}", record::header())?;
    }
    let mut rejected_file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(format!("{}.rejected", out.display()))?;
    let mut done_file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&done_path)?;

    let mut stats = MineStats::default();
    let queue: Arc<Mutex<VecDeque<PathBuf>>> = Arc::new(Mutex::new(files.into()));
    let seen = Arc::new(Mutex::new(seen));
    let done = Arc::new(done);
    let (tx, rx) = mpsc::channel::<Message>();
    let resumed = Arc::new(Mutex::new(0usize));
    let budget_left = Arc::new(Mutex::new(config.max_games.unwrap_or(usize::MAX)));
    let mut handles = Vec::new();
    for _ in 0..config.threads.max(1) {
        let queue = Arc::clone(&queue);
        let seen = Arc::clone(&seen);
        let done = Arc::clone(&done);
        let resumed = Arc::clone(&resumed);
        let budget_left = Arc::clone(&budget_left);
        let tx = tx.clone();
        let config = config.clone();
        let root = root.clone();
        handles.push(std::thread::spawn(move || {
            let mut judge = Judge::new(config.hash_mb);
            while let Some(path) = queue.lock().ok().and_then(|mut q| q.pop_front()) {
                let rel = path.strip_prefix(&root).unwrap_or(&path);
                let key = if config.label.is_empty() {
                    rel.display().to_string()
                } else {
                    format!("{}/{}", config.label, rel.display())
                };
                let entries: Vec<GameEntry> = input::read_file(&path, &key);
                for entry in entries {
                    if done.contains(&entry.key) {
                        if let Ok(mut r) = resumed.lock() {
                            *r += 1;
                        }
                        continue;
                    }
                    {
                        let Ok(mut left) = budget_left.lock() else {
                            return;
                        };
                        if *left == 0 {
                            return;
                        }
                        *left -= 1;
                    }
                    let result = match entry.game {
                        Err(skip) => Err(format!("{}\t{}", skip.reason, skip.detail)),
                        Ok(game) => {
                            let key = entry.key.clone();
                            let licence = config.licence.clone();
                            let source_of =
                                move |ply: usize| format!("{key} ply {} ({licence})", ply + 1);
                            let run =
                                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                                    mine_game(&mut judge, &game, &source_of, &config, &seen)
                                }));
                            match run {
                                Ok(report) => {
                                    if let Ok(mut s) = seen.lock() {
                                        for p in &report.puzzles {
                                            s.insert(p.id.clone());
                                        }
                                    }
                                    Ok(report)
                                }
                                Err(_) => {
                                    judge = Judge::new(config.hash_mb);
                                    Err("internal\tthe search failed on this game".to_owned())
                                }
                            }
                        }
                    };
                    if tx.send(Message::Done(entry.key, result)).is_err() {
                        return;
                    }
                }
            }
        }));
    }
    drop(tx);
    let mut written: HashSet<String> = HashSet::new();
    let mut last_print = Instant::now();
    for Message::Done(key, result) in rx {
        match result {
            Err(why) => {
                let reason = why.split('\t').next().unwrap_or("other").to_owned();
                *stats.skipped.entry(reason).or_default() += 1;
                writeln!(done_file, "{key}\tskipped\t{}", why.replace('\n', " "))?;
            }
            Ok(report) => {
                stats.games += 1;
                stats.positions += report.positions;
                stats.candidates += report.candidates;
                for line in &report.log {
                    writeln!(rejected_file, "{line}")?;
                }
                for r in report.rejected {
                    *stats.rejected.entry(r.to_owned()).or_default() += 1;
                }
                for p in report.puzzles {
                    if written.insert(p.id.clone()) {
                        writeln!(out_file, "{p}")?;
                        stats.puzzles += 1;
                    } else {
                        stats.duplicates += 1;
                    }
                }
                out_file.flush()?;
                writeln!(done_file, "{key}\tmined")?;
            }
        }
        done_file.flush()?;
        stats.seconds = started.elapsed().as_secs_f64();
        stats.resumed = resumed.lock().map(|r| *r).unwrap_or(0);
        if config.progress && last_print.elapsed().as_secs_f64() >= 5.0 {
            last_print = Instant::now();
            eprintln!("{}", stats.line());
        }
    }
    for h in handles {
        let _ = h.join();
    }
    stats.seconds = started.elapsed().as_secs_f64();
    stats.resumed = resumed.lock().map(|r| *r).unwrap_or(0);
    Ok(stats)
}
