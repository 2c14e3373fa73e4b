//! Piece-square tables, and the combined material + placement table the search updates
//! incrementally.
//!
//! Tables are written from Red's point of view as the board is drawn: the first row is rank 9
//! (Black's back rank), the last row rank 0 (Red's back rank). Black reads them with the ranks
//! turned over. All tables are symmetric left to right.

use crate::params::{self, Pair};
use xiangqi_core::{Color, Piece, Role, Square};

type Table = [[i32; 9]; 10];

// ----- tuned tables (Texel tuning; see the commit history for how) -----

/// General (midgame).
#[rustfmt::skip]
const GENERAL_MG: Table = [
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, -30, -35, -30, 0, 0, 0],
    [0, 0, 0, -12, -15, -12, 0, 0, 0],
    [0, 0, 0, 2, 8, 2, 0, 0, 0],
];

/// General (endgame).
#[rustfmt::skip]
const GENERAL_EG: Table = [
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, -10, -8, -10, 0, 0, 0],
    [0, 0, 0, -2, 4, -2, 0, 0, 0],
    [0, 0, 0, 0, 6, 0, 0, 0, 0],
];

/// Advisor (midgame).
#[rustfmt::skip]
const ADVISOR_MG: Table = [
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, -4, 0, -4, 0, 0, 0],
    [0, 0, 0, 0, 8, 0, 0, 0, 0],
    [0, 0, 0, 2, 0, 2, 0, 0, 0],
];

/// Advisor (endgame).
#[rustfmt::skip]
const ADVISOR_EG: Table = [
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, -4, 0, -4, 0, 0, 0],
    [0, 0, 0, 0, 8, 0, 0, 0, 0],
    [0, 0, 0, 2, 0, 2, 0, 0, 0],
];

/// Elephant (midgame).
#[rustfmt::skip]
const ELEPHANT_MG: Table = [
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, -4, 0, 0, 0, -4, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [-6, 0, 0, 0, 10, 0, 0, 0, -6],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 2, 0, 0, 0, 2, 0, 0],
];

/// Elephant (endgame).
#[rustfmt::skip]
const ELEPHANT_EG: Table = [
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, -4, 0, 0, 0, -4, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [-6, 0, 0, 0, 10, 0, 0, 0, -6],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 2, 0, 0, 0, 2, 0, 0],
];

/// Horse (midgame).
#[rustfmt::skip]
const HORSE_MG: Table = [
    [-4, 0, 6, 8, -8, 8, 6, 0, -4],
    [2, 12, 22, 22, 10, 22, 22, 12, 2],
    [6, 18, 28, 30, 28, 30, 28, 18, 6],
    [8, 20, 26, 30, 30, 30, 26, 20, 8],
    [4, 14, 22, 24, 26, 24, 22, 14, 4],
    [2, 10, 16, 18, 18, 18, 16, 10, 2],
    [0, 4, 12, 10, 12, 10, 12, 4, 0],
    [-4, 2, 8, 6, 2, 6, 8, 2, -4],
    [-8, -4, 2, 0, -18, 0, 2, -4, -8],
    [-14, -10, -6, -8, -14, -8, -6, -10, -14],
];

/// Horse (endgame).
#[rustfmt::skip]
const HORSE_EG: Table = [
    [-4, 0, 6, 8, -8, 8, 6, 0, -4],
    [2, 12, 22, 22, 10, 22, 22, 12, 2],
    [6, 18, 28, 30, 28, 30, 28, 18, 6],
    [8, 20, 26, 30, 30, 30, 26, 20, 8],
    [4, 14, 22, 24, 26, 24, 22, 14, 4],
    [2, 10, 16, 18, 18, 18, 16, 10, 2],
    [0, 4, 12, 10, 12, 10, 12, 4, 0],
    [-4, 2, 8, 6, 2, 6, 8, 2, -4],
    [-8, -4, 2, 0, -18, 0, 2, -4, -8],
    [-14, -10, -6, -8, -14, -8, -6, -10, -14],
];

