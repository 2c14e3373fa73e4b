//! The staged move picker: hands out the moves of a node best-first, generating lazily so that
//! a cutoff on the table move or a good capture costs no quiet-move generation.
//!
//! Stages, in order:
//! 1. the transposition-table move (checked for legality: the table can hold anything);
//! 2. captures that do not lose material by static exchange, most valuable victim first;
//! 3. the two killer moves, then the countermove (quiet moves, checked for legality);
//! 4. the other quiet moves by history score;
//! 5. the captures that lose material.
//!
//! In check every legal move is an evasion, ordered captures first. In quiescence only the
//! captures are produced (and the evasions when in check).

use super::history::{Histories, PieceTo};
use super::see::{see_ge, SEE_VALUE};
use core::mem::MaybeUninit;
use xiangqi_core::{Move, MoveList, Position, MAX_MOVES};

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Stage {
    TtMove,
    GenCaptures,
    GoodCaptures,
    Killer1,
    Killer2,
    Counter,
    GenQuiets,
    Quiets,
    BadCaptures,
    GenEvasions,
    Evasions,
    QCaptures,
    QuietChecks,
    Done,
}

#[derive(Clone, Copy)]
struct Scored {
    mv: Move,
    score: i32,
}

/// What kind of node the picker serves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum PickerKind {
    /// A full-width node.
    Main,
    /// A quiescence node: captures only (evasions when in check).
    Quiescence,
}

/// The staged move picker of one node.
pub(crate) struct MovePicker {
    stage: Stage,
    kind: PickerKind,
    in_check: bool,
    tt_move: Move,
    killers: [Move; 2],
    counter: Move,
    continuation: [Option<PieceTo>; 2],
    /// Scored moves; only `..len` is initialised.
    moves: [MaybeUninit<Scored>; MAX_MOVES],
    len: usize,
    cur: usize,
    /// Losing captures put aside; only `..bad_len` is initialised.
    bad: [MaybeUninit<Move>; MAX_MOVES],
    bad_len: usize,
    bad_cur: usize,
    /// When set, quiet moves (killers and countermove included) are no longer produced.
    pub skip_quiets: bool,
    /// Quiescence: also produce quiet moves that give check, after the captures.
    with_checks: bool,
}

impl MovePicker {
    /// A picker for a node. `continuation` holds the piece-to of the moves one and two plies
    /// back, when there were such moves.
    pub fn new(
        kind: PickerKind,
        in_check: bool,
        tt_move: Move,
        killers: [Move; 2],
        counter: Move,
        continuation: [Option<PieceTo>; 2],
    ) -> MovePicker {
        MovePicker {
            stage: Stage::TtMove,
            kind,
            in_check,
            tt_move,
            killers,
            counter,
            continuation,
            // Left uninitialised: a picker is built at every node and most are cut off before
            // their lists fill, so clearing 1.3 KB each time showed in profiles.
            moves: [const { MaybeUninit::uninit() }; MAX_MOVES],
            len: 0,
            cur: 0,
            bad: [const { MaybeUninit::uninit() }; MAX_MOVES],
            bad_len: 0,
            bad_cur: 0,
            skip_quiets: false,
            with_checks: false,
        }
    }

    /// Makes a quiescence picker also produce quiet checking moves (used at the first
    /// quiescence ply, where a quiet mate threat would otherwise go unseen).
    pub fn with_quiet_checks(mut self) -> MovePicker {
        self.with_checks = true;
        self
    }

    fn capture_score(pos: &Position, hist: &Histories, m: Move) -> i32 {
        let attacker = pos.piece_at(m.from()).map_or(0, |p| p.index());
        let victim = pos.piece_at(m.to()).map_or(6, |p| p.role.index());
        SEE_VALUE[victim] * 8 + i32::from(hist.capture[attacker * 90 + m.to().index()][victim]) / 2
    }

    fn quiet_score(&self, pos: &Position, hist: &Histories, m: Move) -> i32 {
        let Some(piece) = pos.piece_at(m.from()) else {
            return 0;
        };
        hist.quiet(piece.color, m) + hist.continuation_score(self.continuation, piece, m)
    }

    #[inline]
    fn push(&mut self, item: Scored) {
        self.moves[self.len].write(item);
        self.len += 1;
    }

