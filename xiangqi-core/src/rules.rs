//! Game-end rule sets: how repetitions are judged, the no-capture limit and the
//! insufficient-material draw; for janggi, counting.
//!
//! Three presets cover what players meet: [`Rules::casual`] (a third occurrence is a draw
//! whatever caused it), [`Rules::simple`] (perpetual check loses, other repetitions draw) and
//! [`Rules::axf`] (the Asian Xiangqi Federation code: perpetual check and one-sided perpetual
//! chase lose). Every field of [`Rules`] is public, so any combination can be built by hand.
//!
//! Janggi's presets carry Fairy-Stockfish's names ([`Rules::janggi`]): `janggi` (perpetual
//! check loses; bikjang, two passes, other repetitions and 100 plies without a capture are
//! decided by counting), `janggitraditional` (the same endings drawn), `janggimodern` (counting,
//! fourfold repetition, 200 plies, and moving one piece back and forth loses). `janggicasual` ends games as `janggitraditional` does: the
//! two variants differ in bikjang, which is a rule of movement ([`Variant`](crate::Variant)).
//!
//! ```
//! use xiangqi_core::{RepetitionRule, Rules};
//!
//! let rules: Rules = "simple".parse().unwrap();
//! assert_eq!(rules.repetition, RepetitionRule::PerpetualCheckLoses);
//! assert_eq!(rules.no_capture_limit, Some(120));
//!
//! let custom = Rules { no_capture_limit: None, ..Rules::axf() };
//! assert_eq!(custom.name(), "custom");
//! assert_eq!(custom.to_string(), "axf,no-capture=off");
//! assert_eq!(custom.to_string().parse::<Rules>().unwrap(), custom);
//! ```

use core::fmt;
use core::str::FromStr;

/// How a position that occurs for the third time (same side to move) is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum RepetitionRule {
    /// A draw, whoever caused it (the casual preset).
    ThreefoldDraw,
    /// A side that gave check with every one of its moves in the cycle loses; when both did, or
    /// neither, it is a draw (the simple preset).
    PerpetualCheckLoses,
    /// The Asian Xiangqi Federation code: perpetual check loses, a one-sided perpetual chase
    /// loses, check outranks chase, equal violations or none draw (the axf preset).
    Axf,
}

impl RepetitionRule {
    /// The name of the preset that uses this rule: `casual`, `simple` or `axf`.
    pub const fn preset_name(self) -> &'static str {
        match self {
            RepetitionRule::ThreefoldDraw => "casual",
            RepetitionRule::PerpetualCheckLoses => "simple",
            RepetitionRule::Axf => "axf",
        }
    }

    /// `true` when the rule needs to know which pieces each move chased.
    #[inline]
    pub const fn judges_chases(self) -> bool {
        matches!(self, RepetitionRule::Axf)
    }

    /// `true` when the rule punishes perpetual check.
    #[inline]
    pub const fn judges_checks(self) -> bool {
        !matches!(self, RepetitionRule::ThreefoldDraw)
    }
}

impl fmt::Display for RepetitionRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RepetitionRule::ThreefoldDraw => "threefold repetition is a draw",
            RepetitionRule::PerpetualCheckLoses => "perpetual check loses",
            RepetitionRule::Axf => "AXF rules (perpetual check and perpetual chase lose)",
        })
    }
}

