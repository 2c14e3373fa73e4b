//! Moves and move lists.

use crate::square::Square;
use core::fmt;
use core::ops::{Deref, DerefMut};

/// A move from one point to another, packed into 16 bits (`from | to << 7`).
///
/// A move carries no piece: the [`Position`](crate::Position) it is played in knows what stands
/// on `from`. The value 0 (`a0a0`) is reserved as [`Move::NULL`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Move(u16);

impl Move {
    /// The "no move" value (packed as `a0a0`), the engine's sentinel; written and read as
    /// [`Move::NULL_TEXT`], `0000`, the UCI null move.
    pub const NULL: Move = Move(0);

    /// The text of [`Move::NULL`] in coordinates: `0000`, as UCI writes a null move. Every
    /// writer of coordinates writes it so and every reader accepts it (it is never legal).
    pub const NULL_TEXT: &'static str = "0000";

    /// The move from `from` to `to`.
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move(from as u16 | ((to as u16) << 7))
    }

    /// The point the piece leaves.
    #[inline]
    pub const fn from(self) -> Square {
        // SAFETY: every constructor keeps both 7-bit fields below 90.
        unsafe { Square::new_unchecked((self.0 & 0x7f) as u32) }
    }

    /// The point the piece arrives on.
    #[inline]
    pub const fn to(self) -> Square {
        // SAFETY: every constructor keeps both 7-bit fields below 90.
        unsafe { Square::new_unchecked((self.0 >> 7) as u32) }
    }

    /// The packed 16-bit value.
    #[inline]
    pub const fn to_u16(self) -> u16 {
        self.0
    }

    /// Unpacks a value made by [`Move::to_u16`]; `None` when a point is out of range.
    #[inline]
    pub const fn from_u16(value: u16) -> Option<Move> {
        if (value & 0x7f) < 90 && (value >> 7) < 90 {
            Some(Move(value))
        } else {
            None
        }
    }

    /// `true` for [`Move::NULL`].
    #[inline]
    pub const fn is_null(self) -> bool {
        self.0 == 0
    }

    /// The ICCS/UCI text, e.g. `h2e2` (ranks 0..9).
    pub fn iccs(self) -> String {
        self.to_string()
    }

    /// The same move seen with the colours swapped (ranks mirrored).
    pub const fn flip_rank(self) -> Move {
        Move::new(self.from().flip_rank(), self.to().flip_rank())
    }

    /// The same move mirrored left to right.
    pub const fn flip_file(self) -> Move {
        Move::new(self.from().flip_file(), self.to().flip_file())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_null() {
            return f.write_str(Move::NULL_TEXT);
        }
        write!(f, "{}{}", self.from(), self.to())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({}{})", self.from(), self.to())
    }
}

/// Most moves any position can have: chariots and cannons reach at most 17 points each, horses 8,
/// elephants and advisors 4, the general 4, soldiers 3: 2*17 + 2*17 + 2*8 + 2*4 + 2*4 + 4 + 5*3 = 119.
pub const MAX_MOVES: usize = 128;

/// A fixed-capacity list of moves that lives on the stack.
#[derive(Clone)]
pub struct MoveList {
    len: usize,
    moves: [Move; MAX_MOVES],
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub const fn new() -> MoveList {
        MoveList {
            len: 0,
            moves: [Move::NULL; MAX_MOVES],
        }
    }

    /// Appends a move.
    ///
    /// # Panics
    /// When the list already holds [`MAX_MOVES`] moves, which no position with a legal amount of
    /// material can produce.
    #[inline]
    pub fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps only the moves for which `f` is true.
    pub fn retain(&mut self, mut f: impl FnMut(Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if f(m) {
                self.moves[kept] = m;
                kept += 1;
            }
        }
        self.len = kept;
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl DerefMut for MoveList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
