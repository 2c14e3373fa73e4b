//! What the UCI tests share: an output the test reads while, or after, the session runs.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// A writer whose contents the test can read while the session runs and afterwards.
#[derive(Clone, Default)]
pub struct Shared(pub Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
