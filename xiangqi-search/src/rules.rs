//! How the search applies the game's rules ([`Rules`], from the core crate).
//!
//! Inside the search a position repeating one seen earlier on the path or in the game record,
//! with no capture between, ends the line (a second occurrence is enough: if repeating is good
//! for one side it will repeat again). The cycle, every ply since the earlier occurrence, is
//! judged by [`xiangqi_core::judge_cycle`] under the rules' repetition rule:
//! - `casual`: a draw, whoever caused it;
//! - `simple`: a side that gave check with every one of its moves in the cycle loses; if both
//!   or neither did, a draw;
//! - `axf`: as `simple`, and a side that, when not checking, chased one same enemy piece with
//!   every move loses (check outranks chase). Chases are computed by the core's chase
//!   detection only when a repetition is met, so they cost nothing elsewhere.
//!
//! A loss by these rules is scored like being mated at that ply. Under every preset a side with
//! no legal move has lost (checkmate or stalemate), the no-capture limit (120 plies by default)
//! is a draw, and so is a board where neither side can ever mate, when the rules say so. The
//! order of these tests is core's [`xiangqi_core::adjudicate`], the function `Game::outcome`
//! uses too: a mate or stalemate on the ply that reaches the limit wins, in the game and in the
//! search alike.

pub use xiangqi_core::{RepetitionRule, Rules};