/// Chariot (midgame).
#[rustfmt::skip]
const CHARIOT_MG: Table = [
    [4, 8, 6, 14, 14, 14, 6, 8, 4],
    [10, 16, 14, 24, 28, 24, 14, 16, 10],
    [8, 14, 12, 18, 20, 18, 12, 14, 8],
    [8, 14, 12, 18, 18, 18, 12, 14, 8],
    [10, 16, 14, 20, 20, 20, 14, 16, 10],
    [8, 16, 14, 20, 20, 20, 14, 16, 8],
    [2, 12, 8, 16, 14, 16, 8, 12, 2],
    [-2, 10, 4, 16, 12, 16, 4, 10, -2],
    [-6, 8, 4, 14, 0, 14, 4, 8, -6],
    [-12, 4, 0, 10, 0, 10, 0, 4, -12],
];

/// Chariot (endgame).
#[rustfmt::skip]
const CHARIOT_EG: Table = [
    [4, 8, 6, 14, 14, 14, 6, 8, 4],
    [10, 16, 14, 24, 28, 24, 14, 16, 10],
    [8, 14, 12, 18, 20, 18, 12, 14, 8],
    [8, 14, 12, 18, 18, 18, 12, 14, 8],
    [10, 16, 14, 20, 20, 20, 14, 16, 10],
    [8, 16, 14, 20, 20, 20, 14, 16, 8],
    [2, 12, 8, 16, 14, 16, 8, 12, 2],
    [-2, 10, 4, 16, 12, 16, 4, 10, -2],
    [-6, 8, 4, 14, 0, 14, 4, 8, -6],
    [-12, 4, 0, 10, 0, 10, 0, 4, -12],
];

/// Cannon (midgame).
#[rustfmt::skip]
const CANNON_MG: Table = [
    [12, 8, 4, 0, -6, 0, 4, 8, 12],
    [6, 4, 0, -6, -10, -6, 0, 4, 6],
    [4, 4, 0, -8, -4, -8, 0, 4, 4],
    [0, 2, 0, 0, 2, 0, 0, 2, 0],
    [0, 0, 0, 2, 6, 2, 0, 0, 0],
    [0, 2, 2, 2, 8, 2, 2, 2, 0],
    [0, 0, 2, 2, 8, 2, 2, 0, 0],
    [2, 4, 6, 6, 16, 6, 6, 4, 2],
    [0, 2, 4, 4, 8, 4, 4, 2, 0],
    [0, 0, 2, 4, 4, 4, 2, 0, 0],
];

/// Cannon (endgame).
#[rustfmt::skip]
const CANNON_EG: Table = [
    [12, 8, 4, 0, -6, 0, 4, 8, 12],
    [6, 4, 0, -6, -10, -6, 0, 4, 6],
    [4, 4, 0, -8, -4, -8, 0, 4, 4],
    [0, 2, 0, 0, 2, 0, 0, 2, 0],
    [0, 0, 0, 2, 6, 2, 0, 0, 0],
    [0, 2, 2, 2, 8, 2, 2, 2, 0],
    [0, 0, 2, 2, 8, 2, 2, 0, 0],
    [2, 4, 6, 6, 16, 6, 6, 4, 2],
    [0, 2, 4, 4, 8, 4, 4, 2, 0],
    [0, 0, 2, 4, 4, 4, 2, 0, 0],
];

