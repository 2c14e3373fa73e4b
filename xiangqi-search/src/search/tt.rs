//! The transposition table: what earlier searches learned about positions, shared by all
//! search threads.
//!
//! # Concurrency contract
//! The table is shared by reference between threads with no lock. Each entry is two
//! `AtomicU64` words, `check` and `data`, written and read with relaxed ordering; `check` holds
//! the position's key XOR `data`. A reader accepts an entry only when `check ^ data` equals its
//! key, so a torn entry (one word from one writer, the other from another) is rejected as a
//! miss rather than trusted. What a reader may still see is a valid entry of another position
//! whose key collides in all 64 bits, or a slightly stale entry: the search treats every table
//! move as a suggestion to verify for legality and every table score as a hint, so neither can
//! make it play an illegal move. Resizing and clearing need `&mut self`, so they never overlap
//! a search.

use crate::score::{Value, MATE_BOUND};
use core::sync::atomic::{AtomicU64, Ordering};
use xiangqi_core::Move;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// No score stored (only a move or an evaluation).
    None = 0,
    /// The value is at most the score (the search failed low).
    Upper = 1,
    /// The value is at least the score (the search failed high).
    Lower = 2,
    /// The score is exact.
    Exact = 3,
}

/// A decoded table entry.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TtEntry {
    pub mv: Move,
    pub score: Value,
    pub eval: Value,
    pub depth: i32,
    pub bound: Bound,
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// Four slots share one 64-byte cache line.
#[repr(align(64))]
#[derive(Default)]
struct Bucket {
    slots: [Slot; 4],
}

/// Depth is stored with this offset so that quiescence depths (down to -1) fit a `u8`.
const DEPTH_OFFSET: i32 = 2;

fn pack(mv: Move, score: Value, eval: Value, depth: i32, bound: Bound, generation: u8) -> u64 {
    u64::from(mv.to_u16())
        | (u64::from(score as i16 as u16) << 16)
        | (u64::from(eval as i16 as u16) << 32)
        | (u64::from((depth + DEPTH_OFFSET).clamp(0, 255) as u8) << 48)
        | (u64::from(bound as u8) << 56)
        | (u64::from(generation & 0x3f) << 58)
}

fn unpack(data: u64) -> TtEntry {
    TtEntry {
        mv: Move::from_u16(data as u16).unwrap_or(Move::NULL),
        score: Value::from((data >> 16) as u16 as i16),
        eval: Value::from((data >> 32) as u16 as i16),
        depth: ((data >> 48) & 0xff) as i32 - DEPTH_OFFSET,
        bound: match (data >> 56) & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => Bound::None,
        },
    }
}

fn generation_of(data: u64) -> u8 {
    ((data >> 58) & 0x3f) as u8
}

fn depth_of(data: u64) -> i32 {
    ((data >> 48) & 0xff) as i32
}

/// The shared transposition table.
pub(crate) struct TranspositionTable {
    buckets: Vec<Bucket>,
    generation: u8,
}

