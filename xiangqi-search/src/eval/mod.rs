//! Static evaluation: how good a quiet position is for the side to move, in centipawns.
//!
//! The score is a tapered blend of a midgame and an endgame score (by the chariots, horses and
//! cannons left), made of:
//! - material and placement ([`pst`]), kept incrementally by the search;
//! - the horse/cannon shift: cannons need screens, so they lose value as pieces come off;
//! - mobility of chariots, horses and cannons;
//! - king safety: palace integrity against the attackers left, cannons aimed at the general
//!   (the empty-head cannon, two screens), chariots on the general's file, and the pressure of
//!   every piece attacking the palace;
//! - connected crossed soldiers, and pieces left hanging;
//! - a side that has nothing able to cross the river cannot win, so its advantage is shrunk.
//!
//! Every weight is a named constant in [`crate::params`].

pub mod pst;

use crate::params::{self, Pair};
use crate::score::{Value, EVAL_BOUND};
use xiangqi_core::attacks::{self, NONE};
use xiangqi_core::{Bitboard, Color, File, Piece, Position, Rank, Role, Square};

/// The material + placement sum from Red's point of view, computed from scratch.
pub fn psq_total(pos: &Position) -> Pair {
    let (mut mg, mut eg) = (0, 0);
    for color in Color::ALL {
        for role in Role::ALL {
            let piece = Piece::new(color, role);
            for sq in pos.pieces(color, role) {
                let (m, e) = pst::psq_red(piece, sq);
                mg += m;
                eg += e;
            }
        }
    }
    (mg, eg)
}

/// Evaluates a position from the side to move's point of view.
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, psq_total(pos))
}

/// Evaluates with the material + placement sum (Red's view) supplied by the caller, as the
/// search keeps it incrementally.
pub fn evaluate_with(pos: &Position, psq: Pair) -> Value {
    let phase = game_phase(pos);
    let mut total = psq;
    let pieces_on_board = pos.occupied().count() as i32;

    let red = SideInfo::new(pos, Color::Red);
    let black = SideInfo::new(pos, Color::Black);
    for (us, mine, theirs, sign) in [
        (Color::Red, &red, &black, 1),
        (Color::Black, &black, &red, -1),
    ] {
        let (mg, eg) = side_terms(pos, us, mine, theirs, pieces_on_board);
        total.0 += sign * mg;
        total.1 += sign * eg;
    }

    let mut score =
        (total.0 * phase + total.1 * (params::PHASE_TOTAL - phase)) / params::PHASE_TOTAL;

    // A side that cannot cross the river cannot mate: its advantage is mostly illusory.
    if (score > 0 && pos.has_insufficient_material(Color::Red))
        || (score < 0 && pos.has_insufficient_material(Color::Black))
    {
        score /= params::NO_ATTACKERS_DIVISOR;
    }

    let stm = if pos.turn() == Color::Red {
        score
    } else {
        -score
    };
    (stm + params::TEMPO).clamp(-EVAL_BOUND, EVAL_BOUND)
}

/// The midgame weight, 0 (bare endgame) ..= [`params::PHASE_TOTAL`] (all pieces on).
pub fn game_phase(pos: &Position) -> i32 {
    let mut phase = 0;
    for color in Color::ALL {
        for role in [Role::Horse, Role::Chariot, Role::Cannon] {
            phase += params::PHASE_WEIGHT[role.index()] * pos.count(color, role) as i32;
        }
    }
    phase.min(params::PHASE_TOTAL)
}

/// The palace of each colour, as a set of points.
static PALACE: [Bitboard; 2] = {
    let mut t = [Bitboard::EMPTY; 2];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = (sq % 9, sq / 9);
        if f >= 3 && f <= 5 {
            if r <= 2 {
                t[0].0 |= 1u128 << sq;
            } else if r >= 7 {
                t[1].0 |= 1u128 << sq;
            }
        }
        sq += 1;
    }
    t
};

/// Attack sets of one side, gathered once for all terms.
struct SideInfo {
    /// Every point the side attacks (own pieces included, so it also means "defends").
    all: Bitboard,
    /// Points attacked by the cheap pieces (soldiers, advisors, elephants, horses, cannons).
    cheap: Bitboard,
    /// Weighted count of pieces that can attack the enemy palace.
    attackers: i32,
    /// Mobility score.
    mobility: Pair,
    /// King-zone attack units against the enemy palace.
    zone_units: i32,
    /// How many pieces attack the enemy palace.
    zone_attackers: i32,
}

