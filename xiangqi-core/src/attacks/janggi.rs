//! Janggi movement: the second implementation of the attack API, for the janggi variants.
//!
//! What differs from xiangqi, and lives here:
//! - **Palace lines.** Each palace has two diagonal lines through its centre ([`palace_lines`]).
//!   General and guards step along them as well as orthogonally ([`general_attacks`]); the
//!   chariot slides along them ([`chariot_attacks`]), the cannon jumps along them
//!   ([`cannon_attacks`]) and the soldier steps forward along them ([`soldier_attacks`]).
//! - **The cannon** moves and captures alike, by jumping exactly one piece that is not a cannon;
//!   it never lands on a cannon, so never takes one. It needs the cannons' points, `cannons`.
//! - **The elephant** goes one point orthogonally, then two diagonally outward, each
//!   intermediate point empty, anywhere on the board ([`elephant_attacks`],
//!   [`elephant_path`]).
//! - **The soldier** goes forward or sideways from the start, never back.
//! - **No flying general**: generals attack only by their palace steps.
//!
//! The horse moves as in xiangqi ([`horse_attacks`]). In janggi a piece
//! moves where it attacks, so [`attacks`] is also where a piece may go (own pieces not yet
//! excluded).
//!
//! ```
//! use xiangqi_core::attacks::janggi;
//! use xiangqi_core::{Bitboard, Color, Position, Role, Square, Variant};
//!
//! let pos = Position::start_of(Variant::Janggi);
//! let (occupied, cannons) = (pos.occupied(), xiangqi_core::janggi::cannons(&pos));
//! // The b2 cannon has no move: up its file and along its rank the first piece is a cannon
//! // (b7, h2), and nothing lies beyond the b0 horse below it.
//! assert!(janggi::cannon_attacks(Square::B2, occupied, cannons).is_empty());
//! // The chariot on a0 attacks a1, a2 and the points of its own a3 soldier and b0 horse.
//! assert_eq!(janggi::chariot_attacks(Square::A0, occupied).count(), 4);
//! // The general on e1 (the palace centre) reaches all eight other palace points.
//! assert_eq!(janggi::general_attacks(Color::Red, Square::E1).count(), 8);
//! // The c0 elephant: through c1 and d2 to e3 (its own soldier); the b2 cannon blocks a3.
//! assert_eq!(janggi::elephant_attacks(Square::C0, occupied), Bitboard::from_square(Square::E3));
//! ```

use super::{bit, in_board, GENERAL, ORTHO};
use super::{file_occupancy, horse_attackers, horse_attacks, line_table, palace};
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::role::{Piece, Role};
use crate::square::Square;

/// The palace centres, by colour (e1, e8), as (file, rank).
const CENTRES: [(i32, i32); 2] = {
    let mut t = [(0, 0); 2];
    let mut c = 0;
    while c < 2 {
        let centre = Square::palace_centre(Color::ALL[c]) as i32;
        t[c] = (centre % 9, centre / 9);
        c += 1;
    }
    t
};

/// What [`diagonal_table`] builds, for a point on a palace line.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Diagonal {
    /// Its neighbours along the lines: the centre from a corner, the four corners from a centre.
    Step,
    /// From a corner, the centre; nothing from a centre.
    Centre,
    /// From a corner, the opposite corner (beyond the centre); nothing from a centre.
    Beyond,
}

const fn diagonal_table(kind: Diagonal) -> [Bitboard; 90] {
    let mut t = [Bitboard::EMPTY; 90];
    let mut c = 0;
    while c < 2 {
        let (cf, cr) = CENTRES[c];
        let mut d = 0;
        while d < 4 {
            let (df, dr) = super::DIAG[d];
            let corner = ((cr + dr) * 9 + cf + df) as usize;
            match kind {
                Diagonal::Step => {
                    t[(cr * 9 + cf) as usize].0 |= bit(cf + df, cr + dr);
                    t[corner].0 |= bit(cf, cr);
                }
                Diagonal::Centre => t[corner].0 |= bit(cf, cr),
                Diagonal::Beyond => t[corner].0 |= bit(cf - df, cr - dr),
            }
            d += 1;
        }
        c += 1;
    }
    t
}

