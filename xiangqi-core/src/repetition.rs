//! Repetition: what the repetition rules judge, apart from any game.
//!
//! A cycle of plies (each a [`PlyRecord`]: who moved, whether it gave check, which enemy pieces
//! it newly chased, by their [`PieceId`]s) is judged by [`judge_cycle`] under a
//! [`RepetitionRule`]; [`fill_chases`] and [`fill_cycle_chases`] compute the chases the AXF rule
//! needs. [`Game`](crate::Game) keeps the records of a game and hands its threefold cycles
//! here; the engine's search builds records of its own for the cycles on its path.

use crate::color::{ByColor, Color};
use crate::moves::Move;
use crate::outcome::{Outcome, Termination, Violation};
use crate::position::Position;
use crate::role::Piece;
use crate::rules::RepetitionRule;
use core::ops::{BitAnd, BitAndAssign, BitOr};

/// The id of a piece within a game (0 to 31), stable as the piece moves.
pub type PieceId = u8;

/// No piece (an empty point in a table of ids).
pub(crate) const NO_ID: PieceId = u8::MAX;

/// A set of piece ids (bit `i` set when piece `i` is in the set).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct PieceSet(pub u32);

impl PieceSet {
    /// No piece.
    pub const EMPTY: PieceSet = PieceSet(0);
    /// Every id.
    pub const ALL: PieceSet = PieceSet(u32::MAX);

    /// The set holding one id (empty for ids of 32 and above).
    #[inline]
    pub const fn single(id: PieceId) -> PieceSet {
        if id < 32 {
            PieceSet(1 << id)
        } else {
            PieceSet::EMPTY
        }
    }

    /// `true` when `id` is in the set.
    #[inline]
    pub const fn contains(self, id: PieceId) -> bool {
        id < 32 && self.0 & (1 << id) != 0
    }

    /// `true` when the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many ids the set holds.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Adds an id (ids of 32 and above are ignored).
    #[inline]
    pub fn insert(&mut self, id: PieceId) {
        if id < 32 {
            self.0 |= 1 << id;
        }
    }

    /// The ids, in increasing order.
    pub fn iter(self) -> impl Iterator<Item = PieceId> {
        (0..32u8).filter(move |&i| self.contains(i))
    }
}

impl BitAnd for PieceSet {
    type Output = PieceSet;
    #[inline]
    fn bitand(self, rhs: PieceSet) -> PieceSet {
        PieceSet(self.0 & rhs.0)
    }
}

impl BitAndAssign for PieceSet {
    #[inline]
    fn bitand_assign(&mut self, rhs: PieceSet) {
        self.0 &= rhs.0;
    }
}

impl BitOr for PieceSet {
    type Output = PieceSet;
    #[inline]
    fn bitor(self, rhs: PieceSet) -> PieceSet {
        PieceSet(self.0 | rhs.0)
    }
}

/// What one ply of a game did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PlyRecord {
    /// The move.
    #[cfg_attr(feature = "serde", serde(rename = "move"))]
    pub mv: Move,
    /// The piece that moved (its colour is the side that played the ply).
    pub piece: Piece,
    /// The piece it captured.
    pub captured: Option<Piece>,
    /// Whether it gave check.
    pub gave_check: bool,
    /// The ids of the enemy pieces it newly chased (see [`Position::chased_by`]). A
    /// [`Game`](crate::Game) fills it only when its rules judge chases, and only for the plies
    /// inside a repetition cycle (from a position's occurrence to its next one), the plies a
    /// repetition ruling reads; empty otherwise.
    pub chased: PieceSet,
    /// The hash of the position the move produced ([`Position::hash`]).
    pub hash: u64,
}

/// The verdict of [`judge_cycle`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CycleVerdict {
    /// How each side broke the rules over the cycle.
    pub violations: ByColor<Violation>,
    /// The side that loses, or `None` for a draw.
    pub loser: Option<Color>,
    /// For each side whose violation is [`Violation::Chase`]: the ids of the enemy pieces it
    /// chased with every move that was not a check (not empty); empty otherwise.
    pub chased: ByColor<PieceSet>,
}

