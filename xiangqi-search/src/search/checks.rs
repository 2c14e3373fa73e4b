//! Whether a move gives check, answered without playing it.

use xiangqi_core::attacks::{self, NONE};
use xiangqi_core::{Bitboard, Move, Position, Role};

/// `true` when the legal move `m` leaves the opponent's general attacked (directly, or by a
/// line it opens or a cannon screen it adds or removes).
pub(crate) fn gives_check(pos: &Position, m: Move) -> bool {
    let us = pos.turn();
    let (from, to) = (m.from(), m.to());
    let Some(piece) = pos.piece_at(from) else {
        return false;
    };
    let king = pos.general(!us);
    let from_bb = Bitboard::from_square(from);
    let to_bb = Bitboard::from_square(to);
    let occupied = (pos.occupied() - from_bb) | to_bb;
    let mut file_occ = pos.file_occupancy(king.file());
    if from.file() == king.file() {
        file_occ &= !(1 << from.rank().index());
    }
    if to.file() == king.file() {
        file_occ |= 1 << to.rank().index();
    }
    // Our pieces after the move, by role (a capture on `to` removes nothing of ours).
    let moved = |role: Role| {
        let mut bb = pos.pieces(us, role) - from_bb;
        if piece.role == role {
            bb |= to_bb;
        }
        bb
    };
    let lines = attacks::slide(king, occupied, file_occ);
    if (lines & moved(Role::Chariot)).any() {
        return true;
    }
    let cannons = moved(Role::Cannon);
    if cannons.any() && (attacks::cannon_jump(king, occupied, file_occ) & cannons).any() {
        return true;
    }
    if (attacks::SOLDIER_ATTACKERS[us.index()][king.index()] & moved(Role::Soldier)).any() {
        return true;
    }
    let horses = moved(Role::Horse);
    if horses.any() {
        for d in 0..4 {
            let leg = attacks::DIAGONAL_NEIGHBOUR[king.index()][d];
            if leg != NONE
                && occupied.0 & (1u128 << leg) == 0
                && (attacks::HORSE_ATTACKERS[king.index()][d] & horses).any()
            {
                return true;
            }
        }
    }
    false
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
