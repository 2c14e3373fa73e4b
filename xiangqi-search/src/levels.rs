//! The five playing levels.
//!
//! A level below Master weakens the engine in two ways only: it caps the search (depth and
//! nodes), and it picks its move at random among the best root lines, favouring better ones
//! (a softmax over their scores) and never straying further than a margin below the best. Every
//! candidate is a legal move the search examined, so a weak level plays worse moves, never
//! illegal or absurd ones: it never walks into a mate it saw, nor passes up a mate it found.

use crate::params::{self, LevelParams};
use core::fmt;
use core::str::FromStr;

/// A playing level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Knows the moves, drops pieces to simple tactics.
    Beginner,
    /// Sees direct threats, little more.
    Casual,
    /// A sound player who sometimes slips.
    Club,
    /// Tactically sharp, hard to surprise.
    Strong,
    /// The engine at full strength.
    #[default]
    Master,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [
        Level::Beginner,
        Level::Casual,
        Level::Club,
        Level::Strong,
        Level::Master,
    ];

    /// The level's name.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Beginner => "Beginner",
            Level::Casual => "Casual",
            Level::Club => "Club",
            Level::Strong => "Strong",
            Level::Master => "Master",
        }
    }

    /// One line saying how the level plays.
    pub const fn description(self) -> &'static str {
        match self {
            Level::Beginner => "Knows the moves, drops pieces to simple tactics",
            Level::Casual => "Sees direct threats, little more",
            Level::Club => "A sound player who sometimes slips",
            Level::Strong => "Tactically sharp, hard to surprise",
            Level::Master => "The engine at full strength",
        }
    }

    /// How long the level thinks about a move when playing a person: two seconds at every
    /// level (the levels below Master stop earlier, at their own search caps). The terminal
    /// game and the play page both give it.
    pub const fn think_time(self) -> core::time::Duration {
        core::time::Duration::from_secs(2)
    }

    /// How the level limits and randomises the search.
    pub const fn params(self) -> LevelParams {
        match self {
            Level::Beginner => params::LEVEL_BEGINNER,
            Level::Casual => params::LEVEL_CASUAL,
            Level::Club => params::LEVEL_CLUB,
            Level::Strong => params::LEVEL_STRONG,
            Level::Master => params::LEVEL_MASTER,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing a level name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLevel(pub String);

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown level {:?} (expected Beginner, Casual, Club, Strong or Master)",
            self.0
        )
    }
}

impl std::error::Error for UnknownLevel {}

impl FromStr for Level {
    type Err = UnknownLevel;

    /// Parses a level name in any case, or its number 1 (Beginner) to 5 (Master).
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        let s = s.trim();
        if let Ok(n) = s.parse::<usize>() {
            if (1..=5).contains(&n) {
                return Ok(Level::ALL[n - 1]);
            }
        }
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownLevel(s.to_owned()))
    }
}

/// The seeded random generator of the levels' move choice (the workspace's one generator,
/// `fastrand`'s wyrand).
#[derive(Clone, Debug)]
pub(crate) struct Rng(fastrand::Rng);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(fastrand::Rng::with_seed(seed))
    }

    /// A number in `0.0..1.0`.
    pub fn next_f64(&mut self) -> f64 {
        self.0.f64()
    }
}

/// Picks the index of a candidate from `(score, is_mate_line)` pairs sorted best first, as the
/// level's randomness says. Scores are internal values (side to move's view).
pub(crate) fn choose(scores: &[i32], temperature: i32, margin: i32, rng: &mut Rng) -> usize {
    let Some(&best) = scores.first() else {
        return 0;
    };
    if temperature <= 0 || scores.len() == 1 || crate::score::is_mate(best) {
        return 0;
    }
    let candidates: Vec<(usize, f64)> = scores
        .iter()
        .enumerate()
        .filter(|&(_, &s)| best - s <= margin && !crate::score::is_mate(s))
        .map(|(i, &s)| (i, (f64::from(s - best) / f64::from(temperature)).exp()))
        .collect();
    let total: f64 = candidates.iter().map(|c| c.1).sum();
    if candidates.is_empty() || total <= 0.0 {
        return 0;
    }
    let mut pick = rng.next_f64() * total;
    for &(i, weight) in &candidates {
        if pick < weight {
            return i;
        }
        pick -= weight;
    }
    candidates.last().map_or(0, |c| c.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for level in Level::ALL {
            assert_eq!(level.name().to_lowercase().parse::<Level>().unwrap(), level);
        }
        assert_eq!("3".parse::<Level>().unwrap(), Level::Club);
        assert!("grandmaster".parse::<Level>().is_err());
    }

    #[test]
    fn choice_stays_within_the_margin() {
        let mut rng = Rng::new(7);
        let scores = [50, 40, -300, -900];
        for _ in 0..1000 {
            let i = choose(&scores, 100, 200, &mut rng);
            assert!(i <= 1, "picked {i}");
        }
        // A found mate is always played.
        let scores = [crate::score::mate_in(3), 100];
        assert_eq!(choose(&scores, 500, 100_000, &mut rng), 0);
        // Zero temperature: the best line.
        assert_eq!(choose(&[10, 9, 8], 0, 100, &mut rng), 0);
    }

    #[test]
    fn weaker_lines_are_picked_less_often() {
        let mut rng = Rng::new(11);
        let mut counts = [0; 3];
        for _ in 0..3000 {
            counts[choose(&[0, -30, -60], 30, 100, &mut rng)] += 1;
        }
        assert!(counts[0] > counts[1] && counts[1] > counts[2], "{counts:?}");
    }
}
