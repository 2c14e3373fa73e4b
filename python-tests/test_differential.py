"""Differential test against an independent move generator: Fairy-Stockfish's Python binding.

Random games from the start position, the balanced openings and the perft-suite positions are
played on our Board; at the compared plies both libraries must list the same legal moves, agree
on check, and on the FEN after a move. pyffish writes ranks 1..10, so its moves
are read with ``rank_base=1``. Each pyffish call costs ~3 ms, so the early plies of each game are
played without asking it and the comparison covers a window of plies deeper in: the games still
reach thin endgames, where flying-general and stalemate cases live.
"""

from __future__ import annotations

import os
import random
from typing import List

import pytest

import xiangqi
from conftest import DATA

sf = pytest.importorskip(
    "pyffish", reason="pyffish (Fairy-Stockfish's Python binding) is not installed: no reference to compare with"
)

GAMES = int(os.environ.get("XIANGQI_DIFF_GAMES", "200"))
WINDOW = int(os.environ.get("XIANGQI_DIFF_WINDOW", "12"))


def starts() -> List[str]:
    fens = [xiangqi.STARTING_FEN]
    for line in (DATA / "openings" / "balanced.epd").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            fens.append(line.strip())
    for line in (DATA / "perft" / "suite.epd").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            fens.append(line.split(";")[0].strip())
    return fens


def reference_moves(fen: str) -> set:
    return {xiangqi.Move.from_uci(m, rank_base=1) for m in sf.legal_moves("xiangqi", fen, [])}


def test_same_legal_moves_as_fairy_stockfish() -> None:
    rng = random.Random(20240601)
    fens = starts()
    compared = 0
    ended = 0
    for game in range(GAMES):
        board = xiangqi.Board(rng.choice(fens))
        skip = rng.randrange(0, 240)
        for ply in range(skip + WINDOW):
            ours = set(board.legal_moves)
            if ply >= skip:
                fen = board.fen()
                assert ours == reference_moves(fen), f"game {game}, ply {ply}: {fen}"
                if ply % 2 == 0:
                    assert board.is_check() == sf.gives_check("xiangqi", fen, []), fen
                compared += 1
            if not ours:
                ended += 1
                break
            move = rng.choice(sorted(ours))
            if ply >= skip and ply % 4 == 0:
                expected = sf.get_fen("xiangqi", board.fen(), [move.uci(rank_base=1)])
                board.push(move)
                # pyffish counts the move number and halfmove clock as we do.
                assert board.fen() == expected, f"after {move} in {fen}"
            else:
                board.push(move)
            if board.halfmove_clock >= 200:
                break
    assert compared >= GAMES * WINDOW // 2
    if GAMES >= 100:
        # Random games do end: positions without a legal move were compared too.
        assert ended > 0


def test_endings_agree_with_fairy_stockfish() -> None:
    # No legal move: pyffish scores the position as lost for the side to move, as we rule.
    for fen in ["4k4/9/9/9/4R4/9/9/9/9/3K1R3 b - - 0 1", "4k4/R8/9/9/9/9/9/9/9/3K1R3 b - - 0 1"]:
        board = xiangqi.Board(fen)
        assert not board.legal_moves and not reference_moves(fen)
        assert sf.game_result("xiangqi", fen, []) < 0
        assert board.is_checkmate() or board.is_stalemate()
