//! Unvalidated position data and the reasons it can be rejected.

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::role::{Piece, Role};
use crate::square::Square;
use crate::zobrist;
use core::fmt;

/// A position as plain data, not yet checked: what a FEN describes.
///
/// Turn it into a [`Position`](crate::Position) with
/// [`Position::from_setup`](crate::Position::from_setup), which reports every problem it finds.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The piece on each point, indexed by [`Square::index`].
    pub board: [Option<Piece>; 90],
    /// The side to move.
    pub turn: Color,
    /// Plies since the last capture (the no-capture counter of FEN's fifth field).
    pub halfmoves: u32,
    /// The move number, starting at 1 and increasing after Black moves.
    pub fullmoves: u32,
    /// The game the position is played by (a FEN does not say; xiangqi unless set).
    pub variant: crate::Variant,
}

impl Setup {
    /// An empty board with Red to move.
    pub fn empty() -> Setup {
        Setup {
            board: [None; 90],
            turn: Color::Red,
            halfmoves: 0,
            fullmoves: 1,
            variant: crate::Variant::Xiangqi,
        }
    }

    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Puts `piece` on `sq` (or empties it with `None`).
    #[inline]
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        self.board[sq.index()] = piece;
    }

    /// The points of one kind of piece of one side.
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        let piece = Some(Piece::new(color, role));
        Square::ALL
            .into_iter()
            .filter(|&sq| self.piece_at(sq) == piece)
            .collect()
    }

    /// The Zobrist hash of the pieces and the side to move (counters excluded): the
    /// [`Position::hash`](crate::Position::hash) of the position this setup describes.
    pub fn zobrist_hash(&self) -> u64 {
        let mut hash = 0;
        for sq in Square::ALL {
            if let Some(p) = self.piece_at(sq) {
                hash ^= zobrist::PIECE_SQUARE[p.index()][sq.index()];
            }
        }
        if self.turn == Color::Black {
            hash ^= zobrist::BLACK_TO_MOVE;
        }
        hash
    }

    /// The same setup with colours swapped and the board turned top to bottom.
    pub fn mirror(&self) -> Setup {
        let mut out = Setup::empty();
        for sq in Square::ALL {
            out.board[sq.flip_rank().index()] =
                self.board[sq.index()].map(|p| Piece::new(p.color.other(), p.role));
        }
        out.turn = self.turn.other();
        out.halfmoves = self.halfmoves;
        out.fullmoves = self.fullmoves;
        out.variant = self.variant;
        out
    }
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::start()
    }
}

/// One reason a [`Setup`] is not a legal position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionProblem {
    /// The side has no general.
    MissingGeneral(Color),
    /// The side has more pieces of one kind than the game starts with.
    TooManyPieces {
        /// The side.
        color: Color,
        /// The kind of piece.
        role: Role,
        /// How many stand on the board.
        count: u8,
    },
    /// A general stands outside its palace.
    GeneralOutsidePalace(Square),
    /// A piece stands on a point it can never reach (an advisor off its five palace points, an
    /// elephant off its seven points, a soldier behind its starting rank or on an uncrossed point
    /// that is not a soldier file).
    UnreachablePoint(Piece, Square),
    /// The two generals face each other on one file with nothing between them.
    GeneralsFacing,
    /// The side that is not to move is in check (its general could be captured).
    OpponentInCheck,
}

impl PositionProblem {
    /// `true` when a position with this problem still works for move generation (one general
    /// per side, inside its palace, no more pieces than a real game has), so
    /// [`PositionError::ignore`](crate::PositionError::ignore) may accept it.
    pub const fn is_tolerable(self) -> bool {
        matches!(
            self,
            PositionProblem::UnreachablePoint(..)
                | PositionProblem::GeneralsFacing
                | PositionProblem::OpponentInCheck
        )
    }
}

impl fmt::Display for PositionProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionProblem::MissingGeneral(c) => write!(f, "{c} has no general"),
            PositionProblem::TooManyPieces { color, role, count } => write!(
                f,
                "{color} has {count} pieces of kind {role} (at most {})",
                role.max_count()
            ),
            PositionProblem::GeneralOutsidePalace(sq) => {
                write!(f, "the general on {sq} is outside its palace")
            }
            PositionProblem::UnreachablePoint(piece, sq) => write!(
                f,
                "the {} {} on {sq} stands on a point it can never reach",
                piece.color, piece.role
            ),
            PositionProblem::GeneralsFacing => {
                f.write_str("the generals face each other with nothing between them")
            }
            PositionProblem::OpponentInCheck => f.write_str("the side not to move is in check"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    #[test]
    fn pieces_lists_the_points_of_one_kind_of_piece() {
        let setup = Setup::start();
        let chariots: Vec<Square> = setup.pieces(Color::Red, Role::Chariot).collect();
        assert_eq!(chariots, [Square::A0, Square::I0]);
        assert_eq!(
            setup.pieces(Color::Black, Role::General).single(),
            Some(Square::E9)
        );
        assert!(Setup::empty().pieces(Color::Red, Role::General).is_empty());
    }

    #[test]
    fn zobrist_hash_is_the_hash_of_the_position_after_moves_too() {
        let mut pos = Position::startpos();
        for iccs in ["h2e2", "h9g7", "h0g2"] {
            let m = pos.parse_iccs(iccs, crate::RankDialect::Zero).unwrap();
            pos.play(m).unwrap();
            assert_eq!(pos.to_setup().zobrist_hash(), pos.hash());
        }
        let mut black = Setup::empty();
        black.turn = Color::Black;
        assert_ne!(black.zobrist_hash(), Setup::empty().zobrist_hash());
    }
}
