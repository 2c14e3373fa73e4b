//! Every tunable number of the engine, in one place.
//!
//! Evaluation terms are `(midgame, endgame)` pairs in centipawns, blended by game phase; search
//! margins are in centipawns unless named otherwise. The search numbers of [`TUNABLES`] are
//! where an SPSA run (`xiangqi tune spsa`, docs/strength.md) left them, rounded. Piece-square tables live in
//! [`crate::eval::pst`] because of their size, but they are tunables too.

/// A `(midgame, endgame)` pair of centipawns.
pub type Pair = (i32, i32);

// ----- material ---------------------------------------------------------------------------------

/// Soldier before the river; its advance is paid by the piece-square table.
pub const SOLDIER_VALUE: Pair = (109, 129);
/// Advisor: a defender whose worth depends on the attackers left (see king safety).
pub const ADVISOR_VALUE: Pair = (174, 162);
/// Elephant: like the advisor, a defender.
pub const ELEPHANT_VALUE: Pair = (169, 163);
/// Horse: gains in the endgame when the board opens and the cannon loses its screens.
pub const HORSE_VALUE: Pair = (436, 487);
/// Cannon: strongest with many screens on the board.
pub const CANNON_VALUE: Pair = (466, 429);
/// Chariot: the strongest piece.
pub const CHARIOT_VALUE: Pair = (1027, 1114);

/// Extra for the cannon (and minus for the horse) per piece on the board above
/// [`SCREEN_PIECES_PIVOT`]: the horse/cannon shift as material comes off.
pub const CANNON_SCREEN_BONUS: Pair = (1, 2);
/// The piece count (both sides, generals included) where horse and cannon are worth their
/// table values.
pub const SCREEN_PIECES_PIVOT: i32 = 20;

/// Game phase weight of each role (General, Advisor, Elephant, Horse, Chariot, Cannon, Soldier).
pub const PHASE_WEIGHT: [i32; 7] = [0, 0, 0, 2, 4, 2, 0];
/// Phase total of the starting material.
pub const PHASE_TOTAL: i32 = 2 * (2 * 2 + 2 * 4 + 2 * 2);

// ----- mobility ---------------------------------------------------------------------------------

/// Per reachable point above or below [`CHARIOT_MOBILITY_PIVOT`].
pub const CHARIOT_MOBILITY: Pair = (5, 3);
/// The chariot's typical count of reachable points.
pub const CHARIOT_MOBILITY_PIVOT: i32 = 7;
/// Per horse move above or below [`HORSE_MOBILITY_PIVOT`]: a hobbled horse is a poor piece.
pub const HORSE_MOBILITY: Pair = (12, 4);
/// The horse's typical move count.
pub const HORSE_MOBILITY_PIVOT: i32 = 4;
/// Extra penalty for a horse with no move at all.
pub const HORSE_TRAPPED: Pair = (10, 94);
/// Per cannon move (quiet moves and captures) above or below [`CANNON_MOBILITY_PIVOT`].
pub const CANNON_MOBILITY: Pair = (3, 1);
/// The cannon's typical move count.
pub const CANNON_MOBILITY_PIVOT: i32 = 7;

// ----- king safety --------------------------------------------------------------------------------