#[inline]
fn horse_targets(sq: Square, occupied: Bitboard) -> Bitboard {
    let mut targets = Bitboard::EMPTY;
    for d in 0..4 {
        let leg = attacks::HORSE_LEG[sq.index()][d];
        if leg != NONE && occupied.0 & (1u128 << leg) == 0 {
            targets |= attacks::HORSE_TARGETS[sq.index()][d];
        }
    }
    targets
}

#[inline]
fn add(acc: &mut Pair, weight: Pair, times: i32) {
    acc.0 += weight.0 * times;
    acc.1 += weight.1 * times;
}

impl SideInfo {
    fn new(pos: &Position, us: Color) -> SideInfo {
        let c = us.index();
        let occupied = pos.occupied();
        let own = pos.by_color(us);
        let enemy_palace = PALACE[(!us).index()];
        let mut info = SideInfo {
            all: Bitboard::EMPTY,
            cheap: Bitboard::EMPTY,
            attackers: 0,
            mobility: (0, 0),
            zone_units: 0,
            zone_attackers: 0,
        };
        let zone = |info: &mut SideInfo, role: Role, targets: Bitboard| {
            let hits = (targets & enemy_palace).count() as i32;
            if hits > 0 {
                info.zone_attackers += 1;
                info.zone_units += params::KING_ZONE_ATTACK_UNITS[role.index()] + hits;
            }
        };

        for sq in pos.pieces(us, Role::Chariot) {
            let reach = attacks::slide(sq, occupied, pos.file_occupancy(sq.file()));
            info.all |= reach;
            let moves = (reach - own).count() as i32;
            add(
                &mut info.mobility,
                params::CHARIOT_MOBILITY,
                moves - params::CHARIOT_MOBILITY_PIVOT,
            );
            zone(&mut info, Role::Chariot, reach);
            info.attackers += params::ATTACKER_WEIGHT[Role::Chariot.index()];
        }
        for sq in pos.pieces(us, Role::Horse) {
            let targets = horse_targets(sq, occupied);
            info.all |= targets;
            info.cheap |= targets;
            let moves = (targets - own).count() as i32;
            add(
                &mut info.mobility,
                params::HORSE_MOBILITY,
                moves - params::HORSE_MOBILITY_PIVOT,
            );
            if moves == 0 {
                add(&mut info.mobility, params::HORSE_TRAPPED, -1);
            }
            zone(&mut info, Role::Horse, targets);
            info.attackers += params::ATTACKER_WEIGHT[Role::Horse.index()];
        }
        for sq in pos.pieces(us, Role::Cannon) {
            let file_occ = pos.file_occupancy(sq.file());
            let quiet = attacks::slide(sq, occupied, file_occ) - occupied;
            let jumps = attacks::cannon_jump(sq, occupied, file_occ);
            info.all |= jumps;
            info.cheap |= jumps;
            let moves = (quiet.count() + (jumps - own).count()) as i32;
            add(
                &mut info.mobility,
                params::CANNON_MOBILITY,
                moves - params::CANNON_MOBILITY_PIVOT,
            );
            zone(&mut info, Role::Cannon, jumps);
            info.attackers += params::ATTACKER_WEIGHT[Role::Cannon.index()];
        }
        for sq in pos.pieces(us, Role::Soldier) {
            let targets = attacks::SOLDIER[c][sq.index()];
            info.all |= targets;
            info.cheap |= targets;
            if !sq.rank().is_home_of(us) {
                zone(&mut info, Role::Soldier, targets);
                info.attackers += params::ATTACKER_WEIGHT[Role::Soldier.index()];
            }
        }
        for sq in pos.pieces(us, Role::Advisor) {
            let targets = attacks::ADVISOR[c][sq.index()];
            info.all |= targets;
            info.cheap |= targets;
        }
        for sq in pos.pieces(us, Role::Elephant) {
            for &(eye, to) in &attacks::ELEPHANT[c][sq.index()] {
                if to != NONE && occupied.0 & (1u128 << eye) == 0 {
                    info.all.0 |= 1u128 << to;
                    info.cheap.0 |= 1u128 << to;
                }
            }
        }
        info.all |= attacks::GENERAL[c][pos.general(us).index()];
        info
    }
}

