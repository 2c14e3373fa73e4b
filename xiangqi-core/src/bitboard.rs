//! A set of points in one `u128` (bit `rank * 9 + file`).

use crate::square::{File, Rank, Square};
use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

/// A set of points: bit `i` is [`Square`] index `i`. Only the low 90 bits are ever set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u128);

const ALL_BITS: u128 = (1u128 << 90) - 1;

/// The points on each side of the river, by colour, from [`Rank::is_home_of`].
const HOME_SIDE: [Bitboard; 2] = {
    let mut t = [Bitboard(0); 2];
    let mut c = 0;
    while c < 2 {
        let mut r = 0;
        while r < 10 {
            if Rank::ALL[r].is_home_of(crate::Color::ALL[c]) {
                t[c].0 |= 0x1ff << (r * 9);
            }
            r += 1;
        }
        c += 1;
    }
    t
};
const FILE_A_BITS: u128 = {
    let mut bits = 0u128;
    let mut r = 0;
    while r < 10 {
        bits |= 1u128 << (r * 9);
        r += 1;
    }
    bits
};

/// `bits << n` (`n` below 128). On wasm32, which has no 128-bit shift, the compiler calls a
/// library routine for a shift by a variable amount (9 % of the engine's time in the browser);
/// [`shl_by_halves`] is the same shift inline. Other targets shift.
#[inline(always)]
pub(crate) const fn shl(bits: u128, n: u32) -> u128 {
    #[cfg(target_arch = "wasm32")]
    {
        shl_by_halves(bits, n)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        bits << n
    }
}

/// `bits >> n` (`n` below 128), inline on wasm32 as [`shl`].
#[inline(always)]
pub(crate) const fn shr(bits: u128, n: u32) -> u128 {
    #[cfg(target_arch = "wasm32")]
    {
        shr_by_halves(bits, n)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        bits >> n
    }
}

/// `bits << n` from the two 64-bit halves' shifts and a select.
#[inline(always)]
#[cfg_attr(not(any(test, target_arch = "wasm32")), allow(dead_code))]
const fn shl_by_halves(bits: u128, n: u32) -> u128 {
    let (lo, hi) = (bits as u64, (bits >> 64) as u64);
    let (lo, hi) = if n >= 64 {
        (0, lo << (n - 64))
    } else {
        // `(lo >> 1) >> (63 - n)` is `lo >> (64 - n)`, and 0 when `n` is 0.
        (lo << n, (hi << n) | ((lo >> 1) >> (63 - n)))
    };
    ((hi as u128) << 64) | lo as u128
}

/// `bits >> n` from the two 64-bit halves' shifts and a select.
#[inline(always)]
#[cfg_attr(not(any(test, target_arch = "wasm32")), allow(dead_code))]
const fn shr_by_halves(bits: u128, n: u32) -> u128 {
    let (lo, hi) = (bits as u64, (bits >> 64) as u64);
    let (lo, hi) = if n >= 64 {
        (hi >> (n - 64), 0)
    } else {
        ((lo >> n) | ((hi << 1) << (63 - n)), hi >> n)
    };
    ((hi as u128) << 64) | lo as u128
}

/// The bit of point index `n` (below 128). On wasm32 a lookup in [`BITS`]: the compiler folds
/// any arithmetic form of it back into a 128-bit shift by a variable amount, the library call
/// [`shl`] avoids.
#[inline(always)]
pub(crate) const fn bit(n: u32) -> u128 {
    #[cfg(target_arch = "wasm32")]
    {
        BITS[(n & 127) as usize]
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        1u128 << n
    }
}

/// `1 << n` for each `n` below 128.
#[cfg_attr(not(any(test, target_arch = "wasm32")), allow(dead_code))]
static BITS: [u128; 128] = {
    let mut t = [0u128; 128];
    let mut n = 0;
    while n < 128 {
        t[n] = 1u128 << n;
        n += 1;
    }
    t
};

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 90 points.
    pub const FULL: Bitboard = Bitboard(ALL_BITS);

    /// The set holding one point.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(bit(sq as u32))
    }

    /// Every point of a file.
    #[inline]
    pub const fn file(file: File) -> Bitboard {
        Bitboard(shl(FILE_A_BITS, file as u32))
    }

    /// Every point of a rank.
    #[inline]
    pub const fn rank(rank: Rank) -> Bitboard {
        Bitboard(shl(0x1ff, rank as u32 * 9))
    }

    /// The points on `color`'s side of the river (the ranks [`Rank::is_home_of`] names).
    #[inline]
    pub const fn home_side(color: crate::Color) -> Bitboard {
        HOME_SIDE[color as usize]
    }

    /// `true` when no point is set.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// `true` when some point is set.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// `true` when `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & bit(sq as u32) != 0
    }

    /// How many points are set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// `true` when more than one point is set.
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest point, if any.
    #[inline]
    pub fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::new(self.0.trailing_zeros())
        }
    }

    /// The highest point, if any.
    #[inline]
    pub fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::new(127 - self.0.leading_zeros())
        }
    }

    /// The single point, if exactly one is set.
    #[inline]
    pub fn single(self) -> Option<Square> {
        if self.0 != 0 && !self.more_than_one() {
            self.first()
        } else {
            None
        }
    }

    /// The set with `sq` added.
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | bit(sq as u32))
    }

    /// The set with `sq` removed.
    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !bit(sq as u32))
    }

    /// Toggles `sq`.
    #[inline]
    pub fn toggle(&mut self, sq: Square) {
        self.0 ^= bit(sq as u32);
    }

    /// Adds `sq`.
    #[inline]
    pub fn add(&mut self, sq: Square) {
        self.0 |= bit(sq as u32);
    }

    /// Removes `sq`.
    #[inline]
    pub fn discard(&mut self, sq: Square) {
        self.0 &= !bit(sq as u32);
    }

    /// Removes and returns the lowest point.
    #[inline]
    pub fn pop_first(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        // SAFETY: only bits below 90 are ever set in a Bitboard, so the index is below 90.
        Some(unsafe { Square::new_unchecked(index) })
    }

    /// Shifts every point one rank up (towards Black); points leaving the board drop off.
    #[inline]
    pub const fn shift_up(self) -> Bitboard {
        Bitboard((self.0 << 9) & ALL_BITS)
    }

    /// Shifts every point one rank down (towards Red).
    #[inline]
    pub const fn shift_down(self) -> Bitboard {
        Bitboard(self.0 >> 9)
    }
}

impl Iterator for Bitboard {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        self.pop_first()
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

impl From<Square> for Bitboard {
    #[inline]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for sq in iter {
            bb.add(sq);
        }
        bb
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & ALL_BITS)
    }
}

impl fmt::Debug for Bitboard {
    /// Draws the set as a 10 x 9 grid, Black's side on top.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard(")?;
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let c = if self.contains(Square::from_coords(file, *rank)) {
                    'X'
                } else {
                    '.'
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        write!(f, ")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wasm_shifts_equal_the_native_ones() {
        let mut rng = fastrand::Rng::with_seed(3);
        let mut values = vec![0, 1, u128::MAX, 1 << 63, 1 << 64, ALL_BITS, FILE_A_BITS];
        values.extend((0..200).map(|_| rng.u128(..)));
        for bits in values {
            for n in 0..128 {
                assert_eq!(shl_by_halves(bits, n), bits << n, "{bits:#x} << {n}");
                assert_eq!(shr_by_halves(bits, n), bits >> n, "{bits:#x} >> {n}");
            }
        }
        for (n, &b) in BITS.iter().enumerate() {
            assert_eq!(b, 1u128 << n);
        }
    }
}
