//! The `xiangqi` binary driven as a user drives it: `play` through piped stdin (with a time
//! limit, so a hang fails instead of blocking), and `--help` on every subcommand.

use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const BINARY: &str = env!("CARGO_BIN_EXE_xiangqi");

/// Runs the binary with `args`, feeding `input`; fails the test after `limit`.
fn run(args: &[&str], input: &str, limit: Duration) -> Output {
    let mut child = Command::new(BINARY)
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start xiangqi");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            child.kill().unwrap();
            panic!("xiangqi {args:?} still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn a_game_through_stdin() {
    let path = std::env::temp_dir().join(format!("xiangqi-cli-{}.pgn", std::process::id()));
    let input = format!(
        "a0a5\nh2e2\nletters\nchars\nsave {}\nquit\n",
        path.display()
    );
    let args = [
        "play", "--level", "beginner", "--time", "0.05", "--seed", "3",
    ];
    let output = run(&args, &input, Duration::from_secs(60));
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("illegal move \"a0a5\": the path is blocked"),
        "{text}"
    );
    assert!(text.contains("You play h2e2 (炮二平五)"), "{text}");
    assert!(text.contains("R---H---E---A---K"), "{text}");
    assert!(text.contains("Saved 2 plies to"), "{text}");
    let pgn = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(pgn.contains("1. H2-E2 "), "{pgn}");
}

#[test]
fn a_check_through_stdin() {
    let args = [
        "play",
        "--level",
        "beginner",
        "--time",
        "0.05",
        "--fen",
        "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1",
    ];
    let output = run(&args, "a0a9\nquit\n", Duration::from_secs(60));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("Check! Black's general is attacked."),
        "{text}"
    );
}

#[test]
fn help_works_on_every_subcommand() {
    for command in ["play", "perft", "bench", "uci", "ucci"] {
        for flag in ["--help", "-h"] {
            let output = run(&[command, flag], "", Duration::from_secs(20));
            assert!(output.status.success(), "{command} {flag}");
            let text = String::from_utf8(output.stdout).unwrap();
            assert!(
                text.starts_with("usage: xiangqi ") && text.contains(command),
                "{command} {flag}: {text}"
            );
        }
        let output = run(&["help", command], "", Duration::from_secs(20));
        assert!(output.status.success(), "help {command}");
    }
    let output = run(&["--help"], "", Duration::from_secs(20));
    assert!(output.status.success());
    assert!(String::from_utf8(output.stdout)
        .unwrap()
        .contains("xiangqi play"));
    let output = run(&["play", "--bogus"], "", Duration::from_secs(20));
    assert!(!output.status.success());
}
