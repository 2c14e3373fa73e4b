//! Zobrist keys for position hashing, generated at compile time from a fixed seed so that hashes
//! are stable across runs, platforms and versions.

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

/// Keys by \[piece index\]\[square\].
pub static PIECE_SQUARE: [[u64; 90]; 14] = {
    let mut t = [[0u64; 90]; 14];
    let mut state = 0x5851_f42d_4c95_7f2d_u64;
    let mut p = 0;
    while p < 14 {
        let mut sq = 0;
        while sq < 90 {
            let (s, v) = splitmix(state);
            state = s;
            t[p][sq] = v;
            sq += 1;
        }
        p += 1;
    }
    t
};

/// Key toggled when Black is to move.
pub const BLACK_TO_MOVE: u64 = splitmix(0x0123_4567_89ab_cdef).1;

/// Janggi: key toggled when the last move was a pass (the next pass ends the game).
pub const JANGGI_LAST_PASS: u64 = splitmix(0x0fed_cba9_8765_4321).1;

/// Janggi: key toggled when bikjang also stood on the ply before (the game has ended).
pub const JANGGI_BIKJANG_TWICE: u64 = splitmix(0x1357_9bdf_2468_ace0).1;
