//! Checkpoints: the whole state of a run (the settings that shape the net, the weights, the
//! optimizer and the epoch) written through a temporary file, and read back to resume.

use super::{param_count, TrainConfig, TrainError, Trainer, CHECKPOINT_MAGIC};
use std::io::{Read, Write};
use std::path::Path;

impl Trainer {
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
        if n as usize != param_count(h, config.buckets, config.generals) {
            return Err(bad(&format!(
                "its size does not match {} output layers{}",
                config.buckets,
                if config.generals {
                    " with the generals' blocks"
                } else {
                    ""
                }
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
