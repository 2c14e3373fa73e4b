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

/// The general: stays home in the midgame, the palace centre helps in the endgame. (midgame)
#[rustfmt::skip]
const GENERAL_MG: Table = [
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, -86, -88, -86, 0, 0, 0],
    [0, 0, 0, 4, 27, 4, 0, 0, 0],
    [0, 0, 0, 0, 15, 0, 0, 0, 0],
];

/// The general: stays home in the midgame, the palace centre helps in the endgame. (endgame)
#[rustfmt::skip]
const GENERAL_EG: Table = [
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 5, 6, 5, 0, 0, 0],
    [0, 0, 0, 2, 0, 2, 0, 0, 0],
    [0, 0, 0, -1, 1, -1, 0, 0, 0],
];

/// Advisors. (midgame)
#[rustfmt::skip]
const ADVISOR_MG: Table = [
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, -22, 0, -22, 0, 0, 0],
    [0, 0, 0, 0, 29, 0, 0, 0, 0],
    [0, 0, 0, 7, 0, 7, 0, 0, 0],
];

/// Advisors. (endgame)
#[rustfmt::skip]
const ADVISOR_EG: Table = [
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 3, 0, 0, 0, 0],
    [0, 0, 0, -2, 0, -2, 0, 0, 0],
];

/// Elephants. (midgame)
#[rustfmt::skip]
const ELEPHANT_MG: Table = [
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, -15, 0, 0, 0, -15, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [-6, 0, 0, 0, 29, 0, 0, 0, -6],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 7, 0, 0, 0, 7, 0, 0],
];

/// Elephants. (endgame)
#[rustfmt::skip]
const ELEPHANT_EG: Table = [
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 1, 0, 0, 0, 1, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [-7, 0, 0, 0, 4, 0, 0, 0, -7],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 4, 0, 0, 0, 4, 0, 0],
];

/// Horses: forward posts and the points beside the enemy palace; poor on the edges and at home. (midgame)
#[rustfmt::skip]
const HORSE_MG: Table = [
    [-15, 7, 29, -3, -19, -3, 29, 7, -15],
    [-28, 16, 74, 52, 23, 52, 74, 16, -28],
    [60, 5, 37, 107, 79, 107, 37, 5, 60],
    [-14, 39, 11, 56, 17, 56, 11, 39, -14],
    [-6, 1, -11, 39, 20, 39, -11, 1, -6],
    [-27, -8, 27, 10, 13, 10, 27, -8, -27],
    [-55, -36, -27, -8, 1, -8, -27, -36, -55],
    [-24, -37, -11, -19, 2, -19, -11, -37, -24],
    [-50, -60, -29, -33, -17, -33, -29, -60, -50],
    [-25, -48, -35, -5, -25, -5, -35, -48, -25],
];

/// Horses: forward posts and the points beside the enemy palace; poor on the edges and at home. (endgame)
#[rustfmt::skip]
const HORSE_EG: Table = [
    [-17, -46, -8, -5, -21, -5, -8, -46, -17],
    [15, 19, 16, 2, -8, 2, 16, 19, 15],
    [30, 11, 13, 1, 38, 1, 13, 11, 30],
    [19, 12, 20, 16, 17, 16, 20, 12, 19],
    [4, 21, 23, 15, 19, 15, 23, 21, 4],
    [7, 16, 11, 18, 20, 18, 11, 16, 7],
    [-1, 0, 21, 16, 18, 16, 21, 0, -1],
    [-14, -7, -4, 18, -16, 18, -4, -7, -14],
    [-33, -18, -15, -17, -75, -17, -15, -18, -33],
    [-27, -33, -38, -46, -27, -46, -38, -33, -27],
];

/// Chariots. (midgame)
#[rustfmt::skip]
const CHARIOT_MG: Table = [
    [-35, 39, -4, 103, 78, 103, -4, 39, -35],
    [-13, 26, 29, 27, 74, 27, 29, 26, -13],
    [-40, 6, 7, 29, 66, 29, 7, 6, -40],
    [5, 6, 26, 12, -8, 12, 26, 6, 5],
    [-17, -3, 13, 7, -24, 7, 13, -3, -17],
    [-22, 0, 16, -1, -6, -1, 16, 0, -22],
    [-39, -1, -2, 16, 4, 16, -2, -1, -39],
    [-41, -14, -18, 1, 1, 1, -18, -14, -41],
    [-31, -14, -20, -10, -60, -10, -20, -14, -31],
    [-53, -5, -26, -16, -15, -16, -26, -5, -53],
];

