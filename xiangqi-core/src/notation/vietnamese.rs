//! Vietnamese notation (ký hiệu cờ tướng): `P2-5`, `M8.7`, `X1-2`, `B7.1`, `Pt/1`.
//!
//! The move is described as in WXF and Chinese notation (the piece, the file it stands on
//! counted from its owner's right, the direction and a number: ranks travelled for a piece
//! moving straight forward or back, otherwise the file it arrives on), written with the
//! symbols Vietnamese books, sites and score sheets use:
//!
//! | piece | letter | | direction | symbol |
//! |---|---|---|---|---|
//! | Tướng (general) | `Tg` | | tiến / tấn (forward) | `.` |
//! | Sĩ (advisor) | `S` | | thoái (back) | `/` |
//! | Tượng (elephant) | `T` | | bình (sideways) | `-` |
//! | Xe (chariot) | `X` | | | |
//! | Pháo (cannon) | `P` | | | |
//! | Mã (horse) | `M` | | | |
//! | Binh / Tốt (soldier) | `B` | | | |
//!
//! Two like pieces on one file are `t` (trước, the front one) and `s` (sau, the rear one) in
//! place of the file: `Pt/1`, `Xs-4`; three soldiers are `Bt`, `Bg` (giữa, the middle one) and
//! `Bs`. The central cannon opening is `P2-5`, answered by `M8.7`.
//!
//! Sources for the convention: tamquocchess.vn, "Ký hiệu cờ tướng – Đọc hiểu bản ghi cờ tướng"
//! (<https://tamquocchess.vn/ky-hieu-co-tuong-doc-hieu-ban-ghi-co-tuong>: `.` tấn, `/` thoái,
//! `–` bình; Tg S T X P M B, "Tốt không được ký hiệu là T ... ký hiệu là B"; `1. P2-5`,
//! `2. M2.3`); the Vietnamese Wikipedia text quoted at thanglongkydao.com ("Cách ghi nước đi",
//! <https://thanglongkydao.com/threads/17-Nguon-goc-co-tuong>: `P2-5 M8.7`, `P8/1 B7.1`, `Pt`
//! Pháo trước, `Ps` Pháo sau, `Bt` `Bg` `Bs` for three soldiers on a file); and hieponly.top's
//! table beside Chinese and WXF (`1.P2-5 M8.7 2.M2.3 M2.3 3.X1-2 X9-8`, with `V` for the
//! elephant and `C` (chốt) for the soldier, which the parser also takes).
//!
//! Where the sources give no form, the writer follows WXF's shape with `t`/`s` for its `+`/`-`:
//! four or five soldiers on one file are `Btt`, `Bt`, (`Bg`,) `Bs`, `Bss` from the front; when
//! two files each hold several soldiers the file is kept before the place: `B7t.1`, `B3g-4`
//! (and, for four on that file, the second and third from the front as `B72`, `B73`).
//!
//! The parser takes the letters in either case, `Tg` or `Tu` for the general, `V` for the
//! elephant, `C` for the soldier, and `=` or `–` (en dash) for sideways.

use super::vertical::{self, Described, Direction, Origin, Place, Selector, Wanted};
use super::{written, MoveParseError};
use crate::moves::Move;
use crate::position::Position;
use crate::role::Role;
use core::fmt::{self, Write};

/// The letters of a piece in Vietnamese notation.
pub const fn role_letters(role: Role) -> &'static str {
    match role {
        Role::General => "Tg",
        Role::Advisor => "S",
        Role::Elephant => "T",
        Role::Horse => "M",
        Role::Chariot => "X",
        Role::Cannon => "P",
        Role::Soldier => "B",
    }
}

#[inline]
fn digit(n: u8) -> char {
    char::from(b'0' + n)
}

/// The place letters of the piece at `index` (0: the frontmost) of `count` on one file.
fn place_letters(index: u8, count: u8) -> &'static str {
    match (count, index) {
        (2 | 3, 0) => "t",
        (2, 1) | (3, 2) => "s",
        (3, 1) | (5, 2) => "g",
        (4 | 5, 0) => "tt",
        (4 | 5, 1) => "t",
        (4, 2) | (5, 3) => "s",
        _ => "ss",
    }
}

fn write_described<W: Write>(d: &Described, out: &mut W) -> fmt::Result {
    out.write_str(role_letters(d.piece.role))?;
    match d.origin {
        Origin::File(file) => out.write_char(digit(file))?,
        Origin::Tandem { index, count, .. } => out.write_str(place_letters(index, count))?,
        Origin::PawnFile { file, index, count } => {
            out.write_char(digit(file))?;
            if index == 0 {
                out.write_char('t')?;
            } else if index + 1 == count {
                out.write_char('s')?;
            } else if count % 2 == 1 && index == count / 2 {
                out.write_char('g')?;
            } else {
                // The second of four from the front: its place as a digit.
                out.write_char(digit(index + 1))?;
            }
        }
    }
    out.write_char(d.direction.sign(['.', '/', '-']))?;
    out.write_char(digit(d.number))
}

