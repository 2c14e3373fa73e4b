//! Bad net files on the Rust engine API and over UCI: a net file that is cut short, of the
//! other game, of an unknown architecture or with weights that could overflow is refused with
//! its typed error, and the engine goes on evaluating with the net it had.
//!
//! The bad files are made here from the shipped nets' bytes; the net the engine holds before
//! each refused load is a custom one (the shipped janggi net's weights relabelled as a xiangqi
//! net), so that falling back to the shipped net would show.

mod common;

use common::Shared;
use std::io::Write;
use std::sync::{Arc, Mutex};
use xiangqi_core::{Position, Variant};
use xiangqi_search::eval::evaluate_by;
use xiangqi_search::{Engine, EngineOptions, Evaluation, NetError, NetGame};

/// The header's size in a version 2 net file, where the weights start.
const HEADER: usize = 8 + 4 * 6 + 32;

fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5, |h: u32, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// `bytes` with the little-endian `u32` at `at` set to `value` and the checksum made right
/// again, so that only the changed field is wrong.
fn with_u32(bytes: &[u8], at: usize, value: u32) -> Vec<u8> {
    let mut out = bytes.to_vec();
    out[at..at + 4].copy_from_slice(&value.to_le_bytes());
    reseal(out)
}

fn reseal(mut bytes: Vec<u8>) -> Vec<u8> {
    let n = bytes.len() - 4;
    let sum = fnv1a(&bytes[..n]);
    bytes[n..].copy_from_slice(&sum.to_le_bytes());
    bytes
}

fn xiangqi_bytes() -> Vec<u8> {
    Evaluation::default_net().to_bytes()
}

fn janggi_bytes() -> Vec<u8> {
    Evaluation::default_net_for(NetGame::Janggi)
        .expect("a janggi net ships")
        .to_bytes()
}

/// A sound xiangqi net unlike the shipped one.
fn custom_xiangqi_bytes() -> Vec<u8> {
    with_u32(&janggi_bytes(), 12, NetGame::Xiangqi as u32)
}