/// Terms for `us` (positive is good for `us`), except material and placement.
fn side_terms(
    pos: &Position,
    us: Color,
    mine: &SideInfo,
    theirs: &SideInfo,
    pieces_on_board: i32,
) -> Pair {
    let them = !us;
    let occupied = pos.occupied();
    let mut acc = mine.mobility;

    // Horse/cannon shift: cannons need screens, horses like open boards.
    let shift = (pieces_on_board - params::SCREEN_PIECES_PIVOT) * params::CANNON_SCREEN_BONUS;
    let shift_count = pos.count(us, Role::Cannon) as i32 - pos.count(us, Role::Horse) as i32;
    add(&mut acc, (shift, shift), shift_count);

    // King safety of the enemy general, scored for us as the attacker.
    let their_general = pos.general(them);
    let home_rank = if them == Color::Red {
        Rank::R0
    } else {
        Rank::R9
    };
    for sq in pos.pieces(us, Role::Cannon) {
        if sq.file() == their_general.file() {
            let screens = (attacks::between(sq, their_general) & occupied).count();
            match screens {
                0 if their_general.file() == File::E => add(&mut acc, params::EMPTY_HEAD_CANNON, 1),
                0 => add(&mut acc, params::EMPTY_HEAD_CANNON_SIDE, 1),
                2 => add(&mut acc, params::CANNON_TWO_SCREENS, 1),
                _ => {}
            }
            if screens == 1 && their_general.file() == File::E && sq.file() == File::E {
                add(&mut acc, params::CENTRAL_CANNON_PIN, 1);
            }
        } else if sq.rank() == their_general.rank() && their_general.rank() == home_rank {
            // The bottom cannon: aimed along the back rank.
            let screens = (attacks::between(sq, their_general) & occupied).count();
            match screens {
                0 => add(&mut acc, params::EMPTY_HEAD_CANNON_SIDE, 1),
                2 => add(&mut acc, params::CANNON_TWO_SCREENS, 1),
                _ => {}
            }
        }
    }
    for sq in pos.pieces(us, Role::Chariot) {
        if sq.file() == their_general.file()
            && (attacks::between(sq, their_general) & occupied).count() == 1
        {
            add(&mut acc, params::CHARIOT_ON_GENERAL_FILE, 1);
        }
    }
    let missing_advisors = 2 - pos.count(them, Role::Advisor).min(2) as i32;
    let missing_elephants = 2 - pos.count(them, Role::Elephant).min(2) as i32;
    let integrity = (missing_advisors * params::MISSING_ADVISOR
        + missing_elephants * params::MISSING_ELEPHANT)
        * mine.attackers
        / 4;
    add(&mut acc, (integrity, integrity), 1);
    if their_general.rank() != home_rank {
        acc.0 += params::GENERAL_RAISED * mine.attackers / 8;
    }
    if mine.zone_attackers >= 2 {
        let danger = (mine.zone_units * mine.zone_units / params::KING_DANGER_DIVISOR)
            .min(params::KING_DANGER_MAX);
        acc.0 += danger;
    }

    // Connected crossed soldiers.
    let soldiers = pos.pieces(us, Role::Soldier);
    for sq in soldiers {
        if !sq.rank().is_home_of(us) {
            if let Some(right) = sq.offset(1, 0) {
                if soldiers.contains(right) {
                    add(&mut acc, params::CONNECTED_SOLDIERS, 1);
                }
            }
        }
    }

    // Enemy pieces we attack that are undefended, or attacked by something cheaper.
    let our_soldier_reach = {
        let mut reach = Bitboard::EMPTY;
        for sq in soldiers {
            reach |= attacks::SOLDIER[us.index()][sq.index()];
        }
        reach
    };
    let targets = pos.by_color(them) - Bitboard::from_square(their_general);
    let attacked = targets & mine.all;
    let undefended = attacked - theirs.all;
    let chariots_hit = pos.pieces(them, Role::Chariot) & mine.cheap;
    let minors_hit =
        (pos.pieces(them, Role::Horse) | pos.pieces(them, Role::Cannon)) & our_soldier_reach;
    let hanging = (undefended | chariots_hit | minors_hit).count() as i32;
    add(&mut acc, params::HANGING_PIECE, hanging.min(2));
    acc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_balanced_up_to_the_tempo() {
        let pos = Position::startpos();
        assert_eq!(evaluate(&pos), params::TEMPO);
    }

    #[test]
    fn evaluation_is_colour_symmetric() {
        for fen in [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
            "3aka1n1/n6r1/b3b1r2/p1p6/4pc2p/P5P2/2P1P3P/Bc1CK4/3N1N2R/R2A1AB2 w - - 3 25",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            assert_eq!(evaluate(&pos), evaluate(&pos.mirror()), "{fen}");
        }
    }

    #[test]
    fn an_extra_chariot_is_a_big_advantage() {
        // Black's a9 chariot removed: Red, to move, should be far ahead.
        let pos = Position::from_fen(
            "1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        )
        .unwrap();
        assert!(evaluate(&pos) > 700, "{}", evaluate(&pos));
    }

    #[test]
    fn bare_defenders_cannot_win() {
        // Red has a general and two advisors against a bare general: no way to mate.
        let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1").unwrap();
        assert!(evaluate(&pos).abs() < 60, "{}", evaluate(&pos));
    }
}
