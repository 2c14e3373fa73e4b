"""Speed of reading record databases: ``xiangqi.pgn.read_games`` over a folder and over one large
PGN file, each beside ``xiangqi pgn stats`` (the command line, Rust only) on the same input.

    .venv/bin/python xiangqi-py/benches/records_bench.py [--folder DIR] [--games 50000] [--runs 3]

(``make records-bench RECORDS=DIR``.) The folder defaults to the shared 3,000-file CCPD sample;
give the whole CCPD (58,468 files, ``tar xzf ../shared/corpus/ccpd-full.tar.gz -C DIR``,
outside the repository) for the figure the speed goal names. The large file is written once
(``--games`` random games with Chinese moves) to the temporary folder and kept there.

Each line gives wall seconds and the CPU seconds of every thread: the machine this was written
on is shared with other work, so wall seconds there say more about the other work than about
the reading. ``read_games`` is timed twice: walking the games and reading a header (what a
database scan does), and also asking each game for its main line (every move made a ``Move``).
Every file is read once before the runs, so that all of them find the input in the system's
file cache: the figures are the reading's, not the disk's. ``--threads`` sets RAYON_NUM_THREADS
before the module loads (default: all cores).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, List, Tuple

ROOT = Path(__file__).resolve().parents[2]


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


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


# A measured body returns what it read and the CPU seconds of the processes it ran.
Body = Callable[[], Tuple[str, float]]


def timed(body: Body) -> Tuple[float, float, str]:
    start, cpu = time.perf_counter(), cpu_seconds()
    what, child_cpu = body()
    return time.perf_counter() - start, cpu_seconds() - cpu + child_cpu, what


def read_games(source: Path, moves: bool) -> Body:
    def body() -> Tuple[str, float]:
        import xiangqi.pgn

        games = plies = 0
        for game in xiangqi.pgn.read_games(source):
            games += 1
            game.headers.get("Red")
            if moves:
                plies += len(game.mainline_moves())
        return f"{games} games" + (f", {plies} plies" if moves else ""), 0.0

    return body


def stats_command(xiangqi: Path, source: Path) -> Body:
    def body() -> Tuple[str, float]:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        out = subprocess.run([str(xiangqi), "pgn", "stats", str(source)], capture_output=True, text=True, check=True).stdout
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        child_cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        games = next((line.split()[1] for line in out.splitlines() if line.startswith("games ")), "?")
        return f"{games} games", child_cpu

    return body


def warm(source: Path) -> Tuple[int, float]:
    """Reads every file of ``source`` once, untimed, so that the runs find them in the system's
    file cache (a cold read of the 58,468 CCPD files waits seconds on the disk, whatever reads
    them); returns the bytes and the seconds it took."""
    start = time.perf_counter()
    files = [source] if source.is_file() else sorted(p for p in source.rglob("*") if p.is_file())
    size = sum(len(p.read_bytes()) for p in files)
    return size, time.perf_counter() - start


def report(label: str, runs: int, body: Body) -> None:
    walls: List[float] = []
    cpus: List[float] = []
    what = ""
    for _ in range(runs):
        wall, cpu, what = timed(body)
        walls.append(wall)
        cpus.append(cpu)
    wall_text = ", ".join(f"{w:.2f}" for w in walls)
    cpu_text = ", ".join(f"{c:.2f}" for c in cpus)
    print(f"  {label:34s} {what:28s} wall {wall_text} s; CPU {cpu_text} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = next((p / "corpus/ccpd-sample" for p in (ROOT.parent / "shared", ROOT.parent.parent / "shared") if p.is_dir()), None)
    parser.add_argument("--folder", "--sample", type=Path, default=default, help="a folder of record files")
    parser.add_argument("--games", type=int, default=50_000, help="games in the large PGN file")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--threads", type=int, default=0)
    parser.add_argument("--xiangqi", type=Path, default=ROOT / "target/release/xiangqi", help="the command line")
    args = parser.parse_args()
    if args.threads:
        os.environ["RAYON_NUM_THREADS"] = str(args.threads)
    print(f"cores {os.cpu_count()}, threads {args.threads or 'all'}, python {sys.version.split()[0]}, {args.runs} runs")
    path = Path(tempfile.gettempdir()) / f"xiangqi-synthetic-{args.games}.pgn"
    if not path.exists():
        start = time.perf_counter()
        plies = synthetic(path, args.games, seed=1)
        print(f"wrote {path}: {args.games} games ({plies} plies, {path.stat().st_size / 1e6:.1f} MB) in {time.perf_counter() - start:.1f} s")
    sources = [(f"folder {args.folder}", args.folder)] if args.folder is not None and args.folder.is_dir() else []
    sources.append((f"file {path}", path))
    for label, source in sources:
        size, seconds = warm(source)
        print(f"{label} ({size / 1e6:.1f} MB, read once before timing in {seconds:.2f} s)")
        report("read_games, a header each", args.runs, read_games(source, moves=False))
        report("read_games and main lines", args.runs, read_games(source, moves=True))
        if args.xiangqi.exists():
            report("xiangqi pgn stats", args.runs, stats_command(args.xiangqi, source))


if __name__ == "__main__":
    main()
