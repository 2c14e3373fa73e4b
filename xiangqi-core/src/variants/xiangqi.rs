//! Xiangqi: its start position, the points its pieces can reach, its attack and check queries
//! and its legal move generator.
//!
//! Moves are generated per piece as target sets, then filtered for legality. Most moves need no
//! test at all: when the side to move is not in check, a move can only expose its general by
//! changing the occupancy of a point that an enemy attack on the general passes through, namely
//! the general's rank or file when an enemy chariot, cannon or general stands on it, or the leg of
//! an enemy horse aimed at the general. Moves that touch none of those points are legal as
//! generated; the rest, general moves and every move while in check are tested one by one.
//!
//! The pieces' movement is [`attacks`](crate::attacks)'.

use super::family::{Family, MoveSink};
use crate::attacks;
use crate::bitboard::{bit, Bitboard};
use crate::board::Board;
use crate::color::Color;
use crate::moves::{Move, MoveList};
use crate::role::{Piece, Role};
use crate::setup::Setup;
use crate::square::{File, Rank, Square};
use crate::variant::Variant;

/// The FEN of the start position.
pub const STARTING_FEN: &str =
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// The back rank of the start position, from file a to file i (each side's own).
pub(crate) const BACK_RANK: [Role; 9] = [
    Role::Chariot,
    Role::Horse,
    Role::Elephant,
    Role::Advisor,
    Role::General,
    Role::Advisor,
    Role::Elephant,
    Role::Horse,
    Role::Chariot,
];

impl Setup {
    /// The standard start position.
    pub fn start() -> Setup {
        let mut setup = Setup::empty();
        for color in Color::ALL {
            let rank = |r: u32| match color {
                Color::Red => Rank::ALL[r as usize],
                Color::Black => Rank::ALL[9 - r as usize],
            };
            for (file, role) in File::ALL.iter().zip(BACK_RANK) {
                setup.board[Square::from_coords(*file, rank(0)).index()] =
                    Some(Piece::new(color, role));
            }
            for file in [File::B, File::H] {
                setup.board[Square::from_coords(file, rank(2)).index()] =
                    Some(Piece::new(color, Role::Cannon));
            }
            for file in [File::A, File::C, File::E, File::G, File::I] {
                setup.board[Square::from_coords(file, rank(3)).index()] =
                    Some(Piece::new(color, Role::Soldier));
            }
        }
        setup
    }
}

/// `true` when a piece of this kind and colour can ever stand on `sq` in a game from the start
/// position: generals and advisors stay in the palace on their points, elephants on their seven
/// points, soldiers never move back and start on files a, c, e, g, i.
pub fn reachable(piece: Piece, sq: Square) -> bool {
    let f = sq.file().index();
    let r = sq.rank().relative_to(piece.color);
    match piece.role {
        Role::General => sq.in_palace(piece.color),
        Role::Advisor => sq.in_palace(piece.color) && (f + r as usize) % 2 == 1,
        Role::Elephant => matches!((f, r), (2 | 6, 0) | (0 | 4 | 8, 2) | (2 | 6, 4)),
        Role::Soldier => r >= 5 || ((3..=4).contains(&r) && f % 2 == 0),
        Role::Horse | Role::Chariot | Role::Cannon => true,
    }
}

/// Xiangqi's rules of movement (see the [module documentation](self)).
pub(crate) struct Xiangqi;

impl Family for Xiangqi {
    const GENERALS_MAY_FACE: bool = false;
    const HAS_PASS: bool = false;
    const KNOWS_CHASES: bool = true;

    #[inline]
    fn reachable(piece: Piece, sq: Square) -> bool {
        reachable(piece, sq)
    }

    fn start(_: Variant) -> Setup {
        Setup::start()
    }

    fn reach(piece: Piece, sq: Square) -> Bitboard {
        attacks::moves(piece, sq, Bitboard::EMPTY)
    }

