//! WXF notation (World Xiangqi Federation): `C2=5`, `H8+7`, `R+=2`.
//!
//! A move is four characters: the piece letter (K A E H R C P), the file it stands on counted
//! from its owner's right (1..9), the direction (`+` forward, `-` back, `=` sideways) and a
//! number: ranks travelled for a piece moving straight forward or back, otherwise the file it
//! arrives on.
//!
//! Like pieces on one file replace the file digit by their place: `+` the front one, `-` the rear
//! one (`R+=2`). Advisors and elephants keep the file digit, since the direction tells them
//! apart. Soldiers: three on a file are `P+`, `P<file>`, `P-`; four are `++`, `P+`, `P-`, `--`;
//! five are `++`, `P+`, `P<file>`, `P-`, `--`. When two files each hold several soldiers the file
//! digit comes first and the letter goes: `7+`, `7-`, and `33` for the middle of three on file 3.
//!
//! The writer writes those forms with `=` for sideways. The parser also takes `.` for sideways,
//! lower-case letters, the FEN letters B and N, front/rear before the letter (`+R=2`), and
//! Fairy-Stockfish's soldier numbering (`15=6`: the first soldier from the front on file 5).

use super::vertical::{self, Described, Direction, Found, Origin, Place, Selector, Wanted};
use super::{written, MoveParseError};
use crate::moves::Move;
use crate::position::Position;
use crate::role::Role;
use core::fmt::{self, Write};

#[inline]
fn digit(n: u8) -> char {
    char::from(b'0' + n)
}

/// Writes the WXF text of `d` into `out`.
fn write_described<W: Write>(d: &Described, out: &mut W) -> fmt::Result {
    let letter = d.piece.role.letter();
    match d.origin {
        Origin::File(file) => {
            out.write_char(letter)?;
            out.write_char(digit(file))?;
        }
        Origin::Tandem { file, index, count } => {
            let (first, second) = match (count, index) {
                (2 | 3, 0) => (letter, '+'),
                (2, 1) | (3, 2) => (letter, '-'),
                (3, 1) | (5, 2) => (letter, digit(file)),
                (4 | 5, 0) => ('+', '+'),
                (4 | 5, 1) => (letter, '+'),
                (4, 2) | (5, 3) => (letter, '-'),
                _ => ('-', '-'),
            };
            out.write_char(first)?;
            out.write_char(second)?;
        }
        Origin::PawnFile { file, index, count } => {
            out.write_char(digit(file))?;
            out.write_char(if index == 0 {
                '+'
            } else if index + 1 == count {
                '-'
            } else {
                digit(file)
            })?;
        }
    }
    out.write_char(d.direction.sign(['+', '-', '=']))?;
    out.write_char(digit(d.number))
}

/// Writes `m` in WXF notation into `out`, without allocating.
///
/// `m` should be legal in `pos`; any move of a piece standing on `m.from()` gets a text that
/// describes it. A move from an empty point has no WXF text and is written in ICCS coordinates.
pub fn write_wxf<W: Write>(pos: &Position, m: Move, out: &mut W) -> fmt::Result {
    vertical::write_move(pos, m, out, write_described)
}

fn direction(byte: u8) -> Option<Direction> {
    match byte {
        b'+' => Some(Direction::Forward),
        b'-' => Some(Direction::Backward),
        b'=' | b'.' => Some(Direction::Sideways),
        _ => None,
    }
}

fn file_digit(byte: u8) -> Option<u8> {
    matches!(byte, b'1'..=b'9').then(|| byte - b'0')
}

fn role_letter(byte: u8) -> Option<Role> {
    if byte.is_ascii_alphabetic() {
        Role::from_char(byte as char)
    } else {
        None
    }
}

/// What a WXF text asks for: up to two readings of its piece part, in order of preference.
struct Reading {
    selectors: [Option<Selector>; 2],
    role: Role,
    direction: Direction,
    number: u8,
}

fn reading(text: &str) -> Result<Reading, MoveParseError> {
    let bytes = text.trim().as_bytes();
    let &[c0, c1, c2, c3] = bytes else {
        return Err(MoveParseError::invalid(
            text,
            "a WXF move has four characters, like C2=5",
        ));
    };
    let direction = direction(c2).ok_or_else(|| {
        MoveParseError::invalid(text, "expected +, - or = as the third character")
    })?;
    let number = file_digit(c3)
        .ok_or_else(|| MoveParseError::invalid(text, "expected a digit 1-9 at the end"))?;
    let place = |file, place| Selector::Place { file, place };
    let bad_piece = || MoveParseError::invalid(text, "expected a piece letter K A E H R C P");
    let (role, first, second) = if let Some(role) = role_letter(c0) {
        let selector = match c1 {
            b'+' => place(None, Place::WxfPlus),
            b'-' => place(None, Place::WxfMinus),
            _ => Selector::File(
                file_digit(c1)
                    .ok_or_else(|| MoveParseError::invalid(text, "expected a file 1-9, + or -"))?,
            ),
        };
        (role, selector, None)
    } else if let Some(file) = file_digit(c0) {
        match c1 {
            b'+' => (Role::Soldier, place(Some(file), Place::Front), None),
            b'-' => (Role::Soldier, place(Some(file), Place::Rear), None),
            _ => {
                let second = file_digit(c1)
                    .ok_or_else(|| MoveParseError::invalid(text, "expected +, - or a digit"))?;
                // Fairy-Stockfish: the index from the front, then the file.
                let fsf = place(Some(second), Place::Nth(file));
                if second == file {
                    // The WXF document's middle soldier ("33") is tried first.
                    (Role::Soldier, place(Some(file), Place::Middle), Some(fsf))
                } else {
                    (Role::Soldier, fsf, None)
                }
            }
        }
    } else {
        let front = match c0 {
            b'+' => Place::WxfPlus,
            b'-' => Place::WxfMinus,
            _ => return Err(bad_piece()),
        };
        if c1 == c0 {
            let p = if c0 == b'+' {
                Place::WxfPlusPlus
            } else {
                Place::WxfMinusMinus
            };
            (Role::Soldier, place(None, p), None)
        } else {
            (
                role_letter(c1).ok_or_else(bad_piece)?,
                place(None, front),
                None,
            )
        }
    };
    Ok(Reading {
        selectors: [Some(first), second],
        role,
        direction,
        number,
    })
}

