//! The UCI and UCCI front end.
//!
//! Moves are ICCS coordinates with ranks 0..9 (`h2e2`), as the strongest xiangqi engines and
//! GUIs speak UCI. The dialect is UCI until the GUI says `ucci`; then `ucciok`, UCCI options
//! (`setoption hashsize 64`), `go time/increment/opptime`, `banmoves`, `nobestmove` and
//! `bye` are used.
//!
//! Searches run on their own thread, so `isready`, `stop` and `quit` are answered while one
//! runs. Malformed input gets an `info string error: ...` line and the engine keeps running;
//! no input makes it crash.
//!
//! Pondering is not separate: `go ponder` searches like `go infinite`, and `ponderhit` (like
//! `stop`) ends the search with its best move. At the end of input a running search is allowed
//! to finish (an infinite one is stopped), so `echo "go depth 12" | xiangqi uci` prints a move.
//! Likewise `position`, `go`, `setoption` and `bench` sent during a bounded search wait for its
//! move, so a piped command file loses nothing; during an infinite search they are refused with
//! an error line until `stop`.
//!
//! Options: `Hash` (MiB), `Threads`, `MultiPV`, `Level` (Beginner..Master), `Rules` (`casual`,
//! `simple` or `axf`, or a custom string such as `simple,no-capture=off`), `Seed` (the levels'
//! randomness; 0 = from the clock) and `Clear Hash`.
//!
//! Extra commands: `go perft N` (a move-by-move count), `bench [depth]`, `d` (draw the board).

use crate::bench;
use crate::engine::{Engine, EngineOptions, MAX_HASH_MB, MAX_MULTIPV, MAX_THREADS};
use crate::levels::Level;
use crate::rules::Rules;
use crate::score::Score;
use crate::search::limits::{Clock, Limits, ScoreBound, SearchInfo, SearchResult};
use crate::StopHandle;
use std::io::{BufRead, Write};
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;
use xiangqi_core::notation::iccs::parse_coords;
use xiangqi_core::{Move, Position, RankDialect};

/// The engine's name as announced to GUIs.
pub const ENGINE_NAME: &str = concat!("xiangqi ", env!("CARGO_PKG_VERSION"));
/// The authors as announced to GUIs.
pub const ENGINE_AUTHOR: &str = "the xiangqi toolkit developers";

/// Which protocol the GUI speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// Universal Chess Interface with ICCS moves.
    Uci,
    /// Universal Chinese Chess Protocol.
    Ucci,
}

type Output = Arc<Mutex<dyn Write + Send>>;

fn send(out: &Output, line: &str) {
    // A poisoned lock only means another writer panicked mid-line; keep writing.
    let mut guard = out.lock().unwrap_or_else(|e| e.into_inner());
    let _ = writeln!(guard, "{line}");
    let _ = guard.flush();
}

/// A protocol session: the engine, the current position and the running search.
struct Session {
    out: Output,
    protocol: Protocol,
    engine: Option<Engine>,
    options: EngineOptions,
    stop: StopHandle,
    search: Option<JoinHandle<Option<Engine>>>,
    /// The running search only ends when stopped.
    search_is_infinite: bool,
    /// Set by the search thread just before it prints its best move.
    answered: Arc<AtomicBool>,
    start: Position,
    moves: Vec<Move>,
    ban_moves: Vec<Move>,
}

/// Runs the protocol loop until `quit` or the end of input. Returns when every search has
/// ended.
pub fn run<R: BufRead, W: Write + Send + 'static>(input: R, output: W) {
    let out: Output = Arc::new(Mutex::new(output));
    run_shared(input, out);
}

