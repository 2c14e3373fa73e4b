//! AdamW: the optimizer step over the trainer's weights (weight decay on weights only).

use super::{Trainer, W1_BOUND, W2_BOUND};
use rayon::prelude::*;

impl Trainer {
    pub(super) fn adamw(&mut self, grad: &[f32], scale: f32, lr: f32) {
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
}
