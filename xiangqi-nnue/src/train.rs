//! A trainer for CPUs: the net in f32 with a sparse first layer, AdamW, a learning-rate
//! schedule, the blend of search score and game result, a validation loss each epoch,
//! checkpoints to resume from, and quantization to the inference format.
//!
//! The loss is the squared error in win-probability space:
//!
//! ```text
//! p      = sigmoid(net(x) * SCALE / K)
//! target = lambda * sigmoid(score / K) + (1 - lambda) * result     (result: 1, 0.5, 0 for the side to move)
//! loss   = (p - target)^2
//! ```
//!
//! Every batch is split into a fixed number of parts whose gradients are summed in order, so
//! a run depends only on its data, settings and seed, not on the number of threads.

use crate::data::{DataError, DataReader, GameRecord, SCORE_MATE_BOUND, SCORE_NONE};
use crate::features::{feature, FEATURES};
use crate::net::{output_bucket, NetError, NetGame, NetParts, Network, MAX_ACTIVE, OUTPUT_BUCKETS};
use core::fmt;
use rayon::prelude::*;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use xiangqi_core::{Color, Piece, Position, Square};

/// Accumulator scale of the quantized net.
pub const QA: i32 = 255;
/// Output-weight scale of the quantized net.
pub const QB: i32 = 64;
/// Centipawns per unit of the net's output.
pub const SCALE: i32 = 400;
/// First-layer weights and biases are kept inside this bound, so that quantized
/// accumulators cannot overflow.
const W1_BOUND: f32 = 1.98;
/// Output weights are kept inside `127 / QB`, so that `QA * w2` fits 16 bits.
const W2_BOUND: f32 = 127.0 / QB as f32;
/// Parts a batch is split into (the gradient sum's fixed order).
const PARTS: usize = 8;
const CHECKPOINT_MAGIC: &[u8; 8] = b"XQNNCKP2";
/// First-layer rows in training: one per input, then one per relative piece (the piece's
/// factor, shared by all its points, so that what a piece is worth anywhere is learned from
/// every position it stands in; folded into the inputs' rows when the net is quantized).
const ROWS: usize = FEATURES + 14;

/// Parameters of a net with `h` hidden units and `buckets` output layers.
fn param_count(h: usize, buckets: usize) -> usize {
    ROWS * h + h + 2 * h * buckets + buckets
}

/// The factor row of input `f`.
#[inline]
fn factor_row(f: u16) -> usize {
    FEATURES + usize::from(f) / 90
}

/// One training position: the inputs as Red sees them, the side to move, the search's score
/// and the game's result for the side to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    red_view: [u16; 32],
    count: u8,
    black_to_move: bool,
    /// Search score for the side to move, centipawns.
    pub score: i16,
    /// 1 won, 0.5 drawn, 0 lost, for the side to move.
    pub result: f32,
}

/// Which positions of a game are learned from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Filter {
    /// Plies at the start of each recorded game left out.
    pub min_ply: usize,
    /// Positions scored beyond this (centipawns) are left out.
    pub max_score: i32,
    /// Leave out positions with the side to move in check.
    pub skip_in_check: bool,
    /// Leave out positions whose played (best) move is a capture: their static value is not
    /// their score.
    pub skip_captures: bool,
    /// The game learned: games of the other are left out.
    pub game: NetGame,
}

impl Default for Filter {
    fn default() -> Filter {
        Filter {
            min_ply: 4,
            max_score: 3_000,
            skip_in_check: true,
            skip_captures: true,
            game: NetGame::Xiangqi,
        }
    }
}

/// Tables that map an input to the other side's view, and to the board mirrored left-right.
struct Maps {
    other_view: Vec<u16>,
    mirror: Vec<u16>,
}

