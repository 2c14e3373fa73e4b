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
    /// A fixed time per move (`movetime`): the whole budget is the user's to spend, so the
    /// search ends only at the maximum (an unfinished iteration's best move still counts),
    /// whatever the best move's stability says.
    fixed: bool,
}

impl TimeManager {
    /// Budgets for `side` under `limits`, `overhead` (at most a quarter of the time left) kept
    /// off a clock for communication; a fixed move time is spent whole, as the Stockfish family
    /// spends it. `None` budgets when neither a clock nor a move time is given (depth, nodes or
    /// infinite searches).
    pub fn new(limits: &Limits, side: Color, start: Instant, overhead: Duration) -> TimeManager {
        if limits.infinite {
            return TimeManager {
                start,
                optimum: None,
                maximum: None,
                fixed: false,
            };
        }
        if let Some(movetime) = limits.movetime {
            return TimeManager {
                start,
                optimum: Some(movetime),
                maximum: Some(movetime),
                fixed: true,
            };
        }
        let Some(clock) = &limits.clock else {
            return TimeManager {
                start,
                optimum: None,
                maximum: None,
                fixed: false,
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
        // Saturating arithmetic: a GUI may send any clock, up to u64::MAX milliseconds.
        let left_ms = u64::try_from(left.as_millis()).unwrap_or(u64::MAX);
        let increment_ms = u64::try_from(increment.as_millis()).unwrap_or(u64::MAX);
        let mut optimum = (left_ms / moves_to_go).saturating_add(permille(increment_ms, 750));
        let mut maximum = optimum
            .saturating_mul(params::MAX_TIME_MULTIPLE)
            .min(permille(left_ms, params::MAX_TIME_FRACTION_PERMILLE));
        if moves_to_go == 1 {
            // The last move before the control: use most of what is left, safely.
            optimum = permille(left_ms, 700);
            maximum = permille(left_ms, 800);
        }
        optimum = optimum.min(maximum).max(1);
        maximum = maximum.max(optimum);
        TimeManager {
            start,
            optimum: Some(Duration::from_millis(optimum)),
            maximum: Some(Duration::from_millis(maximum)),
            fixed: false,
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
    /// move's stability (not a fixed time per move, which is spent whole).
    pub fn soft_limit_reached(&self, percent: u64) -> bool {
        match (self.optimum, self.maximum) {
            (Some(_), Some(max)) if self.fixed => self.start.elapsed() >= max,
            (Some(opt), Some(max)) => {
                let scaled = opt.as_millis().saturating_mul(u128::from(percent)) / 100;
                self.start.elapsed().as_millis() >= scaled.min(max.as_millis())
            }
            _ => false,
        }
    }
}

/// `value * permille / 1000` without overflow.
fn permille(value: u64, permille: u64) -> u64 {
    (u128::from(value) * u128::from(permille) / 1000) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::limits::Clock;

    const OVERHEAD: Duration = Duration::from_millis(params::DEFAULT_MOVE_OVERHEAD_MS);

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
        let tm = TimeManager::new(&limits, Color::Red, Instant::now(), OVERHEAD);
        let opt = tm.optimum.unwrap();
        let max = tm.maximum.unwrap();
        assert!(
            opt > Duration::from_millis(1500) && opt < Duration::from_secs(5),
            "{opt:?}"
        );
        assert!(max >= opt && max <= Duration::from_secs(25), "{max:?}");
        // Black has one second: never more than 40% of it.
        let tm = TimeManager::new(&limits, Color::Black, Instant::now(), OVERHEAD);
        assert!(tm.maximum.unwrap() <= Duration::from_millis(400));
    }

    #[test]
    fn huge_clocks_neither_panic_nor_wrap() {
        let huge = Duration::MAX;
        for (time, increment) in [(huge, huge), (huge, Duration::ZERO), (Duration::ZERO, huge)] {
            for moves_to_go in [None, Some(1), Some(1000)] {
                let limits = Limits {
                    clock: Some(Clock {
                        red_time: time,
                        black_time: time,
                        red_increment: increment,
                        black_increment: increment,
                        moves_to_go,
                    }),
                    ..Limits::default()
                };
                let tm = TimeManager::new(&limits, Color::Red, Instant::now(), OVERHEAD);
                let (opt, max) = (tm.optimum.unwrap(), tm.maximum.unwrap());
                assert!(opt <= max, "{opt:?} {max:?}");
                // A huge clock gives a huge budget, never a wrapped small one.
                if time == huge {
                    assert!(opt > Duration::from_secs(1 << 40), "{opt:?}");
                }
                assert!(!tm.hard_limit_reached());
                assert!(!tm.soft_limit_reached(u64::MAX));
            }
        }
        let limits = Limits {
            movetime: Some(huge),
            ..Limits::default()
        };
        let tm = TimeManager::new(&limits, Color::Black, Instant::now(), OVERHEAD);
        assert!(!tm.soft_limit_reached(250) && !tm.hard_limit_reached());
    }

    #[test]
    fn movetime_is_both_budgets() {
        let limits = Limits {
            movetime: Some(Duration::from_millis(1000)),
            ..Limits::default()
        };
        let tm = TimeManager::new(&limits, Color::Black, Instant::now(), OVERHEAD);
        assert_eq!(tm.optimum, tm.maximum);
        assert!(tm.maximum.unwrap() <= Duration::from_millis(1000));
        // Seven tenths of the time spent: a stable best move does not end a fixed-time search
        // early (a clock's optimum would shrink to 60% of the budget).
        let Some(started) = Instant::now().checked_sub(Duration::from_millis(700)) else {
            return;
        };
        let tm = TimeManager::new(&limits, Color::Black, started, OVERHEAD);
        assert!(!tm.soft_limit_reached(params::STABLE_TIME_PERCENT));
    }

    #[test]
    fn a_move_time_is_spent_whole_and_the_overhead_comes_off_the_clock() {
        let limits = Limits {
            movetime: Some(Duration::from_millis(200)),
            ..Limits::default()
        };
        for overhead_ms in [0, 10, 30, 5000] {
            let overhead = Duration::from_millis(overhead_ms);
            let tm = TimeManager::new(&limits, Color::Red, Instant::now(), overhead);
            assert_eq!(tm.maximum, Some(Duration::from_millis(200)));
        }
        // The last move before the control, one second left: the overhead (at most a quarter
        // of the time) comes off before the 80% maximum.
        let last_move = |overhead_ms| {
            let limits = Limits {
                clock: Some(Clock {
                    red_time: Duration::from_secs(1),
                    black_time: Duration::from_secs(1),
                    red_increment: Duration::ZERO,
                    black_increment: Duration::ZERO,
                    moves_to_go: Some(1),
                }),
                ..Limits::default()
            };
            let overhead = Duration::from_millis(overhead_ms);
            TimeManager::new(&limits, Color::Red, Instant::now(), overhead).maximum
        };
        assert_eq!(last_move(0), Some(Duration::from_millis(800)));
        assert_eq!(last_move(100), Some(Duration::from_millis(720)));
        assert_eq!(last_move(5000), Some(Duration::from_millis(600)));
    }
}
