//! A game: the start position, the moves and what each did, repetitions and adjudication.
//!
//! A [`Position`] knows no history; a [`Game`] keeps it: for every ply a [`PlyRecord`] (the move,
//! the piece, the capture, whether it gave check, which enemy pieces it newly chased, the hash of
//! the position it produced), so that [`Game::outcome`] can judge repetitions by the chosen
//! [`Rules`].
//!
//! # Adjudication
//!
//! [`Game::outcome`] returns a result declared by [`Game::resign`], [`Game::agree_draw`] or
//! [`Game::flag`]; otherwise it hands the position to [`adjudicate`], the one function that
//! orders the game-end rules for the game and the engine's search alike: no legal move first
//! (checkmate or stalemate, both a loss, so a mate on the ply that reaches the no-capture limit
//! wins), then a repetition, then the no-capture limit, then insufficient material. A
//! repetition here is the current position occurring for the third time with the same side to
//! move; the repetition rule judges the *cycle*, every ply from the first of the three
//! occurrences to now (see [`judge_cycle`]).
//!
//! # Speed
//!
//! [`Game::push`] does a legality test, the move, a check test and a scan of the hashes since
//! the last capture. Chase detection, the costly part (half again the cost of a ply), runs only
//! when the rules judge chases ([`RepetitionRule::Axf`](crate::RepetitionRule::Axf)) and the
//! position just reached occurred before: then the plies since its previous occurrence, the
//! cycle a repetition ruling reads, get their chase sets. So a game that never repeats a
//! position costs the same under `axf` as under `casual`, and only the records of plies inside a
//! repetition cycle hold chases (under `casual` and `simple` none do). Changing the rules with
//! [`Game::set_rules`] fills them in (or clears them) by replaying the game.
//!
//! # Piece identities
//!
//! Every piece on the start board gets an id (0 to 31, by point index at the start), which
//! follows it as it moves, so a chased piece that runs away is still the same piece:
//! [`PlyRecord::chased`] holds ids. [`Game::piece_id`] and [`Game::square_of`] translate.
//!
//! ```
//! use xiangqi_core::{Game, RankDialect, Rules, Termination};
//!
//! // Horses out and back twice: the start position occurs a third time at ply 8.
//! let mut game = Game::new(Default::default(), Rules::casual());
//! for mv in ["h0g2", "h9g7", "g2h0", "g7h9", "h0g2", "h9g7", "g2h0"] {
//!     game.push(game.position().parse_iccs(mv, RankDialect::Zero).unwrap()).unwrap();
//!     assert_eq!(game.outcome(), None);
//! }
//! game.push(game.position().parse_iccs("g7h9", RankDialect::Zero).unwrap()).unwrap();
//! let outcome = game.outcome().unwrap();
//! assert_eq!(outcome.termination, Termination::Repetition);
//! assert_eq!(outcome.result(), "1/2-1/2");
//! game.pop();
//! assert_eq!(game.outcome(), None);
//! ```

use crate::adjudication::{adjudicate, NoMoveTest};
use crate::color::{ByColor, Color};
use crate::fen::FenError;
use crate::moves::{Move, MoveList};
use crate::outcome::{ChasedPiece, Outcome, Ruling, Termination};
use crate::position::{IllegalMove, Position, Undo};
use crate::repetition::{
    fill_chases, fill_chases_of, follow_move, ids_of, judge_cycle, PieceId, PieceSet, PlyRecord,
    NO_ID,
};
use crate::rules::Rules;
use crate::square::Square;
use core::fmt;

const NO_PLY: u32 = u32::MAX;

/// A filter of the position keys that a new position could repeat (those since the last
/// capture): a key it does not hold has no earlier occurrence, so the search back through the
/// records is skipped. It may hold more keys than that (after a move is taken back), never
/// fewer. A cache of the records: it takes no part in comparing games.
#[derive(Clone, Debug, Default)]
struct RepetitionFilter([u64; 16]);

impl RepetitionFilter {
    #[inline]
    fn bit(hash: u64) -> (usize, u64) {
        // The key's top bits: its low bits also pick the transposition-table slot.
        let b = (hash >> 54) as usize;
        (b >> 6, 1 << (b & 63))
    }

    #[inline]
    fn insert(&mut self, hash: u64) {
        let (word, bit) = RepetitionFilter::bit(hash);
        self.0[word] |= bit;
    }

