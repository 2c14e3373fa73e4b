//! The engine's learned evaluation (NNUE): what a position looks like to the net, the net's file
//! format, integer inference with accumulators updated move by move, the training data format,
//! and a trainer for CPUs.
//!
//! - [`data`]: self-play games with a search score for every position, four bytes a position.
//!
//! The search ([`xiangqi-search`]) owns when to evaluate; this crate only knows positions.

pub mod data;
