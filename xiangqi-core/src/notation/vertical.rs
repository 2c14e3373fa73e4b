//! What WXF and Chinese notation share: a move named by its piece, the file it stands on (or its
//! place among like pieces on that file), a direction and a number. Both notations describe a
//! move the same way and differ only in the symbols, so the description, its computation for the
//! writers and its resolution for the parsers live here once.

use super::MoveParseError;
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::moves::Move;
use crate::position::Position;
use crate::role::{Piece, Role};
use crate::square::{File, Rank, Square};

/// Which way a move goes, seen by the side that makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Direction {
    /// Towards the enemy (WXF `+`, 进).
    Forward,
    /// Towards the own back rank (WXF `-`, 退).
    Backward,
    /// Along the rank (WXF `=` or `.`, 平).
    Sideways,
}

impl Direction {
    /// A notation's sign for this direction, from its `[forward, backward, sideways]` signs.
    pub(crate) fn sign(self, signs: [char; 3]) -> char {
        signs[self as usize]
    }
}

/// Writes `m` from its description by a notation's `write_described`; a move from an empty
/// point has no description and is written in ICCS coordinates.
pub(crate) fn write_move<W: core::fmt::Write>(
    pos: &Position,
    m: Move,
    out: &mut W,
    write_described: impl FnOnce(&Described, &mut W) -> core::fmt::Result,
) -> core::fmt::Result {
    match describe(pos, m) {
        Some(d) => write_described(&d, out),
        None => write!(out, "{m}"),
    }
}

/// How the moving piece is told apart from like pieces, as the writers need it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    /// By the number of its file (1..9 from the owner's right).
    File(u8),
    /// By its place among `count` like pieces on one file (`index` 0 is the frontmost).
    Tandem { file: u8, index: u8, count: u8 },
    /// A soldier when two files each hold several soldiers: the file, then the place on it.
    PawnFile { file: u8, index: u8, count: u8 },
}

/// A move as WXF and Chinese notation see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Described {
    pub piece: Piece,
    pub origin: Origin,
    pub direction: Direction,
    /// Ranks travelled (straight moves forward or back), else the number of the arrival file.
    pub number: u8,
}

/// Pieces that move along lines count ranks when going forward or back; the others (advisor,
/// elephant, horse) always change file and give the file they arrive on.
#[inline]
fn moves_straight(role: Role) -> bool {
    matches!(
        role,
        Role::General | Role::Chariot | Role::Cannon | Role::Soldier
    )
}

/// How many like pieces share `sq`'s file, and how many of them stand in front of it.
#[inline]
fn file_place(same: Bitboard, sq: Square, color: Color) -> (u8, u8) {
    let on_file = Bitboard(same.0 & Bitboard::file(sq.file()).0);
    let bit = sq as u32;
    let ahead = match color {
        // Red advances towards higher ranks, that is higher bit indexes.
        Color::Red => (on_file.0 >> bit) >> 1,
        Color::Black => on_file.0 & ((1u128 << bit) - 1),
    };
    (on_file.count() as u8, ahead.count_ones() as u8)
}

/// How many files hold two or more of these soldiers.
#[inline]
fn crowded_files(soldiers: Bitboard) -> u32 {
    let mut crowded = 0;
    for file in File::ALL {
        if (soldiers & Bitboard::file(file)).more_than_one() {
            crowded += 1;
        }
    }
    crowded
}

/// Describes `m`, which should move a piece (any colour's) standing on `m.from()`. `None` when
/// the point is empty.
pub(crate) fn describe(pos: &Position, m: Move) -> Option<Described> {
    let (from, to) = (m.from(), m.to());
    let piece = pos.piece_at(from)?;
    let color = piece.color;
    let same = pos.by_piece(piece);
    let file = from.file().number_for(color);
    let (count, index) = file_place(same, from, color);
    let origin = match piece.role {
        // Advisors and elephants keep the file: the direction already tells two on one file
        // apart (the one in front can only go back, the one behind only forward).
        Role::General | Role::Advisor | Role::Elephant => Origin::File(file),
        _ if count < 2 => Origin::File(file),
        Role::Soldier if crowded_files(same) >= 2 => Origin::PawnFile { file, index, count },
        _ => Origin::Tandem { file, index, count },
    };
    let up = to.rank().relative_to(color) as i32 - from.rank().relative_to(color) as i32;
    let (direction, number) = if moves_straight(piece.role) && up == 0 {
        (Direction::Sideways, to.file().number_for(color))
    } else if moves_straight(piece.role) && from.file() == to.file() {
        let dir = if up > 0 {
            Direction::Forward
        } else {
            Direction::Backward
        };
        (dir, up.unsigned_abs() as u8)
    } else {
        let dir = if up >= 0 {
            Direction::Forward
        } else {
            Direction::Backward
        };
        (dir, to.file().number_for(color))
    };
    Some(Described {
        piece,
        origin,
        direction,
        number,
    })
}

/// Which place on a file a text names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    /// The frontmost of two or more (前, WXF `+` with up to three).
    Front,
    /// The rearmost of two or more (后, WXF `-` with up to three).
    Rear,
    /// The middle one of three or five (中).
    Middle,
    /// The n-th from the front of two or more, 1-based (一二三四五, Fairy-Stockfish's `15`).
    Nth(u8),
    /// WXF `+`: the front one, or the second from the front when four or five share the file.
    WxfPlus,
    /// WXF `-`: the rear one, or the second from the rear when four or five share the file.
    WxfMinus,
    /// WXF `++`: the frontmost of four or five.
    WxfPlusPlus,
    /// WXF `--`: the rearmost of four or five.
    WxfMinusMinus,
}

