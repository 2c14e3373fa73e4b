//! The xiangqi engine.
