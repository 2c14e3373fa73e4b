"""Shared fixtures: the repository's test data and a seeded random-game generator."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Iterator, List

import pytest

import xiangqi

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"


def read_tsv(name: str) -> List[dict]:
    """Rows of a tab-separated file in data/, header first, '#' lines skipped."""
    lines = [
        line.rstrip("\n")
        for line in (DATA / name).read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    header = lines[0].split("\t")
    return [dict(zip(header, line.split("\t"))) for line in lines[1:]]


def random_games(count: int, max_plies: int, seed: int) -> Iterator[List[xiangqi.Board]]:
    """Random legal games from the start position, as the list of boards after each ply."""
    rng = random.Random(seed)
    for _ in range(count):
        board = xiangqi.Board()
        boards = [board.copy()]
        for _ in range(max_plies):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            boards.append(board.copy())
        yield boards


@pytest.fixture
def data_dir() -> Path:
    return DATA