static DIAGONAL_STEP: [Bitboard; 90] = diagonal_table(Diagonal::Step);
static DIAGONAL_CENTRE: [Bitboard; 90] = diagonal_table(Diagonal::Centre);
static DIAGONAL_BEYOND: [Bitboard; 90] = diagonal_table(Diagonal::Beyond);

/// The ten points on the palaces' diagonal lines: the corners and centres of both palaces.
pub const fn palace_lines() -> Bitboard {
    let mut bits = 0;
    let mut c = 0;
    while c < 2 {
        let (cf, cr) = CENTRES[c];
        bits |= bit(cf, cr);
        let mut d = 0;
        while d < 4 {
            let (df, dr) = super::DIAG[d];
            bits |= bit(cf + df, cr + dr);
            d += 1;
        }
        c += 1;
    }
    Bitboard(bits)
}

/// The neighbours of `sq` along a palace's diagonal lines (the centre from a corner, the four
/// corners from a centre, nothing elsewhere).
#[inline]
pub fn palace_line_neighbours(sq: Square) -> Bitboard {
    DIAGONAL_STEP[sq.index()]
}

/// General and guard moves by [colour][square]: orthogonal steps inside the palace and steps
/// along its diagonal lines.
static GENERAL_STEPS: [[Bitboard; 90]; 2] = {
    let mut t = [[Bitboard::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < 90 {
            let diagonal = DIAGONAL_STEP[sq].0 & PALACE_BITS[c];
            t[c][sq] = Bitboard(GENERAL[c][sq].0 | diagonal);
            sq += 1;
        }
        c += 1;
    }
    t
};

const PALACE_BITS: [u128; 2] = [super::PALACE[0].0, super::PALACE[1].0];

/// Soldier moves by [colour][square]: forward, sideways, and forward along a palace line.
static SOLDIER: [[Bitboard; 90]; 2] = {
    let mut t = [[Bitboard::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let fwd = if c == 0 { 1 } else { -1 };
        let mut sq = 0;
        while sq < 90 {
            let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
            let mut bits = 0u128;
            let mut step = 0;
            while step < 3 {
                let (nf, nr) = [(f, r + fwd), (f - 1, r), (f + 1, r)][step];
                if in_board(nf, nr) {
                    bits |= bit(nf, nr);
                }
                step += 1;
            }
            if in_board(f, r + fwd) {
                // Along a palace line, onto the next rank forward.
                let rank_ahead = 0x1ffu128 << ((r + fwd) * 9);
                bits |= DIAGONAL_STEP[sq].0 & rank_ahead;
            }
            t[c][sq] = Bitboard(bits);
            sq += 1;
        }
        c += 1;
    }
    t
};

/// Soldier attackers by [soldier colour][square].
static SOLDIER_ATTACKERS: [[Bitboard; 90]; 2] = super::inverted(&SOLDIER);

/// The eight elephant moves: one orthogonal step, then two diagonal steps outward.
const ELEPHANT_MOVES: [((i32, i32), (i32, i32)); 8] = {
    let mut t = [((0, 0), (0, 0)); 8];
    let mut i = 0;
    let mut o = 0;
    while o < 4 {
        let (of, or) = ORTHO[o];
        let mut d = 0;
        while d < 4 {
            let (df, dr) = super::DIAG[d];
            if of * df + or * dr > 0 {
                t[i] = ((of, or), (df, dr));
                i += 1;
            }
            d += 1;
        }
        o += 1;
    }
    t
};

/// By [square][move], for the elephant moves from (`FORWARD`) or onto (otherwise) the square:
/// the two intermediate points, and the other end (empty when off the board).
const fn elephant_table<const FORWARD: bool>() -> [[(Bitboard, Bitboard); 8]; 90] {
    let mut t = [[(Bitboard::EMPTY, Bitboard::EMPTY); 8]; 90];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
        let mut i = 0;
        while i < 8 {
            let ((of, or), (df, dr)) = ELEPHANT_MOVES[i];
            // The move's start point: `sq` itself, or the point the move onto `sq` leaves.
            let (sf, sr) = if FORWARD {
                (f, r)
            } else {
                (f - of - 2 * df, r - or - 2 * dr)
            };
            let (ef, er) = if FORWARD {
                (f + of + 2 * df, r + or + 2 * dr)
            } else {
                (sf, sr)
            };
            if in_board(sf, sr) && in_board(sf + of + 2 * df, sr + or + 2 * dr) {
                let path = bit(sf + of, sr + or) | bit(sf + of + df, sr + or + dr);
                t[sq][i] = (Bitboard(path), Bitboard(bit(ef, er)));
            }
            i += 1;
        }
        sq += 1;
    }
    t
}

static ELEPHANT: [[(Bitboard, Bitboard); 8]; 90] = elephant_table::<true>();
static ELEPHANT_ATTACKERS: [[(Bitboard, Bitboard); 8]; 90] = elephant_table::<false>();

/// The union of the far ends of the moves in `table` whose intermediate points are empty.
#[inline(always)]
fn unblocked8(table: &[(Bitboard, Bitboard); 8], occupied: Bitboard) -> Bitboard {
    let mut set = Bitboard::EMPTY;
    for &(path, end) in table {
        if (occupied & path).is_empty() {
            set |= end;
        }
    }
    set
}

/// The points on `sq`'s rank and file and, from a palace corner or centre, on the palace's
/// diagonal lines through it: where a chariot or cannon can attack `sq` from, on any board.
static LINES: [Bitboard; 90] = {
    let mut t = [Bitboard::EMPTY; 90];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = (sq % 9, sq / 9);
        let file = 0x0_0040_2010_0804_0201_u128 << f;
        let file = file | (file << 45);
        let rank = 0x1ff_u128 << (r * 9);
        let diagonal = DIAGONAL_STEP[sq].0 | DIAGONAL_BEYOND[sq].0;
        t[sq] = Bitboard((file | rank | diagonal) & !(1u128 << sq));
        sq += 1;
    }
    t
};