/// An enemy cannon on the general's file or rank with nothing between: the "empty-head cannon",
/// which pins the palace (advisors and elephants cannot step onto the line).
pub const EMPTY_HEAD_CANNON: Pair = (132, -20);
/// ...the same when the general has left the central file, a lesser grip.
pub const EMPTY_HEAD_CANNON_SIDE: Pair = (41, 11);
/// An enemy cannon aimed at the general through two screens: one move from a check.
pub const CANNON_TWO_SCREENS: Pair = (23, 46);
/// A cannon on the central file with one of our own pieces as the screen and our general behind
/// it: a pinned screen ("central cannon" pressure).
pub const CENTRAL_CANNON_PIN: Pair = (20, 6);
/// An enemy chariot on the general's file with one piece between (a pin or a discovered threat).
pub const CHARIOT_ON_GENERAL_FILE: Pair = (36, 2);
/// Per missing advisor and per unit of enemy attackers (see [`ATTACKER_WEIGHT`]).
pub const MISSING_ADVISOR: Pair = (7, 7);
/// Per missing elephant and per unit of enemy attackers.
pub const MISSING_ELEPHANT: Pair = (7, 7);
/// Weights of enemy pieces counted as attackers for the palace-integrity terms, by role.
pub const ATTACKER_WEIGHT: [i32; 7] = [0, 0, 0, 2, 3, 2, 1];
/// The general off its home rank, per unit of enemy attackers: exposed to chariots and
/// cannons.
pub const GENERAL_RAISED: Pair = (10, 4);
/// Attack units per enemy piece attacking the palace zone, by role (plus one per palace point
/// it hits).
pub const KING_ZONE_ATTACK_UNITS: [i32; 7] = [0, 0, 0, 3, 4, 3, 2];
/// Per attack unit on the enemy palace, when at least two pieces attack it.
pub const KING_ZONE_ATTACK: Pair = (2, 2);
/// Per point (at most two) from which a chariot could check next move, unguarded by the enemy.
pub const SAFE_CHARIOT_CHECK: Pair = (116, -22);
/// Per point (at most two) from which a cannon could check next move, unguarded.
pub const SAFE_CANNON_CHECK: Pair = (28, 4);
/// Per point (at most two) from which a horse could check next move, unguarded.
pub const SAFE_HORSE_CHECK: Pair = (146, -18);

// ----- soldiers, threats, other ---------------------------------------------------------------

/// Two crossed soldiers side by side on one rank support each other.
pub const CONNECTED_SOLDIERS: Pair = (-18, -2);
/// A piece attacked by an enemy soldier, horse or cannon and not defended, or attacked by a
/// cheaper piece: the side to move is likely to win it, the other side to lose it.
pub const HANGING_PIECE: Pair = (24, 31);
/// The side to move's bonus.
pub const TEMPO: i32 = 12;
/// A side without pieces able to cross the river cannot win: its advantage is divided by this.
pub const NO_ATTACKERS_DIVISOR: i32 = 8;

// ----- search ----------------------------------------------------------------------------------

/// First half-width of the aspiration window.
pub const ASPIRATION_DELTA: i32 = 19;
/// Depth from which aspiration windows are used.
pub const ASPIRATION_MIN_DEPTH: i32 = 4;
// The margins that trust the static evaluation to skip moves (razoring, reverse futility,
// futility) are wide and the null move reduces hard: the net misjudges some positions by
// several pawns, and where it does a tight margin cuts the very replies that would show it, at
// any depth, while a null-move search still looks at them.

