//! Legal move generation (the game-end queries built on it, checkmate and the rest, live with
//! the adjudication in `adjudication.rs`).
//!
//! Moves are generated per piece as target sets, then filtered for legality. Most moves need no
//! test at all: when the side to move is not in check, a move can only expose its general by
//! changing the occupancy of a point that an enemy attack on the general passes through, namely
//! the general's rank or file when an enemy chariot, cannon or general stands on it, or the leg of
//! an enemy horse aimed at the general. Moves that touch none of those points are legal as
//! generated; the rest, general moves and every move while in check are tested one by one.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::role::{Piece, Role};
use crate::square::{File, Rank, Square};

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
    /// `true` when the sink keeps the moves in order (a list): they then come in the order
    /// that [`Position::late_points`] sets.
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
struct Any(bool);

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

impl Position {
    /// The points whose change of occupancy could expose the side to move's general, when it
    /// is not in check: a move from or to any other point needs no test.
    ///
    /// A horse's leg toward the general counts. On the general's rank and file only the first
    /// three pieces outward on each side matter, as a move changes the count of pieces
    /// between the general and a piece further out by one at most: a chariot (or, on the file,
    /// the other general) second out attacks once the first piece leaves, a cannon third out
    /// once the first or the second leaves, and a cannon first out once any piece steps in
    /// between. Every other point of those lines is safe to leave or to enter.
    #[inline]
    fn sensitive_points(&self) -> Bitboard {
        let us = self.turn();
        let them = !us;
        let ksq = self.general(us);
        let mut sensitive = attacks::horse_legs_toward(ksq, self.pieces(them, Role::Horse));
        let chariots = self.pieces(them, Role::Chariot);
        let cannons = self.pieces(them, Role::Cannon);
        let general = self.pieces(them, Role::General);
        let (file, rank) = (ksq.file(), ksq.rank());
        let file_set = Bitboard::file(file);
        let rank_set = Bitboard::rank(rank);
        if ((file_set & (chariots | cannons | general)) | (rank_set & (chariots | cannons)))
            .is_empty()
        {
            return sensitive;
        }
        let occupied = self.occupied();
        // The four rays from the general, each to its edge of the board.
        let edges = [
            (Square::from_coords(file, Rank::ALL[9]), file_set),
            (Square::from_coords(file, Rank::ALL[0]), file_set),
            (Square::from_coords(File::ALL[8], rank), rank_set),
            (Square::from_coords(File::ALL[0], rank), rank_set),
        ];
        for (edge, line) in edges {
            if edge == ksq || (line & (chariots | cannons | general)).is_empty() {
                continue;
            }
            let mut pieces = (attacks::between(ksq, edge) | Bitboard::from_square(edge)) & occupied;
            // Outward: the lowest points first above or right of the general, else the highest.
            let outward = edge > ksq;
            let mut next = || {
                let sq = if outward {
                    pieces.first()
                } else {
                    pieces.last()
                }?;
                pieces.discard(sq);
                Some(sq)
            };
            let Some(first) = next() else {
                continue;
            };
            if cannons.contains(first) {
                sensitive |= attacks::between(ksq, first);
            }
            let Some(second) = next() else {
                continue;
            };
            // The other general attacks along the file only (the rank holds none of it).
            if (chariots | general).contains(second) {
                sensitive.add(first);
            }
            if next().is_some_and(|third| cannons.contains(third)) {
                sensitive.add(first);
                sensitive.add(second);
            }
        }
        sensitive
    }

    /// The points that order a list of moves: the general's rank and file when an enemy
    /// chariot or cannon (on the file, or the other general) stands on them, and the legs of
    /// the enemy horses aimed at the general. A piece standing on one of them lists its moves
    /// in the order of their targets; any other lists its moves to other points first, then
    /// those to these points. This was the set of points tested before
    /// [`Position::sensitive_points`] narrowed it; the order is kept because the engine's move
    /// ordering sees it (the bench signature depends on it). A superset of the sensitive points.
    #[inline]
    fn late_points(&self) -> Bitboard {
        let them = !self.turn();
        let ksq = self.general(self.turn());
        let line_attackers = self.pieces(them, Role::Chariot) | self.pieces(them, Role::Cannon);
        let mut late = attacks::horse_legs_toward(ksq, self.pieces(them, Role::Horse));
        let file = Bitboard::file(ksq.file());
        if (file & (line_attackers | self.pieces(them, Role::General))).any() {
            late |= file;
        }
        let rank = Bitboard::rank(ksq.rank());
        if (rank & line_attackers).any() {
            late |= rank;
        }
        late
    }

