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

impl Bound {
    /// What a node's result `best` is, searched with the window `alpha..beta`: a lower bound
    /// when it failed high, exact when it raised alpha at a PV node, else an upper bound.
    #[inline]
    pub fn of_result(best: Value, alpha: Value, beta: Value, pv: bool) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if pv && best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

impl TtEntry {
    /// Whether this entry, searched at least `depth` deep, settles a node with the window
    /// `alpha..beta` without a search.
    #[inline]
    pub fn settles(&self, depth: i32, alpha: Value, beta: Value) -> bool {
        self.depth >= depth
            && match self.bound {
                Bound::Exact => true,
                Bound::Lower => self.score >= beta,
                Bound::Upper => self.score <= alpha,
                Bound::None => false,
            }
    }
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
    buckets: ZeroedBuckets,
    generation: u8,
}

/// The memory for a table of this size could not be had.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TableAllocError;

/// A slice of buckets in memory that came zeroed from the allocator.
///
/// The allocation is asked for with the alignment of a word, not of a bucket, because the
/// system allocator hands out such zeroed memory from fresh pages (calloc) without writing
/// it, so pages the search never touches cost nothing; a request aligned to a cache line
/// would be zeroed by hand, touching (and committing) the whole table at once. The buckets
/// start at the first cache line boundary inside it. On Linux the allocation asks for huge
/// pages ([`advise_huge_pages`]), which come zeroed and on first touch too, 2 MiB at a time.
struct ZeroedBuckets {
    base: core::ptr::NonNull<u8>,
    layout: std::alloc::Layout,
    first: core::ptr::NonNull<Bucket>,
    len: usize,
}

// SAFETY: the buckets are owned (nothing else points into the allocation) and a bucket holds
// only atomics, which are Send and Sync.
unsafe impl Send for ZeroedBuckets {}
// SAFETY: as above; shared access only reads or writes through the atomics.
unsafe impl Sync for ZeroedBuckets {}

impl ZeroedBuckets {
    fn try_new(len: usize) -> Result<ZeroedBuckets, TableAllocError> {
        let bucket = core::mem::size_of::<Bucket>();
        let align = core::mem::align_of::<Bucket>();
        let bytes = len
            .max(1)
            .checked_mul(bucket)
            .and_then(|b| b.checked_add(align))
            .ok_or(TableAllocError)?;
        let layout = std::alloc::Layout::from_size_align(bytes, core::mem::align_of::<u64>())
            .map_err(|_| TableAllocError)?;
        // SAFETY: the layout has a non-zero size.
        let base = unsafe { std::alloc::alloc_zeroed(layout) };
        let base = core::ptr::NonNull::new(base).ok_or(TableAllocError)?;
        advise_huge_pages(base.as_ptr(), bytes);
        let offset = base.as_ptr().align_offset(align);
        // SAFETY: `offset < align`, and the allocation holds `align` bytes beyond the buckets,
        // so the first bucket and all `len` after it lie inside it.
        let first = unsafe { base.add(offset) }.cast::<Bucket>();
        Ok(ZeroedBuckets {
            base,
            layout,
            first,
            len: len.max(1),
        })
    }
}

/// The size of a huge page where the table asks for them (x86-64 and AArch64 Linux).
#[cfg(target_os = "linux")]
const HUGE_PAGE: usize = 2 * 1024 * 1024;

/// Asks Linux to back the whole 2 MiB stretches of `len` bytes at `start` with huge pages
/// (transparent huge pages, which most systems grant to memory that asks for them): a probe
/// of a large table is then rarely a TLB miss. 64 MiB in 4 KiB pages searched about 12% fewer
/// nodes a second than 16 MiB; the pages still come zeroed and only when first touched. A hint:
/// where it is refused nothing changes.
#[cfg(target_os = "linux")]
fn advise_huge_pages(start: *mut u8, len: usize) {
    let from = start.align_offset(HUGE_PAGE);
    if from == usize::MAX || len < from + HUGE_PAGE {
        return;
    }
    let span = (len - from) / HUGE_PAGE * HUGE_PAGE;
    // SAFETY: madvise only advises the kernel about a range of this allocation; it does not
    // change its contents, and an error (an old kernel, huge pages off) is ignored.
    unsafe {
        libc::madvise(start.add(from).cast(), span, libc::MADV_HUGEPAGE);
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_start: *mut u8, _len: usize) {}

impl core::ops::Deref for ZeroedBuckets {
    type Target = [Bucket];
    #[inline]
    fn deref(&self) -> &[Bucket] {
        // SAFETY: `first` is aligned for a bucket and `len` buckets fit the allocation, which
        // lives as long as `self`; all-zero bytes are a valid bucket (each field an atomic
        // integer, zero being `Bucket::default()`).
        unsafe { core::slice::from_raw_parts(self.first.as_ptr(), self.len) }
    }
}

impl core::ops::DerefMut for ZeroedBuckets {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Bucket] {
        // SAFETY: as in `deref`, and `&mut self` makes the access unique.
        unsafe { core::slice::from_raw_parts_mut(self.first.as_ptr(), self.len) }
    }
}

impl Drop for ZeroedBuckets {
    fn drop(&mut self) {
        // SAFETY: `base` came from `alloc_zeroed` with this layout and is freed only here.
        unsafe { std::alloc::dealloc(self.base.as_ptr(), self.layout) }
    }
}

/// The bucket of `key` among `len`: the high half of `key * len` (multiply-shift maps the key
/// onto the bucket count without a division). Where `usize` has 32 bits (wasm32) a 128-bit
/// multiply is a library call on every probe, so [`high_half_narrow`] computes the same index.
#[inline(always)]
fn bucket_index(key: u64, len: usize) -> usize {
    #[cfg(target_pointer_width = "32")]
    {
        high_half_narrow(key, len as u32) as usize
    }
    #[cfg(not(target_pointer_width = "32"))]
    {
        ((u128::from(key) * len as u128) >> 64) as usize
    }
}

/// The high 64 bits of `key * len` from two 64-bit multiplies, exact for a 32-bit `len`:
/// `key = h * 2^32 + l`, so the high half is `(h * len + (l * len >> 32)) >> 32`, whose sum
/// cannot overflow.
#[inline(always)]
#[cfg_attr(not(any(test, target_pointer_width = "32")), allow(dead_code))]
fn high_half_narrow(key: u64, len: u32) -> u64 {
    let len = u64::from(len);
    ((key >> 32) * len + (((key & 0xffff_ffff) * len) >> 32)) >> 32
}

impl TranspositionTable {
    /// A table of about `mb` mebibytes (at least one bucket).
    ///
    /// # Panics
    /// When the memory cannot be had; [`Self::try_new`] is the fallible form.
    #[cfg(test)]
    pub fn new(mb: usize) -> TranspositionTable {
        TranspositionTable::try_new(mb).expect("memory for the transposition table")
    }

