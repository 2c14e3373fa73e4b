"""Where the games of the Gymnasium and PettingZoo environments start: a FEN, xiangqi's start
position, or janggi's sixteen setups."""

from __future__ import annotations

import random
from typing import Any, List, Optional, Tuple, Union

import xiangqi
from xiangqi import Board

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
        self.fen = fen
        if setup is not None and not self.janggi:
            raise xiangqi.XiangqiError("setup is for janggi (variant='janggi', ...): xiangqi has one start position")
        if setup is not None and fen is not None:
            raise xiangqi.XiangqiError("give fen or setup, not both: a fen replaces the janggi setups")
        self.pairs: List[Tuple[str, str]] = []
        if self.janggi and fen is None:
            if setup is None or setup == "random":
                names = xiangqi.JANGGI_ARRANGEMENTS
                self.pairs = [(cho, han) for cho in names for han in names]
            elif isinstance(setup, (tuple, list)) and len(setup) == 2 and all(isinstance(n, str) for n in setup):
                self.pairs = [(setup[0], setup[1])]
            else:
                raise xiangqi.XiangqiError(
                    f"setup must be 'random' or a (cho, han) pair of arrangement names, not {setup!r}"
                )
            for cho, han in self.pairs:
                Board.janggi(cho, han, variant=self.variant)  # raises for an unknown arrangement

    def board(self, fen: Optional[str], rng: Any) -> Board:
        """A new game's board: at ``fen`` when given, else at a start drawn with ``rng`` (a
        ``random.Random`` or a numpy ``Generator``)."""
        fen = fen if fen is not None else self.fen
        if fen is not None or not self.janggi:
            return Board(fen if fen is not None else xiangqi.STARTING_FEN, rules=self.rules, variant=self.variant)
        if len(self.pairs) == 1:
            cho, han = self.pairs[0]
        elif isinstance(rng, random.Random):
            cho, han = rng.choice(self.pairs)
        else:
            cho, han = self.pairs[int(rng.integers(len(self.pairs)))]
        return Board.janggi(cho, han, rules=self.rules, variant=self.variant)