/// Like [`run`], writing to a shared writer (the caller can read what was written).
pub fn run_shared<R: BufRead>(mut input: R, out: Arc<Mutex<dyn Write + Send>>) {
    let engine = Engine::new(EngineOptions::default());
    let mut session = Session {
        out,
        protocol: Protocol::Uci,
        stop: engine.stop_handle(),
        options: engine.options().clone(),
        engine: Some(engine),
        search: None,
        search_is_infinite: false,
        answered: Arc::new(AtomicBool::new(false)),
        start: Position::startpos(),
        moves: Vec::new(),
        ban_moves: Vec::new(),
    };
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        match input.read_until(b'\n', &mut buffer) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let line = String::from_utf8_lossy(&buffer);
        if !session.handle(line.trim()) {
            break;
        }
    }
    // End of input: let a bounded search finish and print its move; stop an infinite one.
    let infinite = session.search_is_infinite;
    session.finish_search(infinite);
}

impl Session {
    fn info_error(&self, message: &str) {
        send(&self.out, &format!("info string error: {message}"));
    }

    /// `true` while a search runs that has not yet answered with its best move. A search that
    /// has answered may still be returning the engine; the next command waits for that.
    fn searching(&self) -> bool {
        self.search.is_some() && !self.answered.load(Ordering::Acquire)
    }

    /// Makes way for a command that needs the engine idle: a bounded search (depth, nodes,
    /// time) is allowed to finish and print its move, so piped command files lose nothing; an
    /// infinite one would never end, so the command is refused with an error line (`what` says
    /// what was refused) until `stop`.
    fn settle(&mut self, what: &str) -> bool {
        if self.searching() && self.search_is_infinite {
            self.info_error(&format!(
                "{what} during an infinite search; send stop first"
            ));
            return false;
        }
        self.finish_search(false);
        true
    }

    /// Waits for the running search (stopping it first when `stop` is set) and takes the
    /// engine back.
    fn finish_search(&mut self, stop: bool) {
        if let Some(handle) = self.search.take() {
            if stop {
                self.stop.stop();
            }
            match handle.join() {
                Ok(Some(engine)) => self.engine = Some(engine),
                _ => {
                    self.info_error("the search failed; the engine was restarted");
                    let engine = Engine::new(self.options.clone());
                    self.stop = engine.stop_handle();
                    self.engine = Some(engine);
                }
            }
        }
    }

    /// Handles one line; `false` ends the session.
    fn handle(&mut self, line: &str) -> bool {
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else {
            return true;
        };
        let rest: Vec<&str> = words.collect();
        match command {
            "uci" => {
                self.protocol = Protocol::Uci;
                self.identify();
            }
            "ucci" => {
                self.protocol = Protocol::Ucci;
                self.identify();
            }
            "isready" => send(&self.out, "readyok"),
            "ucinewgame" | "newgame" => {
                self.finish_search(true);
                if let Some(engine) = &mut self.engine {
                    engine.new_game();
                }
                self.start = Position::startpos();
                self.moves.clear();
            }
            "setoption" => self.setoption(&rest),
            "position" => self.position(&rest),
            "banmoves" => self.banmoves(&rest),
            "go" => self.go(&rest),
            "stop" => self.finish_search(true),
            "ponderhit" => self.finish_search(true),
            "quit" => {
                self.finish_search(true);
                if self.protocol == Protocol::Ucci {
                    send(&self.out, "bye");
                }
                return false;
            }
            "d" | "display" => self.display(),
            "bench" => self.bench(&rest),
            "perft" => self.perft(&rest),
            "probe" if self.protocol == Protocol::Ucci => {}
            _ => self.info_error(&format!("unknown command {command:?}")),
        }
        true
    }

