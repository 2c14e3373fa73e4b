//! Tuning the search's run-time numbers ([`crate::params::TUNABLES`]) by SPSA: each iteration
//! moves every number a step up or down at random (one engine gets `theta + c * delta`, the
//! other `theta - c * delta`), plays game pairs between the two at a fixed node count, and moves
//! `theta` toward the side that scored more. The schedule is the one fishtest and OpenBench use:
//! `c_k = c_end * (N / k)^gamma`, `a_k = a / (A + k)^alpha`, with `a` chosen so that the last
//! step's learning rate `a_N / c_N^2` is `r_end`.
//!
//! An iteration depends only on the seed, its number and `theta`, so a run that was stopped
//! resumes from its last saved state ([`SpsaState`]) and plays the same games from there.

use crate::datagen::{play_out, start_position, GenConfig};
use crate::params::{SearchParams, Tunable, TUNABLES};
use crate::Engine;
use xiangqi_core::Color;
use xiangqi_nnue::data::GameResult;

/// How a tuning run plays and steps.
#[derive(Clone, Debug, PartialEq)]
pub struct SpsaConfig {
    /// How each game is played: nodes a move, openings and random plies, adjudication, rules,
    /// evaluation, hash, and the run's seed.
    pub games: GenConfig,
    /// Iterations of the whole run (`N`): the schedule depends on it.
    pub iterations: u64,
    /// Game pairs each iteration plays (one thread each, at once).
    pub pairs: usize,
    /// The learning rate at the last iteration (`a_N / c_N^2`).
    pub r_end: f64,
    /// The decay of the step size `a_k`.
    pub alpha: f64,
    /// The decay of the perturbation `c_k`.
    pub gamma: f64,
    /// `A` as a fraction of the iterations (stabilises the first steps).
    pub a_ratio: f64,
    /// The numbers tuned (by default every one of [`TUNABLES`]).
    pub tunables: Vec<Tunable>,
}

impl Default for SpsaConfig {
    fn default() -> SpsaConfig {
        SpsaConfig {
            games: GenConfig {
                nodes: 10_000,
                ..GenConfig::default()
            },
            iterations: 2_000,
            pairs: 2,
            r_end: 0.002,
            alpha: 0.602,
            gamma: 0.101,
            a_ratio: 0.1,
            tunables: TUNABLES.to_vec(),
        }
    }
}

/// Where a run stands: the iterations done, `theta` (one value per tuned number, in the order
/// of [`SpsaConfig::tunables`]), and the score so far.
#[derive(Clone, Debug, PartialEq)]
pub struct SpsaState {
    /// Iterations done.
    pub iteration: u64,
    /// The current values, unrounded.
    pub theta: Vec<f64>,
    /// Games played.
    pub games: u64,
    /// Points of the `theta + c * delta` side over all games, minus half the games: above
    /// zero when the plus side scored more.
    pub plus_surplus: f64,
}

impl SpsaState {
    /// A run's start: every number at its default.
    pub fn new(config: &SpsaConfig) -> SpsaState {
        SpsaState {
            iteration: 0,
            theta: config
                .tunables
                .iter()
                .map(|t| f64::from(t.default))
                .collect(),
            games: 0,
            plus_surplus: 0.0,
        }
    }

    /// `theta` rounded into each number's range, as a search reads it (numbers not tuned keep
    /// `base`'s values).
    pub fn params(&self, config: &SpsaConfig, base: SearchParams) -> SearchParams {
        params_at(config, base, &self.theta)
    }

    /// The state as text: `iteration`, `games`, `plus_surplus` lines, then `NAME value` lines
    /// ([`SpsaState::parse`] reads it back).
    pub fn to_text(&self, config: &SpsaConfig) -> String {
        let mut text = format!(
            "iteration {}\ngames {}\nplus_surplus {}\n",
            self.iteration, self.games, self.plus_surplus
        );
        for (t, v) in config.tunables.iter().zip(&self.theta) {
            text.push_str(&format!("{} {v}\n", t.name));
        }
        text
    }

