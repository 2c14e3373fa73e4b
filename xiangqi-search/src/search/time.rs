//! Time management: how long to think about one move.
//!
//! Two budgets come out of the limits: the optimum, checked between iterations (no new
//! iteration starts past it, and it stretches or shrinks with how settled the best move is),
//! and the maximum, checked inside the search, which aborts it.

use super::limits::Limits;
use crate::params;
use crate::Instant;
use std::time::Duration;
use xiangqi_core::Color;

/// The time budget of one search.
#[derive(Clone, Debug)]
pub(crate) struct TimeManager {
    start: Instant,
    optimum: Option<Duration>,
    maximum: Option<Duration>,
}

impl TimeManager {
    /// Budgets for `side` under `limits`; `None` budgets when neither a clock nor a move time
    /// is given (depth, nodes or infinite searches).
    pub fn new(limits: &Limits, side: Color, start: Instant) -> TimeManager {
        let overhead = Duration::from_millis(params::MOVE_OVERHEAD_MS);
        if limits.infinite {
            return TimeManager {
                start,
                optimum: None,
                maximum: None,
            };
        }
        if let Some(movetime) = limits.movetime {
            let budget = movetime.saturating_sub(overhead.min(movetime / 4));
            return TimeManager {
                start,
                optimum: Some(budget),
                maximum: Some(budget),
            };
        }
        let Some(clock) = &limits.clock else {
            return TimeManager {
                start,
                optimum: None,
                maximum: None,
            };
        };
        let (time, increment) = match side {
            Color::Red => (clock.red_time, clock.red_increment),
            Color::Black => (clock.black_time, clock.black_increment),
        };
        let left = time.saturating_sub(overhead.min(time / 4));
        let moves_to_go = clock
            .moves_to_go
            .map_or(params::DEFAULT_MOVES_TO_GO, |n| u64::from(n.clamp(1, 60)));
        let left_ms = left.as_millis() as u64;
        let increment_ms = increment.as_millis() as u64;
        let mut optimum = left_ms / moves_to_go + increment_ms * 3 / 4;
        let mut maximum = (optimum * params::MAX_TIME_MULTIPLE)
            .min(left_ms * params::MAX_TIME_FRACTION_PERMILLE / 1000);
        if moves_to_go == 1 {
            // The last move before the control: use most of what is left, safely.
            optimum = left_ms * 7 / 10;
            maximum = left_ms * 8 / 10;
        }
        optimum = optimum.min(maximum).max(1);
        maximum = maximum.max(optimum);
        TimeManager {
            start,
            optimum: Some(Duration::from_millis(optimum)),
            maximum: Some(Duration::from_millis(maximum)),
        }
    }

    /// `true` when the search runs on a time budget.
    pub fn is_timed(&self) -> bool {
        self.maximum.is_some()
    }

    /// `true` once the hard budget is spent.
    pub fn hard_limit_reached(&self) -> bool {
        self.maximum.is_some_and(|max| self.start.elapsed() >= max)
    }

    /// `true` when no new iteration should start; `percent` scales the optimum by the best
    /// move's stability.
    pub fn soft_limit_reached(&self, percent: u64) -> bool {
        match (self.optimum, self.maximum) {
            (Some(opt), Some(max)) => {
                let scaled = opt.mul_f64(percent as f64 / 100.0).min(max);
                self.start.elapsed() >= scaled
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::limits::Clock;

    #[test]
    fn clock_budget_is_a_sane_share_of_the_time_left() {
        let limits = Limits {
            clock: Some(Clock {
                red_time: Duration::from_secs(60),
                black_time: Duration::from_secs(1),
                red_increment: Duration::from_millis(500),
                black_increment: Duration::ZERO,
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        let tm = TimeManager::new(&limits, Color::Red, Instant::now());
        let opt = tm.optimum.unwrap();
        let max = tm.maximum.unwrap();
        assert!(
            opt > Duration::from_millis(1500) && opt < Duration::from_secs(5),
            "{opt:?}"
        );
        assert!(max >= opt && max <= Duration::from_secs(25), "{max:?}");
        // Black has one second: never more than 40% of it.
        let tm = TimeManager::new(&limits, Color::Black, Instant::now());
        assert!(tm.maximum.unwrap() <= Duration::from_millis(400));
    }

    #[test]
    fn movetime_is_both_budgets() {
        let limits = Limits {
            movetime: Some(Duration::from_millis(1000)),
            ..Limits::default()
        };
        let tm = TimeManager::new(&limits, Color::Black, Instant::now());
        assert_eq!(tm.optimum, tm.maximum);
        assert!(tm.maximum.unwrap() <= Duration::from_millis(1000));
    }
}