/// Razoring: at depth `d` <= [`RAZOR_MAX_DEPTH`], drop into quiescence when the static eval is
/// below alpha by `RAZOR_MARGIN * (1 + d * d)`.
pub const RAZOR_MARGIN: i32 = 412;
/// See [`RAZOR_MARGIN`].
pub const RAZOR_MAX_DEPTH: i32 = 3;
/// Reverse futility: a static eval above beta by `RFP_MARGIN * d` (less when improving) returns.
pub const RFP_MARGIN: i32 = 150;
/// See [`RFP_MARGIN`].
pub const RFP_MAX_DEPTH: i32 = 7;
/// Null move: minimum depth.
pub const NMP_MIN_DEPTH: i32 = 2;
/// Null move: base reduction.
pub const NMP_BASE_REDUCTION: i32 = 4;
/// Null move: one more ply of reduction per this many plies of depth.
pub const NMP_DEPTH_DIVISOR: i32 = 3;
/// Null move: one more ply per this many centipawns of eval above beta (at most 3).
pub const NMP_EVAL_DIVISOR: i32 = 203;
/// Null move: depth from which a fail-high is verified by a reduced normal search, as a guard
/// against zugzwang.
pub const NMP_VERIFY_DEPTH: i32 = 10;
/// ProbCut: depth from which a capture whose reduced search clears beta by the margin ends a
/// node.
pub const PROBCUT_MIN_DEPTH: i32 = 5;
/// ProbCut: how far above beta the capture's reduced search must reach.
pub const PROBCUT_MARGIN: i32 = 171;
/// ProbCut: how much shallower the capture's search is.
pub const PROBCUT_REDUCTION: i32 = 4;
/// Internal iterative reduction: depth from which a node without a table move is searched one
/// ply shallower.
pub const IIR_MIN_DEPTH: i32 = 4;
/// Futility pruning of quiet moves at depth `d`: eval + `FUTILITY_BASE + FUTILITY_PER_DEPTH * d`
/// below alpha.
pub const FUTILITY_BASE: i32 = 125;
/// See [`FUTILITY_BASE`].
pub const FUTILITY_PER_DEPTH: i32 = 155;
/// See [`FUTILITY_BASE`].
pub const FUTILITY_MAX_DEPTH: i32 = 7;
/// Late-move pruning: at depth `d`, quiet moves after `LMP_BASE + d * d` (halved when not
/// improving) are skipped.
pub const LMP_BASE: i32 = 3;
/// See [`LMP_BASE`].
pub const LMP_MAX_DEPTH: i32 = 8;
/// SEE pruning of quiets at low depth: threshold `-SEE_QUIET_MARGIN * d * d` (reduced depth).
pub const SEE_QUIET_MARGIN: i32 = 26;
/// SEE pruning of captures at low depth: threshold `-SEE_CAPTURE_MARGIN * d`.
pub const SEE_CAPTURE_MARGIN: i32 = 102;
/// See [`SEE_QUIET_MARGIN`].
pub const SEE_PRUNE_MAX_DEPTH: i32 = 8;
/// LMR table: `LMR_BASE + ln(depth) * ln(move number) / LMR_DIVISOR`, in hundredths.
pub const LMR_BASE: i32 = 76;
/// See [`LMR_BASE`].
pub const LMR_DIVISOR: i32 = 221;
/// The statistics score (twice the butterfly history plus the continuation histories) that
/// changes a quiet move's reduction by one ply.
pub const LMR_HISTORY_DIVISOR: i32 = 16271;
/// After a reduced search beat alpha, the full-depth verification goes one ply deeper when
/// the reduced score beat the best so far by this plus two per ply of depth...
pub const LMR_DEEPER_MARGIN: i32 = 29;
/// ...and one ply shallower when it beat the best by less than this.
pub const LMR_SHALLOWER_MARGIN: i32 = 7;
/// History pruning: at a reduced depth of at most this, a quiet move whose continuation
/// histories sum below `-HISTORY_PRUNE_MARGIN * depth` is skipped.
pub const HISTORY_PRUNE_MAX_DEPTH: i32 = 5;
/// See [`HISTORY_PRUNE_MAX_DEPTH`].
pub const HISTORY_PRUNE_MARGIN: i32 = 2643;
/// Quiescence: delta pruning margin over the captured piece's value.
pub const DELTA_MARGIN: i32 = 173;
/// Xiangqi's net's scale against the exchange values (static exchange evaluation), in percent:
/// where the search compares the net's scores with exchange values it scales them by this.
/// The exchange values are on the hand-written evaluation's scale (which keeps 100); the net
/// values a piece about half as much again (a chariot about 1,600, a cannon about 700). In
/// quiescence's delta pruning a captured piece counts at this scale (with the exchange value
/// a recapture that restores the balance after a chariot was taken counted as hopeless), and
/// ProbCut's capture filter reads the net's gap to its bound at the exchange values' scale
/// (measured unscaled, it tried too few captures). Set by hand to 150, moved to 160 by the
/// SPSA run. Janggi keeps 100: there the delta-pruning
/// change lost (28-36 over 64 games), and it has no ProbCut.
pub const NET_SCALE_PERCENT: i32 = 160;
/// Quiescence: captures whose SEE is below this are skipped.
pub const QS_SEE_THRESHOLD: i32 = 0;
/// History bonus: `min(HISTORY_BONUS_MUL * d * d + HISTORY_BONUS_ADD * d, HISTORY_BONUS_MAX)`.
pub const HISTORY_BONUS_MUL: i32 = 6;
/// See [`HISTORY_BONUS_MUL`].
pub const HISTORY_BONUS_ADD: i32 = 60;
/// See [`HISTORY_BONUS_MUL`].
pub const HISTORY_BONUS_MAX: i32 = 1509;
/// The history scores saturate at this magnitude (the update is a running average).
pub const HISTORY_MAX: i32 = 16384;
/// Singular extension: minimum depth.
pub const SINGULAR_MIN_DEPTH: i32 = 8;
/// Singular extension: margin per depth ply.
pub const SINGULAR_MARGIN: i32 = 2;
/// Correction history: the weights (per 1024) of the soldier table and of each side's
/// other-pieces table in the correction of the static evaluation.
pub const CORRECTION_WEIGHTS: [i32; 3] = [512, 256, 256];
/// Correction history: the largest error (centipawns) an update pulls toward.
pub const CORRECTION_MAX: i32 = 256;
/// Correction history: an update at depth `d` moves an entry by `min((d + 1)^2, this)` parts
/// in [`CORRECTION_WEIGHT_SCALE`] toward the error.
pub const CORRECTION_MAX_WEIGHT: i32 = 128;
/// See [`CORRECTION_MAX_WEIGHT`].
pub const CORRECTION_WEIGHT_SCALE: i32 = 1024;
/// A check extension is applied up to this many plies past the iteration depth times two.
pub const CHECK_EXTENSION_PLY_FACTOR: i32 = 2;