/// A set of game-end rules. Build one from a preset ([`Rules::casual`], [`Rules::simple`],
/// [`Rules::axf`], [`Rules::from_name`]) or field by field.
///
/// The text form ([`Display`](fmt::Display) and [`FromStr`]) is a preset name, followed for a
/// custom combination by the fields that differ from the preset of the same repetition rule:
/// `casual`, `axf,no-capture=off`, `simple,no-capture=100,insufficient-material=off`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// How a threefold repetition is judged.
    pub repetition: RepetitionRule,
    /// Plies without a capture after which the game is drawn; `None` turns the limit off. The
    /// count starts from the half-move counter of the start position (a FEN's fifth field).
    pub no_capture_limit: Option<u32>,
    /// Whether the game is drawn once neither side has a piece that can cross the river (only
    /// general, advisors and elephants left on both sides).
    pub insufficient_material: bool,
    /// Janggi: whether counting decides the endings that would otherwise be draws (bikjang,
    /// two passes, a repetition without a perpetual checker, the no-capture limit): Cho wins
    /// with more points than Han's plus 1.5 ([`janggi::counting_winner`]), else Han.
    ///
    /// [`janggi::counting_winner`]: crate::janggi::counting_winner
    pub counting: bool,
    /// How many occurrences of a position make a repetition: 3 (janggimodern: 4).
    pub repetition_count: u32,
    /// Janggimodern: a side that moves one piece back and forth loses on the move that completes
    /// the shuttle (see [`janggi::moved_back_and_forth`] for exactly which moves count).
    ///
    /// [`janggi::moved_back_and_forth`]: crate::janggi::moved_back_and_forth
    pub back_and_forth: bool,
}

/// The no-capture limit of every xiangqi preset: 120 plies, sixty moves each.
pub const DEFAULT_NO_CAPTURE_LIMIT: u32 = 120;

/// The no-capture limit of janggi's presets but janggimodern (200): 100 plies.
pub const JANGGI_NO_CAPTURE_LIMIT: u32 = 100;

/// Every preset by name: the three xiangqi ones, then janggi's (janggicasual's rules are
/// janggitraditional's, so its name comes after and is never the one [`Rules::name`] gives).
const NAMED: [(&str, Rules); 7] = [
    ("casual", Rules::casual()),
    ("simple", Rules::simple()),
    ("axf", Rules::axf()),
    ("janggi", Rules::janggi(crate::Variant::Janggi)),
    (
        "janggitraditional",
        Rules::janggi(crate::Variant::JanggiTraditional),
    ),
    ("janggimodern", Rules::janggi(crate::Variant::JanggiModern)),
    ("janggicasual", Rules::janggi(crate::Variant::JanggiCasual)),
];

impl crate::Variant {
    /// The game-end rules this variant is played by ([`Rules::default`](crate::Rules) for
    /// xiangqi, the variant's own preset for janggi).
    pub const fn default_rules(self) -> Rules {
        match self {
            crate::Variant::Xiangqi => Rules::axf(),
            _ => Rules::janggi(self),
        }
    }
}

impl Rules {
    /// The casual preset: a third occurrence of a position is a draw whatever caused it;
    /// 120 plies without capture draw; insufficient material draws.
    pub const fn casual() -> Rules {
        Rules::preset(RepetitionRule::ThreefoldDraw)
    }

    /// The simple preset (the play page): perpetual check loses for the checking side, other
    /// repetitions draw; 120 plies without capture draw; insufficient material draws.
    pub const fn simple() -> Rules {
        Rules::preset(RepetitionRule::PerpetualCheckLoses)
    }

    /// The axf preset (Asian Xiangqi Federation): perpetual check loses, a one-sided perpetual
    /// chase loses, check outranks chase; 120 plies without capture draw; insufficient material
    /// draws.
    pub const fn axf() -> Rules {
        Rules::preset(RepetitionRule::Axf)
    }

    /// The rules of a janggi variant (for [`Variant::Xiangqi`](crate::Variant), [`Rules::axf`]).
    pub const fn janggi(variant: crate::Variant) -> Rules {
        match variant {
            crate::Variant::Xiangqi => Rules::axf(),
            crate::Variant::JanggiModern => Rules {
                no_capture_limit: Some(200),
                repetition_count: 4,
                back_and_forth: true,
                ..Rules::janggi(crate::Variant::Janggi)
            },
            crate::Variant::Janggi => Rules {
                repetition: RepetitionRule::PerpetualCheckLoses,
                no_capture_limit: Some(JANGGI_NO_CAPTURE_LIMIT),
                insufficient_material: false,
                counting: true,
                repetition_count: 3,
                back_and_forth: false,
            },
            crate::Variant::JanggiTraditional | crate::Variant::JanggiCasual => Rules {
                counting: false,
                ..Rules::janggi(crate::Variant::Janggi)
            },
        }
    }

