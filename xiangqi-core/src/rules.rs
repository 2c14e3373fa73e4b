//! Game-end rule sets: how repetitions are judged, the no-capture limit and the
//! insufficient-material draw.
//!
//! Three presets cover what players meet: [`Rules::casual`] (a third occurrence is a draw
//! whatever caused it), [`Rules::simple`] (perpetual check loses, other repetitions draw) and
//! [`Rules::axf`] (the Asian Xiangqi Federation code: perpetual check and one-sided perpetual
//! chase lose). Every field of [`Rules`] is public, so any combination can be built by hand.
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
}

/// The no-capture limit of every preset: 120 plies, sixty moves each.
pub const DEFAULT_NO_CAPTURE_LIMIT: u32 = 120;

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
            _ => Rules {
                repetition: RepetitionRule::PerpetualCheckLoses,
                no_capture_limit: Some(100),
                insufficient_material: false,
            },
        }
    }

    const fn preset(repetition: RepetitionRule) -> Rules {
        Rules {
            repetition,
            no_capture_limit: Some(DEFAULT_NO_CAPTURE_LIMIT),
            insufficient_material: true,
        }
    }

    /// The preset called `name` (`casual`, `simple` or `axf`, in any letter case).
    pub fn from_name(name: &str) -> Result<Rules, ParseRulesError> {
        PRESETS
            .iter()
            .find(|p| p.repetition.preset_name().eq_ignore_ascii_case(name.trim()))
            .copied()
            .ok_or_else(|| ParseRulesError {
                input: name.to_owned(),
                reason: ParseRulesReason::UnknownPreset,
            })
    }

    /// The preset's name when these rules are exactly a preset, else `custom`.
    pub fn name(&self) -> &'static str {
        if *self == Rules::preset(self.repetition) {
            self.repetition.preset_name()
        } else {
            "custom"
        }
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
        let base = Rules::preset(self.repetition);
        f.write_str(self.repetition.preset_name())?;
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
                _ => return Err(error(ParseRulesReason::BadOption)),
            }
        }
        Ok(rules)
    }
}

/// Why a rules text was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseRulesReason {
    /// The first word is not `casual`, `simple` or `axf`.
    UnknownPreset,
    /// An option is not `no-capture=...` or `insufficient-material=...`.
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
                write!(f, "unknown rules {:?}: expected casual, simple or axf", self.input)
            }
            ParseRulesReason::BadOption => write!(
                f,
                "bad rules option in {:?}: expected no-capture=N|off or insufficient-material=on|off",
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
            no_capture_limit: Some(100),
            insufficient_material: false,
            ..Rules::simple()
        };
        assert_eq!(custom.name(), "custom");
        assert_eq!(
            custom.to_string(),
            "simple,no-capture=100,insufficient-material=off"
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
}
