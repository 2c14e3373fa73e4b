//! How a game ended: the termination, the winner, and for repetitions the ruling with its
//! reasons, which can explain itself in words.
//!
//! ```
//! use xiangqi_core::{Color, Outcome, Termination};
//!
//! let outcome = Outcome::new(Termination::Checkmate, Some(Color::Red));
//! assert_eq!(outcome.result(), "1-0");
//! assert_eq!(outcome.explain(), "Red wins by checkmate: Black's general is attacked and no move saves it.");
//! ```

use crate::color::{ByColor, Color};
use crate::role::Piece;
use crate::rules::RepetitionRule;
use crate::square::Square;
use core::fmt;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Termination {
    /// The side to move is in check and has no legal move: it loses.
    Checkmate,
    /// The side to move is not in check but has no legal move: in xiangqi it loses.
    Stalemate,
    /// A position occurred a third time and one side gave check with every move of the cycle.
    PerpetualCheck,
    /// A position occurred a third time and one side chased the same piece with every move of
    /// the cycle (axf rules).
    PerpetualChase,
    /// A position occurred a third time with no penalty for either side: a draw.
    Repetition,
    /// The no-capture limit was reached: a draw.
    MoveLimit,
    /// Neither side has a piece that can cross the river, so neither can mate: a draw.
    InsufficientMaterial,
    /// A player resigned.
    Resignation,
    /// The players agreed a draw.
    Agreement,
    /// A player ran out of time.
    Time,
    /// Janggi: the generals faced each other on an open file (bikjang) on two plies in a row;
    /// counting decides, or it is a draw (janggitraditional).
    Bikjang,
    /// Janggi: both sides passed, one after the other; counting decides, or it is a draw.
    DoublePass,
    /// Janggimodern: the side that moved last shuttled one piece back and forth and loses
    /// ([`Rules::back_and_forth`](crate::Rules::back_and_forth)).
    BackAndForth,
}

impl Termination {
    /// Every termination, in code order.
    pub const ALL: [Termination; 13] = [
        Termination::Checkmate,
        Termination::Stalemate,
        Termination::PerpetualCheck,
        Termination::PerpetualChase,
        Termination::Repetition,
        Termination::MoveLimit,
        Termination::InsufficientMaterial,
        Termination::Resignation,
        Termination::Agreement,
        Termination::Time,
        Termination::Bikjang,
        Termination::DoublePass,
        Termination::BackAndForth,
    ];

    /// The fixed number of the termination, shared by the C header (`XQ_TERMINATION_*`), the
    /// Python package and the vectorised environment. The numbers never change; 0 is left for
    /// "the game goes on":
    ///
    /// | code | termination |
    /// |---|---|
    /// | 1 | checkmate |
    /// | 2 | stalemate |
    /// | 3 | perpetual check |
    /// | 4 | perpetual chase |
    /// | 5 | repetition |
    /// | 6 | move limit |
    /// | 7 | insufficient material |
    /// | 8 | resignation |
    /// | 9 | agreement |
    /// | 10 | time (a flag fell: the side out of time loses) |
    /// | 11 | bikjang (janggi) |
    /// | 12 | double pass (janggi) |
    /// | 13 | back and forth (janggimodern: the side that moved one piece back and forth loses) |
    pub const fn code(self) -> u8 {
        match self {
            Termination::Checkmate => 1,
            Termination::Stalemate => 2,
            Termination::PerpetualCheck => 3,
            Termination::PerpetualChase => 4,
            Termination::Repetition => 5,
            Termination::MoveLimit => 6,
            Termination::InsufficientMaterial => 7,
            Termination::Resignation => 8,
            Termination::Agreement => 9,
            Termination::Time => 10,
            Termination::Bikjang => 11,
            Termination::DoublePass => 12,
            Termination::BackAndForth => 13,
        }
    }

    /// The termination with this number ([`Termination::code`]).
    pub const fn from_code(code: u8) -> Option<Termination> {
        if code >= 1 && code as usize <= Termination::ALL.len() {
            Some(Termination::ALL[code as usize - 1])
        } else {
            None
        }
    }