/// Soldier (midgame).
#[rustfmt::skip]
const SOLDIER_MG: Table = [
    [0, 4, 8, 14, 20, 14, 8, 4, 0],
    [16, 34, 56, 80, 96, 80, 56, 34, 16],
    [14, 30, 48, 66, 76, 66, 48, 30, 14],
    [12, 26, 36, 46, 52, 46, 36, 26, 12],
    [8, 18, 26, 30, 34, 30, 26, 18, 8],
    [0, 0, 4, 0, 10, 0, 4, 0, 0],
    [0, 0, -4, 0, 4, 0, -4, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
];

/// Soldier (endgame).
#[rustfmt::skip]
const SOLDIER_EG: Table = [
    [0, 6, 12, 20, 26, 20, 12, 6, 0],
    [30, 50, 72, 96, 110, 96, 72, 50, 30],
    [28, 46, 66, 84, 94, 84, 66, 46, 28],
    [24, 40, 52, 64, 70, 64, 52, 40, 24],
    [18, 30, 40, 46, 50, 46, 40, 30, 18],
    [0, 0, 6, 0, 12, 0, 6, 0, 0],
    [0, 0, 0, 0, 4, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
];

// ----- end of tuned tables -----

const fn tables(role: Role) -> (&'static Table, &'static Table) {
    match role {
        Role::General => (&GENERAL_MG, &GENERAL_EG),
        Role::Advisor => (&ADVISOR_MG, &ADVISOR_EG),
        Role::Elephant => (&ELEPHANT_MG, &ELEPHANT_EG),
        Role::Horse => (&HORSE_MG, &HORSE_EG),
        Role::Chariot => (&CHARIOT_MG, &CHARIOT_EG),
        Role::Cannon => (&CANNON_MG, &CANNON_EG),
        Role::Soldier => (&SOLDIER_MG, &SOLDIER_EG),
    }
}

/// The material value of a role.
pub const fn material(role: Role) -> Pair {
    match role {
        Role::General => (0, 0),
        Role::Advisor => params::ADVISOR_VALUE,
        Role::Elephant => params::ELEPHANT_VALUE,
        Role::Horse => params::HORSE_VALUE,
        Role::Chariot => params::CHARIOT_VALUE,
        Role::Cannon => params::CANNON_VALUE,
        Role::Soldier => params::SOLDIER_VALUE,
    }
}

/// Material plus placement by [piece index][square], positive for the piece's owner.
pub static PSQ: [[Pair; 90]; 14] = {
    let mut t = [[(0, 0); 90]; 14];
    let mut p = 0;
    while p < 14 {
        let color = if p < 7 { 0 } else { 1 };
        let role = Role::ALL[p % 7];
        let (mg, eg) = tables(role);
        let value = material(role);
        let mut sq = 0;
        while sq < 90 {
            let (file, rank) = (sq % 9, sq / 9);
            let row = if color == 0 { 9 - rank } else { rank };
            t[p][sq] = (value.0 + mg[row][file], value.1 + eg[row][file]);
            sq += 1;
        }
        p += 1;
    }
    t
};

/// The material + placement value of a piece on a point, positive for its owner.
#[inline]
pub fn psq(piece: Piece, sq: Square) -> Pair {
    PSQ[piece.index()][sq.index()]
}

/// The value of `piece` on `sq` from Red's point of view.
#[inline]
pub fn psq_red(piece: Piece, sq: Square) -> Pair {
    let (mg, eg) = psq(piece, sq);
    if piece.color == Color::Red {
        (mg, eg)
    } else {
        (-mg, -eg)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn black_reads_the_tables_mirrored() {
        for role in Role::ALL {
            for sq in Square::ALL {
                let red = psq(Piece::new(Color::Red, role), sq);
                let black = psq(Piece::new(Color::Black, role), sq.flip_rank());
                assert_eq!(red, black, "{role:?} on {sq}");
                let mirrored = psq(Piece::new(Color::Red, role), sq.flip_file());
                assert_eq!(red, mirrored, "{role:?} table not symmetric on {sq}");
            }
        }
    }

    #[test]
    fn a_crossed_soldier_is_worth_more_than_one_at_home() {
        let red = Piece::new(Color::Red, Role::Soldier);
        assert!(psq(red, Square::E5).0 > psq(red, Square::E3).0);
        assert!(psq(red, Square::E7).1 > psq(red, Square::E5).1);
    }
}
