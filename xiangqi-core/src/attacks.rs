//! Precomputed move and attack tables, built at compile time.
//!
//! Sliding pieces use one lookup per line: the 9-bit occupancy of a rank or the 10-bit
//! occupancy of a file indexes a table of reachable points on that line.

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::square::Square;

const fn in_board(f: i32, r: i32) -> bool {
    f >= 0 && f < 9 && r >= 0 && r < 10
}

const fn bit(f: i32, r: i32) -> u128 {
    1u128 << (r * 9 + f)
}

const fn in_palace(f: i32, r: i32, color: usize) -> bool {
    f >= 3 && f <= 5 && if color == 0 { r <= 2 } else { r >= 7 }
}

const fn on_home_side(r: i32, color: usize) -> bool {
    if color == 0 {
        r <= 4
    } else {
        r >= 5
    }
}

const ORTHO: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// General moves by [colour][square]: orthogonal steps inside that colour's palace.
pub static GENERAL: [[Bitboard; 90]; 2] = {
    let mut t = [[Bitboard::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < 90 {
            let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
            let mut bits = 0u128;
            let mut d = 0;
            while d < 4 {
                let (nf, nr) = (f + ORTHO[d].0, r + ORTHO[d].1);
                if in_board(nf, nr) && in_palace(nf, nr, c) {
                    bits |= bit(nf, nr);
                }
                d += 1;
            }
            t[c][sq] = Bitboard(bits);
            sq += 1;
        }
        c += 1;
    }
    t
};

/// Advisor moves by [colour][square]: diagonal steps inside that colour's palace.
pub static ADVISOR: [[Bitboard; 90]; 2] = {
    let mut t = [[Bitboard::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < 90 {
            let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
            let mut bits = 0u128;
            let mut d = 0;
            while d < 4 {
                let (nf, nr) = (f + DIAG[d].0, r + DIAG[d].1);
                if in_board(nf, nr) && in_palace(nf, nr, c) {
                    bits |= bit(nf, nr);
                }
                d += 1;
            }
            t[c][sq] = Bitboard(bits);
            sq += 1;
        }
        c += 1;
    }
    t
};

/// A point index that means "off the board" in the step tables.
pub const NONE: u8 = 255;

/// Elephant steps by [colour][square][direction]: `(eye, target)`, or `(NONE, NONE)`.
pub static ELEPHANT: [[[(u8, u8); 4]; 90]; 2] = {
    let mut t = [[[(NONE, NONE); 4]; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < 90 {
            let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
            let mut d = 0;
            while d < 4 {
                let (nf, nr) = (f + 2 * DIAG[d].0, r + 2 * DIAG[d].1);
                if in_board(nf, nr) && on_home_side(nr, c) {
                    let eye = (r + DIAG[d].1) * 9 + f + DIAG[d].0;
                    t[c][sq][d] = (eye as u8, (nr * 9 + nf) as u8);
                }
                d += 1;
            }
            sq += 1;
        }
        c += 1;
    }
    t
};

/// Horse legs by [square][direction] (the orthogonal neighbour), or `NONE`.
pub static HORSE_LEG: [[u8; 4]; 90] = {
    let mut t = [[NONE; 4]; 90];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
        let mut d = 0;
        while d < 4 {
            let (nf, nr) = (f + ORTHO[d].0, r + ORTHO[d].1);
            if in_board(nf, nr) {
                t[sq][d] = (nr * 9 + nf) as u8;
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// Horse targets by [square][direction]: the two points beyond the leg in that direction.
pub static HORSE_TARGETS: [[Bitboard; 4]; 90] = {
    let mut t = [[Bitboard::EMPTY; 4]; 90];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
        let mut d = 0;
        while d < 4 {
            let (df, dr) = ORTHO[d];
            if in_board(f + df, r + dr) {
                let mut bits = 0u128;
                // Two steps along the direction and one to either side.
                let (sf, sr) = (dr, df);
                let (a, b) = (f + 2 * df + sf, r + 2 * dr + sr);
                if in_board(a, b) {
                    bits |= bit(a, b);
                }
                let (a, b) = (f + 2 * df - sf, r + 2 * dr - sr);
                if in_board(a, b) {
                    bits |= bit(a, b);
                }
                t[sq][d] = Bitboard(bits);
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// All horse targets from a square, ignoring legs.
pub static HORSE_ALL: [Bitboard; 90] = {
    let mut t = [Bitboard::EMPTY; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut d = 0;
        let mut bits = 0u128;
        while d < 4 {
            bits |= HORSE_TARGETS[sq][d].0;
            d += 1;
        }
        t[sq] = Bitboard(bits);
        sq += 1;
    }
    t
};

/// Diagonal neighbours by [square][direction], or `NONE`. For a target point these are the legs
/// of the horses that attack it.
pub static DIAGONAL_NEIGHBOUR: [[u8; 4]; 90] = {
    let mut t = [[NONE; 4]; 90];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
        let mut d = 0;
        while d < 4 {
            let (nf, nr) = (f + DIAG[d].0, r + DIAG[d].1);
            if in_board(nf, nr) {
                t[sq][d] = (nr * 9 + nf) as u8;
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// Horses attacking a point by [square][diagonal direction]: the two points from which a horse
/// reaches `square` through the leg `DIAGONAL_NEIGHBOUR[square][direction]`.
pub static HORSE_ATTACKERS: [[Bitboard; 4]; 90] = {
    let mut t = [[Bitboard::EMPTY; 4]; 90];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIAG[d];
            let mut bits = 0u128;
            if in_board(f + 2 * df, r + dr) {
                bits |= bit(f + 2 * df, r + dr);
            }
            if in_board(f + df, r + 2 * dr) {
                bits |= bit(f + df, r + 2 * dr);
            }
            t[sq][d] = Bitboard(bits);
            d += 1;
        }
        sq += 1;
    }
    t
};

/// Soldier moves by [colour][square]: forward, and sideways once across the river.
pub static SOLDIER: [[Bitboard; 90]; 2] = {
    let mut t = [[Bitboard::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < 90 {
            let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
            let fwd = if c == 0 { 1 } else { -1 };
            let mut bits = 0u128;
            if in_board(f, r + fwd) {
                bits |= bit(f, r + fwd);
            }
            if !on_home_side(r, c) {
                if in_board(f - 1, r) {
                    bits |= bit(f - 1, r);
                }
                if in_board(f + 1, r) {
                    bits |= bit(f + 1, r);
                }
            }
            t[c][sq] = Bitboard(bits);
            sq += 1;
        }
        c += 1;
    }
    t
};

/// Soldier attackers by [soldier colour][square]: points from which a soldier of that colour
/// attacks `square`.
pub static SOLDIER_ATTACKERS: [[Bitboard; 90]; 2] = {
    let mut t = [[Bitboard::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut from = 0;
        while from < 90 {
            let mut targets = SOLDIER[c][from].0;
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                t[c][to].0 |= 1u128 << from;
            }
            from += 1;
        }
        c += 1;
    }
    t
};

/// Reachable positions along one line of `len` points for a piece at `pos` given `occ`
/// (slide: up to and including the first blocker each way; cannon: the first point beyond the
/// first blocker each way).
const fn line_table<const N: usize>(len: usize, cannon: bool) -> [[u16; N]; 10] {
    let mut t = [[0u16; N]; 10];
    let mut pos = 0;
    while pos < len {
        let mut occ = 0;
        while occ < (1 << len) {
            let mut result = 0u16;
            let mut dir = 0;
            while dir < 2 {
                let step: i32 = if dir == 0 { 1 } else { -1 };
                let mut p = pos as i32 + step;
                let mut screens = 0;
                while p >= 0 && p < len as i32 {
                    let occupied = occ & (1 << p) != 0;
                    if cannon {
                        if occupied {
                            screens += 1;
                            if screens == 2 {
                                result |= 1 << p;
                                break;
                            }
                        }
                    } else {
                        result |= 1 << p;
                        if occupied {
                            break;
                        }
                    }
                    p += step;
                }
                dir += 1;
            }
            t[pos][occ] = result;
            occ += 1;
        }
        pos += 1;
    }
    t
}

static RANK_SLIDE: [[u16; 512]; 10] = line_table::<512>(9, false);
static RANK_CANNON: [[u16; 512]; 10] = line_table::<512>(9, true);
static FILE_SLIDE: [[u16; 1024]; 10] = line_table::<1024>(10, false);
static FILE_CANNON: [[u16; 1024]; 10] = line_table::<1024>(10, true);

/// A 10-bit file pattern spread onto file `a` of a board.
static FILE_SPREAD: [u128; 1024] = {
    let mut t = [0u128; 1024];
    let mut m = 0;
    while m < 1024 {
        let mut bits = 0u128;
        let mut r = 0;
        while r < 10 {
            if m & (1 << r) != 0 {
                bits |= 1u128 << (r * 9);
            }
            r += 1;
        }
        t[m] = bits;
        m += 1;
    }
    t
};

/// The points a horse on `sq` reaches: each direction whose leg is empty in `occupied`.
#[inline]
pub fn horse_moves(sq: Square, occupied: Bitboard) -> Bitboard {
    let mut targets = Bitboard::EMPTY;
    for d in 0..4 {
        let leg = HORSE_LEG[sq.index()][d];
        if leg != NONE && occupied.0 & (1u128 << leg) == 0 {
            targets |= HORSE_TARGETS[sq.index()][d];
        }
    }
    targets
}

/// The points an elephant of `color` on `sq` reaches: each step whose eye is empty in
/// `occupied` (never across the river).
#[inline]
pub fn elephant_moves(color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
    let mut targets = Bitboard::EMPTY;
    for &(eye, to) in &ELEPHANT[ci(color)][sq.index()] {
        if to != NONE && occupied.0 & (1u128 << eye) == 0 {
            targets.0 |= 1u128 << to;
        }
    }
    targets
}

/// The 9-bit occupancy of `rank` in `occupied`.
#[inline]
pub fn rank_occupancy(occupied: Bitboard, rank: usize) -> usize {
    ((occupied.0 >> (rank * 9)) & 0x1ff) as usize
}

/// Chariot-like reach from `sq` along its rank and file: every empty point up to and including the
/// first occupied point each way. `file_occ` is the 10-bit occupancy of `sq`'s file.
#[inline]
pub fn slide(sq: Square, occupied: Bitboard, file_occ: u16) -> Bitboard {
    let (f, r) = (sq.index() % 9, sq.index() / 9);
    let rank_bits = RANK_SLIDE[f][rank_occupancy(occupied, r)] as u128;
    let file_bits = FILE_SPREAD[FILE_SLIDE[r][file_occ as usize] as usize];
    Bitboard((rank_bits << (r * 9)) | (file_bits << f))
}

/// Cannon captures from `sq`: the first point beyond the first occupied point (the screen) each
/// way along rank and file. `file_occ` is the 10-bit occupancy of `sq`'s file.
#[inline]
pub fn cannon_jump(sq: Square, occupied: Bitboard, file_occ: u16) -> Bitboard {
    let (f, r) = (sq.index() % 9, sq.index() / 9);
    let rank_bits = RANK_CANNON[f][rank_occupancy(occupied, r)] as u128;
    let file_bits = FILE_SPREAD[FILE_CANNON[r][file_occ as usize] as usize];
    Bitboard((rank_bits << (r * 9)) | (file_bits << f))
}

/// Chariot-like reach along the file only (used for the flying-general rule).
#[inline]
pub fn file_slide(sq: Square, file_occ: u16) -> Bitboard {
    let (f, r) = (sq.index() % 9, sq.index() / 9);
    Bitboard(FILE_SPREAD[FILE_SLIDE[r][file_occ as usize] as usize] << f)
}

/// The 10-bit occupancy of a file computed from a board (slow; the position keeps these
/// incrementally).
pub fn file_occupancy(occupied: Bitboard, file: usize) -> u16 {
    let mut bits = 0u16;
    for r in 0..10 {
        if occupied.0 & (1u128 << (r * 9 + file)) != 0 {
            bits |= 1 << r;
        }
    }
    bits
}

/// Points strictly between two points on one rank or file (empty when they share neither).
pub fn between(a: Square, b: Square) -> Bitboard {
    BETWEEN[a.index()][b.index()]
}

static BETWEEN: [[Bitboard; 90]; 90] = {
    let mut t = [[Bitboard::EMPTY; 90]; 90];
    let mut a = 0;
    while a < 90 {
        let mut b = 0;
        while b < 90 {
            let (fa, ra, fb, rb) = (
                (a % 9) as i32,
                (a / 9) as i32,
                (b % 9) as i32,
                (b / 9) as i32,
            );
            if a != b && (fa == fb || ra == rb) {
                let df = if fb > fa {
                    1
                } else if fb < fa {
                    -1
                } else {
                    0
                };
                let dr = if rb > ra {
                    1
                } else if rb < ra {
                    -1
                } else {
                    0
                };
                let (mut f, mut r) = (fa + df, ra + dr);
                let mut bits = 0u128;
                while f != fb || r != rb {
                    bits |= bit(f, r);
                    f += df;
                    r += dr;
                }
                t[a][b] = Bitboard(bits);
            }
            b += 1;
        }
        a += 1;
    }
    t
};

/// The index of a colour in these tables.
#[inline]
pub const fn ci(color: Color) -> usize {
    color as usize
}