    /// A table of about `mb` mebibytes (at least one bucket), or an error when the size does not
    /// fit the address space or the allocator refuses it. Pages the search never touches cost
    /// nothing (see `ZeroedBuckets`).
    pub fn try_new(mb: usize) -> Result<TranspositionTable, TableAllocError> {
        let bytes = mb.max(1).checked_mul(1024 * 1024).ok_or(TableAllocError)?;
        let count = (bytes / core::mem::size_of::<Bucket>()).max(1);
        Ok(TranspositionTable {
            buckets: ZeroedBuckets::try_new(count)?,
            generation: 0,
        })
    }

    /// A table of one bucket, for when no larger one can be had.
    ///
    /// # Panics
    /// When not even 128 bytes can be allocated.
    pub fn minimal() -> TranspositionTable {
        TranspositionTable {
            buckets: ZeroedBuckets::try_new(1).expect("128 bytes of memory"),
            generation: 0,
        }
    }

    /// The number of buckets.
    #[cfg(test)]
    pub fn buckets_len(&self) -> usize {
        self.buckets.len()
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        for bucket in self.buckets.iter_mut() {
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
        &self.buckets[bucket_index(key, self.buckets.len())]
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
        let entry = |mv| {
            pack(
                mv,
                score_to_tt(score, ply),
                eval,
                depth,
                bound,
                self.generation,
            )
        };
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
                    write(slot, key, entry(mv));
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
        write(victim, key, entry(mv));
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
    fn narrow_bucket_index_equals_the_wide_one() {
        let mut rng = fastrand::Rng::with_seed(5);
        for _ in 0..100_000 {
            let key = rng.u64(..);
            let len = match rng.u8(..4) {
                0 => u32::MAX,
                1 => rng.u32(1..1 << 20),
                _ => rng.u32(1..),
            };
            let wide = (u128::from(key) * u128::from(len)) >> 64;
            assert_eq!(u128::from(high_half_narrow(key, len)), wide, "{key} {len}");
        }
        assert_eq!(
            high_half_narrow(u64::MAX, u32::MAX),
            u64::from(u32::MAX) - 1
        );
    }

    #[test]
    fn an_impossible_size_is_an_error_not_an_abort() {
        assert!(TranspositionTable::try_new(usize::MAX).is_err());
        assert!(TranspositionTable::try_new(usize::MAX / (1 << 20)).is_err());
        let small = TranspositionTable::try_new(0).unwrap();
        assert_eq!(small.buckets.as_ptr() as usize % 64, 0);
        assert_eq!(small.buckets.len(), (1 << 20) / 64);
        assert!(small
            .buckets
            .iter()
            .all(|b| b.slots.iter().all(|s| s.data.load(Ordering::Relaxed) == 0)));
    }

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
