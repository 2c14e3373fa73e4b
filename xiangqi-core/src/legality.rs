//! Why a move is illegal, in words a player understands.
//!
//! [`Position::illegal_reason`] tells the first rule a move breaks, in the order a player
//! checks them: is it my piece, does it move that way, is the way clear, where does it land, is
//! my general safe afterwards. Every reason has a fixed number ([`IllegalMoveReason::code`])
//! that the C and Python interfaces share.
//!
//! ```
//! use xiangqi_core::{IllegalMoveReason, Move, Position, Square};
//!
//! let pos = Position::startpos();
//! let reason = |from, to| pos.illegal_reason(Move::new(from, to));
//! assert_eq!(reason(Square::H2, Square::E2), None); // 炮二平五 is legal
//! assert_eq!(reason(Square::H0, Square::H2), Some(IllegalMoveReason::NotHowItMoves));
//! assert_eq!(reason(Square::A0, Square::A5), Some(IllegalMoveReason::PathBlocked));
//! assert_eq!(reason(Square::E4, Square::E5), Some(IllegalMoveReason::NoPieceOfYours));
//! assert_eq!(
//!     IllegalMoveReason::NotHowItMoves.to_string(),
//!     "that piece does not move so"
//! );
//! ```

use crate::moves::Move;
use crate::position::Position;
use crate::role::Role;
use crate::variants::{dispatch, Family};
use core::fmt;

/// The rule an illegal move breaks. The numbers ([`IllegalMoveReason::code`]) never change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[repr(u8)]
pub enum IllegalMoveReason {
    /// The point it leaves holds no piece of the side to move (empty, or an enemy piece).
    NoPieceOfYours = 1,
    /// The piece cannot reach that point even on an empty board (a horse moving three points,
    /// a general leaving the palace, an elephant crossing the river, a soldier going back, a
    /// move onto its own point).
    NotHowItMoves = 2,
    /// The way is blocked: a piece in a chariot's or cannon's path, on a horse's leg or on an
    /// elephant's eye.
    PathBlocked = 3,
    /// A cannon captures only by jumping exactly one piece, and this capture does not.
    CannonNeedsScreen = 4,
    /// The point it goes to holds a piece of its own side.
    OwnPieceThere = 5,
    /// After the move the two generals would face each other on an open file.
    GeneralsFace = 6,
    /// After the move the mover's general would be attacked (left in check or put in check).
    LeavesGeneralAttacked = 7,
    /// Janggi: the game has already ended at this position (two passes, or bikjang on two
    /// plies, in a row): no move is legal.
    GameOver = 8,
}

impl IllegalMoveReason {
    /// Every reason, in code order.
    pub const ALL: [IllegalMoveReason; 8] = [
        IllegalMoveReason::NoPieceOfYours,
        IllegalMoveReason::NotHowItMoves,
        IllegalMoveReason::PathBlocked,
        IllegalMoveReason::CannonNeedsScreen,
        IllegalMoveReason::OwnPieceThere,
        IllegalMoveReason::GeneralsFace,
        IllegalMoveReason::LeavesGeneralAttacked,
        IllegalMoveReason::GameOver,
    ];

    /// The fixed number of the reason (1 to 8; 0 is left for "legal" in C).
    #[inline]
    pub const fn code(self) -> u8 {
        self as u8
    }

    /// The reason with this number.
    pub const fn from_code(code: u8) -> Option<IllegalMoveReason> {
        if code >= 1 && code as usize <= IllegalMoveReason::ALL.len() {
            Some(IllegalMoveReason::ALL[code as usize - 1])
        } else {
            None
        }
    }

    /// The reason as a player reads it, addressed to the side that tried the move.
    pub const fn message(self) -> &'static str {
        match self {
            IllegalMoveReason::NoPieceOfYours => "no piece of yours there",
            IllegalMoveReason::NotHowItMoves => "that piece does not move so",
            IllegalMoveReason::PathBlocked => "the path is blocked",
            IllegalMoveReason::CannonNeedsScreen => {
                "a cannon captures only by jumping exactly one piece"
            }
            IllegalMoveReason::OwnPieceThere => "your own piece stands there",
            IllegalMoveReason::GeneralsFace => "the generals would face each other",
            IllegalMoveReason::LeavesGeneralAttacked => "it leaves your general attacked",
            IllegalMoveReason::GameOver => "the game is over",
        }
    }
}

impl fmt::Display for IllegalMoveReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl Position {
    /// Why `m` is illegal here, or `None` when it is legal. Any `Move` value may be asked about.
    pub fn illegal_reason(&self, m: Move) -> Option<IllegalMoveReason> {
        dispatch!(self.variant(), G => self.illegal_reason_by::<G>(m))
    }

