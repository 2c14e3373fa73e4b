//! The UCI and UCCI front end.
//!
//! Moves are ICCS coordinates with ranks 0..9 (`h2e2`), as the strongest xiangqi engines and
//! GUIs speak UCI. The dialect is UCI until the GUI says `ucci`; then `ucciok`, UCCI options
//! (`setoption hashsize 64`), `go time/increment/opptime`, `banmoves`, `nobestmove` and
//! `bye` are used.
//!
//! # Responsiveness
//! Input is read on the calling thread and commands run on a second one; searches, `go perft`
//! and `bench` run on a third, so the loop always reads on: `isready` is answered at once, even
//! while a search runs or while commands wait for one; `stop` (and `ponderhit`) ends the running
//! search or perft at once, and `quit` stops whatever runs, drops the commands still waiting and
//! ends the session. A stop sent while nothing runs has no effect on what follows.
//! Malformed input gets an `info string error: ...` line and the engine keeps running; no input
//! makes it crash, and no number wraps: clocks and move times saturate, sizes out of range are
//! refused with the range in the message, and the previous setting is kept.
//!
//! Pondering is not separate: `go ponder` searches like `go infinite`, and `ponderhit` (like
//! `stop`) ends the search with its best move. At the end of input a running search is allowed
//! to finish (an infinite one is stopped), so `echo "go depth 12" | xiangqi uci` prints a move.
//! Likewise `position`, `go`, `setoption`, `ucinewgame`, `perft` and `bench` sent during a
//! bounded search wait for its move (in order), so a piped command file loses nothing; during
//! an infinite search they are refused with an error line until `stop` (`ucinewgame` stops it).
//!
//! Options: `Hash` (MiB, at most what this machine holds: see [`crate::max_hash_mb`]),
//! `Threads`, `MultiPV`, `Level` (Beginner..Master), `Rules` (`casual`, `simple` or `axf`, or a
//! custom string such as `simple,no-capture=off`), `Seed` (the levels' randomness; 0 = from the
//! clock), `Evaluation` (`nnue`, the learned one, or `classical`, the hand-written one), `EvalFile`
//! (a net file, which also selects `nnue`; `<embedded>` is the shipped net; a file that fails its
//! checks gets an `info string error` and the previous net and evaluation are kept) and
//! `Clear Hash`, and `UCI_Variant` (`xiangqi`, or one of janggi's `janggi`, `janggitraditional`,
//! `janggimodern`, `janggicasual`, as Fairy-Stockfish names them: it sets the start position, how
//! FENs are read and the variant's own rules; janggi is searched with its own evaluation, and a
//! pass is the general's point twice, `e1e1`, or `0000`).
//!
//! Extra commands: `go perft N` (a move-by-move count, N at most [`MAX_PERFT_DEPTH`]),
//! `bench [depth]`, `d` (draw the board).

use crate::bench;
use crate::engine::{Engine, EngineOptions, MAX_MULTIPV, MAX_THREADS};
use crate::eval::Evaluation;
use crate::levels::Level;
use crate::option_bounds::max_hash_mb;
use crate::rules::Rules;
use crate::score::Score;
use crate::search::limits::{Clock, Limits, ScoreBound, SearchInfo, SearchResult};
use crate::StopHandle;
use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;
use xiangqi_core::notation::iccs::parse_coords;
use xiangqi_core::{Move, Position, RankDialect, Variant};

/// The engine's name as announced to GUIs.
pub const ENGINE_NAME: &str = concat!("xiangqi ", env!("CARGO_PKG_VERSION"));
/// The authors as announced to GUIs.
pub const ENGINE_AUTHOR: &str = "the xiangqi toolkit developers";
/// The `EvalFile` value that names the net built into the engine.
pub const EMBEDDED_NET: &str = "<embedded>";
/// Deepest `go perft` accepted: counts stay far from overflowing, and depth 10 from the opening
/// already takes months (`stop` ends any of them).
pub const MAX_PERFT_DEPTH: u32 = 10;
/// UCCI has no mate scores: its engines report a mate in `n` plies as `UCCI_MATE - n` (and
/// being mated as `-(UCCI_MATE - n)`). The protocol's number, which our UCCI output writes and
/// Python's UCCI client reads.
pub const UCCI_MATE: i32 = 10_000;

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

/// What the command thread is told.
enum Event {
    /// A line of input.
    Line(String),
    /// The input has ended.
    End,
    /// The job with this number has printed its answer and is returning.
    JobDone(u64),
}