    /// Emits the legal moves among `targets` from `from`: a move is tested when the side to
    /// move is in check (`careful`) or when it leaves or enters a sensitive point, in the order
    /// [`Position::late_points`] sets (a superset of `sensitive`; the same set for sinks that
    /// keep no order).
    #[inline(always)]
    fn emit<S: MoveSink>(
        &self,
        sink: &mut S,
        from: Square,
        targets: Bitboard,
        careful: bool,
        sensitive: Bitboard,
        late: Bitboard,
    ) {
        if careful || late.contains(from) {
            let test_all = careful || sensitive.contains(from);
            for to in targets {
                if (test_all || sensitive.contains(to)) && !self.king_safe_after(from, to) {
                    continue;
                }
                sink.one(from, to);
            }
        } else {
            sink.many(from, targets - late);
            for to in targets & late {
                if sensitive.contains(to) && !self.king_safe_after(from, to) {
                    continue;
                }
                sink.one(from, to);
            }
        }
    }

    /// Generates the legal moves whose target lies in `mask` (all moves: `!own pieces`;
    /// captures: the enemy's pieces), by the position's variant: one test here, then each
    /// variant's own generator, so xiangqi's loops know nothing of janggi.
    #[inline(always)]
    pub(crate) fn generate<S: MoveSink>(&self, sink: &mut S, mask: Bitboard) {
        if self.variant().is_janggi() {
            self.janggi_generate(sink, mask);
        } else {
            self.xiangqi_generate(sink, mask);
        }
    }

    /// [`Position::generate`] by xiangqi's rules.
    #[inline(always)]
    fn xiangqi_generate<S: MoveSink>(&self, sink: &mut S, mask: Bitboard) {
        self.xiangqi_generate_in_check(sink, mask, self.xiangqi_is_check());
    }

    /// [`Position::xiangqi_generate`] told whether the side to move is in check.
    #[inline(always)]
    fn xiangqi_generate_in_check<S: MoveSink>(&self, sink: &mut S, mask: Bitboard, in_check: bool) {
        let us = self.turn();
        let mask = mask - self.by_color(us);
        let sensitive = self.sensitive_points();
        let late = if S::KEEPS_ORDER {
            self.late_points()
        } else {
            sensitive
        };

        // General: always tested, it is the piece whose safety is in question.
        let ksq = self.general(us);
        for to in attacks::general_attacks(us, ksq) & mask {
            if self.king_safe_after(ksq, to) {
                sink.one(ksq, to);
            }
        }
        // Then the other pieces, chariots first (the order of the list, which the engine's
        // move ordering sees). One call a role, so that each compiles for its role.
        macro_rules! roles {
            ($($role:expr),*) => {$(
                if sink.done() {
                    return;
                }
                self.emit_role(sink, $role, mask, in_check, sensitive, late);
            )*};
        }
        roles!(
            Role::Chariot,
            Role::Cannon,
            Role::Horse,
            Role::Soldier,
            Role::Advisor,
            Role::Elephant
        );
    }

    /// Emits the legal moves among `mask` of the side to move's pieces of `role`.
    #[inline(always)]
    fn emit_role<S: MoveSink>(
        &self,
        sink: &mut S,
        role: Role,
        mask: Bitboard,
        in_check: bool,
        sensitive: Bitboard,
        late: Bitboard,
    ) {
        let piece = Piece::new(self.turn(), role);
        let occupied = self.occupied();
        for from in self.pieces(piece.color, role) {
            let targets =
                attacks::moves_on_file(piece, from, occupied, || self.file_occupancy(from.file()));
            self.emit(sink, from, targets & mask, in_check, sensitive, late);
        }
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
        if self.variant().is_janggi() {
            self.janggi_generate(list, Bitboard::FULL);
        } else {
            self.xiangqi_generate_in_check(list, Bitboard::FULL, in_check);
        }
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
        if self.variant().is_janggi() {
            return self.janggi_pseudo_legal(m);
        }
        let (from, to) = (m.from(), m.to());
        let us = self.turn();
        let Some(piece) = self.piece_at(from) else {
            return false;
        };
        if piece.color != us || self.by_color(us).contains(to) || from == to {
            return false;
        }
        let targets = attacks::moves_on_file(piece, from, self.occupied(), || {
            self.file_occupancy(from.file())
        });
        targets.contains(to)
    }

    /// `true` when `m` is legal here. Any `Move` value may be asked about.
    #[inline]
    pub fn is_legal(&self, m: Move) -> bool {
        if self.variant().is_janggi() {
            return self.janggi_pseudo_legal(m) && self.janggi_legal_after_pseudo(m);
        }
        self.is_pseudo_legal(m) && self.king_safe_after(m.from(), m.to())
    }

    /// `true` when the move captures a piece (`m` is assumed pseudo-legal).
    #[inline]
    pub fn is_capture(&self, m: Move) -> bool {
        self.by_color(!self.turn()).contains(m.to())
    }
}
