//! The UCI/UCCI loop driven with in-memory input and output.

mod common;

use common::{within, Shared};
use std::io::Write;
use std::sync::{Arc, Mutex};
use xiangqi_core::notation::iccs::parse_coords;
use xiangqi_core::{Position, RankDialect};

/// Runs a session on `input` to its end, within a minute (a `go infinite` that `stop` does
/// not end fails the test instead of hanging it).
fn session(input: &[u8]) -> Vec<String> {
    let out = Shared::default();
    let writer: Arc<Mutex<dyn Write + Send>> = Arc::new(Mutex::new(out.clone()));
    let input = input.to_vec();
    within(60, move || {
        xiangqi_search::uci::run_shared(&input[..], writer)
    });
    let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
    text.lines().map(str::to_owned).collect()
}

fn bestmoves(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter(|l| l.starts_with("bestmove"))
        .cloned()
        .collect()
}

#[test]
fn a_uci_session_plays_legal_moves() {
    let lines = session(
        b"uci\nisready\nsetoption name Hash value 8\nucinewgame\nposition startpos moves h2e2 h9g7\ngo depth 5\nisready\n",
    );
    assert!(lines.iter().any(|l| l == "uciok"));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name Level type combo")));
    // The library's default preset.
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name Rules type combo default axf ")));
    assert_eq!(lines.iter().filter(|l| *l == "readyok").count(), 2);
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 5 ")),
        "{lines:?}"
    );
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 1, "{lines:?}");
    let mv = best[0].split_whitespace().nth(1).unwrap();
    let mut pos = Position::startpos();
    for m in ["h2e2", "h9g7"] {
        pos.play(parse_coords(m, RankDialect::Zero).unwrap())
            .unwrap();
    }
    assert!(
        pos.is_legal(parse_coords(mv, RankDialect::Zero).unwrap()),
        "{mv}"
    );
}

#[test]
fn stop_ends_an_infinite_search_and_isready_answers_during_it() {
    let lines = session(b"position startpos\ngo infinite\nisready\nstop\nquit\n");
    let ready = lines.iter().position(|l| l == "readyok").expect("readyok");
    let best = lines
        .iter()
        .position(|l| l.starts_with("bestmove"))
        .expect("bestmove");
    // isready was answered before the search ended.
    assert!(ready < best, "{lines:?}");
}

#[test]
fn commands_during_a_bounded_search_wait_for_it() {
    // A command file piped in without waiting for `bestmove`: every search is answered, in
    // order, and nothing is refused.
    let lines = session(
        b"position startpos\ngo depth 4\nposition startpos moves h2e2\ngo depth 3\nsetoption name MultiPV value 1\ngo nodes 500\n",
    );
    assert_eq!(bestmoves(&lines).len(), 3, "{lines:?}");
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
    // The second search ran from the position after h2e2: Black to move.
    let second = bestmoves(&lines)[1]
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_owned();
    let mut pos = Position::startpos();
    pos.play(parse_coords("h2e2", RankDialect::Zero).unwrap())
        .unwrap();
    assert!(
        pos.is_legal(parse_coords(&second, RankDialect::Zero).unwrap()),
        "{second}"
    );
}

#[test]
fn an_infinite_search_refuses_a_new_position_until_stop() {
    let lines = session(b"position startpos\ngo infinite\nposition startpos moves h2e2\nstop\n");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string error:") && l.contains("send stop first")),
        "{lines:?}"
    );
    assert_eq!(bestmoves(&lines).len(), 1, "{lines:?}");
}

#[test]
fn ucci_dialect() {
    let lines = session(
        b"ucci\nsetoption hashsize 8\nposition fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2\nbanmoves h9g7\ngo time 2000 increment 0 opptime 2000\nquit\n",
    );
    assert!(lines.iter().any(|l| l == "ucciok"));
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 1, "{lines:?}");
    assert!(
        !best[0].starts_with("bestmove h9g7"),
        "banned move played: {lines:?}"
    );
    assert_eq!(lines.last().map(String::as_str), Some("bye"));
    // Checkmated side: nobestmove.
    let lines =
        session(b"ucci\nposition fen 3Rk4/5R3/9/9/9/9/9/9/9/3K5 b - - 0 1\ngo depth 3\nquit\n");
    assert!(lines.iter().any(|l| l == "nobestmove"), "{lines:?}");
}