/// How a running job is stopped.
enum JobStop {
    /// A search: through the engine's stop handle.
    Search(StopHandle),
    /// A perft: through its own flag.
    Flag(Arc<AtomicBool>),
    /// Bench: it runs to its end.
    None,
}

/// Work running on its own thread: a search, a perft or a bench.
struct Job {
    id: u64,
    handle: JoinHandle<Option<Engine>>,
    stop: JobStop,
    /// An infinite search: only `stop` ends it.
    infinite: bool,
    /// A stop was sent to it.
    stopping: bool,
    /// It gives the engine back when it ends (a search).
    holds_engine: bool,
}

/// A protocol session: the engine, the current position and the running job.
struct Session {
    out: Output,
    protocol: Protocol,
    engine: Option<Engine>,
    options: EngineOptions,
    job: Option<Job>,
    next_job: u64,
    /// Commands waiting, in order, for the running job to end.
    waiting: VecDeque<String>,
    events: Sender<Event>,
    /// The game `position` reads and `ucinewgame` starts (`UCI_Variant`).
    variant: Variant,
    start: Position,
    moves: Vec<Move>,
    ban_moves: Vec<Move>,
    /// `quit` was read: what still waits runs with every job stopped at once, then the session
    /// ends.
    quitting: bool,
    /// The net `Evaluation nnue` uses: the shipped one, or the last good `EvalFile`.
    net: Arc<xiangqi_nnue::Network>,
    /// The `EvalFile` value shown, `<embedded>` for the shipped net.
    eval_file: String,
}

/// A move of a `position` or `banmoves` command: ICCS coordinates, and in janggi `0000` for
/// the pass (as well as the general's point twice; core's [`Position::parse_iccs`]).
fn parse_move(pos: &Position, text: &str) -> Result<Move, xiangqi_core::MoveParseError> {
    pos.parse_iccs(text, RankDialect::Zero)
}

/// Runs the protocol loop until `quit` or the end of input. Returns when every search has
/// ended.
pub fn run<R: BufRead, W: Write + Send + 'static>(input: R, output: W) {
    let out: Output = Arc::new(Mutex::new(output));
    run_shared(input, out);
}

/// Like [`run`], writing to a shared writer (the caller can read what was written).
pub fn run_shared<R: BufRead>(mut input: R, out: Arc<Mutex<dyn Write + Send>>) {
    let (events, inbox) = channel();
    let session_events = events.clone();
    let session_out = Arc::clone(&out);
    let commands = std::thread::Builder::new()
        .name("uci-commands".to_owned())
        .stack_size(16 << 20)
        .spawn(move || command_loop(session_out, session_events, inbox));
    let commands = match commands {
        Ok(handle) => handle,
        Err(e) => {
            send(
                &out,
                &format!("info string error: cannot start a thread: {e}"),
            );
            return;
        }
    };
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        match read_line_capped(&mut input, &mut buffer, MAX_LINE_BYTES) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let line = String::from_utf8_lossy(&buffer).trim().to_owned();
        let quit = line.split_whitespace().next() == Some("quit");
        if events.send(Event::Line(line)).is_err() || quit {
            break;
        }
    }
    let _ = events.send(Event::End);
    let _ = commands.join();
}

/// The longest input line kept; the rest of a longer line is read and dropped, so that endless
/// input without a newline cannot exhaust memory.
const MAX_LINE_BYTES: usize = 1 << 20;

/// Reads up to and including the next newline, keeping at most `cap` bytes of it in `buf`.
/// Returns the bytes read (0 at the end of input).
fn read_line_capped<R: BufRead>(
    input: &mut R,
    buf: &mut Vec<u8>,
    cap: usize,
) -> std::io::Result<usize> {
    let mut read = 0;
    loop {
        let available = match input.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(read);
        }
        let (used, done) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (available.len(), false),
        };
        let keep = used.min(cap.saturating_sub(buf.len()));
        buf.extend_from_slice(&available[..keep]);
        input.consume(used);
        read += used;
        if done {
            return Ok(read);
        }
    }
}