    fn mating_material(b: &Board, color: Color) -> Bitboard {
        // Advisors and elephants never cross the river, nor the general leave its palace.
        b.pieces(color, Role::Horse)
            | b.pieces(color, Role::Chariot)
            | b.pieces(color, Role::Cannon)
            | b.pieces(color, Role::Soldier)
    }

    #[inline(always)]
    fn game_ended(_: &Board) -> bool {
        false
    }

    #[inline]
    fn is_attacked(b: &Board, sq: Square, by: Color) -> bool {
        attacked_with(
            b,
            sq,
            by,
            b.occupied,
            b.file_occ[sq.file().index()],
            Bitboard::EMPTY,
        )
    }

    fn attackers(b: &Board, sq: Square, by: Color) -> Bitboard {
        let file_occ = b.file_occ[sq.file().index()];
        let pieces = |color: Color, role: Role| b.pieces(color, role);
        attacks::attackers_on_file::<1, false>(sq, b.occupied, file_occ, [by], pieces, true)
    }

    #[inline]
    fn attackers_to<const N: usize>(
        b: &Board,
        sq: Square,
        occupied: Bitboard,
        sides: [Color; N],
    ) -> Bitboard {
        let pieces = |color: Color, role: Role| b.pieces(color, role) & occupied;
        attacks::attackers(sq, occupied, sides, pieces, false)
    }

    #[inline]
    fn is_check(b: &Board) -> bool {
        let sq = b.general(b.turn);
        attacked_with(
            b,
            sq,
            !b.turn,
            b.occupied,
            b.file_occ[sq.file().index()],
            Bitboard::EMPTY,
        )
    }

    fn shields_general(b: &Board, sq: Square, piece: Piece, ksq: Square) -> bool {
        // Only the general's file and rank and the legs of horses aimed at it can be opened.
        let on_line = sq.file() == ksq.file() || sq.rank() == ksq.rank();
        if !on_line && !attacks::horse_legs(ksq).contains(sq) {
            return false;
        }
        let mut file_occ = b.file_occ[ksq.file().index()];
        if sq.file() == ksq.file() {
            file_occ &= !(1 << sq.rank().index());
        }
        attacked_with(
            b,
            ksq,
            !piece.color,
            b.occupied.without(sq),
            file_occ,
            Bitboard::EMPTY,
        )
    }

    #[inline]
    fn gives_check(b: &Board, m: Move) -> bool {
        let us = b.turn;
        let (from, to) = (m.from(), m.to());
        let Some(piece) = b.piece_at(from) else {
            return false;
        };
        let king = b.general(!us);
        // Most moves start and land where no check can come from: turned away at once.
        if !may_check(piece, from, to, king) {
            return false;
        }
        checks_after(b, piece, from, to, king)
    }

    #[inline(always)]
    fn generate<S: MoveSink>(b: &Board, sink: &mut S, mask: Bitboard) {
        Xiangqi::generate_in_check(b, sink, mask, Xiangqi::is_check(b));
    }

    #[inline(always)]
    fn generate_in_check<S: MoveSink>(b: &Board, sink: &mut S, mask: Bitboard, in_check: bool) {
        let us = b.turn;
        let mask = mask - b.by_color(us);
        let sensitive = sensitive_points(b);
        let late = if S::KEEPS_ORDER {
            late_points(b)
        } else {
            sensitive
        };

        // General: always tested, it is the piece whose safety is in question.
        let ksq = b.general(us);
        for to in attacks::general_attacks(us, ksq) & mask {
            if king_safe_after(b, ksq, to) {
                sink.one(ksq, to);
            }
        }
        // Then the other pieces, chariots first (the order of the list, which the engine's
        // move ordering sees). One call a role, so that each compiles for its role.
        macro_rules! roles {
            ($($role:expr),*) => {$(
                if sink.done() {
                    return;
                }
                emit_role(b, sink, $role, mask, in_check, sensitive, late);
            )*};
        }
        roles!(
            Role::Chariot,
            Role::Cannon,
            Role::Horse,
            Role::Soldier,
            Role::Advisor,
            Role::Elephant
        );
    }