    fn identify(&self) {
        let out = &self.out;
        let o = &self.options;
        match self.protocol {
            Protocol::Uci => {
                send(out, &format!("id name {ENGINE_NAME}"));
                send(out, &format!("id author {ENGINE_AUTHOR}"));
                send(
                    out,
                    &format!(
                        "option name Hash type spin default {} min 1 max {MAX_HASH_MB}",
                        o.hash_mb
                    ),
                );
                send(
                    out,
                    &format!(
                        "option name Threads type spin default {} min 1 max {MAX_THREADS}",
                        o.threads
                    ),
                );
                send(
                    out,
                    &format!(
                        "option name MultiPV type spin default {} min 1 max {MAX_MULTIPV}",
                        o.multipv
                    ),
                );
                let levels: Vec<String> = Level::ALL
                    .iter()
                    .map(|l| format!("var {}", l.name()))
                    .collect();
                send(
                    out,
                    &format!(
                        "option name Level type combo default {} {}",
                        o.level.name(),
                        levels.join(" ")
                    ),
                );
                let rules: Vec<String> = xiangqi_core::rules::PRESETS
                    .iter()
                    .map(|r| format!("var {}", r.name()))
                    .collect();
                send(
                    out,
                    &format!(
                        "option name Rules type combo default {} {}",
                        o.rules.name(),
                        rules.join(" ")
                    ),
                );
                send(
                    out,
                    "option name Seed type spin default 0 min 0 max 2147483647",
                );
                send(out, "option name Clear Hash type button");
                send(out, "uciok");
            }
            Protocol::Ucci => {
                send(out, &format!("id name {ENGINE_NAME}"));
                send(out, &format!("id author {ENGINE_AUTHOR}"));
                send(
                    out,
                    &format!(
                        "option hashsize type spin min 1 max {MAX_HASH_MB} default {}",
                        o.hash_mb
                    ),
                );
                send(
                    out,
                    &format!(
                        "option threads type spin min 1 max {MAX_THREADS} default {}",
                        o.threads
                    ),
                );
                send(out, "option level type combo var beginner var casual var club var strong var master default master");
                send(
                    out,
                    &format!(
                        "option rules type combo var casual var simple var axf default {}",
                        o.rules.name()
                    ),
                );
                send(out, "option usebook type check default false");
                send(out, "option newgame type button");
                send(out, "ucciok");
            }
        }
    }

    fn setoption(&mut self, args: &[&str]) {
        // UCI: `setoption name <name words> [value <value words>]`; UCCI: `setoption <name> <value>`.
        let (name, value) = if args.first() == Some(&"name") {
            let value_at = args.iter().position(|w| *w == "value");
            let name = args[1..value_at.unwrap_or(args.len())].join(" ");
            let value = value_at
                .map(|i| args[i + 1..].join(" "))
                .unwrap_or_default();
            (name, value)
        } else {
            (
                args.first().map(|s| s.to_string()).unwrap_or_default(),
                args.get(1..).map(|v| v.join(" ")).unwrap_or_default(),
            )
        };
        if name.is_empty() {
            self.info_error("setoption needs an option name");
            return;
        }
        if !self.settle("options cannot change") {
            return;
        }
        self.finish_search(false);
        let Some(engine) = self.engine.as_mut() else {
            return;
        };
        let number = |v: &str| v.trim().parse::<u64>().ok();
        let result: Result<(), String> = match name.to_ascii_lowercase().as_str() {
            "hash" | "hashsize" => number(&value)
                .map(|mb| engine.set_hash_mb(mb.min(MAX_HASH_MB as u64) as usize))
                .ok_or_else(|| format!("Hash needs a number of MiB, not {value:?}")),
            "threads" => number(&value)
                .map(|n| engine.set_threads(n.min(MAX_THREADS as u64) as usize))
                .ok_or_else(|| format!("Threads needs a number, not {value:?}")),
            "multipv" => number(&value)
                .map(|n| engine.set_multipv(n.min(MAX_MULTIPV as u64) as usize))
                .ok_or_else(|| format!("MultiPV needs a number, not {value:?}")),
            "level" => value
                .parse::<Level>()
                .map(|l| engine.set_level(l))
                .map_err(|e| e.to_string()),
            "rules" => value
                .parse::<Rules>()
                .map(|r| engine.set_rules(r))
                .map_err(|e| e.to_string()),
            "seed" => number(&value)
                .map(|s| engine.set_seed(Some(s).filter(|&s| s != 0)))
                .ok_or_else(|| format!("Seed needs a number, not {value:?}")),
            "clear hash" | "newgame" => {
                engine.new_game();
                Ok(())
            }
            // Options GUIs commonly send that have no meaning here.
            "usebook" | "ponder" | "uci_analysemode" | "move overhead" | "bookfiles"
            | "promotion" | "idle" | "style" | "randomness" | "pruning" | "knowledge"
            | "usemillisec" | "batch" | "debug" => Ok(()),
            _ => Err(format!("unknown option {name:?}")),
        };
        self.options = engine.options().clone();
        if let Err(message) = result {
            self.info_error(&message);
        }
    }

