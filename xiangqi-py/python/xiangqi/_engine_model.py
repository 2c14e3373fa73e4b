"""The engine model that the in-process engine (``xiangqi.engine``) and the external engines
(``xiangqi.uci``) share: ``Limit``, the scores (``Score``, ``Cp``, ``Mate``, ``MateGiven``,
``PovScore``), ``InfoDict`` and ``PlayResult``, and the conversions of the compiled engine's
raw results. Both modules import it; neither imports the other for it. The public names are
``xiangqi.engine``'s.
"""

import dataclasses
import functools
import math
import typing
from typing import Any, Dict, List, Optional, Tuple

from xiangqi._xiangqi import Move
from xiangqi.exceptions import XiangqiError

__all__ = [
    "Limit",
    "Score",
    "Cp",
    "Mate",
    "MateGiven",
    "PovScore",
    "InfoDict",
    "PlayResult",
]


def _check_seconds(name: str, value: Optional[float]) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise XiangqiError(f"Limit.{name} is a number of seconds, not {value!r}")
    if math.isnan(value) or value < 0:
        raise XiangqiError(f"Limit.{name} must be a non-negative number of seconds, not {value!r}")


def _check_count(name: str, value: Optional[int], least: int) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise XiangqiError(f"Limit.{name} is a whole number, not {value!r}")
    if value < least:
        raise XiangqiError(f"Limit.{name} must be at least {least}, not {value}")


@dataclasses.dataclass(frozen=True)
class Limit:
    """When to stop searching: the first of the given limits reached, as ``chess.engine.Limit``.

    ``time`` seconds for this move; ``depth`` plies; ``nodes``; ``mate``: stop once a mate in
    that many moves is found; or the clocks: each side's remaining seconds (``red_clock``,
    ``black_clock``) and increment per move (``red_inc``, ``black_inc``), ``remaining_moves``
    until the next time control, from which the engine decides how long to think (the in-process
    engine as it does over UCI). Times above ``MAX_SECONDS`` count as ``MAX_SECONDS``; NaN or
    negative numbers raise ``XiangqiError``. With no limit at all ``analyse`` and ``analysis``
    search until stopped (``stop()``); ``play`` refuses an empty limit."""

    time: Optional[float] = None
    depth: Optional[int] = None
    nodes: Optional[int] = None
    mate: Optional[int] = None
    red_clock: Optional[float] = None
    black_clock: Optional[float] = None
    red_inc: Optional[float] = None
    black_inc: Optional[float] = None
    remaining_moves: Optional[int] = None

    def __post_init__(self) -> None:
        for name in ("time", "red_clock", "black_clock", "red_inc", "black_inc"):
            _check_seconds(name, getattr(self, name))
        _check_count("depth", self.depth, 0)
        _check_count("nodes", self.nodes, 0)
        _check_count("mate", self.mate, 1)
        _check_count("remaining_moves", self.remaining_moves, 1)

    def has_clock(self) -> bool:
        """``True`` when a clock is given."""
        return self.red_clock is not None or self.black_clock is not None

    def clock(self) -> Optional[Tuple[float, float, float, float, Optional[int]]]:
        """The clocks as ``(red, black, red_inc, black_inc, remaining_moves)``, or ``None``."""
        if not self.has_clock():
            return None
        return (
            self.red_clock or 0.0,
            self.black_clock or 0.0,
            self.red_inc or 0.0,
            self.black_inc or 0.0,
            self.remaining_moves,
        )


@functools.total_ordering
class Score:
    """A score from one side's view: a ``Cp`` (centipawns, 100 is about a soldier) or a ``Mate``
    (moves to mate; negative: being mated). Scores order from worst to best: being mated now,
    being mated later, ..., centipawns, ..., mating later, mating now."""

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        """Centipawns; a mate becomes ``mate_score`` minus the moves to it (``None`` without
        ``mate_score``)."""
        raise NotImplementedError

    def mate(self) -> Optional[int]:
        """The moves to mate (negative when being mated), or ``None`` for a centipawn score."""
        raise NotImplementedError

    def is_mate(self) -> bool:
        """``True`` for a mate score."""
        return self.mate() is not None

    def _key(self) -> Tuple[int, float]:
        raise NotImplementedError

    def __neg__(self) -> "Score":
        raise NotImplementedError

    def __pos__(self) -> "Score":
        return self

    def __abs__(self) -> "Score":
        return -self if self < Cp(0) else self

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Score) and self._key() == other._key()

    def __lt__(self, other: "Score") -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._key() < other._key()

    def __hash__(self) -> int:
        return hash(self._key())


class Cp(Score):
    """A centipawn score."""

    def __init__(self, cp: int) -> None:
        self.cp = int(cp)

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        return self.cp

    def mate(self) -> Optional[int]:
        return None

    def _key(self) -> Tuple[int, float]:
        return (0, self.cp)

    def __neg__(self) -> "Cp":
        return Cp(-self.cp)

    def __repr__(self) -> str:
        return f"Cp({self.cp:+d})"

    def __str__(self) -> str:
        return f"{self.cp:+d}"


