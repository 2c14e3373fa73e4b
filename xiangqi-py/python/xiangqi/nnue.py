"""Training data for the learned evaluation, played in local processes or on a Ray cluster.

    python -m xiangqi.nnue gen --games 100000 --nodes 1500 --out selfplay.bin
    python -m xiangqi.nnue gen --games 10000000 --nodes 1500 --out selfplay.bin --ray auto

The same games, file and options as ``xiangqi nnue gen`` (which runs this module when it is
given ``--ray``): game ``n`` depends only on the settings and ``n``, so a run that stopped goes
on where it left off, a larger ``--games`` appends, and a game Ray plays again after a lost
worker is the same game. Train on the file with ``xiangqi nnue train`` (see ``docs/nnue.md``).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import asdict, dataclass
from typing import Dict, Iterator, List, Optional, Sequence, Tuple

from xiangqi import _jobs
from xiangqi._xiangqi import NnueDataFile, nnue_play_game
from xiangqi.exceptions import XiangqiError

__all__ = ["GenSettings", "play_game", "gen", "main", "NnueDataFile"]


@dataclass(frozen=True)
class GenSettings:
    """How each game is played (the defaults are ``xiangqi nnue gen``'s)."""

    nodes: int = 6000
    seed: int = 1
    min_random_plies: int = 2
    max_random_plies: int = 6
    rules: str = "axf"
    evaluation: Optional[str] = None
    eval_file: Optional[str] = None
    hash_mb: int = 16
    variant: str = "xiangqi"


def play_game(settings: Dict[str, object], index: int) -> bytes:
    """Plays game ``index`` and returns its record (a job for a worker process or Ray task)."""
    return nnue_play_game(index, **settings)  # type: ignore[arg-type]


def gen(
    out: "str | os.PathLike[str]",
    games: int,
    settings: GenSettings = GenSettings(),
    *,
    use_ray: bool = False,
    ray_address: Optional[str] = None,
    workers: Optional[int] = None,
    progress_seconds: float = 10.0,
) -> NnueDataFile:
    """Plays the games numbered ``0..games`` that ``out`` lacks and appends each as it ends.
    Returns the data file."""
    if games < 0:
        raise XiangqiError("games must not be negative")
    data = NnueDataFile(os.fspath(out))
    todo: Iterator[Tuple[int, Tuple[Dict[str, object], int]]] = (
        (i, (asdict(settings), i)) for i in range(games) if i not in data
    )
    started = time.monotonic()
    last = [started]
    written = [0]

    def on_result(index: int, record: bytes) -> None:
        data.append(record)
        written[0] += 1
        now = time.monotonic()
        if now - last[0] >= progress_seconds:
            last[0] = now
            rate = written[0] / max(now - started, 1e-9)
            print(f"games {data.games}/{games} positions {data.positions} ({rate:.1f} games/s)", file=sys.stderr)

    _jobs.run_jobs(play_game, todo, on_result, ray_address=ray_address, use_ray=use_ray, workers=workers)
    return data


def _random_plies(text: str) -> Tuple[int, int]:
    low, _, high = text.partition("-")
    try:
        return int(low), int(high or low)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected MIN-MAX, not {text!r}") from None


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m xiangqi.nnue", description="Training data for the learned evaluation.")
    commands = parser.add_subparsers(dest="command", required=True)
    g = commands.add_parser("gen", help="self-play games with the search's score of every position")
    g.add_argument("--out", required=True, help="the data file (created, or appended to)")
    g.add_argument("--games", type=int, default=10_000)
    g.add_argument("--nodes", type=int, default=6000)
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--random-plies", type=_random_plies, default=(2, 6), metavar="MIN-MAX")
    g.add_argument("--rules", default="axf")
    g.add_argument("--eval", dest="evaluation", choices=["nnue", "classical"], help="default: the engine's")
    g.add_argument("--eval-file")
    g.add_argument("--hash", type=int, default=16, help="MiB of hash a game")
    g.add_argument("--variant", default="xiangqi", help="xiangqi, or a janggi rule set (its sixteen setups)")
    _jobs.add_arguments(g, "play the games")
    args = parser.parse_args(argv)
    low, high = args.random_plies
    settings = GenSettings(
        nodes=args.nodes,
        seed=args.seed,
        min_random_plies=low,
        max_random_plies=high,
        rules=args.rules,
        evaluation="nnue" if args.eval_file else args.evaluation,
        eval_file=args.eval_file,
        hash_mb=args.hash,
        variant=args.variant,
    )
    try:
        data = gen(args.out, args.games, settings, use_ray=args.ray is not None, ray_address=args.ray or None, workers=args.workers)
    except XiangqiError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    print(f"{args.out}: {data.games} games, {data.positions} positions", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
