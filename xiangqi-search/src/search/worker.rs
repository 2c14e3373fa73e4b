//! One search thread: iterative deepening over a principal-variation alpha-beta search with
//! quiescence, on its own copy of the position. Threads share only the transposition table,
//! the stop flags and their node counters (Lazy SMP).

use super::history::{self, piece_to, Histories, PieceTo};
use super::picker::{MovePicker, PickerKind};
use super::see::{see_ge, SEE_VALUE};
use super::time::TimeManager;
use super::tt::{Bound, TranspositionTable};
use crate::eval::{self, pst};
use crate::params::{self, Pair, SearchParams};
use crate::rules::Rules;
use crate::score::{
    is_mate, mate_in, mated_in, outcome_value, Value, DRAW, EVAL_BOUND, INFINITE, MATE_BOUND,
    MAX_PLY,
};
use core::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use xiangqi_core::janggi::{back_and_forth_outcome, ShuttlePly};
use xiangqi_core::{
    adjudicate, fill_cycle_chases, judge_cycle, Move, NoMoveTest, Outcome, Piece, PieceSet,
    PlyRecord, Position, Role, Termination,
};
use xiangqi_nnue::{AccumulatorStack, Network};

/// Node kinds as types, so that each compiles to its own specialised search.
pub(crate) trait NodeKind {
    /// A principal-variation node: searched with an open window, its best line is kept.
    const PV: bool;
}

/// A node on the principal variation.
pub(crate) struct Pv;
/// A node searched with a null window.
pub(crate) struct NonPv;

impl NodeKind for Pv {
    const PV: bool = true;
}
impl NodeKind for NonPv {
    const PV: bool = false;
}

/// A node counter on its own cache line, so that threads do not slow each other down.
#[repr(align(64))]
#[derive(Default)]
pub(crate) struct NodeCounter(pub AtomicU64);

/// What all threads of one search share.
pub(crate) struct Shared<'a> {
    pub tt: &'a TranspositionTable,
    /// Set by the caller (a GUI's `stop`) or when a limit is reached.
    pub user_stop: &'a AtomicBool,
    /// Set when the main thread has finished, to end the helpers.
    pub helpers_stop: AtomicBool,
    pub counters: Vec<NodeCounter>,
    pub node_limit: Option<u64>,
    pub time: TimeManager,
    pub rules: Rules,
    pub max_depth: i32,
    /// Stop once a mate in at most this many moves is found (`Limits::mate`).
    pub mate_moves: Option<u32>,
    /// The learned evaluation's net, when the search uses it.
    pub net: Option<&'a Network>,
    /// The search's run-time numbers.
    pub params: SearchParams,
    /// The late-move reductions for [`Shared::params`].
    pub reductions: &'a Reductions,
}

impl Shared<'_> {
    pub fn total_nodes(&self) -> u64 {
        self.counters
            .iter()
            .map(|c| c.0.load(Ordering::Relaxed))
            .sum()
    }
}

/// One position on the stack of the game and the search path.
#[derive(Clone, Copy)]
pub(crate) struct Frame {
    pub hash: u64,
    pub in_check: bool,
    /// Plies since the last capture or null move, at this position: repetitions can only
    /// reach this far back.
    pub reversible: u32,
    /// The piece-to of the move that led here (`None` after a null move or at the start).
    pub piece_to: Option<PieceTo>,
    /// The move that led here (`Move::NULL` after a null move or at the start).
    pub mv: Move,
    /// The piece that made it.
    pub piece: Option<Piece>,
    /// Material + placement, Red's view.
    pub psq: Pair,
    pub static_eval: Value,
}

/// A move at the root with what the search learned about it.
#[derive(Clone, Debug)]
pub(crate) struct RootMove {
    pub mv: Move,
    pub score: Value,
    pub previous_score: Value,
    pub pv: Vec<Move>,
    pub seldepth: u32,
    /// The bound kind of `score` (aspiration fails report bounds).
    pub bound: Bound,
}

impl RootMove {
    pub fn new(mv: Move) -> RootMove {
        RootMove {
            mv,
            score: -INFINITE,
            previous_score: -INFINITE,
            pv: vec![mv],
            seldepth: 0,
            bound: Bound::Exact,
        }
    }
}

/// The depth-by-move-number reduction table, in hundredths of a ply.
pub(crate) type Reductions = [[i32; 64]; 64];

/// The reduction table for these search numbers: `LMR_BASE + ln(depth) * ln(move number) /
/// LMR_DIVISOR`, in hundredths.
pub(crate) fn reductions(p: &SearchParams) -> Box<Reductions> {
    let mut t = Box::new([[0; 64]; 64]);
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (m, r) in row.iter_mut().enumerate().skip(1) {
            let value =
                (d as f64).ln() * (m as f64).ln() * 100.0 / (f64::from(p.lmr_divisor) / 100.0);
            *r = p.lmr_base + value as i32;
        }
    }
    t
}

/// Limits how often the clock is read.
const TIME_CHECK_INTERVAL: u64 = 1024;

