//! The search: iterative deepening, aspiration windows, principal-variation alpha-beta with a
//! shared transposition table, quiescence, a staged move picker, pruning and reductions, and
//! Lazy SMP threads. [`crate::Engine`] is the way in.

pub(crate) mod history;
pub mod limits;
pub(crate) mod picker;
pub(crate) mod see;
pub(crate) mod time;
pub(crate) mod tt;
pub(crate) mod worker;