    fn is_pseudo_legal(b: &Board, m: Move) -> bool {
        let (from, to) = (m.from(), m.to());
        let us = b.turn;
        let Some(piece) = b.piece_at(from) else {
            return false;
        };
        if piece.color != us || b.by_color(us).contains(to) || from == to {
            return false;
        }
        let targets =
            attacks::moves_on_file(piece, from, b.occupied, || b.file_occupancy(from.file()));
        targets.contains(to)
    }

    #[inline]
    fn is_legal(b: &Board, m: Move) -> bool {
        Xiangqi::is_pseudo_legal(b, m) && king_safe_after(b, m.from(), m.to())
    }

    fn quiet_checks_into(b: &Board, list: &mut MoveList) {
        let us = b.turn;
        let king = b.general(!us);
        let empty = !b.occupied;
        for role in [
            Role::Chariot,
            Role::Cannon,
            Role::Horse,
            Role::Soldier,
            Role::Advisor,
            Role::Elephant,
            Role::General,
        ] {
            let piece = Piece::new(us, role);
            for from in b.pieces(us, role) {
                let targets = attacks::moves_on_file(piece, from, b.occupied, || {
                    b.file_occupancy(from.file())
                });
                for to in targets & empty & check_targets(piece, from, king) {
                    if checks_after(b, piece, from, to, king) && king_safe_after(b, from, to) {
                        list.push(Move::new(from, to));
                    }
                }
            }
        }
    }

    #[inline(always)]
    fn history_after(_: &Board, _: Move) -> u8 {
        0
    }
}

/// `true` when moving `piece` (of the side to move) from `from` to `to` leaves the enemy
/// general on `king` attacked (exact for legal moves): the attack test on the board after the
/// move, without [`may_check`]'s shortcut (callers test it, or a set that holds it, first).
#[inline]
fn checks_after(b: &Board, piece: Piece, from: Square, to: Square, king: Square) -> bool {
    let us = b.turn;
    let from_bb = Bitboard::from_square(from);
    let to_bb = Bitboard::from_square(to);
    let (occupied, file_occ) = occupancy_after(b, from, to, king.file());
    // Our pieces after the move, by role (a capture on `to` removes nothing of ours).
    let moved = |role: Role| {
        let mut bb = b.pieces(us, role) - from_bb;
        if piece.role == role {
            bb |= to_bb;
        }
        bb
    };
    // A legal move never leaves the generals facing, so the flying general gives no check.
    let moved = |_, role| moved(role);
    attacks::attackers_on_file::<1, true>(king, occupied, file_occ, [us], moved, false).any()
}

/// `true` when a move of `piece` from `from` to `to` can give check to the general on `king`:
/// when it leaves or reaches the general's rank or file (where chariots and cannons check,
/// lines and screens open and close, and soldiers, which attack only the points beside them,
/// stand to check) or leaves a horse's leg beside it, or a horse lands on a point from which
/// it attacks the general. Every other move cannot.
#[inline(always)]
fn may_check(piece: Piece, from: Square, to: Square, king: Square) -> bool {
    let on_lines = |sq: Square| sq.file() == king.file() || sq.rank() == king.rank();
    on_lines(from)
        || on_lines(to)
        || attacks::horse_legs(king).contains(from)
        || (piece.role == Role::Horse && horse_check_points(king).contains(to))
}

/// The points `to` for which [`may_check`] holds, as a set: every point when `from` is on the
/// general's lines or a horse's leg beside it, else the lines and, for a horse, its checking
/// points.
#[inline]
fn check_targets(piece: Piece, from: Square, king: Square) -> Bitboard {
    if from.file() == king.file()
        || from.rank() == king.rank()
        || attacks::horse_legs(king).contains(from)
    {
        return Bitboard::FULL;
    }
    let lines = Bitboard::rank(king.rank()) | Bitboard::file(king.file());
    if piece.role == Role::Horse {
        lines | horse_check_points(king)
    } else {
        lines
    }
}

