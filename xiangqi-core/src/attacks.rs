//! Movement and attacks: the one home of how xiangqi's pieces move.
//!
//! Everything that asks where a piece goes or who attacks a point reads this module: move
//! generation, legality and its reasons, check and chase detection in the core, and the
//! engine's exchange evaluation, evaluation and check generation. Nothing else walks rays or
//! tests a horse's leg.
//!
//! - **Targets of a piece** for an occupancy: [`attacks`] (the points it could capture on)
//!   and [`moves`] (where it may go: the same, except that a cannon moves like a chariot and
//!   captures by a jump), and one function a role: [`general_attacks`], [`advisor_attacks`],
//!   [`elephant_attacks`], [`horse_attacks`], [`chariot_attacks`], [`cannon_attacks`],
//!   [`soldier_attacks`].
//! - **Attackers of a point** for an occupancy: [`attackers`] (any set of pieces, either side or
//!   both, with or without the flying-general rule; [`attackers_on_file`] can stop at the
//!   first found), and the reverse tables it is made of:
//!   [`horse_attackers`], [`soldier_attackers`].
//! - **The board's regions**: [`palace`], [`home_side`], [`palace_diagonal_neighbours`], all
//!   derived from [`Square::in_palace`], [`Square::palace_centre`] and [`Rank::is_home_of`].
//! - **The blocking points, tested once**: [`horse_leg`] and [`elephant_eye`] for one move,
//!   [`horse_legs`] and [`horse_legs_toward`] for the horses aimed at a point, [`between`] for
//!   lines.
//!
//! Sliding pieces use one lookup per line: the 9-bit occupancy of a rank or the 10-bit
//! occupancy of a file indexes a table of reachable points on that line. The functions taking
//! only an occupancy extract the file's bits themselves ([`file_occupancy`], a multiplication);
//! the `_on_file` forms take them from a caller that keeps them, as [`Position`] does.
//!
//! A second game (janggi: diagonal lines in the palace, a cannon that never jumps or takes a
//! cannon, an elephant that crosses the river) adds its own tables and its own version of each
//! function whose piece moves differently there ([`janggi`]; the horse's are shared). The
//! variant picks the game once per query: a [`Position`] method runs `variants::dispatch!`, a
//! `match` on the variant's game that names that game's rules (`variants/xiangqi.rs` or
//! `variants/janggi.rs`, each an implementation of the crate's `Family` trait) as a type, and
//! those rules call their own set of these functions directly, so every call below the dispatch
//! is resolved at compile time. The xiangqi functions know nothing of janggi, so xiangqi pays
//! nothing for it.
//!
//! ```
//! use xiangqi_core::attacks::{self, attackers};
//! use xiangqi_core::{Color, Piece, Position, Role, Square};
//!
//! let pos = Position::startpos();
//! let occupied = pos.occupied();
//! // The h0 horse reaches g2 and i2; its step to f1 is blocked at the leg g0.
//! assert_eq!(attacks::horse_attacks(Square::H0, occupied).count(), 2);
//! assert_eq!(attacks::horse_leg(Square::H0, Square::F1), Some(Square::G0));
//! // The h2 cannon takes the h9 horse over the h7 cannon, and goes to eleven empty points.
//! let cannon = Piece::new(Color::Red, Role::Cannon);
//! assert!(attacks::cannon_attacks(Square::H2, occupied).contains(Square::H9));
//! assert_eq!(attacks::moves(cannon, Square::H2, occupied).count(), 12);
//! // That horse: attacked by the h2 cannon, defended by the i9 chariot.
//! let pieces = |color, role| pos.pieces(color, role);
//! let red = attackers(Square::H9, occupied, [Color::Red], pieces, false);
//! let black = attackers(Square::H9, occupied, [Color::Black], pieces, false);
//! assert_eq!((red.single(), black.single()), (Some(Square::H2), Some(Square::I9)));
//! ```
//!
//! [`Position`]: crate::Position

