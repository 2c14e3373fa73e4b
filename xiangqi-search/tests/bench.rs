//! The bench node count is the search's signature. When a change to search or evaluation is
//! meant to change it, update the number here in the same commit and say so in the message.

use xiangqi_core::Variant;
use xiangqi_search::bench::{run_bench_variant, run_bench_with, BENCH_DEPTH};
use xiangqi_search::Evaluation;

/// Nodes of `xiangqi bench` (the engine's default evaluation) at the default depth; the page's
/// browser test reads this line too.
const EXPECTED_BENCH_NODES: u64 = 889_351;
/// Nodes of `xiangqi bench --eval classical` at the default depth.
const EXPECTED_CLASSICAL_BENCH_NODES: u64 = 1_161_538;
/// Nodes of `xiangqi bench --variant janggi` (the janggi net) and with `--eval classical`.
const EXPECTED_JANGGI_BENCH_NODES: u64 = 986_362;
const EXPECTED_JANGGI_CLASSICAL_BENCH_NODES: u64 = 891_786;

#[test]
fn bench_node_count_is_pinned() {
    let default = xiangqi_search::bench::run_bench(BENCH_DEPTH, |_, _, _| {});
    assert_eq!(
        default.nodes, EXPECTED_BENCH_NODES,
        "bench signature changed"
    );
    let classical = run_bench_with(BENCH_DEPTH, 1, Evaluation::Classical, |_, _, _| {});
    assert_eq!(
        classical.nodes, EXPECTED_CLASSICAL_BENCH_NODES,
        "classical bench signature changed"
    );
}

#[test]
fn janggi_bench_node_count_is_pinned() {
    let janggi = |evaluation| {
        run_bench_variant(
            Variant::Janggi,
            BENCH_DEPTH,
            1,
            evaluation,
            |_, fen, result| {
                assert!(result.best_move.is_some(), "{fen}: no move");
            },
        )
        .nodes
    };
    assert_eq!(
        janggi(Evaluation::default()),
        EXPECTED_JANGGI_BENCH_NODES,
        "janggi bench signature changed"
    );
    assert_eq!(
        janggi(Evaluation::Classical),
        EXPECTED_JANGGI_CLASSICAL_BENCH_NODES,
        "janggi classical bench signature changed"
    );
}

#[test]
fn bench_is_reproducible_at_a_low_depth() {
    let a = xiangqi_search::bench::run_bench(6, |_, _, _| {});
    let b = xiangqi_search::bench::run_bench(6, |_, _, _| {});
    assert_eq!(a.nodes, b.nodes);
}

#[test]
fn bench_runs_on_two_threads() {
    use xiangqi_core::Position;
    let mut answered = 0;
    let report = xiangqi_search::bench::run_bench_threads(5, 2, |_, fen, result| {
        let pos = Position::from_fen(fen).unwrap();
        let mv = result.best_move.expect("every bench position has a move");
        assert!(pos.is_legal(mv), "{fen}: {mv}");
        answered += 1;
    });
    assert_eq!(answered, xiangqi_search::bench::BENCH_POSITIONS.len());
    assert!(report.nodes > 0);
}
