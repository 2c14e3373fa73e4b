//! The fixed action indexings and array observations of `xiangqi-learn`, shared by `Board` and
//! `VecEnv` (see that crate's `encoding` and `planes` modules for the encodings' definitions).

pub use xiangqi_learn::encoding::{piece_code, write_mask, Encoding};
pub use xiangqi_learn::planes::PlaneLayout;
