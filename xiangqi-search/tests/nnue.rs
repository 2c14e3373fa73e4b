//! The learned evaluation inside the engine: the search's incremental integer inference equals
//! the reference forward pass of the quantized net, the options that choose it work, and the
//! whole pipeline (self-play data, training, quantization) learns.

mod common;

use common::Shared;
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use xiangqi_core::{Color, Position};
use xiangqi_nnue::data::DataFile;
use xiangqi_nnue::train::{Dataset, Filter, TrainConfig, Trainer};
use xiangqi_nnue::{evaluate_reference, AccumulatorStack};
use xiangqi_search::datagen::{self, GenConfig};
use xiangqi_search::eval::evaluate_by;
use xiangqi_search::{Engine, EngineOptions, Evaluation, Limits};

fn session(input: &[u8]) -> Vec<String> {
    let out = Shared::default();
    let writer: Arc<Mutex<dyn Write + Send>> = Arc::new(Mutex::new(out.clone()));
    xiangqi_search::uci::run_shared(input, writer);
    let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
    text.lines().map(str::to_owned).collect()
}

fn xorshift(seed: u64) -> impl FnMut() -> u64 {
    let mut s = seed | 1;
    move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    }
}

#[test]
fn the_shipped_net_evaluates_incrementally_exactly_as_from_scratch() {
    let net = Evaluation::default_net();
    let mut next = xorshift(42);
    let mut checked = 0;
    while checked < 2_000 {
        let mut pos = Position::startpos();
        let mut stack = AccumulatorStack::new(&net, &pos, 512);
        for _ in 0..200 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[(next() % moves.len() as u64) as usize];
            let piece = pos.piece_at(m.from()).unwrap();
            stack.push_move(&net, &pos, piece, m.from(), m.to(), pos.piece_at(m.to()));
            pos.play(m).unwrap();
            assert_eq!(
                stack.evaluate(&net, &pos),
                evaluate_reference(&net, &pos),
                "{}",
                pos.fen()
            );
            checked += 1;
        }
    }
}

#[test]
fn the_net_sees_both_sides_alike() {
    // The same position with colours swapped (mirrored ranks, other side to move) is worth the
    // same to the side to move: both views share the weights.
    let net = Evaluation::default_net();
    let mut next = xorshift(7);
    for _ in 0..200 {
        let mut pos = Position::startpos();
        for _ in 0..(next() % 60) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play(moves[(next() % moves.len() as u64) as usize])
                .unwrap();
        }
        let mirrored = pos.mirror();
        assert_eq!(mirrored.turn(), pos.turn().other());
        assert_eq!(
            evaluate_reference(&net, &pos),
            evaluate_reference(&net, &mirrored),
            "{}",
            pos.fen()
        );
    }
}

#[test]
fn both_evaluations_play_legal_moves() {
    for evaluation in [Evaluation::Classical, Evaluation::default_nnue()] {
        let mut engine = Engine::new(EngineOptions {
            hash_mb: 4,
            evaluation: evaluation.clone(),
            ..EngineOptions::default()
        });
        let pos = Position::from_fen(
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        )
        .unwrap();
        let result = engine.search_position(
            &pos,
            &Limits {
                nodes: Some(20_000),
                ..Limits::default()
            },
            &mut |_| {},
        );
        assert!(
            pos.is_legal(result.best_move.unwrap()),
            "{}",
            evaluation.name()
        );
        assert!(evaluate_by(&evaluation, &pos).abs() < 20_000);
    }
}