/// One search thread.
pub(crate) struct Worker<'a> {
    pub id: usize,
    shared: &'a Shared<'a>,
    hist: &'a mut Histories,
    pub pos: Position,
    stack: Vec<Frame>,
    root_index: usize,
    pub nodes: u64,
    seldepth: usize,
    pub root_moves: Vec<RootMove>,
    pv_index: usize,
    pv: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    excluded: [Move; MAX_PLY + 1],
    /// Null moves are not tried below this ply (set while verifying a null-move cutoff).
    nmp_min_ply: usize,
    root_depth: i32,
    pub stopped: bool,
    /// Deepest iteration this thread completed.
    pub completed_depth: i32,
    /// Root moves as of the last completed iteration.
    pub completed: Vec<RootMove>,
    /// The learned evaluation's accumulators along the search path.
    accumulators: Option<AccumulatorStack>,
    /// A captured piece's worth in delta pruning, by role: its exchange value on the
    /// evaluation's own scale.
    delta_victim: [i32; 7],
    /// The evaluation's scale against the exchange values, in percent
    /// ([`params::NET_SCALE_PERCENT`] with xiangqi's net, or the run-time number that replaces
    /// it; 100 for janggi and the hand-written evaluation).
    exchange_scale: i32,
    /// The search's run-time numbers (a copy of the shared ones, close at hand).
    p: SearchParams,
}