fn maps() -> &'static Maps {
    static MAPS: std::sync::OnceLock<Maps> = std::sync::OnceLock::new();
    MAPS.get_or_init(|| {
        let mut other_view = vec![0u16; FEATURES];
        let mut mirror = vec![0u16; FEATURES];
        for index in 0..14 {
            let piece = Piece::from_index(index).expect("14 pieces");
            for sq in Square::ALL {
                let red = feature(Color::Red, piece, sq);
                other_view[red] = feature(Color::Black, piece, sq) as u16;
                mirror[red] = feature(Color::Red, piece, sq.flip_file()) as u16;
            }
        }
        Maps { other_view, mirror }
    })
}

impl Sample {
    /// The sample of a position.
    pub fn new(pos: &Position, score: i16, result: f32) -> Sample {
        let mut red_view = [0u16; 32];
        let mut count = 0;
        for sq in Square::ALL {
            if let Some(piece) = pos.piece_at(sq) {
                if count < 32 {
                    red_view[count] = feature(Color::Red, piece, sq) as u16;
                    count += 1;
                }
            }
        }
        Sample {
            red_view,
            count: count as u8,
            black_to_move: pos.turn() == Color::Black,
            score,
            result,
        }
    }

    /// Fills the side to move's inputs and the other side's, mirrored left-right if asked.
    fn views(&self, mirrored: bool, us: &mut [u16; 32], them: &mut [u16; 32]) -> usize {
        let maps = maps();
        let n = usize::from(self.count);
        for i in 0..n {
            let mut red = self.red_view[i];
            if mirrored {
                red = maps.mirror[usize::from(red)];
            }
            let black = maps.other_view[usize::from(red)];
            if self.black_to_move {
                (us[i], them[i]) = (black, red);
            } else {
                (us[i], them[i]) = (red, black);
            }
        }
        n
    }
}

/// The positions of a game that pass `filter`, as samples.
pub fn game_samples(record: &GameRecord, filter: &Filter, out: &mut Vec<Sample>) {
    let mut pos = record.start.clone();
    for (ply, scored) in record.moves.iter().enumerate() {
        let score = scored.score;
        let keep = ply >= filter.min_ply
            && score != SCORE_NONE
            && score.unsigned_abs() < SCORE_MATE_BOUND as u16
            && i32::from(score).abs() <= filter.max_score
            && !(filter.skip_in_check && pos.is_check())
            && !(filter.skip_captures
                && !Position::is_pass(scored.mv)
                && pos.piece_at(scored.mv.to()).is_some());
        if keep {
            out.push(Sample::new(
                &pos,
                score,
                record.result.score_for(pos.turn()),
            ));
        }
        if pos.play(scored.mv).is_err() {
            // A damaged game: keep what came before the bad move.
            return;
        }
    }
}

/// Training and validation positions from data files: games whose number is a multiple of
/// `validation_every` go to validation.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    /// Positions trained on.
    pub train: Vec<Sample>,
    /// Positions the validation loss is measured on.
    pub validation: Vec<Sample>,
    /// Games read.
    pub games: u64,
    /// Games left out because they are of the other game.
    pub other_game: u64,
    /// Files whose damaged tail (a game cut short, or bytes after the last whole game) was
    /// left out: each file and the byte offset where its whole games end.
    pub damaged_tails: Vec<(PathBuf, u64)>,
}

impl Dataset {
    /// Reads every whole game of the files (a damaged tail is left out and listed in
    /// [`Dataset::damaged_tails`]).
    pub fn load(
        paths: &[&Path],
        filter: &Filter,
        validation_every: u64,
    ) -> Result<Dataset, DataError> {
        let mut set = Dataset::default();
        for path in paths {
            let mut reader = DataReader::open(path)?;
            while let Some(record) = reader.next_whole_game()? {
                set.add_game(&record, filter, validation_every);
            }
            if let Some((offset, _)) = reader.damaged_tail() {
                set.damaged_tails.push((path.to_path_buf(), offset));
            }
        }
        Ok(set)
    }

