#![doc = include_str!("../README.md")]
//!
//! # Modules
//!
//! - [`encoding`]: the action encodings (`"2086"`, `"8100"`, `"janggi"`) and legal-action masks.
//! - [`planes`]: the observation planes, float32 or uint8.
//! - [`starts`]: the start positions of an environment's games.
//! - [`vecenv`]: [`VecEnv`], the batched stepping core.
//! - [`mcts`]: [`Mcts`], batched tree search (PUCT and Gumbel) with the caller's network.

pub mod encoding;
pub mod mcts;
pub mod planes;
pub mod starts;
pub mod vecenv;

pub use encoding::Encoding;
pub use mcts::{Algorithm, Batch, Mcts, MctsConfig, MctsError};
pub use planes::{PlaneLayout, PlaneValue};
pub use starts::{start_positions, Setup, StartError};
pub use vecenv::{Buffers, EnvConfig, EnvError, Outputs, VecEnv, MAX_NUM_ENVS};
