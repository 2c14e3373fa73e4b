//! FEN: parse and write.
//!
//! `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`: ten ranks from
//! Black's back rank (rank 9) down to Red's, the side to move (`w` or `r` for Red, `b` for
//! Black), two unused fields (`-`), the no-capture ply counter and the move number. Letters
//! K A B N R C P, upper case for Red; E (elephant) and H (horse) are accepted on input.

use crate::color::Color;
use crate::position::{Position, PositionError};
use crate::role::Piece;
use crate::setup::Setup;
use crate::square::{File, Rank, Square};
use core::fmt;

pub use crate::variants::xiangqi::STARTING_FEN;

/// The field of a FEN where a syntax error was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FenField {
    /// The piece placement (first field).
    Board,
    /// The side to move (second field).
    Turn,
    /// The unused castling and en-passant fields (must be `-` when present).
    Unused,
    /// The no-capture ply counter.
    Halfmoves,
    /// The move number.
    Fullmoves,
    /// Text after the last field.
    Trailing,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Board => "board field",
            FenField::Turn => "side-to-move field",
            FenField::Unused => "castling/en-passant field",
            FenField::Halfmoves => "halfmove-clock field",
            FenField::Fullmoves => "move-number field",
            FenField::Trailing => "end of the FEN",
        })
    }
}

/// Why a FEN was rejected.
#[derive(Clone, Debug, PartialEq)]
pub enum FenError {
    /// The text does not follow the FEN syntax.
    Syntax {
        /// The field in error.
        field: FenField,
        /// The rank in error (board field only).
        rank: Option<Rank>,
        /// What is wrong, in words.
        message: String,
    },
    /// The FEN is well formed but describes an illegal position.
    Illegal(PositionError),
}

impl FenError {
    fn syntax(field: FenField, rank: Option<Rank>, message: impl Into<String>) -> FenError {
        FenError::Syntax {
            field,
            rank,
            message: message.into(),
        }
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Syntax {
                field,
                rank: Some(rank),
                message,
            } => {
                write!(f, "invalid FEN: {field}, rank {rank}: {message}")
            }
            FenError::Syntax {
                field,
                rank: None,
                message,
            } => write!(f, "invalid FEN: {field}: {message}"),
            FenError::Illegal(err) => write!(f, "invalid FEN: {err}"),
        }
    }
}

impl std::error::Error for FenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FenError::Illegal(err) => Some(err),
            FenError::Syntax { .. } => None,
        }
    }
}

impl From<PositionError> for FenError {
    fn from(err: PositionError) -> FenError {
        FenError::Illegal(err)
    }
}

fn parse_board(board: &str, setup: &mut Setup) -> Result<(), FenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 10 {
        return Err(FenError::syntax(
            FenField::Board,
            None,
            format!("expected 10 ranks separated by '/', found {}", ranks.len()),
        ));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = Rank::ALL[9 - i];
        let mut file = 0usize;
        let mut previous_digit = false;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 {
                    return Err(FenError::syntax(
                        FenField::Board,
                        Some(rank),
                        "empty-point count 0",
                    ));
                }
                if previous_digit {
                    return Err(FenError::syntax(
                        FenField::Board,
                        Some(rank),
                        "two digits in a row",
                    ));
                }
                previous_digit = true;
                file += d as usize;
            } else {
                previous_digit = false;
                let piece = Piece::from_fen_char(c).ok_or_else(|| {
                    FenError::syntax(
                        FenField::Board,
                        Some(rank),
                        format!("unknown piece letter {c:?}"),
                    )
                })?;
                if file < 9 {
                    setup.board[Square::from_coords(File::ALL[file], rank).index()] = Some(piece);
                }
                file += 1;
            }
            if file > 9 {
                return Err(FenError::syntax(
                    FenField::Board,
                    Some(rank),
                    "more than 9 points",
                ));
            }
        }
        if file != 9 {
            return Err(FenError::syntax(
                FenField::Board,
                Some(rank),
                format!("{file} points instead of 9"),
            ));
        }
    }
    Ok(())
}

