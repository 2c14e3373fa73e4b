//! The game-end presets as the search applies them.
//!
//! Inside the search a position repeating one seen earlier on the path or in the game (with no
//! capture between) ends the line; what it is worth depends on the preset:
//! - `casual`: a draw, whoever caused it;
//! - `simple` (the default): a side that gave check with every one of its moves in the cycle
//!   loses; if both or neither did, a draw;
//! - `axf`: as `simple` here (check outranks chase); chase rulings need the game-level
//!   chase detection and are not yet applied inside the search.
//!
//! Under every preset a side with no legal move has lost (checkmate or stalemate), 120 plies
//! without a capture are a draw, and so is a board where neither side can ever mate.

use core::fmt;
use core::str::FromStr;

/// Plies without a capture after which the game is drawn.
pub const NO_CAPTURE_LIMIT: u32 = 120;

/// A game-end preset (see the module documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RulePreset {
    /// Any repetition is a draw.
    Casual,
    /// Perpetual check loses, any other repetition is a draw.
    #[default]
    Simple,
    /// Asian Xiangqi Federation rules.
    Axf,
}

impl RulePreset {
    /// Every preset.
    pub const ALL: [RulePreset; 3] = [RulePreset::Casual, RulePreset::Simple, RulePreset::Axf];

    /// The preset's name: `casual`, `simple` or `axf`.
    pub const fn name(self) -> &'static str {
        match self {
            RulePreset::Casual => "casual",
            RulePreset::Simple => "simple",
            RulePreset::Axf => "axf",
        }
    }
}

impl fmt::Display for RulePreset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing a preset or level name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownName {
    /// What kind of name was expected.
    pub kind: &'static str,
    /// The text given.
    pub text: String,
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown {} {:?}", self.kind, self.text)
    }
}

impl std::error::Error for UnknownName {}

impl FromStr for RulePreset {
    type Err = UnknownName;

    /// Parses `casual`, `simple` or `axf` (any case).
    fn from_str(s: &str) -> Result<RulePreset, UnknownName> {
        RulePreset::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownName {
                kind: "rule preset",
                text: s.to_owned(),
            })
    }
}
