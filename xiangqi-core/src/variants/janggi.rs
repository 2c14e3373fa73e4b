//! Janggi: its start positions (the sixteen arrangements), the points its pieces can reach, its
//! attack and check queries, its legal move generator with the pass, and the plies' history
//! by which a game ends (two passes, or bikjang twice in a row).
//!
//! The pieces' movement is [`attacks::janggi`](crate::attacks::janggi)'. The public face of
//! janggi, with counting and the position's janggi methods, is the [`janggi`](crate::janggi)
//! module, which re-exports what is public here.

use super::family::{Family, MoveSink};
use crate::attacks::{self, janggi as ja};
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::color::Color;
use crate::moves::Move;
use crate::role::{Piece, Role};
use crate::setup::Setup;
use crate::square::{File, Rank, Square};
use crate::variant::Variant;
use core::fmt;
use core::str::FromStr;

/// The start position of Fairy-Stockfish's `janggi`: both sides in the 마상상마 arrangement.
pub const STARTING_FEN: &str =
    "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";

/// One side's arrangement of horses (마) and elephants (상) on the four points beside its
/// guards, named as Korean players name them: the four pieces read from the player's own left
/// to right (for Cho files b, c, g, h; for Han, who faces the other way, files h, g, c, b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Arrangement {
    /// 마상상마: both elephants inside, next to the guards.
    MaSangSangMa,
    /// 상마마상: both elephants outside, next to the chariots.
    SangMaMaSang,
    /// 마상마상: horse, elephant, horse, elephant from the player's left.
    MaSangMaSang,
    /// 상마상마: elephant, horse, elephant, horse from the player's left.
    SangMaSangMa,
}

impl Arrangement {
    /// The four arrangements.
    pub const ALL: [Arrangement; 4] = [
        Arrangement::MaSangSangMa,
        Arrangement::SangMaMaSang,
        Arrangement::MaSangMaSang,
        Arrangement::SangMaSangMa,
    ];

    /// The Korean name, e.g. `마상상마`.
    pub const fn korean(self) -> &'static str {
        match self {
            Arrangement::MaSangSangMa => "마상상마",
            Arrangement::SangMaMaSang => "상마마상",
            Arrangement::MaSangMaSang => "마상마상",
            Arrangement::SangMaSangMa => "상마상마",
        }
    }

    /// The romanised name, e.g. `masangsangma`.
    pub const fn name(self) -> &'static str {
        match self {
            Arrangement::MaSangSangMa => "masangsangma",
            Arrangement::SangMaMaSang => "sangmamasang",
            Arrangement::MaSangMaSang => "masangmasang",
            Arrangement::SangMaSangMa => "sangmasangma",
        }
    }

    /// The four roles from the player's left to right.
    pub const fn roles(self) -> [Role; 4] {
        let (h, e) = (Role::Horse, Role::Elephant);
        match self {
            Arrangement::MaSangSangMa => [h, e, e, h],
            Arrangement::SangMaMaSang => [e, h, h, e],
            Arrangement::MaSangMaSang => [h, e, h, e],
            Arrangement::SangMaSangMa => [e, h, e, h],
        }
    }
}

impl fmt::Display for Arrangement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.korean())
    }
}

/// The error of parsing an [`Arrangement`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseArrangementError {
    /// The text given.
    pub input: String,
}

impl fmt::Display for ParseArrangementError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown janggi arrangement {:?}: expected 마상상마, 상마마상, 마상마상, 상마상마 or their romanised names",
            self.input
        )
    }
}

impl std::error::Error for ParseArrangementError {}

impl FromStr for Arrangement {
    type Err = ParseArrangementError;
    /// Reads the Korean name or the romanised one (any letter case, `-` and spaces ignored).
    fn from_str(s: &str) -> Result<Arrangement, ParseArrangementError> {
        let key: String = s
            .chars()
            .filter(|c| !matches!(c, '-' | ' ' | '_'))
            .collect::<String>()
            .to_lowercase();
        Arrangement::ALL
            .into_iter()
            .find(|a| a.korean() == key || a.name() == key)
            .ok_or_else(|| ParseArrangementError {
                input: s.to_owned(),
            })
    }
}