// ----- time management -------------------------------------------------------------------------

/// Assumed moves left in a game without `movestogo`.
pub const DEFAULT_MOVES_TO_GO: u64 = 26;
/// Time reserved for communication per move, in milliseconds, by default (the UCI option
/// `Move Overhead`; the Stockfish family's default): taken off the clock before it is shared
/// out (a fixed move time is spent whole, as there).
pub const DEFAULT_MOVE_OVERHEAD_MS: u64 = 10;
/// The largest `Move Overhead` accepted, in milliseconds.
pub const MAX_MOVE_OVERHEAD_MS: u64 = 5000;
/// The hard limit may use at most this fraction (per mille) of the remaining time.
pub const MAX_TIME_FRACTION_PERMILLE: u64 = 400;
/// The hard limit is at most this multiple of the optimum time.
pub const MAX_TIME_MULTIPLE: u64 = 5;
/// When the best move stayed the same for several iterations, the optimum shrinks to this
/// percentage.
pub const STABLE_TIME_PERCENT: u64 = 60;
/// When the best move just changed, the optimum grows to this percentage.
pub const UNSTABLE_TIME_PERCENT: u64 = 170;
/// When the score dropped by more than [`SCORE_DROP_MARGIN`], the optimum grows to this
/// percentage.
pub const SCORE_DROP_TIME_PERCENT: u64 = 150;
/// See [`SCORE_DROP_TIME_PERCENT`].
pub const SCORE_DROP_MARGIN: i32 = 40;

// ----- levels ----------------------------------------------------------------------------------

/// How a level weakens the engine: caps on the search, and how the move is picked among the
/// root lines (a softmax over their scores with `temperature` centipawns, never straying more
/// than `margin` below the best line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelParams {
    /// Maximum iteration depth.
    pub depth: Option<u32>,
    /// Maximum nodes per move.
    pub nodes: Option<u64>,
    /// Root lines searched exactly (the candidates for the random choice).
    pub multipv: usize,
    /// Softmax temperature in centipawns (0: always the best line).
    pub temperature: i32,
    /// The most a chosen line may score below the best one.
    pub margin: i32,
}

/// Beginner: one ply plus captures, a wide random choice: knows the moves, drops pieces.
pub const LEVEL_BEGINNER: LevelParams = LevelParams {
    depth: Some(1),
    nodes: Some(2_000),
    multipv: 12,
    temperature: 120,
    margin: 450,
};
/// Casual: sees direct threats (two plies), still a loose choice.
pub const LEVEL_CASUAL: LevelParams = LevelParams {
    depth: Some(3),
    nodes: Some(5_000),
    multipv: 8,
    temperature: 50,
    margin: 180,
};
/// Club: a sound player who sometimes slips.
pub const LEVEL_CLUB: LevelParams = LevelParams {
    depth: Some(7),
    nodes: Some(15_000),
    multipv: 4,
    temperature: 20,
    margin: 70,
};
/// Strong: tactically sharp, small randomness.
pub const LEVEL_STRONG: LevelParams = LevelParams {
    depth: None,
    nodes: Some(50_000),
    multipv: 3,
    temperature: 8,
    margin: 25,
};
/// Master: the engine at full strength.
pub const LEVEL_MASTER: LevelParams = LevelParams {
    depth: None,
    nodes: None,
    multipv: 1,
    temperature: 0,
    margin: 0,
};