    /// A short lower-case name (`checkmate`, `perpetual check`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::PerpetualCheck => "perpetual check",
            Termination::PerpetualChase => "perpetual chase",
            Termination::Repetition => "repetition",
            Termination::MoveLimit => "move limit",
            Termination::InsufficientMaterial => "insufficient material",
            Termination::Resignation => "resignation",
            Termination::Agreement => "agreement",
            Termination::Time => "time",
            Termination::Bikjang => "bikjang",
            Termination::DoublePass => "double pass",
            Termination::BackAndForth => "back and forth",
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How much one side broke the repetition rules over a cycle; the order is the order of
/// gravity (`None < Chase < Check`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Violation {
    /// Some move of the side neither checked nor chased (or the rules judge neither).
    #[default]
    None,
    /// Every move of the side gave check or newly chased one same enemy piece, and not all were
    /// checks (judged under axf only).
    Chase,
    /// Every move of the side gave check.
    Check,
}

/// An enemy piece chased, with the point where it stands when the ruling is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ChasedPiece {
    /// The piece.
    pub piece: Piece,
    /// Where it stands at the end of the cycle.
    pub square: Square,
}

/// The judgement of a threefold repetition, with its reasons as data.
///
/// The cycle is every ply from the first occurrence of the repeated position to its third
/// occurrence: `first_ply` is the move played right after the first occurrence and `last_ply`
/// the move that produced the third (plies count from 1 for the first move of the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ruling {
    /// The repetition rule that judged.
    pub rule: RepetitionRule,
    /// How each side broke the rules over the cycle.
    pub violations: ByColor<Violation>,
    /// The side that loses (it broke the rules more gravely), or `None` for a draw.
    pub loser: Option<Color>,
    /// For each side that perpetually chased, the enemy piece it chased.
    pub chased: ByColor<Option<ChasedPiece>>,
    /// The first ply of the cycle.
    pub first_ply: u32,
    /// The last ply of the cycle: the move that repeated the position the third time.
    pub last_ply: u32,
}

impl Ruling {
    /// Explains the ruling in words: the rule, the side, the chased piece and its point, and
    /// the cycle.
    pub fn explain(&self) -> String {
        let violation_text = |side: Color| -> String {
            let name = side.name_capitalized();
            match (self.violations[side], self.chased[side]) {
                (Violation::Check, _) => format!("{name} gave check with every move"),
                (Violation::Chase, Some(c)) => format!(
                    "{name} chased {}'s {} on {} with every move, checks counting as chases",
                    c.piece.color.name_capitalized(),
                    c.piece.role.name(),
                    c.square
                ),
                (Violation::Chase, None) => {
                    format!("{name} chased one piece with every move, checks counting as chases")
                }
                (Violation::None, _) => {
                    format!("{name} neither checked nor chased with every move")
                }
            }
        };
        let head = format!(
            "The position occurred a third time at ply {}, ending the cycle of plies {} to {}.",
            self.last_ply, self.first_ply, self.last_ply
        );
        match (self.rule, self.loser) {
            (RepetitionRule::ThreefoldDraw, _) => format!(
                "{head} Draw by threefold repetition: under the casual rules a repetition is a draw \
                 whoever caused it."
            ),
            (_, Some(loser)) => {
                let winner = !loser;
                let rule = match self.violations[loser] {
                    Violation::Check => "perpetual check loses",
                    _ => "a one-sided perpetual chase loses",
                };
                let mut text = format!(
                    "{head} {} wins: {}; {rule}",
                    winner.name_capitalized(),
                    violation_text(loser)
                );
                if self.violations[winner] != Violation::None {
                    text.push_str(&format!(", and check outranks chase: {}", violation_text(winner)));
                }
                text.push('.');
                text
            }
            (_, None) => {
                let why = if self.violations.red == Violation::None {
                    let what = if self.rule.judges_chases() { "checked or chased" } else { "gave check" };
                    format!("neither side {what} with every move")
                } else {
                    format!(
                        "both sides broke the rules alike: {}; {}",
                        violation_text(Color::Red),
                        violation_text(Color::Black)
                    )
                };
                format!("{head} Draw by repetition: {why}.")
            }
        }
    }
}

