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

/// One ply as [`moved_back_and_forth`] reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShuttlePly {
    /// The move (a pass is the general's point twice).
    pub mv: Move,
    /// The role of the piece that made it.
    pub role: Role,
    /// Whether the side that made it was in check before it.
    pub in_check_before: bool,
}

/// Janggimodern's rule against moving one piece back and forth ([`Rules::back_and_forth`]), as
/// Fairy-Stockfish applies it: `true` when the side that has just moved loses by it.
///
/// `plies` are the moves since the last capture, newest first, both sides' (the capture itself
/// and anything before it left out: a capture breaks every shuttle). Only the moves of the side
/// that just moved count, and none of them may have been made in check. The last one must move
/// a piece other than the general and the guards (a pass never counts as the last move). It
/// loses when its moves, newest first, are B to A, A to B, B to A, A to B and one more arriving
/// on B (four shuttles of one piece between two points, the first arriving by a quiet move);
/// a pass may stand in for the second-newest of them (A to B, pass, B to A, A to B, B to A,
/// arriving on B). The opponent's moves in between do not matter.
///
/// [`Game`](crate::Game) and the engine's search call it after every move of a game whose rules
/// ask for it.
///
/// ```
/// use xiangqi_core::janggi::{moved_back_and_forth, ShuttlePly};
/// use xiangqi_core::{Move, Role};
///
/// let ply = |text: &str| {
///     let iccs: xiangqi_core::Iccs = text.parse().unwrap();
///     ShuttlePly { mv: Move::new(iccs.from, iccs.to), role: Role::Chariot, in_check_before: false }
/// };
/// // Han's chariot: i9i7, i7i9, i9i7, i7i9, i9i7 (Cho's moves between), newest first.
/// let plies: Vec<ShuttlePly> = ["i9i7", "a0b0", "i7i9", "c2b0", "i9i7", "b0c2", "i7i9", "c2b0", "i9i7", "f0f1"]
///     .iter().map(|m| ply(m)).collect();
/// assert!(!moved_back_and_forth(plies[2..].iter().copied()));
/// assert!(moved_back_and_forth(plies.iter().copied()));
/// ```
///
/// [`Rules::back_and_forth`]: crate::Rules::back_and_forth
pub fn moved_back_and_forth(plies: impl IntoIterator<Item = ShuttlePly>) -> bool {
    let mut own = plies.into_iter().step_by(2);
    let reverse = |m: Move| Move::new(m.to(), m.from());
    let Some(last) = own.next() else {
        return false;
    };
    if Position::is_pass(last.mv)
        || last.in_check_before
        || matches!(last.role, Role::General | Role::Advisor)
    {
        return false;
    }
    let Some(second) = own.next().filter(|p| !p.in_check_before) else {
        return false;
    };
    // The moves that must each undo the one after them, newest first, then the count of them.
    let (mut newer, shuttles) = if second.mv == reverse(last.mv) {
        (second.mv, 2)
    } else if Position::is_pass(second.mv) {
        (last.mv, 3)
    } else {
        return false;
    };
    for _ in 0..shuttles {
        match own.next() {
            Some(p) if !p.in_check_before && p.mv == reverse(newer) => newer = p.mv,
            _ => return false,
        }
    }
    own.next()
        .is_some_and(|p| !p.in_check_before && p.mv.to() == newer.from())
}

/// The game's end by [`moved_back_and_forth`]: the side that has just moved loses, so
/// `to_move` (the side to move now) wins. `None` when `plies` complete no shuttle.
pub fn back_and_forth_outcome(
    plies: impl IntoIterator<Item = ShuttlePly>,
    to_move: Color,
) -> Option<crate::Outcome> {
    moved_back_and_forth(plies)
        .then(|| crate::Outcome::new(crate::Termination::BackAndForth, Some(to_move)))
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
