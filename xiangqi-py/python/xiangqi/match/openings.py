"""Opening positions for a match: EPD/FEN lines, or the games of a PGN file (their moves are
played as book moves, so the engines see the history). The default set is the project's
balanced openings (``data/openings/balanced.epd``, which the engine carries compiled in):
positions a few plies from the start (``default_openings()``)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import List, Sequence, Union

from xiangqi._xiangqi import Board, Move, balanced_openings
from xiangqi.exceptions import XiangqiError
from xiangqi.pgn import read_files

__all__ = ["Opening", "load_openings", "default_openings", "order_openings"]


@dataclass(frozen=True)
class Opening:
    """A start position and the book moves played from it."""

    fen: str
    moves: Sequence[Move] = field(default_factory=tuple)
    name: str = ""

    def board(self, rules: str) -> Board:
        """The position after the book moves, under ``rules``, with the book on its stack."""
        board = Board(self.fen, rules)
        for move in self.moves:
            board.push(move)
        return board


def load_openings(path: Union[str, Path]) -> List[Opening]:
    """The openings of a record file, read by the Rust records reader as
    ``xiangqi.pgn.read_files`` reads it: the games of a PGN, XQF or DhtmlXQ file (their moves
    become book moves; a PGN's ``Opening`` or ``Event`` tag names them), else the positions of
    an EPD or FEN file, one a line (``#`` comments; an EPD line's operations are passed over).
    A record that cannot be read raises ``XiangqiError`` naming the file and why."""
    path = Path(path)
    suffix = path.suffix.lower()
    fmt = None if suffix in (".pgn", ".xqf", ".dhtml", ".dhtmlxq", ".xqdhtml") else "fen"
    try:
        files = read_files(path, format=fmt)
    except ValueError as e:
        raise XiangqiError(str(e)) from None
    openings: List[Opening] = []
    for file in files:
        if file.errors:
            raise XiangqiError(f"{file.path}: {file.errors[0]}")
        for game in file.games:
            name = game.headers.get("Opening") or game.headers.get("Event") or ""
            openings.append(Opening(game.fen, tuple(game.mainline_moves()), name))
    if not openings:
        raise XiangqiError(f"{path}: no openings")
    return openings


def default_openings() -> List[Opening]:
    """The balanced openings (4-8 plies deep, scored near level), as the engine carries them."""
    return [Opening(fen) for fen in balanced_openings()]


def order_openings(openings: Sequence[Opening], count: int, order: str, seed: int) -> List[Opening]:
    """``count`` openings in file order (``"sequential"``, wrapping around) or shuffled with
    ``seed`` (``"random"``: each opening once before any repeats)."""
    if order not in ("sequential", "random"):
        raise ValueError(f"opening order is sequential or random, not {order!r}")
    chosen: List[Opening] = []
    rng = random.Random(seed)
    while len(chosen) < count:
        batch = list(openings)
        if order == "random":
            rng.shuffle(batch)
        chosen.extend(batch)
    return chosen[:count]