/// Writes `m` in Vietnamese notation into `out`, without allocating.
///
/// `m` should be legal in `pos`; a move from an empty point has no Vietnamese text and is
/// written in ICCS coordinates.
pub fn write_vietnamese<W: Write>(pos: &Position, m: Move, out: &mut W) -> fmt::Result {
    vertical::write_move(pos, m, out, write_described)
}

/// The move a text describes, to look for among the legal moves.
fn reading(text: &str) -> Result<Wanted, MoveParseError> {
    let trimmed = text.trim();
    // The en dash (–) some pages print for bình.
    let normal: String = trimmed
        .chars()
        .map(|c| if c == '–' || c == '—' { '-' } else { c })
        .collect();
    let bytes = normal.as_bytes();
    if !normal.is_ascii() || bytes.len() < 3 {
        return Err(MoveParseError::invalid(
            text,
            "a Vietnamese move looks like P2-5, M8.7 or Pt/1",
        ));
    }
    let (direction_byte, number_byte) = (bytes[bytes.len() - 2], bytes[bytes.len() - 1]);
    let direction = match direction_byte {
        b'.' => Direction::Forward,
        b'/' => Direction::Backward,
        b'-' | b'=' => Direction::Sideways,
        _ => {
            return Err(MoveParseError::invalid(
                text,
                "expected . (tiến), / (thoái) or - (bình) before the last digit",
            ))
        }
    };
    let number = match number_byte {
        b'1'..=b'9' => number_byte - b'0',
        _ => {
            return Err(MoveParseError::invalid(
                text,
                "expected a digit 1-9 at the end",
            ))
        }
    };
    let head = normal[..normal.len() - 2].to_ascii_lowercase();
    let (role, rest) =
        if let Some(rest) = head.strip_prefix("tg").or_else(|| head.strip_prefix("tu")) {
            (Role::General, rest)
        } else {
            let role = match head.as_bytes().first() {
                Some(b's') => Role::Advisor,
                Some(b't' | b'v') => Role::Elephant,
                Some(b'm') => Role::Horse,
                Some(b'x') => Role::Chariot,
                Some(b'p') => Role::Cannon,
                Some(b'b' | b'c') => Role::Soldier,
                _ => {
                    return Err(MoveParseError::invalid(
                        text,
                        "expected a piece: Tg, S, T, M, X, P or B",
                    ))
                }
            };
            (role, &head[1..])
        };
    let place = |file, place| Selector::Place { file, place };
    let bad_origin = || MoveParseError::invalid(text, "expected a file 1-9, t, g or s");
    let (file, places) = match rest.as_bytes().first() {
        Some(&d @ b'1'..=b'9') => (Some(d - b'0'), &rest[1..]),
        _ => (None, rest),
    };
    let selector = match (file, places) {
        (Some(file), "") => Selector::File(file),
        (_, "t") => place(file, Place::WxfPlus),
        (_, "s") => place(file, Place::WxfMinus),
        (_, "g") => place(file, Place::Middle),
        (None, "tt") => place(None, Place::WxfPlusPlus),
        (None, "ss") => place(None, Place::WxfMinusMinus),
        (Some(_), nth) => match nth.as_bytes() {
            &[n @ b'1'..=b'5'] => place(file, Place::Nth(n - b'0')),
            _ => return Err(bad_origin()),
        },
        _ => return Err(bad_origin()),
    };
    // On a file of its own (B7t), "t" and "s" are the front and rear of that file.
    let selector = match selector {
        Selector::Place {
            file: Some(f),
            place: Place::WxfPlus,
        } => place(Some(f), Place::Front),
        Selector::Place {
            file: Some(f),
            place: Place::WxfMinus,
        } => place(Some(f), Place::Rear),
        other => other,
    };
    Ok(Wanted {
        role,
        selector,
        direction,
        number,
    })
}

/// Parses a move in Vietnamese notation and finds it among the legal moves of `pos`.
pub fn parse_vietnamese(pos: &Position, text: &str) -> Result<Move, MoveParseError> {
    let found = vertical::find(pos, &reading(text)?);
    vertical::resolve(pos, text, found)
}

impl Position {
    /// The Vietnamese text of `m` (see [`write_vietnamese`] for moves that are not legal here).
    ///
    /// ```
    /// use xiangqi_core::{Position, Move, Square};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.to_vietnamese(Move::new(Square::H2, Square::E2)), "P2-5");
    /// ```
    pub fn to_vietnamese(&self, m: Move) -> String {
        written(|out| write_vietnamese(self, m, out))
    }

