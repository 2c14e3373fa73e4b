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

use crate::data::DataError;
use crate::features::{FEATURES, GENERAL_BUCKETS};
use crate::net::{output_bucket, NetError, NetGame, Network, OUTPUT_BUCKETS};
use core::fmt;
use rayon::prelude::*;

mod checkpoint;
mod dataset;
mod optimizer;
mod quantize;
mod rng;
#[cfg(test)]
mod tests;

pub use dataset::{fit_score_scale, game_samples, Dataset, Filter, Sample};
use rng::Rng;

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
/// The first layer's rows in training: one per input; for a net whose views see the board
/// through their general, one per (relative piece, point) shared by every general's block (what
/// a piece on a point is worth wherever the general stands, learned from every position it
/// stands in); then one per relative piece (the piece's factor, shared by all its points). The
/// shared rows are folded into the inputs' rows when the net is quantized.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rows {
    /// The inputs' rows: `FEATURES`, or `GENERAL_BUCKETS x FEATURES`.
    inputs: usize,
    /// The first row shared by the generals' blocks (`FEATURES` of them), if the net has
    /// blocks.
    shared: Option<usize>,
    /// The first piece factor's row (14 of them).
    pieces: usize,
    /// All rows.
    total: usize,
}

impl Rows {
    fn of(generals: bool) -> Rows {
        if generals {
            let inputs = GENERAL_BUCKETS * FEATURES;
            Rows {
                inputs,
                shared: Some(inputs),
                pieces: inputs + FEATURES,
                total: inputs + FEATURES + 14,
            }
        } else {
            Rows {
                inputs: FEATURES,
                shared: None,
                pieces: FEATURES,
                total: FEATURES + 14,
            }
        }
    }

    /// The rows input `f` adds up: its own, the shared one, its piece's factor.
    #[inline]
    fn of_input(self, f: u16) -> impl Iterator<Item = usize> {
        let f = usize::from(f);
        let plain = f % FEATURES;
        [
            Some(f),
            self.shared.map(|s| s + plain),
            Some(self.pieces + plain / 90),
        ]
        .into_iter()
        .flatten()
    }
}

/// Calls `visit(a, b)` for each pair of parameters a symmetric net ties (see
/// [`TrainConfig::symmetric`]): each first-half unit's weight and its twin's, every parameter
/// but the output biases in exactly one pair.
fn trainer_twins(config: &TrainConfig, mut visit: impl FnMut(usize, usize)) {
    let h = config.hidden;
    let half = h / 2;
    let rows = Rows::of(false);
    let mirror = &dataset::maps().mirror;
    for (f, &twin) in mirror.iter().enumerate().take(rows.inputs) {
        for j in 0..half {
            visit(f * h + j, usize::from(twin) * h + half + j);
        }
    }
    let b1 = rows.total * h;
    for r in rows.pieces..rows.total {
        for j in 0..half {
            visit(r * h + j, r * h + half + j);
        }
    }
    for j in 0..half {
        visit(b1 + j, b1 + half + j);
    }
    let w2 = b1 + h;
    for layer in 0..2 * config.buckets {
        for j in 0..half {
            visit(w2 + layer * h + j, w2 + layer * h + half + j);
        }
    }
}

/// Whether a net's units come in twins (see [`TrainConfig::symmetric`]).
fn is_symmetric(parts: &crate::net::NetParts) -> bool {
    let h = parts.hidden;
    let half = h / 2;
    if parts.w1.len() != FEATURES * h {
        return false;
    }
    let mirror = &dataset::maps().mirror;
    let rows_tied = (0..FEATURES).all(|f| {
        let twin = usize::from(mirror[f]);
        (0..half).all(|j| parts.w1[f * h + j] == parts.w1[twin * h + half + j])
    });
    let b1_tied = (0..half).all(|j| parts.b1[j] == parts.b1[half + j]);
    let w2_tied = parts
        .w2
        .chunks_exact(h)
        .all(|side| (0..half).all(|j| side[j] == side[half + j]));
    rows_tied && b1_tied && w2_tied
}

