//! Files, ranks and the 90 points of the board.

use crate::color::Color;
use core::fmt;
use core::str::FromStr;

/// A file (column), `a` to `i` from Red's left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
#[allow(missing_docs)]
pub enum File {
    A = 0,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
    I,
}

impl File {
    /// Every file, `a` first.
    pub const ALL: [File; 9] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
        File::I,
    ];

    /// Index 0..9.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file with this index, if it is below 9.
    #[inline]
    pub const fn new(index: u32) -> Option<File> {
        if index < 9 {
            Some(File::ALL[index as usize])
        } else {
            None
        }
    }

    /// The letter `a`..`i`.
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// Parses `a`..`i`.
    pub fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='i' => File::new(c as u32 - 'a' as u32),
            _ => None,
        }
    }

    /// The file as its owner counts it in WXF and Chinese notation: 1..9 from that player's right.
    pub const fn number_for(self, color: Color) -> u8 {
        match color {
            Color::Red => 9 - self as u8,
            Color::Black => self as u8 + 1,
        }
    }

    /// The inverse of [`File::number_for`]: file number 1..9 counted from `color`'s right.
    pub const fn from_number(number: u8, color: Color) -> Option<File> {
        if number < 1 || number > 9 {
            return None;
        }
        match color {
            Color::Red => File::new(9 - number as u32),
            Color::Black => File::new(number as u32 - 1),
        }
    }

    /// The file seen from the other side of the board (a <-> i).
    #[inline]
    pub const fn flip(self) -> File {
        File::ALL[8 - self as usize]
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// A rank (row), 0 to 9 from Red's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    R0 = 0,
    R1,
    R2,
    R3,
    R4,
    R5,
    R6,
    R7,
    R8,
    R9,
}

impl Rank {
    /// Every rank, Red's back rank first.
    pub const ALL: [Rank; 10] = [
        Rank::R0,
        Rank::R1,
        Rank::R2,
        Rank::R3,
        Rank::R4,
        Rank::R5,
        Rank::R6,
        Rank::R7,
        Rank::R8,
        Rank::R9,
    ];

    /// Index 0..10.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank with this index, if it is below 10.
    #[inline]
    pub const fn new(index: u32) -> Option<Rank> {
        if index < 10 {
            Some(Rank::ALL[index as usize])
        } else {
            None
        }
    }

    /// The digit `0`..`9`.
    pub const fn char(self) -> char {
        (b'0' + self as u8) as char
    }

    /// The rank seen from the other side (0 <-> 9).
    #[inline]
    pub const fn flip(self) -> Rank {
        Rank::ALL[9 - self as usize]
    }

    /// `true` when this rank lies on `color`'s own side of the river (the one statement of
    /// where the river runs, between ranks 4 and 5).
    #[inline]
    pub const fn is_home_of(self, color: Color) -> bool {
        match color {
            Color::Red => (self as u8) <= 4,
            Color::Black => (self as u8) >= 5,
        }
    }

