//! Accumulators kept move by move: the first layer's output for both views of every position
//! on the search path.
//!
//! A move changes at most three inputs of each view (the piece leaves a point, arrives on
//! another, and a captured piece goes), so the child's accumulators are the parent's plus and
//! minus three weight rows; only the start needs a full refresh (and, for a net whose views see
//! the board through their general, the view of a general that moved). The rows are only noted
//! when a move is made and added when a position is evaluated, from the nearest entry below
//! that is up to date: a position the search leaves without evaluating it (a table cut, a
//! position in check, a repetition) costs no row work. The vector work runs with AVX2
//! where the CPU has it (detected at run time), else in plain code that the compiler vectorizes
//! for the target (SSE2, wasm `simd128`; the output's dot product has its own `simd128` form).
//! All paths give exactly the reference's integers.

use crate::features::active_features;
use crate::net::Network;
use xiangqi_core::{Color, Piece, Position, Role, Square};

/// The change of one entry from the entry below it, kept until the entry is needed.
#[derive(Clone, Copy, Debug)]
enum Pending {
    /// The entry's values are up to date.
    Done,
    /// A null move: the values of the entry below.
    Copy,
    /// Per view (Red's, Black's): the row added, the row taken off and, for a capture, the
    /// captured piece's row taken off too.
    Rows([(u32, u32, Option<u32>); 2]),
}

/// The accumulators of the positions on a search path, one pair per ply.
#[derive(Clone, Debug)]
pub struct AccumulatorStack {
    hidden: usize,
    /// `capacity x 2 x hidden`: per ply, Red's view then Black's.
    values: Vec<i16>,
    /// Per ply: what its values still lack (entry 0 is always up to date).
    pending: Vec<Pending>,
    top: usize,
    avx2: bool,
}

impl AccumulatorStack {
    /// A stack for `net` holding up to `capacity` positions, its first entry `pos`.
    pub fn new(net: &Network, pos: &Position, capacity: usize) -> AccumulatorStack {
        let hidden = net.hidden();
        let mut stack = AccumulatorStack {
            hidden,
            values: vec![0; capacity.max(1) * 2 * hidden],
            pending: vec![Pending::Done; capacity.max(1)],
            top: 0,
            avx2: has_avx2(),
        };
        stack.refresh(net, pos);
        stack
    }

    /// Recomputes the top entry from scratch for `pos`.
    pub fn refresh(&mut self, net: &Network, pos: &Position) {
        for color in Color::ALL {
            let key = net.view_key(color, pos.general(color));
            let acc = self.view_mut(self.top, color);
            net.refresh_reference(active_features(pos, color, key), acc);
        }
        self.pending[self.top] = Pending::Done;
    }

    /// Empties the stack down to its first entry and refreshes it for `pos`.
    pub fn reset(&mut self, net: &Network, pos: &Position) {
        self.top = 0;
        self.refresh(net, pos);
    }

    /// Plies on the stack above its first entry.
    pub fn depth(&self) -> usize {
        self.top
    }

    fn view_mut(&mut self, ply: usize, color: Color) -> &mut [i16] {
        let at = (ply * 2 + color.index()) * self.hidden;
        &mut self.values[at..at + self.hidden]
    }

    fn view(&self, ply: usize, color: Color) -> &[i16] {
        let at = (ply * 2 + color.index()) * self.hidden;
        &self.values[at..at + self.hidden]
    }

    /// Pushes the accumulators after `piece` moved `from` -> `to` in `pos` (the position
    /// before the move), taking `captured`.
    ///
    /// # Panics
    /// When the stack is full.
    #[inline]
    pub fn push_move(
        &mut self,
        net: &Network,
        pos: &Position,
        piece: Piece,
        from: Square,
        to: Square,
        captured: Option<Piece>,
    ) {
        assert!(
            (self.top + 2) * 2 * self.hidden <= self.values.len(),
            "accumulator stack full"
        );
        let rows = Color::ALL.map(|color| {
            let key = net.view_key(color, pos.general(color));
            (
                key.feature(color, piece, to) as u32,
                key.feature(color, piece, from) as u32,
                captured.map(|victim| key.feature(color, victim, to) as u32),
            )
        });
        self.top += 1;
        self.pending[self.top] = Pending::Rows(rows);
        if net.sees_generals() && piece.role == Role::General && from != to {
            // The mover's view changes block with its general, so every input changes: the
            // entry is computed now and that view again from scratch (a janggi pass, the
            // general's point twice, changes nothing).
            self.update(net);
            let color = piece.color;
            let key = net.view_key(color, to);
            let features = pos.occupied().into_iter().filter(|&sq| sq != to).map(|sq| {
                let piece = pos.piece_at(sq).expect("an occupied point");
                key.feature(color, piece, if sq == from { to } else { sq })
            });
            let at = (self.top * 2 + color.index()) * self.hidden;
            net.refresh_reference(features, &mut self.values[at..at + self.hidden]);
        }
    }

