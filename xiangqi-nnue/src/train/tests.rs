use super::*;
use crate::accumulator::evaluate_reference;
use xiangqi_core::{Position, Square};

#[test]
fn a_trainer_started_from_a_net_quantizes_back_to_it() {
    let mut parts = crate::net::tests::random_net(32, 11).parts();
    parts.game = NetGame::Janggi;
    let net = Network::from_parts(parts).unwrap();
    let trainer = Trainer::from_net(&net, TrainConfig::default()).unwrap();
    assert_eq!(trainer.config().hidden, 32);
    let back = trainer.quantize("random test net").unwrap();
    assert_eq!(back.parts(), net.parts());
    // Into eight output layers, each a copy of the one.
    let bucketed = Trainer::from_net(
        &net,
        TrainConfig {
            buckets: OUTPUT_BUCKETS,
            ..TrainConfig::default()
        },
    )
    .unwrap()
    .quantize("random test net")
    .unwrap();
    assert_eq!(bucketed.buckets(), OUTPUT_BUCKETS);
    let (one, eight) = (net.parts(), bucketed.parts());
    assert_eq!(eight.w2, one.w2.repeat(OUTPUT_BUCKETS));
    assert_eq!(eight.b2, one.b2.repeat(OUTPUT_BUCKETS));
    for pos in random_positions(20, 4) {
        assert_eq!(
            evaluate_reference(&bucketed, &pos),
            evaluate_reference(&net, &pos)
        );
    }
    // Into views through the generals: every block starts as the old rows, so positions whose
    // generals stand on the centre or left file (no view mirrored) keep their scores.
    let generals = Trainer::from_net(
        &bucketed,
        TrainConfig {
            generals: true,
            ..TrainConfig::default()
        },
    )
    .unwrap()
    .quantize("random test net")
    .unwrap();
    assert!(generals.sees_generals());
    let mut compared = 0;
    for pos in random_positions(200, 6) {
        let left = |c: xiangqi_core::Color| pos.general(c).index() % 9 <= 4;
        if left(xiangqi_core::Color::Red) && left(xiangqi_core::Color::Black) {
            assert_eq!(
                evaluate_reference(&generals, &pos),
                evaluate_reference(&bucketed, &pos)
            );
            compared += 1;
        }
    }
    assert!(compared > 50, "{compared}");
    // And a net with blocks starts a trainer that quantizes back to it.
    let again = Trainer::from_net(&generals, TrainConfig::default()).unwrap();
    assert!(again.config().generals);
    assert_eq!(again.quantize("random test net").unwrap(), generals);
    let mut other = net.parts();
    other.scale = 300;
    let other = Network::from_parts(other).unwrap();
    assert!(matches!(
        Trainer::from_net(&other, TrainConfig::default()),
        Err(TrainError::Config(_))
    ));
}

fn random_positions(count: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = Position::startpos();
        for _ in 0..(rng.next() % 120) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play(moves[(rng.next() % moves.len() as u64) as usize])
                .unwrap();
        }
        out.push(pos);
    }
    out
}

#[test]
fn gradients_match_finite_differences() {
    for (buckets, generals) in [(1, false), (OUTPUT_BUCKETS, false), (OUTPUT_BUCKETS, true)] {
        gradients_match_with(buckets, generals);
    }
}