use crate::bitboard::{shl, shr, Bitboard};
use crate::color::Color;
use crate::role::{Piece, Role};
use crate::square::{File, Rank, Square};

/// One step of an attacker search, shared by xiangqi's and janggi's: adds the attackers `$set`
/// to `$found`, or, when only the first are wanted (`$first`), returns them from the enclosing
/// function at once. A macro so that the early return leaves the search itself.
macro_rules! add_attackers {
    ($found:ident, $first:expr, $set:expr) => {{
        let set = $set;
        if $first {
            if set.any() {
                return set;
            }
        } else {
            $found |= set;
        }
    }};
}

pub mod janggi;

/// The pieces of `role` of every side in `sides`, where `pieces(color, role)` gives one side's.
#[inline(always)]
fn of_sides<const N: usize>(
    sides: [Color; N],
    pieces: &impl Fn(Color, Role) -> Bitboard,
    role: Role,
) -> Bitboard {
    sides
        .iter()
        .fold(Bitboard::EMPTY, |set, &color| set | pieces(color, role))
}

// ----- the tables, built at compile time ------------------------------------------------------

const fn in_board(f: i32, r: i32) -> bool {
    f >= 0 && f < 9 && r >= 0 && r < 10
}

const fn bit(f: i32, r: i32) -> u128 {
    1u128 << (r * 9 + f)
}

/// `true` when (`f`, `r`) is a point of `color`'s palace ([`Square::in_palace`]).
const fn in_palace(f: i32, r: i32, color: usize) -> bool {
    in_board(f, r) && Square::ALL[(r * 9 + f) as usize].in_palace(Color::ALL[color])
}

/// `true` when rank `r` is on `color`'s side of the river ([`Rank::is_home_of`]).
const fn on_home_side(r: i32, color: usize) -> bool {
    r >= 0 && r < 10 && Rank::ALL[r as usize].is_home_of(Color::ALL[color])
}

const ORTHO: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// What [`color_steps`] builds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum StepKind {
    /// One step that lands inside the colour's palace (general, advisor).
    Palace,
    /// The target of a double step that stays on the colour's side (elephant).
    ElephantTarget,
    /// The point midway of that double step (the elephant's eye).
    ElephantEye,
}