impl TranspositionTable {
    /// A table of about `mb` mebibytes (at least one bucket).
    pub fn new(mb: usize) -> TranspositionTable {
        let count = (mb.max(1) * 1024 * 1024 / core::mem::size_of::<Bucket>()).max(1);
        let mut buckets = Vec::with_capacity(count);
        buckets.resize_with(count, Bucket::default);
        TranspositionTable {
            buckets,
            generation: 0,
        }
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        for bucket in &mut self.buckets {
            *bucket = Bucket::default();
        }
        self.generation = 0;
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 0x3f;
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        // Multiply-shift maps the key onto the bucket count without a division.
        let index = ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index]
    }

    /// Asks the hardware to start loading the bucket of `key`.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let ptr = self.bucket(key) as *const Bucket as *const i8;
            // SAFETY: prefetching is a hint with no memory effect; the pointer is a valid reference.
            unsafe { core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(ptr) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Looks a position up; mate scores come back relative to `ply`.
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<TtEntry> {
        for slot in &self.bucket(key).slots {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if check ^ data == key && data != 0 {
                let mut entry = unpack(data);
                entry.score = score_from_tt(entry.score, ply);
                return Some(entry);
            }
        }
        None
    }

    /// Stores what a search found.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn store(
        &self,
        key: u64,
        ply: usize,
        mv: Move,
        score: Value,
        eval: Value,
        depth: i32,
        bound: Bound,
    ) {
        let bucket = self.bucket(key);
        let mut victim = &bucket.slots[0];
        let mut victim_worth = i32::MAX;
        for slot in &bucket.slots {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if check ^ data == key || data == 0 {
                victim = slot;
                // Same position: keep the old move when the new search found none, and keep a
                // deeper exact result unless this one is at least nearly as deep.
                if data != 0 {
                    let old = unpack(data);
                    if bound != Bound::Exact
                        && old.depth > depth + 3
                        && generation_of(data) == self.generation
                    {
                        return;
                    }
                    let mv = if mv.is_null() { old.mv } else { mv };
                    write(
                        slot,
                        key,
                        pack(
                            mv,
                            score_to_tt(score, ply),
                            eval,
                            depth,
                            bound,
                            self.generation,
                        ),
                    );
                    return;
                }
                break;
            }
            // Older generations lose eight plies of worth per generation.
            let age = i32::from((self.generation.wrapping_sub(generation_of(data))) & 0x3f);
            let worth = depth_of(data) - 8 * age;
            if worth < victim_worth {
                victim_worth = worth;
                victim = slot;
            }
        }
        write(
            victim,
            key,
            pack(
                mv,
                score_to_tt(score, ply),
                eval,
                depth,
                bound,
                self.generation,
            ),
        );
    }

    /// Per mille of a sample of slots holding entries of the current search.
    pub fn hashfull(&self) -> u32 {
        let sample = self.buckets.len().min(250);
        let mut used = 0;
        for bucket in &self.buckets[..sample] {
            for slot in &bucket.slots {
                let data = slot.data.load(Ordering::Relaxed);
                if data != 0 && generation_of(data) == self.generation {
                    used += 1;
                }
            }
        }
        if sample == 0 {
            0
        } else {
            (used * 1000 / (sample * 4)) as u32
        }
    }
}

#[inline]
fn write(slot: &Slot, key: u64, data: u64) {
    slot.data.store(data, Ordering::Relaxed);
    slot.check.store(key ^ data, Ordering::Relaxed);
}

/// Mate scores are stored relative to the node, so that they stay right at another ply.
#[inline]
fn score_to_tt(score: Value, ply: usize) -> Value {
    if score >= MATE_BOUND {
        score + ply as Value
    } else if score <= -MATE_BOUND {
        score - ply as Value
    } else {
        score
    }
}

#[inline]
fn score_from_tt(score: Value, ply: usize) -> Value {
    if score >= MATE_BOUND {
        score - ply as Value
    } else if score <= -MATE_BOUND {
        score + ply as Value
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::{mate_in, MATE};
    use xiangqi_core::Square;

    #[test]
    fn stores_and_finds_an_entry() {
        let tt = TranspositionTable::new(1);
        let m = Move::new(Square::H2, Square::E2);
        tt.store(0x1234_5678_9abc_def0, 3, m, -57, 12, 7, Bound::Lower);
        let e = tt.probe(0x1234_5678_9abc_def0, 3).expect("stored entry");
        assert_eq!(
            (e.mv, e.score, e.eval, e.depth, e.bound),
            (m, -57, 12, 7, Bound::Lower)
        );
        assert!(tt.probe(0x1234_5678_9abc_def1, 3).is_none());
    }

    #[test]
    fn mate_scores_are_relative_to_the_node() {
        let tt = TranspositionTable::new(1);
        // A mate found 5 plies from the root at a node 2 plies deep is "mate in 3 plies" there;
        // seen again at ply 4 it is mate 7 plies from the root.
        tt.store(42, 2, Move::NULL, mate_in(5), 0, 3, Bound::Exact);
        assert_eq!(tt.probe(42, 4).unwrap().score, mate_in(7));
        assert!(mate_in(7) < MATE);
    }

    #[test]
    fn a_torn_entry_is_rejected() {
        let tt = TranspositionTable::new(1);
        tt.store(99, 0, Move::NULL, 10, 10, 3, Bound::Exact);
        let slot = tt
            .bucket(99)
            .slots
            .iter()
            .find(|s| s.data.load(Ordering::Relaxed) != 0)
            .unwrap();
        // Another writer's data word lands without its check word.
        slot.data.store(
            pack(Move::NULL, 500, 0, 9, Bound::Exact, 0),
            Ordering::Relaxed,
        );
        assert!(tt.probe(99, 0).is_none());
    }
}
