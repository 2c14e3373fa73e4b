//! Search values: the internal integer scale and the public [`Score`].

use core::fmt;

/// An internal search value in centipawns, from the side to move's point of view.
pub(crate) type Value = i32;

/// Deepest ply the search ever reaches (quiescence and extensions included).
pub(crate) const MAX_PLY: usize = 128;
/// Larger than any value.
pub(crate) const INFINITE: Value = 32_000;
/// Being mated (or stalemated, or losing by a rule) right now scores `-MATE`; `n` plies away,
/// `-(MATE - n)`.
pub(crate) const MATE: Value = 31_000;
/// Values at least this large in magnitude are mates within the search horizon.
pub(crate) const MATE_BOUND: Value = MATE - MAX_PLY as Value;
/// Static evaluations are clamped inside this bound, well away from mate values.
pub(crate) const EVAL_BOUND: Value = 20_000;
/// A drawn position.
pub(crate) const DRAW: Value = 0;

/// The value of a win `ply` plies from the root.
#[inline]
pub(crate) const fn mate_in(ply: usize) -> Value {
    MATE - ply as Value
}

/// The value of a loss `ply` plies from the root.
#[inline]
pub(crate) const fn mated_in(ply: usize) -> Value {
    -MATE + ply as Value
}

/// The value, for the side to move `turn` at `ply`, of a game ended there: a draw, a win (the
/// opponent lost by a rule) or a loss (mated, stalemated, or lost by a rule).
#[inline]
pub(crate) fn outcome_value(
    outcome: &xiangqi_core::Outcome,
    turn: xiangqi_core::Color,
    ply: usize,
) -> Value {
    match outcome.winner {
        None => DRAW,
        Some(winner) if winner == turn => mate_in(ply),
        Some(_) => mated_in(ply),
    }
}

/// `true` for values that mean a forced win or loss.
#[inline]
pub(crate) const fn is_mate(v: Value) -> bool {
    v >= MATE_BOUND || v <= -MATE_BOUND
}

/// A position's score as reported to users.
///
/// Wins by a rule (the opponent's perpetual check under the `simple` preset) are scored like a
/// mate at the ply where the rule ends the game, and stalemate like being mated: in xiangqi both
/// end the game the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// Centipawns from the side to move's point of view (100 is about a soldier).
    Cp(i32),
    /// Mate in this many moves: positive when the side to move mates, negative when it is
    /// mated. `Mate(0)` means the side to move has already lost (no legal move).
    Mate(i32),
}

/// The one scale on which a score is a single number of centipawns: a mate in `n` moves is
/// `MATE_CP - n` for the side that mates, `-MATE_CP + n` for the side mated ([`Score::to_cp`]).
/// Python's analysis and match tools, the self-play files and the page all count so.
pub const MATE_CP: i32 = 100_000;

impl Score {
    /// The score as one number on the [`MATE_CP`] scale: centipawns, or `±(MATE_CP - n)` for a
    /// mate in `n` moves (`Mate(0)`, already mated: `-MATE_CP`).
    ///
    /// ```
    /// use xiangqi_search::{Score, MATE_CP};
    /// assert_eq!(Score::Cp(35).to_cp(), 35);
    /// assert_eq!(Score::Mate(3).to_cp(), MATE_CP - 3);
    /// assert_eq!(Score::Mate(-2).to_cp(), -MATE_CP + 2);
    /// assert!(Score::Mate(-2).to_cp() < Score::Mate(-5).to_cp());
    /// ```
    pub const fn to_cp(self) -> i32 {
        match self {
            Score::Cp(cp) => cp,
            Score::Mate(n) if n > 0 => MATE_CP - n,
            Score::Mate(n) => -MATE_CP - n,
        }
    }

    /// Converts an internal value.
    pub(crate) fn from_value(v: Value) -> Score {
        if v >= MATE_BOUND {
            Score::Mate((MATE - v + 1) / 2)
        } else if v <= -MATE_BOUND {
            Score::Mate(-(MATE + v + 1) / 2)
        } else {
            Score::Cp(v)
        }
    }

    /// A total order key: higher is better for the side to move ([`Score::to_cp`]: the
    /// engine's centipawns stay far inside the mate scale).
    pub fn sort_key(self) -> i64 {
        i64::from(self.to_cp())
    }
}

impl fmt::Display for Score {
    /// Writes the score as UCI does: `cp 35` or `mate -3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_values_convert_to_moves() {
        // Mating on the next ply is mate in 1 move; being mated two plies away is mated in 1.
        assert_eq!(Score::from_value(mate_in(1)), Score::Mate(1));
        assert_eq!(Score::from_value(mate_in(3)), Score::Mate(2));
        assert_eq!(Score::from_value(mated_in(2)), Score::Mate(-1));
        assert_eq!(Score::from_value(mated_in(0)), Score::Mate(0));
        assert_eq!(Score::from_value(57), Score::Cp(57));
        assert!(Score::Mate(2).sort_key() > Score::Mate(3).sort_key());
        assert!(Score::Mate(-5).sort_key() > Score::Mate(-2).sort_key());
        assert!(Score::Cp(-900).sort_key() > Score::Mate(-9).sort_key());
    }
}
