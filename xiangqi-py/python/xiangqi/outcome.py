"""How a game ended: ``Termination`` (why) and ``Outcome`` (why, who won, the ruling in words).

``Board.outcome()`` returns an ``Outcome``; ``VecEnv`` reports ``Termination`` values as
integers (``0`` while a game goes on), which ``Termination(code)`` maps back::

    >>> import xiangqi
    >>> xiangqi.Termination(3)
    <Termination.PERPETUAL_CHECK: 3>
    >>> [t.name for t in xiangqi.Termination][:2]
    ['CHECKMATE', 'STALEMATE']
"""

import enum
import typing
from dataclasses import dataclass, field

from xiangqi._xiangqi import termination_description

__all__ = ["Termination", "Outcome"]


class Termination(enum.IntEnum):
    """Why a game ended. The values are stable: they are also ``VecEnv``'s ``termination``
    codes."""

    CHECKMATE = 1
    """The side to move is in check with no legal move: it loses."""
    STALEMATE = 2
    """The side to move has no legal move and is not in check: in xiangqi it loses too."""
    PERPETUAL_CHECK = 3
    """Threefold repetition where one side checked with every move: that side loses."""
    PERPETUAL_CHASE = 4
    """Threefold repetition where one side chased one piece with every move (axf): it loses."""
    REPETITION = 5
    """Threefold repetition with no penalty: a draw."""
    MOVE_LIMIT = 6
    """The no-capture limit: a draw."""
    INSUFFICIENT_MATERIAL = 7
    """Neither side can mate: a draw."""
    RESIGNATION = 8
    """A player resigned."""
    AGREEMENT = 9
    """The players agreed a draw."""
    TIME = 10
    """A player ran out of time."""
    BIKJANG = 11
    """Janggi: the generals faced each other on two plies in a row; counting decides, or a draw."""
    DOUBLE_PASS = 12
    """Janggi: both sides passed in a row; counting decides, or a draw."""

    def description(self) -> str:
        """In words, e.g. ``"perpetual check"``."""
        return str(termination_description(self.value))

    def __str__(self) -> str:
        return f"Termination.{self.name}"


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``termination``, ``winner`` (``RED``, ``BLACK``, or ``None`` for a draw),
    ``reason`` (the ruling in words: the rule, the side, for repetitions the chased piece, its
    point and the cycle) and ``ruling`` (a repetition ruling as data: ``rule``, ``violations``
    and ``chased`` per side, ``loser``, ``first_ply``, ``last_ply``; ``None`` otherwise).
    Outcomes compare by termination and winner."""

    termination: Termination
    winner: typing.Optional[bool]
    reason: str = field(default="", compare=False)
    ruling: typing.Optional[typing.Dict[str, typing.Any]] = field(default=None, compare=False, repr=False)

    def result(self) -> str:
        """``"1-0"``, ``"0-1"`` or ``"1/2-1/2"``."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner else "0-1"

    def is_draw(self) -> bool:
        """``True`` for a draw."""
        return self.winner is None
