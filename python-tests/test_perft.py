"""The shared perft suite through Python (the GIL is released while counting)."""

from __future__ import annotations

import threading
from typing import List, Tuple

import pytest

from conftest import DATA
import xiangqi

# Deep counts take seconds; the Rust suite checks those. Here every position to this many nodes.
MAX_NODES = 4_000_000


def suite() -> List[Tuple[str, int, int]]:
    cases = []
    for line in (DATA / "perft" / "suite.epd").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        fen, *depths = line.split(";")
        for field in depths:
            depth, nodes = field.strip().split()
            if int(nodes) <= MAX_NODES:
                cases.append((fen.strip(), int(depth[1:]), int(nodes)))
    return cases


@pytest.mark.parametrize("fen,depth,nodes", suite())
def test_perft_suite(fen: str, depth: int, nodes: int) -> None:
    assert xiangqi.Board(fen).perft(depth) == nodes


def test_perft_divide_sums_to_perft() -> None:
    board = xiangqi.Board()
    divide = board.perft_divide(3)
    assert len(divide) == 44
    assert sum(n for _, n in divide) == 79_666
    assert {m for m, _ in divide} == set(board.legal_moves)


def test_perft_runs_in_threads() -> None:
    # Two counts side by side: correct results show the GIL release did not corrupt anything.
    results = {}

    def count(key: str, fen: str, depth: int) -> None:
        results[key] = xiangqi.Board(fen).perft(depth)

    threads = [
        threading.Thread(target=count, args=("a", xiangqi.STARTING_FEN, 4)),
        threading.Thread(target=count, args=("b", xiangqi.STARTING_FEN, 3)),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == {"a": 3_290_240, "b": 79_666}
