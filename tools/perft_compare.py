#!/usr/bin/env python3
"""Perft speed of `xiangqi perft` beside Pikafish's `go perft`, one thread each, in one run.

    tools/perft_compare.py --pikafish /path/to/pikafish [--xiangqi target/release/xiangqi] [--runs 3]

(`make perft-compare PIKAFISH=/path/to/pikafish`.) Pikafish is not built here: build it from its
public source, outside this repository (its perft needs no evaluation file, though recent
versions refuse every `go` without one). Two figures: depth 5 from the start position, and
the whole suite (data/perft/suite.epd) at depth 4. Each program's time is the CPU time (user +
system) of its process, waited for one at a time, less the CPU time of the same process asked
for depth 1 (its start-up: Pikafish spends about a third of a second starting, on allocating
its hash table and threads); on a machine shared with other work CPU seconds vary far less
than wall seconds. The node counts of the two programs must agree. Runs alternate between
the programs; each figure is the median of `--runs` runs, every run printed.
"""

from __future__ import annotations

import argparse
import re
import resource
import statistics
import subprocess
import sys
from pathlib import Path
from typing import List, Tuple

ROOT = Path(__file__).resolve().parents[1]
START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def cpu_of(command: List[str], stdin: str = "") -> Tuple[float, str]:
    """Runs `command` to its end; returns the CPU seconds it took and its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, input=stdin, capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, done.stdout


def ours(xiangqi: str, fens: List[str], depth: int) -> Tuple[float, int]:
    """CPU seconds and nodes of `xiangqi perft` over `fens` (one process a position)."""
    cpu, nodes = 0.0, 0
    for fen in fens:
        seconds, out = cpu_of([xiangqi, "perft", "--fen", fen, "--depth", str(depth)])
        start_up, _ = cpu_of([xiangqi, "perft", "--fen", fen, "--depth", "1"])
        cpu += max(seconds - start_up, 0.0)
        nodes += int(re.search(r"nodes (\d+)", out).group(1))  # type: ignore[union-attr]
    return cpu, nodes


def pikafish(binary: str, fens: List[str], depth: int) -> Tuple[float, int]:
    """CPU seconds and nodes of Pikafish's `go perft` over `fens` (one process for all)."""
    script = "".join(f"position fen {fen}\ngo perft {depth}\n" for fen in fens) + "quit\n"
    seconds, out = cpu_of([binary], script)
    start_up, _ = cpu_of([binary], f"position fen {fens[0]}\ngo perft 1\nquit\n")
    nodes = sum(int(n) for n in re.findall(r"Nodes searched: (\d+)", out))
    return max(seconds - start_up, 0.0), nodes


def suite_fens() -> List[str]:
    lines = (ROOT / "data/perft/suite.epd").read_text().splitlines()
    return [line.split(";")[0].strip() for line in lines if line.strip() and not line.startswith("#")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pikafish", required=True, help="a Pikafish binary")
    parser.add_argument("--xiangqi", default=str(ROOT / "target/release/xiangqi"))
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    for label, fens, depth in (("start position, depth 5", [START], 5), ("suite, depth 4", suite_fens(), 4)):
        ours_cpu: List[float] = []
        theirs_cpu: List[float] = []
        for _ in range(args.runs):
            cpu, nodes = ours(args.xiangqi, fens, depth)
            ours_cpu.append(cpu)
            their_cpu, their_nodes = pikafish(args.pikafish, fens, depth)
            theirs_cpu.append(their_cpu)
            if nodes != their_nodes:
                sys.exit(f"{label}: xiangqi counts {nodes} nodes, Pikafish {their_nodes}")
        a, b = statistics.median(ours_cpu), statistics.median(theirs_cpu)
        runs = lambda xs: ", ".join(f"{x:.3f}" for x in xs)  # noqa: E731
        print(f"{label} ({len(fens)} position{'s' * (len(fens) > 1)}, {nodes:,} nodes), CPU seconds less start-up:")
        print(f"  xiangqi  {a:7.3f}  ({runs(ours_cpu)})  {nodes / a / 1e6:6.1f} M nodes/s")
        print(f"  pikafish {b:7.3f}  ({runs(theirs_cpu)})  {nodes / b / 1e6:6.1f} M nodes/s")
        print(f"  xiangqi is {b / a:.2f}x Pikafish's speed")


if __name__ == "__main__":
    main()