    /// Reads a state written by [`SpsaState::to_text`] for a run of `config`; a number the
    /// text lacks starts at its default. The error names the bad line.
    pub fn parse(text: &str, config: &SpsaConfig) -> Result<SpsaState, String> {
        let mut state = SpsaState::new(config);
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
            let (key, value) = line
                .split_once(' ')
                .ok_or_else(|| format!("state line {line:?} is not `name value`"))?;
            let value = value.trim();
            let bad = || format!("state line {line:?}: {value:?} is not a number");
            match key {
                "iteration" => state.iteration = value.parse().map_err(|_| bad())?,
                "games" => state.games = value.parse().map_err(|_| bad())?,
                "plus_surplus" => state.plus_surplus = value.parse().map_err(|_| bad())?,
                name => {
                    let index = config
                        .tunables
                        .iter()
                        .position(|t| t.name == name)
                        .ok_or_else(|| format!("state line {line:?}: {name} is not tuned"))?;
                    let v: f64 = value.parse().map_err(|_| bad())?;
                    if !v.is_finite() {
                        return Err(bad());
                    }
                    state.theta[index] = v;
                }
            }
        }
        Ok(state)
    }
}

/// `theta` rounded into each tuned number's range, on top of `base`.
fn params_at(config: &SpsaConfig, base: SearchParams, theta: &[f64]) -> SearchParams {
    let mut p = base;
    for (t, &v) in config.tunables.iter().zip(theta) {
        let value = v.round().clamp(f64::from(t.min), f64::from(t.max)) as i64;
        // In range by the clamp; a name of the table.
        let _ = p.set(t.name, value);
    }
    p
}

/// The perturbation `c_k` of each number at iteration `k` (1-based).
pub fn perturbation(config: &SpsaConfig, k: u64) -> Vec<f64> {
    let n = config.iterations.max(1) as f64;
    let k = k.max(1) as f64;
    config
        .tunables
        .iter()
        .map(|t| f64::from(t.step) * (n / k).powf(config.gamma))
        .collect()
}

/// The step size `a_k` of each number at iteration `k` (1-based).
pub fn step_size(config: &SpsaConfig, k: u64) -> Vec<f64> {
    let n = config.iterations.max(1) as f64;
    let big_a = config.a_ratio * n;
    config
        .tunables
        .iter()
        .map(|t| {
            let c_end = f64::from(t.step);
            let a_end = config.r_end * c_end * c_end;
            let a = a_end * (big_a + n).powf(config.alpha);
            a / (big_a + k.max(1) as f64).powf(config.alpha)
        })
        .collect()
}