    /// Adds one game's positions.
    pub fn add_game(&mut self, record: &GameRecord, filter: &Filter, validation_every: u64) {
        self.games += 1;
        if NetGame::of(record.start.variant()) != filter.game {
            self.other_game += 1;
            return;
        }
        let target = if validation_every > 0 && record.index % validation_every == 0 {
            &mut self.validation
        } else {
            &mut self.train
        };
        game_samples(record, filter, target);
    }
}

/// The scale `K` (centipawns) at which `sigmoid(score / K)` best predicts the results, by
/// least squares: how the engine's centipawns map to winning chances.
pub fn fit_score_scale(samples: &[Sample]) -> f32 {
    let error = |k: f32| -> f64 {
        samples
            .iter()
            .map(|s| {
                let p = sigmoid(f32::from(s.score) / k);
                f64::from((p - s.result) * (p - s.result))
            })
            .sum()
    };
    let (mut lo, mut hi) = (50.0f32, 2_000.0f32);
    for _ in 0..40 {
        let a = lo + (hi - lo) / 3.0;
        let b = hi - (hi - lo) / 3.0;
        if error(a) < error(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// How to train.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainConfig {
    /// Accumulator size (a multiple of 16).
    pub hidden: usize,
    /// Passes over the training positions.
    pub epochs: usize,
    /// Positions per optimizer step.
    pub batch_size: usize,
    /// Learning rate at the start; it falls along a cosine to `lr * final_lr_fraction`.
    pub lr: f32,
    /// Where the cosine ends, as a fraction of `lr`.
    pub final_lr_fraction: f32,
    /// AdamW's decoupled weight decay (weights only, not biases).
    pub weight_decay: f32,
    /// The weight of the search score in the target; the game result has `1 - lambda`.
    pub lambda: f32,
    /// Centipawns per unit of the sigmoid's input (see [`fit_score_scale`]).
    pub score_scale: f32,
    /// Train on each position mirrored left-right half of the time (xiangqi is symmetric).
    pub mirror: bool,
    /// Seed of the initial weights and the shuffles.
    pub seed: u64,
    /// The game the net is for (written into the net file).
    pub game: NetGame,
    /// Output layers: 1 (architecture 1), or [`OUTPUT_BUCKETS`] chosen by the pieces on the
    /// board (architecture 2).
    pub buckets: usize,
}

impl Default for TrainConfig {
    fn default() -> TrainConfig {
        TrainConfig {
            hidden: 256,
            epochs: 30,
            batch_size: 16_384,
            lr: 0.001,
            final_lr_fraction: 0.05,
            weight_decay: 0.01,
            lambda: 0.75,
            score_scale: 400.0,
            mirror: true,
            seed: 1,
            game: NetGame::Xiangqi,
            buckets: 1,
        }
    }
}

/// Why training stopped with an error.
#[derive(Debug)]
pub enum TrainError {
    /// Reading data or writing a file failed.
    Data(DataError),
    /// The settings cannot work: why.
    Config(String),
    /// A checkpoint could not be read: why.
    Checkpoint(String),
    /// The quantized net failed its checks.
    Net(NetError),
}

impl fmt::Display for TrainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrainError::Data(e) => write!(f, "{e}"),
            TrainError::Config(why) => write!(f, "training settings: {why}"),
            TrainError::Checkpoint(why) => write!(f, "checkpoint: {why}"),
            TrainError::Net(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for TrainError {}

impl From<DataError> for TrainError {
    fn from(e: DataError) -> TrainError {
        TrainError::Data(e)
    }
}

impl From<std::io::Error> for TrainError {
    fn from(e: std::io::Error) -> TrainError {
        TrainError::Data(DataError::Io(e))
    }
}

/// The net in f32, with its optimizer state.
#[derive(Clone, Debug, PartialEq)]
pub struct Trainer {
    config: TrainConfig,
    /// All parameters in one vector: `w1 (FEATURES x H) | b1 (H) | w2 (2H) | b2`.
    params: Vec<f32>,
    m: Vec<f32>,
    v: Vec<f32>,
    step: u64,
    /// Epochs completed.
    pub epoch: usize,
}

/// What one epoch did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EpochReport {
    /// The epoch's number, from 1.
    pub epoch: usize,
    /// Mean training loss over the epoch.
    pub train_loss: f64,
    /// Validation loss after the epoch.
    pub validation_loss: f64,
    /// Learning rate at the epoch's end.
    pub lr: f32,
    /// Training positions a second.
    pub positions_per_second: f64,
}

#[inline]
fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // splitmix64
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn uniform(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 24) as f32
    }
}