#[test]
fn perft_and_display_commands() {
    let lines = session(b"position startpos\ngo perft 2\nd\nquit\n");
    // 1920 is the published perft(2) of the start position (data/perft/suite.epd).
    assert!(
        lines.iter().any(|l| l == "Nodes searched: 1920"),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Fen: rnbakabnr/9/1c5c1")),
        "{lines:?}"
    );
}

#[test]
fn garbage_input_gets_errors_and_the_engine_keeps_running() {
    let mut input: Vec<u8> = Vec::new();
    for line in [
        "",
        "   ",
        "\t",
        "hello world",
        "go depth",
        "go depth x",
        "go nodes -5",
        "go wtime",
        "go movetime abc",
        "go unknown 5",
        "position",
        "position fen",
        "position fen 9/9/9 w",
        "position fen xyz w - - 0 1",
        "position startpos moves zz99",
        "position startpos moves h2e2 h2e2",
        "position moves",
        "setoption",
        "setoption name",
        "setoption name Hash value",
        "setoption name Hash value -1",
        "setoption name Threads value 0",
        "setoption name MultiPV value 999999999999999999999",
        "setoption name Level value Grandmaster",
        "setoption name Rules value chess",
        "setoption name Nonexistent value 3",
        "banmoves",
        "banmoves a0a9",
        "perft",
        "perft x",
        "go perft",
        "go perft 99",
        "bench x",
        "bench 0",
        "stop",
        "ponderhit",
        "ucinewgame",
        "d",
        "position startpos moves h2e2",
        "go depth 2 searchmoves zz h9g7",
    ] {
        input.extend_from_slice(line.as_bytes());
        input.push(b'\n');
    }
    // Invalid UTF-8 and control bytes.
    input.extend_from_slice(&[0xff, 0xfe, 0x00, 0x07, b'\n', 0xc3, 0x28, b'\n']);
    // A long line.
    input.extend_from_slice(&vec![b'x'; 100_000]);
    input.push(b'\n');
    // Pseudo-random printable garbage made of command words.
    let words = [
        "go",
        "position",
        "fen",
        "moves",
        "startpos",
        "depth",
        "1",
        "-3",
        "h2e2",
        "setoption",
        "name",
        "value",
        "isready",
    ];
    let mut rng = fastrand::Rng::with_seed(12345);
    for _ in 0..300 {
        let mut line = Vec::new();
        for _ in 0..rng.usize(..6) {
            line.push(words[rng.usize(..words.len())]);
        }
        // Keep searches short: any `go` gets a depth cap appended.
        let mut text = line.join(" ");
        if text.starts_with("go") {
            text = "go depth 1".to_owned();
        }
        input.extend_from_slice(text.as_bytes());
        input.push(b'\n');
    }
    input.extend_from_slice(b"position startpos\ngo depth 3\nisready\nquit\n");
    let lines = session(&input);
    assert!(
        lines
            .iter()
            .filter(|l| l.starts_with("info string error:"))
            .count()
            >= 25,
        "{lines:?}"
    );
    // The session still works at the end.
    assert!(lines.iter().any(|l| l == "readyok"));
    assert!(bestmoves(&lines)
        .last()
        .is_some_and(|b| b.starts_with("bestmove ")));
}

/// Input that hands out each line only once the output holds a given number of `bestmove`
/// lines, as a GUI waits for the engine's answer before its next command.
struct GatedInput {
    lines: Vec<(usize, String)>,
    next: usize,
    pending: Vec<u8>,
    out: Shared,
}