/// One iteration's random signs, drawn from the seed and the iteration's number.
fn signs(seed: u64, k: u64, count: usize) -> Vec<f64> {
    let mut rng = fastrand::Rng::with_seed(seed ^ k.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    (0..count)
        .map(|_| if rng.bool() { 1.0 } else { -1.0 })
        .collect()
}

/// One thread's engines: the plus side and the minus side.
pub struct PairEngines([Engine; 2]);

impl PairEngines {
    /// Two engines for `config`'s games.
    pub fn new(config: &SpsaConfig) -> PairEngines {
        PairEngines([
            crate::datagen::engine_for(&config.games),
            crate::datagen::engine_for(&config.games),
        ])
    }
}

/// Plays game pair `index` (an opening from the run's seed and `index`, both colours) between
/// `plus` and `minus`; returns the plus side's points minus the minus side's, from -2 to 2.
pub fn play_pair(
    engines: &mut PairEngines,
    config: &SpsaConfig,
    plus: SearchParams,
    minus: SearchParams,
    index: u64,
) -> f64 {
    let [plus_engine, minus_engine] = &mut engines.0;
    // The start is chosen (and checked to be balanced) by the shipped numbers, so that it
    // depends on the pair's number only.
    plus_engine.set_search_params(SearchParams::default());
    let start = start_position(plus_engine, &config.games, index);
    plus_engine.set_search_params(plus);
    minus_engine.set_search_params(minus);
    let mut surplus = 0.0;
    for plus_color in [Color::Red, Color::Black] {
        let (result, _, _) = play_out(&mut engines.0, plus_color, &start, &config.games);
        surplus += match result {
            GameResult::Draw => 0.0,
            GameResult::RedWin if plus_color == Color::Red => 1.0,
            GameResult::BlackWin if plus_color == Color::Black => 1.0,
            _ => -1.0,
        };
    }
    surplus
}

/// Runs iteration `state.iteration + 1`: its game pairs on `engines.len()` threads at once
/// (each thread plays `config.pairs / engines.len()` pairs, at least one), then the step.
/// Returns the plus side's surplus of the iteration.
pub fn iterate(
    config: &SpsaConfig,
    state: &mut SpsaState,
    engines: &mut [PairEngines],
    base: SearchParams,
) -> f64 {
    let k = state.iteration + 1;
    let c = perturbation(config, k);
    let a = step_size(config, k);
    let delta = signs(config.games.seed, k, config.tunables.len());
    let plus_theta: Vec<f64> = state
        .theta
        .iter()
        .zip(&c)
        .zip(&delta)
        .map(|((t, c), d)| t + c * d)
        .collect();
    let minus_theta: Vec<f64> = state
        .theta
        .iter()
        .zip(&c)
        .zip(&delta)
        .map(|((t, c), d)| t - c * d)
        .collect();
    let plus = params_at(config, base, &plus_theta);
    let minus = params_at(config, base, &minus_theta);
    let pairs = config.pairs.max(1) as u64;
    let threads = engines.len().max(1) as u64;
    let first_pair = (k - 1) * pairs;
    let result: f64 = std::thread::scope(|scope| {
        let handles: Vec<_> = engines
            .iter_mut()
            .enumerate()
            .map(|(thread, engines)| {
                scope.spawn(move || {
                    (thread as u64..pairs)
                        .step_by(threads as usize)
                        .map(|i| play_pair(engines, config, plus, minus, first_pair + i))
                        .sum::<f64>()
                })
            })
            .collect();
        // A game that panicked is a bug to see, not a draw to count.
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .sum()
    });
    for (i, t) in config.tunables.iter().enumerate() {
        // theta += a_k / c_k^2 * c_k * result / delta (delta is +-1).
        let next = state.theta[i] + a[i] / c[i] * result * delta[i];
        state.theta[i] = next.clamp(f64::from(t.min), f64::from(t.max));
    }
    state.iteration = k;
    state.games += 2 * pairs;
    state.plus_surplus += result / 2.0;
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> SpsaConfig {
        SpsaConfig {
            iterations: 100,
            ..SpsaConfig::default()
        }
    }

    #[test]
    fn the_perturbation_ends_at_each_numbers_step_and_starts_larger() {
        let config = config();
        let last = perturbation(&config, 100);
        let first = perturbation(&config, 1);
        for ((t, l), f) in config.tunables.iter().zip(&last).zip(&first) {
            assert!((l - f64::from(t.step)).abs() < 1e-9, "{}", t.name);
            assert!(f > l, "{}", t.name);
        }
    }

    #[test]
    fn the_last_learning_rate_is_r_end() {
        let config = config();
        let a = step_size(&config, 100);
        let c = perturbation(&config, 100);
        for (a, c) in a.iter().zip(&c) {
            assert!((a / (c * c) - config.r_end).abs() < 1e-12);
        }
        // The steps shrink.
        assert!(step_size(&config, 1)[0] > a[0]);
    }

    #[test]
    fn a_state_reads_back_and_bad_lines_are_named() {
        let config = config();
        let mut state = SpsaState::new(&config);
        state.iteration = 7;
        state.games = 28;
        state.plus_surplus = -1.5;
        state.theta[2] = 141.25;
        let back = SpsaState::parse(&state.to_text(&config), &config).unwrap();
        assert_eq!(back, state);
        let err = SpsaState::parse("RFP_MARGIN x\n", &config).unwrap_err();
        assert!(err.contains("RFP_MARGIN x"), "{err}");
        assert!(SpsaState::parse("NOT_A_NUMBER 3\n", &config).is_err());
        assert!(SpsaState::parse("RFP_MARGIN NaN\n", &config).is_err());
    }

    #[test]
    fn params_are_rounded_into_range() {
        let config = config();
        let mut theta: Vec<f64> = config
            .tunables
            .iter()
            .map(|t| f64::from(t.max) + 50.4)
            .collect();
        theta[0] = 20.4;
        let p = params_at(&config, SearchParams::default(), &theta);
        assert_eq!(p.get(config.tunables[0].name), Some(20));
        let last = config.tunables.last().unwrap();
        assert_eq!(p.get(last.name), Some(last.max));
    }

    #[test]
    fn an_iteration_plays_its_pairs_and_moves_theta_only_on_a_decisive_result() {
        let config = SpsaConfig {
            games: GenConfig {
                nodes: 300,
                max_plies: 60,
                ..GenConfig::default()
            },
            iterations: 10,
            pairs: 2,
            ..SpsaConfig::default()
        };
        let mut state = SpsaState::new(&config);
        let before = state.theta.clone();
        let mut engines = vec![PairEngines::new(&config), PairEngines::new(&config)];
        let result = iterate(&config, &mut state, &mut engines, SearchParams::default());
        assert_eq!((state.iteration, state.games), (1, 4));
        assert!((-4.0..=4.0).contains(&result));
        assert_eq!(state.plus_surplus, result / 2.0);
        let moved = state.theta.iter().zip(&before).any(|(a, b)| a != b);
        assert_eq!(moved, result != 0.0);
    }
}