fn gradients_match_with(buckets: usize, generals: bool) {
    let mut config = TrainConfig {
        hidden: 16,
        buckets,
        generals,
        ..TrainConfig::default()
    };
    config.lambda = 0.5;
    let trainer = Trainer::new(config).unwrap();
    let pos = &random_positions(1, 5)[0];
    let sample = Sample::new(pos, 120, 1.0);
    let mut grad = vec![0.0f32; trainer.params.len()];
    let mut acc = vec![0.0f32; 32];
    trainer.backprop(&sample, false, &mut grad, &mut acc);
    let slope = SCALE as f32 / trainer.config.score_scale;
    let loss = |t: &Trainer| {
        let p = sigmoid(t.forward(&sample, false) * slope);
        let target = t.target(&sample);
        f64::from((p - target) * (p - target))
    };
    let (h, b1, _, _) = trainer.split();
    let (w2, b2) = trainer.output_layer(&sample);
    let (mut us, mut them) = ([0u16; 32], [0u16; 32]);
    sample.views(false, generals, &mut us, &mut them);
    let f = usize::from(us[0]);
    // The input's own row, and its shared row and piece factor.
    let shared = Rows::of(generals).of_input(us[0]).nth(1).unwrap();
    let mut checked = 0;
    for at in [
        f * h,
        f * h + 3,
        shared * h + 1,
        b1 + 2,
        w2 + 1,
        w2 + h + 5,
        b2,
    ] {
        let eps = 1e-3;
        let mut plus = trainer.clone();
        plus.params[at] += eps;
        let mut minus = trainer.clone();
        minus.params[at] -= eps;
        let numeric = (loss(&plus) - loss(&minus)) / (2.0 * f64::from(eps));
        let analytic = f64::from(grad[at]);
        assert!(
            (numeric - analytic).abs() <= 1e-4 + 0.02 * analytic.abs(),
            "param {at}: numeric {numeric} analytic {analytic}"
        );
        checked += 1;
    }
    assert_eq!(checked, 7);
}

#[test]
fn the_quantized_net_follows_the_float_net() {
    for buckets in [1, OUTPUT_BUCKETS] {
        let trainer = Trainer::new(TrainConfig {
            hidden: 32,
            buckets,
            ..TrainConfig::default()
        })
        .unwrap();
        let net = trainer.quantize("test").unwrap();
        assert_eq!(net.buckets(), buckets);
        quantized_follows(&trainer, &net);
    }
    // Views through the generals, every block's rows made different.
    let mut trainer = Trainer::new(TrainConfig {
        hidden: 32,
        buckets: OUTPUT_BUCKETS,
        generals: true,
        ..TrainConfig::default()
    })
    .unwrap();
    let mut rng = Rng(17);
    let blocks = Rows::of(true).inputs * 32;
    for w in &mut trainer.params[..blocks] {
        *w = (rng.uniform() * 2.0 - 1.0) * 0.1;
    }
    let net = trainer.quantize("test").unwrap();
    assert!(net.sees_generals());
    quantized_follows(&trainer, &net);
}

fn quantized_follows(trainer: &Trainer, net: &Network) {
    for pos in random_positions(200, 9) {
        let float_cp = trainer.forward(&Sample::new(&pos, 0, 0.5), false) * SCALE as f32;
        let int_cp = evaluate_reference(net, &pos) as f32;
        assert!(
            (float_cp - int_cp).abs() <= 20.0 + 0.03 * float_cp.abs(),
            "{float_cp} vs {int_cp}"
        );
    }
}

#[test]
fn mirrored_samples_are_the_mirrored_positions() {
    for pos in random_positions(50, 3) {
        let mirrored = Position::from_setup({
            let mut s = pos.to_setup();
            s.board = core::array::from_fn(|i| pos.piece_at(Square::ALL[i].flip_file()));
            s
        })
        .unwrap();
        let (mut a, mut b, mut c, mut d) = ([0u16; 32], [0u16; 32], [0u16; 32], [0u16; 32]);
        let n = Sample::new(&pos, 0, 0.5).views(true, false, &mut a, &mut b);
        let m = Sample::new(&mirrored, 0, 0.5).views(false, false, &mut c, &mut d);
        assert_eq!(n, m);
        let sorted = |x: &[u16]| {
            let mut v = x.to_vec();
            v.sort_unstable();
            v
        };
        assert_eq!(sorted(&a[..n]), sorted(&c[..n]));
        assert_eq!(sorted(&b[..n]), sorted(&d[..n]));
    }
}

