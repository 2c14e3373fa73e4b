"""How a game ended: ``Termination`` (why) and ``Outcome`` (why, who won, the ruling in words).

``Board.outcome()`` returns an ``Outcome``; ``VecEnv`` reports ``Termination`` values as
integers (``0`` while a game goes on), which ``Termination(code)`` maps back::

    >>> import xiangqi
    >>> xiangqi.Termination(3)
    <Termination.PERPETUAL_CHECK: 3>
    >>> [t.name for t in xiangqi.Termination][:2]
    ['CHECKMATE', 'STALEMATE']
"""

from __future__ import annotations

import enum

from xiangqi._xiangqi import termination_description

TYPE_CHECKING = False
if TYPE_CHECKING:
    from xiangqi._outcome import Outcome

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
    BACK_AND_FORTH = 13
    """Janggimodern: the side that moved last shuttled one piece back and forth: it loses."""

    def description(self) -> str:
        """In words, e.g. ``"perpetual check"``."""
        return str(termination_description(self.value))

    def __str__(self) -> str:
        return f"Termination.{self.name}"


def __getattr__(name: str) -> object:
    # ``Outcome`` is a dataclass: the ``dataclasses`` module (with ``inspect``) is a large part of
    # ``import xiangqi``'s time, so the class is made when first used (xiangqi/_outcome.py).
    if name == "Outcome":
        from xiangqi._outcome import Outcome

        globals()["Outcome"] = Outcome
        return Outcome
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
