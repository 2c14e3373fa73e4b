//! What ends a game at a position, judged in one order by every caller.
//!
//! [`adjudicate`] is the single place that orders the game-end rules. [`Game::outcome`]
//! calls it with the repetition it found in the record, the engine's search with the
//! repetition it found on its path, so both judge every position alike:
//!
//! 1. no legal move for the side to move: checkmate, or stalemate, both a loss for that side
//!    (so a mate, or a stalemate, on the ply that reaches the no-capture limit wins);
//! 2. a repetition, as its caller judged the cycle ([`judge_cycle`], [`CycleVerdict::outcome`]):
//!    a perpetual check or chase loses, other repetitions draw;
//! 3. the no-capture limit ([`Rules::no_capture_limit`]): a draw;
//! 4. insufficient material on both sides, when [`Rules::insufficient_material`]: a draw.
//!
//! Results declared by the players (resignation, agreement, time) come before all of these and
//! are [`Game`]'s business.
//!
//! Janggi positions are judged as Fairy-Stockfish judges them: first the endings of the last
//! plies (two passes in a row, bikjang on two plies in a row), then no legal move (checkmate:
//! the pass leaves a move to a side not in check), the no-capture limit, a repetition,
//! insufficient material. With [`Rules::counting`] counting decides every ending that would be
//! a draw.
//!
//! ```
//! use xiangqi_core::{adjudicate, Move, NoMoveTest, Position, Rules, Square, Termination};
//!
//! // Red mates with b0b9 on the 120th ply without a capture: the mate wins, the limit does not draw.
//! let pos = Position::from_fen("3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 119 80").unwrap();
//! let mated = pos.after(Move::new(Square::B0, Square::B9)).unwrap();
//! assert_eq!(mated.halfmoves(), 120);
//! let outcome = adjudicate(&mated, &Rules::axf(), None, NoMoveTest::Always).unwrap();
//! assert_eq!(outcome.termination, Termination::Checkmate);
//! assert_eq!(outcome.result(), "1-0");
//!
//! // Any other move reaches the limit with a move left to Black: a draw.
//! let drawn = pos.after(Move::new(Square::A8, Square::A7)).unwrap();
//! let outcome = adjudicate(&drawn, &Rules::axf(), None, NoMoveTest::WhenRuleEnds).unwrap();
//! assert_eq!(outcome.termination, Termination::MoveLimit);
//! ```
//!
//! [`Game`]: crate::Game
//! [`Game::outcome`]: crate::Game::outcome
//! [`judge_cycle`]: crate::judge_cycle
//! [`CycleVerdict::outcome`]: crate::CycleVerdict::outcome

use crate::color::Color;
use crate::outcome::{Outcome, Termination};
use crate::position::Position;
use crate::rules::Rules;
use crate::variants::{dispatch, Family};

/// When [`adjudicate`] looks for a side to move without a legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoMoveTest {
    /// Always: the full judgement ([`Game::outcome`](crate::Game::outcome), a user's query).
    Always,
    /// Only when a repetition, the no-capture limit or bare material would end the game, so
    /// that such an ending gives way to mate as it does in a game. For a search, which finds
    /// mates by generating moves anyway and must not pay a move generation at every node.
    WhenRuleEnds,
    /// The full judgement of [`NoMoveTest::Always`], for a caller that has just listed the
    /// legal moves of the position (a training environment lists them for its action mask)
    /// and says whether there were any, instead of generating them again.
    Known {
        /// Whether the side to move has a legal move ([`Position::has_legal_moves`]).
        has_legal_moves: bool,
    },
}

/// How the game stands at `pos` by `rules`, or `None` while it goes on (see the
/// [module documentation](self) for the order of the tests).
///
/// `repetition` is the outcome of the repetition that `pos` completes, when it completes one
/// (the caller knows the history: [`Game`](crate::Game) a threefold repetition, the search a
/// cycle on its path), judged by the repetition rule of `rules`; under
/// [`Rules::back_and_forth`](crate::Rules::back_and_forth) the caller passes the
/// [`Termination::BackAndForth`] loss there too, when the last move completed one. With
/// [`NoMoveTest::WhenRuleEnds`] a position that no rule ends gives `None` even when the side to
/// move has no legal move.
#[inline]
pub fn adjudicate(
    pos: &Position,
    rules: &Rules,
    repetition: Option<Outcome>,
    no_moves: NoMoveTest,
) -> Option<Outcome> {
    if pos.variant().is_janggi() {
        return adjudicate_janggi(pos, rules, repetition, no_moves);
    }
    let by_rule = repetition.or_else(|| {
        if rules
            .no_capture_limit
            .is_some_and(|limit| pos.halfmoves() >= limit)
        {
            Some(Outcome::new(Termination::MoveLimit, None))
        } else if rules.insufficient_material && pos.is_insufficient_material() {
            Some(Outcome::new(Termination::InsufficientMaterial, None))
        } else {
            None
        }
    });
    no_move_first(pos, by_rule, no_moves)
}

