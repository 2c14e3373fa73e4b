//! The engine as the judge: how many moves win, the solution line, its exact mate length,
//! and the weakest level that finds the first move.

use xiangqi_core::{Color, Move, Position, Role, Rules};
use xiangqi_search::{Engine, EngineOptions, Level, Limits, Score};

/// A best move scoring at least this many centipawns wins clearly.
pub const WIN_CP: i32 = 300;
/// A second-best move scoring at most this many centipawns does not win.
pub const NOT_WIN_CP: i32 = 100;
/// The most solver moves a line is extended to.
pub const MAX_SOLVER_MOVES: usize = 8;
/// A decisive-gain line must end (after the defender's best reply to its last move) with at
/// least this much more material for the solver than at the start, in the units of
/// [`material`].
pub const MIN_REALIZED_GAIN: i32 = 200;

/// How much a search may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Node budget per search.
    pub nodes: Option<u64>,
    /// Iteration depth per search.
    pub depth: Option<u32>,
}

impl Budget {
    /// A node budget.
    pub const fn nodes(nodes: u64) -> Budget {
        Budget {
            nodes: Some(nodes),
            depth: None,
        }
    }

    /// A depth limit.
    pub const fn depth(depth: u32) -> Budget {
        Budget {
            nodes: None,
            depth: Some(depth),
        }
    }

    /// The same budget made `factor` times larger (nodes), or `plies` deeper (depth).
    pub fn deeper(self, factor: u64, plies: u32) -> Budget {
        Budget {
            nodes: self.nodes.map(|n| n.saturating_mul(factor)),
            depth: self.depth.map(|d| d + plies),
        }
    }

    fn limits(self, search_moves: Vec<Move>) -> Limits {
        Limits {
            nodes: self.nodes,
            depth: self.depth,
            search_moves,
            ..Limits::default()
        }
    }
}

impl std::fmt::Display for Budget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.nodes, self.depth) {
            (Some(n), Some(d)) => write!(f, "nodes {n} depth {d}"),
            (Some(n), None) => write!(f, "nodes {n}"),
            (None, Some(d)) => write!(f, "depth {d}"),
            (None, None) => f.write_str("unbounded"),
        }
    }
}

/// One root line of a multi-PV search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Its first move.
    pub mv: Move,
    /// Its score, side to move's view.
    pub score: Score,
    /// The principal variation from `mv`.
    pub pv: Vec<Move>,
}

/// What a position offers the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Exactly one move mates, in this many moves.
    Mate(u32),
    /// Exactly one move wins clearly (at least [`WIN_CP`]; the second-best at most
    /// [`NOT_WIN_CP`] and no mate).
    Gain,
    /// More than one move wins.
    NotUnique,
    /// No move wins clearly.
    NotWinning,
}

/// A puzzle's solution: the moves from the solver's first one to its last, replies between.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The moves, solver first; an odd count.
    pub moves: Vec<Move>,
    /// `Some(n)`: the line is a mate in `n` solver moves (the last move mates).
    pub mate: Option<u32>,
    /// The material the solver has gained by the end (after the defender's best reply to the
    /// last move), in the units of [`material`].
    pub gain: i32,
    /// The first move's score.
    pub score: Score,
}

/// Material for the judge's bookkeeping, in centipawns ([`Role::value`]: soldier 100,
/// advisor and elephant 200, horse and cannon 450, chariot 1000).
pub fn material(pos: &Position, color: Color) -> i32 {
    Role::ALL
        .iter()
        .map(|&role| pos.count(color, role) as i32 * role.value())
        .sum()
}

/// `true` when the game ends at `pos` with a win for `solver`, as core's adjudication judges a
/// position (checkmate or stalemate of the defender: both lose) under the default rules.
pub fn solver_won(pos: &Position, solver: Color) -> bool {
    pos.outcome(&Rules::default())
        .is_some_and(|o| o.winner == Some(solver))
}

/// `true` when the game goes on at `pos` (core's adjudication under the default rules).
pub fn goes_on(pos: &Position) -> bool {
    pos.outcome(&Rules::default()).is_none()
}

/// The solver's material lead.
pub fn balance(pos: &Position, solver: Color) -> i32 {
    material(pos, solver) - material(pos, !solver)
}

/// Why a position is not a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// The side to move has one legal move only.
    Forced,
    /// No move wins clearly.
    NotWinning,
    /// Another move wins too.
    NotUnique,
    /// The gain does not show in the line (fewer than [`MIN_REALIZED_GAIN`] won by its end).
    GainNotRealized,
    /// The mate line did not end in mate within its announced length.
    MateMismatch,
    /// A mate in one found by the weakest level, or a loose piece taken that the weakest level
    /// takes: nothing to solve.
    Trivial,
}

impl Rejection {
    /// A short name for counting.
    pub fn name(self) -> &'static str {
        match self {
            Rejection::Forced => "forced",
            Rejection::NotWinning => "not-winning",
            Rejection::NotUnique => "not-unique",
            Rejection::GainNotRealized => "gain-not-realized",
            Rejection::MateMismatch => "mate-mismatch",
            Rejection::Trivial => "trivial",
        }
    }
}