    fn position(&mut self, args: &[&str]) {
        if !self.settle("the position cannot change") {
            return;
        }
        let moves_at = args.iter().position(|w| *w == "moves");
        let spec = &args[..moves_at.unwrap_or(args.len())];
        let start = match spec.first() {
            Some(&"startpos") => Ok(Position::startpos()),
            Some(&"fen") if spec.len() > 1 => {
                Position::from_fen(&spec[1..].join(" ")).map_err(|e| e.to_string())
            }
            Some(&"fen") => Err("position fen needs a FEN".to_owned()),
            _ => Err("expected `position startpos` or `position fen <fen>`".to_owned()),
        };
        let start = match start {
            Ok(pos) => pos,
            Err(message) => {
                self.info_error(&message);
                return;
            }
        };
        let mut pos = start.clone();
        let mut moves = Vec::new();
        if let Some(i) = moves_at {
            for text in &args[i + 1..] {
                match parse_coords(text, RankDialect::Zero) {
                    Ok(m) if pos.is_legal(m) => {
                        pos.make_move(m);
                        moves.push(m);
                    }
                    _ => {
                        self.info_error(&format!(
                            "illegal move {text:?} in position command; moves after it ignored"
                        ));
                        break;
                    }
                }
            }
        }
        self.start = start;
        self.moves = moves;
        self.ban_moves.clear();
    }

    fn current(&self) -> Position {
        let mut pos = self.start.clone();
        for &m in &self.moves {
            pos.make_move(m);
        }
        pos
    }

    fn banmoves(&mut self, args: &[&str]) {
        let pos = self.current();
        self.ban_moves.clear();
        for text in args {
            match parse_coords(text, RankDialect::Zero) {
                Ok(m) if pos.is_legal(m) => self.ban_moves.push(m),
                _ => self.info_error(&format!("banmoves: {text:?} is not a legal move")),
            }
        }
    }

    fn parse_go(&self, args: &[&str], pos: &Position) -> Result<(Limits, bool), String> {
        let mut limits = Limits::default();
        let mut clock = Clock::default();
        let mut has_clock = false;
        let mut ponder = false;
        let mut i = 0;
        let millis = |v: u64| Duration::from_millis(v);
        while i < args.len() {
            let word = args[i];
            let mut value = || -> Result<u64, String> {
                i += 1;
                let text = args
                    .get(i)
                    .ok_or_else(|| format!("go {word} needs a value"))?;
                // Clocks may go negative in some GUIs: treat that as no time left.
                if let Ok(v) = text.parse::<i64>() {
                    return Ok(v.max(0) as u64);
                }
                Err(format!("go {word} needs a number, not {text:?}"))
            };
            let us_red = pos.turn() == xiangqi_core::Color::Red;
            match word {
                "depth" => limits.depth = Some(value()?.clamp(1, 1000) as u32),
                "nodes" => limits.nodes = Some(value()?.max(1)),
                "movetime" => limits.movetime = Some(millis(value()?)),
                "wtime" => {
                    clock.red_time = millis(value()?);
                    has_clock = true;
                }
                "btime" => {
                    clock.black_time = millis(value()?);
                    has_clock = true;
                }
                "winc" => clock.red_increment = millis(value()?),
                "binc" => clock.black_increment = millis(value()?),
                "movestogo" => clock.moves_to_go = Some(value()?.clamp(1, 1000) as u32),
                // UCCI: our own time and increment, and the opponent's.
                "time" => {
                    let t = millis(value()?);
                    if us_red {
                        clock.red_time = t
                    } else {
                        clock.black_time = t
                    }
                    has_clock = true;
                }
                "increment" => {
                    let t = millis(value()?);
                    if us_red {
                        clock.red_increment = t
                    } else {
                        clock.black_increment = t
                    }
                }
                "opptime" => {
                    let t = millis(value()?);
                    if us_red {
                        clock.black_time = t
                    } else {
                        clock.red_time = t
                    }
                }
                "oppincrement" => {
                    let t = millis(value()?);
                    if us_red {
                        clock.black_increment = t
                    } else {
                        clock.red_increment = t
                    }
                }
                "oppmovestogo" => {
                    value()?;
                }
                "infinite" => limits.infinite = true,
                "ponder" => ponder = true,
                "draw" => {}
                "mate" => {
                    // Mate search: search to twice the depth of the mate asked for.
                    limits.depth = Some((value()?.clamp(1, 50) * 2) as u32);
                }
                "searchmoves" => {
                    while let Some(text) = args.get(i + 1) {
                        match parse_coords(text, RankDialect::Zero) {
                            Ok(m) => {
                                if pos.is_legal(m) {
                                    limits.search_moves.push(m);
                                }
                                i += 1;
                            }
                            Err(_) => break,
                        }
                    }
                }
                other => return Err(format!("unknown go parameter {other:?}")),
            }
            i += 1;
        }
        if has_clock {
            limits.clock = Some(clock);
        }
        if ponder {
            limits.infinite = true;
        }
        Ok((limits, ponder))
    }

