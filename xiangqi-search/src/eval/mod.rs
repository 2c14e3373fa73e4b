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
//! Every weight is a named constant in [`crate::params`]. The terms are handed to an
//! [`EvalSink`]: the search's sink adds the weights up, a tuning tool's sink ([`trace`]) records
//! how often each term occurs, so both see exactly the same evaluation.

pub mod janggi;
pub mod pst;

use crate::params::{self, Pair};
use crate::score::{Value, EVAL_BOUND};
use std::sync::{Arc, OnceLock};
use xiangqi_core::attacks;
use xiangqi_core::{Bitboard, Color, File, Piece, Position, Rank, Role, Square, Variant};
use xiangqi_nnue::{NetError, NetGame, Network};

/// A tunable evaluation term other than material and placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Term {
    /// [`params::CHARIOT_MOBILITY`], per point above the pivot.
    ChariotMobility,
    /// [`params::HORSE_MOBILITY`], per move above the pivot.
    HorseMobility,
    /// [`params::HORSE_TRAPPED`].
    HorseTrapped,
    /// [`params::CANNON_MOBILITY`], per move above the pivot.
    CannonMobility,
    /// [`params::CANNON_SCREEN_BONUS`], per (piece above the pivot x cannon minus horse).
    ScreenShift,
    /// [`params::EMPTY_HEAD_CANNON`].
    EmptyHeadCannon,
    /// [`params::EMPTY_HEAD_CANNON_SIDE`].
    EmptyHeadCannonSide,
    /// [`params::CANNON_TWO_SCREENS`].
    CannonTwoScreens,
    /// [`params::CENTRAL_CANNON_PIN`].
    CentralCannonPin,
    /// [`params::CHARIOT_ON_GENERAL_FILE`].
    ChariotOnGeneralFile,
    /// [`params::MISSING_ADVISOR`], per missing advisor and attacker unit.
    MissingAdvisor,
    /// [`params::MISSING_ELEPHANT`], per missing elephant and attacker unit.
    MissingElephant,
    /// [`params::GENERAL_RAISED`], per attacker unit.
    GeneralRaised,
    /// [`params::CONNECTED_SOLDIERS`].
    ConnectedSoldiers,
    /// [`params::HANGING_PIECE`].
    HangingPiece,
    /// [`params::KING_ZONE_ATTACK`], per attack unit on the enemy palace (two attackers at
    /// least).
    KingZoneAttack,
    /// [`params::SAFE_CHARIOT_CHECK`], per point (at most two).
    SafeChariotCheck,
    /// [`params::SAFE_CANNON_CHECK`], per point (at most two).
    SafeCannonCheck,
    /// [`params::SAFE_HORSE_CHECK`], per point (at most two).
    SafeHorseCheck,
}

impl Term {
    /// Every term.
    pub const ALL: [Term; 19] = [
        Term::ChariotMobility,
        Term::HorseMobility,
        Term::HorseTrapped,
        Term::CannonMobility,
        Term::ScreenShift,
        Term::EmptyHeadCannon,
        Term::EmptyHeadCannonSide,
        Term::CannonTwoScreens,
        Term::CentralCannonPin,
        Term::ChariotOnGeneralFile,
        Term::MissingAdvisor,
        Term::MissingElephant,
        Term::GeneralRaised,
        Term::ConnectedSoldiers,
        Term::HangingPiece,
        Term::KingZoneAttack,
        Term::SafeChariotCheck,
        Term::SafeCannonCheck,
        Term::SafeHorseCheck,
    ];

