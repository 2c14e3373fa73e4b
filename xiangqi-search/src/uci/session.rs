//! The session and its threads: input is read on the caller's thread, commands run in order on
//! a second one, and searches, perfts and benches run as jobs on a third, so that `isready`,
//! `stop` and `quit` are always taken at once.

use super::output::send;
use super::{Protocol, EMBEDDED_NET};
use crate::engine::{Engine, EngineOptions};
use crate::eval::Nets;
use crate::StopHandle;
use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use xiangqi_core::{Move, Position, Variant};

/// Where the engine writes: shared by the command thread and the running job.
pub(super) type Output = Arc<Mutex<dyn Write + Send>>;

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
pub(super) enum JobStop {
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
pub(super) struct Session {
    pub(super) out: Output,
    pub(super) protocol: Protocol,
    pub(super) engine: Option<Engine>,
    pub(super) options: EngineOptions,
    job: Option<Job>,
    next_job: u64,
    /// Commands waiting, in order, for the running job to end.
    waiting: VecDeque<String>,
    events: Sender<Event>,
    /// The game `position` reads and `ucinewgame` starts (`UCI_Variant`).
    pub(super) variant: Variant,
    pub(super) start: Position,
    pub(super) moves: Vec<Move>,
    pub(super) ban_moves: Vec<Move>,
    /// `quit` was read: what still waits runs with every job stopped at once, then the session
    /// ends.
    pub(super) quitting: bool,
    /// The nets `Evaluation nnue` uses: for each game the shipped one, or the last good
    /// `EvalFile` given while `UCI_Variant` was of that game.
    pub(super) nets: Nets,
    /// The `EvalFile` value shown for each game (`NetGame as usize`), `<embedded>` for the
    /// shipped net.
    pub(super) eval_files: [String; 2],
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
        nets: Nets::shipped(),
        eval_files: [EMBEDDED_NET.to_owned(), EMBEDDED_NET.to_owned()],
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
    pub(super) fn info_error(&self, message: &str) {
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
    pub(super) fn stop_job(&mut self) {
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
    pub(super) fn start_job(
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
}