    fn go(&mut self, args: &[&str]) {
        if args.first() == Some(&"perft") {
            self.perft(&args[1..]);
            return;
        }
        if !self.settle("a new search cannot start") {
            return;
        }
        self.finish_search(false);
        let pos = self.current();
        let (mut limits, _) = match self.parse_go(args, &pos) {
            Ok(parsed) => parsed,
            Err(message) => {
                self.info_error(&message);
                return;
            }
        };
        limits.ban_moves = std::mem::take(&mut self.ban_moves);
        self.search_is_infinite = limits.infinite;
        let Some(mut engine) = self.engine.take() else {
            return;
        };
        self.stop = engine.stop_handle();
        self.stop.reset();
        let out = Arc::clone(&self.out);
        let protocol = self.protocol;
        let start = self.start.clone();
        let moves = self.moves.clone();
        let answered = Arc::new(AtomicBool::new(false));
        self.answered = Arc::clone(&answered);
        let spawned = std::thread::Builder::new()
            .name("search".to_owned())
            .stack_size(16 << 20)
            .spawn(move || {
                let outcome = std::panic::catch_unwind(AssertUnwindSafe(|| {
                    engine.search(&start, &moves, &limits, &mut |info| {
                        send(&out, &info_line(info, protocol))
                    })
                }));
                let none = if protocol == Protocol::Ucci {
                    "nobestmove"
                } else {
                    "bestmove (none)"
                };
                let (line, engine) = match outcome {
                    Ok(Ok(result)) => (bestmove_line(&result, protocol), Some(engine)),
                    Ok(Err(e)) => {
                        send(&out, &format!("info string error: {e}"));
                        (none.to_owned(), Some(engine))
                    }
                    Err(_) => {
                        // A bug, not bad input; still answer so the GUI does not hang, with a
                        // legal move, and start a fresh engine for the next search.
                        send(&out, "info string error: internal error in the search");
                        let mut pos = start.clone();
                        for &m in &moves {
                            pos.make_move(m);
                        }
                        let line = pos
                            .legal_moves()
                            .first()
                            .map_or_else(|| none.to_owned(), |m| format!("bestmove {m}"));
                        (line, None)
                    }
                };
                answered.store(true, Ordering::Release);
                send(&out, &line);
                engine
            });
        match spawned {
            Ok(handle) => self.search = Some(handle),
            Err(e) => {
                self.info_error(&format!("cannot start a search thread: {e}"));
                self.engine = Some(Engine::new(self.options.clone()));
            }
        }
    }

