"""Every error the package raises, in one place.

The board, notation and PGN errors come from the compiled module (``XiangqiError`` is a
``ValueError``: they mean bad input). The engine errors below are also ``RuntimeError``s, as in
``chess.engine``: they mean an engine process that died, hung, or spoke out of turn::

    XiangqiError(ValueError)
    ├── FenError, InvalidMoveError, IllegalMoveError, AmbiguousMoveError, PgnError
    ├── LimitError              a size or number beyond what the package accepts
    ├── NetError                a net file for the learned evaluation that cannot be used
    └── EngineError(+ RuntimeError)
        ├── EngineBusyError         an engine asked to work from inside its own search
        ├── EngineTerminatedError   the process exited (or could not start)
        ├── EngineTimeoutError      no answer in time
        └── EngineProtocolError     a malformed or unexpected line
            └── EngineIllegalMoveError   a best move that is not legal in the position
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Optional

from xiangqi._xiangqi import (
    AmbiguousMoveError,
    FenError,
    IllegalMoveError,
    InvalidMoveError,
    LimitError,
    NetError,
    PgnError,
    XiangqiError,
)

__all__ = [
    "XiangqiError",
    "FenError",
    "InvalidMoveError",
    "IllegalMoveError",
    "AmbiguousMoveError",
    "PgnError",
    "LimitError",
    "NetError",
    "EngineError",
    "EngineBusyError",
    "EngineTerminatedError",
    "EngineTimeoutError",
    "EngineProtocolError",
    "EngineIllegalMoveError",
]


class EngineError(XiangqiError, RuntimeError):
    """Something went wrong with an engine."""


class EngineBusyError(EngineError):
    """The engine was asked to search (or change) from inside its own search, e.g. from an
    ``info`` callback: that would wait for itself forever. Reading its properties works."""


class EngineTerminatedError(EngineError):
    """The engine process is gone: it exited, crashed, or could not be started. ``returncode``
    is its exit status when known; ``stderr`` its last lines of error output."""

    def __init__(self, message: str, returncode: Optional[int] = None, stderr: str = "") -> None:
        super().__init__(message)
        self.returncode = returncode
        self.stderr = stderr


class EngineTimeoutError(EngineError):
    """The engine did not answer in time (it hangs, or thinks past its clock)."""


class EngineProtocolError(EngineError):
    """The engine said something malformed or out of turn. ``line`` is what it said."""

    def __init__(self, message: str, line: str = "") -> None:
        super().__init__(message)
        self.line = line


class EngineIllegalMoveError(EngineProtocolError):
    """The engine's best move is not legal in the position (``move`` is its text, ``fen`` the
    position)."""

    def __init__(self, message: str, line: str = "", move: str = "", fen: str = "") -> None:
        super().__init__(message, line)
        self.move = move
        self.fen = fen