    /// The term's weight.
    #[inline]
    pub const fn weight(self) -> Pair {
        match self {
            Term::ChariotMobility => params::CHARIOT_MOBILITY,
            Term::HorseMobility => params::HORSE_MOBILITY,
            Term::HorseTrapped => params::HORSE_TRAPPED,
            Term::CannonMobility => params::CANNON_MOBILITY,
            Term::ScreenShift => params::CANNON_SCREEN_BONUS,
            Term::EmptyHeadCannon => params::EMPTY_HEAD_CANNON,
            Term::EmptyHeadCannonSide => params::EMPTY_HEAD_CANNON_SIDE,
            Term::CannonTwoScreens => params::CANNON_TWO_SCREENS,
            Term::CentralCannonPin => params::CENTRAL_CANNON_PIN,
            Term::ChariotOnGeneralFile => params::CHARIOT_ON_GENERAL_FILE,
            Term::MissingAdvisor => params::MISSING_ADVISOR,
            Term::MissingElephant => params::MISSING_ELEPHANT,
            Term::GeneralRaised => params::GENERAL_RAISED,
            Term::ConnectedSoldiers => params::CONNECTED_SOLDIERS,
            Term::HangingPiece => params::HANGING_PIECE,
            Term::KingZoneAttack => params::KING_ZONE_ATTACK,
            Term::SafeChariotCheck => params::SAFE_CHARIOT_CHECK,
            Term::SafeCannonCheck => params::SAFE_CANNON_CHECK,
            Term::SafeHorseCheck => params::SAFE_HORSE_CHECK,
        }
    }

    /// The constant's name in [`crate::params`].
    pub const fn name(self) -> &'static str {
        match self {
            Term::ChariotMobility => "CHARIOT_MOBILITY",
            Term::HorseMobility => "HORSE_MOBILITY",
            Term::HorseTrapped => "HORSE_TRAPPED",
            Term::CannonMobility => "CANNON_MOBILITY",
            Term::ScreenShift => "CANNON_SCREEN_BONUS",
            Term::EmptyHeadCannon => "EMPTY_HEAD_CANNON",
            Term::EmptyHeadCannonSide => "EMPTY_HEAD_CANNON_SIDE",
            Term::CannonTwoScreens => "CANNON_TWO_SCREENS",
            Term::CentralCannonPin => "CENTRAL_CANNON_PIN",
            Term::ChariotOnGeneralFile => "CHARIOT_ON_GENERAL_FILE",
            Term::MissingAdvisor => "MISSING_ADVISOR",
            Term::MissingElephant => "MISSING_ELEPHANT",
            Term::GeneralRaised => "GENERAL_RAISED",
            Term::ConnectedSoldiers => "CONNECTED_SOLDIERS",
            Term::HangingPiece => "HANGING_PIECE",
            Term::KingZoneAttack => "KING_ZONE_ATTACK",
            Term::SafeChariotCheck => "SAFE_CHARIOT_CHECK",
            Term::SafeCannonCheck => "SAFE_CANNON_CHECK",
            Term::SafeHorseCheck => "SAFE_HORSE_CHECK",
        }
    }
}

/// Receives the terms of an evaluation, each for one side (positive is good for that side).
pub trait EvalSink {
    /// `count` occurrences of a tunable term.
    fn term(&mut self, color: Color, term: Term, count: i32);
    /// A fixed (not tunable) amount in centipawns.
    fn fixed(&mut self, color: Color, value: Pair);
}

/// Adds the weights up, from Red's point of view.
struct Sum(Pair);

impl EvalSink for Sum {
    #[inline(always)]
    fn term(&mut self, color: Color, term: Term, count: i32) {
        let (mg, eg) = term.weight();
        let sign = if color == Color::Red { 1 } else { -1 };
        self.0 .0 += sign * mg * count;
        self.0 .1 += sign * eg * count;
    }

    #[inline(always)]
    fn fixed(&mut self, color: Color, value: Pair) {
        let sign = if color == Color::Red { 1 } else { -1 };
        self.0 .0 += sign * value.0;
        self.0 .1 += sign * value.1;
    }
}

/// Everything an evaluation is made of, for tuning tools: `score = scale * taper(psq + terms +
/// fixed)`, all from Red's point of view, then the tempo for the side to move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Trace {
    /// Every piece and its point (material and placement).
    pub pieces: Vec<(Piece, Square)>,
    /// Tunable terms with their counts from Red's point of view (Black's count negated).
    pub terms: Vec<(Term, i32)>,
    /// Fixed amounts from Red's point of view.
    pub fixed: Pair,
    /// The midgame weight, 0..=[`params::PHASE_TOTAL`].
    pub phase: i32,
    /// The final score is divided by this (1, or [`params::NO_ATTACKERS_DIVISOR`] when the side
    /// ahead cannot win).
    pub divisor: i32,
}