impl std::io::Read for GatedInput {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.pending.is_empty() {
            let Some((wait_for, line)) = self.lines.get(self.next).cloned() else {
                return Ok(0);
            };
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
            loop {
                let text = String::from_utf8_lossy(&self.out.0.lock().unwrap()).to_string();
                if text.matches("bestmove").count() >= wait_for
                    || std::time::Instant::now() > deadline
                {
                    break;
                }
                std::thread::yield_now();
            }
            self.next += 1;
            self.pending = format!("{line}\n").into_bytes();
        }
        let n = buf.len().min(self.pending.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

#[test]
fn commands_right_after_bestmove_are_not_refused() {
    let out = Shared::default();
    let mut lines = vec![(0, "uci".to_owned())];
    let mut moves: Vec<String> = Vec::new();
    let script = [
        "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b0c2", "a9b9",
    ];
    for (i, m) in script.iter().enumerate() {
        let position = if moves.is_empty() {
            "position startpos".to_owned()
        } else {
            format!("position startpos moves {}", moves.join(" "))
        };
        // Sent the moment the previous search answered.
        lines.push((i, position));
        lines.push((i, "go nodes 300".to_owned()));
        moves.push(m.to_string());
    }
    lines.push((script.len(), "quit".to_owned()));
    let input = std::io::BufReader::new(GatedInput {
        lines,
        next: 0,
        pending: Vec::new(),
        out: out.clone(),
    });
    let writer: Arc<Mutex<dyn Write + Send>> = Arc::new(Mutex::new(out.clone()));
    xiangqi_search::uci::run_shared(input, writer);
    let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
    assert_eq!(text.matches("bestmove").count(), script.len(), "{text}");
    assert!(!text.contains("error"), "{text}");
}

/// A writer that also counts the `bestmove` lines as they are written.
#[derive(Clone, Default)]
struct Counting(Shared, Arc<std::sync::atomic::AtomicUsize>);

impl Write for Counting {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if buf.starts_with(b"bestmove") {
            self.1.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        }
        self.0.write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn the_next_go_may_follow_bestmove_at_once() {
    // A GUI answers `bestmove` with the next position and `go` straight away; the engine must
    // take them even though its search thread has not quite returned.
    let (reader, mut writer) = std::io::pipe().unwrap();
    let out = Counting::default();
    let shared: Arc<Mutex<dyn Write + Send>> = Arc::new(Mutex::new(out.clone()));
    let engine = std::thread::spawn(move || {
        xiangqi_search::uci::run_shared(std::io::BufReader::new(reader), shared)
    });
    let searches = 3000;
    for i in 0..searches {
        writeln!(writer, "position startpos moves h2e2\ngo depth 1").unwrap();
        let asked = std::time::Instant::now();
        while out.1.load(std::sync::atomic::Ordering::SeqCst) <= i {
            // A refused `go` never answers: fail instead of waiting forever.
            if asked.elapsed() > std::time::Duration::from_secs(10) {
                let text = String::from_utf8(out.0 .0.lock().unwrap().clone()).unwrap();
                let tail: Vec<&str> = text.lines().rev().take(4).collect();
                panic!("search {i} never answered; last lines: {tail:?}");
            }
            std::hint::spin_loop();
        }
    }
    writeln!(writer, "quit").unwrap();
    engine.join().unwrap();
    let text = String::from_utf8(out.0 .0.lock().unwrap().clone()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove")).count(),
        searches
    );
}

#[test]
fn ucci_options_list_every_preset_and_show_the_current_values() {
    let lines = session(b"ucci\nsetoption level club\nsetoption rules simple\nucci\nquit\n");
    let options = |name: &str| -> Vec<String> {
        lines
            .iter()
            .filter(|l| l.starts_with(&format!("option {name} ")))
            .cloned()
            .collect()
    };
    let levels = options("level");
    assert_eq!(levels.len(), 2, "{lines:?}");
    assert!(levels[0].ends_with("default master"), "{levels:?}");
    assert!(levels[1].ends_with("default club"), "{levels:?}");
    let rules = options("rules");
    assert_eq!(rules.len(), 2, "{lines:?}");
    for r in &rules {
        for preset in ["var casual", "var simple", "var axf"] {
            assert!(r.contains(preset), "{r}");
        }
    }
    assert!(rules[0].ends_with("default axf"), "{rules:?}");
    assert!(rules[1].ends_with("default simple"), "{rules:?}");
}

/// The first row of data/rules/move_limit.tsv: the mating move is the 120th ply without a
/// capture. The engine must play a move that wins there and report it as a mate, not as the
/// limit's draw.
#[test]
fn a_mate_on_the_ply_that_reaches_the_no_capture_limit_is_played_and_scored_as_mate() {
    let data = include_str!("../../data/rules/move_limit.tsv");
    let fen = data.lines().nth(1).unwrap().split('\t').next().unwrap();
    let input = format!("uci\nposition fen {fen}\ngo depth 4\nisready\n");
    let lines = session(input.as_bytes());
    let last_info = lines
        .iter()
        .rfind(|l| l.starts_with("info depth"))
        .unwrap_or_else(|| panic!("{lines:?}"));
    assert!(last_info.contains(" score mate 1 "), "{last_info}");
    let best = bestmoves(&lines);
    let mv = best[0].split_whitespace().nth(1).unwrap();
    let mut game = xiangqi_core::Game::from_fen(fen, xiangqi_core::Rules::axf()).unwrap();
    game.push(parse_coords(mv, RankDialect::Zero).unwrap())
        .unwrap();
    // Checkmate or stalemate (a general's step takes d9's last point too): both win.
    let outcome = game.outcome().unwrap();
    assert_eq!(
        outcome.winner,
        Some(xiangqi_core::Color::Red),
        "{mv}: {outcome}"
    );
}

#[test]
fn go_mate_finds_the_mate_and_stops() {
    let lines = session(b"position fen 4k4/9/9/5N3/9/9/9/9/R8/3K5 w - - 0 1\ngo mate 1\nisready\n");
    assert_eq!(
        bestmoves(&lines),
        vec!["bestmove a1a9".to_owned()],
        "{lines:?}"
    );
    let last_info = lines
        .iter()
        .rfind(|l| l.starts_with("info depth"))
        .unwrap_or_else(|| panic!("{lines:?}"));
    assert!(last_info.contains(" score mate 1 "), "{last_info}");
    let depth: u32 = last_info
        .split_whitespace()
        .nth(2)
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        depth <= xiangqi_search::Limits::mate_depth(1),
        "{last_info}"
    );
}

#[test]
fn janggi_by_uci_variant() {
    use xiangqi_core::Variant;
    let lines = session(
        b"uci\nsetoption name UCI_Variant value janggi\nposition startpos moves 0000 e8e8\nd\nposition startpos moves e1e1\ngo depth 3\nisready\nposition fen 3k5/9/9/9/9/9/9/9/4r4/3K5 w - - 0 1\ngo depth 4\nisready\n",
    );
    assert!(lines.iter().any(|l| l
        == "option name UCI_Variant type combo default xiangqi var xiangqi var janggi var janggitraditional var janggimodern var janggicasual"));
    // `0000` is the pass: after two passes the game is over (a FEN shows the counters).
    assert!(lines
        .iter()
        .any(|l| l
            == "Fen: rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 2 2"));
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 2, "{lines:?}");
    // After Cho's pass, Han passes: two passes end the game, and counting gives it to Han.
    assert!(best[0].starts_with("bestmove e8e8"), "{lines:?}");
    assert!(
        lines.iter().any(|l| l.contains(" score mate 1 ")),
        "{lines:?}"
    );
    // The chariot on e1, the palace's centre, checks d0 along the diagonal; nothing guards
    // it, so the general takes it.
    let mv = best[1].split_whitespace().nth(1).unwrap();
    let pos =
        Position::from_fen_variant("3k5/9/9/9/9/9/9/9/4r4/3K5 w - - 0 1", Variant::Janggi).unwrap();
    assert!(pos.is_check());
    assert!(
        pos.is_legal(parse_coords(mv, RankDialect::Zero).unwrap()),
        "{mv}"
    );
    assert_eq!(mv, "d0e1", "the chariot is free to take: {lines:?}");
    // An unknown variant is refused and the current one kept.
    let lines = session(b"setoption name UCI_Variant value shogi\nposition startpos\nd\n");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("unknown variant \"shogi\"")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("Fen: rnbakabnr/")),
        "{lines:?}"
    );
}

