"""The ``Outcome`` dataclass, made when first used: ``xiangqi.outcome`` and ``xiangqi`` hand it
out through their module ``__getattr__`` (PEP 562), so ``import xiangqi`` does not pay for
``dataclasses``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, Optional

from xiangqi.outcome import Termination

__all__ = ["Outcome"]


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``termination``, ``winner`` (``RED``, ``BLACK``, or ``None`` for a draw),
    ``reason`` (the ruling in words: the rule, the side, for repetitions the chased piece, its
    point and the cycle) and ``ruling`` (a repetition ruling as data: ``rule``, ``violations``
    and ``chased`` per side, ``loser``, ``first_ply``, ``last_ply``; ``None`` otherwise) and
    ``counted`` (``True`` when janggi counting decided the result). Outcomes compare by
    termination and winner."""

    termination: Termination
    winner: Optional[bool]
    reason: str = field(default="", compare=False)
    ruling: Optional[Dict[str, Any]] = field(default=None, compare=False, repr=False)
    counted: bool = field(default=False, compare=False)

    def result(self) -> str:
        """``"1-0"``, ``"0-1"`` or ``"1/2-1/2"``."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner else "0-1"

    def is_draw(self) -> bool:
        """``True`` for a draw."""
        return self.winner is None


# Its public home: repr, pickling and documentation name ``xiangqi.outcome.Outcome``.
Outcome.__module__ = "xiangqi.outcome"
