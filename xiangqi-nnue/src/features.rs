//! What the net sees: one input for each (piece relative to the viewer, point) pair.
//!
//! A position is seen twice, once by each side. For the viewer, its own pieces come first
//! (roles 0..7) and the opponent's after (7..14), and Black sees the board turned round
//! (ranks mirrored), so both sides see their own general at the bottom. That makes the two
//! views share one set of weights.

use xiangqi_core::{Color, Piece, Position, Square};

/// Inputs of one view: 14 relative pieces x 90 points.
pub const FEATURES: usize = 14 * 90;

/// The input of `piece` on `sq` as `viewer` sees it.
#[inline]
pub fn feature(viewer: Color, piece: Piece, sq: Square) -> usize {
    let (relative, point) = if viewer == Color::Red {
        (piece.index(), sq.index())
    } else {
        // Black's own pieces first, and the board turned round.
        ((piece.index() + 7) % 14, sq.flip_rank().index())
    };
    relative * 90 + point
}

/// Every active input of the position for `viewer`, at most 32.
pub fn active_features(pos: &Position, viewer: Color) -> impl Iterator<Item = usize> + '_ {
    Square::ALL
        .into_iter()
        .filter_map(move |sq| pos.piece_at(sq).map(|piece| feature(viewer, piece, sq)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi_core::Role;

    #[test]
    fn the_start_position_looks_the_same_to_both_sides() {
        let pos = Position::startpos();
        let mut red: Vec<usize> = active_features(&pos, Color::Red).collect();
        let mut black: Vec<usize> = active_features(&pos, Color::Black).collect();
        red.sort_unstable();
        black.sort_unstable();
        assert_eq!(red.len(), 32);
        assert_eq!(red, black);
    }

    #[test]
    fn features_are_distinct_and_in_range() {
        let mut seen = vec![false; FEATURES];
        for viewer in Color::ALL {
            seen.iter_mut().for_each(|s| *s = false);
            for color in Color::ALL {
                for role in Role::ALL {
                    for sq in Square::ALL {
                        let f = feature(viewer, Piece::new(color, role), sq);
                        assert!(!seen[f]);
                        seen[f] = true;
                    }
                }
            }
            assert!(seen.iter().all(|&s| s));
        }
    }
}