struct Recorder<'a>(&'a mut Trace);

impl EvalSink for Recorder<'_> {
    fn term(&mut self, color: Color, term: Term, count: i32) {
        let sign = if color == Color::Red { 1 } else { -1 };
        self.0.terms.push((term, sign * count));
    }

    fn fixed(&mut self, color: Color, value: Pair) {
        let sign = if color == Color::Red { 1 } else { -1 };
        self.0.fixed.0 += sign * value.0;
        self.0.fixed.1 += sign * value.1;
    }
}

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
    if pos.variant().is_janggi() {
        return janggi::evaluate(pos);
    }
    let mut sum = Sum(psq);
    terms(pos, &mut sum);
    let phase = game_phase(pos);
    let total = sum.0;
    let mut score =
        (total.0 * phase + total.1 * (params::PHASE_TOTAL - phase)) / params::PHASE_TOTAL;
    score /= divisor(pos, score);
    let stm = if pos.turn() == Color::Red {
        score
    } else {
        -score
    };
    (stm + params::TEMPO).clamp(-EVAL_BOUND, EVAL_BOUND)
}

/// Records the evaluation's parts (see [`Trace`]).
pub fn trace(pos: &Position) -> Trace {
    let mut trace = Trace::default();
    for color in Color::ALL {
        for role in Role::ALL {
            for sq in pos.pieces(color, role) {
                trace.pieces.push((Piece::new(color, role), sq));
            }
        }
    }
    terms(pos, &mut Recorder(&mut trace));
    trace.phase = game_phase(pos);
    let score = evaluate_with(pos, psq_total(pos)) - params::TEMPO;
    let red_score = if pos.turn() == Color::Red {
        score
    } else {
        -score
    };
    trace.divisor = divisor(pos, red_score);
    trace
}