    const fn preset(repetition: RepetitionRule) -> Rules {
        Rules {
            repetition,
            no_capture_limit: Some(DEFAULT_NO_CAPTURE_LIMIT),
            insufficient_material: true,
            counting: false,
            repetition_count: 3,
            back_and_forth: false,
        }
    }

    /// The preset called `name` (`casual`, `simple`, `axf`, or a janggi variant's name, in
    /// any letter case).
    pub fn from_name(name: &str) -> Result<Rules, ParseRulesError> {
        NAMED
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name.trim()))
            .map(|&(_, rules)| rules)
            .ok_or_else(|| ParseRulesError {
                input: name.to_owned(),
                reason: ParseRulesReason::UnknownPreset,
            })
    }

    /// The preset's name when these rules are exactly a preset, else `custom`.
    pub fn name(&self) -> &'static str {
        NAMED
            .iter()
            .find(|(_, rules)| rules == self)
            .map_or("custom", |&(name, _)| name)
    }

    /// The preset a custom combination is written against: with counting, the janggi preset
    /// with counting and the same repetition rule that differs in the fewest fields; otherwise
    /// (or when there is none) the xiangqi preset of its repetition rule, so a xiangqi
    /// combination is never written as a janggi one.
    fn base(&self) -> (&'static str, Rules) {
        let differences = |r: &Rules| {
            usize::from(r.no_capture_limit != self.no_capture_limit)
                + usize::from(r.insufficient_material != self.insufficient_material)
                + usize::from(r.repetition_count != self.repetition_count)
                + usize::from(r.back_and_forth != self.back_and_forth)
        };
        // A base must share the repetition rule: the text has no option for it.
        let counting = NAMED
            .iter()
            .filter(|(_, r)| self.counting && r.counting && r.repetition == self.repetition)
            .min_by_key(|(_, r)| differences(r))
            .copied();
        counting.unwrap_or_else(|| {
            let preset = Rules::preset(self.repetition);
            (preset.repetition.preset_name(), preset)
        })
    }

    /// `true` when these rules are exactly one of the presets.
    pub fn is_preset(&self) -> bool {
        self.name() != "custom"
    }
}

/// The three presets, in order of strictness.
pub const PRESETS: [Rules; 3] = [Rules::casual(), Rules::simple(), Rules::axf()];

impl Default for Rules {
    /// The federation code, [`Rules::axf`]: what a player meets in tournament play.
    fn default() -> Rules {
        Rules::axf()
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, base) = self.base();
        f.write_str(name)?;
        if self.no_capture_limit != base.no_capture_limit {
            match self.no_capture_limit {
                Some(n) => write!(f, ",no-capture={n}")?,
                None => f.write_str(",no-capture=off")?,
            }
        }
        if self.insufficient_material != base.insufficient_material {
            write!(
                f,
                ",insufficient-material={}",
                if self.insufficient_material {
                    "on"
                } else {
                    "off"
                }
            )?;
        }
        if self.counting != base.counting {
            write!(f, ",counting={}", if self.counting { "on" } else { "off" })?;
        }
        if self.repetition_count != base.repetition_count {
            write!(f, ",repetitions={}", self.repetition_count)?;
        }
        if self.back_and_forth != base.back_and_forth {
            let on = if self.back_and_forth { "on" } else { "off" };
            write!(f, ",back-and-forth={on}")?;
        }
        Ok(())
    }
}

impl FromStr for Rules {
    type Err = ParseRulesError;