fn is_number(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// A counter field: a whole number at most `max` ("too large" above it).
fn parse_counter(field: FenField, text: &str, max: u32) -> Result<u32, FenError> {
    if !is_number(text) {
        return Err(FenError::syntax(
            field,
            None,
            format!("{text:?} is not a non-negative number"),
        ));
    }
    text.parse::<u32>()
        .ok()
        .filter(|&n| n <= max)
        .ok_or_else(|| {
            FenError::syntax(
                field,
                None,
                format!(
                    "{} is too large (at most {max})",
                    text.trim_start_matches('0')
                ),
            )
        })
}

/// Parses a FEN into an unvalidated [`Setup`]. Missing trailing fields default to Red to move,
/// counter 0 and move 1.
pub fn parse_fen(fen: &str) -> Result<Setup, FenError> {
    let mut setup = Setup::empty();
    let mut fields = fen.split_ascii_whitespace();
    let board = fields
        .next()
        .ok_or_else(|| FenError::syntax(FenField::Board, None, "the FEN is empty"))?;
    parse_board(board, &mut setup)?;
    if let Some(turn) = fields.next() {
        let mut chars = turn.chars();
        setup.turn = match (chars.next().and_then(Color::from_fen_char), chars.next()) {
            (Some(color), None) => color,
            _ => {
                return Err(FenError::syntax(
                    FenField::Turn,
                    None,
                    format!("{turn:?} is not a side to move (w, r or b)"),
                ))
            }
        };
    }
    let rest: Vec<&str> = fields.collect();
    let mut i = 0;
    // Up to two unused fields, each "-", may precede the counters.
    while i < rest.len() && i < 2 && !is_number(rest[i]) {
        if rest[i] != "-" {
            return Err(FenError::syntax(
                FenField::Unused,
                None,
                format!(
                    "{:?}: xiangqi has no castling or en passant, expected '-'",
                    rest[i]
                ),
            ));
        }
        i += 1;
    }
    if let Some(text) = rest.get(i) {
        setup.halfmoves = parse_counter(FenField::Halfmoves, text, u32::MAX)?;
        i += 1;
    }
    if let Some(text) = rest.get(i) {
        let fullmoves = parse_counter(FenField::Fullmoves, text, crate::position::MAX_FULLMOVES)?;
        setup.fullmoves = fullmoves.max(1);
        i += 1;
    }
    if let Some(text) = rest.get(i) {
        return Err(FenError::syntax(
            FenField::Trailing,
            None,
            format!("unexpected {text:?}"),
        ));
    }
    Ok(setup)
}

/// Writes the board field of a FEN.
pub fn board_fen(setup: &Setup) -> String {
    let mut out = String::with_capacity(90);
    for r in (0..10).rev() {
        let mut empty = 0;
        for f in 0..9 {
            match setup.board[r * 9 + f] {
                Some(piece) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(piece.fen_char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if r > 0 {
            out.push('/');
        }
    }
    out
}

/// Writes a full FEN.
pub fn write_fen(setup: &Setup) -> String {
    format!(
        "{} {} - - {} {}",
        board_fen(setup),
        setup.turn.fen_char(),
        setup.halfmoves,
        setup.fullmoves
    )
}

impl Position {
    /// Parses and validates a FEN.
    ///
    /// ```
    /// use xiangqi_core::{Position, fen::{FenError, FenField}};
    /// let pos = Position::from_fen(xiangqi_core::fen::STARTING_FEN).unwrap();
    /// assert_eq!(pos.fen(), xiangqi_core::fen::STARTING_FEN);
    /// match Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w") {
    ///     Err(FenError::Syntax { field: FenField::Board, rank: Some(rank), .. }) => assert_eq!(rank.index(), 0),
    ///     other => panic!("{other:?}"),
    /// }
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Ok(Position::from_setup(parse_fen(fen)?)?)
    }

    /// Parses and validates a FEN of a position played by `variant` (a FEN does not name its
    /// game). Janggi FENs are Fairy-Stockfish's: Cho upper case and moving first (`w`), the
    /// letters K A B/E N/H R C P.
    ///
    /// ```
    /// use xiangqi_core::{Position, Variant};
    /// let fen = "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"; // bikjang: legal in janggi only
    /// assert!(Position::from_fen(fen).is_err());
    /// let pos = Position::from_fen_variant(fen, Variant::Janggi).unwrap();
    /// assert!(pos.is_bikjang());
    /// assert_eq!(pos.legal_moves().len(), 3); // the pass, d0 and f0 (e1 would keep the facing)
    /// ```
    pub fn from_fen_variant(fen: &str, variant: crate::Variant) -> Result<Position, FenError> {
        let mut setup = parse_fen(fen)?;
        setup.variant = variant;
        Ok(Position::from_setup(setup)?)
    }

    /// The FEN of this position.
    pub fn fen(&self) -> String {
        write_fen(&self.to_setup())
    }

    /// The board field of the FEN only.
    pub fn board_fen(&self) -> String {
        board_fen(&self.to_setup())
    }
}

impl core::str::FromStr for Position {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

/// Serialised as its FEN; a janggi position as its variant's name, a space and its FEN
/// (`janggi rnba1abnr/... w - - 0 1`).
#[cfg(feature = "serde")]
impl serde::Serialize for Position {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.variant().is_janggi() {
            s.serialize_str(&format!("{} {}", self.variant(), self.fen()))
        } else {
            s.serialize_str(&self.fen())
        }
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Position {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        let (variant, fen) = match s.split_once(' ') {
            Some((first, rest)) if !first.contains('/') => (
                first
                    .parse::<crate::Variant>()
                    .map_err(serde::de::Error::custom)?,
                rest,
            ),
            _ => (crate::Variant::Xiangqi, &*s),
        };
        Position::from_fen_variant(fen, variant).map_err(serde::de::Error::custom)
    }
}
