//! One search tree: its nodes in one arena (each node's children side by side), the game
//! played down to the current leaf and back, and the root's noise and schedule.

use super::noise;
use super::{Algorithm, MctsError, Shared};
use crate::planes::PlaneValue;
use crate::vecenv::EnvConfig;
use fastrand::Rng;
use xiangqi_core::{Color, Game, Move, MoveList, Position};

/// Where a node stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Not evaluated yet.
    Fresh,
    /// Its observation is in this round's batch.
    Pending,
    /// Evaluated: its children exist.
    Expanded,
    /// A game end (or the ply limit): its value is known.
    Terminal,
}

/// A position of the tree, reached by `mv` from its parent.
#[derive(Clone, Copy, Debug)]
struct Node {
    mv: Move,
    /// `mv`'s action at the parent (the parent's side to move's perspective).
    action: u16,
    /// How many children (the legal moves), from `first` on.
    children: u16,
    first: u32,
    visits: u32,
    /// The sum of the values backed up through the node, from its side to move's perspective.
    value_sum: f32,
    /// The network's logit of `mv` at the parent.
    logit: f32,
    /// The softmax of the logits over the parent's legal moves.
    prior: f32,
    /// The network's value of the node (its side to move's perspective).
    raw: f32,
    /// The value of a game end.
    terminal: f32,
    state: State,
}

impl Node {
    fn new(mv: Move, action: u16, logit: f32) -> Node {
        Node {
            mv,
            action,
            children: 0,
            first: 0,
            visits: 0,
            value_sum: 0.0,
            logit,
            prior: 0.0,
            raw: 0.0,
            terminal: 0.0,
            state: State::Fresh,
        }
    }

    /// The mean value from the parent's perspective (the node must have been visited).
    #[inline]
    fn q(&self) -> f32 {
        -self.value_sum / self.visits as f32
    }

    fn kids(&self) -> std::ops::Range<usize> {
        self.first as usize..self.first as usize + self.children as usize
    }
}

/// One tree of a batch.
pub(crate) struct Tree {
    nodes: Vec<Node>,
    /// The arena a reused subtree is copied into.
    spare: Vec<Node>,
    /// The root's game; during a simulation it is played down to the leaf and back.
    game: Option<Game>,
    root_ply: usize,
    root_hash: u64,
    /// The positions before the root, newest first (as many as the history planes need).
    earlier: Vec<Position>,
    /// The nodes from the root to the current leaf.
    path: Vec<u32>,
    /// The positions from the root to the leaf's parent (for the history planes).
    path_positions: Vec<Position>,
    /// The leaf's legal moves.
    legal: MoveList,
    pending: bool,
    /// The leaf is Black's to move (its planes and actions are mirrored by rank).
    pending_mirror: bool,
    /// The leaf is shown mirrored by file.
    pending_sym: bool,
    rng: Rng,
    /// PUCT: the root's priors with Dirichlet noise.
    root_prior: Vec<f32>,
    /// Gumbel: the root's noise, this search's root visits and the halving schedule.
    gumbel: Vec<f32>,
    search_visits: Vec<u32>,
    schedule: Vec<u32>,
    /// This search's simulations so far.
    sim: usize,
    scratch: Vec<f32>,
}

/// The generator of tree `index` in search number `search`.
fn tree_rng(seed: u64, search: u64, index: usize) -> Rng {
    let mut z = seed ^ search.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (index as u64) << 32;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    Rng::with_seed(z ^ (z >> 31))
}

/// Writes `exp(x - max)` normalised into `out` (the softmax).
fn softmax(values: impl Iterator<Item = f32> + Clone, out: &mut [f32]) {
    let max = values.clone().fold(f32::NEG_INFINITY, f32::max);
    let mut sum = 0.0;
    for (o, v) in out.iter_mut().zip(values) {
        *o = (v - max).exp();
        sum += *o;
    }
    for o in out.iter_mut() {
        *o /= sum;
    }
}

/// The index of the largest of `scores` (the first on ties).
fn argmax(scores: impl Iterator<Item = f32>) -> usize {
    let mut best = (0, f32::NEG_INFINITY);
    for (i, s) in scores.enumerate() {
        if s > best.1 {
            best = (i, s);
        }
    }
    best.0
}

