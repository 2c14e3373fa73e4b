"""Where the games of the Gymnasium and PettingZoo environments start: a FEN, xiangqi's start
position, or janggi's sixteen setups (the same choice as `VecEnv`'s, made by the extension)."""

from __future__ import annotations

import random
from typing import Any, List, Optional, Tuple, Union

from xiangqi import Board
from xiangqi._xiangqi import _start_fens

__all__ = ["Setup", "Starts"]

Setup = Union[None, str, Tuple[str, str]]
"""A janggi start: ``None`` or ``"random"`` (one of the sixteen setups at random) or a
``(cho, han)`` pair of arrangement names."""


class Starts:
    """Where the games of an environment start (checked once, when it is made)."""

    def __init__(self, variant: str, rules: Optional[str], fen: Optional[str], setup: Setup) -> None:
        probe = Board(variant=variant, rules=rules)  # raises for an unknown variant or rules
        self.variant = probe.variant
        self.rules = probe.rules
        self.janggi = self.variant != "xiangqi"
        # Raises for a setup with xiangqi or a fen, or an unknown arrangement.
        self.fens: List[str] = _start_fens(self.variant, fen, setup)

    def board(self, fen: Optional[str], rng: Any) -> Board:
        """A new game's board: at ``fen`` when given, else at a start drawn with ``rng`` (a
        ``random.Random`` or a numpy ``Generator``)."""
        if fen is None:
            if len(self.fens) == 1:
                fen = self.fens[0]
            elif isinstance(rng, random.Random):
                fen = rng.choice(self.fens)
            else:
                fen = self.fens[int(rng.integers(len(self.fens)))]
        return Board(fen, rules=self.rules, variant=self.variant)