impl Trainer {
    /// A net with fresh random weights.
    pub fn new(config: TrainConfig) -> Result<Trainer, TrainError> {
        let h = config.hidden;
        if h == 0 || h % 16 != 0 || h > 1024 {
            return Err(TrainError::Config(format!(
                "the accumulator size must be a multiple of 16 up to 1024, not {h}"
            )));
        }
        if config.buckets != 1 && config.buckets != OUTPUT_BUCKETS {
            return Err(TrainError::Config(format!(
                "output layers must be 1 or {OUTPUT_BUCKETS}, not {}",
                config.buckets
            )));
        }
        if config.batch_size == 0 || config.epochs == 0 {
            return Err(TrainError::Config(
                "batch size and epochs must be at least 1".into(),
            ));
        }
        let n = param_count(h, config.buckets);
        let mut rng = Rng(config.seed);
        let mut params = vec![0.0f32; n];
        // Small first-layer weights, biases that start every neuron in SCReLU's active range,
        // and output weights scaled by the fan-in.
        let w1_range = 0.1;
        for w in &mut params[..FEATURES * h] {
            *w = (rng.uniform() * 2.0 - 1.0) * w1_range;
        }
        // The piece factors start at zero: the net begins as if they were not there.
        for w in &mut params[FEATURES * h..ROWS * h] {
            *w = 0.0;
        }
        for b in &mut params[ROWS * h..ROWS * h + h] {
            *b = 0.3 + rng.uniform() * 0.4;
        }
        let w2_range = 1.0 / (2.0 * h as f32).sqrt();
        for w in &mut params[ROWS * h + h..n - 1] {
            *w = (rng.uniform() * 2.0 - 1.0) * w2_range;
        }
        Ok(Trainer {
            config,
            m: vec![0.0; n],
            v: vec![0.0; n],
            params,
            step: 0,
            epoch: 0,
        })
    }

    /// A trainer that starts from a quantized net's weights (to train it further on new
    /// data): the weights are scaled back from the file's integers, the piece factors start at
    /// zero and the optimizer fresh. The net's size and game replace the config's.
    ///
    /// A net with one output layer may start a trainer with [`OUTPUT_BUCKETS`] (`config.buckets`):
    /// every layer starts as its copy.
    pub fn from_net(net: &Network, mut config: TrainConfig) -> Result<Trainer, TrainError> {
        let parts = net.parts();
        if (parts.qa, parts.qb, parts.scale) != (QA, QB, SCALE) {
            return Err(TrainError::Config(format!(
                "the net's scales {}/{}/{} differ from the trainer's {QA}/{QB}/{SCALE}",
                parts.qa, parts.qb, parts.scale
            )));
        }
        config.hidden = parts.hidden;
        config.game = parts.game;
        if parts.b2.len() > 1 {
            config.buckets = parts.b2.len();
        }
        let mut trainer = Trainer::new(config)?;
        let (h, b1, w2, b2) = trainer.split();
        let p = &mut trainer.params;
        for (dst, &w) in p[..FEATURES * h].iter_mut().zip(&parts.w1) {
            *dst = f32::from(w) / QA as f32;
        }
        for x in &mut p[FEATURES * h..b1] {
            *x = 0.0;
        }
        for (dst, &b) in p[b1..w2].iter_mut().zip(&parts.b1) {
            *dst = f32::from(b) / QA as f32;
        }
        for (dst, &w) in p[w2..b2].iter_mut().zip(parts.w2.iter().cycle()) {
            *dst = f32::from(w) / QB as f32;
        }
        for (dst, &b) in p[b2..].iter_mut().zip(parts.b2.iter().cycle()) {
            *dst = b as f32 / (QA * QB) as f32;
        }
        Ok(trainer)
    }

