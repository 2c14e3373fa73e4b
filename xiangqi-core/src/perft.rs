//! Perft: counting the leaves of the legal move tree, the standard check of a move generator.

use crate::moves::Move;
use crate::position::Position;

/// The number of leaf nodes `depth` plies below `pos`. The last ply is counted without being
/// played (bulk counting).
///
/// ```
/// use xiangqi_core::{perft, Position};
/// assert_eq!(perft(&Position::startpos(), 3), 79_666);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut pos = pos.clone();
    perft_inner(&mut pos, depth)
}

/// The perft recursion, one body for each build of it below.
macro_rules! perft_body {
    ($pos:ident, $depth:ident, $below:expr) => {
        match $depth {
            0 => 1,
            1 => $pos.count_legal_moves(),
            _ => {
                let moves = $pos.legal_moves();
                let mut nodes = 0;
                for &m in moves.iter() {
                    let undo = $pos.make_move(m);
                    nodes += $below($pos, $depth - 1);
                    $pos.unmake_move(m, undo);
                }
                nodes
            }
        }
    };
}

/// Perft by the build of the recursion this processor runs fastest. The leaves are counted
/// by counting the bits of target sets: the generic x86-64 build has no instruction for that
/// (a processor from 2008 on has), and counts them by a dozen shifts and masks, a sixth of
/// perft's instructions.
fn perft_inner(pos: &mut Position, depth: u32) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("popcnt") && std::is_x86_feature_detected!("bmi1") {
        // SAFETY: the processor has the features the function is compiled for.
        return unsafe { perft_popcnt(pos, depth) };
    }
    perft_generic(pos, depth)
}

fn perft_generic(pos: &mut Position, depth: u32) -> u64 {
    perft_body!(pos, depth, perft_generic)
}

/// [`perft_generic`] compiled with the bit-count and bit-scan instructions.
///
/// # Safety
/// The processor must have `popcnt` and `bmi1`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1")]
unsafe fn perft_popcnt(pos: &mut Position, depth: u32) -> u64 {
    let below = |pos: &mut Position, depth: u32| {
        // SAFETY: this function runs only on a processor with the features (its contract).
        unsafe { perft_popcnt(pos, depth) }
    };
    perft_body!(pos, depth, below)
}

/// [`perft`] that can be interrupted: `stop` is asked before each interior node is expanded
/// (every few microseconds; keep it cheap, e.g. an atomic load) and once it answers `true` the
/// count is abandoned and `None` comes back.
///
/// ```
/// use xiangqi_core::{perft_with, Position};
/// assert_eq!(perft_with(&Position::startpos(), 3, &mut || false), Some(79_666));
/// assert_eq!(perft_with(&Position::startpos(), 100, &mut || true), None);
/// ```
pub fn perft_with(pos: &Position, depth: u32, stop: &mut dyn FnMut() -> bool) -> Option<u64> {
    let mut pos = pos.clone();
    perft_stoppable(&mut pos, depth, stop)
}

fn perft_stoppable(pos: &mut Position, depth: u32, stop: &mut dyn FnMut() -> bool) -> Option<u64> {
    match depth {
        0 => Some(1),
        1 => Some(pos.count_legal_moves()),
        _ => {
            if stop() {
                return None;
            }
            let moves = pos.legal_moves();
            let mut nodes: u64 = 0;
            for &m in moves.iter() {
                let undo = pos.make_move(m);
                let below = perft_stoppable(pos, depth - 1, stop);
                pos.unmake_move(m, undo);
                nodes = nodes.saturating_add(below?);
            }
            Some(nodes)
        }
    }
}

/// [`perft_divide`] that can be interrupted, as [`perft_with`]: `None` once `stop` answers
/// `true`.
pub fn perft_divide_with(
    pos: &Position,
    depth: u32,
    stop: &mut dyn FnMut() -> bool,
) -> Option<Vec<(Move, u64)>> {
    let mut pos = pos.clone();
    let moves = pos.legal_moves();
    let mut out = Vec::with_capacity(moves.len());
    for &m in moves.iter() {
        let undo = pos.make_move(m);
        let nodes = if depth <= 1 {
            Some(1)
        } else {
            perft_stoppable(&mut pos, depth - 1, stop)
        };
        pos.unmake_move(m, undo);
        out.push((m, nodes?));
    }
    Some(out)
}

/// The perft count below each legal move (in move-generation order), for finding where two
/// move generators disagree.
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut pos = pos.clone();
    let moves = pos.legal_moves();
    moves
        .iter()
        .map(|&m| {
            let undo = pos.make_move(m);
            let nodes = if depth <= 1 {
                1
            } else {
                perft_inner(&mut pos, depth - 1)
            };
            pos.unmake_move(m, undo);
            (m, nodes)
        })
        .collect()
}

/// [`perft`] spread over the rayon thread pool (one task per root move, or per pair of plies
/// when the root has few moves).
#[cfg(feature = "parallel")]
pub fn perft_parallel(pos: &Position, depth: u32) -> u64 {
    use rayon::prelude::*;
    if depth <= 2 {
        return perft(pos, depth);
    }
    // Split two plies deep so that two cores stay busy even when one root move dominates.
    let mut tasks = Vec::new();
    for &m in pos.legal_moves().iter() {
        let child = pos.after(m).expect("generated moves are legal");
        for &m2 in child.legal_moves().iter() {
            tasks.push(child.after(m2).expect("generated moves are legal"));
        }
    }
    tasks.par_iter().map(|p| perft(p, depth - 2)).sum()
}

/// [`perft_divide`] spread over the rayon thread pool.
#[cfg(feature = "parallel")]
pub fn perft_divide_parallel(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    use rayon::prelude::*;
    let moves: Vec<Move> = pos.legal_moves().to_vec();
    moves
        .par_iter()
        .map(|&m| {
            let child = pos.after(m).expect("generated moves are legal");
            (
                m,
                if depth <= 1 {
                    1
                } else {
                    perft(&child, depth - 1)
                },
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stoppable_count_agrees_and_stops_when_asked() {
        let pos = Position::startpos();
        assert_eq!(perft_with(&pos, 4, &mut || false), Some(perft(&pos, 4)));
        let divided = perft_divide_with(&pos, 3, &mut || false).unwrap();
        assert_eq!(divided, perft_divide(&pos, 3));
        // Asked a few times, then told to stop: a count of depth 100 ends at once.
        let mut asked = 0;
        let result = perft_with(&pos, 100, &mut || {
            asked += 1;
            asked > 1000
        });
        assert_eq!(result, None);
        assert_eq!(asked, 1001);
        assert_eq!(perft_divide_with(&pos, 100, &mut || true), None);
    }
}
