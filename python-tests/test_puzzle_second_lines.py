"""tools/puzzle_second_lines.py (an engine's two best lines at each puzzle position) and the
Fairy-Stockfish lines it wrote into data/puzzles/puzzles-fsf.tsv."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Dict, List

import pytest

import xiangqi
from xiangqi import puzzles

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "puzzle_second_lines.py"
BINARY = ROOT / "target" / "release" / "xiangqi"
FSF_LINES = ROOT / "data" / "puzzles" / "puzzles-fsf.tsv"


def read_lines(path: Path) -> List[Dict[str, str]]:
    rows = [line for line in path.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    header = rows[0].split("\t")
    return [dict(zip(header, row.split("\t"))) for row in rows[1:]]


def position(p: puzzles.Puzzle, step: int) -> xiangqi.Board:
    return p.board(step - 1)


def test_the_recorded_lines_are_legal_moves_of_the_puzzles() -> None:
    # Fairy-Stockfish writes ranks 1..10; the file holds ICCS, and each move must be legal
    # where it was searched (a slip in the rank conversion would make most of them illegal).
    by_id = {p.id: p for p in puzzles.load()}
    rows = read_lines(FSF_LINES)
    assert len(rows) >= len(by_id)
    checked = 0
    for row in rows:
        p = by_id.get(row["id"])
        if p is None:  # a puzzle screened out of the shipped set
            continue
        step = int(row["step"])
        board = position(p, step)
        assert row["puzzle_move"] == p.moves[2 * (step - 1)], row
        for column in ("best", "second"):
            if row[column] != "-":
                assert board.is_legal(board.parse_uci(row[column])), (row, column)
        checked += 1
    assert checked >= len(by_id)


def test_the_tool_records_an_engines_lines_and_resumes(tmp_path: Path) -> None:
    if not BINARY.exists():
        pytest.fail(f"{BINARY} is missing: build it with `make build` (make python-test does)")
    mates = [p for p in puzzles.load() if p.mate_in == 2][:2]
    source = tmp_path / "two.tsv"
    source.write_text(
        "id\tfen\tmoves\tthemes\tlevel\tdaily\tsource\n"
        + "".join(
            f"{p.id}\t{p.fen}\t{' '.join(p.moves)}\t{' '.join(p.themes)}\t{p.level}\t{int(p.daily)}\t{p.source}\n"
            for p in mates
        ),
        encoding="utf-8",
    )
    out = tmp_path / "lines.tsv"
    command = [sys.executable, str(TOOL), "--engine", f"{BINARY} uci", "--rank-base", "0"]
    command += ["--movetime", "200", "--line", "--out", str(out), str(source)]
    subprocess.run(command, check=True, capture_output=True, timeout=120)
    text = out.read_text(encoding="utf-8")
    assert "# engine: xiangqi " in text and "MultiPV 2" in text and "go movetime 200" in text
    rows = read_lines(out)
    assert [(r["id"], r["step"]) for r in rows] == [(p.id, s) for p in mates for s in ("1", "2")]
    for p, (first, last) in zip(mates, zip(rows[::2], rows[1::2])):
        assert first["best_score"] == "#2", first
        # The last solver move mates: the engine's best move there must mate on the board.
        assert last["best_score"] == "#1", last
        board = position(p, 2)
        board.push_uci(last["best"])
        assert board.is_checkmate() or board.is_stalemate(), last
    # Run again: every position is done, nothing is searched or appended.
    subprocess.run(command, check=True, capture_output=True, timeout=120)
    assert out.read_text(encoding="utf-8") == text
