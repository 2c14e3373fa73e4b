//! What the caller asks of a search: its limits, and what comes back.

use crate::score::Score;
use crate::Instant;
use std::time::Duration;
use xiangqi_core::{Move, Outcome};

/// The time on both clocks, as a GUI sends it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Red's remaining time.
    pub red_time: Duration,
    /// Black's remaining time.
    pub black_time: Duration,
    /// Red's increment per move.
    pub red_increment: Duration,
    /// Black's increment per move.
    pub black_increment: Duration,
    /// Moves until the next time control, if the control is not sudden death.
    pub moves_to_go: Option<u32>,
}

/// When to stop searching. Several limits may be combined; the first one reached stops the
/// search. With none at all the search runs to the maximum depth.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Node budget (all threads together). With one thread the search stops at exactly this
    /// count, which makes it reproducible.
    pub nodes: Option<u64>,
    /// Time for this move.
    pub movetime: Option<Duration>,
    /// Both clocks: the engine decides how much of its time to use.
    pub clock: Option<Clock>,
    /// Search until stopped (a stop flag or the caller's stop handle); the other limits are
    /// ignored.
    pub infinite: bool,
    /// Only these root moves are considered (empty: all).
    pub search_moves: Vec<Move>,
    /// These root moves are never played (UCCI `banmoves`).
    pub ban_moves: Vec<Move>,
    /// Look for a mate in this many moves (UCI `go mate`): the search goes no deeper than
    /// [`Limits::mate_depth`] and stops once it has found a mate in at most this many moves.
    pub mate: Option<u32>,
}

impl Limits {
    /// The depth in plies a search for a mate in `moves` moves needs: the mate lies `2 *
    /// moves - 1` plies deep, and two plies more let the last checks resolve. The one formula
    /// for every front end (UCI's `go mate`, Python's `Limit(mate=)`, C's `mate`, and the
    /// depth given to an external engine that has no mate search).
    pub const fn mate_depth(moves: u32) -> u32 {
        moves.saturating_mul(2).saturating_add(1)
    }
}

/// The bound kind of a reported score: the search may report a score before it is exact,
/// when an aspiration window failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScoreBound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (a fail high).
    Lower,
    /// The true score is at most this (a fail low).
    Upper,
}

/// Progress of a search, given to the info callback after each iteration (one call per
/// principal variation when several are searched).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// Iteration depth in plies.
    pub depth: u32,
    /// Deepest ply reached (selective depth).
    pub seldepth: u32,
    /// Which line this is, from 1 (the best).
    pub multipv: u32,
    /// The line's score from the side to move's point of view.
    pub score: Score,
    /// Whether the score is exact or a bound.
    pub bound: ScoreBound,
    /// Nodes searched so far, all threads.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Per mille of the transposition table in use by this search.
    pub hashfull: u32,
    /// The principal variation, starting with the line's move.
    pub pv: Vec<Move>,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` when the side to move has no legal move (it has lost), all
    /// were excluded, or the game was already over (`outcome`).
    pub best_move: Option<Move>,
    /// The expected reply, when known.
    pub ponder: Option<Move>,
    /// Score of the best line (`Score::Mate(0)`: the side to move has no legal move).
    pub score: Score,
    /// The principal variation, starting with the best move (a level below Master may play
    /// another move than the first of the best line: then this is that move's line).
    pub pv: Vec<Move>,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Selective depth of that iteration.
    pub seldepth: u32,
    /// Nodes searched, all threads.
    pub nodes: u64,
    /// Time spent.
    pub time: Duration,
    /// The game's end, when its rules had already ended it before the search (only
    /// [`Engine::search_game`](crate::Engine::search_game), which holds the game, judges this:
    /// a repetition, a perpetual check, the move limit, janggi's bikjang, double pass or
    /// back-and-forth rule). Then `best_move` is `None`, nothing is searched, and `score` is
    /// `Mate(0)` when the side to move has lost, else `Cp(0)`: the winner is the outcome's.
    pub outcome: Option<Outcome>,
}

impl SearchResult {
    /// The answer of a search that offers no move: `Mate(0)` when the side to move has `lost`,
    /// else `Cp(0)`, nothing searched, `outcome` the game's end when it had one.
    pub(crate) fn no_move(lost: bool, started: Instant, outcome: Option<Outcome>) -> SearchResult {
        SearchResult {
            best_move: None,
            ponder: None,
            score: if lost { Score::Mate(0) } else { Score::Cp(0) },
            pv: Vec::new(),
            depth: 0,
            seldepth: 0,
            nodes: 0,
            time: started.elapsed(),
            outcome,
        }
    }
}