#[test]
fn every_level_plays_janggi_from_every_setup() {
    use xiangqi_core::janggi::Arrangement;
    use xiangqi_core::Variant;
    // Each level, from a different setup, a few moves into the game: a legal move (the pass
    // included) of the position the session was given.
    let levels = ["Beginner", "Casual", "Club", "Strong", "Master"];
    for (i, level) in levels.iter().enumerate() {
        let cho = Arrangement::ALL[i % 4];
        let han = Arrangement::ALL[(i + 1) % 4];
        let start = Position::janggi_start(cho, han);
        let script = format!(
            "setoption name UCI_Variant value janggi\nsetoption name Level value {level}\n\
             setoption name Seed value 7\nposition fen {} moves i3h3 0000\ngo movetime 300\nisready\n",
            start.fen()
        );
        let lines = session(script.as_bytes());
        let best = bestmoves(&lines);
        assert_eq!(best.len(), 1, "{level}: {lines:?}");
        let mv = best[0].split_whitespace().nth(1).unwrap();
        let mut pos = Position::from_fen_variant(&start.fen(), Variant::Janggi).unwrap();
        for m in ["i3h3", "0000"] {
            let m = pos.parse_iccs(m, RankDialect::Zero).unwrap();
            pos.make_move(m);
        }
        let m = parse_coords(mv, RankDialect::Zero).unwrap();
        assert!(pos.is_legal(m), "{level}: {mv} in {}", pos.fen());
    }
}