    /// Brings the top entry up to date from the nearest entry below it that is.
    #[inline]
    fn update(&mut self, net: &Network) {
        if matches!(self.pending[self.top], Pending::Done) {
            return;
        }
        let mut first = self.top;
        while !matches!(self.pending[first - 1], Pending::Done) {
            first -= 1;
        }
        for ply in first..=self.top {
            self.apply(net, ply);
        }
    }

    /// Computes entry `ply` from entry `ply - 1`, which is up to date.
    fn apply(&mut self, net: &Network, ply: usize) {
        let h = self.hidden;
        match self.pending[ply] {
            Pending::Done => {}
            Pending::Copy => self
                .values
                .copy_within((ply - 1) * 2 * h..ply * 2 * h, ply * 2 * h),
            Pending::Rows(rows) => {
                let row = |f: u32| &net.w1[f as usize * h..(f as usize + 1) * h];
                for color in Color::ALL {
                    let (add, sub, sub2) = rows[color.index()];
                    let src_at = ((ply - 1) * 2 + color.index()) * h;
                    let dst_at = (ply * 2 + color.index()) * h;
                    let (before, after) = self.values.split_at_mut(dst_at);
                    let src = &before[src_at..src_at + h];
                    let dst = &mut after[..h];
                    match sub2 {
                        Some(sub2) => {
                            add_sub_sub(self.avx2, dst, src, row(add), row(sub), row(sub2));
                        }
                        None => add_sub(self.avx2, dst, src, row(add), row(sub)),
                    }
                }
            }
        }
        self.pending[ply] = Pending::Done;
    }

    /// Pushes a copy of the top entry (a null move changes no piece).
    ///
    /// # Panics
    /// When the stack is full.
    pub fn push_copy(&mut self) {
        assert!(
            (self.top + 2) * 2 * self.hidden <= self.values.len(),
            "accumulator stack full"
        );
        self.top += 1;
        self.pending[self.top] = Pending::Copy;
    }

    /// Drops the top entry.
    pub fn pop(&mut self) {
        debug_assert!(self.top > 0);
        self.top = self.top.saturating_sub(1);
    }

    /// The net's score of the top position, which is `pos`, for its side to move, in
    /// centipawns.
    #[inline]
    pub fn evaluate(&mut self, net: &Network, pos: &Position) -> i32 {
        self.update(net);
        let turn = pos.turn();
        let (us, them) = (self.view(self.top, turn), self.view(self.top, turn.other()));
        let h = self.hidden;
        let (qa, _, _) = net.scales();
        let bucket = net.bucket(pos.occupied().count());
        let w2 = net.output_weights(bucket);
        let sum = dot(self.avx2, us, &w2[..h], qa) + dot(self.avx2, them, &w2[h..], qa);
        net.finish(sum, bucket)
    }

    /// The top entry's two views (Red's, Black's), brought up to date, for tests.
    pub fn top_views(&mut self, net: &Network) -> (&[i16], &[i16]) {
        self.update(net);
        (
            self.view(self.top, Color::Red),
            self.view(self.top, Color::Black),
        )
    }
}

/// The net's score of `pos` for the side to move, computed from scratch with the reference
/// code (no incremental state): what the trainer's quantized forward pass gives.
pub fn evaluate_reference(net: &Network, pos: &Position) -> i32 {
    let h = net.hidden();
    let mut red = vec![0i16; h];
    let mut black = vec![0i16; h];
    let key = |color: Color| net.view_key(color, pos.general(color));
    net.refresh_reference(active_features(pos, Color::Red, key(Color::Red)), &mut red);
    net.refresh_reference(
        active_features(pos, Color::Black, key(Color::Black)),
        &mut black,
    );
    let pieces = pos.occupied().count();
    match pos.turn() {
        Color::Red => net.output_reference(&red, &black, pieces),
        Color::Black => net.output_reference(&black, &red, pieces),
    }
}

#[cfg(target_arch = "x86_64")]
fn has_avx2() -> bool {
    std::is_x86_feature_detected!("avx2")
}

#[cfg(not(target_arch = "x86_64"))]
fn has_avx2() -> bool {
    false
}

#[inline(always)]
fn add_sub_plain(dst: &mut [i16], src: &[i16], add: &[i16], sub: &[i16]) {
    for (((d, s), a), b) in dst.iter_mut().zip(src).zip(add).zip(sub) {
        *d = s.wrapping_add(*a).wrapping_sub(*b);
    }
}

#[inline(always)]
fn add_sub_sub_plain(dst: &mut [i16], src: &[i16], add: &[i16], sub: &[i16], sub2: &[i16]) {
    for ((((d, s), a), b), c) in dst.iter_mut().zip(src).zip(add).zip(sub).zip(sub2) {
        *d = s.wrapping_add(*a).wrapping_sub(*b).wrapping_sub(*c);
    }
}

