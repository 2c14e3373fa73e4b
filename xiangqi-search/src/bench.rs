//! `bench`: a fixed set of positions searched to a fixed depth with one thread. The total node
//! count is a signature of the search: it changes exactly when the search's behaviour does, so
//! a test pins it and any unintended change shows.

use crate::engine::{Engine, EngineOptions};
use crate::eval::Evaluation;
use crate::search::limits::{Limits, SearchResult};
use crate::Instant;
use std::time::Duration;
use xiangqi_core::{Position, Rules, Variant};

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

/// The janggi bench positions (`xiangqi bench --variant janggi`): four of the sixteen start
/// setups, the two positions of issue 20, positions of random games (`data/perft/janggi.epd`)
/// and an ending with chariots and cannons on the palace lines.
pub const JANGGI_BENCH_POSITIONS: &[&str] = &[
    "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
    "rbna1anbr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RBNA1ANBR w - - 0 1",
    "rnba1anbr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ANBR w - - 0 1",
    "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RBNA1ABNR w - - 0 1",
    "1n1kaabn1/cr2N4/5C1c1/p1pNp3p/9/9/P1PbP1P1P/3r1p3/4A4/R1BA1KB1R b - - 0 1",
    "1Pbcka3/3nNn1c1/N2CaC3/1pB6/9/9/5P3/9/4K4/9 w - - 0 23",
    "r1bakabn1/3r5/nc7/p1p1p2p1/6p2/3P5/P3P1PcP/1C5CN/R2K1A2R/1NB2AB2 b - - 21 11",
    "1rbaa1b2/n8/c3k1ncr/1p3p1p1/p3p4/PC7/2P1PBPP1/N4A3/4K2N1/R1B1A2R1 w - - 0 17",
    "2n2anbr/3rk4/1c1a3c1/p2b2p2/2p1p3p/2P6/P2PBP2P/1C1A3C1/R4K3/1BN2A1NR w - - 20 11",
    "2b2ab2/1r1a4r/1cn2knc1/p1p5p/4p1pC1/4P2P1/P1P5P/1R1K2C2/8R/1NBA1ABN1 w - - 20 11",
    "1b1aa1br1/r8/3nkcnc1/1pp1p3p/6p2/6P2/1PPP3PR/1C5C1/5K3/RNBA1ABN1 w - - 36 19",
    "1rba1a1b1/4k3r/nc5c1/p1p1p1pnp/9/9/P1PB1PP1P/1C1K3C1/6R2/R1N1AANB1 b - - 11 6",
    "3ak4/4c4/3R5/9/9/9/9/9/4C4/3K1R3 w - - 0 1",
];

/// The bench positions of `variant`'s game: [`BENCH_POSITIONS`] for xiangqi,
/// [`JANGGI_BENCH_POSITIONS`] for a janggi rule set.
pub fn bench_positions(variant: Variant) -> &'static [&'static str] {
    if variant.is_janggi() {
        JANGGI_BENCH_POSITIONS
    } else {
        BENCH_POSITIONS
    }
}

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
    each: impl FnMut(usize, &str, &SearchResult),
) -> BenchReport {
    run_bench_variant(Variant::Xiangqi, depth, threads, evaluation, each)
}

/// [`run_bench_with`] on the bench positions of `variant` ([`bench_positions`]), read as that
/// game's; a janggi rule set searches under its own rules.
pub fn run_bench_variant(
    variant: Variant,
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
        // with the library's default preset (janggi positions take their rule set's own).
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
    for (i, fen) in bench_positions(variant).iter().enumerate() {
        let Ok(pos) = Position::from_fen_variant(fen, variant) else {
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
