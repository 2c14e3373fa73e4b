//! The state the rules read: where the pieces stand, the side to move, the game played and,
//! for janggi, what of the last plies decides whether the game has ended.
//!
//! A [`Position`](crate::Position) is a `Board` with the counters and the hash; the games'
//! rules in `variants/` read a `Board` and never a `Position`, so they import nothing that
//! imports them.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::role::{Piece, Role};
use crate::square::{File, Square};
use crate::variant::Variant;

/// Pieces, side to move, variant and janggi history, with the incremental sets the move
/// generators read.
#[derive(Clone)]
pub(crate) struct Board {
    /// The piece on each point.
    pub(crate) squares: [Option<Piece>; 90],
    /// The points of each piece (colour * 7 + role).
    pub(crate) by_piece: [Bitboard; 14],
    /// The points of each side.
    pub(crate) by_color: [Bitboard; 2],
    /// Every occupied point.
    pub(crate) occupied: Bitboard,
    /// Each file's occupancy, bit `r` for rank `r`.
    pub(crate) file_occ: [u16; 9],
    /// Where each general stands.
    pub(crate) generals: [Square; 2],
    /// The side to move.
    pub(crate) turn: Color,
    /// The game played.
    pub(crate) variant: Variant,
    /// Janggi only: bit 0 the last move was a pass, bit 1 the move before it was, bit 2 the
    /// position before the last move was bikjang; 0 in xiangqi and after a FEN.
    pub(crate) janggi_history: u8,
}

impl Board {
    /// An empty board of `variant` with `turn` to move (the generals' points are placeholders
    /// until [`Board::put`] places them).
    pub(crate) fn empty(variant: Variant, turn: Color) -> Board {
        Board {
            squares: [None; 90],
            by_piece: [Bitboard::EMPTY; 14],
            by_color: [Bitboard::EMPTY; 2],
            occupied: Bitboard::EMPTY,
            file_occ: [0; 9],
            generals: [Square::E0, Square::E9],
            turn,
            variant,
            janggi_history: 0,
        }
    }

    /// Puts `piece` on the empty point `sq`.
    #[inline]
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        self.squares[sq.index()] = Some(piece);
        let bb = Bitboard::from_square(sq);
        self.by_piece[piece.index()] ^= bb;
        self.by_color[piece.color.index()] ^= bb;
        self.occupied ^= bb;
        self.file_occ[sq.file().index()] ^= 1 << sq.rank().index();
        if piece.role == Role::General {
            self.generals[piece.color.index()] = sq;
        }
    }

    /// The piece on `sq`.
    #[inline(always)]
    pub(crate) fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.squares[sq.index()]
    }

    /// The points of one side's pieces.
    #[inline(always)]
    pub(crate) fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The points of one kind of piece of one side.
    #[inline(always)]
    pub(crate) fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_piece[color.index() * 7 + role.index()]
    }

    /// Where `color`'s general stands.
    #[inline(always)]
    pub(crate) fn general(&self, color: Color) -> Square {
        self.generals[color.index()]
    }

    /// The 10-bit occupancy of a file.
    #[inline(always)]
    pub(crate) fn file_occupancy(&self, file: File) -> u16 {
        self.file_occ[file.index()]
    }

    /// `true` when the two generals face each other on one file with nothing between them.
    #[inline]
    pub(crate) fn generals_facing(&self) -> bool {
        let (red, black) = (self.general(Color::Red), self.general(Color::Black));
        red.file() == black.file() && (attacks::between(red, black) & self.occupied).is_empty()
    }
}