    /// How far the rank is from `color`'s back rank (0..9).
    #[inline]
    pub const fn relative_to(self, color: Color) -> u8 {
        match color {
            Color::Red => self as u8,
            Color::Black => 9 - self as u8,
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// One of the 90 points, named by ICCS coordinates (`a0` is Red's left corner, `i9` Black's).
/// The index is `rank * 9 + file`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Square {
    /// The point a0.
    A0 = 0,
    /// The point b0.
    B0 = 1,
    /// The point c0.
    C0 = 2,
    /// The point d0.
    D0 = 3,
    /// The point e0.
    E0 = 4,
    /// The point f0.
    F0 = 5,
    /// The point g0.
    G0 = 6,
    /// The point h0.
    H0 = 7,
    /// The point i0.
    I0 = 8,
    /// The point a1.
    A1 = 9,
    /// The point b1.
    B1 = 10,
    /// The point c1.
    C1 = 11,
    /// The point d1.
    D1 = 12,
    /// The point e1.
    E1 = 13,
    /// The point f1.
    F1 = 14,
    /// The point g1.
    G1 = 15,
    /// The point h1.
    H1 = 16,
    /// The point i1.
    I1 = 17,
    /// The point a2.
    A2 = 18,
    /// The point b2.
    B2 = 19,
    /// The point c2.
    C2 = 20,
    /// The point d2.
    D2 = 21,
    /// The point e2.
    E2 = 22,
    /// The point f2.
    F2 = 23,
    /// The point g2.
    G2 = 24,
    /// The point h2.
    H2 = 25,
    /// The point i2.
    I2 = 26,
    /// The point a3.
    A3 = 27,
    /// The point b3.
    B3 = 28,
    /// The point c3.
    C3 = 29,
    /// The point d3.
    D3 = 30,
    /// The point e3.
    E3 = 31,
    /// The point f3.
    F3 = 32,
    /// The point g3.
    G3 = 33,
    /// The point h3.
    H3 = 34,
    /// The point i3.
    I3 = 35,
    /// The point a4.
    A4 = 36,
    /// The point b4.
    B4 = 37,
    /// The point c4.
    C4 = 38,
    /// The point d4.
    D4 = 39,
    /// The point e4.
    E4 = 40,
    /// The point f4.
    F4 = 41,
    /// The point g4.
    G4 = 42,
    /// The point h4.
    H4 = 43,
    /// The point i4.
    I4 = 44,
    /// The point a5.
    A5 = 45,
    /// The point b5.
    B5 = 46,
    /// The point c5.
    C5 = 47,
    /// The point d5.
    D5 = 48,
    /// The point e5.
    E5 = 49,
    /// The point f5.
    F5 = 50,
    /// The point g5.
    G5 = 51,
    /// The point h5.
    H5 = 52,
    /// The point i5.
    I5 = 53,
    /// The point a6.
    A6 = 54,
    /// The point b6.
    B6 = 55,
    /// The point c6.
    C6 = 56,
    /// The point d6.
    D6 = 57,
    /// The point e6.
    E6 = 58,
    /// The point f6.
    F6 = 59,
    /// The point g6.
    G6 = 60,
    /// The point h6.
    H6 = 61,
    /// The point i6.
    I6 = 62,
    /// The point a7.
    A7 = 63,
    /// The point b7.
    B7 = 64,
    /// The point c7.
    C7 = 65,
    /// The point d7.
    D7 = 66,
    /// The point e7.
    E7 = 67,
    /// The point f7.
    F7 = 68,
    /// The point g7.
    G7 = 69,
    /// The point h7.
    H7 = 70,
    /// The point i7.
    I7 = 71,
    /// The point a8.
    A8 = 72,
    /// The point b8.
    B8 = 73,
    /// The point c8.
    C8 = 74,
    /// The point d8.
    D8 = 75,
    /// The point e8.
    E8 = 76,
    /// The point f8.
    F8 = 77,
    /// The point g8.
    G8 = 78,
    /// The point h8.
    H8 = 79,
    /// The point i8.
    I8 = 80,
    /// The point a9.
    A9 = 81,
    /// The point b9.
    B9 = 82,
    /// The point c9.
    C9 = 83,
    /// The point d9.
    D9 = 84,
    /// The point e9.
    E9 = 85,
    /// The point f9.
    F9 = 86,
    /// The point g9.
    G9 = 87,
    /// The point h9.
    H9 = 88,
    /// The point i9.
    I9 = 89,
}

/// The error of parsing a square name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid square name (expected a file a-i and a rank 0-9, like e0)")
    }
}

impl std::error::Error for ParseSquareError {}

impl Square {
    /// Every point in index order (a0, b0, ..., i0, a1, ..., i9).
    pub const ALL: [Square; 90] = [
        Square::A0,
        Square::B0,
        Square::C0,
        Square::D0,
        Square::E0,
        Square::F0,
        Square::G0,
        Square::H0,
        Square::I0,
        Square::A1,
        Square::B1,
        Square::C1,
        Square::D1,
        Square::E1,
        Square::F1,
        Square::G1,
        Square::H1,
        Square::I1,
        Square::A2,
        Square::B2,
        Square::C2,
        Square::D2,
        Square::E2,
        Square::F2,
        Square::G2,
        Square::H2,
        Square::I2,
        Square::A3,
        Square::B3,
        Square::C3,
        Square::D3,
        Square::E3,
        Square::F3,
        Square::G3,
        Square::H3,
        Square::I3,
        Square::A4,
        Square::B4,
        Square::C4,
        Square::D4,
        Square::E4,
        Square::F4,
        Square::G4,
        Square::H4,
        Square::I4,
        Square::A5,
        Square::B5,
        Square::C5,
        Square::D5,
        Square::E5,
        Square::F5,
        Square::G5,
        Square::H5,
        Square::I5,
        Square::A6,
        Square::B6,
        Square::C6,
        Square::D6,
        Square::E6,
        Square::F6,
        Square::G6,
        Square::H6,
        Square::I6,
        Square::A7,
        Square::B7,
        Square::C7,
        Square::D7,
        Square::E7,
        Square::F7,
        Square::G7,
        Square::H7,
        Square::I7,
        Square::A8,
        Square::B8,
        Square::C8,
        Square::D8,
        Square::E8,
        Square::F8,
        Square::G8,
        Square::H8,
        Square::I8,
        Square::A9,
        Square::B9,
        Square::C9,
        Square::D9,
        Square::E9,
        Square::F9,
        Square::G9,
        Square::H9,
        Square::I9,
    ];

