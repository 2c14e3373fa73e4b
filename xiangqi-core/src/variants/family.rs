//! What a game implements ([`Family`]) and where its move generator puts the moves
//! ([`MoveSink`]: a list, a counter, a test for any move).

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::color::Color;
use crate::moves::{Move, MoveList};
use crate::role::Piece;
use crate::setup::Setup;
use crate::square::Square;
use crate::variant::Variant;

/// One game's rules of movement, on a [`Board`] of that game. Every method is a static
/// function, so a dispatched call compiles to the game's own code.
pub(crate) trait Family {
    /// `true` when a position may hold the generals facing on an open file (janggi's
    /// bikjang); in xiangqi no legal position has them.
    const GENERALS_MAY_FACE: bool;
    /// `true` when the game has a pass and a history of the last plies that can end it
    /// (janggi); moves then go through [`Family::history_after`].
    const HAS_PASS: bool;
    /// `true` when the repetition rules ask which pieces a move chases (xiangqi's).
    const KNOWS_CHASES: bool;

    /// `true` when `piece` can ever stand on `sq` in a game of this family.
    fn reachable(piece: Piece, sq: Square) -> bool;
    /// The start position of `variant` (one of this family's).
    fn start(variant: Variant) -> Setup;
    /// Where `piece` on `sq` could go on an empty board (a jumping piece: wherever a screen
    /// would let it), for telling "it does not move so" from "its way is blocked".
    fn reach(piece: Piece, sq: Square) -> Bitboard;
    /// `color`'s pieces that could ever attack the other general: with none left, the side
    /// can never mate.
    fn mating_material(b: &Board, color: Color) -> Bitboard;
    /// `true` when the game has already ended at this board by its last plies (janggi's two
    /// passes or bikjang twice); such a board has no legal move.
    fn game_ended(b: &Board) -> bool;

    /// `true` when `sq` is attacked by a piece of `by`.
    fn is_attacked(b: &Board, sq: Square, by: Color) -> bool;
    /// Every piece of `by` attacking `sq` (xiangqi's flying general included).
    fn attackers(b: &Board, sq: Square, by: Color) -> Bitboard;
    /// The pieces of `sides` that would attack `sq` on the board `occupied` (see
    /// [`Position::attackers_to`](crate::Position::attackers_to)).
    fn attackers_to<const N: usize>(
        b: &Board,
        sq: Square,
        occupied: Bitboard,
        sides: [Color; N],
    ) -> Bitboard;
    /// `true` when the side to move is in check.
    fn is_check(b: &Board) -> bool;
    /// `true` when lifting `piece` off `sq` leaves its general, on `ksq` (not `sq`), attacked.
    fn shields_general(b: &Board, sq: Square, piece: Piece, ksq: Square) -> bool;
    /// `true` when the legal move `m` leaves the opponent's general attacked.
    fn gives_check(b: &Board, m: Move) -> bool;

    /// Generates the legal moves whose target lies in `mask`.
    fn generate<S: MoveSink>(b: &Board, sink: &mut S, mask: Bitboard);
    /// [`Family::generate`] told whether the side to move is in check.
    fn generate_in_check<S: MoveSink>(b: &Board, sink: &mut S, mask: Bitboard, in_check: bool);
    /// `true` when `m` moves a piece of the side to move as it moves, ignoring its general's
    /// safety (janggi's pass included).
    fn is_pseudo_legal(b: &Board, m: Move) -> bool;
    /// `true` when `m` is legal.
    fn is_legal(b: &Board, m: Move) -> bool;
    /// Appends the legal non-captures that give check. By default every legal non-capture
    /// is generated and asked [`Family::gives_check`]; a game that knows where its checks can
    /// come from generates fewer.
    fn quiet_checks_into(b: &Board, list: &mut MoveList) {
        let mut quiets = MoveList::new();
        Self::generate(b, &mut quiets, !b.occupied);
        for &m in quiets.iter() {
            if Self::gives_check(b, m) {
                list.push(m);
            }
        }
    }
    /// The history byte after `m` (see [`Board::janggi_history`]); 0 where the game keeps none.
    fn history_after(b: &Board, m: Move) -> u8;
}

/// Where generated moves go: a list, or a counter for perft.
pub(crate) trait MoveSink {
    /// One move.
    fn one(&mut self, from: Square, to: Square);
    /// Several moves from one point, all already known to be legal.
    fn many(&mut self, from: Square, targets: Bitboard);
    /// `true` once the sink wants no more moves (generation may stop early).
    #[inline(always)]
    fn done(&self) -> bool {
        false
    }
    /// `true` when the sink keeps the moves in order (a list): xiangqi's generator then emits
    /// them in the order its late points set.
    const KEEPS_ORDER: bool = false;
}

impl MoveSink for MoveList {
    const KEEPS_ORDER: bool = true;

    #[inline]
    fn one(&mut self, from: Square, to: Square) {
        self.push(Move::new(from, to));
    }
    #[inline]
    fn many(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Move::new(from, to));
        }
    }
}

/// Counts moves without storing them.
pub(crate) struct Counter(pub u64);

impl MoveSink for Counter {
    #[inline]
    fn one(&mut self, _: Square, _: Square) {
        self.0 += 1;
    }
    #[inline]
    fn many(&mut self, _: Square, targets: Bitboard) {
        self.0 += u64::from(targets.count());
    }
}

/// Stops at the first move found.
pub(crate) struct Any(pub bool);

impl MoveSink for Any {
    #[inline]
    fn one(&mut self, _: Square, _: Square) {
        self.0 = true;
    }
    #[inline]
    fn many(&mut self, _: Square, targets: Bitboard) {
        self.0 |= targets.any();
    }
    #[inline(always)]
    fn done(&self) -> bool {
        self.0
    }
}