/// A kind of bad file, its bytes, and whether an error is the one it must get when loaded for
/// the xiangqi game.
type BadFile = (&'static str, Vec<u8>, fn(&NetError) -> bool);

/// A bad file of each kind.
fn bad_files() -> Vec<BadFile> {
    let good = xiangqi_bytes();
    let mut inflated = good.clone();
    // The first first-layer weight at its largest: 32 active inputs overflow int16.
    inflated[HEADER..HEADER + 2].copy_from_slice(&i16::MAX.to_le_bytes());
    vec![
        ("cut in half", good[..good.len() / 2].to_vec(), |e| {
            matches!(e, NetError::Size { .. })
        }),
        ("cut by a byte", good[..good.len() - 1].to_vec(), |e| {
            matches!(e, NetError::Size { .. })
        }),
        ("cut in the header", good[..20].to_vec(), |e| {
            matches!(e, NetError::Size { .. })
        }),
        ("the other game", janggi_bytes(), |e| {
            *e == NetError::Game {
                expected: NetGame::Xiangqi,
                found: NetGame::Janggi,
            }
        }),
        ("an unknown architecture", with_u32(&good, 8, 7), |e| {
            *e == NetError::Architecture(7)
        }),
        ("an inflated weight", reseal(inflated), |e| {
            matches!(e, NetError::OutOfRange(_))
        }),
    ]
}

/// Positions of both games, with their static scores by `evaluation`.
fn scores(evaluation: &Evaluation) -> Vec<i32> {
    let mut positions = vec![Position::startpos(), Position::start_of(Variant::Janggi)];
    for start in positions.clone() {
        let mut pos = start;
        for _ in 0..6 {
            let m = pos.legal_moves()[3];
            pos.play(m).unwrap();
            positions.push(pos.clone());
        }
    }
    positions
        .iter()
        .map(|p| evaluate_by(evaluation, p))
        .collect()
}

fn engine() -> Engine {
    Engine::new(EngineOptions {
        hash_mb: 1,
        ..EngineOptions::default()
    })
}

#[test]
fn the_engine_api_refuses_each_bad_file_and_keeps_its_net() {
    let mut engine = engine();
    let shipped = scores(&engine.options().evaluation);
    assert_eq!(
        engine.load_net(&custom_xiangqi_bytes()),
        Ok(NetGame::Xiangqi)
    );
    let custom = scores(&engine.options().evaluation);
    assert_ne!(custom, shipped, "the custom net must evaluate differently");
    for (kind, bytes, is_expected) in bad_files() {
        let error = engine
            .load_net_for(&bytes, NetGame::Xiangqi)
            .expect_err(kind);
        assert!(is_expected(&error), "{kind}: {error:?}");
        assert_eq!(scores(&engine.options().evaluation), custom, "{kind}");
        if kind != "the other game" {
            let error = engine.load_net(&bytes).expect_err(kind);
            assert!(is_expected(&error), "{kind}: {error:?}");
            assert_eq!(scores(&engine.options().evaluation), custom, "{kind}");
        }
    }
    // A janggi net meant for janggi is refused when it is a xiangqi net, and taken as
    // janggi's net without touching xiangqi's when it is one.
    assert_eq!(
        engine.load_net_for(&custom_xiangqi_bytes(), NetGame::Janggi),
        Err(NetError::Game {
            expected: NetGame::Janggi,
            found: NetGame::Xiangqi
        })
    );
    assert_eq!(scores(&engine.options().evaluation), custom);
    let janggi = with_u32(&xiangqi_bytes(), 12, NetGame::Janggi as u32);
    assert_eq!(engine.load_net(&janggi), Ok(NetGame::Janggi));
    let both = scores(&engine.options().evaluation);
    assert_eq!(both[..1], custom[..1], "the xiangqi net is kept");
    assert_eq!(both[2..8], custom[2..8], "the xiangqi net is kept");
    assert_ne!(both[1], custom[1], "janggi takes the new net");
    assert_ne!(both[8..], custom[8..], "janggi takes the new net");
}

fn session(input: &str) -> Vec<String> {
    let out = Shared::default();
    let writer: Arc<Mutex<dyn Write + Send>> = Arc::new(Mutex::new(out.clone()));
    xiangqi_search::uci::run_shared(input.as_bytes(), writer);
    let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
    text.lines().map(str::to_owned).collect()
}

/// The score and node count of each depth-6 search's last line, and the best move.
fn results(lines: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut last = String::new();
    for line in lines {
        if line.starts_with("info depth 6 ") {
            let words: Vec<&str> = line.split_whitespace().collect();
            let field = |name: &str, n: usize| {
                let at = words.iter().position(|w| *w == name).unwrap();
                words[at + 1..at + 1 + n].join(" ")
            };
            last = format!("score {} nodes {}", field("score", 2), field("nodes", 1));
        } else if let Some(best) = line.strip_prefix("bestmove ") {
            out.push(format!("{last} bestmove {best}"));
            last.clear();
        }
    }
    out
}

#[test]
fn uci_refuses_each_bad_file_with_a_line_and_searches_with_the_old_net() {
    let dir = std::env::temp_dir().join(format!("xq-net-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let custom = dir.join("custom.nnue");
    std::fs::write(&custom, custom_xiangqi_bytes()).unwrap();
    let search = "ucinewgame\nposition startpos moves h2e2 h9g7\ngo depth 6\n";
    let mut input = format!("uci\nsetoption name Hash value 1\n{search}");
    input += &format!(
        "setoption name EvalFile value {}\n{search}",
        custom.display()
    );
    let bad = bad_files();
    for (i, (_, bytes, _)) in bad.iter().enumerate() {
        let path = dir.join(format!("bad-{i}.nnue"));
        std::fs::write(&path, bytes).unwrap();
        input += &format!(
            "setoption name EvalFile value {}\nisready\n{search}",
            path.display()
        );
    }
    // No `quit`: it would stop the searches still waiting; the end of input lets them run.
    let lines = session(&input);
    let errors: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string") && l.contains("EvalFile"))
        .collect();
    assert_eq!(errors.len(), bad.len(), "{lines:#?}");
    for (line, (kind, _, _)) in errors.iter().zip(&bad) {
        assert!(
            line.contains(&format!("the xiangqi net stays {}", custom.display())),
            "{kind}: {line}"
        );
    }
    assert!(
        errors[3].contains("a janggi net, not a xiangqi one"),
        "{}",
        errors[3]
    );
    assert!(errors[4].contains("architecture 7"), "{}", errors[4]);
    assert!(errors[5].contains("out of range"), "{}", errors[5]);
    assert_eq!(
        lines.iter().filter(|l| *l == "readyok").count(),
        bad.len(),
        "the session answers after each refusal"
    );
    let found = results(&lines);
    assert_eq!(found.len(), 2 + bad.len(), "{lines:#?}");
    assert_ne!(found[0], found[1], "the custom net must search differently");
    for (after, (kind, _, _)) in found[2..].iter().zip(&bad) {
        assert_eq!(after, &found[1], "{kind}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn uci_keeps_each_games_net_across_variant_switches() {
    let dir = std::env::temp_dir().join(format!("xq-net-games-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let custom = dir.join("custom.nnue");
    std::fs::write(&custom, custom_xiangqi_bytes()).unwrap();
    let janggi = dir.join("janggi.nnue");
    std::fs::write(
        &janggi,
        with_u32(&xiangqi_bytes(), 12, NetGame::Janggi as u32),
    )
    .unwrap();
    let search = "ucinewgame\nposition startpos moves h2e2 h9g7\ngo depth 6\n";
    let input = format!(
        "uci\nsetoption name Hash value 1\n{search}\
         setoption name EvalFile value {c}\n{search}\
         setoption name UCI_Variant value janggi\nsetoption name EvalFile value {j}\n\
         setoption name UCI_Variant value xiangqi\n{search}\
         setoption name Evaluation value classical\nsetoption name Evaluation value nnue\n\
         {search}",
        c = custom.display(),
        j = janggi.display()
    );
    let lines = session(&input);
    assert!(
        !lines.iter().any(|l| l.starts_with("info string")),
        "{lines:#?}"
    );
    let found = results(&lines);
    assert_eq!(found.len(), 4, "{lines:#?}");
    assert_ne!(found[0], found[1]);
    assert_eq!(found[2], found[1], "a janggi net leaves the xiangqi net");
    assert_eq!(
        found[3], found[1],
        "Evaluation nnue returns to the chosen nets"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