/// A side that cannot mate keeps little of its advantage.
#[inline]
fn divisor(pos: &Position, red_score: i32) -> i32 {
    if (red_score > 0 && pos.has_insufficient_material(Color::Red))
        || (red_score < 0 && pos.has_insufficient_material(Color::Black))
    {
        params::NO_ATTACKERS_DIVISOR
    } else {
        1
    }
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

/// Attack sets of one side, gathered once for all terms.
struct SideInfo {
    /// Every point the side attacks (own pieces included, so it also means "defends").
    all: Bitboard,
    /// Points attacked by the cheap pieces (soldiers, advisors, elephants, horses, cannons).
    cheap: Bitboard,
    /// Weighted count of pieces that can attack the enemy palace.
    attackers: i32,
    /// King-zone attack units against the enemy palace.
    zone_units: i32,
    /// How many pieces attack the enemy palace.
    zone_attackers: i32,
    /// Where the chariots can go (captures included).
    chariot_reach: Bitboard,
    /// Where the cannons can move without capturing, and capture.
    cannon_reach: Bitboard,
    /// Where the horses can go.
    horse_reach: Bitboard,
}

/// Gathers one side's attacks and reports its mobility terms.
#[inline]
fn side_info<S: EvalSink>(pos: &Position, us: Color, sink: &mut S) -> SideInfo {
    let occupied = pos.occupied();
    let own = pos.by_color(us);
    let enemy_palace = attacks::palace(!us);
    let mut info = SideInfo {
        all: Bitboard::EMPTY,
        cheap: Bitboard::EMPTY,
        attackers: 0,
        zone_units: 0,
        zone_attackers: 0,
        chariot_reach: Bitboard::EMPTY,
        cannon_reach: Bitboard::EMPTY,
        horse_reach: Bitboard::EMPTY,
    };
    let zone = |info: &mut SideInfo, role: Role, targets: Bitboard| {
        let hits = (targets & enemy_palace).count() as i32;
        if hits > 0 {
            info.zone_attackers += 1;
            info.zone_units += params::KING_ZONE_ATTACK_UNITS[role.index()] + hits;
        }
    };
    let (mut chariot_moves, mut horse_moves, mut cannon_moves, mut trapped) = (0, 0, 0, 0);

    for sq in pos.pieces(us, Role::Chariot) {
        let reach = attacks::chariot_attacks_on_file(sq, occupied, pos.file_occupancy(sq.file()));
        info.all |= reach;
        info.chariot_reach |= reach;
        chariot_moves += (reach - own).count() as i32 - params::CHARIOT_MOBILITY_PIVOT;
        zone(&mut info, Role::Chariot, reach);
        info.attackers += params::ATTACKER_WEIGHT[Role::Chariot.index()];
    }
    for sq in pos.pieces(us, Role::Horse) {
        let targets = attacks::horse_attacks(sq, occupied);
        info.all |= targets;
        info.cheap |= targets;
        info.horse_reach |= targets;
        let moves = (targets - own).count() as i32;
        horse_moves += moves - params::HORSE_MOBILITY_PIVOT;
        if moves == 0 {
            trapped -= 1;
        }
        zone(&mut info, Role::Horse, targets);
        info.attackers += params::ATTACKER_WEIGHT[Role::Horse.index()];
    }
    for sq in pos.pieces(us, Role::Cannon) {
        let file_occ = pos.file_occupancy(sq.file());
        let quiet = attacks::chariot_attacks_on_file(sq, occupied, file_occ) - occupied;
        let jumps = attacks::cannon_attacks_on_file(sq, occupied, file_occ);
        info.all |= jumps;
        info.cheap |= jumps;
        info.cannon_reach |= quiet | jumps;
        cannon_moves +=
            (quiet.count() + (jumps - own).count()) as i32 - params::CANNON_MOBILITY_PIVOT;
        zone(&mut info, Role::Cannon, jumps);
        info.attackers += params::ATTACKER_WEIGHT[Role::Cannon.index()];
    }
    for sq in pos.pieces(us, Role::Soldier) {
        let targets = attacks::soldier_attacks(us, sq);
        info.all |= targets;
        info.cheap |= targets;
        if !sq.rank().is_home_of(us) {
            zone(&mut info, Role::Soldier, targets);
            info.attackers += params::ATTACKER_WEIGHT[Role::Soldier.index()];
        }
    }
    for sq in pos.pieces(us, Role::Advisor) {
        let targets = attacks::advisor_attacks(us, sq);
        info.all |= targets;
        info.cheap |= targets;
    }
    for sq in pos.pieces(us, Role::Elephant) {
        let targets = attacks::elephant_attacks(us, sq, occupied);
        info.all |= targets;
        info.cheap |= targets;
    }
    info.all |= attacks::general_attacks(us, pos.general(us));
    sink.term(us, Term::ChariotMobility, chariot_moves);
    sink.term(us, Term::HorseMobility, horse_moves);
    sink.term(us, Term::HorseTrapped, trapped);
    sink.term(us, Term::CannonMobility, cannon_moves);
    info
}

/// Reports every term except material and placement.
#[inline]
fn terms<S: EvalSink>(pos: &Position, sink: &mut S) {
    let red = side_info(pos, Color::Red, sink);
    let black = side_info(pos, Color::Black, sink);
    let pieces_on_board = pos.occupied().count() as i32;
    side_terms(pos, Color::Red, &red, &black, pieces_on_board, sink);
    side_terms(pos, Color::Black, &black, &red, pieces_on_board, sink);
}

/// Terms for `us` as the attacker of the enemy general, and its soldiers and threats.
#[inline]
fn side_terms<S: EvalSink>(
    pos: &Position,
    us: Color,
    mine: &SideInfo,
    theirs: &SideInfo,
    pieces_on_board: i32,
    sink: &mut S,
) {
    let them = !us;
    let occupied = pos.occupied();

    // Horse/cannon shift: cannons need screens, horses like open boards.
    let shift_count = pos.count(us, Role::Cannon) as i32 - pos.count(us, Role::Horse) as i32;
    sink.term(
        us,
        Term::ScreenShift,
        (pieces_on_board - params::SCREEN_PIECES_PIVOT) * shift_count,
    );

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
                0 if their_general.file() == File::E => sink.term(us, Term::EmptyHeadCannon, 1),
                0 => sink.term(us, Term::EmptyHeadCannonSide, 1),
                1 if their_general.file() == File::E => sink.term(us, Term::CentralCannonPin, 1),
                2 => sink.term(us, Term::CannonTwoScreens, 1),
                _ => {}
            }
        } else if sq.rank() == their_general.rank() && their_general.rank() == home_rank {
            // The bottom cannon: aimed along the back rank.
            match (attacks::between(sq, their_general) & occupied).count() {
                0 => sink.term(us, Term::EmptyHeadCannonSide, 1),
                2 => sink.term(us, Term::CannonTwoScreens, 1),
                _ => {}
            }
        }
    }
    for sq in pos.pieces(us, Role::Chariot) {
        if sq.file() == their_general.file()
            && (attacks::between(sq, their_general) & occupied).count() == 1
        {
            sink.term(us, Term::ChariotOnGeneralFile, 1);
        }
    }
    let missing_advisors = 2 - pos.count(them, Role::Advisor).min(2) as i32;
    let missing_elephants = 2 - pos.count(them, Role::Elephant).min(2) as i32;
    sink.term(us, Term::MissingAdvisor, missing_advisors * mine.attackers);
    sink.term(
        us,
        Term::MissingElephant,
        missing_elephants * mine.attackers,
    );
    if their_general.rank() != home_rank {
        sink.term(us, Term::GeneralRaised, mine.attackers);
    }
    if mine.zone_attackers >= 2 {
        sink.term(us, Term::KingZoneAttack, mine.zone_units);
    }

    // Safe checks: points from which a piece of ours could check the general next move and
    // that the enemy does not guard. In xiangqi attacks are made of checks.
    let file_occ = pos.file_occupancy(their_general.file());
    let lines = attacks::chariot_attacks_on_file(their_general, occupied, file_occ);
    let unsafe_points = theirs.all | pos.by_color(us);
    let chariot_checks = (lines & mine.chariot_reach) - unsafe_points;
    sink.term(
        us,
        Term::SafeChariotCheck,
        chariot_checks.count().min(2) as i32,
    );
    // A cannon checks from beyond the first piece on a line, up to the second.
    let screens = lines & occupied;
    let mut beyond_file_occ = file_occ;
    for screen in screens & Bitboard::file(their_general.file()) {
        beyond_file_occ &= !(1 << screen.rank().index());
    }
    let cannon_points =
        attacks::chariot_attacks_on_file(their_general, occupied - screens, beyond_file_occ)
            - lines;
    let cannon_checks = (cannon_points & mine.cannon_reach) - unsafe_points;
    sink.term(
        us,
        Term::SafeCannonCheck,
        cannon_checks.count().min(2) as i32,
    );
    let horse_points = attacks::horse_attackers(their_general, occupied);
    let horse_checks = (horse_points & mine.horse_reach) - unsafe_points;
    sink.term(us, Term::SafeHorseCheck, horse_checks.count().min(2) as i32);

    // Connected crossed soldiers.
    let soldiers = pos.pieces(us, Role::Soldier);
    let mut connected = 0;
    let mut soldier_reach = Bitboard::EMPTY;
    for sq in soldiers {
        soldier_reach |= attacks::soldier_attacks(us, sq);
        if !sq.rank().is_home_of(us)
            && sq
                .offset(1, 0)
                .is_some_and(|right| soldiers.contains(right))
        {
            connected += 1;
        }
    }
    sink.term(us, Term::ConnectedSoldiers, connected);

    // Enemy pieces we attack that are undefended, or attacked by something cheaper.
    let targets = pos.by_color(them) - Bitboard::from_square(their_general);
    let undefended = (targets & mine.all) - theirs.all;
    let chariots_hit = pos.pieces(them, Role::Chariot) & mine.cheap;
    let minors_hit =
        (pos.pieces(them, Role::Horse) | pos.pieces(them, Role::Cannon)) & soldier_reach;
    let hanging = (undefended | chariots_hit | minors_hit).count() as i32;
    sink.term(us, Term::HangingPiece, hanging.min(2));
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

    #[test]
    fn the_trace_adds_up_to_the_evaluation() {
        for fen in [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
            "3aka1n1/n6r1/b3b1r2/p1p6/4pc2p/P5P2/2P1P3P/Bc1CK4/3N1N2R/R2A1AB2 w - - 3 25",
            "4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let t = trace(&pos);
            let mut total = t.fixed;
            for &(piece, sq) in &t.pieces {
                let v = pst::psq_red(piece, sq);
                total.0 += v.0;
                total.1 += v.1;
            }
            for &(term, count) in &t.terms {
                total.0 += term.weight().0 * count;
                total.1 += term.weight().1 * count;
            }
            let tapered = (total.0 * t.phase + total.1 * (params::PHASE_TOTAL - t.phase))
                / params::PHASE_TOTAL
                / t.divisor;
            let stm = if pos.turn() == Color::Red {
                tapered
            } else {
                -tapered
            };
            assert_eq!(stm + params::TEMPO, evaluate(&pos), "{fen}");
        }
    }
}

