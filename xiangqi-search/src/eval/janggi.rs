//! The janggi evaluation: material, placement, mobility and the general's shelter, by
//! janggi's own moves (core's [`attacks::janggi`]), for the side to move, in centipawns.
//!
//! Janggi is not xiangqi with other tables: the elephant crosses the river, the cannon needs a
//! screen that is not a cannon for every move, the guards and the general share the palace's
//! lines, and the pass means there is no zugzwang. What counts:
//! - material, tapered between midgame and endgame: cannons lose value as screens come off,
//!   chariots and horses gain it; Han's 1.5 counting points appear as a small bonus, since
//!   counting decides the endings a side can force by passing;
//! - soldiers by how far they have come, more near and inside the enemy palace;
//! - mobility of chariots, cannons, horses and elephants;
//! - pieces attacking the enemy palace, against the guards that defend it.

use crate::params::{PHASE_TOTAL, TEMPO};
use crate::score::{Value, EVAL_BOUND};
use xiangqi_core::attacks::{self, janggi as ja};
use xiangqi_core::{Bitboard, Color, Piece, Position, Role, Square};

/// Material by role (general, guard, elephant, horse, chariot, cannon, soldier): midgame.
const MATERIAL_MG: [i32; 7] = [0, 280, 320, 520, 1300, 850, 180];
/// Material by role: endgame.
const MATERIAL_EG: [i32; 7] = [0, 300, 340, 600, 1400, 650, 240];
/// Mobility weight per reachable point by role (midgame, endgame).
const MOBILITY: [(i32, i32); 7] = [(0, 0), (0, 0), (4, 4), (7, 8), (5, 7), (4, 3), (0, 0)];
/// A piece's weight when it attacks points of the enemy palace.
const ZONE_WEIGHT: [i32; 7] = [0, 0, 2, 3, 5, 4, 2];
/// Han's compensation of 1.5 counting points, as a score.
const HAN_BONUS: i32 = 40;

/// The midgame weight 0..=[`PHASE_TOTAL`], by the chariots, cannons and horses left.
fn phase(pos: &Position) -> i32 {
    let mut phase = 0;
    for color in Color::ALL {
        phase += 4 * pos.count(color, Role::Chariot) as i32
            + 2 * pos.count(color, Role::Cannon) as i32
            + 2 * pos.count(color, Role::Horse) as i32;
    }
    phase.min(PHASE_TOTAL)
}

/// A soldier's placement bonus (midgame, endgame) by how far it has come from its side, and
/// whether it stands in or next to the enemy palace.
fn soldier_bonus(color: Color, sq: Square) -> (i32, i32) {
    let advance = sq.rank().relative_to(color) as i32 - 3;
    let file = sq.file().index() as i32;
    let central = 4 - (file - 4).abs();
    let mut bonus = (advance * 12 + central * 3, advance * 18);
    if attacks::palace(!color).contains(sq) {
        bonus.0 += 40;
        bonus.1 += 50;
    } else if advance >= 3 && (3..=5).contains(&file) {
        bonus.0 += 15;
        bonus.1 += 20;
    }
    if sq.rank().relative_to(color) == 9 {
        // On the last rank a soldier only moves sideways.
        bonus.0 -= 30;
        bonus.1 -= 40;
    }
    bonus
}

/// One side's score (midgame, endgame) from Cho's (Red's) point of view sign-free.
fn side(pos: &Position, us: Color, cannons: Bitboard) -> (i32, i32) {
    let occupied = pos.occupied();
    let own = pos.by_color(us);
    let enemy_palace = attacks::palace(!us);
    let (mut mg, mut eg) = (0, 0);
    let mut zone = 0;
    let mut zone_pieces = 0;
    for role in Role::ALL {
        let piece = Piece::new(us, role);
        for sq in pos.pieces(us, role) {
            mg += MATERIAL_MG[role.index()];
            eg += MATERIAL_EG[role.index()];
            match role {
                Role::Soldier => {
                    let (m, e) = soldier_bonus(us, sq);
                    mg += m;
                    eg += e;
                }
                Role::General | Role::Advisor => {}
                _ => {
                    let reach = ja::attacks(piece, sq, occupied, cannons);
                    let moves = (reach - own).count() as i32;
                    let (wm, we) = MOBILITY[role.index()];
                    mg += wm * moves;
                    eg += we * moves;
                    let hits = (reach & enemy_palace).count() as i32;
                    if hits > 0 {
                        zone += ZONE_WEIGHT[role.index()] * hits.min(3);
                        zone_pieces += 1;
                    }
                }
            }
            if role == Role::Soldier && (ja::soldier_attacks(us, sq) & enemy_palace).any() {
                zone += ZONE_WEIGHT[role.index()];
                zone_pieces += 1;
            }
        }
    }
    // An attack is worth more with several pieces and fewer guards at home to meet it.
    let guards = pos.count(!us, Role::Advisor) as i32;
    if zone_pieces >= 2 {
        mg += zone * (zone_pieces - 1) * (4 - guards.min(2)) / 2;
    }
    // The cannon's value follows its screens: pieces standing between it and the rest.
    let screens = (occupied - cannons).count() as i32;
    let shift = (screens - 16) * 4 * pos.count(us, Role::Cannon) as i32;
    mg += shift;
    eg += shift;
    if us == Color::Black {
        mg += HAN_BONUS;
        eg += HAN_BONUS;
    }
    (mg, eg)
}

/// The janggi evaluation of `pos` for the side to move, in centipawns.
pub fn evaluate(pos: &Position) -> Value {
    let cannons = xiangqi_core::janggi::cannons(pos);
    let (rm, re) = side(pos, Color::Red, cannons);
    let (bm, be) = side(pos, Color::Black, cannons);
    let phase = phase(pos);
    let red = ((rm - bm) * phase + (re - be) * (PHASE_TOTAL - phase)) / PHASE_TOTAL;
    let stm = if pos.turn() == Color::Red { red } else { -red };
    (stm + TEMPO).clamp(-EVAL_BOUND, EVAL_BOUND)
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi_core::Variant;

    #[test]
    fn symmetric_start_and_material() {
        let start = Position::start_of(Variant::Janggi);
        // Only the tempo and Han's compensation separate the sides at the start.
        assert_eq!(evaluate(&start), TEMPO - HAN_BONUS);
        let up = Position::from_fen_variant(
            "rnba1abn1/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
            Variant::Janggi,
        )
        .unwrap();
        assert!(evaluate(&up) > 900, "a chariot up: {}", evaluate(&up));
        assert_eq!(
            evaluate(&up.mirror()),
            evaluate(&up) + 2 * HAN_BONUS,
            "colours swapped: the same score but for Han's compensation"
        );
    }
}