/// Parameters of a net with `h` hidden units, `buckets` output layers and, with `generals`,
/// views through the generals.
fn param_count(h: usize, buckets: usize, generals: bool) -> usize {
    Rows::of(generals).total * h + h + 2 * h * buckets + buckets
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
    /// Views that see the board through their general (architecture 3, with
    /// [`OUTPUT_BUCKETS`] output layers): one block of inputs for each of
    /// [`GENERAL_BUCKETS`] palace points, over rows shared by all blocks.
    pub generals: bool,
    /// A net that scores a position and its left-right mirror alike, by construction: the
    /// hidden units come in twins, the second half of the accumulator seeing the mirrored
    /// board through the first half's weights (`w1[f][j + H/2] = w1[mirror(f)][j]`, with equal
    /// biases and output weights), so mirroring a position swaps the halves and leaves the
    /// output as it was. Not with `generals`.
    pub symmetric: bool,
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
            generals: false,
            symmetric: false,
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
    /// All parameters in one vector: `w1 (rows x H) | b1 (H) | w2 (2H x buckets) | b2`.
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
        if config.generals && config.buckets != OUTPUT_BUCKETS {
            return Err(TrainError::Config(format!(
                "views through the generals need {OUTPUT_BUCKETS} output layers"
            )));
        }
        if config.symmetric && config.generals {
            return Err(TrainError::Config(
                "a symmetric net cannot have the generals' blocks".into(),
            ));
        }
        if config.batch_size == 0 || config.epochs == 0 {
            return Err(TrainError::Config(
                "batch size and epochs must be at least 1".into(),
            ));
        }
        let n = param_count(h, config.buckets, config.generals);
        let rows = Rows::of(config.generals);
        let mut rng = Rng(config.seed);
        let mut params = vec![0.0f32; n];
        // Small first-layer weights (in the shared rows when the generals have blocks, whose
        // own rows start at zero), biases that start every neuron in SCReLU's active range,
        // and output weights scaled by the fan-in. The piece factors start at zero: the net
        // begins as if they were not there.
        let w1_range = 0.1;
        let first = rows.shared.unwrap_or(0);
        for w in &mut params[first * h..(first + FEATURES) * h] {
            *w = (rng.uniform() * 2.0 - 1.0) * w1_range;
        }
        for b in &mut params[rows.total * h..rows.total * h + h] {
            *b = 0.3 + rng.uniform() * 0.4;
        }
        let w2_range = 1.0 / (2.0 * h as f32).sqrt();
        for w in &mut params[rows.total * h + h..n - 1] {
            *w = (rng.uniform() * 2.0 - 1.0) * w2_range;
        }
        let mut trainer = Trainer {
            config,
            m: vec![0.0; n],
            v: vec![0.0; n],
            params,
            step: 0,
            epoch: 0,
        };
        if trainer.config.symmetric {
            // Each twin starts as its first half's copy.
            let params = &mut trainer.params;
            trainer_twins(&trainer.config, |a, b| params[b] = params[a]);
        }
        Ok(trainer)
    }

    /// A trainer that starts from a quantized net's weights (to train it further on new
    /// data): the weights are scaled back from the file's integers, the piece factors start at
    /// zero and the optimizer fresh. The net's size and game replace the config's.
    ///
    /// A net with one output layer may start a trainer with [`OUTPUT_BUCKETS`] (`config.buckets`):
    /// every layer starts as its copy. A net without general blocks may start one with them
    /// (`config.generals`): its rows become the shared rows and every block starts at zero, so
    /// the new net begins as the old one (up to the mirroring of views whose general stands
    /// right of centre).
    ///
    /// With `config.symmetric`, a net that is not symmetric already becomes one twice its size:
    /// its units, and their twins that see the mirrored board, each with half the output
    /// weight, so the new net scores the average of the old one's scores of the position and
    /// its mirror (see [`Trainer::hidden_from`]).
    pub fn from_net(net: &Network, mut config: TrainConfig) -> Result<Trainer, TrainError> {
        let parts = net.parts();
        if (parts.qa, parts.qb, parts.scale) != (QA, QB, SCALE) {
            return Err(TrainError::Config(format!(
                "the net's scales {}/{}/{} differ from the trainer's {QA}/{QB}/{SCALE}",
                parts.qa, parts.qb, parts.scale
            )));
        }
        if config.symmetric && !is_symmetric(&parts) {
            return Trainer::doubled(&parts, config);
        }
        config.hidden = parts.hidden;
        config.game = parts.game;
        if parts.b2.len() > 1 {
            config.buckets = parts.b2.len();
        }
        if net.sees_generals() {
            config.generals = true;
        }
        let mut trainer = Trainer::new(config)?;
        let (h, b1, w2, b2) = trainer.split();
        let rows = Rows::of(trainer.config.generals);
        let into = if net.sees_generals() {
            0
        } else {
            rows.shared.unwrap_or(0)
        };
        let p = &mut trainer.params;
        p[..b1].iter_mut().for_each(|x| *x = 0.0);
        for (dst, &w) in p[into * h..].iter_mut().zip(&parts.w1) {
            *dst = f32::from(w) / QA as f32;
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

    /// The accumulator size of a trainer that starts from `net` with `config`: the net's, or
    /// twice it where a symmetric trainer doubles a net that is not symmetric.
    pub fn hidden_from(net: &Network, config: &TrainConfig) -> usize {
        let parts = net.parts();
        if config.symmetric && !is_symmetric(&parts) {
            2 * parts.hidden
        } else {
            parts.hidden
        }
    }

    /// A symmetric trainer from a net that is not: each unit and its twin on the mirrored
    /// board, both with half the unit's output weight.
    fn doubled(
        parts: &crate::net::NetParts,
        mut config: TrainConfig,
    ) -> Result<Trainer, TrainError> {
        if Rows::of(false).inputs * parts.hidden != parts.w1.len() {
            return Err(TrainError::Config(
                "a symmetric net cannot have the generals' blocks".into(),
            ));
        }
        let half = parts.hidden;
        config.hidden = 2 * half;
        config.game = parts.game;
        config.buckets = parts.b2.len().max(config.buckets);
        let mut trainer = Trainer::new(config)?;
        let (h, b1, w2, b2) = trainer.split();
        let mirror = &dataset::maps().mirror;
        let p = &mut trainer.params;
        p[..b1].iter_mut().for_each(|x| *x = 0.0);
        for f in 0..FEATURES {
            let twin = usize::from(mirror[f]);
            for j in 0..half {
                p[f * h + j] = f32::from(parts.w1[f * half + j]) / QA as f32;
                p[f * h + half + j] = f32::from(parts.w1[twin * half + j]) / QA as f32;
            }
        }
        for j in 0..h {
            p[b1 + j] = f32::from(parts.b1[j % half]) / QA as f32;
        }
        // Output layer k, side s, unit j (either twin): half the old weight.
        let old_layers = parts.b2.len();
        for k in 0..trainer.config.buckets {
            for side in 0..2 {
                for j in 0..h {
                    let old = parts.w2[(k % old_layers) * 2 * half + side * half + j % half];
                    p[w2 + k * 2 * h + side * h + j] = f32::from(old) / QB as f32 / 2.0;
                }
            }
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
        let b1 = Rows::of(self.config.generals).total * h;
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
        let n = sample.views(mirrored, self.config.generals, &mut us, &mut them);
        let mut acc = vec![0.0; 2 * self.config.hidden];
        self.forward_into([&us[..n], &them[..n]], self.output_layer(sample), &mut acc)
    }

    /// The output for the inputs of the two views (side to move's, then the other's) through
    /// the output layer at `(w2, b2)` (see [`Trainer::output_layer`]), leaving each view's
    /// accumulator in its half of `acc` (`[us | them]`, twice the hidden size).
    fn forward_into(&self, views: [&[u16]; 2], (w2, b2): (usize, usize), acc: &mut [f32]) -> f32 {
        let (h, b1, _, _) = self.split();
        let rows = Rows::of(self.config.generals);
        let mut out = self.params[b2];
        for (half, inputs) in views.into_iter().enumerate() {
            let a = &mut acc[half * h..(half + 1) * h];
            a.copy_from_slice(&self.params[b1..b1 + h]);
            for &f in inputs {
                for r in rows.of_input(f) {
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
        let n = sample.views(mirrored, self.config.generals, &mut us, &mut them);
        let views = [&us[..n], &them[..n]];
        let rows = Rows::of(self.config.generals);
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
                for r in rows.of_input(f) {
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
            if self.config.symmetric {
                // A twin pair is one parameter: both get the sum of their gradients.
                trainer_twins(&self.config, |a, b| {
                    let sum = first[a] + first[b];
                    first[a] = sum;
                    first[b] = sum;
                });
            }
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
}