/// The command thread: runs commands in order, never waiting on a job, so that it always takes
/// the next event.
fn command_loop(out: Output, events: Sender<Event>, inbox: Receiver<Event>) {
    let engine = Engine::new(EngineOptions::default());
    let mut session = Session {
        out,
        protocol: Protocol::Uci,
        options: engine.options().clone(),
        engine: Some(engine),
        job: None,
        next_job: 0,
        waiting: VecDeque::new(),
        events,
        variant: Variant::Xiangqi,
        start: Position::startpos(),
        moves: Vec::new(),
        ban_moves: Vec::new(),
        quitting: false,
        net: Evaluation::default_net(),
        eval_file: EMBEDDED_NET.to_owned(),
    };
    let mut input_ended = false;
    while let Ok(event) = inbox.recv() {
        match event {
            Event::Line(line) => session.take_line(line),
            Event::JobDone(id) => {
                if session.job.as_ref().is_some_and(|job| job.id == id) {
                    session.join_job();
                    session.run_waiting();
                }
            }
            Event::End => input_ended = true,
        }
        if (input_ended || session.quitting) && session.waiting.is_empty() {
            // End of input: let a bounded search finish and print its move; stop an infinite
            // one. After `quit`, stop any.
            if session.quitting || session.job.as_ref().is_some_and(|job| job.infinite) {
                session.stop_job();
            }
            session.join_job();
            if session.quitting && session.protocol == Protocol::Ucci {
                send(&session.out, "bye");
            }
            return;
        }
    }
}

/// Commands that need the engine idle (no job running).
fn needs_idle(command: &str) -> bool {
    matches!(
        command,
        "ucinewgame" | "newgame" | "setoption" | "position" | "go" | "bench" | "perft"
    )
}

impl Session {
    fn info_error(&self, message: &str) {
        send(&self.out, &format!("info string error: {message}"));
    }

    /// Takes a line as it arrives.
    fn take_line(&mut self, line: String) {
        let command = line.split_whitespace().next().unwrap_or("");
        match command {
            "" => {}
            "isready" => send(&self.out, "readyok"),
            "stop" | "ponderhit" => {
                self.stop_job();
                // Commands waiting may start a search that this stop, sent after them, ends.
                if !self.waiting.is_empty() {
                    self.waiting.push_back(line);
                }
            }
            "quit" => {
                // Commands still waiting run, quickly: each job they start is stopped at once.
                self.quitting = true;
                self.stop_job();
            }
            _ if !self.waiting.is_empty() => self.waiting.push_back(line),
            _ => self.dispatch(line),
        }
    }

    /// Runs a command now, or queues it when it needs the engine and a job runs.
    fn dispatch(&mut self, line: String) {
        let command = line.split_whitespace().next().unwrap_or("");
        if self.job.is_none() || !needs_idle(command) {
            self.handle(&line);
            return;
        }
        if self.refused_during_infinite(command) {
            return;
        }
        self.waiting.push_back(line);
    }

    /// During an infinite search that no stop has reached, a command needing the engine is
    /// refused with an error line (`true`), except `ucinewgame`, which stops the search and
    /// then waits for it like any command.
    fn refused_during_infinite(&mut self, command: &str) -> bool {
        if !self.job.as_ref().is_some_and(|j| j.infinite && !j.stopping) {
            return false;
        }
        let what = match command {
            "ucinewgame" | "newgame" => {
                self.stop_job();
                return false;
            }
            "setoption" => "options cannot change",
            "position" => "the position cannot change",
            "bench" => "bench cannot run",
            _ => "a new search cannot start",
        };
        self.info_error(&format!(
            "{what} during an infinite search; send stop first"
        ));
        true
    }

    /// Runs the waiting commands, in order, until one has to wait for a job again.
    fn run_waiting(&mut self) {
        while let Some(line) = self.waiting.pop_front() {
            let command = line.split_whitespace().next().unwrap_or("");
            if self.job.is_some() && needs_idle(command) {
                if self.refused_during_infinite(command) {
                    continue;
                }
                self.waiting.push_front(line);
                return;
            }
            self.handle(&line);
        }
    }

    /// Asks the running job to stop; it still prints its answer.
    fn stop_job(&mut self) {
        if let Some(job) = &mut self.job {
            job.stopping = true;
            match &job.stop {
                JobStop::Search(handle) => handle.stop(),
                JobStop::Flag(flag) => flag.store(true, Ordering::Relaxed),
                JobStop::None => {}
            }
        }
    }

    /// Waits for the running job and takes the engine back.
    fn join_job(&mut self) {
        let Some(job) = self.job.take() else {
            return;
        };
        match job.handle.join() {
            Ok(Some(engine)) => self.engine = Some(engine),
            Ok(None) if !job.holds_engine => {}
            _ => {
                if job.holds_engine {
                    self.info_error("the search failed; the engine was restarted");
                    self.engine = Some(Engine::new(self.options.clone()));
                } else {
                    self.info_error("internal error; the command was abandoned");
                }
            }
        }
    }