impl CycleVerdict {
    /// The outcome of the repetition: a perpetual check or chase wins for the other side,
    /// otherwise a draw (without the [`Ruling`](crate::Ruling), which needs the game's plies and pieces).
    pub fn outcome(&self) -> Outcome {
        let termination = match self.loser.map(|l| self.violations[l]) {
            Some(Violation::Check) => Termination::PerpetualCheck,
            Some(Violation::Chase) => Termination::PerpetualChase,
            _ => Termination::Repetition,
        };
        Outcome::new(termination, self.loser.map(|l| !l))
    }
}

/// Judges a repetition cycle under a repetition rule.
///
/// `cycle` holds the records of the plies of the cycle, in order; which side played each is
/// read from [`PlyRecord::piece`], and only [`PlyRecord::gave_check`] and
/// [`PlyRecord::chased`] are used, so the search can build records of its own. [`Game`](crate::Game) passes
/// every ply from the first occurrence of the repeated position to its third occurrence; a
/// search meeting a repetition can pass the plies since the earlier occurrence.
///
/// For each side with at least one move in the cycle:
/// - [`Violation::Check`] when every one of its moves gave check (simple and axf);
/// - [`Violation::Chase`] (axf only) when not, but every move that did not give check newly
///   chased one same enemy piece: checks count as chases, the stronger violation;
/// - [`Violation::None`] otherwise.
///
/// The side with the graver violation loses; equal violations (none included) draw. Under
/// [`RepetitionRule::ThreefoldDraw`] nothing is a violation and every cycle draws.
///
/// ```
/// use xiangqi_core::{judge_cycle, Color, Move, Piece, PieceSet, PlyRecord, RepetitionRule, Role};
///
/// let ply = |color, gave_check, chased| PlyRecord {
///     mv: Move::NULL,
///     piece: Piece::new(color, Role::Chariot),
///     captured: None,
///     gave_check,
///     chased: PieceSet(chased),
///     hash: 0,
/// };
/// // Red checks every move, Black chases piece 3 then gives check, twice over.
/// let cycle = [
///     ply(Color::Red, true, 0), ply(Color::Black, false, 1 << 3),
///     ply(Color::Red, true, 0), ply(Color::Black, true, 0),
/// ];
/// assert_eq!(judge_cycle(&cycle, RepetitionRule::Axf).loser, Some(Color::Red)); // check outranks chase
/// assert_eq!(judge_cycle(&cycle, RepetitionRule::PerpetualCheckLoses).loser, Some(Color::Red));
/// assert_eq!(judge_cycle(&cycle, RepetitionRule::ThreefoldDraw).loser, None);
/// ```
pub fn judge_cycle(cycle: &[PlyRecord], rule: RepetitionRule) -> CycleVerdict {
    let mut verdict = CycleVerdict::default();
    if !rule.judges_checks() {
        return verdict;
    }
    for side in Color::ALL {
        let mut moves = 0;
        let mut all_checks = true;
        let mut common = PieceSet::ALL;
        for record in cycle.iter().filter(|r| r.piece.color == side) {
            moves += 1;
            if !record.gave_check {
                all_checks = false;
                common &= record.chased;
            }
        }
        verdict.violations[side] = if moves == 0 {
            Violation::None
        } else if all_checks {
            Violation::Check
        } else if rule.judges_chases() && !common.is_empty() {
            verdict.chased[side] = common;
            Violation::Chase
        } else {
            Violation::None
        };
    }
    let (red, black) = (verdict.violations.red, verdict.violations.black);
    verdict.loser = match red.cmp(&black) {
        core::cmp::Ordering::Greater => Some(Color::Red),
        core::cmp::Ordering::Less => Some(Color::Black),
        core::cmp::Ordering::Equal => None,
    };
    verdict
}