/// By square, the points from which a horse could attack it on an empty board.
static HORSE_REACH: [Bitboard; 90] = {
    let mut t = [Bitboard::EMPTY; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut d = 0;
        while d < 4 {
            t[sq].0 |= super::HORSE_ATTACKERS[sq][d].0;
            d += 1;
        }
        sq += 1;
    }
    t
};

/// By square, the points from which an elephant could attack it on an empty board.
static ELEPHANT_REACH: [Bitboard; 90] = {
    let mut t = [Bitboard::EMPTY; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut i = 0;
        while i < 8 {
            t[sq].0 |= ELEPHANT_ATTACKERS[sq][i].1 .0;
            i += 1;
        }
        sq += 1;
    }
    t
};

// A janggi cannon's lines: over one screen, up to and including the next piece.
static RANK_HOP: [[u16; 512]; 10] = line_table::<512>(9, 1, false);
static FILE_HOP: [[u16; 1024]; 10] = line_table::<1024>(10, 1, false);

// ----- targets of a piece ------------------------------------------------------------------------

/// The points a general or guard of `color` on `sq` reaches: one step inside its palace,
/// orthogonally or along a diagonal line.
#[inline]
pub fn general_attacks(color: Color, sq: Square) -> Bitboard {
    GENERAL_STEPS[color as usize][sq.index()]
}

/// The points a janggi elephant on `sq` reaches given `occupied`: one orthogonal step, then
/// two diagonal steps outward, both intermediate points empty.
#[inline]
pub fn elephant_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    unblocked8(&ELEPHANT[sq.index()], occupied)
}