/// Which static evaluation the search uses.
#[derive(Clone, Debug)]
pub enum Evaluation {
    /// The hand-written evaluation of this module.
    Classical,
    /// A learned evaluation (NNUE), kept move by move by the search: one net a game.
    Nnue(Nets),
}

/// The nets of a learned evaluation, one a game: each game's shipped net unless a net of that
/// game was chosen. Choosing a net of one game leaves the other game's net as it was.
#[derive(Clone, Debug, Default)]
pub struct Nets {
    xiangqi: Option<Arc<Network>>,
    janggi: Option<Arc<Network>>,
}

impl Nets {
    /// The shipped nets.
    pub fn shipped() -> Nets {
        Nets::default()
    }

    /// These nets with `net` for its game (the other game's net is kept).
    pub fn with(mut self, net: Arc<Network>) -> Nets {
        let game = net.game();
        *self.slot(game) = Some(net);
        self
    }

    /// These nets with `game` back on its shipped net.
    pub fn with_shipped(mut self, game: NetGame) -> Nets {
        *self.slot(game) = None;
        self
    }

    /// The net that evaluates `game`: the chosen one, else the shipped one (`None` for a game
    /// no net ships for).
    pub fn get(&self, game: NetGame) -> Option<&Network> {
        match self.chosen(game) {
            Some(net) => Some(net),
            None => Evaluation::default_net_for(game),
        }
    }

