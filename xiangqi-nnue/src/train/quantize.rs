//! The trained net in the engine's integer format: the shared rows (the piece factor, and the
//! rows the generals' blocks share) folded into the inputs' rows, each weight scaled and kept within what the inference sums without overflow.

use super::{Rows, TrainError, Trainer, QA, QB, SCALE};
use crate::net::{NetParts, Network, MAX_ACTIVE};

impl Trainer {
    /// The quantized net for the engine.
    pub fn quantize(&self, description: &str) -> Result<Network, TrainError> {
        let (h, b1, w2, b2) = self.split();
        let q = |x: f32, s: i32| (x * s as f32).round() as i16;
        // Each input's row with its shared rows folded in, kept inside what the integer
        // accumulator can hold (at most 32 inputs on top of the bias).
        let b1_q: Vec<i16> = self.params[b1..w2].iter().map(|&x| q(x, QA)).collect();
        let rows = Rows::of(self.config.generals);
        let mut w1 = vec![0i16; rows.inputs * h];
        for f in 0..rows.inputs {
            for j in 0..h {
                let limit = ((i32::from(i16::MAX) - i32::from(b1_q[j]).abs()) / MAX_ACTIVE) as f32;
                let x: f32 = rows
                    .of_input(f as u16)
                    .map(|r| self.params[r * h + j])
                    .sum::<f32>()
                    * QA as f32;
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
}
