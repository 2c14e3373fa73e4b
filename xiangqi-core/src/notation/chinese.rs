//! Chinese notation: `炮二平五`, `马8进7`, `前车进一`.
//!
//! A move is four characters: the piece, the file it stands on counted from its owner's right,
//! the direction (进 forward, 退 back, 平 sideways) and a number: ranks travelled for a piece
//! moving straight forward or back, otherwise the file it arrives on. Red writes numbers as
//! Chinese numerals (一..九), Black as digits (`8` or full-width `８`).
//!
//! Two like pieces on one file are 前 (front) and 后 (rear) instead of the file: `前车进一`.
//! Advisors and elephants keep the file, since the direction tells them apart. Soldiers: three
//! on a file are 前兵, 中兵, 后兵; four or five are 一兵, 二兵, 三兵, 四兵, 五兵 from the front.
//! When two files each hold several soldiers, the place comes first and the file replaces the
//! piece: `前七进一`, `中三平四`.
//!
//! The writer uses simplified or traditional characters (车/俥/車, 马/傌/馬, 进/進, 后/後 ...);
//! the parser takes either, in any mix, with 砲 and 包 for the cannon, any of the number styles
//! for either side, the ordinal forms (`二兵`), and the place with the file (`前兵七进一`).

use super::vertical::{self, Described, Direction, Origin, Place, Selector, Wanted};
use super::{written, MoveParseError};
use crate::color::Color;
use crate::moves::Move;
use crate::position::Position;
use crate::role::{Piece, Role};
use core::fmt::{self, Write};

/// How the writer draws a move in Chinese.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ChineseStyle {
    /// Traditional characters (俥傌炮 / 車馬砲, 進, 後) instead of simplified ones.
    pub traditional: bool,
    /// Black's numbers as full-width digits (`马８进７`, as many Chinese databases write them)
    /// instead of ASCII digits (`马8进7`).
    pub full_width_digits: bool,
    /// With `traditional`: Red's chariot and horse written 車 and 馬, as Black's are, instead of
    /// 俥 and 傌. Big5 records write them so (Big5 has no 俥).
    pub shared_chariot_horse: bool,
}

impl ChineseStyle {
    /// Simplified characters, ASCII digits for Black: `马8进7`.
    pub const SIMPLIFIED: ChineseStyle = ChineseStyle {
        traditional: false,
        full_width_digits: false,
        shared_chariot_horse: false,
    };
    /// Traditional characters, ASCII digits for Black: `馬8進7`.
    pub const TRADITIONAL: ChineseStyle = ChineseStyle {
        traditional: true,
        full_width_digits: false,
        shared_chariot_horse: false,
    };

    /// This style in characters that `encoding` has, as records in it are written: Big5
    /// has no simplified characters and no 俥, so in Big5 moves are traditional with 車 and 馬
    /// for both sides (`車一平二`, as Big5 databases write them); other encodings have every
    /// character and keep the style.
    ///
    /// ```
    /// use xiangqi_core::encoding::TextEncoding;
    /// use xiangqi_core::{ChineseStyle, Move, Position, Square};
    /// use xiangqi_core::notation::chinese::write_chinese;
    ///
    /// let style = ChineseStyle::SIMPLIFIED.for_encoding(TextEncoding::Big5);
    /// let mut text = String::new();
    /// write_chinese(&Position::startpos(), Move::new(Square::A0, Square::A1), style, &mut text).unwrap();
    /// assert_eq!(text, "車九進一");
    /// assert_eq!(ChineseStyle::TRADITIONAL.for_encoding(TextEncoding::Gbk), ChineseStyle::TRADITIONAL);
    /// ```
    pub const fn for_encoding(self, encoding: crate::encoding::TextEncoding) -> ChineseStyle {
        match encoding {
            crate::encoding::TextEncoding::Big5 => ChineseStyle {
                traditional: true,
                shared_chariot_horse: true,
                ..self
            },
            _ => self,
        }
    }

    /// The character of `piece` in this style.
    pub const fn piece_char(self, piece: Piece) -> char {
        let shared = self.traditional
            && self.shared_chariot_horse
            && matches!(piece.role, Role::Chariot | Role::Horse);
        let piece = if shared {
            Piece {
                color: Color::Black,
                role: piece.role,
            }
        } else {
            piece
        };
        piece.chinese_char(self.traditional)
    }
}

const NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// A number as its side writes it: a Chinese numeral for Red, a digit for Black.
#[inline]
fn number(n: u8, color: Color, style: ChineseStyle) -> char {
    let i = n.clamp(1, 9) - 1;
    match color {
        Color::Red => NUMERALS[i as usize],
        Color::Black if style.full_width_digits => {
            char::from_u32('１' as u32 + i as u32).unwrap_or('?')
        }
        Color::Black => char::from(b'1' + i),
    }
}