/// The engine set up as a judge (Master strength, one thread, deterministic).
pub struct Judge {
    engine: Engine,
    graders: Vec<(Level, Engine)>,
}

impl Judge {
    /// A judge with a transposition table of `hash_mb` MiB.
    pub fn new(hash_mb: usize) -> Judge {
        let engine = Engine::new(EngineOptions {
            threads: 1,
            hash_mb,
            level: Level::Master,
            seed: Some(1),
            evaluation: crate::puzzle_evaluation(),
            ..EngineOptions::default()
        });
        Judge {
            engine,
            graders: Vec::new(),
        }
    }

    /// The best `multipv` root lines of `pos` (best first), searched within `budget`. Empty
    /// when the side to move has no legal move.
    pub fn lines(&mut self, pos: &Position, budget: Budget, multipv: usize) -> Vec<Line> {
        self.search_lines(pos, budget.limits(Vec::new()), multipv)
    }

    fn search_lines(&mut self, pos: &Position, limits: Limits, multipv: usize) -> Vec<Line> {
        self.engine.set_multipv(multipv);
        self.engine.new_game();
        let mut lines: Vec<Option<(u32, Line)>> = vec![None; multipv];
        let result = self.engine.search_position(pos, &limits, &mut |info| {
            let i = info.multipv as usize - 1;
            if i < lines.len() && !info.pv.is_empty() {
                lines[i] = Some((
                    info.depth,
                    Line {
                        mv: info.pv[0],
                        score: info.score,
                        pv: info.pv.clone(),
                    },
                ));
            }
        });
        let depth = lines.iter().flatten().map(|(d, _)| *d).max().unwrap_or(0);
        let mut out: Vec<Line> = lines
            .into_iter()
            .flatten()
            .filter(|(d, _)| *d == depth)
            .map(|(_, l)| l)
            .collect();
        if out.is_empty() {
            if let Some(mv) = result.best_move {
                out.push(Line {
                    mv,
                    score: result.score,
                    pv: result.pv,
                });
            }
        }
        out
    }

    /// The score of one move (searched alone) within `budget`.
    pub fn score_of(&mut self, pos: &Position, mv: Move, budget: Budget) -> Option<Score> {
        self.search_lines(pos, budget.limits(vec![mv]), 1)
            .first()
            .map(|l| l.score)
    }

    /// The best move and its score, within `budget`.
    pub fn best(&mut self, pos: &Position, budget: Budget) -> Option<Line> {
        self.lines(pos, budget, 1).into_iter().next()
    }

    /// Classifies the lines of a two-line search.
    pub fn verdict(lines: &[Line]) -> Verdict {
        let Some(best) = lines.first() else {
            return Verdict::NotWinning;
        };
        let second = lines.get(1).map(|l| l.score);
        let second_mates = matches!(second, Some(Score::Mate(m)) if m > 0);
        match best.score {
            Score::Mate(n) if n > 0 => {
                if second_mates {
                    Verdict::NotUnique
                } else {
                    Verdict::Mate(n as u32)
                }
            }
            Score::Cp(cp) if cp >= WIN_CP => match second {
                Some(s) if second_mates || s.sort_key() > i64::from(NOT_WIN_CP) => {
                    Verdict::NotUnique
                }
                _ => Verdict::Gain,
            },
            _ => Verdict::NotWinning,
        }
    }

    /// The solution from `pos`, or why there is none.
    ///
    /// The first move must be the only winning move. A mate is then followed to the mate
    /// (the solver's shortest mate at each step, the defender's longest resistance), and its
    /// length must equal the first search's mate score and no shorter mate may exist (proved
    /// by exhaustive search for mates in up to three). A decisive gain is extended while each
    /// solver move stays the only winning one, and must show at least [`MIN_REALIZED_GAIN`]
    /// of material by the end.
    pub fn solve(&mut self, pos: &Position, budget: Budget) -> Result<Solution, Rejection> {
        let legal = pos.legal_moves();
        if legal.len() <= 1 {
            return Err(Rejection::Forced);
        }
        let lines = self.lines(pos, budget, 2);
        match Judge::verdict(&lines) {
            Verdict::NotWinning => Err(Rejection::NotWinning),
            Verdict::NotUnique => Err(Rejection::NotUnique),
            Verdict::Mate(n) => self.mate_line(pos, lines[0].mv, n, budget),
            Verdict::Gain => self.gain_line(pos, &lines[0], budget),
        }
    }

