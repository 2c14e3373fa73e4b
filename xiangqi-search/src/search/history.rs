//! Move-ordering memory kept by each search thread between nodes and between searches:
//! killer moves, countermoves, and history tables of how often a move caused a cutoff.

use crate::params;
use crate::score::MAX_PLY;
use xiangqi_core::{Color, Move, Piece};

/// A (piece, destination) pair as an index 0..14*90, the key of continuation history.
pub(crate) type PieceTo = usize;

/// The index of a piece moving to a point.
#[inline]
pub(crate) fn piece_to(piece: Piece, to: xiangqi_core::Square) -> PieceTo {
    piece.index() * 90 + to.index()
}

const PIECE_TO: usize = 14 * 90;

/// Pulls `entry` toward `bonus`'s sign; large entries move less ("gravity"), so scores stay in
/// `-HISTORY_MAX..=HISTORY_MAX` and old knowledge fades.
#[inline]
pub(crate) fn update(entry: &mut i16, bonus: i32) {
    let bonus = bonus.clamp(-params::HISTORY_MAX, params::HISTORY_MAX);
    let value = i32::from(*entry);
    let next = value + bonus - value * bonus.abs() / params::HISTORY_MAX;
    *entry = next.clamp(-params::HISTORY_MAX, params::HISTORY_MAX) as i16;
}

/// The history bonus for a cutoff at `depth`.
#[inline]
pub(crate) fn bonus(depth: i32) -> i32 {
    (params::HISTORY_BONUS_MUL * depth * depth + params::HISTORY_BONUS_ADD * depth)
        .min(params::HISTORY_BONUS_MAX)
}

/// All the move-ordering tables of one thread.
pub(crate) struct Histories {
    /// Quiet moves by [side][from][to].
    pub butterfly: Vec<[[i16; 90]; 90]>,
    /// Captures by [moving piece and destination][captured role].
    pub capture: Vec<[i16; 7]>,
    /// Quiet moves by [previous move's piece-to][this move's piece-to], for the moves one and
    /// two plies back.
    pub continuation: Vec<[i16; PIECE_TO]>,
    /// The reply that refuted a move, by its piece-to.
    pub countermove: Vec<Move>,
    /// Two quiet moves per ply that caused cutoffs in sibling nodes.
    pub killers: [[Move; 2]; MAX_PLY + 4],
}

impl Histories {
    /// Empty tables.
    pub fn new() -> Histories {
        Histories {
            butterfly: vec![[[0; 90]; 90]; 2],
            capture: vec![[0; 7]; PIECE_TO],
            continuation: vec![[0; PIECE_TO]; PIECE_TO],
            countermove: vec![Move::NULL; PIECE_TO],
            killers: [[Move::NULL; 2]; MAX_PLY + 4],
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        *self = Histories::new();
    }

    /// Forgets the killers, which only make sense within one search.
    pub fn clear_killers(&mut self) {
        self.killers = [[Move::NULL; 2]; MAX_PLY + 4];
    }

    /// The butterfly score of a quiet move.
    #[inline]
    pub fn quiet(&self, color: Color, m: Move) -> i32 {
        i32::from(self.butterfly[color.index()][m.from().index()][m.to().index()])
    }

    /// Records a killer at `ply`.
    #[inline]
    pub fn add_killer(&mut self, ply: usize, m: Move) {
        let slot = &mut self.killers[ply];
        if slot[0] != m {
            slot[1] = slot[0];
            slot[0] = m;
        }
    }
}