/// The points from which a horse attacks the general on `king`, its leg aside (the leg is
/// tested after the move).
#[inline(always)]
fn horse_check_points(king: Square) -> Bitboard {
    attacks::horse_attacks(king, Bitboard::EMPTY)
}

/// Attack test against a hypothetical occupancy: `occupied` is the board, `file_occ` the
/// occupancy of `sq`'s file in that board, `removed` the points whose pieces no longer count
/// as attackers (a captured piece).
#[inline]
fn attacked_with(
    b: &Board,
    sq: Square,
    by: Color,
    occupied: Bitboard,
    file_occ: u16,
    removed: Bitboard,
) -> bool {
    let pieces = |color: Color, role: Role| b.pieces(color, role) - removed;
    attacks::attackers_on_file::<1, true>(sq, occupied, file_occ, [by], pieces, true).any()
}

/// The board's occupancy after a piece moves `from` -> `to` (a capture on `to` or not), and the
/// occupancy of `file` by rank, as the attack tests on a line take them.
#[inline(always)]
fn occupancy_after(b: &Board, from: Square, to: Square, file: File) -> (Bitboard, u16) {
    let occupied = Bitboard((b.occupied.0 & !bit(from as u32)) | bit(to as u32));
    let mut file_occ = b.file_occ[file.index()];
    if from.file() == file {
        file_occ &= !(1 << from.rank().index());
    }
    if to.file() == file {
        file_occ |= 1 << to.rank().index();
    }
    (occupied, file_occ)
}

/// `true` when the side to move's general would be safe after moving `from` -> `to`
/// (a pseudo-legal move of the side to move).
#[inline]
fn king_safe_after(b: &Board, from: Square, to: Square) -> bool {
    let us = b.turn;
    let ksq = if from == b.generals[us.index()] {
        to
    } else {
        b.generals[us.index()]
    };
    let (occupied, file_occ) = occupancy_after(b, from, to, ksq.file());
    !attacked_with(b, ksq, !us, occupied, file_occ, Bitboard::from_square(to))
}

/// The points whose change of occupancy could expose the side to move's general, when it
/// is not in check: a move from or to any other point needs no test.
///
/// A horse's leg toward the general counts. On the general's rank and file only the first
/// three pieces outward on each side matter, as a move changes the count of pieces
/// between the general and a piece further out by one at most: a chariot (or, on the file,
/// the other general) second out attacks once the first piece leaves, a cannon third out
/// once the first or the second leaves, and a cannon first out once any piece steps in
/// between. Every other point of those lines is safe to leave or to enter.
#[inline]
fn sensitive_points(b: &Board) -> Bitboard {
    let us = b.turn;
    let them = !us;
    let ksq = b.general(us);
    let mut sensitive = attacks::horse_legs_toward(ksq, b.pieces(them, Role::Horse));
    let chariots = b.pieces(them, Role::Chariot);
    let cannons = b.pieces(them, Role::Cannon);
    let general = b.pieces(them, Role::General);
    let (file, rank) = (ksq.file(), ksq.rank());
    let file_set = Bitboard::file(file);
    let rank_set = Bitboard::rank(rank);
    if ((file_set & (chariots | cannons | general)) | (rank_set & (chariots | cannons))).is_empty()
    {
        return sensitive;
    }
    let occupied = b.occupied;
    // The four rays from the general, each to its edge of the board.
    let edges = [
        (Square::from_coords(file, Rank::ALL[9]), file_set),
        (Square::from_coords(file, Rank::ALL[0]), file_set),
        (Square::from_coords(File::ALL[8], rank), rank_set),
        (Square::from_coords(File::ALL[0], rank), rank_set),
    ];
    for (edge, line) in edges {
        if edge == ksq || (line & (chariots | cannons | general)).is_empty() {
            continue;
        }
        let mut pieces = (attacks::between(ksq, edge) | Bitboard::from_square(edge)) & occupied;
        // Outward: the lowest points first above or right of the general, else the highest.
        let outward = edge > ksq;
        let mut next = || {
            let sq = if outward {
                pieces.first()
            } else {
                pieces.last()
            }?;
            pieces.discard(sq);
            Some(sq)
        };
        let Some(first) = next() else {
            continue;
        };
        if cannons.contains(first) {
            sensitive |= attacks::between(ksq, first);
        }
        let Some(second) = next() else {
            continue;
        };
        // The other general attacks along the file only (the rank holds none of it).
        if (chariots | general).contains(second) {
            sensitive.add(first);
        }
        if next().is_some_and(|third| cannons.contains(third)) {
            sensitive.add(first);
            sensitive.add(second);
        }
    }
    sensitive
}

