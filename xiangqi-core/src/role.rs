//! Piece kinds and pieces.

use crate::color::Color;
use core::fmt;
use core::ops::{Index, IndexMut};

/// A kind of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[repr(u8)]
pub enum Role {
    /// General (king): one point orthogonally inside the palace.
    General = 0,
    /// Advisor: one point diagonally inside the palace.
    Advisor = 1,
    /// Elephant: two points diagonally, blocked at the eye, never across the river.
    Elephant = 2,
    /// Horse: one point orthogonally then one diagonally outward, blocked at the leg.
    Horse = 3,
    /// Chariot (rook): any distance orthogonally.
    Chariot = 4,
    /// Cannon: moves like a chariot, captures by jumping exactly one screen.
    Cannon = 5,
    /// Soldier: forward, and sideways once across the river.
    Soldier = 6,
}

impl Role {
    /// Every role, in index order.
    pub const ALL: [Role; 7] = [
        Role::General,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Chariot,
        Role::Cannon,
        Role::Soldier,
    ];

    /// Index 0..7.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The role with this index, if it is below 7.
    pub const fn from_index(index: usize) -> Option<Role> {
        if index < 7 {
            Some(Role::ALL[index])
        } else {
            None
        }
    }

    /// The upper-case FEN letter: K A B N R C P.
    pub const fn fen_char(self) -> char {
        match self {
            Role::General => 'K',
            Role::Advisor => 'A',
            Role::Elephant => 'B',
            Role::Horse => 'N',
            Role::Chariot => 'R',
            Role::Cannon => 'C',
            Role::Soldier => 'P',
        }
    }

    /// The letter shown to players (seed 002 and WXF): K A E H R C P.
    pub const fn letter(self) -> char {
        match self {
            Role::General => 'K',
            Role::Advisor => 'A',
            Role::Elephant => 'E',
            Role::Horse => 'H',
            Role::Chariot => 'R',
            Role::Cannon => 'C',
            Role::Soldier => 'P',
        }
    }

    /// Parses a letter in either case: the FEN letters K A B N R C P and the aliases E (elephant),
    /// H (horse), G (general) and S (soldier).
    pub fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'K' | 'G' => Role::General,
            'A' => Role::Advisor,
            'B' | 'E' => Role::Elephant,
            'N' | 'H' => Role::Horse,
            'R' => Role::Chariot,
            'C' => Role::Cannon,
            'P' | 'S' => Role::Soldier,
            _ => return None,
        })
    }

    /// The piece's conventional value in centipawns, as players count material: soldier 100,
    /// advisor and elephant 200, horse and cannon 450, chariot 1000; the general, never
    /// traded, 0. The one table that material counts read (the puzzle tools, the bindings, the
    /// page); the engine's evaluation has tuned values of its own.
    ///
    /// ```
    /// use xiangqi_core::Role;
    /// assert_eq!(Role::Chariot.value(), 2 * Role::Cannon.value() + Role::Soldier.value());
    /// ```
    pub const fn value(self) -> i32 {
        match self {
            Role::General => 0,
            Role::Advisor | Role::Elephant => 200,
            Role::Horse | Role::Cannon => 450,
            Role::Chariot => 1000,
            Role::Soldier => 100,
        }
    }

    /// The English name.
    pub const fn name(self) -> &'static str {
        match self {
            Role::General => "general",
            Role::Advisor => "advisor",
            Role::Elephant => "elephant",
            Role::Horse => "horse",
            Role::Chariot => "chariot",
            Role::Cannon => "cannon",
            Role::Soldier => "soldier",
        }
    }

    /// How many of this role a side has at the start (and may have at most).
    pub const fn max_count(self) -> u8 {
        match self {
            Role::General => 1,
            Role::Soldier => 5,
            _ => 2,
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A value for each role, indexed by [`Role`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ByRole<T>(pub [T; 7]);

impl<T> ByRole<T> {
    /// Builds the table by calling `f` for each role.
    pub fn new_with(mut f: impl FnMut(Role) -> T) -> ByRole<T> {
        ByRole(Role::ALL.map(&mut f))
    }
}

impl<T> Index<Role> for ByRole<T> {
    type Output = T;
    #[inline]
    fn index(&self, role: Role) -> &T {
        &self.0[role.index()]
    }
}

impl<T> IndexMut<Role> for ByRole<T> {
    #[inline]
    fn index_mut(&mut self, role: Role) -> &mut T {
        &mut self.0[role.index()]
    }
}

/// A piece: a role of a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// The side it belongs to.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

/// Simplified Chinese characters by [color][role].
const CHINESE_SIMPLIFIED: [[char; 7]; 2] = [
    ['帅', '仕', '相', '马', '车', '炮', '兵'],
    ['将', '士', '象', '马', '车', '炮', '卒'],
];
/// Traditional characters by [color][role], as drawn on most boards (seed 002).
const CHINESE_TRADITIONAL: [[char; 7]; 2] = [
    ['帥', '仕', '相', '傌', '俥', '炮', '兵'],
    ['將', '士', '象', '馬', '車', '砲', '卒'],
];

impl Piece {
    /// Makes a piece.
    #[inline]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// Index 0..14: `color * 7 + role`.
    #[inline]
    pub const fn index(self) -> usize {
        self.color.index() * 7 + self.role.index()
    }

    /// The piece with this index (`color * 7 + role`), if it is below 14.
    pub const fn from_index(index: usize) -> Option<Piece> {
        if index >= 14 {
            return None;
        }
        let color = if index < 7 { Color::Red } else { Color::Black };
        Some(Piece::new(color, Role::ALL[index % 7]))
    }

    /// The FEN character: upper case for Red, lower case for Black.
    pub const fn fen_char(self) -> char {
        let c = self.role.fen_char();
        match self.color {
            Color::Red => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// Parses a FEN character (also E/H and G/S aliases); case gives the colour.
    pub fn from_fen_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        Some(Piece::new(color, role))
    }

    /// The display letter K A E H R C P, upper case for Red and lower case for Black.
    pub const fn letter(self) -> char {
        let c = self.role.letter();
        match self.color {
            Color::Red => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// The Chinese character: traditional (帥仕相傌俥炮兵 / 將士象馬車砲卒) or simplified.
    pub const fn chinese_char(self, traditional: bool) -> char {
        let table = if traditional {
            &CHINESE_TRADITIONAL
        } else {
            &CHINESE_SIMPLIFIED
        };
        table[self.color.index()][self.role.index()]
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.fen_char())
    }
}