    /// The point at `file` and `rank`.
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square::ALL[rank as usize * 9 + file as usize]
    }

    /// The point with this index, if it is below 90.
    #[inline]
    pub const fn new(index: u32) -> Option<Square> {
        if index < 90 {
            Some(Square::ALL[index as usize])
        } else {
            None
        }
    }

    /// The point with this index.
    ///
    /// # Safety
    /// `index` must be below 90.
    #[inline]
    pub const unsafe fn new_unchecked(index: u32) -> Square {
        debug_assert!(index < 90);
        // SAFETY: Square is repr(u8) with every value 0..90 a variant, and the caller keeps index below 90.
        unsafe { core::mem::transmute::<u8, Square>(index as u8) }
    }

    /// Index 0..90.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file.
    #[inline]
    pub const fn file(self) -> File {
        File::ALL[self as usize % 9]
    }

    /// The rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::ALL[self as usize / 9]
    }

    /// The point `df` files and `dr` ranks away, if it is on the board.
    #[inline]
    pub const fn offset(self, df: i32, dr: i32) -> Option<Square> {
        let f = (self as i32 % 9) + df;
        let r = (self as i32 / 9) + dr;
        if f < 0 || f > 8 || r < 0 || r > 9 {
            None
        } else {
            Some(Square::ALL[(r * 9 + f) as usize])
        }
    }

    /// The point seen from the other side of the board (a0 <-> i9).
    #[inline]
    pub const fn flip(self) -> Square {
        Square::ALL[89 - self as usize]
    }

    /// The point mirrored top to bottom (a0 <-> a9), as when the colours are swapped.
    ///
    /// ```
    /// use xiangqi_core::Square;
    /// assert_eq!(Square::A0.flip_rank(), Square::A9);
    /// assert_eq!(Square::E3.flip_rank(), Square::E6);
    /// for sq in Square::ALL {
    ///     assert_eq!((sq.flip_rank().file(), sq.flip_rank().rank()), (sq.file(), sq.rank().flip()));
    /// }
    /// ```
    #[inline]
    pub const fn flip_rank(self) -> Square {
        // One load where file, rank and point were three lookups and a division: observation
        // planes and action masks mirror every piece and every move for Black.
        const FLIPPED: [Square; 90] = {
            let mut t = [Square::A0; 90];
            let mut i = 0;
            while i < 90 {
                t[i] = Square::from_coords(Square::ALL[i].file(), Square::ALL[i].rank().flip());
                i += 1;
            }
            t
        };
        FLIPPED[self as usize]
    }

    /// The point mirrored left to right (a0 <-> i0).
    #[inline]
    pub const fn flip_file(self) -> Square {
        Square::from_coords(self.file().flip(), self.rank())
    }

    /// `true` when the point is inside `color`'s palace (files d-f, that side's three back ranks).
    ///
    /// This and [`Square::palace_centre`] state the palaces, and [`Rank::is_home_of`] the
    /// river, for both games: every table and test of a region derives from them.
    #[inline]
    pub const fn in_palace(self, color: Color) -> bool {
        let f = self as usize % 9;
        let r = self.rank().relative_to(color);
        f >= 3 && f <= 5 && r <= 2
    }

    /// The centre of `color`'s palace (e1, e8), where its diagonal lines cross.
    #[inline]
    pub const fn palace_centre(color: Color) -> Square {
        Square::ALL[Rank::ALL[1].relative_to(color) as usize * 9 + 4]
    }

    /// Parses an ICCS name such as `e0` (case-insensitive file letter).
    pub fn from_ascii(s: &[u8]) -> Result<Square, ParseSquareError> {
        match s {
            [f, r] => {
                let file =
                    File::from_char(f.to_ascii_lowercase() as char).ok_or(ParseSquareError)?;
                if !r.is_ascii_digit() {
                    return Err(ParseSquareError);
                }
                Ok(Square::from_coords(file, Rank::ALL[(r - b'0') as usize]))
            }
            _ => Err(ParseSquareError),
        }
    }

    /// The ICCS name, e.g. `"e0"`.
    pub fn name(self) -> String {
        format!("{}{}", self.file().char(), self.rank().char())
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.name())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}