    #[inline]
    fn may_hold(&self, hash: u64) -> bool {
        let (word, bit) = RepetitionFilter::bit(hash);
        self.0[word] & bit != 0
    }

    fn clear(&mut self) {
        self.0 = [0; 16];
    }
}

impl PartialEq for RepetitionFilter {
    /// Always `true`: the filter is a cache of the records, which the comparison covers.
    fn eq(&self, _: &RepetitionFilter) -> bool {
        true
    }
}

impl Eq for RepetitionFilter {}

/// What [`Game::pop`] needs besides the record, and the repetition links.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PlyState {
    undo: Undo,
    captured_id: PieceId,
    /// How many times the position after this ply has occurred so far, this one included.
    repetitions: u32,
    /// The index of the position's previous occurrence (0 = the start position), or `NO_PLY`.
    previous: u32,
}

/// The error of [`Game::resign`], [`Game::agree_draw`] and [`Game::flag`]: the game is already over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOver {
    /// How it ended.
    pub outcome: Outcome,
}

impl fmt::Display for GameOver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the game is already over: {}", self.outcome)
    }
}

impl std::error::Error for GameOver {}

/// A game: start position, moves with their records, repetitions, and adjudication under a
/// set of [`Rules`]. See the [module documentation](crate::game).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "GameData", try_from = "GameData"))]
pub struct Game {
    start: Position,
    position: Position,
    rules: Rules,
    records: Vec<PlyRecord>,
    states: Vec<PlyState>,
    ids: [PieceId; 90],
    /// A result declared by resignation, agreement or time, and the ply it was declared at.
    declared: Option<(u32, Outcome)>,
    /// The keys the current position could repeat, and more.
    seen: RepetitionFilter,
}

impl Default for Game {
    /// The start position under the default rules ([`Rules::axf`]).
    fn default() -> Game {
        Game::new(Position::startpos(), Rules::default())
    }
}

impl Game {
    /// A game from `start` under `rules`.
    pub fn new(start: Position, rules: Rules) -> Game {
        let mut seen = RepetitionFilter::default();
        seen.insert(start.hash());
        Game {
            ids: ids_of(&start),
            position: start.clone(),
            start,
            rules,
            records: Vec::new(),
            states: Vec::new(),
            declared: None,
            seen,
        }
    }

    /// Makes this game the one [`Game::new`] would make from `start` under `rules`, keeping the
    /// memory its records took: a driver that plays game after game (a training environment)
    /// allocates nothing once its games have reached their usual length.
    pub fn restart(&mut self, start: Position, rules: Rules) {
        self.ids = ids_of(&start);
        self.position.clone_from(&start);
        self.start = start;
        self.rules = rules;
        self.records.clear();
        self.states.clear();
        self.seen.clear();
        self.seen.insert(self.start.hash());
        self.declared = None;
    }

    /// A game from a FEN under `rules`.
    pub fn from_fen(fen: &str, rules: Rules) -> Result<Game, FenError> {
        Ok(Game::new(Position::from_fen(fen)?, rules))
    }

    /// A game of `variant` from a FEN (`None`: the variant's start position), under the
    /// variant's own rules ([`Variant::default_rules`](crate::Variant::default_rules)).
    ///
    /// ```
    /// use xiangqi_core::{Game, Termination, Variant};
    /// let mut game = Game::of_variant(Variant::Janggi, None).unwrap();
    /// for _ in 0..2 {
    ///     let pass = game.position().pass_move();
    ///     game.push(pass).unwrap();
    /// }
    /// // Two passes in a row end a janggi game; counting decides (Han's 1.5 points).
    /// let outcome = game.outcome().unwrap();
    /// assert_eq!(outcome.termination, Termination::DoublePass);
    /// assert_eq!(outcome.result(), "0-1");
    /// ```
    pub fn of_variant(variant: crate::Variant, fen: Option<&str>) -> Result<Game, FenError> {
        let start = Position::from_fen_variant(fen.unwrap_or(variant.start_fen()), variant)?;
        Ok(Game::new(start, variant.default_rules()))
    }

    // ----- accessors -------------------------------------------------------------------------