#[test]
fn move_overhead_is_an_option_with_a_range() {
    let lines = session(
        b"uci\nsetoption name Move Overhead value 50\nisready\n\
          setoption name Move Overhead value 5001\nsetoption name Move Overhead value soon\n\
          position startpos\ngo movetime 50\nisready\nquit\n",
    );
    assert!(
        lines.contains(&"option name Move Overhead type spin default 10 min 0 max 5000".to_owned()),
        "{lines:?}"
    );
    let errors: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string") && l.contains("Move Overhead"))
        .collect();
    assert_eq!(errors.len(), 2, "{lines:?}");
    assert!(
        errors[0].contains("5001") && errors[1].contains("soon"),
        "{errors:?}"
    );
    assert_eq!(bestmoves(&lines).len(), 1, "{lines:?}");
}

/// The last `info ... nodes N` of a session.
fn last_nodes(lines: &[String]) -> u64 {
    lines
        .iter()
        .filter_map(|l| {
            let mut words = l.split_whitespace();
            words.find(|&w| w == "nodes")?;
            words.next()?.parse().ok()
        })
        .next_back()
        .expect("an info line with nodes")
}

#[test]
fn the_search_numbers_are_hidden_options_with_ranges() {
    let search = |setup: &str| {
        session(
            format!(
                "uci\n{setup}isready\nposition startpos moves h2e2 h9g7\ngo depth 7\nisready\n"
            )
            .as_bytes(),
        )
    };
    let shipped = search("");
    for t in xiangqi_search::params::TUNABLES {
        // Listed by a tuning build only, with the range the setter checks.
        let listed = format!(
            "option name {} type spin default {} min {} max {}",
            t.name, t.default, t.min, t.max
        );
        assert_eq!(
            shipped.contains(&listed),
            cfg!(feature = "tune"),
            "{listed}: {shipped:?}"
        );
        assert_eq!(
            shipped.iter().filter(|l| l.contains(t.name)).count(),
            usize::from(cfg!(feature = "tune")),
            "{shipped:?}"
        );
    }
    // Accepted in any case, and the search reads it: more reduction, fewer nodes.
    let reduced = search("setoption name lmr_base value 200\n");
    assert!(
        !reduced.iter().any(|l| l.starts_with("info string")),
        "{reduced:?}"
    );
    assert!(
        last_nodes(&reduced) < last_nodes(&shipped),
        "{} !< {}",
        last_nodes(&reduced),
        last_nodes(&shipped)
    );
    // Out of range, not a number, far beyond 64 bits: refused, and the search is the shipped one.
    let refused = search(
        "setoption name LMR_BASE value 201\nsetoption name LMR_BASE value -1\n\
         setoption name LMR_BASE value lots\n\
         setoption name LMR_BASE value 99999999999999999999999\n",
    );
    let errors: Vec<&String> = refused
        .iter()
        .filter(|l| l.starts_with("info string") && l.contains("LMR_BASE"))
        .collect();
    assert_eq!(errors.len(), 4, "{refused:?}");
    assert!(errors[0].contains("0..=200"), "{errors:?}");
    assert_eq!(last_nodes(&refused), last_nodes(&shipped));
}
