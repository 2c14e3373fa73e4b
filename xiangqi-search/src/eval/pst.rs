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
    [0, 0, 0, -130, -101, -130, 0, 0, 0],
    [0, 0, 0, 5, 55, 5, 0, 0, 0],
    [0, 0, 0, -5, 23, -5, 0, 0, 0],
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
    [0, 0, 0, 13, 10, 13, 0, 0, 0],
    [0, 0, 0, 5, -3, 5, 0, 0, 0],
    [0, 0, 0, -1, -2, -1, 0, 0, 0],
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
    [0, 0, 0, -26, 0, -26, 0, 0, 0],
    [0, 0, 0, 0, 35, 0, 0, 0, 0],
    [0, 0, 0, 8, 0, 8, 0, 0, 0],
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
    [0, 0, 0, 1, 0, 1, 0, 0, 0],
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
    [0, 0, -18, 0, 0, 0, -18, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [-8, 0, 0, 0, 34, 0, 0, 0, -8],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 8, 0, 0, 0, 8, 0, 0],
];

/// Elephants. (endgame)
#[rustfmt::skip]
const ELEPHANT_EG: Table = [
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 2, 0, 0, 0, 2, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [-7, 0, 0, 0, 3, 0, 0, 0, -7],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 4, 0, 0, 0, 4, 0, 0],
];

/// Horses: forward posts and the points beside the enemy palace; poor on the edges and at home. (midgame)
#[rustfmt::skip]
const HORSE_MG: Table = [
    [-35, 22, 24, -3, -24, -3, 24, 22, -35],
    [-58, 23, 128, 58, 37, 58, 128, 23, -58],
    [79, 1, 33, 147, 111, 147, 33, 1, 79],
    [-17, 70, 12, 84, 29, 84, 12, 70, -17],
    [-7, 11, -13, 56, 22, 56, -13, 11, -7],
    [-25, -21, 37, 5, 20, 5, 37, -21, -25],
    [-74, -46, -37, -19, -8, -19, -37, -46, -74],
    [-33, -45, -21, -26, -2, -26, -21, -45, -33],
    [-56, -86, -37, -45, -23, -45, -37, -86, -56],
    [-46, -64, -36, -5, -30, -5, -36, -64, -46],
];

/// Horses: forward posts and the points beside the enemy palace; poor on the edges and at home. (endgame)
#[rustfmt::skip]
const HORSE_EG: Table = [
    [-40, -45, -9, 14, -25, 14, -9, -45, -40],
    [19, 20, 6, 3, -14, 3, 6, 20, 19],
    [13, 14, 16, -4, 32, -4, 16, 14, 13],
    [19, 8, 21, 12, 14, 12, 21, 8, 19],
    [8, 19, 26, 14, 23, 14, 26, 19, 8],
    [7, 21, 13, 22, 25, 22, 13, 21, 7],
    [23, 7, 27, 19, 21, 19, 27, 7, 23],
    [-12, -4, -6, 20, -16, 20, -6, -4, -12],
    [-36, -16, -14, -13, -86, -13, -14, -16, -36],
    [-52, -25, -38, -52, -31, -52, -38, -25, -52],
];

/// Chariots. (midgame)
#[rustfmt::skip]
const CHARIOT_MG: Table = [
    [-29, 43, -12, 173, 135, 173, -12, 43, -29],
    [-13, 38, 27, 29, 119, 29, 27, 38, -13],
    [-47, 1, 2, 30, 67, 30, 2, 1, -47],
    [1, 3, 28, 12, 3, 12, 28, 3, 1],
    [-22, -11, 7, 4, -27, 4, 7, -11, -22],
    [-34, -2, 8, 2, -6, 2, 8, -2, -34],
    [-46, -3, 3, 20, 1, 20, 3, -3, -46],
    [-48, -15, -15, 1, -14, 1, -15, -15, -48],
    [-40, -18, -28, -14, -74, -14, -28, -18, -40],
    [-62, -9, -32, -18, -27, -18, -32, -9, -62],
];