    fn from_str(s: &str) -> Result<Rules, ParseRulesError> {
        let mut parts = s.split(',');
        let mut rules = Rules::from_name(parts.next().unwrap_or(""))?;
        let error = |reason| ParseRulesError {
            input: s.to_owned(),
            reason,
        };
        for part in parts {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| error(ParseRulesReason::BadOption))?;
            let value = value.trim();
            match key.trim() {
                "no-capture" => {
                    rules.no_capture_limit = match value {
                        "off" => None,
                        n => Some(n.parse().map_err(|_| error(ParseRulesReason::BadValue))?),
                    }
                }
                "insufficient-material" => {
                    rules.insufficient_material = match value {
                        "on" => true,
                        "off" => false,
                        _ => return Err(error(ParseRulesReason::BadValue)),
                    }
                }
                "counting" => {
                    rules.counting = match value {
                        "on" => true,
                        "off" => false,
                        _ => return Err(error(ParseRulesReason::BadValue)),
                    }
                }
                "back-and-forth" => {
                    rules.back_and_forth = match value {
                        "on" => true,
                        "off" => false,
                        _ => return Err(error(ParseRulesReason::BadValue)),
                    }
                }
                "repetitions" => {
                    rules.repetition_count = value
                        .parse()
                        .ok()
                        .filter(|n| (2..=100).contains(n))
                        .ok_or_else(|| error(ParseRulesReason::BadValue))?;
                }
                _ => return Err(error(ParseRulesReason::BadOption)),
            }
        }
        Ok(rules)
    }
}

/// Why a rules text was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseRulesReason {
    /// The first word is not a preset's name.
    UnknownPreset,
    /// An option is not `no-capture=`, `insufficient-material=`, `counting=`, `repetitions=` or
    /// `back-and-forth=`.
    BadOption,
    /// An option's value is not a number / `off` (no-capture) or `on` / `off`.
    BadValue,
}

/// The error of [`Rules::from_name`] and of parsing [`Rules`] from text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRulesError {
    /// The text given.
    pub input: String,
    /// What is wrong with it.
    pub reason: ParseRulesReason,
}

impl fmt::Display for ParseRulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.reason {
            ParseRulesReason::UnknownPreset => {
                write!(
                    f,
                    "unknown rules {:?}: expected casual, simple or axf (xiangqi), or janggi, \
                     janggitraditional, janggimodern or janggicasual",
                    self.input
                )
            }
            ParseRulesReason::BadOption => write!(
                f,
                "bad rules option in {:?}: expected no-capture=N|off, insufficient-material=on|off, \
                 counting=on|off, repetitions=N or back-and-forth=on|off",
                self.input
            ),
            ParseRulesReason::BadValue => write!(f, "bad rules option value in {:?}", self.input),
        }
    }
}