// ----- run-time search numbers -------------------------------------------------------------------

/// A search number that can be changed at run time, with the range a tuning run may move it
/// in: the UCI option of its name (hidden from the option list), [`SearchParams::set`], and
/// `xiangqi tune` read this table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tunable {
    /// The constant's name in this module, which is also its UCI option's name.
    pub name: &'static str,
    /// The value the engine ships with (the constant).
    pub default: i32,
    /// The smallest value accepted.
    pub min: i32,
    /// The largest value accepted.
    pub max: i32,
    /// How far a tuning run perturbs it at the end of the run (SPSA's `c`), about a
    /// twentieth of its range.
    pub step: i32,
}

/// Declares [`SearchParams`] and [`TUNABLES`] from one list, so the two cannot disagree.
macro_rules! search_params {
    ($($field:ident = $konst:ident in $min:literal ..= $max:literal step $step:literal;)*) => {
        /// The search numbers a search reads at run time, so that a tuning run can move them
        /// without a rebuild. [`SearchParams::default`] holds the constants above; each field
        /// is the constant of the same name in capitals.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct SearchParams {
            $(
                #[doc = concat!("[`", stringify!($konst), "`].")]
                pub $field: i32,
            )*
        }

        impl Default for SearchParams {
            fn default() -> SearchParams {
                SearchParams { $($field: $konst,)* }
            }
        }

        /// Every run-time search number, in the order of [`SearchParams`]'s fields.
        pub const TUNABLES: &[Tunable] = &[
            $(Tunable { name: stringify!($konst), default: $konst, min: $min, max: $max, step: $step },)*
        ];

        impl SearchParams {
            /// The field of the number named `name` (as in [`TUNABLES`], any case).
            fn slot(&mut self, name: &str) -> Option<(&'static Tunable, &mut i32)> {
                let tunable = TUNABLES.iter().find(|t| t.name.eq_ignore_ascii_case(name))?;
                $(
                    if tunable.name == stringify!($konst) {
                        return Some((tunable, &mut self.$field));
                    }
                )*
                None
            }
        }
    };
}

search_params! {
    aspiration_delta = ASPIRATION_DELTA in 6..=50 step 3;
    razor_margin = RAZOR_MARGIN in 150..=900 step 40;
    rfp_margin = RFP_MARGIN in 60..=300 step 12;
    nmp_eval_divisor = NMP_EVAL_DIVISOR in 80..=400 step 20;
    probcut_margin = PROBCUT_MARGIN in 60..=400 step 16;
    futility_base = FUTILITY_BASE in 30..=300 step 12;
    futility_per_depth = FUTILITY_PER_DEPTH in 60..=320 step 12;
    see_quiet_margin = SEE_QUIET_MARGIN in 5..=80 step 4;
    see_capture_margin = SEE_CAPTURE_MARGIN in 30..=250 step 10;
    lmr_base = LMR_BASE in 0..=200 step 8;
    lmr_divisor = LMR_DIVISOR in 120..=400 step 12;
    lmr_history_divisor = LMR_HISTORY_DIVISOR in 6000..=32000 step 1000;
    lmr_deeper_margin = LMR_DEEPER_MARGIN in 5..=100 step 4;
    lmr_shallower_margin = LMR_SHALLOWER_MARGIN in 0..=40 step 2;
    history_prune_margin = HISTORY_PRUNE_MARGIN in 500..=8000 step 300;
    delta_margin = DELTA_MARGIN in 40..=400 step 16;
    net_scale_percent = NET_SCALE_PERCENT in 80..=220 step 8;
    history_bonus_add = HISTORY_BONUS_ADD in 10..=200 step 8;
    history_bonus_max = HISTORY_BONUS_MAX in 400..=4000 step 120;
}