    /// The settings.
    pub fn config(&self) -> &TrainConfig {
        &self.config
    }

    fn split(&self) -> (usize, usize, usize, usize) {
        let h = self.config.hidden;
        let b1 = ROWS * h;
        let w2 = b1 + h;
        let b2 = w2 + 2 * h * self.config.buckets;
        (h, b1, w2, b2)
    }

    /// The output layer of a sample: the offsets of its weights and its bias.
    #[inline]
    fn output_layer(&self, sample: &Sample) -> (usize, usize) {
        let (h, _, w2, b2) = self.split();
        let k = output_bucket(self.config.buckets, u32::from(sample.count));
        (w2 + k * 2 * h, b2 + k)
    }

    /// The net's output (in units of [`SCALE`] centipawns) for a sample, in f32.
    pub fn forward(&self, sample: &Sample, mirrored: bool) -> f32 {
        let (mut us, mut them) = ([0u16; 32], [0u16; 32]);
        let n = sample.views(mirrored, &mut us, &mut them);
        let mut acc = vec![0.0; 2 * self.config.hidden];
        self.forward_into([&us[..n], &them[..n]], self.output_layer(sample), &mut acc)
    }

    /// The output for the inputs of the two views (side to move's, then the other's) through
    /// the output layer at `(w2, b2)` (see [`Trainer::output_layer`]), leaving each view's
    /// accumulator in its half of `acc` (`[us | them]`, twice the hidden size).
    fn forward_into(&self, views: [&[u16]; 2], (w2, b2): (usize, usize), acc: &mut [f32]) -> f32 {
        let (h, b1, _, _) = self.split();
        let mut out = self.params[b2];
        for (half, inputs) in views.into_iter().enumerate() {
            let a = &mut acc[half * h..(half + 1) * h];
            a.copy_from_slice(&self.params[b1..b1 + h]);
            for &f in inputs {
                for r in [usize::from(f), factor_row(f)] {
                    let row = &self.params[r * h..(r + 1) * h];
                    a.iter_mut().zip(row).for_each(|(a, w)| *a += w);
                }
            }
            let weights = &self.params[w2 + half * h..w2 + (half + 1) * h];
            for (a, w) in a.iter().zip(weights) {
                let x = a.clamp(0.0, 1.0);
                out += x * x * w;
            }
        }
        out
    }

    fn target(&self, sample: &Sample) -> f32 {
        let k = self.config.score_scale;
        self.config.lambda * sigmoid(f32::from(sample.score) / k)
            + (1.0 - self.config.lambda) * sample.result
    }

