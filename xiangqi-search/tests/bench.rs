//! The bench node count is the search's signature. When a change to search or evaluation is
//! meant to change it, update the number here in the same commit and say so in the message.

/// Nodes of `xiangqi bench` at the default depth.
const EXPECTED_BENCH_NODES: u64 = 1_220_682;

#[test]
fn bench_node_count_is_pinned() {
    let first = xiangqi_search::bench::run_bench(xiangqi_search::bench::BENCH_DEPTH, |_, _, _| {});
    assert_eq!(first.nodes, EXPECTED_BENCH_NODES, "bench signature changed");
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