    /// Starts `work` as the running job; it reports its end to the command thread.
    fn start_job(
        &mut self,
        stop: JobStop,
        infinite: bool,
        holds_engine: bool,
        work: impl FnOnce() -> Option<Engine> + Send + 'static,
    ) -> bool {
        self.next_job += 1;
        let id = self.next_job;
        let events = self.events.clone();
        let spawned = std::thread::Builder::new()
            .name("uci-job".to_owned())
            .stack_size(16 << 20)
            .spawn(move || {
                // The end is reported even when the work panics (the join then says so).
                let outcome = std::panic::catch_unwind(AssertUnwindSafe(work));
                let _ = events.send(Event::JobDone(id));
                outcome.unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            });
        match spawned {
            Ok(handle) => {
                self.job = Some(Job {
                    id,
                    handle,
                    stop,
                    infinite,
                    stopping: false,
                    holds_engine,
                });
                if self.quitting {
                    self.stop_job();
                }
                true
            }
            Err(e) => {
                self.info_error(&format!("cannot start a thread: {e}"));
                false
            }
        }
    }

    /// Handles one command with the engine idle (or one that does not need it).
    fn handle(&mut self, line: &str) {
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else {
            return;
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
                if let Some(engine) = &mut self.engine {
                    engine.new_game();
                }
                self.start = Position::start_of(self.variant);
                self.moves.clear();
            }
            "setoption" => self.setoption(&rest),
            "position" => self.position(&rest),
            "banmoves" => self.banmoves(&rest),
            "go" => self.go(&rest),
            "stop" | "ponderhit" => self.stop_job(),
            "d" | "display" => self.display(),
            "bench" => self.bench(&rest),
            "perft" => self.perft(&rest),
            "probe" if self.protocol == Protocol::Ucci => {}
            _ => {
                let shown: String = command.chars().take(64).collect();
                let more = if shown.len() < command.len() {
                    "..."
                } else {
                    ""
                };
                self.info_error(&format!("unknown command {shown:?}{more}"));
            }
        }
    }

    fn identify(&self) {
        let out = &self.out;
        let o = &self.options;
        // The choices of the level and rules combos (UCCI names levels in lower case).
        let lower = self.protocol == Protocol::Ucci;
        let level_name = |l: Level| {
            if lower {
                l.name().to_lowercase()
            } else {
                l.name().to_owned()
            }
        };
        let levels = combo_vars(Level::ALL.into_iter().map(level_name));
        let rules = combo_vars(
            xiangqi_core::rules::PRESETS
                .iter()
                .map(|r| r.name().to_owned()),
        );
        match self.protocol {
            Protocol::Uci => {
                send(out, &format!("id name {ENGINE_NAME}"));
                send(out, &format!("id author {ENGINE_AUTHOR}"));
                send(
                    out,
                    &format!(
                        "option name Hash type spin default {} min 1 max {}",
                        o.hash_mb,
                        max_hash_mb()
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
                send(
                    out,
                    &format!(
                        "option name Level type combo default {} {levels}",
                        level_name(o.level)
                    ),
                );
                send(
                    out,
                    &format!(
                        "option name Rules type combo default {} {rules}",
                        o.rules.name()
                    ),
                );
                let variants: String = Variant::ALL.iter().map(|v| format!(" var {v}")).collect();
                send(
                    out,
                    &format!(
                        "option name UCI_Variant type combo default {}{variants}",
                        self.variant
                    ),
                );
                send(
                    out,
                    "option name Seed type spin default 0 min 0 max 2147483647",
                );
                send(
                    out,
                    &format!(
                        "option name Evaluation type combo default {} var nnue var classical",
                        o.evaluation.name()
                    ),
                );
                send(
                    out,
                    &format!(
                        "option name EvalFile type string default {}",
                        self.eval_file
                    ),
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
                        "option hashsize type spin min 1 max {} default {}",
                        max_hash_mb(),
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
                send(
                    out,
                    &format!(
                        "option level type combo {levels} default {}",
                        level_name(o.level)
                    ),
                );
                send(
                    out,
                    &format!("option rules type combo {rules} default {}", o.rules.name()),
                );
                send(
                    out,
                    &format!(
                        "option evaluation type combo nnue classical default {}",
                        o.evaluation.name()
                    ),
                );
                send(
                    out,
                    &format!("option evalfile type string default {}", self.eval_file),
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
        let Some(engine) = self.engine.as_mut() else {
            return;
        };
        // Numbers too large for the machine's word saturate, and are then refused as out of
        // range with the rest.
        let number =
            |v: &str| parse_saturating(v.trim()).map(|n| usize::try_from(n).unwrap_or(usize::MAX));
        let in_range = |what: &str, v: &str, max: usize| match number(v) {
            Some(n) if (1..=max).contains(&n) => Ok(n),
            Some(n) => Err(format!("{what} {n} is outside 1..={max}; kept as it was")),
            None => Err(format!("{what} needs a number, not {v:?}")),
        };
        let result: Result<(), String> = match name.to_ascii_lowercase().as_str() {
            "hash" | "hashsize" => match number(&value) {
                Some(mb) => engine.try_set_hash_mb(mb).map_err(|e| {
                    format!(
                        "Hash: {e}; the table stays at {} MiB",
                        engine.options().hash_mb
                    )
                }),
                None => Err(format!("Hash needs a number of MiB, not {value:?}")),
            },
            "threads" => in_range("Threads", &value, MAX_THREADS).map(|n| engine.set_threads(n)),
            "multipv" => in_range("MultiPV", &value, MAX_MULTIPV).map(|n| engine.set_multipv(n)),
            "level" => value
                .parse::<Level>()
                .map(|l| engine.set_level(l))
                .map_err(|e| e.to_string()),
            "rules" => value
                .parse::<Rules>()
                .map(|r| engine.set_rules(r))
                .map_err(|e| e.to_string()),
            "uci_variant" | "variant" => match value.parse::<Variant>() {
                Ok(variant) => {
                    self.variant = variant;
                    engine.set_rules(variant.default_rules());
                    engine.new_game();
                    self.start = Position::start_of(variant);
                    self.moves.clear();
                    self.ban_moves.clear();
                    Ok(())
                }
                Err(e) => Err(format!("{e}; kept {}", self.variant)),
            },
            "seed" => parse_saturating(value.trim())
                .map(|s| engine.set_seed(Some(s).filter(|&s| s != 0)))
                .ok_or_else(|| format!("Seed needs a number, not {value:?}")),
            "evaluation" => match value.trim().to_ascii_lowercase().as_str() {
                "nnue" => {
                    engine.set_evaluation(Evaluation::Nnue(self.net.clone()));
                    Ok(())
                }
                "classical" => {
                    engine.set_evaluation(Evaluation::Classical);
                    Ok(())
                }
                _ => Err(format!(
                    "Evaluation must be nnue or classical, not {value:?}; kept as it was"
                )),
            },
            "evalfile" => {
                let path = value.trim();
                let loaded = if path.is_empty() || path == EMBEDDED_NET {
                    Ok(Evaluation::default_net())
                } else {
                    std::fs::read(path)
                        .map_err(|e| e.to_string())
                        .and_then(|bytes| {
                            xiangqi_nnue::Network::from_bytes(&bytes).map_err(|e| e.to_string())
                        })
                        .map(Arc::new)
                };
                match loaded {
                    Ok(net) => {
                        self.net = net.clone();
                        self.eval_file =
                            if path.is_empty() { EMBEDDED_NET } else { path }.to_owned();
                        // A net chosen is a net used.
                        engine.set_evaluation(Evaluation::Nnue(net));
                        Ok(())
                    }
                    Err(e) => Err(format!(
                        "EvalFile {path:?}: {e}; the net stays {}",
                        self.eval_file
                    )),
                }
            }
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
        let moves_at = args.iter().position(|w| *w == "moves");
        let spec = &args[..moves_at.unwrap_or(args.len())];
        let start = match spec.first() {
            Some(&"startpos") => Ok(Position::start_of(self.variant)),
            Some(&"fen") if spec.len() > 1 => {
                Position::from_fen_variant(&spec[1..].join(" "), self.variant)
                    .map_err(|e| e.to_string())
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
                match parse_move(&pos, text) {
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
            match parse_move(&pos, text) {
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
                // Clocks may go negative in some GUIs: treat that as no time left; a value past
                // 64 bits saturates.
                parse_saturating(text)
                    .ok_or_else(|| format!("go {word} needs a number, not {text:?}"))
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
                "mate" => limits.mate = Some(value()?.clamp(1, 50) as u32),
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
        let pos = self.current();
        let (mut limits, _) = match self.parse_go(args, &pos) {
            Ok(parsed) => parsed,
            Err(message) => {
                self.info_error(&message);
                return;
            }
        };
        limits.ban_moves = std::mem::take(&mut self.ban_moves);
        let Some(mut engine) = self.engine.take() else {
            return;
        };
        let stop = engine.stop_handle();
        // Armed now, so that a stop taken before the search thread starts still ends it.
        stop.arm();
        let out = Arc::clone(&self.out);
        let protocol = self.protocol;
        let start = self.start.clone();
        let moves = self.moves.clone();
        let infinite = limits.infinite;
        let started = self.start_job(JobStop::Search(stop.clone()), infinite, true, move || {
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
            send(&out, &line);
            engine
        });
        if !started {
            stop.stop();
            self.engine = Some(Engine::new(self.options.clone()));
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

    fn perft(&mut self, args: &[&str]) {
        let depth = match args.first().map(|d| d.parse::<u32>()) {
            Some(Ok(d)) if d <= MAX_PERFT_DEPTH => d,
            _ => {
                self.info_error(&format!("perft needs a depth 0..={MAX_PERFT_DEPTH}"));
                return;
            }
        };
        let pos = self.current();
        let out = Arc::clone(&self.out);
        let flag = Arc::new(AtomicBool::new(false));
        let stop = Arc::clone(&flag);
        self.start_job(JobStop::Flag(flag), false, false, move || {
            let start = std::time::Instant::now();
            let mut total: u64 = 0;
            let mut halt = || stop.load(Ordering::Relaxed);
            for &m in pos.legal_moves().iter() {
                let Ok(child) = pos.after(m) else { continue };
                let count = if depth <= 1 {
                    Some(1)
                } else {
                    xiangqi_core::perft_with(&child, depth - 1, &mut halt)
                };
                let Some(n) = count else {
                    send(&out, "info string perft stopped");
                    return None;
                };
                send(&out, &format!("{m}: {n}"));
                total = total.saturating_add(n);
            }
            let ms = start.elapsed().as_millis().max(1);
            send(&out, "");
            send(&out, &format!("Nodes searched: {total}"));
            send(
                &out,
                &format!(
                    "info string perft time {ms} ms nps {}",
                    u128::from(total) * 1000 / ms
                ),
            );
            None
        });
    }

    fn bench(&mut self, args: &[&str]) {
        let depth = match args.first().map(|d| d.parse::<u32>()) {
            None => bench::BENCH_DEPTH,
            Some(Ok(d)) if (1..=30).contains(&d) => d,
            _ => {
                self.info_error("bench takes an optional depth 1..30");
                return;
            }
        };
        if self.quitting {
            // A bench cannot be stopped.
            return;
        }
        let out = Arc::clone(&self.out);
        self.start_job(JobStop::None, false, false, move || {
            let report = bench::run_bench(depth, |i, fen, result| {
                send(
                    &out,
                    &format!(
                        "info string position {} {fen} nodes {} bestmove {}",
                        i + 1,
                        result.nodes,
                        move_text(result.best_move)
                    ),
                );
            });
            send(
                &out,
                &format!("Total time (ms) : {}", report.time.as_millis()),
            );
            send(&out, &format!("Nodes searched  : {}", report.nodes));
            send(&out, &format!("Nodes/second    : {}", report.nps));
            None
        });
    }
}

/// A decimal integer with an optional sign; a negative value gives 0 and one too large for
/// 64 bits gives `u64::MAX`, so that no value a GUI sends can wrap.
fn parse_saturating(text: &str) -> Option<u64> {
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if negative {
        return Some(0);
    }
    Some(digits.parse::<u64>().unwrap_or(u64::MAX))
}

fn move_text(m: Option<Move>) -> String {
    m.map_or_else(|| "(none)".to_owned(), |m| m.to_string())
}

/// `var a var b ...`: the choices of a combo option.
fn combo_vars(names: impl Iterator<Item = String>) -> String {
    names
        .map(|n| format!("var {n}"))
        .collect::<Vec<_>>()
        .join(" ")
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
            // UCCI has no mate scores: a mate in n plies is reported as UCCI_MATE - n.
            let score = match info.score {
                Score::Cp(cp) => cp,
                Score::Mate(n) if n > 0 => UCCI_MATE - (2 * n - 1),
                Score::Mate(n) => -UCCI_MATE + 2 * n.abs(),
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
