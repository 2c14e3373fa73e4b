//! The xiangqi engine: evaluation, search, levels, and the UCI/UCCI front end.
//!
//! [`Engine`] searches positions within [`Limits`] and reports progress through a callback;
//! [`Level`] weakens it for people to play; [`uci`] speaks the engine protocols; [`bench`] gives
//! a reproducible node count and speed; [`review`] judges the moves of a game.
//!
//! Where things are: [`search`] holds the search itself (`worker.rs`: the numbered steps of a
//! node; `picker.rs`: move ordering; `see.rs`: exchanges; `tt.rs`: the hash table;
//! `limits.rs`, `time.rs`); [`eval`] the evaluations; [`params`] every tunable number;
//! [`uci`] the protocol front end (`session.rs`: threads and jobs, `commands.rs`, `parse.rs`,
//! `output.rs`); [`levels`] the playing levels; [`rules`] the rule sets as the search applies
//! them (core's adjudication, shared with `Game`).

pub mod bench;
pub mod datagen;
mod engine;
pub mod eval;
pub mod levels;
mod option_bounds;
pub mod params;
pub mod review;
pub mod rules;
mod score;
pub mod search;
pub mod tune;
pub mod uci;

/// The clock: std's, except in browsers (wasm32-unknown-unknown), where std's panics.
#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
pub(crate) use std::time::{Instant, SystemTime, UNIX_EPOCH};
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
pub(crate) use web_time::{Instant, SystemTime, UNIX_EPOCH};

pub use engine::{
    Engine, EngineOptions, SearchError, StopHandle, MAX_HASH_MB, MAX_MULTIPV, MAX_THREADS,
};
pub use eval::{Evaluation, Nets};
pub use levels::Level;
pub use levels::UnknownLevel;
pub use option_bounds::{max_hash_mb, EngineError};
pub use rules::{RepetitionRule, Rules};
pub use score::{Score, MATE_CP};
pub use search::limits::{Clock, Limits, ScoreBound, SearchInfo, SearchResult};
/// The net errors and games of [`Engine::load_net`] and [`Engine::load_net_for`].
pub use xiangqi_nnue::{NetError, NetGame};