#[test]
fn a_checkpoint_resumes_the_same_run() {
    let positions = random_positions(300, 21);
    let samples: Vec<Sample> = positions
        .iter()
        .enumerate()
        .map(|(i, p)| Sample::new(p, (i as i16 % 200) - 100, 0.5))
        .collect();
    let config = TrainConfig {
        hidden: 16,
        batch_size: 64,
        epochs: 2,
        ..TrainConfig::default()
    };
    let mut straight = Trainer::new(config.clone()).unwrap();
    straight.train_epoch(&samples, &[], &mut |_, _| {});
    let path = std::env::temp_dir().join(format!("xq-ckpt-{}.bin", std::process::id()));
    straight.save_checkpoint(&path).unwrap();
    straight.train_epoch(&samples, &[], &mut |_, _| {});
    let mut resumed = Trainer::load_checkpoint(&path, config).unwrap();
    resumed.train_epoch(&samples, &[], &mut |_, _| {});
    std::fs::remove_file(&path).unwrap();
    assert_eq!(resumed, straight);
}

/// The position mirrored left-right.
fn mirror(pos: &Position) -> Position {
    Position::from_setup({
        let mut s = pos.to_setup();
        s.board = core::array::from_fn(|i| pos.piece_at(Square::ALL[i].flip_file()));
        s
    })
    .unwrap()
}

#[test]
fn a_symmetric_net_scores_a_position_and_its_mirror_alike_while_it_learns() {
    let positions = random_positions(300, 31);
    let samples: Vec<Sample> = positions
        .iter()
        .enumerate()
        .map(|(i, p)| Sample::new(p, (i as i16 % 300) - 150, (i % 3) as f32 / 2.0))
        .collect();
    let mut trainer = Trainer::new(TrainConfig {
        hidden: 32,
        buckets: OUTPUT_BUCKETS,
        symmetric: true,
        batch_size: 64,
        epochs: 2,
        lr: 0.01,
        ..TrainConfig::default()
    })
    .unwrap();
    let before = trainer.quantize("test").unwrap();
    trainer.train_epoch(&samples, &[], &mut |_, _| {});
    let net = trainer.quantize("test").unwrap();
    assert_ne!(net.parts().w1, before.parts().w1, "it learned");
    let mut differs = 0;
    for pos in &positions[..100] {
        let m = mirror(pos);
        assert_eq!(evaluate_reference(&net, pos), evaluate_reference(&net, &m));
        differs += usize::from(pos.fen() != m.fen());
    }
    assert!(differs > 90);
    // The same run without the ties is not symmetric.
    let mut free = Trainer::new(TrainConfig {
        symmetric: false,
        ..trainer.config().clone()
    })
    .unwrap();
    free.train_epoch(&samples, &[], &mut |_, _| {});
    let free = free.quantize("test").unwrap();
    assert!(positions[..100]
        .iter()
        .any(|p| evaluate_reference(&free, p) != evaluate_reference(&free, &mirror(p))));
}

#[test]
fn a_net_made_symmetric_scores_the_average_of_a_position_and_its_mirror() {
    let net = crate::net::tests::random_net_with(32, 12, OUTPUT_BUCKETS);
    let config = TrainConfig {
        symmetric: true,
        ..TrainConfig::default()
    };
    assert_eq!(Trainer::hidden_from(&net, &config), 64);
    let trainer = Trainer::from_net(&net, config.clone()).unwrap();
    assert_eq!(trainer.config().hidden, 64);
    let doubled = trainer.quantize("random test net").unwrap();
    let plain = Trainer::from_net(&net, TrainConfig::default()).unwrap();
    for pos in random_positions(100, 13) {
        let m = mirror(&pos);
        let score = |t: &Trainer, p: &Position| t.forward(&Sample::new(p, 0, 0.5), false);
        let average = (score(&plain, &pos) + score(&plain, &m)) / 2.0;
        assert!((score(&trainer, &pos) - average).abs() < 1e-4);
        assert_eq!(
            evaluate_reference(&doubled, &pos),
            evaluate_reference(&doubled, &m)
        );
    }
    // A symmetric net starts a symmetric trainer as it is.
    assert_eq!(Trainer::hidden_from(&doubled, &config), 64);
    let again = Trainer::from_net(&doubled, config).unwrap();
    assert_eq!(again.quantize("random test net").unwrap(), doubled);
}