    /// [`Position::illegal_reason`] by the rules of the game `G`.
    fn illegal_reason_by<G: Family>(&self, m: Move) -> Option<IllegalMoveReason> {
        let (from, to) = (m.from(), m.to());
        let us = self.turn();
        if G::game_ended(self.board()) {
            return Some(IllegalMoveReason::GameOver);
        }
        let piece = match self.piece_at(from) {
            Some(p) if p.color == us => p,
            _ => return Some(IllegalMoveReason::NoPieceOfYours),
        };
        if G::HAS_PASS && from == to && piece.role == Role::General {
            // The pass: refused only in check (outside bikjang).
            return (!self.is_legal(m)).then_some(IllegalMoveReason::LeavesGeneralAttacked);
        }
        // Where the piece could go on an empty board (a janggi cannon: wherever a screen lets it).
        if !G::reach(piece, from).contains(to) {
            return Some(IllegalMoveReason::NotHowItMoves);
        }
        if self.by_color(us).contains(to) {
            return Some(IllegalMoveReason::OwnPieceThere);
        }
        if !self.is_pseudo_legal(m) {
            let capture = self.by_color(!us).contains(to);
            return Some(if piece.role == Role::Cannon && capture {
                IllegalMoveReason::CannonNeedsScreen
            } else {
                IllegalMoveReason::PathBlocked
            });
        }
        if self.is_legal(m) {
            return None;
        }
        let mut after = self.clone();
        after.make_move(m);
        // In janggi the generals may face, but a move under bikjang must break it.
        let facing =
            (!G::GENERALS_MAY_FACE || self.is_bikjang()) && after.board().generals_facing();
        Some(if facing {
            IllegalMoveReason::GeneralsFace
        } else {
            IllegalMoveReason::LeavesGeneralAttacked
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::Square;

    fn reason(fen: &str, from: Square, to: Square) -> Option<IllegalMoveReason> {
        Position::from_fen(fen)
            .unwrap()
            .illegal_reason(Move::new(from, to))
    }

    #[test]
    fn every_reason_in_its_place() {
        use IllegalMoveReason::*;
        let start = crate::STARTING_FEN;
        assert_eq!(reason(start, Square::A9, Square::A8), Some(NoPieceOfYours));
        assert_eq!(reason(start, Square::E0, Square::E0), Some(NotHowItMoves));
        assert_eq!(reason(start, Square::E0, Square::E3), Some(NotHowItMoves));
        assert_eq!(reason(start, Square::A3, Square::A2), Some(NotHowItMoves));
        assert_eq!(reason(start, Square::A0, Square::A4), Some(PathBlocked));
        assert_eq!(reason(start, Square::A0, Square::B0), Some(OwnPieceThere));
        // The h2 cannon takes the h9 horse over the h7 cannon, but h7 itself has no screen.
        assert_eq!(reason(start, Square::H2, Square::H9), None);
        assert_eq!(
            reason(start, Square::H2, Square::H7),
            Some(CannonNeedsScreen)
        );
        // Elephant with its eye blocked; horse with its leg blocked.
        let fen = "4k4/9/9/9/9/9/9/3N5/9/2BK5 w - - 0 1";
        assert_eq!(reason(fen, Square::C0, Square::E2), None);
        let fen = "4k4/9/9/9/9/9/9/9/3N5/2BK5 w - - 0 1";
        assert_eq!(reason(fen, Square::C0, Square::E2), Some(PathBlocked));
        assert_eq!(reason(start, Square::B0, Square::D1), Some(PathBlocked));
        // Elephants never cross the river.
        let fen = "4k4/9/9/9/9/2B6/9/9/9/3K5 w - - 0 1";
        assert_eq!(reason(fen, Square::C4, Square::E6), Some(NotHowItMoves));
        // The horse on e1 is all that separates the generals.
        let fen = "4k4/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1";
        assert_eq!(reason(fen, Square::E1, Square::C2), Some(GeneralsFace));
        // With the black general off the file the horse may go.
        let fen = "3k5/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1";
        assert_eq!(reason(fen, Square::E1, Square::C2), None);
        // The horse on e1 shields its general from the black chariot on e5.
        let fen = "3k5/9/9/9/4r4/9/9/9/4H4/4K4 w - - 0 1";
        assert_eq!(
            reason(fen, Square::E1, Square::C2),
            Some(LeavesGeneralAttacked)
        );
    }

    #[test]
    fn agrees_with_legality_everywhere() {
        let suite = include_str!("../../data/perft/suite.epd");
        for line in suite.lines().filter(|l| !l.trim().is_empty()) {
            let pos = Position::from_fen(line.split(';').next().unwrap().trim()).unwrap();
            for from in Square::ALL {
                for to in Square::ALL {
                    let m = Move::new(from, to);
                    assert_eq!(pos.illegal_reason(m).is_none(), pos.is_legal(m), "{m}");
                }
            }
        }
    }

    #[test]
    fn codes_round_trip() {
        for (i, r) in IllegalMoveReason::ALL.into_iter().enumerate() {
            assert_eq!(r.code() as usize, i + 1);
            assert_eq!(IllegalMoveReason::from_code(r.code()), Some(r));
        }
        assert_eq!(IllegalMoveReason::from_code(0), None);
        assert_eq!(IllegalMoveReason::from_code(9), None);
    }
}
