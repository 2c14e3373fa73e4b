//! Judging the moves of a game: how much of the mover's expected score a move gives away, and
//! the mark it earns (`?!`, `?`, `??`). One rule for every front end: Python's
//! `xiangqi.analyse` and the play page's game review both call it.
//!
//! The expected score of a side `cp` centipawns ahead is `1 / (1 + 10^(-cp / 400))` (a logistic
//! curve, 400 centipawns per tenfold odds; `cp` clamped to ±4000), a mate counting as
//! [`MATE_CP`] less the moves to it. A move's drop is the mover's expected score with the best
//! move (the score of the position before, from the mover's side) less the expected score after
//! the move (the score of the position after, from the opponent's side, negated); the engine's
//! own best move never drops. Drops of [`THRESHOLDS`] (0.06, 0.12, 0.24) or more are dubious,
//! mistakes and blunders.
//!
//! ```
//! use xiangqi_search::review::{judge_move, Judgement};
//! use xiangqi_search::Score;
//! // Level before; after the move the opponent is a chariot up.
//! let verdict = judge_move(Score::Cp(0), Score::Cp(900), false);
//! assert_eq!(verdict.judgement, Judgement::Blunder);
//! assert_eq!(verdict.judgement.symbol(), "??");
//! assert_eq!(judge_move(Score::Cp(30), Score::Cp(-30), true).judgement, Judgement::Good);
//! ```

use crate::score::Score;
pub use crate::score::MATE_CP;
use crate::{Engine, Limits};
use xiangqi_core::{Game, Move, Outcome};

/// The drops of the mover's expected score that earn `?!`, `?` and `??`.
pub const THRESHOLDS: [f64; 3] = [0.06, 0.12, 0.24];

/// The verdict on a move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Judgement {
    /// Nothing to remark.
    #[default]
    Good,
    /// `?!` (NAG 6).
    Dubious,
    /// `?` (NAG 2).
    Mistake,
    /// `??` (NAG 4).
    Blunder,
}

impl Judgement {
    /// The mark: `""`, `"?!"`, `"?"` or `"??"`.
    pub const fn symbol(self) -> &'static str {
        match self {
            Judgement::Good => "",
            Judgement::Dubious => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }

    /// The PGN NAG: 0 (none), 6, 2 or 4.
    pub const fn nag(self) -> u8 {
        match self {
            Judgement::Good => 0,
            Judgement::Dubious => 6,
            Judgement::Mistake => 2,
            Judgement::Blunder => 4,
        }
    }

    /// A short lower-case name: `good`, `dubious`, `mistake`, `blunder`.
    pub const fn name(self) -> &'static str {
        match self {
            Judgement::Good => "good",
            Judgement::Dubious => "dubious",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        }
    }

    /// The verdict on a drop of the expected score, by `thresholds` (rising, within (0, 1)).
    pub fn of_drop(drop: f64, thresholds: [f64; 3]) -> Judgement {
        let [low, mid, high] = thresholds;
        if drop >= high {
            Judgement::Blunder
        } else if drop >= mid {
            Judgement::Mistake
        } else if drop >= low {
            Judgement::Dubious
        } else {
            Judgement::Good
        }
    }
}

/// A score in centipawns, a mate counted as [`MATE_CP`] less the moves to it (`Mate(0)`, no
/// legal move, is `-MATE_CP`).
pub const fn score_cp(score: Score) -> i32 {
    score.to_cp()
}

/// The expected score (0 to 1) of a side `cp` centipawns ahead.
pub fn expected_score(cp: i32) -> f64 {
    let cp = cp.clamp(-4000, 4000);
    1.0 / (1.0 + 10f64.powf(-f64::from(cp) / 400.0))
}

/// What [`judge_move`] found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveVerdict {
    /// The mover's expected score given away (0 to 1).
    pub drop: f64,
    /// The mark it earns.
    pub judgement: Judgement,
}

/// Judges a move: `before` is the score of the position before it from the mover's side (the
/// best play's), `after` the score of the position after it from the opponent's side (who is
/// then to move), `played_best` whether the move is the engine's best one. By [`THRESHOLDS`].
pub fn judge_move(before: Score, after: Score, played_best: bool) -> MoveVerdict {
    judge_move_with(before, after, played_best, THRESHOLDS)
}

/// [`judge_move`] with other thresholds (rising drops of `?!`, `?` and `??`).
pub fn judge_move_with(
    before: Score,
    after: Score,
    played_best: bool,
    thresholds: [f64; 3],
) -> MoveVerdict {
    let drop = if played_best {
        0.0
    } else {
        (expected_score(score_cp(before)) - expected_score(-score_cp(after))).max(0.0)
    };
    MoveVerdict {
        drop,
        judgement: Judgement::of_drop(drop, thresholds),
    }
}

/// One position of a reviewed game, from its side to move's view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionReview {
    /// The score on the [`MATE_CP`] scale: the search's ([`score_cp`]), or for a position the
    /// rules have already ended, `-MATE_CP` when the side to move has lost, `MATE_CP` when it
    /// has won (janggi counting, the opponent's perpetual check) and 0 for a draw.
    pub cp: i32,
    /// The search's score (`Mate(0)` or `Cp(0)` where the game is over: `cp` says more).
    pub score: Score,
    /// The depth searched (0 where the game is over).
    pub depth: u32,
    /// The engine's best move here (`None` where the game is over).
    pub best_move: Option<Move>,
    /// How the game ended here, when its rules have ended it.
    pub outcome: Option<Outcome>,
}

