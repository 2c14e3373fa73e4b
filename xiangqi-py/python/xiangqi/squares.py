"""``SquareSet``: a set of the board's 90 points, as python-chess's ``chess.SquareSet``.

``Board.checkers()``, ``Board.attackers()`` and ``Board.pieces()`` return one. It is a mask of
90 bits (bit ``rank * 9 + file``), iterates in ascending order and compares equal to any
iterable of the same squares, so ``board.checkers() == [xiangqi.E5]`` works::

    >>> import xiangqi
    >>> s = xiangqi.SquareSet([xiangqi.E0, xiangqi.A9])
    >>> list(s), len(s), xiangqi.E0 in s, s == {xiangqi.A9, xiangqi.E0}
    ([4, 81], 2, True, True)
    >>> s | xiangqi.SquareSet([xiangqi.B2])
    SquareSet(0x0_0200_0000_0000_0000_0000_0800_0010)
"""

from __future__ import annotations

# `typing` (and the `re` it brings) is only for the type checker: `import xiangqi` stays fast.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Iterable, Iterator, List, SupportsInt, Union

    IntoSquareSet = Union[SupportsInt, Iterable[int]]

__all__ = ["SquareSet", "BB_ALL"]

#: Every point of the board.
BB_ALL = (1 << 90) - 1


def _mask(value: IntoSquareSet) -> int:
    if isinstance(value, SquareSet):
        return value.mask
    if isinstance(value, int):
        if not 0 <= value <= BB_ALL:
            raise ValueError(f"a square mask has 90 bits, not {value:#x}")
        return value
    try:
        return _mask(int(value))  # type: ignore[arg-type]
    except TypeError:
        pass
    mask = 0
    for square in value:  # type: ignore[union-attr]
        if isinstance(square, bool) or not isinstance(square, int) or not 0 <= square < 90:
            raise ValueError(f"not a square (0..89): {square!r}")
        mask |= 1 << square
    return mask


class SquareSet:
    """A set of squares (``0..89``), backed by a 90-bit mask: ``SquareSet(mask)`` or
    ``SquareSet(iterable of squares)``. Supports ``in``, ``len``, iteration (ascending),
    ``|``, ``&``, ``^``, ``-``, ``~``, comparison with any iterable of squares, ``add``,
    ``discard``, ``remove``, ``pop``, ``clear``, ``issubset``, ``issuperset`` and ``int()``."""

    __slots__ = ("mask",)

    def __init__(self, squares: IntoSquareSet = 0) -> None:
        self.mask = _mask(squares)

    # ----- set protocol -------------------------------------------------------------------

    def __contains__(self, square: object) -> bool:
        return isinstance(square, int) and 0 <= square < 90 and bool(self.mask >> square & 1)

    def __iter__(self) -> Iterator[int]:
        mask = self.mask
        while mask:
            low = mask & -mask
            yield low.bit_length() - 1
            mask ^= low

    def __reversed__(self) -> Iterator[int]:
        return iter(sorted(self, reverse=True))

    def __len__(self) -> int:
        return bin(self.mask).count("1")

    def __bool__(self) -> bool:
        return bool(self.mask)

    def __int__(self) -> int:
        return self.mask

    def __index__(self) -> int:
        return self.mask

    def __eq__(self, other: object) -> bool:
        try:
            return self.mask == _mask(other)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable, as python-chess's

    def __or__(self, other: IntoSquareSet) -> "SquareSet":
        return SquareSet(self.mask | _mask(other))

    def __and__(self, other: IntoSquareSet) -> "SquareSet":
        return SquareSet(self.mask & _mask(other))

    def __xor__(self, other: IntoSquareSet) -> "SquareSet":
        return SquareSet(self.mask ^ _mask(other))

    def __sub__(self, other: IntoSquareSet) -> "SquareSet":
        return SquareSet(self.mask & ~_mask(other))

    def __invert__(self) -> "SquareSet":
        return SquareSet(~self.mask & BB_ALL)

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__

    def add(self, square: int) -> None:
        """Adds a square."""
        self.mask |= _mask([square])

    def discard(self, square: int) -> None:
        """Removes a square if present."""
        self.mask &= ~_mask([square])

    def remove(self, square: int) -> None:
        """Removes a square; ``KeyError`` if absent."""
        if square not in self:
            raise KeyError(square)
        self.discard(square)

    def pop(self) -> int:
        """Removes and returns the lowest square; ``KeyError`` when empty."""
        if not self.mask:
            raise KeyError("pop from an empty SquareSet")
        square = (self.mask & -self.mask).bit_length() - 1
        self.mask &= self.mask - 1
        return square

    def clear(self) -> None:
        """Removes every square."""
        self.mask = 0

    def issubset(self, other: IntoSquareSet) -> bool:
        """``True`` when every square is also in ``other``."""
        return not self.mask & ~_mask(other)

    def issuperset(self, other: IntoSquareSet) -> bool:
        """``True`` when every square of ``other`` is in this set."""
        return not _mask(other) & ~self.mask

    def isdisjoint(self, other: IntoSquareSet) -> bool:
        """``True`` when no square is in both."""
        return not self.mask & _mask(other)

    def copy(self) -> "SquareSet":
        return SquareSet(self.mask)

    def tolist(self) -> List[bool]:
        """90 booleans, one per square."""
        return [bool(self.mask >> square & 1) for square in range(90)]

    def __repr__(self) -> str:
        digits = f"{self.mask:025x}"
        groups = [digits[max(0, i - 4):i] for i in range(len(digits), 0, -4)][::-1]
        return f"SquareSet(0x{'_'.join(groups)})"

    def __str__(self) -> str:
        """The board from Red's side (rank 9 at the top): ``1`` for a square in the set."""
        rows = []
        for rank in range(9, -1, -1):
            rows.append(" ".join("1" if rank * 9 + file in self else "." for file in range(9)))
        return "\n".join(rows)


def __getattr__(name: str) -> object:
    # The type alias, for code that names it at run time, built when first asked for.
    if name == "IntoSquareSet":
        from typing import Iterable, SupportsInt, Union

        return Union[SupportsInt, Iterable[int]]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
