"""Why a move is illegal: ``IllegalMoveReason``, the same fixed codes as Rust's
``IllegalMoveReason::code`` and C's ``XQ_ILLEGAL_*``.

``Board.illegal_reason(move)`` gives the reason (``None`` for a legal move), and every
``IllegalMoveError`` raised for a move carries it as ``reason`` (``None`` when the error is not
about one move, such as a record that cannot be written)::

    >>> import xiangqi
    >>> board = xiangqi.Board()
    >>> board.illegal_reason(xiangqi.Move.from_uci("a0a5"))
    <IllegalMoveReason.PATH_BLOCKED: 3>
    >>> try:
    ...     board.push_uci("h2h9")
    ... except xiangqi.IllegalMoveError as e:
    ...     print(e.reason, "|", e.reason.description())
    IllegalMoveReason.CANNON_NEEDS_SCREEN | a cannon captures only by jumping exactly one piece
"""

import enum

from xiangqi._xiangqi import illegal_reason_description

__all__ = ["IllegalMoveReason"]


class IllegalMoveReason(enum.IntEnum):
    """The rule an illegal move breaks (the values never change)."""

    NO_PIECE_OF_YOURS = 1
    """The point it leaves holds no piece of the side to move."""
    NOT_HOW_IT_MOVES = 2
    """The piece cannot reach that point even on an empty board."""
    PATH_BLOCKED = 3
    """A piece stands in the way (a chariot's or cannon's path, a horse's leg, an elephant's eye)."""
    CANNON_NEEDS_SCREEN = 4
    """A cannon captures only by jumping exactly one piece."""
    OWN_PIECE_THERE = 5
    """The point it goes to holds a piece of its own side."""
    GENERALS_FACE = 6
    """After the move the generals would face each other on an open file."""
    LEAVES_GENERAL_ATTACKED = 7
    """After the move the mover's general would be attacked."""
    GAME_OVER = 8
    """Janggi: the game has already ended (two passes, or bikjang on two plies, in a row)."""

    def description(self) -> str:
        """In words, addressed to the side that tried the move (the core's text)."""
        return str(illegal_reason_description(self.value))

    def __str__(self) -> str:
        return f"IllegalMoveReason.{self.name}"
