//! What the UCI tests share: an output the test reads while, or after, the session runs.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// A writer whose contents the test can read while the session runs and afterwards.
#[allow(dead_code)] // not every test file that shares this module needs it
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

/// Runs `work` on its own thread and returns its result, or fails the test once `seconds`
/// pass without one: a search that never stops fails in seconds instead of hanging the run.
#[allow(dead_code)] // not every test file that shares this module needs it
pub fn within<T: Send + 'static>(seconds: u64, work: impl FnOnce() -> T + Send + 'static) -> T {
    let (done, result) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = done.send(work());
    });
    match result.recv_timeout(std::time::Duration::from_secs(seconds)) {
        Ok(value) => value,
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
            panic!("no result within {seconds} s: the work hangs")
        }
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => panic!("the work panicked"),
    }
}