    /// Adds one sample's gradient to `grad`; returns its loss.
    fn backprop(&self, sample: &Sample, mirrored: bool, grad: &mut [f32], acc: &mut [f32]) -> f32 {
        let (h, b1, _, _) = self.split();
        let (w2, b2) = self.output_layer(sample);
        let (mut us, mut them) = ([0u16; 32], [0u16; 32]);
        let n = sample.views(mirrored, &mut us, &mut them);
        let views = [&us[..n], &them[..n]];
        // Forward, keeping both accumulators (acc = [us | them]).
        let out = self.forward_into(views, (w2, b2), acc);
        let k = self.config.score_scale;
        let slope = SCALE as f32 / k;
        let p = sigmoid(out * slope);
        let t = self.target(sample);
        let d_out = 2.0 * (p - t) * p * (1.0 - p) * slope;
        grad[b2] += d_out;
        for (half, inputs) in views.iter().enumerate() {
            let a = &mut acc[half * h..(half + 1) * h];
            let (weights, grad_w2) = (
                &self.params[w2 + half * h..w2 + (half + 1) * h],
                w2 + half * h,
            );
            // d out / d acc, kept in `a`; the output weights' gradient on the way.
            for (j, (a, w)) in a.iter_mut().zip(weights).enumerate() {
                let x = a.clamp(0.0, 1.0);
                grad[grad_w2 + j] += d_out * x * x;
                *a = if *a > 0.0 && *a < 1.0 {
                    d_out * w * 2.0 * x
                } else {
                    0.0
                };
            }
            let a = &acc[half * h..(half + 1) * h];
            grad[b1..b1 + h]
                .iter_mut()
                .zip(a)
                .for_each(|(g, d)| *g += d);
            for &f in *inputs {
                for r in [usize::from(f), factor_row(f)] {
                    let row = &mut grad[r * h..(r + 1) * h];
                    row.iter_mut().zip(a).for_each(|(g, d)| *g += d);
                }
            }
        }
        (p - t) * (p - t)
    }

    /// Mean loss over `samples` (not mirrored), on all threads.
    pub fn loss(&self, samples: &[Sample]) -> f64 {
        if samples.is_empty() {
            return 0.0;
        }
        let k = self.config.score_scale;
        let slope = SCALE as f32 / k;
        let total: f64 = samples
            .par_chunks(4_096)
            .map(|chunk| {
                chunk
                    .iter()
                    .map(|s| {
                        let p = sigmoid(self.forward(s, false) * slope);
                        let t = self.target(s);
                        f64::from((p - t) * (p - t))
                    })
                    .sum::<f64>()
            })
            .collect::<Vec<f64>>()
            .iter()
            .sum();
        total / samples.len() as f64
    }

    fn lr_at(&self, step: u64, total_steps: u64) -> f32 {
        let c = &self.config;
        let progress = (step as f64 / total_steps.max(1) as f64).min(1.0);
        let cosine = 0.5 * (1.0 + (std::f64::consts::PI * progress).cos());
        c.lr * (c.final_lr_fraction + (1.0 - c.final_lr_fraction) * cosine as f32)
    }

    /// Trains one epoch over `samples` (shuffled by the seed and the epoch number).
    pub fn train_epoch(
        &mut self,
        samples: &[Sample],
        validation: &[Sample],
        progress: &mut dyn FnMut(usize, usize),
    ) -> EpochReport {
        let started = std::time::Instant::now();
        let n = self.params.len();
        let h = self.config.hidden;
        let mut order: Vec<u32> = (0..samples.len() as u32).collect();
        let mut rng =
            Rng(self.config.seed ^ (self.epoch as u64 + 1).wrapping_mul(0x2545_f491_4f6c_dd1d));
        for i in (1..order.len()).rev() {
            let j = (rng.next() % (i as u64 + 1)) as usize;
            order.swap(i, j);
        }
        let mirror_bits: Vec<bool> = (0..order.len())
            .map(|_| self.config.mirror && rng.next() & 1 == 1)
            .collect();
        let batches = order.len().div_ceil(self.config.batch_size);
        let total_steps = (batches * self.config.epochs) as u64;
        let mut grads = vec![vec![0.0f32; n]; PARTS];
        let mut total_loss = 0.0f64;
        for (b, batch) in order.chunks(self.config.batch_size).enumerate() {
            let part_len = batch.len().div_ceil(PARTS);
            let this = &*self;
            let losses: Vec<f64> = grads
                .par_iter_mut()
                .enumerate()
                .map(|(p, grad)| {
                    grad.iter_mut().for_each(|g| *g = 0.0);
                    let mut acc = vec![0.0f32; 2 * h];
                    let lo = (p * part_len).min(batch.len());
                    let hi = ((p + 1) * part_len).min(batch.len());
                    let mut loss = 0.0f64;
                    for (i, &s) in batch[lo..hi].iter().enumerate() {
                        let at = b * this.config.batch_size + lo + i;
                        loss += f64::from(this.backprop(
                            &samples[s as usize],
                            mirror_bits[at],
                            grad,
                            &mut acc,
                        ));
                    }
                    loss
                })
                .collect();
            total_loss += losses.iter().sum::<f64>();
            let (first, rest) = grads.split_first_mut().expect("PARTS > 0");
            for other in rest.iter() {
                first.iter_mut().zip(other).for_each(|(a, b)| *a += b);
            }
            let scale = 1.0 / batch.len() as f32;
            let lr = self.lr_at(self.step, total_steps);
            self.adamw(first, scale, lr);
            progress(b + 1, batches);
        }
        self.epoch += 1;
        let seconds = started.elapsed().as_secs_f64();
        EpochReport {
            epoch: self.epoch,
            train_loss: total_loss / samples.len().max(1) as f64,
            validation_loss: self.loss(validation),
            lr: self.lr_at(self.step, total_steps),
            positions_per_second: samples.len() as f64 / seconds.max(1e-9),
        }
    }