impl<'a> Worker<'a> {
    /// A worker at `root`. `frames` are the game's positions since its start (or its last
    /// capture), oldest first, ending with the root.
    pub fn new(
        id: usize,
        shared: &'a Shared<'a>,
        hist: &'a mut Histories,
        root: &Position,
        frames: &[Frame],
        root_moves: Vec<RootMove>,
    ) -> Worker<'a> {
        let exchange_scale = if shared.net.is_some() && !root.variant().is_janggi() {
            shared.params.net_scale_percent
        } else {
            100
        };
        let mut stack = Vec::with_capacity(frames.len() + MAX_PLY + 8);
        stack.extend_from_slice(frames);
        let root_index = stack.len() - 1;
        stack[root_index].psq = eval::psq_total(root);
        hist.clear_killers();
        Worker {
            id,
            shared,
            hist,
            pos: root.clone(),
            stack,
            root_index,
            nodes: 0,
            seldepth: 0,
            root_moves,
            pv_index: 0,
            pv: Box::new([[Move::NULL; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            excluded: [Move::NULL; MAX_PLY + 1],
            nmp_min_ply: 0,
            root_depth: 0,
            stopped: false,
            completed_depth: 0,
            completed: Vec::new(),
            accumulators: shared
                .net
                .map(|net| AccumulatorStack::new(net, root, MAX_PLY + 8)),
            delta_victim: SEE_VALUE.map(|value| value * exchange_scale / 100),
            exchange_scale,
            p: shared.params,
        }
    }

    /// The late-move reduction at `depth` for the `move_number`th move, in hundredths of a ply.
    #[inline]
    fn reduction(&self, depth: i32, move_number: usize) -> i32 {
        self.shared.reductions[depth.clamp(0, 63) as usize][move_number.min(63)]
    }

    #[inline]
    fn is_main(&self) -> bool {
        self.id == 0
    }

    #[inline]
    fn frame(&self) -> &Frame {
        // The stack always holds the root.
        &self.stack[self.stack.len() - 1]
    }

    #[inline]
    fn frame_at(&self, ply: usize) -> &Frame {
        &self.stack[self.root_index + ply]
    }

    // ----- make / unmake with the search stack ------------------------------------------------

    /// Plays `m`, pushing its frame; returns the undo information and whether it gives check.
    #[inline]
    fn make(&mut self, m: Move) -> (xiangqi_core::Undo, bool) {
        self.make_known(m, None)
    }

    /// [`Worker::make`] for a caller that already asked whether `m` gives check
    /// ([`Position::gives_check`]): the position after it is then not asked again.
    #[inline]
    fn make_known(&mut self, m: Move, gives_check: Option<bool>) -> (xiangqi_core::Undo, bool) {
        let prev = *self.frame();
        let piece = self
            .pos
            .piece_at(m.from())
            .expect("a legal move moves a piece");
        // A janggi pass (the general's point twice) captures nothing.
        let captured = if m.from() == m.to() {
            None
        } else {
            self.pos.piece_at(m.to())
        };
        let mut psq = prev.psq;
        let (from_v, to_v) = (pst::psq_red(piece, m.from()), pst::psq_red(piece, m.to()));
        psq.0 += to_v.0 - from_v.0;
        psq.1 += to_v.1 - from_v.1;
        if let Some(victim) = captured {
            let v = pst::psq_red(victim, m.to());
            psq.0 -= v.0;
            psq.1 -= v.1;
        }
        if let (Some(stack), Some(net)) = (&mut self.accumulators, self.shared.net) {
            stack.push_move(net, &self.pos, piece, m.from(), m.to(), captured);
        }
        let undo = self.pos.make_move(m);
        self.shared.tt.prefetch(self.pos.history_hash());
        let in_check = gives_check.unwrap_or_else(|| self.pos.is_check());
        debug_assert_eq!(in_check, self.pos.is_check());
        self.stack.push(Frame {
            hash: self.pos.hash(),
            in_check,
            reversible: if captured.is_some() {
                0
            } else {
                prev.reversible + 1
            },
            piece_to: Some(piece_to(piece, m.to())),
            mv: m,
            piece: Some(piece),
            psq,
            static_eval: 0,
        });
        (undo, in_check)
    }

    #[inline]
    fn unmake(&mut self, m: Move, undo: xiangqi_core::Undo) {
        self.stack.pop();
        if let Some(stack) = &mut self.accumulators {
            stack.pop();
        }
        self.pos.unmake_move(m, undo);
    }

    fn make_null(&mut self) -> xiangqi_core::Undo {
        let prev = *self.frame();
        let undo = self.pos.make_null_move();
        if let Some(stack) = &mut self.accumulators {
            stack.push_copy();
        }
        self.stack.push(Frame {
            hash: self.pos.hash(),
            in_check: false,
            reversible: 0,
            piece_to: None,
            mv: Move::NULL,
            piece: None,
            psq: prev.psq,
            static_eval: 0,
        });
        undo
    }

    fn unmake_null(&mut self, undo: xiangqi_core::Undo) {
        self.stack.pop();
        if let Some(stack) = &mut self.accumulators {
            stack.pop();
        }
        self.pos.unmake_null_move(undo);
    }

    // ----- bookkeeping --------------------------------------------------------------------------

    /// Counts a node and decides whether the search must stop.
    #[inline]
    fn count_node(&mut self) {
        if self.stopped {
            return;
        }
        self.nodes += 1;
        self.shared.counters[self.id]
            .0
            .store(self.nodes, Ordering::Relaxed);
        // The first iteration always completes, so that there is a searched move to play.
        if self.completed_depth == 0 && self.is_main() {
            return;
        }
        if self.shared.user_stop.load(Ordering::Relaxed)
            || self.shared.helpers_stop.load(Ordering::Relaxed)
        {
            self.stopped = true;
            return;
        }
        if let Some(limit) = self.shared.node_limit {
            let nodes = if self.shared.counters.len() == 1 {
                self.nodes
            } else if self.nodes % TIME_CHECK_INTERVAL == 0 {
                self.shared.total_nodes()
            } else {
                0
            };
            if nodes >= limit {
                self.stopped = true;
                return;
            }
        }
        if self.is_main()
            && self.nodes % TIME_CHECK_INTERVAL == 0
            && self.shared.time.hard_limit_reached()
        {
            self.stopped = true;
        }
    }

    /// What every node, main search or quiescence, does first: count itself and check the
    /// limits, then let the rules end the line (repetition, the no-capture limit, bare
    /// material) or, past the maximum ply, stop where it is. `Err(value)` ends the node with
    /// `value`; `Ok(in_check)` goes on.
    #[inline(always)]
    fn enter_node<N: NodeKind>(&mut self, ply: usize) -> Result<bool, Value> {
        self.count_node();
        if self.stopped {
            return Err(0);
        }
        if N::PV {
            self.pv_len[ply] = ply;
            self.seldepth = self.seldepth.max(ply);
        }
        let in_check = self.frame().in_check;
        if let Some(value) = self.rule_value(ply) {
            return Err(value);
        }
        if ply >= MAX_PLY - 8 {
            return Err(if in_check { DRAW } else { self.evaluate() });
        }
        Ok(in_check)
    }

    /// A searched move against the best so far, in both searches: it raises `best`; past
    /// `alpha` it becomes the best move, extends the PV and raises `alpha`. `true` when it
    /// fails high (`value >= beta`, `alpha` left as it was): the caller cuts.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn keep_best<N: NodeKind>(
        &mut self,
        ply: usize,
        m: Move,
        value: Value,
        best: &mut Value,
        best_move: &mut Move,
        alpha: &mut Value,
        beta: Value,
    ) -> bool {
        if value <= *best {
            return false;
        }
        *best = value;
        if value <= *alpha {
            return false;
        }
        *best_move = m;
        if N::PV {
            self.update_pv(ply, m);
        }
        if value >= beta {
            return true;
        }
        *alpha = value;
        false
    }

    #[inline]
    fn evaluate(&mut self) -> Value {
        match (&mut self.accumulators, self.shared.net) {
            (Some(stack), Some(net)) => stack
                .evaluate(net, &self.pos)
                .clamp(-EVAL_BOUND, EVAL_BOUND),
            _ => eval::evaluate_with(&self.pos, self.frame().psq),
        }
    }

    /// `raw` (the static evaluation of the current position) corrected by the correction
    /// history, with the tables' keys for the update after the search.
    #[inline]
    fn corrected_eval(&self, raw: Value) -> (Value, [usize; 3]) {
        let keys = history::correction_keys(&self.pos);
        let correction = self.hist.correction.value(self.pos.turn(), keys);
        ((raw + correction).clamp(-EVAL_BOUND, EVAL_BOUND), keys)
    }

    /// The value of the current node when the game's rules end the line here: a repetition on
    /// the path, the no-capture limit or bare material, each giving way to mate or stalemate
    /// as core's [`adjudicate`] orders them, so the search judges as the game does.
    fn rule_value(&self, ply: usize) -> Option<Value> {
        let shuttle = if self.shared.rules.back_and_forth {
            self.back_and_forth_outcome()
        } else {
            None
        };
        let repetition = shuttle.or_else(|| {
            self.repetition_on_path()
                .map(|earlier| self.judge_repetition(earlier))
        });
        let outcome = adjudicate(
            &self.pos,
            &self.shared.rules,
            repetition,
            NoMoveTest::WhenRuleEnds,
        )?;
        Some(outcome_value(&outcome, self.pos.turn(), ply))
    }

    /// The stack index of an earlier occurrence of the current position (same side to move, no
    /// capture or null move between): a second occurrence is enough inside the search.
    #[inline]
    fn repetition_on_path(&self) -> Option<usize> {
        let cur = self.stack.len() - 1;
        let frame = &self.stack[cur];
        let reach = (frame.reversible as usize).min(cur);
        let mut distance = 4;
        while distance <= reach {
            let earlier = cur - distance;
            if self.stack[earlier].hash == frame.hash {
                return Some(earlier);
            }
            distance += 2;
        }
        None
    }

    /// The loss of the side that has just moved by janggimodern's back-and-forth rule
    /// ([`xiangqi_core::janggi::back_and_forth_outcome`] over the moves since the last capture
    /// or null move, on the path and in the game record).
    fn back_and_forth_outcome(&self) -> Option<Outcome> {
        let cur = self.stack.len() - 1;
        let reach = (self.stack[cur].reversible as usize).min(cur);
        let plies = (0..reach).map(|k| {
            let frame = &self.stack[cur - k];
            ShuttlePly {
                mv: frame.mv,
                role: frame.piece.map_or(Role::General, |p| p.role),
                in_check_before: self.stack[cur - k - 1].in_check,
            }
        });
        back_and_forth_outcome(plies, self.pos.turn())
    }

    /// Judges the cycle from stack index `earlier` to the current position by the rules'
    /// repetition rule.
    fn judge_repetition(&self, earlier: usize) -> Outcome {
        let rule = self.shared.rules.repetition;
        if !rule.judges_checks() {
            return Outcome::new(Termination::Repetition, None);
        }
        let mut cycle: Vec<PlyRecord> = self.stack[earlier + 1..]
            .iter()
            .map(|f| PlyRecord {
                mv: f.mv,
                piece: f
                    .piece
                    .unwrap_or(Piece::new(xiangqi_core::Color::Red, Role::General)),
                captured: None,
                gave_check: f.in_check,
                chased: PieceSet::EMPTY,
                hash: f.hash,
            })
            .collect();
        if rule.judges_chases() {
            fill_cycle_chases(&self.pos, &mut cycle);
        }
        judge_cycle(&cycle, rule).outcome()
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
        self.pv[ply][ply] = m;
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    fn continuation_keys(&self, ply: usize) -> [Option<PieceTo>; 2] {
        let idx = self.root_index + ply;
        let one = self.stack[idx].piece_to;
        let two = if idx >= 1 {
            self.stack[idx - 1].piece_to
        } else {
            None
        };
        [one, two]
    }

    // ----- iterative deepening ------------------------------------------------------------------

    /// Runs iterative deepening until a limit or the stop flag ends it. `report` is called by
    /// the main thread after each iteration.
    pub fn iterate(&mut self, multipv: usize, report: &mut dyn FnMut(&Worker<'_>, u32)) {
        let multipv = multipv.clamp(1, self.root_moves.len().max(1));
        let mut best_move_changes = 0u32;
        let mut stable_iterations = 0u32;
        let mut last_best = Move::NULL;
        let mut last_score = -INFINITE;
        let mut depth = 1;
        while depth <= self.shared.max_depth {
            // Lazy SMP: odd helpers search one ply deeper, so that threads spread over depths.
            let search_depth = if self.id > 0 && self.id % 2 == 1 {
                depth + 1
            } else {
                depth
            };
            if search_depth > self.shared.max_depth && self.id > 0 {
                break;
            }
            self.root_depth = search_depth;
            for rm in &mut self.root_moves {
                rm.previous_score = rm.score;
            }
            for pv_index in 0..multipv {
                self.pv_index = pv_index;
                self.seldepth = 0;
                self.aspiration(search_depth);
                // Keep the lines searched so far in order; the rest keep theirs.
                self.root_moves[..=pv_index].sort_by_key(|rm| std::cmp::Reverse(rm.score));
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                break;
            }
            self.completed_depth = search_depth;
            self.completed = self.root_moves.clone();
            if self.is_main() {
                report(self, multipv as u32);
                let best = self.root_moves[0].mv;
                if best != last_best {
                    best_move_changes += 1;
                    stable_iterations = 0;
                } else {
                    stable_iterations += 1;
                }
                let score = self.root_moves[0].score;
                // The mate asked for is found.
                if let Some(moves) = self.shared.mate_moves {
                    if score >= mate_in((2 * moves as usize).saturating_sub(1)) {
                        break;
                    }
                }
                // A mate found and confirmed by a deeper iteration needs no more time.
                if is_mate(score)
                    && score > 0
                    && search_depth as Value >= 2 * (crate::score::MATE - score) + 4
                    && (self.shared.time.is_timed() || self.shared.node_limit.is_some())
                {
                    break;
                }
                let mut percent = 100;
                if stable_iterations >= 3 {
                    percent = params::STABLE_TIME_PERCENT;
                }
                if best_move_changes > 0 && stable_iterations == 0 && depth > 4 {
                    percent = params::UNSTABLE_TIME_PERCENT;
                }
                if last_score > -INFINITE && score < last_score - params::SCORE_DROP_MARGIN {
                    percent = percent.max(params::SCORE_DROP_TIME_PERCENT);
                }
                if self.root_moves.len() == 1 && depth >= 4 && self.shared.time.is_timed() {
                    break;
                }
                if self.shared.time.soft_limit_reached(percent) {
                    break;
                }
                last_best = best;
                last_score = score;
            }
            depth += 1;
        }
        if self.completed.is_empty() {
            // Not even depth 1 finished (stopped at once): fall back on move order.
            self.completed = self.root_moves.clone();
        }
    }

    /// Searches the current line with a window around the previous score, widening it on a
    /// fail until the score is inside.
    fn aspiration(&mut self, depth: i32) {
        let previous = self.root_moves[self.pv_index].previous_score;
        let mut delta = self.p.aspiration_delta + previous.abs() / 64;
        let (mut alpha, mut beta) = if depth >= params::ASPIRATION_MIN_DEPTH
            && previous > -INFINITE
            && !is_mate(previous)
        {
            (
                (previous - delta).max(-INFINITE),
                (previous + delta).min(INFINITE),
            )
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let value = self.search_root(alpha, beta, depth);
            self.root_moves[self.pv_index..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
            if self.stopped {
                return;
            }
            if value <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (value - delta).max(-INFINITE);
            } else if value >= beta {
                beta = (value + delta).min(INFINITE);
            } else {
                return;
            }
            delta += delta / 2;
            if delta > 1000 {
                alpha = -INFINITE;
                beta = INFINITE;
            }
        }
    }

    /// The root node: its moves come from the root move list, best first.
    fn search_root(&mut self, mut alpha: Value, beta: Value, depth: i32) -> Value {
        self.count_node();
        self.pv_len[0] = 0;
        let mut best = -INFINITE;
        for i in self.pv_index..self.root_moves.len() {
            let m = self.root_moves[i].mv;
            let (undo, gives_check) = self.make(m);
            let new_depth = depth - 1 + i32::from(gives_check);
            let first = i == self.pv_index;
            let mut value;
            if first {
                value = -self.search::<Pv>(-beta, -alpha, new_depth, 1, false);
            } else {
                let quiet = undo.captured.is_none() && !gives_check;
                let mut r = 0;
                if depth >= 3 && quiet && i - self.pv_index >= 3 {
                    r = (self.reduction(depth, i - self.pv_index + 1) / 100 - 1)
                        .clamp(0, new_depth - 1);
                }
                value = -self.search::<NonPv>(-alpha - 1, -alpha, new_depth - r, 1, true);
                if value > alpha && r > 0 {
                    value = -self.search::<NonPv>(-alpha - 1, -alpha, new_depth, 1, true);
                }
                if value > alpha && value < beta {
                    value = -self.search::<Pv>(-beta, -alpha, new_depth, 1, false);
                }
            }
            self.unmake(m, undo);
            if self.stopped {
                return best;
            }
            let rm = &mut self.root_moves[i];
            if first || value > alpha {
                rm.score = value;
                rm.seldepth = self.seldepth as u32;
                rm.bound = if value >= beta {
                    Bound::Lower
                } else if value <= alpha {
                    Bound::Upper
                } else {
                    Bound::Exact
                };
                rm.pv.clear();
                rm.pv.push(m);
                rm.pv
                    .extend_from_slice(&self.pv[1][1..self.pv_len[1].max(1)]);
            } else {
                rm.score = -INFINITE;
            }
            if value > best {
                best = value;
            }
            if value > alpha {
                alpha = value;
                if value >= beta {
                    break;
                }
            }
        }
        best
    }

    // ----- the main search ------------------------------------------------------------------------

    #[allow(clippy::too_many_lines)]
    fn search<N: NodeKind>(
        &mut self,
        mut alpha: Value,
        mut beta: Value,
        mut depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> Value {
        // Step 1. At the horizon, resolve the captures.
        if depth <= 0 {
            return self.qsearch::<N>(alpha, beta, ply, 0);
        }

        // Step 2. Count the node and check the limits.
        // Step 3. The rules may end the line here: repetition, the no-capture limit, bare
        // material. Past the maximum ply, stop where we are.
        let in_check = match self.enter_node::<N>(ply) {
            Ok(in_check) => in_check,
            Err(value) => return value,
        };

        // Step 4. Mate distance pruning: no line from here can beat a shorter mate found already.
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }

        // Step 5. Transposition table: a deep enough earlier result can end the node at once.
        let excluded = self.excluded[ply];
        let key = self.pos.history_hash();
        let entry = if excluded.is_null() {
            self.shared.tt.probe(key, ply)
        } else {
            None
        };
        let tt_move = entry.map_or(Move::NULL, |e| e.mv);
        if let Some(e) = entry {
            if !N::PV && e.settles(depth, alpha, beta) {
                return e.score;
            }
        }

        // Step 6. Static evaluation, corrected by what searches of positions with the same
        // soldiers or pieces found, and whether it improved on two plies ago.
        let us = self.pos.turn();
        let (raw_eval, static_eval, correction_keys) = if in_check {
            (-INFINITE, -INFINITE, [0; 3])
        } else {
            let raw = match entry {
                Some(e) if e.eval.abs() < MATE_BOUND => e.eval,
                _ => self.evaluate(),
            };
            let (corrected, keys) = self.corrected_eval(raw);
            (raw, corrected, keys)
        };
        // A table score is a better estimate than the static evaluation when its bound agrees.
        let eval = match entry {
            Some(e) if !in_check && !is_mate(e.score) && e.bound != Bound::None => {
                if (e.bound == Bound::Lower && e.score > static_eval)
                    || (e.bound == Bound::Upper && e.score < static_eval)
                    || e.bound == Bound::Exact
                {
                    e.score
                } else {
                    static_eval
                }
            }
            _ => static_eval,
        };
        let idx = self.stack.len() - 1;
        self.stack[idx].static_eval = static_eval;
        let improving = !in_check && ply >= 2 && {
            let earlier = self.frame_at(ply - 2);
            !earlier.in_check && static_eval > earlier.static_eval
        };

        // Set when passing would let the opponent mate: moves here are then reduced less.
        let mut mate_threat = false;
        if !N::PV && !in_check && excluded.is_null() {
            // Step 7. Razoring: hopeless by a wide margin, so check the captures only.
            if depth <= params::RAZOR_MAX_DEPTH
                && eval + self.p.razor_margin * (1 + depth * depth) < alpha
            {
                let value = self.qsearch::<NonPv>(alpha, alpha + 1, ply, 0);
                if value <= alpha {
                    return value;
                }
            }

            // Step 8. Reverse futility: so far above beta that a quiet move will not lose it.
            if depth <= params::RFP_MAX_DEPTH
                && eval - self.p.rfp_margin * (depth - i32::from(improving)) >= beta
                && eval < MATE_BOUND
            {
                return eval;
            }

            // Step 9. Null move: if passing still fails high, a real move will too. Skipped with
            // few pieces, where zugzwang is real (and a side with no move loses), and verified
            // by a normal search at high depth.
            let big = self.pos.pieces(us, Role::Chariot).count() * 2
                + self.pos.pieces(us, Role::Horse).count()
                + self.pos.pieces(us, Role::Cannon).count();
            if depth >= params::NMP_MIN_DEPTH
                && eval >= beta
                && static_eval >= beta
                && big >= 2
                && ply >= self.nmp_min_ply
                && self.frame().piece_to.is_some()
                && beta > -MATE_BOUND
            {
                let r = params::NMP_BASE_REDUCTION
                    + depth / params::NMP_DEPTH_DIVISOR
                    + ((eval - beta) / self.p.nmp_eval_divisor).min(3);
                let undo = self.make_null();
                let value = -self.search::<NonPv>(-beta, -beta + 1, depth - r, ply + 1, !cut_node);
                self.unmake_null(undo);
                if self.stopped {
                    return 0;
                }
                mate_threat = value <= -MATE_BOUND;
                if value >= beta {
                    let value = if value >= MATE_BOUND { beta } else { value };
                    if depth < params::NMP_VERIFY_DEPTH || self.nmp_min_ply > 0 {
                        return value;
                    }
                    self.nmp_min_ply = ply + (3 * (depth - r) / 4) as usize;
                    let verified = self.search::<NonPv>(beta - 1, beta, depth - r, ply, false);
                    self.nmp_min_ply = 0;
                    if verified >= beta {
                        return value;
                    }
                }
            }
        }

        // Step 9b. ProbCut: a good capture whose quiescence and then reduced search both clear
        // beta by a margin makes this node fail high, unless the table already says otherwise.
        // Xiangqi only: in janggi it lost (37.5% over 64 games at 10,000 nodes). A capture is
        // tried when its exchange gain could cover the gap to the bound, the gap taken at the
        // exchange values' scale.
        let probcut_beta = beta + self.p.probcut_margin;
        if !N::PV
            && !self.pos.variant().is_janggi()
            && !in_check
            && excluded.is_null()
            && depth >= params::PROBCUT_MIN_DEPTH
            && beta.abs() < MATE_BOUND
            && !entry.is_some_and(|e| e.depth >= depth - 3 && e.score < probcut_beta)
        {
            let capture_move = if self.pos.is_capture(tt_move) {
                tt_move
            } else {
                Move::NULL
            };
            let mut picker = MovePicker::new(
                PickerKind::Quiescence,
                false,
                capture_move,
                [Move::NULL; 2],
                Move::NULL,
                self.continuation_keys(ply),
            );
            while let Some(m) = picker.next(&self.pos, self.hist) {
                if !self.pos.is_capture(m)
                    || !see_ge(
                        &self.pos,
                        m,
                        (probcut_beta - static_eval) * 100 / self.exchange_scale,
                    )
                {
                    continue;
                }
                let (undo, _) = self.make(m);
                let mut value =
                    -self.qsearch::<NonPv>(-probcut_beta, -probcut_beta + 1, ply + 1, 0);
                if value >= probcut_beta {
                    value = -self.search::<NonPv>(
                        -probcut_beta,
                        -probcut_beta + 1,
                        depth - params::PROBCUT_REDUCTION,
                        ply + 1,
                        !cut_node,
                    );
                }
                self.unmake(m, undo);
                if self.stopped {
                    return 0;
                }
                if value >= probcut_beta {
                    let depth = depth - params::PROBCUT_REDUCTION + 1;
                    self.shared
                        .tt
                        .store(key, ply, m, value, raw_eval, depth, Bound::Lower);
                    return value - self.p.probcut_margin;
                }
            }
        }

        // Step 10. Internal iterative reduction: without a table move this node was not
        // searched before; a shallower search is cheaper and seeds the table.
        if depth >= params::IIR_MIN_DEPTH && tt_move.is_null() && (N::PV || cut_node) {
            depth -= 1;
        }

        // Step 11. The move loop.
        let continuation = self.continuation_keys(ply);
        let counter = continuation[0].map_or(Move::NULL, |pt| self.hist.countermove[pt]);
        let killers = self.hist.killers[ply];
        let mut picker = MovePicker::new(
            PickerKind::Main,
            in_check,
            tt_move,
            killers,
            counter,
            continuation,
        );
        let mut best = -INFINITE;
        let mut best_move = Move::NULL;
        let mut move_count = 0usize;
        let mut quiets_tried: [Move; 64] = [Move::NULL; 64];
        let mut quiet_count = 0;
        let mut captures_tried: [Move; 32] = [Move::NULL; 32];
        let mut capture_count = 0;
        let original_alpha = alpha;
        let lmp_limit = (params::LMP_BASE + depth * depth) as usize / if improving { 1 } else { 2 };

        while let Some(m) = picker.next(&self.pos, self.hist) {
            if m == excluded {
                continue;
            }
            move_count += 1;
            let capture = self.pos.is_capture(m);
            let is_refutation = m == killers[0] || m == killers[1] || m == counter;
            // How quiet moves like this one fared: here (butterfly) and after the last two
            // moves (continuation).
            let (stat_score, continuation_score) = if capture {
                (0, 0)
            } else {
                let follow_up = self.pos.piece_at(m.from()).map_or(0, |piece| {
                    self.hist.continuation_score(continuation, piece, m)
                });
                (2 * self.hist.quiet(us, m) + follow_up, follow_up)
            };

            // Step 12. Shallow-depth pruning, once a line that does not lose is known. Checks are
            // treated like captures: in xiangqi the mating attack is a chain of checks.
            let gives_check = self.pos.gives_check(m);
            if best > -MATE_BOUND && !N::PV && !in_check {
                let lmr_depth = (depth - self.reduction(depth, move_count) / 100).max(0);
                if capture || gives_check {
                    if !gives_check
                        && depth <= params::SEE_PRUNE_MAX_DEPTH
                        && !see_ge(&self.pos, m, -self.p.see_capture_margin * depth)
                    {
                        continue;
                    }
                } else {
                    // Late-move pruning: far down a quiet list, the rest will not help.
                    if depth <= params::LMP_MAX_DEPTH && move_count > lmp_limit {
                        picker.skip_quiets = true;
                        continue;
                    }
                    // A move that has failed after these last moves again and again.
                    if lmr_depth <= params::HISTORY_PRUNE_MAX_DEPTH
                        && continuation_score < -self.p.history_prune_margin * depth
                    {
                        continue;
                    }
                    // Futility: a quiet move cannot lift a hopeless static eval.
                    if lmr_depth <= params::FUTILITY_MAX_DEPTH
                        && static_eval
                            + self.p.futility_base
                            + self.p.futility_per_depth * lmr_depth
                            <= alpha
                    {
                        continue;
                    }
                    // Quiet moves that lose material by exchange.
                    if lmr_depth <= params::SEE_PRUNE_MAX_DEPTH
                        && !see_ge(
                            &self.pos,
                            m,
                            -self.p.see_quiet_margin * lmr_depth * lmr_depth,
                        )
                    {
                        continue;
                    }
                }
            }

            // Step 13. Singular extension: when the table move is much better than every
            // alternative (a search without it fails low), it deserves a deeper look.
            let mut extension = 0;
            if ply > 0
                && m == tt_move
                && excluded.is_null()
                && depth >= params::SINGULAR_MIN_DEPTH
                && (ply as i32) < 2 * self.root_depth
            {
                if let Some(e) = entry {
                    if e.depth >= depth - 3 && e.bound != Bound::Upper && !is_mate(e.score) {
                        let singular_beta = e.score - params::SINGULAR_MARGIN * depth;
                        self.excluded[ply] = m;
                        let value = self.search::<NonPv>(
                            singular_beta - 1,
                            singular_beta,
                            (depth - 1) / 2,
                            ply,
                            cut_node,
                        );
                        self.excluded[ply] = Move::NULL;
                        if self.stopped {
                            return 0;
                        }
                        if value < singular_beta {
                            extension = 1;
                        } else if singular_beta >= beta {
                            // Multi-cut: several moves beat beta; this node will fail high.
                            return singular_beta;
                        }
                    }
                }
            }

            // Captures that lose material are reduced like quiet moves.
            let reducible = depth >= 2
                && move_count > 1 + usize::from(N::PV)
                && (!capture || !see_ge(&self.pos, m, 0));

            let (undo, _) = self.make_known(m, Some(gives_check));

            // Step 14. Check extension: forcing lines are where xiangqi mates hide.
            if gives_check
                && extension == 0
                && (ply as i32) < params::CHECK_EXTENSION_PLY_FACTOR * self.root_depth
            {
                extension = 1;
            }
            let mut new_depth = depth - 1 + extension;

            // Step 15. Late-move reductions, then principal-variation search.
            let mut value;
            if reducible {
                let mut r = self.reduction(depth, move_count);
                if !N::PV {
                    r += 50;
                }
                if cut_node {
                    r += 100;
                }
                if improving {
                    r -= 50;
                }
                if gives_check {
                    r -= 100;
                }
                if is_refutation {
                    r -= 100;
                }
                if mate_threat {
                    r -= 100;
                }
                r -= stat_score * 100 / self.p.lmr_history_divisor;
                let reduced = (new_depth - r / 100).clamp(1, new_depth.max(1));
                value = -self.search::<NonPv>(-alpha - 1, -alpha, reduced, ply + 1, true);
                if value > alpha && reduced < new_depth {
                    // The reduced search's margin over the best so far sets how deep to verify.
                    if value > best + self.p.lmr_deeper_margin + 2 * new_depth {
                        new_depth += 1;
                    } else if value < best + self.p.lmr_shallower_margin {
                        new_depth -= 1;
                    }
                    if new_depth > reduced {
                        value = -self.search::<NonPv>(
                            -alpha - 1,
                            -alpha,
                            new_depth,
                            ply + 1,
                            !cut_node,
                        );
                    }
                }
            } else if !N::PV || move_count > 1 {
                value = -self.search::<NonPv>(-alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
            } else {
                value = alpha + 1; // forces the full-window search below
            }
            if N::PV && (move_count == 1 || (value > alpha && value < beta)) {
                value = -self.search::<Pv>(-beta, -alpha, new_depth, ply + 1, false);
            }
            self.unmake(m, undo);
            if self.stopped {
                return 0;
            }

            // Step 16. Keep the best line; a cut teaches the histories.
            if self.keep_best::<N>(ply, m, value, &mut best, &mut best_move, &mut alpha, beta) {
                self.update_histories(
                    ply,
                    depth,
                    m,
                    capture,
                    &quiets_tried[..quiet_count],
                    &captures_tried[..capture_count],
                );
                break;
            }
            if capture {
                if capture_count < captures_tried.len() {
                    captures_tried[capture_count] = m;
                    capture_count += 1;
                }
            } else if quiet_count < quiets_tried.len() {
                quiets_tried[quiet_count] = m;
                quiet_count += 1;
            }
        }

        // Step 17. No legal move: checkmate or stalemate, both a loss in xiangqi.
        if move_count == 0 {
            return if excluded.is_null() {
                mated_in(ply)
            } else {
                alpha
            };
        }

        // Step 18. Remember the result, and how far it stood from the static evaluation when
        // it says so (an exact score, or a bound on the static evaluation's wrong side) and a
        // quiet move decided it.
        if excluded.is_null() {
            let bound = Bound::of_result(best, original_alpha, beta, N::PV);
            self.shared
                .tt
                .store(key, ply, best_move, best, raw_eval, depth, bound);
            if !in_check
                && !is_mate(best)
                && (best_move.is_null() || !self.pos.is_capture(best_move))
                && (bound != Bound::Lower || best > static_eval)
                && (bound != Bound::Upper || best < static_eval)
            {
                self.hist
                    .correction
                    .update(us, correction_keys, best - raw_eval, depth);
            }
        }
        best
    }

    fn update_histories(
        &mut self,
        ply: usize,
        depth: i32,
        best: Move,
        capture: bool,
        quiets: &[Move],
        captures: &[Move],
    ) {
        let bonus = history::bonus(depth, &self.p);
        let us = self.pos.turn();
        let continuation = self.continuation_keys(ply);
        if !capture {
            self.hist.add_killer(ply, best);
            if let Some(prev) = continuation[0] {
                self.hist.countermove[prev] = best;
            }
            self.update_quiet(us, best, bonus, continuation);
            for &m in quiets {
                self.update_quiet(us, m, -bonus, continuation);
            }
        } else {
            self.update_capture(best, bonus);
        }
        for &m in captures {
            self.update_capture(m, -bonus);
        }
    }

    fn update_quiet(
        &mut self,
        us: xiangqi_core::Color,
        m: Move,
        bonus: i32,
        continuation: [Option<PieceTo>; 2],
    ) {
        history::update(
            &mut self.hist.butterfly[us.index()][m.from().index()][m.to().index()],
            bonus,
        );
        if let Some(piece) = self.pos.piece_at(m.from()) {
            let pt = piece_to(piece, m.to());
            for prev in continuation.iter().flatten() {
                history::update(&mut self.hist.continuation[*prev][pt], bonus);
            }
        }
    }

    fn update_capture(&mut self, m: Move, bonus: i32) {
        if let (Some(piece), Some(victim)) =
            (self.pos.piece_at(m.from()), self.pos.piece_at(m.to()))
        {
            history::update(
                &mut self.hist.capture[piece_to(piece, m.to())][victim.role.index()],
                bonus,
            );
        }
    }

    // ----- quiescence -----------------------------------------------------------------------------

    fn qsearch<N: NodeKind>(
        &mut self,
        mut alpha: Value,
        beta: Value,
        ply: usize,
        qdepth: i32,
    ) -> Value {
        // Step 1. Count the node and check the limits; a quiet evasion or check can complete a
        // repetition here too.
        let in_check = match self.enter_node::<N>(ply) {
            Ok(in_check) => in_check,
            Err(value) => return value,
        };

        // Step 2. Transposition table.
        let key = self.pos.history_hash();
        let entry = self.shared.tt.probe(key, ply);
        let tt_depth = if in_check || qdepth == 0 { 0 } else { -1 };
        if let Some(e) = entry {
            if !N::PV && e.settles(tt_depth, alpha, beta) {
                return e.score;
            }
        }

        // Step 3. Stand pat: the side to move may decline every capture (not when in check).
        let mut best;
        let static_eval;
        let raw_eval;
        if in_check {
            best = -INFINITE;
            static_eval = -INFINITE;
            raw_eval = -INFINITE;
        } else {
            raw_eval = match entry {
                Some(e) if e.eval.abs() < MATE_BOUND => e.eval,
                _ => self.evaluate(),
            };
            static_eval = self.corrected_eval(raw_eval).0;
            best = static_eval;
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
        }
        let original_alpha = alpha;

        // Step 4. Captures (or all evasions), best first.
        let tt_move = entry.map_or(Move::NULL, |e| e.mv);
        let mut picker = MovePicker::new(
            PickerKind::Quiescence,
            in_check,
            tt_move,
            [Move::NULL; 2],
            Move::NULL,
            self.continuation_keys(ply),
        );
        // At the first quiescence ply quiet checks are tried too: in xiangqi a quiet move
        // often threatens mate, and a null-move search ending here would otherwise miss it.
        if qdepth == 0 {
            picker = picker.with_quiet_checks();
        }
        let mut best_move = Move::NULL;
        let mut move_count = 0;
        while let Some(m) = picker.next(&self.pos, self.hist) {
            move_count += 1;
            if !in_check && best > -MATE_BOUND {
                // Delta pruning: even winning the piece outright would not reach alpha.
                if let Some(victim) = self.pos.piece_at(m.to()) {
                    let victim = self.delta_victim[victim.role.index()];
                    if static_eval + victim + self.p.delta_margin <= alpha {
                        continue;
                    }
                }
                // Losing captures.
                if !see_ge(&self.pos, m, params::QS_SEE_THRESHOLD) && !self.pos.gives_check(m) {
                    continue;
                }
            }
            let (undo, _) = self.make(m);
            let value = -self.qsearch::<N>(-beta, -alpha, ply + 1, qdepth - 1);
            self.unmake(m, undo);
            if self.stopped {
                return 0;
            }
            if self.keep_best::<N>(ply, m, value, &mut best, &mut best_move, &mut alpha, beta) {
                break;
            }
        }

        // Step 5. In check with no evasion: mated.
        if in_check && move_count == 0 {
            return mated_in(ply);
        }
        let bound = Bound::of_result(best, original_alpha, beta, N::PV);
        self.shared.tt.store(
            key,
            ply,
            best_move,
            best,
            raw_eval.max(-MATE_BOUND + 1),
            tt_depth,
            bound,
        );
        best
    }
}