    /// The current position.
    #[inline]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The start position.
    #[inline]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The moves played, in order.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.records.iter().map(|r| r.mv)
    }

    /// The record of every ply, in order.
    #[inline]
    pub fn records(&self) -> &[PlyRecord] {
        &self.records
    }

    /// The last move played.
    pub fn peek(&self) -> Option<Move> {
        self.records.last().map(|r| r.mv)
    }

    /// How many plies have been played.
    #[inline]
    pub fn ply(&self) -> usize {
        self.records.len()
    }

    /// The hash of the position after `ply` plies (0: the start position).
    pub fn hash_at(&self, ply: usize) -> Option<u64> {
        match ply {
            0 => Some(self.start.hash()),
            n => self.records.get(n - 1).map(|r| r.hash),
        }
    }

    /// The rules the game is judged by.
    #[inline]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Changes the rules. When the new rules judge chases and the old did not, the chase sets
    /// of the records are computed by replaying the game (and cleared in the opposite case).
    pub fn set_rules(&mut self, rules: Rules) {
        let recompute = rules.repetition.judges_chases() != self.rules.repetition.judges_chases();
        self.rules = rules;
        if recompute {
            self.refill_chases();
        }
    }

    /// The id of the piece on `sq`.
    pub fn piece_id(&self, sq: Square) -> Option<PieceId> {
        Some(self.ids[sq.index()]).filter(|&id| id != NO_ID)
    }

    /// Where the piece with id `id` stands now (`None` once captured).
    pub fn square_of(&self, id: PieceId) -> Option<Square> {
        self.ids
            .iter()
            .position(|&i| i == id)
            .map(|i| Square::ALL[i])
    }

    /// How many times the current position has occurred (same side to move), this time
    /// included.
    pub fn repetition_count(&self) -> u32 {
        self.states.last().map_or(1, |s| s.repetitions)
    }

    /// `true` when the current position has occurred at least `count` times.
    pub fn is_repetition(&self, count: u32) -> bool {
        self.repetition_count() >= count
    }

    // ----- moves -----------------------------------------------------------------------------

    /// Plays `m` if it is legal here.
    pub fn push(&mut self, m: Move) -> Result<(), IllegalMove> {
        if !self.position.is_legal(m) {
            return Err(IllegalMove { mv: m });
        }
        self.push_unchecked(m);
        Ok(())
    }

    /// Plays `m` without the legality test, for moves known to be legal (taken from
    /// [`Position::legal_moves`], say).
    ///
    /// # Panics
    /// May panic, or leave the game inconsistent, when `m` is not legal here.
    pub fn push_unchecked(&mut self, m: Move) {
        let (from, to) = (m.from(), m.to());
        let piece = self
            .position
            .piece_at(from)
            .expect("push_unchecked: no piece on the from point");
        let undo = self.position.make_move(m);
        let gave_check = self.position.is_check();
        let hash = self.position.hash();

        let captured_id = self.ids[to.index()];
        follow_move(&mut self.ids, m);

        // Only positions since the last capture can equal this one, and only every other one
        // has the same side to move.
        let index = self.records.len() + 1;
        let window = (self.position.halfmoves() as usize).min(index);
        let mut repetitions = 1;
        let mut previous = NO_PLY;
        if window == 0 {
            self.seen.clear();
        } else if self.seen.may_hold(hash) {
            let mut back = 2;
            while back <= window {
                let j = index - back;
                if self.hash_of_index(j) == hash {
                    previous = j as u32;
                    repetitions = self.repetitions_of_index(j) + 1;
                    break;
                }
                back += 2;
            }
        }
        self.seen.insert(hash);

        self.records.push(PlyRecord {
            mv: m,
            piece,
            captured: undo.captured,
            gave_check,
            chased: PieceSet::EMPTY,
            hash,
        });
        self.states.push(PlyState {
            undo,
            captured_id,
            repetitions,
            previous,
        });
        if previous != NO_PLY && self.rules.repetition.judges_chases() {
            self.fill_cycle_chases(previous as usize);
        }
    }

    /// Fills the chase sets of the plies after the first `first` (the cycle from an earlier
    /// occurrence of the current position to now): the position and the piece ids there are
    /// rebuilt by taking the plies back on a copy, then the plies are replayed.
    fn fill_cycle_chases(&mut self, first: usize) {
        let mut position = self.position.clone();
        let mut ids = self.ids;
        for (record, state) in self.records[first..]
            .iter()
            .zip(&self.states[first..])
            .rev()
        {
            position.unmake_move(record.mv, state.undo);
            let (from, to) = (record.mv.from(), record.mv.to());
            if from != to {
                ids[from.index()] = ids[to.index()];
                ids[to.index()] = state.captured_id;
            }
        }
        for record in &mut self.records[first..] {
            record.chased = PieceSet::EMPTY;
        }
        fill_chases(&position, &ids, &mut self.records[first..]);
    }

    /// Takes back the last move, restoring the position, records, repetition counts and piece
    /// ids; a result declared after that move is withdrawn too.
    pub fn pop(&mut self) -> Option<Move> {
        // A move after which no earlier position counts (a capture) had emptied the filter.
        let window_ended = self.position.halfmoves() == 0;
        let record = self.records.pop()?;
        let state = self.states.pop().expect("one state per record");
        let (from, to) = (record.mv.from(), record.mv.to());
        self.position.unmake_move(record.mv, state.undo);
        self.ids[from.index()] = self.ids[to.index()];
        self.ids[to.index()] = state.captured_id;
        if matches!(self.declared, Some((ply, _)) if ply as usize > self.records.len()) {
            self.declared = None;
        }
        if window_ended {
            // The keys before the move taken back count again.
            self.rebuild_seen();
        }
        Some(record.mv)
    }

    /// Fills the repetition filter with the keys of the current position's window.
    fn rebuild_seen(&mut self) {
        let index = self.records.len();
        let window = (self.position.halfmoves() as usize).min(index);
        self.seen.clear();
        for j in index - window..=index {
            let hash = self.hash_of_index(j);
            self.seen.insert(hash);
        }
    }

    fn hash_of_index(&self, index: usize) -> u64 {
        if index == 0 {
            self.start.hash()
        } else {
            self.records[index - 1].hash
        }
    }

    fn repetitions_of_index(&self, index: usize) -> u32 {
        if index == 0 {
            1
        } else {
            self.states[index - 1].repetitions
        }
    }

    fn previous_of_index(&self, index: usize) -> u32 {
        if index == 0 {
            NO_PLY
        } else {
            self.states[index - 1].previous
        }
    }

    /// Recomputes every record's chase set for the current rules, as pushing the moves under
    /// them would have: replaying from the start, the plies inside a repetition cycle only.
    fn refill_chases(&mut self) {
        for record in &mut self.records {
            record.chased = PieceSet::EMPTY;
        }
        if !self.rules.repetition.judges_chases() {
            return;
        }
        // `in_cycle[k]`: ply k + 1 lies between a position's occurrence and its next one.
        let mut in_cycle = vec![false; self.records.len()];
        for (index, state) in self.states.iter().enumerate() {
            if state.previous != NO_PLY {
                in_cycle[state.previous as usize..=index].fill(true);
            }
        }
        fill_chases_of(&self.start, &ids_of(&self.start), &mut self.records, |k| {
            in_cycle[k]
        });
    }

    /// Plies since the last capture: the plies of this game since its last capture, or, when
    /// it has none yet, all of them plus the start position's own count (a FEN's fifth field).
    /// This is the count the no-capture limit ([`Rules::no_capture_limit`]) compares.
    ///
    /// ```
    /// use xiangqi_core::{Game, Rules, RankDialect};
    /// let mut game = Game::from_fen("4k4/9/9/9/9/9/9/9/4c4/R2K5 w - - 7 20", Rules::axf()).unwrap();
    /// assert_eq!(game.plies_since_capture(), 7);
    /// for mv in ["a0a1", "e9e8"] {
    ///     game.push(game.position().parse_iccs(mv, RankDialect::Zero).unwrap()).unwrap();
    /// }
    /// assert_eq!(game.plies_since_capture(), 9);
    /// game.push(game.position().parse_iccs("a1e1", RankDialect::Zero).unwrap()).unwrap();
    /// assert_eq!(game.plies_since_capture(), 0); // the chariot took the cannon
    /// ```
    pub fn plies_since_capture(&self) -> u32 {
        match self.records.iter().rposition(|r| r.captured.is_some()) {
            Some(last) => (self.records.len() - 1 - last) as u32,
            None => self.start.halfmoves() + self.records.len() as u32,
        }
    }

    /// The part of the game the repetition rules can see: the position after the last capture
    /// (the start position when there is none) and the moves played since. No repetition
    /// reaches across a capture, so an engine given only this judges repetitions as the whole
    /// game would (for engines that keep a short move history).
    ///
    /// ```
    /// use xiangqi_core::{Game, RankDialect, Rules};
    /// let mut game = Game::default();
    /// for mv in ["h2e2", "h9g7", "e2e6", "g7e6", "h0g2"] {
    ///     game.push(game.position().parse_iccs(mv, RankDialect::Zero).unwrap()).unwrap();
    /// }
    /// // e2e6 took a soldier and g7e6 took the cannon back: the history restarts there.
    /// let (position, moves) = game.since_last_capture();
    /// assert_eq!(position.halfmoves(), 0);
    /// assert_eq!(moves.len(), 1);
    /// assert_eq!(moves[0].to_string(), "h0g2");
    /// ```
    pub fn since_last_capture(&self) -> (Position, Vec<Move>) {
        let cut = self
            .records
            .iter()
            .rposition(|r| r.captured.is_some())
            .map_or(0, |last| last + 1);
        let mut position = self.position.clone();
        for (record, state) in self.records[cut..].iter().zip(&self.states[cut..]).rev() {
            position.unmake_move(record.mv, state.undo);
        }
        (position, self.records[cut..].iter().map(|r| r.mv).collect())
    }

    // ----- results ---------------------------------------------------------------------------

    /// How the game ended, or `None` while it goes on. See the
    /// [module documentation](crate::game) for the order of the tests.
    ///
    /// The judgement is of the current position and its history (moves may still be pushed
    /// after the end, and the game is then judged afresh), except that a declared result
    /// stands until the move before it is taken back.
    pub fn outcome(&self) -> Option<Outcome> {
        self.judge(NoMoveTest::Always)
    }

    /// Appends the legal moves of the current position to `list`, as
    /// [`Position::legal_moves_into`] does, without its test for check: the game made that test
    /// when it recorded the last move ([`PlyRecord::gave_check`]).
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        match self.records.last() {
            Some(last) => self
                .position
                .legal_moves_into_in_check(list, last.gave_check),
            None => self.position.legal_moves_into(list),
        }
    }

    /// [`Game::outcome`] for a caller that has just listed the legal moves of the current
    /// position and tells whether there were any: the same judgement, without generating the
    /// moves again (a training environment lists them for its action mask at every step).
    ///
    /// ```
    /// use xiangqi_core::{Game, Position, Rules};
    /// let game = Game::new(Position::from_fen("3k1R3/R8/9/9/9/9/9/9/9/4K4 b - - 0 1").unwrap(), Rules::axf());
    /// let has_moves = !game.position().legal_moves().is_empty();
    /// assert_eq!(game.outcome_given_moves(has_moves), game.outcome());
    /// assert!(game.outcome().is_some());
    /// ```
    pub fn outcome_given_moves(&self, has_legal_moves: bool) -> Option<Outcome> {
        self.judge(NoMoveTest::Known { has_legal_moves })
    }

    fn judge(&self, no_moves: NoMoveTest) -> Option<Outcome> {
        if let Some((_, outcome)) = self.declared {
            return Some(outcome);
        }
        let shuttle = if self.rules.back_and_forth {
            self.back_and_forth_outcome()
        } else {
            None
        };
        let repetition = shuttle.or_else(|| {
            (self.repetition_count() >= self.rules.repetition_count.max(2))
                .then(|| self.repetition_outcome())
        });
        adjudicate(&self.position, &self.rules, repetition, no_moves)
    }

    /// [`janggi::back_and_forth_outcome`](crate::janggi::back_and_forth_outcome) over the
    /// moves since the last capture.
    fn back_and_forth_outcome(&self) -> Option<Outcome> {
        let reversible = self
            .records
            .iter()
            .rposition(|r| r.captured.is_some())
            .map_or(0, |last| last + 1);
        let plies = (reversible..self.records.len()).rev().map(|i| {
            let record = &self.records[i];
            crate::janggi::ShuttlePly {
                mv: record.mv,
                role: record.piece.role,
                in_check_before: match i.checked_sub(1) {
                    Some(before) => self.records[before].gave_check,
                    None => self.start.is_check(),
                },
            }
        });
        crate::janggi::back_and_forth_outcome(plies, self.position.turn())
    }

    /// A legal move of the side to move after which the rules draw the game (a repetition or
    /// the no-capture limit), with that outcome: what makes a player's draw claim valid in
    /// match play (an engine that answers "no move, I claim a draw").
    ///
    /// ```
    /// use xiangqi_core::{Game, RankDialect, Rules, Termination};
    /// let mut game = Game::new(Default::default(), Rules::casual());
    /// for mv in ["h0g2", "h9g7", "g2h0", "g7h9", "h0g2", "h9g7", "g2h0"] {
    ///     game.push(game.position().parse_iccs(mv, RankDialect::Zero).unwrap()).unwrap();
    /// }
    /// let (mv, outcome) = game.drawing_move().unwrap();
    /// assert_eq!(mv.to_string(), "g7h9");
    /// assert_eq!(outcome.termination, Termination::Repetition);
    /// assert!(Game::default().drawing_move().is_none());
    /// ```
    pub fn drawing_move(&self) -> Option<(Move, Outcome)> {
        if self.is_over() {
            return None;
        }
        let mut game = self.clone();
        for &m in self.position.legal_moves().iter() {
            game.push_unchecked(m);
            let outcome = game.outcome();
            game.pop();
            if let Some(outcome) = outcome.filter(Outcome::is_draw) {
                return Some((m, outcome));
            }
        }
        None
    }

    /// `true` when [`Game::outcome`] is `Some`.
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Judges the current repetition: the cycle runs from the earliest of the last
    /// [`Rules::repetition_count`] occurrences of the current position (three, say) to now.
    fn repetition_outcome(&self) -> Outcome {
        let now = self.records.len();
        let mut first = now;
        for _ in 1..self.rules.repetition_count.max(2) {
            first = self.previous_of_index(first) as usize;
        }
        let verdict = judge_cycle(&self.records[first..now], self.rules.repetition);
        let chased = ByColor::new_with(|side| {
            let id = verdict.chased[side].iter().next()?;
            let square = self.square_of(id)?;
            Some(ChasedPiece {
                piece: self.position.piece_at(square)?,
                square,
            })
        });
        let ruling = Ruling {
            rule: self.rules.repetition,
            violations: verdict.violations,
            loser: verdict.loser,
            chased,
            first_ply: first as u32 + 1,
            last_ply: now as u32,
        };
        Outcome {
            ruling: Some(ruling),
            ..verdict.outcome()
        }
    }

    fn declare(&mut self, outcome: Outcome) -> Result<(), GameOver> {
        if let Some(existing) = self.outcome() {
            return Err(GameOver { outcome: existing });
        }
        self.declared = Some((self.records.len() as u32, outcome));
        Ok(())
    }

    /// `color` resigns: the other side wins.
    pub fn resign(&mut self, color: Color) -> Result<(), GameOver> {
        self.declare(Outcome::new(Termination::Resignation, Some(!color)))
    }

    /// The players agree a draw.
    pub fn agree_draw(&mut self) -> Result<(), GameOver> {
        self.declare(Outcome::new(Termination::Agreement, None))
    }

    /// `color` ran out of time: the other side wins. It wins even when it has too little
    /// material to mate (the xiangqi codes know no exception for this, unlike chess).
    pub fn flag(&mut self, color: Color) -> Result<(), GameOver> {
        self.declare(Outcome::new(Termination::Time, Some(!color)))
    }
}

/// The serialised form of a [`Game`]: what is needed to replay it.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct GameData {
    start: Position,
    moves: Vec<Move>,
    rules: Rules,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    declared: Option<DeclaredData>,
}

#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct DeclaredData {
    ply: u32,
    outcome: Outcome,
}

#[cfg(feature = "serde")]
impl From<Game> for GameData {
    fn from(game: Game) -> GameData {
        GameData {
            moves: game.moves().collect(),
            start: game.start,
            rules: game.rules,
            declared: game
                .declared
                .map(|(ply, outcome)| DeclaredData { ply, outcome }),
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<GameData> for Game {
    type Error = String;

    fn try_from(data: GameData) -> Result<Game, String> {
        let mut game = Game::new(data.start, data.rules);
        for m in data.moves {
            game.push(m).map_err(|e| e.to_string())?;
        }
        if let Some(d) = data.declared {
            if d.ply as usize > game.ply() {
                return Err(format!(
                    "result declared at ply {} of a {}-ply game",
                    d.ply,
                    game.ply()
                ));
            }
            game.declared = Some((d.ply, d.outcome));
        }
        Ok(game)
    }
}
