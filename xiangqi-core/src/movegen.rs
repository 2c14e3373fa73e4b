//! The legal-move entry points of a [`Position`]: each asks the position's variant for its game
//! once (`variants::dispatch!`) and runs that game's generator (`variants/xiangqi.rs`,
//! `variants/janggi.rs`). The game-end queries built on them, checkmate and the rest, live with
//! the adjudication in `adjudication.rs`.

use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::square::Square;
use crate::variants::{dispatch, Any, Counter, Family, MoveSink};

impl Position {
    /// Generates the legal moves whose target lies in `mask` (all moves: `!own pieces`;
    /// captures: the enemy's pieces), by the position's game.
    #[inline(always)]
    pub(crate) fn generate<S: MoveSink>(&self, sink: &mut S, mask: Bitboard) {
        dispatch!(self.variant(), G => G::generate(self.board(), sink, mask))
    }

    /// Every legal move.
    ///
    /// ```
    /// use xiangqi_core::Position;
    /// assert_eq!(Position::startpos().legal_moves().len(), 44);
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list, Bitboard::FULL);
        list
    }

    /// Appends every legal move to `list`.
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        self.generate(list, Bitboard::FULL);
    }

    /// [`Position::legal_moves_into`] for a caller that knows whether the side to move is in
    /// check ([`Position::is_check`]), as a [`Game`](crate::Game) does for every ply it
    /// recorded: the generator's own check test is spared.
    pub(crate) fn legal_moves_into_in_check(&self, list: &mut MoveList, in_check: bool) {
        debug_assert_eq!(in_check, self.is_check());
        dispatch!(self.variant(), G => {
            G::generate_in_check(self.board(), list, Bitboard::FULL, in_check);
        });
    }

    /// Appends the legal captures to `list` (for quiescence search).
    pub fn legal_captures_into(&self, list: &mut MoveList) {
        self.generate(list, self.by_color(!self.turn()));
    }

    /// The legal captures.
    pub fn legal_captures(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_captures_into(&mut list);
        list
    }

    /// Appends the legal non-captures to `list`.
    pub fn legal_quiets_into(&self, list: &mut MoveList) {
        self.generate(list, !self.occupied());
    }

    /// Appends the legal non-captures that give check (for the first ply of quiescence
    /// search), generating in xiangqi only the moves that start or land where a check can
    /// come from instead of every quiet move.
    ///
    /// ```
    /// use xiangqi_core::{MoveList, Position};
    /// let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/3K5/R8 w - - 0 1").unwrap();
    /// let mut checks = MoveList::new();
    /// pos.quiet_checks_into(&mut checks);
    /// let mut names: Vec<String> = checks.iter().map(|m| m.to_string()).collect();
    /// names.sort();
    /// assert_eq!(names, ["a0a9", "a0e0"]); // along rank 9, along the e-file
    /// ```
    pub fn quiet_checks_into(&self, list: &mut MoveList) {
        dispatch!(self.variant(), G => G::quiet_checks_into(self.board(), list))
    }

    /// The legal moves of the piece on `from` (none when it is not the side to move's).
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        let mut list = self.legal_moves();
        list.retain(|m| m.from() == from);
        list
    }

    /// How many legal moves there are, without listing them.
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = Counter(0);
        self.generate(&mut counter, Bitboard::FULL);
        counter.0
    }

    /// `true` when the side to move has a legal move.
    pub fn has_legal_moves(&self) -> bool {
        let mut any = Any(false);
        self.generate(&mut any, Bitboard::FULL);
        any.0
    }

    /// `true` when `m` moves a piece of the side to move as that piece moves, ignoring whether the
    /// own general is left attacked (in janggi the pass, the general's point twice, included).
    pub fn is_pseudo_legal(&self, m: Move) -> bool {
        dispatch!(self.variant(), G => G::is_pseudo_legal(self.board(), m))
    }

    /// `true` when `m` is legal here. Any `Move` value may be asked about.
    #[inline]
    pub fn is_legal(&self, m: Move) -> bool {
        dispatch!(self.variant(), G => G::is_legal(self.board(), m))
    }

    /// `true` when the move captures a piece (`m` is assumed pseudo-legal).
    #[inline]
    pub fn is_capture(&self, m: Move) -> bool {
        self.by_color(!self.turn()).contains(m.to())
    }
}
