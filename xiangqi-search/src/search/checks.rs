//! Quiet checking moves, generated without trying every quiet move.

use xiangqi_core::attacks;
use xiangqi_core::{Bitboard, Move, MoveList, Piece, Position, Role};

/// `true` when the legal move `m` leaves the opponent's general attacked (core's
/// [`Position::gives_check`], which answers from the attack tables without playing the move).
#[inline]
pub(crate) fn gives_check(pos: &Position, m: Move) -> bool {
    pos.gives_check(m)
}

/// The points a move must touch (leave or reach) to possibly give check, for a quick filter
/// before [`gives_check`]: a move that is not a candidate never checks.
#[derive(Clone, Copy)]
pub(crate) struct CheckFilter {
    /// The enemy general's rank and file: chariots and cannons check along them, and moving
    /// onto or off them makes or breaks a screen or a line.
    lines: Bitboard,
    /// The enemy general's diagonal neighbours: the legs of horses aimed at it.
    legs: Bitboard,
    /// Points from which a horse reaches the general, legs aside.
    horse: Bitboard,
    /// Points from which a soldier of the mover attacks the general.
    soldier: Bitboard,
}

impl CheckFilter {
    /// The filter for the side to move in `pos`.
    pub fn new(pos: &Position) -> CheckFilter {
        let us = pos.turn();
        let king = pos.general(!us);
        CheckFilter {
            lines: Bitboard::rank(king.rank()) | Bitboard::file(king.file()),
            legs: attacks::horse_legs(king),
            horse: attacks::horse_attacks(king, Bitboard::EMPTY),
            soldier: attacks::soldier_attackers(us, king),
        }
    }

    /// `false` when the move by `role` cannot give check.
    #[cfg(test)]
    pub fn may_check(&self, role: Role, m: Move) -> bool {
        let (from, to) = (m.from(), m.to());
        (self.lines | self.legs).contains(from)
            || self.lines.contains(to)
            || (role == Role::Horse && self.horse.contains(to))
            || (role == Role::Soldier && self.soldier.contains(to))
    }
}

/// Appends the legal quiet moves that give check, generating only moves that touch the points
/// a check needs (see [`CheckFilter`]) instead of every quiet move.
pub(crate) fn quiet_checks_into(pos: &Position, list: &mut MoveList) {
    if pos.variant().is_janggi() {
        // Janggi's checks come from more places (palace lines, elephants): try every quiet move.
        let mut quiets = MoveList::new();
        pos.legal_quiets_into(&mut quiets);
        for &m in quiets.iter() {
            if gives_check(pos, m) {
                list.push(m);
            }
        }
        return;
    }
    let us = pos.turn();
    let filter = CheckFilter::new(pos);
    let occupied = pos.occupied();
    let empty = Bitboard::FULL - occupied;
    let discovering = filter.lines | filter.legs;
    for role in [
        Role::Chariot,
        Role::Cannon,
        Role::Horse,
        Role::Soldier,
        Role::Advisor,
        Role::Elephant,
        Role::General,
    ] {
        for from in pos.pieces(us, role) {
            // A piece leaving a line or leg may uncover a check with any move; otherwise only
            // reaching a line (or a horse or soldier checking point) can check.
            let mask = if discovering.contains(from) {
                Bitboard::FULL
            } else {
                match role {
                    Role::Chariot | Role::Cannon => filter.lines,
                    Role::Horse => filter.lines | filter.horse,
                    Role::Soldier => filter.lines | filter.soldier,
                    _ => filter.lines,
                }
            };
            let targets = attacks::moves_on_file(Piece::new(us, role), from, occupied, || {
                pos.file_occupancy(from.file())
            });
            for to in targets & empty & mask {
                let m = Move::new(from, to);
                if gives_check(pos, m) && pos.is_legal(m) {
                    list.push(m);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn walk(pos: &mut Position, depth: u32, checked: &mut u64) {
        for &m in pos.legal_moves().iter() {
            let undo = pos.make_move(m);
            let expected = pos.is_check();
            pos.unmake_move(m, undo);
            assert_eq!(gives_check(pos, m), expected, "{m} in {}", pos.fen());
            let role = pos.piece_at(m.from()).unwrap().role;
            let mut quiet_checks = MoveList::new();
            quiet_checks_into(pos, &mut quiet_checks);
            let quiet = pos.piece_at(m.to()).is_none();
            assert_eq!(
                quiet_checks.contains(&m),
                quiet && expected,
                "{m} in {}",
                pos.fen()
            );
            if expected {
                assert!(
                    CheckFilter::new(pos).may_check(role, m),
                    "filter drops the check {m} in {}",
                    pos.fen()
                );
            }
            *checked += 1;
            if depth > 1 {
                let undo = pos.make_move(m);
                walk(pos, depth - 1, checked);
                pos.unmake_move(m, undo);
            }
        }
    }

    #[test]
    fn agrees_with_playing_the_move() {
        let suite = include_str!("../../../data/perft/suite.epd");
        let mut checked = 0;
        for line in suite.lines().filter(|l| !l.trim().is_empty()) {
            let fen = line.split(';').next().unwrap().trim();
            let mut pos = Position::from_fen(fen).unwrap();
            walk(&mut pos, 2, &mut checked);
        }
        assert!(checked > 10_000);
    }
}