class Mate(Score):
    """A mate in ``moves`` moves (negative: being mated; ``Mate(0)``: mated now, the game is
    lost; its negation is ``MateGiven``)."""

    def __init__(self, moves: int) -> None:
        self.moves = int(moves)

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        if mate_score is None:
            return None
        return mate_score - self.moves if self.moves > 0 else -mate_score - self.moves

    def mate(self) -> Optional[int]:
        return self.moves

    def _key(self) -> Tuple[int, float]:
        # Sooner is better when mating, later is better when being mated.
        return (1, -self.moves) if self.moves > 0 else (-1, -self.moves)

    def __neg__(self) -> Score:
        return MateGiven if self.moves == 0 else Mate(-self.moves)

    def __repr__(self) -> str:
        return f"Mate({self.moves:+d})" if self.moves else "Mate(-0)"

    def __str__(self) -> str:
        return f"#{self.moves:+d}" if self.moves else "#-0"


class _MateGiven(Score):
    """The winning side's view of ``Mate(0)``: the mate is on the board."""

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        return mate_score

    def mate(self) -> Optional[int]:
        return 0

    def _key(self) -> Tuple[int, float]:
        return (1, math.inf)

    def __neg__(self) -> Score:
        return Mate(0)

    def __repr__(self) -> str:
        return "MateGiven"

    def __str__(self) -> str:
        return "#+0"


MateGiven: Score = _MateGiven()
"""The score of the side that has mated."""


class PovScore:
    """A score and the side it is relative to: ``relative`` is the view of ``turn``."""

    def __init__(self, relative: Score, turn: bool) -> None:
        self.relative = relative
        self.turn = turn

    def pov(self, color: bool) -> Score:
        """The score from ``color``'s view."""
        return self.relative if color == self.turn else -self.relative

    def red(self) -> Score:
        """Red's view."""
        return self.pov(True)

    def black(self) -> Score:
        """Black's view."""
        return self.pov(False)

    def is_mate(self) -> bool:
        """``True`` for a mate score."""
        return self.relative.is_mate()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PovScore) and self.red() == other.red()

    def __hash__(self) -> int:
        return hash(self.red())

    def __repr__(self) -> str:
        return f"PovScore({self.relative!r}, {'RED' if self.turn else 'BLACK'})"

    def __str__(self) -> str:
        return f"{self.relative} ({'red' if self.turn else 'black'} to move)"


class InfoDict(typing.TypedDict, total=False):
    """What a search reports (each key only when known): ``score`` (a ``PovScore``), ``pv``,
    ``depth``, ``seldepth``, ``multipv``, ``nodes``, ``nps``, ``time`` (seconds), ``hashfull``,
    ``bound`` (``"exact"``, ``"lower"``, ``"upper"``), ``lowerbound``/``upperbound``,
    ``tbhits``, ``wdl``, ``currmovenumber``, ``cpuload`` and ``string``."""

    score: PovScore
    pv: List[Move]
    depth: int
    seldepth: int
    multipv: int
    nodes: int
    nps: int
    time: float
    hashfull: int
    bound: str
    lowerbound: bool
    upperbound: bool
    tbhits: int
    wdl: Tuple[int, int, int]
    currmovenumber: int
    cpuload: int
    string: str


@dataclasses.dataclass
class PlayResult:
    """What ``play`` found: the move (``None`` when the side to move has no legal move, or the
    engine claims a draw: ``draw_claimed``), the expected reply, the score, the principal
    variation and the search statistics. ``time`` is the search time the engine reported,
    ``elapsed`` the wall time of the call; ``info`` the last info of the search."""

    move: Optional[Move]
    ponder: Optional[Move] = None
    score: Optional[PovScore] = None
    pv: List[Move] = dataclasses.field(default_factory=list)
    depth: int = 0
    nodes: int = 0
    time: float = 0.0
    elapsed: float = 0.0
    info: InfoDict = dataclasses.field(default_factory=lambda: InfoDict())
    draw_claimed: bool = False


def _relative_score(raw: Any) -> Score:
    """The extension's ``(kind, value)`` score: ``("cp", n)``, ``("mate", n)``, or ``("won", 0)``
    for a game its rules have already given to the side to move (``MateGiven``)."""
    kind, value = raw
    if kind == "won":
        return MateGiven
    return Cp(value) if kind == "cp" else Mate(value)


def _score(raw: Any, turn: bool) -> PovScore:
    return PovScore(_relative_score(raw), turn)


def _info(raw: Dict[str, Any], turn: bool) -> InfoDict:
    info = typing.cast(InfoDict, dict(raw))
    info["score"] = _score(raw["score"], turn)
    return info


def _is_unbounded(limit: Limit) -> bool:
    return (
        limit.time is None
        and limit.depth is None
        and limit.nodes is None
        and limit.mate is None
        and not limit.has_clock()
    )


def _check_play_limit(limit: Limit) -> None:
    """``play`` must end by itself: an empty ``Limit()`` would search until stopped."""
    if not isinstance(limit, Limit):
        raise TypeError(f"play needs a Limit, not {limit!r}")
    if _is_unbounded(limit):
        raise XiangqiError(
            "play needs a limit (time, depth, nodes, mate or a clock): Limit() would search until "
            "stopped; analysis(board) searches until its stop()"
        )
