//! `bench`: a fixed set of positions searched to a fixed depth with one thread. The total node
//! count is a signature of the search: it changes exactly when the search's behaviour does, so
//! a test pins it and any unintended change shows.

use crate::engine::{Engine, EngineOptions};
use crate::eval::Evaluation;
use crate::search::limits::{Limits, SearchResult};
use crate::Instant;
use std::time::Duration;
use xiangqi_core::{Position, Rules};

/// The bench positions: the start, balanced openings, middlegames and endgames.
pub const BENCH_POSITIONS: &[&str] = &[
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "rn1akabn1/8r/b3c2c1/p1p1p1p1p/9/4P4/P1P3P1P/7C1/4AC3/RNBAK1BNR w - - 8 5",
    "rnbakab1r/9/1c1c2n2/pCp1p1p1p/9/P8/2P1P1P1P/9/5C3/RNBAKABNR b - - 7 4",
    "r1ba1abnr/4k4/1cn4c1/p1p1p1p1p/9/2P4C1/P3P1P1P/NC7/9/R1BAKABNR b - - 5 3",
    "rn1akabn1/8r/bc5c1/p3p1p1p/2p6/7C1/P1P1P1P1P/NC2B3R/9/R2AKABN1 b - - 7 4",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "3aka1n1/n6r1/b3b1r2/p1p6/4pc2p/P5P2/2P1P3P/Bc1CK4/3N1N2R/R2A1AB2 w - - 3 25",
    "2baka3/1c1C5/4b2R1/6p1p/pnp1p4/2P5P/P5P2/B1C5B/4r4/RN1AK2N1 w - - 0 36",
    "r3ka1n1/4a4/b1n5b/rC6p/p1p1p4/R1P1P1C1P/5c2R/3KB2c1/5N3/1NBA1A3 w - - 3 31",
    "rnbakabn1/1c5c1/8r/p1p3p1p/4p2C1/9/P1P1P1P1P/5CN2/9/RNBAKAB1R w - - 10 6",
    "n2akab2/8r/2r6/4C1p2/pcPC2b1p/P3P1P2/8P/R5N2/4A1R2/1NBK1AB2 b - - 0 26",
    "3aka2r/c4nr2/3cb4/2p3p2/2b6/p1P1p1B1P/1C2P1P2/N8/4A1N1R/R1BAK4 w - - 15 41",
    "r3kabr1/4a4/C7C/p1p5p/5np2/2B1p2c1/2P3P1P/8R/5K3/1N1A1ABNR w - - 5 26",
    "3k5/9/9/9/P3P3p/p3p3P/9/9/9/4K4 w - - 0 1",
    "3ak4/4a4/9/9/9/9/9/9/4R4/3K5 w - - 0 1",
    "4k4/3r5/3N5/9/9/9/9/9/9/3K5 b - - 0 1",
];

/// The default bench depth.
pub const BENCH_DEPTH: u32 = 11;

/// Transposition table size used by the bench, in MiB.
pub const BENCH_HASH_MB: usize = 16;

/// The bench's totals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchReport {
    /// Nodes searched over all positions.
    pub nodes: u64,
    /// Time spent searching.
    pub time: Duration,
    /// Nodes per second.
    pub nps: u64,
}

/// Searches every bench position to `depth` with one thread, a fresh game each time, and calls
/// `each` with the position's index, FEN and result. The bench searches under the `simple` rules
/// whatever the default preset.
pub fn run_bench(depth: u32, each: impl FnMut(usize, &str, &SearchResult)) -> BenchReport {
    run_bench_threads(depth, 1, each)
}

/// [`run_bench`] on `threads` search threads (Lazy SMP: the node count then varies from run
/// to run; with one thread it is the bench signature).
pub fn run_bench_threads(
    depth: u32,
    threads: usize,
    each: impl FnMut(usize, &str, &SearchResult),
) -> BenchReport {
    run_bench_with(depth, threads, Evaluation::default(), each)
}

/// [`run_bench_threads`] with the given evaluation (the node count is a signature of the
/// search and the evaluation together).
pub fn run_bench_with(
    depth: u32,
    threads: usize,
    evaluation: Evaluation,
    mut each: impl FnMut(usize, &str, &SearchResult),
) -> BenchReport {
    let mut engine = Engine::new(EngineOptions {
        threads,
        hash_mb: BENCH_HASH_MB,
        seed: Some(0),
        // The bench's own rules, fixed so that its signature moves only with the search, not
        // with the library's default preset.
        rules: Rules::simple(),
        evaluation,
        ..EngineOptions::default()
    });
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut nodes = 0;
    let mut time = Duration::ZERO;
    for (i, fen) in BENCH_POSITIONS.iter().enumerate() {
        let Ok(pos) = Position::from_fen(fen) else {
            continue;
        };
        engine.new_game();
        let start = Instant::now();
        let result = engine.search_position(&pos, &limits, &mut |_| {});
        time += start.elapsed();
        nodes += result.nodes;
        each(i, fen, &result);
    }
    let nps = (nodes as u128 * 1000 / time.as_millis().max(1)) as u64;
    BenchReport { nodes, time, nps }
}
