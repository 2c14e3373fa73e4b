//! Move notations: ICCS coordinates (and the 1..10-rank dialect), WXF and Chinese.

pub mod iccs;

pub use iccs::RankDialect;

use core::fmt;

/// Why a move text could not be turned into a legal move. Syntax, legality and ambiguity are
/// told apart, as python-chess does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveParseError {
    /// The text is not a move in this notation.
    Invalid {
        /// The text given.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The text names a move, but it is not legal in this position.
    Illegal {
        /// The text given.
        text: String,
        /// Why, in words.
        reason: String,
    },
    /// The text fits more than one legal move.
    Ambiguous {
        /// The text given.
        text: String,
    },
}

impl MoveParseError {
    pub(crate) fn invalid(text: &str, reason: impl Into<String>) -> MoveParseError {
        MoveParseError::Invalid {
            text: text.to_owned(),
            reason: reason.into(),
        }
    }

    pub(crate) fn illegal(text: &str, reason: impl Into<String>) -> MoveParseError {
        MoveParseError::Illegal {
            text: text.to_owned(),
            reason: reason.into(),
        }
    }
}

impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveParseError::Invalid { text, reason } => {
                write!(f, "invalid move {text:?}: {reason}")
            }
            MoveParseError::Illegal { text, reason } => {
                write!(f, "illegal move {text:?}: {reason}")
            }
            MoveParseError::Ambiguous { text } => write!(f, "ambiguous move {text:?}"),
        }
    }
}

impl std::error::Error for MoveParseError {}
