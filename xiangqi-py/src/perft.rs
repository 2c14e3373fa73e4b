//! Perft that a flag can cancel, so that `Board.perft` answers Ctrl-C: core's stoppable
//! `perft_with`, split two plies deep over the rayon pool.

use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use xiangqi_core::{Move, Position};

/// The leaves `depth` plies below `pos`, or `None` once `cancel` is set.
pub fn perft(pos: &Position, depth: u32, cancel: &AtomicBool) -> Option<u64> {
    if depth <= 2 {
        return walk(pos, depth, cancel);
    }
    // Two plies deep keeps both cores busy even when one root move dominates.
    let mut tasks = Vec::new();
    for &m in pos.legal_moves().iter() {
        let child = pos.after(m).ok()?;
        for &m2 in child.legal_moves().iter() {
            tasks.push(child.after(m2).ok()?);
        }
    }
    tasks
        .par_iter()
        .map(|p| walk(p, depth - 2, cancel))
        .try_reduce(|| 0, |a, b| Some(a + b))
}

/// The perft count below each legal move, or `None` once `cancel` is set.
pub fn perft_divide(pos: &Position, depth: u32, cancel: &AtomicBool) -> Option<Vec<(Move, u64)>> {
    let moves: Vec<Move> = pos.legal_moves().to_vec();
    moves
        .par_iter()
        .map(|&m| {
            let child = pos.after(m).ok()?;
            let nodes = if depth <= 1 {
                1
            } else {
                walk(&child, depth - 1, cancel)?
            };
            Some((m, nodes))
        })
        .collect()
}

/// Core's stoppable perft, asked to stop once `cancel` is set.
fn walk(pos: &Position, depth: u32, cancel: &AtomicBool) -> Option<u64> {
    xiangqi_core::perft_with(pos, depth, &mut || cancel.load(Ordering::Relaxed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cancellable_walk_counts_as_core_does() {
        let never = AtomicBool::new(false);
        let pos = Position::startpos();
        for depth in 0..=4 {
            assert_eq!(
                perft(&pos, depth, &never),
                Some(xiangqi_core::perft(&pos, depth))
            );
        }
        let divide = perft_divide(&pos, 3, &never).unwrap();
        assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 79_666);
    }

    #[test]
    fn a_set_flag_ends_the_walk() {
        let cancel = AtomicBool::new(true);
        assert_eq!(perft(&Position::startpos(), 6, &cancel), None);
    }
}
