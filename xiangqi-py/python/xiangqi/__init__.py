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

import importlib.util as _importlib_util
import sys as _sys

from xiangqi import encoding
from xiangqi._xiangqi import (
    JANGGI_ARRANGEMENTS,
    MAX_HASH_MB,
    MAX_HISTORY,
    STARTING_FEN,
    AmbiguousMoveError,
    Board,
    FenError,
    IllegalMoveError,
    InvalidMoveError,
    LegalMoveGenerator,
    LimitError,
    Move,
    NetError,
    PgnError,
    Piece,
    XiangqiError,
    parse_square,
    reachable_squares,
    square_name,
)
from xiangqi import _xiangqi as _extension
from xiangqi.exceptions import EngineBusyError as _EngineBusyError
from xiangqi.legality import IllegalMoveReason
from xiangqi.outcome import Termination
from xiangqi.squares import SquareSet


def _board_svg(board: "Board") -> str:
    # xiangqi.svg (and its XML library) loads when a notebook first draws a board.
    from xiangqi.svg import _repr_board

    return _repr_board(board)


def _new_outcome(*fields: "_Any") -> "Outcome":
    # ``Outcome`` is made when first used (xiangqi/outcome.py says why); once made, it is
    # found here without the import system.
    outcome_class = globals().get("Outcome") or __getattr__("Outcome")
    return outcome_class(*fields)  # type: ignore[no-any-return]


# The classes some results are made of, handed to the extension: it never imports the
# package's modules back (xiangqi-py/src/package_types.rs).
_extension._bind_package_types(
    outcome=_new_outcome,
    termination=Termination,
    illegal_move_reason=IllegalMoveReason,
    square_set=SquareSet,
    engine_busy_error=_EngineBusyError,
    board_svg=_board_svg,
)

# Every IllegalMoveError has a reason: why the move is illegal, when it is about one move.
IllegalMoveError.reason = None  # type: ignore[attr-defined]

# ``typing`` (and the ``re`` it brings) is for the type checker only; type checkers read a name
# ``TYPE_CHECKING`` as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any as _Any

    from xiangqi.mcts import MCTS
    from xiangqi.outcome import Outcome
    from xiangqi.vecenv import VecEnv

    __version__: str


__all__ = [
    "__version__",
    "STARTING_FEN",
    "JANGGI_ARRANGEMENTS",
    "MAX_HASH_MB",
    "MAX_HISTORY",
    "AmbiguousMoveError",
    "Board",
    "FenError",
    "IllegalMoveError",
    "IllegalMoveReason",
    "InvalidMoveError",
    "LegalMoveGenerator",
    "LimitError",
    "MCTS",
    "Move",
    "NetError",
    "Outcome",
    "PgnError",
    "Piece",
    "Termination",
    "VecEnv",
    "XiangqiError",
    "parse_square",
    "reachable_squares",
    "square_name",
    "square",
    "square_file",
    "square_rank",
    "encoding",
    "DEFAULT_RULES",
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
    "SquareSet",
    "SQUARES",
    "SQUARE_NAMES",
    "FILE_NAMES",
    "RANK_NAMES",
]

Color = bool
RULES: "list[str]" = ["casual", "simple", "axf"]
"""The rule presets; custom combinations read like ``"axf,no-capture=off"``."""
DEFAULT_RULES = "axf"
"""The rules ``Board``, ``Engine``, ``VecEnv`` and the environments use unless told otherwise."""

RED: Color = True
BLACK: Color = False
COLORS: "list[Color]" = [RED, BLACK]
COLOR_NAMES: "list[str]" = ["black", "red"]
"""Indexed by colour: ``COLOR_NAMES[RED] == "red"``."""

PieceType = int
GENERAL: PieceType = 1
ADVISOR: PieceType = 2
ELEPHANT: PieceType = 3
HORSE: PieceType = 4
CHARIOT: PieceType = 5
CANNON: PieceType = 6
SOLDIER: PieceType = 7
PIECE_TYPES: "list[PieceType]" = [GENERAL, ADVISOR, ELEPHANT, HORSE, CHARIOT, CANNON, SOLDIER]
PIECE_NAMES: "list[str | None]" = [
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
FILE_NAMES: "list[str]" = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
RANK_NAMES: "list[str]" = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]
SQUARES: "list[Square]" = list(range(90))
SQUARE_NAMES: "list[str]" = [f + r for r in RANK_NAMES for f in FILE_NAMES]

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



def __getattr__(name: str) -> "_Any":
    """``VecEnv`` and ``MCTS`` are imported when first used (it brings in Gymnasium, which ``import xiangqi``
    alone should not pay for), ``Outcome`` made when first used (it is a dataclass, and
    ``dataclasses`` is slow to import), ``__version__`` read when first asked."""
    if name == "Outcome":
        from xiangqi.outcome import Outcome

        globals()["Outcome"] = Outcome
        return Outcome
    if name == "VecEnv":
        from xiangqi.vecenv import VecEnv

        globals()["VecEnv"] = VecEnv
        return VecEnv
    if name == "MCTS":
        from xiangqi.mcts import MCTS

        globals()["MCTS"] = MCTS
        return MCTS
    if name == "__version__":
        # Package metadata is slow to read: only when asked.
        from importlib.metadata import PackageNotFoundError, version

        try:
            found = version("xiangqi")
        except PackageNotFoundError:  # imported from a source tree that was never installed
            found = "0.0.0"
        globals()["__version__"] = found
        return found
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_GYM_ENV_ID = "xiangqi/Xiangqi-v0"


def _register_with(gymnasium: "_Any") -> None:
    if _GYM_ENV_ID not in gymnasium.registry:
        gymnasium.register(id=_GYM_ENV_ID, entry_point="xiangqi.gym:XiangqiEnv")


class _GymnasiumImportHook:
    """Registers ``"xiangqi/Xiangqi-v0"`` as soon as Gymnasium is imported, so that
    ``gymnasium.make`` knows it after ``import xiangqi`` alone (without importing Gymnasium, a
    third of a second, for everyone who never uses it). A meta path finder: ``find_spec`` is
    all the import system asks of it."""

    def find_spec(self, fullname: str, path: "_Any" = None, target: "_Any" = None) -> "_Any":
        if fullname != "gymnasium":
            return None
        _sys.meta_path.remove(self)
        spec = _importlib_util.find_spec(fullname)
        loader = spec.loader if spec is not None else None
        if loader is None or not hasattr(loader, "exec_module"):
            return spec
        run = loader.exec_module

        def exec_module(module: "_Any") -> None:
            run(module)
            _register_with(module)

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


if "gymnasium" in _sys.modules:
    _register_with(_sys.modules["gymnasium"])
elif _importlib_util.find_spec("gymnasium") is not None:
    _sys.meta_path.insert(0, _GymnasiumImportHook())

del TYPE_CHECKING
