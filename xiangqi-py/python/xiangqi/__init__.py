"""Xiangqi (Chinese chess) for Python: exact rules and a fast move generator written in Rust.

The API follows python-chess::

    >>> import xiangqi
    >>> board = xiangqi.Board()
    >>> len(board.legal_moves)
    44
    >>> board.push_uci("h2e2")
    Move.from_uci('h2e2')
    >>> board.fen()
    'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1'

Squares are ints ``rank * 9 + file`` named in ICCS coordinates (``xiangqi.E0 == 4``: files
``a``..``i`` from Red's left, ranks ``0``..``9`` from Red's side); colours are bools
(``RED = True``); piece types are ints ``GENERAL = 1`` .. ``SOLDIER = 7``.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from typing import List, Optional

from xiangqi import encoding
from xiangqi._xiangqi import (
    STARTING_FEN,
    AmbiguousMoveError,
    Board,
    FenError,
    IllegalMoveError,
    InvalidMoveError,
    LegalMoveGenerator,
    Move,
    Outcome,
    PgnError,
    Piece,
    Termination,
    VecEnv,
    XiangqiError,
    parse_square,
    square_name,
)

try:
    __version__ = version("xiangqi")
except PackageNotFoundError:  # imported from a source tree that was never installed
    __version__ = "0.0.0"

__all__ = [
    "__version__",
    "STARTING_FEN",
    "AmbiguousMoveError",
    "Board",
    "FenError",
    "IllegalMoveError",
    "InvalidMoveError",
    "LegalMoveGenerator",
    "Move",
    "Outcome",
    "PgnError",
    "Piece",
    "Termination",
    "VecEnv",
    "XiangqiError",
    "parse_square",
    "square_name",
    "square",
    "square_file",
    "square_rank",
    "encoding",
    "Color",
    "RULES",
    "COLORS",
    "COLOR_NAMES",
    "RED",
    "BLACK",
    "PieceType",
    "PIECE_TYPES",
    "PIECE_NAMES",
    "GENERAL",
    "ADVISOR",
    "ELEPHANT",
    "HORSE",
    "CHARIOT",
    "CANNON",
    "SOLDIER",
    "Square",
    "SQUARES",
    "SQUARE_NAMES",
    "FILE_NAMES",
    "RANK_NAMES",
]

Color = bool
RULES: List[str] = ["casual", "simple", "axf"]
"""The rule presets; custom combinations read like ``"axf,no-capture=off"``."""

RED: Color = True
BLACK: Color = False
COLORS: List[Color] = [RED, BLACK]
COLOR_NAMES: List[str] = ["black", "red"]
"""Indexed by colour: ``COLOR_NAMES[RED] == "red"``."""

PieceType = int
GENERAL: PieceType = 1
ADVISOR: PieceType = 2
ELEPHANT: PieceType = 3
HORSE: PieceType = 4
CHARIOT: PieceType = 5
CANNON: PieceType = 6
SOLDIER: PieceType = 7
PIECE_TYPES: List[PieceType] = [GENERAL, ADVISOR, ELEPHANT, HORSE, CHARIOT, CANNON, SOLDIER]
PIECE_NAMES: List[Optional[str]] = [
    None,
    "general",
    "advisor",
    "elephant",
    "horse",
    "chariot",
    "cannon",
    "soldier",
]

Square = int
FILE_NAMES: List[str] = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
RANK_NAMES: List[str] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]
SQUARES: List[Square] = list(range(90))
SQUARE_NAMES: List[str] = [f + r for r in RANK_NAMES for f in FILE_NAMES]

# fmt: off
A0, B0, C0, D0, E0, F0, G0, H0, I0 = range(0, 9)
A1, B1, C1, D1, E1, F1, G1, H1, I1 = range(9, 18)
A2, B2, C2, D2, E2, F2, G2, H2, I2 = range(18, 27)
A3, B3, C3, D3, E3, F3, G3, H3, I3 = range(27, 36)
A4, B4, C4, D4, E4, F4, G4, H4, I4 = range(36, 45)
A5, B5, C5, D5, E5, F5, G5, H5, I5 = range(45, 54)
A6, B6, C6, D6, E6, F6, G6, H6, I6 = range(54, 63)
A7, B7, C7, D7, E7, F7, G7, H7, I7 = range(63, 72)
A8, B8, C8, D8, E8, F8, G8, H8, I8 = range(72, 81)
A9, B9, C9, D9, E9, F9, G9, H9, I9 = range(81, 90)
# fmt: on
__all__ += [name.upper() for name in SQUARE_NAMES]


def square(file_index: int, rank_index: int) -> Square:
    """The square on file ``file_index`` (0 = ``a``) and rank ``rank_index`` (0 = Red's back rank)."""
    if not (0 <= file_index < 9 and 0 <= rank_index < 10):
        raise XiangqiError(f"no square at file {file_index}, rank {rank_index}")
    return rank_index * 9 + file_index


def square_file(sq: Square) -> int:
    """The file index (0 = ``a``) of a square."""
    return sq % 9


def square_rank(sq: Square) -> int:
    """The rank index (0 = Red's back rank) of a square."""
    return sq // 9
