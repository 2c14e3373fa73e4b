//! The games: one file for each, holding its move generation, its attack and check queries,
//! its start positions and the points its pieces can reach.
//!
//! - `xiangqi.rs`: xiangqi (Chinese chess), [`Variant::Xiangqi`].
//! - `janggi.rs`: janggi (Korean chess) under any of its four rule sets.
//!
//! Each game implements [`Family`] (`family.rs`, with the move sinks the generators fill) on a
//! [`Board`](crate::board::Board); a [`Position`](crate::Position) method asks
//! [`dispatch!`] once which game its variant belongs to, and calls that game's implementation,
//! statically. The pieces' movement tables, shared by both games where pieces move alike, live
//! in [`attacks`](crate::attacks) and [`attacks::janggi`](crate::attacks::janggi).
//!
//! Nothing here imports the position, FEN or variant-listing code that calls it: the games read a
//! `Board` and return plain values.

mod family;
pub mod janggi;
pub mod xiangqi;

pub(crate) use family::{Any, Counter, Family, MoveSink};

use crate::role::Piece;
use crate::setup::Setup;
use crate::square::Square;
use crate::variant::Variant;

/// Which game a [`Variant`] belongs to: the one test that every dispatch makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Xiangqi.
    Xiangqi,
    /// The four janggi variants.
    Janggi,
}

impl Kind {
    /// The game `variant` belongs to.
    #[inline(always)]
    pub(crate) const fn of(variant: Variant) -> Kind {
        match variant {
            Variant::Xiangqi => Kind::Xiangqi,
            Variant::Janggi
            | Variant::JanggiTraditional
            | Variant::JanggiModern
            | Variant::JanggiCasual => Kind::Janggi,
        }
    }
}

/// Evaluates `$body` with `$game` naming the [`Family`] implementation of `$variant`'s game:
/// `dispatch!(variant, G => G::is_check(board))`. The one place where a variant picks its game.
macro_rules! dispatch {
    ($variant:expr, $game:ident => $body:expr) => {
        match $crate::variants::Kind::of($variant) {
            $crate::variants::Kind::Xiangqi => {
                type $game = $crate::variants::xiangqi::Xiangqi;
                $body
            }
            $crate::variants::Kind::Janggi => {
                type $game = $crate::variants::janggi::Janggi;
                $body
            }
        }
    };
}
pub(crate) use dispatch;

/// `true` when `piece` can ever stand on `sq` in a game of `variant`.
pub(crate) fn reachable(variant: Variant, piece: Piece, sq: Square) -> bool {
    dispatch!(variant, G => G::reachable(piece, sq))
}

/// The start position of `variant`.
pub(crate) fn start(variant: Variant) -> Setup {
    dispatch!(variant, G => G::start(variant))
}

impl Variant {
    /// Every point `piece` can ever stand on in a game of this variant: a general's (and in
    /// janggi a guard's) palace, xiangqi's advisors' five and elephants' seven points, a
    /// soldier's points ahead of its start, everywhere for the others.
    ///
    /// ```
    /// use xiangqi_core::{Color, Piece, Role, Variant};
    /// let advisor = Piece { color: Color::Red, role: Role::Advisor };
    /// assert_eq!(Variant::Xiangqi.reachable_points(advisor).count(), 5);
    /// assert_eq!(Variant::Janggi.reachable_points(advisor).count(), 9);
    /// ```
    pub fn reachable_points(self, piece: Piece) -> crate::Bitboard {
        Square::ALL
            .iter()
            .copied()
            .filter(|&sq| reachable(self, piece, sq))
            .collect()
    }

    /// The FEN of the start position. Janggi's is Fairy-Stockfish's: both sides in the 마상상마
    /// arrangement (elephants inside, next to the guards); [`Position::janggi_start`] builds
    /// the other fifteen.
    ///
    /// [`Position::janggi_start`]: crate::Position::janggi_start
    pub const fn start_fen(self) -> &'static str {
        match Kind::of(self) {
            Kind::Xiangqi => xiangqi::STARTING_FEN,
            Kind::Janggi => janggi::STARTING_FEN,
        }
    }
}