#[test]
fn uci_chooses_the_evaluation_and_refuses_a_bad_net_file() {
    let dir = std::env::temp_dir().join(format!("xq-nnue-uci-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let garbage = dir.join("garbage.nnue");
    std::fs::write(&garbage, b"not a net at all").unwrap();
    let cut = dir.join("cut.nnue");
    let bytes = Evaluation::default_net().to_bytes();
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let good = dir.join("good.nnue");
    std::fs::write(&good, &bytes).unwrap();
    let input = format!(
        "uci\nsetoption name EvalFile value {}\nsetoption name EvalFile value {}\n\
         setoption name EvalFile value {}/missing.nnue\nsetoption name EvalFile value {}\n\
         setoption name Evaluation value classical\nsetoption name Evaluation value fancy\n\
         position startpos\ngo depth 4\nsetoption name Evaluation value nnue\ngo depth 4\nisready\n",
        garbage.display(),
        cut.display(),
        dir.display(),
        good.display()
    );
    let lines = session(input.as_bytes());
    assert!(lines.iter().any(
        |l| l.starts_with("option name Evaluation type combo default ")
            && l.ends_with(" var nnue var classical")
    ));
    assert!(lines
        .iter()
        .any(|l| l == "option name EvalFile type string default <embedded>"));
    let errors: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string error"))
        .collect();
    assert_eq!(errors.len(), 4, "{lines:#?}");
    assert!(errors[0].contains("not a net file"), "{}", errors[0]);
    assert!(errors[1].contains("cut short"), "{}", errors[1]);
    assert!(errors[3].contains("Evaluation"), "{}", errors[3]);
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove")).count(),
        2
    );
    assert!(lines.iter().any(|l| l == "readyok"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_tiny_net_learns_from_self_play() {
    // Enough games that a net of 32 units learns from them whatever the search plays (with 40,
    // some runs of the search's numbers gave too few positions for it to beat the constant).
    const GAMES: u64 = 120;
    let dir = std::env::temp_dir().join(format!("xq-nnue-pipeline-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("games.bin");
    let _ = std::fs::remove_file(&path);
    let config = GenConfig {
        nodes: 300,
        evaluation: Evaluation::Classical,
        hash_mb: 1,
        max_plies: 160,
        seed: 5,
        ..GenConfig::default()
    };
    let mut data = DataFile::open(&path).unwrap();
    let stop = AtomicBool::new(false);
    datagen::run(&config, &mut data, GAMES, 2, &stop, &mut |_| {}).unwrap();
    assert_eq!(data.games(), GAMES);
    drop(data);
    // Resuming plays nothing more.
    let mut again = DataFile::open(&path).unwrap();
    datagen::run(&config, &mut again, GAMES, 2, &stop, &mut |_| {
        panic!("no game to play")
    })
    .unwrap();

    let set = Dataset::load(&[path.as_path()], &Filter::default(), 5).unwrap();
    assert!(
        set.train.len() > 1_000 && set.validation.len() > 100,
        "{} {}",
        set.train.len(),
        set.validation.len()
    );
    let mut trainer = Trainer::new(TrainConfig {
        hidden: 32,
        epochs: 8,
        batch_size: 256,
        lr: 0.003,
        ..TrainConfig::default()
    })
    .unwrap();
    let before = trainer.loss(&set.validation);
    let mut after = before;
    for _ in 0..8 {
        after = trainer
            .train_epoch(&set.train, &set.validation, &mut |_, _| {})
            .validation_loss;
    }
    // The baseline: the validation loss of a constant prediction of the mean target.
    let k = trainer.config().score_scale;
    let lambda = trainer.config().lambda;
    let targets: Vec<f64> = set
        .validation
        .iter()
        .map(|s| {
            let p = 1.0 / (1.0 + (-(f64::from(s.score) / f64::from(k))).exp());
            f64::from(lambda) * p + f64::from(1.0 - lambda) * f64::from(s.result)
        })
        .collect();
    let mean = targets.iter().sum::<f64>() / targets.len() as f64;
    let constant = targets.iter().map(|t| (t - mean).powi(2)).sum::<f64>() / targets.len() as f64;
    assert!(
        after < before && after < 0.8 * constant,
        "before {before} after {after} constant {constant}"
    );
    // The quantized net plays.
    let net = trainer.quantize("tiny").unwrap();
    let mut engine = Engine::new(EngineOptions {
        hash_mb: 1,
        evaluation: Evaluation::nnue(Arc::new(net)),
        ..EngineOptions::default()
    });
    let found = engine.search_position(
        &Position::startpos(),
        &Limits {
            depth: Some(4),
            ..Limits::default()
        },
        &mut |_| {},
    );
    assert!(found.best_move.is_some());
    assert_eq!(Position::startpos().turn(), Color::Red);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_janggi_net_learns_from_janggi_self_play_and_serves_janggi_only() {
    use xiangqi_core::Variant;
    use xiangqi_nnue::NetGame;
    let dir = std::env::temp_dir().join(format!("xq-nnue-janggi-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("janggi.bin");
    let _ = std::fs::remove_file(&path);
    let config = GenConfig {
        nodes: 300,
        hash_mb: 1,
        max_plies: 160,
        seed: 9,
        // The hand-written evaluation plays: the data does not change when the shipped net does.
        evaluation: Evaluation::Classical,
        openings: datagen::openings_for(Variant::Janggi),
        ..GenConfig::default()
    };
    assert_eq!(config.openings.len(), 16);
    let mut data = DataFile::open(&path).unwrap();
    let stop = AtomicBool::new(false);
    // 80 games: 64 to learn from, 16 held out (with 40 the eight held-out games were too few to
    // judge by: one seed in five ended above its start; at 80, seeds 9-13 all fall by 16-40%).
    datagen::run(&config, &mut data, 80, 2, &stop, &mut |_| {}).unwrap();
    drop(data);

    // The games are janggi games: a xiangqi filter finds nothing in them.
    let xiangqi = Dataset::load(&[path.as_path()], &Filter::default(), 5).unwrap();
    assert!(xiangqi.train.is_empty() && xiangqi.other_game == 80);
    let filter = Filter {
        game: NetGame::Janggi,
        ..Filter::default()
    };
    let set = Dataset::load(&[path.as_path()], &filter, 5).unwrap();
    assert!(set.train.len() > 2000, "{}", set.train.len());
    let mut trainer = Trainer::new(TrainConfig {
        hidden: 32,
        epochs: 8,
        batch_size: 256,
        lr: 0.003,
        game: NetGame::Janggi,
        ..TrainConfig::default()
    })
    .unwrap();
    let before = trainer.loss(&set.validation);
    let mut after = before;
    for _ in 0..8 {
        after = trainer
            .train_epoch(&set.train, &set.validation, &mut |_, _| {})
            .validation_loss;
    }
    assert!(
        after < before,
        "before {before} after {after} ({} training positions)",
        set.train.len()
    );
    let net = Arc::new(trainer.quantize("tiny janggi").unwrap());
    assert_eq!(net.game(), NetGame::Janggi);

    // Janggi positions are evaluated by the janggi net, xiangqi positions by the shipped net.
    let evaluation = Evaluation::nnue(net.clone());
    let xiangqi_net = Evaluation::default_net();
    let mut next = xorshift(7);
    let mut pos = Position::start_of(Variant::Janggi);
    let mut stack = AccumulatorStack::new(&net, &pos, 512);
    for _ in 0..150 {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[(next() % moves.len() as u64) as usize];
        let piece = pos.piece_at(m.from()).unwrap();
        let captured = if Position::is_pass(m) {
            None
        } else {
            pos.piece_at(m.to())
        };
        stack.push_move(&net, &pos, piece, m.from(), m.to(), captured);
        pos.play(m).unwrap();
        let reference = evaluate_reference(&net, &pos);
        assert_eq!(stack.evaluate(&net, &pos), reference, "{}", pos.fen());
        // The search clamps static scores inside its mate range (20,000).
        assert_eq!(
            evaluate_by(&evaluation, &pos),
            reference.clamp(-20_000, 20_000)
        );
    }
    let start = Position::startpos();
    assert_eq!(
        evaluate_by(&evaluation, &start),
        evaluate_reference(&xiangqi_net, &start)
    );
    // The engine searches janggi with it.
    let mut engine = Engine::new(EngineOptions {
        hash_mb: 1,
        evaluation,
        ..EngineOptions::default()
    });
    let found = engine.search_position(
        &Position::start_of(Variant::Janggi),
        &Limits {
            depth: Some(4),
            ..Limits::default()
        },
        &mut |_| {},
    );
    assert!(found.best_move.is_some());
    std::fs::remove_dir_all(&dir).unwrap();
}