/// Reviews the current position of `game`: [`Engine::search_game`] within `limits`, under the
/// game's rules. The one way every front end scores a position of a game under review.
pub fn review_position(engine: &mut Engine, game: &Game, limits: &Limits) -> PositionReview {
    let result = engine.search_game(game, limits, &mut |_| {});
    let cp = match result.outcome {
        Some(outcome) => match outcome.winner {
            None => 0,
            Some(winner) if winner == game.position().turn() => MATE_CP,
            Some(_) => -MATE_CP,
        },
        None => score_cp(result.score),
    };
    PositionReview {
        cp,
        score: result.score,
        depth: result.depth,
        best_move: result.best_move,
        outcome: result.outcome,
    }
}

/// Reviews every position of `game` from its start: the start and the position after each
/// move ([`review_position`], one `limits` budget each, a new game for the engine first).
/// `each(ply, review)` is called as each position is done and stops the review when it returns
/// `false`. A record that goes on past its end (the moves of a game another rule set judged)
/// is reviewed as far as its moves can be played.
///
/// ```
/// use xiangqi_core::{Game, Iccs, Position, Rules};
/// use xiangqi_search::review::{review_game, judge_move};
/// use xiangqi_search::{Engine, EngineOptions, Limits, Score};
///
/// let mut game = Game::new(Position::startpos(), Rules::axf());
/// for text in ["h2e2", "h9g7"] {
///     let m = text.parse::<Iccs>().unwrap().to_move(game.position()).unwrap();
///     game.push(m).unwrap();
/// }
/// let mut engine = Engine::new(EngineOptions { hash_mb: 4, ..EngineOptions::default() });
/// let limits = Limits { nodes: Some(2_000), ..Limits::default() };
/// let positions = review_game(&mut engine, &game, &limits, &mut |_, _| true);
/// assert_eq!(positions.len(), 3);
/// // The first move judged: the start's score from Red's side, the next from Black's.
/// let verdict = judge_move(Score::Cp(positions[0].cp), Score::Cp(positions[1].cp), false);
/// assert!(verdict.drop < 0.12);
/// ```
pub fn review_game(
    engine: &mut Engine,
    game: &Game,
    limits: &Limits,
    each: &mut dyn FnMut(usize, &PositionReview) -> bool,
) -> Vec<PositionReview> {
    engine.new_game();
    let moves: Vec<Move> = game.moves().collect();
    let mut replay = Game::new(game.start().clone(), game.rules());
    let mut reviews = Vec::with_capacity(moves.len() + 1);
    for ply in 0..=moves.len() {
        let review = review_position(engine, &replay, limits);
        let go_on = each(ply, &review);
        reviews.push(review);
        if !go_on || ply == moves.len() || replay.push(moves[ply]).is_err() {
            break;
        }
    }
    reviews
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expected_scores_follow_the_logistic_curve() {
        assert!((expected_score(0) - 0.5).abs() < 1e-12);
        // 400 centipawns: tenfold odds, 10/11.
        assert!((expected_score(400) - 10.0 / 11.0).abs() < 1e-12);
        assert!((expected_score(-400) - 1.0 / 11.0).abs() < 1e-12);
        assert_eq!(expected_score(100_000), expected_score(4000));
        assert_eq!(score_cp(Score::Mate(3)), 99_997);
        assert_eq!(score_cp(Score::Mate(-2)), -99_998);
        assert_eq!(score_cp(Score::Mate(0)), -100_000);
    }

    #[test]
    fn drops_earn_their_marks() {
        // From level: the opponent then stands 100, 200, 400 and 900 centipawns up.
        let marks: Vec<&str> = [40, 100, 200, 900]
            .iter()
            .map(|&cp| {
                judge_move(Score::Cp(0), Score::Cp(cp), false)
                    .judgement
                    .symbol()
            })
            .collect();
        // Drops 0.0575, 0.1401, 0.2597, 0.4943 (1/(1+10^(cp/400)) below one half).
        assert_eq!(marks, ["", "?", "??", "??"]);
        let dubious = judge_move(Score::Cp(0), Score::Cp(60), false);
        assert_eq!(dubious.judgement, Judgement::Dubious);
        assert!((dubious.drop - (0.5 - 1.0 / (1.0 + 10f64.powf(60.0 / 400.0)))).abs() < 1e-12);
        // The best move never drops, and a move that gains is not marked.
        assert_eq!(judge_move(Score::Cp(0), Score::Cp(900), true).drop, 0.0);
        assert_eq!(judge_move(Score::Cp(0), Score::Cp(-50), false).drop, 0.0);
        // Missing a mate in two for a move after which the opponent mates.
        let lost = judge_move(Score::Mate(2), Score::Mate(3), false);
        assert_eq!(lost.judgement, Judgement::Blunder);
        assert_eq!(
            [
                Judgement::Good,
                Judgement::Dubious,
                Judgement::Mistake,
                Judgement::Blunder
            ]
            .map(Judgement::nag),
            [0, 6, 2, 4]
        );
    }
}