/// The game-end queries of a position, which [`adjudicate`] reads.
impl Position {
    /// `true` when the side to move is in check and has no legal move (a loss).
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// `true` when the side to move is not in check but has no legal move (in xiangqi, a loss;
    /// in janggi the pass leaves a move to every side not in check).
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// Which side's pieces are all gone but general, advisors and elephants (in janggi, where
    /// elephants cross the river: but general and guards); such a side can never mate. Returns
    /// `true` when `color` cannot win by material.
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        dispatch!(self.variant(), G => G::mating_material(self.board(), color)).is_empty()
    }

    /// `true` when neither side can ever mate.
    pub fn is_insufficient_material(&self) -> bool {
        self.has_insufficient_material(Color::Red) && self.has_insufficient_material(Color::Black)
    }

    /// How the game stands at this position by `rules`, judged without a history (so never a
    /// repetition; see [`Game::outcome`](crate::Game::outcome) for a game): [`adjudicate`]
    /// with the full no-move test. For tools that walk lines of positions (puzzle checks,
    /// analysis) and must judge their ends as a game would.
    ///
    /// ```
    /// use xiangqi_core::{Color, Position, Rules, Termination};
    /// let mated = Position::from_fen("3k1R3/R8/9/9/9/9/9/9/9/4K4 b - - 0 1").unwrap();
    /// let outcome = mated.outcome(&Rules::axf()).unwrap();
    /// assert_eq!((outcome.termination, outcome.winner), (Termination::Checkmate, Some(Color::Red)));
    /// assert_eq!(Position::startpos().outcome(&Rules::axf()), None);
    /// ```
    pub fn outcome(&self, rules: &Rules) -> Option<Outcome> {
        adjudicate(self, rules, None, NoMoveTest::Always)
    }
}

/// [`adjudicate`] for the janggi variants.
fn adjudicate_janggi(
    pos: &Position,
    rules: &Rules,
    repetition: Option<Outcome>,
    no_moves: NoMoveTest,
) -> Option<Outcome> {
    let counted = |termination| {
        let winner = rules.counting.then(|| crate::janggi::counting_winner(pos));
        Outcome {
            counted: rules.counting,
            ..Outcome::new(termination, winner)
        }
    };
    if let Some(ending) = pos.janggi_ending() {
        return Some(counted(ending));
    }
    let by_rule = if rules
        .no_capture_limit
        .is_some_and(|limit| pos.halfmoves() >= limit)
    {
        Some(counted(Termination::MoveLimit))
    } else if let Some(outcome) = repetition {
        Some(if outcome.is_draw() && rules.counting {
            counted(outcome.termination)
        } else {
            outcome
        })
    } else if rules.insufficient_material && pos.is_insufficient_material() {
        Some(counted(Termination::InsufficientMaterial))
    } else {
        None
    };
    no_move_first(pos, by_rule, no_moves)
}

/// The ending a rule gives (`by_rule`) yields to checkmate or stalemate when the side to move
/// has no legal move; under [`NoMoveTest::Always`] (and [`NoMoveTest::Known`]) the move test
/// runs when no rule ends the game too. Both games' adjudications end here.
#[inline]
fn no_move_first(
    pos: &Position,
    by_rule: Option<Outcome>,
    no_moves: NoMoveTest,
) -> Option<Outcome> {
    let no_legal_move = || match no_moves {
        NoMoveTest::Known { has_legal_moves } => !has_legal_moves,
        NoMoveTest::Always | NoMoveTest::WhenRuleEnds => !pos.has_legal_moves(),
    };
    if (by_rule.is_some() || no_moves != NoMoveTest::WhenRuleEnds) && no_legal_move() {
        let termination = if pos.is_check() {
            Termination::Checkmate
        } else {
            Termination::Stalemate
        };
        return Some(Outcome::new(termination, Some(!pos.turn())));
    }
    by_rule
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after(fen: &str, mv: &str) -> Position {
        let pos = Position::from_fen(fen).unwrap();
        let m = mv.parse::<crate::Iccs>().unwrap().to_move(&pos).unwrap();
        pos.after(m).unwrap()
    }

    #[test]
    fn stalemate_on_the_limit_loses() {
        // The red chariot takes d8 from the black general on d9 whose only other point, e9,
        // faces the red general: no move, no check, on the 120th ply.
        let pos = after("3k5/9/R8/9/9/9/9/9/9/4K4 w - - 119 80", "a7a8");
        assert!(!pos.is_check());
        for no_moves in [NoMoveTest::Always, NoMoveTest::WhenRuleEnds] {
            let outcome = adjudicate(&pos, &Rules::casual(), None, no_moves).unwrap();
            assert_eq!(outcome.termination, Termination::Stalemate);
            assert_eq!(outcome.winner, Some(Color::Red));
        }
    }

    #[test]
    fn a_rule_ending_gives_way_only_to_mate() {
        let pos = after("3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 117 80", "b0b9");
        // Mated before the limit: only the full test sees it.
        assert_eq!(
            adjudicate(&pos, &Rules::axf(), None, NoMoveTest::WhenRuleEnds),
            None
        );
        let mate = adjudicate(&pos, &Rules::axf(), None, NoMoveTest::Always).unwrap();
        assert_eq!(mate.termination, Termination::Checkmate);
        // A repetition handed in is judged after the mate test.
        let repetition = Outcome::new(Termination::Repetition, None);
        let judged = adjudicate(
            &pos,
            &Rules::axf(),
            Some(repetition),
            NoMoveTest::WhenRuleEnds,
        );
        assert_eq!(judged.unwrap().termination, Termination::Checkmate);
        // With moves left the repetition outranks the limit.
        let pos = after("3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 119 80", "a8a7");
        let judged = adjudicate(&pos, &Rules::axf(), Some(repetition), NoMoveTest::Always);
        assert_eq!(judged, Some(repetition));
        // No limit: the game goes on.
        let unlimited = Rules {
            no_capture_limit: None,
            ..Rules::axf()
        };
        assert_eq!(adjudicate(&pos, &unlimited, None, NoMoveTest::Always), None);
    }
}