/// Parses a WXF move and finds it among the legal moves of `pos`.
pub fn parse_wxf(pos: &Position, text: &str) -> Result<Move, MoveParseError> {
    let Reading {
        selectors,
        role,
        direction,
        number,
    } = reading(text)?;
    let mut found = Found::NoPiece;
    for selector in selectors.into_iter().flatten() {
        found = vertical::find(
            pos,
            &Wanted {
                role,
                selector,
                direction,
                number,
            },
        );
        if !matches!(found, Found::NoPiece) {
            break;
        }
    }
    vertical::resolve(pos, text, found)
}

/// A WXF move as a value: four characters read from text ([`FromStr`](core::str::FromStr)),
/// resolved against a position ([`Wxf::to_move`]) and written back ([`Display`](fmt::Display)).
/// Parsing checks the syntax only and keeps the standard spelling: upper-case WXF letters (the
/// FEN letters B and N become E and H), `=` for sideways, the place after the letter (`+R=2`
/// becomes `R+=2`).
///
/// ```
/// use xiangqi_core::{Position, Wxf};
/// let pos = Position::startpos();
/// let wxf: Wxf = "c2.5".parse().unwrap();
/// assert_eq!(wxf.to_string(), "C2=5");
/// let m = wxf.to_move(&pos).unwrap();
/// assert_eq!(m.to_string(), "h2e2");
/// assert_eq!(Wxf::from_move(&pos, m), Some(wxf));
/// assert!("C2=0".parse::<Wxf>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Wxf([u8; 4]);

impl Wxf {
    /// The WXF text of a move of the piece on `m.from()` (`None` for an empty point). `m`
    /// should be legal in `pos` for the text to name it.
    pub fn from_move(pos: &Position, m: Move) -> Option<Wxf> {
        let described = vertical::describe(pos, m)?;
        let text = written(|out| write_described(&described, out));
        text.as_bytes().try_into().ok().map(Wxf)
    }

    /// The legal move of `pos` the text names (an error tells why there is none, or that it
    /// fits several).
    pub fn to_move(&self, pos: &Position) -> Result<Move, MoveParseError> {
        parse_wxf(pos, self.as_str())
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        // Only ASCII bytes are ever stored.
        core::str::from_utf8(&self.0).unwrap_or("")
    }
}

impl core::str::FromStr for Wxf {
    type Err = MoveParseError;

    fn from_str(text: &str) -> Result<Wxf, MoveParseError> {
        reading(text)?;
        let bytes = text.trim().as_bytes();
        let letter = |b: u8| role_letter(b).map(|r| r.letter() as u8);
        let (first, second) = match (letter(bytes[0]), letter(bytes[1])) {
            (Some(l), _) => (l, bytes[1]),
            // Front or rear before the letter: the standard puts it after.
            (None, Some(l)) => (l, bytes[0]),
            (None, None) => (bytes[0], bytes[1]),
        };
        let direction = if bytes[2] == b'.' { b'=' } else { bytes[2] };
        Ok(Wxf([first, second, direction, bytes[3]]))
    }
}

impl fmt::Display for Wxf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Position {
    /// The WXF text of `m` (see [`write_wxf`] for moves that are not legal here).
    ///
    /// ```
    /// use xiangqi_core::{Position, Move, Square};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.to_wxf(Move::new(Square::H2, Square::E2)), "C2=5");
    /// ```
    pub fn to_wxf(&self, m: Move) -> String {
        written(|out| write_wxf(self, m, out))
    }

    /// Parses a WXF move (`C2=5`, `C2.5`, `R+=2`, `15=6`) and checks that it is legal here.
    ///
    /// ```
    /// use xiangqi_core::{Position, MoveParseError};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.parse_wxf("C2.5").unwrap().to_string(), "h2e2");
    /// assert!(matches!(pos.parse_wxf("C2+9"), Err(MoveParseError::Illegal { .. })));
    /// assert!(matches!(pos.parse_wxf("X2=5"), Err(MoveParseError::Invalid { .. })));
    /// ```
    pub fn parse_wxf(&self, text: &str) -> Result<Move, MoveParseError> {
        parse_wxf(self, text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_keep_the_standard_spelling() {
        for (text, standard) in [
            ("C2=5", "C2=5"),
            ("c2.5", "C2=5"),
            ("N8+7", "H8+7"),
            ("b3+5", "E3+5"),
            ("+R=2", "R+=2"),
            ("-c-1", "C--1"),
            ("++=4", "++=4"),
            ("33+1", "33+1"),
            ("7-=6", "7-=6"),
        ] {
            let value: Wxf = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(value.to_string(), standard, "{text}");
            assert_eq!(value.as_str().parse::<Wxf>(), Ok(value), "{text}");
        }
        for bad in ["", "C2=", "C2=55", "X2=5", "C0=5", "C2*5", "+-=5"] {
            assert!(bad.parse::<Wxf>().is_err(), "{bad:?}");
        }
    }
}
