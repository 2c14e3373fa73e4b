//! Janggi (Korean chess): start setups, counting, bikjang, the pass, and the move generator the
//! janggi [`Variant`]s use.
//!
//! Janggi is played on xiangqi's board with the same pieces under other moves (see
//! [`attacks::janggi`](crate::attacks::janggi)). The side that moves first, Cho (楚, blue or
//! green, upper-case letters in FEN), is [`Color::Red`] here; Han (漢, red, lower case) is
//! [`Color::Black`]. A player may pass instead of moving when not in check; a pass is written
//! as the general's point twice (`e1e1`, as Fairy-Stockfish writes it) and played with
//! [`Position::pass_move`].
//!
//! Each side chooses one of four [`Arrangement`]s of its horses and elephants before the game;
//! [`Position::janggi_start`] builds any of the sixteen start positions.
//!
//! ```
//! use xiangqi_core::janggi::Arrangement;
//! use xiangqi_core::{perft, Position};
//!
//! let pos = Position::janggi_start(Arrangement::SangMaSangMa, Arrangement::MaSangSangMa);
//! assert_eq!(pos.board_fen(), "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RBNA1ABNR");
//! let pass = pos.pass_move();
//! assert_eq!(pass.to_string(), "e1e1");
//! assert!(pos.legal_moves().contains(&pass));
//! assert_eq!(perft(&Position::start_of(xiangqi_core::Variant::Janggi), 3), 33_000);
//! ```

pub use crate::variants::janggi::{
    counting_value, reachable, Arrangement, ParseArrangementError, STARTING_FEN,
};

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::moves::Move;
use crate::position::Position;
use crate::role::Role;
use crate::variant::Variant;
use crate::variants::janggi as rules;

/// A side's counting points in half points: its pieces' [`counting_value`]s, doubled, and for
/// Han (Black) the 1.5 points of compensation (3 half points) more. The full starting army
/// counts 72 points.
///
/// ```
/// use xiangqi_core::{janggi, Color, Position, Variant};
/// let pos = Position::start_of(Variant::Janggi);
/// assert_eq!(janggi::half_points(&pos, Color::Red), 144);
/// assert_eq!(janggi::half_points(&pos, Color::Black), 147);
/// assert_eq!(janggi::counting_winner(&pos), Color::Black);
/// ```
pub fn half_points(pos: &Position, color: Color) -> u32 {
    let pieces: u32 = Role::ALL
        .iter()
        .map(|&role| 2 * counting_value(role) * pos.count(color, role))
        .sum();
    pieces + if color == Color::Black { 3 } else { 0 }
}

/// The side counting declares the winner: the one with more points (Han's 1.5 included, so
/// there is never a tie).
pub fn counting_winner(pos: &Position) -> Color {
    if half_points(pos, Color::Red) > half_points(pos, Color::Black) {
        Color::Red
    } else {
        Color::Black
    }
}

/// The points of every cannon in `pos` (both sides): what janggi cannon moves need to know
/// (the `cannons` argument of [`attacks::janggi`](crate::attacks::janggi)'s functions).
#[inline]
pub fn cannons(pos: &Position) -> Bitboard {
    pos.pieces(Color::Red, Role::Cannon) | pos.pieces(Color::Black, Role::Cannon)
}

impl Position {
    /// The start position of a janggi game ([`Variant::Janggi`]) with Cho's and Han's
    /// arrangements.
    pub fn janggi_start(cho: Arrangement, han: Arrangement) -> Position {
        Position::from_setup(rules::start_setup(Variant::Janggi, cho, han))
            .expect("janggi start positions are legal")
    }

    /// The pass of the side to move: its general's point twice. Legal in the janggi variants
    /// when not in check (and under bikjang even in check); never in xiangqi.
    #[inline]
    pub fn pass_move(&self) -> Move {
        let ksq = self.general(self.turn());
        Move::new(ksq, ksq)
    }

    /// `true` when `m` is a pass (from and to the same point).
    #[inline]
    pub fn is_pass(m: Move) -> bool {
        m.from() == m.to()
    }

    /// `true` when the two generals face each other on one file with nothing between them. In
    /// xiangqi no legal position has it; in janggi variants with the bikjang rule
    /// ([`Variant::has_bikjang`]) it is bikjang.
    pub fn generals_facing(&self) -> bool {
        self.board().generals_facing()
    }

    /// How a janggi game ended at this position by its last plies ([`Termination::DoublePass`]
    /// or [`Termination::Bikjang`]; see [`Position::janggi_game_ended`]), or `None`.
    ///
    /// [`Termination::DoublePass`]: crate::Termination::DoublePass
    /// [`Termination::Bikjang`]: crate::Termination::Bikjang
    pub fn janggi_ending(&self) -> Option<crate::Termination> {
        if !self.janggi_game_ended() {
            None
        } else if self.last_move_was_pass() && self.previous_move_was_pass() {
            Some(crate::Termination::DoublePass)
        } else {
            Some(crate::Termination::Bikjang)
        }
    }

    /// `true` in bikjang: a janggi variant with the bikjang rule and the generals facing.
    #[inline]
    pub fn is_bikjang(&self) -> bool {
        rules::is_bikjang(self.board())
    }

    /// `true` when a janggi game has ended at this position by its last plies: the two sides
    /// passed in a row, or bikjang stood on two plies in a row (see [`Variant::has_bikjang`]).
    /// A position read from a FEN has no such history. Such a position has no legal move, as
    /// in Fairy-Stockfish; [`Game`](crate::Game) names the result.
    #[inline]
    pub fn janggi_game_ended(&self) -> bool {
        rules::game_ended(self.board())
    }
}