impl Place {
    /// `true` when the piece at `index` (0 = frontmost) of `count` on its file is the one named.
    fn matches(self, index: u8, count: u8) -> bool {
        match self {
            Place::Front => count >= 2 && index == 0,
            Place::Rear => count >= 2 && index == count - 1,
            Place::Middle => count % 2 == 1 && count >= 3 && index == count / 2,
            Place::Nth(n) => count >= 2 && n >= 1 && index == n - 1,
            Place::WxfPlus => match count {
                2 | 3 => index == 0,
                4 | 5 => index == 1,
                _ => false,
            },
            Place::WxfMinus => match count {
                2 | 3 => index == count - 1,
                4 | 5 => index == count - 2,
                _ => false,
            },
            Place::WxfPlusPlus => count >= 4 && index == 0,
            Place::WxfMinusMinus => count >= 4 && index == count - 1,
        }
    }
}

/// How a text picks the moving piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Selector {
    /// The piece on this file. When three or five soldiers share it, the middle one (WXF `P5`).
    File(u8),
    /// A place among like pieces, on one file or on any.
    Place { file: Option<u8>, place: Place },
}

/// A parsed move text: what to look for in the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Wanted {
    pub role: Role,
    pub selector: Selector,
    pub direction: Direction,
    pub number: u8,
}

/// What looking for a [`Wanted`] move found.
pub(crate) enum Found {
    /// No piece of the side to move fits the piece part of the text.
    NoPiece,
    /// Pieces fit, but none of them can make the move described; the first move on the board
    /// that the text describes, if any, to tell why it is illegal.
    NoMove(Option<Move>),
    /// Exactly one legal move fits.
    One(Move),
    /// Several legal moves fit.
    Many,
}

/// The point a piece on `from` reaches with `direction` and `number`, if it is on the board.
fn target(
    color: Color,
    role: Role,
    from: Square,
    direction: Direction,
    number: u8,
) -> Option<Square> {
    let forward: i32 = if color == Color::Red { 1 } else { -1 };
    let sign = match direction {
        Direction::Forward => forward,
        Direction::Backward => -forward,
        Direction::Sideways => {
            if !moves_straight(role) {
                return None;
            }
            let file = File::from_number(number, color)?;
            return Some(Square::from_coords(file, from.rank()));
        }
    };
    if moves_straight(role) {
        return from.offset(0, sign * number as i32);
    }
    let file = File::from_number(number, color)?;
    let df = (file.index() as i32 - from.file().index() as i32).abs();
    let dr = match (role, df) {
        (Role::Advisor, 1) => 1,
        (Role::Elephant, 2) => 2,
        (Role::Horse, 1) => 2,
        (Role::Horse, 2) => 1,
        _ => return None,
    };
    let rank = Rank::new((from.rank().index() as i32 + sign * dr) as u32)?;
    Some(Square::from_coords(file, rank))
}

/// Looks for the legal moves that fit `wanted` in `pos`.
pub(crate) fn find(pos: &Position, wanted: &Wanted) -> Found {
    let color = pos.turn();
    let same = pos.pieces(color, wanted.role);
    let crowded = wanted.role == Role::Soldier && matches!(wanted.selector, Selector::File(_));
    let mut any_piece = false;
    let mut found = None;
    let mut tried = None;
    for from in same {
        let file = from.file().number_for(color);
        let fits = match wanted.selector {
            Selector::File(n) => {
                n == file && {
                    let (count, index) = file_place(same, from, color);
                    // "P5" with three or five soldiers on file 5 names the middle one.
                    !(crowded && count >= 3 && count % 2 == 1) || index == count / 2
                }
            }
            Selector::Place { file: f, place } => {
                f.is_none_or(|f| f == file) && {
                    let (count, index) = file_place(same, from, color);
                    place.matches(index, count)
                }
            }
        };
        if !fits {
            continue;
        }
        any_piece = true;
        let Some(to) = target(color, wanted.role, from, wanted.direction, wanted.number) else {
            continue;
        };
        let m = Move::new(from, to);
        tried.get_or_insert(m);
        if pos.is_legal(m) {
            if found.is_some() {
                return Found::Many;
            }
            found = Some(m);
        }
    }
    match (found, any_piece) {
        (Some(m), _) => Found::One(m),
        (None, true) => Found::NoMove(tried),
        (None, false) => Found::NoPiece,
    }
}

/// Turns what [`find`] found into the parse result.
pub(crate) fn resolve(pos: &Position, text: &str, found: Found) -> Result<Move, MoveParseError> {
    match found {
        Found::One(m) => Ok(m),
        Found::Many => Err(MoveParseError::Ambiguous {
            text: text.to_owned(),
        }),
        Found::NoPiece => Err(MoveParseError::illegal(text, "no piece of yours there")),
        Found::NoMove(tried) => Err(MoveParseError::illegal(
            text,
            tried
                .and_then(|m| pos.illegal_reason(m))
                .map_or("that piece does not move so", |r| r.message()),
        )),
    }
}
