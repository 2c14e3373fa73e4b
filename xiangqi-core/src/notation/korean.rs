//! Janggi coordinate notations: the Korean one of records and books (`79졸78`, the pass
//! `한수쉼`) and Fairy-Stockfish's (`P79-78`, `H02x83`).
//!
//! Both name a point by two digits, the row first: rows 1 to 9 and 0 from Han's back rank
//! (the top of the board as Cho sees it) down to Cho's, columns 1 to 9 from Cho's left. Both
//! sides' moves use the same points. Cho's general starts on `95`; Cho's soldier on the
//! right-hand edge stands on `79`, so its step to the left is `79졸78`.
//!
//! | piece | Korean | hanja | Fairy-Stockfish |
//! |---|---|---|---|
//! | general | 장 (궁) | 將 (楚, 漢) | `K` |
//! | guard | 사 | 士 | `A` |
//! | elephant | 상 | 象 | `E` (`B` read) |
//! | horse | 마 | 馬 | `H` (`N` read) |
//! | chariot | 차 | 車 | `R` |
//! | cannon | 포 | 包 (砲) | `C` |
//! | soldier | 졸 (Cho), 병 (Han) | 卒, 兵 | `P` |
//!
//! Korean: the origin, the piece, the destination (`02마83`); a pass is `한수쉼` (also read
//! with a space, `한수 쉼`). Fairy-Stockfish (`NOTATION_JANGGI` in pyffish's `get_san`): the
//! letter, the origin, `-` (or `x` for a capture), the destination (`H02-83`), then `+` for a
//! check or `#` for a mate; a pass is the general's point twice (`K95-95`). The parsers take either soldier name for either side and
//! ignore spaces around the text.
//!
//! ```
//! use xiangqi_core::{notation::Notation, Position, Variant};
//! let pos = Position::start_of(Variant::Janggi);
//! let m = pos.parse_move("79졸78", Notation::Korean).unwrap();
//! assert_eq!(m.to_string(), "i3h3");
//! assert_eq!(pos.format_move(m, Notation::KoreanFsf).unwrap(), "P79-78");
//! assert_eq!(pos.format_move(pos.pass_move(), Notation::Korean).unwrap(), "한수쉼");
//! assert_eq!(pos.parse_move("K95-95", Notation::KoreanFsf).unwrap(), pos.pass_move());
//! ```

use super::MoveParseError;
use crate::color::Color;
use crate::moves::Move;
use crate::position::Position;
use crate::role::Role;
use crate::square::Square;
use core::fmt::{self, Write};

/// The pass in Korean records.
pub const KOREAN_PASS: &str = "한수쉼";

/// A piece's name in Korean notation (`color` tells Cho's soldier 졸 from Han's 병).
pub const fn korean_name(color: Color, role: Role) -> char {
    match role {
        Role::General => '장',
        Role::Advisor => '사',
        Role::Elephant => '상',
        Role::Horse => '마',
        Role::Chariot => '차',
        Role::Cannon => '포',
        Role::Soldier => match color {
            Color::Red => '졸',
            Color::Black => '병',
        },
    }
}

/// A piece's letter in Fairy-Stockfish's janggi notation: the letter players see,
/// [`Role::letter`].
pub const fn fsf_letter(role: Role) -> char {
    role.letter()
}

fn role_of_korean(c: char) -> Option<Role> {
    Some(match c {
        '장' | '궁' | '將' | '楚' | '漢' => Role::General,
        '사' | '士' => Role::Advisor,
        '상' | '象' => Role::Elephant,
        '마' | '馬' => Role::Horse,
        '차' | '車' => Role::Chariot,
        '포' | '包' | '砲' => Role::Cannon,
        '졸' | '병' | '卒' | '兵' => Role::Soldier,
        _ => return None,
    })
}

/// The two digits of a point: its row (1..9, 0 from Han's back rank) and column (1..9).
fn write_point<W: Write>(sq: Square, out: &mut W) -> fmt::Result {
    let row = (10 - sq.rank().index()) % 10;
    out.write_char(char::from(b'0' + row as u8))?;
    out.write_char(char::from(b'1' + sq.file().index() as u8))
}

/// The point two digits name, or `None`.
fn read_point(row: char, column: char) -> Option<Square> {
    let row = row.to_digit(10)?;
    let column = column.to_digit(10).filter(|c| (1..=9).contains(c))?;
    let rank = (10 - row) % 10;
    Square::new(rank * 9 + column - 1)
}

/// Writes `m` in Korean notation; a move that does not start on a piece is written with `?`
/// for the piece.
pub fn write_korean<W: Write>(pos: &Position, m: Move, out: &mut W) -> fmt::Result {
    if m.from() == m.to() && pos.variant().is_janggi() {
        return out.write_str(KOREAN_PASS);
    }
    write_point(m.from(), out)?;
    match pos.piece_at(m.from()) {
        Some(p) => out.write_char(korean_name(p.color, p.role))?,
        None => out.write_char('?')?,
    }
    write_point(m.to(), out)
}