#[inline]
fn place_char(index: u8, count: u8, traditional: bool) -> char {
    if index == 0 {
        '前'
    } else if index + 1 == count {
        if traditional {
            '後'
        } else {
            '后'
        }
    } else {
        '中'
    }
}

fn write_described<W: Write>(d: &Described, style: ChineseStyle, out: &mut W) -> fmt::Result {
    let color = d.piece.color;
    let piece = style.piece_char(d.piece);
    match d.origin {
        Origin::File(file) => {
            out.write_char(piece)?;
            out.write_char(number(file, color, style))?;
        }
        Origin::Tandem { index, count, .. } if count >= 4 => {
            out.write_char(NUMERALS[index as usize % 9])?;
            out.write_char(piece)?;
        }
        Origin::Tandem { index, count, .. } => {
            out.write_char(place_char(index, count, style.traditional))?;
            out.write_char(piece)?;
        }
        Origin::PawnFile { file, index, count } => {
            out.write_char(place_char(index, count, style.traditional))?;
            out.write_char(number(file, color, style))?;
        }
    }
    out.write_char(match d.direction {
        Direction::Forward if style.traditional => '進',
        Direction::Forward => '进',
        Direction::Backward => '退',
        Direction::Sideways => '平',
    })?;
    out.write_char(number(d.number, color, style))
}

/// Writes `m` in Chinese notation into `out`, without allocating.
///
/// `m` should be legal in `pos`; any move of a piece standing on `m.from()` gets a text that
/// describes it. A move from an empty point has no Chinese text and is written in ICCS
/// coordinates.
pub fn write_chinese<W: Write>(
    pos: &Position,
    m: Move,
    style: ChineseStyle,
    out: &mut W,
) -> fmt::Result {
    vertical::write_move(pos, m, out, |d, out| write_described(d, style, out))
}

/// One character of a Chinese move, classified.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    Piece(Role),
    Place(Place),
    Number(u8),
    Direction(Direction),
}

fn token(c: char) -> Option<Token> {
    Some(match c {
        '帅' | '帥' | '将' | '將' => Token::Piece(Role::General),
        '仕' | '士' => Token::Piece(Role::Advisor),
        '相' | '象' => Token::Piece(Role::Elephant),
        '马' | '馬' | '傌' => Token::Piece(Role::Horse),
        '车' | '車' | '俥' => Token::Piece(Role::Chariot),
        '炮' | '砲' | '包' => Token::Piece(Role::Cannon),
        '兵' | '卒' => Token::Piece(Role::Soldier),
        '前' => Token::Place(Place::Front),
        '中' => Token::Place(Place::Middle),
        '后' | '後' => Token::Place(Place::Rear),
        '进' | '進' => Token::Direction(Direction::Forward),
        '退' => Token::Direction(Direction::Backward),
        '平' => Token::Direction(Direction::Sideways),
        '1'..='9' => Token::Number(c as u8 - b'0'),
        '１'..='９' => Token::Number((c as u32 - '１' as u32 + 1) as u8),
        _ => Token::Number(NUMERALS.iter().position(|&n| n == c)? as u8 + 1),
    })
}

fn parse_wanted(text: &str) -> Result<Wanted, MoveParseError> {
    let mut tokens = [Token::Number(0); 5];
    let mut len = 0;
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        let t = token(c)
            .ok_or_else(|| MoveParseError::invalid(text, format!("unexpected character {c:?}")))?;
        if len == tokens.len() {
            return Err(MoveParseError::invalid(text, "too long for a Chinese move"));
        }
        tokens[len] = t;
        len += 1;
    }
    let (head, direction, number) = match tokens[..len] {
        [ref head @ .., Token::Direction(d), Token::Number(n)] if head.len() == 2 || head.len() == 3 => (head, d, n),
        _ => {
            return Err(MoveParseError::invalid(
                text,
                "expected a piece and its file (or place), a direction 进/退/平 and a number, like 炮二平五",
            ))
        }
    };
    let place = |file, place| Selector::Place { file, place };
    let (role, selector) = match *head {
        [Token::Piece(role), Token::Number(file)] => (role, Selector::File(file)),
        [Token::Place(p), Token::Piece(role)] | [Token::Piece(role), Token::Place(p)] => {
            (role, place(None, p))
        }
        [Token::Number(n), Token::Piece(role)] => (role, place(None, Place::Nth(n))),
        [Token::Place(p), Token::Number(file)] => (Role::Soldier, place(Some(file), p)),
        [Token::Number(n), Token::Number(file)] => {
            (Role::Soldier, place(Some(file), Place::Nth(n)))
        }
        [Token::Place(p), Token::Piece(role), Token::Number(file)] => (role, place(Some(file), p)),
        [Token::Number(n), Token::Piece(role), Token::Number(file)] => {
            (role, place(Some(file), Place::Nth(n)))
        }
        _ => {
            return Err(MoveParseError::invalid(
                text,
                "the piece part is not a piece with a file or a place",
            ))
        }
    };
    Ok(Wanted {
        role,
        selector,
        direction,
        number,
    })
}