    fn display(&self) {
        let pos = self.current();
        for line in pos.ascii().lines() {
            send(&self.out, line);
        }
        send(&self.out, &format!("Fen: {}", pos.fen()));
        send(&self.out, &format!("Key: {:016x}", pos.hash()));
        let checkers: Vec<String> = pos.checkers().map(|s| s.to_string()).collect();
        send(&self.out, &format!("Checkers: {}", checkers.join(" ")));
    }

    fn perft(&self, args: &[&str]) {
        let Some(depth) = args.first().and_then(|d| d.parse::<u32>().ok()) else {
            self.info_error("perft needs a depth");
            return;
        };
        if depth > 8 {
            self.info_error("perft depth is limited to 8 here");
            return;
        }
        let pos = self.current();
        let start = std::time::Instant::now();
        let mut total = 0;
        for (m, n) in xiangqi_core::perft_divide(&pos, depth) {
            send(&self.out, &format!("{m}: {n}"));
            total += n;
        }
        let ms = start.elapsed().as_millis().max(1) as u64;
        send(&self.out, "");
        send(&self.out, &format!("Nodes searched: {total}"));
        send(
            &self.out,
            &format!("info string perft time {ms} ms nps {}", total * 1000 / ms),
        );
    }

    fn bench(&mut self, args: &[&str]) {
        if !self.settle("bench cannot run") {
            return;
        }
        let depth = match args.first().map(|d| d.parse::<u32>()) {
            None => bench::BENCH_DEPTH,
            Some(Ok(d)) if (1..=30).contains(&d) => d,
            _ => {
                self.info_error("bench takes an optional depth 1..30");
                return;
            }
        };
        let report = bench::run_bench(depth, |i, fen, result| {
            send(
                &self.out,
                &format!(
                    "info string position {} {fen} nodes {} bestmove {}",
                    i + 1,
                    result.nodes,
                    move_text(result.best_move)
                ),
            );
        });
        send(
            &self.out,
            &format!("Total time (ms) : {}", report.time.as_millis()),
        );
        send(&self.out, &format!("Nodes searched  : {}", report.nodes));
        send(&self.out, &format!("Nodes/second    : {}", report.nps));
    }
}

fn move_text(m: Option<Move>) -> String {
    m.map_or_else(|| "(none)".to_owned(), |m| m.to_string())
}

/// An `info` line for one principal variation.
pub fn info_line(info: &SearchInfo, protocol: Protocol) -> String {
    let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
    let ms = info.time.as_millis();
    match protocol {
        Protocol::Uci => {
            let bound = match info.bound {
                ScoreBound::Exact => "",
                ScoreBound::Lower => " lowerbound",
                ScoreBound::Upper => " upperbound",
            };
            format!(
                "info depth {} seldepth {} multipv {} score {}{bound} nodes {} nps {} hashfull {} time {ms} pv {}",
                info.depth,
                info.seldepth,
                info.multipv,
                info.score,
                info.nodes,
                info.nps,
                info.hashfull,
                pv.join(" ")
            )
        }
        Protocol::Ucci => {
            // UCCI has no mate scores: a mate in n plies is reported as 10000 - n.
            let score = match info.score {
                Score::Cp(cp) => cp,
                Score::Mate(n) if n > 0 => 10_000 - (2 * n - 1),
                Score::Mate(n) => -10_000 + 2 * n.abs(),
            };
            format!(
                "info depth {} score {score} time {ms} nodes {} pv {}",
                info.depth,
                info.nodes,
                pv.join(" ")
            )
        }
    }
}

/// The `bestmove` line for a result.
pub fn bestmove_line(result: &SearchResult, protocol: Protocol) -> String {
    match (result.best_move, protocol) {
        (None, Protocol::Ucci) => "nobestmove".to_owned(),
        (None, Protocol::Uci) => "bestmove (none)".to_owned(),
        (Some(m), _) => match result.ponder {
            Some(p) => format!("bestmove {m} ponder {p}"),
            None => format!("bestmove {m}"),
        },
    }
}