/// `sum(clamp(acc, 0, qa)^2 * w)` in 16-lane blocks, each summed in 32 bits (the net's range
/// check makes that exact), the blocks in 64 bits.
#[inline(always)]
#[cfg_attr(
    all(target_arch = "wasm32", target_feature = "simd128", not(test)),
    allow(dead_code)
)]
fn dot_plain(acc: &[i16], w: &[i16], qa: i32) -> i64 {
    let mut total = 0i64;
    for (a, w) in acc.chunks_exact(16).zip(w.chunks_exact(16)) {
        let mut block = 0i32;
        for (&a, &w) in a.iter().zip(w) {
            let x = i32::from(a).clamp(0, qa);
            block += x * i32::from(w) * x;
        }
        total += i64::from(block);
    }
    total
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use core::arch::x86_64::*;

    /// # Safety
    /// The CPU must have AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn add_sub(dst: &mut [i16], src: &[i16], add: &[i16], sub: &[i16]) {
        super::add_sub_plain(dst, src, add, sub);
    }

    /// # Safety
    /// The CPU must have AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn add_sub_sub(
        dst: &mut [i16],
        src: &[i16],
        add: &[i16],
        sub: &[i16],
        sub2: &[i16],
    ) {
        super::add_sub_sub_plain(dst, src, add, sub, sub2);
    }

    /// # Safety
    /// The CPU must have AVX2; `acc` and `w` have the same length, a multiple of 16.
    #[target_feature(enable = "avx2")]
    pub unsafe fn dot(acc: &[i16], w: &[i16], qa: i32) -> i64 {
        let zero = _mm256_setzero_si256();
        let ceiling = _mm256_set1_epi16(qa as i16);
        let mut sum = _mm256_setzero_si256();
        for (a, w) in acc.chunks_exact(16).zip(w.chunks_exact(16)) {
            // SAFETY: each chunk holds 16 i16 values, 32 bytes; unaligned loads are allowed.
            let (a, w) = unsafe {
                (
                    _mm256_loadu_si256(a.as_ptr().cast()),
                    _mm256_loadu_si256(w.as_ptr().cast()),
                )
            };
            let x = _mm256_min_epi16(_mm256_max_epi16(a, zero), ceiling);
            // x * w fits 16 bits (the net's range check); madd multiplies by x again and adds
            // neighbouring pairs into 32-bit lanes.
            let xw = _mm256_mullo_epi16(x, w);
            sum = _mm256_add_epi32(sum, _mm256_madd_epi16(xw, x));
        }
        let mut lanes = [0i32; 8];
        // SAFETY: `lanes` is 32 bytes.
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), sum) };
        lanes.iter().map(|&l| i64::from(l)).sum()
    }
}

#[inline]
fn add_sub(avx2: bool, dst: &mut [i16], src: &[i16], add: &[i16], sub: &[i16]) {
    #[cfg(target_arch = "x86_64")]
    if avx2 {
        // SAFETY: `avx2` is set only when the CPU reports AVX2.
        return unsafe { avx2::add_sub(dst, src, add, sub) };
    }
    let _ = avx2;
    add_sub_plain(dst, src, add, sub);
}

#[inline]
fn add_sub_sub(avx2: bool, dst: &mut [i16], src: &[i16], add: &[i16], sub: &[i16], sub2: &[i16]) {
    #[cfg(target_arch = "x86_64")]
    if avx2 {
        // SAFETY: `avx2` is set only when the CPU reports AVX2.
        return unsafe { avx2::add_sub_sub(dst, src, add, sub, sub2) };
    }
    let _ = avx2;
    add_sub_sub_plain(dst, src, add, sub, sub2);
}

/// The output layer's dot product with wasm `simd128` (the browser build): the AVX2 form on
/// eight lanes, since the compiler does not find the 16-bit multiply and the pairwise `dot`
/// in the plain loop by itself.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod simd128 {
    use core::arch::wasm32::*;

    /// `acc` and `w` have the same length, a multiple of 16.
    #[inline(always)]
    pub fn dot(acc: &[i16], w: &[i16], qa: i32) -> i64 {
        let zero = i16x8_splat(0);
        let ceiling = i16x8_splat(qa as i16);
        let mut sum = i32x4_splat(0);
        for (a, w) in acc.chunks_exact(8).zip(w.chunks_exact(8)) {
            // SAFETY: each chunk holds 8 i16 values, 16 bytes; wasm loads need no alignment.
            let (a, w) = unsafe {
                (
                    v128_load(a.as_ptr().cast::<v128>()),
                    v128_load(w.as_ptr().cast::<v128>()),
                )
            };
            let x = i16x8_min(i16x8_max(a, zero), ceiling);
            // x * w fits 16 bits (the net's range check); dot multiplies by x again and adds
            // neighbouring pairs into 32-bit lanes: each lane sums H/4 products, which the
            // net's range check bounds inside int32.
            sum = i32x4_add(sum, i32x4_dot_i16x8(i16x8_mul(x, w), x));
        }
        i64::from(i32x4_extract_lane::<0>(sum))
            + i64::from(i32x4_extract_lane::<1>(sum))
            + i64::from(i32x4_extract_lane::<2>(sum))
            + i64::from(i32x4_extract_lane::<3>(sum))
    }
}