    fn mate_line(
        &mut self,
        pos: &Position,
        first: Move,
        n: u32,
        budget: Budget,
    ) -> Result<Solution, Rejection> {
        if n <= 3 && mate_within(&mut pos.clone(), n - 1) {
            return Err(Rejection::MateMismatch);
        }
        let mut cur = pos.clone();
        let mut moves = Vec::new();
        let mut mv = first;
        for remaining in (1..=n).rev() {
            if cur.play(mv).is_err() {
                return Err(Rejection::MateMismatch);
            }
            moves.push(mv);
            if !goes_on(&cur) {
                // Won (mated or stalemated, which loses too) exactly when the count runs out.
                return if remaining == 1 && solver_won(&cur, pos.turn()) {
                    Ok(Solution {
                        moves,
                        mate: Some(n),
                        gain: 0,
                        score: Score::Mate(n as i32),
                    })
                } else {
                    Err(Rejection::MateMismatch)
                };
            }
            if remaining == 1 {
                return Err(Rejection::MateMismatch);
            }
            let reply = self.best(&cur, budget).ok_or(Rejection::MateMismatch)?;
            if reply.score != Score::Mate(-(remaining as i32 - 1)) {
                return Err(Rejection::MateMismatch);
            }
            cur.play(reply.mv).map_err(|_| Rejection::MateMismatch)?;
            moves.push(reply.mv);
            let next = self.best(&cur, budget).ok_or(Rejection::MateMismatch)?;
            if next.score != Score::Mate(remaining as i32 - 1) {
                return Err(Rejection::MateMismatch);
            }
            mv = next.mv;
        }
        Err(Rejection::MateMismatch)
    }

    fn gain_line(
        &mut self,
        pos: &Position,
        first: &Line,
        budget: Budget,
    ) -> Result<Solution, Rejection> {
        let solver = pos.turn();
        let start = balance(pos, solver);
        let mut cur = pos.clone();
        let mut moves = Vec::new();
        let mut mv = first.mv;
        let end_balance = loop {
            cur.play(mv).map_err(|_| Rejection::NotWinning)?;
            moves.push(mv);
            if solver_won(&cur, solver) {
                // The gain ended in mate after all.
                break i32::MAX;
            }
            let reply = self.best(&cur, budget).ok_or(Rejection::NotWinning)?;
            let mut after = cur.clone();
            after.play(reply.mv).map_err(|_| Rejection::NotWinning)?;
            if moves.len() / 2 + 1 >= MAX_SOLVER_MOVES {
                break balance(&after, solver);
            }
            let next = self.lines(&after, budget, 2);
            match Judge::verdict(&next) {
                Verdict::Gain | Verdict::Mate(_) if after.legal_moves().len() > 1 => {
                    moves.push(reply.mv);
                    cur = after;
                    mv = next[0].mv;
                }
                _ => break balance(&after, solver),
            }
        };
        let gain = end_balance.saturating_sub(start);
        if gain < MIN_REALIZED_GAIN {
            return Err(Rejection::GainNotRealized);
        }
        Ok(Solution {
            moves,
            mate: None,
            gain: if end_balance == i32::MAX { 0 } else { gain },
            score: first.score,
        })
    }

    /// The weakest level whose own search (at its caps, the best line rather than its random
    /// choice) plays `mv` in `pos` and sees that it wins (a mate score for a mate puzzle, at
    /// least [`WIN_CP`] for a gain); Master when none below it does.
    pub fn grade(&mut self, pos: &Position, mv: Move, mate: bool) -> Level {
        if self.graders.is_empty() {
            self.graders = Level::ALL[..4]
                .iter()
                .map(|&level| {
                    let engine = Engine::new(EngineOptions {
                        threads: 1,
                        hash_mb: 4,
                        level,
                        seed: Some(1),
                        multipv: 1,
                        evaluation: crate::puzzle_evaluation(),
                        ..EngineOptions::default()
                    });
                    (level, engine)
                })
                .collect();
        }
        for (level, engine) in &mut self.graders {
            engine.new_game();
            let mut best = None;
            engine.search_position(pos, &Limits::default(), &mut |info| {
                if info.multipv == 1 {
                    best = info.pv.first().map(|&m| (m, info.score));
                }
            });
            let sees_win = |score: Score| match score {
                Score::Mate(n) => n > 0,
                Score::Cp(cp) => !mate && cp >= WIN_CP,
            };
            if best.is_some_and(|(m, score)| m == mv && sees_win(score)) {
                return *level;
            }
        }
        Level::Master
    }
}

/// `true` when the side to move can force a win (checkmate or stalemate) within `moves`
/// moves, by exhaustive search. Meant for small counts (up to 2 or 3).
pub fn mate_within(pos: &mut Position, moves: u32) -> bool {
    if moves == 0 {
        return false;
    }
    let legal = pos.legal_moves();
    for &m in legal.iter() {
        let undo = pos.make_move(m);
        let replies = pos.legal_moves();
        let wins = replies.is_empty()
            || (moves > 1
                && replies.iter().all(|&r| {
                    let u = pos.make_move(r);
                    let w = mate_within(pos, moves - 1);
                    pos.unmake_move(r, u);
                    w
                }));
        pos.unmake_move(m, undo);
        if wins {
            return true;
        }
    }
    false
}