/// The counting value of a role: chariot 13, cannon 7, horse 5, elephant 3, guard 3,
/// soldier 2, general 0.
pub const fn counting_value(role: Role) -> u32 {
    match role {
        Role::Chariot => 13,
        Role::Cannon => 7,
        Role::Horse => 5,
        Role::Elephant | Role::Advisor => 3,
        Role::Soldier => 2,
        Role::General => 0,
    }
}

/// `true` when a piece can ever stand on `sq` in a janggi game: generals and guards in their
/// palace, soldiers never behind their starting rank; the other pieces anywhere.
pub fn reachable(piece: Piece, sq: Square) -> bool {
    match piece.role {
        Role::General | Role::Advisor => sq.in_palace(piece.color),
        Role::Soldier => sq.rank().relative_to(piece.color) >= 3,
        Role::Elephant | Role::Horse | Role::Chariot | Role::Cannon => true,
    }
}

/// The start position of a janggi game of `variant` with Cho's and Han's arrangements: on each
/// side's back rank a chariot, the arrangement's four pieces and two guards (files d and f),
/// the general on the palace centre, cannons on files b and h of the third rank, soldiers on
/// files a, c, e, g and i of the fourth.
pub(crate) fn start_setup(variant: Variant, cho: Arrangement, han: Arrangement) -> Setup {
    let mut setup = Setup::empty();
    setup.variant = variant;
    for (color, arrangement) in [(Color::Red, cho), (Color::Black, han)] {
        let rank = |r: usize| match color {
            Color::Red => Rank::ALL[r],
            Color::Black => Rank::ALL[9 - r],
        };
        let mut put = |file: File, r: usize, role: Role| {
            setup.board[Square::from_coords(file, rank(r)).index()] = Some(Piece::new(color, role));
        };
        put(File::A, 0, Role::Chariot);
        put(File::I, 0, Role::Chariot);
        put(File::D, 0, Role::Advisor);
        put(File::F, 0, Role::Advisor);
        // The four pieces from the player's own left: Han faces the other way.
        let files = match color {
            Color::Red => [File::B, File::C, File::G, File::H],
            Color::Black => [File::H, File::G, File::C, File::B],
        };
        for (file, role) in files.into_iter().zip(arrangement.roles()) {
            put(file, 0, role);
        }
        put(File::E, 1, Role::General);
        put(File::B, 2, Role::Cannon);
        put(File::H, 2, Role::Cannon);
        for file in [File::A, File::C, File::E, File::G, File::I] {
            put(file, 3, Role::Soldier);
        }
    }
    setup
}

/// `true` in bikjang: a variant with the bikjang rule and the generals facing.
#[inline]
pub(crate) fn is_bikjang(b: &Board) -> bool {
    b.variant.has_bikjang() && b.generals_facing()
}

/// `true` when the game has ended by its last plies: the two sides passed in a row, or
/// bikjang stood on two plies in a row.
#[inline]
pub(crate) fn game_ended(b: &Board) -> bool {
    b.janggi_history & 3 == 3 || (b.janggi_history & 4 != 0 && is_bikjang(b))
}

/// Janggi's rules of movement, for its four variants (see the [module documentation](self)).
pub(crate) struct Janggi;

impl Family for Janggi {
    const GENERALS_MAY_FACE: bool = true;
    const HAS_PASS: bool = true;
    const KNOWS_CHASES: bool = false;

    #[inline]
    fn reachable(piece: Piece, sq: Square) -> bool {
        reachable(piece, sq)
    }

    fn start(variant: Variant) -> Setup {
        start_setup(
            variant,
            Arrangement::MaSangSangMa,
            Arrangement::MaSangSangMa,
        )
    }

    fn reach(piece: Piece, sq: Square) -> Bitboard {
        ja::reach(piece, sq)
    }