impl Tree {
    pub(crate) fn new(env: &EnvConfig) -> Tree {
        Tree {
            nodes: Vec::new(),
            spare: Vec::new(),
            game: None,
            root_ply: 0,
            root_hash: 0,
            earlier: Vec::with_capacity(env.history),
            path: Vec::new(),
            path_positions: Vec::new(),
            legal: MoveList::new(),
            pending: false,
            pending_mirror: false,
            pending_sym: false,
            rng: Rng::with_seed(0),
            root_prior: Vec::new(),
            gumbel: Vec::new(),
            search_visits: Vec::new(),
            schedule: Vec::new(),
            sim: 0,
            scratch: Vec::new(),
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.nodes.len()
    }

    pub(crate) fn clear(&mut self) {
        self.nodes.clear();
        self.game = None;
        self.pending = false;
    }

    /// Makes `root` the tree's root, keeping the subtree of its position when allowed.
    pub(crate) fn start(&mut self, root: &Game, sh: &Shared, seed: u64, search: u64, i: usize) {
        self.rng = tree_rng(seed, search, i);
        self.pending = false;
        if !(sh.cfg.reuse && self.reroot(root)) {
            self.nodes.clear();
            self.nodes.push(Node::new(Move::NULL, 0, 0.0));
        }
        let game = match &mut self.game {
            Some(g) => {
                g.clone_from(root);
                g
            }
            None => self.game.insert(root.clone()),
        };
        self.root_ply = game.ply();
        self.root_hash = game.position().hash();
        self.earlier.clear();
        let mut popped = Vec::new();
        while self.earlier.len() < sh.env.history {
            let Some(m) = game.pop() else { break };
            self.earlier.push(game.position().clone());
            popped.push(m);
        }
        for m in popped.into_iter().rev() {
            game.push_unchecked(m);
        }
    }

    /// Moves the root to `root`'s position when the tree holds it: the same position at the
    /// same ply, or one reached from the old root by moves the tree expanded.
    fn reroot(&mut self, root: &Game) -> bool {
        if self.nodes.is_empty() || self.game.is_none() {
            return false;
        }
        let old = self.root_ply;
        if root.ply() < old || root.ply() - old > 16 || root.hash_at(old) != Some(self.root_hash) {
            return false;
        }
        let mut node = 0;
        for m in root.moves().skip(old) {
            let n = self.nodes[node];
            if n.state != State::Expanded {
                return false;
            }
            match n.kids().find(|&k| self.nodes[k].mv == m) {
                Some(k) => node = k,
                None => return false,
            }
        }
        if self.nodes[node].state != State::Expanded {
            return false;
        }
        if node != 0 {
            self.compact(node);
        }
        true
    }

    /// Keeps only the subtree of `new_root`, which becomes node 0.
    fn compact(&mut self, new_root: usize) {
        let mut out = std::mem::take(&mut self.spare);
        out.clear();
        let mut root = self.nodes[new_root];
        root.mv = Move::NULL;
        out.push(root);
        // Breadth first: `from[i]` is the old index of new node `i`.
        let mut from = vec![new_root];
        let mut i = 0;
        while i < out.len() {
            let old = self.nodes[from[i]];
            if old.state == State::Expanded {
                out[i].first = out.len() as u32;
                for k in old.kids() {
                    out.push(self.nodes[k]);
                    from.push(k);
                }
            }
            i += 1;
        }
        self.spare = std::mem::replace(&mut self.nodes, out);
    }

    /// Prepares the root's noise and schedule once it is expanded.
    pub(crate) fn begin(&mut self, sh: &Shared) {
        self.sim = 0;
        let root = self.nodes[0];
        if root.state != State::Expanded {
            return;
        }
        let n = root.children as usize;
        match sh.cfg.algorithm {
            Algorithm::Puct {
                dirichlet_alpha,
                dirichlet_fraction,
                ..
            } => {
                self.root_prior.clear();
                self.root_prior
                    .extend(root.kids().map(|k| self.nodes[k].prior));
                if dirichlet_alpha > 0.0 && dirichlet_fraction > 0.0 && n > 1 {
                    self.scratch.resize(n, 0.0);
                    noise::dirichlet(&mut self.rng, dirichlet_alpha as f64, &mut self.scratch);
                    for (p, d) in self.root_prior.iter_mut().zip(&self.scratch) {
                        *p = (1.0 - dirichlet_fraction) * *p + dirichlet_fraction * d;
                    }
                }
            }
            Algorithm::Gumbel {
                max_considered,
                gumbel_scale,
                ..
            } => {
                self.gumbel.clear();
                for _ in 0..n {
                    let g = noise::gumbel(&mut self.rng);
                    self.gumbel.push(gumbel_scale * g);
                }
                self.search_visits.clear();
                self.search_visits.resize(n, 0);
                self.schedule = noise::considered_visits(
                    n.min(max_considered as usize),
                    sh.cfg.simulations as usize,
                );
            }
        }
    }

    /// One simulation's descent (with `roots_only`, only the evaluation of a fresh root): plays
    /// down to a leaf, writes its observation and mask when it needs the network (`Ok(true)`),
    /// or backs up a game end at once. `Err` holds the node
    /// count of a tree that cannot grow.
    pub(crate) fn select<O: PlaneValue>(
        &mut self,
        sh: &Shared,
        roots_only: bool,
        obs: &mut [O],
        mask: &mut [bool],
    ) -> Result<bool, usize> {
        mask.fill(false);
        self.pending = false;
        self.path.clear();
        self.path_positions.clear();
        self.path.push(0);
        match self.nodes[0].state {
            State::Terminal | State::Pending => return Ok(false),
            State::Fresh => return self.judge_leaf(sh, obs, mask),
            State::Expanded if roots_only => return Ok(false),
            State::Expanded => {}
        }
        let mut node = 0;
        loop {
            let child = self.choose(sh, node);
            let game = self.game.as_mut().expect("a search has a root game");
            if sh.env.history > 0 {
                self.path_positions.push(game.position().clone());
            }
            game.push_unchecked(self.nodes[child].mv);
            self.path.push(child as u32);
            match self.nodes[child].state {
                State::Expanded => node = child,
                State::Terminal => {
                    self.backup(self.nodes[child].terminal);
                    self.unwind();
                    self.sim += 1;
                    return Ok(false);
                }
                State::Fresh | State::Pending => {
                    let needs = self.judge_leaf(sh, obs, mask);
                    self.unwind();
                    if matches!(needs, Ok(false)) {
                        self.sim += 1;
                    }
                    return needs;
                }
            }
        }
    }

    /// Takes the moves of the path back: the game stands at the root again.
    fn unwind(&mut self) {
        let game = self.game.as_mut().expect("a search has a root game");
        for _ in 1..self.path.len() {
            game.pop();
        }
    }

    /// Judges the leaf at the end of the path, the game standing there: a game end is backed
    /// up; otherwise its observation and mask are written and it waits for the network.
    fn judge_leaf<O: PlaneValue>(
        &mut self,
        sh: &Shared,
        obs: &mut [O],
        mask: &mut [bool],
    ) -> Result<bool, usize> {
        let leaf = *self.path.last().expect("the path holds the root") as usize;
        let game = self.game.as_ref().expect("a search has a root game");
        self.legal.clear();
        game.legal_moves_into(&mut self.legal);
        let turn = game.position().turn();
        let value = match game.outcome_given_moves(!self.legal.is_empty()) {
            Some(o) => Some(match o.winner {
                Some(w) if w == turn => 1.0,
                Some(_) => -1.0,
                None => 0.0,
            }),
            None if leaf != 0 && game.ply() >= sh.env.max_plies as usize => Some(0.0),
            None => None,
        };
        if let Some(v) = value {
            let node = &mut self.nodes[leaf];
            node.state = State::Terminal;
            node.terminal = v;
            self.backup(v);
            return Ok(false);
        }
        if self.nodes.try_reserve(self.legal.len()).is_err() {
            return Err(self.nodes.len() + self.legal.len());
        }
        let mirror = turn == Color::Black;
        let sym = sh.cfg.symmetries && self.rng.bool();
        let pos = game.position();
        let repeated = sh
            .env
            .repetitions
            .then(|| game.repetition_count().saturating_sub(1));
        sh.env.layout().write(
            pos,
            self.path_positions.iter().rev().chain(self.earlier.iter()),
            sh.env.history,
            turn,
            mirror,
            repeated,
            obs,
        );
        if sym {
            for rank in obs.chunks_exact_mut(9) {
                rank.reverse();
            }
        }
        let enc = sh.env.encoding;
        for &m in self.legal.iter() {
            let shown = if sym { m.flip_file() } else { m };
            if let Some(a) = enc.index(shown, mirror) {
                mask[a] = true;
            }
        }
        self.nodes[leaf].state = State::Pending;
        self.pending = true;
        self.pending_mirror = mirror;
        self.pending_sym = sym;
        Ok(true)
    }

    /// Expands the waiting leaf with the network's `logits` (its row) and backs `value` up.
    pub(crate) fn absorb<E>(
        &mut self,
        sh: &Shared,
        row: usize,
        logits: &[f32],
        value: f32,
    ) -> Result<(), MctsError<E>> {
        if !self.pending {
            return Ok(());
        }
        self.pending = false;
        if !value.is_finite() {
            return Err(MctsError::NotFinite { row, what: "value" });
        }
        let leaf = *self.path.last().expect("the path holds the root") as usize;
        let (enc, mirror, sym) = (sh.env.encoding, self.pending_mirror, self.pending_sym);
        let first = self.nodes.len();
        for &m in self.legal.iter() {
            let shown = if sym { m.flip_file() } else { m };
            let logit = enc.index(shown, mirror).map_or(f32::NAN, |a| logits[a]);
            if !logit.is_finite() {
                self.nodes.truncate(first);
                return Err(MctsError::NotFinite { row, what: "logit" });
            }
            let action = enc.index(m, mirror).expect("the encoding fits the variant");
            self.nodes.push(Node::new(m, action as u16, logit));
        }
        let kids = &mut self.nodes[first..];
        self.scratch.resize(kids.len(), 0.0);
        softmax(kids.iter().map(|k| k.logit), &mut self.scratch);
        for (k, &p) in kids.iter_mut().zip(&self.scratch) {
            k.prior = p;
        }
        let v = value.clamp(-1.0, 1.0);
        let node = &mut self.nodes[leaf];
        node.first = first as u32;
        node.children = self.legal.len() as u16;
        node.state = State::Expanded;
        node.raw = v;
        self.backup(v);
        if leaf != 0 {
            self.sim += 1;
        }
        Ok(())
    }

    /// Adds `v` (the leaf's perspective) to every node of the path, its sign turning each ply.
    fn backup(&mut self, mut v: f32) {
        for &n in self.path.iter().rev() {
            let node = &mut self.nodes[n as usize];
            node.visits = node.visits.saturating_add(1);
            node.value_sum += v;
            v = -v;
        }
    }

    /// The child of `node` the next simulation follows.
    fn choose(&mut self, sh: &Shared, node: usize) -> usize {
        let n = self.nodes[node];
        let kids = n.kids();
        match sh.cfg.algorithm {
            Algorithm::Puct {
                c_init,
                c_base,
                fpu_reduction,
                ..
            } => {
                let parent = n.visits as f32;
                let c = c_init + ((parent + c_base + 1.0) / c_base).ln();
                let explore = c * parent.sqrt();
                let fpu = n.value_sum / n.visits.max(1) as f32 - fpu_reduction;
                let at_root = node == 0 && self.root_prior.len() == kids.len();
                let nodes = &self.nodes;
                let root_prior = &self.root_prior;
                kids.start
                    + argmax(kids.clone().enumerate().map(|(i, k)| {
                        let child = &nodes[k];
                        let q = if child.visits > 0 { child.q() } else { fpu };
                        let p = if at_root { root_prior[i] } else { child.prior };
                        q + explore * p / (1.0 + child.visits as f32)
                    }))
            }
            Algorithm::Gumbel {
                c_visit, c_scale, ..
            } => {
                self.sigma(node, c_visit, c_scale);
                let nodes = &self.nodes;
                let sigma = &self.scratch;
                if node == 0 && self.sim < self.schedule.len() {
                    let target = self.schedule[self.sim];
                    let (g, sv) = (&self.gumbel, &self.search_visits);
                    let i = argmax(kids.clone().enumerate().map(|(i, k)| {
                        if sv[i] == target {
                            g[i] + nodes[k].logit + sigma[i]
                        } else {
                            f32::NEG_INFINITY
                        }
                    }));
                    self.search_visits[i] += 1;
                    return kids.start + i;
                }
                // The improved policy, softmax(logits + sigma), against the visit shares.
                let max = kids
                    .clone()
                    .enumerate()
                    .map(|(i, k)| nodes[k].logit + sigma[i])
                    .fold(f32::NEG_INFINITY, f32::max);
                let sum: f32 = kids
                    .clone()
                    .enumerate()
                    .map(|(i, k)| (nodes[k].logit + sigma[i] - max).exp())
                    .sum();
                let total: u32 = kids.clone().map(|k| nodes[k].visits).sum();
                kids.start
                    + argmax(kids.clone().enumerate().map(|(i, k)| {
                        let pi = (nodes[k].logit + sigma[i] - max).exp() / sum;
                        pi - nodes[k].visits as f32 / (1.0 + total as f32)
                    }))
            }
        }
    }

    /// Writes sigma(completed Q) of `node`'s children into `scratch` (mctx's
    /// `qtransform_completed_by_mix_value`): unvisited children take the mixed value, the values
    /// are rescaled to [0, 1] and scaled by `(c_visit + max visits) * c_scale`.
    fn sigma(&mut self, node: usize, c_visit: f32, c_scale: f32) {
        let n = self.nodes[node];
        let kids = &self.nodes[n.kids()];
        let (mut sum_n, mut max_n, mut sum_p, mut weighted) = (0u64, 0u32, 0.0f32, 0.0f32);
        for k in kids {
            if k.visits > 0 {
                sum_n += k.visits as u64;
                max_n = max_n.max(k.visits);
                let p = k.prior.max(f32::MIN_POSITIVE);
                sum_p += p;
                weighted += p * k.q();
            }
        }
        let mixed = if sum_n == 0 {
            n.raw
        } else {
            (n.raw + sum_n as f32 * weighted / sum_p) / (sum_n as f32 + 1.0)
        };
        self.scratch.clear();
        self.scratch.extend(
            kids.iter()
                .map(|k| if k.visits > 0 { k.q() } else { mixed }),
        );
        let lo = self.scratch.iter().copied().fold(f32::INFINITY, f32::min);
        let hi = self
            .scratch
            .iter()
            .copied()
            .fold(f32::NEG_INFINITY, f32::max);
        let scale = (c_visit + max_n as f32) * c_scale / (hi - lo).max(1e-8);
        for q in &mut self.scratch {
            *q = (*q - lo) * scale;
        }
    }

    /// Writes the search's result: the action, the policy row, the root's value and its
    /// children's visits.
    pub(crate) fn finish(
        &mut self,
        sh: &Shared,
        action: &mut i64,
        policy: &mut [f32],
        value: &mut f32,
        visits: &mut [u32],
    ) {
        policy.fill(0.0);
        visits.fill(0);
        *action = -1;
        let root = self.nodes[0];
        match root.state {
            State::Terminal => {
                *value = root.terminal;
                return;
            }
            State::Fresh | State::Pending => {
                *value = 0.0;
                return;
            }
            State::Expanded => {}
        }
        *value = root.value_sum / root.visits.max(1) as f32;
        let kids = root.kids();
        for k in kids.clone() {
            let c = &self.nodes[k];
            visits[c.action as usize] = c.visits;
        }
        let chosen = match sh.cfg.algorithm {
            Algorithm::Puct { temperature, .. } => {
                let nodes = &self.nodes;
                let total: u64 = kids.clone().map(|k| nodes[k].visits as u64).sum();
                for k in kids.clone() {
                    let c = &nodes[k];
                    policy[c.action as usize] = if total > 0 {
                        (c.visits as f64 / total as f64) as f32
                    } else {
                        c.prior
                    };
                }
                if temperature == 0.0 || kids.len() == 1 {
                    // The most visited; the prior breaks ties.
                    argmax(
                        kids.clone()
                            .map(|k| nodes[k].visits as f32 + nodes[k].prior.clamp(0.0, 0.999)),
                    )
                } else {
                    let weights: Vec<f64> = kids
                        .clone()
                        .map(|k| {
                            let c = &nodes[k];
                            let share = if total > 0 {
                                c.visits as f64 / total as f64
                            } else {
                                c.prior as f64
                            };
                            share.powf(1.0 / temperature as f64)
                        })
                        .collect();
                    let sum: f64 = weights.iter().sum();
                    let mut pick = noise::open_unit(&mut self.rng) * sum;
                    let mut chosen = weights.len() - 1;
                    for (i, w) in weights.iter().enumerate() {
                        if pick < *w {
                            chosen = i;
                            break;
                        }
                        pick -= w;
                    }
                    chosen
                }
            }
            Algorithm::Gumbel {
                c_visit, c_scale, ..
            } => {
                self.sigma(0, c_visit, c_scale);
                let nodes = &self.nodes;
                let sigma = &self.scratch;
                let mut improved = vec![0.0; kids.len()];
                softmax(
                    kids.clone()
                        .enumerate()
                        .map(|(i, k)| nodes[k].logit + sigma[i]),
                    &mut improved,
                );
                for (k, p) in kids.clone().zip(&improved) {
                    policy[nodes[k].action as usize] = *p;
                }
                let most = self.search_visits.iter().copied().max().unwrap_or(0);
                let (g, sv) = (&self.gumbel, &self.search_visits);
                argmax(kids.clone().enumerate().map(|(i, k)| {
                    if sv.get(i).copied().unwrap_or(0) == most {
                        g.get(i).copied().unwrap_or(0.0) + nodes[k].logit + sigma[i]
                    } else {
                        f32::NEG_INFINITY
                    }
                }))
            }
        };
        *action = self.nodes[kids.start + chosen].action as i64;
    }
}
