//! Move notations: ICCS coordinates (and the 1..10-rank dialect), WXF, Chinese and Vietnamese;
//! for janggi, the Korean coordinates and Fairy-Stockfish's ([`korean`]).
//!
//! Each notation is a value type: [`Iccs`], [`Wxf`] and [`Chinese`] parse from text (the syntax
//! alone), resolve against a [`Position`] to a legal [`Move`] (`to_move`), are made from a move
//! (`from_move`, which needs the position for WXF and Chinese since they name the piece and its
//! file) and display as text. [`Notation`] picks one by value, the `Position` methods
//! (`parse_wxf`, `to_chinese`, ...) do a parse or a write in one call, and
//! [`Position::parse_any`] takes whichever a person types.
//!
//! ```
//! use xiangqi_core::{Position, notation::Notation};
//! let pos = Position::startpos();
//! let m = pos.parse_any("炮二平五").unwrap();
//! assert_eq!(pos.parse_any("C2=5").unwrap(), m);
//! assert_eq!(pos.parse_any("h2e2").unwrap(), m);
//! assert_eq!(pos.format_move(m, Notation::Wxf).unwrap(), "C2=5");
//! assert_eq!(pos.format_move(m, Notation::ChineseTraditional).unwrap(), "炮二平五");
//! ```

pub mod chinese;
pub mod iccs;
pub mod korean;
mod vertical;
pub mod vietnamese;
pub mod wxf;

pub use chinese::{Chinese, ChineseStyle};
pub use iccs::{Iccs, RankDialect};
pub use wxf::Wxf;

use crate::moves::Move;
use crate::position::{IllegalMove, Position};
use core::fmt;
use core::str::FromStr;

/// The text a notation writer gives, in a new `String` (writing into a `String` cannot fail).
pub(crate) fn written(write: impl FnOnce(&mut String) -> fmt::Result) -> String {
    let mut out = String::with_capacity(16);
    let _ = write(&mut out);
    out
}

/// A move notation, chosen by value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Notation {
    /// ICCS/UCCI coordinates with ranks 0..9: `h2e2`.
    #[default]
    Iccs,
    /// Coordinates with ranks 1..10, as Fairy-Stockfish's UCI speaks them: `h3e3`.
    IccsOneBased,
    /// WXF: `C2=5`.
    Wxf,
    /// Chinese in simplified characters: `炮二平五`, `马8进7`.
    Chinese,
    /// Chinese in traditional characters: `炮二平五`, `馬8進7`.
    ChineseTraditional,
    /// Vietnamese: `P2-5`, `M8.7` (see [`vietnamese`]).
    Vietnamese,
    /// Korean janggi coordinates: `79졸78`, the pass `한수쉼` (see [`korean`]).
    Korean,
    /// Fairy-Stockfish's janggi notation: `P79-78`, `H02x83` (see [`korean`]).
    KoreanFsf,
}

impl Notation {
    /// Every notation.
    pub const ALL: [Notation; 8] = [
        Notation::Iccs,
        Notation::IccsOneBased,
        Notation::Wxf,
        Notation::Chinese,
        Notation::ChineseTraditional,
        Notation::Vietnamese,
        Notation::Korean,
        Notation::KoreanFsf,
    ];

    /// A short lower-case name: `iccs`, `iccs1`, `wxf`, `chinese`, `chinese-traditional`,
    /// `vietnamese`, `korean`, `korean-fsf`.
    pub const fn name(self) -> &'static str {
        match self {
            Notation::Iccs => "iccs",
            Notation::IccsOneBased => "iccs1",
            Notation::Wxf => "wxf",
            Notation::Chinese => "chinese",
            Notation::ChineseTraditional => "chinese-traditional",
            Notation::Vietnamese => "vietnamese",
            Notation::Korean => "korean",
            Notation::KoreanFsf => "korean-fsf",
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing a notation name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownNotation(pub String);

impl fmt::Display for UnknownNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown notation {:?} (expected iccs, iccs1, wxf, chinese, chinese-traditional, vietnamese, korean or korean-fsf)",
            self.0
        )
    }
}

impl std::error::Error for UnknownNotation {}

impl FromStr for Notation {
    type Err = UnknownNotation;
    /// Takes the names of [`Notation::name`], in any case, and `uci`/`ucci` for ICCS.
    fn from_str(s: &str) -> Result<Notation, UnknownNotation> {
        Ok(match s.trim().to_ascii_lowercase().as_str() {
            "iccs" | "uci" | "ucci" | "coordinates" => Notation::Iccs,
            "iccs1" | "iccs-one-based" => Notation::IccsOneBased,
            "wxf" => Notation::Wxf,
            "chinese" | "chinese-simplified" | "zh" => Notation::Chinese,
            "chinese-traditional" | "traditional" => Notation::ChineseTraditional,
            "vietnamese" | "vi" | "vn" => Notation::Vietnamese,
            "korean" | "ko" | "janggi" => Notation::Korean,
            "korean-fsf" | "fsf" | "janggi-fsf" => Notation::KoreanFsf,
            _ => return Err(UnknownNotation(s.to_owned())),
        })
    }
}