    /// The net chosen for `game`, `None` when it plays on its shipped net.
    pub fn chosen(&self, game: NetGame) -> Option<&Arc<Network>> {
        match game {
            NetGame::Xiangqi => self.xiangqi.as_ref(),
            NetGame::Janggi => self.janggi.as_ref(),
        }
    }

    fn slot(&mut self, game: NetGame) -> &mut Option<Arc<Network>> {
        match game {
            NetGame::Xiangqi => &mut self.xiangqi,
            NetGame::Janggi => &mut self.janggi,
        }
    }
}

impl From<Arc<Network>> for Nets {
    /// The shipped nets with `net` for its game.
    fn from(net: Arc<Network>) -> Nets {
        Nets::shipped().with(net)
    }
}

impl PartialEq for Nets {
    fn eq(&self, other: &Nets) -> bool {
        [NetGame::Xiangqi, NetGame::Janggi].into_iter().all(|game| {
            match (self.get(game), other.get(game)) {
                (Some(a), Some(b)) => std::ptr::eq(a, b) || a == b,
                (a, b) => a.is_none() && b.is_none(),
            }
        })
    }
}

impl Eq for Nets {}

impl Evaluation {
    /// The xiangqi net shipped with the engine.
    pub fn default_net() -> Arc<Network> {
        static NET: OnceLock<Arc<Network>> = OnceLock::new();
        NET.get_or_init(|| {
            Arc::new(Network::from_bytes(DEFAULT_NET).expect("the embedded net is valid"))
        })
        .clone()
    }

