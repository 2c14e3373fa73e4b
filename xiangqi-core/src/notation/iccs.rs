//! ICCS/UCCI coordinates: `h2e2` (files a..i from Red's left, ranks 0..9 from Red's side), and
//! the dialect with ranks 1..10 (`h3e3`) that some engines (Fairy-Stockfish in UCI mode) speak.

use super::MoveParseError;
use crate::moves::Move;
use crate::position::Position;
use crate::square::{File, Rank, Square};

/// How ranks are numbered in coordinate notation. Never guessed: the caller names it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RankDialect {
    /// Ranks 0..9 (ICCS, UCCI, and UCI as the strongest xiangqi engines speak it).
    #[default]
    Zero,
    /// Ranks 1..10 (Fairy-Stockfish's UCI for xiangqi).
    One,
}

fn parse_square(
    text: &str,
    bytes: &[u8],
    dialect: RankDialect,
) -> Result<(Square, usize), MoveParseError> {
    let file = bytes
        .first()
        .and_then(|b| File::from_char(b.to_ascii_lowercase() as char))
        .ok_or_else(|| MoveParseError::invalid(text, "expected a file letter a-i"))?;
    let digits: usize = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
    let (rank_index, used) = match dialect {
        RankDialect::Zero if digits >= 1 => ((bytes[1] - b'0') as u32, 1),
        RankDialect::One if digits >= 2 && bytes[1] == b'1' && bytes[2] == b'0' => (9, 2),
        RankDialect::One if digits >= 1 && bytes[1] != b'0' => ((bytes[1] - b'1') as u32, 1),
        _ => return Err(MoveParseError::invalid(text, "expected a rank number")),
    };
    let rank =
        Rank::new(rank_index).ok_or_else(|| MoveParseError::invalid(text, "rank out of range"))?;
    Ok((Square::from_coords(file, rank), 1 + used))
}

/// Parses coordinates into a [`Move`] without looking at a position. Accepts an optional `-`
/// between the points (`h2-e2`), as old ICCS files write, and [`Move::NULL_TEXT`] (`0000`)
/// for [`Move::NULL`].
pub fn parse_coords(text: &str, dialect: RankDialect) -> Result<Move, MoveParseError> {
    if text.trim() == Move::NULL_TEXT {
        return Ok(Move::NULL);
    }
    let bytes = text.trim().as_bytes();
    let (from, used) = parse_square(text, bytes, dialect)?;
    let mut rest = &bytes[used..];
    if rest.first() == Some(&b'-') {
        rest = &rest[1..];
    }
    let (to, used) = parse_square(text, rest, dialect)?;
    if used != rest.len() {
        return Err(MoveParseError::invalid(
            text,
            "unexpected text after the move",
        ));
    }
    Ok(Move::new(from, to))
}

/// Writes a move in coordinates.
pub fn write_coords(m: Move, dialect: RankDialect) -> String {
    if m.is_null() {
        return Move::NULL_TEXT.to_owned();
    }
    match dialect {
        RankDialect::Zero => m.to_string(),
        RankDialect::One => format!(
            "{}{}{}{}",
            m.from().file(),
            m.from().rank().index() + 1,
            m.to().file(),
            m.to().rank().index() + 1
        ),
    }
}

// A move serialises as its coordinates: here, beside the parser, so that the vocabulary type
// `Move` does not depend on the notations.
#[cfg(feature = "serde")]
impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.iccs())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        parse_coords(&s, RankDialect::Zero).map_err(serde::de::Error::custom)
    }
}

/// A move in ICCS coordinates as a value: read from text ([`FromStr`](core::str::FromStr) takes
/// ranks 0..9, [`Iccs::parse`] either dialect), checked against a position ([`Iccs::to_move`])
/// and written back ([`Display`](core::fmt::Display): `h2e2`; [`Iccs::text`] for a dialect).
///
/// ```
/// use xiangqi_core::{Iccs, Position, RankDialect};
/// let pos = Position::startpos();
/// let iccs: Iccs = "H2-E2".parse().unwrap();
/// assert_eq!(iccs.to_string(), "h2e2");
/// assert_eq!(iccs.text(RankDialect::One), "h3e3");
/// assert_eq!(iccs.to_move(&pos).unwrap().to_string(), "h2e2");
/// let blocked = Iccs::parse("a1a6", RankDialect::One).unwrap();
/// assert_eq!(
///     blocked.to_move(&pos).unwrap_err().to_string(),
///     "illegal move \"a0a5\": the path is blocked"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Iccs {
    /// The point the move leaves.
    pub from: Square,
    /// The point it goes to.
    pub to: Square,
}

impl Iccs {
    /// The coordinates of a move.
    pub const fn from_move(m: Move) -> Iccs {
        Iccs {
            from: m.from(),
            to: m.to(),
        }
    }

    /// Parses coordinates in `dialect` (the syntax only).
    pub fn parse(text: &str, dialect: RankDialect) -> Result<Iccs, MoveParseError> {
        parse_coords(text, dialect).map(Iccs::from_move)
    }

    /// The move, when it is legal in `pos`; otherwise an error with the reason.
    pub fn to_move(&self, pos: &Position) -> Result<Move, MoveParseError> {
        let m = Move::new(self.from, self.to);
        match pos.illegal_reason(m) {
            None => Ok(m),
            Some(reason) => Err(MoveParseError::illegal(&m.to_string(), reason.message())),
        }
    }

    /// The text in `dialect`.
    pub fn text(&self, dialect: RankDialect) -> String {
        write_coords(Move::new(self.from, self.to), dialect)
    }
}

impl core::str::FromStr for Iccs {
    type Err = MoveParseError;

    fn from_str(text: &str) -> Result<Iccs, MoveParseError> {
        Iccs::parse(text, RankDialect::Zero)
    }
}

impl core::fmt::Display for Iccs {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl Position {
    /// Parses a coordinate move and checks that it is legal here.
    ///
    /// ```
    /// use xiangqi_core::{Position, notation::RankDialect};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.parse_iccs("h2e2", RankDialect::Zero).unwrap().to_string(), "h2e2");
    /// assert_eq!(pos.parse_iccs("h3e3", RankDialect::One).unwrap().to_string(), "h2e2");
    /// assert!(pos.parse_iccs("h2h9", RankDialect::Zero).is_ok()); // the cannon takes the horse over h7
    /// assert!(pos.parse_iccs("h2h8", RankDialect::Zero).is_err()); // nothing to take beyond the screen
    /// assert_eq!(
    ///     pos.parse_iccs("h0h2", RankDialect::Zero).unwrap_err().to_string(),
    ///     "illegal move \"h0h2\": that piece does not move so"
    /// );
    /// ```
    ///
    /// In janggi `0000` is the pass, as well as the general's point twice (`e1e1`).
    pub fn parse_iccs(&self, text: &str, dialect: RankDialect) -> Result<Move, MoveParseError> {
        let mut m = parse_coords(text, dialect)?;
        if m.is_null() && self.variant().is_janggi() {
            m = self.pass_move();
        }
        match self.illegal_reason(m) {
            None => Ok(m),
            Some(reason) => Err(MoveParseError::illegal(text, reason.message())),
        }
    }
}