/// The two intermediate points of the elephant move `from` -> `to` (which must both be empty),
/// or `None` when `to` is not an elephant move away.
pub fn elephant_path(from: Square, to: Square) -> Option<Bitboard> {
    ELEPHANT[from.index()]
        .iter()
        .find(|(_, end)| end.contains(to))
        .map(|&(path, _)| path)
}

/// The points a chariot on `sq` reaches: along its rank and file, and along a palace's
/// diagonal lines, every empty point up to and including the first occupied one.
#[inline]
pub fn chariot_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let diagonal = if (occupied & DIAGONAL_CENTRE[sq.index()]).is_empty() {
        DIAGONAL_STEP[sq.index()] | DIAGONAL_BEYOND[sq.index()]
    } else {
        DIAGONAL_STEP[sq.index()]
    };
    super::chariot_attacks(sq, occupied) | diagonal
}

/// The cannon's points along its lines before the no-cannon rules: beyond the first piece, up
/// to and including the next.
#[inline]
fn hop_lines(sq: Square, occupied: Bitboard) -> Bitboard {
    let file_occ = file_occupancy(occupied, sq.file());
    super::line_lookup(sq, occupied, file_occ, &RANK_HOP, &FILE_HOP)
}

/// The points a cannon on `sq` jumps to along lines and palace diagonals, given the board
/// `occupied` and the cannons' points `cannons`: beyond exactly one screen that is not a cannon,
/// up to and including the next piece, never a cannon's point.
#[inline]
fn cannon_reach(sq: Square, occupied: Bitboard, cannons: Bitboard) -> Bitboard {
    // The screen is the same piece with cannons lifted off the board only when it is not one.
    let lines = hop_lines(sq, occupied) & hop_lines(sq, occupied - cannons);
    let centre = DIAGONAL_CENTRE[sq.index()];
    let diagonal = if (occupied & centre).any() && (cannons & centre).is_empty() {
        DIAGONAL_BEYOND[sq.index()]
    } else {
        Bitboard::EMPTY
    };
    lines | diagonal
}

/// The points a janggi cannon on `sq` moves or captures to (see the [module
/// documentation](self)); `cannons` holds every cannon's point, both sides'.
#[inline]
pub fn cannon_attacks(sq: Square, occupied: Bitboard, cannons: Bitboard) -> Bitboard {
    cannon_reach(sq, occupied, cannons) - cannons
}

/// The points a soldier of `color` on `sq` reaches: forward, sideways, and forward along a
/// palace's diagonal lines.
#[inline]
pub fn soldier_attacks(color: Color, sq: Square) -> Bitboard {
    SOLDIER[color as usize][sq.index()]
}

/// The points `piece` on `sq` reaches given `occupied` and the cannons' points `cannons`: where
/// it may move, own pieces not yet excluded, and where it attacks. The one dispatch on the role.
#[inline]
pub fn attacks(piece: Piece, sq: Square, occupied: Bitboard, cannons: Bitboard) -> Bitboard {
    match piece.role {
        Role::General | Role::Advisor => general_attacks(piece.color, sq),
        Role::Elephant => elephant_attacks(sq, occupied),
        Role::Horse => horse_attacks(sq, occupied),
        Role::Chariot => chariot_attacks(sq, occupied),
        Role::Cannon => cannon_attacks(sq, occupied, cannons),
        Role::Soldier => soldier_attacks(piece.color, sq),
    }
}

/// Where `piece` on `sq` could ever go, on a board where every jump finds a screen: its
/// [`attacks`] on an empty board, a cannon's along its lines and palace diagonals as a chariot's.
pub fn reach(piece: Piece, sq: Square) -> Bitboard {
    match piece.role {
        Role::Cannon => chariot_attacks(sq, Bitboard::EMPTY) - palace_line_neighbours(sq),
        _ => attacks(piece, sq, Bitboard::EMPTY, Bitboard::EMPTY),
    }
}

// ----- attackers of a point ------------------------------------------------------------------------

