"""Records a UCI engine's two best lines for each puzzle: data/puzzles/puzzles-fsf.tsv.

    python3 tools/puzzle_second_lines.py --engine /path/to/fairy-stockfish \
        --out data/puzzles/puzzles-fsf.tsv data/puzzles/puzzles.tsv [more.tsv ...]

Any UCI engine will do: the tool sends `UCI_Variant` (when the engine offers it), `MultiPV 2`,
`Threads`, `Hash`, then `position fen ...` and `go movetime N` for the start position of each
puzzle (with `--line`, also for the position before each later solver move of its solution) and
writes, per position, the engine's best move and score and its second move and score. Only the
standard library is used; the engine runs as a separate process. Output is appended, one row
a position as soon as it is searched, and ids already in the output are skipped, so an
interrupted run goes on where it stopped. The judgement of these rows (which puzzles are
unambiguous) lives in the xiangqi-puzzles crate (`second_line`), not here.

Moves are written in ICCS (ranks 0..9) whatever the engine writes: Fairy-Stockfish writes
xiangqi ranks 1..10 (`--rank-base 1`, the default); an engine speaking ICCS takes `--rank-base 0` (our own: `--engine "target/release/xiangqi uci"
--rank-base 0`).
Scores are from the solver's side: centipawns as an integer, a mate as `#N` (the solver mates
in N moves) or `#-N`, and `-` where there is no second legal move.
"""

from __future__ import annotations

import argparse
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

COLUMNS = ["id", "step", "puzzle_move", "best", "best_score", "second", "second_score", "depth"]
MOVE = re.compile(r"^([a-i])(\d{1,2})([a-i])(\d{1,2})$")


class Engine:
    """One UCI engine process, driven line by line."""

    def __init__(self, command: str, variant: str, threads: int, hash_mb: int) -> None:
        self.process = subprocess.Popen(
            shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.name = command
        options = set()
        self.send("uci")
        for line in self.lines_until("uciok"):
            if line.startswith("id name "):
                self.name = line[len("id name ") :].strip()
            elif line.startswith("option name "):
                options.add(line.split()[2])
        self.settings = []
        if "UCI_Variant" in options:
            self.send(f"setoption name UCI_Variant value {variant}")
            self.settings.append(f"UCI_Variant {variant}")
        self.send("setoption name MultiPV value 2")
        self.send(f"setoption name Threads value {threads}")
        self.send(f"setoption name Hash value {hash_mb}")
        self.settings += ["MultiPV 2", f"Threads {threads}", f"Hash {hash_mb}"]
        self.send("isready")
        list(self.lines_until("readyok"))

    def send(self, command: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()

    def lines_until(self, prefix: str):
        assert self.process.stdout is not None
        for line in self.process.stdout:
            yield line.rstrip("\n")
            if line.startswith(prefix):
                return
        raise RuntimeError(f"engine ended before {prefix!r}")

    def two_lines(self, fen: str, moves: list[str], movetime_ms: int, rank_base: int):
        """Returns {multipv: (move, score, depth)} from the last info line of each PV."""
        self.send("ucinewgame")
        self.send("isready")
        list(self.lines_until("readyok"))
        played = " ".join(to_engine(m, rank_base) for m in moves)
        self.send(f"position fen {fen}" + (f" moves {played}" if played else ""))
        self.send(f"go movetime {movetime_ms}")
        lines: dict[int, tuple[str, str, int]] = {}
        for line in self.lines_until("bestmove"):
            words = line.split()
            if not words or words[0] != "info" or "pv" not in words or "score" not in words:
                continue
            if "lowerbound" in words or "upperbound" in words:
                continue
            multipv = int(words[words.index("multipv") + 1]) if "multipv" in words else 1
            kind, value = words[words.index("score") + 1 : words.index("score") + 3]
            score = f"#{value}" if kind == "mate" else value
            move = from_engine(words[words.index("pv") + 1], rank_base)
            lines[multipv] = (move, score, int(words[words.index("depth") + 1]))
        return lines

    def close(self) -> None:
        self.send("quit")
        self.process.wait(timeout=10)


def to_engine(move: str, rank_base: int) -> str:
    m = MOVE.match(move)
    if not m:
        raise ValueError(f"not an ICCS move: {move!r}")
    return f"{m[1]}{int(m[2]) + rank_base}{m[3]}{int(m[4]) + rank_base}"


def from_engine(move: str, rank_base: int) -> str:
    m = MOVE.match(move)
    if not m:
        raise ValueError(f"not a move: {move!r}")
    return f"{m[1]}{int(m[2]) - rank_base}{m[3]}{int(m[4]) - rank_base}"


def read_puzzles(path: Path):
    header = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if header is None and (line.startswith("#") or not line.strip()):
            continue
        fields = line.split("\t")
        if header is None:
            header = fields
            continue
        row = dict(zip(header, fields))
        yield row["id"], row["fen"], row["moves"].split()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzles", nargs="+", type=Path)
    parser.add_argument("--engine", required=True, help="the engine's command line")
    parser.add_argument("--out", required=True, type=Path)
    parser.add_argument("--movetime", type=int, default=1500, help="milliseconds a position")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--hash", type=int, default=64, help="MiB")
    parser.add_argument("--variant", default="xiangqi")
    parser.add_argument("--rank-base", type=int, default=1, choices=[0, 1])
    parser.add_argument("--line", action="store_true", help="also every later solver move")
    args = parser.parse_args()

    done = set()
    if args.out.exists():
        for line in args.out.read_text(encoding="utf-8").splitlines():
            if line and not line.startswith("#") and not line.startswith("id\t"):
                fields = line.split("\t")
                done.add((fields[0], int(fields[1])))
    engine = Engine(args.engine, args.variant, args.threads, args.hash)
    settings = ", ".join(engine.settings + [f"go movetime {args.movetime}"])
    with args.out.open("a", encoding="utf-8") as out:
        if not done:
            out.write(
                "# A UCI engine's two best lines at each puzzle position, from the solver's side.\n"
                f"# engine: {engine.name}; {settings}; written by tools/puzzle_second_lines.py.\n"
                "# step: 1 for the puzzle's start position, k for the position before the k-th solver move.\n"
                "# Moves in ICCS; scores in the engine's centipawns, #N a mate in N by the solver, #-N against, - no second legal move.\n"
                "# The rule these rows are judged by: data/puzzles/README.md and xiangqi_puzzles::second_line.\n"
                + "\t".join(COLUMNS)
                + "\n"
            )
        started, searched = time.monotonic(), 0
        for path in args.puzzles:
            for pid, fen, moves in read_puzzles(path):
                steps = range(0, len(moves), 2) if args.line else [0]
                for ply in steps:
                    step = ply // 2 + 1
                    if (pid, step) in done:
                        continue
                    lines = engine.two_lines(fen, moves[:ply], args.movetime, args.rank_base)
                    best = lines.get(1, ("-", "-", 0))
                    second = lines.get(2, ("-", "-", 0))
                    row = [pid, str(step), moves[ply], best[0], best[1], second[0], second[1], str(best[2])]
                    out.write("\t".join(row) + "\n")
                    out.flush()
                    done.add((pid, step))
                    searched += 1
                    if searched % 25 == 0:
                        rate = (time.monotonic() - started) / searched
                        print(f"{searched} positions, {rate:.2f} s each", file=sys.stderr, flush=True)
    engine.close()
    print(f"{searched} positions searched", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
