//! The `xiangqi` command under hostile arguments and input: sizes that would run forever or
//! spawn without end are refused with a message, and `xiangqi uci` stays responsive while a
//! deep search or perft runs. Every wait has a deadline and a stuck child is killed.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_xiangqi");

/// A child process killed when dropped, so that a failing test leaves nothing running.
struct Guarded(Child);

impl Drop for Guarded {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Waits for the process to end, at most `within`; its exit success.
fn wait(child: &mut Guarded, within: Duration) -> Option<bool> {
    let deadline = Instant::now() + within;
    while Instant::now() < deadline {
        if let Some(status) = child.0.try_wait().unwrap() {
            return Some(status.success());
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    None
}

fn refused(args: &[&str], message: &str) {
    let mut child = Guarded(
        Command::new(BIN)
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let ok = wait(&mut child, Duration::from_secs(5));
    assert_eq!(ok, Some(false), "{args:?} should fail at once");
    let mut stderr = String::new();
    std::io::Read::read_to_string(child.0.stderr.as_mut().unwrap(), &mut stderr).unwrap();
    assert!(stderr.contains(message), "{args:?}: {stderr}");
}

#[test]
fn perft_refuses_a_depth_or_thread_count_that_would_never_end() {
    refused(
        &["perft", "--depth", "100"],
        "--depth needs a number 0..=10",
    );
    refused(
        &["perft", "--depth", "4294967296"],
        "--depth needs a number 0..=10",
    );
    refused(
        &["perft", "--depth", "1", "--threads", "100000"],
        "--threads needs a number 1..=256",
    );
    refused(
        &["perft", "--threads", "0"],
        "--threads needs a number 1..=256",
    );
}

#[test]
fn perft_within_the_limits_still_counts() {
    let out = Command::new(BIN)
        .args([
            "perft",
            "--fen",
            "startpos",
            "--depth",
            "2",
            "--threads",
            "2",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    // 1920 is the published perft(2) of the start position (data/perft/suite.epd).
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("nodes 1920 "), "{text}");
}

#[test]
fn janggi_perft_by_variant() {
    // Fairy-Stockfish's janggi perft(3) of its start position is 33,000 (data/perft/janggi.epd).
    let out = Command::new(BIN)
        .args([
            "perft",
            "--variant",
            "janggi",
            "--fen",
            "startpos",
            "--depth",
            "3",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("nodes 33000 "), "{text}");
    // The facing generals of a bare board: bikjang in janggi, refused as xiangqi.
    let fen = "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1";
    let out = Command::new(BIN)
        .args([
            "perft",
            "--variant",
            "janggi",
            "--fen",
            fen,
            "--depth",
            "4",
            "--divide",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("e0e0 ") && text.ends_with("\n"), "{text}");
    assert!(
        text.lines().last().unwrap().starts_with("nodes 132 "),
        "{text}"
    );
    refused(
        &["perft", "--fen", fen, "--depth", "1"],
        "the generals face each other",
    );
    refused(
        &["perft", "--variant", "shogi"],
        "unknown variant \"shogi\"",
    );
}

/// `xiangqi uci` with its input and output through pipes.
struct Uci {
    child: Guarded,
    lines: mpsc::Receiver<String>,
}

impl Uci {
    fn start() -> Uci {
        let mut child = Guarded(
            Command::new(BIN)
                .arg("uci")
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit())
                .spawn()
                .unwrap(),
        );
        let stdout = child.0.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Uci { child, lines }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.child.0.stdin.as_mut().unwrap();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    fn wait_for(&self, within: Duration, want: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if want(&line) => return line,
                Ok(_) => {}
                Err(_) => panic!("no expected line within {within:?}"),
            }
        }
    }
}

#[test]
fn uci_answers_isready_and_quits_while_a_command_waits_for_a_deep_search() {
    let mut uci = Uci::start();
    uci.send("go depth 1000");
    uci.send("position startpos moves h2e2");
    uci.send("isready");
    uci.wait_for(Duration::from_secs(2), |l| l == "readyok");
    uci.send("quit");
    uci.wait_for(Duration::from_secs(3), |l| l.starts_with("bestmove"));
    assert_eq!(wait(&mut uci.child, Duration::from_secs(3)), Some(true));
}

#[test]
fn uci_stop_ends_go_perft_9_within_a_second() {
    let mut uci = Uci::start();
    uci.send("go perft 9");
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    uci.send("stop");
    uci.wait_for(Duration::from_secs(1), |l| l == "info string perft stopped");
    assert!(asked.elapsed() < Duration::from_secs(1));
    uci.send("isready");
    uci.wait_for(Duration::from_secs(2), |l| l == "readyok");
    uci.send("quit");
    assert_eq!(wait(&mut uci.child, Duration::from_secs(3)), Some(true));
}
