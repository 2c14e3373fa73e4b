//! The engine's learned evaluation (NNUE): what a position looks like to the net, the net's file
//! format, integer inference with accumulators updated move by move, the training data format,
//! and a trainer for CPUs.
//!
//! - [`features`]: the inputs, one per (piece as the viewer sees it, point), both views.
//! - [`net`]: the quantized net, its file format and checks, the reference forward pass.
//! - [`accumulator`]: the search's per-ply accumulators and the SIMD inference.
//! - [`data`]: self-play games with a search score for every position, four bytes a position.
//! - [`train`]: a trainer (f32, sparse first layer, AdamW) and the quantizer.
//!
//! The search (`xiangqi-search`) decides when to evaluate; this crate only knows positions.

pub mod accumulator;
pub mod data;
pub mod features;
pub mod net;
#[cfg(feature = "train")]
pub mod train;

pub use accumulator::{evaluate_reference, AccumulatorStack};
pub use features::FEATURES;
pub use net::{NetError, NetGame, NetParts, Network};