impl fmt::Display for Ruling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.explain())
    }
}

/// How a game ended: why, who won (`None` for a draw), and for repetitions the ruling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// Why the game ended.
    pub termination: Termination,
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// For the repetition terminations, the ruling and its reasons.
    pub ruling: Option<Ruling>,
    /// `true` when janggi counting decided the result: an ending that the rules leave to
    /// counting (bikjang, two passes, a repetition without a perpetual checker, the move
    /// limit, bare material) under rules that count ([`Rules::counting`](crate::Rules::counting)); `winner`
    /// is then counting's. `false` for every xiangqi outcome.
    #[cfg_attr(feature = "serde", serde(default))]
    pub counted: bool,
}

impl Outcome {
    /// An outcome without a ruling.
    pub const fn new(termination: Termination, winner: Option<Color>) -> Outcome {
        Outcome {
            termination,
            winner,
            ruling: None,
            counted: false,
        }
    }

    /// The result as PGN writes it: `1-0` (Red won), `0-1` (Black won) or `1/2-1/2`.
    pub const fn result(&self) -> &'static str {
        match self.winner {
            Some(Color::Red) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// `true` for a draw.
    pub const fn is_draw(&self) -> bool {
        self.winner.is_none()
    }

    /// Explains the outcome in words: the rule, the side, and for repetitions the chased piece
    /// and its point and the cycle.
    pub fn explain(&self) -> String {
        if let Some(ruling) = &self.ruling {
            return ruling.explain();
        }
        let side = |c: Color| c.name_capitalized();
        match (self.termination, self.winner) {
            (Termination::Checkmate, Some(w)) => format!(
                "{} wins by checkmate: {}'s general is attacked and no move saves it.",
                side(w),
                side(!w)
            ),
            (Termination::Stalemate, Some(w)) => format!(
                "{} wins: {} has no legal move (stalemate), which loses in xiangqi.",
                side(w),
                side(!w)
            ),
            (Termination::Resignation, Some(w)) => format!("{} wins: {} resigned.", side(w), side(!w)),
            (Termination::Time, Some(w)) => format!("{} wins: {} ran out of time.", side(w), side(!w)),
            (Termination::Agreement, None) => "Draw by agreement.".to_owned(),
            (Termination::MoveLimit, None) => "Draw: the no-capture limit was reached.".to_owned(),
            (Termination::InsufficientMaterial, None) => {
                "Draw: neither side has a piece that can cross the river (only generals, advisors and \
                 elephants), so neither can mate."
                    .to_owned()
            }
            (Termination::Repetition, None) => "Draw by repetition.".to_owned(),
            (Termination::MoveLimit, Some(w)) => format!(
                "{} wins on points (janggi counting): the no-capture limit was reached.",
                side(w)
            ),
            (Termination::Repetition, Some(w)) => format!(
                "{} wins on points (janggi counting): a position repeated with no perpetual check.",
                side(w)
            ),
            (Termination::Bikjang, Some(w)) => format!(
                "{} wins on points (janggi counting): the generals faced each other on two plies \
                 in a row (bikjang).",
                side(w)
            ),
            (Termination::Bikjang, None) => {
                "Draw: the generals faced each other on two plies in a row (bikjang).".to_owned()
            }
            (Termination::DoublePass, Some(w)) => format!(
                "{} wins on points (janggi counting): both sides passed in a row.",
                side(w)
            ),
            (Termination::DoublePass, None) => "Draw: both sides passed in a row.".to_owned(),
            (Termination::BackAndForth, Some(w)) => format!(
                "{} wins: {} moved one piece back and forth, which loses in janggimodern.",
                side(w),
                side(!w)
            ),
            (t, Some(w)) => format!("{} wins by {}.", side(w), t.name()),
            (t, None) => format!("Draw by {}.", t.name()),
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.explain())
    }
}

trait CapitalizedName {
    fn name_capitalized(self) -> &'static str;
}

impl CapitalizedName for Color {
    fn name_capitalized(self) -> &'static str {
        match self {
            Color::Red => "Red",
            Color::Black => "Black",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::role::Role;

    #[test]
    fn termination_codes_are_fixed() {
        // The numbers are part of the C and Python interfaces: spelled out, not derived.
        let expected = [
            (Termination::Checkmate, 1),
            (Termination::Stalemate, 2),
            (Termination::PerpetualCheck, 3),
            (Termination::PerpetualChase, 4),
            (Termination::Repetition, 5),
            (Termination::MoveLimit, 6),
            (Termination::InsufficientMaterial, 7),
            (Termination::Resignation, 8),
            (Termination::Agreement, 9),
            (Termination::Time, 10),
            (Termination::Bikjang, 11),
            (Termination::DoublePass, 12),
            (Termination::BackAndForth, 13),
        ];
        for (t, code) in expected {
            assert_eq!(t.code(), code, "{t}");
            assert_eq!(Termination::from_code(code), Some(t));
        }
        assert_eq!(Termination::from_code(0), None);
        assert_eq!(Termination::from_code(14), None);
    }

    #[test]
    fn results() {
        assert_eq!(
            Outcome::new(Termination::Resignation, Some(Color::Black)).result(),
            "0-1"
        );
        assert_eq!(
            Outcome::new(Termination::Time, Some(Color::Red)).result(),
            "1-0"
        );
        assert_eq!(
            Outcome::new(Termination::Agreement, None).result(),
            "1/2-1/2"
        );
        assert!(Outcome::new(Termination::MoveLimit, None).is_draw());
    }

    #[test]
    fn explanations_name_side_and_rule() {
        let stalemate = Outcome::new(Termination::Stalemate, Some(Color::Black));
        assert!(stalemate.explain().contains("Red has no legal move"));
        assert!(stalemate.explain().contains("Black wins"));
        assert_eq!(
            Outcome::new(Termination::Time, Some(Color::Red)).to_string(),
            "Red wins: Black ran out of time."
        );
        let chase = Ruling {
            rule: RepetitionRule::Axf,
            violations: ByColor {
                red: Violation::None,
                black: Violation::Chase,
            },
            loser: Some(Color::Black),
            chased: ByColor {
                red: None,
                black: Some(ChasedPiece {
                    piece: Piece::new(Color::Red, Role::Horse),
                    square: Square::D0,
                }),
            },
            first_ply: 2,
            last_ply: 9,
        };
        let text = chase.explain();
        assert!(text.contains("Red wins"), "{text}");
        assert!(text.contains("Red's horse on d0"), "{text}");
        assert!(text.contains("plies 2 to 9"), "{text}");
        assert!(text.contains("perpetual chase"), "{text}");
    }

    #[test]
    fn check_outranks_chase_in_words() {
        let ruling = Ruling {
            rule: RepetitionRule::Axf,
            violations: ByColor {
                red: Violation::Check,
                black: Violation::Chase,
            },
            loser: Some(Color::Red),
            chased: ByColor {
                red: None,
                black: Some(ChasedPiece {
                    piece: Piece::new(Color::Red, Role::Chariot),
                    square: Square::B2,
                }),
            },
            first_ply: 5,
            last_ply: 12,
        };
        let text = ruling.explain();
        assert!(
            text.contains("Black wins: Red gave check with every move"),
            "{text}"
        );
        assert!(text.contains("perpetual check loses"), "{text}");
        assert!(
            text.contains("check outranks chase: Black chased Red's chariot on b2"),
            "{text}"
        );
        assert!(text.contains("plies 5 to 12"), "{text}");
        let draw = Ruling {
            violations: ByColor {
                red: Violation::Check,
                black: Violation::Check,
            },
            loser: None,
            ..ruling
        };
        let text = draw.explain();
        assert!(
            text.starts_with(
                "The position occurred a third time at ply 12, ending the cycle of plies 5 to 12. Draw"
            ),
            "{text}"
        );
        assert!(
            text.contains("Red gave check with every move; Black gave check with every move"),
            "{text}"
        );
        let casual = Ruling {
            rule: RepetitionRule::ThreefoldDraw,
            violations: ByColor::default(),
            loser: None,
            ..ruling
        };
        assert!(casual.explain().contains("casual rules"));
    }
}