    fn mating_material(b: &Board, color: Color) -> Bitboard {
        // Elephants cross the river; the general and guards stay in their palace.
        b.pieces(color, Role::Elephant)
            | b.pieces(color, Role::Horse)
            | b.pieces(color, Role::Chariot)
            | b.pieces(color, Role::Cannon)
            | b.pieces(color, Role::Soldier)
    }

    #[inline]
    fn game_ended(b: &Board) -> bool {
        game_ended(b)
    }

    #[inline]
    fn is_attacked(b: &Board, sq: Square, by: Color) -> bool {
        attacked_with(b, sq, by, b.occupied, cannons(b), Bitboard::EMPTY)
    }

    fn attackers(b: &Board, sq: Square, by: Color) -> Bitboard {
        Janggi::attackers_to(b, sq, b.occupied, [by])
    }

    #[inline]
    fn attackers_to<const N: usize>(
        b: &Board,
        sq: Square,
        occupied: Bitboard,
        sides: [Color; N],
    ) -> Bitboard {
        let pieces = |color: Color, role: Role| b.pieces(color, role) & occupied;
        ja::attackers::<N, false>(sq, occupied, cannons(b) & occupied, sides, pieces)
    }

    #[inline]
    fn is_check(b: &Board) -> bool {
        let us = b.turn;
        attacked_with(
            b,
            b.general(us),
            !us,
            b.occupied,
            cannons(b),
            Bitboard::EMPTY,
        )
    }

    fn shields_general(b: &Board, sq: Square, piece: Piece, ksq: Square) -> bool {
        let lifted = Bitboard::from_square(sq);
        let (occupied, cannons) = (b.occupied - lifted, cannons(b) - lifted);
        attacked_with(b, ksq, !piece.color, occupied, cannons, lifted)
    }

    fn gives_check(b: &Board, m: Move) -> bool {
        let (from, to) = (m.from(), m.to());
        let us = b.turn;
        if from == to {
            // A pass changes nothing on the board, where the opponent was not in check.
            return false;
        }
        let Some(piece) = b.piece_at(from) else {
            return false;
        };
        let (occupied, cannons) = after(b, from, to, piece);
        let king = b.general(!us);
        // The moved piece itself; else only a move from or to a point that can change the
        // attacks on the general (it was not attacked: the opponent would have had to answer).
        if ja::attacks(piece, to, occupied, cannons).contains(king) {
            return true;
        }
        // Every sensitive point lies on the general's rank or file or within two points of
        // it: a cheap test first.
        let (from_bb, to_bb) = (Bitboard::from_square(from), Bitboard::from_square(to));
        let touched = from_bb | to_bb;
        let around = NEAR[king.index()] | Bitboard::file(king.file()) | Bitboard::rank(king.rank());
        if (touched & around).is_empty() || (touched & sensitive_points(b, !us)).is_empty() {
            return false;
        }
        let moved = |color: Color, role: Role| {
            let mut bb = b.pieces(color, role) - from_bb;
            if piece.role == role {
                bb |= to_bb;
            }
            bb
        };
        ja::attackers::<1, true>(king, occupied, cannons, [us], moved).any()
    }

    /// Generates the legal janggi moves whose target lies in `mask`; the pass comes last, when
    /// `mask` holds an empty point (all moves, or the quiet ones).
    #[inline(always)]
    fn generate<S: MoveSink>(b: &Board, sink: &mut S, mask: Bitboard) {
        Janggi::generate_in_check(b, sink, mask, Janggi::is_check(b));
    }