/// Parses a Chinese move (simplified or traditional characters, any number style) and finds it
/// among the legal moves of `pos`.
pub fn parse_chinese(pos: &Position, text: &str) -> Result<Move, MoveParseError> {
    let wanted = parse_wanted(text)?;
    vertical::resolve(pos, text, vertical::find(pos, &wanted))
}

/// A Chinese move as a value: read from text ([`FromStr`](core::str::FromStr)), resolved
/// against a position ([`Chinese::to_move`]) and written back ([`Display`](fmt::Display)).
/// Parsing checks the syntax only and keeps the characters as given (spaces dropped); writing a
/// move ([`Chinese::from_move`]) picks the characters of a [`ChineseStyle`].
///
/// ```
/// use xiangqi_core::{ChineseStyle, Chinese, Position};
/// let pos = Position::startpos();
/// let text: Chinese = "炮二平五".parse().unwrap();
/// let m = text.to_move(&pos).unwrap();
/// assert_eq!(m.to_string(), "h2e2");
/// assert_eq!(Chinese::from_move(&pos, m, ChineseStyle::TRADITIONAL).unwrap().to_string(), "炮二平五");
/// assert!("炮二平".parse::<Chinese>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Chinese {
    chars: [char; 5],
    len: u8,
}

impl Chinese {
    fn from_chars(text: &str) -> Option<Chinese> {
        let mut chars = ['\0'; 5];
        let mut len = 0;
        for c in text.chars().filter(|c| !c.is_whitespace()) {
            *chars.get_mut(len)? = c;
            len += 1;
        }
        Some(Chinese {
            chars,
            len: len as u8,
        })
    }

    /// The Chinese text, in `style`, of a move of the piece on `m.from()` (`None` for an empty
    /// point). `m` should be legal in `pos` for the text to name it.
    pub fn from_move(pos: &Position, m: Move, style: ChineseStyle) -> Option<Chinese> {
        let described = vertical::describe(pos, m)?;
        Chinese::from_chars(&written(|out| write_described(&described, style, out)))
    }

    /// The legal move of `pos` the text names (an error tells why there is none, or that it
    /// fits several).
    pub fn to_move(&self, pos: &Position) -> Result<Move, MoveParseError> {
        parse_chinese(pos, &self.to_string())
    }

    /// The characters.
    pub fn chars(&self) -> &[char] {
        &self.chars[..self.len as usize]
    }
}

impl core::str::FromStr for Chinese {
    type Err = MoveParseError;

    fn from_str(text: &str) -> Result<Chinese, MoveParseError> {
        parse_wanted(text)?;
        Chinese::from_chars(text)
            .ok_or_else(|| MoveParseError::invalid(text, "too long for a Chinese move"))
    }
}

impl fmt::Display for Chinese {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.chars().iter().try_for_each(|&c| f.write_char(c))
    }
}

impl Position {
    /// The Chinese text of `m`, simplified or traditional, Black's numbers in ASCII digits (see
    /// [`write_chinese`] for other styles and for moves that are not legal here).
    ///
    /// ```
    /// use xiangqi_core::{Position, Move, Square};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.to_chinese(Move::new(Square::H2, Square::E2), false), "炮二平五");
    /// let pos = pos.after(Move::new(Square::H2, Square::E2)).unwrap();
    /// assert_eq!(pos.to_chinese(Move::new(Square::H9, Square::G7), true), "馬8進7");
    /// ```
    pub fn to_chinese(&self, m: Move, traditional: bool) -> String {
        let style = if traditional {
            ChineseStyle::TRADITIONAL
        } else {
            ChineseStyle::SIMPLIFIED
        };
        written(|out| write_chinese(self, m, style, out))
    }

    /// Parses a Chinese move (`炮二平五`, `馬８進７`, `前车进一`) and checks that it is legal here.
    ///
    /// ```
    /// use xiangqi_core::Position;
    /// let pos = Position::startpos();
    /// assert_eq!(pos.parse_chinese("炮二平五").unwrap().to_string(), "h2e2");
    /// assert_eq!(pos.parse_chinese("砲２平５").unwrap().to_string(), "h2e2");
    /// ```
    pub fn parse_chinese(&self, text: &str) -> Result<Move, MoveParseError> {
        parse_chinese(self, text)
    }
}