/// The points that order a list of moves: the general's rank and file when an enemy
/// chariot or cannon (on the file, or the other general) stands on them, and the legs of
/// the enemy horses aimed at the general. A piece standing on one of them lists its moves
/// in the order of their targets; any other lists its moves to other points first, then
/// those to these points. This was the set of points tested before [`sensitive_points`]
/// narrowed it; the order is kept because the engine's move ordering sees it (the bench
/// signature depends on it). A superset of the sensitive points.
#[inline]
fn late_points(b: &Board) -> Bitboard {
    let them = !b.turn;
    let ksq = b.general(b.turn);
    let line_attackers = b.pieces(them, Role::Chariot) | b.pieces(them, Role::Cannon);
    let mut late = attacks::horse_legs_toward(ksq, b.pieces(them, Role::Horse));
    let file = Bitboard::file(ksq.file());
    if (file & (line_attackers | b.pieces(them, Role::General))).any() {
        late |= file;
    }
    let rank = Bitboard::rank(ksq.rank());
    if (rank & line_attackers).any() {
        late |= rank;
    }
    late
}

/// Emits the legal moves among `targets` from `from`: a move is tested when the side to
/// move is in check (`careful`) or when it leaves or enters a sensitive point, in the order
/// [`late_points`] sets (a superset of `sensitive`; the same set for sinks that keep no
/// order).
#[inline(always)]
fn emit<S: MoveSink>(
    b: &Board,
    sink: &mut S,
    from: Square,
    targets: Bitboard,
    careful: bool,
    sensitive: Bitboard,
    late: Bitboard,
) {
    if careful || late.contains(from) {
        let test_all = careful || sensitive.contains(from);
        for to in targets {
            if (test_all || sensitive.contains(to)) && !king_safe_after(b, from, to) {
                continue;
            }
            sink.one(from, to);
        }
    } else {
        sink.many(from, targets - late);
        for to in targets & late {
            if sensitive.contains(to) && !king_safe_after(b, from, to) {
                continue;
            }
            sink.one(from, to);
        }
    }
}

/// Emits the legal moves among `mask` of the side to move's pieces of `role`.
#[inline(always)]
fn emit_role<S: MoveSink>(
    b: &Board,
    sink: &mut S,
    role: Role,
    mask: Bitboard,
    in_check: bool,
    sensitive: Bitboard,
    late: Bitboard,
) {
    let piece = Piece::new(b.turn, role);
    let occupied = b.occupied;
    for from in b.pieces(piece.color, role) {
        let targets =
            attacks::moves_on_file(piece, from, occupied, || b.file_occupancy(from.file()));
        emit(b, sink, from, targets & mask, in_check, sensitive, late);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_the_starting_fen() {
        assert_eq!(crate::fen::write_fen(&Setup::start()), STARTING_FEN);
    }
}