    #[inline]
    fn get(&self, i: usize) -> Scored {
        debug_assert!(i < self.len);
        // SAFETY: every index below `len` was written by `push` (or by a move of such an
        // entry) since the list was last reset.
        unsafe { self.moves[i].assume_init() }
    }

    fn load(&mut self, list: &MoveList, mut score: impl FnMut(Move) -> i32) {
        self.len = 0;
        self.cur = 0;
        for &m in list.iter() {
            if m != self.tt_move {
                self.push(Scored {
                    mv: m,
                    score: score(m),
                });
            }
        }
    }

    /// Removes and returns the best-scored remaining move.
    fn pick_best(&mut self) -> Option<Move> {
        if self.cur >= self.len {
            return None;
        }
        let mut best = self.cur;
        let mut best_score = self.get(best).score;
        for i in self.cur + 1..self.len {
            let score = self.get(i).score;
            if score > best_score {
                best = i;
                best_score = score;
            }
        }
        self.moves.swap(self.cur, best);
        self.cur += 1;
        Some(self.get(self.cur - 1).mv)
    }

    fn is_refutation(&self, m: Move) -> bool {
        m == self.killers[0] || m == self.killers[1] || m == self.counter
    }

    /// The next move to try, or `None` when the node has no more.
    pub fn next(&mut self, pos: &Position, hist: &Histories) -> Option<Move> {
        loop {
            match self.stage {
                Stage::TtMove => {
                    self.stage = if self.in_check {
                        Stage::GenEvasions
                    } else {
                        Stage::GenCaptures
                    };
                    let m = self.tt_move;
                    if !m.is_null()
                        && pos.is_legal(m)
                        && (self.kind == PickerKind::Main || self.in_check || pos.is_capture(m))
                    {
                        return Some(m);
                    }
                    self.tt_move = Move::NULL;
                }
                Stage::GenCaptures => {
                    let mut list = MoveList::new();
                    pos.legal_captures_into(&mut list);
                    self.load(&list, |m| Self::capture_score(pos, hist, m));
                    self.stage = match self.kind {
                        PickerKind::Main => Stage::GoodCaptures,
                        PickerKind::Quiescence => Stage::QCaptures,
                    };
                }
                Stage::GoodCaptures => match self.pick_best() {
                    Some(m) => {
                        if see_ge(pos, m, 0) {
                            return Some(m);
                        }
                        self.bad[self.bad_len].write(m);
                        self.bad_len += 1;
                    }
                    None => self.stage = Stage::Killer1,
                },
                Stage::Killer1 | Stage::Killer2 | Stage::Counter => {
                    let m = match self.stage {
                        Stage::Killer1 => self.killers[0],
                        Stage::Killer2 => self.killers[1],
                        _ => self.counter,
                    };
                    let duplicate = match self.stage {
                        Stage::Killer1 => false,
                        Stage::Killer2 => m == self.killers[0],
                        _ => m == self.killers[0] || m == self.killers[1],
                    };
                    self.stage = match self.stage {
                        Stage::Killer1 => Stage::Killer2,
                        Stage::Killer2 => Stage::Counter,
                        _ => Stage::GenQuiets,
                    };
                    if !self.skip_quiets
                        && !m.is_null()
                        && !duplicate
                        && m != self.tt_move
                        && pos.is_legal(m)
                        && !pos.is_capture(m)
                    {
                        return Some(m);
                    }
                }
                Stage::GenQuiets => {
                    if self.skip_quiets {
                        self.stage = Stage::BadCaptures;
                        continue;
                    }
                    let mut list = MoveList::new();
                    pos.legal_quiets_into(&mut list);
                    self.len = 0;
                    self.cur = 0;
                    for &m in list.iter() {
                        if m != self.tt_move && !self.is_refutation(m) {
                            let score = self.quiet_score(pos, hist, m);
                            self.push(Scored { mv: m, score });
                        }
                    }
                    // Insertion sort, best first: quiet lists are short and mostly tried in order.
                    for i in 1..self.len {
                        let item = self.get(i);
                        let mut j = i;
                        while j > 0 && self.get(j - 1).score < item.score {
                            self.moves[j] = self.moves[j - 1];
                            j -= 1;
                        }
                        self.moves[j].write(item);
                    }
                    self.stage = Stage::Quiets;
                }
                Stage::Quiets => {
                    if !self.skip_quiets && self.cur < self.len {
                        self.cur += 1;
                        return Some(self.get(self.cur - 1).mv);
                    }
                    self.stage = Stage::BadCaptures;
                }
                Stage::BadCaptures => {
                    if self.bad_cur < self.bad_len {
                        self.bad_cur += 1;
                        // SAFETY: entries below `bad_len` were written just above.
                        return Some(unsafe { self.bad[self.bad_cur - 1].assume_init() });
                    }
                    self.stage = Stage::Done;
                }
                Stage::GenEvasions => {
                    let mut list = MoveList::new();
                    pos.legal_moves_into(&mut list);
                    self.len = 0;
                    self.cur = 0;
                    for &m in list.iter() {
                        if m != self.tt_move {
                            let score = if pos.is_capture(m) {
                                1_000_000 + Self::capture_score(pos, hist, m)
                            } else {
                                self.quiet_score(pos, hist, m)
                            };
                            self.push(Scored { mv: m, score });
                        }
                    }
                    self.stage = Stage::Evasions;
                }
                Stage::Evasions => match self.pick_best() {
                    Some(m) => return Some(m),
                    None => self.stage = Stage::Done,
                },
                Stage::QCaptures => match self.pick_best() {
                    Some(m) => return Some(m),
                    None if self.with_checks && !self.in_check => {
                        let mut list = MoveList::new();
                        pos.quiet_checks_into(&mut list);
                        self.len = 0;
                        self.cur = 0;
                        for &m in list.iter() {
                            if m != self.tt_move {
                                let score = self.quiet_score(pos, hist, m);
                                self.push(Scored { mv: m, score });
                            }
                        }
                        self.stage = Stage::QuietChecks;
                    }
                    None => self.stage = Stage::Done,
                },
                Stage::QuietChecks => match self.pick_best() {
                    Some(m) => return Some(m),
                    None => self.stage = Stage::Done,
                },
                Stage::Done => return None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi_core::perft;

    /// Counts leaf nodes by walking the tree with the picker (every stage, killers and a
    /// countermove included) instead of the generator: the totals must match perft.
    fn walk(pos: &mut Position, depth: u32, hist: &Histories, killers: [Move; 2]) -> u64 {
        if depth == 0 {
            return 1;
        }
        let in_check = pos.is_check();
        let mut picker = MovePicker::new(
            PickerKind::Main,
            in_check,
            killers[1],
            killers,
            killers[0],
            [None, None],
        );
        let mut nodes = 0;
        let mut seen = Vec::new();
        let mut first_two = [Move::NULL; 2];
        while let Some(m) = picker.next(pos, hist) {
            assert!(!seen.contains(&m), "{m} produced twice in {}", pos.fen());
            seen.push(m);
            if seen.len() <= 2 {
                first_two[seen.len() - 1] = m;
            }
            let undo = pos.make_move(m);
            // Pass moves of this node down as "killers": mostly illegal there, which the
            // picker must reject.
            nodes += walk(pos, depth - 1, hist, first_two);
            pos.unmake_move(m, undo);
        }
        assert_eq!(seen.len() as u64, pos.count_legal_moves(), "{}", pos.fen());
        nodes
    }

    #[test]
    fn picker_walk_matches_perft() {
        let suite = include_str!("../../../data/perft/suite.epd");
        let hist = Histories::new();
        for line in suite.lines().filter(|l| !l.trim().is_empty()).take(8) {
            let mut fields = line.split(';');
            let fen = fields.next().unwrap().trim();
            let mut pos = Position::from_fen(fen).unwrap();
            for depth in 1..=3u32 {
                let expected: Option<u64> = fields
                    .clone()
                    .find(|f| f.trim().starts_with(&format!("D{depth} ")))
                    .map(|f| f.trim()[3..].trim().parse().unwrap());
                let expected = expected.unwrap_or_else(|| perft(&pos, depth));
                assert_eq!(
                    walk(&mut pos, depth, &hist, [Move::NULL; 2]),
                    expected,
                    "{fen} depth {depth}"
                );
            }
        }
    }
}