#[inline]
fn dot(avx2: bool, acc: &[i16], w: &[i16], qa: i32) -> i64 {
    #[cfg(target_arch = "x86_64")]
    if avx2 {
        // SAFETY: `avx2` is set only when the CPU reports AVX2; the net's sizes are multiples
        // of 16.
        return unsafe { avx2::dot(acc, w, qa) };
    }
    let _ = avx2;
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return simd128::dot(acc, w, qa);
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    dot_plain(acc, w, qa)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::tests::{random_net_shaped, random_net_with};

    #[test]
    fn incremental_updates_equal_a_refresh_on_random_games() {
        for buckets in [1, crate::net::OUTPUT_BUCKETS] {
            incremental_equals_refresh(&random_net_with(32, 7, buckets));
        }
        incremental_equals_refresh(&random_net_shaped(32, 7, crate::net::OUTPUT_BUCKETS, true));
    }

    fn incremental_equals_refresh(net: &Network) {
        let net = net.clone();
        let mut rng = fastrand_like(11);
        for _ in 0..20 {
            let mut pos = Position::startpos();
            let mut stack = AccumulatorStack::new(&net, &pos, 400);
            for _ in 0..300 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[(rng() % moves.len() as u64) as usize];
                let piece = pos.piece_at(m.from()).unwrap();
                let captured = pos.piece_at(m.to());
                stack.push_move(&net, &pos, piece, m.from(), m.to(), captured);
                pos.play(m).unwrap();
                let mut fresh = AccumulatorStack::new(&net, &pos, 1);
                fresh.refresh(&net, &pos);
                assert_eq!(stack.top_views(&net), fresh.top_views(&net));
                assert_eq!(stack.evaluate(&net, &pos), evaluate_reference(&net, &pos));
                for avx2 in [false, true] {
                    let (r, b) = stack.top_views(&net);
                    let (qa, _, _) = net.scales();
                    let h = net.hidden();
                    let sum = dot_plain(r, &net.w2[..h], qa) + dot_plain(b, &net.w2[h..], qa);
                    assert_eq!(
                        sum,
                        dot(avx2 && has_avx2(), r, &net.w2[..h], qa)
                            + dot(avx2 && has_avx2(), b, &net.w2[h..], qa)
                    );
                }
            }
        }
    }

    #[test]
    fn entries_brought_up_to_date_late_equal_the_reference() {
        // Moves, null moves and take-backs in random order, the position evaluated only now
        // and then: an entry may wait several plies for its rows, and be dropped unused.
        for net in [
            random_net_with(32, 5, crate::net::OUTPUT_BUCKETS),
            random_net_shaped(32, 9, crate::net::OUTPUT_BUCKETS, true),
        ] {
            let mut rng = fastrand_like(23);
            for _ in 0..20 {
                let mut path = vec![Position::startpos()];
                let mut stack = AccumulatorStack::new(&net, &path[0], 64);
                for _ in 0..400 {
                    let pos = path.last().unwrap().clone();
                    let moves = pos.legal_moves();
                    let roll = rng() % 8;
                    if (roll == 0 || moves.is_empty() || path.len() == 60) && path.len() > 1 {
                        path.pop();
                        stack.pop();
                    } else if roll == 1 && !pos.is_check() && path.len() < 60 {
                        let mut after = pos.clone();
                        after.make_null_move();
                        stack.push_copy();
                        path.push(after);
                    } else if !moves.is_empty() && path.len() < 60 {
                        let m = moves[(rng() % moves.len() as u64) as usize];
                        let piece = pos.piece_at(m.from()).unwrap();
                        stack.push_move(&net, &pos, piece, m.from(), m.to(), pos.piece_at(m.to()));
                        let mut after = pos.clone();
                        after.play(m).unwrap();
                        path.push(after);
                    }
                    if rng() % 4 == 0 {
                        let pos = path.last().unwrap();
                        assert_eq!(stack.evaluate(&net, pos), evaluate_reference(&net, pos));
                    }
                }
            }
        }
    }

    fn fastrand_like(seed: u64) -> impl FnMut() -> u64 {
        let mut s = seed;
        move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        }
    }
}