    /// Parses a move in Vietnamese notation (`P2-5`, `M8.7`, `Pt/1`) and checks that it is
    /// legal here.
    ///
    /// ```
    /// use xiangqi_core::{Position, MoveParseError};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.parse_vietnamese("P2-5").unwrap().to_string(), "h2e2");
    /// assert_eq!(pos.parse_vietnamese("m2.3").unwrap().to_string(), "h0g2");
    /// assert!(matches!(pos.parse_vietnamese("X1-9"), Err(MoveParseError::Illegal { .. })));
    /// assert!(matches!(pos.parse_vietnamese("Q2-5"), Err(MoveParseError::Invalid { .. })));
    /// ```
    pub fn parse_vietnamese(&self, text: &str) -> Result<Move, MoveParseError> {
        parse_vietnamese(self, text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Notation;

    /// Plays `line` (ICCS) from the start and checks each move's Vietnamese text against the
    /// score sheets of the sources named in the module's notes.
    fn check_line(line: &[(&str, &str)]) {
        let mut pos = Position::startpos();
        for &(iccs, vietnamese) in line {
            let m = pos.parse_iccs(iccs, crate::RankDialect::Zero).unwrap();
            assert_eq!(pos.to_vietnamese(m), vietnamese, "{iccs} in {}", pos.fen());
            assert_eq!(pos.parse_vietnamese(vietnamese), Ok(m), "{vietnamese}");
            assert_eq!(
                pos.format_move(m, Notation::Vietnamese).unwrap(),
                vietnamese
            );
            pos.play(m).unwrap();
        }
    }

    #[test]
    fn the_sources_score_sheets() {
        // hieponly.top: 1.P2-5 M8.7 2.M2.3 M2.3 3.X1-2 X9-8 4.B7.1 B7.1 (C7.1 there for the
        // soldier, which we read as well).
        check_line(&[
            ("h2e2", "P2-5"),
            ("h9g7", "M8.7"),
            ("h0g2", "M2.3"),
            ("b9c7", "M2.3"),
            ("i0h0", "X1-2"),
            ("i9h9", "X9-8"),
            ("c3c4", "B7.1"),
            ("g6g5", "B7.1"),
        ]);
        // thanglongkydao.com: P2-5 M8.7, then P8/1 B7.1.
        check_line(&[
            ("h2e2", "P2-5"),
            ("h9g7", "M8.7"),
            ("b2b1", "P8/1"),
            ("g6g5", "B7.1"),
        ]);
        let pos = Position::startpos();
        assert_eq!(pos.parse_vietnamese("C7.1").unwrap().to_string(), "c3c4");
        assert_eq!(pos.parse_vietnamese("V3.5").unwrap().to_string(), "g0e2");
        assert_eq!(pos.parse_vietnamese("P2–5").unwrap().to_string(), "h2e2");
    }

    #[test]
    fn front_and_rear_pieces_and_the_general() {
        // Two red cannons on file 5 (e): Pt and Ps.
        let pos = Position::from_fen("3k5/9/9/9/9/4C4/9/4C4/9/4K4 w - - 0 1").unwrap();
        let front = pos.parse_iccs("e4e8", crate::RankDialect::Zero).unwrap();
        assert_eq!(pos.to_vietnamese(front), "Pt.4");
        let rear = pos.parse_iccs("e2d2", crate::RankDialect::Zero).unwrap();
        assert_eq!(pos.to_vietnamese(rear), "Ps-6");
        assert_eq!(pos.parse_vietnamese("Ps-6"), Ok(rear));
        let general = pos.parse_iccs("e0f0", crate::RankDialect::Zero).unwrap();
        assert_eq!(pos.to_vietnamese(general), "Tg5-4");
        assert_eq!(pos.parse_vietnamese("tg5-4"), Ok(general));
        for bad in [
            "",
            "P2",
            "P2*5",
            "P2-0",
            "Q2-5",
            "Pq-5",
            "P2-55",
            "炮二平五",
        ] {
            assert!(
                matches!(
                    pos.parse_vietnamese(bad),
                    Err(MoveParseError::Invalid { .. })
                ),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn pgn_records_in_vietnamese_round_trip() {
        use crate::pgn::{read_all, MoveFormat, PgnGame, WriteOptions};
        let mut pos = Position::startpos();
        let mut moves = Vec::new();
        for text in [
            "P2-5", "M8.7", "M2.3", "X9-8", "X1-2", "M2.3", "B7.1", "B7.1",
        ] {
            let m = pos.parse_vietnamese(text).unwrap();
            pos.play(m).unwrap();
            moves.push(m);
        }
        let record = PgnGame::from_moves(Position::startpos(), moves.iter().copied()).unwrap();
        let options = WriteOptions {
            format: MoveFormat::Vietnamese,
            ..WriteOptions::default()
        };
        let text = record.to_pgn(&options).unwrap();
        assert!(text.contains("[Format \"Vietnamese\"]"), "{text}");
        assert!(text.contains("1. P2-5 M8.7 2. M2.3 X9-8"), "{text}");
        let back = read_all(&text).remove(0).unwrap();
        assert_eq!(back.mainline().collect::<Vec<_>>(), moves);
    }
}
