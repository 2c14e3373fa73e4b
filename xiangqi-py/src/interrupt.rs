//! Long calls that Ctrl-C can end: the work runs on a helper thread while the calling thread
//! waits with the GIL released, waking every few milliseconds to let Python handle signals.

use pyo3::prelude::*;
use std::sync::mpsc;
use std::time::Duration;

/// How often the waiting thread looks for a pending signal.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Runs `work` on a helper thread and returns its result. Meanwhile this thread checks for
/// signals (`KeyboardInterrupt` from Ctrl-C, or whatever a Python signal handler raises); on
/// the first, `cancel` is called, the work is waited for, and the signal's exception returned.
/// `work` must end soon after `cancel`.
pub fn run_interruptible<R: Send>(
    py: Python<'_>,
    cancel: &(dyn Fn() + Sync),
    work: impl FnOnce() -> R + Send,
) -> PyResult<R> {
    std::thread::scope(|scope| {
        let (sender, mut receiver) = mpsc::channel();
        let helper = scope.spawn(move || {
            // The receiver outlives the helper unless the waiting thread panicked.
            let _ = sender.send(work());
        });
        let mut interrupted: Option<PyErr> = None;
        loop {
            let (received, back) =
                py.detach(move || (receiver.recv_timeout(SIGNAL_POLL), receiver));
            receiver = back;
            match received {
                Ok(result) => {
                    return match interrupted {
                        Some(e) => Err(e),
                        None => Ok(result),
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if interrupted.is_none() {
                        if let Err(e) = py.check_signals() {
                            cancel();
                            interrupted = Some(e);
                        }
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    // The helper panicked before sending: pass the panic on.
                    if let Err(payload) = helper.join() {
                        std::panic::resume_unwind(payload);
                    }
                    unreachable!("a helper that returned has sent its result");
                }
            }
        }
    })
}