/// Fills [`PlyRecord::chased`] (adding to what it holds) for the plies of `records`, played one
/// after the other from `start`: for each, the ids of the enemy pieces its move newly chased
/// ([`Position::chased_by`]). `ids` gives the id of the piece on each point of `start`
/// ([`PieceId`]; any numbering below 32 works, since [`judge_cycle`] only compares ids within
/// a cycle). Stops at the first move that is not legal and returns how many plies it filled.
///
/// [`Game`](crate::Game) fills its records this way; a search that meets a repetition uses
/// [`fill_cycle_chases`], which finds the start of the cycle itself.
pub fn fill_chases(start: &Position, ids: &[PieceId; 90], records: &mut [PlyRecord]) -> usize {
    fill_chases_of(start, ids, records, |_| true)
}

/// [`fill_chases`] for the plies `wanted` names by their index in `records` only.
pub(crate) fn fill_chases_of(
    start: &Position,
    ids: &[PieceId; 90],
    records: &mut [PlyRecord],
    wanted: impl Fn(usize) -> bool,
) -> usize {
    let mut pos = start.clone();
    let mut ids = *ids;
    for (done, record) in records.iter_mut().enumerate() {
        let m = record.mv;
        if !pos.is_legal(m) {
            return done;
        }
        if wanted(done) {
            for sq in pos.chased_by(m) {
                record.chased.insert(ids[sq.index()]);
            }
        }
        pos.make_move(m);
        follow_move(&mut ids, m);
    }
    records.len()
}

/// The ids of the pieces of `pos`, numbered in the order of their points.
pub(crate) fn ids_of(pos: &Position) -> [PieceId; 90] {
    let mut ids = [NO_ID; 90];
    for (id, sq) in pos.occupied().enumerate() {
        ids[sq.index()] = id as PieceId;
    }
    ids
}

/// Moves the id on `m`'s origin to its target (over any id captured there). A janggi pass (the
/// general's point twice) moves no piece.
pub(crate) fn follow_move(ids: &mut [PieceId; 90], m: Move) {
    if m.from() != m.to() {
        ids[m.to().index()] = ids[m.from().index()];
        ids[m.from().index()] = NO_ID;
    }
}

/// Fills the chase sets of a repetition cycle without captures that ends in `end`: `cycle`
/// holds the plies that led to `end`, in order. The position at the cycle's start is rebuilt
/// by moving the pieces back, and pieces are numbered by where they stood there. Returns how
/// many plies it filled (all, unless a move does not fit).
///
/// ```
/// use xiangqi_core::{fill_cycle_chases, Move, PieceSet, PlyRecord, Position, Square, Piece, Color, Role};
///
/// // The ply a0a5 led to `end`: the red chariot newly attacks the unprotected horse on e5.
/// let end = Position::from_fen("4k4/9/9/9/R3n4/9/9/9/9/3K5 b - - 1 1").unwrap();
/// let mut cycle = [PlyRecord {
///     mv: Move::new(Square::A0, Square::A5),
///     piece: Piece::new(Color::Red, Role::Chariot),
///     captured: None,
///     gave_check: false,
///     chased: PieceSet::EMPTY,
///     hash: end.hash(),
/// }];
/// assert_eq!(fill_cycle_chases(&end, &mut cycle), 1);
/// assert_eq!(cycle[0].chased.len(), 1);
/// ```
pub fn fill_cycle_chases(end: &Position, cycle: &mut [PlyRecord]) -> usize {
    let mut pos = end.clone();
    for record in cycle.iter().rev() {
        let (from, to) = (record.mv.from(), record.mv.to());
        if pos.piece_at(to).is_none_or(|p| p.color == pos.turn()) || pos.piece_at(from).is_some() {
            return 0;
        }
        // Moving the piece back from `to` to `from` (an empty point) restores the board and the
        // side to move; only the counters differ, and chase detection ignores them.
        pos.make_move(Move::new(to, from));
    }
    fill_chases(&pos, &ids_of(&pos), cycle)
}