    fn adamw(&mut self, grad: &[f32], scale: f32, lr: f32) {
        const BETA1: f32 = 0.9;
        const BETA2: f32 = 0.999;
        const EPS: f32 = 1e-8;
        self.step += 1;
        let t = self.step as i32;
        let c1 = 1.0 - BETA1.powi(t);
        let c2 = 1.0 - BETA2.powi(t);
        let (h, b1, w2, b2) = self.split();
        let _ = h;
        let decay = self.config.weight_decay;
        let chunks = 64;
        let len = self.params.len();
        let chunk = len.div_ceil(chunks);
        self.params
            .par_chunks_mut(chunk)
            .zip(self.m.par_chunks_mut(chunk))
            .zip(self.v.par_chunks_mut(chunk))
            .enumerate()
            .for_each(|(c, ((p, m), v))| {
                let base = c * chunk;
                for i in 0..p.len() {
                    let at = base + i;
                    let g = grad[at] * scale;
                    m[i] = BETA1 * m[i] + (1.0 - BETA1) * g;
                    v[i] = BETA2 * v[i] + (1.0 - BETA2) * g * g;
                    let update = (m[i] / c1) / ((v[i] / c2).sqrt() + EPS);
                    let is_weight = at < b1 || (w2..b2).contains(&at);
                    if is_weight {
                        p[i] -= lr * decay * p[i];
                    }
                    p[i] -= lr * update;
                    let bound = if (w2..b2).contains(&at) {
                        W2_BOUND
                    } else if at < w2 {
                        W1_BOUND
                    } else {
                        f32::MAX
                    };
                    p[i] = p[i].clamp(-bound, bound);
                }
            });
    }

    /// The quantized net for the engine.
    pub fn quantize(&self, description: &str) -> Result<Network, TrainError> {
        let (h, b1, w2, b2) = self.split();
        let q = |x: f32, s: i32| (x * s as f32).round() as i16;
        // Each input's row with its piece's factor folded in, kept inside what the integer
        // accumulator can hold (at most 32 inputs on top of the bias).
        let b1_q: Vec<i16> = self.params[b1..w2].iter().map(|&x| q(x, QA)).collect();
        let mut w1 = vec![0i16; FEATURES * h];
        for f in 0..FEATURES {
            let factor = factor_row(f as u16);
            for j in 0..h {
                let limit = ((i32::from(i16::MAX) - i32::from(b1_q[j]).abs()) / MAX_ACTIVE) as f32;
                let x = (self.params[f * h + j] + self.params[factor * h + j]) * QA as f32;
                w1[f * h + j] = x.round().clamp(-limit, limit) as i16;
            }
        }
        let parts = NetParts {
            game: self.config.game,
            hidden: h,
            qa: QA,
            qb: QB,
            scale: SCALE,
            description: description.to_owned(),
            w1,
            b1: b1_q,
            w2: self.params[w2..b2].iter().map(|&x| q(x, QB)).collect(),
            b2: self.params[b2..]
                .iter()
                .map(|&x| (x * (QA * QB) as f32).round() as i32)
                .collect(),
        };
        Network::from_parts(parts).map_err(TrainError::Net)
    }

