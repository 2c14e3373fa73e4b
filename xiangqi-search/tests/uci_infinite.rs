//! `go infinite` answers only after `stop`, also in a position with no move to search (a game
//! over of either game): the session stays in step with a GUI that sends `stop` and waits for
//! one `bestmove`. The variant stress found the session answering at once there, so that the
//! commands sent after it (refused during an infinite search) ran instead.

mod common;

use common::{within, Shared};
use std::io::{BufReader, Read, Write};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Input that gives `parts` one after another, waiting `pause` before each but the first, as a
/// GUI typing commands over time.
struct Paced {
    parts: std::collections::VecDeque<Vec<u8>>,
    current: Vec<u8>,
    at: usize,
    pause: Duration,
    started: bool,
}

impl Read for Paced {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.at == self.current.len() {
            let Some(next) = self.parts.pop_front() else {
                return Ok(0);
            };
            if self.started {
                std::thread::sleep(self.pause);
            }
            self.started = true;
            self.current = next;
            self.at = 0;
        }
        let n = buf.len().min(self.current.len() - self.at);
        buf[..n].copy_from_slice(&self.current[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// Runs a session that reads `parts` one after another, waiting `pause` between them.
fn paced_session(parts: Vec<String>, pause: Duration) -> Vec<String> {
    let input = Paced {
        parts: parts.into_iter().map(String::into_bytes).collect(),
        current: Vec::new(),
        at: 0,
        pause,
        started: false,
    };
    let out = Shared::default();
    let sink: Arc<Mutex<dyn Write + Send>> = Arc::new(Mutex::new(out.clone()));
    xiangqi_search::uci::run_shared(BufReader::new(input), sink);
    let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
    text.lines().map(str::to_owned).collect()
}

#[test]
fn an_infinite_search_with_no_move_answers_after_its_stop() {
    let lines = within(60, || {
        let mut parts = vec!["uci\n".to_owned()];
        for (variant, fen) in [
            // Black is checkmated by two chariots.
            ("xiangqi", "3Rk4/5R3/9/9/9/9/9/9/9/3K5 b - - 0 1"),
            // The same mate on a janggi board (Han to move, mated in the palace).
            (
                "janggi",
                "1nba5/R2k5/1c1baCnc1/2p1p4/3Pp2pP/1r7/2P4P1/1C1K2N2/1B2AR3/1NB1A4 b - - 14 27",
            ),
        ] {
            parts.push(format!(
                "setoption name UCI_Variant value {variant}\nposition fen {fen}\ngo infinite\n"
            ));
            // Refused while the infinite search runs: the position stays the mated one.
            parts.push("position startpos\nisready\n".to_owned());
            parts.push("stop\n".to_owned());
            parts.push("isready\n".to_owned());
        }
        paced_session(parts, Duration::from_millis(200))
    });
    let events: Vec<&str> = lines
        .iter()
        .map(String::as_str)
        .filter(|l| *l == "readyok" || l.starts_with("bestmove") || l.contains("cannot change"))
        .collect();
    let one_game = [
        "info string error: the position cannot change during an infinite search; send stop first",
        "readyok",
        "bestmove (none)",
        "readyok",
    ];
    assert_eq!(events, [one_game, one_game].concat(), "{lines:#?}");
}