    /// The net shipped for `game`, if one ships.
    pub fn default_net_for(game: NetGame) -> Option<&'static Network> {
        static JANGGI: OnceLock<Option<Network>> = OnceLock::new();
        static XIANGQI: OnceLock<Arc<Network>> = OnceLock::new();
        match game {
            NetGame::Xiangqi => Some(XIANGQI.get_or_init(Evaluation::default_net)),
            NetGame::Janggi => JANGGI
                .get_or_init(|| {
                    DEFAULT_JANGGI_NET
                        .map(|bytes| Network::from_bytes(bytes).expect("the embedded net is valid"))
                })
                .as_ref(),
        }
    }

    /// The evaluation with the shipped nets.
    pub fn default_nnue() -> Evaluation {
        Evaluation::Nnue(Nets::shipped())
    }

    /// The learned evaluation with `net` for its game and the other game's shipped net.
    pub fn nnue(net: Arc<Network>) -> Evaluation {
        Evaluation::Nnue(net.into())
    }

    /// Loads a net file for [`Evaluation::Nnue`]. The net serves the game its file names; the
    /// other game keeps its shipped net.
    pub fn from_net_bytes(bytes: &[u8]) -> Result<Evaluation, NetError> {
        Network::from_bytes(bytes).map(|net| Evaluation::nnue(Arc::new(net)))
    }

    /// This evaluation with `net` for its game: the learned one, keeping the nets it has for
    /// the other game (a classical evaluation starts from the shipped nets).
    pub fn with_net(&self, net: Arc<Network>) -> Evaluation {
        Evaluation::Nnue(self.nets().with(net))
    }

    /// The nets of this evaluation, or the shipped ones for the classical evaluation (the nets
    /// `Evaluation nnue` would use).
    pub fn nets(&self) -> Nets {
        match self {
            Evaluation::Classical => Nets::shipped(),
            Evaluation::Nnue(nets) => nets.clone(),
        }
    }

    /// The xiangqi net, if this is a learned evaluation.
    pub fn net(&self) -> Option<&Network> {
        match self {
            Evaluation::Classical => None,
            Evaluation::Nnue(nets) => nets.get(NetGame::Xiangqi),
        }
    }

    /// The net that evaluates positions of `variant`: the net chosen for that game, else the
    /// game's shipped net; `None` for the classical evaluation, and for a game no net ships
    /// for (its hand-written evaluation is used).
    pub fn net_for(&self, variant: Variant) -> Option<&Network> {
        match self {
            Evaluation::Classical => None,
            Evaluation::Nnue(nets) => nets.get(NetGame::of(variant)),
        }
    }

    /// `"classical"` or `"nnue"`.
    pub fn name(&self) -> &'static str {
        match self {
            Evaluation::Classical => "classical",
            Evaluation::Nnue(_) => "nnue",
        }
    }
}

/// The shipped xiangqi net's file.
const DEFAULT_NET: &[u8] = include_bytes!("../../nets/default.nnue");
/// The shipped janggi net's file.
const DEFAULT_JANGGI_NET: Option<&[u8]> = Some(include_bytes!("../../nets/janggi.nnue"));

impl Default for Evaluation {
    /// The learned evaluation with the shipped net.
    fn default() -> Evaluation {
        Evaluation::default_nnue()
    }
}

impl PartialEq for Evaluation {
    fn eq(&self, other: &Evaluation) -> bool {
        match (self, other) {
            (Evaluation::Classical, Evaluation::Classical) => true,
            (Evaluation::Nnue(a), Evaluation::Nnue(b)) => a == b,
            _ => false,
        }
    }
}

impl Eq for Evaluation {}

/// The static score of `pos` for the side to move by `evaluation`, computed from scratch.
pub fn evaluate_by(evaluation: &Evaluation, pos: &Position) -> i32 {
    match evaluation.net_for(pos.variant()) {
        None if pos.variant().is_janggi() => janggi::evaluate(pos),
        None => evaluate(pos),
        Some(net) => xiangqi_nnue::evaluate_reference(net, pos).clamp(-EVAL_BOUND, EVAL_BOUND),
    }
}
