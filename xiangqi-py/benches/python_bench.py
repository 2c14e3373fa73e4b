"""Speed of the Python package, measured the way Python users drive it.

1. A Python loop over random games: list the legal moves, push a random one, ask whether the game
   is over. Plies per second, for ``xiangqi`` and (when installed) for cchess, the pure-Python
   xiangqi library, and pyffish, Fairy-Stockfish's binding, doing the same work.
2. ``VecEnv`` random play: ``step(random_actions())`` on a batch of games, steps per second,
   without observations, with masks only, and with float32 / uint8 observations; then the
   same without observations under ``casual`` and ``axf``, the price of the repetition rules.
3. ``VecEnv(variant="janggi")`` random play (the sixteen setups at random, janggi's rules,
   19 planes, the 2451-action encoding), with the same four sets of outputs.
4. Tree search with a trivial network (equal logits, value 0): ``xiangqi.MCTS`` over a
   ``VecEnv``'s games (PUCT and Gumbel), each search's moves played, simulations per second;
   beside it a PUCT search written in Python over cchess, the way Python xiangqi AlphaZero
   projects write theirs (a node object per move, the board copied and played down each
   simulation, cchess's legal moves at each expansion).

Run it with the project venv: ``make python-bench`` or ``.venv/bin/python xiangqi-py/benches/python_bench.py``.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from typing import Any, Callable, Dict, List, Tuple

import xiangqi


def timed(seconds: float, body: Callable[[], int]) -> Tuple[int, float, float]:
    """Calls ``body`` (which returns a unit count) until ``seconds`` have passed. Returns the
    units, the wall seconds and the CPU seconds of this process (all threads): on a machine
    shared with other work, units per CPU second tell more than units per wall second."""
    units = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    while True:
        units += body()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return units, elapsed, time.process_time() - cpu_start


def xiangqi_game(rng: random.Random, max_plies: int) -> int:
    board = xiangqi.Board()
    plies = 0
    while plies < max_plies:
        moves = list(board.legal_moves)
        if not moves or board.is_game_over():
            break
        board.push(rng.choice(moves))
        plies += 1
    return plies


def cchess_game(rng: random.Random, max_plies: int) -> int:
    from cchess import FULL_INIT_FEN, ChessBoard  # type: ignore[import-untyped]

    board = ChessBoard(FULL_INIT_FEN)
    plies = 0
    while plies < max_plies:
        # cchess lists pseudo-legal moves; its own legality tests give the legal list.
        moves = [
            (f, t)
            for f, t in board.create_moves()
            if board.is_valid_move(f, t) and not board.is_checked_move(f, t)
        ]
        if not moves:
            break
        f, t = rng.choice(moves)
        board.move(f, t)
        board.next_turn()
        plies += 1
    return plies


def pyffish_game(rng: random.Random, max_plies: int) -> int:
    import pyffish  # type: ignore[import-not-found,unused-ignore]

    # The position carried as a FEN from ply to ply (a growing move list would make every call
    # replay the game): the cheapest way to drive Fairy-Stockfish's binding.
    fen = pyffish.start_fen("xiangqi")
    plies = 0
    while plies < max_plies:
        moves = pyffish.legal_moves("xiangqi", fen, [])
        if not moves or pyffish.is_immediate_game_end("xiangqi", fen, [])[0]:
            break
        fen = pyffish.get_fen("xiangqi", fen, [rng.choice(moves)])
        plies += 1
    return plies


def vecenv_rate(seconds: float, num_envs: int, **options: Any) -> Tuple[float, float]:
    env = xiangqi.VecEnv(num_envs, seed=1, **options)
    env.reset()

    def body() -> int:
        env.step(env.random_actions())
        return num_envs

    body()  # warm up
    steps, elapsed, cpu = timed(seconds, body)
    return steps / elapsed, steps / cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    parser.add_argument("--max-plies", type=int, default=200, help="plies per random game at most")
    parser.add_argument("--num-envs", type=int, default=1024, help="games in the VecEnv batch")
    parser.add_argument("--rules", default="casual", help="rule preset of the VecEnv games")
    parser.add_argument("--only-vecenv", action="store_true", help="skip the Python loop and cchess")
    parser.add_argument("--only-mcts", action="store_true", help="only the tree search")
    parser.add_argument("--trees", type=int, default=256, help="trees of the MCTS batch")
    args = parser.parse_args()

    print(f"xiangqi {getattr(xiangqi, '__version__', '')} on {os.cpu_count()} cores")
    if not args.only_mcts:
        if not args.only_vecenv:
            python_loops(args)
        vecenv_rates(args)
    if not args.only_vecenv:
        mcts_rates(args)


def mcts_rates(args: argparse.Namespace) -> None:
    import numpy as np

    n = args.trees
    logits = np.zeros((n, 2086), np.float32)
    values = np.zeros(n, np.float32)
    print(f"MCTS({n} trees, 64 simulations), trivial network: simulations per second (wall), per CPU second")
    for algorithm in ("puct", "gumbel"):
        env = xiangqi.VecEnv(n, seed=1, obs_dtype="uint8")
        env.reset()
        mcts = xiangqi.MCTS.for_env(env, algorithm=algorithm, simulations=64, seed=1)

        def body(env: Any = env, mcts: Any = mcts) -> int:
            result = mcts.search(env, lambda obs, masks: (logits, values))
            env.step(result.actions)
            return n * 64

        sims, elapsed, cpu = timed(args.seconds, body)
        print(f"  xiangqi.MCTS {algorithm:7s}: {sims / elapsed:12,.0f} {sims / cpu:12,.0f}")
    try:
        sims, elapsed, cpu = timed(args.seconds, cchess_puct_search)
    except ImportError:
        print("cchess not installed: no comparison")
        return
    print(f"  Python PUCT over cchess: {sims / elapsed:12,.0f} {sims / cpu:12,.0f}")


def cchess_puct_search(simulations: int = 64) -> int:
    """One 64-simulation PUCT search from the start position in Python over cchess, with equal
    priors and value 0 (the trivial network); returns the simulations run."""
    import math

    from cchess import FULL_INIT_FEN, ChessBoard

    def legal(board: Any) -> List[Tuple[Any, Any]]:
        return [
            (f, t)
            for f, t in board.create_moves()
            if board.is_valid_move(f, t) and not board.is_checked_move(f, t)
        ]

    class Node:
        def __init__(self, prior: float) -> None:
            self.prior, self.visits, self.value = prior, 0, 0.0
            self.children: Dict[Tuple[Any, Any], "Node"] = {}

    root_board = ChessBoard(FULL_INIT_FEN)
    root = Node(1.0)
    for _ in range(simulations):
        board, node, path = root_board.copy(), root, [root]
        while node.children:
            total = math.sqrt(node.visits)
            move, node = max(
                node.children.items(),
                key=lambda kv: (-kv[1].value / kv[1].visits if kv[1].visits else 0.0)
                + 1.25 * kv[1].prior * total / (1 + kv[1].visits),
            )
            board.move(*move)
            board.next_turn()
            path.append(node)
        moves = legal(board)
        value = 0.0 if moves else -1.0
        for m in moves:
            node.children[m] = Node(1.0 / len(moves))
        for n in reversed(path):
            n.visits += 1
            n.value += value
            value = -value
    return simulations


def python_loops(args: argparse.Namespace) -> None:
    rng = random.Random(1)
    plies, elapsed, cpu = timed(args.seconds, lambda: xiangqi_game(rng, args.max_plies))
    ours = plies / elapsed
    print(f"python loop, xiangqi : {ours:12,.0f} plies/s  ({plies / cpu:,.0f} per CPU second; legal_moves + push + is_game_over)")
    others: List[Tuple[str, Callable[[random.Random, int], int], str]] = [
        ("cchess", cchess_game, "legal list + move"),
        ("pyffish", pyffish_game, "legal_moves + get_fen + is_immediate_game_end"),
    ]
    for name, game, what in others:
        rng = random.Random(1)

        def one_game(game: Callable[[random.Random, int], int] = game, rng: random.Random = rng) -> int:
            return game(rng, args.max_plies)

        try:
            plies, elapsed, cpu = timed(args.seconds, one_game)
        except ImportError:
            print(f"{name} not installed: no comparison")
            continue
        theirs = plies / elapsed
        print(f"python loop, {name:<8}: {theirs:12,.0f} plies/s  ({plies / cpu:,.0f} per CPU second; {what})")
        print(f"speedup              : {ours / theirs:12,.0f} x")


OUTPUTS: List[Tuple[str, Dict[str, Any]]] = [
    ("no observations, no masks", {"observations": False, "masks": False}),
    ("no observations, masks", {"observations": False}),
    ("uint8 observations + masks", {"obs_dtype": "uint8"}),
    ("float32 observations + masks", {}),
]


def vecenv_rates(args: argparse.Namespace) -> None:
    n = args.num_envs
    print(f"VecEnv({n}, rules={args.rules!r}) random play: steps per second (wall), per CPU second")
    for label, options in OUTPUTS:
        wall, cpu = vecenv_rate(args.seconds, n, rules=args.rules, **options)
        print(f"  {label:30s}: {wall:12,.0f} {cpu:12,.0f}")

    # What judging repetitions costs: chases are looked for only when a position repeats, so
    # axf should cost within a few percent of casual (docs/speed.md).
    print(f"VecEnv({n}) rules cost, no observations: steps per second (wall), per CPU second")
    rates: Dict[str, float] = {}
    for rules in ("casual", "axf"):
        wall, cpu = vecenv_rate(args.seconds, n, rules=rules, observations=False, masks=False)
        rates[rules] = cpu
        print(f"  {rules:30s}: {wall:12,.0f} {cpu:12,.0f}")
    print(f"  {'axf / casual per CPU second':30s}: {rates['axf'] / rates['casual']:12.2f}")

    print(f"VecEnv({n}, variant='janggi') random play: steps per second (wall), per CPU second")
    for label, options in OUTPUTS:
        wall, cpu = vecenv_rate(args.seconds, n, variant="janggi", **options)
        print(f"  {label:30s}: {wall:12,.0f} {cpu:12,.0f}")


if __name__ == "__main__":
    main()