/// Writes `m` in Fairy-Stockfish's janggi notation (a pass is the general's point twice),
/// with `+` after a check and `#` after a mate.
pub fn write_fsf<W: Write>(pos: &Position, m: Move, out: &mut W) -> fmt::Result {
    let piece = pos.piece_at(m.from());
    out.write_char(piece.map_or('?', |p| fsf_letter(p.role)))?;
    write_point(m.from(), out)?;
    let capture = m.from() != m.to() && pos.piece_at(m.to()).is_some();
    out.write_char(if capture { 'x' } else { '-' })?;
    write_point(m.to(), out)?;
    if pos.is_legal(m) && pos.gives_check(m) {
        let mut after = pos.clone();
        after.make_move(m);
        out.write_char(if after.has_legal_moves() { '+' } else { '#' })?;
    }
    Ok(())
}

/// Checks the piece named and the move's legality.
fn resolve(pos: &Position, text: &str, role: Role, m: Move) -> Result<Move, MoveParseError> {
    match pos.piece_at(m.from()) {
        Some(p) if p.color == pos.turn() && p.role != role => {
            return Err(MoveParseError::illegal(
                text,
                format!("the piece on that point is not a {}", role.name()),
            ))
        }
        _ => {}
    }
    match pos.illegal_reason(m) {
        None => Ok(m),
        Some(reason) => Err(MoveParseError::illegal(text, reason.message())),
    }
}

impl Position {
    /// Parses a move in Korean notation (`79졸78`, `한수쉼`) and checks it is legal here.
    pub fn parse_korean(&self, text: &str) -> Result<Move, MoveParseError> {
        let trimmed = text.trim();
        if trimmed == KOREAN_PASS || trimmed == "한수 쉼" {
            return match self.illegal_reason(self.pass_move()) {
                None if self.variant().is_janggi() => Ok(self.pass_move()),
                None => Err(MoveParseError::illegal(text, "only janggi has the pass")),
                Some(reason) => Err(MoveParseError::illegal(text, reason.message())),
            };
        }
        let chars: Vec<char> = trimmed.chars().collect();
        let invalid =
            || MoveParseError::invalid(text, "expected a Korean move such as 79졸78 or 한수쉼");
        let [r1, c1, piece, r2, c2] = chars[..] else {
            return Err(invalid());
        };
        let role = role_of_korean(piece).ok_or_else(invalid)?;
        let from = read_point(r1, c1).ok_or_else(invalid)?;
        let to = read_point(r2, c2).ok_or_else(invalid)?;
        resolve(self, text, role, Move::new(from, to))
    }

    /// Parses a move in Fairy-Stockfish's janggi notation (`H02-83`, `K04x95`, the pass
    /// `K95-95`) and checks it is legal here.
    pub fn parse_korean_fsf(&self, text: &str) -> Result<Move, MoveParseError> {
        let chars: Vec<char> = text.trim().trim_end_matches(['+', '#']).chars().collect();
        let invalid = || MoveParseError::invalid(text, "expected a move such as H02-83 or K04x95");
        let [letter, r1, c1, sign, r2, c2] = chars[..] else {
            return Err(invalid());
        };
        let role = Role::from_char(letter).ok_or_else(invalid)?;
        if !matches!(sign, '-' | 'x' | 'X') {
            return Err(invalid());
        }
        let from = read_point(r1, c1).ok_or_else(invalid)?;
        let to = read_point(r2, c2).ok_or_else(invalid)?;
        resolve(self, text, role, Move::new(from, to))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Notation;
    use crate::Variant;

    #[test]
    fn points_and_passes() {
        let pos = Position::start_of(Variant::Janggi);
        let m = pos.parse_korean("02마83").unwrap();
        assert_eq!(m, Move::new(Square::B0, Square::C2));
        assert_eq!(pos.parse_korean(" 02馬83 ").unwrap(), m);
        assert_eq!(pos.parse_korean_fsf("H02-83").unwrap(), m);
        assert_eq!(pos.parse_korean_fsf("N02-83").unwrap(), m);
        assert_eq!(pos.format_move(m, Notation::Korean).unwrap(), "02마83");
        assert!(matches!(
            pos.parse_korean("02상83"),
            Err(MoveParseError::Illegal { .. })
        ));
        assert!(matches!(
            pos.parse_korean("02마84"),
            Err(MoveParseError::Illegal { .. })
        ));
        assert!(matches!(
            pos.parse_korean("0마83"),
            Err(MoveParseError::Invalid { .. })
        ));
        assert_eq!(pos.parse_korean("한수쉼").unwrap(), pos.pass_move());
        assert_eq!(
            pos.format_move(pos.pass_move(), Notation::KoreanFsf)
                .unwrap(),
            "K95-95"
        );
        // Han's soldier is 병; xiangqi has no pass.
        let after = pos.after(m).unwrap();
        let han = after.parse_korean("41병51").unwrap();
        assert_eq!(after.format_move(han, Notation::Korean).unwrap(), "41병51");
        assert!(Position::startpos().parse_korean("한수쉼").is_err());
    }
}
