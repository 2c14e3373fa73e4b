//! Move-ordering memory kept by each search thread between nodes and between searches:
//! killer moves, countermoves, and history tables of how often a move caused a cutoff.

use crate::params::{self, SearchParams};
use crate::score::MAX_PLY;
use xiangqi_core::{Color, Move, Piece, Position, Role};

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
pub(crate) fn bonus(depth: i32, p: &SearchParams) -> i32 {
    (params::HISTORY_BONUS_MUL * depth * depth + p.history_bonus_add * depth)
        .min(p.history_bonus_max)
}

/// Entries of each correction table (a power of two).
const CORRECTION_SIZE: usize = 16_384;

/// Mixes a 128-bit set of points into a table index.
#[inline]
fn mix(bits: u128, seed: u64) -> usize {
    let folded = (bits as u64) ^ ((bits >> 64) as u64).rotate_left(23) ^ seed;
    (folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 50) as usize & (CORRECTION_SIZE - 1)
}

/// The keys of the correction tables for a position: the soldiers of both sides, and each
/// side's other pieces.
#[inline]
pub(crate) fn correction_keys(pos: &Position) -> [usize; 3] {
    let red_soldiers = pos.pieces(Color::Red, Role::Soldier);
    let black_soldiers = pos.pieces(Color::Black, Role::Soldier);
    let red_others = pos.by_color(Color::Red).0 & !red_soldiers.0;
    let black_others = pos.by_color(Color::Black).0 & !black_soldiers.0;
    [
        mix(red_soldiers.0 ^ black_soldiers.0.rotate_left(45), 0x51),
        mix(red_others, 0x2d),
        mix(black_others, 0x77),
    ]
}

/// Static-evaluation correction: how far the searches' results have stood from the static
/// evaluation in positions that share a key (the soldiers, or one side's other pieces), for the
/// side to move. Each entry is a running average of that error, in 1/[`CORRECTION_GRAIN`]
/// centipawns.
pub(crate) struct Correction {
    tables: Vec<[i32; CORRECTION_SIZE]>,
}

/// The fixed-point scale of the correction entries.
const CORRECTION_GRAIN: i32 = 256;

impl Correction {
    fn new() -> Correction {
        Correction {
            tables: vec![[0; CORRECTION_SIZE]; 2 * 3],
        }
    }

    /// The correction, in centipawns, for the side to move `us` in a position with `keys`.
    #[inline]
    pub fn value(&self, us: Color, keys: [usize; 3]) -> i32 {
        let base = us.index() * 3;
        let sum: i64 = keys
            .iter()
            .zip(params::CORRECTION_WEIGHTS)
            .enumerate()
            .map(|(t, (&k, w))| i64::from(self.tables[base + t][k]) * i64::from(w))
            .sum();
        (sum / (1024 * i64::from(CORRECTION_GRAIN))) as i32
    }

    /// Pulls the entries of `keys` toward `error` (search result minus the uncorrected static
    /// evaluation), the more the deeper the search.
    /// `error` is clamped to `±CORRECTION_MAX`, so no entry can leave `±CORRECTION_MAX *
    /// CORRECTION_GRAIN` and no product overflows.
    #[inline]
    pub fn update(&mut self, us: Color, keys: [usize; 3], error: i32, depth: i32) {
        let base = us.index() * 3;
        let target =
            error.clamp(-params::CORRECTION_MAX, params::CORRECTION_MAX) * CORRECTION_GRAIN;
        let weight = ((depth + 1) * (depth + 1)).min(params::CORRECTION_MAX_WEIGHT);
        for (t, &k) in keys.iter().enumerate() {
            let entry = &mut self.tables[base + t][k];
            *entry = (*entry * (params::CORRECTION_WEIGHT_SCALE - weight) + target * weight)
                / params::CORRECTION_WEIGHT_SCALE;
        }
    }
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
    /// The static evaluation's learned corrections.
    pub correction: Correction,
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
            correction: Correction::new(),
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

    /// The continuation scores of `piece` playing `m` after the moves with the piece-to
    /// `continuation` (one and two plies back), summed.
    #[inline]
    pub fn continuation_score(
        &self,
        continuation: [Option<PieceTo>; 2],
        piece: Piece,
        m: Move,
    ) -> i32 {
        let pt = piece_to(piece, m.to());
        continuation
            .iter()
            .flatten()
            .map(|&prev| i32::from(self.continuation[prev][pt]))
            .sum()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_correction_learns_the_error_and_stays_bounded() {
        let mut correction = Correction::new();
        let pos = Position::startpos();
        let keys = correction_keys(&pos);
        assert_eq!(correction.value(Color::Red, keys), 0);
        // Searches keep finding the position 80 centipawns better than its static value.
        for _ in 0..200 {
            correction.update(Color::Red, keys, 80, 12);
        }
        let learned = correction.value(Color::Red, keys);
        assert!((78..=80).contains(&learned), "{learned}");
        // The other side to move has its own tables.
        assert_eq!(correction.value(Color::Black, keys), 0);
        // Errors of any size: the entries saturate at the largest error, never wrap.
        for error in [i32::MAX, i32::MIN, i32::MAX] {
            for _ in 0..500 {
                correction.update(Color::Red, keys, error, 1_000);
            }
        }
        let ceiling =
            params::CORRECTION_MAX * params::CORRECTION_WEIGHTS.iter().sum::<i32>() / 1024;
        let saturated = correction.value(Color::Red, keys);
        assert!((ceiling - 1..=ceiling).contains(&saturated), "{saturated}");
    }

    #[test]
    fn correction_keys_follow_the_soldiers_and_the_pieces() {
        let start = Position::startpos();
        let moved_soldier: Position =
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/2P6/P3P1P1P/1C5C1/9/RNBAKABNR b - - 1 1"
                .parse()
                .unwrap();
        let moved_cannon: Position =
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
                .parse()
                .unwrap();
        let [soldiers, red, black] = correction_keys(&start);
        let after_soldier = correction_keys(&moved_soldier);
        assert_ne!(after_soldier[0], soldiers);
        assert_eq!(after_soldier[2], black);
        let after_cannon = correction_keys(&moved_cannon);
        assert_eq!(after_cannon[0], soldiers);
        assert_ne!(after_cannon[1], red);
        assert_eq!(after_cannon[2], black);
    }
}