    /// Writes the whole state (settings that shape the net, weights, optimizer, epoch) to
    /// `path`, through a temporary file so that an interrupted write keeps the last one.
    pub fn save_checkpoint(&self, path: &Path) -> Result<(), TrainError> {
        let tmp = path.with_extension("tmp");
        {
            let mut f = std::io::BufWriter::new(std::fs::File::create(&tmp)?);
            f.write_all(CHECKPOINT_MAGIC)?;
            for v in [
                self.config.hidden as u64,
                self.epoch as u64,
                self.step,
                self.params.len() as u64,
            ] {
                f.write_all(&v.to_le_bytes())?;
            }
            for vec in [&self.params, &self.m, &self.v] {
                for x in vec.iter() {
                    f.write_all(&x.to_le_bytes())?;
                }
            }
            f.flush()?;
        }
        std::fs::rename(&tmp, path)?;
        Ok(())
    }

    /// Resumes from a checkpoint written by [`Trainer::save_checkpoint`] with the same
    /// accumulator size; `config` gives the other settings.
    pub fn load_checkpoint(path: &Path, config: TrainConfig) -> Result<Trainer, TrainError> {
        let mut bytes = Vec::new();
        std::fs::File::open(path)?.read_to_end(&mut bytes)?;
        let bad = |why: &str| TrainError::Checkpoint(format!("{}: {why}", path.display()));
        if bytes.len() < 40 || &bytes[..8] != CHECKPOINT_MAGIC {
            return Err(bad("not a checkpoint"));
        }
        let u64_at = |i: usize| u64::from_le_bytes(bytes[i..i + 8].try_into().expect("8 bytes"));
        let (hidden, epoch, step, n) = (u64_at(8), u64_at(16), u64_at(24), u64_at(32));
        if hidden as usize != config.hidden {
            return Err(bad(&format!(
                "it has {hidden} hidden units, the settings ask for {}",
                config.hidden
            )));
        }
        let h = config.hidden;
        if n as usize != param_count(h, config.buckets) {
            return Err(bad(&format!(
                "its size does not match {} output layers",
                config.buckets
            )));
        }
        if bytes.len() != 40 + 12 * n as usize {
            return Err(bad("its size does not match its header"));
        }
        let floats = |k: usize| -> Vec<f32> {
            let at = 40 + 4 * k * n as usize;
            bytes[at..at + 4 * n as usize]
                .chunks_exact(4)
                .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect()
        };
        let mut trainer = Trainer::new(config)?;
        trainer.params = floats(0);
        trainer.m = floats(1);
        trainer.v = floats(2);
        trainer.epoch = epoch as usize;
        trainer.step = step;
        Ok(trainer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accumulator::evaluate_reference;

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
        for buckets in [1, OUTPUT_BUCKETS] {
            gradients_match_with(buckets);
        }
    }

    fn gradients_match_with(buckets: usize) {
        let mut config = TrainConfig {
            hidden: 16,
            buckets,
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
        let f = Sample::new(pos, 0, 0.0).red_view[0] as usize;
        let mut checked = 0;
        for at in [f * h, f * h + 3, b1 + 2, w2 + 1, w2 + h + 5, b2] {
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
        assert_eq!(checked, 6);
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
            let n = Sample::new(&pos, 0, 0.5).views(true, &mut a, &mut b);
            let m = Sample::new(&mirrored, 0, 0.5).views(false, &mut c, &mut d);
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
}
