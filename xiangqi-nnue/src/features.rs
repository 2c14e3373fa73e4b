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

/// Blocks of inputs of a net that sees each view through its general (architecture 3): the
/// palace's centre and left files, three ranks each.
pub const GENERAL_BUCKETS: usize = 6;

/// Where a view's inputs are taken from: the block's first input and whether the board is
/// mirrored left-right. Nets without general blocks use [`ViewKey::PLAIN`] for every view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ViewKey {
    /// The first input of the view's block.
    pub offset: usize,
    /// The board is seen mirrored left-right.
    pub mirror: bool,
}

impl ViewKey {
    /// The one block of a net without general blocks.
    pub const PLAIN: ViewKey = ViewKey {
        offset: 0,
        mirror: false,
    };

    /// The block of `viewer` with its general on `general`: the point as the viewer sees it,
    /// mirrored onto the centre or left file; a general outside its palace (a set-up board
    /// without one) uses the block of the palace's home point.
    #[inline]
    pub fn of_general(viewer: Color, general: Square) -> ViewKey {
        let seen = if viewer == Color::Red {
            general
        } else {
            general.flip_rank()
        };
        let (file, rank) = (seen.index() % 9, seen.index() / 9);
        let mirror = file > 4;
        let file = if mirror { 8 - file } else { file };
        let bucket = if file >= 3 && rank <= 2 {
            (4 - file) * 3 + rank
        } else {
            0
        };
        ViewKey {
            offset: bucket * FEATURES,
            mirror,
        }
    }

    /// The input of `piece` on `sq` in this view of `viewer`.
    #[inline]
    pub fn feature(self, viewer: Color, piece: Piece, sq: Square) -> usize {
        let sq = if self.mirror { sq.flip_file() } else { sq };
        self.offset + feature(viewer, piece, sq)
    }
}

/// Every active input of the position for `viewer` in the view `key`, at most 32.
pub fn active_features(
    pos: &Position,
    viewer: Color,
    key: ViewKey,
) -> impl Iterator<Item = usize> + '_ {
    Square::ALL
        .into_iter()
        .filter_map(move |sq| pos.piece_at(sq).map(|piece| key.feature(viewer, piece, sq)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi_core::Role;

    #[test]
    fn the_start_position_looks_the_same_to_both_sides() {
        let pos = Position::startpos();
        let mut red: Vec<usize> = active_features(&pos, Color::Red, ViewKey::PLAIN).collect();
        let mut black: Vec<usize> = active_features(&pos, Color::Black, ViewKey::PLAIN).collect();
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

    #[test]
    fn general_blocks_cover_the_palace_once_up_to_mirroring() {
        use std::collections::HashSet;
        for viewer in Color::ALL {
            let mut blocks = HashSet::new();
            for sq in Square::ALL.into_iter().filter(|sq| sq.in_palace(viewer)) {
                let key = ViewKey::of_general(viewer, sq);
                let twin = ViewKey::of_general(viewer, sq.flip_file());
                assert_eq!(key.offset, twin.offset, "{sq:?}");
                assert_eq!(key.mirror, sq.flip_file() != sq && !twin.mirror);
                blocks.insert(key.offset);
            }
            assert_eq!(blocks.len(), GENERAL_BUCKETS);
            assert!(blocks
                .iter()
                .all(|&o| o % FEATURES == 0 && o < GENERAL_BUCKETS * FEATURES));
            // Each side's home point is the first block.
            let home = if viewer == Color::Red {
                Square::E0
            } else {
                Square::E9
            };
            assert_eq!(ViewKey::of_general(viewer, home), ViewKey::PLAIN);
        }
    }

    #[test]
    fn a_mirrored_view_sees_the_mirrored_board() {
        let pos = Position::from_fen("3k5/4a4/9/9/9/9/9/9/4A4/5K3 w").unwrap();
        let key = ViewKey::of_general(Color::Red, pos.general(Color::Red));
        assert!(key.mirror);
        let mut seen: Vec<usize> = active_features(&pos, Color::Red, key).collect();
        let mirrored = Position::from_fen("5k3/4a4/9/9/9/9/9/9/4A4/3K5 w").unwrap();
        let key2 = ViewKey::of_general(Color::Red, mirrored.general(Color::Red));
        assert!(!key2.mirror);
        let mut plain: Vec<usize> = active_features(&mirrored, Color::Red, key2).collect();
        seen.sort_unstable();
        plain.sort_unstable();
        assert_eq!(seen, plain);
    }
}