    /// [`Janggi::generate`] with the check already known (a game records it with each move).
    /// Never inlined: xiangqi's generator, which the same callers inline, keeps its registers
    /// to itself.
    #[inline(never)]
    fn generate_in_check<S: MoveSink>(b: &Board, sink: &mut S, mask: Bitboard, in_check: bool) {
        if game_ended(b) {
            return;
        }
        let us = b.turn;
        let occupied = b.occupied;
        let cannons = cannons(b);
        let bikjang = is_bikjang(b);
        let targets_mask = mask - b.by_color(us);
        // A move of another piece than the general that neither leaves nor reaches a sensitive
        // point changes nothing the general's safety depends on: out of check and bikjang it
        // is legal without a test; in check (the checkers' points, lines, legs and paths are
        // sensitive) or in bikjang (the points between the generals are) it is illegal.
        let ksq = b.general(us);
        let (sensitive, untested) = if in_check {
            let checkers = Janggi::attackers_to(b, ksq, occupied, [!us]);
            (sensitive_points(b, us) | checkers, Bitboard::EMPTY)
        } else if bikjang {
            (attacks::between(ksq, b.general(!us)), Bitboard::EMPTY)
        } else {
            (sensitive_points(b, us), Bitboard::FULL)
        };
        // One loop a role, each with its own movement function (no dispatch on the role).
        macro_rules! role {
            ($role:expr, |$from:ident| $targets:expr) => {
                for $from in b.pieces(us, $role) {
                    let targets = $targets & targets_mask;
                    let tested = if $role == Role::General || sensitive.contains($from) {
                        targets
                    } else {
                        targets & sensitive
                    };
                    let targets = targets & (tested | untested);
                    if tested.is_empty() {
                        sink.many($from, targets);
                    } else {
                        for to in targets {
                            if !tested.contains(to) || safe_after(b, $role, $from, to, bikjang) {
                                sink.one($from, to);
                            }
                        }
                    }
                    if sink.done() {
                        return;
                    }
                }
            };
        }
        role!(Role::Chariot, |from| ja::chariot_attacks(from, occupied));
        role!(Role::Cannon, |from| ja::cannon_attacks(
            from, occupied, cannons
        ));
        role!(Role::Horse, |from| attacks::horse_attacks(from, occupied));
        role!(Role::Elephant, |from| ja::elephant_attacks(from, occupied));
        role!(Role::Soldier, |from| ja::soldier_attacks(us, from));
        role!(Role::Advisor, |from| ja::general_attacks(us, from));
        role!(Role::General, |from| ja::general_attacks(us, from));
        if (mask - occupied).any() && pass_legal(b, in_check) {
            sink.one(ksq, ksq);
        }
    }

    fn is_pseudo_legal(b: &Board, m: Move) -> bool {
        let (from, to) = (m.from(), m.to());
        if game_ended(b) {
            return false;
        }
        let us = b.turn;
        if from == to {
            return from == b.general(us);
        }
        let Some(piece) = b.piece_at(from) else {
            return false;
        };
        if piece.color != us || b.by_color(us).contains(to) {
            return false;
        }
        ja::attacks(piece, from, b.occupied, cannons(b)).contains(to)
    }

    fn is_legal(b: &Board, m: Move) -> bool {
        Janggi::is_pseudo_legal(b, m)
            && if m.from() == m.to() {
                pass_legal(b, Janggi::is_check(b))
            } else {
                b.piece_at(m.from())
                    .is_some_and(|piece| safe_after(b, piece.role, m.from(), m.to(), is_bikjang(b)))
            }
    }

    /// Bit 0 `m` is a pass, bit 1 the move before it was, bit 2 the position before `m` (this
    /// one) is bikjang.
    #[inline]
    fn history_after(b: &Board, m: Move) -> u8 {
        u8::from(m.from() == m.to()) | (b.janggi_history & 1) << 1 | u8::from(is_bikjang(b)) << 2
    }
}

/// The points of every cannon, both sides'.
#[inline]
fn cannons(b: &Board) -> Bitboard {
    b.pieces(Color::Red, Role::Cannon) | b.pieces(Color::Black, Role::Cannon)
}

/// `true` when `sq` is attacked by `by` on the board `occupied` with cannons on `cannons`,
/// the pieces on `removed` not counting as attackers.
#[inline]
fn attacked_with(
    b: &Board,
    sq: Square,
    by: Color,
    occupied: Bitboard,
    cannons: Bitboard,
    removed: Bitboard,
) -> bool {
    let pieces = |color: Color, role: Role| b.pieces(color, role) - removed;
    ja::attackers::<1, true>(sq, occupied, cannons, [by], pieces).any()
}