impl std::error::Error for ParseRulesError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_by_name() {
        assert_eq!(Rules::from_name("casual"), Ok(Rules::casual()));
        assert_eq!(Rules::from_name("SIMPLE"), Ok(Rules::simple()));
        assert_eq!(Rules::from_name("axf"), Ok(Rules::axf()));
        assert_eq!(
            Rules::from_name("fide").unwrap_err().reason,
            ParseRulesReason::UnknownPreset
        );
        for rules in PRESETS {
            assert_eq!(rules.to_string(), rules.name());
            assert_eq!(rules.no_capture_limit, Some(120));
            assert!(rules.insufficient_material);
            assert!(rules.is_preset());
        }
        assert_eq!(Rules::casual().repetition, RepetitionRule::ThreefoldDraw);
        assert_eq!(
            Rules::simple().repetition,
            RepetitionRule::PerpetualCheckLoses
        );
        assert_eq!(Rules::axf().repetition, RepetitionRule::Axf);
    }

    #[test]
    fn custom_text_round_trips() {
        let custom = Rules {
            no_capture_limit: Some(90),
            insufficient_material: false,
            ..Rules::simple()
        };
        assert_eq!(custom.name(), "custom");
        assert_eq!(
            custom.to_string(),
            "simple,no-capture=90,insufficient-material=off"
        );
        assert_eq!(custom.to_string().parse::<Rules>(), Ok(custom));
        let off = Rules {
            no_capture_limit: None,
            ..Rules::casual()
        };
        assert_eq!("casual, no-capture = off".parse::<Rules>(), Ok(off));
    }

    #[test]
    fn bad_texts() {
        assert_eq!(
            "axf,limit=3".parse::<Rules>().unwrap_err().reason,
            ParseRulesReason::BadOption
        );
        assert_eq!(
            "axf,no-capture=x".parse::<Rules>().unwrap_err().reason,
            ParseRulesReason::BadValue
        );
        assert_eq!(
            "axf,insufficient-material=yes"
                .parse::<Rules>()
                .unwrap_err()
                .reason,
            ParseRulesReason::BadValue
        );
        assert_eq!(
            "axf,no-capture".parse::<Rules>().unwrap_err().reason,
            ParseRulesReason::BadOption
        );
        assert_eq!(
            "".parse::<Rules>().unwrap_err().reason,
            ParseRulesReason::UnknownPreset
        );
        assert!(Rules::from_name("chess")
            .unwrap_err()
            .to_string()
            .contains("casual, simple or axf"));
    }

    #[test]
    fn janggi_presets() {
        use crate::Variant;
        let janggi = Rules::from_name("janggi").unwrap();
        assert_eq!(janggi, Rules::janggi(Variant::Janggi));
        assert!(janggi.counting && !janggi.insufficient_material);
        assert_eq!(janggi.no_capture_limit, Some(100));
        assert_eq!(janggi.repetition, RepetitionRule::PerpetualCheckLoses);
        let modern = Rules::from_name("JanggiModern").unwrap();
        assert_eq!(
            (modern.repetition_count, modern.no_capture_limit),
            (4, Some(200))
        );
        assert!(!Rules::from_name("janggitraditional").unwrap().counting);
        assert_eq!(
            Rules::from_name("janggicasual").unwrap(),
            Rules::from_name("janggitraditional").unwrap()
        );
        for variant in Variant::ALL {
            let rules = variant.default_rules();
            assert!(rules.is_preset());
            assert_eq!(rules.to_string().parse::<Rules>(), Ok(rules));
        }
        assert_eq!(janggi.name(), "janggi");
        let custom = Rules {
            counting: false,
            no_capture_limit: None,
            ..janggi
        };
        assert_eq!(
            custom.to_string(),
            "simple,no-capture=off,insufficient-material=off"
        );
        let long = Rules {
            no_capture_limit: Some(150),
            ..janggi
        };
        assert_eq!(long.to_string(), "janggi,no-capture=150");
        assert_eq!(custom.to_string().parse::<Rules>(), Ok(custom));
        let odd = Rules {
            repetition_count: 5,
            ..Rules::axf()
        };
        assert_eq!(odd.to_string(), "axf,repetitions=5");
        assert!(modern.back_and_forth && !janggi.back_and_forth);
        let tolerant = Rules {
            back_and_forth: false,
            ..modern
        };
        assert_eq!(tolerant.to_string(), "janggimodern,back-and-forth=off");
        assert_eq!(tolerant.to_string().parse::<Rules>(), Ok(tolerant));
        assert_eq!(
            "janggimodern,back-and-forth=maybe"
                .parse::<Rules>()
                .unwrap_err()
                .reason,
            ParseRulesReason::BadValue
        );
        assert_eq!("axf,repetitions=5".parse::<Rules>(), Ok(odd));
        assert_eq!(
            "janggi,counting=maybe".parse::<Rules>().unwrap_err().reason,
            ParseRulesReason::BadValue
        );
    }
}