/// By [colour][square][direction]: the point one of `steps` makes, as `kind` says (empty
/// where it leaves the board or the region).
const fn color_steps(steps: &[(i32, i32); 4], kind: StepKind) -> [[[Bitboard; 4]; 90]; 2] {
    let mut t = [[[Bitboard::EMPTY; 4]; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < 90 {
            let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
            let mut d = 0;
            while d < 4 {
                let (df, dr) = steps[d];
                // Where the step lands, and the point it names (the eye: halfway).
                let (nf, nr, pf, pr) = match kind {
                    StepKind::Palace => (f + df, r + dr, f + df, r + dr),
                    StepKind::ElephantTarget => (f + 2 * df, r + 2 * dr, f + 2 * df, r + 2 * dr),
                    StepKind::ElephantEye => (f + 2 * df, r + 2 * dr, f + df, r + dr),
                };
                let inside = match kind {
                    StepKind::Palace => in_palace(nf, nr, c),
                    _ => on_home_side(nr, c),
                };
                if in_board(nf, nr) && inside {
                    t[c][sq][d] = Bitboard(bit(pf, pr));
                }
                d += 1;
            }
            sq += 1;
        }
        c += 1;
    }
    t
}

/// The four directions of a [`color_steps`] table in one set.
const fn union_of_steps(steps: [[[Bitboard; 4]; 90]; 2]) -> [[Bitboard; 90]; 2] {
    let mut t = [[Bitboard::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < 90 {
            let mut d = 0;
            while d < 4 {
                t[c][sq].0 |= steps[c][sq][d].0;
                d += 1;
            }
            sq += 1;
        }
        c += 1;
    }
    t
}

/// By [square][direction]: the neighbour one of `steps` away (empty off the board).
const fn neighbours(steps: &[(i32, i32); 4]) -> [[Bitboard; 4]; 90] {
    let mut t = [[Bitboard::EMPTY; 4]; 90];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
        let mut d = 0;
        while d < 4 {
            let (nf, nr) = (f + steps[d].0, r + steps[d].1);
            if in_board(nf, nr) {
                t[sq][d] = Bitboard(bit(nf, nr));
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

/// By [square][direction]: the points one step of `beyond` past the neighbour one of `legs`
/// away, going on away from the square (the step's dot product with the leg's is positive).
/// With orthogonal legs and diagonal steps beyond: a horse's targets through each leg; with
/// diagonal legs and orthogonal steps beyond: the points of the horses that reach the square
/// through each of its diagonal neighbours.
const fn beyond_legs(legs: &[(i32, i32); 4], beyond: &[(i32, i32); 4]) -> [[Bitboard; 4]; 90] {
    let mut t = [[Bitboard::EMPTY; 4]; 90];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
        let mut d = 0;
        while d < 4 {
            let (lf, lr) = (f + legs[d].0, r + legs[d].1);
            let mut e = 0;
            while e < 4 {
                let (nf, nr) = (lf + beyond[e].0, lr + beyond[e].1);
                let away = legs[d].0 * beyond[e].0 + legs[d].1 * beyond[e].1 > 0;
                if in_board(lf, lr) && in_board(nf, nr) && away {
                    t[sq][d].0 |= bit(nf, nr);
                }
                e += 1;
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

/// General moves by [colour][square]: orthogonal steps inside that colour's palace.
static GENERAL: [[Bitboard; 90]; 2] = union_of_steps(color_steps(&ORTHO, StepKind::Palace));
/// Advisor moves by [colour][square]: diagonal steps inside that colour's palace.
static ADVISOR: [[Bitboard; 90]; 2] = union_of_steps(color_steps(&DIAG, StepKind::Palace));
/// Horse legs by [square][direction]: the orthogonal neighbours.
static HORSE_LEG: [[Bitboard; 4]; 90] = neighbours(&ORTHO);
/// Horse targets by [square][direction]: the two points beyond the leg `HORSE_LEG[sq][d]`.
static HORSE_TARGETS: [[Bitboard; 4]; 90] = beyond_legs(&ORTHO, &DIAG);
/// Diagonal neighbours by [square][direction]: for a target point, the legs of the horses
/// that attack it.
static DIAGONAL_NEIGHBOUR: [[Bitboard; 4]; 90] = neighbours(&DIAG);
/// Horses attacking a point by [square][diagonal direction]: the two points from which a horse
/// reaches the square through the leg `DIAGONAL_NEIGHBOUR[sq][d]`.
static HORSE_ATTACKERS: [[Bitboard; 4]; 90] = beyond_legs(&DIAG, &ORTHO);

/// Elephant steps by [colour][square][direction]: the eye, and the target beyond it (both
/// empty when the step leaves the board or crosses the river).
static ELEPHANT_EYE: [[[Bitboard; 4]; 90]; 2] = color_steps(&DIAG, StepKind::ElephantEye);
static ELEPHANT_TARGET: [[[Bitboard; 4]; 90]; 2] = color_steps(&DIAG, StepKind::ElephantTarget);

/// The blocking test of horses and elephants, written once: the union of the `reach` of each
/// of the four directions whose `block` point (a leg, an eye) is empty in `occupied`. A macro,
/// not a function: so each caller's loop compiles as if written out there (as a shared
/// function it compiles to slower vector code).
macro_rules! unblocked {
    ($block:expr, $reach:expr, $occupied:expr) => {{
        let (block, reach, occupied): (&[Bitboard; 4], &[Bitboard; 4], Bitboard) =
            ($block, $reach, $occupied);
        let mut set = Bitboard::EMPTY;
        for d in 0..4 {
            if (occupied & block[d]).is_empty() {
                set |= reach[d];
            }
        }
        set
    }};
}

/// Soldier moves by [colour][square]: forward, and sideways once across the river.
static SOLDIER: [[Bitboard; 90]; 2] = {
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
static SOLDIER_ATTACKERS: [[Bitboard; 90]; 2] = inverted(&SOLDIER);

/// The inverse of a table of targets by [colour][square]: by [colour][target], the points
/// whose targets hold it (the attackers of a point, for a piece that does not attack
/// symmetrically, as a soldier).
pub(crate) const fn inverted(targets: &[[Bitboard; 90]; 2]) -> [[Bitboard; 90]; 2] {
    let mut t = [[Bitboard::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut from = 0;
        while from < 90 {
            let mut bits = targets[c][from].0;
            while bits != 0 {
                let to = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                t[c][to].0 |= 1u128 << from;
            }
            from += 1;
        }
        c += 1;
    }
    t
}

/// Reachable positions along one line of `len` points, by position on the line and the line's
/// occupancy: each way, the points met after passing `screens` occupied points, up to and
/// including the next occupied one, or only that occupied one with `occupied_only`. A chariot's
/// line is `(0, false)`, a xiangqi cannon's capture `(1, true)`, a janggi cannon's `(1, false)`.
pub(crate) const fn line_table<const N: usize>(
    len: usize,
    screens: usize,
    occupied_only: bool,
) -> [[u16; N]; 10] {
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
                let mut passed = 0;
                while p >= 0 && p < len as i32 {
                    let occupied = occ & (1 << p) != 0;
                    if passed == screens {
                        if occupied || !occupied_only {
                            result |= 1 << p;
                        }
                        if occupied {
                            break;
                        }
                    } else if occupied {
                        passed += 1;
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

static RANK_SLIDE: [[u16; 512]; 10] = line_table::<512>(9, 0, false);
static RANK_CANNON: [[u16; 512]; 10] = line_table::<512>(9, 1, true);
static FILE_SLIDE: [[u16; 1024]; 10] = line_table::<1024>(10, 0, false);
static FILE_CANNON: [[u16; 1024]; 10] = line_table::<1024>(10, 1, true);

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

// ----- regions ---------------------------------------------------------------------------------

const PALACE: [Bitboard; 2] = {
    let mut t = [Bitboard::EMPTY; 2];
    let mut sq: usize = 0;
    while sq < 90 {
        let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
        let mut c = 0;
        while c < 2 {
            if in_palace(f, r, c) {
                t[c].0 |= 1u128 << sq;
            }
            c += 1;
        }
        sq += 1;
    }
    t
};

/// The nine points of `color`'s palace (files d to f, that side's three back ranks).
#[inline]
pub const fn palace(color: Color) -> Bitboard {
    PALACE[color as usize]
}

/// The points on `color`'s side of the river (ranks 0 to 4 for Red, 5 to 9 for Black).
#[inline]
pub const fn home_side(color: Color) -> Bitboard {
    Bitboard::home_side(color)
}

/// The diagonal neighbours of `sq` joined to it by a line drawn in a palace (the lines from the
/// palace's centre to its corners): the four corners from a centre, the centre from a corner,
/// nothing elsewhere. Xiangqi's advisors move along these lines; the board drawing draws them.
#[inline]
pub fn palace_diagonal_neighbours(sq: Square) -> Bitboard {
    for color in Color::ALL {
        let centre = Square::palace_centre(color);
        let steps = ADVISOR[color as usize][sq.index()];
        if palace(color).contains(sq) {
            return if sq == centre {
                steps
            } else {
                steps & Bitboard::from_square(centre)
            };
        }
    }
    Bitboard::EMPTY
}

// ----- the blocking points --------------------------------------------------------------------------

/// The leg of the horse move `from` -> `to` (the orthogonal neighbour of `from` towards `to`),
/// or `None` when `to` is not a horse's step from `from`.
pub fn horse_leg(from: Square, to: Square) -> Option<Square> {
    (0..4)
        .find(|&d| HORSE_TARGETS[from.index()][d].contains(to))
        .and_then(|d| HORSE_LEG[from.index()][d].first())
}

/// The eye of the elephant move `from` -> `to` (the point midway), or `None` when `to` is not
/// an elephant's step from `from` (on an empty board, either side of the river).
pub fn elephant_eye(from: Square, to: Square) -> Option<Square> {
    let (df, dr) = (
        to.file().index() as i32 - from.file().index() as i32,
        to.rank().index() as i32 - from.rank().index() as i32,
    );
    if df.abs() == 2 && dr.abs() == 2 {
        from.offset(df / 2, dr / 2)
    } else {
        None
    }
}

static HORSE_LEGS: [Bitboard; 90] = {
    let mut t = [Bitboard::EMPTY; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut d = 0;
        while d < 4 {
            if HORSE_ATTACKERS[sq][d].0 != 0 {
                t[sq].0 |= DIAGONAL_NEIGHBOUR[sq][d].0;
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// The points whose occupancy decides whether a horse attacks `sq`: the diagonal neighbours
/// that are the leg of some horse step onto `sq`.
#[inline]
pub fn horse_legs(sq: Square) -> Bitboard {
    HORSE_LEGS[sq.index()]
}

/// The legs through which the horses in `horses` are aimed at `sq`, blocked or not: the points
/// whose emptying would let one of them attack `sq`, or whose filling stops one.
#[inline]
pub fn horse_legs_toward(sq: Square, horses: Bitboard) -> Bitboard {
    let mut legs = Bitboard::EMPTY;
    if horses.is_empty() {
        return legs;
    }
    for d in 0..4 {
        if (HORSE_ATTACKERS[sq.index()][d] & horses).any() {
            legs |= DIAGONAL_NEIGHBOUR[sq.index()][d];
        }
    }
    legs
}

// ----- targets of a piece ------------------------------------------------------------------------

/// The points a general of `color` on `sq` attacks: one orthogonal step inside its palace
/// (the flying-general rule is a matter of [`attackers`]).
#[inline]
pub fn general_attacks(color: Color, sq: Square) -> Bitboard {
    GENERAL[color as usize][sq.index()]
}

/// The points an advisor of `color` on `sq` attacks: one diagonal step inside its palace.
#[inline]
pub fn advisor_attacks(color: Color, sq: Square) -> Bitboard {
    ADVISOR[color as usize][sq.index()]
}

/// The points an elephant of `color` on `sq` attacks: two diagonal steps whose eye is empty in
/// `occupied`, never across the river.
#[inline]
pub fn elephant_attacks(color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
    let (c, sq) = (color as usize, sq.index());
    unblocked!(&ELEPHANT_EYE[c][sq], &ELEPHANT_TARGET[c][sq], occupied)
}

/// The points a horse on `sq` attacks: each direction whose leg is empty in `occupied`.
#[inline]
pub fn horse_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    unblocked!(&HORSE_LEG[sq.index()], &HORSE_TARGETS[sq.index()], occupied)
}

/// The points a chariot on `sq` attacks: along its rank and file, every empty point up to and
/// including the first occupied one each way.
#[inline]
pub fn chariot_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    chariot_attacks_on_file(sq, occupied, file_occupancy(occupied, sq.file()))
}

/// [`chariot_attacks`] with `file_occ`, the 10-bit occupancy of `sq`'s file in `occupied`
/// ([`file_occupancy`]), given by a caller that keeps it.
#[inline]
pub fn chariot_attacks_on_file(sq: Square, occupied: Bitboard, file_occ: u16) -> Bitboard {
    line_lookup(sq, occupied, file_occ, &RANK_SLIDE, &FILE_SLIDE)
}

/// The reach along `sq`'s rank and file by a pair of line tables (by position on the line and
/// the line's occupancy).
#[inline(always)]
pub(crate) fn line_lookup(
    sq: Square,
    occupied: Bitboard,
    file_occ: u16,
    rank_table: &[[u16; 512]; 10],
    file_table: &[[u16; 1024]; 10],
) -> Bitboard {
    let (f, r) = (sq.index() % 9, sq.index() / 9);
    let rank_bits = rank_table[f][rank_occupancy(occupied, r)] as u128;
    let file_bits = FILE_SPREAD[file_table[r][file_occ as usize] as usize];
    Bitboard(shl(rank_bits, (r * 9) as u32) | shl(file_bits, f as u32))
}

/// The points a cannon on `sq` attacks (captures on): the first point beyond the first
/// occupied point, the screen, each way along its rank and file.
#[inline]
pub fn cannon_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    cannon_attacks_on_file(sq, occupied, file_occupancy(occupied, sq.file()))
}

/// [`cannon_attacks`] with the 10-bit occupancy of `sq`'s file given (see
/// [`chariot_attacks_on_file`]).
#[inline]
pub fn cannon_attacks_on_file(sq: Square, occupied: Bitboard, file_occ: u16) -> Bitboard {
    line_lookup(sq, occupied, file_occ, &RANK_CANNON, &FILE_CANNON)
}

/// The points a soldier of `color` on `sq` attacks: forward, and sideways once across the river.
#[inline]
pub fn soldier_attacks(color: Color, sq: Square) -> Bitboard {
    SOLDIER[color as usize][sq.index()]
}

/// The points `piece` on `sq` attacks, that is could capture on, given `occupied` (the
/// flying-general rule aside). The one dispatch on the role.
#[inline]
pub fn attacks(piece: Piece, sq: Square, occupied: Bitboard) -> Bitboard {
    attacks_on_file(piece, sq, occupied, || file_occupancy(occupied, sq.file()))
}

/// [`attacks`] with the occupancy of `sq`'s file given by `file_occ`, called only for a
/// chariot or cannon.
#[inline(always)]
pub fn attacks_on_file(
    piece: Piece,
    sq: Square,
    occupied: Bitboard,
    file_occ: impl FnOnce() -> u16,
) -> Bitboard {
    match piece.role {
        Role::General => general_attacks(piece.color, sq),
        Role::Advisor => advisor_attacks(piece.color, sq),
        Role::Elephant => elephant_attacks(piece.color, sq, occupied),
        Role::Horse => horse_attacks(sq, occupied),
        Role::Chariot => chariot_attacks_on_file(sq, occupied, file_occ()),
        Role::Cannon => cannon_attacks_on_file(sq, occupied, file_occ()),
        Role::Soldier => soldier_attacks(piece.color, sq),
    }
}

/// The points `piece` on `sq` may move to given `occupied`, own pieces not yet excluded: its
/// [`attacks`], except for a cannon, which goes to the empty points a chariot reaches and
/// captures by [`cannon_attacks`]. On an empty board: where the piece could ever go from `sq`.
#[inline]
pub fn moves(piece: Piece, sq: Square, occupied: Bitboard) -> Bitboard {
    moves_on_file(piece, sq, occupied, || file_occupancy(occupied, sq.file()))
}

/// [`moves`] with the occupancy of `sq`'s file given by `file_occ`.
#[inline(always)]
pub fn moves_on_file(
    piece: Piece,
    sq: Square,
    occupied: Bitboard,
    file_occ: impl FnOnce() -> u16,
) -> Bitboard {
    if piece.role == Role::Cannon {
        let file_occ = file_occ();
        (chariot_attacks_on_file(sq, occupied, file_occ) - occupied)
            | cannon_attacks_on_file(sq, occupied, file_occ)
    } else {
        attacks_on_file(piece, sq, occupied, file_occ)
    }
}

// ----- attackers of a point ------------------------------------------------------------------------

/// The points from which a horse attacks `sq` given `occupied` (each through an empty leg).
#[inline]
pub fn horse_attackers(sq: Square, occupied: Bitboard) -> Bitboard {
    unblocked!(
        &DIAGONAL_NEIGHBOUR[sq.index()],
        &HORSE_ATTACKERS[sq.index()],
        occupied
    )
}

/// The legs through which the horses on `horses` would attack `sq`, empty or not: the points
/// whose emptying could let one of them attack it.
#[inline]
pub fn horse_attack_legs(sq: Square, horses: Bitboard) -> Bitboard {
    let mut legs = Bitboard::EMPTY;
    for (leg, from) in DIAGONAL_NEIGHBOUR[sq.index()]
        .iter()
        .zip(&HORSE_ATTACKERS[sq.index()])
    {
        if (*from & horses).any() {
            legs |= *leg;
        }
    }
    legs
}

/// The points from which a soldier of `color` attacks `sq`.
#[inline]
pub fn soldier_attackers(color: Color, sq: Square) -> Bitboard {
    SOLDIER_ATTACKERS[color as usize][sq.index()]
}

/// The pieces of the sides in `sides` that attack `sq` given `occupied`, where `pieces(color,
/// role)` gives the points of that side's pieces of that role (pass only pieces still on
/// `occupied`). With `flying_general` a general also attacks along an open file, the
/// flying-general rule that legality and check use; without it, only by its palace step, as an
/// exchange on `sq` sees it.
///
/// The lines, cannon screens and horse legs are computed once for all the sides asked; a
/// general, advisor or elephant is looked for only when `sq` lies on its side of the river,
/// where it always stands, and a general or advisor only when `sq` lies in its palace.
#[inline(always)]
pub fn attackers<const N: usize>(
    sq: Square,
    occupied: Bitboard,
    sides: [Color; N],
    pieces: impl Fn(Color, Role) -> Bitboard,
    flying_general: bool,
) -> Bitboard {
    attackers_on_file::<N, false>(
        sq,
        occupied,
        file_occupancy(occupied, sq.file()),
        sides,
        pieces,
        flying_general,
    )
}

/// [`attackers`] with `file_occ`, the 10-bit occupancy of `sq`'s file in `occupied`, given.
/// With `FIRST` it stops at the first attackers found and returns them (a set that is empty
/// only when nothing attacks `sq`): the legality test of every move asks it so. One body for
/// both forms, so that legality, check and exchange evaluation read the same rules.
#[inline(always)]
pub fn attackers_on_file<const N: usize, const FIRST: bool>(
    sq: Square,
    occupied: Bitboard,
    file_occ: u16,
    sides: [Color; N],
    pieces: impl Fn(Color, Role) -> Bitboard,
    flying_general: bool,
) -> Bitboard {
    let all = |role| of_sides(sides, &pieces, role);
    let mut found = Bitboard::EMPTY;
    macro_rules! found {
        ($set:expr) => {
            add_attackers!(found, FIRST, $set)
        };
    }
    let mut sliders = all(Role::Chariot);
    if flying_general {
        sliders |= all(Role::General) & FILE_OF[sq.index()];
    }
    found!(chariot_attacks_on_file(sq, occupied, file_occ) & sliders);
    let cannons = all(Role::Cannon);
    if cannons.any() {
        found!(cannon_attacks_on_file(sq, occupied, file_occ) & cannons);
    }
    for color in sides {
        found!(soldier_attackers(color, sq) & pieces(color, Role::Soldier));
    }
    let horses = all(Role::Horse);
    if horses.any() {
        found!(horse_attackers(sq, occupied) & horses);
    }
    for color in sides {
        // Elephants stay on their side of the river, generals and advisors in their palace;
        // there they attack symmetrically: one on `from` reaches `sq` exactly when one on `sq`
        // would reach `from`.
        if sq.rank().is_home_of(color) {
            found!(elephant_attacks(color, sq, occupied) & pieces(color, Role::Elephant));
            if palace(color).contains(sq) {
                found!(
                    (general_attacks(color, sq) & pieces(color, Role::General))
                        | (advisor_attacks(color, sq) & pieces(color, Role::Advisor))
                );
            }
        }
    }
    found
}

/// The file of each point, as a set.
static FILE_OF: [Bitboard; 90] = {
    let mut t = [Bitboard::EMPTY; 90];
    let mut sq = 0;
    while sq < 90 {
        t[sq] = Bitboard::file(File::ALL[sq % 9]);
        sq += 1;
    }
    t
};

// ----- lines ---------------------------------------------------------------------------------------

/// The 9-bit occupancy of `rank` in `occupied`.
#[inline]
fn rank_occupancy(occupied: Bitboard, rank: usize) -> usize {
    (shr(occupied.0, (rank * 9) as u32) & 0x1ff) as usize
}

/// The 10-bit occupancy of a file (bit `r` set when rank `r` is occupied): the points of file
/// `a` shifted down, ranks 0 to 7 gathered by one multiplication (their bits, nine apart, land
/// on distinct places, the top eight in order), ranks 8 and 9 by hand.
#[inline]
pub fn file_occupancy(occupied: Bitboard, file: File) -> u16 {
    let column = shr(occupied.0, file.index() as u32) & Bitboard::file(File::A).0;
    let low = ((column as u64).wrapping_mul(0x0101_0101_0101_0101) >> 56) as u16;
    let high = (column >> 72) as u16;
    low | ((high & 1) | ((high >> 8) & 2)) << 8
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_occupancy_gathers_every_rank() {
        for file in File::ALL {
            for pattern in 0u16..1024 {
                let mut occupied = Bitboard::EMPTY;
                for r in 0..10 {
                    if pattern & (1 << r) != 0 {
                        occupied.0 |= 1u128 << (r * 9 + file.index());
                    }
                }
                // Other files' points must not leak in.
                let noise = Bitboard::FULL - Bitboard::file(file);
                assert_eq!(file_occupancy(occupied | noise, file), pattern);
            }
        }
    }

    #[test]
    fn legs_and_eyes() {
        assert_eq!(horse_leg(Square::H0, Square::G2), Some(Square::H1));
        assert_eq!(horse_leg(Square::H0, Square::F1), Some(Square::G0));
        assert_eq!(horse_leg(Square::H0, Square::H2), None);
        assert_eq!(elephant_eye(Square::C0, Square::E2), Some(Square::D1));
        assert_eq!(elephant_eye(Square::C0, Square::E3), None);
        for sq in Square::ALL {
            let all = horse_legs_toward(sq, Bitboard::FULL);
            assert_eq!(all, horse_legs(sq));
            for from in horse_attacks(sq, Bitboard::EMPTY) {
                // Symmetry: the leg of from -> sq is a diagonal neighbour of sq.
                let leg = horse_leg(from, sq).unwrap();
                assert!(horse_legs(sq).contains(leg));
                assert!(!horse_attackers(sq, Bitboard::from_square(leg)).contains(from));
                assert!(horse_attackers(sq, Bitboard::EMPTY).contains(from));
            }
        }
    }

    #[test]
    fn regions() {
        assert_eq!(palace(Color::Red).count(), 9);
        assert!(palace(Color::Black).contains(Square::E8));
        assert_eq!(home_side(Color::Red).count(), 45);
        assert_eq!(palace_diagonal_neighbours(Square::E1).count(), 4);
        assert_eq!(
            palace_diagonal_neighbours(Square::D0),
            Bitboard::from_square(Square::E1)
        );
        assert_eq!(palace_diagonal_neighbours(Square::E0), Bitboard::EMPTY);
        assert_eq!(palace_diagonal_neighbours(Square::E4), Bitboard::EMPTY);
        assert!(palace_diagonal_neighbours(Square::E8).contains(Square::F9));
    }
}