/// Chariots. (endgame)
#[rustfmt::skip]
const CHARIOT_EG: Table = [
    [6, -16, -2, -37, 52, -37, -2, -16, 6],
    [1, -16, -14, 5, 33, 5, -14, -16, 1],
    [24, 7, 12, 34, 23, 34, 12, 7, 24],
    [-1, 1, 6, 11, 26, 11, 6, 1, -1],
    [13, 8, 12, 18, 53, 18, 12, 8, 13],
    [19, 12, 4, 23, 34, 23, 4, 12, 19],
    [26, 13, 21, 11, 22, 11, 21, 13, 26],
    [-10, 0, -3, 9, -8, 9, -3, 0, -10],
    [-65, -16, -28, -6, -14, -6, -28, -16, -65],
    [-76, -36, -42, -29, -19, -29, -42, -36, -76],
];

/// Cannons. (midgame)
#[rustfmt::skip]
const CANNON_MG: Table = [
    [42, 1, -48, -66, -45, -66, -48, 1, 42],
    [4, -8, 0, -22, -13, -22, 0, -8, 4],
    [-3, -9, -2, -33, -58, -33, -2, -9, -3],
    [10, 6, 14, -14, -27, -14, 14, 6, 10],
    [9, -9, -7, -25, 17, -25, -7, -9, 9],
    [-1, 5, 22, -2, 23, -2, 22, 5, -1],
    [8, -9, 31, -4, 20, -4, 31, -9, 8],
    [16, 3, 22, 12, 43, 12, 22, 3, 16],
    [19, 12, 27, 13, 42, 13, 27, 12, 19],
    [-22, -27, 20, 20, -9, 20, 20, -27, -22],
];

/// Cannons. (endgame)
#[rustfmt::skip]
const CANNON_EG: Table = [
    [-7, -9, -8, -22, -45, -22, -8, -9, -7],
    [13, 11, -11, -23, -16, -23, -11, 11, 13],
    [8, 2, -26, -38, -9, -38, -26, 2, 8],
    [5, 8, -7, -3, 19, -3, -7, 8, 5],
    [6, 5, -14, 0, -12, 0, -14, 5, 6],
    [5, 6, -21, 3, 3, 3, -21, 6, 5],
    [9, 18, -3, 11, 8, 11, -3, 18, 9],
    [9, 16, 9, 13, 12, 13, 9, 16, 9],
    [13, 2, 5, 15, -2, 15, 5, 2, 13],
    [8, 12, -11, 10, 9, 10, -11, 12, 8],
];

/// Soldiers: little before the river, much once across and near the palace. (midgame)
#[rustfmt::skip]
const SOLDIER_MG: Table = [
    [-33, -33, 12, 13, -35, 13, 12, -33, -33],
    [-28, 19, 88, 180, 129, 180, 88, 19, -28],
    [-37, -3, 10, 109, 129, 109, 10, -3, -37],
    [-37, -14, 1, 12, 42, 12, 1, -14, -37],
    [-37, -26, -19, 5, -15, 5, -19, -26, -37],
    [-65, 0, -55, 0, -47, 0, -55, 0, -65],
    [-68, 0, -71, 0, -46, 0, -71, 0, -68],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
];

/// Soldiers: little before the river, much once across and near the palace. (endgame)
#[rustfmt::skip]
const SOLDIER_EG: Table = [
    [-32, -40, -34, -40, -49, -40, -34, -40, -32],
    [-22, 5, 34, 61, 108, 61, 34, 5, -22],
    [-24, 22, 37, 58, 103, 58, 37, 22, -24],
    [-16, 5, 23, 32, 33, 32, 23, 5, -16],
    [-22, -9, 2, 16, 24, 16, 2, -9, -22],
    [-36, 0, -30, 0, -21, 0, -30, 0, -36],
    [-35, 0, -37, 0, -34, 0, -37, 0, -35],
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