/// The board and cannons after `from` -> `to` (not a pass).
#[inline]
fn after(b: &Board, from: Square, to: Square, piece: Piece) -> (Bitboard, Bitboard) {
    let (from_bb, to_bb) = (Bitboard::from_square(from), Bitboard::from_square(to));
    let occupied = (b.occupied - from_bb) | to_bb;
    let mut cannons = cannons(b) - from_bb - to_bb;
    if piece.role == Role::Cannon {
        cannons |= to_bb;
    }
    (occupied, cannons)
}

/// `true` when the pseudo-legal move `from` -> `to` of the side to move (its `role` stands on
/// `from`; not a pass) leaves its general safe, and, under bikjang, breaks it.
#[inline]
fn safe_after(b: &Board, role: Role, from: Square, to: Square, bikjang: bool) -> bool {
    let us = b.turn;
    let piece = Piece::new(us, role);
    let (occupied, cannons) = after(b, from, to, piece);
    let ksq = if piece.role == Role::General {
        to
    } else {
        b.general(us)
    };
    if bikjang {
        let theirs = b.general(!us);
        if ksq.file() == theirs.file() && (attacks::between(ksq, theirs) & occupied).is_empty() {
            return false;
        }
    }
    !attacked_with(b, ksq, !us, occupied, cannons, Bitboard::from_square(to))
}

/// The points where a move of another piece than `color`'s general may change whether
/// that general is attacked by the other side, out of check: on each of the four half-lines
/// from the general along its rank and file, the points up to the farthest enemy chariot or
/// cannon on it (a piece leaving or entering them changes what a chariot sees and what
/// screens a cannon has), the palace when an enemy chariot or cannon stands in it (its
/// diagonal lines), and the points that block an enemy horse or elephant aiming at the general. A soldier's
/// attack cannot be blocked, and the other side's general and guards stay in their own
/// palace.
#[inline]
fn sensitive_points(b: &Board, color: Color) -> Bitboard {
    let ksq = b.general(color);
    let liners = b.pieces(!color, Role::Chariot) | b.pieces(!color, Role::Cannon);
    let below = Bitboard(Bitboard::from_square(ksq).0 - 1);
    let above = Bitboard::FULL - below - Bitboard::from_square(ksq);
    let (file, rank) = (Bitboard::file(ksq.file()), Bitboard::rank(ksq.rank()));
    let mut points = attacks::horse_attack_legs(ksq, b.pieces(!color, Role::Horse))
        | ja::elephant_attack_paths(ksq, b.pieces(!color, Role::Elephant));
    // On each half-line, the points from the general to the farthest chariot or cannon on it.
    for (half, up) in [
        (file & above, true),
        (file & below, false),
        (rank & above, true),
        (rank & below, false),
    ] {
        let on = liners & half;
        if let Some(far) = if up { on.last() } else { on.first() } {
            points |= attacks::between(ksq, far) | Bitboard::from_square(far);
        }
    }
    let palace = attacks::palace(color);
    if (liners & palace).any() {
        points |= palace;
    }
    points
}

/// `true` when the pass is legal for the side to move: not in check, or in bikjang.
#[inline]
fn pass_legal(b: &Board, in_check: bool) -> bool {
    !in_check || is_bikjang(b)
}

/// The points within two files and two ranks of each point (a 5 x 5 square cut by the board):
/// around a general, they hold its palace and the legs and paths of horses and elephants
/// aiming at it.
static NEAR: [Bitboard; 90] = {
    let mut t = [Bitboard::EMPTY; 90];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
        let mut bits = 0u128;
        let mut other = 0u32;
        while other < 90 {
            let (g, s) = ((other % 9) as i32, (other / 9) as i32);
            if (f - g).abs() <= 2 && (r - s).abs() <= 2 {
                bits |= 1u128 << other;
            }
            other += 1;
        }
        t[sq] = Bitboard(bits);
        sq += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_the_starting_fen() {
        let setup = Janggi::start(Variant::Janggi);
        assert_eq!(crate::fen::write_fen(&setup), STARTING_FEN);
    }
}
