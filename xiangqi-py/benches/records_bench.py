"""Speed of reading record databases from Python: games/s of ``xiangqi.pgn.read_games`` over a
folder (the shared 3,000-file Big5 sample) and over one large synthetic PGN file.

    .venv/bin/python xiangqi-py/benches/records_bench.py [--sample DIR] [--games 50000] [--threads N]

``--threads`` sets RAYON_NUM_THREADS before the module loads (default: all cores).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import sys
import tempfile
import time
from pathlib import Path


def synthetic(path: Path, games: int, seed: int) -> int:
    """Writes ``games`` random games (Chinese moves, 40 to 120 plies) to one PGN file; returns
    the plies written."""
    import xiangqi
    import xiangqi.pgn

    rng = random.Random(seed)
    plies = 0
    with path.open("w", encoding="utf-8") as out:
        for i in range(games):
            board = xiangqi.Board()
            for _ in range(rng.randint(40, 120)):
                moves = list(board.legal_moves)
                if not moves:
                    break
                board.push(rng.choice(moves))
            plies += len(board.move_stack)
            game = xiangqi.pgn.Game.from_board(board, {"Event": f"synthetic {i}", "ECCO": "A00"})
            out.write(xiangqi.pgn.write(game, notation="chinese"))
    return plies


def measure(label: str, source: Path) -> None:
    import xiangqi.pgn

    start = time.perf_counter()
    cpu = resource.getrusage(resource.RUSAGE_SELF)
    games = 0
    plies = 0
    for game in xiangqi.pgn.read_games(source, skip_errors=True):
        games += 1
        plies += len(game.mainline_moves())
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_SELF)
    cpu_seconds = (after.ru_utime - cpu.ru_utime) + (after.ru_stime - cpu.ru_stime)
    rate = games / seconds
    print(
        f"{label}: {games} games, {plies} plies in {seconds:.2f} s wall, {cpu_seconds:.2f} s CPU (all threads): "
        f"{rate:,.0f} games/s; 58,000 games would take {58000 / rate:.1f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    root = Path(__file__).resolve().parents[2]
    default = next((p / "corpus/ccpd-sample" for p in (root.parent / "shared", root.parent.parent / "shared") if p.is_dir()), None)
    parser.add_argument("--sample", type=Path, default=default)
    parser.add_argument("--games", type=int, default=50_000)
    parser.add_argument("--threads", type=int, default=0)
    args = parser.parse_args()
    if args.threads:
        os.environ["RAYON_NUM_THREADS"] = str(args.threads)
    print(f"cores {os.cpu_count()}, threads {args.threads or 'all'}, python {sys.version.split()[0]}")
    if args.sample is not None and args.sample.is_dir():
        measure("sample folder", args.sample)
    path = Path(tempfile.gettempdir()) / f"xiangqi-synthetic-{args.games}.pgn"
    if not path.exists():
        start = time.perf_counter()
        plies = synthetic(path, args.games, seed=1)
        print(f"wrote {args.games} games ({plies} plies, {path.stat().st_size / 1e6:.1f} MB) in {time.perf_counter() - start:.1f} s")
    measure("synthetic file", path)


if __name__ == "__main__":
    main()
