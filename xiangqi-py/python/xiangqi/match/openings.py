"""Opening positions for a match: EPD/FEN lines, or the games of a PGN file (their moves are
played as book moves, so the engines see the history). The package ships a default set:
balanced positions a few plies from the start (``default_openings()``)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import List, Optional, Sequence, Union

from xiangqi._xiangqi import Board, Move
from xiangqi.exceptions import XiangqiError
from xiangqi.pgn import read_games

__all__ = ["Opening", "load_openings", "default_openings", "DEFAULT_OPENINGS", "order_openings"]

DEFAULT_OPENINGS = Path(__file__).resolve().parent / "data" / "balanced.epd"
"""The balanced openings shipped with the package (4-8 plies deep, scored near level)."""


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


def _epd_line(line: str) -> Optional[str]:
    """The FEN of an EPD or FEN line: the board and side, with counters when they are there."""
    words = line.split()
    if not words:
        return None
    for candidate in (" ".join(words[:6]), " ".join(words[:4]) + " 0 1", " ".join(words[:2]) + " - - 0 1"):
        try:
            return Board(candidate).fen()
        except ValueError:
            continue
    raise XiangqiError(f"not a FEN or EPD position: {line.strip()!r}")


def load_openings(path: Union[str, Path]) -> List[Opening]:
    """The openings of an EPD/FEN file (one position a line, ``#`` comments) or, for a name
    ending in ``.pgn``, of a PGN file."""
    path = Path(path)
    text = path.read_text(encoding="utf-8")
    openings: List[Opening] = []
    if path.suffix.lower() == ".pgn":
        for game in read_games(text):
            name = game.headers.get("Opening") or game.headers.get("Event") or ""
            openings.append(Opening(game.fen, tuple(game.mainline_moves()), name))
    else:
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            try:
                fen = _epd_line(line)
            except XiangqiError as e:
                raise XiangqiError(f"{path}:{number}: {e}") from None
            if fen is not None:
                openings.append(Opening(fen))
    if not openings:
        raise XiangqiError(f"{path}: no openings")
    return openings


def default_openings() -> List[Opening]:
    """The package's balanced openings."""
    return load_openings(DEFAULT_OPENINGS)


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
