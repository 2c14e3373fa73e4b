//! The game a position is played by: xiangqi, or janggi (Korean chess) under one of its four
//! rule sets.
//!
//! A [`Position`](crate::Position) carries its variant: FEN reading and writing, legal moves,
//! perft, check, game end and notation all follow it. The janggi variants are named as
//! Fairy-Stockfish names them (its `UCI_Variant` values and pyffish's variant argument):
//!
//! | variant | bikjang (generals facing) | counting | repetition |
//! |---|---|---|---|
//! | `janggi` | must be broken; twice in a row ends the game, by counting | yes | perpetual check loses, else counting |
//! | `janggitraditional` | must be broken; twice in a row is a draw | no | perpetual check loses, else a draw |
//! | `janggimodern` | no rule | yes | fourfold; moving one piece back and forth loses |
//! | `janggicasual` | no rule | no | perpetual check loses, else a draw |
//!
//! Counting (R 13, C 7, H 5, E 3, A 3, P 2, Han 1.5 more) decides the endings a rule set leaves
//! to it: bikjang twice, two passes in a row, a repetition without a perpetual checker, and the
//! move limit (100 plies without a capture). The game-end side is [`Rules`](crate::Rules)' (see
//! [`Variant::default_rules`]); what the variant itself decides is how pieces move, and, through
//! bikjang, which moves are legal.
//!
//! ```
//! use xiangqi_core::{Position, Variant};
//!
//! let janggi: Variant = "janggi".parse().unwrap();
//! assert!(janggi.is_janggi() && janggi.has_bikjang());
//! let pos = Position::start_of(janggi);
//! assert_eq!(pos.variant(), janggi);
//! assert_eq!(pos.fen(), "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1");
//! assert_eq!(pos.legal_moves().len(), 32); // the pass among them
//! assert_eq!(Variant::Xiangqi.to_string(), "xiangqi");
//! ```

use core::fmt;
use core::str::FromStr;

/// The game a position is played by: xiangqi, or janggi under one of Fairy-Stockfish's four rule
/// sets (`janggi`, `janggitraditional`, `janggimodern`, `janggicasual`: they differ in bikjang,
/// counting and repetition). The variant decides how pieces move and which moves are legal;
/// how a game ends is [`Rules`](crate::Rules)' (see [`Variant::default_rules`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[repr(u8)]
pub enum Variant {
    /// Xiangqi (Chinese chess).
    #[default]
    Xiangqi = 0,
    /// Janggi under the Korean tournament rules: bikjang, counting (Fairy-Stockfish's `janggi`).
    Janggi = 1,
    /// Janggi with bikjang a draw and no counting (`janggitraditional`).
    JanggiTraditional = 2,
    /// Janggi under Kakao rules: no bikjang, counting, fourfold repetition, and a side that
    /// moves one piece back and forth loses ([`Rules::back_and_forth`](crate::Rules::back_and_forth);
    /// `janggimodern`).
    JanggiModern = 3,
    /// Janggi without bikjang and counting (`janggicasual`).
    JanggiCasual = 4,
}

impl Variant {
    /// Every variant, xiangqi first.
    pub const ALL: [Variant; 5] = [
        Variant::Xiangqi,
        Variant::Janggi,
        Variant::JanggiTraditional,
        Variant::JanggiModern,
        Variant::JanggiCasual,
    ];

    /// The name as Fairy-Stockfish writes it: `xiangqi`, `janggi`, `janggitraditional`,
    /// `janggimodern`, `janggicasual`.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Xiangqi => "xiangqi",
            Variant::Janggi => "janggi",
            Variant::JanggiTraditional => "janggitraditional",
            Variant::JanggiModern => "janggimodern",
            Variant::JanggiCasual => "janggicasual",
        }
    }

    /// The variant called `name` (any letter case; `chinese` and `korean` are accepted for
    /// `xiangqi` and `janggi`).
    pub fn from_name(name: &str) -> Option<Variant> {
        let name = name.trim();
        if name.eq_ignore_ascii_case("chinese") {
            return Some(Variant::Xiangqi);
        }
        if name.eq_ignore_ascii_case("korean") {
            return Some(Variant::Janggi);
        }
        Variant::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(name))
    }

    /// `true` for the four janggi variants.
    #[inline]
    pub const fn is_janggi(self) -> bool {
        !matches!(self, Variant::Xiangqi)
    }

    /// `true` when the bikjang rule applies: with the generals facing on an open file, the side
    /// to move may pass even in check, every other move must break the facing, and a facing on
    /// two plies in a row ends the game (`janggi`, `janggitraditional`).
    #[inline]
    pub const fn has_bikjang(self) -> bool {
        matches!(self, Variant::Janggi | Variant::JanggiTraditional)
    }

    /// `true` when counting decides the endings the rules leave to it (`janggi`,
    /// `janggimodern`).
    #[inline]
    pub const fn has_counting(self) -> bool {
        matches!(self, Variant::Janggi | Variant::JanggiModern)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing a [`Variant`]: the name is none of the five.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseVariantError {
    /// The text given.
    pub input: String,
}

impl fmt::Display for ParseVariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown variant {:?}: expected xiangqi, janggi, janggitraditional, janggimodern or janggicasual",
            self.input
        )
    }
}

impl std::error::Error for ParseVariantError {}

impl FromStr for Variant {
    type Err = ParseVariantError;
    fn from_str(s: &str) -> Result<Variant, ParseVariantError> {
        Variant::from_name(s).ok_or_else(|| ParseVariantError {
            input: s.to_owned(),
        })
    }
}