/// Why a run-time search number could not be set; the numbers are unchanged after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamError {
    /// No run-time search number has this name.
    Unknown(String),
    /// The value is outside the number's range.
    OutOfRange {
        /// The number's name.
        name: &'static str,
        /// The value given.
        value: i64,
        /// The smallest accepted.
        min: i32,
        /// The largest accepted.
        max: i32,
    },
}

impl core::fmt::Display for ParamError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ParamError::Unknown(name) => write!(f, "no search number is named {name:?}"),
            ParamError::OutOfRange {
                name,
                value,
                min,
                max,
            } => write!(f, "{name} {value} is outside {min}..={max}"),
        }
    }
}

impl std::error::Error for ParamError {}

impl SearchParams {
    /// The value of the number named `name` (any case), if there is one.
    pub fn get(&self, name: &str) -> Option<i32> {
        let mut copy = *self;
        copy.slot(name).map(|(_, value)| *value)
    }

    /// Sets the number named `name` (any case) to `value`, or says why not (an unknown name,
    /// a value outside its range).
    pub fn set(&mut self, name: &str, value: i64) -> Result<(), ParamError> {
        let (tunable, slot) = self
            .slot(name)
            .ok_or_else(|| ParamError::Unknown(name.to_owned()))?;
        if !(i64::from(tunable.min)..=i64::from(tunable.max)).contains(&value) {
            return Err(ParamError::OutOfRange {
                name: tunable.name,
                value,
                min: tunable.min,
                max: tunable.max,
            });
        }
        *slot = value as i32;
        Ok(())
    }

    /// These numbers with each brought into its range.
    pub fn clamped(mut self) -> SearchParams {
        for tunable in TUNABLES {
            if let Some((_, slot)) = self.slot(tunable.name) {
                *slot = (*slot).clamp(tunable.min, tunable.max);
            }
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tunables_name_their_constants_and_ranges_hold_them() {
        let shipped = SearchParams::default();
        for (i, t) in TUNABLES.iter().enumerate() {
            assert_eq!(shipped.get(t.name), Some(t.default), "{}", t.name);
            assert!(t.min <= t.default && t.default <= t.max, "{}", t.name);
            assert!(t.step > 0 && 4 * t.step <= t.max - t.min, "{}", t.name);
            assert!(
                TUNABLES[..i].iter().all(|u| u.name != t.name),
                "{} twice",
                t.name
            );
        }
        assert_eq!(shipped.rfp_margin, RFP_MARGIN);
        assert_eq!(shipped.lmr_base, LMR_BASE);
    }

    #[test]
    fn set_checks_the_name_and_the_range_and_keeps_the_numbers_on_an_error() {
        let mut p = SearchParams::default();
        assert_eq!(p.set("rfp_margin", 140), Ok(()));
        assert_eq!(p.rfp_margin, 140);
        assert_eq!(p.get("RFP_MARGIN"), Some(140));
        let before = p;
        assert_eq!(
            p.set("RFP_MARGIN", 301),
            Err(ParamError::OutOfRange {
                name: "RFP_MARGIN",
                value: 301,
                min: 60,
                max: 300
            })
        );
        assert!(p.set("RFP_MARGIN", i64::MIN).is_err());
        assert_eq!(
            p.set("NOT_A_NUMBER", 1),
            Err(ParamError::Unknown("NOT_A_NUMBER".to_owned()))
        );
        assert_eq!(p, before);
        assert_eq!(p.get("NOT_A_NUMBER"), None);
    }

    #[test]
    fn clamped_brings_every_number_into_range() {
        let p = SearchParams {
            rfp_margin: -5,
            lmr_history_divisor: i32::MAX,
            ..SearchParams::default()
        }
        .clamped();
        assert_eq!(p.rfp_margin, 60);
        assert_eq!(p.lmr_history_divisor, 32000);
        assert_eq!(p.lmr_base, LMR_BASE);
    }
}