impl Position {
    /// Writes `m` in `notation` into `out` without checking it or allocating (for exporting
    /// many games). `m` should be legal here; see [`wxf::write_wxf`] for what happens otherwise.
    pub fn write_move<W: fmt::Write>(
        &self,
        m: Move,
        notation: Notation,
        out: &mut W,
    ) -> fmt::Result {
        match notation {
            Notation::Iccs => write!(out, "{m}"),
            Notation::IccsOneBased => out.write_str(&iccs::write_coords(m, RankDialect::One)),
            Notation::Wxf => wxf::write_wxf(self, m, out),
            Notation::Chinese => chinese::write_chinese(self, m, ChineseStyle::SIMPLIFIED, out),
            Notation::ChineseTraditional => {
                chinese::write_chinese(self, m, ChineseStyle::TRADITIONAL, out)
            }
            Notation::Vietnamese => vietnamese::write_vietnamese(self, m, out),
            Notation::Korean => korean::write_korean(self, m, out),
            Notation::KoreanFsf => korean::write_fsf(self, m, out),
        }
    }

    /// The text of a legal move in `notation`.
    pub fn format_move(&self, m: Move, notation: Notation) -> Result<String, IllegalMove> {
        if !self.is_legal(m) {
            return Err(IllegalMove { mv: m });
        }
        Ok(written(|out| self.write_move(m, notation, out)))
    }

    /// Parses a move written in `notation` and checks that it is legal here.
    pub fn parse_move(&self, text: &str, notation: Notation) -> Result<Move, MoveParseError> {
        match notation {
            Notation::Iccs => self.parse_iccs(text, RankDialect::Zero),
            Notation::IccsOneBased => self.parse_iccs(text, RankDialect::One),
            Notation::Wxf => self.parse_wxf(text),
            Notation::Chinese | Notation::ChineseTraditional => self.parse_chinese(text),
            Notation::Vietnamese => self.parse_vietnamese(text),
            Notation::Korean => self.parse_korean(text),
            Notation::KoreanFsf => self.parse_korean_fsf(text),
        }
    }

    /// Parses a move in ICCS coordinates (ranks 0..9, `h2e2` or `H2-E2`), WXF, Chinese,
    /// Vietnamese or janggi's Korean and Fairy-Stockfish notations, whichever the text is. The first three cannot be confused: Chinese is not
    /// ASCII, and a WXF move has its direction sign where coordinates have a file letter. A
    /// text that is no legal WXF move is read as Vietnamese (`P2-5`, `M8.7`), whose letters
    /// and signs overlap WXF's: a text legal in both (`P7.6`, a soldier sideways in WXF and a
    /// cannon forward in Vietnamese) is taken as WXF.
    ///
    /// ```
    /// use xiangqi_core::{Position, MoveParseError};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.parse_any("H2-E2").unwrap().to_string(), "h2e2");
    /// assert_eq!(pos.parse_any("马2进3").unwrap().to_string(), "h0g2");
    /// assert!(matches!(pos.parse_any("hello"), Err(MoveParseError::Invalid { .. })));
    /// ```
    pub fn parse_any(&self, text: &str) -> Result<Move, MoveParseError> {
        let trimmed = text.trim();
        if !trimmed.is_ascii() {
            // Korean (79졸78, 한수쉼) has digits and hangul or one hanja between them; Chinese
            // writes no Arabic digit first.
            if trimmed.starts_with(|c: char| c.is_ascii_digit()) || trimmed.starts_with('한') {
                return self.parse_korean(text);
            }
            return self.parse_chinese(text);
        }
        if let Ok(m) = self.parse_korean_fsf(trimmed) {
            return Ok(m);
        }
        if iccs::parse_coords(trimmed, RankDialect::Zero).is_ok() {
            return self.parse_iccs(trimmed, RankDialect::Zero);
        }
        let wxf = self.parse_wxf(text);
        if wxf.is_ok() {
            return wxf;
        }
        if let Ok(m) = self.parse_vietnamese(text) {
            return Ok(m);
        }
        wxf.map_err(|e| match e {
            MoveParseError::Invalid { .. } => match self.parse_vietnamese(text) {
                // Vietnamese by its shape (M8.7): its reason says more than WXF's.
                Err(e @ (MoveParseError::Illegal { .. } | MoveParseError::Ambiguous { .. })) => e,
                _ => MoveParseError::invalid(
                    text,
                    "not a move in ICCS (h2e2), WXF (C2=5), Chinese (炮二平五) or Vietnamese (P2-5) notation",
                ),
            },
            other => other,
        })
    }
}

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