/// The points from which a soldier of `color` attacks `sq`.
#[inline]
pub fn soldier_attackers(color: Color, sq: Square) -> Bitboard {
    SOLDIER_ATTACKERS[color as usize][sq.index()]
}

/// The points from which an elephant attacks `sq` given `occupied`.
#[inline]
pub fn elephant_attackers(sq: Square, occupied: Bitboard) -> Bitboard {
    unblocked8(&ELEPHANT_ATTACKERS[sq.index()], occupied)
}

/// The intermediate points of the moves by which the elephants on `elephants` would attack
/// `sq`, empty or not: the points whose emptying could let one of them attack it.
#[inline]
pub fn elephant_attack_paths(sq: Square, elephants: Bitboard) -> Bitboard {
    let mut paths = Bitboard::EMPTY;
    for &(path, from) in &ELEPHANT_ATTACKERS[sq.index()] {
        if (from & elephants).any() {
            paths |= path;
        }
    }
    paths
}

/// The pieces of the sides in `sides` that attack `sq` on the board `occupied`, where
/// `pieces(color, role)` gives that side's pieces of that role still standing and `cannons`
/// every cannon's point on `occupied` (screens and targets: a cannon never takes a cannon, so
/// no cannon attacks a point holding one). With `FIRST` it stops at the first attackers found.
#[inline(always)]
pub fn attackers<const N: usize, const FIRST: bool>(
    sq: Square,
    occupied: Bitboard,
    cannons: Bitboard,
    sides: [Color; N],
    pieces: impl Fn(Color, Role) -> Bitboard,
) -> Bitboard {
    let all = |role| {
        sides
            .iter()
            .fold(Bitboard::EMPTY, |set, &color| set | pieces(color, role))
    };
    let mut found = Bitboard::EMPTY;
    macro_rules! found {
        ($set:expr) => {
            add_attackers!(found, FIRST, $set)
        };
    }
    // Each kind's lookup only when one of its pieces stands where it could attack from on an
    // empty board.
    let lines = LINES[sq.index()];
    let chariots = all(Role::Chariot);
    if (chariots & lines).any() {
        found!(chariot_attacks(sq, occupied) & chariots);
    }
    let shooters = all(Role::Cannon);
    if (shooters & lines).any() && !cannons.contains(sq) {
        found!(cannon_reach(sq, occupied, cannons) & shooters);
    }
    for color in sides {
        found!(soldier_attackers(color, sq) & pieces(color, Role::Soldier));
    }
    let horses = all(Role::Horse);
    if (horses & HORSE_REACH[sq.index()]).any() {
        found!(horse_attackers(sq, occupied) & horses);
    }
    let elephants = all(Role::Elephant);
    if (elephants & ELEPHANT_REACH[sq.index()]).any() {
        found!(elephant_attackers(sq, occupied) & elephants);
    }
    for color in sides {
        if palace(color).contains(sq) {
            let steppers = pieces(color, Role::General) | pieces(color, Role::Advisor);
            found!(general_attacks(color, sq) & steppers);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palace_lines_and_steps() {
        assert_eq!(palace_lines().count(), 10);
        for sq in palace_lines() {
            assert!(palace_line_neighbours(sq).any());
        }
        assert_eq!(palace_line_neighbours(Square::E8).count(), 4);
        assert_eq!(
            palace_line_neighbours(Square::D0),
            Bitboard::from_square(Square::E1)
        );
        // A guard in a corner: two orthogonal steps and the centre.
        assert_eq!(general_attacks(Color::Red, Square::D0).count(), 3);
        // Edge midpoint: orthogonal steps only (no line runs through d1).
        assert_eq!(general_attacks(Color::Red, Square::D1).count(), 3);
        assert_eq!(general_attacks(Color::Black, Square::E8).count(), 8);
    }

    #[test]
    fn attackers_stand_on_the_reach_tables() {
        // Every point from which a piece attacks `sq`, on any board, lies on its kind's table:
        // a chariot's on the empty board and a cannon's jumps (here two points along each
        // line) on `LINES`, a horse's and an elephant's on the empty board's.
        let full = Bitboard::FULL;
        for sq in Square::ALL {
            for from in Square::ALL {
                let lines = chariot_attacks(from, Bitboard::EMPTY)
                    | cannon_reach(from, full.without(from), Bitboard::EMPTY);
                assert_eq!(
                    lines.contains(sq),
                    LINES[sq.index()].contains(from),
                    "{from} {sq}"
                );
                assert_eq!(
                    horse_attacks(from, Bitboard::EMPTY).contains(sq),
                    HORSE_REACH[sq.index()].contains(from)
                );
                assert_eq!(
                    elephant_attacks(from, Bitboard::EMPTY).contains(sq),
                    ELEPHANT_REACH[sq.index()].contains(from)
                );
            }
        }
    }

    #[test]
    fn soldiers() {
        // Sideways from the start, never back.
        assert_eq!(
            soldier_attacks(Color::Red, Square::C3),
            Bitboard::from_square(Square::C4)
                | Bitboard::from_square(Square::B3)
                | Bitboard::from_square(Square::D3)
        );
        // In the enemy palace, forward along the lines too.
        assert!(soldier_attacks(Color::Red, Square::D7).contains(Square::E8));
        assert!(soldier_attacks(Color::Red, Square::E8).contains(Square::F9));
        assert!(!soldier_attacks(Color::Red, Square::E8).contains(Square::D7));
        assert!(soldier_attacks(Color::Black, Square::F2).contains(Square::E1));
        // On the last rank only sideways.
        assert_eq!(soldier_attacks(Color::Red, Square::A9).count(), 1);
        for c in Color::ALL {
            for sq in Square::ALL {
                for from in soldier_attackers(c, sq) {
                    assert!(soldier_attacks(c, from).contains(sq));
                }
            }
        }
    }

    #[test]
    fn elephants_both_ways() {
        for sq in Square::ALL {
            for to in elephant_attacks(sq, Bitboard::EMPTY) {
                assert!(elephant_attackers(to, Bitboard::EMPTY).contains(sq));
                let path = elephant_path(sq, to).unwrap();
                assert_eq!(path.count(), 2);
                for block in path {
                    let occ = Bitboard::from_square(block);
                    assert!(!elephant_attacks(sq, occ).contains(to));
                    assert!(!elephant_attackers(to, occ).contains(sq));
                }
            }
        }
        assert_eq!(elephant_attacks(Square::E4, Bitboard::EMPTY).count(), 8);
    }

    #[test]
    fn cannons_jump_one_non_cannon() {
        let b = |squares: &[Square]| squares.iter().fold(Bitboard::EMPTY, |s, &q| s.with(q));
        // Cannon a0, screen a3 (a soldier), then empty a4..a8, a piece on a9.
        let occupied = b(&[Square::A0, Square::A3, Square::A9]);
        let cannons = b(&[Square::A0]);
        let reach = cannon_attacks(Square::A0, occupied, cannons);
        assert_eq!(
            reach,
            b(&[
                Square::A4,
                Square::A5,
                Square::A6,
                Square::A7,
                Square::A8,
                Square::A9
            ])
        );
        // The screen a cannon: nothing.
        let cannons = b(&[Square::A0, Square::A3]);
        assert!(cannon_attacks(Square::A0, occupied, cannons).is_empty());
        // The far piece a cannon: up to it, not onto it.
        let cannons = b(&[Square::A0, Square::A9]);
        assert_eq!(cannon_attacks(Square::A0, occupied, cannons).count(), 5);
        // Along the palace diagonal, over the centre.
        let occupied = b(&[Square::D7, Square::E8]);
        let cannons = b(&[Square::D7]);
        assert_eq!(
            cannon_attacks(Square::D7, occupied, cannons),
            Bitboard::from_square(Square::F9)
        );
        assert!(cannon_attacks(Square::D7, occupied, b(&[Square::D7, Square::E8])).is_empty());
    }
}