/// Chariots. (endgame)
#[rustfmt::skip]
const CHARIOT_EG: Table = [
    [3, -20, 10, -71, 56, -71, 10, -20, 3],
    [-7, -18, -5, 3, 37, 3, -5, -18, -7],
    [34, 11, 16, 34, 24, 34, 16, 11, 34],
    [0, 5, 6, 13, 26, 13, 6, 5, 0],
    [19, 11, 17, 20, 53, 20, 17, 11, 19],
    [22, 11, 9, 21, 40, 21, 9, 11, 22],
    [30, 11, 20, 7, 25, 7, 20, 11, 30],
    [-8, 4, 0, 7, 5, 7, 0, 4, -8],
    [-62, -14, -20, -9, -9, -9, -20, -14, -62],
    [-87, -47, -51, -34, -34, -34, -51, -47, -87],
];

/// Cannons. (midgame)
#[rustfmt::skip]
const CANNON_MG: Table = [
    [51, -2, -50, -84, -43, -84, -50, -2, 51],
    [15, -11, -6, -17, -59, -17, -6, -11, 15],
    [5, -12, 7, -37, -83, -37, 7, -12, 5],
    [19, 3, 12, -18, -33, -18, 12, 3, 19],
    [14, -12, -11, -26, 18, -26, -11, -12, 14],
    [1, 3, 25, -3, 27, -3, 25, 3, 1],
    [18, -6, 37, -3, 15, -3, 37, -6, 18],
    [20, 3, 27, 17, 44, 17, 27, 3, 20],
    [19, 6, 28, 13, 44, 13, 28, 6, 19],
    [-19, -28, 12, 28, -2, 28, 12, -28, -19],
];

/// Cannons. (endgame)
#[rustfmt::skip]
const CANNON_EG: Table = [
    [-13, -14, -17, -19, -49, -19, -17, -14, -13],
    [12, 13, -5, -14, -68, -14, -5, 13, 12],
    [4, 4, -39, -42, -3, -42, -39, 4, 4],
    [5, 11, -7, -3, 23, -3, -7, 11, 5],
    [6, 8, -11, -4, -11, -4, -11, 8, 6],
    [1, 6, -17, 3, 5, 3, -17, 6, 1],
    [8, 15, -7, 9, 11, 9, -7, 15, 8],
    [11, 15, 5, 15, 11, 15, 5, 15, 11],
    [14, 6, 2, 20, -1, 20, 2, 6, 14],
    [18, 21, -9, 14, 21, 14, -9, 21, 18],
];

/// Soldiers: little before the river, much once across and near the palace. (midgame)
#[rustfmt::skip]
const SOLDIER_MG: Table = [
    [-49, -55, 20, 16, -57, 16, 20, -55, -49],
    [-56, 11, 115, 280, 169, 280, 115, 11, -56],
    [-63, -16, 18, 155, 167, 155, 18, -16, -63],
    [-45, -40, 1, 23, 55, 23, 1, -40, -45],
    [-46, -42, -19, 1, -20, 1, -19, -42, -46],
    [-80, 0, -64, 0, -57, 0, -64, 0, -80],
    [-83, 0, -82, 0, -55, 0, -82, 0, -83],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
];

/// Soldiers: little before the river, much once across and near the palace. (endgame)
#[rustfmt::skip]
const SOLDIER_EG: Table = [
    [-36, -43, -35, -49, -52, -49, -35, -43, -36],
    [-19, 11, 31, 53, 118, 53, 31, 11, -19],
    [-27, 28, 44, 54, 101, 54, 44, 28, -27],
    [-17, 14, 29, 32, 35, 32, 29, 14, -17],
    [-27, -8, 2, 20, 30, 20, 2, -8, -27],
    [-38, 0, -33, 0, -19, 0, -33, 0, -38],
    [-36, 0, -41, 0, -31, 0, -41, 0, -36],
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
