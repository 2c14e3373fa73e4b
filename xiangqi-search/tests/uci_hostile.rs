//! The UCI loop under hostile input and timing: a live session fed through a pipe, with a
//! deadline on every answer, so that a wedged loop fails the test in seconds instead of
//! hanging it.

mod common;

use common::Shared;
use std::io::Write;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Input that blocks until the test sends the next line, as a pipe from a GUI does.
struct ChannelInput {
    lines: mpsc::Receiver<Vec<u8>>,
    pending: Vec<u8>,
}

impl std::io::Read for ChannelInput {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.pending.is_empty() {
            match self.lines.recv() {
                Ok(line) => self.pending = line,
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.pending.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

/// A session running on its own thread, fed line by line.
struct Live {
    input: mpsc::Sender<Vec<u8>>,
    out: Shared,
    ended: mpsc::Receiver<()>,
    /// Lines already matched by `wait_for` (later waits look after them).
    seen: usize,
}

impl Live {
    fn start() -> Live {
        let (input, lines) = mpsc::channel();
        let reader = ChannelInput {
            lines,
            pending: Vec::new(),
        };
        let out = Shared::default();
        let writer: Arc<Mutex<dyn Write + Send>> = Arc::new(Mutex::new(out.clone()));
        let (done, ended) = mpsc::channel();
        std::thread::spawn(move || {
            xiangqi_search::uci::run_shared(std::io::BufReader::new(reader), writer);
            let _ = done.send(());
        });
        Live {
            input,
            out,
            ended,
            seen: 0,
        }
    }

    fn send(&mut self, line: &str) {
        self.input.send(format!("{line}\n").into_bytes()).unwrap();
    }

    fn lines(&self) -> Vec<String> {
        let text = String::from_utf8_lossy(&self.out.0.lock().unwrap()).to_string();
        text.lines().map(str::to_owned).collect()
    }

    /// Waits for a line after those already seen that satisfies `want`; panics with the output
    /// so far once `within` has passed.
    fn wait_for(&mut self, within: Duration, what: &str, want: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + within;
        loop {
            let lines = self.lines();
            if let Some(i) = (self.seen..lines.len()).find(|&i| want(&lines[i])) {
                self.seen = i + 1;
                return lines[i].clone();
            }
            if Instant::now() > deadline {
                let tail: Vec<&String> = lines.iter().rev().take(8).collect();
                panic!("no {what} within {within:?}; last lines (newest first): {tail:?}");
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// `true` when no line satisfying `want` appears after those seen, for `during`.
    fn quiet_for(&self, during: Duration, want: impl Fn(&str) -> bool) -> bool {
        std::thread::sleep(during);
        !self.lines()[self.seen..].iter().any(|l| want(l))
    }

    /// Sends `quit` and waits for the session to end.
    fn quit(mut self, within: Duration) -> Vec<String> {
        self.send("quit");
        if self.ended.recv_timeout(within).is_err() {
            let lines = self.lines();
            let tail: Vec<&String> = lines.iter().rev().take(8).collect();
            panic!("quit did not end the session within {within:?}; last lines: {tail:?}");
        }
        self.lines()
    }
}

fn is_bestmove(line: &str) -> bool {
    line.starts_with("bestmove")
}

const SECOND: Duration = Duration::from_secs(1);

#[test]
fn isready_stop_and_quit_are_read_while_a_command_waits_for_a_deep_search() {
    let mut s = Live::start();
    s.send("position startpos");
    s.send("go depth 1000");
    // This waits for the search, which will not end by itself for a very long time.
    s.send("position startpos moves h2e2");
    s.send("isready");
    s.wait_for(2 * SECOND, "readyok during the search", |l| l == "readyok");
    s.send("stop");
    s.wait_for(2 * SECOND, "bestmove after stop", is_bestmove);
    // The waiting position was then taken: Black is to move.
    s.send("go depth 3");
    let best = s.wait_for(10 * SECOND, "bestmove of the next search", is_bestmove);
    let mv = best.split_whitespace().nth(1).unwrap();
    let mut pos = xiangqi_core::Position::startpos();
    pos.play(xiangqi_core::Move::new(
        xiangqi_core::Square::H2,
        xiangqi_core::Square::E2,
    ))
    .unwrap();
    let parsed =
        xiangqi_core::notation::iccs::parse_coords(mv, xiangqi_core::RankDialect::Zero).unwrap();
    assert!(pos.is_legal(parsed), "{best}");
    s.quit(2 * SECOND);
}

#[test]
fn quit_ends_a_session_wedged_behind_deep_searches() {
    let mut s = Live::start();
    s.send("go depth 1000");
    s.send("position startpos");
    s.send("go depth 1000");
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    let lines = s.quit(3 * SECOND);
    // Each search that started answered, with a move.
    let answers = lines.iter().filter(|l| is_bestmove(l)).count();
    assert!((1..=3).contains(&answers), "{lines:?}");
    assert!(lines
        .iter()
        .filter(|l| is_bestmove(l))
        .all(|l| l != "bestmove (none)"));
}

#[test]
fn stop_ends_go_perft_9_within_a_second_and_the_engine_keeps_working() {
    let mut s = Live::start();
    s.send("position startpos");
    s.send("go perft 9");
    std::thread::sleep(Duration::from_millis(300));
    s.send("isready");
    s.wait_for(2 * SECOND, "readyok during perft", |l| l == "readyok");
    let asked = Instant::now();
    s.send("stop");
    s.wait_for(SECOND, "the perft to stop", |l| {
        l == "info string perft stopped"
    });
    assert!(asked.elapsed() < SECOND, "{:?}", asked.elapsed());
    // 1920 is the published perft(2) of the start position (data/perft/suite.epd).
    s.send("go perft 2");
    s.wait_for(5 * SECOND, "a later perft", |l| l == "Nodes searched: 1920");
    // A perft deeper than the limit is refused, not started.
    s.send("go perft 100");
    s.wait_for(SECOND, "the refusal", |l| {
        l.starts_with("info string error: perft needs a depth")
    });
    s.quit(2 * SECOND);
}

#[test]
fn quit_ends_a_running_perft() {
    let mut s = Live::start();
    s.send("go perft 10");
    std::thread::sleep(Duration::from_millis(200));
    let lines = s.quit(2 * SECOND);
    assert!(
        lines.iter().any(|l| l == "info string perft stopped"),
        "{lines:?}"
    );
}

/// The maximum the `Hash` option advertises.
fn advertised_hash_max(s: &mut Live) -> usize {
    s.send("uci");
    let line = s.wait_for(2 * SECOND, "the Hash option", |l| {
        l.starts_with("option name Hash ")
    });
    s.wait_for(2 * SECOND, "uciok", |l| l == "uciok");
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "max").unwrap();
    words[at + 1].parse().unwrap()
}

#[test]
fn a_huge_hash_gives_an_error_and_the_engine_keeps_its_previous_table() {
    let mut s = Live::start();
    let max = advertised_hash_max(&mut s);
    assert!((1..=65536).contains(&max), "{max}");
    s.send("setoption name Hash value 16");
    let too_large = [
        "999999999".to_owned(),
        (max + 1).to_string(),
        "99999999999999999999999999".to_owned(),
    ];
    for value in &too_large {
        s.send(&format!("setoption name Hash value {value}"));
        let error = s.wait_for(2 * SECOND, "the Hash error", |l| {
            l.starts_with("info string error: Hash")
        });
        assert!(error.contains("stays at 16 MiB"), "{error}");
    }
    // The advertised maximum itself is honest: on a machine with less memory than 64 GiB it is
    // lower, and 65536 is refused with the same message.
    if max < 65536 {
        s.send("setoption name Hash value 65536");
        let error = s.wait_for(2 * SECOND, "the Hash error", |l| {
            l.starts_with("info string error: Hash")
        });
        assert!(
            error.contains("65536 MiB") && error.contains(&format!("{max} MiB")),
            "{error}"
        );
    }
    for bad in ["0", "-3"] {
        s.send(&format!("setoption name Hash value {bad}"));
        s.wait_for(2 * SECOND, "the Hash error", |l| {
            l.starts_with("info string error: Hash") && l.contains("stays at 16 MiB")
        });
    }
    s.send("setoption name Threads value 100000");
    s.wait_for(2 * SECOND, "the Threads error", |l| {
        l.starts_with("info string error: Threads 100000 is outside 1..=256")
    });
    s.send("position startpos");
    s.send("go depth 4");
    let best = s.wait_for(10 * SECOND, "a search after the errors", is_bestmove);
    assert_ne!(best, "bestmove (none)");
    let lines = s.quit(2 * SECOND);
    // The search ran with the 16 MiB table: hashfull is reported from it.
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 4 ")),
        "{lines:?}"
    );
}

#[test]
fn huge_and_negative_clocks_neither_panic_nor_wrap() {
    let mut s = Live::start();
    s.send("position startpos");
    // A move time beyond 64 bits saturates: a search that lasts until stopped, not one
    // whose budget wrapped to almost nothing.
    for go in [
        "go movetime 99999999999999999999",
        "go wtime 18446744073709551615 btime 1 winc 18446744073709551615 binc 0",
        "go wtime 99999999999999999999999 btime 99999999999999999999999 movestogo 1",
        "go depth 99999999999999999999 nodes 99999999999999999999",
    ] {
        s.send(go);
        assert!(
            s.quiet_for(Duration::from_millis(400), is_bestmove),
            "{go}: answered at once, the budget wrapped"
        );
        s.send("stop");
        let best = s.wait_for(2 * SECOND, "bestmove after stop", is_bestmove);
        assert_ne!(best, "bestmove (none)", "{go}");
    }
    // No time left (some GUIs send negative clocks): a quick legal answer.
    for go in [
        "go wtime -5 btime -5",
        "go wtime -99999999999999999999 btime 0 winc -1",
        "go movetime -1",
    ] {
        s.send(go);
        let best = s.wait_for(3 * SECOND, "a quick answer", is_bestmove);
        assert_ne!(best, "bestmove (none)", "{go}");
    }
    let lines = s.quit(2 * SECOND);
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
}

#[test]
fn a_stop_while_idle_does_not_cut_the_next_search() {
    let mut s = Live::start();
    s.send("position startpos");
    s.send("go depth 2");
    s.wait_for(5 * SECOND, "the first answer", is_bestmove);
    // Sent after the answer, while the engine is idle (possibly while the search thread is
    // still returning): they must not reach the next search.
    for _ in 0..3 {
        s.send("stop");
    }
    s.send("isready");
    s.wait_for(2 * SECOND, "readyok", |l| l == "readyok");
    s.send("go depth 7");
    s.wait_for(30 * SECOND, "the second search's answer", is_bestmove);
    let lines = s.quit(2 * SECOND);
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 7 ")),
        "{lines:?}"
    );
}

#[test]
fn a_stop_sent_after_queued_commands_ends_the_search_they_start() {
    // In input order the stop follows the second `go`, so it ends that search too, though the
    // second `go` only starts once the first search has answered.
    let mut s = Live::start();
    s.send("go depth 1000");
    s.send("position startpos moves h2e2");
    s.send("go depth 1000");
    s.send("stop");
    s.wait_for(2 * SECOND, "the first answer", is_bestmove);
    s.wait_for(2 * SECOND, "the second answer", is_bestmove);
    s.quit(2 * SECOND);
}

#[test]
fn an_endless_line_is_cut_and_the_session_goes_on() {
    let mut s = Live::start();
    // Eight MiB without a newline, sent in pieces, then the newline and a command.
    let piece = vec![b'x'; 1 << 20];
    for _ in 0..8 {
        s.input.send(piece.clone()).unwrap();
    }
    s.send("");
    s.wait_for(5 * SECOND, "the error for the long line", |l| {
        l.starts_with("info string error: unknown command") && l.len() < 200
    });
    s.send("isready");
    s.wait_for(2 * SECOND, "readyok", |l| l == "readyok");
    s.quit(2 * SECOND);
}
