"""Ray's cost on one machine: the same match in local threads and as Ray tasks, and self-play in
local processes and as Ray tasks, each run several times, alternating (the machine may be shared).

    python xiangqi-py/benches/ray_bench.py [--cpus 2] [--games 8] [--nodes 3000]

The cluster is started before the clock runs (a head with ``--cpus`` CPUs on this machine), so
the numbers compare playing, not starting Ray.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from xiangqi.match import EngineConfig, Match
from xiangqi.match.ray_exec import RayExecutor
from xiangqi.selfplay import SelfPlayConfig
from xiangqi.selfplay import run as selfplay


def match_rate(games: int, nodes: int, cpus: int, on_ray: bool) -> float:
    engines = [EngineConfig(name="Master", level="master", seed=1), EngineConfig(name="Strong", level="strong", seed=1)]
    match = Match(
        engines, games=games, nodes=nodes, max_moves=60, order="sequential", concurrency=cpus,
        executor=RayExecutor(concurrency=cpus) if on_ray else None,
    )
    start = time.monotonic()
    result = match.run()
    elapsed = time.monotonic() - start
    assert len(result.games) == games
    return 60.0 * games / elapsed


def selfplay_rate(games: int, nodes: int, cpus: int, on_ray: bool) -> float:
    with tempfile.TemporaryDirectory() as out:
        config = SelfPlayConfig(nodes=nodes, multipv=8, max_plies=120)
        result = selfplay(games, Path(out), config, games_per_shard=1, workers=cpus, use_ray=on_ray)
    return result.positions_per_second


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cpus", type=int, default=2)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--nodes", type=int, default=3000)
    parser.add_argument("--selfplay-games", type=int, default=24)
    parser.add_argument("--selfplay-nodes", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each, alternating (the machine may be busy)")
    args = parser.parse_args()
    # Imported here, not at the top: the local worker processes re-import this file, and
    # starting them should not cost an import of Ray.
    import ray

    # Workers at this process's priority (Ray's default lowers theirs by 15, which on a busy
    # machine measures the other jobs, not Ray).
    ray.init(num_cpus=args.cpus, _system_config={"worker_niceness": 0}, include_dashboard=False, object_store_memory=128 * 1024 * 1024, log_to_driver=False)
    print(f"match: {args.games} games, Master vs Strong, {args.nodes} nodes per move, {args.cpus} at once")
    best = [0.0, 0.0]
    for attempt in range(1, args.repeat + 1):
        local = match_rate(args.games, args.nodes, args.cpus, False)
        remote = match_rate(args.games, args.nodes, args.cpus, True)
        best = [max(best[0], local), max(best[1], remote)]
        print(f"  run {attempt}: local threads {local:.1f} games/min, Ray tasks {remote:.1f} games/min ({100 * (local / remote - 1):+.1f}% time)")
    print(f"  best of {args.repeat}: local {best[0]:.1f}, Ray {best[1]:.1f} games/min ({100 * (best[0] / best[1] - 1):+.1f}% time)")
    print(f"self-play: {args.selfplay_games} games, {args.selfplay_nodes} nodes, multipv 8, {args.cpus} workers")
    for attempt in range(1, args.repeat + 1):
        local = selfplay_rate(args.selfplay_games, args.selfplay_nodes, args.cpus, False)
        remote = selfplay_rate(args.selfplay_games, args.selfplay_nodes, args.cpus, True)
        print(f"  run {attempt}: local processes {local:.0f} positions/s, Ray tasks {remote:.0f} positions/s")
    ray.shutdown()


if __name__ == "__main__":
    main()
